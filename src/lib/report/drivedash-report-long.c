/* drivedash-report-long.c — a long test's part of a report: which runs
 * can be shown, the method, and the verdicts of drivedash-compare-long.c
 * in its own words (the plots and tables are in
 * drivedash-report-long-results.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>

#include "drivedash-format.h"
#include "drivedash-longtest-summary.h"
#include "drivedash-report-build-private.h"

#define LABEL(rb, i) ((const char *) g_ptr_array_index ((rb)->labels, (i)))
#define RUN(rb, i) ((const DrivedashStoreRun *) g_ptr_array_index ((rb)->runs, (i)))

GPtrArray *
drivedash_report_long_readable (ReportBuild *rb,
                                GPtrArray   *runs)
{
  GPtrArray *readable = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);

  for (guint i = 0; i < runs->len; i++)
    {
      DrivedashStoreRun *run = g_ptr_array_index (runs, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(DrivedashCompareLong) one = drivedash_compare_long_new_one (run, &error);

      if (one != NULL)
        g_ptr_array_add (readable, drivedash_store_run_ref (run));
      else
        /* TRANSLATORS: "Run 12 is left out: it has no stored results …" */
        g_ptr_array_add (rb->cannot_judge, g_strdup_printf (_("Run %lld is left out: %s"),
                                                            (long long) run->id, error->message));
    }
  return readable;
}

static DrivedashLongTestKind
long_kind (DrivedashRunKind kind)
{
  switch (kind)
    {
    case DRIVEDASH_RUN_KIND_SUSTAINED:   return DRIVEDASH_LONG_TEST_SUSTAINED;
    case DRIVEDASH_RUN_KIND_CONSISTENCY: return DRIVEDASH_LONG_TEST_CONSISTENCY;
    case DRIVEDASH_RUN_KIND_ADAPTIVITY:  return DRIVEDASH_LONG_TEST_ADAPTIVITY;
    case DRIVEDASH_RUN_KIND_SATURATION:
    default:                             return DRIVEDASH_LONG_TEST_SATURATION;
    }
}

/* How a comparison of this shape judges, after what the test does. */
static const char *
judging_words (DrivedashCompareLongShape shape)
{
  switch (shape)
    {
    case DRIVEDASH_COMPARE_LONG_ROUNDS:
      /* xgettext:no-c-format */
      return _("Each run is compared with the first one round by round, phase by phase: a difference is "
               "called real only when its 95 % interval over the rounds leaves out zero; otherwise the "
               "report says it can’t tell.");
    case DRIVEDASH_COMPARE_LONG_TIMELINE:
      /* xgettext:no-c-format */
      return _("Runs with the same name are repeats of one setup; two setups with repeats are compared "
               "with 95 % confidence (the statistical test is named at the end). A setup of one run shows a "
               "difference but cannot "
               "say whether it is more than chance.");
    case DRIVEDASH_COMPARE_LONG_FILL:
    default:
      return _("The fast cache ends where the speed falls for good; the speed after it is what a long "
               "copy gets. These are measured, not judged against chance: one fill is one measurement.");
    }
}

/* "18 min", "40 s"; NULL when the run kept no time. */
static char *
time_words (double seconds)
{
  g_autofree char *figure = NULL;

  if (!isfinite (seconds) || seconds <= 0)
    return NULL;
  if (seconds < 120)
    {
      figure = drivedash_format_figure (seconds, seconds < 10 ? 1 : 0);
      /* TRANSLATORS: a long test's length in seconds */
      return g_strdup_printf (_("%s s"), figure);
    }
  figure = drivedash_format_figure (seconds / 60, seconds < 600 ? 1 : 0);
  /* TRANSLATORS: a long test's length in minutes */
  return g_strdup_printf (_("%s min"), figure);
}

/* "A: 18 min, 24.0 GiB written, at most 52 °C. …the test's own summary" */
static char *
method_line (ReportBuild *rb,
             guint        i)
{
  const DrivedashStoreRun *run = RUN (rb, i);
  g_autoptr(JsonNode) node = run->settings_json ? json_from_string (run->settings_json, NULL) : NULL;
  JsonObject *o = node && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  g_autofree char *time = time_words (o ? json_object_get_double_member_with_default (o, "elapsed_s", NAN) : NAN);
  gint64 written = o ? json_object_get_int_member_with_default (o, "bytes_written", 0) : 0;
  gint64 kelvin = o ? json_object_get_int_member_with_default (o, "max_temperature_kelvin", 0) : 0;
  const char *summary = o ? json_object_get_string_member_with_default (o, "summary", NULL) : NULL;
  g_autoptr(GString) line = g_string_new (LABEL (rb, i));
  const char *sep = ": ";

  if (time != NULL)
    {
      g_string_append_printf (line, "%s%s", sep, time);
      sep = ", ";
    }
  if (written > 0)
    {
      g_autofree char *bytes = drivedash_format_size_iec (written);

      /* TRANSLATORS: part of a run's line: "24.0 GiB written" */
      g_string_append_printf (line, "%s", sep);
      g_string_append_printf (line, _("%s written"), bytes);
      sep = ", ";
    }
  if (kelvin > 0)
    {
      g_autofree char *hottest = drivedash_format_temperature ((guint) kelvin);

      g_string_append_printf (line, "%s", sep);
      /* TRANSLATORS: part of a run's line: "at most 52 °C" */
      g_string_append_printf (line, _("at most %s"), hottest);
      sep = ", ";
    }
  if (summary != NULL)
    g_string_append_printf (line, "%s%s", sep[0] == ':' ? ": " : ". ", summary);
  else if (sep[0] == ':')
    g_string_append_printf (line, ": %s", _("no figures kept"));
  else
    g_string_append (line, ".");
  return g_string_free (g_steal_pointer (&line), FALSE);
}

