/* drivedash-plot-render.c — draws a plot's model onto any cairo context
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every frame reduces the visible samples to one min/max column per pixel
 * (drivedash_series_decimate()) and draws those, so the cost of a frame
 * depends on the width, not on the length of the run.  The cairo context
 * can be the widget's snapshot, an image surface in the tests, or a PNG.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "drivedash-plot-private.h"

#define PAD 8.0
#define TICK_LEN 4.0

/* One frame being drawn. */
typedef struct
{
  const DrivedashPlotModel *m;
  const DrivedashPlotStyle *style;
  cairo_t                  *cr;
  PangoLayout              *layout;
  PangoLayout              *bold;
  int                       width;
  int                       height;
  int                       line_h;
  DrivedashPlotFrame        f;
  DrivedashPlotFrame        rf;       /* the right-hand axis, if any */
  double                    ystep;
  double                    rystep;
  double                    label_w;  /* the widest Y label or unit */
  double                    legend_y; /* the unit's row, the legend's first */
} Canvas;

static void
set_source (cairo_t       *cr,
            const GdkRGBA *c)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
}

static PangoLayout *
make_layout (cairo_t    *cr,
             const char *font,
             gboolean    bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (font[0] ? font : "Sans 9");

  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  return layout;
}

static void
text_size (PangoLayout *layout,
           const char  *text,
           int         *w,
           int         *h)
{
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, w, h);
}

/* Shows the text last given to LAYOUT, as by text_size(): setting it
 * again would shape it again, which costs about as much as drawing it. */
