/* drivedash-bench-page.h — the Speed view: settings, Start/Stop, results, live plots
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-bench.h"
#include "drivedash-plot.h"
#include "drivedash-results-grid.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_BENCH_PAGE (drivedash_bench_page_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashBenchPage, drivedash_bench_page, DRIVEDASH, BENCH_PAGE, AdwBin)

GtkWidget            *drivedash_bench_page_new              (void);
void                  drivedash_bench_page_set_folder       (DrivedashBenchPage *self,
                                                             const char         *folder);
const char           *drivedash_bench_page_get_folder       (DrivedashBenchPage *self);
gboolean              drivedash_bench_page_get_running      (DrivedashBenchPage *self);
/* The report of the last run (also partial), NULL before the first. */
DrivedashBenchReport *drivedash_bench_page_get_report       (DrivedashBenchPage *self);
/* The last run's error, NULL when it succeeded or none ran. */
const GError         *drivedash_bench_page_get_error        (DrivedashBenchPage *self);
DrivedashPlot        *drivedash_bench_page_get_bandwidth_plot (DrivedashBenchPage *self);
DrivedashPlot        *drivedash_bench_page_get_latency_plot (DrivedashBenchPage *self);
DrivedashResultsGrid *drivedash_bench_page_get_results_grid (DrivedashBenchPage *self);
/* Renders both plots, stacked, into one PNG. */
gboolean              drivedash_bench_page_save_plots       (DrivedashBenchPage *self,
                                                             const char         *path,
                                                             GError            **error);
/* Test hook: shorter passes and pauses than the settings allow (seconds;
 * a negative value keeps the setting), test size in bytes (0 keeps it). */
void                  drivedash_bench_page_set_test_overrides (DrivedashBenchPage *self,
                                                               double              pass_duration,
                                                               double              pause,
                                                               guint64             test_size);

G_END_DECLS
