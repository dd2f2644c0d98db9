/* drivedash-daemon-work.c — the work behind drivedashd's methods
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs in the daemon's worker threads: nothing here touches the daemon
 * object or D-Bus, only the paths and the request it is given.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-daemon-work.h"
#include "drivedash-drive.h"
#include "drivedash-event-filter.h"
#include "drivedash-journal.h"
#include "drivedash-health.h"
#include "drivedash-nvme.h"
#include "drivedash-sysfs.h"

static GVariant *
drive_to_variant (DrivedashDrive *drive)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&builder, "{sv}", "name",
                         g_variant_new_string (drivedash_drive_get_name (drive)));
#define ADD_STRING(key, getter) \
  if (getter (drive) != NULL) \
    g_variant_builder_add (&builder, "{sv}", key, g_variant_new_string (getter (drive)))
  ADD_STRING ("model", drivedash_drive_get_model);
  ADD_STRING ("serial", drivedash_drive_get_serial);
  ADD_STRING ("firmware", drivedash_drive_get_firmware);
  ADD_STRING ("state", drivedash_drive_get_state);
  ADD_STRING ("transport", drivedash_drive_get_transport);
#undef ADD_STRING
  g_variant_builder_add (&builder, "{sv}", "capacity-bytes",
                         g_variant_new_uint64 (drivedash_drive_get_capacity_bytes (drive)));
  g_variant_builder_add (&builder, "{sv}", "apst-exposed",
                         g_variant_new_boolean (drivedash_drive_get_apst_exposed (drive)));

  return g_variant_builder_end (&builder);
}

static GVariant *
list_drives (const DrivedashPowerPaths  *paths,
             GError                    **error)
{
  g_autoptr(GPtrArray) drives = NULL;
  GVariantBuilder builder;

  drives = drivedash_drive_list (paths->sysfs_root, error);
  if (drives == NULL)
    return NULL;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aa{sv}"));
  for (guint i = 0; i < drives->len; i++)
    g_variant_builder_add_value (&builder, drive_to_variant (g_ptr_array_index (drives, i)));

  return g_variant_new ("(aa{sv})", &builder);
}

static DrivedashHealth *
read_health (const DrivedashPowerPaths *paths,
             const char                *controller,
             DrivedashHealthReadFlags   flags,
             GError                   **error)
{
  g_autoptr(DrivedashDrive) drive = NULL;
  DrivedashHealth *health;

  drive = drivedash_drive_lookup (paths->sysfs_root, controller, error);
  if (drive == NULL)
    return NULL;

  health = drivedash_health_read (drive, flags, error);
  /* Clients learn that the answer came through us; whether the admin
   * commands worked is in "privileged" and "missing". */
  if (health != NULL)
    health->source = DRIVEDASH_HEALTH_SOURCE_SERVICE;
  return health;
}

static GVariant *
self_test_status_to_variant (DrivedashHealth *health)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&builder, "{sv}", "controller",
                         g_variant_new_string (health->controller));
  g_variant_builder_add (&builder, "{sv}", "supported",
                         g_variant_new_boolean ((health->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_SUPPORTED)
                                                && health->self_test_supported));
  if (health->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG)
    {
      const DrivedashSelfTestLog *log = &health->self_test;

      g_variant_builder_add (&builder, "{sv}", "running",
                             g_variant_new_boolean (log->current != DRIVEDASH_SELF_TEST_NONE));
      g_variant_builder_add (&builder, "{sv}", "current",
                             g_variant_new_string (drivedash_self_test_kind_id (log->current)));
      g_variant_builder_add (&builder, "{sv}", "percent-done",
                             g_variant_new_uint32 (log->current_percent_done));
      if (log->n_results > 0)
        {
          g_variant_builder_add (&builder, "{sv}", "last-kind",
                                 g_variant_new_string (drivedash_self_test_kind_id (log->results[0].kind)));
          g_variant_builder_add (&builder, "{sv}", "last-result",
                                 g_variant_new_string (drivedash_self_test_result_id (log->results[0].result)));
          g_variant_builder_add (&builder, "{sv}", "last-power-on-hours",
                                 g_variant_new_uint64 (log->results[0].power_on_hours));
        }
    }

  return g_variant_builder_end (&builder);
}

static gboolean
send_self_test (const DrivedashPowerPaths  *paths,
                const char                 *controller,
                DrivedashSelfTestKind   kind,
                GError                **error)
{
  g_autoptr(DrivedashDrive) drive = NULL;

  drive = drivedash_drive_lookup (paths->sysfs_root, controller, error);
  if (drive == NULL)
    return FALSE;

  /* Checks the drive's self-test support first; a fixture tree has no
   * device node, which also ends here as "not supported". */
  return drivedash_drive_self_test (drive, kind, error);
}

