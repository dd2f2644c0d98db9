/* test-stats.c — means, confidence intervals, Welch's t-test and the
 * comparison of runs, against reference values computed once with SciPy
 * (tests/fixtures/make-stats-reference.py → stats-reference.json)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "drivedash-compare.h"
#include "drivedash-stats.h"

static JsonObject *reference;

/* SciPy's t.ppf at fractional degrees of freedom agrees with its own
 * t.cdf only to about 1e-9 (checked: our quantile's CDF, by SciPy, is
 * closer to p than SciPy's quantile's), so values built on a quantile are
 * compared to 1e-8; everything else to 1e-10 or better. */
#define QUANTILE_TOLERANCE 1e-8

static void
assert_close (double      got,
              double      want,
              double      relative,
              const char *what)
{
  if (!(fabs (got - want) <= relative * fmax (fabs (want), 1e-300)))
    g_error ("%s: got %.17g, SciPy says %.17g", what, got, want);
}

static GArray *
values_of (JsonArray *array)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      double v = json_array_get_double_element (array, i);

      g_array_append_val (values, v);
    }
  return values;
}

static void
check_summary (const DrivedashStatsSummary *s,
               JsonObject                  *want)
{
  g_assert_cmpuint (s->n, ==, (guint) json_object_get_double_member (want, "n"));
  assert_close (s->mean, json_object_get_double_member (want, "mean"), 1e-12, "mean");
  assert_close (s->sd, json_object_get_double_member (want, "sd"), 1e-10, "sd");
  assert_close (s->ci95, json_object_get_double_member (want, "ci95"), QUANTILE_TOLERANCE, "ci95");
}

static void
test_pairs (void)
{
  JsonArray *pairs = json_object_get_array_member (reference, "pairs");

  g_assert_cmpuint (json_array_get_length (pairs), >=, 5);
  for (guint i = 0; i < json_array_get_length (pairs); i++)
    {
      JsonObject *p = json_array_get_object_element (pairs, i);
      g_autoptr(GArray) a = values_of (json_object_get_array_member (p, "a"));
      g_autoptr(GArray) b = values_of (json_object_get_array_member (p, "b"));
      DrivedashStatsSummary sa, sb;
      DrivedashStatsComparison c;
      double p_value = json_object_get_double_member (p, "p");
      double t = json_object_get_double_member (p, "t");
      DrivedashCompareVerdict want;

      drivedash_stats_summarize ((double *) (gpointer) a->data, a->len, &sa);
      drivedash_stats_summarize ((double *) (gpointer) b->data, b->len, &sb);
      check_summary (&sa, json_object_get_object_member (p, "summary_a"));
      check_summary (&sb, json_object_get_object_member (p, "summary_b"));
      drivedash_stats_compare (&sa, &sb, &c);
      assert_close (c.t, t, 1e-10, "Welch t");
      assert_close (c.df, json_object_get_double_member (p, "df"), 1e-10, "Welch df");
      assert_close (c.p_value, p_value, 1e-8, "Welch p");
      assert_close (c.difference_percent, json_object_get_double_member (p, "difference_percent"),
                    1e-10, "difference %");
      assert_close (c.ci95_percent, json_object_get_double_member (p, "ci95_percent"), QUANTILE_TOLERANCE, "ci95 %");

      /* The verdict follows SciPy's p at the 5 % level. */
      want = p_value >= 0.05 ? DRIVEDASH_COMPARE_VERDICT_NO_MEASURABLE_DIFFERENCE
             : t > 0 ? DRIVEDASH_COMPARE_VERDICT_FASTER : DRIVEDASH_COMPARE_VERDICT_SLOWER;
      g_assert_cmpstr (drivedash_compare_verdict_to_string (c.verdict), ==, drivedash_compare_verdict_to_string (want));
    }
}

