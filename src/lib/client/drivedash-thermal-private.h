/* drivedash-thermal-private.h — test hook of drivedash-thermal.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-thermal.h"

G_BEGIN_DECLS

typedef gboolean (*DrivedashThermalReadFunc) (const char        *controller,
                                              DrivedashSmartLog *out,
                                              GCancellable      *cancellable);

/* Replaces where drivedash_thermal_read() gets the SMART log from; NULL
 * restores the real sources.  There is no NVMe drive on the build
 * machines, and no health source that lets a test change the counters at
 * a given point of a run. */
void drivedash_thermal_set_read_func_for_testing (DrivedashThermalReadFunc func);

G_END_DECLS
