/* drivedash-bench-model.h — what the Speed view shows, and its run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-bench.h"
#include "drivedash-bench-options.h"
#include "drivedash-bench-result-item.h"
#include "drivedash-run-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_BENCH_MODEL (drivedash_bench_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashBenchModel, drivedash_bench_model, DRIVEDASH, BENCH_MODEL, DrivedashRunModel)

/* A DrivedashRunModel: start, stop, copy, the folder (refused, with a
 * status message in plain words, when it is not local or comes through
 * the desktop portal) and the run's state are there.  Stop removes the
 * test file.  Its own properties: "options", "current-test" ("RND4K
 * Q32T16 Read" while that test runs, NULL outside a run), "n-samples",
 * "results", "report".
 *
 * Signals, all on the main context of the thread that called _start():
 *
 *   "run-started"  ()            a new run: forget the previous samples.
 *   "test-started" (guint test_index, const char *label, double start_s)
 *                  the first sample of a test is about to come; start_s
 *                  counts from the start of the run.
 *   "sample"       (DrivedashBenchSample *sample, DrivedashBenchMode mode)
 *                  the sample (valid during the emission) and the
 *                  test's mode. */

DrivedashBenchModel   *drivedash_bench_model_new              (void);
/* The choices the next Start uses (a new set when the model was made
 * without one). */
DrivedashBenchOptions *drivedash_bench_model_get_options      (DrivedashBenchModel  *self);
const char            *drivedash_bench_model_get_current_test (DrivedashBenchModel  *self);
/* Of DrivedashBenchResultItem, one per test of the last run. */
GListModel            *drivedash_bench_model_get_results      (DrivedashBenchModel  *self);
/* The report of the last finished run (also partial), NULL before. */
DrivedashBenchReport  *drivedash_bench_model_get_report       (DrivedashBenchModel  *self);
/* The settings the next Start runs with (the options, and the test
 * overrides): what an estimate of its time should use. */
DrivedashBenchSettings *drivedash_bench_model_make_settings   (DrivedashBenchModel  *self);

G_END_DECLS
