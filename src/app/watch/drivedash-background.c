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
 * GNotification, with "Show Details" (opens the app on the Health page;
 * for an app's writes, also what it wrote over time) and "Don't Warn
 * Again" (mutes that drive).
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "drivedash-autostart.h"
#include "drivedash-background.h"
#include "drivedash-drive-list.h"
#include "drivedash-game-follower.h"
#include "drivedash-store.h"

struct _DrivedashBackground
{
  GObject                parent_instance;

  GApplication          *app;       /* weak: it owns this */
  DrivedashWatch        *watch;
  DrivedashGameFollower *follower;
  gboolean               pending;   /* --background, until activate */
};

G_DEFINE_FINAL_TYPE (DrivedashBackground, drivedash_background, G_TYPE_OBJECT)

enum { PROP_0, PROP_WATCH, N_PROPS };
static GParamSpec *properties[N_PROPS];

gboolean
drivedash_background_handle_options (DrivedashBackground *self,
                                     GVariantDict        *options)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (DRIVEDASH_IS_BACKGROUND (self), FALSE);

  if (!g_variant_dict_contains (options, "background"))
    return FALSE;
  if (!g_application_register (self->app, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return TRUE;
    }
  /* Already running (a window, or another watch): that process starts
   * watching, if it does not already; this one goes. */
  if (g_application_get_is_remote (self->app))
    {
      g_action_group_activate_action (G_ACTION_GROUP (self->app), "watch", NULL);
      return TRUE;
    }
  self->pending = TRUE;
  return FALSE;
}

/* A notification that opens @action with @target, with Show Details
 * first; the caller adds its own "Don't Warn" button. */
static GNotification *
details_notification_new (const char *title,
                          const char *body,
                          const char *action,
                          GVariant   *target)
{
  GNotification *notification = g_notification_new (title);

  g_variant_ref_sink (target);
  g_notification_set_body (notification, body);
  g_notification_set_default_action_and_target_value (notification, action, target);
  g_notification_add_button_with_target_value (notification, _("Show Details"), action, target);
  g_variant_unref (target);
  return notification;
}

/* About @controller's drive: opens it. */
static GNotification *
drive_notification_new (const char *controller,
                        const char *title,
                        const char *body)
{
  return details_notification_new (title, body, "app.show-drive", g_variant_new_string (controller));
}

static void
on_event (DrivedashWatch      *watch,
          const char          *controller,
          const char          *title,
          const char          *body,
          const char          *kind,
          DrivedashBackground *self)
{
  g_autoptr(GNotification) notification = drive_notification_new (controller, title, body);
  g_autofree char *id = g_strdup_printf ("%s-%s", controller, kind);

  /* A log entry alone is a soft sign (KDE's plasma-disks does not even
   * tell it); the others need the user. */
  g_notification_set_priority (notification, g_str_equal (kind, "error-log")
                               ? G_NOTIFICATION_PRIORITY_NORMAL : G_NOTIFICATION_PRIORITY_HIGH);
  g_notification_add_button_with_target (notification, _("Don’t Warn Again"), "app.mute-drive", "s", controller);
  g_application_send_notification (self->app, id, notification);
}

/* An app wrote far above its usual: which app, and what it costs. */
static void
on_app_event (DrivedashWatch      *watch,
              const char          *controller,
              const char          *app,
              const char          *title,
              const char          *body,
              DrivedashBackground *self)
{
  /* Opens what the app wrote over time, the app in full colour. */
  g_autoptr(GNotification) notification = details_notification_new (title, body, "app.show-app-writes",
                                                                    g_variant_new ("(ss)", controller, app));
  g_autofree char *id = g_strdup_printf ("%s-app-writes-%s", controller, app);

  g_notification_add_button_with_target (notification, _("Don’t Warn About This App"), "app.mute-app",
                                         "(ss)", controller, app);
  g_application_send_notification (self->app, id, notification);
}

/* What a second `drivedash --background` asks of the running process. */
static void
watch_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  drivedash_background_start_watch (DRIVEDASH_BACKGROUND (user_data));
}

