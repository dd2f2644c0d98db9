/* drivedash-screenshot.c
 *
 * Copyright 2026 The Drivedash developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Renders a widget with its own renderer into a PNG. Used by the UI tests
 * (in process) and by the DRIVEDASH_SCREENSHOT hook of the real app, which
 * is how the README and AppStream screenshots are made. Nothing here runs
 * unless a test or that variable asks for it. Its messages are for
 * developers, so they are not translated. */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "drivedash-error.h"
#include "drivedash-screenshot.h"

/* Time for the pages to load their first data after the window is mapped. */
#define DEFAULT_DELAY_MS 1000

/**
 * drivedash_screenshot_save:
 * @widget: a mapped widget
 * @path: where to write the PNG; replaced atomically
 *
 * Returns: %TRUE on success
 */
gboolean
drivedash_screenshot_save (GtkWidget   *widget,
                           const char  *path,
                           GError     **error)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *tmp_path = NULL;
  GtkSnapshot *snapshot;
  GskRenderer *renderer;
  graphene_rect_t bounds;
  int width;
  int height;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  if (!gtk_widget_get_mapped (widget) || width <= 0 || height <= 0)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   "Cannot take a screenshot of a window that is not shown");
      return FALSE;
    }

  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   "The window drew nothing");
      return FALSE;
    }

  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  graphene_rect_init (&bounds, 0, 0, width, height);
  texture = gsk_renderer_render_texture (renderer, node, &bounds);

  /* Write next to the target and rename, so a reader never sees half a file. */
  tmp_path = g_strconcat (path, ".tmp", NULL);
  if (!gdk_texture_save_to_png (texture, tmp_path))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   "Could not save the screenshot to “%s”", tmp_path);
      return FALSE;
    }
  if (g_rename (tmp_path, path) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   "Could not save the screenshot to “%s”: %s",
                   path, g_strerror (saved_errno));
      g_unlink (tmp_path);
      return FALSE;
    }

  return TRUE;
}

typedef struct
{
  GtkWidget *window;
  char      *path;
} ScreenshotRequest;

static void
screenshot_request_free (gpointer data)
{
  ScreenshotRequest *request = data;

  g_clear_object (&request->window);
  g_free (request->path);
  g_free (request);
}

static gboolean
take_screenshot_cb (gpointer data)
{
  ScreenshotRequest *request = data;
  g_autoptr(GError) error = NULL;

  if (drivedash_screenshot_save (request->window, request->path, &error))
    {
      /* The UI smoke test reads this line. */
      g_printerr ("drivedash: screenshot %dx%d saved to %s\n",
                  gtk_widget_get_width (request->window),
                  gtk_widget_get_height (request->window),
                  request->path);
    }
  else
    {
      g_printerr ("drivedash: %s\n", error->message);
    }

  return G_SOURCE_REMOVE;
}

static void
on_window_mapped (GtkWidget *window,
                  gpointer   data)
{
  ScreenshotRequest *request = data;
  const char *delay_env = g_getenv ("DRIVEDASH_SCREENSHOT_DELAY_MS");
  guint delay_ms = DEFAULT_DELAY_MS;

  g_signal_handlers_disconnect_by_func (window, on_window_mapped, data);

  if (delay_env != NULL)
    delay_ms = (guint) MIN (g_ascii_strtoull (delay_env, NULL, 10), 60000);

  g_timeout_add_full (G_PRIORITY_LOW, delay_ms,
                      take_screenshot_cb, request, screenshot_request_free);
}

/**
 * drivedash_screenshot_schedule:
 * @window: a window that is about to be shown
 * @path: where to write the PNG
 *
 * Saves a screenshot of @window to @path once it has been mapped and had
 * DRIVEDASH_SCREENSHOT_DELAY_MS (default 1000) to settle.
 */
void
drivedash_screenshot_schedule (GtkWidget  *window,
                               const char *path)
{
  ScreenshotRequest *request;

  g_return_if_fail (GTK_IS_WIDGET (window));
  g_return_if_fail (path != NULL);

  request = g_new0 (ScreenshotRequest, 1);
  request->window = g_object_ref (window);
  request->path = g_strdup (path);

  if (gtk_widget_get_mapped (window))
    on_window_mapped (window, request);
  else
    g_signal_connect (window, "map", G_CALLBACK (on_window_mapped), request);
}