static void
test_t_distribution (void)
{
  JsonArray *cdf = json_object_get_array_member (reference, "t_cdf");
  JsonArray *ppf = json_object_get_array_member (reference, "t_ppf");

  for (guint i = 0; i < json_array_get_length (cdf); i++)
    {
      JsonObject *o = json_array_get_object_element (cdf, i);

      assert_close (drivedash_stats_t_cdf (json_object_get_double_member (o, "t"),
                                           json_object_get_double_member (o, "df")),
                    json_object_get_double_member (o, "value"), 1e-10, "t cdf");
    }
  for (guint i = 0; i < json_array_get_length (ppf); i++)
    {
      JsonObject *o = json_array_get_object_element (ppf, i);

      assert_close (drivedash_stats_t_quantile (json_object_get_double_member (o, "p"),
                                                json_object_get_double_member (o, "df")),
                    json_object_get_double_member (o, "value"), QUANTILE_TOLERANCE, "t ppf");
    }
  g_assert_true (isnan (drivedash_stats_t_quantile (1.0, 3)));
  g_assert_true (isnan (drivedash_stats_t_cdf (1.0, 0)));
}

static void
test_edges (void)
{
  const double one[] = { 3400 };
  const double same[] = { 100, 100, 100 };
  const double more[] = { 101, 101, 101 };
  DrivedashStatsSummary a, b;
  DrivedashStatsComparison c;

  /* One value: a mean, no interval, no claim. */
  drivedash_stats_summarize (one, 1, &a);
  g_assert_cmpfloat (a.mean, ==, 3400);
  g_assert_true (isnan (a.ci95));
  drivedash_stats_summarize (same, 3, &b);
  drivedash_stats_compare (&a, &b, &c);
  g_assert_cmpint (c.verdict, ==, DRIVEDASH_COMPARE_VERDICT_CANNOT_TELL);
  g_assert_true (isnan (c.ci95_percent));
  g_assert_cmpfloat_with_epsilon (c.difference_percent, -97.0588235, 1e-6);

  /* No spread at all: an exact difference is real, no difference is not. */
  drivedash_stats_summarize (more, 3, &a);
  drivedash_stats_compare (&b, &a, &c);
  g_assert_cmpint (c.verdict, ==, DRIVEDASH_COMPARE_VERDICT_FASTER);
  g_assert_cmpfloat (c.ci95_percent, ==, 0);
  drivedash_stats_compare (&b, &b, &c);
  g_assert_cmpint (c.verdict, ==, DRIVEDASH_COMPARE_VERDICT_NO_MEASURABLE_DIFFERENCE);

  drivedash_stats_summarize (NULL, 0, &a);
  g_assert_cmpuint (a.n, ==, 0);
  drivedash_stats_compare (&a, &b, &c);
  g_assert_true (isnan (c.difference_percent));
}

static DrivedashStoreRun *
run_with_passes (gint64     id,
                 JsonArray *passes,
                 double     best)
{
  DrivedashStoreRun *run = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);
  DrivedashStoreResult *r = drivedash_store_result_new ("RND4K Q1T1", "write");
  DrivedashStoreResult *other = drivedash_store_result_new ("SEQ1M Q8T1", "read");
  g_autoptr(GArray) values = passes ? values_of (passes) : NULL;

  run->id = id;
  if (values != NULL)
    g_array_append_vals (r->passes, values->data, values->len);
  r->mb_per_s = best;
  other->mb_per_s = 3000;
  g_array_append_val (other->passes, other->mb_per_s);
  g_ptr_array_add (run->results, other);
  g_ptr_array_add (run->results, r);
  return run;
}

