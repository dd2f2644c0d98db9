/* drivedash-cli-store.h — saving runs in the results history from the CLI
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-bench.h"
#include "drivedash-store.h"
#include "drivedash-store-recorder.h"
#include "drivedash-store-save.h"

G_BEGIN_DECLS

/* The history at its default path; a recovery message (a damaged file was
 * moved aside) goes to stderr. */
DrivedashStore *drivedash_cli_open_store (GError **error);

/* Runs @bench to the end in a main loop; SIGINT/SIGTERM cancel
 * @cancellable.  NULL with the error on failure. */
DrivedashBenchReport *drivedash_cli_run_bench         (DrivedashBench        *bench,
                                                       GCancellable          *cancellable,
                                                       GError               **error);

/* bench --repeat N: N runs with @pause seconds between, saved (unless
 * !save) as one repeat set whose results are the mean of the runs and whose
 * passes are each run's result.  Prints the set's table (or JSON). */
int drivedash_cli_bench_repeat (const DrivedashBenchSettings *settings,
                                const DrivedashBenchSpec     *tests,
                                guint                         n_tests,
                                guint                         repeat,
                                double                        pause,
                                gboolean                      save,
                                gboolean                      json);

G_END_DECLS

G_BEGIN_DECLS
/* Sleeps @seconds; FALSE when @cancellable (or SIGINT/SIGTERM) stopped it. */
gboolean           drivedash_cli_pause    (double                        seconds,
                                           GCancellable                 *cancellable);
/* One bench run, recorded when @store is given (drive found from the
 * folder unless @controller is given).  Returns the run to keep even when
 * it failed (then with @error set). */
DrivedashStoreRun *drivedash_cli_run_once (DrivedashStore               *store,
                                           const DrivedashBenchSettings *settings,
                                           const DrivedashBenchSpec     *tests,
                                           guint                         n_tests,
                                           const char                   *sysfs_root,
                                           const char                   *controller,
                                           GCancellable                 *cancellable,
                                           GError                      **error);
G_END_DECLS
