/* drivedash-authority.c — polkit checks for drivedashd
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-authority.h"

#define POLKIT_NAME  "org.freedesktop.PolicyKit1"
#define POLKIT_PATH  "/org/freedesktop/PolicyKit1/Authority"
#define POLKIT_IFACE "org.freedesktop.PolicyKit1.Authority"

/* CheckAuthorizationFlags */
#define POLKIT_ALLOW_USER_INTERACTION 0x1

typedef struct
{
  GDBusConnection *connection;
  char            *sender;
  char            *action_id;
} CheckData;

static void
check_data_free (gpointer data)
{
  CheckData *check = data;

  g_clear_object (&check->connection);
  g_free (check->sender);
  g_free (check->action_id);
  g_free (check);
}

G_DEFINE_QUARK (drivedash-authority-error-quark, drivedash_authority_error)

static void
register_errors (void)
{
  static const GDBusErrorEntry entries[] = {
    { DRIVEDASH_AUTHORITY_ERROR_INTERACTIVE_AUTHORIZATION_REQUIRED,
      "org.freedesktop.DBus.Error.InteractiveAuthorizationRequired" },
  };
  static gsize registered = 0;

  g_dbus_error_register_error_domain ("drivedash-authority-error-quark", &registered,
                                      entries, G_N_ELEMENTS (entries));
}

static void
deny (GTask      *task,
      const char *action_id)
{
  g_task_return_new_error (task, G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED,
                           _("Not authorized to perform “%s”."), action_id);
}

static void
caller_uid_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  CheckData *check = g_task_get_task_data (task);
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  guint32 uid = G_MAXUINT32;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply != NULL)
    g_variant_get (reply, "(u)", &uid);

  if (uid == 0)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  g_task_return_new_error (task, G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED,
                           _("Not authorized to perform “%s”: polkit is not running."),
                           check->action_id);
}

static void
check_authorization_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  CheckData *check = g_task_get_task_data (task);
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  gboolean authorized = FALSE;
  gboolean challenge = FALSE;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL)
    {
      if (g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN) ||
          g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_NAME_HAS_NO_OWNER))
        {
          GCancellable *cancellable = g_task_get_cancellable (task);

          /* No polkit on this bus: polkitd always authorizes root, so do the
           * same for root and refuse everyone else. */
          g_dbus_connection_call (check->connection,
                                  "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                  "org.freedesktop.DBus", "GetConnectionUnixUser",
                                  g_variant_new ("(s)", check->sender),
                                  G_VARIANT_TYPE ("(u)"),
                                  G_DBUS_CALL_FLAGS_NONE, -1, cancellable,
                                  caller_uid_cb, g_steal_pointer (&task));
          return;
        }

      g_message ("polkit check of %s for %s failed: %s",
                 check->action_id, check->sender, error->message);
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
        g_task_return_new_error (task, G_DBUS_ERROR, G_DBUS_ERROR_TIMEOUT,
                                 _("Permission was not given in time; try again."));
      else
        deny (task, check->action_id);
      return;
    }

  g_variant_get (reply, "((bb@a{ss}))", &authorized, &challenge, NULL);
  if (authorized)
    g_task_return_boolean (task, TRUE);
  else if (challenge)
    /* polkit would ask for a password, but the caller did not allow a
     * dialog: tell it so, so that it can ask again with one. */
    g_task_return_new_error (task, DRIVEDASH_AUTHORITY_ERROR,
                             DRIVEDASH_AUTHORITY_ERROR_INTERACTIVE_AUTHORIZATION_REQUIRED,
                             _("“%s” needs an administrator password; ask again allowing a password prompt."),
                             check->action_id);
  else
    deny (task, check->action_id);
}

void
drivedash_authority_check_async (GDBusMethodInvocation *invocation,
                                 const char            *action_id,
                                 GVariant              *details,
                                 guint                  timeout_ms,
                                 GCancellable          *cancellable,
                                 GAsyncReadyCallback    callback,
                                 gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  GDBusMessage *message = g_dbus_method_invocation_get_message (invocation);
  GVariantBuilder subject_details;
  CheckData *check;
  guint32 flags = 0;

  register_errors ();
  if (details != NULL)
    g_variant_ref_sink (details);
  else
    details = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{ss}"), NULL, 0));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, drivedash_authority_check_async);

  check = g_new0 (CheckData, 1);
  check->connection = g_object_ref (g_dbus_method_invocation_get_connection (invocation));
  check->sender = g_strdup (g_dbus_method_invocation_get_sender (invocation));
  check->action_id = g_strdup (action_id);
  g_task_set_task_data (task, check, check_data_free);

  if (check->sender == NULL)
    {
      /* A peer-to-peer connection has no sender to check. */
      g_variant_unref (details);
      deny (task, action_id);
      return;
    }

  if (g_dbus_message_get_flags (message) & G_DBUS_MESSAGE_FLAGS_ALLOW_INTERACTIVE_AUTHORIZATION)
    flags |= POLKIT_ALLOW_USER_INTERACTION;

  g_variant_builder_init (&subject_details, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&subject_details, "{sv}", "name",
                         g_variant_new_string (check->sender));

  g_dbus_connection_call (check->connection,
                          POLKIT_NAME, POLKIT_PATH, POLKIT_IFACE,
                          "CheckAuthorization",
                          g_variant_new ("((sa{sv})s@a{ss}us)",
                                         "system-bus-name", &subject_details,
                                         action_id,
                                         details,
                                         flags,
                                         ""),
                          G_VARIANT_TYPE ("((bba{ss}))"),
                          G_DBUS_CALL_FLAGS_NONE,
                          (int) MIN (timeout_ms, G_MAXINT),
                          cancellable,
                          check_authorization_cb,
                          g_steal_pointer (&task));
  g_variant_unref (details);
}

gboolean
drivedash_authority_check_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
