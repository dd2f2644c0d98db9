/* drivedash-bench-plots.h — the Speed view's live speed and latency plots
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-bench-model.h"
#include "drivedash-plot.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_BENCH_PLOTS (drivedash_bench_plots_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashBenchPlots, drivedash_bench_plots, DRIVEDASH, BENCH_PLOTS, GtkBox)

DrivedashBenchModel *drivedash_bench_plots_get_model     (DrivedashBenchPlots  *self);
/* Draws the model's runs from now on. */
void                 drivedash_bench_plots_set_model     (DrivedashBenchPlots  *self,
                                                          DrivedashBenchModel  *model);
DrivedashPlot       *drivedash_bench_plots_get_bandwidth (DrivedashBenchPlots  *self);
DrivedashPlot       *drivedash_bench_plots_get_latency   (DrivedashBenchPlots  *self);
/* Renders both plots, stacked, into one picture (SVG for ".svg", else PNG). */
gboolean             drivedash_bench_plots_save          (DrivedashBenchPlots  *self,
                                                          const char           *path,
                                                          GError              **error);

G_END_DECLS

G_BEGIN_DECLS
void drivedash_bench_plots_show_stored (DrivedashBenchPlots        *self,
                                        const DrivedashBenchReport *report,
                                        GArray                     *samples);
G_END_DECLS
