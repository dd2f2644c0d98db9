/* test-store-compare-long.c — comparing stored long tests: 2, 4 and 6
 * runs of each kind saved through the save path into a real SQLite file,
 * names as labels, phase verdicts and "can't tell", refusals, and the
 * JSON, text and CSV forms; and real tiny runs of each long test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "drivedash-compare-long.h"
#include "drivedash-error.h"

#include "drivedash-test-longruns.h"
#include "drivedash-test-tree.h"

typedef struct
{
  char           *dir;
  DrivedashStore *store;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  f->dir = g_dir_make_tmp ("drivedash-compare-long-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, "results.db", NULL);
  f->store = drivedash_store_open (path, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->store);
  drivedash_test_tree_remove (f->dir);
  g_free (f->dir);
}

/* Names as a user would give them; "B" is faster by @faster in every
 * figure, with little spread; the others are A again with an 8 % spread
 * that holds no difference. */
static const char *const names[] = { "SN750, game mode off", "SN750, game mode on", NULL,
                                     "970 EVO Plus", "WD Black 2018", "SN750 again" };

static GPtrArray *
save_and_load (Fixture               *f,
               DrivedashLongTestKind  kind,
               guint                  n,
               double                 faster)
{
  GPtrArray *runs = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);

  for (guint i = 0; i < n; i++)
    {
      gint64 id = drivedash_test_save_long_run (f->store, kind, names[i], i == 1 ? faster : 1.0,
                                                i <= 1 ? 0.005 : 0.08, i <= 1 ? 17 + i : 0);
      g_autoptr(GError) error = NULL;
      DrivedashStoreRun *run = drivedash_store_get_run (f->store, id, &error);

      g_assert_no_error (error);
      g_ptr_array_add (runs, run);
    }
  return runs;
}

static JsonNode *to_json (DrivedashCompareLong *cmp);

static DrivedashCompareLong *
compare (GPtrArray *runs)
{
  g_autoptr(GError) error = NULL;
  DrivedashCompareLong *cmp = drivedash_compare_long_new ((DrivedashStoreRun * const *) runs->pdata, runs->len,
                                                          &error);

  g_assert_no_error (error);
  g_assert_nonnull (cmp);
  g_assert_cmpuint (cmp->runs->len, ==, runs->len);
  return cmp;
}

static const DrivedashCompareLongRun *
run_at (DrivedashCompareLong *cmp,
        guint                 i)
{
  return g_ptr_array_index (cmp->runs, i);
}

static void
check_labels (DrivedashCompareLong *cmp)
{
  for (guint i = 0; i < cmp->runs->len; i++)
    g_assert_cmpstr (run_at (cmp, i)->label, ==, names[i] ? names[i] : run_at (cmp, i)->letter);
  if (cmp->runs->len > 2)
    g_assert_cmpstr (run_at (cmp, 2)->label, ==, "C");
}

