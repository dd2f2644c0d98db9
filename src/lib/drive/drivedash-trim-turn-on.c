/* drivedash-trim-turn-on.c — Turn On Weekly Trim: what "systemctl enable
 * --now fstrim.timer" does, through systemd's D-Bus API
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Enable the unit file, reload so the new links count, start the timer
 * and wait for systemd's answer on the start job (JobRemoved), as
 * systemctl does.  systemd asks polkit itself (manage-unit-files,
 * manage-units); every call allows interactive authorization, so the
 * desktop's agent may ask for a password.  Blocking calls, in a GTask
 * thread.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-error.h"
#include "drivedash-trim-private.h"

/* systemd's errors, said for people. */
static void
set_turn_on_error (GError       **error,
                   const GError  *cause)
{
  if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED,
                         _("Weekly trim was not turned on: it was stopped."));
  else if (g_error_matches (cause, G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED) ||
           drivedash_trim_remote_error_is (cause, "org.freedesktop.DBus.Error.InteractiveAuthorizationRequired"))
    g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION,
                         _("Weekly trim was not turned on: the system did not allow it. An administrator can turn it on."));
  else if (drivedash_trim_is_no_such_unit (cause))
    g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                         _("Weekly trim can’t be turned on: this system has no weekly trim timer (fstrim.timer, part of util-linux)."));
  else if (drivedash_trim_is_no_systemd (cause))
    g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                         _("Weekly trim can’t be turned on here: this computer does not use systemd."));
  else
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                 _("Weekly trim could not be turned on: %s"), cause->message);
}

/* What "systemctl enable --now fstrim.timer" does, as systemd's D-Bus
 * API: enable the unit file, reload so the new links count, start the
 * timer so it runs without a restart. */
static gboolean
turn_on (GDBusConnection *bus,
         GCancellable    *cancellable,
         GError         **error)
{
  const char *files[] = { TRIM_TIMER, NULL };
  GDBusCallFlags flags = G_DBUS_CALL_FLAGS_ALLOW_INTERACTIVE_AUTHORIZATION;
  g_autoptr(GVariant) enabled = NULL;
  g_autoptr(GVariant) reloaded = NULL;
  g_autoptr(GVariant) started = NULL;

  enabled = drivedash_trim_call_manager (bus, "EnableUnitFiles",
                                         g_variant_new ("(^asbb)", files, FALSE, FALSE),
                                         "(ba(sss))", flags, cancellable, error);
  if (enabled == NULL)
    return FALSE;
  reloaded = drivedash_trim_call_manager (bus, "Reload", NULL, NULL, flags, cancellable, error);
  if (reloaded == NULL)
    return FALSE;
  started = drivedash_trim_call_manager (bus, "StartUnit", g_variant_new ("(ss)", TRIM_TIMER, "replace"),
                                         "(o)", flags, cancellable, error);
  return started != NULL;
}

gboolean
drivedash_trim_turn_on (GCancellable  *cancellable,
                        GError       **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, &local);

  if (bus == NULL || !turn_on (bus, cancellable, &local))
    {
      g_debug ("Turning on %s: %s", TRIM_TIMER, local->message);
      set_turn_on_error (error, local);
      return FALSE;
    }
  return TRUE;
}

static void
turn_on_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  GError *error = NULL;

  if (drivedash_trim_turn_on (cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
drivedash_trim_turn_on_async (GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, drivedash_trim_turn_on_async);
  g_task_run_in_thread (task, turn_on_thread);
}

gboolean
drivedash_trim_turn_on_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
