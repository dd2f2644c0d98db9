/* drivedash-report-chart.c — the bar chart of one test, drawn once for the
 * PDF page and the HTML page's SVG
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "drivedash-format.h"
#include "drivedash-palette.h"
#include "drivedash-report-private.h"

#define BAR_HEIGHT 16.0
#define BAR_GAP     7.0
#define PAD         4.0
#define VALUE_WIDTH 96.0

double
drivedash_report_chart_height (const DrivedashReportChart *chart)
{
  if (chart->kind == DRIVEDASH_REPORT_CHART_LINES)
    return drivedash_report_timeline_height (chart);
  return 2 * PAD + chart->n_bars * BAR_HEIGHT + (chart->n_bars - 1) * BAR_GAP;
}

static double
chart_max (const DrivedashReportChart *chart)
{
  double max = 0;

  for (guint i = 0; i < chart->n_bars; i++)
    if (isfinite (chart->values[i]) && chart->values[i] > max)
      max = chart->values[i];
  return max;
}

PangoLayout *
drivedash_report_chart_layout (cairo_t    *cr,
             const char *language,
             const char *text,
             double      width)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  g_autoptr(PangoFontDescription) font = pango_font_description_from_string ("Sans 8.5");

  pango_context_set_language (pango_layout_get_context (layout), pango_language_from_string (language));
  pango_layout_context_changed (layout);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, width > 0 ? (int) (width * PANGO_SCALE) : -1);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_single_paragraph_mode (layout, TRUE);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

/* Text vertically centred on a bar whose top is @y. */
static void
draw_text (cairo_t    *cr,
           const char *language,
           const char *text,
           double      x,
           double      y,
           double      width)
{
  g_autoptr(PangoLayout) layout = drivedash_report_chart_layout (cr, language, text, width);
  int h;

  pango_layout_get_pixel_size (layout, NULL, &h);
  cairo_move_to (cr, x, y + (BAR_HEIGHT - h) / 2);
  pango_cairo_show_layout (cr, layout);
}

static char *
value_text (const DrivedashReportChart *chart,
            guint                       i)
{
  g_autofree char *figure = NULL;

  if (!isfinite (chart->values[i]))
    return g_strdup (_("not measured"));
  figure = drivedash_format_figure (chart->values[i], chart->whole ? 0 : chart->values[i] < 100 ? 2 : 1);
  return g_strdup_printf ("%s %s", figure, chart->unit);
}

double
drivedash_report_chart_draw (cairo_t                    *cr,
                             const DrivedashReportChart *chart,
                             const char                 *language,
                             double                      width)
{
  double label_width = MIN (150.0, width * 0.3);
  double bar_left = label_width + 8;
  double bar_space = MAX (10.0, width - bar_left - VALUE_WIDTH);
  double max = chart_max (chart);

  if (chart->kind == DRIVEDASH_REPORT_CHART_LINES)
    {
      drivedash_report_timeline_draw (cr, chart, language, width);
      return drivedash_report_chart_height (chart);
    }
  cairo_save (cr);
  for (guint i = 0; i < chart->n_bars; i++)
    {
      double y = PAD + i * (BAR_HEIGHT + BAR_GAP);
      double len = max > 0 && isfinite (chart->values[i]) ? bar_space * chart->values[i] / max : 0;
      g_autofree char *value = value_text (chart, i);
      double r, g, b;

      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      draw_text (cr, language, chart->labels[i], 0, y, label_width);
      drivedash_palette_get (chart->colours[i], FALSE, &r, &g, &b);
      cairo_set_source_rgb (cr, r, g, b);
      cairo_rectangle (cr, bar_left, y, MAX (len, 1.0), BAR_HEIGHT);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      draw_text (cr, language, value, bar_left + len + 6, y, VALUE_WIDTH);
    }
  /* The zero line, so a missing bar reads as zero length, not as lost. */
  cairo_set_source_rgb (cr, 0.6, 0.6, 0.6);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, bar_left - 0.5, 0);
  cairo_line_to (cr, bar_left - 0.5, drivedash_report_chart_height (chart));
  cairo_stroke (cr);
  cairo_restore (cr);
  return drivedash_report_chart_height (chart);
}