static void
test_compare_runs (void)
{
  JsonObject *p = json_array_get_object_element (json_object_get_array_member (reference, "pairs"), 1);
  g_autoptr(DrivedashStoreRun) a = run_with_passes (7, json_object_get_array_member (p, "a"), 101.2);
  g_autoptr(DrivedashStoreRun) b = run_with_passes (9, json_object_get_array_member (p, "b"), 104.1);
  DrivedashStoreRun *side_a[] = { a }, *side_b[] = { b };
  DrivedashCompareSide sides[] = { { 7, NULL, side_a, 1 }, { 9, NULL, side_b, 1 } };
  g_autoptr(GPtrArray) tests = drivedash_compare_sides (sides, 2);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  g_autofree char *words = NULL;
  g_autofree char *want = NULL;
  JsonObject *t;
  JsonArray *runs;

  g_assert_cmpuint (tests->len, ==, 2);
  json_builder_begin_object (builder);
  drivedash_compare_add_json (builder, tests);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  text = json_to_string (root, FALSE);
  g_test_message ("%s", text);

  t = json_array_get_object_element (json_object_get_array_member (json_node_get_object (root), "tests"), 1);
  g_assert_cmpstr (json_object_get_string_member (t, "test"), ==, "RND4K Q1T1");
  g_assert_cmpstr (json_object_get_string_member (t, "mode"), ==, "write");
  g_assert_cmpstr (json_object_get_string_member (t, "verdict"), ==, "faster");
  assert_close (json_object_get_double_member (t, "difference_percent"),
                json_object_get_double_member (p, "difference_percent"), 1e-10, "difference %");
  assert_close (json_object_get_double_member (t, "ci95_percent"),
                json_object_get_double_member (p, "ci95_percent"), QUANTILE_TOLERANCE, "ci95 %");
  runs = json_object_get_array_member (t, "runs");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (runs, 0), "id"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (runs, 1), "n"), ==, 6);
  assert_close (json_object_get_double_member (json_array_get_object_element (runs, 1), "ci95_mb_per_s"),
                json_object_get_double_member (json_object_get_object_member (p, "summary_b"), "ci95"),
                QUANTILE_TOLERANCE, "ci95 MB/s");

  /* One pass each: a mean, no interval (null), no claim either way. */
  t = json_array_get_object_element (json_object_get_array_member (json_node_get_object (root), "tests"), 0);
  g_assert_cmpstr (json_object_get_string_member (t, "verdict"), ==, "cannot-tell");
  g_assert_true (json_object_get_null_member (t, "ci95_percent"));

  words = drivedash_compare_describe (&((DrivedashCompareTest *) g_ptr_array_index (tests, 1))->comparison);
  /* The interval as a range, never "±": d − ci to d + ci in percent. */
  want = g_strdup_printf ("%.1f %% faster (between %.1f %% and %.1f %%)",
                          json_object_get_double_member (p, "difference_percent"),
                          json_object_get_double_member (p, "difference_percent")
                            - json_object_get_double_member (p, "ci95_percent"),
                          json_object_get_double_member (p, "difference_percent")
                            + json_object_get_double_member (p, "ci95_percent"));
  g_assert_cmpstr (words, ==, want);
  g_free (words);
  g_free (want);
  words = drivedash_compare_describe_against (&((DrivedashCompareTest *) g_ptr_array_index (tests, 1))->comparison,
                                              "B (After the update)", "A");
  want = g_strdup_printf ("B (After the update) is %.1f %% faster than A (between %.1f %% and %.1f %%)",
                          json_object_get_double_member (p, "difference_percent"),
                          json_object_get_double_member (p, "difference_percent")
                            - json_object_get_double_member (p, "ci95_percent"),
                          json_object_get_double_member (p, "difference_percent")
                            + json_object_get_double_member (p, "ci95_percent"));
  g_assert_cmpstr (words, ==, want);
  /* SEQ1M has one pass a side: the advice names that. */
  g_free (words);
  /* From 1.2× on, a ratio: "1.6× faster (between 1.1× and 2.4×)"; slower
   * alike, its interval turned over. */
  {
    g_autofree char *range = NULL;
    g_autofree char *head = drivedash_compare_format_ratio (1.6, 1.1, 2.4, &range);
    g_autofree char *range2 = NULL;
    g_autofree char *head2 = drivedash_compare_format_ratio (0.5, 0.4, 0.8, &range2);

    g_assert_cmpstr (head, ==, "1.6× faster");
    g_assert_cmpstr (range, ==, "(between 1.1× and 2.4×)");
    g_assert_cmpstr (head2, ==, "2.0× slower");
    g_assert_cmpstr (range2, ==, "(between 1.2× and 2.5×)");
  }
  words = drivedash_compare_dup_cannot_tell (tests);
  g_assert_true (g_str_has_prefix (words, "Some tests can't be judged: a run in them has only one pass."));
}

/* Four runs of one pass each (issue 24): 22 against 41 MB/s is no "no
 * measurable difference", and no "faster" either: there is no spread to
 * judge by.  The raw difference is said, with what to do about it. */
