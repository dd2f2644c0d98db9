/* drivedash-bench.h — run benchmark tests on io_uring in worker threads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-bench-result.h"
#include "drivedash-bench-settings.h"
#include "drivedash-bench-spec.h"

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_BENCH_PHASE_PREPARING,  /* creating and pre-filling the test file */
  DRIVEDASH_BENCH_PHASE_WARMUP,     /* the discarded first pass of a test */
  DRIVEDASH_BENCH_PHASE_MEASURING,
  DRIVEDASH_BENCH_PHASE_PAUSING,    /* the pause between two tests */
  DRIVEDASH_BENCH_PHASE_FINISHED,
} DrivedashBenchPhase;

#define DRIVEDASH_TYPE_BENCH_PHASE (drivedash_bench_phase_get_type ())
GType       drivedash_bench_phase_get_type         (void) G_GNUC_CONST;
/* Translated "Preparing", "Warming up", "Measuring", "Pausing", "Finished". */
const char *drivedash_bench_phase_get_display_name (DrivedashBenchPhase phase);

/* One live sample: the window since the previous sample (~100 ms). */
typedef struct
{
  guint               test_index;     /* into the run's tests */
  DrivedashBenchPhase phase;          /* WARMUP or MEASURING */
  guint               pass;           /* 0 = warm-up, then 1..passes */
  double              elapsed_s;      /* end of the window, since the test started */
  double              run_elapsed_s;  /* end of the window, since the run started */
  double              window_s;       /* length of the window */
  double              mb_per_s;       /* 10^6 bytes/s */
  double              iops;
  double              latency_mean_us;/* 0 when no I/O completed in the window */
  double              latency_p99_us;
} DrivedashBenchSample;

#define DRIVEDASH_TYPE_BENCH_SAMPLE (drivedash_bench_sample_get_type ())
GType drivedash_bench_sample_get_type (void) G_GNUC_CONST;
DrivedashBenchSample *drivedash_bench_sample_copy (const DrivedashBenchSample *self);
void                  drivedash_bench_sample_free (DrivedashBenchSample       *self);

#define DRIVEDASH_TYPE_BENCH (drivedash_bench_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashBench, drivedash_bench, DRIVEDASH, BENCH, GObject)

/* Signals, all emitted on the thread-default GMainContext of the thread that
 * called drivedash_bench_run_async(), never from an I/O thread:
 *
 *   "sample"        (DrivedashBench *, const DrivedashBenchSample *sample)
 *                   every settings->sample_interval while a test runs.
 *   "progress"      (DrivedashBench *, guint test_index, const char *test_label,
 *                    DrivedashBenchPhase phase, double fraction)
 *                   fraction of the whole run, 0..1; test_label is the
 *                   translated "RND4K Q32T16 Read" (or NULL while preparing).
 *   "test-finished" (DrivedashBench *, guint test_index, DrivedashBenchResult *result)
 *
 * If the consumer is slow, old samples are dropped rather than ever making
 * the I/O threads wait. */

/* @tests: DrivedashBenchSpec, e.g. from drivedash_bench_preset_expand(). */
DrivedashBench               *drivedash_bench_new          (const DrivedashBenchSettings *settings,
                                                            const DrivedashBenchSpec     *tests,
                                                            guint                         n_tests);
const DrivedashBenchSettings *drivedash_bench_get_settings (DrivedashBench               *self);
const DrivedashBenchSpec     *drivedash_bench_get_tests    (DrivedashBench               *self,
                                                            guint                        *n_tests);
/* The results so far (also while running); owned by @self. */
DrivedashBenchReport         *drivedash_bench_get_report   (DrivedashBench               *self);
gboolean                      drivedash_bench_is_running   (DrivedashBench               *self);

/* Runs every test once. Cancel with @cancellable: the I/O threads stop
 * within 200 ms, the test file is removed and the run finishes with
 * DRIVEDASH_ERROR_CANCELLED. Errors are DRIVEDASH_ERROR codes with
 * messages written for people. A DrivedashBench runs at most once. */
void                  drivedash_bench_run_async  (DrivedashBench       *self,
                                                  GCancellable         *cancellable,
                                                  GAsyncReadyCallback   callback,
                                                  gpointer              user_data);
DrivedashBenchReport *drivedash_bench_run_finish (DrivedashBench       *self,
                                                  GAsyncResult         *result,
                                                  GError              **error);

/* The test-file name prefix, for people and for tests: ".drivedash-bench-". */
#define DRIVEDASH_BENCH_FILE_PREFIX ".drivedash-bench-"
/* The test file's size: the test size rounded down to a multiple of this. */
#define DRIVEDASH_BENCH_FILE_GRANULE (1u << 20)

/* Removes test files left behind by runs that crashed from @folder: only
 * regular files of our own user that no run holds (a run locks its file
 * as long as it lives, whatever PID namespace it runs in; process IDs are
 * not compared).  Never follows symbolic links.  Returns how many were
 * removed. Done automatically at the start of every run. */
guint drivedash_bench_remove_stale_files (const char *folder);

G_END_DECLS
