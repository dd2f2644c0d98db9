/* drivedash-compare-long-output.c — a long-test comparison in words, as
 * JSON, as the CLI's table and as CSV
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-compare.h"
#include "drivedash-compare-long.h"
#include "drivedash-format.h"
#include "drivedash-json.h"
#include "drivedash-store-private.h"

#define RUN(self, i) ((const DrivedashCompareLongRun *) g_ptr_array_index ((self)->runs, (i)))

static const char *
phase_words (DrivedashLongGroup group)
{
  const char *name = drivedash_long_group_get_display_name (group);

  /* TRANSLATORS: the rounds of a test without phases */
  return name != NULL ? name : _("Measured");
}

char *
drivedash_compare_long_dup_verdict (const DrivedashCompareLong      *self,
                                    const DrivedashCompareLongPhase *phase,
                                    guint                            index)
{
  const char *a = RUN (self, 0)->label, *b = RUN (self, index)->label;
  gboolean recovery = phase->group == DRIVEDASH_LONG_GROUP_RECOVERY;
  g_autofree char *head = NULL;
  g_autofree char *range = NULL;

  g_return_val_if_fail (index > 0 && index < self->runs->len, NULL);

  if (phase->n_pairs[index] < 2)
    /* TRANSLATORS: "Can't tell whether B differs from A in the “After resting” rounds: …" */
    return g_strdup_printf (_("Can't tell whether %s differs from %s in the “%s” rounds: too few rounds to judge."),
                            b, a, phase_words (phase->group));
  if (phase->verdict[index] == DRIVEDASH_COMPARE_LONG_CANT_TELL)
    return g_strdup_printf (_("Can't tell whether %s differs from %s in the “%s” rounds: "
                              "the rounds vary more than the runs differ."),
                            b, a, phase_words (phase->group));
  head = drivedash_compare_format_ratio (1 + phase->difference_percent[index] / 100, phase->ratio_low[index],
                                         phase->ratio_high[index], &range);
  if (recovery)
    /* TRANSLATORS: "B recovers 1.6× faster than A after resting (between 1.1× and 2.4×)." */
    return g_strdup_printf (_("%s recovers %s than %s after resting %s."), b, head, a, range);
  /* TRANSLATORS: "B is 12.0 % faster than A in the “Steady” rounds (between 8.1 % and 16.0 %)." */
  return g_strdup_printf (_("%s is %s than %s in the “%s” rounds %s."), b, head, a, phase_words (phase->group),
                          range);
}

/* A setup with repeats against the first setup with repeats: Welch's
 * verdict, as the speed-test compare gives. */
static void
append_setup_verdict (GString                         *text,
                      const DrivedashCompareLongSetup *a,
                      const DrivedashCompareLongSetup *b)
{
  const DrivedashStatsComparison *c = &b->vs_first;
  g_autofree char *range = NULL;
  g_autofree char *head = NULL;

  if (c->verdict == DRIVEDASH_COMPARE_VERDICT_NO_MEASURABLE_DIFFERENCE || !isfinite (c->ci95_percent))
    /* TRANSLATORS: "Over their repeats, B and A were about as fast: …" */
    g_string_append_printf (text, _("Over their repeats, %s and %s were about as fast: "
                                    "no measurable difference."), b->label, a->label);
  else
    {
      head = drivedash_compare_format_difference (c, &range);
      /* TRANSLATORS: "Over their repeats, B was 3.1 % faster than A (between 2.3 % and 3.9 %)." */
      g_string_append_printf (text, _("Over their repeats, %s was %s than %s %s."), b->label, head, a->label,
                              range);
    }
  g_string_append_c (text, '\n');
}

/* One run of a setup: a difference in the mean is shown, never judged.
 * Returns whether it was such a difference. */
