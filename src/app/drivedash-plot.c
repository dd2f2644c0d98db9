/* drivedash-plot.c — a live time-series plot drawn with cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Samples are kept in plain arrays; every frame reduces the visible ones to
 * one min/max column per pixel (drivedash_plot_decimate()) and draws those,
 * so the cost of a frame depends on the width, not on the length of the run.
 * All drawing goes through drivedash_plot_draw(), which takes any cairo_t:
 * the widget's snapshot, an image surface in the tests, or a PNG export.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "drivedash-error.h"
#include "drivedash-plot.h"

/* Keeps memory bounded on very long runs: 1 million samples is more than
 * 24 hours at 100 ms. */
#define MAX_SAMPLES (1u << 20)
#define PAD 8.0
#define TICK_LEN 4.0

typedef struct
{
  char   *label;
  GArray *t;   /* double */
  GArray *y;   /* double; NaN marks a gap */
} Series;

typedef struct
{
  char                   *label;
  double                  y;
  DrivedashPlotLimitKind  kind;
} Limit;

typedef struct
{
  char   *label;
  double  t;
} Marker;

struct _DrivedashPlot
{
  GtkWidget              parent_instance;

  char                  *title;
  char                  *caption;
  char                  *unit;
  DrivedashPlotScale     scale;
  DrivedashPlotTimeAxis  time_axis;
  double                 time_window;
  double                 hint_min;
  double                 hint_max;
  guint                  include_zero : 1;
  guint                  decimate : 1;

  GPtrArray             *series;   /* Series */
  GPtrArray             *limits;   /* Limit */
  GPtrArray             *markers;  /* Marker */

  guint                  describe_source;
};

G_DEFINE_FINAL_TYPE (DrivedashPlot, drivedash_plot, GTK_TYPE_WIDGET)

static void
series_free (gpointer data)
{
  Series *s = data;

  g_free (s->label);
  g_array_unref (s->t);
  g_array_unref (s->y);
  g_free (s);
}

static void
limit_free (gpointer data)
{
  Limit *l = data;

  g_free (l->label);
  g_free (l);
}

static void
marker_free (gpointer data)
{
  Marker *m = data;

  g_free (m->label);
  g_free (m);
}

/* ---------------------------------------------------------------------- */
/* Decimation                                                             */

void
drivedash_plot_decimate (const double        *t,
                         const double        *y,
                         gsize                n_points,
                         double               t0,
                         double               t1,
                         DrivedashPlotColumn *columns,
                         guint                n_columns)
{
  gsize lo = 0, hi = n_points;
  double per_column;
  int last_col = -1;

  memset (columns, 0, sizeof *columns * n_columns);
  if (n_columns == 0 || n_points == 0 || !(t1 > t0))
    return;

  /* Times only grow, so the first visible sample is found by bisection and
   * the samples scrolled out of the window cost nothing. */
  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (t[mid] < t0)
        lo = mid + 1;
      else
        hi = mid;
    }

  per_column = (t1 - t0) / n_columns;

  for (gsize i = lo; i < n_points && t[i] <= t1; i++)
    {
      DrivedashPlotColumn *c;
      int col;

      if (isnan (y[i]))
        {
          if (last_col >= 0)
            columns[last_col].gap = TRUE;
          continue;
        }

      col = (int) ((t[i] - t0) / per_column);
      col = CLAMP (col, 0, (int) n_columns - 1);
      c = &columns[col];

      if (c->n == 0)
        {
          c->y_min = c->y_max = c->y_first = y[i];
          c->gap = FALSE;
        }
      else
        {
          c->y_min = MIN (c->y_min, y[i]);
          c->y_max = MAX (c->y_max, y[i]);
        }
      c->y_last = y[i];
      c->n++;
      last_col = col;
    }
}

/* ---------------------------------------------------------------------- */
/* Axes                                                                   */

static double
nice_step (double range,
           int    max_ticks)
{
  double raw, mag, f;

  if (max_ticks < 1)
    max_ticks = 1;
  raw = range / max_ticks;
  if (!(raw > 0))
    return 1;
  mag = pow (10, floor (log10 (raw)));
  f = raw / mag;
  if (f <= 1)
    return mag;
  if (f <= 2)
    return 2 * mag;
  if (f <= 5)
    return 5 * mag;
  return 10 * mag;
}

static double
nice_time_step (double range,
                int    max_ticks)
{
  static const double steps[] = {
    1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 3 * 3600,
    6 * 3600, 12 * 3600, 24 * 3600,
  };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (range / steps[i] <= MAX (max_ticks, 1))
      return steps[i];
  return steps[G_N_ELEMENTS (steps) - 1];
}

static char *
format_value (double v,
              double step)
{
  int digits;

  if (fabs (v) < step * 1e-6)
    v = 0;
  if (fabs (v) >= 1e6 && step >= 1e5)
    return g_strdup_printf ("%gM", v / 1e6);
  if (fabs (v) >= 1e4 && step >= 1e3)
    return g_strdup_printf ("%gk", v / 1e3);

  digits = step >= 1 ? 0 : (int) ceil (-log10 (step) - 1e-9);
  return g_strdup_printf ("%.*f", CLAMP (digits, 0, 6), v);
}

