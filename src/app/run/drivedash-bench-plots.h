/* drivedash-bench-plots.h — the speed test's speed and latency plots
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-bench.h"
#include "drivedash-plot.h"

G_BEGIN_DECLS

/* The size of one plot in a saved picture. */
#define DRIVEDASH_BENCH_PLOT_EXPORT_WIDTH  1000
#define DRIVEDASH_BENCH_PLOT_EXPORT_HEIGHT 340

#define DRIVEDASH_TYPE_BENCH_PLOTS (drivedash_bench_plots_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashBenchPlots, drivedash_bench_plots, DRIVEDASH, BENCH_PLOTS, GtkBox)

DrivedashPlot *drivedash_bench_plots_get_bandwidth (DrivedashBenchPlots        *self);
DrivedashPlot *drivedash_bench_plots_get_latency   (DrivedashBenchPlots        *self);

/* A run as it goes, in the order of the Speed model's signals: a new
 * run, a test's first sample to come (@start_s from the start of the
 * run), each sample with its test's mode. */
void           drivedash_bench_plots_clear         (DrivedashBenchPlots        *self);
void           drivedash_bench_plots_add_test      (DrivedashBenchPlots        *self,
                                                    guint                       test_index,
                                                    const char                 *label,
                                                    double                      start_s);
void           drivedash_bench_plots_add_sample    (DrivedashBenchPlots        *self,
                                                    const DrivedashBenchSample *sample,
                                                    DrivedashBenchMode          mode);
/* The test now measured, named under the plots (NULL: none). */
void           drivedash_bench_plots_set_caption   (DrivedashBenchPlots        *self,
                                                    const char                 *test);

/* A stored run's samples (drivedash_store_series_decode()), drawn as the
 * live run drew them; @report names the tests. */
void           drivedash_bench_plots_show_stored   (DrivedashBenchPlots        *self,
                                                    const DrivedashBenchReport *report,
                                                    GArray                     *samples);

G_END_DECLS
