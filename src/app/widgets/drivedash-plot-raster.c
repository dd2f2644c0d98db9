/* drivedash-plot-raster.c — our own antialiased coverage for the data lines
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cairo 1.16 scan-converts a stroke as one polygon, and a noisy line puts
 * hundreds of that polygon's edges across each row: the data lines cost
 * most of a frame (bench-ui: 3-9 ms for a minute of samples).  A plot's
 * lines are short segments about a pixel apart, so computing each pixel's
 * coverage from its distance to the nearest segment is cheaper: the work
 * is the pixels the line touches, a few per column.  The coverage goes
 * into an A8 mask that cairo paints in the series' colour in one go.
 *
 * A pixel's coverage is the overlap of its box with the line's cross
 * section, measured along the line's normal: exact for a horizontal or
 * vertical line, and right on average for any other.  Where segments
 * meet, the larger coverage wins, so joins look like a round stroke's
 * and are not painted twice.
 */
#include "config.h"

#include <math.h>

#include "drivedash-plot-private.h"

void
drivedash_plot_raster_init (DrivedashPlotRaster *r,
                            guint8              *data,
                            int                  width,
                            int                  height,
                            int                  stride,
                            double               origin_x,
                            double               origin_y,
                            double               scale,
                            double               line_width)
{
  *r = (DrivedashPlotRaster) {
    .data = data, .width = MAX (width, 0), .height = MAX (height, 0), .stride = stride,
    .origin_x = origin_x, .origin_y = origin_y, .scale = scale > 0 ? scale : 1,
    .x0 = G_MAXINT, .y0 = G_MAXINT, .x1 = 0, .y1 = 0,
  };
  r->radius = MAX (line_width, 0) * r->scale / 2;
}

gboolean
drivedash_plot_raster_is_empty (const DrivedashPlotRaster *r)
{
  return r->x0 >= r->x1 || r->y0 >= r->y1;
}

/* How much of a pixel a line covers whose centre passes D from the
 * pixel's centre: [-0.5, 0.5] against [D - radius, D + radius]. */
static inline double
coverage (double d,
          double radius)
{
  double lo = MAX (d - radius, -0.5);
  double hi = MIN (d + radius, 0.5);

  return hi > lo ? hi - lo : 0;
}

/* The same from the square of D: most pixels a segment's loops visit
 * are wholly covered or not at all, and need no square root. */
static inline double
coverage2 (double d2,
           double radius)
{
  double full = radius - 0.5, none = radius + 0.5;

  if (d2 >= none * none)
    return 0;
  if (full > 0 && d2 <= full * full)
    return 1;
  return coverage (sqrt (d2), radius);
}

/* Liang-Barsky: the part of A→B inside [lo, hi[0]] × [lo, hi[1]]; FALSE
 * when none is.  Keeps every loop below within the raster, however far
 * off a value lies.  An end cut at an edge is put on it exactly: with
 * values near 1e300, A + t × (B - A) is only good to some 1e284. */
static gboolean
clip_segment (double       a[2],
              double       b[2],
              double       lo,
              const double hi[2])
{
  double d[2] = { b[0] - a[0], b[1] - a[1] }, t0 = 0, t1 = 1, a1[2], b1[2];
  int e0 = -1, e1 = -1;

  if (!isfinite (d[0]) || !isfinite (d[1]))
    return FALSE;
  for (int i = 0; i < 4; i++)
    {
      int axis = i / 2;
      double p = i % 2 ? d[axis] : -d[axis];
      double q = i % 2 ? hi[axis] - a[axis] : a[axis] - lo;

      if (p == 0 && q < 0)
        return FALSE;
      if (p < 0 && q / p > t0)
        {
          t0 = q / p;
          e0 = i;
        }
      else if (p > 0 && q / p < t1)
        {
          t1 = q / p;
          e1 = i;
        }
    }
  if (t0 > t1)
    return FALSE;
  for (int k = 0; k < 2; k++)
    {
      a1[k] = a[k] + t0 * d[k];
      b1[k] = e1 < 0 ? b[k] : a[k] + t1 * d[k];
    }
  if (e0 >= 0)
    a1[e0 / 2] = e0 % 2 ? hi[e0 / 2] : lo;
  if (e1 >= 0)
    b1[e1 / 2] = e1 % 2 ? hi[e1 / 2] : lo;
  for (int k = 0; k < 2; k++)
    {
      a[k] = CLAMP (a1[k], lo, hi[k]);
      b[k] = CLAMP (b1[k], lo, hi[k]);
    }
  return TRUE;
}

/* A segment in pixels, with what every pixel of it needs. */
typedef struct
{
  double ax, ay, dx, dy;
  double inv_len2;  /* 0: a point (a lone sample's dot) */
} Segment;