static void
test_consistency (Fixture       *f,
                  gconstpointer  data)
{
  guint n = GPOINTER_TO_UINT (data);
  g_autoptr(GPtrArray) runs = save_and_load (f, DRIVEDASH_LONG_TEST_CONSISTENCY, n, 1.12);
  g_autoptr(DrivedashCompareLong) cmp = compare (runs);
  g_autofree char *conclusion = drivedash_compare_long_dup_conclusion (cmp);

  g_assert_cmpint (cmp->shape, ==, DRIVEDASH_COMPARE_LONG_ROUNDS);
  check_labels (cmp);
  g_assert_cmpuint (cmp->phases->len, ==, 3);
  for (guint p = 0; p < 3; p++)
    {
      const DrivedashCompareLongPhase *phase = &g_array_index (cmp->phases, DrivedashCompareLongPhase, p);
      g_autofree char *sentence = drivedash_compare_long_dup_verdict (cmp, phase, 1);

      g_assert_cmpint (phase->group, ==, DRIVEDASH_LONG_GROUP_DEGRADATION + p);
      g_assert_cmpuint (phase->n_rounds[0], ==, p == 0 ? 8 : 5);
      g_assert_cmpuint (phase->n_pairs[1], ==, p == 0 ? 8 : 5);
      /* B is 12 % faster round for round, with 0.5 % spread. */
      g_assert_cmpint (phase->verdict[1], ==, DRIVEDASH_COMPARE_LONG_FASTER);
      g_assert_cmpfloat_with_epsilon (phase->difference_percent[1], 12, 1.5);
      g_assert_nonnull (strstr (sentence, "SN750, game mode on"));
      g_assert_nonnull (strstr (sentence, "SN750, game mode off"));
      if (phase->group == DRIVEDASH_LONG_GROUP_RECOVERY)
        g_assert_nonnull (strstr (sentence, "recovers"));
      /* The same drive again with 8 % spread a round: no judgment. */
      for (guint i = 2; i < n; i++)
        {
          g_autofree char *cant = drivedash_compare_long_dup_verdict (cmp, phase, i);

          g_assert_cmpint (phase->verdict[i], ==, DRIVEDASH_COMPARE_LONG_CANT_TELL);
          g_assert_true (g_str_has_prefix (cant, "Can't tell"));
        }
    }
  for (guint i = 0; i < n; i++)
    {
      const DrivedashCompareLongRun *run = run_at (cmp, i);

      g_assert_cmpuint (run->rounds->len, ==, 18);
      /* (475 × 8 + 330 × 5 + 610 × 5) ÷ 18 */
      g_assert_cmpfloat_with_epsilon (run->average_mb_per_s, 472.2 * (i == 1 ? 1.12 : 1.0), 12);
      g_assert_cmpfloat (g_array_index (run->rounds, DrivedashLongRound, run->best).bandwidth_mb_per_s, >,
                         g_array_index (run->rounds, DrivedashLongRound, run->worst).bandwidth_mb_per_s);
    }
  g_assert_true (g_str_has_prefix (conclusion, "SN750, game mode on is faster than SN750, game mode off in every "
                                               "phase, by 1"));
  for (guint i = 2; i < n; i++)
    {
      g_autofree char *summary = drivedash_compare_long_dup_summary (cmp, i);

      g_assert_true (g_str_has_prefix (summary, "Can't tell whether"));
      g_assert_nonnull (strstr (summary, "in any phase"));
    }

  /* One X axis: 1–8, 9–13, 14–18, the same round of every run aligned. */
  for (guint p = 0; p < 3; p++)
    {
      static const guint starts[] = { 1, 9, 14 };
      guint first, width;

      drivedash_compare_long_phase_span (cmp, p, &first, &width);
      g_assert_cmpuint (first, ==, starts[p]);
      g_assert_cmpuint (width, ==, p == 0 ? 8 : 5);
    }
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (drivedash_compare_long_round_position (cmp, &g_array_index (run_at (cmp, i)->rounds,
                                                                                  DrivedashLongRound, 15)), ==, 16);
}