static char *
format_time (double                t,
             DrivedashPlotTimeAxis mode,
             double                step)
{
  long s = lround (fabs (t));

  if (mode == DRIVEDASH_PLOT_TIME_AGO)
    {
      if (s == 0)
        /* Translators: the right end of a "time ago" axis */
        return g_strdup (C_("plot axis", "now"));
      if (step >= 3600 && s % 3600 == 0)
        /* Translators: a "time ago" axis label, hours */
        return g_strdup_printf (C_("plot axis", "−%ld h"), s / 3600);
      if (step >= 60 && s % 60 == 0)
        /* Translators: a "time ago" axis label, minutes */
        return g_strdup_printf (C_("plot axis", "−%ld min"), s / 60);
      /* Translators: a "time ago" axis label, seconds */
      return g_strdup_printf (C_("plot axis", "−%ld s"), s);
    }

  if (s >= 3600)
    return g_strdup_printf ("%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  return g_strdup_printf ("%ld:%02ld", s / 60, s % 60);
}

typedef struct
{
  double x0, x1;           /* time range */
  double y0, y1;           /* value range (log10 of it for log scale) */
  gboolean log;
  double left, top, right, bottom;  /* plot area in device units */
} Frame;

static double
frame_x (const Frame *f,
         double       t)
{
  return f->left + (t - f->x0) / (f->x1 - f->x0) * (f->right - f->left);
}

static double
frame_y (const Frame *f,
         double       v)
{
  if (f->log)
    v = log10 (MAX (v, 1e-12));
  return f->bottom - (v - f->y0) / (f->y1 - f->y0) * (f->bottom - f->top);
}

/* ---------------------------------------------------------------------- */
/* Drawing                                                                */

static void
set_source (cairo_t       *cr,
            const GdkRGBA *c)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
}

static PangoLayout *
make_layout (cairo_t    *cr,
             const char *font,
             gboolean    bold,
             double      scale)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (font[0] ? font : "Sans 9");

  if (bold)
    pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  if (scale != 1.0)
    pango_font_description_set_size (desc, (int) (pango_font_description_get_size (desc) * scale));
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

