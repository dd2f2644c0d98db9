/* drivedash-autostart.c — starting the background watch at login
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "drivedash-autostart-private.h"
#include "drivedash-toast.h"

#define DESKTOP_NAME APP_ID ".desktop"

char *
drivedash_autostart_get_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "autostart", DESKTOP_NAME, NULL);
}

static char *
desktop_file_contents (void)
{
  /* Name and comment in the user's language at the time of opting in. */
  return g_strdup_printf ("[Desktop Entry]\n"
                          "Type=Application\n"
                          "Name=%s\n"
                          "Comment=%s\n"
                          "Exec=drivedash --background\n"
                          "Icon=" APP_ID "\n"
                          "NoDisplay=true\n"
                          "X-GNOME-Autostart-enabled=true\n",
                          _("Drivedash health watch"),
                          _("Watches your drives’ health and tells you about problems"));
}

gboolean
drivedash_autostart_set_file (gboolean   enabled,
                              GError   **error)
{
  g_autofree char *path = drivedash_autostart_get_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *contents = NULL;
  g_autoptr(GError) local_error = NULL;

  if (!enabled)
    {
      if (g_unlink (path) == 0 || errno == ENOENT)
        return TRUE;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno),
                   _("Drivedash could not stop starting at login: %s could not be removed (%s)."),
                   path, g_strerror (errno));
      return FALSE;
    }
  contents = desktop_file_contents ();
  if (g_mkdir_with_parents (dir, 0700) != 0 ||
      !g_file_set_contents (path, contents, -1, &local_error))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   _("Drivedash could not set itself to start at login: %s could not be written (%s)."),
                   path, local_error != NULL ? local_error->message : g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

typedef struct
{
  GDBusConnection *session;
  guint            subscription;
  gboolean         enabled;
} PortalRequest;

static void
portal_request_free (PortalRequest *r)
{
  g_object_unref (r->session);
  g_free (r);
}

/* Returns once (the answer or the call's failure, whichever comes) and
 * drops the subscription, which holds a reference on the task. */
static void
finish (GTask  *task,
        GError *error,
        gboolean value)
{
  PortalRequest *r = g_task_get_task_data (task);
  g_autoptr(GTask) hold = g_object_ref (task);

  if (r->subscription == 0)
    {
      g_clear_error (&error);
      return;
    }
  g_dbus_connection_signal_unsubscribe (r->session, r->subscription);
  r->subscription = 0;
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, value);
}

static GError *
denied_error (void)
{
  return g_error_new_literal (G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                              _("Running in the background was not allowed. You can "
                                "allow it in Settings → Apps → Drivedash."));
}

static GError *
no_portal_error (void)
{
  return g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED,
                              _("Drivedash could not ask the desktop to let it run in "
                                "the background: the desktop portal did not answer."));
}

/* Request.Response: 0 = allowed, 1 = the user said no, 2 = other. */
static void
on_response (GDBusConnection *connection,
             const char      *sender,
             const char      *path,
             const char      *iface,
             const char      *signal,
             GVariant        *parameters,
             gpointer         user_data)
{
  PortalRequest *r = g_task_get_task_data (user_data);
  g_autoptr(GVariant) results = NULL;
  guint32 response = 2;
  gboolean background = FALSE;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(ua{sv})")))
    return;
  g_variant_get (parameters, "(u@a{sv})", &response, &results);
  g_variant_lookup (results, "background", "b", &background);
  /* "Allowed" without background means the user refused running in the
   * background: for opting in, that is a no. */
  if (response == 0 && (background || !r->enabled))
    finish (user_data, NULL, background);
  else
    finish (user_data, denied_error (), FALSE);
}

static void
called (GObject      *object,
        GAsyncResult *result,
        gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);

  if (reply == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    finish (task, g_steal_pointer (&error), FALSE);
  else if (reply == NULL)
    {
      /* The D-Bus error names the portal's bus name: not for people. */
      g_debug ("RequestBackground failed: %s", error->message);
      finish (task, no_portal_error (), FALSE);
    }
}