static char *
read_serial (const DrivedashPowerPaths *paths,
             const char                *controller)
{
  g_autofree char *path = g_build_filename (paths->sysfs_root, "class", "nvme",
                                            controller, "serial", NULL);

  return drivedash_sysfs_read_string (path, NULL);
}

/* Undoes a temporary change, on the drive it was made on only: after a
 * swap the controller name is another drive, which nobody asked about.
 * The rule is never removed, so an administrator's stays. */
static GVariant *
restore_game_mode (const DrivedashPowerPaths  *paths,
                   DrivedashDaemonRequest     *request,
                   GError                    **error)
{
  g_autofree char *serial = read_serial (paths, request->controller);
  g_autoptr(DrivedashGameMode) state = NULL;

  if (serial == NULL || serial[0] == '\0' || g_strcmp0 (serial, request->serial) != 0)
    {
      g_message ("%s: now a different drive (serial “%s”, was “%s”); "
                 "leaving its game mode alone and forgetting the temporary change",
                 request->controller, serial != NULL ? serial : "", request->serial);
      return g_variant_new ("()");
    }

  state = drivedash_game_mode_restore (paths, request->controller, request->enabled,
                                       request->persistent, error);
  if (state == NULL)
    return NULL;
  g_message ("%s: game mode put back %s%s (latency tolerance now “%s”)",
             request->controller, state->enabled ? "on" : "off",
             state->persistent ? ", kept after reboot" : "",
             state->latency_tolerance != NULL ? state->latency_tolerance : "");
  return g_variant_new ("()");
}

/* The rule that keeps game mode on after restarts is an administrator's
 * choice (set-game-mode-persistent, auth_admin_keep): a plain "on" keeps
 * it, and only a call allowed that action may remove it. */
static DrivedashGameMode *
set_game_mode (const DrivedashPowerPaths *paths,
               DrivedashDaemonRequest    *request,
               GError                   **error)
{
  g_autoptr(DrivedashGameMode) before = drivedash_game_mode_read (paths, request->controller, error);
  gboolean persistent = request->persistent;

  if (before == NULL)
    return NULL;
  if (request->want_original)
    {
      request->have_original = before->supported;
      request->original_enabled = before->enabled;
      request->original_persistent = before->persistent;
      request->original_serial = read_serial (paths, request->controller);
    }
  if (before->persistent && request->enabled)
    persistent = TRUE;
  else if (before->persistent && !request->persistent_action)
    {
      g_set_error_literal (error, G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED,
                           _("An administrator set game mode to stay on after restarts for "
                             "this drive. Turning it off needs an administrator's password."));
      return NULL;
    }
  return drivedash_game_mode_set (paths, request->controller, request->enabled, persistent, error);
}

/* Root reads every journal; the drive must be there now, like every
 * controller argument of the service. */
static GVariant *
kernel_events (const DrivedashPowerPaths  *paths,
               DrivedashDaemonRequest     *request,
               GError                    **error)
{
  g_autoptr(DrivedashDrive) drive = drivedash_drive_lookup (paths->sysfs_root, request->controller, error);
  g_autoptr(DrivedashEventFilter) filter = NULL;
  g_autoptr(DrivedashEventLog) log = NULL;
  DrivedashJournalQuery query = {
    request->journal_file, request->one_boot, request->boot, request->since_usec, request->max_events,
  };

  if (drive == NULL)
    return NULL;
  filter = drivedash_event_filter_new (TRUE);
  drivedash_event_filter_add_from_sysfs (filter, paths->sysfs_root, request->controller,
                                         drivedash_drive_get_address (drive));
  log = drivedash_journal_read (&query, filter, error);
  if (log == NULL)
    return NULL;
  return g_variant_new ("(@a{sv})", drivedash_event_log_to_variant (log));
}

/* How long one read of every process answers GetAppWrites: callers, many
 * or greedy, cost one pass over /proc a second at most. */
#define WRITES_FRESH_USEC G_USEC_PER_SEC

/* Polls the shared sampler unless it was just polled; with @answer, what
 * each app wrote since the sampler started, as (taa{sv}). */
