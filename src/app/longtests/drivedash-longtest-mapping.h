/* drivedash-longtest-mapping.h — the Long Tests view's words: pure
 * functions, unit-tested without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-longtest.h"

G_BEGIN_DECLS

/* "Long speed test", "Consistency", "How much until it slows down",
 * "Adaptivity". */
const char *drivedash_long_test_get_title       (DrivedashLongTestKind kind);
/* One paragraph: what the test shows and why it takes long. */
const char *drivedash_long_test_get_explanation (DrivedashLongTestKind kind);
/* "less than a minute", "about 12 minutes", "about 7 hours 50 minutes". */
char       *drivedash_long_format_duration      (double                seconds);
/* "Random writes, degradation round 3": what a run is doing now. */
char       *drivedash_long_phase_text           (const DrivedashLongPhase    *phase);
/* "Random writes, degradation round 3 · about 12 minutes left, done at
 * 14:05"; @now gives the clock (a test passes its own). */
char       *drivedash_long_progress_text        (const DrivedashLongProgress *progress,
                                                 GDateTime                   *now);
/* Before Start: "Estimated time: about 12 minutes, done at 14:05", or
 * "Estimated time: 10 to 22 minutes, done by 14:20" when the drive's
 * speed matters (@estimate's two ends read differently). */
char       *drivedash_long_estimate_text        (const DrivedashLongEstimate *estimate,
                                                 GDateTime                   *now);
/* "This test writes about 17.9 GB." and, above 100 GB, that it asks. */
char       *drivedash_long_notice_text          (guint64               bytes);

G_END_DECLS
