/* test-plot.c — the cairo plot, checked by its pixels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every test renders a DrivedashPlot with known data to an image surface,
 * using the default light style (white background, libadwaita colours),
 * and then looks for the line, the grid, the labels and the limit lines
 * where they must be.
 */
#define _GNU_SOURCE  /* RTLD_NEXT */
#include "config.h"

#include <dlfcn.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-plot-private.h"

#define W 480
#define H 300

typedef struct
{
  cairo_surface_t *surface;
  guint32         *px;
  int              stride;  /* in pixels */
} Image;

/* Every antialias mode the plot code asks cairo for: this definition
 * takes the place of cairo's for the plot code linked into this test. */
static gboolean asked_fast;

void
cairo_set_antialias (cairo_t          *cr,
                     cairo_antialias_t antialias)
{
  static void (*real) (cairo_t *, cairo_antialias_t);

  if (real == NULL)
    real = (void (*) (cairo_t *, cairo_antialias_t)) dlsym (RTLD_NEXT, "cairo_set_antialias");
  asked_fast |= antialias == CAIRO_ANTIALIAS_FAST;
  real (cr, antialias);
}

static void
render (DrivedashPlot *plot,
        Image         *img,
        int            width,
        int            height)
{
  DrivedashPlotStyle style;
  cairo_t *cr;

  drivedash_plot_style_init_default (&style, FALSE);
  img->surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (img->surface);
  drivedash_plot_draw (plot, cr, width, height, &style);
  cairo_destroy (cr);
  cairo_surface_flush (img->surface);
  img->px = (guint32 *) cairo_image_surface_get_data (img->surface);
  img->stride = cairo_image_surface_get_stride (img->surface) / 4;

  if (g_getenv ("DRIVEDASH_TEST_KEEP_PNG"))
    {
      g_autofree char *name = g_strdup_printf ("test-plot-%s.png",
                                               drivedash_plot_get_title (plot));
      cairo_surface_write_to_png (img->surface, name);
    }
}

static void
image_clear (Image *img)
{
  cairo_surface_destroy (img->surface);
}

static inline void
rgb (const Image *img,
     int          x,
     int          y,
     int         *r,
     int         *g,
     int         *b)
{
  guint32 p = img->px[y * img->stride + x];

  *r = (p >> 16) & 0xff;
  *g = (p >> 8) & 0xff;
  *b = p & 0xff;
}

/* How strongly a pixel shows series 0 (libadwaita blue #1c71d8 on white). */
static double
blue_ink (const Image *img,
          int          x,
          int          y)
{
  int r, g, b;

  rgb (img, x, y, &r, &g, &b);
  if (b - r < 25)
    return 0;
  return (255 - r) / 227.0;
}

/* Red of the critical limit (#c01c28). */
static gboolean
is_red (const Image *img,
        int          x,
        int          y)
{
  int r, g, b;

  rgb (img, x, y, &r, &g, &b);
  return r - b > 60 && r - g > 60;
}

static gboolean
is_text (const Image *img,
         int          x,
         int          y)
{
  int r, g, b;

  rgb (img, x, y, &r, &g, &b);
  return r < 140 && g < 140 && b < 140 && abs (r - b) < 20;
}

/* A major grid line: foreground at 12 % on white, one pixel wide. */
static gboolean
is_grid (const Image *img,
         int          x,
         int          y)
{
  int r, g, b;

  rgb (img, x, y, &r, &g, &b);
  return r == g && g == b && r >= 215 && r <= 232;
}

/* Rows where more than half the width is major grid or the axis line. */
static GArray *
find_grid_rows (const Image *img,
                int          width,
                int          height)
{
  GArray *rows = g_array_new (FALSE, FALSE, sizeof (int));

  for (int y = 0; y < height; y++)
    {
      int n = 0;

      for (int x = 0; x < width; x++)
        n += is_grid (img, x, y) || is_text (img, x, y);
      if (n > width / 2)
        g_array_append_val (rows, y);
    }
  return rows;
}

/* Only below the legend row (which has a blue swatch too). */
#define PLOT_TOP 40

static double
centroid_row (const Image *img,
              int          x,
              int          height)
{
  double sum = 0, weight = 0;

  for (int y = PLOT_TOP; y < height; y++)
    {
      double w = blue_ink (img, x, y);

      sum += w * y;
      weight += w;
    }
  return weight > 0.3 ? sum / weight : -1;
}

static DrivedashPlot *
new_plot (const char *title)
{
  DrivedashPlot *plot = DRIVEDASH_PLOT (drivedash_plot_new ());

  g_object_ref_sink (plot);
  drivedash_plot_set_title (plot, title);
  return plot;
}