static void
test_sustained (Fixture       *f,
                gconstpointer  data)
{
  guint n = GPOINTER_TO_UINT (data);
  g_autoptr(GPtrArray) runs = save_and_load (f, DRIVEDASH_LONG_TEST_SUSTAINED, n, 1.05);
  g_autoptr(DrivedashCompareLong) cmp = compare (runs);
  g_autofree char *conclusion = drivedash_compare_long_dup_conclusion (cmp);

  g_assert_cmpint (cmp->shape, ==, DRIVEDASH_COMPARE_LONG_TIMELINE);
  g_assert_cmpuint (cmp->phases->len, ==, 0);
  check_labels (cmp);
  for (guint i = 0; i < n; i++)
    {
      const DrivedashCompareLongRun *run = run_at (cmp, i);

      g_assert_cmpuint (run->timeline->len, ==, 240);
      g_assert_cmpuint (run->iops_timeline->len, ==, 240);
      g_assert_cmpfloat (run->first_mb_per_s, >, run->last_mb_per_s);
      /* MB/s from the bytes moved: 4 KiB requests here */
      g_assert_cmpfloat_with_epsilon (run->first_mb_per_s, run->first_iops * 4096 / 1e6, 0.01);
      g_assert_cmpfloat_with_epsilon (g_array_index (run->timeline, DrivedashComparePoint, 0).y,
                                      g_array_index (run->iops_timeline, DrivedashComparePoint, 0).y * 4096 / 1e6,
                                      0.01);
      g_assert_cmpfloat (run->change_percent, <, -5);
    }
  g_assert_cmpfloat_with_epsilon (run_at (cmp, 1)->total_mb_per_s / run_at (cmp, 0)->total_mb_per_s, 1.05, 0.01);
  g_assert_cmpfloat_with_epsilon (run_at (cmp, 0)->total_mb_per_s, 48500 * 4096 / 1e6, 2);
  /* One run each: the difference is shown, never judged. */
  g_assert_cmpuint (cmp->setups->len, ==, n);
  g_assert_true (isnan (g_array_index (cmp->setups, DrivedashCompareLongSetup, 1).total_mb_per_s.ci95));
  g_assert_nonnull (strstr (conclusion, "can't tell"));
  g_assert_nonnull (strstr (conclusion, " % faster than "));
  g_assert_null (strstr (conclusion, "IOPS"));
  {
    g_autoptr(JsonNode) json = to_json (cmp);
    JsonObject *run = json_array_get_object_element (json_object_get_array_member (json_node_get_object (json),
                                                                                   "runs"), 0);
    JsonObject *setup = json_array_get_object_element (json_object_get_array_member (json_node_get_object (json),
                                                                                     "setups"), 0);
    g_autofree char *csv = drivedash_compare_long_to_csv (cmp);

    /* MB/s beside the IOPS the JSON always had */
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (run, "mb_per_s_over_time")), ==, 240);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (run, "iops_over_time")), ==, 240);
    g_assert_true (json_object_has_member (run, "first_minute_mb_per_s"));
    g_assert_true (json_object_has_member (run, "first_minute_iops"));
    g_assert_true (json_object_has_member (setup, "mean_total_mb_per_s"));
    g_assert_true (json_object_has_member (setup, "mean_total_iops"));
    g_assert_true (g_str_has_prefix (csv, "run,label,t_s,iops,mb_per_s\n"));
  }
}

/* A run stored before the first and last minute were kept in MB/s: its
 * own bytes per request turn the IOPS it has into MB/s. */
static void
test_sustained_older (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GPtrArray) runs = save_and_load (f, DRIVEDASH_LONG_TEST_SUSTAINED, 1, 1.0);
  DrivedashStoreRun *stored = g_ptr_array_index (runs, 0);
  g_autoptr(DrivedashCompareLong) now = drivedash_compare_long_new_one (stored, NULL);
  g_autoptr(DrivedashCompareLong) old = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *doc;

  g_assert_true (json_parser_load_from_data (parser, stored->settings_json, -1, NULL));
  doc = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_has_member (doc, "first_minute_mb_per_s"));
  json_object_remove_member (doc, "first_minute_mb_per_s");
  json_object_remove_member (doc, "last_minute_mb_per_s");
  g_free (stored->settings_json);
  stored->settings_json = json_to_string (json_parser_get_root (parser), FALSE);
  old = drivedash_compare_long_new_one (stored, NULL);
  g_assert_cmpfloat_with_epsilon (run_at (old, 0)->first_mb_per_s, run_at (now, 0)->first_mb_per_s, 0.01);
  g_assert_cmpfloat_with_epsilon (run_at (old, 0)->last_mb_per_s, run_at (now, 0)->last_mb_per_s, 0.01);
}

/* Runs of one name are repeats of one setup: a mean with its interval
 * and Welch's verdict, as the speed-test compare gives. */
