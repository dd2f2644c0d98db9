/* drivedash-health-provider.c — the real drive and the demo drive behind
 * one table of calls
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-client.h"
#include "drivedash-demo.h"
#include "drivedash-error.h"
#include "drivedash-health-provider-private.h"

/* ---------------------------------------------------------------------- */
/* The real drive: the client's asynchronous calls                         */

static const char *
item_sysfs_root (DrivedashDriveItem *item)
{
  DrivedashDrive *drive = drivedash_drive_item_get_drive (item);

  return drive ? drivedash_drive_get_sysfs_root (drive) : NULL;
}

/* A fixture tree has no device nodes: never send a command to a real
 * drive that happens to share a name with a fake one. */
static DrivedashPowerPaths
item_power_paths (DrivedashDriveItem *item)
{
  DrivedashDrive *drive = drivedash_drive_item_get_drive (item);
  DrivedashPowerPaths paths = *drivedash_power_paths_default ();

  if (item_sysfs_root (item))
    paths.sysfs_root = item_sysfs_root (item);
  if (drive == NULL || drivedash_drive_get_device_path (drive) == NULL)
    paths.dev_dir = NULL;
  return paths;
}

static void
real_read_health_async (DrivedashDriveItem  *item,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  drivedash_client_get_health_async (item_sysfs_root (item), drivedash_drive_item_get_name (item),
                                     DRIVEDASH_CLIENT_NONE, cancellable, callback, user_data);
}

static DrivedashHealth *
real_read_health_finish (GAsyncResult  *result,
                         GError       **error)
{
  return drivedash_client_get_health_finish (result, error);
}

static void
real_get_game_mode_async (DrivedashDriveItem  *item,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  DrivedashPowerPaths paths = item_power_paths (item);

  drivedash_client_get_game_mode_async (&paths, drivedash_drive_item_get_name (item),
                                        DRIVEDASH_CLIENT_NONE, cancellable, callback, user_data);
}

static void
real_set_game_mode_async (DrivedashDriveItem  *item,
                          gboolean             enabled,
                          gboolean             persistent,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  DrivedashPowerPaths paths = item_power_paths (item);

  drivedash_client_set_game_mode_async (&paths, drivedash_drive_item_get_name (item),
                                        enabled, persistent, DRIVEDASH_CLIENT_INTERACTIVE,
                                        cancellable, callback, user_data);
}

static DrivedashGameMode *
real_game_mode_finish (GAsyncResult  *result,
                       GError       **error)
{
  /* One finish for both: the client's two finish calls check their own
   * source tags. */
  if (g_async_result_is_tagged (result, drivedash_client_set_game_mode_async))
    return drivedash_client_set_game_mode_finish (result, NULL, error);
  return drivedash_client_get_game_mode_finish (result, NULL, error);
}

static void
real_self_test_async (DrivedashDriveItem    *item,
                      DrivedashSelfTestKind  kind,
                      GCancellable          *cancellable,
                      GAsyncReadyCallback    callback,
                      gpointer               user_data)
{
  drivedash_client_self_test_async (item_sysfs_root (item), drivedash_drive_item_get_name (item),
                                    kind, DRIVEDASH_CLIENT_INTERACTIVE, cancellable,
                                    callback, user_data);
}

static gboolean
real_self_test_finish (GAsyncResult  *result,
                       GError       **error)
{
  return drivedash_client_self_test_finish (result, NULL, error);
}

/* Tests read a journal file made from the fixtures instead. */
static char *test_journal_file;

void
drivedash_health_provider_set_journal_file_for_testing (const char *path)
{
  g_free (test_journal_file);
  test_journal_file = g_strdup (path);
}

static void
real_read_events_async (DrivedashDriveItem  *item,
                        gint64               since_usec,
                        guint                max_events,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  /* Never asks for a password: the events are shown when they can be
   * read, and the group says why when they cannot. */
  drivedash_client_get_kernel_events_async (item_sysfs_root (item), drivedash_drive_item_get_name (item),
                                            test_journal_file, since_usec, max_events,
                                            test_journal_file != NULL ? DRIVEDASH_CLIENT_NO_SERVICE
                                                                      : DRIVEDASH_CLIENT_NONE,
                                            cancellable, callback, user_data);
}

static DrivedashEventLog *
real_read_events_finish (GAsyncResult  *result,
                         GError       **error)
{
  return drivedash_client_get_kernel_events_finish (result, error);
}

static double
real_read_temperature (DrivedashDriveItem *item,
                       double              seconds)
{
  DrivedashDrive *drive = drivedash_drive_item_get_drive (item);
  DrivedashTemperature t = { 0 };

  if (drive && drivedash_health_read_temperature (drive, &t, NULL))
    return t.temperature_kelvin;
  return 0;
}

static const DrivedashHealthProvider real_provider = {
  .simulated = FALSE,
  .read_health_async = real_read_health_async,
  .read_health_finish = real_read_health_finish,
  .get_game_mode_async = real_get_game_mode_async,
  .set_game_mode_async = real_set_game_mode_async,
  .game_mode_finish = real_game_mode_finish,
  .self_test_async = real_self_test_async,
  .self_test_finish = real_self_test_finish,
  .read_events_async = real_read_events_async,
  .read_events_finish = real_read_events_finish,
  .read_temperature = real_read_temperature,
  .has_history = FALSE,
};

/* ---------------------------------------------------------------------- */
/* The demo drive: answers at once, from memory                            */

/* The simulated game-mode switch lives on the item, so every window (and
 * every test) starts with its own, switched off. */
