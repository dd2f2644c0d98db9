/* test-ui-smoke.c — start the real drivedash binary on its own X server
 *
 * Copyright 2026 The Drivedash developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Starts Xvfb on a free display (-displayfd) and a private session bus,
 * runs the installed-layout binary from the build tree with
 * DRIVEDASH_SCREENSHOT set, and checks from the outside that:
 *  - the window titled "Drivedash" is mapped on the X server,
 *  - the screenshot PNG it saved is the window and not blank,
 *  - a second launch hands over to the first (single instance),
 *  - app.quit over D-Bus ends the app with status 0
 * (the last two not for --demo, which runs as an instance of its own).
 * Once as is and once with --demo (a simulated drive). The screenshots stay
 * in <build>/tests/screenshots/ for people to look at; data/screenshots/
 * holds copies of them.
 */

#include "config.h"

#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <string.h>

#include "drivedash-test-xvfb.h"

#define WAIT_TIMEOUT_S 60  /* generous: the VM tests may share the CPUs */

typedef struct
{
  GTestDBus   *bus;
  GSubprocess *xvfb;
  char        *display;
  char        *screenshot;
  const char  *option;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *dir = NULL;

  /* A private session bus: the app registers its name and actions there. */
  fixture->bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_test_dbus_up (fixture->bus);

  fixture->xvfb = drivedash_test_xvfb_start (&fixture->display);
  g_test_message ("Xvfb on display %s", fixture->display);

  dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "screenshots", NULL);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  /* data: the app's command-line option, or NULL */
  fixture->option = data;
  fixture->screenshot = g_build_filename (dir,
                                          fixture->option != NULL
                                          ? "drivedash-demo.png" : "drivedash-main.png",
                                          NULL);
  g_unlink (fixture->screenshot);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  drivedash_test_xvfb_stop (g_steal_pointer (&fixture->xvfb));

  g_test_dbus_down (fixture->bus);
  g_clear_object (&fixture->bus);
  g_free (fixture->display);
  g_free (fixture->screenshot);
}

static GSubprocess *
spawn_app (Fixture    *fixture,
           const char *screenshot,
           const char *option)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) error = NULL;
  GSubprocess *app;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_subprocess_launcher_setenv (launcher, "DISPLAY", fixture->display, TRUE);
  g_subprocess_launcher_setenv (launcher, "GDK_BACKEND", "x11", TRUE);
  g_subprocess_launcher_setenv (launcher, "GSK_RENDERER", "cairo", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "WAYLAND_DISPLAY");
  /* Any warning in the app is a failure. */
  g_subprocess_launcher_setenv (launcher, "G_DEBUG", "fatal-warnings", TRUE);
  if (screenshot != NULL)
    g_subprocess_launcher_setenv (launcher, "DRIVEDASH_SCREENSHOT", screenshot, TRUE);
  else
    g_subprocess_launcher_unsetenv (launcher, "DRIVEDASH_SCREENSHOT");

  app = g_subprocess_launcher_spawn (launcher, &error, DRIVEDASH_BINARY, option, NULL);
  g_assert_no_error (error);

  return app;
}

static gboolean
on_timeout (gpointer data)
{
  gboolean *timed_out = data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

static void
on_wait_done (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  gboolean *done = data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  *done = TRUE;
}

/* Waits for @process to exit; FALSE when it did not within @timeout_s. */
static gboolean
wait_for_exit (GSubprocess *process,
               guint        timeout_s)
{
  gboolean done = FALSE;
  gboolean timed_out = FALSE;
  guint timeout_id;

  g_subprocess_wait_async (process, NULL, on_wait_done, &done);
  timeout_id = g_timeout_add_seconds (timeout_s, on_timeout, &timed_out);
  while (!done && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (timeout_id);

  /* Let a pending wait callback run before its flag goes out of scope. */
  while (!done)
    {
      g_subprocess_force_exit (process);
      g_main_context_iteration (NULL, TRUE);
    }

  return !timed_out;
}

static gboolean
wait_for_file (const char  *path,
               GSubprocess *app)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_TIMEOUT_S * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < deadline)
    {
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return TRUE;
      /* A crashed app will never write it. */
      if (g_subprocess_get_identifier (app) == NULL)
        return FALSE;
      g_usleep (100 * 1000);
    }

  return FALSE;
}

static char *
window_title (Display *display,
              Window   window)
{
  Atom net_wm_name = XInternAtom (display, "_NET_WM_NAME", False);
  Atom utf8_string = XInternAtom (display, "UTF8_STRING", False);
  Atom type = None;
  int format = 0;
  unsigned long n_items = 0;
  unsigned long bytes_after = 0;
  unsigned char *data = NULL;
  char *title = NULL;

  if (XGetWindowProperty (display, window, net_wm_name, 0, 1024, False, utf8_string,
                          &type, &format, &n_items, &bytes_after, &data) == Success &&
      data != NULL && type == utf8_string && format == 8)
    title = g_strndup ((const char *) data, n_items);

  if (data != NULL)
    XFree (data);

  return title;
}

/* The top-level windows titled @title, with their attributes. */
static guint
find_windows (Display           *display,
              const char        *title,
              XWindowAttributes *attributes_out)
{
  Window root_return;
  Window parent_return;
  Window *children = NULL;
  unsigned int n_children = 0;
  guint found = 0;

  if (!XQueryTree (display, DefaultRootWindow (display),
                   &root_return, &parent_return, &children, &n_children))
    return 0;

  for (unsigned int i = 0; i < n_children; i++)
    {
      g_autofree char *name = window_title (display, children[i]);
      XWindowAttributes attributes;

      if (g_strcmp0 (name, title) != 0)
        continue;
      if (!XGetWindowAttributes (display, children[i], &attributes))
        continue;
      if (attributes.map_state != IsViewable)
        continue;

      *attributes_out = attributes;
      found++;
    }

  if (children != NULL)
    XFree (children);

  return found;
}

