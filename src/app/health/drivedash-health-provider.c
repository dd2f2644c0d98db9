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
#include "drivedash-health-provider.h"

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