/* The square of the distance from (X, Y) to the segment. */
static inline double
distance2 (const Segment *s,
           double         x,
           double         y)
{
  double t = ((x - s->ax) * s->dx + (y - s->ay) * s->dy) * s->inv_len2;
  double ex, ey;

  t = CLAMP (t, 0, 1);
  ex = s->ax + t * s->dx - x;
  ey = s->ay + t * s->dy - y;
  return ex * ex + ey * ey;
}

/* The rows of column PX that the line can reach: within REACH of the
 * part of the segment that passes within REACH of the column's centre. */
static void
column_rows (const Segment *s,
             int            px,
             double         reach,
             double        *y_lo,
             double        *y_hi)
{
  double ta = 0, tb = 1, ya, yb;

  if (s->dx != 0)
    {
      ta = CLAMP ((px + 0.5 - reach - s->ax) / s->dx, 0, 1);
      tb = CLAMP ((px + 0.5 + reach - s->ax) / s->dx, 0, 1);
    }
  ya = s->ay + ta * s->dy;
  yb = s->ay + tb * s->dy;
  *y_lo = MIN (ya, yb) - reach;
  *y_hi = MAX (ya, yb) + reach;
}

/* The same across: the columns of row PY that the line can reach. */
static void
row_columns (const Segment *s,
             int            py,
             double         reach,
             double        *x_lo,
             double        *x_hi)
{
  double ta = CLAMP ((py + 0.5 - reach - s->ay) / s->dy, 0, 1);
  double tb = CLAMP ((py + 0.5 + reach - s->ay) / s->dy, 0, 1);
  double xa = s->ax + ta * s->dx;
  double xb = s->ax + tb * s->dx;

  *x_lo = MIN (xa, xb) - reach;
  *x_hi = MAX (xa, xb) + reach;
}

static void
touch (DrivedashPlotRaster *r,
       int                  x0,
       int                  x1,
       int                  y0,
       int                  y1)
{
  r->x0 = MIN (r->x0, x0);
  r->x1 = MAX (r->x1, x1 + 1);
  r->y0 = MIN (r->y0, y0);
  r->y1 = MAX (r->y1, y1 + 1);
}

static inline void
put (guint8 *p,
     double  c)
{
  guint8 v = (guint8) (c * 255 + 0.5);

  if (v > *p)
    *p = v;
}

static inline double
end_coverage (const DrivedashPlotRaster *r,
              double                     dx,
              double                     dy)
{
  return coverage2 (dx * dx + dy * dy, r->radius);
}

/* A vertical segment (or a dot): beside its length every pixel of the
 * column lies as far from it, so only the rows past its ends need a
 * distance.  The bands of an hour of samples are mostly this. */
static void
fill_rows_vertical (DrivedashPlotRaster *r,
                    const Segment       *s,
                    int                  px,
                    int                  y0,
                    int                  y1)
{
  double dx = px + 0.5 - s->ax;
  double lo = MIN (s->ay, s->ay + s->dy), hi = MAX (s->ay, s->ay + s->dy);
  int in0 = (int) CLAMP (ceil (lo - 0.5), y0, y1 + 1);
  int in1 = (int) CLAMP (floor (hi - 0.5), in0 - 1, y1);
  guint8 beside = (guint8) (coverage (fabs (dx), r->radius) * 255 + 0.5);
  guint8 *p = r->data + (gsize) y0 * r->stride + px;

  for (int py = y0; py < in0; py++, p += r->stride)
    put (p, end_coverage (r, dx, lo - (py + 0.5)));
  for (int py = in0; py <= in1; py++, p += r->stride)
    *p = MAX (*p, beside);
  for (int py = in1 + 1; py <= y1; py++, p += r->stride)
    put (p, end_coverage (r, dx, py + 0.5 - hi));
}

static void
fill_column (DrivedashPlotRaster *r,
             const Segment       *s,
             int                  px,
             double               reach)
{
  double y_lo, y_hi;
  int y0, y1;

  column_rows (s, px, reach, &y_lo, &y_hi);
  y0 = (int) MAX (0, ceil (y_lo - 0.5));
  y1 = (int) MIN (r->height - 1, floor (y_hi - 0.5));
  if (y0 > y1)
    return;
  if (s->dx == 0)
    fill_rows_vertical (r, s, px, y0, y1);
  else
    for (int py = y0; py <= y1; py++)
      put (r->data + (gsize) py * r->stride + px,
           coverage2 (distance2 (s, px + 0.5, py + 0.5), r->radius));
  touch (r, px, px, y0, y1);
}

/* A steep segment row by row: a few pixels each, where its columns
 * would each hold all the rows it crosses there. */
static void
fill_row (DrivedashPlotRaster *r,
          const Segment       *s,
          int                  py,
          double               reach)
{
  guint8 *row = r->data + (gsize) py * r->stride;
  double x_lo, x_hi;
  int x0, x1;

  row_columns (s, py, reach, &x_lo, &x_hi);
  x0 = (int) MAX (0, ceil (x_lo - 0.5));
  x1 = (int) MIN (r->width - 1, floor (x_hi - 0.5));
  if (x0 > x1)
    return;
  for (int px = x0; px <= x1; px++)
    put (row + px, coverage2 (distance2 (s, px + 0.5, py + 0.5), r->radius));
  touch (r, x0, x1, py, py);
}