/* The warning limit colour (#9c6e03 in the light style). */
static gboolean
is_warning (const Image *img,
            int          x,
            int          y)
{
  int r, g, b;

  rgb (img, x, y, &r, &g, &b);
  return r - b > 60 && g - b > 30 && r > g;
}

static int
best_row (const Image *img,
          gboolean   (*match) (const Image *, int, int),
          int         *count)
{
  int best = 0, row = -1;

  for (int y = 0; y < H; y++)
    {
      int n = 0;

      for (int x = 0; x < W; x++)
        n += match (img, x, y);
      if (n > best)
        {
          best = n;
          row = y;
        }
    }
  *count = best;
  return row;
}

/* A constant 35 with a limit line at 70: the data line sits half-way
 * between the X axis (0) and the limit, across the whole plot area, and
 * the grid lines are evenly spaced. */
static void
test_line_where_expected (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("line");
  g_autoptr(GArray) grid = NULL;
  Image img;
  guint s;
  int axis_row, spacing, limit_row, limit_ink, covered = 0, first_x = -1, last_x = -1;
  double expected;

  s = drivedash_plot_add_series (plot, "Read");
  drivedash_plot_set_unit (plot, "MB/s");
  drivedash_plot_add_limit (plot, NULL, 70, DRIVEDASH_PLOT_LIMIT_WARNING);
  for (int i = 0; i <= 600; i++)
    drivedash_plot_append (plot, s, i * 0.1, 35);

  render (plot, &img, W, H);
  grid = find_grid_rows (&img, W, H);
  g_assert_cmpuint (grid->len, >=, 4);
  axis_row = g_array_index (grid, int, grid->len - 1);
  spacing = axis_row - g_array_index (grid, int, grid->len - 2);
  for (guint i = 1; i < grid->len; i++)
    spacing = MIN (spacing, g_array_index (grid, int, i) - g_array_index (grid, int, i - 1));
  g_assert_cmpint (spacing, >, 5);
  /* Evenly spaced; the limit line may hide one grid line. */
  for (guint i = 1; i < grid->len; i++)
    {
      int d = g_array_index (grid, int, i) - g_array_index (grid, int, i - 1);
      int k = (d + spacing / 2) / spacing;

      g_assert_cmpint (abs (d - k * spacing), <=, k);
    }

  limit_row = best_row (&img, is_warning, &limit_ink);
  g_assert_cmpint (limit_ink, >, W / 3);
  g_assert_cmpint (limit_row, <, axis_row - spacing);
  expected = (axis_row + limit_row) / 2.0;

  for (int x = 0; x < W; x++)
    {
      double c = centroid_row (&img, x, H);

      if (c < 0)
        continue;
      g_assert_cmpfloat (fabs (c - expected), <, 2.0);
      if (first_x < 0)
        first_x = x;
      last_x = x;
      covered++;
    }
  /* The line runs across the plot area (the left part holds the labels). */
  g_assert_cmpint (covered, >, W * 3 / 4);
  g_assert_cmpint (last_x - first_x + 1, ==, covered);

  image_clear (&img);
}

/* A ramp rises left to right, a step jumps where it should. */
static void
test_line_follows_data (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("ramp");
  Image img;
  guint s = drivedash_plot_add_series (plot, "Read");
  double prev = INFINITY;
  int points = 0;

  for (int i = 0; i <= 100; i++)
    drivedash_plot_append (plot, s, i, i < 50 ? 10 : 90);

  render (plot, &img, W, H);
  for (int x = 0; x < W; x++)
    {
      double c = centroid_row (&img, x, H);

      if (c < 0)
        continue;
      /* Rows grow downwards: the step only ever goes up (smaller rows). */
      g_assert_cmpfloat (c, <=, prev + 1.5);
      prev = c;
      points++;
    }
  g_assert_cmpint (points, >, W / 2);
  image_clear (&img);
}

static int
count_text (const Image *img,
            int          x0,
            int          y0,
            int          x1,
            int          y1)
{
  int n = 0;

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      n += is_text (img, x, y);
  return n;
}

/* Labels: Y numbers left of the axis, times below it, title on top. */
static void
test_axes_labelled (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("axes");
  g_autoptr(GArray) grid = NULL;
  Image img;
  guint s = drivedash_plot_add_series (plot, "Read");
  int axis_row, axis_col = -1;

  drivedash_plot_set_unit (plot, "MB/s");
  for (int i = 0; i <= 300; i++)
    drivedash_plot_append (plot, s, i * 0.1, 1000 + 500 * sin (i / 20.0));

  render (plot, &img, W, H);
  grid = find_grid_rows (&img, W, H);
  g_assert_cmpuint (grid->len, >=, 3);
  axis_row = g_array_index (grid, int, grid->len - 1);

  /* The Y axis: the first column that is dark over most of its height. */
  for (int x = 0; x < W && axis_col < 0; x++)
    {
      int n = 0;

      for (int y = 0; y < axis_row; y++)
        n += is_text (&img, x, y);
      if (n > axis_row / 2)
        axis_col = x;
    }
  g_assert_cmpint (axis_col, >, 10);

  g_assert_cmpint (count_text (&img, 0, 20, axis_col - 2, axis_row), >, 40);     /* Y labels */
  g_assert_cmpint (count_text (&img, axis_col, axis_row + 2, W, H), >, 40);      /* X labels */
  g_assert_cmpint (count_text (&img, 0, 0, W, 18), >, 20);                       /* title */
  image_clear (&img);
}