static void
test_sustained_repeats (Fixture       *f,
                        gconstpointer  data)
{
  static const double scales[][6] = { { 1.0, 1.02, 0.98, 1.06, 1.04, 1.05 },
                                      { 1.0, 1.02, 0.98, 1.01, 0.99, 1.0 } };
  static const char *const setups[] = { "SN750, game mode off", "SN750, game mode on" };

  for (guint c = 0; c < G_N_ELEMENTS (scales); c++)
    {
      g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
      g_autoptr(DrivedashCompareLong) cmp = NULL;
      g_autofree char *conclusion = NULL;
      const DrivedashCompareLongSetup *a, *b;

      for (guint i = 0; i < 6; i++)
        {
          gint64 id = drivedash_test_save_long_run (f->store, DRIVEDASH_LONG_TEST_SUSTAINED, setups[i / 3],
                                                    scales[c][i], 0.001, 40 + i);

          g_ptr_array_add (runs, drivedash_store_get_run (f->store, id, NULL));
        }
      cmp = compare (runs);
      conclusion = drivedash_compare_long_dup_conclusion (cmp);
      g_assert_cmpuint (cmp->setups->len, ==, 2);
      a = &g_array_index (cmp->setups, DrivedashCompareLongSetup, 0);
      b = &g_array_index (cmp->setups, DrivedashCompareLongSetup, 1);
      g_assert_cmpstr (a->label, ==, setups[0]);
      g_assert_cmpuint (a->total_mb_per_s.n, ==, 3);
      g_assert_cmpuint (b->first, ==, 3);
      g_assert_true (isfinite (a->total_mb_per_s.ci95));
      g_assert_true (g_str_has_prefix (conclusion, "Over their repeats"));
      g_assert_null (strstr (conclusion, "±"));
      {
        g_autofree char *text = drivedash_compare_long_to_text (cmp);

        g_assert_nonnull (strstr (text, "Setups (runs of one name are repeats):"));
      }
      g_assert_null (strstr (conclusion, "can't tell"));
      if (c == 0)
        {
          g_assert_cmpint (b->vs_first.verdict, ==, DRIVEDASH_COMPARE_VERDICT_FASTER);
          g_assert_cmpfloat_with_epsilon (b->vs_first.difference_percent, 5, 0.5);
          /* a ratio with its range, as the speed-test compare says it */
          g_assert_nonnull (strstr (conclusion, "% faster than SN750, game mode off (between "));
        }
      else
        {
          g_assert_cmpint (b->vs_first.verdict, ==, DRIVEDASH_COMPARE_VERDICT_NO_MEASURABLE_DIFFERENCE);
          g_assert_nonnull (strstr (conclusion, "no measurable difference"));
        }
    }
}

static void
test_saturation (Fixture       *f,
                 gconstpointer  data)
{
  guint n = GPOINTER_TO_UINT (data);
  g_autoptr(GPtrArray) runs = save_and_load (f, DRIVEDASH_LONG_TEST_SATURATION, n, 1.5);
  g_autoptr(DrivedashCompareLong) cmp = compare (runs);

  g_assert_cmpint (cmp->shape, ==, DRIVEDASH_COMPARE_LONG_FILL);
  check_labels (cmp);
  g_assert_cmpuint (run_at (cmp, 0)->fill->len, ==, 40);
  g_assert_cmpfloat_with_epsilon (run_at (cmp, 0)->cache_gib, 12, 0.01);
  g_assert_cmpfloat_with_epsilon (run_at (cmp, 1)->cache_gib, 18, 0.01);
  g_assert_cmpfloat_with_epsilon (run_at (cmp, 0)->after_cache_mb_per_s, 900, 10);
  g_assert_cmpfloat_with_epsilon (run_at (cmp, 1)->after_cache_mb_per_s, 1350, 15);
}

static void
expect_refusal (GPtrArray  *runs,
                const char *words)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashCompareLong) cmp = NULL;

  cmp = drivedash_compare_long_new ((DrivedashStoreRun * const *) runs->pdata, runs->len, &error);
  g_assert_null (cmp);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, words));
}

