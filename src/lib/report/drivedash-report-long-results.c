/* drivedash-report-long-results.c — a long test's plots and tables in a
 * report, the same ones History's long-test comparison shows: Sustained's
 * speed bars and speed over time, a rounds test's speed and waits round by
 * round over its phases, Saturation's speed against the amount written
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-format.h"
#include "drivedash-report-build-private.h"

#define LABEL(rb, i) ((const char *) g_ptr_array_index ((rb)->labels, (i)))
#define CRUN(cmp, i) ((const DrivedashCompareLongRun *) g_ptr_array_index ((cmp)->runs, (i)))

static char *
figure (double      value,
        int         decimals,
        const char *unit)
{
  g_autofree char *number = NULL;

  if (!isfinite (value))
    return g_strdup ("–");
  number = drivedash_format_figure (value, decimals);
  /* TRANSLATORS: a figure and its unit: "612 MB/s", "12.0 GiB" */
  return g_strdup_printf (_("%s %s"), number, unit);
}

static DrivedashReportChart *
new_chart (ReportBuild                *rb,
           const DrivedashCompareLong *cmp,
           DrivedashReportChartKind    kind,
           const char                 *unit)
{
  DrivedashReportChart *chart = g_new0 (DrivedashReportChart, 1);

  chart->kind = kind;
  chart->unit = g_strdup (unit);
  chart->n_bars = cmp->runs->len;
  for (guint i = 0; i < cmp->runs->len; i++)
    {
      chart->labels[i] = g_strdup (LABEL (rb, i));
      chart->colours[i] = i;
    }
  return chart;
}

/* One bar per run under its own small heading. */
static void
add_bars (ReportBuild                *rb,
          const DrivedashCompareLong *cmp,
          const char                 *title,
          const double               *values,
          const char                 *unit,
          gboolean                    whole)
{
  DrivedashReportChart *chart = new_chart (rb, cmp, DRIVEDASH_REPORT_CHART_BARS, unit);

  chart->whole = whole;
  for (guint i = 0; i < cmp->runs->len; i++)
    chart->values[i] = values[i];
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_SUBHEADING, title);
  drivedash_report_add_chart (rb->doc, chart);
}

static DrivedashReportChart *
new_lines (ReportBuild                *rb,
           const DrivedashCompareLong *cmp,
           const char                 *caption,
           const char                 *unit,
           const char                 *x_unit)
{
  DrivedashReportChart *chart = new_chart (rb, cmp, DRIVEDASH_REPORT_CHART_LINES, unit);

  chart->caption = g_strdup (caption);
  chart->x_unit = g_strdup (x_unit);
  return chart;
}

/* Points of DrivedashComparePoint as the chart's; NULL when there are none. */
static GArray *
line_of (const GArray *points)
{
  GArray *line;

  if (points == NULL || points->len == 0)
    return NULL;
  line = g_array_sized_new (FALSE, FALSE, sizeof (DrivedashReportPoint), points->len);
  for (guint p = 0; p < points->len; p++)
    {
      const DrivedashComparePoint *pt = &g_array_index (points, DrivedashComparePoint, p);
      DrivedashReportPoint point = { pt->x, pt->y };

      g_array_append_val (line, point);
    }
  return line;
}

static char **
row_of (const char *first,
        ...)
{
  GPtrArray *row = g_ptr_array_new ();
  va_list args;

  va_start (args, first);
  for (const char *cell = first; cell != NULL; cell = va_arg (args, const char *))
    g_ptr_array_add (row, g_strdup (cell));
  va_end (args);
  g_ptr_array_add (row, NULL);
  return (char **) g_ptr_array_free (row, FALSE);
}

/* Also keeps the plots from being tied to the table above them on one
 * page: the PDF keeps a small heading only with what follows it. */
static void
add_plots_lead (ReportBuild *rb,
                gboolean     phases)
{
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
                             phases ? _("Each line is one run, in the colour of its bar; the shaded bands are "
                                        "the test’s phases.")
                                    : _("Each line is one run, in the colour of its bar."));
}

