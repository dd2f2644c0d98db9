/* drivedash-application.c
 *
 * Copyright 2026 The Drivedash developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <signal.h>

#include "drivedash-application.h"
#include "drivedash-demo.h"
#include "drivedash-preferences-window.h"
#include "drivedash-screenshot.h"
#include "drivedash-window.h"

struct _DrivedashApplication
{
  AdwApplication  parent_instance;

  GSettings           *settings;
  DrivedashBackground *background;
  guint                logout_cookie;  /* holds a logout until the runs are over */
};

G_DEFINE_FINAL_TYPE (DrivedashApplication, drivedash_application, ADW_TYPE_APPLICATION)

DrivedashApplication *
drivedash_application_new (void)
{
  /* The default flags make the app single-instance: a second launch
   * activates the running one over D-Bus. */
  return g_object_new (DRIVEDASH_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", "/io/github/drivedash/Drivedash",
                       /* For "query-end": a logout takes the signals' path. */
                       "register-session", TRUE,
                       NULL);
}

/**
 * drivedash_application_get_settings:
 *
 * Returns: (transfer none): the app's #GSettings
 *   (schema io.github.drivedash.Drivedash).
 */
GSettings *
drivedash_application_get_settings (DrivedashApplication *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_APPLICATION (self), NULL);

  return self->settings;
}

DrivedashBackground *
drivedash_application_get_background (DrivedashApplication *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_APPLICATION (self), NULL);

  return self->background;
}

static void
drivedash_application_update_color_scheme (DrivedashApplication *self)
{
  AdwStyleManager *style_manager = adw_style_manager_get_default ();
  AdwColorScheme scheme;

  switch (g_settings_get_enum (self->settings, "color-scheme"))
    {
    case 1:
      scheme = ADW_COLOR_SCHEME_FORCE_LIGHT;
      break;
    case 2:
      scheme = ADW_COLOR_SCHEME_FORCE_DARK;
      break;
    default:
      /* Follow the system (prefer-light when it has no preference). */
      scheme = ADW_COLOR_SCHEME_DEFAULT;
      break;
    }

  adw_style_manager_set_color_scheme (style_manager, scheme);
}

static void
on_color_scheme_changed (GSettings            *settings,
                         const char           *key,
                         DrivedashApplication *self)
{
  drivedash_application_update_color_scheme (self);
}

static void
drivedash_application_activate (GApplication *app)
{
  DrivedashApplication *self = DRIVEDASH_APPLICATION (app);
  GtkWindow *window;
  const char *screenshot_path;

  if (drivedash_background_activate (self->background))
    return;
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = GTK_WINDOW (drivedash_window_new (GTK_APPLICATION (app)));

  gtk_window_present (window);

  /* Test-only hook for the UI smoke test and the README screenshot: does
   * nothing unless the variable is set. */
  screenshot_path = g_getenv ("DRIVEDASH_SCREENSHOT");
  if (screenshot_path != NULL && screenshot_path[0] != '\0')
    drivedash_screenshot_schedule (ADW_APPLICATION_WINDOW (window), screenshot_path);
}

static void
drivedash_application_quit_action (GSimpleAction *action,
                                   GVariant      *parameter,
                                   gpointer       user_data)
{
  DrivedashApplication *self = DRIVEDASH_APPLICATION (user_data);
  GApplication *app = G_APPLICATION (user_data);
  GList *windows;

  /* Close the windows first so they save their size and stop their work.
   * Closing one can destroy others (its dialogs): hold a reference on each. */
  windows = g_list_copy_deep (gtk_application_get_windows (GTK_APPLICATION (app)),
                              (GCopyFunc) g_object_ref, NULL);
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free_full (windows, g_object_unref);

  /* A window with a running speed test asks first, and goes only once its
   * test file is deleted: the last window to go ends the application.
   * The watch the user turned on goes on (it holds the application). */
  if (gtk_application_get_windows (GTK_APPLICATION (app)) == NULL &&
      !drivedash_background_is_watching (self->background))
    g_application_quit (app);
}

/* A notification's "Show Details" (the controller, "nvme0"): the window,
 * opened if need be, on that drive's health. */