static void
test_single_pass (void)
{
  static const double q1[] = { 22, 41, 23, 40 }, q32[] = { 178, 123, 180, 125 };
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
  DrivedashStoreRun *r[4];
  DrivedashCompareSide sides[4];
  g_autoptr(GPtrArray) tests = NULL;
  g_autofree char *advice = NULL, *faster = NULL, *slower = NULL, *json = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  const DrivedashCompareTest *t;

  for (guint i = 0; i < 4; i++)
    {
      DrivedashStoreResult *a = drivedash_store_result_new ("RND4K Q1T1", "read");
      DrivedashStoreResult *b = drivedash_store_result_new ("RND4K Q32T1", "read");

      r[i] = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);
      r[i]->id = i + 1;
      a->mb_per_s = q1[i];
      b->mb_per_s = q32[i];
      g_array_append_val (a->passes, a->mb_per_s);
      g_array_append_val (b->passes, b->mb_per_s);
      g_ptr_array_add (r[i]->results, a);
      g_ptr_array_add (r[i]->results, b);
      g_ptr_array_add (runs, r[i]);
      sides[i] = (DrivedashCompareSide) { i + 1, NULL, &r[i], 1 };
    }
  tests = drivedash_compare_sides (sides, 4);
  g_assert_cmpuint (tests->len, ==, 2);
  t = g_ptr_array_index (tests, 0);
  for (guint e = 1; e < 4; e++)
    g_assert_cmpint (g_array_index (t->entries, DrivedashCompareEntry, e).vs_first.verdict, ==,
                     DRIVEDASH_COMPARE_VERDICT_CANNOT_TELL);
  faster = drivedash_compare_describe_against (&g_array_index (t->entries, DrivedashCompareEntry, 1).vs_first,
                                               "B (Game mode on)", "A");
  g_assert_cmpstr (faster, ==, "Can't tell from one pass: B (Game mode on) measured 86.4 % faster than A");
  t = g_ptr_array_index (tests, 1);
  slower = drivedash_compare_describe_against (&g_array_index (t->entries, DrivedashCompareEntry, 1).vs_first,
                                               "B (Game mode on)", "A");
  g_assert_cmpstr (slower, ==, "Can't tell from one pass: B (Game mode on) measured 30.9 % slower than A");
  advice = drivedash_compare_dup_cannot_tell (tests);
  g_assert_cmpstr (advice, ==, "Can't tell: each run has only one pass. Repeat each setup 3 times "
                   "(Repeat in Speed, --repeat 3) to know whether the difference is real.");
  json_builder_begin_object (builder);
  drivedash_compare_add_json (builder, tests);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json = json_to_string (root, FALSE);
  g_assert_nonnull (strstr (json, "\"verdict\":\"cannot-tell\""));
  g_assert_null (strstr (json, "no-measurable-difference"));
  /* drivedash-cli ab says the same of a test it cannot judge. */
  {
    g_autofree char *game = drivedash_compare_dup_game_mode_conclusion (tests);

    g_assert_cmpstr (game, ==, "RND4K Q1T1 read: can't tell (+81.8 % in one pass).\n"
                     "RND4K Q32T1 read: can't tell (-29.8 % in one pass).");
  }
}

/* With spread on both sides, no difference is a finding, said so. */
static void
test_no_difference_words (void)
{
  const double a[] = { 100, 102, 98, 101 }, b[] = { 101, 99, 100, 102 };
  DrivedashStatsSummary sa, sb;
  DrivedashStatsComparison c;
  g_autofree char *words = NULL;

  drivedash_stats_summarize (a, 4, &sa);
  drivedash_stats_summarize (b, 4, &sb);
  drivedash_stats_compare (&sa, &sb, &c);
  g_assert_cmpint (c.verdict, ==, DRIVEDASH_COMPARE_VERDICT_NO_MEASURABLE_DIFFERENCE);
  words = drivedash_compare_describe_against (&c, "C (After the update)", "A");
  g_assert_cmpstr (words, ==, "No measurable difference between C (After the update) and A");
}

