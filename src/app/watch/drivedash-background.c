/* drivedash-background.c — the background watch in the application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The watch runs in the one Drivedash process of the session (GApplication
 * makes it unique): started with --background (at login, when the user
 * opted in), or in the window's process as soon as the user turns the
 * "watch-in-background" setting on, from wherever (Preferences, the
 * Health page's offer, gsettings).  Turning it off stops it.  It holds the
 * application, so closing the window, or Quit, leaves it watching: the
 * user asked for it explicitly.  Each event the rules report becomes one
 * GNotification, with "Show Details" (opens the app on the Health page)
 * and "Don't Warn Again" (mutes that drive).
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "drivedash-autostart.h"
#include "drivedash-background.h"
#include "drivedash-drive-list.h"
#include "drivedash-game-follower.h"
#include "drivedash-health-model.h"
#include "drivedash-health-page.h"
#include "drivedash-store.h"
#include "drivedash-watch-private.h"
#include "drivedash-window.h"

#define PENDING_KEY "drivedash-background-pending"
#define WATCH_KEY   "drivedash-background-watch"
#define GAMES_KEY   "drivedash-background-games"

void
drivedash_background_add_option (GApplication *app)
{
  g_application_add_main_option (app, "background", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                 _("Start without a window and watch the drives' health "
                                   "(for starting at login)"), NULL);
}

gboolean
drivedash_background_handle_options (GApplication *app,
                                     GVariantDict *options)
{
  g_autoptr(GError) error = NULL;

  if (!g_variant_dict_contains (options, "background"))
    return FALSE;
  if (!g_application_register (app, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return TRUE;
    }
  /* Already running (a window, or another watch): that process starts
   * watching, if it does not already; this one goes. */
  if (g_application_get_is_remote (app))
    {
      g_action_group_activate_action (G_ACTION_GROUP (app), "watch", NULL);
      return TRUE;
    }
  g_object_set_data (G_OBJECT (app), PENDING_KEY, GINT_TO_POINTER (1));
  return FALSE;
}

static void
on_event (DrivedashWatch *watch,
          const char     *controller,
          const char     *title,
          const char     *body,
          const char     *kind,
          GApplication   *app)
{
  g_autoptr(GNotification) notification = g_notification_new (title);
  g_autofree char *id = g_strdup_printf ("%s-%s", controller, kind);

  g_notification_set_body (notification, body);
  /* A log entry alone is a soft sign (KDE's plasma-disks does not even
   * tell it); the others need the user. */
  g_notification_set_priority (notification, g_str_equal (kind, "error-log")
                               ? G_NOTIFICATION_PRIORITY_NORMAL : G_NOTIFICATION_PRIORITY_HIGH);
  g_notification_set_default_action_and_target (notification, "app.show-drive", "s", controller);
  g_notification_add_button_with_target (notification, _("Show Details"), "app.show-drive", "s", controller);
  g_notification_add_button_with_target (notification, _("Don’t Warn Again"), "app.mute-drive", "s", controller);
  g_application_send_notification (app, id, notification);
}

static DrivedashHealthPage *
find_health_page (GtkWidget *widget)
{
  if (DRIVEDASH_IS_HEALTH_PAGE (widget))
    return DRIVEDASH_HEALTH_PAGE (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      DrivedashHealthPage *page = find_health_page (child);

      if (page != NULL)
        return page;
    }
  return NULL;
}

typedef struct
{
  GtkWidget *window;   /* weak */
  char      *controller;
  guint      tries;
} ShowDrive;

static void
show_drive_free (ShowDrive *show)
{
  g_clear_weak_pointer (&show->window);
  g_free (show->controller);
  g_free (show);
}

/* The window lists its drives shortly after it opens: tried for a few
 * seconds. */