/* A temperature limit at 70 °C shows as a red dashed line at 70: its
 * height above the axis is 70/45 of the height of a line at 45. */
static void
test_limit_line (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("limit");
  g_autoptr(GArray) grid = NULL;
  Image img;
  guint s = drivedash_plot_add_series (plot, "Temperature");
  int axis_row, best_row_, best = 0;
  double line_row, expected;

  drivedash_plot_set_include_zero (plot, TRUE);
  drivedash_plot_add_limit (plot, NULL, 70, DRIVEDASH_PLOT_LIMIT_CRITICAL);
  for (int i = 0; i < 60; i++)
    drivedash_plot_append (plot, s, i, 45);

  render (plot, &img, W, H);
  grid = find_grid_rows (&img, W, H);
  axis_row = g_array_index (grid, int, grid->len - 1);
  line_row = centroid_row (&img, W / 2, H);
  g_assert_cmpfloat (line_row, >, 0);
  expected = axis_row - (axis_row - line_row) * 70.0 / 45.0;

  best_row_ = best_row (&img, is_red, &best);
  g_assert_cmpint (best, >, W / 3);  /* dashed: about 60 % ink */
  g_assert_cmpfloat (fabs (best_row_ - expected), <=, 1.5);
  image_clear (&img);
}

/* An hour of 100 ms samples: the decimated drawing covers the same pixels
 * as drawing every sample. */
static void
test_decimation_equivalent (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("hour");
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  Image fast, slow;
  guint s = drivedash_plot_add_series (plot, "Read");
  int compared = 0, matched = 0;

  drivedash_plot_set_time_window (plot, 0);
  for (int i = 0; i < 36000; i++)
    drivedash_plot_append (plot, s, i * 0.1,
                           2000 + 800 * sin (i / 2000.0) + g_rand_double_range (rand, -150, 150));

  render (plot, &fast, W, H);
  drivedash_plot_set_decimate (plot, FALSE);
  render (plot, &slow, W, H);

  for (int x = 0; x < W; x++)
    {
      int top_a = -1, bot_a = -1, top_b = -1, bot_b = -1;

      for (int y = PLOT_TOP; y < H; y++)
        {
          if (blue_ink (&fast, x, y) > 0.5)
            {
              if (top_a < 0)
                top_a = y;
              bot_a = y;
            }
          if (blue_ink (&slow, x, y) > 0.5)
            {
              if (top_b < 0)
                top_b = y;
              bot_b = y;
            }
        }
      if (top_a < 0 && top_b < 0)
        continue;
      compared++;
      if (top_a >= 0 && top_b >= 0 && abs (top_a - top_b) <= 2 && abs (bot_a - bot_b) <= 2)
        matched++;
    }

  g_assert_cmpint (compared, >, W / 2);
  /* Column edges may round differently at the ends. */
  g_assert_cmpint (matched, >=, compared - 3);
  image_clear (&fast);
  image_clear (&slow);
}

/* Gaps break the line: nothing drawn between two bursts. */
static void
test_gap_breaks_line (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("gap");
  Image img;
  guint s = drivedash_plot_add_series (plot, "Read");
  int ink_middle = 0;

  drivedash_plot_set_y_range_hint (plot, 0, 100);
  for (int i = 0; i <= 20; i++)
    drivedash_plot_append (plot, s, i * 0.1, 20);
  drivedash_plot_append_gap (plot, s);
  for (int i = 80; i <= 100; i++)
    drivedash_plot_append (plot, s, i * 0.1, 80);

  render (plot, &img, W, H);
  for (int x = W / 2 - 20; x < W / 2 + 20; x++)
    ink_middle += centroid_row (&img, x, H) >= 0;
  g_assert_cmpint (ink_middle, ==, 0);
  image_clear (&img);
}

/* A sparse line where two samples share one pixel column is still a
 * line: it used to become a band for the whole stretch, drawn as a
 * filled wedge between the far-apart neighbours (seen in the Long Tests
 * view's IOPS plot). */
