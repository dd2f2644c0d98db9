/* test-app.c — the application shell in process: actions, accelerators,
 * window state, style, Preferences, About and the shortcuts window
 *
 * Copyright 2026 The Drivedash developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs on an Xvfb server of its own and a private session bus for the
 * app's registration. Screenshots of the secondary
 * windows land in <build>/tests/screenshots/.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "drivedash-application.h"
#include "drivedash-background.h"
#include "drivedash-preferences-window.h"
#include "drivedash-screenshot.h"
#include "drivedash-test-xvfb.h"
#include "drivedash-window.h"
#include "test-ui-common.h"

static DrivedashApplication *app;
static GSettings *settings;

static void
iterate_until (gboolean (*done) (gpointer),
               gpointer   data)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (!done (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static gboolean
widget_is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

static gboolean
widget_is_gone (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* The toplevel of @type that is not the main window, if one is shown. */
static GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }

  return NULL;
}

static char *
screenshot_path (const char *name)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "screenshots", NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  return g_build_filename (dir, name, NULL);
}

static void
save_screenshot (GtkWidget  *widget,
                 const char *name)
{
  g_autofree char *path = screenshot_path (name);
  g_autoptr(GError) error = NULL;

  /* On a busy machine the first frame after a style change can come late:
   * ask for a frame and try again a few times, as test-ui-common.h does. */
  for (guint attempt = 0; ; attempt++)
    {
      ui_wait_frame (widget);
      if (drivedash_screenshot_save (widget, path, &error) || attempt == 5)
        break;
      g_test_message ("screenshot %s: %s, trying again", name, error->message);
      g_clear_error (&error);
    }
  g_assert_no_error (error);
  g_test_message ("saved %s", path);
}

/* The app's main window, shown once and kept until the last test. */
static DrivedashWindow *
main_window (void)
{
  GtkWindow *window;

  g_application_activate (G_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (DRIVEDASH_IS_WINDOW (window));
  iterate_until (widget_is_mapped, window);

  return DRIVEDASH_WINDOW (window);
}

static void
close_window (GtkWindow *window)
{
  gpointer weak = window;

  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  gtk_window_close (window);
  iterate_until (widget_is_gone, &weak);
}

/* Runs first: the window takes its size from the settings when created. */
static void
test_window_state (void)
{
  DrivedashWindow *window;
  DrivedashWindow *another;
  gboolean handled = TRUE;
  int width = 0;
  int height = 0;

  g_assert_null (gtk_application_get_active_window (GTK_APPLICATION (app)));
  g_settings_set_int (settings, "window-width", 700);
  g_settings_set_int (settings, "window-height", 500);
  g_settings_set_boolean (settings, "window-maximized", FALSE);

  window = main_window ();
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 700);
  g_assert_cmpint (height, ==, 500);

  /* Closing saves the size (the handler runs; the window stays for the
   * other tests because nothing destroys it here). */
  ui_resize (window, 820, 610);
  g_signal_emit_by_name (window, "close-request", &handled);
  g_assert_false (handled);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 820);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 610);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));

  /* The stored state comes back with the next window. */
  g_settings_set_boolean (settings, "window-maximized", TRUE);
  another = drivedash_window_new (GTK_APPLICATION (app));
  gtk_window_get_default_size (GTK_WINDOW (another), &width, &height);
  g_assert_cmpint (width, ==, 820);
  g_assert_cmpint (height, ==, 610);
  g_assert_true (gtk_window_is_maximized (GTK_WINDOW (another)) ||
                 /* not realized yet: the request is pending */
                 !gtk_widget_get_realized (GTK_WIDGET (another)));
  gtk_application_remove_window (GTK_APPLICATION (app), GTK_WINDOW (another));

  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_settings_reset (settings, "window-maximized");
}