static void
draw_text (cairo_t     *cr,
           PangoLayout *layout,
           const char  *text,
           double       x,
           double       y)
{
  pango_layout_set_text (layout, text, -1);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

static void
compute_x_range (DrivedashPlot *self,
                 double        *x0,
                 double        *x1)
{
  double first = 0, last = 0;
  gboolean any = FALSE;

  for (guint i = 0; i < self->series->len; i++)
    {
      Series *s = g_ptr_array_index (self->series, i);

      if (s->t->len == 0)
        continue;
      if (!any || g_array_index (s->t, double, 0) < first)
        first = g_array_index (s->t, double, 0);
      if (!any || g_array_index (s->t, double, s->t->len - 1) > last)
        last = g_array_index (s->t, double, s->t->len - 1);
      any = TRUE;
    }

  if (self->time_axis == DRIVEDASH_PLOT_TIME_AGO)
    {
      double window = self->time_window > 0 ? self->time_window : MAX (last - first, 60);

      *x1 = last;
      *x0 = last - window;
      return;
    }

  /* Grows with the run; 10 s until there is anything to show. */
  *x0 = MIN (0, first);
  *x1 = any ? MAX (last, *x0 + 1) : *x0 + 10;
  if (self->time_window > 0 && *x1 - *x0 > self->time_window)
    *x0 = *x1 - self->time_window;
}

/* One series from its columns.  A stretch without a gap is a thin line
 * through the samples while there is at most about one sample per pixel,
 * and a filled band from each column's minimum to its maximum once the
 * samples are denser.  Filling the band instead of stroking a zig-zag
 * through every column's extremes keeps an hour of noisy data about as
 * cheap as a minute. */
static void
draw_columns (cairo_t                   *cr,
              const Frame               *f,
              const DrivedashPlotColumn *cols,
              int                        n_cols)
{
  int start = 0;

  while (start < n_cols)
    {
      int end, c;
      gboolean dense = FALSE, pen = FALSE;

      while (start < n_cols && cols[start].n == 0)
        start++;
      if (start >= n_cols)
        break;

      /* The stretch runs until a column followed by a gap. */
      for (end = c = start; c < n_cols; c++)
        {
          if (cols[c].n == 0)
            continue;
          end = c;
          dense |= cols[c].n > 1 && cols[c].y_max > cols[c].y_min;
          if (cols[c].gap)
            break;
        }

      if (!dense)
        {
          for (c = start; c <= end; c++)
            {
              double x = f->left + c + 0.5;

              if (cols[c].n == 0)
                continue;
              if (pen)
                cairo_line_to (cr, x, frame_y (f, cols[c].y_first));
              else
                cairo_move_to (cr, x, frame_y (f, cols[c].y_first));
              /* Also a lone sample: round caps make it a dot. */
              cairo_line_to (cr, x, frame_y (f, cols[c].y_last));
              pen = TRUE;
            }
          cairo_stroke (cr);
        }
      else
        {
          /* The band, widened by half the line width on each side so a
           * flat stretch still shows as a line. */
          for (c = start; c <= end; c++)
            if (cols[c].n)
              cairo_line_to (cr, f->left + c + 0.5, frame_y (f, cols[c].y_max) - 0.75);
          for (c = end; c >= start; c--)
            if (cols[c].n)
              cairo_line_to (cr, f->left + c + 0.5, frame_y (f, cols[c].y_min) + 0.75);
          cairo_close_path (cr);
          cairo_fill (cr);
        }

      start = end + 1;
    }
}

void
drivedash_plot_draw (DrivedashPlot            *self,
                     cairo_t                  *cr,
                     int                       width,
                     int                       height,
                     const DrivedashPlotStyle *style)
{
  g_autoptr(PangoLayout) layout = NULL;
  g_autoptr(PangoLayout) bold = NULL;
  g_autoptr(GString) heading = g_string_new (NULL);
  g_autofree DrivedashPlotColumn *columns = NULL;
  Frame f = { 0 };
  double data_min = INFINITY, data_max = -INFINITY, pos_min = INFINITY;
  double ystep, xstep, label_w = 0, legend_x;
  int tw, th, line_h, n_cols;
  gboolean any_samples = FALSE;

  g_return_if_fail (DRIVEDASH_IS_PLOT (self));

  if (width < 40 || height < 40)
    return;

  cairo_save (cr);

  if (style->background.alpha > 0)
    {
      set_source (cr, &style->background);
      cairo_paint (cr);
    }

  layout = make_layout (cr, style->font, FALSE, 1.0);
  bold = make_layout (cr, style->font, TRUE, 1.0);
  text_size (layout, "0:00", &tw, &line_h);

  /* Heading row: title, then the caption (the current test). */
  if (self->title)
    g_string_append (heading, self->title);
  if (self->caption && *self->caption)
    g_string_append_printf (heading, "%s%s", heading->len ? " — " : "", self->caption);

  f.top = PAD;
  if (heading->len)
    {
      set_source (cr, &style->foreground);
      pango_layout_set_width (bold, (int) ((width - 2 * PAD) * PANGO_SCALE));
      pango_layout_set_ellipsize (bold, PANGO_ELLIPSIZE_END);
      text_size (bold, heading->str, &tw, &th);
      draw_text (cr, bold, heading->str, PAD, f.top);
      f.top += th + 2;
    }
  /* Second row: unit on the left above the axis labels, legend on the right;
   * the top Y label reaches half a line above the plot area. */
  f.top += line_h * 1.5 + 4;
  f.bottom = height - PAD - line_h - TICK_LEN - 2;
  f.right = width - PAD;

  /* Decimate with a provisional width; the exact left edge depends on the
   * widest Y label, which depends on the range, which depends on the data.
   * One column per pixel of the widest possible plot area is fine for the
   * range; the real draw below decimates again at the exact width. */
  compute_x_range (self, &f.x0, &f.x1);
  n_cols = MAX (1, (int) (f.right - PAD));
  columns = g_new0 (DrivedashPlotColumn, n_cols);

  for (guint i = 0; i < self->series->len; i++)
    {
      Series *s = g_ptr_array_index (self->series, i);

      drivedash_plot_decimate ((const double *) s->t->data, (const double *) s->y->data,
                               s->t->len, f.x0, f.x1, columns, n_cols);
      for (int c = 0; c < n_cols; c++)
        {
          if (columns[c].n == 0)
            continue;
          any_samples = TRUE;
          data_min = MIN (data_min, columns[c].y_min);
          data_max = MAX (data_max, columns[c].y_max);
          if (columns[c].y_min > 0)
            pos_min = MIN (pos_min, columns[c].y_min);
          else if (columns[c].y_max > 0)
            pos_min = MIN (pos_min, columns[c].y_max);
        }
    }

  for (guint i = 0; i < self->limits->len; i++)
    {
      Limit *l = g_ptr_array_index (self->limits, i);

      data_min = MIN (data_min, l->y);
      data_max = MAX (data_max, l->y);
    }
  if (!isnan (self->hint_min))
    data_min = MIN (data_min, self->hint_min);
  if (!isnan (self->hint_max))
    data_max = MAX (data_max, self->hint_max);

  f.log = self->scale == DRIVEDASH_PLOT_SCALE_LOG;
  if (self->scale == DRIVEDASH_PLOT_SCALE_AUTO && isfinite (pos_min) && data_max / pos_min > 100)
    f.log = TRUE;
  if (f.log && !isfinite (pos_min))
    f.log = FALSE;

  if (!isfinite (data_min) || !isfinite (data_max))
    {
      data_min = 0;
      data_max = 1;
    }

  {
    int max_ticks = MAX (2, (int) ((f.bottom - f.top) / (line_h * 1.6)));

    if (f.log)
      {
        f.y0 = floor (log10 (pos_min));
        f.y1 = ceil (log10 (data_max));
        if (f.y1 <= f.y0)
          f.y1 = f.y0 + 1;
        ystep = MAX (1, ceil ((f.y1 - f.y0) / max_ticks));
      }
    else
      {
        if (self->include_zero)
          {
            data_min = MIN (0, data_min);
            data_max = MAX (0, data_max);
          }
        if (data_max - data_min < 1e-9)
          {
            data_max += MAX (1, fabs (data_max) * 0.1);
            if (!self->include_zero || data_min < 0)
              data_min -= MAX (1, fabs (data_min) * 0.1);
          }
        ystep = nice_step (data_max - data_min, max_ticks);
        f.y0 = floor (data_min / ystep) * ystep;
        f.y1 = ceil (data_max / ystep) * ystep;
        /* Headroom so a line at the top doesn't merge with the frame. */
        if (data_max > f.y1 - ystep * 0.05)
          f.y1 += ystep;
      }
  }

  /* Y labels: measure the widest to place the left edge. */
  for (double v = f.y0; v <= f.y1 + ystep * 1e-6; v += ystep)
    {
      g_autofree char *s = f.log ? format_value (pow (10, v), pow (10, v))
                                 : format_value (v, ystep);
      int w, h;

      text_size (layout, s, &w, &h);
      label_w = MAX (label_w, w);
    }
  if (self->unit)
    {
      text_size (layout, self->unit, &tw, &th);
      label_w = MAX (label_w, tw);
    }
  f.left = PAD + label_w + TICK_LEN + 2;

  /* Unit, top left. */
  set_source (cr, &style->foreground);
  if (self->unit)
    draw_text (cr, layout, self->unit, PAD, f.top - line_h * 1.5 - 3);

  /* Legend, top right: colour swatch and label per series. */
  /* A single series is named by the title already. */
  legend_x = f.right;
  for (int i = (int) self->series->len - 1; i >= 0 && self->series->len > 1; i--)
    {
      Series *s = g_ptr_array_index (self->series, i);
      const GdkRGBA *c = &style->series[i % DRIVEDASH_PLOT_MAX_SERIES];
      double y = f.top - line_h * 1.5 - 3;

      text_size (layout, s->label, &tw, &th);
      legend_x -= tw;
      if (legend_x - 16 < PAD + label_w + 8)
        break;
      set_source (cr, &style->foreground);
      draw_text (cr, layout, s->label, legend_x, y);
      set_source (cr, c);
      cairo_set_line_width (cr, 3);
      cairo_move_to (cr, legend_x - 16, y + th / 2.0);
      cairo_line_to (cr, legend_x - 4, y + th / 2.0);
      cairo_stroke (cr);
      legend_x -= 16 + 12;
    }

  /* Grid and Y labels. */
  cairo_set_line_width (cr, 1);
  for (double v = f.y0; v <= f.y1 + ystep * 1e-6; v += ystep)
    {
      double val = f.log ? pow (10, v) : v;
      double y = round (frame_y (&f, val)) + 0.5;
      g_autofree char *s = f.log ? format_value (val, val) : format_value (v, ystep);

      set_source (cr, &style->grid);
      cairo_move_to (cr, f.left, y);
      cairo_line_to (cr, f.right, y);
      cairo_stroke (cr);

      set_source (cr, &style->foreground);
      text_size (layout, s, &tw, &th);
      draw_text (cr, layout, s, f.left - TICK_LEN - 2 - tw, y - th / 2.0);
    }
  if (f.log)
    {
      /* Minor grid at 2…9 × 10^k so a log axis reads like one. */
      GdkRGBA minor = style->grid;

      minor.alpha *= 0.5;
      set_source (cr, &minor);
      for (double d = f.y0; d < f.y1; d += 1)
        for (int k = 2; k <= 9; k++)
          {
            double y = round (frame_y (&f, k * pow (10, d))) + 0.5;

            cairo_move_to (cr, f.left, y);
            cairo_line_to (cr, f.right, y);
          }
      cairo_stroke (cr);
    }

  /* X grid and labels. */
  xstep = nice_time_step (f.x1 - f.x0, MAX (1, (int) ((f.right - f.left) / (line_h * 4.5))));
  {
    double origin = self->time_axis == DRIVEDASH_PLOT_TIME_AGO ? f.x1 : 0;
    double first = origin + ceil ((f.x0 - origin) / xstep - 1e-9) * xstep;

    for (double t = first; t <= f.x1 + 1e-9; t += xstep)
      {
        double x = round (frame_x (&f, t)) + 0.5;
        g_autofree char *s = format_time (t - origin, self->time_axis, xstep);

        set_source (cr, &style->grid);
        cairo_move_to (cr, x, f.top);
        cairo_line_to (cr, x, f.bottom + TICK_LEN);
        cairo_stroke (cr);

        set_source (cr, &style->foreground);
        text_size (layout, s, &tw, &th);
        draw_text (cr, layout, s,
                   CLAMP (x - tw / 2.0, f.left - tw / 2.0, width - PAD - tw),
                   f.bottom + TICK_LEN + 1);
      }
  }

  /* Frame: left and bottom axes. */
  set_source (cr, &style->foreground);
  cairo_move_to (cr, f.left - 0.5, f.top);
  cairo_line_to (cr, f.left - 0.5, f.bottom + 0.5);
  cairo_line_to (cr, f.right, f.bottom + 0.5);
  cairo_stroke (cr);

  /* Limit lines (drive temperature limits), dashed, labelled above the
   * line unless that would cover the previous label. */
  {
    double prev_label_top = -INFINITY, prev_label_bottom = -INFINITY;

    for (guint i = 0; i < self->limits->len; i++)
      {
        Limit *l = g_ptr_array_index (self->limits, i);
        const GdkRGBA *c = l->kind == DRIVEDASH_PLOT_LIMIT_CRITICAL ? &style->critical : &style->warning;
        double y = round (frame_y (&f, l->y)) + 0.5;
        static const double dash[] = { 6, 4 };

        set_source (cr, c);
        cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
        cairo_move_to (cr, f.left, y);
        cairo_line_to (cr, f.right, y);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
        if (l->label)
          {
            double ty;

            text_size (layout, l->label, &tw, &th);
            ty = y - th - 1;
            /* Another limit line through the label: put it under its own
             * line instead; overlapping the previous label: move away. */
            for (guint j = 0; j < self->limits->len; j++)
              {
                double yj = round (frame_y (&f, ((Limit *) g_ptr_array_index (self->limits, j))->y)) + 0.5;

                if (j != i && yj > ty - 1 && yj < ty + th + 1)
                  ty = y + 1;
              }
            if (ty < prev_label_bottom && ty + th > prev_label_top)
              ty = ty < prev_label_top ? prev_label_top - th : prev_label_bottom;
            draw_text (cr, layout, l->label, f.right - tw - 2, ty);
            prev_label_top = ty;
            prev_label_bottom = ty + th;
          }
      }
  }

  cairo_save (cr);
  cairo_rectangle (cr, f.left, f.top, f.right - f.left, f.bottom - f.top + 1);
  cairo_clip (cr);

  /* Markers: where each benchmark test begins. */
  {
    double next_free = f.left;

    for (guint i = 0; i < self->markers->len; i++)
      {
        Marker *m = g_ptr_array_index (self->markers, i);
        double x = round (frame_x (&f, m->t)) + 0.5;
        static const double dots[] = { 2, 3 };

        if (x < f.left || x > f.right)
          continue;
        set_source (cr, &style->grid);
        cairo_set_dash (cr, dots, G_N_ELEMENTS (dots), 0);
        cairo_move_to (cr, x, f.top);
        cairo_line_to (cr, x, f.bottom);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
        if (m->label && x >= next_free)
          {
            set_source (cr, &style->foreground);
            text_size (layout, m->label, &tw, &th);
            draw_text (cr, layout, m->label, x + 3, f.top + 1);
            next_free = x + tw + 8;
          }
      }
  }

  /* The series. */
  n_cols = MAX (1, (int) floor (f.right - f.left));
  g_free (columns);
  columns = g_new0 (DrivedashPlotColumn, n_cols);
  cairo_set_line_width (cr, 1.5);
  /* Bevel joins look the same at 1.5 px and cost a fraction of round
   * ones; round caps keep lone samples visible as dots. */
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_BEVEL);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  /* Four-times-cheaper antialiasing for the data, which is noisy anyway;
   * text and grid keep the best. */
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_FAST);

  for (guint i = 0; i < self->series->len; i++)
    {
      Series *s = g_ptr_array_index (self->series, i);
      const double *ts = (const double *) s->t->data;
      const double *ys = (const double *) s->y->data;
      gboolean pen = FALSE;

      set_source (cr, &style->series[i % DRIVEDASH_PLOT_MAX_SERIES]);

      if (!self->decimate)
        {
          /* Reference path for tests: every sample, no reduction. */
          for (guint k = 0; k < s->t->len; k++)
            {
              if (ts[k] < f.x0 || ts[k] > f.x1)
                continue;
              if (isnan (ys[k]))
                {
                  pen = FALSE;
                  continue;
                }
              if (pen)
                cairo_line_to (cr, frame_x (&f, ts[k]), frame_y (&f, ys[k]));
              else
                cairo_move_to (cr, frame_x (&f, ts[k]), frame_y (&f, ys[k]));
              pen = TRUE;
            }
          cairo_stroke (cr);
          continue;
        }

      drivedash_plot_decimate (ts, ys, s->t->len, f.x0, f.x1, columns, n_cols);
      draw_columns (cr, &f, columns, n_cols);
    }

  cairo_restore (cr);

  if (!any_samples)
    {
      const char *msg = _("No data yet");

      set_source (cr, &style->foreground);
      text_size (layout, msg, &tw, &th);
      draw_text (cr, layout, msg, (f.left + f.right - tw) / 2, (f.top + f.bottom - th) / 2);
    }

  cairo_restore (cr);
}