static void
test_sparse_line_stays_a_line (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("sparse");
  Image img;
  guint s = drivedash_plot_add_series (plot, "Read");
  int widest = 0;

  drivedash_plot_set_y_range_hint (plot, 0, 100);
  for (int i = 0; i <= 10; i++)
    {
      drivedash_plot_append (plot, s, i, 20);
      if (i == 5)
        drivedash_plot_append (plot, s, 5.001, 80);
    }

  render (plot, &img, W, H);
  /* Values around 40…60: only the two line segments at t = 5 cross
   * them, a few pixels each; the wedge filled tens per row. */
  for (int y = (int) (H * 0.4); y < (int) (H * 0.55); y++)
    {
      int ink = 0;

      for (int x = 0; x < W; x++)
        ink += blue_ink (&img, x, y) > 0.3;
      widest = MAX (widest, ink);
    }
  g_assert_cmpint (widest, >, 0);
  g_assert_cmpint (widest, <=, 12);
  image_clear (&img);
}

/* A labelled marker must not pull the band of dense data towards its
 * label: the text left cairo's current point there, and the band's
 * outline once started from it, drawing a sliver across the plot. */
static void
test_marker_label_leaves_data_alone (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("marker");
  Image img;
  guint s = drivedash_plot_add_series (plot, "Read");
  int stray = 0;

  drivedash_plot_set_y_range_hint (plot, 0, 100);
  drivedash_plot_add_marker (plot, 30, "RND4K Q32T16");
  /* 100 samples a second, between 5 and 10: a band along the bottom. */
  for (int i = 0; i < 6000; i++)
    drivedash_plot_append (plot, s, i / 100.0, 5 + (i % 6));

  render (plot, &img, W, H);
  /* Values 20…80: nothing of the series belongs there. */
  for (int y = (int) (H * 0.3); y < (int) (H * 0.65); y++)
    for (int x = 0; x < W; x++)
      stray += blue_ink (&img, x, y) > 0.3;
  g_assert_cmpint (stray, ==, 0);
  image_clear (&img);
}

/* Log scale: 300 sits log10(300)/4 of the way from the 1 to the 10 000
 * decade line. */
static void
test_log_scale (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("log");
  Image img;
  guint s = drivedash_plot_add_series (plot, "p99");
  g_autoptr(GArray) grid = NULL;
  double expected, c;

  drivedash_plot_set_scale (plot, DRIVEDASH_PLOT_SCALE_AUTO);
  drivedash_plot_append (plot, s, 0, 1);
  drivedash_plot_append_gap (plot, s);
  drivedash_plot_append (plot, s, 1, 10000);
  drivedash_plot_append_gap (plot, s);
  for (int i = 2; i <= 10; i++)
    drivedash_plot_append (plot, s, i, 300);

  render (plot, &img, W, H);
  grid = find_grid_rows (&img, W, H);
  /* Decades 1, 10, 100, 1000, 10000: five major lines. */
  g_assert_cmpuint (grid->len, ==, 5);
  expected = g_array_index (grid, int, 4)
             - (g_array_index (grid, int, 4) - g_array_index (grid, int, 0)) * log10 (300) / 4;
  c = centroid_row (&img, W - 20, H);
  g_assert_cmpfloat (fabs (c - expected), <, 2.0);
  image_clear (&img);
}

/* Every property can be set from a template, by enum nick too. */
/* Orange of series 1 (#e66100) and red of the critical limit (#c01c28),
 * told apart from each other. */
static gboolean
is_orange (const Image *img,
           int          x,
           int          y)
{
  int r, g, b;

  rgb (img, x, y, &r, &g, &b);
  return r > 215 && g > 70 && g < 130 && b < 60;
}

static gboolean
is_dark_red (const Image *img,
             int          x,
             int          y)
{
  int r, g, b;

  rgb (img, x, y, &r, &g, &b);
  return is_red (img, x, y) && r < 210 && g < 60;
}

/* The rightmost column that is text-dark over most of the plot height. */
static int
right_axis_col (const Image *img,
                int          axis_row)
{
  for (int x = W - 1; x > W / 2; x--)
    {
      int n = 0;

      for (int y = 0; y < axis_row; y++)
        n += is_text (img, x, y);
      if (n > axis_row / 2)
        return x;
    }
  return -1;
}

/* IOPS on the left (0 … 100) and a temperature of 50 °C with its critical
 * limit at 80 °C on the right: the right axis has its own scale (not from
 * zero), its own labels, and the limit belongs to that scale. */
