/* drivedash-demo.h — the simulated drive of `drivedash --demo`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Demo mode exists so screenshots and the UI tests show a complete health
 * page on machines without NVMe drives.  It is only ever switched on by
 * the explicit --demo command-line option, and everything it shows is
 * labelled as simulated.
 */
#pragma once

#include "drivedash-health.h"

G_BEGIN_DECLS

#define DRIVEDASH_DEMO_CONTROLLER "demo0"

gboolean         drivedash_demo_get_enabled     (void);
void             drivedash_demo_set_enabled     (gboolean enabled);

/* A realistic, complete health report of a well-used 1 TB drive. */
DrivedashHealth *drivedash_demo_health_new      (void);
/* The simulated composite temperature at SECONDS since the demo started,
 * in Kelvin: around 41 °C with slow load swings. */
double           drivedash_demo_temperature_at  (double   seconds);

G_END_DECLS