static void
add_method (ReportBuild                *rb,
            const DrivedashCompareLong *cmp)
{
  g_autofree char *paragraph = g_strdup_printf ("%s %s", drivedash_long_test_kind_describe (long_kind (cmp->kind)),
                                                judging_words (cmp->shape));

  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("How it was measured"));
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, paragraph);
  for (guint i = 0; i < rb->runs->len; i++)
    {
      g_autofree char *line = method_line (rb, i);

      drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_BULLET, line);
    }
}

static void
add_bullets (ReportBuild *rb,
             const char  *lines)
{
  g_auto(GStrv) split = g_strsplit (lines, "\n", -1);

  for (guint l = 0; split[l] != NULL; l++)
    if (split[l][0] != '\0')
      drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_BULLET, split[l]);
}

/* A rounds test: each run's summary, then each phase's verdicts; a run
 * no phase could judge goes to what could not be judged as well. */
static void
add_round_verdicts (ReportBuild                *rb,
                    const DrivedashCompareLong *cmp)
{
  for (guint i = 1; i < cmp->runs->len; i++)
    {
      g_autofree char *summary = drivedash_compare_long_dup_summary (cmp, i);
      guint judged = 0;

      drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, summary);
      for (guint p = 0; p < cmp->phases->len; p++)
        {
          const DrivedashCompareLongPhase *phase = &g_array_index (cmp->phases, DrivedashCompareLongPhase, p);
          g_autofree char *verdict = drivedash_compare_long_dup_verdict (cmp, phase, i);

          judged += phase->verdict[i] != DRIVEDASH_COMPARE_LONG_CANT_TELL;
          drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_BULLET, verdict);
        }
      if (judged == 0)
        g_ptr_array_add (rb->cannot_judge, g_steal_pointer (&summary));
    }
}

/* Sustained: a setup of one run is shown against the first, not judged. */
static void
check_setups (ReportBuild                *rb,
              const DrivedashCompareLong *cmp)
{
  for (guint g = 1; g < cmp->setups->len; g++)
    {
      const DrivedashCompareLongSetup *a = &g_array_index (cmp->setups, DrivedashCompareLongSetup, 0);
      const DrivedashCompareLongSetup *b = &g_array_index (cmp->setups, DrivedashCompareLongSetup, g);

      if (a->total_mb_per_s.n < 2 || b->total_mb_per_s.n < 2)
        {
          g_ptr_array_add (rb->cannot_judge, g_strdup (
            _("With one run of a setup, Drivedash can’t tell whether a difference in average speed is more "
              "than chance: run each setup a few times under the same name to find out.")));
          return;
        }
    }
}

static void
add_verdicts (ReportBuild                *rb,
              const DrivedashCompareLong *cmp)
{
  g_autofree char *conclusion = NULL;

  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("Verdicts"));
  if (cmp->runs->len == 1)
    {
      g_autofree char *figures = drivedash_compare_long_dup_figures (cmp);

      drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, figures);
      drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
                                 _("There is no other run to compare this one with."));
      g_ptr_array_add (rb->cannot_judge, g_strdup (
        _("With one run, Drivedash cannot say whether these speeds are usual for this drive: "
          "make a report of it together with another run.")));
      return;
    }
  if (cmp->shape == DRIVEDASH_COMPARE_LONG_ROUNDS)
    {
      add_round_verdicts (rb, cmp);
      return;
    }
  conclusion = drivedash_compare_long_dup_conclusion (cmp);
  add_bullets (rb, conclusion);
  if (cmp->shape == DRIVEDASH_COMPARE_LONG_TIMELINE)
    check_setups (rb, cmp);
}

void
drivedash_report_add_long (ReportBuild *rb)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashCompareLong) cmp = NULL;

  /* drivedash_report_long_readable() left only runs that read. */
  if (rb->runs->len == 1)
    cmp = drivedash_compare_long_new_one (g_ptr_array_index (rb->runs, 0), &error);
  else
    cmp = drivedash_compare_long_new ((DrivedashStoreRun * const *) rb->runs->pdata, rb->runs->len, &error);
  if (cmp == NULL)
    {
      g_ptr_array_add (rb->cannot_judge, g_strdup (error->message));
      return;
    }
  add_method (rb, cmp);
  drivedash_report_add_long_results (rb, cmp);
  add_verdicts (rb, cmp);
}
