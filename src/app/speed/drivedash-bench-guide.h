/* drivedash-bench-guide.h — the words around a speed test: how long it
 * takes, how long is left, and what the figures mean
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-bench-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_BENCH_GUIDE (drivedash_bench_guide_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashBenchGuide, drivedash_bench_guide, DRIVEDASH, BENCH_GUIDE, GObject)

/* Properties (read-only, all strings, NULL when there is nothing to say):
 *   "estimate-text"     "Estimated time: about 1 min 5 s", for the next Start
 *   "time-left-text"    "About 40 s left", while a run goes on
 *   "verdict-headline"  "Fast for an NVMe drive on PCIe 3.0", after a run
 *   "verdict-how"       "How we decided: …"
 *   "explanation"       what MB/s, IOPS, latency, p99 and Q/T mean
 * and "model", the DrivedashBenchModel it follows (construct-only). */
DrivedashBenchGuide *drivedash_bench_guide_new                  (DrivedashBenchModel *model);
const char          *drivedash_bench_guide_get_estimate_text    (DrivedashBenchGuide *self);
const char          *drivedash_bench_guide_get_time_left_text   (DrivedashBenchGuide *self);
const char          *drivedash_bench_guide_get_verdict_headline (DrivedashBenchGuide *self);
const char          *drivedash_bench_guide_get_verdict_how      (DrivedashBenchGuide *self);
/* Pure: the help popover's text, one paragraph per word. */
char                *drivedash_bench_guide_dup_explanation      (void);

G_END_DECLS
