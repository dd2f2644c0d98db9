/* drivedash-plot-bars.c — one bar of a horizontal bar chart, drawn once
 * for History's speed comparison and its long-test comparison
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "drivedash-plot-bars.h"

void
drivedash_plot_bar_text (cairo_t       *cr,
                         PangoLayout   *layout,
                         const char    *text,
                         double         x,
                         double         y,
                         const GdkRGBA *colour)
{
  pango_layout_set_text (layout, text, -1);
  gdk_cairo_set_source_rgba (cr, colour);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

double
drivedash_plot_bar_draw (cairo_t                  *cr,
                         const DrivedashPlotStyle *style,
                         guint                     series,
                         double                    x,
                         double                    y,
                         double                    height,
                         double                    value,
                         double                    ci95,
                         double                    scale,
                         double                   *extent)
{
  /* A value too small to see still shows a sliver, so it reads as
   * measured, not as missing. */
  double length = isfinite (value) ? MAX (value * scale, 1) : 0;
  double reach = length;

  gdk_cairo_set_source_rgba (cr, &style->series[series % DRIVEDASH_PLOT_MAX_SERIES]);
  cairo_rectangle (cr, x, y, length, height);
  cairo_fill (cr);
  if (isfinite (value) && isfinite (ci95))
    {
      gdk_cairo_set_source_rgba (cr, &style->foreground);
      cairo_set_line_width (cr, 1.5);
      cairo_move_to (cr, x + (value - ci95) * scale, y + height / 2.0);
      cairo_line_to (cr, x + (value + ci95) * scale, y + height / 2.0);
      cairo_stroke (cr);
      reach = MAX (reach, (value + ci95) * scale);
    }
  if (extent != NULL)
    *extent = reach;
  return length;
}
