/* test-ui-common.h — helpers shared by the dashboard's UI tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tests run the real application in process on an X server of their
 * own (xvfb-run) and drive it through its actions and widgets; the main
 * loop is iterated by hand.
 */
#pragma once

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-application.h"
#include "drivedash-run-model.h"
#include "drivedash-screenshot.h"
#include "drivedash-window.h"

#include "drivedash-test-locale.h"

static inline void
ui_iterate_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* How many times slower than a quiet machine this one runs now: the
 * 1-minute load average per CPU, at least 1, at most 10.  The suite runs
 * beside other work (CI with CPU burners beside it, parallel builds), and
 * the same work then takes that much longer. */
static inline double
ui_load_factor (void)
{
  g_autofree char *text = NULL;
  double load = 0;
  long cpus = sysconf (_SC_NPROCESSORS_ONLN);

  if (g_file_get_contents ("/proc/loadavg", &text, NULL, NULL))
    load = g_ascii_strtod (text, NULL);
  return CLAMP (cpus > 0 ? load / cpus : 1, 1, 10);
}

/* Iterates until done() holds; fails the test after timeout_s, which is
 * what the work takes on a quiet machine with room to spare, stretched
 * by the machine's load when it runs out. */
static inline void
ui_iterate_until (gboolean  (*done) (gpointer),
                  gpointer    data,
                  guint       timeout_s)
{
  gint64 start = g_get_monotonic_time ();
  gint64 deadline = start + (gint64) timeout_s * G_USEC_PER_SEC;

  while (!done (data))
    {
      if (g_get_monotonic_time () > deadline)
        {
          gint64 stretched = start + (gint64) (timeout_s * ui_load_factor () * G_USEC_PER_SEC);

          if (g_get_monotonic_time () > stretched)
            g_error ("timed out after %.0f s (%u s on a quiet machine)",
                     (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC, timeout_s);
          deadline = stretched;
        }
      g_main_context_iteration (NULL, FALSE);
      g_usleep (500);
    }
}

/* The message dialog (a question) over @window, or NULL. */
static inline AdwMessageDialog *
ui_question_over (DrivedashWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* (transfer none) */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == GTK_WINDOW (window))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

/* For ui_iterate_until (ui_asks, window, s): a question is shown. */
static inline gboolean
ui_asks (gpointer window)
{
  return ui_question_over (window) != NULL;
}

/* For ui_iterate_until (ui_asks_not, window, s): no question is shown. */
static inline gboolean
ui_asks_not (gpointer window)
{
  return ui_question_over (window) == NULL;
}

/* A test view's model has read what the next Start writes and takes
 * (its worker is done): for ui_iterate_until (ui_refreshed, model, s). */
static inline gboolean
ui_refreshed (gpointer run_model)
{
  return !drivedash_run_model_get_refreshing (DRIVEDASH_RUN_MODEL (run_model));
}

static inline gboolean
ui_widget_is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

static inline gboolean
ui_widget_is_visible (gpointer data)
{
  return gtk_widget_get_visible (GTK_WIDGET (data));
}

static inline GtkWidget *
ui_find_descendant (GtkWidget *widget,
                    GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ui_find_descendant (child, type);

      if (found)
        return found;
    }
  return NULL;
}

/* The button under @widget whose label is @label (mnemonic included). */
static inline GtkButton *
ui_find_button_labelled (GtkWidget  *widget,
                         const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return GTK_BUTTON (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkButton *found = ui_find_button_labelled (child, label);

      if (found)
        return found;
    }
  return NULL;
}

/* Waits for the next frame @widget's window paints, after everything
 * queued so far: a layout, a style change or a model's notify that has
 * already run is on screen once it returns.  The event is the frame
 * clock's "after-paint"; the deadline only guards against a hang. */
typedef struct
{
  gboolean painted;
} UiFrame;

static inline void
ui_frame_painted_cb (GdkFrameClock *clock,
                     UiFrame       *frame)
{
  frame->painted = TRUE;
}

static inline gboolean
ui_frame_is_painted (gpointer data)
{
  return ((UiFrame *) data)->painted;
}

static inline void
ui_wait_frame (GtkWidget *widget)
{
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (widget));
  GdkFrameClock *clock;
  UiFrame frame = { FALSE };
  gulong handler;

  /* What is already due runs first: idles that change what is shown. */
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
  clock = root ? gtk_widget_get_frame_clock (root) : NULL;
  if (clock == NULL)
    return;  /* not on screen: nothing to paint */
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (ui_frame_painted_cb), &frame);
  gtk_widget_queue_draw (root);
  ui_iterate_until (ui_frame_is_painted, &frame, 10);
  g_signal_handler_disconnect (clock, handler);
}

