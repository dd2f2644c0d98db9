/* test-longtest.c — the long tests' pure parts: time series, phase plan
 * and ETA, summaries (first/last minute, SNIA steady state, cache size)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-bench-file.h"
#include "drivedash-longtest.h"
#include "drivedash-longtest-io.h"
#include "drivedash-longtest-summary.h"
#include "drivedash-test-locale.h"

static DrivedashTimeseriesRow
row_at (double t,
        double iops)
{
  DrivedashTimeseriesRow r = { 0 };

  r.t_s = (float) t;
  r.read_iops = (float) (iops * 0.7);
  r.write_iops = (float) (iops * 0.3);
  /* 4 KiB requests */
  r.read_mb_per_s = (float) (iops * 0.7 * 4096 / 1e6);
  r.write_mb_per_s = (float) (iops * 0.3 * 4096 / 1e6);
  r.read_mean_us = 100;
  r.write_mean_us = 200;
  r.p99_us = (float) (t == 5000 ? 9999 : 500);
  r.phase = DRIVEDASH_LONG_PHASE_MEASURE;
  return r;
}

/* A 24 h run at 1 s keeps every row in bounded memory; a cap merges. */
static void
test_series_bounded (void)
{
  g_autoptr(DrivedashTimeseries) day = drivedash_timeseries_new (1.0, DRIVEDASH_TIMESERIES_DEFAULT_CAP);
  g_autoptr(DrivedashTimeseries) capped = drivedash_timeseries_new (1.0, 1000);
  const DrivedashTimeseriesRow *rows;
  double sum = 0;

  for (guint i = 1; i <= 86400; i++)
    {
      DrivedashTimeseriesRow r = row_at (i, 1000 + i % 7);

      drivedash_timeseries_append (day, &r);
    }
  g_assert_cmpuint (drivedash_timeseries_get_n_rows (day), ==, 86400);
  g_assert_cmpfloat (drivedash_timeseries_get_interval (day), ==, 1.0);
  /* 48-byte rows: under 8 MiB even with GArray's doubling. */
  g_assert_cmpuint (sizeof (DrivedashTimeseriesRow), <=, 48);
  g_assert_cmpuint (drivedash_timeseries_get_memory (day), <, 8u << 20);
  g_test_message ("24 h at 1 s: %" G_GSIZE_FORMAT " bytes", drivedash_timeseries_get_memory (day));

  for (guint i = 1; i <= 10000; i++)
    {
      DrivedashTimeseriesRow r = row_at (i, 2000);

      drivedash_timeseries_append (capped, &r);
    }
  g_assert_cmpuint (drivedash_timeseries_get_n_rows (capped), <=, 1000);
  g_assert_cmpfloat (drivedash_timeseries_get_interval (capped), ==, 16.0);
  rows = drivedash_timeseries_get_rows (capped);
  g_assert_cmpfloat_with_epsilon (rows[drivedash_timeseries_get_n_rows (capped) - 1].t_s, 10000, 1e-3);
  for (guint i = 0; i < drivedash_timeseries_get_n_rows (capped); i++)
    sum += (double) rows[i].read_iops + rows[i].write_iops;
  g_assert_cmpfloat_with_epsilon (sum / drivedash_timeseries_get_n_rows (capped), 2000, 0.01);
  /* the spike at t = 5000 survives the merging */
  for (guint i = 0; i < drivedash_timeseries_get_n_rows (capped); i++)
    if (rows[i].p99_us > 9000)
      return;
  g_assert_not_reached ();
}

static void
test_series_decimate (void)
{
  g_autoptr(DrivedashTimeseries) hour = drivedash_timeseries_new (1.0, DRIVEDASH_TIMESERIES_DEFAULT_CAP);
  g_autoptr(GArray) shown = NULL;
  float worst = 0;

  for (guint i = 1; i <= 5400; i++)
    {
      DrivedashTimeseriesRow r = row_at (i, i < 2700 ? 100 : 300);

      drivedash_timeseries_append (hour, &r);
    }
  shown = drivedash_timeseries_decimate (hour, 600);
  g_assert_cmpuint (shown->len, <=, 600);
  g_assert_cmpuint (shown->len, >=, 500);
  for (guint i = 0; i < shown->len; i++)
    worst = MAX (worst, g_array_index (shown, DrivedashTimeseriesRow, i).p99_us);
  g_assert_cmpfloat (worst, ==, 9999);
  g_assert_cmpfloat_with_epsilon (g_array_index (shown, DrivedashTimeseriesRow, 0).read_iops, 70, 1e-3);
  g_assert_cmpfloat_with_epsilon (g_array_index (shown, DrivedashTimeseriesRow, shown->len - 1).read_iops,
                                  210, 1e-3);
}

static GArray *
sustained_rows (guint  n,
                double first,
                double last)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (DrivedashTimeseriesRow));

  /* preparation rows first: not part of the measurement */
  for (guint i = 0; i < 5; i++)
    {
      DrivedashTimeseriesRow r = row_at (i, 99999);

      r.phase = DRIVEDASH_LONG_PHASE_PREPARE;
      g_array_append_val (rows, r);
    }
  for (guint i = 0; i < n; i++)
    {
      DrivedashTimeseriesRow r = row_at (5 + i, i < n / 2 ? first : last);

      r.temperature_kelvin = i < n / 2 ? 330 : 344;
      g_array_append_val (rows, r);
    }
  return rows;
}