/* ---------------------------------------------------------------------- */
/* Style                                                                  */

static void
rgba (GdkRGBA *c,
      guint32  rgb,
      double   alpha)
{
  c->red = ((rgb >> 16) & 0xff) / 255.0;
  c->green = ((rgb >> 8) & 0xff) / 255.0;
  c->blue = (rgb & 0xff) / 255.0;
  c->alpha = alpha;
}

void
drivedash_plot_style_init_default (DrivedashPlotStyle *style,
                                   gboolean            dark)
{
  /* libadwaita 1.2's palette, for rendering without a widget. */
  memset (style, 0, sizeof *style);
  rgba (&style->background, dark ? 0x1e1e1e : 0xffffff, 1);
  rgba (&style->foreground, dark ? 0xffffff : 0x000000, 0.8);
  rgba (&style->grid, dark ? 0xffffff : 0x000000, 0.12);
  rgba (&style->warning, dark ? 0xf8e45c : 0x9c6e03, 1);
  rgba (&style->critical, dark ? 0xff7b63 : 0xc01c28, 1);
  rgba (&style->series[0], dark ? 0x78aeed : 0x1c71d8, 1);
  rgba (&style->series[1], dark ? 0xffa348 : 0xe66100, 1);
  rgba (&style->series[2], dark ? 0x8ff0a4 : 0x26a269, 1);
  rgba (&style->series[3], dark ? 0xdc8add : 0x9141ac, 1);
  rgba (&style->series[4], dark ? 0xf66151 : 0xc01c28, 1);
  rgba (&style->series[5], dark ? 0xcdab8f : 0x865e3c, 1);
  g_strlcpy (style->font, "Sans 9", sizeof style->font);
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static void
lookup (GtkStyleContext *ctx,
        const char      *name,
        GdkRGBA         *out)
{
  GdkRGBA c;

  if (gtk_style_context_lookup_color (ctx, name, &c))
    *out = c;
}

void
drivedash_plot_get_style (DrivedashPlot      *self,
                          DrivedashPlotStyle *style)
{
  static const char * const series_names[DRIVEDASH_PLOT_MAX_SERIES] = {
    "accent_color", "orange_4", "green_4", "purple_3", "red_3", "brown_3",
  };
  GtkStyleContext *ctx = gtk_widget_get_style_context (GTK_WIDGET (self));
  PangoContext *pango = gtk_widget_get_pango_context (GTK_WIDGET (self));
  const PangoFontDescription *desc = pango ? pango_context_get_font_description (pango) : NULL;
  gboolean dark;
  GdkRGBA fg;

  gtk_style_context_get_color (ctx, &fg);
  /* Light text means a dark theme; this also covers high-contrast variants. */
  dark = (fg.red + fg.green + fg.blue) / 3 > 0.5;
  drivedash_plot_style_init_default (style, dark);

  style->background.alpha = 0;
  style->foreground = fg;
  style->grid = fg;
  style->grid.alpha = fg.alpha * 0.15;
  lookup (ctx, "warning_color", &style->warning);
  lookup (ctx, "error_color", &style->critical);
  for (guint i = 0; i < G_N_ELEMENTS (series_names); i++)
    lookup (ctx, series_names[i], &style->series[i]);
  if (dark)
    {
      /* The darker palette shades disappear on a dark background. */
      lookup (ctx, "orange_2", &style->series[1]);
      lookup (ctx, "green_2", &style->series[2]);
      lookup (ctx, "purple_2", &style->series[3]);
    }
  if (desc)
    {
      g_autofree char *s = pango_font_description_to_string (desc);

      g_strlcpy (style->font, s, sizeof style->font);
    }
}
G_GNUC_END_IGNORE_DEPRECATIONS

/* Like drivedash_plot_get_style() but with an opaque background, for
 * pictures that leave the window: the theme's when the widget is shown,
 * else the light default. */
void
drivedash_plot_get_export_style (DrivedashPlot      *self,
                                 DrivedashPlotStyle *style)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));

  if (gtk_widget_get_realized (GTK_WIDGET (self)))
    {
      GdkRGBA bg;

      drivedash_plot_get_style (self, style);
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      if (gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (self)),
                                          "view_bg_color", &bg))
        style->background = bg;
      else
        drivedash_plot_style_init_default (style, FALSE);
      G_GNUC_END_IGNORE_DEPRECATIONS
    }
  else
    drivedash_plot_style_init_default (style, FALSE);
  style->background.alpha = 1;
}

