/* drivedash-store-recorder.h — records one bench run for the results
 * history: samples, drive identity, game mode and temperatures
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-bench.h"
#include "drivedash-store.h"

G_BEGIN_DECLS

/* Watches one bench run: its live samples (for the plots), the drive's
 * identity, game mode and temperature before and after.  Main thread. */
typedef struct _DrivedashStoreRecorder DrivedashStoreRecorder;

/* store: for the salted serial hash; controller NULL: the drive holding
 * the bench folder. */
DrivedashStoreRecorder *drivedash_store_recorder_new    (DrivedashStore             *store,
                                                         DrivedashBench             *bench,
                                                         const char                 *sysfs_root,
                                                         const char                 *controller);
/* The run to save: the report (or, when the run failed or was stopped,
 * the bench's partial report and @error's message). */
DrivedashStoreRun      *drivedash_store_recorder_finish (DrivedashStoreRecorder     *self,
                                                         DrivedashBench             *bench,
                                                         const DrivedashBenchReport *report,
                                                         const GError               *error);
void                    drivedash_store_recorder_free   (DrivedashStoreRecorder     *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashStoreRecorder, drivedash_store_recorder_free)

G_END_DECLS

G_BEGIN_DECLS
/* The store the recorder hashes serials with. */
DrivedashStore         *drivedash_store_recorder_get_store (DrivedashStoreRecorder *self);
G_END_DECLS
