/* drivedash-background.c — the background watch in the application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The watch runs only in an instance started with --background (at login,
 * when the user opted in).  It holds the application, so closing a window
 * of that instance leaves the watch running.  Each event the rules report
 * becomes one GNotification, with "Show Details" (opens the app on the
 * Health page) and "Don't Warn Again" (mutes that drive).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "drivedash-background.h"
#include "drivedash-store.h"
#include "drivedash-watch-private.h"
#include "drivedash-window.h"

#define PENDING_KEY "drivedash-background-pending"
#define WATCH_KEY   "drivedash-background-watch"

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
  /* Already running: that instance keeps going as it is. */
  if (g_application_get_is_remote (app))
    return TRUE;
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

static void
show_drive (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  GApplication *app = user_data;
  GtkWindow *window;

  g_application_activate (app);
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (DRIVEDASH_IS_WINDOW (window))
    drivedash_window_set_visible_page (DRIVEDASH_WINDOW (window), "health");
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
  };

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
}

gboolean
drivedash_background_activate (GApplication *app)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  DrivedashWatch *watch;

  if (g_object_get_data (G_OBJECT (app), PENDING_KEY) == NULL)
    return FALSE;
  g_object_set_data (G_OBJECT (app), PENDING_KEY, NULL);
  store = drivedash_store_open (NULL, &error);
  if (store == NULL)
    {
      g_warning ("The health watch cannot start: %s", error->message);
      return TRUE;
    }
  watch = drivedash_watch_new (store, NULL);
  drivedash_watch_apply_test_environment (watch);
  g_signal_connect_object (watch, "event", G_CALLBACK (on_event), app, 0);
  g_object_set_data_full (G_OBJECT (app), WATCH_KEY, watch, g_object_unref);
  g_application_hold (app);
  drivedash_watch_start (watch);
  return TRUE;
}