static void
test_first_last (void)
{
  g_autoptr(GArray) ten_min = sustained_rows (600, 1000, 620);
  g_autoptr(GArray) short_run = sustained_rows (100, 500, 500);
  DrivedashSustainedSummary s;
  g_autofree char *plain = NULL;
  g_autofree char *thermal = NULL;
  g_autofree char *steady = NULL;

  g_assert_true (drivedash_long_sustained_summarize ((DrivedashTimeseriesRow *) (gpointer) ten_min->data,
                                                     ten_min->len, 1.0, &s));
  g_assert_cmpfloat (s.window_s, ==, 60);
  g_assert_cmpfloat_with_epsilon (s.first_iops, 1000, 1e-6);
  g_assert_cmpfloat_with_epsilon (s.last_iops, 620, 1e-6);
  g_assert_cmpfloat_with_epsilon (s.first_mb_per_s, 4.096, 1e-5);
  g_assert_cmpfloat_with_epsilon (s.last_mb_per_s, 620 * 4096 / 1e6, 1e-5);
  g_assert_cmpfloat_with_epsilon (s.change_percent, -38, 1e-6);
  g_assert_cmpfloat_with_epsilon (s.total_iops, 810, 1e-6);
  /* the fall happened at 5 minutes, at 71 °C */
  g_assert_cmpfloat_with_epsilon (s.drop_after_s, 300, 31);
  g_assert_cmpuint (s.kelvin_at_drop, ==, 344);
  plain = drivedash_long_sustained_sentence (&s, FALSE);
  thermal = drivedash_long_sustained_sentence (&s, TRUE);
  g_assert_cmpstr (plain, ==, "Speed fell 38 % after 5 minutes.");
  g_assert_cmpstr (thermal, ==, "Speed fell 38 % after 5 minutes, when the drive reached 71 °C "
                                "and started slowing itself down.");

  g_assert_true (drivedash_long_sustained_summarize ((DrivedashTimeseriesRow *) (gpointer) short_run->data,
                                                     short_run->len, 1.0, &s));
  g_assert_cmpfloat (s.window_s, ==, 20);
  g_assert_cmpfloat_with_epsilon (s.change_percent, 0, 1e-9);
  steady = drivedash_long_sustained_sentence (&s, TRUE);
  g_assert_cmpstr (steady, ==, "Speed held steady: the end of the test was within 10 % of its start.");
}

/* The summary of a run whose speed fell 38 % at 71 °C, with the drive's
 * thermal-management counters read before and after it. */
static char *
summary_with_counters (const DrivedashSmartLog *before,
                       const DrivedashSmartLog *after)
{
  g_autoptr(GArray) rows = sustained_rows (600, 1000, 620);
  DrivedashLongTestResult res = { .kind = DRIVEDASH_LONG_TEST_SUSTAINED };
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_SUSTAINED);
  g_autoptr(JsonNode) node = NULL;
  char *summary;

  res.series = drivedash_timeseries_new (1.0, 10000);
  res.rounds = g_array_new (FALSE, FALSE, sizeof (DrivedashLongRound));
  res.minute_p99_us = g_array_new (FALSE, FALSE, sizeof (double));
  res.per_step = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; i < rows->len; i++)
    drivedash_timeseries_append (res.series, &g_array_index (rows, DrivedashTimeseriesRow, i));
  res.thermal_evidence = drivedash_long_thermal_evidence (before, after);
  node = drivedash_long_test_result_to_json (&res, s);
  summary = g_strdup (json_object_get_string_member (json_node_get_object (node), "summary"));
  drivedash_timeseries_free (res.series);
  g_array_unref (res.rounds);
  g_array_unref (res.minute_p99_us);
  g_array_unref (res.per_step);
  return summary;
}

/* "…and started slowing itself down" only when a thermal-management
 * counter rose during the run: not when they stayed, went down (a reset
 * drive) or are unknown (no service, not root). */