static void
test_refused (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GPtrArray) runs = save_and_load (f, DRIVEDASH_LONG_TEST_SUSTAINED, 6, 1.0);
  g_autoptr(GPtrArray) more = save_and_load (f, DRIVEDASH_LONG_TEST_CONSISTENCY, 1, 1.0);
  g_autoptr(DrivedashStoreRun) quick = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);

  g_ptr_array_add (runs, drivedash_store_run_ref (g_ptr_array_index (more, 0)));
  expect_refusal (runs, "at most six");
  g_ptr_array_remove_index (runs, 0);
  expect_refusal (runs, "different tests");
  g_ptr_array_set_size (runs, 1);
  expect_refusal (runs, "at least two");
  g_ptr_array_add (runs, drivedash_store_run_ref (quick));
  expect_refusal (runs, "different tests");
  g_assert_false (drivedash_compare_long_supports (DRIVEDASH_RUN_KIND_QUICK));
  g_assert_false (drivedash_compare_long_supports (DRIVEDASH_RUN_KIND_AB_SET));
}

/* One stored run alone (History opening it): read like a comparison,
 * nothing judged, and what it measured in words. */
static void
test_one (Fixture       *f,
          gconstpointer  data)
{
  const struct { DrivedashLongTestKind kind; const char *words; } cases[] = {
    { DRIVEDASH_LONG_TEST_CONSISTENCY, "MB/s on average over" },
    { DRIVEDASH_LONG_TEST_ADAPTIVITY, "MB/s on average over" },
    { DRIVEDASH_LONG_TEST_SUSTAINED, "MB/s in the first minute," },
    /* With its figures: how much the cache took, the speed before and after. */
    { DRIVEDASH_LONG_TEST_SATURATION, "'s fast cache held" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GPtrArray) runs = save_and_load (f, cases[c].kind, 1, 1.0);
      g_autoptr(GError) error = NULL;
      g_autoptr(DrivedashCompareLong) cmp = drivedash_compare_long_new_one (g_ptr_array_index (runs, 0), &error);
      g_autofree char *figures = NULL, *average = NULL;
      const DrivedashCompareLongRun *run;

      g_assert_no_error (error);
      g_assert_cmpuint (cmp->runs->len, ==, 1);
      run = run_at (cmp, 0);
      figures = drivedash_compare_long_dup_figures (cmp);
      g_assert_nonnull (strstr (figures, cases[c].words));
      g_test_message ("%s", figures);
      if (cmp->shape == DRIVEDASH_COMPARE_LONG_FILL)
        g_assert_nonnull (strstr (figures, ", written at 3001 MB/s; then it wrote at 899 MB/s."));
      if (cmp->shape == DRIVEDASH_COMPARE_LONG_ROUNDS)
        average = g_strdup_printf ("%.0f MB/s", run->average_mb_per_s);
      else if (cmp->shape == DRIVEDASH_COMPARE_LONG_TIMELINE)
        average = g_strdup_printf ("%.0f MB/s on average;", run->total_mb_per_s);
      else
        average = g_strdup_printf ("%.0f MB/s", run->after_cache_mb_per_s);
      g_assert_nonnull (strstr (figures, average));
    }
  {
    g_autoptr(DrivedashStoreRun) quick = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);
    g_autoptr(GError) error = NULL;

    g_assert_null (drivedash_compare_long_new_one (quick, &error));
    g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  }
}

/* A run that stopped before it measured has no summary to compare. */
static void
test_no_summary (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GPtrArray) runs = save_and_load (f, DRIVEDASH_LONG_TEST_CONSISTENCY, 1, 1.0);
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_CONSISTENCY);
  g_autoptr(DrivedashStoreRun) stopped = drivedash_store_run_new_long (f->store, s);
  g_autoptr(GError) cancelled = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED, "Stopped");
  g_autoptr(GError) error = NULL;

  drivedash_store_run_finish_long (stopped, f->store, NULL, s, cancelled);
  g_assert_true (drivedash_store_save (f->store, stopped, NULL, &error));
  g_ptr_array_add (runs, drivedash_store_get_run (f->store, stopped->id, &error));
  g_assert_no_error (error);
  expect_refusal (runs, "no stored results");
}