static gboolean
select_drive (gpointer user_data)
{
  ShowDrive *show = user_data;
  DrivedashHealthPage *page = show->window != NULL ? find_health_page (show->window) : NULL;
  DrivedashHealthModel *model = page != NULL ? drivedash_health_page_get_model (page) : NULL;
  GListModel *drives = model != NULL ? G_LIST_MODEL (drivedash_health_model_get_drives (model)) : NULL;
  guint n = drives != NULL ? g_list_model_get_n_items (drives) : 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DrivedashDriveItem) item = g_list_model_get_item (drives, i);

      if (g_strcmp0 (drivedash_drive_item_get_name (item), show->controller) == 0)
        {
          drivedash_health_model_set_drive (model, item);
          return G_SOURCE_REMOVE;
        }
    }
  return show->window != NULL && ++show->tries < 50 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static void
show_drive (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  GApplication *app = user_data;
  GtkWindow *window;
  ShowDrive *show;

  g_application_activate (app);
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (!DRIVEDASH_IS_WINDOW (window))
    return;
  drivedash_window_set_visible_page (DRIVEDASH_WINDOW (window), "health");
  show = g_new0 (ShowDrive, 1);
  g_set_weak_pointer (&show->window, GTK_WIDGET (window));
  show->controller = g_variant_dup_string (parameter, NULL);
  if (select_drive (show) == G_SOURCE_CONTINUE)
    g_timeout_add_full (G_PRIORITY_DEFAULT, 100, select_drive, show, (GDestroyNotify) show_drive_free);
  else
    show_drive_free (show);
}

/* What a second `drivedash --background` asks of the running process. */
static void
watch_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  drivedash_background_start_watch (G_APPLICATION (user_data));
}

static void
mute_drive (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  DrivedashWatch *watch = g_object_get_data (G_OBJECT (user_data), WATCH_KEY);
  g_autoptr(GError) error = NULL;

  if (watch != NULL &&
      !drivedash_watch_set_muted (watch, g_variant_get_string (parameter, NULL), TRUE, &error))
    g_warning ("%s", error->message);
}

void
drivedash_background_add_actions (GApplication *app)
{
  const GActionEntry entries[] = {
    { .name = "show-drive", .activate = show_drive, .parameter_type = "s" },
    { .name = "mute-drive", .activate = mute_drive, .parameter_type = "s" },
    { .name = "watch", .activate = watch_action },
  };

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
}

/* Game mode that follows games, when the user opted in (Preferences →
 * Watch): every NVMe drive, temporarily, through drivedashd. */
static void
start_following_games (GApplication *app)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GPtrArray) drives = NULL;
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_auto(GStrv) controllers = NULL;
  GDBusConnection *session = g_application_get_dbus_connection (app);
  DrivedashWatch *watch = g_object_get_data (G_OBJECT (app), WATCH_KEY);
  gboolean portal = g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS);

  if (!g_settings_get_boolean (settings, "game-mode-follows-games") || session == NULL || watch == NULL)
    return;
  drives = drivedash_drive_list (drivedash_watch_get_sysfs_root (watch), NULL);
  for (guint i = 0; drives != NULL && i < drives->len; i++)
    g_strv_builder_add (names, drivedash_drive_get_name (g_ptr_array_index (drives, i)));
  controllers = g_strv_builder_end (names);
  g_object_set_data_full (G_OBJECT (app), GAMES_KEY,
                          drivedash_game_follower_new (session, portal ? DRIVEDASH_GAME_SOURCE_PORTAL
                                                                       : DRIVEDASH_GAME_SOURCE_FERAL,
                                                       (const char * const *) controllers, NULL,
                                                       DRIVEDASH_CLIENT_NONE),
                          g_object_unref);
}

/* The follower turns off what it turned on, even mid-game: the process
 * keeps its system-bus connection, so drivedashd would not. */
static void
stop_following_games (GApplication *app)
{
  g_autoptr(DrivedashGameFollower) follower = g_object_steal_data (G_OBJECT (app), GAMES_KEY);

  if (follower != NULL)
    drivedash_game_follower_stop (follower);
}

gboolean
drivedash_background_is_watching (GApplication *app)
{
  g_return_val_if_fail (G_IS_APPLICATION (app), FALSE);
  return g_object_get_data (G_OBJECT (app), WATCH_KEY) != NULL;
}

