/* drivedash-store-save.h — keeping a run in the results history: the one
 * way the CLI and the app save a speed test, a set (repeat, A/B) and a
 * long test with its series and summary
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-longtest.h"
#include "drivedash-longtest-run.h"
#include "drivedash-store.h"

G_BEGIN_DECLS

/* Saves @run and then each of @members (may be NULL: a single run) with
 * set_id pointing at @run; a member without a role becomes "repeat".
 * Blocking: the app calls it from a worker thread.  A set is saved
 * before its members, so a failure part way leaves the set and the
 * members saved so far; the error is the store's. */
gboolean           drivedash_store_save                (DrivedashStore                  *store,
                                                        DrivedashStoreRun               *run,
                                                        GPtrArray                       *members,
                                                        GError                         **error);

/* A long test's run, with the drive (settings->controller) as it is
 * before the test: call it just before the run starts. */
DrivedashStoreRun *drivedash_store_run_new_long        (DrivedashStore                  *store,
                                                        const DrivedashLongTestSettings *settings);
/* Completes @run once the test ended: its result (done, or stopped or
 * failed with @error: then @result is what was measured so far, may be
 * NULL), the summary as settings JSON, the series and the drive's end
 * temperature. */
void               drivedash_store_run_finish_long     (DrivedashStoreRun               *run,
                                                        DrivedashStore                  *store,
                                                        const DrivedashLongTestResult   *result,
                                                        const DrivedashLongTestSettings *settings,
                                                        const GError                    *error);

/* What the app and the CLI say when the history could not take a run,
 * with @why's domain and code: the results on screen stay, but the user
 * must know they are not kept. */
void               drivedash_store_set_not_kept_error  (GError                         **error,
                                                        const GError                    *why);

/* Keeps @run in the history when it ends, in its worker thread: the
 * drive as it is right before the test, then the result or what a
 * stopped or failed test measured.  @store: NULL for the default history
 * (opened in the worker, a connection of its own); otherwise only the
 * worker uses it while the test runs.  @name: the run's name (NULL:
 * none).  drivedash_long_test_run_get_run_id() and _get_save_error()
 * tell, in plain words, whether it was kept.  Call before running. */
void               drivedash_store_keep_long_test_run  (DrivedashStore                  *store,
                                                        DrivedashLongTestRun            *run,
                                                        const char                      *name);

G_END_DECLS