/* Equal runs with wide spread, and too few rounds: "can't tell". */
static void
test_cant_tell (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
  g_autoptr(DrivedashCompareLong) cmp = NULL;
  g_autoptr(JsonNode) json = NULL;
  g_autofree char *sentence = NULL;
  DrivedashCompareLongPhase phase;

  for (guint i = 0; i < 2; i++)
    {
      gint64 id = drivedash_test_save_long_run (f->store, DRIVEDASH_LONG_TEST_CONSISTENCY, NULL, 1.0,
                                                i ? 0.15 : 0.005, i ? 0 : 3);

      g_ptr_array_add (runs, drivedash_store_get_run (f->store, id, NULL));
    }
  cmp = compare (runs);
  for (guint p = 0; p < cmp->phases->len; p++)
    g_assert_cmpint (g_array_index (cmp->phases, DrivedashCompareLongPhase, p).verdict[1], ==,
                     DRIVEDASH_COMPARE_LONG_CANT_TELL);
  g_assert_cmpstr (run_at (cmp, 0)->label, ==, "A");
  g_assert_cmpstr (run_at (cmp, 1)->label, ==, "B");

  /* A phase with one round in common: too few to judge. */
  phase = g_array_index (cmp->phases, DrivedashCompareLongPhase, 2);
  phase.n_pairs[1] = 1;
  sentence = drivedash_compare_long_dup_verdict (cmp, &phase, 1);
  g_assert_nonnull (strstr (sentence, "too few rounds"));
  json = to_json (cmp);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (json), "phases")),
                    ==, 3);
}

static JsonNode *
to_json (DrivedashCompareLong *cmp)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  drivedash_compare_long_add_json (b, cmp);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
test_outputs (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GPtrArray) runs = save_and_load (f, DRIVEDASH_LONG_TEST_CONSISTENCY, 2, 1.12);
  g_autoptr(DrivedashCompareLong) cmp = NULL;
  g_autoptr(JsonNode) json = NULL;
  g_autofree char *text = NULL, *csv = NULL;
  g_auto(GStrv) lines = NULL;
  JsonObject *root, *run, *phase;
  DrivedashStoreRun *b = g_ptr_array_index (runs, 1);

  g_free (b->name);
  b->name = g_strdup ("=evil\x1b]52;c;aGk=\x07 name");
  cmp = compare (runs);
  json = to_json (cmp);
  root = json_node_get_object (json);
  g_assert_cmpstr (json_object_get_string_member (root, "test"), ==, "consistency");
  run = json_array_get_object_element (json_object_get_array_member (root, "runs"), 0);
  g_assert_cmpstr (json_object_get_string_member (run, "label"), ==, "SN750, game mode off");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (run, "rounds")), ==, 18);
  phase = json_array_get_object_element (json_object_get_array_member (root, "phases"), 2);
  g_assert_cmpstr (json_object_get_string_member (phase, "phase"), ==, "recovery");
  run = json_array_get_object_element (json_object_get_array_member (phase, "runs"), 1);
  g_assert_cmpstr (json_object_get_string_member (run, "verdict"), ==, "faster");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (run, "difference_percent"), 12, 1.5);

  /* Text for a terminal: no escape survives. */
  text = drivedash_compare_long_to_text (cmp);
  g_assert_null (strchr (text, '\x1b'));
  g_assert_null (strchr (text, '\x07'));
  g_assert_nonnull (strstr (text, "SN750, game mode off"));
  g_assert_nonnull (strstr (text, "After resting"));

  /* CSV: the name with a comma quoted, the formula defused. */
  csv = drivedash_compare_long_to_csv (cmp);
  g_assert_true (g_str_has_prefix (csv, "run,label,phase,round,bandwidth_mb_per_s"));
  g_assert_nonnull (strstr (csv, ",\"SN750, game mode off\",degradation,1,"));
  g_assert_nonnull (strstr (csv, ",\"'=evil"));
  lines = g_strsplit (csv, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 2 * 18 + 1);
}

/* The real long tests, tiny (the settings of test-longtest-run.c), on a
 * real file in the build folder: what they store compares too. */