static gboolean
append_setup (GString                    *text,
              const DrivedashCompareLong *self,
              guint                       g)
{
  const DrivedashCompareLongSetup *a = &g_array_index (self->setups, DrivedashCompareLongSetup, 0);
  const DrivedashCompareLongSetup *b = &g_array_index (self->setups, DrivedashCompareLongSetup, g);
  g_autofree char *range = NULL;
  g_autofree char *head = NULL;
  double ratio;

  if (a->total_mb_per_s.n >= 2 && b->total_mb_per_s.n >= 2)
    {
      append_setup_verdict (text, a, b);
      return FALSE;
    }
  if (a->total_mb_per_s.n == 0 || b->total_mb_per_s.n == 0 || a->total_mb_per_s.mean <= 0 ||
      b->total_mb_per_s.mean <= 0)
    return FALSE;
  ratio = b->total_mb_per_s.mean / a->total_mb_per_s.mean;
  if (fabs (ratio - 1) < 0.0005)
    /* TRANSLATORS: "B was about as fast as A." */
    g_string_append_printf (text, _("%s was about as fast as %s."), b->label, a->label);
  else
    {
      /* One run a side: no interval to give. */
      head = drivedash_compare_format_ratio (ratio, ratio, ratio, &range);
      /* TRANSLATORS: "B was 3.1 % faster than A.", "B was 1.6× slower than A." */
      g_string_append_printf (text, _("%s was %s than %s."), b->label, head, a->label);
    }
  g_string_append_c (text, '\n');
  return TRUE;
}

/* The mean speed of the fill's points from @from to @to GiB; NAN: none. */
static double
fill_speed (const DrivedashCompareLongRun *run,
            double                         from,
            double                         to)
{
  double sum = 0;
  guint n = 0;

  for (guint i = 0; run->fill != NULL && i < run->fill->len; i++)
    {
      const DrivedashComparePoint *p = &g_array_index (run->fill, DrivedashComparePoint, i);

      if (p->x >= from && p->x <= to && isfinite (p->y))
        {
          sum += p->y;
          n++;
        }
    }
  return n > 0 ? sum / n : NAN;
}

static double
fill_written (const DrivedashCompareLongRun *run)
{
  return run->fill != NULL && run->fill->len > 0
    ? g_array_index (run->fill, DrivedashComparePoint, run->fill->len - 1).x : NAN;
}

/* The figures a cache-size run found: how much the fast cache took and
 * the speed before and after it, or how much was written at one speed. */
static void
append_fill (GString                       *text,
             const DrivedashCompareLongRun *b)
{
  double written = fill_written (b);
  double before = isfinite (b->cache_gib) ? fill_speed (b, 0, b->cache_gib) : fill_speed (b, 0, INFINITY);

  if (isfinite (b->cache_gib) && isfinite (before))
    /* TRANSLATORS: "B's fast cache held 12.0 GiB, written at 3,100 MB/s; then it wrote at 900 MB/s." */
    g_string_append_printf (text, _("%s's fast cache held %.1f GiB, written at %.0f MB/s; then it wrote at "
                                    "%.0f MB/s."),
                            b->label, b->cache_gib, before, b->after_cache_mb_per_s);
  else if (isfinite (b->cache_gib))
    /* TRANSLATORS: "B's fast cache held 12.0 GiB, then it wrote at 900 MB/s." */
    g_string_append_printf (text, _("%s's fast cache held %.1f GiB, then it wrote at %.0f MB/s."),
                            b->label, b->cache_gib, b->after_cache_mb_per_s);
  else if (isfinite (written) && isfinite (before))
    /* TRANSLATORS: "A wrote 16.0 GiB at about 2,100 MB/s without slowing down: …" */
    g_string_append_printf (text, _("%s wrote %.1f GiB at about %.0f MB/s without slowing down: no cache "
                                    "size seen, as the cache (if any) is larger than what was written."),
                            b->label, written, before);
  else
    g_string_append_printf (text, _("%s kept its speed to the end: no cache size seen."), b->label);
  g_string_append_c (text, '\n');
}

