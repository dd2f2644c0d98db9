/* drivedash-stats.h — means, confidence intervals and Welch's t-test for
 * comparing benchmark runs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Why Welch's t-test and not Student's or a bootstrap: two runs (game mode
 * off and on, or two drives) need not have the same spread, and Welch's
 * test does not assume they do; with the 3–10 passes or repeats a run has,
 * a bootstrap over passes has too few values to resample from and gives
 * intervals that are too narrow.  Pure functions, no allocation.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Mean, sample standard deviation (n − 1) and the half-width of the 95 %
 * confidence interval of the mean (Student's t with n − 1 degrees of
 * freedom).  With n < 2 there is no interval: ci95 is NAN. */
typedef struct
{
  guint  n;
  double mean;
  double sd;
  double ci95;
} DrivedashStatsSummary;

void   drivedash_stats_summarize  (const double          *values,
                                   guint                  n,
                                   DrivedashStatsSummary *out);

/* Student's t distribution: P(T <= t) with df degrees of freedom (df may be
 * fractional, as Welch's is), and its inverse for p in (0, 1). */
double drivedash_stats_t_cdf      (double t,
                                   double df);
double drivedash_stats_t_quantile (double p,
                                   double df);

typedef enum
{
  DRIVEDASH_COMPARE_VERDICT_NO_MEASURABLE_DIFFERENCE,
  DRIVEDASH_COMPARE_VERDICT_FASTER,    /* B is faster than A */
  DRIVEDASH_COMPARE_VERDICT_SLOWER,
  DRIVEDASH_COMPARE_VERDICT_CANNOT_TELL, /* a side has fewer than two values */
} DrivedashCompareVerdict;

/* B compared with A (A is the baseline): Welch's t-test at the 5 % level.
 * difference_percent = (mean B − mean A) / mean A × 100; ci95_percent is
 * the half-width of the 95 % interval of (mean B − mean A) from Welch's
 * standard error and degrees of freedom, divided by mean A (the baseline
 * is treated as fixed when scaling to percent).  The verdict is FASTER or
 * SLOWER only when that interval excludes zero (p < 0.05); without two
 * values on each side there is no test and no interval (NAN), and the
 * verdict is CANNOT_TELL: one pass has no spread to judge a difference
 * by, so "no measurable difference" would be a claim it cannot make. */
typedef struct
{
  double           difference_percent;
  double           ci95_percent;
  double           t;
  double           df;
  double           p_value;
  DrivedashCompareVerdict verdict;
} DrivedashStatsComparison;

void        drivedash_stats_compare       (const DrivedashStatsSummary *a,
                                           const DrivedashStatsSummary *b,
                                           DrivedashStatsComparison    *out);

/* "no-measurable-difference", "faster", "slower", "cannot-tell": stable
 * ids for JSON. */
const char *drivedash_compare_verdict_to_string   (DrivedashCompareVerdict verdict);

G_END_DECLS
