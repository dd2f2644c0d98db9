/* drivedash-series.h — samples of one plotted quantity over time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain storage without GTK, so the plot's data handling is unit-tested
 * (and run under ASan) on its own.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Keeps memory bounded on very long runs: 1 million samples is more than
 * 24 hours at 100 ms. */
#define DRIVEDASH_SERIES_DEFAULT_CAP (1u << 20)

typedef struct _DrivedashSeries DrivedashSeries;

/* One pixel column of decimated data.  An hour of 100 ms samples reduces to
 * at most one of these per pixel, so drawing costs the same as a minute. */
typedef struct
{
  double   y_min;
  double   y_max;
  double   y_first;
  double   y_last;
  guint    n;        /* samples in this column; 0: empty */
  gboolean gap;      /* a gap (NaN sample) follows a sample of this column */
} DrivedashSeriesColumn;

DrivedashSeries *drivedash_series_new            (const char            *label);
DrivedashSeries *drivedash_series_new_with_cap   (const char            *label,
                                                  gsize                  cap);
void             drivedash_series_free           (DrivedashSeries       *self);

const char      *drivedash_series_get_label      (const DrivedashSeries *self);
void             drivedash_series_append         (DrivedashSeries       *self,
                                                  double                 t,
                                                  double                 y);
gboolean         drivedash_series_append_gap     (DrivedashSeries       *self);
void             drivedash_series_clear          (DrivedashSeries       *self);

gsize            drivedash_series_get_n_points   (const DrivedashSeries *self);
gsize            drivedash_series_get_n_samples  (const DrivedashSeries *self);
const double    *drivedash_series_get_times      (const DrivedashSeries *self);
const double    *drivedash_series_get_values     (const DrivedashSeries *self);
gboolean         drivedash_series_get_time_range (const DrivedashSeries *self,
                                                  double                *first,
                                                  double                *last);
gboolean         drivedash_series_get_last       (const DrivedashSeries *self,
                                                  double                *t,
                                                  double                *y);

gboolean         drivedash_series_get_value_range (const DrivedashSeries *self,
                                                   double                 t0,
                                                   double                 t1,
                                                   double                *min,
                                                   double                *max,
                                                   double                *pos_min);

void             drivedash_series_decimate       (const DrivedashSeries *self,
                                                  double                 t0,
                                                  double                 t1,
                                                  DrivedashSeriesColumn *columns,
                                                  guint                  n_columns);
void             drivedash_series_decimate_arrays (const double         *t,
                                                   const double         *y,
                                                   gsize                 n_points,
                                                   double                t0,
                                                   double                t1,
                                                   DrivedashSeriesColumn *columns,
                                                   guint                 n_columns);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashSeries, drivedash_series_free)

G_END_DECLS
