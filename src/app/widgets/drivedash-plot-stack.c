/* drivedash-plot-stack.c — series drawn as bars stacked on each other
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What each app wrote per day is a whole made of parts: bars stacked in
 * series order show both the day's total and each part, where lines
 * would cross and hide each other.  The stacked series' samples are
 * matched by their time: one bar per time that any of them has, each
 * series' part on top of the ones before it.  The other series stay
 * lines, drawn over the bars (drivedash-plot-lines.c).
 */
#include "config.h"

#include <math.h>

#include "drivedash-plot-private.h"

/* How much of its colour a part keeps when another is highlighted. */
#define FADED 0.35

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The times of the stacked series' samples, sorted, each once. */
static GArray *
stack_times (const DrivedashPlotModel *m)
{
  GArray *times = g_array_new (FALSE, FALSE, sizeof (double));
  guint kept = 0;

  for (guint i = 0; i < m->n_stacked && i < m->series->len; i++)
    {
      const DrivedashSeries *s = g_ptr_array_index (m->series, i);

      g_array_append_vals (times, drivedash_series_get_times (s), drivedash_series_get_n_points (s));
    }
  g_array_sort (times, compare_doubles);
  for (guint k = 0; k < times->len; k++)
    if (kept == 0 || g_array_index (times, double, k) != g_array_index (times, double, kept - 1))
      g_array_index (times, double, kept++) = g_array_index (times, double, k);
  g_array_set_size (times, kept);
  return times;
}

/* Where @t is in the sorted @times; -1 when it is not there. */
static int
time_index (const GArray *times,
            double        t)
{
  int lo = 0, hi = (int) times->len - 1;

  while (lo <= hi)
    {
      int mid = (lo + hi) / 2;
      double v = g_array_index (times, double, mid);

      if (v == t)
        return mid;
      if (v < t)
        lo = mid + 1;
      else
        hi = mid - 1;
    }
  return -1;
}

/* Each time's total over the stacked series (a gap, NaN, adds nothing). */
static GArray *
stack_totals (const DrivedashPlotModel *m,
              const GArray             *times)
{
  GArray *totals = g_array_new (FALSE, TRUE, sizeof (double));

  g_array_set_size (totals, times->len);
  for (guint i = 0; i < m->n_stacked && i < m->series->len; i++)
    {
      const DrivedashSeries *s = g_ptr_array_index (m->series, i);
      const double *ts = drivedash_series_get_times (s), *ys = drivedash_series_get_values (s);

      for (gsize k = 0; k < drivedash_series_get_n_points (s); k++)
        if (isfinite (ys[k]))
          g_array_index (totals, double, time_index (times, ts[k])) += ys[k];
    }
  return totals;
}

gboolean
drivedash_plot_stack_measure (const DrivedashPlotModel *m,
                              double                    x0,
                              double                    x1,
                              DrivedashPlotRange       *r)
{
  g_autoptr(GArray) times = NULL;
  g_autoptr(GArray) totals = NULL;
  gboolean any = FALSE;

  if (m->n_stacked == 0)
    return FALSE;
  times = stack_times (m);
  totals = stack_totals (m, times);
  for (guint k = 0; k < times->len; k++)
    {
      double t = g_array_index (times, double, k), y = g_array_index (totals, double, k);

      if (t + m->stack_width < x0 || t > x1)
        continue;
      any = TRUE;
      /* Bars stand on zero. */
      r->min = MIN (r->min, MIN (y, 0));
      r->max = MAX (r->max, y);
      if (y > 0)
        r->pos_min = MIN (r->pos_min, y);
    }
  return any;
}

/* One part of one bar, from @bottom to @top, on whole pixels and with a
 * pixel of air between bars wide enough to spare it. */
static void
fill_part (cairo_t                  *cr,
           const DrivedashPlotFrame *f,
           double                    t0,
           double                    t1,
           double                    bottom,
           double                    top)
{
  double x0 = round (drivedash_plot_frame_x (f, t0));
  double x1 = round (drivedash_plot_frame_x (f, t1));
  double y0 = round (drivedash_plot_frame_y (f, bottom));
  double y1 = round (drivedash_plot_frame_y (f, top));

  if (x1 - x0 > 4)
    {
      x0 += 1;
      x1 -= 1;
    }
  /* A part too thin to see still shows as a line: it was measured. */
  if (y0 - y1 < 1 && top > bottom)
    y1 = y0 - 1;
  cairo_rectangle (cr, x0, y1, MAX (x1 - x0, 1), y0 - y1);
  cairo_fill (cr);
}