gboolean
drivedash_plot_save_png (DrivedashPlot  *self,
                         const char     *path,
                         int             width,
                         int             height,
                         GError        **error)
{
  DrivedashPlotStyle style;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), FALSE);

  drivedash_plot_get_export_style (self, &style);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  drivedash_plot_draw (self, cr, width, height, &style);
  cairo_destroy (cr);
  status = cairo_surface_write_to_png (surface, path);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
                   _("Could not save the picture as “%s”: the folder may be read-only or full."),
                   name);
      return FALSE;
    }
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Accessibility                                                          */

static char *
format_latest (double v)
{
  if (fabs (v) >= 100)
    return g_strdup_printf ("%.0f", v);
  if (fabs (v) >= 10)
    return g_strdup_printf ("%.1f", v);
  return g_strdup_printf ("%.2f", v);
}

char *
drivedash_plot_dup_description (DrivedashPlot *self)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), NULL);

  if (self->caption && *self->caption)
    g_string_append_printf (s, "%s. ", self->caption);

  for (guint i = 0; i < self->series->len; i++)
    {
      Series *ser = g_ptr_array_index (self->series, i);
      double y = NAN;

      for (guint k = ser->y->len; k > 0; k--)
        if (!isnan (g_array_index (ser->y, double, k - 1)))
          {
            y = g_array_index (ser->y, double, k - 1);
            break;
          }
      if (isnan (y))
        continue;
      {
        g_autofree char *v = format_latest (y);

        /* Translators: accessible description of a plot: "Read: 3400 MB/s" */
        g_string_append_printf (s, _("%s: %s %s"), ser->label, v, self->unit ? self->unit : "");
        g_string_append (s, "; ");
      }
    }

  if (s->len >= 2 && g_str_has_suffix (s->str, "; "))
    g_string_truncate (s, s->len - 2);
  else if (!(self->caption && *self->caption))
    g_string_append (s, _("No data yet"));

  return g_string_free (s, FALSE);
}