static void
drivedash_application_show_drive_action (GSimpleAction *action,
                                         GVariant      *parameter,
                                         gpointer       user_data)
{
  GApplication *app = G_APPLICATION (user_data);
  GtkWindow *window;

  g_application_activate (app);
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (DRIVEDASH_IS_WINDOW (window))
    drivedash_window_show_drive (DRIVEDASH_WINDOW (window), g_variant_get_string (parameter, NULL));
}

/* An app's writes notification's "Show Details" (the controller and the
 * app): the drive's health with what the app wrote over time. */
static void
drivedash_application_show_app_writes_action (GSimpleAction *action,
                                              GVariant      *parameter,
                                              gpointer      user_data)
{
  GApplication *app = G_APPLICATION (user_data);
  const char *controller, *writer;
  GtkWindow *window;

  g_variant_get (parameter, "(&s&s)", &controller, &writer);
  g_application_activate (app);
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (DRIVEDASH_IS_WINDOW (window))
    drivedash_window_show_app_writes (DRIVEDASH_WINDOW (window), controller, writer);
}

/* SIGTERM, SIGINT and SIGHUP (a session ending) and a logout close every
 * window the way drivedash_quit_stop_and_close() does, without asking,
 * then quit. */
static void
drivedash_application_end (DrivedashApplication *self)
{
  GtkApplication *app = GTK_APPLICATION (self);
  g_autolist(GtkWindow) windows = NULL;

  g_message ("Asked to end: stopping any test first");
  /* Ending the session ends the watch too: it holds the application. */
  drivedash_background_stop_watch (self->background);
  windows = g_list_copy_deep (gtk_application_get_windows (app), (GCopyFunc) g_object_ref, NULL);
  for (GList *l = windows; l != NULL; l = l->next)
    {
      if (DRIVEDASH_IS_WINDOW (l->data))
        drivedash_window_stop_and_close (l->data);
      else
        gtk_window_close (l->data);
    }
  /* Otherwise the last window to go ends the application. */
  if (gtk_application_get_windows (app) == NULL)
    g_application_quit (G_APPLICATION (app));
}

static gboolean
drivedash_application_signal_cb (gpointer user_data)
{
  drivedash_application_end (DRIVEDASH_APPLICATION (user_data));
  return G_SOURCE_CONTINUE;
}

/* The session is about to end.  Once it has, GTK quits the application
 * at once, which would leave a test file behind: the logout waits, held
 * by an inhibitor that goes with the process, until the runs are over
 * and their files gone. */
static void
drivedash_application_query_end_cb (GtkApplication       *app,
                                    DrivedashApplication *self)
{
  if (self->logout_cookie == 0 && gtk_application_get_windows (app) != NULL)
    self->logout_cookie = gtk_application_inhibit (app, gtk_application_get_active_window (app),
                                                   GTK_APPLICATION_INHIBIT_LOGOUT,
                                                   _("Stopping a drive test and removing its test file"));
  drivedash_application_end (self);
}

static void
drivedash_application_watch_signals (DrivedashApplication *self)
{
  static const int signums[] = { SIGTERM, SIGINT, SIGHUP };

  for (guint i = 0; i < G_N_ELEMENTS (signums); i++)
    g_unix_signal_add_full (G_PRIORITY_DEFAULT, signums[i], drivedash_application_signal_cb,
                            g_object_ref (self), g_object_unref);
}

static void
drivedash_application_about_action (GSimpleAction *action,
                                    GVariant      *parameter,
                                    gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GtkWidget *about;
  g_autofree char *debug_info = NULL;
  static const char *developers[] = {
    "The Drivedash developers https://github.com/drivedash/drivedash",
    NULL
  };

  /* What a bug report needs; the versions are those running, not built. */
  debug_info = g_strdup_printf ("Drivedash %s\n"
                                "GLib %u.%u.%u\n"
                                "GTK %u.%u.%u\n"
                                "libadwaita %u.%u.%u\n",
                                PACKAGE_VERSION,
                                glib_major_version, glib_minor_version, glib_micro_version,
                                gtk_get_major_version (), gtk_get_minor_version (),
                                gtk_get_micro_version (),
                                adw_get_major_version (), adw_get_minor_version (),
                                adw_get_micro_version ());

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (app),
                        "application-name", _("Drivedash"),
                        "application-icon", APP_ID,
                        "developer-name", _("The Drivedash developers"),
                        "version", PACKAGE_VERSION,
                        "comments", _("Check the health and speed of your NVMe drives"),
                        "website", "https://github.com/drivedash/drivedash",
                        "issue-url", "https://github.com/drivedash/drivedash/issues",
                        "copyright", "© 2026 The Drivedash developers",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "developers", developers,
                        /* Translators: replace with your names, one per line. */
                        "translator-credits", _("translator-credits"),
                        "debug-info", debug_info,
                        "debug-info-filename", "drivedash-debug-info.txt",
                        NULL);

  gtk_window_present (GTK_WINDOW (about));
}

