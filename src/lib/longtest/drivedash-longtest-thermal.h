/* drivedash-longtest-thermal.h — a long test with the drive's thermal
 * counters read around its measured phase
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-longtest.h"

G_BEGIN_DECLS

/* drivedash_long_test_execute(), and for a sustained test with a controller
 * also the thermal counters: "before" at the start of the measured phase
 * (after the preparation fill), "after" at the end; the result's
 * thermal_evidence says whether they rose.  @sink is passed through,
 * its phase_begin included.  The CLI and the app both run tests this way,
 * so both blame heat on the same stretch of the run. */
DrivedashLongTestResult *drivedash_long_test_execute_with_thermal (const DrivedashLongTestSettings *settings,
                                                                   GCancellable                    *cancellable,
                                                                   const DrivedashLongTestSink     *sink,
                                                                   gpointer                         user_data,
                                                                   DrivedashLongTestResult        **partial,
                                                                   GError                         **error);

G_END_DECLS
