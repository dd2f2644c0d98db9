/* drivedash-histogram.c — log-linear latency histogram with fixed memory
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "drivedash-histogram.h"

DrivedashHistogram *
drivedash_histogram_new (void)
{
  DrivedashHistogram *self = g_new (DrivedashHistogram, 1);

  drivedash_histogram_reset (self);
  return self;
}

void
drivedash_histogram_free (DrivedashHistogram *self)
{
  g_free (self);
}

void
drivedash_histogram_reset (DrivedashHistogram *self)
{
  memset (self, 0, sizeof *self);
  self->min = G_MAXUINT64;
}

void
drivedash_histogram_merge (DrivedashHistogram       *self,
                           const DrivedashHistogram *other)
{
  if (other->count == 0)
    return;

  for (guint i = 0; i < DRIVEDASH_HISTOGRAM_N_BUCKETS; i++)
    self->buckets[i] += other->buckets[i];
  self->count += other->count;
  self->sum += other->sum;
  self->min = MIN (self->min, other->min);
  self->max = MAX (self->max, other->max);
}

/* The lowest value that falls into bucket @index, and the bucket's width. */
static void
bucket_range (guint    index,
              guint64 *low,
              guint64 *width)
{
  const guint half = DRIVEDASH_HISTOGRAM_SUB_BUCKETS / 2;
  guint shift;

  if (index < DRIVEDASH_HISTOGRAM_SUB_BUCKETS)
    {
      *low = index;
      *width = 1;
      return;
    }

  /* index = (msb - SUB_BITS + 1) * half + (value >> shift), with
   * shift = msb - SUB_BITS + 1 and value >> shift in [half, 2 * half). */
  shift = index / half - 1;
  *low = (guint64) (index - shift * half) << shift;
  *width = G_GUINT64_CONSTANT (1) << shift;
}

double
drivedash_histogram_quantile (const DrivedashHistogram *self,
                              double                    quantile)
{
  guint64 rank;
  guint64 seen = 0;

  if (self->count == 0)
    return 0.0;
  if (quantile <= 0.0)
    return (double) self->min;
  if (quantile >= 1.0)
    return (double) self->max;

  /* The nearest-rank definition: the smallest value with at least
   * quantile * count values at or below it. */
  rank = (guint64) ceil (quantile * (double) self->count);
  if (rank == 0)
    rank = 1;

  for (guint i = 0; i < DRIVEDASH_HISTOGRAM_N_BUCKETS; i++)
    {
      seen += self->buckets[i];
      if (seen >= rank)
        {
          guint64 low, width;
          double value;

          bucket_range (i, &low, &width);
          /* The midpoint halves the worst-case error; never report
           * outside what was actually seen. */
          value = (double) low + (double) (width - 1) / 2.0;
          return CLAMP (value, (double) self->min, (double) self->max);
        }
    }

  return (double) self->max;
}

double
drivedash_histogram_mean (const DrivedashHistogram *self)
{
  return self->count ? self->sum / (double) self->count : 0.0;
}

guint64
drivedash_histogram_get_count (const DrivedashHistogram *self)
{
  return self->count;
}

guint64
drivedash_histogram_get_min (const DrivedashHistogram *self)
{
  return self->count ? self->min : 0;
}

guint64
drivedash_histogram_get_max (const DrivedashHistogram *self)
{
  return self->max;
}
