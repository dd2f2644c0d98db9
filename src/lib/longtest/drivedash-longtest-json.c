/* drivedash-longtest-json.c — a long test's result as JSON (the CLI's
 * --json document; the app copies the same text)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "drivedash-longtest-summary.h"

#define GIB (G_GUINT64_CONSTANT (1) << 30)

static void
add_round (JsonBuilder              *b,
           const DrivedashLongRound *r)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "phase");
  json_builder_add_string_value (b, drivedash_long_group_to_string (r->group));
  json_builder_set_member_name (b, "index");
  json_builder_add_int_value (b, r->index);
  json_builder_set_member_name (b, "bandwidth_mb_per_s");
  json_builder_add_double_value (b, r->bandwidth_mb_per_s);
  json_builder_set_member_name (b, "read_access_us");
  json_builder_add_double_value (b, r->read_access_us);
  json_builder_set_member_name (b, "write_access_us");
  json_builder_add_double_value (b, r->write_access_us);
  json_builder_set_member_name (b, "busy_s");
  json_builder_add_double_value (b, r->busy_s);
  json_builder_end_object (b);
}

static void
add_average (JsonBuilder              *b,
             const DrivedashLongRound *avg)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "bandwidth_mb_per_s");
  json_builder_add_double_value (b, avg->bandwidth_mb_per_s);
  json_builder_set_member_name (b, "read_access_us");
  json_builder_add_double_value (b, avg->read_access_us);
  json_builder_set_member_name (b, "write_access_us");
  json_builder_add_double_value (b, avg->write_access_us);
  json_builder_end_object (b);
}

static void
add_phase_averages (JsonBuilder *b,
                    GArray      *rounds)
{
  json_builder_set_member_name (b, "phase_average");
  json_builder_begin_object (b);
  for (DrivedashLongGroup g = DRIVEDASH_LONG_GROUP_DEGRADATION; g <= DRIVEDASH_LONG_GROUP_RECOVERY; g++)
    {
      DrivedashLongRound avg;

      if (!drivedash_long_rounds_average ((const DrivedashLongRound *) (gpointer) rounds->data,
                                          rounds->len, g, &avg))
        continue;
      json_builder_set_member_name (b, drivedash_long_group_to_string (g));
      add_average (b, &avg);
    }
  json_builder_end_object (b);
}

/* Every round, then the best and the worst by bandwidth. */
static void
add_rounds (JsonBuilder *b,
            GArray      *rounds)
{
  const DrivedashLongRound *best = NULL, *worst = NULL;

  json_builder_set_member_name (b, "rounds");
  json_builder_begin_array (b);
  for (guint i = 0; i < rounds->len; i++)
    {
      const DrivedashLongRound *r = &g_array_index (rounds, DrivedashLongRound, i);

      add_round (b, r);
      if (best == NULL || r->bandwidth_mb_per_s > best->bandwidth_mb_per_s)
        best = r;
      if (worst == NULL || r->bandwidth_mb_per_s < worst->bandwidth_mb_per_s)
        worst = r;
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "best");
  if (best)
    add_round (b, best);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "worst");
  if (worst)
    add_round (b, worst);
  else
    json_builder_add_null_value (b);
}

static void
add_consistency (JsonBuilder                   *b,
                 const DrivedashLongTestResult *res)
{
  GArray *rounds = res->rounds;
  g_autoptr(GArray) steady = g_array_new (FALSE, FALSE, sizeof (double));
  double rr = 0, sr = 0;
  gboolean reached;

  add_rounds (b, rounds);
  for (guint i = 0; i < rounds->len; i++)
    {
      const DrivedashLongRound *r = &g_array_index (rounds, DrivedashLongRound, i);

      if (r->group == DRIVEDASH_LONG_GROUP_STEADY)
        g_array_append_val (steady, r->bandwidth_mb_per_s);
    }
  add_phase_averages (b, rounds);
  reached = drivedash_long_steady_state ((const double *) (gpointer) steady->data, steady->len, &rr, &sr);
  json_builder_set_member_name (b, "steady_state_reached");
  json_builder_add_boolean_value (b, reached);
  json_builder_set_member_name (b, "steady_state_range_percent");
  json_builder_add_double_value (b, rr * 100);
  json_builder_set_member_name (b, "steady_state_slope_percent");
  json_builder_add_double_value (b, sr * 100);
}

/* PCMark's result: the plain average over the rounds. */
static void
add_adaptivity (JsonBuilder                   *b,
                const DrivedashLongTestResult *res)
{
  DrivedashLongRound avg;

  add_rounds (b, res->rounds);
  json_builder_set_member_name (b, "average");
  if (drivedash_long_rounds_average ((const DrivedashLongRound *) (gpointer) res->rounds->data,
                                     res->rounds->len, DRIVEDASH_LONG_GROUP_NONE, &avg))
    add_average (b, &avg);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "fill_bytes");
  json_builder_add_int_value (b, (gint64) res->fill_bytes);
}

static void
add_saturation (JsonBuilder                   *b,
                const DrivedashLongTestResult *res)
{
  const double *v = (const double *) (gpointer) res->per_step->data;
  guint n = res->per_step->len;
  double step_gib = (double) res->step_bytes / GIB, before = 0, after = 0;
  guint points = 0;
  gboolean found = drivedash_long_cache_detect (v, n, 2, 0.30, &points, &before, &after);

  json_builder_set_member_name (b, "per_gib");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "gib");
      json_builder_add_double_value (b, (i + 1) * step_gib);
      json_builder_set_member_name (b, "mb_per_s");
      json_builder_add_double_value (b, v[i]);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "cache_gib");
  if (found)
    json_builder_add_double_value (b, points * step_gib);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "after_cache_mb_per_s");
  if (found)
    json_builder_add_double_value (b, after);
  else
    json_builder_add_null_value (b);
}