static gboolean
update_description_cb (gpointer data)
{
  DrivedashPlot *self = data;
  g_autofree char *desc = drivedash_plot_dup_description (self);

  self->describe_source = 0;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, self->title ? self->title : "",
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, desc,
                                  -1);
  return G_SOURCE_REMOVE;
}

static void
changed (DrivedashPlot *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* Screen readers get the latest values at most twice a second. */
  if (self->describe_source == 0)
    self->describe_source = g_timeout_add (500, update_description_cb, self);
}

/* ---------------------------------------------------------------------- */
/* Widget                                                                 */

static void
drivedash_plot_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  DrivedashPlot *self = DRIVEDASH_PLOT (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  DrivedashPlotStyle style;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;

  drivedash_plot_get_style (self, &style);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  drivedash_plot_draw (self, cr, width, height, &style);
  cairo_destroy (cr);
}

static void
drivedash_plot_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  /* Small enough for a 360 px wide phone, big enough to read. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 480;
    }
  else
    {
      *minimum = 140;
      *natural = 200;
    }
}

static void
drivedash_plot_css_changed (GtkWidget         *widget,
                            GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (drivedash_plot_parent_class)->css_changed (widget, change);
  /* Light/dark switches change every colour we drew with. */
  gtk_widget_queue_draw (widget);
}