static GVariant *
app_writes (DrivedashDaemonWrites *writes,
            gboolean               answer)
{
  g_autoptr(GPtrArray) rows = NULL;
  GVariantBuilder builder;

  if (writes->last_poll == 0 || g_get_monotonic_time () - writes->last_poll >= WRITES_FRESH_USEC)
    {
      g_autoptr(GPtrArray) totals = NULL;

      drivedash_write_sampler_poll (writes->sampler);
      totals = drivedash_write_sampler_take_totals (writes->sampler);
      drivedash_writes_tally_add (writes->tally, totals);
      writes->last_poll = g_get_monotonic_time ();
    }
  if (!answer)
    return g_variant_new ("()");

  rows = drivedash_writes_tally_dup_rows (writes->tally);
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aa{sv}"));
  for (guint i = 0; i < rows->len; i++)
    g_variant_builder_add_value (&builder, drivedash_app_writes_to_variant (g_ptr_array_index (rows, i)));
  return g_variant_new ("(taa{sv})", (guint64) writes->since_usec, &builder);
}

GVariant *
drivedash_daemon_work_run (const DrivedashPowerPaths     *paths,
                           DrivedashDaemonRequest        *request,
                           GError                       **error)
{
  const char *controller = request->controller;
  g_autoptr(DrivedashHealth) health = NULL;
  g_autoptr(DrivedashGameMode) state = NULL;

  if (request->op == DRIVEDASH_DAEMON_OP_LIST_DRIVES)
    return list_drives (paths, error);
  if (request->op == DRIVEDASH_DAEMON_OP_GET_APP_WRITES ||
      request->op == DRIVEDASH_DAEMON_OP_POLL_APP_WRITES)
    return app_writes (request->writes, request->op == DRIVEDASH_DAEMON_OP_GET_APP_WRITES);

  /* Now that the caller may know: does the controller exist? */
  if (!drivedash_power_check_controller (paths, controller, error))
    return NULL;

  switch (request->op)
    {
    case DRIVEDASH_DAEMON_OP_GET_HEALTH:
      health = read_health (paths, controller, DRIVEDASH_HEALTH_READ_FULL, error);
      return health != NULL ? g_variant_new ("(@a{sv})", drivedash_health_to_variant (health)) : NULL;

    case DRIVEDASH_DAEMON_OP_GET_GAME_MODE:
      state = drivedash_game_mode_read (paths, controller, error);
      return state != NULL ? g_variant_new ("(@a{sv})", drivedash_game_mode_to_variant (state)) : NULL;

    case DRIVEDASH_DAEMON_OP_SET_GAME_MODE:
      state = set_game_mode (paths, request, error);
      if (state == NULL)
        return NULL;
      g_message ("%s: game mode %s%s (latency tolerance now “%s”)",
                 controller, state->enabled ? "on" : "off",
                 state->persistent ? ", kept after reboot" : "",
                 state->latency_tolerance != NULL ? state->latency_tolerance : "");
      return g_variant_new ("(@a{sv})", drivedash_game_mode_to_variant (state));

    case DRIVEDASH_DAEMON_OP_RESTORE_GAME_MODE:
      return restore_game_mode (paths, request, error);

    case DRIVEDASH_DAEMON_OP_START_SELF_TEST:
    case DRIVEDASH_DAEMON_OP_ABORT_SELF_TEST:
      if (!send_self_test (paths, controller, request->kind, error))
        return NULL;
      g_message ("%s: self-test command %s sent", controller,
                 request->kind == DRIVEDASH_SELF_TEST_ABORT
                 ? "abort" : drivedash_self_test_kind_id (request->kind));
      return g_variant_new ("()");

    case DRIVEDASH_DAEMON_OP_GET_SELF_TEST_STATUS:
      health = read_health (paths, controller, DRIVEDASH_HEALTH_READ_SELF_TEST, error);
      return health != NULL ? g_variant_new ("(@a{sv})", self_test_status_to_variant (health)) : NULL;

    case DRIVEDASH_DAEMON_OP_GET_KERNEL_EVENTS:
      return kernel_events (paths, request, error);

    case DRIVEDASH_DAEMON_OP_LIST_DRIVES:
    case DRIVEDASH_DAEMON_OP_GET_APP_WRITES:
    case DRIVEDASH_DAEMON_OP_POLL_APP_WRITES:
    default:
      g_assert_not_reached ();
    }
}

gboolean
drivedash_daemon_op_changes_drive (DrivedashDaemonOp op)
{
  return op == DRIVEDASH_DAEMON_OP_SET_GAME_MODE ||
         op == DRIVEDASH_DAEMON_OP_RESTORE_GAME_MODE ||
         op == DRIVEDASH_DAEMON_OP_START_SELF_TEST ||
         op == DRIVEDASH_DAEMON_OP_ABORT_SELF_TEST;
}
