/* bench-history.c — figures for build-aux/bench-history: open a history of
 * N stored runs (CrystalDiskMark's default preset, reads and writes, five
 * passes, a decimated time series each) and list it, then load and compare
 * 6 runs.  Not a test: it prints times and their ratio to the goal.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "drivedash-compare.h"
#include "drivedash-store.h"

#define GOAL_MS 100.0

/* One series for every run: encoding is not what is measured here. */
static GBytes *series;

static DrivedashStoreRun *
make_run (guint i)
{
  const char *tests[] = { "SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1" };
  const char *modes[] = { "read", "write" };
  DrivedashStoreRun *run = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);

  run->started_at = 1700000000000000 + (gint64) i * 60 * G_USEC_PER_SEC;
  run->ended_at = run->started_at + 300 * G_USEC_PER_SEC;
  run->drive_model = g_strdup (i % 2 ? "WD_BLACK SN750 1TB" : "Samsung SSD 970 EVO Plus 1TB");
  run->serial_hash = g_strdup (i % 2 ? "aa" : "bb");
  run->settings_json = g_strdup ("{\"folder\":\"/home/user\",\"test_size\":1073741824,\"passes\":5}");
  run->game_mode = i % 2;
  for (guint m = 0; m < 2; m++)
    for (guint t = 0; t < G_N_ELEMENTS (tests); t++)
      {
        DrivedashStoreResult *r = drivedash_store_result_new (tests[t], modes[m]);

        for (guint p = 0; p < 5; p++)
          {
            double v = 3000.0 / (t + 1) + g_random_double_range (-30, 30);

            g_array_append_val (r->passes, v);
            r->mb_per_s = MAX (r->mb_per_s, v);
          }
        r->iops = r->mb_per_s * 1e6 / 4096;
        r->latency_us = (DrivedashBenchLatency) { 80, 75, 90, 150, 400, 2000 };
        g_ptr_array_add (run->results, r);
      }
  run->series = g_bytes_ref (series);
  return run;
}

static void
fill (const char *path,
      guint       n)
{
  g_autoptr(DrivedashStore) store = drivedash_store_open (path, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree DrivedashBenchSample *samples = g_new0 (DrivedashBenchSample, 8 * 250);

  /* 25 s of samples per test at 10 per second. */
  for (guint s = 0; s < 8 * 250; s++)
    samples[s] = (DrivedashBenchSample) { .test_index = s / 250, .pass = 1 + (s % 250) / 50,
                                          .elapsed_s = (s % 250) * 0.1, .window_s = 0.1,
                                          .mb_per_s = 3000 + g_random_double_range (-100, 100),
                                          .iops = 700000, .latency_mean_us = 80,
                                          .latency_p99_us = 150 };
  series = drivedash_store_series_encode (samples, 8 * 250, 600);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DrivedashStoreRun) run = make_run (i);

      if (!drivedash_store_save_run (store, run, &error))
        g_error ("%s", error->message);
    }
}

static double
ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

/* CPU time of this process: on a shared, busy machine the wall time also
 * counts the other processes' turns. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
measure (const char *path,
         guint       n_runs,
         guint       repeats)
{
  g_autofree double *open_list = g_new0 (double, repeats);
  g_autofree double *compare = g_new0 (double, repeats);
  g_autofree double *open_list_cpu = g_new0 (double, repeats);
  g_autofree double *compare_cpu = g_new0 (double, repeats);
  g_autoptr(GError) error = NULL;

  for (guint k = 0; k < repeats; k++)
    {
      double cpu = cpu_ms ();
      gint64 start = g_get_monotonic_time ();
      g_autoptr(DrivedashStore) store = drivedash_store_open (path, &error);
      g_autoptr(GPtrArray) runs = store ? drivedash_store_list_runs (store, NULL, &error) : NULL;
      g_autoptr(GPtrArray) loaded = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
      g_autoptr(GPtrArray) tests = NULL;
      DrivedashCompareSide sides[6];

      if (runs == NULL || runs->len != n_runs)
        g_error ("listing failed: %s", error ? error->message : "wrong count");
      open_list[k] = ms_since (start);
      open_list_cpu[k] = cpu_ms () - cpu;

      cpu = cpu_ms ();
      start = g_get_monotonic_time ();
      for (guint i = 0; i < 6; i++)
        {
          gint64 id = ((DrivedashStoreRun *) g_ptr_array_index (runs, i * (n_runs / 6)))->id;
          DrivedashStoreRun *run = drivedash_store_get_run (store, id, &error);

          if (run == NULL)
            g_error ("%s", error->message);
          g_ptr_array_add (loaded, run);
        }
      for (guint i = 0; i < 6; i++)
        sides[i] = (DrivedashCompareSide) { 0, NULL, (DrivedashStoreRun **) &loaded->pdata[i], 1 };
      tests = drivedash_compare_sides (sides, 6);
      if (tests->len != 8)
        g_error ("compared %u tests, not 8", tests->len);
      compare[k] = ms_since (start);
      compare_cpu[k] = cpu_ms () - cpu;
    }
  qsort (open_list, repeats, sizeof (double), compare_doubles);
  qsort (compare, repeats, sizeof (double), compare_doubles);
  qsort (open_list_cpu, repeats, sizeof (double), compare_doubles);
  qsort (compare_cpu, repeats, sizeof (double), compare_doubles);
  printf ("open + list %u runs:  median %7.1f ms  (min %.1f, max %.1f)  = %.2f × the %.0f ms goal\n",
          n_runs, open_list[repeats / 2], open_list[0], open_list[repeats - 1],
          open_list[repeats / 2] / GOAL_MS, GOAL_MS);
  printf ("load + compare 6 runs: median %7.1f ms  (min %.1f, max %.1f)  = %.2f × the %.0f ms goal\n",
          compare[repeats / 2], compare[0], compare[repeats - 1], compare[repeats / 2] / GOAL_MS, GOAL_MS);
  printf ("CPU time (median): open + list %.1f ms = %.2f × goal; load + compare %.1f ms = %.2f × goal\n",
          open_list_cpu[repeats / 2], open_list_cpu[repeats / 2] / GOAL_MS,
          compare_cpu[repeats / 2], compare_cpu[repeats / 2] / GOAL_MS);
}

int
main (int    argc,
      char **argv)
{
  guint n_runs = argc > 1 ? (guint) atoi (argv[1]) : 10000;
  guint repeats = argc > 2 ? (guint) atoi (argv[2]) : 9;
  g_autofree char *dir = g_dir_make_tmp ("drivedash-bench-history-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "results.db", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  gint64 start = g_get_monotonic_time ();
  GStatBuf st;

  fill (path, n_runs);
  g_stat (path, &st);
  printf ("filled %u runs in %.1f s; database %.1f MiB\n", n_runs, ms_since (start) / 1000,
          st.st_size / 1048576.0);
  measure (path, n_runs, repeats);
  if (g_getenv ("BENCH_HISTORY_KEEP") != NULL)
    {
      printf ("kept %s\n", path);
      return 0;
    }
  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (dir);
  return 0;
}