static void
test_right_axis (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("right-axis");
  g_autoptr(GArray) grid = NULL;
  Image img;
  guint iops = drivedash_plot_add_series (plot, "IOPS");
  guint temp = drivedash_plot_add_series_right (plot, "Temperature");
  int axis_row, col, count, t_row, c_row;
  double b_row, v0;

  /* No temperature known: no right axis. */
  drivedash_plot_set_right_unit (plot, "°C");
  for (int i = 0; i < 60; i++)
    drivedash_plot_append (plot, iops, i, 100);
  render (plot, &img, W, H);
  grid = find_grid_rows (&img, W, H);
  g_assert_cmpint (right_axis_col (&img, g_array_index (grid, int, grid->len - 1)), <, 0);
  image_clear (&img);
  g_clear_pointer (&grid, g_array_unref);

  drivedash_plot_add_limit_right (plot, NULL, 80, DRIVEDASH_PLOT_LIMIT_CRITICAL);
  for (int i = 0; i < 60; i++)
    drivedash_plot_append (plot, temp, i, 50);

  render (plot, &img, W, H);
  grid = find_grid_rows (&img, W, H);
  axis_row = g_array_index (grid, int, grid->len - 1);
  col = right_axis_col (&img, axis_row);
  g_assert_cmpint (col, >, W / 2);
  g_assert_cmpint (col, <, W - 20);
  g_assert_cmpint (count_text (&img, col + 2, 20, W, axis_row), >, 40);  /* right labels */

  b_row = centroid_row (&img, W / 2, H);
  t_row = best_row (&img, is_orange, &count);
  g_assert_cmpint (count, >, W / 3);
  c_row = best_row (&img, is_dark_red, &count);
  g_assert_cmpint (count, >, W / 4);
  g_assert_cmpfloat (b_row, >, PLOT_TOP);
  /* 50 °C on the left scale would sit half-way up to the IOPS line. */
  g_assert_cmpfloat (fabs (t_row - (axis_row + b_row) / 2), >, 10);
  g_assert_cmpint (c_row, <, t_row);
  /* The value the right scale gives the X axis: near 50, not 0. */
  v0 = 50 - (double) (axis_row - t_row) * 30.0 / (t_row - c_row);
  g_assert_cmpfloat (v0, >=, 35);
  g_assert_cmpfloat (v0, <=, 51);
  image_clear (&img);
}

/* The lightest grey in columns x0..x1 of row y: a shade covers them all,
 * whatever grid line or text crosses some of them. */
static int
lightest_grey (const Image *img,
               int          x0,
               int          x1,
               int          y)
{
  int best = 0;

  for (int x = x0; x <= x1; x++)
    {
      int r, g, b;

      rgb (img, x, y, &r, &g, &b);
      if (r == g && g == b)
        best = MAX (best, r);
    }
  return best;
}

/* Speed against GiB written on a fixed 0–16 range, with two named bands:
 * data up to 8 GiB fills only the left half, and each band is shaded
 * (the first darker, so neighbours stay apart). */
static void
test_number_axis_and_bands (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("number-axis");
  g_autoptr(GArray) grid = NULL;
  Image img;
  guint s = drivedash_plot_add_series (plot, "Write");
  int axis_row, left_ink = 0, right_ink = 0, a, b;

  drivedash_plot_set_x_unit (plot, "GiB written");
  drivedash_plot_set_x_range (plot, 0, 16);
  drivedash_plot_add_band (plot, 0, 8, "Fast");
  drivedash_plot_add_band (plot, 8, 16, "Slow");
  for (int i = 0; i <= 8; i++)
    drivedash_plot_append (plot, s, i, 100);

  render (plot, &img, W, H);
  grid = find_grid_rows (&img, W, H);
  axis_row = g_array_index (grid, int, grid->len - 1);
  for (int x = 0; x < W; x++)
    for (int y = PLOT_TOP; y < axis_row; y++)
      {
        /* 8 of 16 GiB ends half-way across the area, right of W / 2. */
        if (blue_ink (&img, x, y) > 0.5 && x < W / 2)
          left_ink++;
        else if (blue_ink (&img, x, y) > 0.5 && x > W * 3 / 5)
          right_ink++;
      }
  g_assert_cmpint (left_ink, >, W / 4);
  g_assert_cmpint (right_ink, ==, 0);

  a = lightest_grey (&img, W / 4, W / 3, axis_row - 6);
  b = lightest_grey (&img, W * 2 / 3, W * 3 / 4, axis_row - 6);
  g_assert_cmpint (a, >=, 215);
  g_assert_cmpint (a, <, b);
  g_assert_cmpint (b, <, 253);
  /* Labels under the axis: the numbers and the axis name. */
  g_assert_cmpint (count_text (&img, 0, axis_row + 2, W, H), >, 40);
  image_clear (&img);
}

/* cairo 1.16 (Debian 12, the GNOME runtime's is newer) draws
 * CAIRO_ANTIALIAS_FAST with its tor22 scan converter, which can write past
 * its span buffer: the health history's year view at 360 px corrupted the
 * heap ("corrupted size vs. prev_size", valgrind: invalid write in
 * cairo_paint; mplcairo#13 saw the same).  No plot may ask for it. */
