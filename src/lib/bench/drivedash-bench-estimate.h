/* drivedash-bench-estimate.h — how long a run takes, before Start and
 * while it runs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "drivedash-bench.h"

G_BEGIN_DECLS

/* Pre-filling the test file when its drive's write speed is not known
 * yet: a slow SATA SSD's; faster drives finish early, never late. */
#define DRIVEDASH_BENCH_ASSUMED_WRITE_MB_PER_S 400.0

/* Measured cost of starting and ending one test (threads, rings,
 * buffers) on top of its passes. */
#define DRIVEDASH_BENCH_TEST_OVERHEAD_S 0.05

typedef struct
{
  double prepare_s;   /* creating and pre-filling the test file */
  double tests_s;     /* warm-up and measured passes of every test */
  double pauses_s;    /* pauses between tests (none after the last) */
  double total_s;
} DrivedashBenchEstimate;

/* @write_mb_per_s: the drive's measured sequential write speed (10^6
 * bytes/s), e.g. from an earlier run; 0 = assume
 * DRIVEDASH_BENCH_ASSUMED_WRITE_MB_PER_S. */
void   drivedash_bench_estimate             (const DrivedashBenchSettings *settings,
                                             guint                         n_tests,
                                             double                        write_mb_per_s,
                                             DrivedashBenchEstimate       *out);

/* Seconds left of a running run.  @phase_elapsed_s: for PREPARING,
 * seconds since the run started; for WARMUP and MEASURING, seconds since
 * test @test_index started (DrivedashBenchSample.elapsed_s); for PAUSING,
 * seconds since that pause began.  Never negative. */
double drivedash_bench_estimate_remaining_s (const DrivedashBenchSettings *settings,
                                             guint                         n_tests,
                                             double                        write_mb_per_s,
                                             guint                         test_index,
                                             DrivedashBenchPhase           phase,
                                             double                        phase_elapsed_s);

/* "about 4 min 35 s", "about 40 s", "about 1 h 5 min": rounded to 5 s
 * below ten minutes, to the minute above. */
char  *drivedash_format_duration_estimate   (double                        seconds);

G_END_DECLS
