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

/* Renders @node (of @widget's native) into a PNG at @path, atomically. */
static gboolean
save_node (GtkWidget     *widget,
           GskRenderNode *node,
           int            width,
           int            height,
           const char    *path,
           GError       **error)
{
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *tmp_path = NULL;
  GskRenderer *renderer;
  graphene_rect_t bounds;

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

/* Snapshots the part @area of @widget (in its coordinates), clipped to
 * rounded corners of @radius, with @area's top left at 0,0. */
static gboolean
save_widget_area (GtkWidget              *widget,
                  const graphene_rect_t  *area,
                  float                   radius,
                  const char             *path,
                  GError                **error)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  GtkSnapshot *snapshot;
  GskRoundedRect clip;
  int width;
  int height;

  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  if (!gtk_widget_get_mapped (widget) || width <= 0 || height <= 0 ||
      area->size.width < 1 || area->size.height < 1)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   "Cannot take a screenshot of a widget that is not shown");
      return FALSE;
    }

  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (-area->origin.x, -area->origin.y));
  gsk_rounded_rect_init_from_rect (&clip, area, radius);
  gtk_snapshot_push_rounded_clip (snapshot, &clip);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  gtk_snapshot_pop (snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   "The widget drew nothing");
      return FALSE;
    }

  return save_node (widget, node, (int) area->size.width, (int) area->size.height, path, error);
}

/**
 * drivedash_screenshot_save:
 * @widget: a mapped widget
 * @path: where to write the PNG; replaced atomically
 *
 * Saves @widget as it looks now, at its allocated size.
 *
 * Returns: %TRUE on success
 */
gboolean
drivedash_screenshot_save (GtkWidget   *widget,
                           const char  *path,
                           GError     **error)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return save_widget_area (widget,
                           &GRAPHENE_RECT_INIT (0, 0,
                                                gtk_widget_get_width (widget),
                                                gtk_widget_get_height (widget)),
                           0, path, error);
}

/**
 * drivedash_screenshot_save_window:
 * @window: a mapped #AdwApplicationWindow or #AdwWindow
 * @path: where to write the PNG; replaced atomically
 *
 * Saves the window with rounded corners and a transparent outside, the way
 * it looks on a desktop. Without a compositor (Xvfb) GTK draws a solid
 * resize frame around the window; that frame is left out.
 *
 * Returns: %TRUE on success
 */
gboolean
drivedash_screenshot_save_window (GtkWindow             *window,
                                  const char            *path,
                                  GError               **error)
{
  GtkWidget *content;
  graphene_rect_t area;

  g_return_val_if_fail (GTK_IS_WINDOW (window), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* The window draws the background; its content covers exactly the part
   * a desktop shows, without the frame. */
  content = ADW_IS_WINDOW (window) ? adw_window_get_content (ADW_WINDOW (window))
            : ADW_IS_APPLICATION_WINDOW (window) ? adw_application_window_get_content (ADW_APPLICATION_WINDOW (window))
            : gtk_window_get_child (window);  /* a dialog */
  if (content == NULL || !gtk_widget_compute_bounds (content, GTK_WIDGET (window), &area))
    return drivedash_screenshot_save (GTK_WIDGET (window), path, error);

  /* libadwaita's window corner radius. */
  return save_widget_area (GTK_WIDGET (window), &area, 12, path, error);
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

  if (drivedash_screenshot_save_window (GTK_WINDOW (request->window),
                                        request->path, &error))
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
 * DRIVEDASH_SCREENSHOT_DELAY_MS (default 1000) to settle. Turns animations
 * off for the whole app.
 */
void
drivedash_screenshot_schedule (AdwApplicationWindow *window,
                               const char           *path)
{
  ScreenshotRequest *request;

  g_return_if_fail (ADW_IS_APPLICATION_WINDOW (window));
  g_return_if_fail (path != NULL);

  /* Transitions caught half way make poor screenshots: show every state
   * at once. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  request = g_new0 (ScreenshotRequest, 1);
  request->window = g_object_ref (GTK_WIDGET (window));
  request->path = g_strdup (path);

  if (gtk_widget_get_mapped (GTK_WIDGET (window)))
    on_window_mapped (GTK_WIDGET (window), request);
  else
    g_signal_connect (window, "map", G_CALLBACK (on_window_mapped), request);
}
