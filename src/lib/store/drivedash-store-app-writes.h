/* drivedash-store-app-writes.h — what each app wrote to each watched
 * drive, per hour for 90 days, then per day
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-store.h"

G_BEGIN_DECLS

/* Per hour for this long, then per day (as the health snapshots). */
#define DRIVEDASH_APP_WRITES_KEEP_HOURLY_SECONDS (90 * 24 * 3600)
/* At most this many apps per drive and hour or day: the rest go under
 * DRIVEDASH_APP_WRITES_OTHERS, so that a flood of names stays small. */
#define DRIVEDASH_APP_WRITES_MAX_APPS 100
#define DRIVEDASH_APP_WRITES_OTHERS   "Others"

typedef struct
{
  char    *app;
  guint64  bytes;
} DrivedashAppTotal;

void       drivedash_app_total_free             (DrivedashAppTotal *self);

/* What one app wrote in one stored hour or day. */
typedef struct
{
  gint64   time;   /* the bucket's start, seconds since the epoch */
  gint64   span;   /* its length: 3600, or 86400 once thinned */
  char    *app;
  guint64  bytes;
} DrivedashAppBucket;

void       drivedash_app_bucket_free            (DrivedashAppBucket *self);

/* Adds @bytes written by @app to @drive_id's hour holding @time (seconds
 * since the epoch).  No command lines or file names: names only. */
gboolean   drivedash_store_add_app_writes       (DrivedashStore  *self,
                                                 gint64           drive_id,
                                                 gint64           time,
                                                 const char      *app,
                                                 guint64          bytes,
                                                 GError         **error);
/* Folds the hours older than DRIVEDASH_APP_WRITES_KEEP_HOURLY_SECONDS
 * before @now into days (one transaction). */
gboolean   drivedash_store_thin_app_writes      (DrivedashStore  *self,
                                                 gint64           now,
                                                 GError         **error);
/* What each app wrote to @drive_id from @since on, most first; empty when
 * nothing; NULL with @error.  (element-type DrivedashAppTotal) */
GPtrArray *drivedash_store_list_app_writes      (DrivedashStore  *self,
                                                 gint64           drive_id,
                                                 gint64           since,
                                                 GError         **error);
/* The hours and days that drivedash_store_list_app_writes() sums for the
 * same @since, one entry per app and bucket, oldest first; NULL with
 * @error.  (element-type DrivedashAppBucket) */
GPtrArray *drivedash_store_list_app_buckets     (DrivedashStore  *self,
                                                 gint64           drive_id,
                                                 gint64           since,
                                                 GError         **error);

/* What @app wrote to @drive_id on each of @n_days days, day i from
 * @starts[i] to @starts[i + 1] (@starts: @n_days + 1 ascending times,
 * such as the user's midnights, which DST may put 23 or 25 hours
 * apart); an hour counts on the day its start falls in; 0 for days
 * without writes; NULL with @error.  (element-type guint64) */
GArray    *drivedash_store_list_app_days        (DrivedashStore  *self,
                                                 gint64           drive_id,
                                                 const char      *app,
                                                 const gint64    *starts,
                                                 guint            n_days,
                                                 GError         **error);
/* The watch's memory of @app on @drive_id: muted, and the day (seconds
 * since the epoch of its start) it was last warned about; both FALSE/0
 * when never set. */
gboolean   drivedash_store_get_app_warning      (DrivedashStore  *self,
                                                 gint64           drive_id,
                                                 const char      *app,
                                                 gboolean        *muted,
                                                 gint64          *warned_day,
                                                 GError         **error);
gboolean   drivedash_store_set_app_warning      (DrivedashStore  *self,
                                                 gint64           drive_id,
                                                 const char      *app,
                                                 gboolean         muted,
                                                 gint64           warned_day,
                                                 GError         **error);

G_END_DECLS