static inline gboolean
ui_revealers_settled_in (GtkWidget *widget)
{
  if (GTK_IS_REVEALER (widget) &&
      gtk_revealer_get_child_revealed (GTK_REVEALER (widget)) != gtk_revealer_get_reveal_child (GTK_REVEALER (widget)))
    return FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    if (!ui_revealers_settled_in (child))
      return FALSE;
  return TRUE;
}

static inline gboolean
ui_revealers_settled (gpointer data)
{
  return ui_revealers_settled_in (data);
}

/* Waits until every revealer under @widget (an expander row's, say) has
 * finished opening or closing, and the result is painted. */
static inline void
ui_wait_revealed (GtkWidget *widget)
{
  ui_iterate_until (ui_revealers_settled, widget, 10);
  ui_wait_frame (widget);
}

typedef struct
{
  GtkWidget *window;
  int        width;
  int        height;
} UiSize;

static inline gboolean
ui_window_has_size (gpointer data)
{
  UiSize *size = data;

  return gtk_widget_get_width (size->window) == size->width &&
         gtk_widget_get_height (size->window) == size->height;
}

/* Resizes @window and waits until it has that size, or keeps another
 * across painted frames (its content needs more), and has painted it.
 * The window's own width is its default width less its client-side
 * shadow, which stays the same. */
static inline void
ui_resize (gpointer window,   /* a DrivedashWindow, or any window the app opened */
           int      width,
           int      height)
{
  GtkWidget *widget = GTK_WIDGET (window);
  int old_width, old_height, last_width = -1, last_height = -1;
  UiSize size;

  gtk_window_get_default_size (GTK_WINDOW (window), &old_width, &old_height);
  size = (UiSize) { widget, width - (old_width - gtk_widget_get_width (widget)),
                    height - (old_height - gtk_widget_get_height (widget)) };
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  for (guint frames = 0; !ui_window_has_size (&size); frames++)
    {
      ui_wait_frame (widget);
      if (frames > 1 && gtk_widget_get_width (widget) == last_width &&
          gtk_widget_get_height (widget) == last_height)
        break;
      last_width = gtk_widget_get_width (widget);
      last_height = gtk_widget_get_height (widget);
    }
  ui_wait_frame (widget);
}

static inline gboolean
ui_window_is_gone (gpointer data)
{
  return gtk_window_get_application (GTK_WINDOW (data)) == NULL;
}

/* Closes @window and waits until its application has let it go (a
 * window with a running test asks first and goes only once the test has
 * stopped; the caller answers that itself). */
static inline void
ui_close (gpointer window)
{
  g_autoptr(GtkWindow) held = g_object_ref (GTK_WINDOW (window));

  gtk_window_close (held);
  ui_iterate_until (ui_window_is_gone, held, 10);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

/* Screenshots go to <build>/tests/screenshots/, named by the caller. */
static inline char *
ui_screenshot (gpointer    window,
               const char *name)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "screenshots", NULL);
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  /* Let the layout settle and a frame be drawn; on a busy machine the
   * first frame after a resize or style change can come late, so ask
   * again a few times. */
  for (guint attempt = 0; ; attempt++)
    {
      gtk_widget_queue_draw (GTK_WIDGET (window));
      ui_iterate_for (400);
      if (drivedash_screenshot_save_window (GTK_WINDOW (window), path, &error) || attempt == 5)
        break;
      g_test_message ("screenshot %s: %s, trying again", name, error->message);
      g_clear_error (&error);
    }
  g_assert_no_error (error);
  g_test_message ("saved %s", path);
  return path;
}

/* Saves @widget alone (a group, a row) as <prefix>-<name>.png next to
 * the windows' screenshots; @prefix NULL: <name>.png. */
static inline void
ui_screenshot_widget (GtkWidget  *widget,
                      const char *prefix,
                      const char *name)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "screenshots", NULL);
  g_autofree char *file = prefix ? g_strdup_printf ("%s-%s.png", prefix, name) : g_strdup_printf ("%s.png", name);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  ui_wait_frame (widget);
  g_assert_true (drivedash_screenshot_save (widget, path, &error));
  g_assert_no_error (error);
  g_test_message ("saved %s", path);
}