static gint64
save_real_run (Fixture               *f,
               DrivedashLongTestKind  kind,
               const char            *name)
{
  g_autofree char *tmpl = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "compare-long-XXXXXX", NULL);
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (kind);
  g_autoptr(DrivedashLongTestResult) res = NULL;
  g_autoptr(DrivedashStoreRun) run = NULL;
  g_autoptr(GError) error = NULL;

  s->folder = g_strdup (g_mkdtemp (tmpl));
  s->file_size = 8u << 20;
  s->duration_s = 2;
  s->round_s = 0.05;
  s->round_step_s = 0.01;
  s->idle_s = 0.05;
  s->amount = 32u << 20;
  s->step_bytes = 4u << 20;
  s->interval_s = 0.25;
  run = drivedash_store_run_new_long (f->store, s);
  res = drivedash_long_test_execute (s, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  drivedash_store_run_finish_long (run, f->store, res, s, NULL);
  run->name = g_strdup (name);
  g_assert_true (drivedash_store_save (f->store, run, NULL, &error));
  g_assert_no_error (error);
  g_rmdir (s->folder);
  return run->id;
}

static void
test_real_runs (Fixture       *f,
                gconstpointer  data)
{
  static const DrivedashLongTestKind kinds[] = { DRIVEDASH_LONG_TEST_CONSISTENCY, DRIVEDASH_LONG_TEST_SUSTAINED,
                                                 DRIVEDASH_LONG_TEST_SATURATION, DRIVEDASH_LONG_TEST_ADAPTIVITY };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
      g_autoptr(DrivedashCompareLong) cmp = NULL;
      g_autofree char *conclusion = NULL, *text = NULL;

      for (guint i = 0; i < 2; i++)
        g_ptr_array_add (runs, drivedash_store_get_run (f->store, save_real_run (f, kinds[k], names[i]), NULL));
      cmp = compare (runs);
      conclusion = drivedash_compare_long_dup_conclusion (cmp);
      text = drivedash_compare_long_to_text (cmp);
      check_labels (cmp);
      g_test_message ("%s", text);
      g_assert_nonnull (strstr (text, names[1]));
      for (guint i = 0; i < 2; i++)
        {
          const DrivedashCompareLongRun *run = run_at (cmp, i);

          if (kinds[k] == DRIVEDASH_LONG_TEST_CONSISTENCY)
            g_assert_cmpuint (run->rounds->len, ==, 18);
          else if (kinds[k] == DRIVEDASH_LONG_TEST_ADAPTIVITY)
            {
              /* Ten rounds after the fill; the average is over them. */
              g_assert_cmpint (cmp->shape, ==, DRIVEDASH_COMPARE_LONG_ROUNDS);
              g_assert_cmpuint (run->rounds->len, ==, 10);
              g_assert_true (isfinite (run->average_mb_per_s) && run->average_mb_per_s > 0);
            }
          else if (kinds[k] == DRIVEDASH_LONG_TEST_SUSTAINED)
            {
              g_assert_cmpuint (run->timeline->len, >, 4);
              g_assert_cmpfloat (run->total_mb_per_s, >, 0);
              g_assert_true (isfinite (run->first_mb_per_s) && isfinite (run->last_mb_per_s));
            }
          else
            g_assert_cmpuint (run->fill->len, ==, 8);
        }
      if (kinds[k] == DRIVEDASH_LONG_TEST_CONSISTENCY)
        {
          g_assert_cmpuint (cmp->phases->len, ==, 3);
          for (guint p = 0; p < 3; p++)
            g_assert_cmpuint (g_array_index (cmp->phases, DrivedashCompareLongPhase, p).n_pairs[1], ==,
                              p == 0 ? 8 : 5);
          g_assert_nonnull (strstr (conclusion, names[1]));
        }
    }
}

/* Faster in some phases and slower in others: the headline still names
 * who wins more of them, and where; each phase's verdict gives its ratio
 * as a range, never "±". */