static void
test_thermal_evidence (void)
{
  const DrivedashSmartLog before = {
    .thermal_management_1_transitions = 3, .thermal_management_2_transitions = 1,
    .thermal_management_1_seconds = 120, .thermal_management_2_seconds = 8,
  };
  DrivedashSmartLog after = before;
  guint32 *counters[] = {
    &after.thermal_management_1_transitions, &after.thermal_management_2_transitions,
    &after.thermal_management_1_seconds, &after.thermal_management_2_seconds,
  };
  const char *slowed = "Speed fell 38 % after 5 minutes, when the drive reached 71 °C "
                       "and started slowing itself down.";
  g_autofree char *same = summary_with_counters (&before, &after);
  g_autofree char *unknown = summary_with_counters (NULL, &after);

  g_assert_cmpstr (same, ==, "Speed fell 38 % after 5 minutes.");
  g_assert_cmpstr (unknown, ==, "Speed fell 38 % after 5 minutes.");
  g_assert_false (drivedash_long_thermal_evidence (&before, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (counters); i++)
    {
      g_autofree char *rose = NULL;
      g_autofree char *fell = NULL;

      after = before;
      *counters[i] += 1;
      rose = summary_with_counters (&before, &after);
      g_assert_cmpstr (rose, ==, slowed);
      *counters[i] -= 2;
      fell = summary_with_counters (&before, &after);
      g_assert_cmpstr (fell, ==, "Speed fell 38 % after 5 minutes.");
    }
}

static void
test_steady_state (void)
{
  const double reached[] = { 300, 50, 100, 102, 98, 101, 99 };
  const double by_range[] = { 100, 125, 100, 100, 100 };
  const double by_slope[] = { 94, 97, 100, 103, 106 };
  double rr, sr;

  g_assert_true (drivedash_long_steady_state (reached, G_N_ELEMENTS (reached), &rr, &sr));
  g_assert_cmpfloat_with_epsilon (rr, 0.04, 1e-9);
  g_assert_false (drivedash_long_steady_state (by_range, G_N_ELEMENTS (by_range), &rr, &sr));
  g_assert_cmpfloat_with_epsilon (rr, 25.0 / 105, 1e-9);
  g_assert_cmpfloat (sr, <=, 0.10);
  g_assert_false (drivedash_long_steady_state (by_slope, G_N_ELEMENTS (by_slope), &rr, &sr));
  g_assert_cmpfloat (rr, <=, 0.20);
  g_assert_cmpfloat_with_epsilon (sr, 0.12, 1e-9);
  g_assert_false (drivedash_long_steady_state (reached, 4, NULL, NULL));
}

static void
test_cache_detect (void)
{
  double flat[40], one[60], noisy[60];
  guint points = 0;
  double before, after;
  g_autofree char *sentence = NULL;
  g_autofree char *none = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (flat); i++)
    flat[i] = 2000 + (i % 3) * 150 - 150;
  g_assert_false (drivedash_long_cache_detect (flat, G_N_ELEMENTS (flat), 2, 0.30, &points, &before, &after));
  none = drivedash_long_saturation_sentence (flat, G_N_ELEMENTS (flat), G_GUINT64_CONSTANT (1) << 30);
  g_assert_cmpstr (none, ==, "Writes at about 2000 MB/s for all 42.9 GB written; no lasting slowdown was seen.");

  for (guint i = 0; i < G_N_ELEMENTS (one); i++)
    one[i] = i < 34 ? 3000 : 1100;
  g_assert_true (drivedash_long_cache_detect (one, G_N_ELEMENTS (one), 2, 0.30, &points, &before, &after));
  g_assert_cmpuint (points, ==, 34);
  g_assert_cmpfloat (before, ==, 3000);
  g_assert_cmpfloat (after, ==, 1100);
  sentence = drivedash_long_saturation_sentence (one, G_N_ELEMENTS (one), 1000000000);
  g_assert_cmpstr (sentence, ==, "Writes at about 3000 MB/s for the first 34.0 GB, then about 1100 MB/s.");

  /* a noisy plateau: single 40 % dips are not a drop; the real one is */
  for (guint i = 0; i < G_N_ELEMENTS (noisy); i++)
    noisy[i] = i < 20 ? (i % 5 == 2 ? 1500 : 2500 + (i % 2) * 100) : 900 + (i % 2) * 50;
  g_assert_true (drivedash_long_cache_detect (noisy, G_N_ELEMENTS (noisy), 2, 0.30, &points, &before, &after));
  g_assert_cmpuint (points, ==, 20);
  g_assert_cmpfloat (after, ==, 925);
}