static void
mute_drive (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  DrivedashBackground *self = DRIVEDASH_BACKGROUND (user_data);
  g_autoptr(GError) error = NULL;

  if (self->watch != NULL &&
      !drivedash_watch_set_muted (self->watch, g_variant_get_string (parameter, NULL), TRUE, &error))
    g_warning ("%s", error->message);
}

static void
mute_app (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  DrivedashBackground *self = DRIVEDASH_BACKGROUND (user_data);
  g_autoptr(GError) error = NULL;
  const char *controller, *app;

  g_variant_get (parameter, "(&s&s)", &controller, &app);
  if (self->watch != NULL && !drivedash_watch_set_app_muted (self->watch, controller, app, TRUE, &error))
    g_warning ("%s", error->message);
}

void
drivedash_background_add_actions (DrivedashBackground *self)
{
  const GActionEntry entries[] = {
    { .name = "mute-drive", .activate = mute_drive, .parameter_type = "s" },
    { .name = "mute-app", .activate = mute_app, .parameter_type = "(ss)" },
    { .name = "watch", .activate = watch_action },
  };

  g_return_if_fail (DRIVEDASH_IS_BACKGROUND (self));
  g_action_map_add_action_entries (G_ACTION_MAP (self->app), entries, G_N_ELEMENTS (entries), self);
}

/* Game mode that follows games, when the user opted in (Preferences →
 * Watch): every NVMe drive, temporarily, through drivedashd. */
static void
start_following_games (DrivedashBackground *self)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GPtrArray) drives = NULL;
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_auto(GStrv) controllers = NULL;
  GDBusConnection *session = g_application_get_dbus_connection (self->app);
  gboolean portal = g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS);

  if (!g_settings_get_boolean (settings, "game-mode-follows-games") || session == NULL || self->watch == NULL)
    return;
  drives = drivedash_drive_list (drivedash_watch_get_sysfs_root (self->watch), NULL);
  for (guint i = 0; drives != NULL && i < drives->len; i++)
    g_strv_builder_add (names, drivedash_drive_get_name (g_ptr_array_index (drives, i)));
  controllers = g_strv_builder_end (names);
  g_clear_object (&self->follower);
  self->follower = drivedash_game_follower_new (session, portal ? DRIVEDASH_GAME_SOURCE_PORTAL
                                                                : DRIVEDASH_GAME_SOURCE_FERAL,
                                                (const char * const *) controllers, NULL,
                                                DRIVEDASH_CLIENT_NONE);
}

/* The follower turns off what it turned on, even mid-game: the process
 * keeps its system-bus connection, so drivedashd would not. */
static void
stop_following_games (DrivedashBackground *self)
{
  g_autoptr(DrivedashGameFollower) follower = g_steal_pointer (&self->follower);

  if (follower != NULL)
    drivedash_game_follower_stop (follower);
}

DrivedashWatch *
drivedash_background_get_watch (DrivedashBackground *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BACKGROUND (self), NULL);
  return self->watch;
}

gboolean
drivedash_background_is_watching (DrivedashBackground *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BACKGROUND (self), FALSE);
  return self->watch != NULL;
}

/* Starting twice is nothing: there is one watch per process, and
 * GApplication makes the process one per session. */
void
drivedash_background_start_watch (DrivedashBackground *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = NULL;

  g_return_if_fail (DRIVEDASH_IS_BACKGROUND (self));
  if (self->watch != NULL || self->app == NULL)
    return;
  store = drivedash_store_open (NULL, &error);
  if (store == NULL)
    {
      g_warning ("The health watch cannot start: %s", error->message);
      return;
    }
  self->watch = drivedash_watch_new (store, NULL);
  g_signal_connect_object (self->watch, "event", G_CALLBACK (on_event), self, 0);
  g_signal_connect_object (self->watch, "app-event", G_CALLBACK (on_app_event), self, 0);
  /* Before the first reading: whoever follows the property can still
   * set the watch up. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WATCH]);
  /* Released by stop_watch only: no window closing ends the watch. */
  g_application_hold (self->app);
  drivedash_watch_start (self->watch);
  start_following_games (self);
}

