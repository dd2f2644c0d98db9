/* drivedash-thermal.c — the drive's thermal-management counters
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A sustained test reads them before and after its measured phase
 * (drivedash-longtest-thermal.c).
 */
#include "config.h"

#include "drivedash-client.h"
#include "drivedash-thermal-private.h"

static DrivedashThermalReadFunc read_func;

void
drivedash_thermal_set_read_func_for_testing (DrivedashThermalReadFunc func)
{
  read_func = func;
}

gboolean
drivedash_thermal_read (const char        *controller,
                        DrivedashSmartLog *out,
                        GCancellable      *cancellable)
{
  g_autoptr(DrivedashHealth) health = NULL;

  if (controller == NULL)
    return FALSE;
  if (read_func != NULL)
    return read_func (controller, out, cancellable);
  health = drivedash_client_get_health (NULL, controller, DRIVEDASH_CLIENT_NONE, cancellable, NULL);
  if (health == NULL || !(health->has & DRIVEDASH_HEALTH_HAS_SMART))
    return FALSE;
  *out = health->smart;
  return TRUE;
}
