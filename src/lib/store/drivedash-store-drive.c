/* drivedash-store-drive.c — a stored run's drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "drivedash-drive.h"
#include "drivedash-folder.h"
#include "drivedash-power.h"
#include "drivedash-store-drive.h"
#include "drivedash-sysfs.h"

static double
read_temperature (DrivedashDrive *drive)
{
  const char *hwmon = drivedash_drive_get_hwmon_path (drive);
  g_autofree char *path = hwmon ? g_build_filename (hwmon, "temp1_input", NULL) : NULL;
  gint64 millicelsius;

  if (path == NULL || !drivedash_sysfs_read_int64 (path, &millicelsius, NULL))
    return NAN;
  return millicelsius / 1000.0;
}

void
drivedash_store_run_read_drive (DrivedashStoreRun *run,
                                DrivedashStore    *store,
                                const char        *sysfs_root,
                                const char        *controller,
                                gboolean           at_start)
{
  g_autoptr(DrivedashDrive) drive = NULL;
  g_autoptr(DrivedashGameMode) game_mode = NULL;
  DrivedashPowerPaths paths = *drivedash_power_paths_default ();

  if (controller == NULL)
    return;
  drive = drivedash_drive_lookup (sysfs_root, controller, NULL);
  if (drive == NULL)
    return;
  if (!at_start)
    {
      run->temp_end_c = read_temperature (drive);
      return;
    }

  run->temp_start_c = read_temperature (drive);
  g_free (run->drive_model);
  run->drive_model = g_strdup (drivedash_drive_get_model (drive));
  g_free (run->drive_firmware);
  run->drive_firmware = g_strdup (drivedash_drive_get_firmware (drive));
  run->drive_capacity = drivedash_drive_get_capacity_bytes (drive);
  g_free (run->serial_hash);
  run->serial_hash = store ? drivedash_store_hash_serial (store, drivedash_drive_get_serial (drive)) : NULL;
  /* sysfs needs no privileges to read the state. */
  drivedash_power_paths_override (&paths, sysfs_root, NULL, NULL);
  game_mode = drivedash_game_mode_read (&paths, controller, NULL);
  if (game_mode != NULL && game_mode->supported)
    run->game_mode = game_mode->enabled ? 1 : 0;
}

void
drivedash_store_run_name_folder_drive (DrivedashStoreRun *run,
                                       const char        *folder)
{
  g_autoptr(DrivedashFolderInfo) info = NULL;

  /* An NVMe drive was named from its controller already. */
  if (run->drive_model != NULL)
    return;
  info = drivedash_folder_probe (folder);
  run->drive_model = drivedash_folder_info_dup_drive_name (info);
}