void
drivedash_autostart_request_portal (GDBusConnection     *session,
                                    gboolean             enabled,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  PortalRequest *r = g_new0 (PortalRequest, 1);
  g_autofree char *token = g_strdup_printf ("drivedash%u", g_random_int ());
  g_autofree char *sender = g_strdelimit (g_strdup (g_dbus_connection_get_unique_name (session) + 1), ".", '_');
  g_autofree char *handle = g_strdup_printf ("/org/freedesktop/portal/desktop/request/%s/%s", sender, token);
  const char *commandline[] = { "drivedash", "--background", NULL };
  GVariantBuilder options;

  r->session = g_object_ref (session);
  r->enabled = enabled;
  g_task_set_task_data (task, r, (GDestroyNotify) portal_request_free);
  /* Subscribed before the call, on the path the portal will use, so the
   * answer cannot come first. */
  r->subscription = g_dbus_connection_signal_subscribe (session, NULL, "org.freedesktop.portal.Request",
                                                        "Response", handle, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                                        on_response, g_object_ref (task), g_object_unref);
  g_variant_builder_init (&options, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&options, "{sv}", "handle_token", g_variant_new_string (token));
  g_variant_builder_add (&options, "{sv}", "reason",
                         g_variant_new_string (_("Drivedash watches your drives’ health and tells you about problems.")));
  g_variant_builder_add (&options, "{sv}", "autostart", g_variant_new_boolean (enabled));
  g_variant_builder_add (&options, "{sv}", "commandline", g_variant_new_strv (commandline, -1));
  g_dbus_connection_call (session, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                          "org.freedesktop.portal.Background", "RequestBackground",
                          g_variant_new ("(sa{sv})", "", &options), G_VARIANT_TYPE ("(o)"),
                          G_DBUS_CALL_FLAGS_NONE, -1, cancellable, called, g_object_ref (task));
}

gboolean
drivedash_autostart_request_portal_finish (GAsyncResult  *result,
                                           GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static gboolean use_portal_for_testing;

void
drivedash_autostart_set_use_portal_for_testing (gboolean use_portal)
{
  use_portal_for_testing = use_portal;
}

static gboolean
in_flatpak (void)
{
  return use_portal_for_testing || g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS);
}

/* The one question to the portal: the Health page's offer and an open
 * Preferences switch both apply the same change of the setting, and the
 * second caller waits for the first one's answer instead of asking again.
 * The call itself takes no caller's cancellable, so one caller going away
 * does not take the answer from the other; each task still returns
 * "cancelled" to its own caller (GTask checks its cancellable). */
static struct
{
  GPtrArray *waiting;   /* of GTask: the latest question's callers, NULL when
                           none; the question holds a reference of its own */
  gboolean   enabled;   /* what it asks for */
  gboolean   refused;   /* the last question to turn it on got no yes */
} portal;

/* @user_data: the GTasks waiting for this question, which may no longer
 * be the latest one. */
static void
portal_answered (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GPtrArray) waiting = user_data;
  g_autoptr(GError) error = NULL;
  gboolean latest = portal.waiting == waiting;

  drivedash_autostart_request_portal_finish (result, &error);
  if (latest)
    {
      g_clear_pointer (&portal.waiting, g_ptr_array_unref);
      if (portal.enabled)
        portal.refused = error != NULL;
    }
  for (guint i = 0; i < waiting->len; i++)
    {
      GTask *task = g_ptr_array_index (waiting, i);

      if (error != NULL)
        g_task_return_error (task, g_error_copy (error));
      else
        g_task_return_boolean (task, TRUE);
    }
}

