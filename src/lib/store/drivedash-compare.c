/* drivedash-compare.c — compare stored runs test by test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-compare.h"
#include "drivedash-json.h"

void
drivedash_compare_test_free (DrivedashCompareTest *test)
{
  if (test == NULL)
    return;
  for (guint i = 0; i < test->entries->len; i++)
    g_free (g_array_index (test->entries, DrivedashCompareEntry, i).label);
  g_array_unref (test->entries);
  g_free (test);
}

static void
summarize_side (const DrivedashCompareSide *side,
                const char                 *test,
                const char                 *mode,
                DrivedashStatsSummary      *out)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < side->n_runs; i++)
    {
      const DrivedashStoreResult *r = drivedash_store_run_find_result (side->runs[i], test, mode);

      if (r == NULL)
        continue;
      if (side->n_runs == 1)
        g_array_append_vals (values, r->passes->data, r->passes->len);
      if (side->n_runs > 1 || r->passes->len == 0)
        g_array_append_val (values, r->mb_per_s);
    }
  drivedash_stats_summarize ((const double *) (gpointer) values->data, values->len, out);
}

static DrivedashCompareTest *
compare_test (const DrivedashCompareSide *sides,
              guint                       n_sides,
              const DrivedashStoreResult *first)
{
  DrivedashCompareTest *test = g_new0 (DrivedashCompareTest, 1);
  guint present = 0;

  test->test = first->test;
  test->mode = first->mode;
  test->entries = g_array_sized_new (FALSE, TRUE, sizeof (DrivedashCompareEntry), n_sides);
  for (guint s = 0; s < n_sides; s++)
    {
      DrivedashCompareEntry entry = { .id = sides[s].id, .label = g_strdup (sides[s].label) };

      summarize_side (&sides[s], first->test, first->mode, &entry.summary);
      if (entry.summary.n > 0)
        present++;
      g_array_append_val (test->entries, entry);
    }
  for (guint s = 0; s < n_sides; s++)
    drivedash_stats_compare (&g_array_index (test->entries, DrivedashCompareEntry, 0).summary,
                             &g_array_index (test->entries, DrivedashCompareEntry, s).summary,
                             &g_array_index (test->entries, DrivedashCompareEntry, s).vs_first);
  test->comparison = g_array_index (test->entries, DrivedashCompareEntry, n_sides - 1).vs_first;
  if (present < 2)
    {
      drivedash_compare_test_free (test);
      return NULL;
    }
  return test;
}

GPtrArray *
drivedash_compare_sides (const DrivedashCompareSide *sides,
                         guint                       n_sides)
{
  GPtrArray *tests = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_compare_test_free);
  const DrivedashStoreRun *model;

  if (n_sides < 2 || sides[0].n_runs == 0)
    return tests;

  /* The first side's first run gives the tests and their order. */
  model = sides[0].runs[0];
  for (guint i = 0; i < model->results->len; i++)
    {
      DrivedashCompareTest *test = compare_test (sides, n_sides, g_ptr_array_index (model->results, i));

      if (test != NULL)
        g_ptr_array_add (tests, test);
    }
  return tests;
}

static void
add_comparison (JsonBuilder                    *b,
                const DrivedashStatsComparison *c)
{
  drivedash_json_member_double (b, "difference_percent", c->difference_percent);
  drivedash_json_member_double (b, "ci95_percent", c->ci95_percent);
  json_builder_set_member_name (b, "verdict");
  json_builder_add_string_value (b, drivedash_compare_verdict_to_string (c->verdict));
}

static void
add_entry (JsonBuilder                 *b,
           const DrivedashCompareEntry *e,
           gboolean                     with_comparison)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  if (e->id > 0)
    json_builder_add_int_value (b, e->id);
  else
    json_builder_add_null_value (b);
  if (e->label != NULL)
    {
      json_builder_set_member_name (b, "game_mode");
      json_builder_add_string_value (b, e->label);
    }
  drivedash_json_member_double (b, "mean_mb_per_s", e->summary.mean);
  drivedash_json_member_double (b, "ci95_mb_per_s", e->summary.ci95);
  json_builder_set_member_name (b, "n");
  json_builder_add_int_value (b, e->summary.n);
  if (with_comparison)
    add_comparison (b, &e->vs_first);
  json_builder_end_object (b);
}