/* Every phase's verdict for one run, folded into one sentence. */
/* The phases (by name) in which run @index got @verdict, joined. */
static char *
phases_with (const DrivedashCompareLong  *self,
             guint                        index,
             DrivedashCompareLongVerdict  verdict)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint p = 0; p < self->phases->len; p++)
    {
      const DrivedashCompareLongPhase *phase = &g_array_index (self->phases, DrivedashCompareLongPhase, p);

      if (phase->verdict[index] == verdict)
        g_ptr_array_add (names, (gpointer) phase_words (phase->group));
    }
  g_ptr_array_add (names, NULL);
  /* TRANSLATORS: the separator of a list of phases, "Steady, After resting" */
  return g_strjoinv (_(", "), (char **) names->pdata);
}

/* Faster in some phases, slower in others: the headline still names who
 * wins more of them, and where each way. */
static char *
mixed_summary (const DrivedashCompareLong *self,
               guint                       index)
{
  const char *a = RUN (self, 0)->label, *b = RUN (self, index)->label;
  g_autofree char *faster = phases_with (self, index, DRIVEDASH_COMPARE_LONG_FASTER);
  g_autofree char *slower = phases_with (self, index, DRIVEDASH_COMPARE_LONG_SLOWER);
  guint n_faster = 0, n_slower = 0;

  for (guint p = 0; p < self->phases->len; p++)
    {
      DrivedashCompareLongVerdict v = g_array_index (self->phases, DrivedashCompareLongPhase, p).verdict[index];

      n_faster += v == DRIVEDASH_COMPARE_LONG_FASTER;
      n_slower += v == DRIVEDASH_COMPARE_LONG_SLOWER;
    }
  /* The other phases could not be judged: say so rather than name none. */
  if (n_slower == 0)
    /* TRANSLATORS: "B is faster than A in Steady, After resting; can't tell in the other phases." */
    return g_strdup_printf (_("%s is faster than %s in %s; can't tell in the other phases."), b, a, faster);
  if (n_faster == 0)
    return g_strdup_printf (_("%s is slower than %s in %s; can't tell in the other phases."), b, a, slower);
  if (n_faster > n_slower)
    /* TRANSLATORS: "B is faster than A in most phases (Steady, After resting), slower in Getting worse." */
    return g_strdup_printf (_("%s is faster than %s in most phases (%s), slower in %s."), b, a, faster, slower);
  if (n_slower > n_faster)
    return g_strdup_printf (_("%s is slower than %s in most phases (%s), faster in %s."), b, a, slower, faster);
  /* TRANSLATORS: "Neither B nor A is faster overall: B is faster in Steady and slower in After resting." */
  return g_strdup_printf (_("Neither %s nor %s is faster overall: %s is faster in %s and slower in %s."), b, a, b,
                          faster, slower);
}

char *
drivedash_compare_long_dup_summary (const DrivedashCompareLong *self,
                                    guint                       index)
{
  const char *a = RUN (self, 0)->label, *b = RUN (self, index)->label;
  guint n = self->phases->len, faster = 0, slower = 0;
  double lo = INFINITY, hi = 0;

  g_return_val_if_fail (index > 0 && index < self->runs->len, NULL);

  /* One group of rounds (Adaptivity's): its own verdict says it best,
   * not "in every phase, by 11.9 to 11.9 %". */
  if (n == 1)
    return drivedash_compare_long_dup_verdict (self, &g_array_index (self->phases, DrivedashCompareLongPhase, 0),
                                               index);
  for (guint p = 0; p < n; p++)
    {
      const DrivedashCompareLongPhase *phase = &g_array_index (self->phases, DrivedashCompareLongPhase, p);
      double d = fabs (phase->difference_percent[index]);

      if (phase->verdict[index] == DRIVEDASH_COMPARE_LONG_CANT_TELL)
        continue;
      faster += phase->verdict[index] == DRIVEDASH_COMPARE_LONG_FASTER;
      slower += phase->verdict[index] == DRIVEDASH_COMPARE_LONG_SLOWER;
      lo = MIN (lo, d);
      hi = MAX (hi, d);
    }
  if (faster + slower == 0)
    /* TRANSLATORS: "Can't tell whether B differs from A in any phase: …" */
    return g_strdup_printf (_("Can't tell whether %s differs from %s in any phase: "
                              "the rounds vary more than the runs differ."), b, a);
  if (faster == n || slower == n)
    /* TRANSLATORS: "B is faster than A in every phase, by 11.8 to 12.2 %." */
    return g_strdup_printf (faster == n ? _("%s is faster than %s in every phase, by %.1f to %.1f %%.")
                                        : _("%s is slower than %s in every phase, by %.1f to %.1f %%."),
                            b, a, lo, hi);
  return mixed_summary (self, index);
}

