/* drivedash-plot-lines.c — draws a plot's series
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each series is reduced to one min/max column per pixel and drawn as
 * thin lines where samples are sparse and as filled bands where they are
 * dense.  On a target made of pixels (the window, a PNG) our own
 * rasteriser (drivedash-plot-raster.c) draws them into a mask; cairo's
 * strokes are for vector pictures (SVG).  Split out of
 * drivedash-plot-render.c, which lays out the rest.
 */
#include "config.h"

#include <math.h>

#include "drivedash-plot-private.h"

/* The last column of the stretch that starts at START: it runs until a
 * column followed by a gap.  DENSE: whether some column holds a spread
 * and samples fill (nearly) every column of the stretch.  A spread alone
 * is not enough: two samples that happen to share a column of an
 * otherwise sparse line would turn the whole stretch into a band, drawn
 * as a wedge between far-apart points. */
static int
stretch_end (const DrivedashSeriesColumn *cols,
             int                          n_cols,
             int                          start,
             gboolean                    *dense)
{
  gboolean spread = FALSE;
  int occupied = 0;
  int end = start;

  for (int c = start; c < n_cols; c++)
    {
      if (cols[c].n == 0)
        continue;
      end = c;
      occupied++;
      spread |= cols[c].n > 1 && cols[c].y_max > cols[c].y_min;
      if (cols[c].gap)
        break;
    }
  *dense = spread && occupied * 10 >= (end - start + 1) * 9;
  return end;
}

#define LINE_WIDTH 1.5

/* Columns per stroke of a thin line.  cairo 1.16 scan-converts a stroke
 * as one polygon, and a noisy line's polygon has hundreds of edges
 * crossing each row; short strokes keep that count small where cairo
 * draws (bench-ui's minute of samples: 4.6-8.5 ms per frame as one
 * stroke, 3.1-6.1 ms in strokes of 4 columns).  The pieces meet at a
 * shared point whose round caps look like a round join. */
#define THIN_CHUNK 4

static void
stroke_thin (cairo_t                     *cr,
             const DrivedashPlotFrame    *f,
             const DrivedashSeriesColumn *cols,
             int                          start,
             int                          end)
{
  int in_chunk = 0;

  for (int c = start; c <= end; c++)
    {
      double x = f->left + c + 0.5;
      double y_first = drivedash_plot_frame_y (f, cols[c].y_first);
      double y_last = drivedash_plot_frame_y (f, cols[c].y_last);

      if (cols[c].n == 0)
        continue;
      if (in_chunk)
        cairo_line_to (cr, x, y_first);
      else
        cairo_move_to (cr, x, y_first);
      /* Also a lone sample: round caps make it a dot. */
      cairo_line_to (cr, x, y_last);
      if (++in_chunk > THIN_CHUNK)
        {
          cairo_stroke (cr);
          cairo_move_to (cr, x, y_last);
          in_chunk = 1;
        }
    }
  cairo_stroke (cr);
}

/* The band, widened by half the line width on each side so a flat
 * stretch still shows as a line. */
