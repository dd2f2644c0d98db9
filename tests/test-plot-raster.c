/* test-plot-raster.c — the plot's own line rasteriser, checked by its coverage
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Known lines into a small A8 buffer with guard bytes around it: how much
 * of each pixel they cover, that nothing lands outside, and that NaN or
 * far-off values neither crash nor hang.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "drivedash-plot-private.h"

#define W 60
#define H 40
#define GUARD 8
#define STRIDE (W + 2 * GUARD)

typedef struct
{
  guint8              bytes[(H + 2 * GUARD) * STRIDE];
  DrivedashPlotRaster r;
} Canvas;

static void
canvas_init (Canvas *c,
             double  scale,
             double  line_width)
{
  memset (c->bytes, 0, sizeof c->bytes);
  drivedash_plot_raster_init (&c->r, c->bytes + GUARD * STRIDE + GUARD, W, H, STRIDE,
                              0, 0, scale, line_width);
}

static int
at (const Canvas *c,
    int           x,
    int           y)
{
  return c->bytes[(y + GUARD) * STRIDE + x + GUARD];
}

/* Coverage summed over the raster, in pixels. */
static double
total (const Canvas *c)
{
  double sum = 0;

  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      sum += at (c, x, y) / 255.0;
  return sum;
}

/* Nothing outside the raster, and nothing outside the box it reports. */
static void
assert_inside (const Canvas *c)
{
  for (int y = -GUARD; y < H + GUARD; y++)
    for (int x = -GUARD; x < W + GUARD; x++)
      {
        gboolean in_box = x >= c->r.x0 && x < c->r.x1 && y >= c->r.y0 && y < c->r.y1;

        if (at (c, x, y) != 0)
          {
            g_assert_true (x >= 0 && x < W && y >= 0 && y < H);
            g_assert_true (in_box);
          }
      }
}

/* A 1 px line through the middle of row 10 covers that row and no other. */
static void
test_horizontal_one_pixel (void)
{
  Canvas c;

  canvas_init (&c, 1, 1);
  drivedash_plot_raster_line (&c.r, 5, 10.5, 45, 10.5);
  for (int x = 6; x < 45; x++)
    {
      g_assert_cmpint (at (&c, x, 10), ==, 255);
      g_assert_cmpint (at (&c, x, 9), ==, 0);
      g_assert_cmpint (at (&c, x, 11), ==, 0);
    }
  assert_inside (&c);
}

/* 1.5 px: the row it runs through fully, a quarter of each neighbour;
 * on a row boundary, half of each of the two rows. */
static void
test_horizontal_wider_and_between_rows (void)
{
  Canvas c;

  canvas_init (&c, 1, 1.5);
  drivedash_plot_raster_line (&c.r, 5, 10.5, 45, 10.5);
  g_assert_cmpint (at (&c, 20, 10), ==, 255);
  g_assert_cmpint (at (&c, 20, 9), ==, 64);
  g_assert_cmpint (at (&c, 20, 11), ==, 64);
  g_assert_cmpint (at (&c, 20, 8), ==, 0);

  canvas_init (&c, 1, 1);
  drivedash_plot_raster_line (&c.r, 5, 20, 45, 20);
  g_assert_cmpint (at (&c, 20, 19), ==, 128);
  g_assert_cmpint (at (&c, 20, 20), ==, 128);
  g_assert_cmpint (at (&c, 20, 18), ==, 0);
  g_assert_cmpint (at (&c, 20, 21), ==, 0);
}

/* A vertical line is the same turned by 90 degrees. */
static void
test_vertical (void)
{
  Canvas c;

  canvas_init (&c, 1, 1);
  drivedash_plot_raster_line (&c.r, 30.5, 5, 30.5, 35);
  for (int y = 6; y < 35; y++)
    {
      g_assert_cmpint (at (&c, 30, y), ==, 255);
      g_assert_cmpint (at (&c, 29, y), ==, 0);
      g_assert_cmpint (at (&c, 31, y), ==, 0);
    }
  assert_inside (&c);
}

