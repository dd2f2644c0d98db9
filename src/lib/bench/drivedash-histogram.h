/* drivedash-histogram.h — log-linear latency histogram with fixed memory
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Values are unsigned 64-bit integers (the engine records nanoseconds).
 * Below DRIVEDASH_HISTOGRAM_SUB_BUCKETS every value has its own bucket;
 * above, each power of two is split into DRIVEDASH_HISTOGRAM_SUB_BUCKETS / 2
 * linear buckets, so a reported quantile (the bucket's midpoint) is within
 * 1 / DRIVEDASH_HISTOGRAM_SUB_BUCKETS (< 1 %) of the true value.  Recording
 * is a clz, a shift and an increment; the whole histogram is a fixed ~30 KiB
 * so a worker can keep one per thread and merge at the end. */
#define DRIVEDASH_HISTOGRAM_SUB_BITS    7
#define DRIVEDASH_HISTOGRAM_SUB_BUCKETS (1u << DRIVEDASH_HISTOGRAM_SUB_BITS)
#define DRIVEDASH_HISTOGRAM_N_BUCKETS   ((64 - DRIVEDASH_HISTOGRAM_SUB_BITS + 1) * (DRIVEDASH_HISTOGRAM_SUB_BUCKETS / 2) + DRIVEDASH_HISTOGRAM_SUB_BUCKETS / 2)

typedef struct
{
  guint64 count;
  guint64 min;
  guint64 max;
  double  sum;       /* for the exact mean */
  guint64 buckets[DRIVEDASH_HISTOGRAM_N_BUCKETS];
} DrivedashHistogram;

DrivedashHistogram *drivedash_histogram_new      (void);
void                drivedash_histogram_free     (DrivedashHistogram       *self);
void                drivedash_histogram_reset    (DrivedashHistogram       *self);

/* Hot path: inline so the engine pays no call per I/O. */
static inline guint
drivedash_histogram_bucket_index (guint64 value)
{
  guint msb;

  if (value < DRIVEDASH_HISTOGRAM_SUB_BUCKETS)
    return (guint) value;

  msb = 63 - (guint) __builtin_clzll (value);
  /* msb >= SUB_BITS here: keep the SUB_BITS top bits of value */
  return (msb - DRIVEDASH_HISTOGRAM_SUB_BITS + 1) * (DRIVEDASH_HISTOGRAM_SUB_BUCKETS / 2)
         + (guint) (value >> (msb - DRIVEDASH_HISTOGRAM_SUB_BITS + 1));
}

static inline void
drivedash_histogram_record (DrivedashHistogram *self,
                            guint64             value)
{
  self->buckets[drivedash_histogram_bucket_index (value)]++;
  self->count++;
  self->sum += (double) value;
  if (value < self->min)
    self->min = value;
  if (value > self->max)
    self->max = value;
}

void    drivedash_histogram_merge    (DrivedashHistogram       *self,
                                      const DrivedashHistogram *other);
/* quantile in [0, 1]; 0 when empty. The exact min/max are returned for 0/1. */
double  drivedash_histogram_quantile (const DrivedashHistogram *self,
                                      double                    quantile);
double  drivedash_histogram_mean     (const DrivedashHistogram *self);
guint64 drivedash_histogram_get_count(const DrivedashHistogram *self);
guint64 drivedash_histogram_get_min  (const DrivedashHistogram *self);
guint64 drivedash_histogram_get_max  (const DrivedashHistogram *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashHistogram, drivedash_histogram_free)

G_END_DECLS