static DrivedashGameMode *
demo_state (DrivedashDriveItem *item)
{
  DrivedashGameMode *state = g_object_get_data (G_OBJECT (item), "drivedash-demo-game-mode");

  if (state == NULL)
    {
      state = g_new0 (DrivedashGameMode, 1);
      state->controller = g_strdup (DRIVEDASH_DEMO_CONTROLLER);
      state->supported = TRUE;
      g_object_set_data_full (G_OBJECT (item), "drivedash-demo-game-mode", state,
                              (GDestroyNotify) drivedash_game_mode_free);
    }
  return state;
}

static DrivedashGameMode *
game_mode_copy (const DrivedashGameMode *state)
{
  DrivedashGameMode *copy = g_new0 (DrivedashGameMode, 1);

  *copy = *state;
  copy->controller = g_strdup (state->controller);
  copy->latency_tolerance = g_strdup (state->latency_tolerance);
  return copy;
}

static void
demo_read_health_async (DrivedashDriveItem  *item,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, demo_read_health_async);
  g_task_return_pointer (task, drivedash_demo_health_new (), (GDestroyNotify) drivedash_health_unref);
}

static DrivedashHealth *
demo_read_health_finish (GAsyncResult  *result,
                         GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
demo_get_game_mode_async (DrivedashDriveItem  *item,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_return_pointer (task, game_mode_copy (demo_state (item)), (GDestroyNotify) drivedash_game_mode_free);
}

static void
demo_set_game_mode_async (DrivedashDriveItem  *item,
                          gboolean             enabled,
                          gboolean             persistent,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  DrivedashGameMode *state = demo_state (item);

  state->enabled = enabled;
  /* Like the service: turning game mode off drops the restart rule. */
  state->persistent = enabled && persistent;
  demo_get_game_mode_async (item, cancellable, callback, user_data);
}

static DrivedashGameMode *
demo_game_mode_finish (GAsyncResult  *result,
                       GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
demo_self_test_async (DrivedashDriveItem    *item,
                      DrivedashSelfTestKind  kind,
                      GCancellable          *cancellable,
                      GAsyncReadyCallback    callback,
                      gpointer               user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_return_new_error (task, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED, "%s",
                           _("This is the simulated drive: there is nothing to test."));
}

static gboolean
demo_self_test_finish (GAsyncResult  *result,
                       GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Real kernel messages (the fixtures' texts) for the simulated drive: it
 * dropped out three times this week, as drives with APST trouble do. */
static DrivedashEventLog *
demo_events_new (gint64 since_usec)
{
  static const struct { DrivedashEventKind kind; int hours_ago; const char *message; } events[] = {
    { DRIVEDASH_EVENT_KIND_RESET, 101, "nvme nvme0: controller is down; will reset: CSTS=0xffffffff, PCI_STATUS=0x10" },
    { DRIVEDASH_EVENT_KIND_AER_CORRECTED, 70, "nvme 0000:01:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)" },
    { DRIVEDASH_EVENT_KIND_RESET, 49, "nvme nvme0: controller is down; will reset: CSTS=0xffffffff, PCI_STATUS=0x10" },
    { DRIVEDASH_EVENT_KIND_TIMEOUT, 26, "nvme nvme0: I/O 512 QID 3 timeout, aborting" },
    { DRIVEDASH_EVENT_KIND_RESET, 26, "nvme nvme0: I/O 512 QID 3 timeout, reset controller" },
  };
  DrivedashEventLog *log = drivedash_event_log_new (G_N_ELEMENTS (events));
  gint64 now = g_get_real_time ();

  log->n_boots = 3;
  for (gsize i = 0; i < G_N_ELEMENTS (events); i++)
    {
      DrivedashKernelEvent *event = drivedash_kernel_event_new (events[i].kind, events[i].message);

      event->time_usec = now - (gint64) events[i].hours_ago * 3600 * G_USEC_PER_SEC;
      event->controller = g_strdup (DRIVEDASH_DEMO_CONTROLLER);
      event->device = g_strdup (DRIVEDASH_DEMO_CONTROLLER);
      if (event->time_usec >= since_usec)
        drivedash_event_log_add (log, event);
      else
        drivedash_kernel_event_free (event);
    }
  return log;
}

static void
demo_read_events_async (DrivedashDriveItem  *item,
                        gint64               since_usec,
                        guint                max_events,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_return_pointer (task, demo_events_new (since_usec), (GDestroyNotify) drivedash_event_log_free);
}

static DrivedashEventLog *
demo_read_events_finish (GAsyncResult  *result,
                         GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static double
demo_read_temperature (DrivedashDriveItem *item,
                       double              seconds)
{
  return drivedash_demo_temperature_at (seconds);
}

static const DrivedashHealthProvider demo_provider = {
  .simulated = TRUE,
  .read_health_async = demo_read_health_async,
  .read_health_finish = demo_read_health_finish,
  .get_game_mode_async = demo_get_game_mode_async,
  .set_game_mode_async = demo_set_game_mode_async,
  .game_mode_finish = demo_game_mode_finish,
  .self_test_async = demo_self_test_async,
  .self_test_finish = demo_self_test_finish,
  .read_events_async = demo_read_events_async,
  .read_events_finish = demo_read_events_finish,
  .read_temperature = demo_read_temperature,
  .has_history = TRUE,
};

const DrivedashHealthProvider *
drivedash_health_provider_real (void)
{
  return &real_provider;
}

const DrivedashHealthProvider *
drivedash_health_provider_demo (void)
{
  return &demo_provider;
}

const DrivedashHealthProvider *
drivedash_health_provider_for (DrivedashDriveItem *item)
{
  return drivedash_drive_item_is_demo (item) ? &demo_provider : &real_provider;
}