/* At 45 degrees the coverage adds up to length × width, plus the two
 * round caps' half discs; and stays one band, centred on the line. */
static void
test_diagonal_conserves_coverage (void)
{
  double width = 1.5, length = 30 * G_SQRT2;
  double expected = length * width + G_PI * width * width / 4;
  Canvas c;

  canvas_init (&c, 1, width);
  drivedash_plot_raster_line (&c.r, 5, 5, 35, 35);
  g_assert_cmpfloat (fabs (total (&c) - expected), <, expected * 0.05);
  for (int x = 8; x < 32; x++)
    {
      g_assert_cmpint (at (&c, x, x), >=, 250);
      g_assert_cmpint (at (&c, x, x + 3), ==, 0);
      g_assert_cmpint (at (&c, x, x - 3), ==, 0);
    }
  assert_inside (&c);
}

/* A steep line (drawn row by row) covers what the same line turned on
 * its side does (drawn column by column), pixel for pixel. */
static void
test_steep_matches_shallow (void)
{
  Canvas steep, shallow;

  canvas_init (&steep, 1, 1.5);
  drivedash_plot_raster_line (&steep.r, 20.3, 2.6, 27.1, 36.2);
  canvas_init (&shallow, 1, 1.5);
  drivedash_plot_raster_line (&shallow.r, 2.6, 20.3, 36.2, 27.1);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < H; x++)
      g_assert_cmpint (at (&steep, x, y), ==, at (&shallow, y, x));
  g_assert_cmpfloat (fabs (total (&steep) - (sqrt (6.8 * 6.8 + 33.6 * 33.6) * 1.5 + G_PI * 0.5625)),
                     <, 2);
  assert_inside (&steep);
}

/* Where segments meet, or one is drawn twice, the pixels are not
 * painted darker: the larger coverage wins. */
static void
test_overlap_is_union (void)
{
  Canvas once, twice;

  canvas_init (&once, 1, 1.5);
  drivedash_plot_raster_line (&once.r, 5, 5, 35, 25);
  canvas_init (&twice, 1, 1.5);
  drivedash_plot_raster_line (&twice.r, 5, 5, 35, 25);
  drivedash_plot_raster_line (&twice.r, 5, 5, 35, 25);
  drivedash_plot_raster_line (&twice.r, 20, 15, 20, 15);
  g_assert_cmpmem (once.bytes, sizeof once.bytes, twice.bytes, sizeof twice.bytes);
}

/* A lone sample is a round dot of the line's width. */
static void
test_dot (void)
{
  Canvas c;

  canvas_init (&c, 1, 1.5);
  drivedash_plot_raster_line (&c.r, 20.5, 20.5, 20.5, 20.5);
  g_assert_cmpint (at (&c, 20, 20), ==, 255);
  g_assert_cmpint (at (&c, 19, 20), ==, at (&c, 21, 20));
  g_assert_cmpint (at (&c, 20, 19), ==, at (&c, 20, 21));
  g_assert_cmpint (at (&c, 19, 20), >, 0);
  g_assert_cmpfloat (fabs (total (&c) - G_PI * 0.75 * 0.75), <, 0.5);
  assert_inside (&c);
}

/* Lines that run off the raster are cut at its edges. */
static void
test_clipped_at_edges (void)
{
  Canvas c;

  canvas_init (&c, 1, 1);
  drivedash_plot_raster_line (&c.r, -100, 15.5, 200, 15.5);
  drivedash_plot_raster_line (&c.r, -20, -30, 80, 70);
  drivedash_plot_raster_line (&c.r, 59.9, -5, 59.9, 50);
  for (int x = 0; x < W; x++)
    g_assert_cmpint (at (&c, x, 15), ==, 255);
  for (int y = 0; y < H; y++)
    g_assert_cmpint (at (&c, W - 1, y), >, 0);
  g_assert_cmpint (c.r.x0, ==, 0);
  g_assert_cmpint (c.r.x1, ==, W);
  g_assert_cmpint (c.r.y0, ==, 0);
  g_assert_cmpint (c.r.y1, ==, H);
  assert_inside (&c);

  /* Wholly outside: nothing at all. */
  canvas_init (&c, 1, 1.5);
  drivedash_plot_raster_line (&c.r, -10, -10, 100, -10);
  drivedash_plot_raster_line (&c.r, W + 5, 0, W + 5, H);
  g_assert_true (drivedash_plot_raster_is_empty (&c.r));
  g_assert_cmpfloat (total (&c), ==, 0);
}