static void
test_actions (void)
{
  g_auto(GStrv) quit_accels = NULL;
  g_auto(GStrv) preferences_accels = NULL;
  g_auto(GStrv) help_accels = NULL;
  DrivedashWindow *window;

  for (const char * const *name = (const char * const[]) { "quit", "about", "preferences", "color-scheme", NULL };
       *name; name++)
    g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), *name));

  quit_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.quit");
  g_assert_cmpstrv (quit_accels, ((const char * const[]) { "<Control>q", NULL }));
  preferences_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.preferences");
  g_assert_cmpstrv (preferences_accels, ((const char * const[]) { "<Control>comma", NULL }));

  window = main_window ();

  /* GtkApplication loads gtk/help-overlay.ui from our resources, and
   * gives it Ctrl+? (GDK spells it "question"). */
  g_assert_nonnull (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  help_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay");
  g_assert_nonnull (help_accels);
  g_assert_true (g_strv_contains ((const char * const *) help_accels, "<Control>question"));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "speed");
  g_assert_cmpstr (drivedash_window_get_visible_page (window), ==, "speed");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "longtests");
  g_assert_cmpstr (drivedash_window_get_visible_page (window), ==, "longtests");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "history");
  g_assert_cmpstr (drivedash_window_get_visible_page (window), ==, "history");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "health");
  g_assert_cmpstr (drivedash_window_get_visible_page (window), ==, "health");

  /* A notification's "Show Details": the same window, on the Health page
   * (which drive it then shows is test-health-model's). */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-page", "s", "speed");
  g_action_group_activate_action (G_ACTION_GROUP (app), "show-drive", g_variant_new_string ("nvme0"));
  g_assert_cmpstr (drivedash_window_get_visible_page (window), ==, "health");
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);

  /* A second activation presents the same window instead of a new one. */
  g_application_activate (G_APPLICATION (app));
  g_assert_true (gtk_application_get_active_window (GTK_APPLICATION (app)) == GTK_WINDOW (window));
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);
}

static void
test_color_scheme (void)
{
  AdwStyleManager *style_manager = adw_style_manager_get_default ();

  /* Following the system is the default. */
  g_assert_cmpint (adw_style_manager_get_color_scheme (style_manager), ==, ADW_COLOR_SCHEME_DEFAULT);

  g_action_group_activate_action (G_ACTION_GROUP (app), "color-scheme", g_variant_new_string ("dark"));
  g_assert_cmpstr (g_settings_get_string (settings, "color-scheme"), ==, "dark");
  g_assert_cmpint (adw_style_manager_get_color_scheme (style_manager), ==, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (adw_style_manager_get_dark (style_manager));

  g_settings_set_string (settings, "color-scheme", "light");
  g_assert_cmpint (adw_style_manager_get_color_scheme (style_manager), ==, ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_assert_false (adw_style_manager_get_dark (style_manager));

  g_settings_reset (settings, "color-scheme");
  g_assert_cmpint (adw_style_manager_get_color_scheme (style_manager), ==, ADW_COLOR_SCHEME_DEFAULT);
}

static void
test_main_window_dark (void)
{
  DrivedashWindow *window = main_window ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  g_settings_set_string (settings, "color-scheme", "dark");
  ui_wait_frame (GTK_WIDGET (window));
  path = screenshot_path ("drivedash-main-dark.png");
  drivedash_screenshot_save_window (GTK_WINDOW (window), path, &error);
  g_assert_no_error (error);
  g_settings_reset (settings, "color-scheme");
}

static void
test_preferences (void)
{
  DrivedashWindow *window = main_window ();
  GtkWindow *preferences;
  GtkAdjustment *adjustment;
  GtkCheckButton *style_default;
  GtkCheckButton *style_dark;

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  preferences = find_toplevel (DRIVEDASH_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (preferences);
  g_assert_true (gtk_window_get_transient_for (preferences) == GTK_WINDOW (window));
  g_assert_true (gtk_window_get_application (preferences) == GTK_APPLICATION (app));
  iterate_until (widget_is_mapped, preferences);

  /* The style rows follow app.color-scheme, and set it. */
  style_default = GTK_CHECK_BUTTON (gtk_widget_get_template_child (GTK_WIDGET (preferences),
                                                                   DRIVEDASH_TYPE_PREFERENCES_WINDOW,
                                                                   "style_default"));
  style_dark = GTK_CHECK_BUTTON (gtk_widget_get_template_child (GTK_WIDGET (preferences),
                                                                DRIVEDASH_TYPE_PREFERENCES_WINDOW,
                                                                "style_dark"));
  g_assert_true (gtk_check_button_get_active (style_default));
  g_assert_false (gtk_check_button_get_active (style_dark));
  gtk_widget_activate (GTK_WIDGET (style_dark));
  g_assert_cmpstr (g_settings_get_string (settings, "color-scheme"), ==, "dark");
  g_settings_reset (settings, "color-scheme");
  g_assert_true (gtk_check_button_get_active (style_default));

  /* The rows are bound to the settings both ways. */
  adjustment = GTK_ADJUSTMENT (gtk_widget_get_template_child (GTK_WIDGET (preferences),
                                                              DRIVEDASH_TYPE_PREFERENCES_WINDOW,
                                                              "pass_duration_adjustment"));
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 5.0);
  gtk_adjustment_set_value (adjustment, 12);
  g_assert_cmpuint (g_settings_get_uint (settings, "bench-pass-duration"), ==, 12);
  g_settings_set_uint (settings, "bench-pass-duration", 7);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 7.0);
  g_settings_reset (settings, "bench-pass-duration");

  save_screenshot (GTK_WIDGET (preferences), "drivedash-preferences.png");
  close_window (preferences);
}

static GtkWidget *
find_widget (GtkWidget  *widget,
             GType       type,
             const char *text)
{
  const char *found = NULL;

  if (ADW_IS_PREFERENCES_PAGE (widget) && g_type_is_a (type, ADW_TYPE_PREFERENCES_PAGE))
    found = adw_preferences_page_get_title (ADW_PREFERENCES_PAGE (widget));
  else if (ADW_IS_PREFERENCES_GROUP (widget) && g_type_is_a (type, ADW_TYPE_PREFERENCES_GROUP))
    found = adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (widget));
  else if (ADW_IS_ACTION_ROW (widget) && g_type_is_a (type, ADW_TYPE_ACTION_ROW))
    found = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget));
  if (found != NULL && strstr (found, text) != NULL)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *match = find_widget (child, type, text);

      if (match != NULL)
        return match;
    }
  return NULL;
}

