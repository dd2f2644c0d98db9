/* drivedash-health-temperature.h — the temperature now, its limits and
 * the last ten minutes as a graph
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-health-section.h"
#include "drivedash-plot.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_TEMPERATURE (drivedash_health_temperature_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthTemperature, drivedash_health_temperature, DRIVEDASH, HEALTH_TEMPERATURE, DrivedashHealthSection)

DrivedashPlot *drivedash_health_temperature_get_plot (DrivedashHealthTemperature *self);

G_END_DECLS