/* Phase scheduling: the plan and the ETA against a clock we move. */
static void
test_plan (void)
{
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_CONSISTENCY);
  g_autoptr(GArray) plan = NULL;
  const DrivedashLongPhase *p;
  double timed = 0, total, later;
  guint64 capped = 0;
  guint rounds = 0;

  drivedash_long_test_settings_apply_preset (s, DRIVEDASH_LONG_PRESET_REVIEW);
  g_assert_cmpfloat (s->round_s, ==, 600);
  g_assert_cmpuint (s->timed_bytes, ==, 0);
  drivedash_long_test_settings_apply_preset (s, DRIVEDASH_LONG_PRESET_QUICK);
  g_assert_cmpuint (s->file_size, ==, G_GUINT64_CONSTANT (2) << 30);
  plan = drivedash_long_test_plan (s, 0);
  p = (const DrivedashLongPhase *) (gpointer) plan->data;
  g_assert_cmpuint (plan->len, ==, 1 + 2 * 18);
  g_assert_cmpint (p[0].kind, ==, DRIVEDASH_LONG_PHASE_PREPARE);
  g_assert_cmpuint (p[0].bytes, ==, 2 * s->file_size);
  g_assert_cmpuint (p[0].max_bytes, ==, 0);
  for (guint i = 1; i <= 8; i++)
    {
      g_assert_cmpint (p[2 * i - 1].kind, ==, DRIVEDASH_LONG_PHASE_BURST);
      g_assert_cmpfloat_with_epsilon (p[2 * i - 1].seconds, 6 + (i - 1) * 3, 1e-9);
      g_assert_cmpint (p[2 * i].kind, ==, DRIVEDASH_LONG_PHASE_MEASURE);
      g_assert_cmpuint (p[2 * i].round, ==, i);
      /* The storage tests run by amount: no cap. */
      g_assert_cmpuint (p[2 * i].max_bytes, ==, 0);
    }
  g_assert_cmpint (p[17].group, ==, DRIVEDASH_LONG_GROUP_STEADY);
  g_assert_cmpfloat_with_epsilon (p[17].seconds, 27, 1e-9);
  g_assert_cmpint (p[27].kind, ==, DRIVEDASH_LONG_PHASE_IDLE);
  g_assert_cmpint (p[27].group, ==, DRIVEDASH_LONG_GROUP_RECOVERY);
  for (guint i = 0; i < plan->len; i++)
    {
      timed += p[i].seconds;
      rounds += p[i].kind == DRIVEDASH_LONG_PHASE_MEASURE;
      capped += p[i].max_bytes;
    }
  g_assert_cmpuint (rounds, ==, 18);
  /* Quick: under five minutes of writing and resting (8·T0 + 28·Tstep
   * + 5·(T0 + 7·Tstep) + 5·idle at T0 = 6 s), the bursts sharing 16 GiB
   * by their time. */
  g_assert_cmpfloat_with_epsilon (timed, 282, 1e-6);
  g_assert_cmpuint (capped, <=, s->timed_bytes);
  g_assert_cmpuint (capped, >=, s->timed_bytes - 18 * 4096);
  g_assert_cmpuint (p[17].max_bytes, >, p[1].max_bytes * 4);

  total = drivedash_long_test_plan_remaining_s (p, plan->len, 0, 0, 1e9);
  later = drivedash_long_test_plan_remaining_s (p, plan->len, 1, 5, 1e9);
  /* at 1 GB/s: the precondition, 18 storage tests, the timed phases */
  g_assert_cmpfloat_with_epsilon (total, 282 + (2.0 * s->file_size + 18.0 * (s->file_size / 4)) / 1e9, 1e-6);
  g_assert_cmpfloat_with_epsilon (total - later, 2.0 * s->file_size / 1e9 + 5, 1e-6);
  g_assert_cmpfloat (drivedash_long_test_plan_remaining_s (p, plan->len, plan->len - 1, 1e9, 1e9), ==, 0);
}

/* Adaptivity: the fill of the whole amount, then ten rounds of rest and
 * the storage test, all recovery rounds; the presets change the rest. */
static void
test_plan_adaptivity (void)
{
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_ADAPTIVITY);
  g_autoptr(GArray) plan = NULL;
  const DrivedashLongPhase *p;
  guint64 amount = G_GUINT64_CONSTANT (40) << 30;
  guint64 trace = G_GUINT64_CONSTANT (2) << 30;  /* a quarter of 40 GiB, capped at 2 GiB */
  DrivedashLongTestKind kind;
  DrivedashLongEstimate e;

  g_assert_true (drivedash_long_test_kind_from_string ("adaptivity", &kind));
  g_assert_cmpint (kind, ==, DRIVEDASH_LONG_TEST_ADAPTIVITY);
  g_assert_cmpstr (drivedash_long_test_kind_to_string (kind), ==, "adaptivity");
  g_assert_true (drivedash_long_test_kind_fills (DRIVEDASH_LONG_TEST_ADAPTIVITY));
  g_assert_true (drivedash_long_test_kind_fills (DRIVEDASH_LONG_TEST_SATURATION));
  g_assert_false (drivedash_long_test_kind_fills (DRIVEDASH_LONG_TEST_CONSISTENCY));
  /* Review fills the free space (amount 0) and rests PCMark's 5
   * minutes; Standard fills 32 GiB and rests 12 s, Quick 2 GiB and 3 s. */
  g_assert_cmpuint (s->amount, ==, 0);
  g_assert_cmpuint (s->fill_cap, ==, G_GUINT64_CONSTANT (32) << 30);
  g_assert_cmpfloat (s->idle_s, ==, 12);
  drivedash_long_test_settings_apply_preset (s, DRIVEDASH_LONG_PRESET_QUICK);
  g_assert_cmpfloat (s->idle_s, ==, 3);
  g_assert_cmpuint (s->fill_cap, ==, G_GUINT64_CONSTANT (2) << 30);
  drivedash_long_test_settings_apply_preset (s, DRIVEDASH_LONG_PRESET_REVIEW);
  g_assert_cmpfloat (s->idle_s, ==, 300);
  g_assert_cmpuint (s->amount, ==, 0);
  g_assert_cmpuint (s->fill_cap, ==, 0);

  plan = drivedash_long_test_plan (s, amount);
  p = (const DrivedashLongPhase *) (gpointer) plan->data;
  g_assert_cmpuint (plan->len, ==, 1 + 2 * 10);
  g_assert_cmpint (p[0].kind, ==, DRIVEDASH_LONG_PHASE_FILL);
  g_assert_cmpuint (p[0].bytes, ==, amount);
  for (guint i = 1; i <= 10; i++)
    {
      g_assert_cmpint (p[2 * i - 1].kind, ==, DRIVEDASH_LONG_PHASE_IDLE);
      g_assert_cmpfloat (p[2 * i - 1].seconds, ==, 300);
      g_assert_cmpint (p[2 * i].kind, ==, DRIVEDASH_LONG_PHASE_MEASURE);
      g_assert_cmpuint (p[2 * i].bytes, ==, trace);
      g_assert_cmpuint (p[2 * i].round, ==, i);
      g_assert_cmpint (p[2 * i].group, ==, DRIVEDASH_LONG_GROUP_RECOVERY);
      g_assert_cmpint (p[2 * i - 1].group, ==, DRIVEDASH_LONG_GROUP_RECOVERY);
    }
  /* The notice's amount: the fill and the storage tests' writes. */
  drivedash_long_test_estimate (s, amount, &e);
  {
    double storage = (double) drivedash_long_io_trace_write_bytes (amount, trace, DRIVEDASH_LONG_IO_STORAGE_SEED);

    /* About two in five of its bytes are writes. */
    g_assert_cmpfloat (storage, >, 0.25 * trace);
    g_assert_cmpfloat (storage, <, 0.6 * trace);
    g_assert_cmpfloat_with_epsilon ((double) e.bytes_high, amount + 10 * storage, 2);
    g_assert_cmpfloat_with_epsilon ((double) e.bytes_low, amount + 10 * storage, 2);
  }
  /* At 1 GB/s: the fill, ten rests and ten storage tests. */
  g_assert_cmpfloat_with_epsilon (drivedash_long_test_plan_remaining_s (p, plan->len, 0, 0, 1e9),
                                  (amount + 10.0 * trace) / 1e9 + 3000, 1e-6);
}