/* NaN, infinities and values far beyond a double's pixel range: no
 * crash, no endless loop, nothing outside, and a drawable part is drawn. */
static void
test_bad_values (void)
{
  Canvas c;

  canvas_init (&c, 1, 1.5);
  drivedash_plot_raster_line (&c.r, NAN, 5, 30, 5);
  drivedash_plot_raster_line (&c.r, 5, 5, 30, NAN);
  drivedash_plot_raster_line (&c.r, 5, 5, INFINITY, 5);
  drivedash_plot_raster_line (&c.r, -INFINITY, -INFINITY, INFINITY, INFINITY);
  drivedash_plot_raster_line (&c.r, -1e308, 5, 1e308, 5);
  g_assert_true (drivedash_plot_raster_is_empty (&c.r));
  g_assert_cmpfloat (total (&c), ==, 0);

  drivedash_plot_raster_line (&c.r, 10.5, -1e300, 10.5, 1e300);
  drivedash_plot_raster_line (&c.r, 0, 0, 1e300, 1e300);
  for (int y = 0; y < H; y++)
    g_assert_cmpint (at (&c, 10, y), ==, 255);
  g_assert_cmpint (at (&c, 20, 20), >=, 250);
  assert_inside (&c);

  /* No width, no scale, an empty raster: nothing, quietly. */
  canvas_init (&c, 1, 0);
  drivedash_plot_raster_line (&c.r, 5, 5, 30, 5);
  g_assert_true (drivedash_plot_raster_is_empty (&c.r));
  drivedash_plot_raster_init (&c.r, c.bytes, 0, 0, STRIDE, 0, 0, 0, 1.5);
  drivedash_plot_raster_line (&c.r, 5, 5, 30, 5);
  g_assert_true (drivedash_plot_raster_is_empty (&c.r));
}

/* HiDPI: at scale 2 the line is twice as wide in pixels, placed by the
 * origin, and covers four times the pixels: 4 × (length × width + a
 * round cap's disc). */
static void
test_scale_and_origin (void)
{
  double area = sqrt (10 * 10 + 5 * 5) * 1.5 + G_PI * 0.75 * 0.75;
  Canvas one, two;

  canvas_init (&one, 1, 1.5);
  drivedash_plot_raster_line (&one.r, 2, 5, 12, 10);
  drivedash_plot_raster_init (&two.r, two.bytes + GUARD * STRIDE + GUARD, W, H, STRIDE,
                              100, 50, 2, 1.5);
  memset (two.bytes, 0, sizeof two.bytes);
  drivedash_plot_raster_line (&two.r, 102, 55, 112, 60);
  g_assert_cmpfloat (fabs (total (&one) - area), <, area * 0.05);
  g_assert_cmpfloat (fabs (total (&two) - 4 * area), <, 4 * area * 0.05);
  /* 1.5 units at 2 pixels each: two full rows and two halves across a
   * line on a row boundary. */
  canvas_init (&two, 2, 1.5);
  drivedash_plot_raster_line (&two.r, 2, 10, 20, 10);
  g_assert_cmpint (at (&two, 20, 19), ==, 255);
  g_assert_cmpint (at (&two, 20, 20), ==, 255);
  g_assert_cmpint (at (&two, 20, 18), ==, 128);
  g_assert_cmpint (at (&two, 20, 21), ==, 128);
  g_assert_cmpint (at (&two, 20, 17), ==, 0);
  g_assert_cmpint (at (&two, 20, 22), ==, 0);
  assert_inside (&two);
}