/* The Preferences switch starts the watch in this process at once and
 * stops it (the app follows the setting, not the page); the page says
 * that it goes on after the window closes. */
static void
test_watch_preferences (void)
{
  GtkWindow *preferences;
  GtkWidget *page;
  GtkWidget *row;
  GtkSwitch *toggle;

  main_window ();
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  preferences = find_toplevel (DRIVEDASH_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (preferences);
  iterate_until (widget_is_mapped, preferences);
  page = find_widget (GTK_WIDGET (preferences), ADW_TYPE_PREFERENCES_PAGE, "Watch");
  g_assert_nonnull (page);
  adw_preferences_window_set_visible_page (ADW_PREFERENCES_WINDOW (preferences), ADW_PREFERENCES_PAGE (page));
  g_assert_nonnull (find_widget (page, ADW_TYPE_PREFERENCES_GROUP, "keeps watching after you close its window"));
  row = find_widget (page, ADW_TYPE_ACTION_ROW, "Watch Drives in the Background");
  g_assert_nonnull (row);

  g_assert_false (drivedash_background_is_watching (drivedash_application_get_background (app)));
  toggle = GTK_SWITCH (adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row)));
  gtk_switch_set_active (toggle, TRUE);
  g_assert_true (g_settings_get_boolean (settings, "watch-in-background"));
  g_assert_true (drivedash_background_is_watching (drivedash_application_get_background (app)));
  save_screenshot (GTK_WIDGET (preferences), "drivedash-preferences-watch.png");
  gtk_switch_set_active (toggle, FALSE);
  g_assert_false (g_settings_get_boolean (settings, "watch-in-background"));
  g_assert_false (drivedash_background_is_watching (drivedash_application_get_background (app)));
  close_window (preferences);
}

static void
test_about (void)
{
  GtkWindow *about;

  main_window ();
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  about = find_toplevel (ADW_TYPE_ABOUT_WINDOW);
  g_assert_nonnull (about);
  iterate_until (widget_is_mapped, about);

  g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, PACKAGE_VERSION);
  g_assert_cmpstr (adw_about_window_get_application_icon (ADW_ABOUT_WINDOW (about)), ==, APP_ID);
  g_assert_cmpstr (adw_about_window_get_website (ADW_ABOUT_WINDOW (about)), ==,
                   "https://github.com/drivedash/drivedash");
  g_assert_cmpint (adw_about_window_get_license_type (ADW_ABOUT_WINDOW (about)), ==, GTK_LICENSE_GPL_3_0);
  g_assert_true (g_str_has_prefix (adw_about_window_get_debug_info (ADW_ABOUT_WINDOW (about)),
                                   "Drivedash " PACKAGE_VERSION "\n"));
  /* The icon comes from our resources when the app is not installed. */
  g_assert_true (gtk_icon_theme_has_icon (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                          APP_ID));

  save_screenshot (GTK_WIDGET (about), "drivedash-about.png");
  close_window (about);
}