static void
add_timeline (ReportBuild                *rb,
              const DrivedashCompareLong *cmp)
{
  double total[DRIVEDASH_REPORT_MAX_RUNS];
  DrivedashReportChart *chart = new_lines (rb, cmp, _("Speed over time"), _("MB/s"), NULL);
  GPtrArray *rows = g_ptr_array_new ();

  g_ptr_array_add (rows, g_strsplit (_("Run|Average speed|First minute|Last minute|Change"), "|", -1));
  for (guint i = 0; i < cmp->runs->len; i++)
    {
      const DrivedashCompareLongRun *run = CRUN (cmp, i);
      g_autofree char *all = figure (run->total_mb_per_s, 0, _("MB/s"));
      g_autofree char *first = figure (run->first_mb_per_s, 0, _("MB/s"));
      g_autofree char *last = figure (run->last_mb_per_s, 0, _("MB/s"));
      g_autofree char *change = isfinite (run->change_percent) ? g_strdup_printf ("%+.1f %%", run->change_percent)
                                                                : g_strdup ("–");

      total[i] = run->total_mb_per_s;
      chart->lines[i] = line_of (run->timeline);
      g_ptr_array_add (rows, row_of (LABEL (rb, i), all, first, last, change, NULL));
    }
  add_bars (rb, cmp, _("Average speed"), total, _("MB/s"), TRUE);
  drivedash_report_add_table (rb->doc, rows);
  add_plots_lead (rb, FALSE);
  drivedash_report_add_chart (rb->doc, chart);
}

/* Rounds on one X axis shared by every run, phase after phase. */
static DrivedashReportChart *
rounds_lines (ReportBuild                *rb,
              const DrivedashCompareLong *cmp,
              const char                 *caption,
              const char                 *unit)
{
  DrivedashReportChart *chart = new_lines (rb, cmp, caption, unit, _("Round"));

  chart->x_unit_first = TRUE;
  chart->x_min = 0.5;
  chart->bands = g_array_new (FALSE, TRUE, sizeof (DrivedashReportBand));
  for (guint p = 0; p < cmp->phases->len; p++)
    {
      const char *label =
        drivedash_long_group_get_display_name (g_array_index (cmp->phases, DrivedashCompareLongPhase, p).group);
      DrivedashReportBand band = { 0 };
      guint first, n;

      drivedash_compare_long_phase_span (cmp, p, &first, &n);
      band.from = first - 0.5;
      band.to = first + n - 0.5;
      band.label = g_strdup (label ? label : "");
      g_array_append_val (chart->bands, band);
    }
  return chart;
}

static void
append_point (DrivedashReportChart *chart,
              guint                 i,
              double                x,
              double                y)
{
  DrivedashReportPoint point = { x, y };

  if (!isfinite (y) || y <= 0)
    return;
  if (chart->lines[i] == NULL)
    chart->lines[i] = g_array_new (FALSE, FALSE, sizeof (DrivedashReportPoint));
  g_array_append_val (chart->lines[i], point);
}

static void
add_rounds_plots (ReportBuild                *rb,
                  const DrivedashCompareLong *cmp)
{
  DrivedashReportChart *speed = rounds_lines (rb, cmp, _("Speed in each round"), _("MB/s"));
  DrivedashReportChart *read = rounds_lines (rb, cmp, _("Read wait in each round"), _("ms"));
  DrivedashReportChart *write = rounds_lines (rb, cmp, _("Write wait in each round"), _("ms"));

  for (guint i = 0; i < cmp->runs->len; i++)
    for (guint r = 0; r < CRUN (cmp, i)->rounds->len; r++)
      {
        const DrivedashLongRound *round = &g_array_index (CRUN (cmp, i)->rounds, DrivedashLongRound, r);
        double x = drivedash_compare_long_round_position (cmp, round);

        append_point (speed, i, x, round->bandwidth_mb_per_s);
        append_point (read, i, x, round->read_access_us / 1000);
        append_point (write, i, x, round->write_access_us / 1000);
      }
  drivedash_report_add_chart (rb->doc, speed);
  drivedash_report_add_chart (rb->doc, read);
  drivedash_report_add_chart (rb->doc, write);
}

