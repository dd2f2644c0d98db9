/* drivedash-health-trend.h — what the stored snapshots say over days and
 * months: hourly temperatures, data written per day and how long the
 * drive lasts at this rate
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Pure functions of snapshots sorted oldest first (as
 * drivedash_store_list_snapshots() returns them).  Days and hours are
 * UTC, like the store's thinning.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "drivedash-snapshot.h"

G_BEGIN_DECLS

typedef struct
{
  gint64 time;          /* start of the hour, Unix seconds */
  double min_kelvin;
  double mean_kelvin;   /* weighted by the readings each snapshot holds */
  double max_kelvin;
} DrivedashTrendHour;

typedef struct
{
  gint64 time;          /* start of the day, local midnight */
  double bytes;         /* written that day */
} DrivedashTrendDay;

typedef enum
{
  DRIVEDASH_PROJECTION_NO_DATA,      /* under two SMART snapshots */
  DRIVEDASH_PROJECTION_TOO_SHORT,    /* they span less than a week */
  DRIVEDASH_PROJECTION_NOT_WRITING,  /* nothing written over the span */
  DRIVEDASH_PROJECTION_RATED,        /* years until the rated TBW */
  DRIVEDASH_PROJECTION_RATED_PASSED, /* the rated TBW is already written */
  DRIVEDASH_PROJECTION_WEAR,         /* years until percentage used is 100 */
  DRIVEDASH_PROJECTION_WEAR_TOO_LOW, /* no TBW, and 0 % used: no scale */
} DrivedashProjectionKind;

/* What a projection needs before it says anything: a week of history. */
#define DRIVEDASH_TREND_PROJECTION_MIN_DAYS 7
/* ...and what it looks at: the last 90 days, the user's usual rate. */
#define DRIVEDASH_TREND_PROJECTION_DAYS 90

typedef struct
{
  DrivedashProjectionKind kind;
  double                  bytes_per_day;   /* mean over the span */
  double                  written_bytes;   /* the newest total */
  double                  years;           /* RATED, WEAR */
  guint                   rated_tb;
  guint                   percentage_used; /* the newest */
  double                  span_days;       /* first to newest SMART snapshot */
  /* The 95 % interval: of the daily rate (from the days whose writing is
   * known, over 2 of them) and, for WEAR, of the drive's whole-percent
   * wear figure too.  years_high is INFINITY when the rate may be 0;
   * both are -1 when too few whole days were seen to tell. */
  guint                   known_days;
  double                  bytes_per_day_low;
  double                  bytes_per_day_high;
  double                  years_low;
  double                  years_high;
} DrivedashProjection;

#define DRIVEDASH_TREND_UNIT_BYTES ((double) DRIVEDASH_BYTES_PER_DATA_UNIT)
#define DRIVEDASH_TREND_YEAR_SECONDS (365.25 * 86400)

/* Local midnight at the start of @time's day (Unix seconds): the days of
 * the plots are the user's calendar days, as their labels are. */
gint64  drivedash_health_trend_day_start   (gint64                   time);
/* (element-type DrivedashTrendHour) Hours with a temperature. */
GArray *drivedash_health_trend_hourly      (const DrivedashSnapshot *snapshots,
                                            guint                    n_snapshots);
/* (element-type DrivedashTrendHour) The same for buckets of
 * @bucket_seconds (86400: each local day's lowest, mean and highest; the
 * store keeps one row a day after 90 days); each element's time is the
 * bucket's start. */
GArray *drivedash_health_trend_temperature (const DrivedashSnapshot *snapshots,
                                            guint                    n_snapshots,
                                            gint64                   bucket_seconds);
/* (element-type DrivedashTrendDay) Days whose writing is known: a SMART
 * snapshot in the day and one before it.  A counter that went down (a
 * different drive, a reset) makes that day unknown, and so does a gap in
 * the snapshots while the drive was on (power-on hours grew more than
 * the day had had hours by its first snapshot): the days on both sides
 * of it are left out.  A gap while the computer was off is no loss. */
GArray *drivedash_health_trend_daily_written (const DrivedashSnapshot *snapshots,
                                              guint                    n_snapshots);
/* The rate is the first and newest SMART snapshots' difference.  With
 * @rated_tb (TBW, 0 = unknown) the projection is to it; else the
 * drive's own percentage used, assuming it grows with what is written. */
void    drivedash_health_trend_project     (const DrivedashSnapshot *snapshots,
                                            guint                    n_snapshots,
                                            guint                    rated_tb,
                                            DrivedashProjection     *out);
/* The same over the DRIVEDASH_TREND_PROJECTION_DAYS before @now. */
void    drivedash_health_trend_project_recent (const DrivedashSnapshot *snapshots,
                                               guint                    n_snapshots,
                                               gint64                   now,
                                               guint                    rated_tb,
                                               DrivedashProjection     *out);
/* The projection in plain words, one to three sentences. */
char   *drivedash_projection_describe      (const DrivedashProjection *projection);
/* The members of one JSON object (the builder is inside it): "kind",
 * "text" (the words above), "bytes_per_day" with "_low"/"_high",
 * "years" with "_low"/"_high" (null where unknown or unbounded),
 * "rated_tbw" (null: unknown), "history_days", "whole_days". */
void    drivedash_projection_to_json       (const DrivedashProjection *projection,
                                            JsonBuilder               *builder);
/* A stable name of the kind for JSON: "no-data", "too-short", ... */
const char *drivedash_projection_kind_name (DrivedashProjectionKind    kind);

G_END_DECLS
