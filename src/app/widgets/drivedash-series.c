/* drivedash-series.c — samples of one plotted quantity over time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Times and values live in two plain arrays so decimation walks them
 * without indirection.  A NaN value is a gap: the line stops there.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "drivedash-series.h"

struct _DrivedashSeries
{
  char   *label;
  GArray *t;         /* double, never decreasing */
  GArray *y;         /* double; NaN marks a gap */
  gsize   cap;
  gsize   n_samples; /* values that are not gaps, kept so asking is O(1) */
};

DrivedashSeries *
drivedash_series_new_with_cap (const char *label,
                               gsize       cap)
{
  DrivedashSeries *self = g_new0 (DrivedashSeries, 1);

  self->label = g_strdup (label);
  self->t = g_array_new (FALSE, FALSE, sizeof (double));
  self->y = g_array_new (FALSE, FALSE, sizeof (double));
  /* Dropping half at the cap needs at least two points to drop one. */
  self->cap = MAX (cap, 2);
  return self;
}

DrivedashSeries *
drivedash_series_new (const char *label)
{
  return drivedash_series_new_with_cap (label, DRIVEDASH_SERIES_DEFAULT_CAP);
}

void
drivedash_series_free (DrivedashSeries *self)
{
  if (self == NULL)
    return;
  g_free (self->label);
  g_array_unref (self->t);
  g_array_unref (self->y);
  g_free (self);
}

const char *
drivedash_series_get_label (const DrivedashSeries *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->label;
}

static void
drop_oldest_half (DrivedashSeries *self)
{
  guint n = self->t->len / 2;

  for (guint i = 0; i < n; i++)
    self->n_samples -= !isnan (g_array_index (self->y, double, i));
  g_array_remove_range (self->t, 0, n);
  g_array_remove_range (self->y, 0, n);
}

/* T must be finite; a value that is not (NaN, ±inf) is stored as a gap. */
void
drivedash_series_append (DrivedashSeries *self,
                         double           t,
                         double           y)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (isfinite (t));

  if (!isfinite (y))
    y = NAN;
  /* Decimation bisects on time: keep it non-decreasing. */
  if (self->t->len > 0 && t < g_array_index (self->t, double, self->t->len - 1))
    t = g_array_index (self->t, double, self->t->len - 1);
  /* Dropping half at once, not one sample per append, keeps appends O(1)
   * amortized at the cap. */
  if (self->t->len >= self->cap)
    drop_oldest_half (self);
  g_array_append_val (self->t, t);
  g_array_append_val (self->y, y);
  self->n_samples += !isnan (y);
}

/* A gap at the newest sample's time; nothing (FALSE) while empty, where a
 * gap would separate nothing. */
gboolean
drivedash_series_append_gap (DrivedashSeries *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->t->len == 0)
    return FALSE;
  drivedash_series_append (self, g_array_index (self->t, double, self->t->len - 1), NAN);
  return TRUE;
}

void
drivedash_series_clear (DrivedashSeries *self)
{
  g_return_if_fail (self != NULL);
  g_array_set_size (self->t, 0);
  g_array_set_size (self->y, 0);
  self->n_samples = 0;
}

/* Samples and gaps. */
gsize
drivedash_series_get_n_points (const DrivedashSeries *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->t->len;
}

/* Samples only, without the gaps. */
gsize
drivedash_series_get_n_samples (const DrivedashSeries *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_samples;
}

const double *
drivedash_series_get_times (const DrivedashSeries *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return (const double *) self->t->data;
}

const double *
drivedash_series_get_values (const DrivedashSeries *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return (const double *) self->y->data;
}

/* The times of the first and the last point, gaps included. */
gboolean
drivedash_series_get_time_range (const DrivedashSeries *self,
                                 double                *first,
                                 double                *last)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->t->len == 0)
    return FALSE;
  if (first)
    *first = g_array_index (self->t, double, 0);
  if (last)
    *last = g_array_index (self->t, double, self->t->len - 1);
  return TRUE;
}

