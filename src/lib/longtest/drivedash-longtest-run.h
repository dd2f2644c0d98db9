/* drivedash-longtest-run.h — one long test, run in a worker thread and
 * delivered to the caller's main context, the way DrivedashBench runs
 * the speed test
 *
 * The Long Tests page, the Full Review and the CLI all run long tests
 * through this object; nothing else starts a long test's thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-longtest.h"

G_BEGIN_DECLS

/* Boxed copies for the signals below. */
#define DRIVEDASH_TYPE_LONG_PROGRESS (drivedash_long_progress_get_type ())
GType drivedash_long_progress_get_type (void) G_GNUC_CONST;
#define DRIVEDASH_TYPE_LONG_ROUND (drivedash_long_round_get_type ())
GType drivedash_long_round_get_type    (void) G_GNUC_CONST;

/* How a run is kept in the results history.  Both are called in the
 * run's worker thread: @begin right before the test (the drive as it is
 * then), @end once it ended with what it measured (@result: the result,
 * or what a stopped or failed run measured, may be NULL; @run_error:
 * why it stopped, NULL when it finished).  @end takes @recording and
 * returns the saved run's id, or 0 with a plain-words error.  lib/store
 * provides the one the app and the CLI use:
 * drivedash_store_keep_long_test_run(). */
typedef struct
{
  gpointer (*begin) (gpointer                         data,
                     const DrivedashLongTestSettings *settings);
  gint64   (*end)   (gpointer                         data,
                     gpointer                         recording,
                     const DrivedashLongTestResult   *result,
                     const GError                    *run_error,
                     GError                         **error);
} DrivedashLongTestSaver;

#define DRIVEDASH_TYPE_LONG_TEST_RUN (drivedash_long_test_run_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashLongTestRun, drivedash_long_test_run, DRIVEDASH, LONG_TEST_RUN, GObject)

/* Signals, all emitted on the thread-default GMainContext of the thread
 * that called drivedash_long_test_run_run_async(), in the order the test
 * made them, never from the worker:
 *
 *   "progress" (DrivedashLongTestRun *, const DrivedashLongProgress *)
 *              the phase, the fraction done (never less than the last
 *              one) and the time left; a slow consumer gets only the latest.
 *   "row"      (DrivedashLongTestRun *, const DrivedashTimeseriesRow *)
 *              one point of the time series; a consumer far behind loses
 *              the oldest (the result has them all).
 *   "round"    (DrivedashLongTestRun *, const DrivedashLongRound *)
 *              a consistency or adaptivity round just measured; never lost.
 *
 * The properties "running", "fraction" and "time-left" change with them. */

/* Takes a copy of @settings. */
DrivedashLongTestRun            *drivedash_long_test_run_new          (const DrivedashLongTestSettings *settings);
const DrivedashLongTestSettings *drivedash_long_test_run_get_settings (DrivedashLongTestRun            *self);

/* Keeps the run in the history through @saver (see above); call before
 * running.  @data is freed with @data_free when @self is. */
void     drivedash_long_test_run_set_saver   (DrivedashLongTestRun         *self,
                                              const DrivedashLongTestSaver *saver,
                                              gpointer                      data,
                                              GDestroyNotify                data_free);

/* Runs the test once.  Cancel with @cancellable: the test stops within a
 * second, its file is removed and the run finishes with
 * DRIVEDASH_ERROR_CANCELLED; what it measured is still kept (see
 * _get_measured()) and saved.  The callback comes after every signal. */
void     drivedash_long_test_run_run_async   (DrivedashLongTestRun  *self,
                                              GCancellable          *cancellable,
                                              GAsyncReadyCallback    callback,
                                              gpointer               user_data);
/* The result (owned by @self), or NULL with why the test did not finish. */
const DrivedashLongTestResult *
         drivedash_long_test_run_run_finish  (DrivedashLongTestRun  *self,
                                              GAsyncResult          *result,
                                              GError               **error);

gboolean drivedash_long_test_run_is_running  (DrivedashLongTestRun  *self);
/* The finished result; NULL while running, or when the test stopped or failed. */
const DrivedashLongTestResult *
         drivedash_long_test_run_get_result  (DrivedashLongTestRun  *self);
/* What was measured: the result, or what a stopped or failed test
 * measured before it ended (NULL when it measured nothing). */
const DrivedashLongTestResult *
         drivedash_long_test_run_get_measured (DrivedashLongTestRun *self);
/* The saved run's id (0: not kept), and why it was not kept (NULL: it
 * was, or no saver was set).  Set once the run has finished. */
gint64   drivedash_long_test_run_get_run_id     (DrivedashLongTestRun *self);
const GError *
         drivedash_long_test_run_get_save_error (DrivedashLongTestRun *self);

/* The latest progress (NULL before the first), the fraction of the
 * whole run done (0..1) and the seconds left, counted down from the
 * latest progress (-1 before the first, 0 once finished). */
const DrivedashLongProgress *
         drivedash_long_test_run_get_progress  (DrivedashLongTestRun *self);
double   drivedash_long_test_run_get_fraction  (DrivedashLongTestRun *self);
double   drivedash_long_test_run_get_time_left (DrivedashLongTestRun *self);
/* When the run will be done, in local time (NULL: not known yet). */
GDateTime *drivedash_long_test_run_dup_finish_time (DrivedashLongTestRun *self);

G_END_DECLS