/* Ten synthetic rounds: 100 … 1,000 MB/s, reads 50 µs, writes 100 …
 * 1,000 µs. */
static DrivedashLongTestResult *
make_adaptivity (guint n)
{
  DrivedashLongTestResult *res = g_new0 (DrivedashLongTestResult, 1);

  res->kind = DRIVEDASH_LONG_TEST_ADAPTIVITY;
  res->series = drivedash_timeseries_new (1, DRIVEDASH_TIMESERIES_DEFAULT_CAP);
  res->rounds = g_array_new (FALSE, TRUE, sizeof (DrivedashLongRound));
  res->minute_p99_us = g_array_new (FALSE, TRUE, sizeof (double));
  res->per_step = g_array_new (FALSE, TRUE, sizeof (double));
  for (guint i = 1; i <= n; i++)
    {
      DrivedashLongRound r = { DRIVEDASH_LONG_GROUP_RECOVERY, i, 100.0 * i, 50, 100.0 * i, 0.5 };

      g_array_append_val (res->rounds, r);
    }
  res->fill_bytes = 1000000000;
  res->bytes_written = 1200000000;
  res->bytes_read = 300000000;
  return res;
}

static void
test_adaptivity_result (void)
{
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_ADAPTIVITY);
  g_autoptr(DrivedashLongTestResult) res = make_adaptivity (10);
  g_autoptr(DrivedashLongTestResult) short_res = make_adaptivity (4);
  g_autoptr(JsonNode) node = drivedash_long_test_result_to_json (res, s);
  g_autoptr(JsonNode) short_node = drivedash_long_test_result_to_json (short_res, s);
  JsonObject *o = json_node_get_object (node);
  JsonObject *avg = json_object_get_object_member (o, "average");
  JsonArray *rounds = json_object_get_array_member (o, "rounds");
  g_autofree char *text = drivedash_long_test_result_to_text (res, s);
  DrivedashLongRound mean;

  g_assert_true (drivedash_long_rounds_average ((const DrivedashLongRound *) (gpointer) res->rounds->data,
                                                10, DRIVEDASH_LONG_GROUP_NONE, &mean));
  g_assert_cmpuint (mean.index, ==, 10);
  g_assert_cmpfloat_with_epsilon (mean.bandwidth_mb_per_s, 550, 1e-9);
  g_assert_false (drivedash_long_rounds_average ((const DrivedashLongRound *) (gpointer) res->rounds->data,
                                                 10, DRIVEDASH_LONG_GROUP_STEADY, &mean));
  g_assert_cmpstr (json_object_get_string_member (o, "test"), ==, "adaptivity");
  g_assert_cmpuint (json_array_get_length (rounds), ==, 10);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (rounds, 9), "phase"), ==,
                   "recovery");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (avg, "bandwidth_mb_per_s"), 550, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (avg, "read_access_us"), 50, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (avg, "write_access_us"), 550, 1e-9);
  g_assert_cmpint (json_object_get_int_member (o, "fill_bytes"), ==, 1000000000);
  g_assert_cmpint (json_object_get_int_member (o, "bytes_written"), ==, 1200000000);
  g_assert_cmpint (json_object_get_int_member (o, "bytes_read"), ==, 300000000);
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (o, "best"),
                                                    "bandwidth_mb_per_s"), ==, 1000);
  g_assert_cmpstr (json_object_get_string_member (o, "summary"), ==,
                   "Averaged over 10 rounds after rests, with 1.00 GB of test data on the drive: 550 MB/s; "
                   "each read took 50 µs and each write 550 µs.");
  /* A stopped run's few rounds are no result: no sentence, its average
   * still in the JSON for what it is. */
  g_assert_true (json_object_get_null_member (json_node_get_object (short_node), "summary"));
  g_assert_nonnull (json_object_get_object_member (json_node_get_object (short_node), "average"));
  g_assert_nonnull (strstr (text, "recovery        10         1000.0"));
  g_assert_nonnull (strstr (text, "Averaged over 10 rounds"));
  g_assert_null (strstr (text, "Steady state"));
}

