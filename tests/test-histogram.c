/* test-histogram.c — the latency histogram against exact percentiles
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "drivedash-histogram.h"

static int
compare_u64 (const void *a,
             const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return (x > y) - (x < y);
}

/* Nearest rank: the smallest value with at least q * n values <= it. */
static guint64
exact_quantile (const guint64 *sorted,
                gsize          n,
                double         q)
{
  gsize rank = (gsize) ceil (q * (double) n);

  if (rank == 0)
    rank = 1;
  return sorted[rank - 1];
}

static void
check_against_exact (guint64 *values,
                     gsize    n)
{
  static const double quantiles[] = { 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 0.9999 };
  g_autoptr(DrivedashHistogram) h = drivedash_histogram_new ();
  double sum = 0;

  for (gsize i = 0; i < n; i++)
    {
      drivedash_histogram_record (h, values[i]);
      sum += (double) values[i];
    }
  qsort (values, n, sizeof (guint64), compare_u64);

  g_assert_cmpuint (drivedash_histogram_get_count (h), ==, n);
  g_assert_cmpuint (drivedash_histogram_get_min (h), ==, values[0]);
  g_assert_cmpuint (drivedash_histogram_get_max (h), ==, values[n - 1]);
  g_assert_cmpfloat_with_epsilon (drivedash_histogram_mean (h), sum / (double) n, 1e-6 * sum / (double) n);

  for (guint i = 0; i < G_N_ELEMENTS (quantiles); i++)
    {
      double exact = (double) exact_quantile (values, n, quantiles[i]);
      double got = drivedash_histogram_quantile (h, quantiles[i]);

      g_test_message ("q%.4f: exact %.0f, histogram %.1f", quantiles[i], exact, got);
      g_assert_cmpfloat (fabs (got - exact), <=, 0.01 * exact);
    }
}

static void
test_uniform (void)
{
  const gsize n = 200000;
  g_autofree guint64 *values = g_new (guint64, n);

  /* 1 µs .. 10 ms in nanoseconds: the span of real I/O latencies. */
  for (gsize i = 0; i < n; i++)
    values[i] = (guint64) g_test_rand_int_range (1000, 10000000);
  check_against_exact (values, n);
}

static void
test_long_tail (void)
{
  const gsize n = 200000;
  g_autofree guint64 *values = g_new (guint64, n);

  /* Log-uniform over 100 ns .. 10 s: most mass low, a long tail. */
  for (gsize i = 0; i < n; i++)
    values[i] = (guint64) exp (g_test_rand_double_range (log (100.0), log (1e10)));
  check_against_exact (values, n);
}

static void
test_small_values_exact (void)
{
  g_autoptr(DrivedashHistogram) h = drivedash_histogram_new ();

  /* Below the sub-bucket count every value has its own bucket. */
  for (guint64 v = 0; v < DRIVEDASH_HISTOGRAM_SUB_BUCKETS; v++)
    drivedash_histogram_record (h, v);
  for (guint64 v = 1; v < DRIVEDASH_HISTOGRAM_SUB_BUCKETS; v++)
    g_assert_cmpfloat (drivedash_histogram_quantile (h, (double) (v + 1) / DRIVEDASH_HISTOGRAM_SUB_BUCKETS),
                       ==, (double) v);
}

static void
test_bucket_bounds (void)
{
  /* Indices grow monotonically and stay inside the array up to 2^64 - 1. */
  guint last = 0;

  for (guint shift = 2; shift < 64; shift++)
    for (gint64 off = -1; off <= 1; off++)
      {
        guint64 v = (G_GUINT64_CONSTANT (1) << shift) + (guint64) off;
        guint idx = drivedash_histogram_bucket_index (v);

        g_assert_cmpuint (idx, <, DRIVEDASH_HISTOGRAM_N_BUCKETS);
        g_assert_cmpuint (idx, >=, last);
        last = idx;
      }
  g_assert_cmpuint (drivedash_histogram_bucket_index (G_MAXUINT64), ==, DRIVEDASH_HISTOGRAM_N_BUCKETS - 1);
}

static void
test_merge_and_empty (void)
{
  g_autoptr(DrivedashHistogram) a = drivedash_histogram_new ();
  g_autoptr(DrivedashHistogram) b = drivedash_histogram_new ();
  g_autoptr(DrivedashHistogram) all = drivedash_histogram_new ();

  g_assert_cmpfloat (drivedash_histogram_quantile (a, 0.5), ==, 0.0);
  g_assert_cmpfloat (drivedash_histogram_mean (a), ==, 0.0);
  g_assert_cmpuint (drivedash_histogram_get_min (a), ==, 0);

  for (guint i = 0; i < 10000; i++)
    {
      guint64 v = (guint64) g_test_rand_int_range (500, 5000000);

      drivedash_histogram_record (i % 2 ? a : b, v);
      drivedash_histogram_record (all, v);
    }
  drivedash_histogram_merge (a, b);
  g_assert_cmpuint (a->count, ==, all->count);
  g_assert_cmpuint (a->min, ==, all->min);
  g_assert_cmpuint (a->max, ==, all->max);
  for (double q = 0.05; q < 1.0; q += 0.05)
    g_assert_cmpfloat (drivedash_histogram_quantile (a, q), ==, drivedash_histogram_quantile (all, q));

  drivedash_histogram_reset (a);
  g_assert_cmpuint (drivedash_histogram_get_count (a), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/histogram/uniform", test_uniform);
  g_test_add_func ("/histogram/long-tail", test_long_tail);
  g_test_add_func ("/histogram/small-values-exact", test_small_values_exact);
  g_test_add_func ("/histogram/bucket-bounds", test_bucket_bounds);
  g_test_add_func ("/histogram/merge-and-empty", test_merge_and_empty);

  return g_test_run ();
}