char *
drivedash_compare_long_dup_conclusion (const DrivedashCompareLong *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  gboolean guessed = FALSE;

  for (guint i = 1; self->phases->len > 0 && i < self->runs->len; i++)
    {
      g_autofree char *line = drivedash_compare_long_dup_summary (self, i);

      g_string_append_printf (text, "%s\n", line);
    }
  for (guint i = 0; self->shape == DRIVEDASH_COMPARE_LONG_FILL && i < self->runs->len; i++)
    append_fill (text, RUN (self, i));
  for (guint g = 1; self->shape == DRIVEDASH_COMPARE_LONG_TIMELINE && g < self->setups->len; g++)
    guessed |= append_setup (text, self, g);
  /* No spread to judge by: say so once, and how to get one. */
  if (guessed)
    g_string_append_printf (text, "%s\n", _("With one run of a setup, Drivedash can't tell whether a difference "
                                             "is more than chance: run each setup a few times under the same "
                                             "name to find out."));
  if (text->len > 0)
    g_string_truncate (text, text->len - 1);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
append_rounds_figures (GString                       *text,
                       const DrivedashCompareLongRun *run)
{
  const DrivedashLongRound *best, *worst;

  if (run->rounds->len == 0 || run->best < 0 || run->worst < 0)
    {
      g_string_append (text, _("This run has no finished round."));
      return;
    }
  best = &g_array_index (run->rounds, DrivedashLongRound, run->best);
  worst = &g_array_index (run->rounds, DrivedashLongRound, run->worst);
  /* TRANSLATORS: "3,120 MB/s on average over 12 rounds; the best round 3,300 MB/s, the worst 2,900 MB/s." */
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                             "%.0f MB/s on average over %u round; the best round %.0f MB/s, the worst %.0f MB/s.",
                                             "%.0f MB/s on average over %u rounds; the best round %.0f MB/s, the worst %.0f MB/s.",
                                             run->rounds->len),
                          run->average_mb_per_s, run->rounds->len, best->bandwidth_mb_per_s,
                          worst->bandwidth_mb_per_s);
}

static void
append_timeline_figures (GString                       *text,
                         const DrivedashCompareLongRun *run)
{
  g_autofree char *total = drivedash_format_figure (run->total_mb_per_s, 0);
  g_autofree char *first = drivedash_format_figure (run->first_mb_per_s, 0);
  g_autofree char *last = drivedash_format_figure (run->last_mb_per_s, 0);

  /* TRANSLATORS: "480 MB/s on average; 510 MB/s in the first minute, 450 MB/s in the last." */
  g_string_append_printf (text, _("%s MB/s on average; %s MB/s in the first minute, %s MB/s in the last."),
                          total, first, last);
}