static void
test_settings (void)
{
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_SUSTAINED);
  g_autoptr(GError) error = NULL;
  DrivedashLongTestKind kind;

  g_assert_cmpuint (s->file_size, ==, G_GUINT64_CONSTANT (4) << 30);
  g_assert_cmpuint (s->queue_depth, ==, 32);
  g_assert_cmpuint (s->read_percent, ==, 70);
  g_assert_cmpfloat (s->duration_s, ==, 600);
  g_assert_true (drivedash_long_test_settings_validate (s, NULL));
  s->block_size = 1000;
  g_assert_false (drivedash_long_test_settings_validate (s, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_assert_true (drivedash_long_test_kind_from_string ("saturation", &kind));
  g_assert_cmpint (kind, ==, DRIVEDASH_LONG_TEST_SATURATION);
  g_assert_false (drivedash_long_test_kind_from_string ("iometer", &kind));
}

/* A simulated drive, for the estimate below: it writes in order and in
 * bursts at its cached speeds until @cache bytes have gone since its last
 * rest, then at @slow; a rest frees @recover bytes of cache a second.
 * Its mixed small I/O goes at @mix, reads and writes together. */
typedef struct
{
  const char *name;
  double      cache;
  double      sequential;
  double      burst;
  double      slow;
  double      mix;
  double      recover;
} SimDrive;

static const SimDrive sim_drives[] = {
  { "DRAM-less, cache full", 0, 150e6, 150e6, 150e6, 60e6, 0 },
  { "budget", 20e9, 1.5e9, 1.5e9, 200e6, 100e6, 1e9 },
  { "mainstream", 60e9, 3e9, 2e9, 800e6, 400e6, 1e9 },
  { "PCIe 4.0", 200e9, 5e9, 2.5e9, 2e9, 1e9, 2e9 },
};

typedef struct
{
  double written;    /* bytes */
  double elapsed;    /* seconds */
  double cached;     /* bytes written into the cache since the last rest */
} SimRun;

/* One tenth of a second of large writes; returns the bytes written. */
static double
sim_write_tick (const SimDrive *d,
                SimRun         *run,
                double          cached_speed,
                double          limit)
{
  double speed = run->cached < d->cache ? cached_speed : d->slow;
  double bytes = MIN (speed / 10, limit);

  run->cached += bytes;
  run->written += bytes;
  run->elapsed += bytes / speed;
  return bytes;
}

/* Walks the plan as drivedash_long_test_execute() does, a tenth of a second
 * at a time, on @d.  The storage test writes two runs in five. */
static void
sim_run (const DrivedashLongTestSettings *s,
         const GArray                    *plan,
         guint64                          file_size,
         const SimDrive                  *d,
         SimRun                          *run)
{
  for (guint i = 0; i < plan->len; i++)
    {
      const DrivedashLongPhase *p = &g_array_index (plan, DrivedashLongPhase, i);
      double left;

      switch (p->kind)
        {
        case DRIVEDASH_LONG_PHASE_PREPARE:
        case DRIVEDASH_LONG_PHASE_FILL:
          for (left = (double) p->bytes; left > 0;)
            left -= sim_write_tick (d, run, d->sequential, left);
          break;
        case DRIVEDASH_LONG_PHASE_BURST:
          /* At its time, or at its cap where it has one. */
          left = p->max_bytes > 0 ? (double) p->max_bytes : G_MAXDOUBLE;
          for (double end = run->elapsed + p->seconds; run->elapsed < end - 1e-9 && left > 0;)
            left -= sim_write_tick (d, run, d->burst, left);
          break;
        case DRIVEDASH_LONG_PHASE_IDLE:
          run->elapsed += p->seconds;
          run->cached = MAX (run->cached - p->seconds * d->recover, 0);
          break;
        case DRIVEDASH_LONG_PHASE_MEASURE:
        default:
          if (p->bytes > 0)
            {
              /* The storage test: what its requests write (tested
               * against real I/O in /longtest/trace-replay). */
              run->written += drivedash_long_io_trace_write_bytes (MAX (file_size, p->bytes), p->bytes,
                                                                   DRIVEDASH_LONG_IO_STORAGE_SEED);
              run->elapsed += p->bytes / d->mix;
            }
          else
            {
              /* The cap counts reads and writes. */
              double moved = p->seconds * d->mix;

              if (p->max_bytes > 0)
                moved = MIN (moved, (double) p->max_bytes);
              run->written += moved * (100 - s->read_percent) / 100;
              run->elapsed += moved / d->mix;
            }
          break;
        }
    }
}

/* Every test at every length, on drives from slow to fast: what the run
 * writes and how long it takes lie inside the estimate's range, and the
 * range is not so wide that a slow drive's writing would read as a fast
 * one's (the old notice put every drive at a fast drive's). */
static void
test_estimate (void)
{
  /* What Saturation writes and Adaptivity fills when the preset leaves
   * it to the free space (only Review does). */
  const guint64 free_amount[] = { 16ull << 30, 400000000000ull, 400000000000ull };

  for (guint kind = DRIVEDASH_LONG_TEST_SUSTAINED; kind <= DRIVEDASH_LONG_TEST_ADAPTIVITY; kind++)
    for (guint preset = DRIVEDASH_LONG_PRESET_QUICK; preset <= DRIVEDASH_LONG_PRESET_REVIEW; preset++)
      {
        g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (kind);
        g_autoptr(GArray) plan = NULL;
        guint64 amount;
        DrivedashLongEstimate e;

        drivedash_long_test_settings_apply_preset (s, preset);
        amount = s->fill_cap ? MIN (s->fill_cap, free_amount[preset]) : free_amount[preset];
        plan = drivedash_long_test_plan (s, amount);
        drivedash_long_test_estimate (s, amount, &e);
        g_assert_cmpuint (e.bytes_low, <=, e.bytes_high);
        g_assert_cmpfloat (e.seconds_low, <=, e.seconds_high);
        for (guint k = 0; k < G_N_ELEMENTS (sim_drives); k++)
          {
            SimRun run = { 0 };

            sim_run (s, plan, drivedash_long_test_kind_fills (kind) ? amount : s->file_size, &sim_drives[k], &run);
            g_test_message ("%s %u on %s: %.1f GB in %.0f s; estimate %.1f–%.1f GB, %.0f–%.0f s",
                            drivedash_long_test_kind_to_string (kind), preset, sim_drives[k].name,
                            run.written / 1e9, run.elapsed, e.bytes_low / 1e9, e.bytes_high / 1e9,
                            e.seconds_low, e.seconds_high);
            /* A tenth of a second per phase of slack for the ticks. */
            g_assert_cmpfloat (run.written, >=, e.bytes_low * 0.999);
            g_assert_cmpfloat (run.written, <=, e.bytes_high * 1.001);
            g_assert_cmpfloat (run.elapsed, >=, e.seconds_low - 0.1 * plan->len);
            g_assert_cmpfloat (run.elapsed, <=, e.seconds_high + 0.1 * plan->len);
          }
        /* By amount, the writing is known whatever the drive. */
        if (kind == DRIVEDASH_LONG_TEST_SATURATION)
          g_assert_cmpuint (e.bytes_low, ==, e.bytes_high);
      }
}

/* A sustained result at ~12,000 IOPS and 1,461.3 MB/s. */
static DrivedashLongTestResult *
make_sustained (void)
{
  DrivedashLongTestResult *res = g_new0 (DrivedashLongTestResult, 1);

  res->kind = DRIVEDASH_LONG_TEST_SUSTAINED;
  res->series = drivedash_timeseries_new (1, DRIVEDASH_TIMESERIES_DEFAULT_CAP);
  for (guint i = 0; i < 300; i++)
    {
      DrivedashTimeseriesRow row = { .t_s = i + 1, .read_iops = 8000, .write_iops = 4000,
                                     .read_mb_per_s = 974.2f, .write_mb_per_s = 487.1f,
                                     .phase = DRIVEDASH_LONG_PHASE_MEASURE };

      drivedash_timeseries_append (res->series, &row);
    }
  res->measured_ios = 3600000;
  res->measured_s = 300;
  res->measured_mb_per_s = 1461.3;
  res->minute_p99_us = g_array_new (FALSE, TRUE, sizeof (double));
  res->rounds = g_array_new (FALSE, TRUE, sizeof (DrivedashLongRound));
  res->per_step = g_array_new (FALSE, TRUE, sizeof (double));
  res->bytes_written = 123456789012;
  return res;
}

/* Numbers people read use the locale's digit grouping ("3,000 MB/s", as
 * the issue writes them); JSON keeps plain numbers.  C.UTF-8 has no
 * grouping, so the test builds en_US.UTF-8. */
static void
test_grouping (void)
{
  char *locpath = drivedash_test_locale_build ("en_US");
  double one[60];
  g_autofree char *cache = NULL, *flat = NULL, *text = NULL, *json = NULL;
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_SUSTAINED);
  g_autoptr(JsonNode) node = NULL;
  DrivedashLongTestResult *res;

  if (locpath == NULL)
    return;
  g_assert_nonnull (setlocale (LC_ALL, "en_US.UTF-8"));
  for (guint i = 0; i < G_N_ELEMENTS (one); i++)
    one[i] = i < 34 ? 3000 : 1100;
  cache = drivedash_long_saturation_sentence (one, G_N_ELEMENTS (one), 1000000000);
  g_assert_cmpstr (cache, ==, "Writes at about 3,000 MB/s for the first 34.0 GB, then about 1,100 MB/s.");
  flat = drivedash_long_saturation_sentence (one, 20, 100000000000);
  g_assert_cmpstr (flat, ==, "Writes at about 3,000 MB/s for all 2,000.0 GB written; no lasting slowdown was seen.");

  res = make_sustained ();
  text = drivedash_long_test_result_to_text (res, s);
  g_assert_nonnull (strstr (text, "Total: 1,461.3 MB/s\n"));
  g_assert_nonnull (strstr (text, "Start: 1,461.3 MB/s, end: 1,461.3 MB/s"));
  g_assert_null (strstr (text, "IOPS"));
  node = drivedash_long_test_result_to_json (res, s);
  json = json_to_string (node, FALSE);
  g_assert_nonnull (strstr (json, "\"total_iops\":12000"));
  g_assert_nonnull (strstr (json, "\"total_mb_per_s\":1461.3"));
  g_assert_nonnull (strstr (json, "\"first_minute_mb_per_s\":1461.3"));
  g_assert_nonnull (strstr (json, "\"last_minute_mb_per_s\":1461.3"));
  g_assert_null (strstr (json, "12,000"));
  drivedash_long_test_result_free (res);

  /* The rounds' table and the saturation's steps, as the CLI prints them. */
  {
    g_autoptr(DrivedashLongTestSettings) cs = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_CONSISTENCY);
    DrivedashLongRound round = { DRIVEDASH_LONG_GROUP_DEGRADATION, 1, 3458.1, 1234.5, 80, 1 };
    double step = 3000.5;
    g_autofree char *rounds = NULL, *steps = NULL;

    res = make_sustained ();
    res->kind = DRIVEDASH_LONG_TEST_CONSISTENCY;
    g_array_append_val (res->rounds, round);
    rounds = drivedash_long_test_result_to_text (res, cs);
    g_assert_nonnull (strstr (rounds, "degradation      1        3,458.1        1,234.5           80.0\n"));
    res->kind = DRIVEDASH_LONG_TEST_SATURATION;
    res->step_bytes = 1024ull << 30;
    g_array_append_val (res->per_step, step);
    steps = drivedash_long_test_result_to_text (res, s);
    g_assert_nonnull (strstr (steps, "1,024.00 GiB     3,000.5 MB/s\n"));
    drivedash_long_test_result_free (res);
  }
  drivedash_test_locale_remove (locpath);
}