static void
test_no_fast_antialias (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("antialias");
  guint s = drivedash_plot_add_series (plot, "Used");
  Image img;

  for (int day = 0; day < 365; day++)
    drivedash_plot_append (plot, s, day * 86400.0, 1 + day / 90);
  asked_fast = FALSE;
  render (plot, &img, 326, 160);
  g_assert_false (asked_fast);
  image_clear (&img);
}

static void
test_properties_from_template (void)
{
  static const char ui[] =
    "<interface>"
    "  <object class='DrivedashPlot' id='plot'>"
    "    <property name='title'>Temperature</property>"
    "    <property name='caption'>Last hour</property>"
    "    <property name='unit'>°C</property>"
    "    <property name='scale'>auto</property>"
    "    <property name='time-axis'>ago</property>"
    "    <property name='time-window'>600</property>"
    "    <property name='include-zero'>false</property>"
    "  </object>"
    "</interface>";
  g_autoptr(GtkBuilder) builder = NULL;
  DrivedashPlot *plot;

  g_type_ensure (DRIVEDASH_TYPE_PLOT);
  builder = gtk_builder_new_from_string (ui, -1);
  plot = DRIVEDASH_PLOT (gtk_builder_get_object (builder, "plot"));
  g_assert_nonnull (plot);
  g_assert_cmpstr (drivedash_plot_get_title (plot), ==, "Temperature");
  g_assert_cmpstr (drivedash_plot_get_caption (plot), ==, "Last hour");
  g_assert_cmpstr (drivedash_plot_get_unit (plot), ==, "°C");
  g_assert_cmpint (drivedash_plot_get_scale (plot), ==, DRIVEDASH_PLOT_SCALE_AUTO);
  g_assert_cmpint (drivedash_plot_get_time_axis (plot), ==, DRIVEDASH_PLOT_TIME_AGO);
  g_assert_cmpfloat (drivedash_plot_get_time_window (plot), ==, 600);
  g_assert_false (drivedash_plot_get_include_zero (plot));
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              gpointer    data)
{
  (*(guint *) data)++;
}

/* Setters notify once per real change (G_PARAM_EXPLICIT_NOTIFY), so a
 * page that sets the same caption ten times a second costs nothing. */
static void
test_properties_notify (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("notify");
  guint n = 0;
  g_autofree char *title = NULL;
  double window = -1;

  g_signal_connect (plot, "notify", G_CALLBACK (count_notify), &n);

  drivedash_plot_set_caption (plot, "SEQ1M Q8T1");
  drivedash_plot_set_caption (plot, "SEQ1M Q8T1");
  g_assert_cmpuint (n, ==, 1);
  drivedash_plot_set_caption (plot, NULL);
  drivedash_plot_set_caption (plot, NULL);
  g_assert_cmpuint (n, ==, 2);

  drivedash_plot_set_title (plot, "notify");
  drivedash_plot_set_unit (plot, "MB/s");
  drivedash_plot_set_unit (plot, "MB/s");
  g_assert_cmpuint (n, ==, 3);

  drivedash_plot_set_scale (plot, DRIVEDASH_PLOT_SCALE_LOG);
  drivedash_plot_set_scale (plot, DRIVEDASH_PLOT_SCALE_LOG);
  drivedash_plot_set_time_axis (plot, DRIVEDASH_PLOT_TIME_ELAPSED);
  g_assert_cmpuint (n, ==, 4);

  /* A negative window means none, like 0 (the default). */
  drivedash_plot_set_time_window (plot, -5);
  g_assert_cmpuint (n, ==, 4);
  drivedash_plot_set_time_window (plot, 60);
  drivedash_plot_set_time_window (plot, 60);
  g_assert_cmpuint (n, ==, 5);

  drivedash_plot_set_include_zero (plot, 2);
  g_assert_cmpuint (n, ==, 5);
  drivedash_plot_set_include_zero (plot, FALSE);
  g_assert_cmpuint (n, ==, 6);

  g_object_set (plot, "title", "other", NULL);
  g_assert_cmpuint (n, ==, 7);
  g_object_get (plot, "title", &title, "time-window", &window, NULL);
  g_assert_cmpstr (title, ==, "other");
  g_assert_cmpfloat (window, ==, 60);
}