/* A segment of the line, from A to B in plot units, with round ends. */
void
drivedash_plot_raster_line (DrivedashPlotRaster *r,
                            double               ax,
                            double               ay,
                            double               bx,
                            double               by)
{
  double reach = r->radius + 0.5;
  double a[2] = { (ax - r->origin_x) * r->scale, (ay - r->origin_y) * r->scale };
  double b[2] = { (bx - r->origin_x) * r->scale, (by - r->origin_y) * r->scale };
  double hi[2] = { r->width + reach + 1, r->height + reach + 1 };
  Segment s;
  double len2;
  int from, to;

  if (!isfinite (a[0]) || !isfinite (a[1]) || !isfinite (b[0]) || !isfinite (b[1]) ||
      r->radius <= 0 || r->width == 0 || r->height == 0 || !clip_segment (a, b, -reach - 1, hi))
    return;
  ax = a[0];
  ay = a[1];
  bx = b[0];
  by = b[1];

  len2 = (bx - ax) * (bx - ax) + (by - ay) * (by - ay);
  s = (Segment) { ax, ay, bx - ax, by - ay, len2 > 1e-12 ? 1 / len2 : 0 };
  if (s.inv_len2 == 0)
    s.dx = s.dy = 0;
  /* The pixels whose centres lie within reach. */
  if (s.dx != 0 && fabs (s.dy) > fabs (s.dx))
    {
      from = (int) MAX (0, ceil (MIN (ay, by) - reach - 0.5));
      to = (int) MIN (r->height - 1, floor (MAX (ay, by) + reach - 0.5));
      for (int py = from; py <= to; py++)
        fill_row (r, &s, py, reach);
      return;
    }
  from = (int) MAX (0, ceil (MIN (ax, bx) - reach - 0.5));
  to = (int) MIN (r->width - 1, floor (MAX (ax, bx) + reach - 0.5));
  for (int px = from; px <= to; px++)
    fill_column (r, &s, px, reach);
}

/* A column's samples as one vertical line at its centre, in plot units.
 * A lone sample is a dot.  Several end half a line's width inside their
 * extremes: the stroke through every sample turns there in a sharp tip
 * that adds next to nothing above or below them, and an hour's band of
 * noisy samples must not grow by a pixel at every spike. */
typedef struct
{
  double x, top, bottom;  /* top <= bottom */
} Span;

static void
column_span (const DrivedashPlotRaster   *r,
             const DrivedashPlotFrame    *f,
             const DrivedashSeriesColumn *col,
             int                          c,
             Span                        *s)
{
  double half_width = r->radius / r->scale;
  double top = drivedash_plot_frame_y (f, col->y_max);
  double bottom = drivedash_plot_frame_y (f, col->y_min);
  double mid = (top + bottom) / 2;
  double half = col->n > 1 ? MAX ((bottom - top) / 2, half_width) - half_width : 0;

  *s = (Span) { f->left + c + 0.5, mid - half, mid + half };
  if (col->n == 1)
    s->top = s->bottom = drivedash_plot_frame_y (f, col->y_first);
}

static gboolean
inside (const Span *s,
        double      y)
{
  return y >= s->top && y <= s->bottom;
}

/* A stretch of columns without a gap: every column's samples as its span,
 * and the line from each column's last sample to the next one's first.
 * That is the stroke through every sample with the samples of a column
 * moved to its centre; a minute of samples makes a thin line, an hour a
 * band, and neither costs more than the pixels it covers.  Between
 * neighbouring columns, a connecting line that both spans already hold
 * adds no ink (they overlap, being wider than a column) and is left out:
 * on a band, nearly all of them. */
void
drivedash_plot_raster_columns (DrivedashPlotRaster         *r,
                               const DrivedashPlotFrame    *f,
                               const DrivedashSeriesColumn *cols,
                               int                          start,
                               int                          end)
{
  int prev_c = -2;
  Span prev = { 0 }, cur;
  double prev_last = 0;

  for (int c = start; c <= end; c++)
    {
      double first, last;

      if (cols[c].n == 0)
        continue;
      column_span (r, f, &cols[c], c, &cur);
      first = drivedash_plot_frame_y (f, cols[c].y_first);
      last = drivedash_plot_frame_y (f, cols[c].y_last);
      drivedash_plot_raster_line (r, cur.x, cur.top, cur.x, cur.bottom);
      if (prev_c >= start && !(prev_c == c - 1 &&
                               inside (&prev, prev_last) && inside (&prev, first) &&
                               inside (&cur, prev_last) && inside (&cur, first)))
        drivedash_plot_raster_line (r, prev.x, prev_last, cur.x, first);
      prev = cur;
      prev_last = last;
      prev_c = c;
    }
}