/* The estimate's replay of the storage test gives what a real TRACE job
 * on a file writes, to the byte (it is the same seed and generator). */
static void
test_trace_replay (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "trace-XXXXXX", NULL);
  const guint64 sizes[] = { 8u << 20, 24u << 20 };

  g_assert_nonnull (g_mkdtemp (dir));
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DrivedashBenchFile) file = drivedash_bench_file_create (dir, sizes[i], TRUE, &error);
      DrivedashLongIoJob job = {
        .pattern = DRIVEDASH_LONG_IO_TRACE, .bytes = drivedash_long_io_trace_bytes (sizes[i]),
        .seed = DRIVEDASH_LONG_IO_STORAGE_SEED,
      };
      DrivedashLongIoTotals totals = { 0 };
      DrivedashLongIo io = { 0 };
      gint cancel = 0;
      guint64 replayed;

      g_assert_no_error (error);
      g_assert_true (drivedash_long_io_init (&io, file->fd, file->size));
      io.cancel = &cancel;
      io.io_timeout_ns = 30 * (guint64) G_USEC_PER_SEC * 1000;
      g_assert_true (drivedash_long_io_run (&io, &job, &totals));
      drivedash_long_io_clear (&io);
      replayed = drivedash_long_io_trace_write_bytes (sizes[i], job.bytes, job.seed);
      g_test_message ("%" G_GUINT64_FORMAT " MiB file: %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
                      " bytes written", sizes[i] >> 20, totals.write_bytes, job.bytes);
      g_assert_cmpuint (totals.write_bytes, ==, replayed);
      g_assert_cmpuint (totals.read_bytes + totals.write_bytes, ==, job.bytes);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/longtest/series/bounded", test_series_bounded);
  g_test_add_func ("/longtest/trace-replay", test_trace_replay);
  g_test_add_func ("/longtest/series/decimate", test_series_decimate);
  g_test_add_func ("/longtest/summary/first-last", test_first_last);
  g_test_add_func ("/longtest/summary/thermal-evidence", test_thermal_evidence);
  g_test_add_func ("/longtest/summary/steady-state", test_steady_state);
  g_test_add_func ("/longtest/summary/cache", test_cache_detect);
  g_test_add_func ("/longtest/summary/grouping", test_grouping);
  g_test_add_func ("/longtest/plan", test_plan);
  g_test_add_func ("/longtest/estimate", test_estimate);
  g_test_add_func ("/longtest/settings", test_settings);
  g_test_add_func ("/longtest/plan/adaptivity", test_plan_adaptivity);
  g_test_add_func ("/longtest/summary/adaptivity", test_adaptivity_result);
  return g_test_run ();
}
