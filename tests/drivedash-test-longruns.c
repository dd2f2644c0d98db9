/* drivedash-test-longruns.c — stored long-test runs for the tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-test-longruns.h"

/* Without @rand the spread alternates: +jitter for even @i, −jitter
 * for odd, a spread that is sure to hold no difference. */
static double
vary (GRand  *rand,
      double  value,
      double  jitter,
      guint   i)
{
  if (rand == NULL)
    return value * (1 + (i % 2 ? -jitter : jitter));
  return value * (1 + g_rand_double_range (rand, -jitter, jitter));
}

static void
add_round (DrivedashLongTestResult *res,
           DrivedashLongGroup       group,
           guint                    index,
           double                   mb_per_s,
           double                   write_us)
{
  DrivedashLongRound r = { group, index, mb_per_s, 170, write_us, 30 };

  g_array_append_val (res->rounds, r);
}

static void
fill_consistency (DrivedashLongTestResult *res,
                  GRand                   *rand,
                  double                   scale,
                  double                   jitter)
{
  for (guint i = 1; i <= 8; i++)
    add_round (res, DRIVEDASH_LONG_GROUP_DEGRADATION, i, vary (rand, (600 - 250 * (i - 1) / 7.0) * scale, jitter, i),
               vary (rand, 700 + 200 * i, jitter, i));
  for (guint i = 1; i <= 5; i++)
    add_round (res, DRIVEDASH_LONG_GROUP_STEADY, i, vary (rand, 330 * scale, jitter, i), vary (rand, 2200, jitter, i));
  for (guint i = 1; i <= 5; i++)
    add_round (res, DRIVEDASH_LONG_GROUP_RECOVERY, i, vary (rand, 610 * scale, jitter, i), vary (rand, 190, jitter, i));
}

/* PCMark's ten rounds of one storage trace, each after a rest: the engine
 * marks them all as recovery rounds. */
static void
fill_adaptivity (DrivedashLongTestResult *res,
                 GRand                   *rand,
                 double                   scale,
                 double                   jitter)
{
  for (guint i = 1; i <= DRIVEDASH_LONG_ADAPTIVITY_ROUNDS; i++)
    add_round (res, DRIVEDASH_LONG_GROUP_RECOVERY, i, vary (rand, 900 * scale, jitter, i), vary (rand, 300, jitter, i));
}

static void
fill_sustained (DrivedashLongTestResult *res,
                GRand                   *rand,
                double                   scale,
                double                   jitter)
{
  double ios = 0;

  for (guint t = 1; t <= 240; t++)
    {
      DrivedashTimeseriesRow row = { 0 };
      double iops = vary (rand, (52000 - 7000 * t / 240.0) * scale, jitter, t);

      row.t_s = t;
      row.read_iops = iops * 0.7;
      row.write_iops = iops * 0.3;
      row.read_mb_per_s = row.read_iops * 4096 / 1e6;
      row.write_mb_per_s = row.write_iops * 4096 / 1e6;
      row.mean_us = row.p99_us = 600;
      row.phase = DRIVEDASH_LONG_PHASE_MEASURE;
      drivedash_timeseries_append (res->series, &row);
      ios += iops;
    }
  res->measured_ios = (guint64) ios;
  res->measured_s = 240;
  res->measured_mb_per_s = ios / 240 * 4096 / 1e6;
}

static void
fill_saturation (DrivedashLongTestResult *res,
                 GRand                   *rand,
                 double                   scale,
                 double                   jitter)
{
  res->step_bytes = G_GUINT64_CONSTANT (1) << 30;
  for (guint i = 0; i < 40; i++)
    {
      double v = vary (rand, (i < 12 * scale ? 3000 : 900) * scale, jitter, i);

      g_array_append_val (res->per_step, v);
    }
  res->bytes_written = 40 * res->step_bytes;
  res->elapsed_s = 12 * scale * res->step_bytes / 3000e6 + (40 - 12 * scale) * res->step_bytes / 900e6;
}

static DrivedashLongTestResult *
make_result (DrivedashLongTestKind kind,
             double                scale,
             double                jitter,
             guint32               seed)
{
  DrivedashLongTestResult *res = g_new0 (DrivedashLongTestResult, 1);
  g_autoptr(GRand) rand = seed ? g_rand_new_with_seed (seed) : NULL;

  res->kind = kind;
  res->series = drivedash_timeseries_new (1.0, DRIVEDASH_TIMESERIES_DEFAULT_CAP);
  res->rounds = g_array_new (FALSE, TRUE, sizeof (DrivedashLongRound));
  res->minute_p99_us = g_array_new (FALSE, TRUE, sizeof (double));
  res->per_step = g_array_new (FALSE, TRUE, sizeof (double));
  res->file_path = g_strdup ("/tmp/drivedash-test-file");
  if (kind == DRIVEDASH_LONG_TEST_CONSISTENCY)
    fill_consistency (res, rand, scale, jitter);
  else if (kind == DRIVEDASH_LONG_TEST_ADAPTIVITY)
    fill_adaptivity (res, rand, scale, jitter);
  else if (kind == DRIVEDASH_LONG_TEST_SUSTAINED)
    fill_sustained (res, rand, scale, jitter);
  else
    fill_saturation (res, rand, scale, jitter);
  if (kind != DRIVEDASH_LONG_TEST_SUSTAINED)
    {
      /* A row per round, so the stored series is not empty. */
      DrivedashTimeseriesRow row = { .t_s = 1, .write_mb_per_s = 500, .phase = DRIVEDASH_LONG_PHASE_MEASURE };

      drivedash_timeseries_append (res->series, &row);
      res->elapsed_s = MAX (res->elapsed_s, 1);
    }
  return res;
}

gint64
drivedash_test_save_long_run (DrivedashStore        *store,
                              DrivedashLongTestKind  kind,
                              const char            *name,
                              double                 scale,
                              double                 jitter,
                              guint32                seed)
{
  g_autoptr(DrivedashLongTestSettings) settings = drivedash_long_test_settings_new (kind);
  g_autoptr(DrivedashLongTestResult) res = make_result (kind, scale, jitter, seed);
  g_autoptr(DrivedashStoreRun) run = drivedash_store_run_new_long (store, settings);
  g_autoptr(GError) error = NULL;

  drivedash_store_run_finish_long (run, store, res, settings, NULL);
  run->name = g_strdup (name);
  drivedash_store_save (store, run, NULL, &error);
  g_assert_no_error (error);
  return run->id;
}
