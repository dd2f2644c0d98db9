/* test-sim-drive.c — the demo's simulated drive: believable speeds, a
 * fast cache that fills and empties, and runs through the real engine and
 * long-test runner that never touch a disk
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "drivedash-bench-engine.h"
#include "drivedash-error.h"
#include "drivedash-longtest.h"
#include "drivedash-sim-drive.h"

#define MB 1e6

static double
rate_mb (guint32  block_size,
         guint    depth,
         guint    read_percent,
         gboolean sequential)
{
  DrivedashSimLoad load = { block_size, depth, read_percent, sequential, 1.0 };

  return drivedash_sim_drive_rate (&load, NULL) / MB;
}

/* The four CrystalDiskMark figures of a good PCIe 4.0 drive. */
static void
test_rates (void)
{
  drivedash_sim_drive_reset ();
  g_assert_cmpfloat_with_epsilon (rate_mb (1 << 20, 8, 100, TRUE), 7000, 1);
  g_assert_cmpfloat (rate_mb (1 << 20, 8, 0, TRUE), >, 5000);
  g_assert_cmpfloat (rate_mb (4096, 512, 100, FALSE), >, 3000);
  g_assert_cmpfloat (rate_mb (4096, 512, 100, FALSE), <, 4500);
  g_assert_cmpfloat (rate_mb (4096, 1, 100, FALSE), >, 50);
  g_assert_cmpfloat (rate_mb (4096, 1, 100, FALSE), <, 100);
  /* Writes at depth 1 land in the cache: faster than reads. */
  g_assert_cmpfloat (rate_mb (4096, 1, 0, FALSE), >, rate_mb (4096, 1, 100, FALSE));
}

/* Past 40 GB of writes the drive slows to its own speed; idle, it recovers. */
static void
test_cache (void)
{
  DrivedashSimLoad load = { 1 << 20, 8, 0, TRUE, 1.0 };
  DrivedashSimStream stream;
  DrivedashSimStep step;
  double fast, slow;

  drivedash_sim_drive_reset ();
  fast = drivedash_sim_drive_rate (&load, NULL) / MB;
  drivedash_sim_stream_init (&stream, &load, 1);
  /* 10 s at 6 GB/s: more than the cache takes. */
  drivedash_sim_stream_step (&stream, 10.0, &step);
  g_assert_cmpuint (step.write_bytes, >, 40 * (guint64) MB * 1000);
  g_assert_cmpuint (step.read_bytes, ==, 0);
  g_assert_cmpfloat (drivedash_sim_drive_cache_used (), >, 0.99);
  slow = drivedash_sim_drive_rate (&load, NULL) / MB;
  g_assert_cmpfloat_with_epsilon (slow, 1400, 1);
  g_assert_cmpfloat (fast, >, 4 * slow);
  /* Reads do not care. */
  load.read_percent = 100;
  g_assert_cmpfloat_with_epsilon (drivedash_sim_drive_rate (&load, NULL) / MB, 7000, 1);
  drivedash_sim_drive_reset ();
  g_assert_cmpfloat (drivedash_sim_drive_cache_used (), ==, 0);
}

static DrivedashBenchSettings *
bench_settings (const char *folder)
{
  DrivedashBenchSettings *s = drivedash_bench_settings_new ();

  drivedash_bench_settings_set_folder (s, folder);
  s->simulated = TRUE;
  s->test_size = 1u << 30;
  s->passes = 2;
  s->pass_duration = 0.3;
  s->pause = 0;
  s->sample_interval = 0.05;
  return s;
}

/* The real engine, its passes and results, on the simulated drive: in a
 * folder that does not even exist, and nothing is made anywhere. */