/* Standard deviation of the luminance of the opaque pixels, and the number
 * of distinct colours (counted up to 64). A blank or single-colour image
 * has 0 and 1. */
static void
measure_image (GdkPixbuf *pixbuf,
               double    *stddev,
               guint     *colours)
{
  int width = gdk_pixbuf_get_width (pixbuf);
  int height = gdk_pixbuf_get_height (pixbuf);
  int stride = gdk_pixbuf_get_rowstride (pixbuf);
  int channels = gdk_pixbuf_get_n_channels (pixbuf);
  const guint8 *pixels = gdk_pixbuf_read_pixels (pixbuf);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  double sum = 0;
  double sum_sq = 0;
  double n = 0;

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        const guint8 *p = pixels + y * stride + x * channels;
        double luma = 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
        guint rgb = ((guint) p[0] << 16) | ((guint) p[1] << 8) | p[2];

        /* The rounded corners are transparent: only the window counts. */
        if (channels == 4 && p[3] < 255)
          continue;

        n++;
        sum += luma;
        sum_sq += luma * luma;
        if (g_hash_table_size (seen) < 64)
          g_hash_table_add (seen, GUINT_TO_POINTER (rgb + 1));
      }

  g_assert_cmpfloat (n, >, 0);
  *stddev = sqrt (MAX (0.0, sum_sq / n - (sum / n) * (sum / n)));
  *colours = g_hash_table_size (seen);
}

/* A window can go away between listing and asking; that is not an error. */
static int
ignore_x_error (Display     *display,
                XErrorEvent *event)
{
  return 0;
}

static void
activate_quit (void)
{
  g_autoptr(GDBusConnection) connection = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  connection = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_assert_no_error (error);

  reply = g_dbus_connection_call_sync (connection,
                                       APP_ID, "/io/github/drivedash/Drivedash",
                                       "org.gtk.Actions", "Activate",
                                       g_variant_new ("(sava{sv})", "quit", NULL, NULL),
                                       NULL, G_DBUS_CALL_FLAGS_NONE, 10000, NULL, &error);
  g_assert_no_error (error);
}

static void
test_main_window (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GSubprocess) app = NULL;
  g_autoptr(GSubprocess) second = NULL;
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  g_autoptr(GError) error = NULL;
  XWindowAttributes attributes = { 0 };
  Display *display;
  double stddev = 0;
  guint colours = 0;

  app = spawn_app (fixture, fixture->screenshot, fixture->option);

  /* The app writes the PNG once its window is mapped and settled. */
  if (!wait_for_file (fixture->screenshot, app))
    g_error ("No screenshot at %s within %d s (app %s)", fixture->screenshot, WAIT_TIMEOUT_S,
             g_subprocess_get_identifier (app) ? "still running" : "exited");

  /* Seen from the X server, not from the app's own say-so. */
  display = XOpenDisplay (fixture->display);
  g_assert_nonnull (display);
  XSetErrorHandler (ignore_x_error);
  g_assert_cmpuint (find_windows (display, "Drivedash", &attributes), ==, 1);
  g_test_message ("window mapped at %dx%d", attributes.width, attributes.height);
  g_assert_cmpint (attributes.width, >=, 360);
  g_assert_cmpint (attributes.height, >=, 294);

  pixbuf = gdk_pixbuf_new_from_file (fixture->screenshot, &error);
  g_assert_no_error (error);
  g_test_message ("screenshot %dx%d at %s", gdk_pixbuf_get_width (pixbuf),
                  gdk_pixbuf_get_height (pixbuf), fixture->screenshot);
  /* The PNG is the window's content: the same size, give or take the
   * client-side decoration's frame. */
  g_assert_cmpint (ABS (gdk_pixbuf_get_width (pixbuf) - attributes.width), <=, 64);
  g_assert_cmpint (ABS (gdk_pixbuf_get_height (pixbuf) - attributes.height), <=, 64);

  measure_image (pixbuf, &stddev, &colours);
  g_test_message ("luminance stddev %.1f, %u+ colours", stddev, colours);
  g_assert_cmpfloat (stddev, >, 4.0);
  g_assert_cmpuint (colours, >=, 16);

  /* --demo runs as an instance of its own (it must never turn a running
   * window into a demo), so it has no bus name to hand over to or to quit
   * through: it is stopped with SIGTERM. */
  if (fixture->option != NULL)
    {
      XCloseDisplay (display);
      g_subprocess_send_signal (app, SIGTERM);
      g_assert_true (wait_for_exit (app, WAIT_TIMEOUT_S));
      return;
    }

  /* Single instance: a second launch activates the first and exits. */
  second = spawn_app (fixture, NULL, NULL);
  g_assert_true (wait_for_exit (second, WAIT_TIMEOUT_S));
  g_assert_true (g_subprocess_get_if_exited (second));
  g_assert_cmpint (g_subprocess_get_exit_status (second), ==, 0);
  g_assert_cmpuint (find_windows (display, "Drivedash", &attributes), ==, 1);

  XCloseDisplay (display);

  activate_quit ();
  g_assert_true (wait_for_exit (app, WAIT_TIMEOUT_S));
  g_assert_true (g_subprocess_get_if_exited (app));
  g_assert_cmpint (g_subprocess_get_exit_status (app), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/ui/smoke/main-window", Fixture, NULL,
              fixture_set_up, test_main_window, fixture_tear_down);
  /* The simulated drive: a full health page, for the README and AppStream. */
  g_test_add ("/ui/smoke/demo", Fixture, "--demo",
              fixture_set_up, test_main_window, fixture_tear_down);

  return g_test_run ();
}