void
drivedash_plot_draw_stack (const DrivedashPlotModel *m,
                           cairo_t                  *cr,
                           const DrivedashPlotFrame *f,
                           const DrivedashPlotStyle *style)
{
  g_autoptr(GArray) times = NULL;
  g_autoptr(GArray) base = NULL;

  if (m->n_stacked == 0)
    return;
  times = stack_times (m);
  base = g_array_new (FALSE, TRUE, sizeof (double));
  g_array_set_size (base, times->len);
  for (guint i = 0; i < m->n_stacked && i < m->series->len; i++)
    {
      const DrivedashSeries *s = g_ptr_array_index (m->series, i);
      const double *ts = drivedash_series_get_times (s), *ys = drivedash_series_get_values (s);
      GdkRGBA c = style->series[i % DRIVEDASH_PLOT_MAX_SERIES];

      if (m->stack_highlight < m->n_stacked && m->stack_highlight != i)
        c.alpha *= FADED;
      gdk_cairo_set_source_rgba (cr, &c);
      for (gsize k = 0; k < drivedash_series_get_n_points (s); k++)
        {
          int at = time_index (times, ts[k]);
          double *bottom = &g_array_index (base, double, at);
          /* A bar ends where the next time's starts, if that is sooner:
           * a local day can be 23 hours long. */
          double end = (guint) at + 1 < times->len
                       ? MIN (ts[k] + m->stack_width, g_array_index (times, double, at + 1))
                       : ts[k] + m->stack_width;

          if (!isfinite (ys[k]) || ys[k] <= 0)
            continue;
          fill_part (cr, f, ts[k], end, *bottom, *bottom + ys[k]);
          *bottom += ys[k];
        }
    }
}

/* ---------------------------------------------------------------------- */
/* The widget's calls                                                     */

/**
 * drivedash_plot_set_stacked:
 * @n_series: how many of the first series are stacked (0: none)
 * @width: each bar's width, in the X axis' units (seconds)
 */
void
drivedash_plot_set_stacked (DrivedashPlot *self,
                            guint          n_series,
                            double         width)
{
  DrivedashPlotModel *m;

  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  g_return_if_fail (n_series == 0 || width > 0);
  m = drivedash_plot_edit_model (self);
  m->n_stacked = n_series;
  m->stack_width = width;
}

guint
drivedash_plot_get_n_stacked (DrivedashPlot *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), 0);
  return drivedash_plot_get_model (self)->n_stacked;
}

void
drivedash_plot_set_stack_highlight (DrivedashPlot *self,
                                    guint          series)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  drivedash_plot_edit_model (self)->stack_highlight = series;
}

double
drivedash_plot_get_stack_total (DrivedashPlot *self,
                                double         t)
{
  const DrivedashPlotModel *m;
  g_autoptr(GArray) times = NULL;
  g_autoptr(GArray) totals = NULL;
  int at;

  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), 0);
  m = drivedash_plot_get_model (self);
  times = stack_times (m);
  totals = stack_totals (m, times);
  at = time_index (times, t);
  return at < 0 ? 0 : g_array_index (totals, double, at);
}

const char *
drivedash_plot_get_series_label (DrivedashPlot *self,
                                 guint          series)
{
  const DrivedashPlotModel *m;

  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), NULL);
  m = drivedash_plot_get_model (self);
  g_return_val_if_fail (series < m->series->len, NULL);
  return drivedash_series_get_label (g_ptr_array_index (m->series, series));
}

void
drivedash_plot_remove_series (DrivedashPlot *self)
{
  DrivedashPlotModel *m;

  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  m = drivedash_plot_edit_model (self);
  g_ptr_array_set_size (m->series, 0);
  m->right_series = 0;
  m->n_stacked = 0;
  m->stack_highlight = G_MAXUINT;
}
