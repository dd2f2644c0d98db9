/* drivedash-timeseries.h — the per-interval time series of a long test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* One interval (1 s by default).  float is plenty for rates and
 * latencies (7 significant digits) and keeps a row at 48 bytes, so a
 * 24 h run at 1 s (86,400 rows) holds its whole series in about 4 MiB. */
typedef struct
{
  float   t_s;             /* end of the interval, since the run started */
  float   read_iops;
  float   write_iops;
  float   read_mb_per_s;   /* 10^6 bytes/s */
  float   write_mb_per_s;
  float   read_mean_us;    /* 0 when no read completed in the interval */
  float   read_p99_us;
  float   write_mean_us;
  float   write_p99_us;
  float   mean_us;         /* reads and writes together */
  float   p99_us;
  guint16 temperature_kelvin;  /* 0: unknown */
  guint8  phase;           /* DrivedashLongPhaseKind */
  guint8  round;           /* the round the interval belongs to, 0 = none */
} DrivedashTimeseriesRow;

/* A boxed copy, so a row can be a typed signal argument. */
#define DRIVEDASH_TYPE_TIMESERIES_ROW (drivedash_timeseries_row_get_type ())
GType                   drivedash_timeseries_row_get_type (void) G_GNUC_CONST;
DrivedashTimeseriesRow *drivedash_timeseries_row_copy     (const DrivedashTimeseriesRow *row);
void                    drivedash_timeseries_row_free     (DrivedashTimeseriesRow       *row);

typedef struct _DrivedashTimeseries DrivedashTimeseries;

/* 7 days at 1 s. */
#define DRIVEDASH_TIMESERIES_DEFAULT_CAP (7u * 24u * 3600u)

/* Keeps every row until @cap rows; then merges neighbours pairwise (the
 * interval doubles), so memory stays bounded for any run length while the
 * series still covers the whole run. */
DrivedashTimeseries *drivedash_timeseries_new          (double                        interval_s,
                                                        guint                         cap);
void                 drivedash_timeseries_free         (DrivedashTimeseries          *self);
void                 drivedash_timeseries_append       (DrivedashTimeseries          *self,
                                                        const DrivedashTimeseriesRow *row);
guint                drivedash_timeseries_get_n_rows   (const DrivedashTimeseries    *self);
const DrivedashTimeseriesRow *
                     drivedash_timeseries_get_rows     (const DrivedashTimeseries    *self);
/* The interval one row now covers (grows after merges). */
double               drivedash_timeseries_get_interval (const DrivedashTimeseries    *self);
/* Bytes held, for the memory test and the note. */
gsize                drivedash_timeseries_get_memory   (const DrivedashTimeseries    *self);

/* At most @max_points rows for a plot: rows merged into equal groups
 * (rates averaged, p99 the worst, temperature the highest).  A new
 * array of DrivedashTimeseriesRow. */
GArray              *drivedash_timeseries_decimate     (const DrivedashTimeseries    *self,
                                                        guint                         max_points);

/* Merges @n rows into one (the same rule as above). */
void                 drivedash_timeseries_merge_rows   (const DrivedashTimeseriesRow *rows,
                                                        guint                         n,
                                                        DrivedashTimeseriesRow       *out);

/* CSV with a header line, every row; FALSE with a GIO error. */
gboolean             drivedash_timeseries_write_csv    (const DrivedashTimeseries    *self,
                                                        const char                   *path,
                                                        GError                      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashTimeseries, drivedash_timeseries_free)

G_END_DECLS
