/* drivedash-test-longruns.h — stored long-test runs for the tests, saved
 * through the one save path from real result objects
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-store-save.h"

G_BEGIN_DECLS

/* Builds a result of @kind with the review's shapes (Consistency: 8
 * degradation rounds sliding from 600 to 350 MB/s, 5 steady at 330, 5
 * recovery at 610; Sustained: 4 minutes from 52,000 down to 45,000
 * IOPS; Saturation: 3,000 MB/s for 12 GiB, then 900), every figure
 * times @scale and each value moved by up to ± @jitter (a fraction,
 * from @seed; seed 0: alternately + and −, a spread that holds no
 * difference), finishes it with drivedash_store_run_finish_long(), names
 * it @name (may be NULL) and saves it.  Returns the run's id. */
gint64 drivedash_test_save_long_run (DrivedashStore        *store,
                                     DrivedashLongTestKind  kind,
                                     const char            *name,
                                     double                 scale,
                                     double                 jitter,
                                     guint32                seed);

G_END_DECLS
