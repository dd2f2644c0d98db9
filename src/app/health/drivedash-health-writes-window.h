/* drivedash-health-writes-window.h — "What Writes to This Drive" over
 * time: a stacked bar per hour or day, in a window of its own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-health-model.h"
#include "drivedash-health-writes-plot-model.h"
#include "drivedash-plot.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_WRITES_WINDOW (drivedash_health_writes_window_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthWritesWindow, drivedash_health_writes_window, DRIVEDASH,
                      HEALTH_WRITES_WINDOW, AdwWindow)

/* Properties: "model" (the Health page's DrivedashHealthModel, whose
 * drive it follows), "plot-model" (its own view-model, read-only) and
 * "period" (the buttons' action, bound both ways to the view-model's). */
DrivedashHealthWritesWindow    *drivedash_health_writes_window_new            (DrivedashHealthModel        *model,
                                                                               DrivedashWritesPeriod        period,
                                                                               const char                  *highlight);
DrivedashHealthWritesPlotModel *drivedash_health_writes_window_get_plot_model (DrivedashHealthWritesWindow *self);
DrivedashPlot                  *drivedash_health_writes_window_get_plot       (DrivedashHealthWritesWindow *self);

G_END_DECLS
