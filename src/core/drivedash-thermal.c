/* drivedash-thermal.c — the drive's thermal-management counters
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A long test reads them before and after its run: when they rose, the
 * drive slowed itself down for heat during the run, and the summary may
 * say so (drivedash_long_thermal_evidence()).
 */
#include "config.h"

#include "drivedash-client.h"
#include "drivedash-thermal.h"

gboolean
drivedash_thermal_read (const char        *controller,
                        DrivedashSmartLog *out,
                        GCancellable      *cancellable)
{
  g_autoptr(DrivedashHealth) health = NULL;

  if (controller == NULL)
    return FALSE;
  health = drivedash_client_get_health (NULL, controller, DRIVEDASH_CLIENT_NONE, cancellable, NULL);
  if (health == NULL || !(health->has & DRIVEDASH_HEALTH_HAS_SMART))
    return FALSE;
  *out = health->smart;
  return TRUE;
}