/* Resizes @window to @width × @height and saves a screenshot @name there
 * (ui_screenshot() lets the layout settle).  The window must not end up
 * wider than asked: at a phone's 360 px nothing may force it wider. */
static inline void
ui_screenshot_at (gpointer    window,
                  int         width,
                  int         height,
                  const char *name)
{
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  g_free (ui_screenshot (window, name));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, width);
}

/* The first label on screen under @widget whose text (as shown, without
 * markup) contains @text, or is @text when @exact; NULL when none. */
static inline GtkLabel *
ui_find_label (GtkWidget  *widget,
               const char *text,
               gboolean    exact)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    {
      const char *shown = gtk_label_get_text (GTK_LABEL (widget));

      if (exact ? g_str_equal (shown, text) : strstr (shown, text) != NULL)
        return GTK_LABEL (widget);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = ui_find_label (child, text, exact);

      if (found)
        return found;
    }
  return NULL;
}

static inline gboolean
ui_shows_text (GtkWidget  *widget,
               const char *text)
{
  return ui_find_label (widget, text, FALSE) != NULL;
}

/* For ui_iterate_until (ui_text_shown, &(UiText) { root, text }, …). */
typedef struct
{
  GtkWidget  *root;
  const char *text;
} UiText;

static inline gboolean
ui_text_shown (gpointer data)
{
  const UiText *t = data;

  return ui_shows_text (t->root, t->text);
}

static inline void
ui_set_dark (DrivedashApplication *app,
             gboolean              dark)
{
  g_action_group_activate_action (G_ACTION_GROUP (app), "color-scheme",
                                  g_variant_new_string (dark ? "dark" : "light"));
  ui_iterate_for (100);
}

/* Registers the app on a private session bus; returns the bus to tear
 * down at the end. */
static inline GTestDBus *
ui_start_app (DrivedashApplication **app_out)
{
  g_autofree char *display = g_strdup (g_getenv ("DISPLAY"));
  g_autoptr(GError) error = NULL;
  GTestDBus *bus;

  /* GTestDBus unsets DISPLAY (against dbus-launch); we need it back. */
  bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_test_dbus_up (bus);
  if (display != NULL)
    g_setenv ("DISPLAY", display, TRUE);

  *app_out = drivedash_application_new ();
  g_application_register (G_APPLICATION (*app_out), NULL, &error);
  g_assert_no_error (error);
  g_application_hold (G_APPLICATION (*app_out));
  return bus;
}

static inline DrivedashWindow *
ui_open_window (DrivedashApplication *app,
                int                   width,
                int                   height)
{
  GtkWindow *window;

  g_application_activate (G_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (DRIVEDASH_IS_WINDOW (window));
  gtk_window_set_default_size (window, width, height);
  ui_iterate_until (ui_widget_is_mapped, window, 10);
  ui_wait_frame (GTK_WIDGET (window));
  return DRIVEDASH_WINDOW (window);
}

/* Runs BODY (PREFIX) in a subprocess in a real ja_JP.UTF-8 locale with
 * the build tree's Japanese catalogue, after checking that @english is
 * shown translated (the catalogue is the one in use).  Call it as the
 * whole of a test function: the subprocess runs that test again. */
static inline void
ui_in_japanese (void      (*body) (const char *prefix),
                const char *prefix,
                const char *english)
{
  g_autofree char *mo = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "po", "ja", "LC_MESSAGES",
                                          GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *lc_all = g_strdup (g_getenv ("LC_ALL"));
  char *locpath;

  if (g_test_subprocess ())
    {
      g_autofree char *localedir = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "po", NULL);

      bindtextdomain (GETTEXT_PACKAGE, localedir);
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
      g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, english), !=, english);
      body (prefix);
      return;
    }
  if (!g_file_test (mo, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no Japanese catalogue in the build tree");
      return;
    }
  locpath = drivedash_test_locale_build ("ja_JP");
  if (locpath == NULL)
    return;
  g_setenv ("LC_ALL", "ja_JP.UTF-8", TRUE);
  g_setenv ("LANGUAGE", "ja", TRUE);
  g_test_trap_subprocess (NULL, 180 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_unsetenv ("LANGUAGE");
  g_setenv ("LC_ALL", lc_all ? lc_all : "C.UTF-8", TRUE);
  drivedash_test_locale_remove (locpath);
  setlocale (LC_ALL, "");
  g_test_trap_assert_passed ();
}
