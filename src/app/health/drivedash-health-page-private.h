/* drivedash-health-page-private.h — for tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-health-page.h"
#include "drivedash-plot.h"

G_BEGIN_DECLS

DrivedashPlot *drivedash_health_page_get_temperature_plot (DrivedashHealthPage *self);

G_END_DECLS