static void
test_description (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("Bandwidth");
  g_autofree char *empty = NULL;
  g_autofree char *desc = NULL;
  guint r, w;

  drivedash_plot_set_unit (plot, "MB/s");
  r = drivedash_plot_add_series (plot, "Read");
  w = drivedash_plot_add_series (plot, "Write");
  empty = drivedash_plot_dup_description (plot);
  g_assert_cmpstr (empty, ==, "No data yet");

  drivedash_plot_append (plot, r, 0.1, 1200);
  drivedash_plot_append (plot, r, 0.2, 3456.4);
  drivedash_plot_append (plot, w, 0.2, 12.25);
  drivedash_plot_set_caption (plot, "SEQ1M Q8T1");
  desc = drivedash_plot_dup_description (plot);
  g_assert_cmpstr (desc, ==, "SEQ1M Q8T1. Read: 3456 MB/s; Write: 12.2 MB/s");
  g_assert_cmpuint (drivedash_plot_get_n_samples (plot, r), ==, 2);
}

/* Two plots stacked in one picture, as Save Plots does: the second one's
 * background stays in its own half. */
static void
test_stacked (void)
{
  g_autoptr(DrivedashPlot) top = new_plot ("top");
  g_autoptr(DrivedashPlot) bottom = new_plot ("bottom");
  DrivedashPlotStyle style;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, W, 2 * H);
  cairo_t *cr = cairo_create (surface);
  Image img;
  guint s = drivedash_plot_add_series (top, "Read");

  for (int i = 0; i < 60; i++)
    drivedash_plot_append (top, s, i, 100);
  drivedash_plot_style_init_default (&style, FALSE);
  drivedash_plot_draw (top, cr, W, H, &style);
  cairo_translate (cr, 0, H);
  drivedash_plot_draw (bottom, cr, W, H, &style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  img.surface = surface;
  img.px = (guint32 *) cairo_image_surface_get_data (surface);
  img.stride = cairo_image_surface_get_stride (surface) / 4;
  g_assert_cmpint (count_text (&img, 0, 0, W, H), >, 100);
  g_assert_cmpfloat (centroid_row (&img, W / 2, H), >, PLOT_TOP);
  image_clear (&img);
}

