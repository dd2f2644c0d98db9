/* test-series.c — the plot's sample storage and decimation (no GTK)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "drivedash-series.h"

static void
test_append (void)
{
  g_autoptr(DrivedashSeries) s = drivedash_series_new ("Read");
  double t = -1, y = -1, first = -1, last = -1;

  g_assert_cmpstr (drivedash_series_get_label (s), ==, "Read");
  g_assert_cmpuint (drivedash_series_get_n_points (s), ==, 0);
  g_assert_false (drivedash_series_get_last (s, &t, &y));
  g_assert_false (drivedash_series_get_time_range (s, &first, &last));
  g_assert_cmpfloat (t, ==, -1);

  drivedash_series_append (s, 0.5, 10);
  drivedash_series_append (s, 1.5, 20);
  g_assert_cmpuint (drivedash_series_get_n_points (s), ==, 2);
  g_assert_cmpuint (drivedash_series_get_n_samples (s), ==, 2);
  g_assert_true (drivedash_series_get_last (s, &t, &y));
  g_assert_cmpfloat (t, ==, 1.5);
  g_assert_cmpfloat (y, ==, 20);
  g_assert_true (drivedash_series_get_time_range (s, &first, &last));
  g_assert_cmpfloat (first, ==, 0.5);
  g_assert_cmpfloat (last, ==, 1.5);

  drivedash_series_clear (s);
  g_assert_cmpuint (drivedash_series_get_n_points (s), ==, 0);
  g_assert_cmpuint (drivedash_series_get_n_samples (s), ==, 0);
  g_assert_false (drivedash_series_get_last (s, NULL, NULL));
}

/* Decimation bisects on time, so a sample from the past (a clock step)
 * is moved to the newest time instead of breaking the order. */
static void
test_time_never_decreases (void)
{
  g_autoptr(DrivedashSeries) s = drivedash_series_new (NULL);
  const double *t;

  drivedash_series_append (s, 5, 1);
  drivedash_series_append (s, 3, 2);
  drivedash_series_append (s, 7, 3);
  t = drivedash_series_get_times (s);
  g_assert_cmpfloat (t[0], ==, 5);
  g_assert_cmpfloat (t[1], ==, 5);
  g_assert_cmpfloat (t[2], ==, 7);
  g_assert_cmpfloat (drivedash_series_get_values (s)[1], ==, 2);
}

static void
test_gaps (void)
{
  g_autoptr(DrivedashSeries) s = drivedash_series_new (NULL);
  double t, y;

  /* A gap before any sample separates nothing. */
  g_assert_false (drivedash_series_append_gap (s));
  g_assert_cmpuint (drivedash_series_get_n_points (s), ==, 0);

  drivedash_series_append (s, 1, 100);
  g_assert_true (drivedash_series_append_gap (s));
  /* Values that are not numbers are gaps too, not samples. */
  drivedash_series_append (s, 2, INFINITY);
  drivedash_series_append (s, 3, NAN);
  g_assert_cmpuint (drivedash_series_get_n_points (s), ==, 4);
  g_assert_cmpuint (drivedash_series_get_n_samples (s), ==, 1);
  /* The gap sits at the newest sample's time. */
  g_assert_cmpfloat (drivedash_series_get_times (s)[1], ==, 1);
  g_assert_true (isnan (drivedash_series_get_values (s)[1]));
  /* The newest sample skips the gaps. */
  g_assert_true (drivedash_series_get_last (s, &t, &y));
  g_assert_cmpfloat (t, ==, 1);
  g_assert_cmpfloat (y, ==, 100);
}

/* At the cap the oldest half goes, and the sample count follows. */
static void
test_cap (void)
{
  g_autoptr(DrivedashSeries) s = drivedash_series_new_with_cap (NULL, 8);
  const double *t;

  for (int i = 0; i < 8; i++)
    {
      if (i == 1)
        drivedash_series_append_gap (s);
      else
        drivedash_series_append (s, i, i * 10);
    }
  /* 0, gap, 2 … 7: full. */
  g_assert_cmpuint (drivedash_series_get_n_points (s), ==, 8);
  g_assert_cmpuint (drivedash_series_get_n_samples (s), ==, 7);

  drivedash_series_append (s, 8, 80);
  /* 0, gap, 2, 3 dropped (3 samples); 4 … 8 left. */
  g_assert_cmpuint (drivedash_series_get_n_points (s), ==, 5);
  g_assert_cmpuint (drivedash_series_get_n_samples (s), ==, 5);
  t = drivedash_series_get_times (s);
  g_assert_cmpfloat (t[0], ==, 4);
  g_assert_cmpfloat (t[4], ==, 8);
  g_assert_cmpfloat (drivedash_series_get_values (s)[4], ==, 80);

  /* The default keeps more than 24 hours of 100 ms samples. */
  g_assert_cmpuint (DRIVEDASH_SERIES_DEFAULT_CAP, >=, 24 * 3600 * 10);
}

