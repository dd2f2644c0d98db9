/* drivedash-report-timeline.c — a test's speed over its time, one line per
 * run, from the series the history keeps: where a drive slowed down or
 * stalled, which the best pass alone does not show; and a long test's
 * lines (MB/s over time, MB/s round by round over its phases, MB/s
 * against GiB written), the same drawing with another X axis
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-format.h"
#include "drivedash-palette.h"
#include "drivedash-report-private.h"

#define AXIS_WIDTH  56.0   /* the MB/s labels at the left */
#define PLOT_HEIGHT 110.0
#define CAPTION     16.0   /* the line above the plot that says what it shows */
#define TOP         (CAPTION + 6.0)
#define X_LABELS    16.0
#define LEGEND_ROW  13.0

double
drivedash_report_timeline_height (const DrivedashReportChart *chart)
{
  return TOP + PLOT_HEIGHT + X_LABELS + chart->n_bars * LEGEND_ROW + 4;
}

/* 1, 2 or 5 times a power of ten at or above @value: a round top line. */
static double
nice_ceiling (double value)
{
  double step = pow (10, floor (log10 (value)));

  if (value <= step)
    return step;
  if (value <= 2 * step)
    return 2 * step;
  if (value <= 5 * step)
    return 5 * step;
  return 10 * step;
}

static void
extent (const DrivedashReportChart *chart,
        double                     *x_max,
        double                     *y_max)
{
  *x_max = chart->x_min;
  *y_max = 0;
  for (guint i = 0; i < chart->n_bars; i++)
    for (guint p = 0; chart->lines[i] != NULL && p < chart->lines[i]->len; p++)
      {
        const DrivedashReportPoint *pt = &g_array_index (chart->lines[i], DrivedashReportPoint, p);

        *x_max = MAX (*x_max, pt->x);
        *y_max = MAX (*y_max, pt->y);
      }
  for (guint b = 0; chart->bands != NULL && b < chart->bands->len; b++)
    *x_max = MAX (*x_max, g_array_index (chart->bands, DrivedashReportBand, b).to);
  *y_max = *y_max > 0 ? nice_ceiling (*y_max) : 1;
  *x_max = MAX (*x_max, chart->x_min + 0.1);
}

/* "12 GiB", "Round 18"; the speed test's seconds as before. */
static char *
x_label (const DrivedashReportChart *chart,
         double                      value)
{
  int decimals = chart->x_unit ? (value == floor (value) ? 0 : 1) : value < 10 ? 1 : 0;
  g_autofree char *figure = drivedash_format_figure (value, decimals);

  if (chart->x_unit == NULL)
    /* TRANSLATORS: the end of a chart's time axis, in seconds */
    return g_strdup_printf (_("%s s"), figure);
  if (chart->x_unit_first)
    /* TRANSLATORS: a place on a chart's X axis: "Round 18" */
    return g_strdup_printf (C_("chart axis", "%s %s"), chart->x_unit, figure);
  /* TRANSLATORS: a figure and its unit on a chart's X axis: "12 GiB" */
  return g_strdup_printf (_("%s %s"), figure, chart->x_unit);
}