/* The columns of a flat dense stretch become one full-width line. */
static void
test_columns_flat (void)
{
  DrivedashPlotFrame f = { 0, 10, 0, 100, FALSE, 0, 0, W, 39 };
  DrivedashSeriesColumn cols[W];
  Canvas c;
  int row;

  for (int i = 0; i < W; i++)
    cols[i] = (DrivedashSeriesColumn) { 50, 50, 50, 50, 3, FALSE };
  canvas_init (&c, 1, 1.5);
  drivedash_plot_raster_columns (&c.r, &f, cols, 0, W - 1);
  row = (int) floor (drivedash_plot_frame_y (&f, 50));
  for (int x = 1; x < W - 1; x++)
    g_assert_cmpint (at (&c, x, row), >=, 128);
  g_assert_cmpfloat (fabs (total (&c) - W * 1.5), <, 3);
  assert_inside (&c);
}

/* One sample a column: the line through them, as a stroke would draw
 * it; a column of many samples ends at their extremes, not a pixel past
 * them (an hour's band must not grow at every spike). */
static void
test_columns_line_and_band (void)
{
  DrivedashPlotFrame f = { 0, 10, 0, 40, FALSE, 0, 0, W, 40 };
  DrivedashSeriesColumn cols[W] = { { 0 } };
  Canvas line, band;

  for (int i = 10; i < 40; i++)
    {
      double v = i - 5;

      cols[i] = (DrivedashSeriesColumn) { v, v, v, v, 1, FALSE };
    }
  canvas_init (&line, 1, 1.5);
  drivedash_plot_raster_columns (&line.r, &f, cols, 0, W - 1);
  canvas_init (&band, 1, 1.5);
  drivedash_plot_raster_line (&band.r, 10.5, 40 - 5, 39.5, 40 - 34);
  g_assert_cmpmem (line.bytes, sizeof line.bytes, band.bytes, sizeof band.bytes);

  /* Sparse samples of one value: one line, not a row of dots. */
  memset (cols, 0, sizeof cols);
  for (int i = 0; i < W; i += 10)
    cols[i] = (DrivedashSeriesColumn) { 20, 20, 20, 20, 1, FALSE };
  canvas_init (&line, 1, 1);
  drivedash_plot_raster_columns (&line.r, &f, cols, 0, W - 1);
  for (int x = 1; x < W - 10; x++)
    g_assert_cmpint (at (&line, x, 19), ==, 128);

  /* Values 10…30: rows 10…30 full, nothing a pixel beyond. */
  cols[45] = (DrivedashSeriesColumn) { 10, 30, 12, 28, 40, FALSE };
  canvas_init (&band, 1, 1.5);
  drivedash_plot_raster_columns (&band.r, &f, cols, 45, 45);
  for (int y = 11; y < 29; y++)
    g_assert_cmpint (at (&band, 45, y), ==, 255);
  g_assert_cmpint (at (&band, 45, 8), ==, 0);
  g_assert_cmpint (at (&band, 45, 31), ==, 0);
  assert_inside (&band);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot-raster/horizontal", test_horizontal_one_pixel);
  g_test_add_func ("/plot-raster/horizontal-wider", test_horizontal_wider_and_between_rows);
  g_test_add_func ("/plot-raster/vertical", test_vertical);
  g_test_add_func ("/plot-raster/diagonal", test_diagonal_conserves_coverage);
  g_test_add_func ("/plot-raster/steep", test_steep_matches_shallow);
  g_test_add_func ("/plot-raster/union", test_overlap_is_union);
  g_test_add_func ("/plot-raster/dot", test_dot);
  g_test_add_func ("/plot-raster/clipped", test_clipped_at_edges);
  g_test_add_func ("/plot-raster/bad-values", test_bad_values);
  g_test_add_func ("/plot-raster/scale", test_scale_and_origin);
  g_test_add_func ("/plot-raster/columns/flat", test_columns_flat);
  g_test_add_func ("/plot-raster/columns/line-and-band", test_columns_line_and_band);
  return g_test_run ();
}