static void
test_decimate_matches_brute_force (void)
{
  enum { N = 10000, COLS = 137 };
  g_autoptr(DrivedashSeries) s = drivedash_series_new (NULL);
  DrivedashSeriesColumn cols[COLS];
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  const double *t, *y;
  double t0 = 1000, t1 = 8000;

  for (int i = 0; i < N; i++)
    drivedash_series_append (s, i * 1.0, g_rand_double_range (rand, -50, 50) + sin (i / 300.0) * 100);
  t = drivedash_series_get_times (s);
  y = drivedash_series_get_values (s);

  drivedash_series_decimate (s, t0, t1, cols, COLS);

  for (int c = 0; c < COLS; c++)
    {
      double lo = INFINITY, hi = -INFINITY, first = NAN, last = NAN;
      guint n = 0;

      for (int i = 0; i < N; i++)
        {
          int col;

          if (t[i] < t0 || t[i] > t1)
            continue;
          col = CLAMP ((int) ((t[i] - t0) / ((t1 - t0) / COLS)), 0, COLS - 1);
          if (col != c)
            continue;
          if (n == 0)
            first = y[i];
          last = y[i];
          lo = MIN (lo, y[i]);
          hi = MAX (hi, y[i]);
          n++;
        }
      g_assert_cmpuint (cols[c].n, ==, n);
      g_assert_cmpuint (n, >, 0);
      g_assert_cmpfloat (cols[c].y_min, ==, lo);
      g_assert_cmpfloat (cols[c].y_max, ==, hi);
      g_assert_cmpfloat (cols[c].y_first, ==, first);
      g_assert_cmpfloat (cols[c].y_last, ==, last);
      g_assert_false (cols[c].gap);
    }
}

static void
test_decimate_gaps (void)
{
  double t[] = { 0, 1, 2, 2, 3, 4 };
  double y[] = { 1, 2, 3, NAN, 5, 6 };
  DrivedashSeriesColumn cols[5];

  drivedash_series_decimate_arrays (t, y, G_N_ELEMENTS (t), 0, 5, cols, 5);
  g_assert_true (cols[2].gap);
  g_assert_false (cols[1].gap);
  g_assert_cmpuint (cols[2].n, ==, 1);
  g_assert_cmpuint (cols[3].n, ==, 1);
  g_assert_cmpfloat (cols[3].y_first, ==, 5);
}

/* An hour of samples reduces to one column per pixel whatever the count;
 * samples outside the window are left out. */
static void
test_decimate_window (void)
{
  g_autoptr(DrivedashSeries) s = drivedash_series_new (NULL);
  DrivedashSeriesColumn cols[10];
  guint total = 0;

  for (int i = 0; i < 36000; i++)
    drivedash_series_append (s, i / 10.0, i % 7);

  drivedash_series_decimate (s, 3000, 3600, cols, G_N_ELEMENTS (cols));
  for (guint c = 0; c < G_N_ELEMENTS (cols); c++)
    {
      g_assert_cmpuint (cols[c].n, >, 0);
      g_assert_cmpfloat (cols[c].y_min, ==, 0);
      g_assert_cmpfloat (cols[c].y_max, ==, 6);
      total += cols[c].n;
    }
  /* 3000.0 … 3599.9 s: the last sample is at 3599.9. */
  g_assert_cmpuint (total, ==, 6000);

  /* An empty or reversed window, or no columns: all empty, no crash. */
  drivedash_series_decimate (s, 5000, 6000, cols, G_N_ELEMENTS (cols));
  for (guint c = 0; c < G_N_ELEMENTS (cols); c++)
    g_assert_cmpuint (cols[c].n, ==, 0);
  drivedash_series_decimate (s, 10, 10, cols, G_N_ELEMENTS (cols));
  g_assert_cmpuint (cols[0].n, ==, 0);
  drivedash_series_decimate (s, 0, 10, NULL, 0);
}

/* The value range of a window: the extremes and the smallest positive
 * value of the samples in it, gaps left out, as a look at every sample
 * finds them; FALSE where the window holds none. */
static void
test_value_range (void)
{
  g_autoptr(DrivedashSeries) s = drivedash_series_new (NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  const double *t, *y;
  double lo, hi, pos, want_lo = INFINITY, want_hi = -INFINITY, want_pos = INFINITY;

  for (int i = 0; i < 5000; i++)
    {
      drivedash_series_append (s, i, g_rand_double_range (rand, -20, 80));
      if (i % 500 == 0)
        drivedash_series_append_gap (s);
    }
  t = drivedash_series_get_times (s);
  y = drivedash_series_get_values (s);
  for (gsize i = 0; i < drivedash_series_get_n_points (s); i++)
    if (t[i] >= 1200 && t[i] <= 3400 && !isnan (y[i]))
      {
        want_lo = MIN (want_lo, y[i]);
        want_hi = MAX (want_hi, y[i]);
        if (y[i] > 0)
          want_pos = MIN (want_pos, y[i]);
      }
  g_assert_true (drivedash_series_get_value_range (s, 1200, 3400, &lo, &hi, &pos));
  g_assert_cmpfloat (lo, ==, want_lo);
  g_assert_cmpfloat (hi, ==, want_hi);
  g_assert_cmpfloat (pos, ==, want_pos);
  g_assert_cmpfloat (lo, <, 0);
  g_assert_cmpfloat (pos, >, 0);

  g_assert_false (drivedash_series_get_value_range (s, 6000, 7000, &lo, &hi, &pos));
  g_assert_false (drivedash_series_get_value_range (s, 10, 5, &lo, &hi, &pos));
  drivedash_series_clear (s);
  drivedash_series_append (s, 1, -5);
  g_assert_true (drivedash_series_get_value_range (s, 0, 2, &lo, &hi, &pos));
  g_assert_cmpfloat (pos, ==, INFINITY);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/series/append", test_append);
  g_test_add_func ("/series/time-never-decreases", test_time_never_decreases);
  g_test_add_func ("/series/gaps", test_gaps);
  g_test_add_func ("/series/cap", test_cap);
  g_test_add_func ("/series/decimate/brute-force", test_decimate_matches_brute_force);
  g_test_add_func ("/series/decimate/gaps", test_decimate_gaps);
  g_test_add_func ("/series/decimate/window", test_decimate_window);
  g_test_add_func ("/series/value-range", test_value_range);

  return g_test_run ();
}
