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
  if (cause->domain == DRIVEDASH_ERROR)
    g_set_error_literal (error, cause->domain, cause->code, cause->message);
  else if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_CANCELLED))
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

/* A start job can wait behind others; past this the timer is enabled
 * and will start, and Turn On says so rather than wait on. */
#define JOB_WAIT_S 90

typedef struct
{
  GHashTable *removed;  /* job path → result, from JobRemoved */
  gboolean    gave_up;
} JobWatch;

static void
job_removed_cb (GDBusConnection *bus,
                const char      *sender,
                const char      *path,
                const char      *iface,
                const char      *signal,
                GVariant        *params,
                gpointer         user_data)
{
  JobWatch *watch = user_data;
  const char *job, *unit, *result;
  guint32 id;

  if (!g_variant_is_of_type (params, G_VARIANT_TYPE ("(uoss)")))
    return;
  g_variant_get (params, "(u&o&s&s)", &id, &job, &unit, &result);
  g_hash_table_replace (watch->removed, g_strdup (job), g_strdup (result));
}

static gboolean
give_up_cb (gpointer user_data)
{
  ((JobWatch *) user_data)->gave_up = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
cancelled_cb (GCancellable *cancellable,
              gpointer      user_data)
{
  return give_up_cb (user_data);
}

/* Iterates @context until @job is removed; its result, or NULL when
 * cancelled or after JOB_WAIT_S. */
static const char *
wait_for_job (GMainContext *context,
              JobWatch     *watch,
              const char   *job,
              GCancellable *cancellable)
{
  g_autoptr(GSource) timeout = g_timeout_source_new_seconds (JOB_WAIT_S);
  g_autoptr(GSource) cancelled = cancellable ? g_cancellable_source_new (cancellable) : NULL;

  g_source_set_callback (timeout, give_up_cb, watch, NULL);
  g_source_attach (timeout, context);
  if (cancelled != NULL)
    {
      g_source_set_callback (cancelled, G_SOURCE_FUNC (cancelled_cb), watch, NULL);
      g_source_attach (cancelled, context);
    }
  while (!g_hash_table_contains (watch->removed, job) && !watch->gave_up)
    g_main_context_iteration (context, TRUE);
  g_source_destroy (timeout);
  if (cancelled != NULL)
    g_source_destroy (cancelled);
  return g_hash_table_lookup (watch->removed, job);
}

/* StartUnit, then systemd's word on the job, as systemctl waits for it.
 * The signals come only to subscribers, and may come before StartUnit's
 * reply: the watch is set up first. */
static gboolean
start_timer (GDBusConnection  *bus,
             GCancellable     *cancellable,
             GError          **error)
{
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GHashTable) removed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GVariant) started = NULL;
  g_autoptr(GVariant) subscribed = NULL;
  JobWatch watch = { removed, FALSE };
  const char *job, *result = NULL;
  guint id;

  g_main_context_push_thread_default (context);
  id = g_dbus_connection_signal_subscribe (bus, SYSTEMD_NAME, SYSTEMD_MANAGER, "JobRemoved", SYSTEMD_PATH,
                                           NULL, G_DBUS_SIGNAL_FLAGS_NONE, job_removed_cb, &watch, NULL);
  subscribed = drivedash_trim_call_manager (bus, "Subscribe", NULL, NULL, G_DBUS_CALL_FLAGS_NONE, cancellable, NULL);
  started = drivedash_trim_call_manager (bus, "StartUnit", g_variant_new ("(ss)", TRIM_TIMER, "replace"),
                                         "(o)", G_DBUS_CALL_FLAGS_ALLOW_INTERACTIVE_AUTHORIZATION,
                                         cancellable, error);
  if (started != NULL)
    {
      g_variant_get (started, "(&o)", &job);
      /* Without Subscribe (an old or odd manager) no word comes: the
       * start was accepted, which is all there is to know. */
      result = subscribed != NULL ? wait_for_job (context, &watch, job, cancellable) : "done";
    }
  g_dbus_connection_signal_unsubscribe (bus, id);
  if (subscribed != NULL)
    {
      g_variant_unref (subscribed);
      subscribed = drivedash_trim_call_manager (bus, "Unsubscribe", NULL, NULL, G_DBUS_CALL_FLAGS_NONE,
                                                NULL, NULL);
    }
  g_main_context_pop_thread_default (context);
  if (started == NULL || g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  /* "skipped": already running.  No word in time: it will start. */
  if (result == NULL || g_str_equal (result, "done") || g_str_equal (result, "skipped"))
    return TRUE;
  g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
               _("Weekly trim is on from the next restart, but systemd could not start it now (“%s”)."), result);
  return FALSE;
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

  enabled = drivedash_trim_call_manager (bus, "EnableUnitFiles",
                                         g_variant_new ("(^asbb)", files, FALSE, FALSE),
                                         "(ba(sss))", flags, cancellable, error);
  if (enabled == NULL)
    return FALSE;
  reloaded = drivedash_trim_call_manager (bus, "Reload", NULL, NULL, flags, cancellable, error);
  if (reloaded == NULL)
    return FALSE;
  return start_timer (bus, cancellable, error);
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
