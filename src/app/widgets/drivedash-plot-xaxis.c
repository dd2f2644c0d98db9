/* drivedash-plot-xaxis.c — a plain number X axis, and shaded bands
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Most plots run against time.  Two long-test results do not: the fast
 * cache plot shows speed against the amount written (GiB), and the
 * consistency plot shows one point per round, grouped into named phases
 * that are shaded behind the lines.  Both also know their whole X range
 * before the run ends, so a fixed range lets the plot fill as it goes.
 * This file draws them; the widget's setters are in drivedash-plot.c.
 */
#include "config.h"

#include <pango/pangocairo.h>

#include "drivedash-plot-private.h"

#define TICK_LEN 4.0

void
drivedash_plot_xaxis_clear (DrivedashPlotModel *m)
{
  g_clear_pointer (&m->x_unit, g_free);
  g_clear_pointer (&m->bands, g_ptr_array_unref);
}

/* A fixed range wins over the data's; a range still empty stays 0..1. */
void
drivedash_plot_xaxis_fit (const DrivedashPlotModel *m,
                          double                   *x0,
                          double                   *x1)
{
  if (!isnan (m->x_min))
    *x0 = m->x_min;
  if (!isnan (m->x_max))
    *x1 = m->x_max;
  else if (m->x_unit && *x1 <= *x0)
    *x1 = *x0 + 1;
  if (*x1 <= *x0)
    *x1 = *x0 + 1;
}

static void
set_source (cairo_t       *cr,
            const GdkRGBA *c,
            double         alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

/* Grid lines and number labels; the axis name at the right end, where a
 * label that would run into it is left out. */
void
drivedash_plot_xaxis_draw (const DrivedashPlotModel *m,
                           cairo_t                  *cr,
                           PangoLayout              *layout,
                           const DrivedashPlotFrame *f,
                           int                       line_h,
                           const DrivedashPlotStyle *style)
{
  int max_ticks = MAX (1, (int) ((f->right - f->left) / (line_h * 4.0)));
  double step = drivedash_plot_nice_step (f->x1 - f->x0, max_ticks);
  double y = f->bottom + TICK_LEN + 1, first;
  int uw = 0, tw, th;

  if (m->x_unit && *m->x_unit)
    {
      pango_layout_set_text (layout, m->x_unit, -1);
      pango_layout_get_pixel_size (layout, &uw, &th);
      set_source (cr, &style->foreground, 1);
      cairo_move_to (cr, f->right - uw, y);
      pango_cairo_show_layout (cr, layout);
    }

  cairo_set_line_width (cr, 1);
  first = ceil (f->x0 / step - 1e-9) * step;
  for (guint i = 0, n = drivedash_plot_tick_count (first, f->x1 + step * 1e-9, step); i < n; i++)
    {
      double v = first + i * step;
      double x = round (drivedash_plot_frame_x (f, v)) + 0.5;
      g_autofree char *s = drivedash_plot_format_value (v, step);

      set_source (cr, &style->grid, 1);
      cairo_move_to (cr, x, f->top);
      cairo_line_to (cr, x, f->bottom + TICK_LEN);
      cairo_stroke (cr);

      pango_layout_set_text (layout, s, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      if (uw > 0 && x + tw / 2.0 + 6 > f->right - uw)
        continue;
      set_source (cr, &style->foreground, 1);
      cairo_move_to (cr, MAX (x - tw / 2.0, f->left - tw / 2.0), y);
      pango_cairo_show_layout (cr, layout);
    }
}

/* Neutral shades, alternately darker and lighter so neighbours stay
 * apart without a colour that could be read as one of the series; each
 * with its name at the top, shortened when too wide for its band. */
void
drivedash_plot_draw_bands (const DrivedashPlotModel *m,
                           cairo_t                  *cr,
                           PangoLayout              *layout,
                           const DrivedashPlotFrame *f,
                           const DrivedashPlotStyle *style)
{
  int tw, th;

  if (m->bands == NULL)
    return;
  for (guint i = 0; i < m->bands->len; i++)
    {
      const DrivedashPlotBand *b = g_ptr_array_index (m->bands, i);
      double x0 = MAX (f->left, drivedash_plot_frame_x (f, b->x0));
      double x1 = MIN (f->right, drivedash_plot_frame_x (f, b->x1));

      if (x1 <= x0)
        continue;
      set_source (cr, &style->foreground, i % 2 ? 0.04 : 0.10);
      cairo_rectangle (cr, x0, f->top, x1 - x0, f->bottom - f->top);
      cairo_fill (cr);
      if (!b->label)
        continue;
      pango_layout_set_width (layout, (int) ((x1 - x0 - 4) * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      pango_layout_set_text (layout, b->label, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      set_source (cr, &style->foreground, 0.8);
      cairo_move_to (cr, (x0 + x1 - tw) / 2, f->top + 2);
      pango_cairo_show_layout (cr, layout);
      pango_layout_set_width (layout, -1);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
    }
}