static void
test_bench (void)
{
  static const DrivedashBenchSink sink = { NULL, NULL, NULL };
  g_autofree char *folder = g_build_filename (g_get_tmp_dir (), "drivedash-no-such-folder", NULL);
  g_autoptr(DrivedashBenchSettings) s = bench_settings (folder);
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(GError) error = NULL;
  DrivedashBenchSpec specs[2];
  const DrivedashBenchResult *seq, *rnd;

  drivedash_sim_drive_reset ();
  g_assert_true (drivedash_bench_spec_parse ("SEQ1M Q8T1", DRIVEDASH_BENCH_MODE_READ, &specs[0], NULL));
  g_assert_true (drivedash_bench_spec_parse ("RND4K Q1T1", DRIVEDASH_BENCH_MODE_READ, &specs[1], NULL));
  report = drivedash_bench_engine_run (s, specs, 2, NULL, &sink, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (g_file_test (folder, G_FILE_TEST_EXISTS));
  g_assert_cmpstr (report->filesystem, ==, "simulated");
  g_assert_cmpstr (report->settings->folder, ==, DRIVEDASH_SIM_DRIVE_FOLDER);
  /* The prefill "wrote" the file, on the simulated drive. */
  g_assert_cmpuint (report->bytes_written, ==, s->test_size);
  seq = g_ptr_array_index (report->results, 0);
  rnd = g_ptr_array_index (report->results, 1);
  g_assert_cmpfloat (seq->mb_per_s, >, 6000);
  g_assert_cmpfloat (seq->mb_per_s, <, 8000);
  g_assert_cmpfloat (rnd->mb_per_s, >, 40);
  g_assert_cmpfloat (rnd->mb_per_s, <, 120);
  g_assert_cmpfloat (rnd->latency_us.mean, >, 30);
  g_assert_cmpfloat (rnd->latency_us.p99, >=, rnd->latency_us.p50);
  g_assert_false (rnd->includes_cache);
}

/* A stop ends a simulated run as it ends a real one. */
static void
test_bench_cancel (void)
{
  static const DrivedashBenchSink sink = { NULL, NULL, NULL };
  g_autoptr(DrivedashBenchSettings) s = bench_settings (NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(GError) error = NULL;
  DrivedashBenchSpec spec;

  s->pass_duration = 60;
  g_assert_true (drivedash_bench_spec_parse ("SEQ1M Q8T1", DRIVEDASH_BENCH_MODE_WRITE, &spec, NULL));
  g_cancellable_cancel (cancellable);
  report = drivedash_bench_engine_run (s, &spec, 1, cancellable, &sink, NULL, &error);
  g_assert_null (report);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED);
}

/* The long-test runner, its rows and its fill, on the simulated drive:
 * the fill's write speed falls once the cache is full. */
static void
test_long (void)
{
  g_autofree char *folder = g_build_filename (g_get_tmp_dir (), "drivedash-no-such-folder", NULL);
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_SUSTAINED);
  g_autoptr(DrivedashLongTestResult) res = NULL;
  g_autoptr(GError) error = NULL;
  const DrivedashTimeseriesRow *rows;
  guint n, measured = 0;

  drivedash_sim_drive_reset ();
  g_free (s->folder);
  s->folder = g_strdup (folder);
  s->simulated = TRUE;
  s->duration_s = 2.5;
  s->interval_s = 0.5;
  s->file_size = 1u << 30;
  res = drivedash_long_test_execute (s, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (g_file_test (folder, G_FILE_TEST_EXISTS));
  g_assert_cmpstr (res->file_path, ==, DRIVEDASH_SIM_DRIVE_FOLDER "/drivedash-test");
  n = drivedash_timeseries_get_n_rows (res->series);
  g_assert_cmpuint (n, >=, 4);
  rows = drivedash_timeseries_get_rows (res->series);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpfloat (rows[i].mean_us, >, 0);
      if (rows[i].phase != DRIVEDASH_LONG_PHASE_MEASURE)
        continue;
      /* 70 % reads of 4 KiB at depth 32: a few hundred MB/s. */
      g_assert_cmpfloat (rows[i].read_mb_per_s + rows[i].write_mb_per_s, >, 100);
      g_assert_cmpfloat (rows[i].read_mb_per_s, >, rows[i].write_mb_per_s);
      measured++;
    }
  g_assert_cmpuint (measured, >=, 4);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sim-drive/rates", test_rates);
  g_test_add_func ("/sim-drive/cache", test_cache);
  g_test_add_func ("/sim-drive/bench", test_bench);
  g_test_add_func ("/sim-drive/bench-cancel", test_bench_cancel);
  g_test_add_func ("/sim-drive/long", test_long);
  return g_test_run ();
}
