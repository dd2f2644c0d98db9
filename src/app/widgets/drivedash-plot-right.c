/* drivedash-plot-right.c — the plot's right-hand axis
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A second quantity (the drive temperature next to the speed) gets its own
 * scale on the right.  It has tick marks and labels but no grid lines of
 * its own: two grids over one area cannot be told apart.  It is drawn only
 * when it has a value or a limit to show: a drive that reports no
 * temperature gets no empty axis.
 */
#include "config.h"

#include <pango/pangocairo.h>

#include "drivedash-plot-private.h"

#define PAD 8.0
#define TICK_LEN 4.0

static int
text_width (PangoLayout *layout,
            const char  *text)
{
  int w, h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  return w;
}

/* Linear and not from zero (a temperature), with a step of room below
 * the lowest value too: a steady temperature would otherwise lie on the
 * X axis, hidden by it. */
double
drivedash_plot_fit_right (const DrivedashPlotRange *range,
                          int                       max_ticks,
                          DrivedashPlotFrame       *f)
{
  double step = drivedash_plot_fit_y (range, DRIVEDASH_PLOT_SCALE_LINEAR, FALSE, max_ticks, f);

  if (isfinite (range->min) && range->min < f->y0 + step * 0.05)
    f->y0 -= step;
  return step;
}

/* How much room the axis takes right of the plot area. */
double
drivedash_plot_right_axis_width (PangoLayout              *layout,
                                 const DrivedashPlotFrame *f,
                                 double                    step,
                                 const char               *unit)
{
  int widest = unit ? text_width (layout, unit) : 0;

  for (guint i = 0, n = drivedash_plot_tick_count (f->y0, f->y1 + step * 1e-6, step); i < n; i++)
    {
      double v = f->y0 + i * step;
      g_autofree char *s = drivedash_plot_y_tick_label (f, v, step);

      widest = MAX (widest, text_width (layout, s));
    }
  return widest + TICK_LEN + 2 + PAD;
}

void
drivedash_plot_draw_right_axis (cairo_t                  *cr,
                                PangoLayout              *layout,
                                const DrivedashPlotFrame *f,
                                double                    step,
                                const char               *unit,
                                double                    unit_y,
                                const DrivedashPlotStyle *style)
{
  double x = f->right + 0.5;
  int w, h;

  cairo_set_source_rgba (cr, style->foreground.red, style->foreground.green,
                         style->foreground.blue, style->foreground.alpha);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, x, f->top);
  cairo_line_to (cr, x, f->bottom + 0.5);
  cairo_stroke (cr);

  for (guint i = 0, n = drivedash_plot_tick_count (f->y0, f->y1 + step * 1e-6, step); i < n; i++)
    {
      double v = f->y0 + i * step;
      double y = round (drivedash_plot_frame_y (f, drivedash_plot_y_tick_value (f, v))) + 0.5;
      g_autofree char *s = drivedash_plot_y_tick_label (f, v, step);

      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + TICK_LEN, y);
      cairo_stroke (cr);
      pango_layout_set_text (layout, s, -1);
      pango_layout_get_pixel_size (layout, &w, &h);
      cairo_move_to (cr, x + TICK_LEN + 2, y - h / 2.0);
      pango_cairo_show_layout (cr, layout);
    }
  if (unit)
    {
      pango_layout_set_text (layout, unit, -1);
      cairo_move_to (cr, x + TICK_LEN + 2, unit_y);
      pango_cairo_show_layout (cr, layout);
    }
}
