/* drivedash-bench-page.h — the Speed view: settings, Start/Stop, results, live plots
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-bench.h"
#include "drivedash-bench-model.h"
#include "drivedash-plot.h"
#include "drivedash-results-grid.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_BENCH_PAGE (drivedash_bench_page_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashBenchPage, drivedash_bench_page, DRIVEDASH, BENCH_PAGE, AdwBin)

GtkWidget            *drivedash_bench_page_new              (void);
/* What the page shows; its options are the next run's choices. */
DrivedashBenchModel  *drivedash_bench_page_get_model        (DrivedashBenchPage *self);
/* @folder: a path in the file-name encoding; NULL or "" for home. */
void                  drivedash_bench_page_set_folder       (DrivedashBenchPage *self,
                                                             const char         *folder);
DrivedashPlot        *drivedash_bench_page_get_bandwidth_plot (DrivedashBenchPage *self);
DrivedashPlot        *drivedash_bench_page_get_latency_plot (DrivedashBenchPage *self);
DrivedashResultsGrid *drivedash_bench_page_get_results_grid (DrivedashBenchPage *self);

G_END_DECLS