void
drivedash_compare_add_json (JsonBuilder *b,
                            GPtrArray   *tests)
{
  json_builder_set_member_name (b, "tests");
  json_builder_begin_array (b);
  for (guint i = 0; i < tests->len; i++)
    {
      const DrivedashCompareTest *t = g_ptr_array_index (tests, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "test");
      json_builder_add_string_value (b, t->test);
      json_builder_set_member_name (b, "mode");
      json_builder_add_string_value (b, t->mode);
      json_builder_set_member_name (b, "runs");
      json_builder_begin_array (b);
      for (guint e = 0; e < t->entries->len; e++)
        add_entry (b, &g_array_index (t->entries, DrivedashCompareEntry, e),
                   e > 0 && t->entries->len > 2);
      json_builder_end_array (b);
      add_comparison (b, &t->comparison);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* From this ratio on, "1.6× faster" reads better than "60 % faster". */
#define RATIO_WORDS 1.2

char *
drivedash_compare_format_ratio (double  ratio,
                                double  low,
                                double  high,
                                char  **range)
{
  gboolean faster = ratio >= 1;
  double r = faster ? ratio : 1 / ratio;
  double lo = faster ? low : 1 / high, hi = faster ? high : 1 / low;

  g_return_val_if_fail (ratio > 0 && low > 0 && high > 0 && range != NULL, NULL);
  if (r >= RATIO_WORDS)
    {
      /* TRANSLATORS: the 95 % interval of "1.6× faster" */
      *range = g_strdup_printf (_("(between %.1f× and %.1f×)"), lo, hi);
      /* TRANSLATORS: "1.6× faster", "1.6× slower" */
      return g_strdup_printf (faster ? _("%.1f× faster") : _("%.1f× slower"), r);
    }
  /* TRANSLATORS: the 95 % interval of "3.1 % faster" */
  *range = g_strdup_printf (_("(between %.1f %% and %.1f %%)"), (lo - 1) * 100, (hi - 1) * 100);
  /* TRANSLATORS: "3.1 % faster", "3.1 % slower" */
  return g_strdup_printf (faster ? _("%.1f %% faster") : _("%.1f %% slower"), (r - 1) * 100);
}

/* A difference in percent of the first and its interval, as a ratio. */
char *
drivedash_compare_format_difference (const DrivedashStatsComparison *c,
                                     char                          **range)
{
  double d = c->difference_percent / 100, ci = c->ci95_percent / 100;

  return drivedash_compare_format_ratio (MAX (1 + d, 1e-6), MAX (1 + d - ci, 1e-6), MAX (1 + d + ci, 1e-6),
                                         range);
}

char *
drivedash_compare_describe (const DrivedashStatsComparison *c)
{
  if (c->verdict == DRIVEDASH_COMPARE_VERDICT_NO_MEASURABLE_DIFFERENCE)
    return g_strdup (_("no measurable difference"));
  if (c->verdict == DRIVEDASH_COMPARE_VERDICT_CANNOT_TELL && !isfinite (c->difference_percent))
    return g_strdup (_("can't tell (no result)"));
  if (c->verdict == DRIVEDASH_COMPARE_VERDICT_CANNOT_TELL)
    /* TRANSLATORS: "can't tell (+3.1 % in one pass)": the raw difference */
    return g_strdup_printf (_("can't tell (%+.1f %% in one pass)"), c->difference_percent);
  {
    g_autofree char *range = NULL;
    g_autofree char *head = drivedash_compare_format_difference (c, &range);

    /* TRANSLATORS: "3.1 % faster (between 2.3 % and 3.9 %)" */
    return g_strdup_printf (_("%s %s"), head, range);
  }
}

/* One pass on a side: the raw difference, said to be no verdict. */
static char *
describe_cannot_tell (const DrivedashStatsComparison *c,
                      const char                     *side,
                      const char                     *baseline)
{
  if (!isfinite (c->difference_percent))
    /* TRANSLATORS: "C (After the update) has no result in this test" */
    return g_strdup_printf (_("%s has no result in this test"), side);
  if (c->difference_percent > 0)
    /* TRANSLATORS: "Can't tell from one pass: B (Game mode on) measured 7.9 % faster than A" */
    return g_strdup_printf (_("Can't tell from one pass: %s measured %.1f %% faster than %s"),
                            side, c->difference_percent, baseline);
  if (c->difference_percent < 0)
    return g_strdup_printf (_("Can't tell from one pass: %s measured %.1f %% slower than %s"),
                            side, -c->difference_percent, baseline);
  return g_strdup_printf (_("Can't tell from one pass: %s measured the same as %s"), side, baseline);
}

char *
drivedash_compare_describe_against (const DrivedashStatsComparison *c,
                                    const char                     *side,
                                    const char                     *baseline)
{
  g_return_val_if_fail (c != NULL && side != NULL && baseline != NULL, NULL);

  switch (c->verdict)
    {
    case DRIVEDASH_COMPARE_VERDICT_FASTER:
    case DRIVEDASH_COMPARE_VERDICT_SLOWER:
      {
        g_autofree char *range = NULL;
        g_autofree char *head = drivedash_compare_format_difference (c, &range);

        /* TRANSLATORS: "B (Game mode on) is 7.9 % faster than A (between 6.7 % and 9.1 %)":
         * the run, "7.9 % faster", the other run, the range */
        return g_strdup_printf (_("%s is %s than %s %s"), side, head, baseline, range);
      }
    case DRIVEDASH_COMPARE_VERDICT_CANNOT_TELL:
      return describe_cannot_tell (c, side, baseline);
    case DRIVEDASH_COMPARE_VERDICT_NO_MEASURABLE_DIFFERENCE:
    default:
      /* TRANSLATORS: "No measurable difference between B (Game mode on) and A" */
      return g_strdup_printf (_("No measurable difference between %s and %s"), side, baseline);
    }
}

char *
drivedash_compare_dup_cannot_tell (GPtrArray *tests)
{
  guint n_judged = 0, n_single = 0;

  g_return_val_if_fail (tests != NULL, NULL);

  for (guint i = 0; i < tests->len; i++)
    {
      const DrivedashCompareTest *t = g_ptr_array_index (tests, i);

      for (guint e = 1; e < t->entries->len; e++)
        {
          const DrivedashCompareEntry *entry = &g_array_index (t->entries, DrivedashCompareEntry, e);

          if (entry->vs_first.verdict != DRIVEDASH_COMPARE_VERDICT_CANNOT_TELL)
            n_judged++;
          else if (isfinite (entry->vs_first.difference_percent))
            n_single++;
        }
    }
  if (n_single == 0)
    return NULL;
  if (n_judged == 0)
    return g_strdup (_("Can't tell: each run has only one pass. Repeat each setup 3 times "
                       "(Repeat in Speed, --repeat 3) to know whether the difference is real."));
  return g_strdup (_("Some tests can't be judged: a run in them has only one pass. Repeat each "
                     "setup 3 times (Repeat in Speed, --repeat 3) to know whether the difference is real."));
}

char *
drivedash_compare_dup_game_mode_conclusion (GPtrArray *tests)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint same = 0;

  g_return_val_if_fail (tests != NULL, NULL);

  for (guint i = 0; i < tests->len; i++)
    {
      const DrivedashCompareTest *t = g_ptr_array_index (tests, i);
      g_autofree char *words = drivedash_compare_describe (&t->comparison);

      if (t->comparison.verdict == DRIVEDASH_COMPARE_VERDICT_NO_MEASURABLE_DIFFERENCE)
        {
          same++;
          continue;
        }
      if (t->comparison.verdict == DRIVEDASH_COMPARE_VERDICT_CANNOT_TELL)
        /* TRANSLATORS: "RND4K Q1T1 write: can't tell (+3.1 % in one pass)." */
        g_string_append_printf (text, _("%s %s: %s.\n"), t->test, t->mode, words);
      else
        /* TRANSLATORS: "Game mode made RND4K Q1T1 write 3.1 % faster (± 0.8 %)." */
        g_string_append_printf (text, _("Game mode made %s %s %s.\n"), t->test, t->mode, words);
    }
  if (same == tests->len)
    g_string_append (text, _("Game mode made no measurable difference in any test."));
  else if (same > 0)
    g_string_append (text, _("No measurable difference in the other tests."));
  else
    g_string_truncate (text, text->len - 1);
  return g_string_free (g_steal_pointer (&text), FALSE);
}
