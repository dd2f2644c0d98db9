/* drivedash-client-direct.c — the backends that need no one else:
 * acting directly as root (libnvme admin commands, sysfs writes), and
 * reading sysfs/hwmon as anyone
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two tables because they sit at two places in the chain: as root, direct
 * admin commands give everything, before UDisks2; plain sysfs gives the
 * least, so it comes last and is what is left when nothing else answers.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <unistd.h>

#include "drivedash-client-private.h"
#include "drivedash-error.h"
#include "drivedash-nvme.h"

/* Acting directly needs root and, for commands, a real device node (a
 * fixture sysfs tree has none).  The messages only go to the debug log:
 * the chain moves on. */
static gboolean
check_root (gboolean         needs_device,
            DrivedashDrive  *drive,
            GError         **error)
{
  if (geteuid () != 0)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION,
                           "not running as root");
      return FALSE;
    }
  if (needs_device && drivedash_drive_get_device_path (drive) == NULL)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                           "the drive has no device node");
      return FALSE;
    }
  return TRUE;
}

static DrivedashClientOutcome
direct_get_health (DrivedashClientRequest  *request,
                   GError                 **error)
{
  if (!check_root (TRUE, request->drive, error))
    return DRIVEDASH_CLIENT_UNAVAILABLE;
  request->health = drivedash_health_read (request->drive, DRIVEDASH_HEALTH_READ_FULL, error);
  return request->health != NULL ? DRIVEDASH_CLIENT_ANSWERED : DRIVEDASH_CLIENT_FAILED;
}

/* Without drivedashd, a temporary change is a plain one: nobody is left
 * to put it back if this process dies. */
static DrivedashClientOutcome
direct_set_game_mode (DrivedashClientRequest  *request,
                      GError                 **error)
{
  if (!check_root (FALSE, NULL, error))
    return DRIVEDASH_CLIENT_UNAVAILABLE;
  if (g_cancellable_set_error_if_cancelled (request->cancellable, error))
    return DRIVEDASH_CLIENT_FAILED;
  request->source = DRIVEDASH_HEALTH_SOURCE_SYSFS;
  request->game_mode = drivedash_game_mode_set (request->paths, request->controller,
                                                request->enabled, request->persistent, error);
  return request->game_mode != NULL ? DRIVEDASH_CLIENT_ANSWERED : DRIVEDASH_CLIENT_FAILED;
}

static DrivedashClientOutcome
direct_self_test (DrivedashClientRequest  *request,
                  GError                 **error)
{
  if (!check_root (TRUE, request->drive, error))
    return DRIVEDASH_CLIENT_UNAVAILABLE;
  if (g_cancellable_set_error_if_cancelled (request->cancellable, error))
    return DRIVEDASH_CLIENT_FAILED;
  request->source = DRIVEDASH_HEALTH_SOURCE_NVME;
  return drivedash_drive_self_test (request->drive, request->kind, error)
         ? DRIVEDASH_CLIENT_ANSWERED : DRIVEDASH_CLIENT_FAILED;
}

/* Reading game mode needs no root: sysfs does it below. */
const DrivedashClientBackend drivedash_client_backend_direct = {
  .name = "direct",
  .skip_flag = DRIVEDASH_CLIENT_NO_DIRECT,
  .reads_sysfs = TRUE,
  .steps = {
    [DRIVEDASH_CLIENT_OP_GET_HEALTH] = direct_get_health,
    [DRIVEDASH_CLIENT_OP_SET_GAME_MODE] = direct_set_game_mode,
    [DRIVEDASH_CLIENT_OP_SELF_TEST] = direct_self_test,
  },
};

/* --- sysfs and hwmon, as anyone ------------------------------------------------ */

static DrivedashClientOutcome
sysfs_get_health (DrivedashClientRequest  *request,
                  GError                 **error)
{
  request->health = drivedash_health_read (request->drive, DRIVEDASH_HEALTH_READ_SYSFS_ONLY, error);
  return request->health != NULL ? DRIVEDASH_CLIENT_ANSWERED : DRIVEDASH_CLIENT_FAILED;
}

static DrivedashClientOutcome
sysfs_get_game_mode (DrivedashClientRequest  *request,
                     GError                 **error)
{
  request->source = DRIVEDASH_HEALTH_SOURCE_SYSFS;
  request->game_mode = drivedash_game_mode_read (request->paths, request->controller, error);
  return request->game_mode != NULL ? DRIVEDASH_CLIENT_ANSWERED : DRIVEDASH_CLIENT_FAILED;
}

/* Changes need root or a service: nothing to offer for them. */
const DrivedashClientBackend drivedash_client_backend_sysfs = {
  .name = "sysfs",
  .skip_flag = DRIVEDASH_CLIENT_NONE,
  .reads_sysfs = TRUE,
  .steps = {
    [DRIVEDASH_CLIENT_OP_GET_HEALTH] = sysfs_get_health,
    [DRIVEDASH_CLIENT_OP_GET_GAME_MODE] = sysfs_get_game_mode,
  },
};