/* Starting twice is nothing: there is one watch per process, and
 * GApplication makes the process one per session. */
void
drivedash_background_start_watch (GApplication *app)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  DrivedashWatch *watch;

  g_return_if_fail (G_IS_APPLICATION (app));
  if (drivedash_background_is_watching (app))
    return;
  store = drivedash_store_open (NULL, &error);
  if (store == NULL)
    {
      g_warning ("The health watch cannot start: %s", error->message);
      return;
    }
  watch = drivedash_watch_new (store, NULL);
  drivedash_watch_apply_test_environment (watch);
  g_signal_connect_object (watch, "event", G_CALLBACK (on_event), app, 0);
  g_object_set_data_full (G_OBJECT (app), WATCH_KEY, watch, g_object_unref);
  /* Released by stop_watch only: no window closing ends the watch. */
  g_application_hold (app);
  drivedash_watch_start (watch);
  start_following_games (app);
}

void
drivedash_background_stop_watch (GApplication *app)
{
  g_autoptr(DrivedashWatch) watch = NULL;

  g_return_if_fail (G_IS_APPLICATION (app));
  watch = g_object_steal_data (G_OBJECT (app), WATCH_KEY);
  if (watch == NULL)
    return;
  g_signal_handlers_disconnect_by_data (watch, app);
  /* A reading under way holds a reference: dispose cancels it and the
   * timers now, so nothing more is told. */
  g_object_run_dispose (G_OBJECT (watch));
  stop_following_games (app);
  g_application_release (app);
}

static void
on_watch_setting_changed (GSettings    *settings,
                          const char   *key,
                          GApplication *app)
{
  gboolean enabled = g_settings_get_boolean (settings, key);
  g_autoptr(GError) error = NULL;

  if (enabled)
    drivedash_background_start_watch (app);
  else
    drivedash_background_stop_watch (app);
  /* Changed from outside (gsettings, dconf-editor): login must follow too.
   * Preferences and the Health page's offer write the same file and tell
   * the user about errors; the portal (Flatpak) is left to them, as a
   * second request could ask the user twice. */
  if (!g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS) &&
      !drivedash_autostart_set_file (enabled, &error))
    g_warning ("%s", error->message);
}

/* Takes effect at once while watching, like the watch itself. */
static void
on_games_setting_changed (GSettings    *settings,
                          const char   *key,
                          GApplication *app)
{
  if (!drivedash_background_is_watching (app))
    return;
  stop_following_games (app);
  start_following_games (app);
}

void
drivedash_background_follow_setting (GApplication *app,
                                     GSettings    *settings)
{
  g_return_if_fail (G_IS_APPLICATION (app));
  g_return_if_fail (G_IS_SETTINGS (settings));

  /* The demo runs beside the real instance (NON_UNIQUE): a watch there
   * would tell every event twice. */
  if (g_application_get_flags (app) & G_APPLICATION_NON_UNIQUE)
    return;
  g_signal_connect_object (settings, "changed::watch-in-background",
                           G_CALLBACK (on_watch_setting_changed), app, 0);
  g_signal_connect_object (settings, "changed::game-mode-follows-games",
                           G_CALLBACK (on_games_setting_changed), app, 0);
  if (g_settings_get_boolean (settings, "watch-in-background"))
    drivedash_background_start_watch (app);
}

gboolean
drivedash_background_activate (GApplication *app)
{
  if (g_object_get_data (G_OBJECT (app), PENDING_KEY) == NULL)
    return FALSE;
  g_object_set_data (G_OBJECT (app), PENDING_KEY, NULL);
  drivedash_background_start_watch (app);
  return TRUE;
}

AdwPreferencesGroup *
drivedash_background_preferences_group_new (void)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());

  adw_preferences_group_set_description (group,
    _("Turning the watch on starts it right away. While it is on, Drivedash keeps "
      "watching after you close its window, even with Quit. To stop it, turn it off here."));
  return group;
}