static void
show_text (cairo_t     *cr,
           PangoLayout *layout,
           double       x,
           double       y)
{
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_text (cairo_t     *cr,
           PangoLayout *layout,
           const char  *text,
           double       x,
           double       y)
{
  pango_layout_set_text (layout, text, -1);
  show_text (cr, layout, x, y);
}

static void
hline (cairo_t                  *cr,
       const DrivedashPlotFrame *f,
       double                    y)
{
  cairo_move_to (cr, f->left, y);
  cairo_line_to (cr, f->right, y);
}

/* ---------------------------------------------------------------------- */
/* Layout: heading, ranges, left edge                                     */

/* Where each series' swatch starts (@xs, NAN: not shown) and on which
 * row (@rows), between @right and the unit; returns the rows used.  All
 * on the unit's row, right-aligned, when they fit there; else flowing
 * over as many rows as the names need, so that no run's name is dropped
 * (a long name is cut to its row instead).  A plot with a right-hand
 * axis keeps its one row: its top right is that axis's unit. */
static guint
legend_layout (Canvas *c,
               double  right,
               double *xs,
               guint  *rows)
{
  const DrivedashPlotModel *m = c->m;
  guint n = m->series->len, row = 0;
  double unit_w = 0, total = 0, x;
  int tw, th;

  if (n < 2)
    return 1;
  if (m->unit)
    {
      text_size (c->layout, m->unit, &tw, &th);
      unit_w = tw + 8;
    }
  for (guint i = 0; i < n; i++)
    {
      text_size (c->layout, drivedash_series_get_label (g_ptr_array_index (m->series, i)), &tw, &th);
      xs[i] = 16 + tw;  /* the entry's width, until placed */
      rows[i] = 0;
      total += xs[i] + (i ? 12 : 0);
    }
  x = right - total;
  if (x < PAD + unit_w && m->right_series)
    {
      /* Right to left while they fit, as a plot with one row of room. */
      for (int i = (int) n - 1; i >= 0; i--)
        {
          double w = xs[i];

          xs[i] = right - w >= PAD + unit_w ? right - w : NAN;
          right -= isnan (xs[i]) ? INFINITY : w + 12;
        }
      return 1;
    }
  if (x < PAD + unit_w)
    x = PAD + unit_w;
  for (guint i = 0; i < n; i++)
    {
      double w = xs[i];

      if (x + w > right && x > PAD + (row == 0 ? unit_w : 0))
        {
          row++;
          x = PAD;
        }
      xs[i] = x;
      rows[i] = row;
      x += w + 12;
    }
  return row + 1;
}

/* Title, then the caption (the current test); sets the top of the area. */
static void
draw_heading (Canvas *c)
{
  const DrivedashPlotModel *m = c->m;
  g_autoptr(GString) heading = g_string_new (NULL);
  int tw, th;

  if (m->title)
    g_string_append (heading, m->title);
  if (m->caption && *m->caption)
    g_string_append_printf (heading, "%s%s", heading->len ? " — " : "", m->caption);

  c->f.top = PAD;
  if (heading->len)
    {
      set_source (c->cr, &c->style->foreground);
      pango_layout_set_width (c->bold, (int) ((c->width - 2 * PAD) * PANGO_SCALE));
      pango_layout_set_ellipsize (c->bold, PANGO_ELLIPSIZE_END);
      text_size (c->bold, heading->str, &tw, &th);
      show_text (c->cr, c->bold, PAD, c->f.top);
      c->f.top += th + 2;
    }
  /* Second row: unit on the left above the axis labels, legend on the right
   * (and on rows below when the names need them); the top Y label reaches
   * half a line above the plot area. */
  c->legend_y = c->f.top + 1;
  if (m->series->len > 1)
    {
      g_autofree double *xs = g_new (double, m->series->len);
      g_autofree guint *rows = g_new (guint, m->series->len);
      guint n_rows = legend_layout (c, c->width - PAD, xs, rows);

      c->f.top += (n_rows - 1) * (c->line_h + 2);
    }
  c->f.top += c->line_h * 1.5 + 4;
  c->f.bottom = c->height - PAD - c->line_h - TICK_LEN - 2;
  c->f.right = c->width - PAD;
}

static void
fit_time (Canvas *c)
{
  const DrivedashPlotModel *m = c->m;
  double first = 0, last = 0;
  gboolean any = FALSE;

  for (guint i = 0; i < m->series->len; i++)
    {
      double a, b;

      if (!drivedash_series_get_time_range (g_ptr_array_index (m->series, i), &a, &b))
        continue;
      if (!any || a < first)
        first = a;
      if (!any || b > last)
        last = b;
      any = TRUE;
    }
  /* The last bar ends a bar's width after its sample. */
  if (any && m->n_stacked > 0)
    last += m->stack_width;
  drivedash_plot_fit_x (any, first, last, m->time_axis, m->time_window, &c->f.x0, &c->f.x1);
  drivedash_plot_xaxis_fit (m, &c->f.x0, &c->f.x1);
}

/* The values the Y axis must show; FALSE when no sample is visible. */
static gboolean
measure_range (Canvas             *c,
               DrivedashPlotRange *r,
               DrivedashPlotRange *rr)
{
  const DrivedashPlotModel *m = c->m;
  gboolean any = FALSE;

  *rr = *r = (DrivedashPlotRange) { INFINITY, -INFINITY, INFINITY };
  /* Stacked bars reach as high as their parts added. */
  any = drivedash_plot_stack_measure (m, c->f.x0, c->f.x1, r);
  for (guint i = m->n_stacked; i < m->series->len; i++)
    {
      DrivedashPlotRange *sr = drivedash_plot_model_is_right (m, i) ? rr : r;
      double lo, hi, pos;

      if (!drivedash_series_get_value_range (g_ptr_array_index (m->series, i),
                                             c->f.x0, c->f.x1, &lo, &hi, &pos))
        continue;
      any = TRUE;
      sr->min = MIN (sr->min, lo);
      sr->max = MAX (sr->max, hi);
      sr->pos_min = MIN (sr->pos_min, pos);
    }

  for (guint i = 0; i < m->limits->len; i++)
    {
      DrivedashPlotLimit *l = g_ptr_array_index (m->limits, i);
      DrivedashPlotRange *lr = l->right ? rr : r;

      lr->min = MIN (lr->min, l->y);
      lr->max = MAX (lr->max, l->y);
    }
  if (!isnan (m->hint_min))
    r->min = MIN (r->min, m->hint_min);
  if (!isnan (m->hint_max))
    r->max = MAX (r->max, m->hint_max);
  return any;
}

/* Measures the widest Y label to place the left edge. */
static void
place_left_edge (Canvas *c)
{
  const DrivedashPlotFrame *f = &c->f;
  int w, h;

  c->label_w = 0;
  for (guint i = 0, n = drivedash_plot_tick_count (f->y0, f->y1 + c->ystep * 1e-6, c->ystep); i < n; i++)
    {
      double v = f->y0 + i * c->ystep;
      g_autofree char *s = drivedash_plot_y_tick_label (f, v, c->ystep);

      text_size (c->layout, s, &w, &h);
      c->label_w = MAX (c->label_w, w);
    }
  if (c->m->unit)
    {
      text_size (c->layout, c->m->unit, &w, &h);
      c->label_w = MAX (c->label_w, w);
    }
  c->f.left = PAD + c->label_w + TICK_LEN + 2;
}

/* ---------------------------------------------------------------------- */
/* Unit, legend, grid, axes                                               */

/* The unit top left; a colour swatch and label per series top right.  A
 * single series is named by the title already. */
static void
draw_unit_and_legend (Canvas *c)
{
  const DrivedashPlotModel *m = c->m;
  g_autofree double *xs = g_new (double, MAX (m->series->len, 1));
  g_autofree guint *rows = g_new (guint, MAX (m->series->len, 1));
  int tw, th;

  set_source (c->cr, &c->style->foreground);
  if (m->unit)
    draw_text (c->cr, c->layout, m->unit, PAD, c->legend_y);
  if (m->series->len < 2)
    return;
  legend_layout (c, c->f.right, xs, rows);
  for (guint i = 0; i < m->series->len; i++)
    {
      double y = c->legend_y + rows[i] * (c->line_h + 2);

      if (isnan (xs[i]))
        continue;
      pango_layout_set_width (c->layout, (int) (MAX (c->f.right - xs[i] - 16, 1) * PANGO_SCALE));
      pango_layout_set_ellipsize (c->layout, PANGO_ELLIPSIZE_END);
      text_size (c->layout, drivedash_series_get_label (g_ptr_array_index (m->series, i)), &tw, &th);
      set_source (c->cr, &c->style->foreground);
      show_text (c->cr, c->layout, xs[i] + 16, y);
      set_source (c->cr, drivedash_plot_model_series_colour (m, c->style, i));
      /* A bar's part has a block of its colour, a line a stroke. */
      if (i < m->n_stacked)
        {
          cairo_rectangle (c->cr, xs[i] + 1, round (y + th / 2.0) - 5, 10, 10);
          cairo_fill (c->cr);
          continue;
        }
      cairo_set_line_width (c->cr, 3);
      cairo_move_to (c->cr, xs[i], y + th / 2.0);
      cairo_line_to (c->cr, xs[i] + 12, y + th / 2.0);
      cairo_stroke (c->cr);
    }
  pango_layout_set_width (c->layout, -1);
  pango_layout_set_ellipsize (c->layout, PANGO_ELLIPSIZE_NONE);
}

/* Minor grid at 2…9 × 10^k so a log axis reads like one. */
static void
draw_log_minor_grid (Canvas *c)
{
  const DrivedashPlotFrame *f = &c->f;
  GdkRGBA minor = c->style->grid;

  minor.alpha *= 0.5;
  set_source (c->cr, &minor);
  for (guint i = 0, n = drivedash_plot_tick_count (f->y0, f->y1, 1); i < n; i++)
    for (int k = 2; k <= 9; k++)
      if (f->y0 + i < f->y1)
        hline (c->cr, f, round (drivedash_plot_frame_y (f, k * pow (10, f->y0 + i))) + 0.5);
  cairo_stroke (c->cr);
}

static void
draw_y_grid (Canvas *c)
{
  const DrivedashPlotFrame *f = &c->f;
  int tw, th;

  cairo_set_line_width (c->cr, 1);
  for (guint i = 0, n = drivedash_plot_tick_count (f->y0, f->y1 + c->ystep * 1e-6, c->ystep); i < n; i++)
    {
      double v = f->y0 + i * c->ystep;
      double y = round (drivedash_plot_frame_y (f, drivedash_plot_y_tick_value (f, v))) + 0.5;
      g_autofree char *s = drivedash_plot_y_tick_label (f, v, c->ystep);

      set_source (c->cr, &c->style->grid);
      hline (c->cr, f, y);
      cairo_stroke (c->cr);

      set_source (c->cr, &c->style->foreground);
      text_size (c->layout, s, &tw, &th);
      show_text (c->cr, c->layout, f->left - TICK_LEN - 2 - tw, y - th / 2.0);
    }
  if (f->log)
    draw_log_minor_grid (c);
}

static void
draw_x_grid (Canvas *c)
{
  const DrivedashPlotFrame *f = &c->f;
  int max_ticks = MAX (1, (int) ((f->right - f->left) / (c->line_h * 4.5)));
  double step, origin = drivedash_plot_time_origin (f, c->m->time_axis);
  g_autoptr(GArray) ticks = drivedash_plot_time_ticks (f, c->m->time_axis, max_ticks, &step);
  int tw, th;

  if (c->m->x_unit)
    {
      drivedash_plot_xaxis_draw (c->m, c->cr, c->layout, f, c->line_h, c->style);
      return;
    }
  for (guint i = 0; i < ticks->len; i++)
    {
      double t = g_array_index (ticks, double, i), x = round (drivedash_plot_frame_x (f, t)) + 0.5;
      g_autofree char *s = drivedash_plot_format_time (t - origin, c->m->time_axis, step);

      set_source (c->cr, &c->style->grid);
      cairo_move_to (c->cr, x, f->top);
      cairo_line_to (c->cr, x, f->bottom + TICK_LEN);
      cairo_stroke (c->cr);

      set_source (c->cr, &c->style->foreground);
      text_size (c->layout, s, &tw, &th);
      show_text (c->cr, c->layout,
                 CLAMP (x - tw / 2.0, f->left - tw / 2.0, c->width - PAD - tw),
                 f->bottom + TICK_LEN + 1);
    }
}

/* Left and bottom axes. */
static void
draw_axes (Canvas *c)
{
  const DrivedashPlotFrame *f = &c->f;

  set_source (c->cr, &c->style->foreground);
  cairo_move_to (c->cr, f->left - 0.5, f->top);
  cairo_line_to (c->cr, f->left - 0.5, f->bottom + 0.5);
  cairo_line_to (c->cr, f->right, f->bottom + 0.5);
  cairo_stroke (c->cr);
}

/* ---------------------------------------------------------------------- */
/* Annotations                                                            */

static double
limit_y (const Canvas *c,
         guint         i)
{
  const DrivedashPlotLimit *l = g_ptr_array_index (c->m->limits, i);

  return round (drivedash_plot_frame_y (l->right ? &c->rf : &c->f, l->y)) + 0.5;
}

/* A limit's label goes above its line, unless another limit line runs
 * through it (then under its own line), and away from the previous label
 * (PREV_TOP, PREV_BOTTOM) where they would overlap. */
static double
place_limit_label (const Canvas *c,
                   guint         i,
                   int           th,
                   double        prev_top,
                   double        prev_bottom)
{
  double y = limit_y (c, i);
  double ty = y - th - 1;

  for (guint j = 0; j < c->m->limits->len; j++)
    {
      double yj = limit_y (c, j);

      if (j != i && yj > ty - 1 && yj < ty + th + 1)
        ty = y + 1;
    }
  if (ty < prev_bottom && ty + th > prev_top)
    ty = ty < prev_top ? prev_top - th : prev_bottom;
  return ty;
}

/* Limit lines (drive temperature limits), dashed and labelled. */
static void
draw_limits (Canvas *c)
{
  static const double dash[] = { 6, 4 };
  double prev_top = -INFINITY, prev_bottom = -INFINITY;
  int tw, th;

  for (guint i = 0; i < c->m->limits->len; i++)
    {
      const DrivedashPlotLimit *l = g_ptr_array_index (c->m->limits, i);
      double ty;

      set_source (c->cr, l->kind == DRIVEDASH_PLOT_LIMIT_CRITICAL ? &c->style->critical
                                                                  : &c->style->warning);
      cairo_set_dash (c->cr, dash, G_N_ELEMENTS (dash), 0);
      hline (c->cr, &c->f, limit_y (c, i));
      cairo_stroke (c->cr);
      cairo_set_dash (c->cr, NULL, 0, 0);
      if (!l->label)
        continue;

      text_size (c->layout, l->label, &tw, &th);
      ty = place_limit_label (c, i, th, prev_top, prev_bottom);
      show_text (c->cr, c->layout, c->f.right - tw - 2, ty);
      prev_top = ty;
      prev_bottom = ty + th;
    }
}

/* Markers: where each benchmark test begins; a label only where the
 * previous one leaves room. */
static void
draw_markers (Canvas *c)
{
  static const double dots[] = { 2, 3 };
  const DrivedashPlotFrame *f = &c->f;
  double next_free = f->left;
  int tw, th;

  for (guint i = 0; i < c->m->markers->len; i++)
    {
      const DrivedashPlotMarker *mk = g_ptr_array_index (c->m->markers, i);
      double x = round (drivedash_plot_frame_x (f, mk->t)) + 0.5;

      if (x < f->left || x > f->right)
        continue;
      set_source (c->cr, &c->style->grid);
      cairo_set_dash (c->cr, dots, G_N_ELEMENTS (dots), 0);
      cairo_move_to (c->cr, x, f->top);
      cairo_line_to (c->cr, x, f->bottom);
      cairo_stroke (c->cr);
      cairo_set_dash (c->cr, NULL, 0, 0);
      if (mk->label && x >= next_free)
        {
          set_source (c->cr, &c->style->foreground);
          text_size (c->layout, mk->label, &tw, &th);
          show_text (c->cr, c->layout, x + 3, f->top + 1);
          next_free = x + tw + 8;
        }
    }
}

static void
draw_no_data (Canvas *c)
{
  const char *msg = _("No data yet");
  int tw, th;

  set_source (c->cr, &c->style->foreground);
  text_size (c->layout, msg, &tw, &th);
  show_text (c->cr, c->layout, (c->f.left + c->f.right - tw) / 2, (c->f.top + c->f.bottom - th) / 2);
}

/* ---------------------------------------------------------------------- */

/* Everything that the clip to the plot area applies to. */
static void
draw_inside (Canvas *c)
{
  cairo_save (c->cr);
  cairo_rectangle (c->cr, c->f.left, c->f.top, c->f.right - c->f.left, c->f.bottom - c->f.top + 1);
  cairo_clip (c->cr);
  drivedash_plot_draw_bands (c->m, c->cr, c->layout, &c->f, c->style);
  draw_markers (c);
  drivedash_plot_draw_stack (c->m, c->cr, &c->f, c->style);
  drivedash_plot_draw_series (c->m, c->cr, &c->f, &c->rf, c->style);
  cairo_restore (c->cr);
}

void
drivedash_plot_model_draw (const DrivedashPlotModel *m,
                           cairo_t                  *cr,
                           int                       width,
                           int                       height,
                           const DrivedashPlotStyle *style)
{
  g_autoptr(PangoLayout) layout = NULL;
  g_autoptr(PangoLayout) bold = NULL;
  Canvas c = { .m = m, .style = style, .cr = cr, .width = width, .height = height };
  DrivedashPlotRange range, rrange;
  gboolean any_samples;
  int tw, max_ticks;

  if (width < 40 || height < 40)
    return;

  cairo_save (cr);
  /* Its own rectangle, not the whole clip: plots stacked in one picture
   * (the saved plots) would each wipe out the one above. */
  if (style->background.alpha > 0)
    {
      set_source (cr, &style->background);
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_fill (cr);
    }

  c.layout = layout = make_layout (cr, style->font, FALSE);
  c.bold = bold = make_layout (cr, style->font, TRUE);
  text_size (layout, "0:00", &tw, &c.line_h);

  draw_heading (&c);
  fit_time (&c);
  any_samples = measure_range (&c, &range, &rrange);
  max_ticks = MAX (2, (int) ((c.f.bottom - c.f.top) / (c.line_h * 1.6)));
  c.ystep = drivedash_plot_fit_y (&range, m->scale, m->include_zero, max_ticks, &c.f);
  if (m->right_series && isfinite (rrange.min))
    {
      c.rystep = drivedash_plot_fit_right (&rrange, max_ticks, &c.rf);
      c.f.right = width - drivedash_plot_right_axis_width (layout, &c.rf, c.rystep, m->right_unit);
    }
  place_left_edge (&c);
  c.rf = (DrivedashPlotFrame) { c.f.x0, c.f.x1, c.rf.y0, c.rf.y1, FALSE,
                                c.f.left, c.f.top, c.f.right, c.f.bottom };

  draw_unit_and_legend (&c);
  draw_y_grid (&c);
  draw_x_grid (&c);
  draw_axes (&c);
  if (m->right_series && isfinite (rrange.min))
    drivedash_plot_draw_right_axis (cr, layout, &c.rf, c.rystep, m->right_unit, c.legend_y, style);
  draw_limits (&c);
  draw_inside (&c);
  if (!any_samples)
    draw_no_data (&c);

  cairo_restore (cr);
}