char *
drivedash_compare_long_dup_figures (const DrivedashCompareLong *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  const DrivedashCompareLongRun *run = RUN (self, 0);

  if (self->shape == DRIVEDASH_COMPARE_LONG_ROUNDS)
    append_rounds_figures (text, run);
  else if (self->shape == DRIVEDASH_COMPARE_LONG_FILL)
    {
      append_fill (text, run);
      g_string_truncate (text, text->len - 1);
    }
  else if (isfinite (run->total_mb_per_s))
    append_timeline_figures (text, run);
  else
    g_string_append (text, _("This run has no measured stretch."));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* JSON */

static void
add_points (JsonBuilder *b,
            const char  *key,
            GArray      *points,
            const char  *x,
            const char  *y)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; i < points->len; i++)
    {
      const DrivedashComparePoint *p = &g_array_index (points, DrivedashComparePoint, i);

      json_builder_begin_object (b);
      drivedash_json_member_double (b, x, p->x);
      drivedash_json_member_double (b, y, p->y);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_round (JsonBuilder              *b,
           const DrivedashLongRound *r)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "phase");
  if (r->group != DRIVEDASH_LONG_GROUP_NONE)
    json_builder_add_string_value (b, drivedash_long_group_to_string (r->group));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "index");
  json_builder_add_int_value (b, r->index);
  drivedash_json_member_double (b, "bandwidth_mb_per_s", r->bandwidth_mb_per_s);
  drivedash_json_member_double (b, "read_access_us", r->read_access_us);
  drivedash_json_member_double (b, "write_access_us", r->write_access_us);
  json_builder_end_object (b);
}

static void
add_rounds (JsonBuilder                   *b,
            const DrivedashCompareLongRun *run)
{
  drivedash_json_member_double (b, "average_mb_per_s", run->average_mb_per_s);
  json_builder_set_member_name (b, "rounds");
  json_builder_begin_array (b);
  for (guint i = 0; i < run->rounds->len; i++)
    add_round (b, &g_array_index (run->rounds, DrivedashLongRound, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "best");
  if (run->best >= 0)
    add_round (b, &g_array_index (run->rounds, DrivedashLongRound, run->best));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "worst");
  if (run->worst >= 0)
    add_round (b, &g_array_index (run->rounds, DrivedashLongRound, run->worst));
  else
    json_builder_add_null_value (b);
}

static void
add_run (JsonBuilder                   *b,
         const DrivedashCompareLong    *self,
         const DrivedashCompareLongRun *run)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_int_value (b, run->id);
  drivedash_json_member_string (b, "letter", run->letter);
  drivedash_json_member_string (b, "label", run->label);
  if (self->shape == DRIVEDASH_COMPARE_LONG_TIMELINE)
    {
      drivedash_json_member_double (b, "total_mb_per_s", run->total_mb_per_s);
      drivedash_json_member_double (b, "first_minute_mb_per_s", run->first_mb_per_s);
      drivedash_json_member_double (b, "last_minute_mb_per_s", run->last_mb_per_s);
      drivedash_json_member_double (b, "total_iops", run->total_iops);
      drivedash_json_member_double (b, "first_minute_iops", run->first_iops);
      drivedash_json_member_double (b, "last_minute_iops", run->last_iops);
      drivedash_json_member_double (b, "change_percent", run->change_percent);
      add_points (b, "mb_per_s_over_time", run->timeline, "t_s", "mb_per_s");
      add_points (b, "iops_over_time", run->iops_timeline, "t_s", "iops");
    }
  else if (self->shape == DRIVEDASH_COMPARE_LONG_ROUNDS)
    add_rounds (b, run);
  else
    {
      drivedash_json_member_double (b, "cache_gib", run->cache_gib);
      drivedash_json_member_double (b, "after_cache_mb_per_s", run->after_cache_mb_per_s);
      add_points (b, "per_gib", run->fill, "gib", "mb_per_s");
    }
  json_builder_end_object (b);
}

