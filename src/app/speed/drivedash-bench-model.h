/* drivedash-bench-model.h — what the Speed view shows, and its run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-bench.h"
#include "drivedash-bench-options.h"
#include "drivedash-bench-result-item.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_BENCH_MODEL (drivedash_bench_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashBenchModel, drivedash_bench_model, DRIVEDASH, BENCH_MODEL, GObject)

/* Signals, all on the main context of the thread that called _start():
 *
 *   "run-started"  ()            a new run: forget the previous samples.
 *   "test-started" (guint test_index, const char *label, double start_s)
 *                  the first sample of a test is about to come; start_s
 *                  counts from the start of the run.
 *   "sample"       (DrivedashBenchSample *sample, DrivedashBenchMode mode)
 *                  the sample (valid during the emission) and the
 *                  test's mode.
 *   "finished"     (gboolean success)  after "running" went FALSE. */

DrivedashBenchModel   *drivedash_bench_model_new              (void);
/* The choices the next Start uses (a new set when the model was made
 * without one). */
DrivedashBenchOptions *drivedash_bench_model_get_options      (DrivedashBenchModel  *self);
/* A folder the user picked: refuses, with a status message in plain
 * words, folders that are not local or that come through the desktop
 * portal. */
gboolean               drivedash_bench_model_choose_folder    (DrivedashBenchModel  *self,
                                                               GFile                *folder);

gboolean               drivedash_bench_model_get_running      (DrivedashBenchModel  *self);
double                 drivedash_bench_model_get_progress     (DrivedashBenchModel  *self);
/* "RND4K Q32T16 Read" while that test runs, NULL outside a run. */
const char            *drivedash_bench_model_get_current_test (DrivedashBenchModel  *self);
/* The line under Start: an error, or "Stopped…"; NULL when none. */
const char            *drivedash_bench_model_get_status       (DrivedashBenchModel  *self);
/* The error behind the status (the last run's, a refused folder, a failed
 * save), NULL when none. */
const GError          *drivedash_bench_model_get_error        (DrivedashBenchModel  *self);
/* Of DrivedashBenchResultItem, one per test of the last run. */
GListModel            *drivedash_bench_model_get_results      (DrivedashBenchModel  *self);
/* The report of the last finished run (also partial), NULL before. */
DrivedashBenchReport  *drivedash_bench_model_get_report       (DrivedashBenchModel  *self);
/* The CrystalDiskMark-style table of the results so far, NULL if none. */
char                  *drivedash_bench_model_dup_text         (DrivedashBenchModel  *self);

/* The settings the next Start runs with (the options, and the test
 * overrides): what an estimate of its time should use. */
DrivedashBenchSettings *drivedash_bench_model_make_settings   (DrivedashBenchModel  *self);

/* Shows @error (e.g. the plots could not be saved) as the status, in the
 * error colour, until the next Start or folder. */
void                   drivedash_bench_model_show_error       (DrivedashBenchModel  *self,
                                                               const GError         *error);

/* Start: FALSE with @error (also shown as the status) when the settings
 * are wrong.  Stop: cancels the run; the test file is removed. */
gboolean               drivedash_bench_model_start            (DrivedashBenchModel  *self,
                                                               GError              **error);
void                   drivedash_bench_model_stop             (DrivedashBenchModel  *self);

G_END_DECLS