/* A row a phase (and the best and worst round), a column a run. */
static void
add_rounds_table (ReportBuild                *rb,
                  const DrivedashCompareLong *cmp)
{
  GPtrArray *rows = g_ptr_array_new ();
  guint n = cmp->runs->len;
  char **header = g_new0 (char *, n + 2);

  header[0] = g_strdup (_("MB/s"));
  for (guint i = 0; i < n; i++)
    header[i + 1] = g_strdup (LABEL (rb, i));
  g_ptr_array_add (rows, header);
  for (guint p = 0; p <= cmp->phases->len + 2; p++)
    {
      const DrivedashCompareLongPhase *phase = p < cmp->phases->len
                                               ? &g_array_index (cmp->phases, DrivedashCompareLongPhase, p) : NULL;
      const char *band = phase ? drivedash_long_group_get_display_name (phase->group) : NULL;
      char **row = g_new0 (char *, n + 2);

      row[0] = g_strdup (phase ? (band ? band : _("Every round")) :
                         p == cmp->phases->len ? _("Average") : p == cmp->phases->len + 1 ? _("Best round")
                                                                                          : _("Worst round"));
      for (guint i = 0; i < n; i++)
        {
          const DrivedashCompareLongRun *run = CRUN (cmp, i);
          int pick = p == cmp->phases->len + 1 ? run->best : run->worst;
          double value = phase ? phase->bandwidth_mb_per_s[i] : p == cmp->phases->len ? run->average_mb_per_s
                         : pick >= 0 ? g_array_index (run->rounds, DrivedashLongRound, pick).bandwidth_mb_per_s : NAN;

          row[i + 1] = figure (value, 0, _("MB/s"));
        }
      g_ptr_array_add (rows, row);
    }
  drivedash_report_add_table (rb->doc, rows);
}

static void
add_rounds (ReportBuild                *rb,
            const DrivedashCompareLong *cmp)
{
  double average[DRIVEDASH_REPORT_MAX_RUNS];

  for (guint i = 0; i < cmp->runs->len; i++)
    average[i] = CRUN (cmp, i)->average_mb_per_s;
  add_bars (rb, cmp, _("Average over every round"), average, _("MB/s"), TRUE);
  add_rounds_table (rb, cmp);
  add_plots_lead (rb, cmp->phases->len > 1);
  add_rounds_plots (rb, cmp);
}

static void
add_fill (ReportBuild                *rb,
          const DrivedashCompareLong *cmp)
{
  double after[DRIVEDASH_REPORT_MAX_RUNS];
  DrivedashReportChart *chart = new_lines (rb, cmp, _("Speed against the amount written"), _("MB/s"), _("GiB"));
  GPtrArray *rows = g_ptr_array_new ();

  g_ptr_array_add (rows, g_strsplit (_("Run|Fast cache|Speed after the cache"), "|", -1));
  for (guint i = 0; i < cmp->runs->len; i++)
    {
      const DrivedashCompareLongRun *run = CRUN (cmp, i);
      g_autofree char *cache = isfinite (run->cache_gib) ? figure (run->cache_gib, 1, _("GiB"))
                                                          : g_strdup (_("none seen"));
      g_autofree char *speed = figure (run->after_cache_mb_per_s, 0, _("MB/s"));

      after[i] = run->after_cache_mb_per_s;
      chart->lines[i] = line_of (run->fill);
      g_ptr_array_add (rows, row_of (LABEL (rb, i), cache, speed, NULL));
    }
  add_bars (rb, cmp, _("Speed after the cache"), after, _("MB/s"), TRUE);
  drivedash_report_add_table (rb->doc, rows);
  add_plots_lead (rb, FALSE);
  drivedash_report_add_chart (rb->doc, chart);
}

void
drivedash_report_add_long_results (ReportBuild                *rb,
                                   const DrivedashCompareLong *cmp)
{
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("Results"));
  if (cmp->shape == DRIVEDASH_COMPARE_LONG_TIMELINE)
    add_timeline (rb, cmp);
  else if (cmp->shape == DRIVEDASH_COMPARE_LONG_ROUNDS)
    add_rounds (rb, cmp);
  else
    add_fill (rb, cmp);
}
