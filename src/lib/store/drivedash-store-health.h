/* drivedash-store-health.h — health snapshots and the watch's memory in
 * the results history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Snapshots are thinned as they age: every one (one a minute) for a day,
 * one an hour for 90 days, one a day after that.  A thinned snapshot is
 * the merge of its bucket (drivedash_snapshot_merge()), so hourly
 * min/mean/max temperatures and the newest counters survive.
 *
 * Size, per drive: after a year 1,440 + 2,136 + 275 = 3,851 rows, then
 * + 365 rows a year.  Measured by tests/test-watch.c, which simulates the
 * year (525,600 readings) and asserts < 5 MB: 290,816 bytes, about 76
 * bytes a row with the b-tree's overhead, so ≈ 0.3 MB for the first year
 * and ≈ 28 KB for each further one.
 */
#pragma once

#include "drivedash-snapshot.h"
#include "drivedash-store.h"

G_BEGIN_DECLS

/* What the watch's rules (src/lib/watch) remember about a drive between
 * readings.  It lives here, with the table that keeps it, so that the
 * store does not reach up into the watch; a restart then does not repeat
 * a message. */
typedef struct
{
  guint8   warned_bits;        /* critical-warning bits set at the last reading */
  gboolean hot;                /* at or above the limit since hot_since */
  gint64   hot_since;
  gboolean hot_warned;         /* told; until 3 °C below the limit */
  gboolean spare_warned;
  guint8   used_level;         /* 0, 80, 90 or 100: the highest level told */
  gint64   media_errors;       /* -1: not seen yet */
  gint64   error_log_entries;  /* -1: not seen yet */
} DrivedashWatchState;

#define DRIVEDASH_WATCH_STATE_INIT { 0, FALSE, 0, FALSE, FALSE, 0, -1, -1 }


#define DRIVEDASH_SNAPSHOT_KEEP_ALL_SECONDS   (24 * 3600)
#define DRIVEDASH_SNAPSHOT_KEEP_HOURLY_SECONDS (90 * 24 * 3600)

/* The watch's id for a drive, made on first use.  The serial is stored
 * only as the store's salted hash; an empty serial falls back to the
 * controller name.  Model and controller are refreshed. */
gint64   drivedash_store_watch_drive       (DrivedashStore            *self,
                                            const char                *serial,
                                            const char                *model,
                                            const char                *controller,
                                            GError                   **error);
/* The same id without making one: 0 when the watch never saw the drive,
 * -1 with @error when the database cannot be read. */
gint64   drivedash_store_find_watch_drive  (DrivedashStore            *self,
                                            const char                *serial,
                                            const char                *controller,
                                            GError                   **error);
/* The watch's readings of the drive @serial (on @controller) with
 * from ≤ time < to, oldest first; empty when the watch never saw it,
 * NULL with @error when the database cannot be read.
 * (element-type DrivedashSnapshot) */
GArray  *drivedash_store_list_drive_snapshots (DrivedashStore         *self,
                                               const char             *serial,
                                               const char             *controller,
                                               gint64                  from,
                                               gint64                  to,
                                               GError                **error);
/* The same id from a stored run's serial_hash: 0 when the watch never
 * saw that drive (or @serial_hash is NULL), -1 with @error. */
gint64   drivedash_store_find_watch_drive_by_hash (DrivedashStore *self,
                                                   const char     *serial_hash,
                                                   GError        **error);
/* Adds snapshots (one transaction).  A snapshot at a time that is
 * already stored replaces it. */
gboolean drivedash_store_add_snapshots     (DrivedashStore            *self,
                                            gint64                     drive_id,
                                            const DrivedashSnapshot   *snapshots,
                                            guint                      n_snapshots,
                                            GError                   **error);
/* Thins every drive's snapshots as of @now (Unix seconds). */
gboolean drivedash_store_thin_snapshots    (DrivedashStore            *self,
                                            gint64                     now,
                                            GError                   **error);
/* Snapshots with from ≤ time < to, oldest first.
 * (element-type DrivedashSnapshot) */
GArray  *drivedash_store_list_snapshots    (DrivedashStore            *self,
                                            gint64                     drive_id,
                                            gint64                     from,
                                            gint64                     to,
                                            GError                   **error);
/* The rules' memory of a drive and whether it is muted ("Don't warn
 * about this drive"); a drive never saved gets DRIVEDASH_WATCH_STATE_INIT. */
gboolean drivedash_store_watch_load        (DrivedashStore            *self,
                                            gint64                     drive_id,
                                            DrivedashWatchState       *state,
                                            gboolean                  *muted,
                                            GError                   **error);
gboolean drivedash_store_watch_save_state  (DrivedashStore            *self,
                                            gint64                     drive_id,
                                            const DrivedashWatchState *state,
                                            GError                   **error);
gboolean drivedash_store_watch_set_muted   (DrivedashStore            *self,
                                            gint64                     drive_id,
                                            gboolean                   muted,
                                            GError                   **error);

G_END_DECLS
