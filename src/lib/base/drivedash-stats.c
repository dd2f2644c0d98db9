/* drivedash-stats.c — means, confidence intervals and Welch's t-test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "drivedash-stats.h"

void
drivedash_stats_summarize (const double          *values,
                           guint                  n,
                           DrivedashStatsSummary *out)
{
  double sum = 0, squares = 0;

  out->n = n;
  out->mean = NAN;
  out->sd = NAN;
  out->ci95 = NAN;
  if (n == 0)
    return;

  for (guint i = 0; i < n; i++)
    sum += values[i];
  out->mean = sum / n;
  if (n < 2)
    return;

  /* Two passes, not the one-pass formula: MB/s values are large and close
   * together, where the one-pass one loses every significant digit. */
  for (guint i = 0; i < n; i++)
    squares += (values[i] - out->mean) * (values[i] - out->mean);
  out->sd = sqrt (squares / (n - 1));
  out->ci95 = drivedash_stats_t_quantile (0.975, n - 1) * out->sd / sqrt (n);
}

/* Continued fraction of the regularized incomplete beta function, by the
 * modified Lentz method (Numerical Recipes, 3rd ed., §6.4). */
static double
beta_continued_fraction (double a,
                         double b,
                         double x)
{
  const double tiny = 1e-300;
  double c = 1, d = 1 - (a + b) * x / (a + 1), h;

  if (fabs (d) < tiny)
    d = tiny;
  d = 1 / d;
  h = d;
  for (int m = 1; m <= 300; m++)
    {
      int m2 = 2 * m;
      double aa = m * (b - m) * x / ((a - 1 + m2) * (a + m2));
      double delta;

      d = 1 + aa * d;
      d = fabs (d) < tiny ? 1 / tiny : 1 / d;
      c = 1 + aa / c;
      if (fabs (c) < tiny)
        c = tiny;
      h *= d * c;

      aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
      d = 1 + aa * d;
      d = fabs (d) < tiny ? 1 / tiny : 1 / d;
      c = 1 + aa / c;
      if (fabs (c) < tiny)
        c = tiny;
      delta = d * c;
      h *= delta;
      if (fabs (delta - 1) < 1e-15)
        break;
    }
  return h;
}

static double
incomplete_beta (double a,
                 double b,
                 double x)
{
  double front;

  if (x <= 0)
    return 0;
  if (x >= 1)
    return 1;
  front = exp (lgamma (a + b) - lgamma (a) - lgamma (b) + a * log (x) + b * log1p (-x));
  /* The fraction converges fast only on one side of the mean. */
  if (x < (a + 1) / (a + b + 2))
    return front * beta_continued_fraction (a, b, x) / a;
  return 1 - front * beta_continued_fraction (b, a, 1 - x) / b;
}

double
drivedash_stats_t_cdf (double t,
                       double df)
{
  double tail;

  if (isnan (t) || !(df > 0))
    return NAN;
  if (isinf (t))
    return t > 0 ? 1 : 0;
  tail = 0.5 * incomplete_beta (df / 2, 0.5, df / (df + t * t));
  return t > 0 ? 1 - tail : tail;
}

double
drivedash_stats_t_quantile (double p,
                            double df)
{
  double lo = -1, hi = 1;

  if (!(p > 0 && p < 1) || !(df > 0))
    return NAN;

  /* Bisection: the CDF is monotonic and cheap, and 200 halvings reach
   * the last bit of a double whatever df is. */
  while (drivedash_stats_t_cdf (lo, df) > p)
    lo *= 2;
  while (drivedash_stats_t_cdf (hi, df) < p)
    hi *= 2;
  for (int i = 0; i < 200 && hi - lo > 1e-14 * fmax (1, fabs (lo)); i++)
    {
      double mid = (lo + hi) / 2;

      if (drivedash_stats_t_cdf (mid, df) < p)
        lo = mid;
      else
        hi = mid;
    }
  return (lo + hi) / 2;
}

void
drivedash_stats_compare (const DrivedashStatsSummary *a,
                         const DrivedashStatsSummary *b,
                         DrivedashStatsComparison    *out)
{
  double va, vb, se, diff;

  out->difference_percent = NAN;
  out->ci95_percent = NAN;
  out->t = NAN;
  out->df = NAN;
  out->p_value = NAN;
  out->verdict = DRIVEDASH_COMPARE_VERDICT_CANNOT_TELL;
  if (a->n == 0 || b->n == 0 || !(a->mean != 0))
    return;

  diff = b->mean - a->mean;
  out->difference_percent = diff / a->mean * 100;
  if (a->n < 2 || b->n < 2)
    return;
  out->verdict = DRIVEDASH_COMPARE_VERDICT_NO_MEASURABLE_DIFFERENCE;

  va = a->sd * a->sd / a->n;
  vb = b->sd * b->sd / b->n;
  se = sqrt (va + vb);
  if (se == 0)
    {
      /* Every value identical on both sides: any difference is exact. */
      out->ci95_percent = 0;
      out->p_value = diff == 0 ? 1 : 0;
      out->t = diff == 0 ? 0 : copysign (INFINITY, diff);
    }
  else
    {
      /* Welch–Satterthwaite degrees of freedom. */
      out->df = (va + vb) * (va + vb) /
                (va * va / (a->n - 1) + vb * vb / (b->n - 1));
      out->t = diff / se;
      out->p_value = 2 * (1 - drivedash_stats_t_cdf (fabs (out->t), out->df));
      out->ci95_percent = drivedash_stats_t_quantile (0.975, out->df) * se / fabs (a->mean) * 100;
    }

  if (fabs (out->difference_percent) > out->ci95_percent)
    out->verdict = diff > 0 ? DRIVEDASH_COMPARE_VERDICT_FASTER : DRIVEDASH_COMPARE_VERDICT_SLOWER;
}

const char *
drivedash_compare_verdict_to_string (DrivedashCompareVerdict verdict)
{
  switch (verdict)
    {
    case DRIVEDASH_COMPARE_VERDICT_FASTER:
      return "faster";
    case DRIVEDASH_COMPARE_VERDICT_SLOWER:
      return "slower";
    case DRIVEDASH_COMPARE_VERDICT_CANNOT_TELL:
      return "cannot-tell";
    case DRIVEDASH_COMPARE_VERDICT_NO_MEASURABLE_DIFFERENCE:
    default:
      return "no-measurable-difference";
    }
}
