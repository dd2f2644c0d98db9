/* drivedash-history-save.h — the Speed page's runs go into the results
 * history when they end
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-store-recorder.h"

G_BEGIN_DECLS

/* Starts recording @bench (before it runs).  NULL when the history cannot
 * be opened: the run goes on, it is just not kept. */
DrivedashStoreRecorder *drivedash_history_save_begin (DrivedashBench             *bench);
/* Takes @recorder (may be NULL) and saves the run in a worker thread;
 * a failure to save is logged, the results on screen stay. */
void                    drivedash_history_save_end   (DrivedashStoreRecorder     *recorder,
                                                      DrivedashBench             *bench,
                                                      const DrivedashBenchReport *report,
                                                      const GError               *error);

G_END_DECLS