static void
add_phase (JsonBuilder                     *b,
           const DrivedashCompareLong      *self,
           const DrivedashCompareLongPhase *phase)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "phase");
  if (phase->group != DRIVEDASH_LONG_GROUP_NONE)
    json_builder_add_string_value (b, drivedash_long_group_to_string (phase->group));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "runs");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->runs->len; i++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_int_value (b, RUN (self, i)->id);
      json_builder_set_member_name (b, "rounds");
      json_builder_add_int_value (b, phase->n_rounds[i]);
      drivedash_json_member_double (b, "bandwidth_mb_per_s", phase->bandwidth_mb_per_s[i]);
      drivedash_json_member_double (b, "read_access_us", phase->read_access_us[i]);
      drivedash_json_member_double (b, "write_access_us", phase->write_access_us[i]);
      if (i > 0)
        {
          g_autofree char *sentence = drivedash_compare_long_dup_verdict (self, phase, i);

          json_builder_set_member_name (b, "pairs");
          json_builder_add_int_value (b, phase->n_pairs[i]);
          drivedash_json_member_double (b, "difference_percent", phase->difference_percent[i]);
          drivedash_json_member_double (b, "ci95_percent", phase->ci95_percent[i]);
          drivedash_json_member_string (b, "verdict", drivedash_compare_long_verdict_to_string (phase->verdict[i]));
          drivedash_json_member_string (b, "sentence", sentence);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static void
add_setup (JsonBuilder                     *b,
           const DrivedashCompareLongSetup *setup,
           gboolean                         against_first)
{
  json_builder_begin_object (b);
  drivedash_json_member_string (b, "label", setup->label);
  json_builder_set_member_name (b, "runs");
  json_builder_begin_array (b);
  for (guint i = 0; i < setup->n_runs; i++)
    json_builder_add_int_value (b, setup->ids[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "n");
  json_builder_add_int_value (b, setup->total_mb_per_s.n);
  drivedash_json_member_double (b, "mean_total_mb_per_s", setup->total_mb_per_s.mean);
  drivedash_json_member_double (b, "ci95_total_mb_per_s", setup->total_mb_per_s.ci95);
  drivedash_json_member_double (b, "mean_total_iops", setup->total_iops.mean);
  drivedash_json_member_double (b, "ci95_total_iops", setup->total_iops.ci95);
  if (against_first)
    {
      drivedash_json_member_double (b, "difference_percent", setup->vs_first.difference_percent);
      drivedash_json_member_double (b, "ci95_percent", setup->vs_first.ci95_percent);
      drivedash_json_member_string (b, "verdict", drivedash_compare_verdict_to_string (setup->vs_first.verdict));
    }
  json_builder_end_object (b);
}

void
drivedash_compare_long_add_json (JsonBuilder                *b,
                                 const DrivedashCompareLong *self)
{
  drivedash_json_member_string (b, "test", drivedash_run_kind_to_string (self->kind));
  json_builder_set_member_name (b, "runs");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->runs->len; i++)
    add_run (b, self, RUN (self, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "phases");
  json_builder_begin_array (b);
  for (guint p = 0; p < self->phases->len; p++)
    add_phase (b, self, &g_array_index (self->phases, DrivedashCompareLongPhase, p));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "setups");
  json_builder_begin_array (b);
  for (guint g = 0; g < self->setups->len; g++)
    add_setup (b, &g_array_index (self->setups, DrivedashCompareLongSetup, g), g > 0);
  json_builder_end_array (b);
}

/* Text */

static void
append_cell (GString *s,
             double   value,
             int      decimals)
{
  if (isfinite (value))
    g_string_append_printf (s, " %12.*f", decimals, value);
  else
    g_string_append_printf (s, " %12s", "-");
}

static void
append_header (GString           *s,
               const char *const *columns)
{
  g_string_append_printf (s, "%-8s %-24s", _("run"), _("label"));
  for (guint c = 0; columns[c] != NULL; c++)
    g_string_append_printf (s, " %12s", columns[c]);
  g_string_append_c (s, '\n');
}

static void
append_run_start (GString                       *s,
                  const DrivedashCompareLongRun *run)
{
  g_autofree char *safe = drivedash_format_device_string (run->label);
  g_autofree char *id = g_strdup_printf ("%s %" G_GINT64_FORMAT, run->letter, run->id);

  g_string_append_printf (s, "%-8s %-24s", id, safe);
}

static void
append_runs_table (GString                    *s,
                   const DrivedashCompareLong *self)
{
  const char *timeline[] = { _("mean MB/s"), _("start MB/s"), _("end MB/s"), _("change %"), NULL };
  const char *rounds[] = { _("mean MB/s"), _("best MB/s"), _("worst MB/s"), NULL };
  const char *fill[] = { _("cache GiB"), _("after MB/s"), NULL };

  append_header (s, self->shape == DRIVEDASH_COMPARE_LONG_TIMELINE ? timeline
                          : self->shape == DRIVEDASH_COMPARE_LONG_ROUNDS ? rounds : fill);
  for (guint i = 0; i < self->runs->len; i++)
    {
      const DrivedashCompareLongRun *run = RUN (self, i);

      append_run_start (s, run);
      if (self->shape == DRIVEDASH_COMPARE_LONG_TIMELINE)
        {
          append_cell (s, run->total_mb_per_s, 1);
          append_cell (s, run->first_mb_per_s, 1);
          append_cell (s, run->last_mb_per_s, 1);
          append_cell (s, run->change_percent, 1);
        }
      else if (self->shape == DRIVEDASH_COMPARE_LONG_ROUNDS)
        {
          append_cell (s, run->average_mb_per_s, 1);
          append_cell (s, run->best >= 0 ? g_array_index (run->rounds, DrivedashLongRound, run->best).bandwidth_mb_per_s : NAN, 1);
          append_cell (s, run->worst >= 0 ? g_array_index (run->rounds, DrivedashLongRound, run->worst).bandwidth_mb_per_s : NAN, 1);
        }
      else
        {
          append_cell (s, run->cache_gib, 1);
          append_cell (s, run->after_cache_mb_per_s, 0);
        }
      g_string_append_c (s, '\n');
    }
}

static void
append_phase_table (GString                         *s,
                    const DrivedashCompareLong      *self,
                    const DrivedashCompareLongPhase *phase)
{
  const char *columns[] = { _("MB/s"), _("read ms"), _("write ms"), _("vs A %"), NULL };

  /* TRANSLATORS: a heading: "Phase: steady state (average of its rounds)" */
  g_string_append_printf (s, _("\nPhase: %s (average of its rounds)\n"), phase_words (phase->group));
  append_header (s, columns);
  for (guint i = 0; i < self->runs->len; i++)
    {
      append_run_start (s, RUN (self, i));
      append_cell (s, phase->bandwidth_mb_per_s[i], 1);
      append_cell (s, phase->read_access_us[i] / 1000, 3);
      append_cell (s, phase->write_access_us[i] / 1000, 3);
      append_cell (s, i > 0 ? phase->difference_percent[i] : NAN, 1);
      g_string_append_c (s, '\n');
    }
  for (guint i = 1; i < self->runs->len; i++)
    {
      g_autofree char *sentence = drivedash_compare_long_dup_verdict (self, phase, i);
      g_autofree char *safe = drivedash_format_device_string (sentence);

      g_string_append_printf (s, "  %s\n", safe);
    }
}

/* Only when some setup was run more than once: else it repeats the runs. */
static void
append_setups_table (GString                    *s,
                     const DrivedashCompareLong *self)
{
  const char *columns[] = { _("runs"), _("mean MB/s"), _("± 95 %"), _("vs A %"), NULL };
  gboolean repeats = FALSE;

  for (guint g = 0; g < self->setups->len; g++)
    repeats |= g_array_index (self->setups, DrivedashCompareLongSetup, g).total_mb_per_s.n >= 2;
  if (!repeats)
    return;
  g_string_append_printf (s, "\n%s\n", _("Setups (runs of one name are repeats):"));
  append_header (s, columns);
  for (guint g = 0; g < self->setups->len; g++)
    {
      const DrivedashCompareLongSetup *setup = &g_array_index (self->setups, DrivedashCompareLongSetup, g);
      g_autofree char *safe = drivedash_format_device_string (setup->label);

      g_string_append_printf (s, "%-8s %-24s %12u", RUN (self, setup->first)->letter, safe,
                              setup->total_mb_per_s.n);
      append_cell (s, setup->total_mb_per_s.mean, 1);
      append_cell (s, setup->total_mb_per_s.ci95, 1);
      append_cell (s, g > 0 ? setup->vs_first.difference_percent : NAN, 1);
      g_string_append_c (s, '\n');
    }
}

char *
drivedash_compare_long_to_text (const DrivedashCompareLong *self)
{
  g_autoptr(GString) s = g_string_new (NULL);
  g_autofree char *conclusion = drivedash_compare_long_dup_conclusion (self);
  g_auto(GStrv) lines = g_strsplit (conclusion, "\n", -1);

  /* TRANSLATORS: "Consistency: 4 runs" */
  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "%s: %u run\n", "%s: %u runs\n", self->runs->len),
                          drivedash_compare_long_get_test_name (self), self->runs->len);
  append_runs_table (s, self);
  append_setups_table (s, self);
  for (guint p = 0; p < self->phases->len; p++)
    append_phase_table (s, self, &g_array_index (self->phases, DrivedashCompareLongPhase, p));
  /* Sentences hold the runs' names: each line made safe on its own. */
  for (guint i = 0; lines[i] != NULL && conclusion[0] != '\0'; i++)
    {
      g_autofree char *safe = drivedash_format_device_string (lines[i]);

      g_string_append_printf (s, "%s%s\n", i == 0 ? "\n" : "", safe);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* CSV */

static void
append_csv_start (GString                       *s,
                  const DrivedashCompareLongRun *run)
{
  g_string_append_printf (s, "%" G_GINT64_FORMAT ",", run->id);
  drivedash_store_csv_append_field (s, run->label);
}

/* A row a point; @more (may be NULL) adds its points' y as a column. */
static void
append_csv_points (GString                       *s,
                   const DrivedashCompareLongRun *run,
                   GArray                        *points,
                   GArray                        *more)
{
  for (guint i = 0; i < points->len; i++)
    {
      const DrivedashComparePoint *p = &g_array_index (points, DrivedashComparePoint, i);

      append_csv_start (s, run);
      g_string_append_c (s, ',');
      drivedash_store_csv_append_number (s, p->x);
      g_string_append_c (s, ',');
      drivedash_store_csv_append_number (s, p->y);
      if (more != NULL)
        {
          g_string_append_c (s, ',');
          drivedash_store_csv_append_number (s, g_array_index (more, DrivedashComparePoint, i).y);
        }
      g_string_append_c (s, '\n');
    }
}

static void
append_csv_rounds (GString                       *s,
                   const DrivedashCompareLongRun *run)
{
  for (guint i = 0; i < run->rounds->len; i++)
    {
      const DrivedashLongRound *r = &g_array_index (run->rounds, DrivedashLongRound, i);
      const char *phase = drivedash_long_group_to_string (r->group);

      append_csv_start (s, run);
      g_string_append_printf (s, ",%s,%u,", phase ? phase : "", r->index);
      drivedash_store_csv_append_number (s, r->bandwidth_mb_per_s);
      g_string_append_c (s, ',');
      drivedash_store_csv_append_number (s, r->read_access_us);
      g_string_append_c (s, ',');
      drivedash_store_csv_append_number (s, r->write_access_us);
      g_string_append_c (s, '\n');
    }
}

char *
drivedash_compare_long_to_csv (const DrivedashCompareLong *self)
{
  static const char *const headers[] = {
    [DRIVEDASH_COMPARE_LONG_TIMELINE] = "run,label,t_s,iops,mb_per_s\n",
    [DRIVEDASH_COMPARE_LONG_ROUNDS] = "run,label,phase,round,bandwidth_mb_per_s,read_access_us,write_access_us\n",
    [DRIVEDASH_COMPARE_LONG_FILL] = "run,label,gib_written,mb_per_s\n",
  };
  GString *s = g_string_new (headers[self->shape]);

  for (guint i = 0; i < self->runs->len; i++)
    {
      const DrivedashCompareLongRun *run = RUN (self, i);

      if (self->shape == DRIVEDASH_COMPARE_LONG_TIMELINE)
        append_csv_points (s, run, run->iops_timeline, run->timeline);
      else if (self->shape == DRIVEDASH_COMPARE_LONG_ROUNDS)
        append_csv_rounds (s, run);
      else
        append_csv_points (s, run, run->fill, NULL);
    }
  return g_string_free (s, FALSE);
}