static void
drivedash_application_preferences_action (GSimpleAction *action,
                                          GVariant      *parameter,
                                          gpointer       user_data)
{
  DrivedashApplication *self = DRIVEDASH_APPLICATION (user_data);
  DrivedashPreferencesWindow *preferences;
  GtkWindow *parent;

  parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  preferences = drivedash_preferences_window_new (self->settings);
  gtk_window_set_transient_for (GTK_WINDOW (preferences), parent);
  /* The style rows use app.color-scheme: the window must see app actions.
   * (This also makes it the active window, hence the parent first.) */
  gtk_window_set_application (GTK_WINDOW (preferences), GTK_APPLICATION (self));
  gtk_window_present (GTK_WINDOW (preferences));
}

static const GActionEntry app_actions[] = {
  { .name = "quit", .activate = drivedash_application_quit_action },
  { .name = "about", .activate = drivedash_application_about_action },
  { .name = "preferences", .activate = drivedash_application_preferences_action },
  { .name = "show-drive", .activate = drivedash_application_show_drive_action, .parameter_type = "s" },
  { .name = "show-app-writes", .activate = drivedash_application_show_app_writes_action, .parameter_type = "(ss)" },
};

static void
drivedash_application_startup (GApplication *app)
{
  DrivedashApplication *self = DRIVEDASH_APPLICATION (app);
  g_autoptr(GAction) color_scheme_action = NULL;
  static const struct {
    const char *action;
    const char *accels[2];
  } accels[] = {
    { "app.quit", { "<Primary>q", NULL } },
    { "app.preferences", { "<Primary>comma", NULL } },
    { "window.close", { "<Primary>w", NULL } },
  };

  G_APPLICATION_CLASS (drivedash_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app),
                                   app_actions, G_N_ELEMENTS (app_actions),
                                   app);
  drivedash_background_add_actions (self->background);
  drivedash_background_follow_setting (self->background, self->settings);

  color_scheme_action = g_settings_create_action (self->settings, "color-scheme");
  g_action_map_add_action (G_ACTION_MAP (app), color_scheme_action);

  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app),
                                           accels[i].action, accels[i].accels);

  g_signal_connect_object (self->settings, "changed::color-scheme",
                           G_CALLBACK (on_color_scheme_changed), self, 0);
  drivedash_application_update_color_scheme (self);
  drivedash_application_watch_signals (self);
  g_signal_connect_object (app, "query-end", G_CALLBACK (drivedash_application_query_end_cb), self, 0);
}

/* dashboard: --demo shows a simulated drive.  It runs as its own instance
 * so that it never mixes with (or turns) a running window into a demo. */
static int
drivedash_application_handle_local_options (GApplication *app,
                                            GVariantDict *options)
{
  if (drivedash_background_handle_options (DRIVEDASH_APPLICATION (app)->background, options))
    return 0;
  if (g_variant_dict_contains (options, "demo"))
    {
      drivedash_demo_set_enabled (TRUE);
      g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);
    }
  return -1;
}
/* end dashboard */

static void
drivedash_application_finalize (GObject *object)
{
  DrivedashApplication *self = DRIVEDASH_APPLICATION (object);

  g_clear_object (&self->background);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (drivedash_application_parent_class)->finalize (object);
}

static void
drivedash_application_class_init (DrivedashApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = drivedash_application_finalize;

  app_class->activate = drivedash_application_activate;
  app_class->startup = drivedash_application_startup;
  app_class->handle_local_options = drivedash_application_handle_local_options;  /* dashboard */
}

static void
drivedash_application_init (DrivedashApplication *self)
{
  self->settings = g_settings_new (APP_ID);

  /* Adds --background. */
  self->background = drivedash_background_new (G_APPLICATION (self));
  /* dashboard */
  g_application_add_main_option (G_APPLICATION (self), "demo", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                 _("Show a simulated drive instead of the real ones (for trying the app and for screenshots)"),
                                 NULL);
}