static void
drivedash_plot_dispose (GObject *object)
{
  DrivedashPlot *self = DRIVEDASH_PLOT (object);

  g_clear_handle_id (&self->describe_source, g_source_remove);
  G_OBJECT_CLASS (drivedash_plot_parent_class)->dispose (object);
}

static void
drivedash_plot_finalize (GObject *object)
{
  DrivedashPlot *self = DRIVEDASH_PLOT (object);

  g_free (self->title);
  g_free (self->caption);
  g_free (self->unit);
  g_ptr_array_unref (self->series);
  g_ptr_array_unref (self->limits);
  g_ptr_array_unref (self->markers);
  G_OBJECT_CLASS (drivedash_plot_parent_class)->finalize (object);
}

static void
drivedash_plot_class_init (DrivedashPlotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = drivedash_plot_dispose;
  object_class->finalize = drivedash_plot_finalize;
  widget_class->snapshot = drivedash_plot_snapshot;
  widget_class->measure = drivedash_plot_measure;
  widget_class->css_changed = drivedash_plot_css_changed;

  gtk_widget_class_set_css_name (widget_class, "plot");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
drivedash_plot_init (DrivedashPlot *self)
{
  self->series = g_ptr_array_new_with_free_func (series_free);
  self->limits = g_ptr_array_new_with_free_func (limit_free);
  self->markers = g_ptr_array_new_with_free_func (marker_free);
  self->scale = DRIVEDASH_PLOT_SCALE_LINEAR;
  self->time_axis = DRIVEDASH_PLOT_TIME_ELAPSED;
  self->include_zero = TRUE;
  self->decimate = TRUE;
  self->hint_min = NAN;
  self->hint_max = NAN;
}

GtkWidget *
drivedash_plot_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_PLOT, NULL);
}

void
drivedash_plot_set_title (DrivedashPlot *self,
                          const char    *title)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  g_free (self->title);
  self->title = g_strdup (title);
  changed (self);
}

const char *
drivedash_plot_get_title (DrivedashPlot *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), NULL);
  return self->title;
}

void
drivedash_plot_set_caption (DrivedashPlot *self,
                            const char    *caption)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  if (g_strcmp0 (caption, self->caption) == 0)
    return;
  g_free (self->caption);
  self->caption = g_strdup (caption);
  changed (self);
}

void
drivedash_plot_set_unit (DrivedashPlot *self,
                         const char    *unit)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  g_free (self->unit);
  self->unit = g_strdup (unit);
  changed (self);
}

void
drivedash_plot_set_scale (DrivedashPlot      *self,
                          DrivedashPlotScale  scale)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  self->scale = scale;
  changed (self);
}

void
drivedash_plot_set_time_axis (DrivedashPlot         *self,
                              DrivedashPlotTimeAxis  mode)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  self->time_axis = mode;
  changed (self);
}