static void
ask_portal (GTask    *task,
            gboolean  enabled)
{
  g_autoptr(GDBusConnection) session = NULL;

  /* Nothing was allowed, so there is nothing to take back. */
  if (!enabled && portal.refused && portal.waiting == NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  if (portal.waiting != NULL && portal.enabled == enabled)
    {
      g_ptr_array_add (portal.waiting, g_object_ref (task));
      return;
    }
  session = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  if (session == NULL)
    {
      g_task_return_error (task, no_portal_error ());
      return;
    }
  /* The other answer asked for while one is awaited: a question of its
   * own, which later callers join; the earlier callers keep theirs. */
  g_clear_pointer (&portal.waiting, g_ptr_array_unref);
  portal.enabled = enabled;
  portal.waiting = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (portal.waiting, g_object_ref (task));
  drivedash_autostart_request_portal (session, enabled, NULL, portal_answered,
                                      g_ptr_array_ref (portal.waiting));
}

void
drivedash_autostart_apply_async (gboolean             enabled,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  GError *error = NULL;

  g_task_set_source_tag (task, drivedash_autostart_apply_async);
  /* The file is written at once: it is there when this returns. */
  if (!in_flatpak ())
    {
      if (drivedash_autostart_set_file (enabled, &error))
        g_task_return_boolean (task, TRUE);
      else
        g_task_return_error (task, error);
      return;
    }
  ask_portal (task, enabled);
}

gboolean
drivedash_autostart_apply_finish (GAsyncResult  *result,
                                  GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

#define REVERTING_KEY "drivedash-autostart-reverting"

/* One switch flip waiting for the portal's answer. */
typedef struct
{
  GtkWidget *row;
  GSettings *settings;
  gboolean   enabled;
} PortalCall;

static void
portal_call_free (PortalCall *call)
{
  g_object_unref (call->row);
  g_object_unref (call->settings);
  g_free (call);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PortalCall, portal_call_free)

static void
show_toast (GtkWidget  *widget,
            const char *message)
{
  GtkRoot *root = gtk_widget_get_root (widget);

  if (ADW_IS_PREFERENCES_WINDOW (root))
    adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (root), drivedash_toast_new_plain (message));
}

static void
apply_done (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(PortalCall) call = user_data;
  g_autoptr(GError) error = NULL;

  gtk_widget_set_sensitive (call->row, TRUE);
  if (drivedash_autostart_apply_finish (result, &error))
    return;
  show_toast (call->row, error->message);
  /* Nothing runs in the background, so the switch must not say it does.
   * Turning it off needs no new request: nothing was allowed. */
  if (call->enabled && g_settings_get_boolean (call->settings, "watch-in-background"))
    {
      g_object_set_data (G_OBJECT (call->row), REVERTING_KEY, GINT_TO_POINTER (TRUE));
      g_settings_set_boolean (call->settings, "watch-in-background", FALSE);
    }
}

static void
on_setting_changed (GSettings  *settings,
                    const char *key,
                    GtkWidget  *row)
{
  gboolean enabled = g_settings_get_boolean (settings, key);
  PortalCall *call;

  if (g_object_steal_data (G_OBJECT (row), REVERTING_KEY) != NULL && !enabled)
    return;
  /* A closed Preferences window can leave its row alive (GTK keeps a
   * reference): only a shown switch speaks, or each window ever opened
   * would ask the portal again. */
  if (gtk_widget_get_root (row) == NULL)
    return;
  call = g_new0 (PortalCall, 1);
  call->row = g_object_ref (row);
  call->settings = g_object_ref (settings);
  call->enabled = enabled;
  /* One question at a time: the portal may be showing a dialog. */
  gtk_widget_set_sensitive (row, FALSE);
  drivedash_autostart_apply_async (enabled, NULL, apply_done, call);
}

/* Used by the background watch (drivedash-background.c): only while it
 * runs, so the row is greyed out without it. */
static void
add_games_row (AdwPreferencesGroup *group,
               GSettings           *settings)
{
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
  GtkWidget *toggle = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Game Mode While Playing"));
  adw_action_row_set_subtitle (row, _("Turns game mode on while a game started with GameMode runs, "
                                      "and back off when it ends."));
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (row, toggle);
  adw_action_row_set_activatable_widget (row, toggle);
  g_settings_bind (settings, "game-mode-follows-games", toggle, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "watch-in-background", row, "sensitive", G_SETTINGS_BIND_GET);
  adw_preferences_group_add (group, GTK_WIDGET (row));
}

AdwPreferencesPage *
drivedash_autostart_page_new (GSettings *settings)
{
  AdwPreferencesPage *page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
  GtkWidget *toggle = gtk_switch_new ();

  adw_preferences_page_set_title (page, _("Watch"));
  adw_preferences_page_set_icon_name (page, "emblem-important-symbolic");
  adw_preferences_group_set_description (group,
    _("GNOME’s own disk warnings do not cover NVMe drives. Drivedash can watch them "
      "and tell you when one overheats, wears out or reports errors."));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Watch Drives in the Background"));
  adw_action_row_set_subtitle (row, _("Starts now and at every login, without a window; checks the "
                                      "temperature every minute and the full health every ten minutes"));
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (row, toggle);
  adw_action_row_set_activatable_widget (row, toggle);
  adw_preferences_group_add (group, GTK_WIDGET (row));
  g_settings_bind (settings, "watch-in-background", toggle, "active", G_SETTINGS_BIND_DEFAULT);
  add_games_row (group, settings);
  adw_preferences_page_add (page, group);
  g_signal_connect_object (settings, "changed::watch-in-background",
                           G_CALLBACK (on_setting_changed), row, 0);
  return page;
}