static void
label_at (cairo_t    *cr,
          const char *language,
          const char *text,
          double      x,
          double      y,
          gboolean    right_aligned)
{
  g_autoptr(PangoLayout) layout = drivedash_report_chart_layout (cr, language, text, -1);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, right_aligned ? x - w : x, y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_axes (cairo_t                    *cr,
           const DrivedashReportChart *chart,
           const char                 *language,
           double                      plot_width,
           double                      x_max,
           double                      y_max)
{
  const char *unit = chart->unit;

  for (guint g = 0; g <= 2; g++)
    {
      double y = TOP + PLOT_HEIGHT * (1 - g / 2.0);
      g_autofree char *figure = drivedash_format_figure (y_max * g / 2.0, y_max < 1 ? 2 : y_max < 10 ? 1 : 0);
      g_autofree char *text = g_strdup_printf ("%s %s", figure, unit);

      cairo_set_source_rgb (cr, g == 0 ? 0.55 : 0.85, g == 0 ? 0.55 : 0.85, g == 0 ? 0.55 : 0.85);
      cairo_rectangle (cr, AXIS_WIDTH, y - 0.25, plot_width, 0.5);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
      label_at (cr, language, text, AXIS_WIDTH - 4, y, TRUE);
    }
  {
    g_autofree char *start = chart->x_unit ? x_label (chart, ceil (chart->x_min)) : g_strdup ("0");
    g_autofree char *text = x_label (chart, chart->x_unit ? floor (x_max) : x_max);

    label_at (cr, language, start, AXIS_WIDTH, TOP + PLOT_HEIGHT + X_LABELS / 2 + 1, FALSE);
    label_at (cr, language, text, AXIS_WIDTH + plot_width, TOP + PLOT_HEIGHT + X_LABELS / 2 + 1, TRUE);
  }
}

/* A long test's phases, shaded in turn behind the lines and named at the
 * top of the plot, as the app's plots show them. */
static void
draw_bands (cairo_t                    *cr,
            const DrivedashReportChart *chart,
            const char                 *language,
            double                      plot_width,
            double                      x_max)
{
  double span = x_max - chart->x_min;

  for (guint b = 0; chart->bands != NULL && b < chart->bands->len; b++)
    {
      const DrivedashReportBand *band = &g_array_index (chart->bands, DrivedashReportBand, b);
      double x0 = AXIS_WIDTH + plot_width * (band->from - chart->x_min) / span;
      double x1 = AXIS_WIDTH + plot_width * (band->to - chart->x_min) / span;
      g_autoptr(PangoLayout) layout = drivedash_report_chart_layout (cr, language, band->label, x1 - x0 - 4);

      cairo_set_source_rgb (cr, b % 2 ? 0.97 : 0.93, b % 2 ? 0.97 : 0.93, b % 2 ? 0.97 : 0.95);
      cairo_rectangle (cr, x0, TOP, x1 - x0, PLOT_HEIGHT);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
      cairo_move_to (cr, x0 + 2, TOP + 1);
      pango_cairo_show_layout (cr, layout);
    }
}

static void
draw_line (cairo_t      *cr,
           const GArray *line,
           double        plot_width,
           double        x_min,
           double        x_max,
           double        y_max)
{
  for (guint p = 0; p < line->len; p++)
    {
      const DrivedashReportPoint *pt = &g_array_index (line, DrivedashReportPoint, p);
      double x = AXIS_WIDTH + plot_width * (pt->x - x_min) / (x_max - x_min);
      double y = TOP + PLOT_HEIGHT * (1 - pt->y / y_max);

      if (p == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
}

static void
draw_legend (cairo_t                    *cr,
             const DrivedashReportChart *chart,
             const char                 *language,
             double                      width)
{
  double y = TOP + PLOT_HEIGHT + X_LABELS + 2;

  for (guint i = 0; i < chart->n_bars; i++, y += LEGEND_ROW)
    {
      g_autoptr(PangoLayout) layout = NULL;
      const char *missing = chart->lines[i] == NULL ? _("not measured") : NULL;
      g_autofree char *text = missing ? g_strdup_printf ("%s (%s)", chart->labels[i], missing)
                                      : g_strdup (chart->labels[i]);
      double r, g, b;
      int h;

      drivedash_palette_get (chart->colours[i], FALSE, &r, &g, &b);
      cairo_set_source_rgb (cr, r, g, b);
      cairo_rectangle (cr, AXIS_WIDTH, y + LEGEND_ROW / 2 - 1.5, 14, 3);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      layout = drivedash_report_chart_layout (cr, language, text, width - AXIS_WIDTH - 20);
      pango_layout_get_pixel_size (layout, NULL, &h);
      cairo_move_to (cr, AXIS_WIDTH + 20, y + (LEGEND_ROW - h) / 2);
      pango_cairo_show_layout (cr, layout);
    }
}

void
drivedash_report_timeline_draw (cairo_t                    *cr,
                                const DrivedashReportChart *chart,
                                const char                 *language,
                                double                      width)
{
  double plot_width = MAX (10.0, width - AXIS_WIDTH - 8);
  double x_max, y_max;

  extent (chart, &x_max, &y_max);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  label_at (cr, language, chart->caption ? chart->caption : _("Speed during the measured passes, after the warm-up"),
            0, CAPTION / 2, FALSE);
  draw_bands (cr, chart, language, plot_width, x_max);
  draw_axes (cr, chart, language, plot_width, x_max, y_max);
  cairo_set_line_width (cr, 1.3);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < chart->n_bars; i++)
    {
      double r, g, b;

      if (chart->lines[i] == NULL)
        continue;
      drivedash_palette_get (chart->colours[i], FALSE, &r, &g, &b);
      cairo_set_source_rgb (cr, r, g, b);
      draw_line (cr, chart->lines[i], plot_width, chart->x_min, x_max, y_max);
    }
  draw_legend (cr, chart, language, width);
  cairo_restore (cr);
}
