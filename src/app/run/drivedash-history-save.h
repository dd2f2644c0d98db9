/* drivedash-history-save.h — the app's runs go into the results history
 * when they end, off the main thread, through drivedash_store_save()
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-store-recorder.h"
#include "drivedash-store-save.h"

G_BEGIN_DECLS

/* Saves @run, then @members (NULL, or a set's runs) in a worker thread,
 * in @store (the one that hashed the runs' serials; NULL: the default
 * history, opened there). */
void                    drivedash_history_save_async   (DrivedashStore             *store,
                                                        DrivedashStoreRun          *run,
                                                        GPtrArray                  *members,
                                                        GCancellable               *cancellable,
                                                        GAsyncReadyCallback         callback,
                                                        gpointer                    user_data);
/* The saved run's id; 0 and an error that says in plain words that the
 * run was not kept, and why. */
gint64                  drivedash_history_save_finish  (GAsyncResult               *result,
                                                        GError                    **error);

/* Speed test: starts recording @bench (before it runs).  NULL when the
 * history cannot be opened: the run goes on, it is just not kept. */
DrivedashStoreRecorder *drivedash_history_save_begin   (DrivedashBench             *bench);
/* Takes @recorder (may be NULL: then @callback is not called) and saves
 * the run as drivedash_history_save_async() does. */
void                    drivedash_history_save_end     (DrivedashStoreRecorder     *recorder,
                                                        DrivedashBench             *bench,
                                                        const DrivedashBenchReport *report,
                                                        const GError               *error,
                                                        GAsyncReadyCallback         callback,
                                                        gpointer                    user_data);

G_END_DECLS