void
drivedash_background_stop_watch (DrivedashBackground *self)
{
  g_autoptr(DrivedashWatch) watch = NULL;

  g_return_if_fail (DRIVEDASH_IS_BACKGROUND (self));
  watch = g_steal_pointer (&self->watch);
  if (watch == NULL)
    return;
  g_signal_handlers_disconnect_by_data (watch, self);
  /* A reading under way holds a reference: dispose cancels it and the
   * timers now, so nothing more is told. */
  g_object_run_dispose (G_OBJECT (watch));
  stop_following_games (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WATCH]);
  if (self->app != NULL)
    g_application_release (self->app);
}

static void
on_watch_setting_changed (GSettings           *settings,
                          const char          *key,
                          DrivedashBackground *self)
{
  gboolean enabled = g_settings_get_boolean (settings, key);
  g_autoptr(GError) error = NULL;

  if (enabled)
    drivedash_background_start_watch (self);
  else
    drivedash_background_stop_watch (self);
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
on_games_setting_changed (GSettings           *settings,
                          const char          *key,
                          DrivedashBackground *self)
{
  if (self->watch == NULL)
    return;
  stop_following_games (self);
  start_following_games (self);
}

void
drivedash_background_follow_setting (DrivedashBackground *self,
                                     GSettings           *settings)
{
  g_return_if_fail (DRIVEDASH_IS_BACKGROUND (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  /* The demo runs beside the real instance (NON_UNIQUE): a watch there
   * would tell every event twice. */
  if (g_application_get_flags (self->app) & G_APPLICATION_NON_UNIQUE)
    return;
  g_signal_connect_object (settings, "changed::watch-in-background",
                           G_CALLBACK (on_watch_setting_changed), self, 0);
  g_signal_connect_object (settings, "changed::game-mode-follows-games",
                           G_CALLBACK (on_games_setting_changed), self, 0);
  if (g_settings_get_boolean (settings, "watch-in-background"))
    drivedash_background_start_watch (self);
}

gboolean
drivedash_background_activate (DrivedashBackground *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BACKGROUND (self), FALSE);

  if (!self->pending)
    return FALSE;
  self->pending = FALSE;
  drivedash_background_start_watch (self);
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

static void
drivedash_background_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  DrivedashBackground *self = DRIVEDASH_BACKGROUND (object);

  switch (prop_id)
    {
    case PROP_WATCH:
      g_value_set_object (value, self->watch);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The application is going: nothing more is told, and dropping the
 * follower turns off what it turned on. */
static void
drivedash_background_dispose (GObject *object)
{
  DrivedashBackground *self = DRIVEDASH_BACKGROUND (object);

  if (self->watch != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->watch, self);
      g_clear_object (&self->watch);
    }
  g_clear_object (&self->follower);
  g_clear_weak_pointer (&self->app);
  G_OBJECT_CLASS (drivedash_background_parent_class)->dispose (object);
}

static void
drivedash_background_class_init (DrivedashBackgroundClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = drivedash_background_get_property;
  object_class->dispose = drivedash_background_dispose;

  properties[PROP_WATCH] = g_param_spec_object ("watch", NULL, NULL, DRIVEDASH_TYPE_WATCH,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_background_init (DrivedashBackground *self)
{
}

DrivedashBackground *
drivedash_background_new (GApplication *app)
{
  DrivedashBackground *self;

  g_return_val_if_fail (G_IS_APPLICATION (app), NULL);

  self = g_object_new (DRIVEDASH_TYPE_BACKGROUND, NULL);
  g_set_weak_pointer (&self->app, app);
  g_application_add_main_option (app, "background", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                 _("Start without a window and watch the drives' health "
                                   "(for starting at login)"), NULL);
  return self;
}