static void
test_shortcuts (void)
{
  DrivedashWindow *window = main_window ();
  GtkWindow *shortcuts;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
  shortcuts = find_toplevel (GTK_TYPE_SHORTCUTS_WINDOW);
  g_assert_nonnull (shortcuts);
  iterate_until (widget_is_mapped, shortcuts);

  save_screenshot (GTK_WIDGET (shortcuts), "drivedash-shortcuts.png");

  /* The overlay belongs to the main window and is only hidden. */
  gtk_widget_set_visible (GTK_WIDGET (shortcuts), FALSE);
}

/* At phone width the view switcher leaves the header bar for a bottom bar. */
static void
test_narrow (void)
{
  DrivedashWindow *window = main_window ();
  AdwViewSwitcherBar *bar;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  int width;
  int height;

  bar = ADW_VIEW_SWITCHER_BAR (gtk_widget_get_template_child (GTK_WIDGET (window),
                                                              DRIVEDASH_TYPE_WINDOW,
                                                              "switcher_bar"));
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_false (adw_view_switcher_bar_get_reveal (bar));

  ui_resize (window, 360, 640);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 400);
  g_assert_true (adw_view_switcher_bar_get_reveal (bar));

  path = screenshot_path ("drivedash-main-narrow.png");
  drivedash_screenshot_save_window (GTK_WINDOW (window), path, &error);
  g_assert_no_error (error);

  ui_resize (window, width, height);
  g_assert_false (adw_view_switcher_bar_get_reveal (bar));
}

/* Runs last: closing the main window destroys it and everything in it
 * (its pages' dispose code runs here, in process, where a critical fails
 * the test), and leaves the app without windows. */
static void
test_close_main_window (void)
{
  DrivedashWindow *window = main_window ();

  close_window (GTK_WINDOW (window));
  g_assert_null (gtk_application_get_active_window (GTK_APPLICATION (app)));
}

int
main (int   argc,
      char *argv[])
{
  GTestDBus *bus;
  g_autoptr(GError) error = NULL;
  g_autofree char *display = NULL;
  g_autofree char *config_dir = NULL;
  g_autofree char *autostart_dir = NULL;
  GSubprocess *xvfb;
  int status;

  g_test_init (&argc, &argv, NULL);
  /* The Watch page writes the autostart file: not into the real home. */
  config_dir = g_dir_make_tmp ("drivedash-test-app-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_CONFIG_HOME", config_dir, TRUE);

  /* GTestDBus unsets DISPLAY (against dbus-launch): set it afterwards. */
  bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_test_dbus_up (bus);
  xvfb = drivedash_test_xvfb_start (&display);
  g_setenv ("DISPLAY", display, TRUE);
  g_setenv ("GDK_BACKEND", "x11", TRUE);

  /* Registering runs startup (GTK, actions, accelerators, style) without
   * entering g_application_run(); the tests drive the main loop. */
  app = drivedash_application_new ();
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  g_application_hold (G_APPLICATION (app));
  settings = drivedash_application_get_settings (app);

  g_test_add_func ("/app/window-state", test_window_state);
  g_test_add_func ("/app/actions", test_actions);
  g_test_add_func ("/app/color-scheme", test_color_scheme);
  g_test_add_func ("/app/main-window-dark", test_main_window_dark);
  g_test_add_func ("/app/preferences", test_preferences);
  g_test_add_func ("/app/watch-preferences", test_watch_preferences);
  g_test_add_func ("/app/about", test_about);
  g_test_add_func ("/app/shortcuts", test_shortcuts);
  g_test_add_func ("/app/narrow", test_narrow);
  g_test_add_func ("/app/close-main-window", test_close_main_window);

  status = g_test_run ();

  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  /* Not _down() nor unref (which calls it): GTK keeps the session
   * connection until exit, and _down() waits for it to be finalized. */
  g_test_dbus_stop (bus);
  drivedash_test_xvfb_stop (xvfb);
  /* The switch was turned off again: the file is gone, not the folder. */
  autostart_dir = g_build_filename (config_dir, "autostart", NULL);
  g_rmdir (autostart_dir);
  g_rmdir (config_dir);

  return status;
}