/* A/B: a side of several rounds takes one value per round. */
static void
test_compare_rounds (void)
{
  const double off[] = { 60.1, 61.0, 59.7 }, on[] = { 62.5, 63.0, 62.2 };
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
  DrivedashStoreRun *side_off[3], *side_on[3];
  DrivedashCompareSide sides[2] = { { 0, "off", side_off, 3 }, { 0, "on", side_on, 3 } };
  g_autoptr(GPtrArray) tests = NULL;
  const DrivedashCompareTest *t;
  DrivedashStatsSummary a, b;
  DrivedashStatsComparison want;

  for (guint i = 0; i < 3; i++)
    {
      side_off[i] = run_with_passes (0, NULL, off[i]);
      side_on[i] = run_with_passes (0, NULL, on[i]);
      g_ptr_array_add (runs, side_off[i]);
      g_ptr_array_add (runs, side_on[i]);
    }
  tests = drivedash_compare_sides (sides, 2);
  t = g_ptr_array_index (tests, 1);
  drivedash_stats_summarize (off, 3, &a);
  drivedash_stats_summarize (on, 3, &b);
  drivedash_stats_compare (&a, &b, &want);
  g_assert_cmpuint (g_array_index (t->entries, DrivedashCompareEntry, 1).summary.n, ==, 3);
  g_assert_cmpfloat (t->comparison.difference_percent, ==, want.difference_percent);
  g_assert_cmpfloat (t->comparison.ci95_percent, ==, want.ci95_percent);
  g_assert_cmpint (t->comparison.verdict, ==, DRIVEDASH_COMPARE_VERDICT_FASTER);
  g_assert_cmpstr (g_array_index (t->entries, DrivedashCompareEntry, 0).label, ==, "off");
}

/* What differed in how the runs were made: firmware only between runs of
 * one drive, the kernel and the version always; nothing when all agree. */
static void
test_provenance (void)
{
  static const struct { const char *serial, *firmware, *kernel, *version; } made[] = {
    { "aaaa", "3B2QGXA7", "6.1.0-18-amd64", "0.4.0" },
    { "aaaa", "4B2QGXA7", "6.1.0-21-amd64", "0.4.0" },
    { "bbbb", "1.0",      "6.1.0-21-amd64", "0.4.0" },
  };
  DrivedashStoreRun *runs[3];
  g_autofree char *all = NULL, *same = NULL, *other_drive = NULL;

  for (guint i = 0; i < 3; i++)
    {
      runs[i] = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);
      g_free (runs[i]->serial_hash);
      runs[i]->serial_hash = g_strdup (made[i].serial);
      g_free (runs[i]->drive_firmware);
      runs[i]->drive_firmware = g_strdup (made[i].firmware);
      g_free (runs[i]->kernel);
      runs[i]->kernel = g_strdup (made[i].kernel);
      g_free (runs[i]->app_version);
      runs[i]->app_version = g_strdup (made[i].version);
    }
  all = drivedash_compare_dup_provenance (runs, 3);
  g_assert_cmpstr (all, ==, "Run on a different firmware (3B2QGXA7, 4B2QGXA7): a firmware update can change "
                            "a drive’s speed.\nRun on a different Linux kernel (6.1.0-18-amd64, 6.1.0-21-amd64): "
                            "a new kernel can change how fast a drive is driven.");
  /* Two drives' firmware differ as a matter of course: no note. */
  other_drive = drivedash_compare_dup_provenance (runs + 1, 2);
  g_assert_null (other_drive);
  same = drivedash_compare_dup_provenance (runs, 1);
  g_assert_null (same);
  g_free (runs[2]->app_version);
  runs[2]->app_version = g_strdup ("0.5.0");
  g_clear_pointer (&all, g_free);
  all = drivedash_compare_dup_provenance (runs + 1, 2);
  g_assert_cmpstr (all, ==, "Measured by different versions of Drivedash (0.4.0, 0.5.0).");
  for (guint i = 0; i < 3; i++)
    drivedash_store_run_unref (runs[i]);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *path = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  g_test_init (&argc, &argv, NULL);
  path = g_test_build_filename (G_TEST_DIST, "fixtures", "stats-reference.json", NULL);
  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  reference = json_node_get_object (json_parser_get_root (parser));

  g_test_add_func ("/stats/pairs", test_pairs);
  g_test_add_func ("/stats/t-distribution", test_t_distribution);
  g_test_add_func ("/stats/edges", test_edges);
  g_test_add_func ("/stats/compare-runs", test_compare_runs);
  g_test_add_func ("/stats/compare-rounds", test_compare_rounds);
  g_test_add_func ("/stats/single-pass", test_single_pass);
  g_test_add_func ("/stats/no-difference-words", test_no_difference_words);
  g_test_add_func ("/stats/provenance", test_provenance);
  return g_test_run ();
}