static void
test_mixed_headline (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GPtrArray) runs = save_and_load (f, DRIVEDASH_LONG_TEST_CONSISTENCY, 2, 1.12);
  g_autoptr(DrivedashCompareLong) cmp = compare (runs);
  DrivedashCompareLongPhase *worse = &g_array_index (cmp->phases, DrivedashCompareLongPhase, 0);
  g_autofree char *sentence = drivedash_compare_long_dup_verdict (cmp, worse, 1);
  g_autofree char *most = NULL, *even = NULL;
  const char *b = run_at (cmp, 1)->label, *a = run_at (cmp, 0)->label;
  g_autofree char *want_most = g_strdup_printf ("%s is faster than %s in most phases (Steady, After resting), "
                                                "slower in Getting worse.", b, a);

  g_test_message ("%s", sentence);
  g_assert_nonnull (strstr (sentence, "% faster than "));
  g_assert_nonnull (strstr (sentence, "(between "));
  g_assert_null (strstr (sentence, "±"));
  worse->verdict[1] = DRIVEDASH_COMPARE_LONG_SLOWER;
  most = drivedash_compare_long_dup_summary (cmp, 1);
  g_assert_cmpstr (most, ==, want_most);
  g_array_index (cmp->phases, DrivedashCompareLongPhase, 1).verdict[1] = DRIVEDASH_COMPARE_LONG_CANT_TELL;
  even = drivedash_compare_long_dup_summary (cmp, 1);
  g_assert_nonnull (strstr (even, "is faster overall: "));
  g_assert_nonnull (strstr (even, "faster in After resting and slower in Getting worse."));
  /* Faster where it could be judged, the rest can't tell: no empty list. */
  worse->verdict[1] = DRIVEDASH_COMPARE_LONG_CANT_TELL;
  g_free (even);
  even = drivedash_compare_long_dup_summary (cmp, 1);
  {
    g_autofree char *want = g_strdup_printf ("%s is faster than %s in After resting; can't tell in the other "
                                             "phases.", b, a);

    g_assert_cmpstr (even, ==, want);
  }
}

int
main (int    argc,
      char **argv)
{
  static const guint sizes[] = { 2, 4, 6 };

  g_setenv ("LC_ALL", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *c = g_strdup_printf ("/compare-long/consistency/%u", sizes[i]);
      g_autofree char *s = g_strdup_printf ("/compare-long/sustained/%u", sizes[i]);
      g_autofree char *t = g_strdup_printf ("/compare-long/saturation/%u", sizes[i]);

      g_test_add (c, Fixture, GUINT_TO_POINTER (sizes[i]), fixture_set_up, test_consistency, fixture_tear_down);
      g_test_add (s, Fixture, GUINT_TO_POINTER (sizes[i]), fixture_set_up, test_sustained, fixture_tear_down);
      g_test_add (t, Fixture, GUINT_TO_POINTER (sizes[i]), fixture_set_up, test_saturation, fixture_tear_down);
    }
  g_test_add ("/compare-long/sustained-repeats", Fixture, NULL, fixture_set_up, test_sustained_repeats,
              fixture_tear_down);
  g_test_add ("/compare-long/sustained-older", Fixture, NULL, fixture_set_up, test_sustained_older,
              fixture_tear_down);
  g_test_add ("/compare-long/refused", Fixture, NULL, fixture_set_up, test_refused, fixture_tear_down);
  g_test_add ("/compare-long/one", Fixture, NULL, fixture_set_up, test_one, fixture_tear_down);
  g_test_add ("/compare-long/mixed-headline", Fixture, NULL, fixture_set_up, test_mixed_headline,
              fixture_tear_down);
  g_test_add ("/compare-long/no-summary", Fixture, NULL, fixture_set_up, test_no_summary, fixture_tear_down);
  g_test_add ("/compare-long/cant-tell", Fixture, NULL, fixture_set_up, test_cant_tell, fixture_tear_down);
  g_test_add ("/compare-long/real-runs", Fixture, NULL, fixture_set_up, test_real_runs, fixture_tear_down);
  g_test_add ("/compare-long/outputs", Fixture, NULL, fixture_set_up, test_outputs, fixture_tear_down);
  return g_test_run ();
}