static void
test_save_png (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("png");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("drivedash-plot-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "plot.png", NULL);
  g_autofree char *bad = g_build_filename (dir, "missing", "plot.png", NULL);
  cairo_surface_t *back;
  guint s = drivedash_plot_add_series (plot, "Read");

  for (int i = 0; i < 50; i++)
    drivedash_plot_append (plot, s, i, i);

  g_assert_true (drivedash_plot_save_png (plot, path, 640, 320, &error));
  g_assert_no_error (error);
  back = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (back), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (back), ==, 640);
  g_assert_cmpint (cairo_image_surface_get_height (back), ==, 320);
  cairo_surface_destroy (back);

  g_assert_false (drivedash_plot_save_png (plot, bad, 640, 320, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE);

  g_unlink (path);
  g_rmdir (dir);
}

/* Whether a pixel of series @i's colour is in @img's top @rows rows. */
static gboolean
has_swatch (const Image              *img,
            const DrivedashPlotStyle *style,
            guint                     i,
            int                       width,
            int                       rows)
{
  const GdkRGBA *c = &style->series[i];

  for (int y = 0; y < rows; y++)
    for (int x = 0; x < width; x++)
      {
        int r, g, b;

        rgb (img, x, y, &r, &g, &b);
        if (abs (r - (int) (c->red * 255)) < 12 && abs (g - (int) (c->green * 255)) < 12 &&
            abs (b - (int) (c->blue * 255)) < 12)
          return TRUE;
      }
  return FALSE;
}

/* The topmost row of column @x, from @top down, in series @i's colour;
 * -1 when none. */
static int
colour_top (const Image              *img,
            const DrivedashPlotStyle *style,
            guint                     i,
            int                       x,
            int                       top)
{
  const GdkRGBA *c = &style->series[i];

  for (int y = top; y < H; y++)
    {
      int r, g, b;

      rgb (img, x, y, &r, &g, &b);
      if (abs (r - (int) (c->red * 255)) < 12 && abs (g - (int) (c->green * 255)) < 12 &&
          abs (b - (int) (c->blue * 255)) < 12)
        return y;
    }
  return -1;
}

/* Three series stacked as bars, the first at the bottom, and a line over
 * them: the axis reaches the tallest bar, a missing sample adds nothing,
 * and a highlighted part keeps its colour while the others fade. */
static void
test_stacked_bars (void)
{
  g_autoptr(DrivedashPlot) plot = new_plot ("bars");
  DrivedashPlotStyle style;
  Image img;
  int mid, bottom_top, middle_top, top_top;

  drivedash_plot_style_init_default (&style, FALSE);
  for (guint i = 0; i < 3; i++)
    drivedash_plot_add_series (plot, (const char *[]) { "dd", "cc1", "Others" }[i]);
  drivedash_plot_add_series (plot, "Drive");
  drivedash_plot_set_stacked (plot, 3, 10);
  for (int t = 0; t < 40; t += 10)
    {
      drivedash_plot_append (plot, 0, t, 10);
      if (t != 20)
        drivedash_plot_append (plot, 1, t, 20);
      drivedash_plot_append (plot, 2, t, 30);
      drivedash_plot_append (plot, 3, t + 5, 80);
    }
  g_assert_cmpuint (drivedash_plot_get_n_stacked (plot), ==, 3);
  g_assert_cmpfloat (drivedash_plot_get_stack_total (plot, 0), ==, 60);
  g_assert_cmpfloat (drivedash_plot_get_stack_total (plot, 20), ==, 40);
  g_assert_cmpfloat (drivedash_plot_get_stack_total (plot, 5), ==, 0);
  g_assert_cmpstr (drivedash_plot_get_series_label (plot, 2), ==, "Others");

  render (plot, &img, W, H);
  /* The first bar's middle: 5 of 40 seconds across the area. */
  for (mid = W / 8; mid < W && colour_top (&img, &style, 0, mid, PLOT_TOP) < 0; mid++)
    ;
  mid += 4;
  bottom_top = colour_top (&img, &style, 0, mid, PLOT_TOP);
  top_top = colour_top (&img, &style, 2, mid, PLOT_TOP);
  g_assert_cmpint (bottom_top, >, 0);
  g_assert_cmpint (top_top, >, 0);
  g_assert_cmpint (top_top, <, bottom_top);
  /* 30 on top of 20: the top part is the taller. */
  middle_top = colour_top (&img, &style, 1, mid, PLOT_TOP);
  g_assert_cmpint (middle_top - top_top, >, bottom_top - middle_top);
  image_clear (&img);

  drivedash_plot_set_stack_highlight (plot, 0);
  render (plot, &img, W, H);
  g_assert_cmpint (colour_top (&img, &style, 0, mid, PLOT_TOP), >, 0);
  g_assert_cmpint (colour_top (&img, &style, 2, mid, PLOT_TOP), <, 0);

  /* The line over the bars is a total: in the text's colour, not the
   * fourth part's. */
  g_assert_false (has_swatch (&img, &style, 3, W, H));
  image_clear (&img);

  drivedash_plot_remove_series (plot);
  g_assert_cmpuint (drivedash_plot_get_n_series (plot), ==, 0);
  g_assert_cmpuint (drivedash_plot_get_n_stacked (plot), ==, 0);
}

/* Six runs' long names on a phone-wide plot: the legend takes the rows it
 * needs and drops none (History's long-test comparison names its runs
 * there). */
static void
test_legend_wraps (void)
{
  static const char *const names[] = { "SN750, game mode off", "SN750, game mode on", "970 EVO Plus",
                                       "WD Black 2018", "SN750 again", "SN750, new firmware" };
  static const int widths[] = { 360, 960 };
  g_autoptr(DrivedashPlot) plot = new_plot ("Speed in each round");
  DrivedashPlotStyle style;

  drivedash_plot_style_init_default (&style, FALSE);
  drivedash_plot_set_unit (plot, "MB/s");
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    drivedash_plot_add_series (plot, names[i]);
  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      Image img;

      render (plot, &img, widths[w], 240);
      /* No samples: the only series colours are the legend's swatches. */
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        if (!has_swatch (&img, &style, i, widths[w], 120))
          g_error ("at %d px the legend drops “%s”", widths[w], names[i]);
      image_clear (&img);
    }
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/plot/pixels/line", test_line_where_expected);
  g_test_add_func ("/plot/pixels/follows-data", test_line_follows_data);
  g_test_add_func ("/plot/pixels/axes", test_axes_labelled);
  g_test_add_func ("/plot/pixels/limit", test_limit_line);
  g_test_add_func ("/plot/pixels/decimation", test_decimation_equivalent);
  g_test_add_func ("/plot/pixels/gap", test_gap_breaks_line);
  g_test_add_func ("/plot/pixels/log", test_log_scale);
  g_test_add_func ("/plot/pixels/marker-label", test_marker_label_leaves_data_alone);
  g_test_add_func ("/plot/pixels/sparse-line", test_sparse_line_stays_a_line);
  g_test_add_func ("/plot/pixels/right-axis", test_right_axis);
  g_test_add_func ("/plot/pixels/number-axis-bands", test_number_axis_and_bands);
  g_test_add_func ("/plot/properties/template", test_properties_from_template);
  g_test_add_func ("/plot/properties/notify", test_properties_notify);
  g_test_add_func ("/plot/description", test_description);
  g_test_add_func ("/plot/save-png", test_save_png);
  g_test_add_func ("/plot/pixels/stacked", test_stacked);
  g_test_add_func ("/plot/no-fast-antialias", test_no_fast_antialias);
  g_test_add_func ("/plot/pixels/legend-wraps", test_legend_wraps);
  g_test_add_func ("/plot/pixels/stacked-bars", test_stacked_bars);

  return g_test_run ();
}