static void
fill_band (cairo_t                     *cr,
           const DrivedashPlotFrame    *f,
           const DrivedashSeriesColumn *cols,
           int                          start,
           int                          end)
{
  /* Text leaves cairo's current point behind; without a fresh path the
   * outline's first line_to would start there (at a marker's label). */
  cairo_new_path (cr);
  for (int c = start; c <= end; c++)
    if (cols[c].n)
      cairo_line_to (cr, f->left + c + 0.5, drivedash_plot_frame_y (f, cols[c].y_max) - 0.75);
  for (int c = end; c >= start; c--)
    if (cols[c].n)
      cairo_line_to (cr, f->left + c + 0.5, drivedash_plot_frame_y (f, cols[c].y_min) + 0.75);
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* One series from its columns.  A stretch without a gap is a thin line
 * through the samples while there is at most about one sample per pixel,
 * and a filled band from each column's minimum to its maximum once the
 * samples are denser.  Filling the band instead of stroking a zig-zag
 * through every column's extremes keeps an hour of noisy data about as
 * cheap as a minute.  Into RASTER where there is one (which needs no
 * such choice), else with CR. */
static void
draw_columns (cairo_t                     *cr,
              DrivedashPlotRaster         *raster,
              const DrivedashPlotFrame    *f,
              const DrivedashSeriesColumn *cols,
              int                          n_cols)
{
  int start = 0;

  while (start < n_cols)
    {
      gboolean dense;
      int end;

      while (start < n_cols && cols[start].n == 0)
        start++;
      if (start >= n_cols)
        break;

      end = stretch_end (cols, n_cols, start, &dense);
      if (raster)
        drivedash_plot_raster_columns (raster, f, cols, start, end);
      else if (dense)
        fill_band (cr, f, cols, start, end);
      else
        stroke_thin (cr, f, cols, start, end);
      start = end + 1;
    }
}

/* The plot area's pixels on the target: a mask of WIDTH × HEIGHT pixels,
 * SCALE per unit, whose first pixel is at (X, Y) in user space. */
typedef struct
{
  double x, y, scale;
  int    width, height;
} PixelGrid;

/* FALSE where our own pixels would be wrong: a vector target (an SVG
 * keeps its lines as paths) or a rotated or stretched context.  STYLE
 * gives the scale that a window's recording does not know. */
static gboolean
pixel_grid (cairo_t                  *cr,
            const DrivedashPlotFrame *f,
            const DrivedashPlotStyle *style,
            PixelGrid                *g)
{
  cairo_surface_t *target = cairo_get_group_target (cr);
  cairo_surface_type_t type = cairo_surface_get_type (target);
  cairo_matrix_t m;
  double sx, sy, k, x = f->left, y = f->top;

  if (type != CAIRO_SURFACE_TYPE_IMAGE && type != CAIRO_SURFACE_TYPE_RECORDING)
    return FALSE;
  cairo_get_matrix (cr, &m);
  cairo_surface_get_device_scale (target, &sx, &sy);
  if (m.xy != 0 || m.yx != 0 || m.xx != m.yy || m.xx <= 0 || sx != sy)
    return FALSE;
  k = sx * MAX (style->scale, 1);
  g->scale = m.xx * k;
  /* Starts on a whole pixel, so the mask lands on the target 1:1. */
  cairo_user_to_device (cr, &x, &y);
  x = floor (x * k) / k;
  y = floor (y * k) / k;
  cairo_device_to_user (cr, &x, &y);
  g->x = x;
  g->y = y;
  g->width = (int) ceil ((f->right - x) * g->scale) + 1;
  g->height = (int) ceil ((f->bottom + 1 - y) * g->scale) + 1;
  return g->width > 0 && g->height > 0 && g->width <= 32767 && g->height <= 32767;
}

/* The columns through our rasteriser, painted in the current source
 * colour; FALSE when the mask cannot be had (no memory). */
static gboolean
paint_columns (cairo_t                     *cr,
               const PixelGrid             *g,
               const DrivedashPlotFrame    *f,
               const DrivedashSeriesColumn *cols,
               int                          n_cols)
{
  cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_A8, g->width, g->height);
  DrivedashPlotRaster r;

  if (cairo_surface_status (mask) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (mask);
      return FALSE;
    }
  cairo_surface_flush (mask);
  drivedash_plot_raster_init (&r, cairo_image_surface_get_data (mask), g->width, g->height,
                              cairo_image_surface_get_stride (mask), g->x, g->y, g->scale,
                              LINE_WIDTH);
  draw_columns (NULL, &r, f, cols, n_cols);
  cairo_surface_mark_dirty (mask);
  cairo_surface_set_device_scale (mask, g->scale, g->scale);
  if (!drivedash_plot_raster_is_empty (&r))
    {
      /* Only the pixels written: the rest of the mask is empty. */
      cairo_save (cr);
      cairo_rectangle (cr, g->x + r.x0 / g->scale, g->y + r.y0 / g->scale,
                       (r.x1 - r.x0) / g->scale, (r.y1 - r.y0) / g->scale);
      cairo_clip (cr);
      cairo_mask_surface (cr, mask, g->x, g->y);
      cairo_restore (cr);
    }
  cairo_surface_destroy (mask);
  return TRUE;
}

/* Reference path for tests: every sample, no reduction. */
static void
stroke_every_sample (cairo_t                  *cr,
                     const DrivedashPlotFrame *f,
                     const DrivedashSeries    *s)
{
  const double *ts = drivedash_series_get_times (s);
  const double *ys = drivedash_series_get_values (s);
  gsize n = drivedash_series_get_n_points (s);
  gboolean pen = FALSE;

  for (gsize k = 0; k < n; k++)
    {
      if (ts[k] < f->x0 || ts[k] > f->x1)
        continue;
      if (isnan (ys[k]))
        {
          pen = FALSE;
          continue;
        }
      if (pen)
        cairo_line_to (cr, drivedash_plot_frame_x (f, ts[k]), drivedash_plot_frame_y (f, ys[k]));
      else
        cairo_move_to (cr, drivedash_plot_frame_x (f, ts[k]), drivedash_plot_frame_y (f, ys[k]));
      pen = TRUE;
    }
  cairo_stroke (cr);
}

void
drivedash_plot_draw_series (const DrivedashPlotModel *m,
                            cairo_t                  *cr,
                            const DrivedashPlotFrame *left,
                            const DrivedashPlotFrame *right,
                            const DrivedashPlotStyle *style)
{
  const DrivedashPlotFrame *f = left;
  int n_cols = MAX (1, (int) floor (f->right - f->left));
  /* Both axes share the time and the area; only the values differ. */
  g_autofree DrivedashSeriesColumn *cols = g_new0 (DrivedashSeriesColumn, n_cols);
  PixelGrid grid;
  gboolean pixels = pixel_grid (cr, left, style, &grid);

  cairo_set_line_width (cr, LINE_WIDTH);
  /* Bevel joins look the same at 1.5 px and cost a fraction of round
   * ones; round caps keep lone samples visible as dots. */
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_BEVEL);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  /* Not CAIRO_ANTIALIAS_FAST, although it is cheaper: cairo 1.16 (Debian
   * 12) draws it with its tor22 scan converter, which can write past its
   * span buffer and corrupt the heap (seen in the year history at 360 px;
   * test-plot's /plot/no-fast-antialias). */
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_DEFAULT);

  for (guint i = 0; i < m->series->len; i++)
    {
      const DrivedashSeries *s = g_ptr_array_index (m->series, i);
      const GdkRGBA *c;

      /* Stacked series are bars (drivedash-plot-stack.c). */
      if (i < m->n_stacked)
        continue;
      f = drivedash_plot_model_is_right (m, i) ? right : left;
      c = drivedash_plot_model_series_colour (m, style, i);
      cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
      if (!m->decimate)
        {
          stroke_every_sample (cr, f, s);
          continue;
        }
      drivedash_series_decimate (s, f->x0, f->x1, cols, n_cols);
      if (!pixels || !paint_columns (cr, &grid, f, cols, n_cols))
        draw_columns (cr, NULL, f, cols, n_cols);
    }
}
