/* drivedash-cli-long.h — drivedash-cli long: output and saving
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-longtest.h"
#include "drivedash-store.h"

G_BEGIN_DECLS

/* The result for people, on stdout. */
void   drivedash_cli_long_print      (const DrivedashLongTestResult   *result,
                                      const DrivedashLongTestSettings *settings);
/* A run to save, with the drive as it is before the test. */
DrivedashStoreRun *drivedash_cli_long_start_run (DrivedashStore                  *store,
                                                 const DrivedashLongTestSettings *settings,
                                                 const char                      *controller);
/* Saves @run with the result (done, or stopped/failed with @error: then
 * @result is what was measured so far, may be NULL); returns its id, or
 * 0 with @save_error set. */
gint64 drivedash_cli_long_save       (DrivedashStore                  *store,
                                      DrivedashStoreRun               *run,
                                      const DrivedashLongTestResult   *result,
                                      const DrivedashLongTestSettings *settings,
                                      const char                      *controller,
                                      const GError                    *error,
                                      GError                         **save_error);

G_END_DECLS