static void
add_series (JsonBuilder                   *b,
            const DrivedashLongTestResult *res)
{
  const DrivedashTimeseriesRow *rows = drivedash_timeseries_get_rows (res->series);
  guint n = drivedash_timeseries_get_n_rows (res->series);

  json_builder_set_member_name (b, "series");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    {
      const DrivedashTimeseriesRow *r = &rows[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "t_s");
      json_builder_add_double_value (b, r->t_s);
      json_builder_set_member_name (b, "read_iops");
      json_builder_add_double_value (b, r->read_iops);
      json_builder_set_member_name (b, "write_iops");
      json_builder_add_double_value (b, r->write_iops);
      json_builder_set_member_name (b, "read_mb_per_s");
      json_builder_add_double_value (b, r->read_mb_per_s);
      json_builder_set_member_name (b, "write_mb_per_s");
      json_builder_add_double_value (b, r->write_mb_per_s);
      json_builder_set_member_name (b, "mean_latency_us");
      json_builder_add_double_value (b, r->mean_us);
      json_builder_set_member_name (b, "p99_latency_us");
      json_builder_add_double_value (b, r->p99_us);
      json_builder_set_member_name (b, "temperature_kelvin");
      if (r->temperature_kelvin)
        json_builder_add_int_value (b, r->temperature_kelvin);
      else
        json_builder_add_null_value (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_sustained (JsonBuilder                   *b,
               const DrivedashLongTestResult *res,
               double                         interval_s)
{
  DrivedashSustainedSummary s;

  drivedash_long_sustained_summarize (drivedash_timeseries_get_rows (res->series),
                                      drivedash_timeseries_get_n_rows (res->series),
                                      drivedash_timeseries_get_interval (res->series), &s);
  (void) interval_s;
  json_builder_set_member_name (b, "total_iops");
  json_builder_add_double_value (b, res->measured_s > 0 ? res->measured_ios / res->measured_s : 0);
  json_builder_set_member_name (b, "total_mb_per_s");
  json_builder_add_double_value (b, res->measured_mb_per_s);
  json_builder_set_member_name (b, "first_minute_iops");
  json_builder_add_double_value (b, s.first_iops);
  json_builder_set_member_name (b, "last_minute_iops");
  json_builder_add_double_value (b, s.last_iops);
  json_builder_set_member_name (b, "first_minute_mb_per_s");
  json_builder_add_double_value (b, s.first_mb_per_s);
  json_builder_set_member_name (b, "last_minute_mb_per_s");
  json_builder_add_double_value (b, s.last_mb_per_s);
  json_builder_set_member_name (b, "change_percent");
  json_builder_add_double_value (b, s.change_percent);
  json_builder_set_member_name (b, "window_s");
  json_builder_add_double_value (b, s.window_s);
  json_builder_set_member_name (b, "p99_latency_us_per_minute");
  json_builder_begin_array (b);
  for (guint i = 0; i < res->minute_p99_us->len; i++)
    json_builder_add_double_value (b, g_array_index (res->minute_p99_us, double, i));
  json_builder_end_array (b);
  add_series (b, res);
}

static char *
summary_sentence (const DrivedashLongTestResult *res)
{
  DrivedashSustainedSummary s;

  if (res->kind == DRIVEDASH_LONG_TEST_ADAPTIVITY)
    return drivedash_long_adaptivity_sentence ((const DrivedashLongRound *) (gpointer) res->rounds->data,
                                               res->rounds->len, res->fill_bytes);
  if (res->kind == DRIVEDASH_LONG_TEST_SATURATION)
    return drivedash_long_saturation_sentence ((const double *) (gpointer) res->per_step->data,
                                               res->per_step->len, res->step_bytes);
  if (res->kind != DRIVEDASH_LONG_TEST_SUSTAINED ||
      !drivedash_long_sustained_summarize (drivedash_timeseries_get_rows (res->series),
                                           drivedash_timeseries_get_n_rows (res->series),
                                           drivedash_timeseries_get_interval (res->series), &s))
    return NULL;
  return drivedash_long_sustained_sentence (&s, res->thermal_evidence);
}

JsonNode *
drivedash_long_test_result_to_json (const DrivedashLongTestResult   *res,
                                    const DrivedashLongTestSettings *settings)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *sentence = summary_sentence (res);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "test");
  json_builder_add_string_value (b, drivedash_long_test_kind_to_string (res->kind));
  json_builder_set_member_name (b, "bytes_written");
  json_builder_add_int_value (b, (gint64) res->bytes_written);
  json_builder_set_member_name (b, "bytes_read");
  json_builder_add_int_value (b, (gint64) res->bytes_read);
  json_builder_set_member_name (b, "elapsed_s");
  json_builder_add_double_value (b, res->elapsed_s);
  json_builder_set_member_name (b, "max_temperature_kelvin");
  if (res->max_temperature_kelvin)
    json_builder_add_int_value (b, res->max_temperature_kelvin);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "summary");
  if (sentence)
    json_builder_add_string_value (b, sentence);
  else
    json_builder_add_null_value (b);
  if (res->kind == DRIVEDASH_LONG_TEST_SUSTAINED)
    add_sustained (b, res, settings->interval_s);
  else if (res->kind == DRIVEDASH_LONG_TEST_CONSISTENCY)
    add_consistency (b, res);
  else if (res->kind == DRIVEDASH_LONG_TEST_ADAPTIVITY)
    add_adaptivity (b, res);
  else
    add_saturation (b, res);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}