/* The newest sample that is not a gap. */
gboolean
drivedash_series_get_last (const DrivedashSeries *self,
                           double                *t,
                           double                *y)
{
  g_return_val_if_fail (self != NULL, FALSE);

  for (guint k = self->y->len; k > 0; k--)
    if (!isnan (g_array_index (self->y, double, k - 1)))
      {
        if (t)
          *t = g_array_index (self->t, double, k - 1);
        if (y)
          *y = g_array_index (self->y, double, k - 1);
        return TRUE;
      }
  return FALSE;
}

/* ---------------------------------------------------------------------- */
/* Decimation                                                             */

static gsize
first_at_or_after (const double *t,
                   gsize         n_points,
                   double        t0)
{
  gsize lo = 0, hi = n_points;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (t[mid] < t0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Reduces the points with t0 <= t <= t1 to N_COLUMNS columns of equal
 * width: per column the minimum, maximum, first and last value.  T must
 * not decrease. */
void
drivedash_series_decimate_arrays (const double          *t,
                                  const double          *y,
                                  gsize                  n_points,
                                  double                 t0,
                                  double                 t1,
                                  DrivedashSeriesColumn *columns,
                                  guint                  n_columns)
{
  double per_column;
  int last_col = -1;

  if (n_columns > 0)
    memset (columns, 0, sizeof *columns * n_columns);
  if (n_columns == 0 || n_points == 0 || !(t1 > t0))
    return;

  per_column = (t1 - t0) / n_columns;

  /* Times only grow, so the first visible sample is found by bisection and
   * the samples scrolled out of the window cost nothing. */
  for (gsize i = first_at_or_after (t, n_points, t0); i < n_points && t[i] <= t1; i++)
    {
      DrivedashSeriesColumn *c;
      int col;

      if (isnan (y[i]))
        {
          if (last_col >= 0)
            columns[last_col].gap = TRUE;
          continue;
        }

      col = (int) ((t[i] - t0) / per_column);
      col = CLAMP (col, 0, (int) n_columns - 1);
      c = &columns[col];

      if (c->n == 0)
        {
          c->y_min = c->y_max = c->y_first = y[i];
          c->gap = FALSE;
        }
      else
        {
          c->y_min = MIN (c->y_min, y[i]);
          c->y_max = MAX (c->y_max, y[i]);
        }
      c->y_last = y[i];
      c->n++;
      last_col = col;
    }
}

/* The smallest and the largest value among the points with t0 <= t <= t1,
 * and the smallest positive one (INFINITY when none is); FALSE when no
 * point is there.  One pass: the plot needs its value range before it
 * knows how many columns it has. */
gboolean
drivedash_series_get_value_range (const DrivedashSeries *self,
                                  double                 t0,
                                  double                 t1,
                                  double                *min,
                                  double                *max,
                                  double                *pos_min)
{
  const double *t, *y;
  gsize n;
  double lo = INFINITY, hi = -INFINITY, pos = INFINITY;

  g_return_val_if_fail (self != NULL, FALSE);
  t = (const double *) self->t->data;
  y = (const double *) self->y->data;
  n = self->t->len;
  for (gsize i = first_at_or_after (t, n, t0); i < n && t[i] <= t1; i++)
    {
      if (isnan (y[i]))
        continue;
      lo = MIN (lo, y[i]);
      hi = MAX (hi, y[i]);
      if (y[i] > 0)
        pos = MIN (pos, y[i]);
    }
  *min = lo;
  *max = hi;
  *pos_min = pos;
  return lo <= hi;
}

void
drivedash_series_decimate (const DrivedashSeries *self,
                           double                 t0,
                           double                 t1,
                           DrivedashSeriesColumn *columns,
                           guint                  n_columns)
{
  g_return_if_fail (self != NULL);
  drivedash_series_decimate_arrays ((const double *) self->t->data, (const double *) self->y->data,
                                    self->t->len, t0, t1, columns, n_columns);
}