void
drivedash_plot_set_time_window (DrivedashPlot *self,
                                double         seconds)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  self->time_window = MAX (0, seconds);
  changed (self);
}

void
drivedash_plot_set_include_zero (DrivedashPlot *self,
                                 gboolean       include_zero)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  self->include_zero = !!include_zero;
  changed (self);
}

void
drivedash_plot_set_y_range_hint (DrivedashPlot *self,
                                 double         min,
                                 double         max)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  self->hint_min = min;
  self->hint_max = max;
  changed (self);
}

void
drivedash_plot_set_decimate (DrivedashPlot *self,
                             gboolean       decimate)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  self->decimate = !!decimate;
  changed (self);
}

guint
drivedash_plot_add_series (DrivedashPlot *self,
                           const char    *label)
{
  Series *s;

  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), 0);

  s = g_new0 (Series, 1);
  s->label = g_strdup (label);
  s->t = g_array_new (FALSE, FALSE, sizeof (double));
  s->y = g_array_new (FALSE, FALSE, sizeof (double));
  g_ptr_array_add (self->series, s);
  changed (self);
  return self->series->len - 1;
}

guint
drivedash_plot_get_n_series (DrivedashPlot *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), 0);
  return self->series->len;
}

static void
append_raw (DrivedashPlot *self,
            guint          series,
            double         t,
            double         y)
{
  Series *s;

  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  g_return_if_fail (series < self->series->len);

  s = g_ptr_array_index (self->series, series);
  /* Decimation bisects on time: keep it non-decreasing. */
  if (s->t->len > 0 && t < g_array_index (s->t, double, s->t->len - 1))
    t = g_array_index (s->t, double, s->t->len - 1);
  if (s->t->len >= MAX_SAMPLES)
    {
      g_array_remove_range (s->t, 0, MAX_SAMPLES / 2);
      g_array_remove_range (s->y, 0, MAX_SAMPLES / 2);
    }
  g_array_append_val (s->t, t);
  g_array_append_val (s->y, y);
  changed (self);
}

void
drivedash_plot_append (DrivedashPlot *self,
                       guint          series,
                       double         t,
                       double         y)
{
  g_return_if_fail (isfinite (t));
  if (!isfinite (y))
    y = NAN;
  append_raw (self, series, t, y);
}

void
drivedash_plot_append_gap (DrivedashPlot *self,
                           guint          series)
{
  Series *s;

  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  g_return_if_fail (series < self->series->len);

  s = g_ptr_array_index (self->series, series);
  if (s->t->len == 0)
    return;
  append_raw (self, series, g_array_index (s->t, double, s->t->len - 1), NAN);
}

gsize
drivedash_plot_get_n_samples (DrivedashPlot *self,
                              guint          series)
{
  Series *s;
  gsize n = 0;

  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), 0);
  g_return_val_if_fail (series < self->series->len, 0);

  s = g_ptr_array_index (self->series, series);
  for (guint i = 0; i < s->y->len; i++)
    n += !isnan (g_array_index (s->y, double, i));
  return n;
}

gboolean
drivedash_plot_get_last (DrivedashPlot *self,
                         guint          series,
                         double        *t,
                         double        *y)
{
  Series *s;

  g_return_val_if_fail (DRIVEDASH_IS_PLOT (self), FALSE);
  g_return_val_if_fail (series < self->series->len, FALSE);

  s = g_ptr_array_index (self->series, series);
  for (guint k = s->y->len; k > 0; k--)
    if (!isnan (g_array_index (s->y, double, k - 1)))
      {
        if (t)
          *t = g_array_index (s->t, double, k - 1);
        if (y)
          *y = g_array_index (s->y, double, k - 1);
        return TRUE;
      }
  return FALSE;
}

void
drivedash_plot_clear (DrivedashPlot *self)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));

  for (guint i = 0; i < self->series->len; i++)
    {
      Series *s = g_ptr_array_index (self->series, i);

      g_array_set_size (s->t, 0);
      g_array_set_size (s->y, 0);
    }
  g_ptr_array_set_size (self->markers, 0);
  changed (self);
}

void
drivedash_plot_add_limit (DrivedashPlot          *self,
                          const char             *label,
                          double                  y,
                          DrivedashPlotLimitKind  kind)
{
  Limit *l;

  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  g_return_if_fail (isfinite (y));

  l = g_new0 (Limit, 1);
  l->label = g_strdup (label);
  l->y = y;
  l->kind = kind;
  g_ptr_array_add (self->limits, l);
  changed (self);
}

void
drivedash_plot_add_marker (DrivedashPlot *self,
                           double         t,
                           const char    *label)
{
  Marker *m;

  g_return_if_fail (DRIVEDASH_IS_PLOT (self));

  m = g_new0 (Marker, 1);
  m->label = g_strdup (label);
  m->t = t;
  g_ptr_array_add (self->markers, m);
  changed (self);
}

void
drivedash_plot_clear_annotations (DrivedashPlot *self)
{
  g_return_if_fail (DRIVEDASH_IS_PLOT (self));
  g_ptr_array_set_size (self->limits, 0);
  g_ptr_array_set_size (self->markers, 0);
  changed (self);
}
