/* drivedash-store-health.c — health snapshots and the watch's memory
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "drivedash-store-health.h"
#include "drivedash-store-private.h"

#define SNAPSHOT_COLUMNS \
  "taken_at, samples, temp_k, temp_min_k, temp_max_k, critical_warning, spare," \
  " spare_threshold, used, units_read, units_written, power_on_hours, media_errors," \
  " error_log_entries, tmt1_transitions, tmt2_transitions, tmt1_seconds, tmt2_seconds"

gint64
drivedash_store_watch_drive (DrivedashStore  *self,
                             const char      *serial,
                             const char      *model,
                             const char      *controller,
                             GError         **error)
{
  g_autofree char *key = drivedash_store_hash_serial (self, serial);
  sqlite3_stmt *stmt = NULL;
  gint64 id = -1;
  int rc;

  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), -1);
  if (key == NULL)
    key = g_strconcat ("controller:", controller != NULL ? controller : "", NULL);
  rc = sqlite3_prepare_v2 (self->db,
                           "INSERT INTO watch_drives (drive_key, model, controller) VALUES (?1, ?2, ?3)"
                           " ON CONFLICT (drive_key) DO UPDATE SET model = ?2, controller = ?3"
                           " RETURNING id", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_text (stmt, 1, key, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 2, model, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (stmt, 3, controller, -1, SQLITE_TRANSIENT);
      if ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        id = sqlite3_column_int64 (stmt, 0);
    }
  sqlite3_finalize (stmt);
  if (id < 0)
    drivedash_store_fail (self, rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_ERROR : rc, error);
  return id;
}

gint64
drivedash_store_find_watch_drive (DrivedashStore  *self,
                                  const char      *serial,
                                  const char      *controller,
                                  GError         **error)
{
  g_autofree char *key = drivedash_store_hash_serial (self, serial);
  sqlite3_stmt *stmt = NULL;
  gint64 id = 0;
  int rc;

  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), -1);
  if (key == NULL)
    key = g_strconcat ("controller:", controller != NULL ? controller : "", NULL);
  rc = sqlite3_prepare_v2 (self->db, "SELECT id FROM watch_drives WHERE drive_key = ?1", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_text (stmt, 1, key, -1, SQLITE_TRANSIENT);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        id = sqlite3_column_int64 (stmt, 0);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    {
      drivedash_store_fail (self, rc, error);
      return -1;
    }
  return id;
}

GArray *
drivedash_store_list_drive_snapshots (DrivedashStore  *self,
                                      const char      *serial,
                                      const char      *controller,
                                      gint64           from,
                                      gint64           to,
                                      GError         **error)
{
  gint64 id = drivedash_store_find_watch_drive (self, serial, controller, error);

  if (id < 0)
    return NULL;
  if (id == 0)
    return g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot));
  return drivedash_store_list_snapshots (self, id, from, to, error);
}

static void
bind_snapshot (sqlite3_stmt            *stmt,
               gint64                   drive_id,
               const DrivedashSnapshot *s)
{
  sqlite3_bind_int64 (stmt, 1, drive_id);
  sqlite3_bind_int64 (stmt, 2, s->time);
  sqlite3_bind_int (stmt, 3, s->samples);
  for (int i = 4; i <= 19; i++)
    sqlite3_bind_null (stmt, i);
  if (s->has & DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE)
    {
      sqlite3_bind_double (stmt, 4, s->temperature_kelvin);
      sqlite3_bind_int (stmt, 5, s->temperature_min_kelvin);
      sqlite3_bind_int (stmt, 6, s->temperature_max_kelvin);
    }
  if (!(s->has & DRIVEDASH_SNAPSHOT_HAS_SMART))
    return;
  sqlite3_bind_int (stmt, 7, s->critical_warning);
  sqlite3_bind_int (stmt, 8, s->available_spare_percent);
  sqlite3_bind_int (stmt, 9, s->available_spare_threshold_percent);
  sqlite3_bind_int (stmt, 10, s->percentage_used);
  sqlite3_bind_int64 (stmt, 11, s->data_units_read);
  sqlite3_bind_int64 (stmt, 12, s->data_units_written);
  sqlite3_bind_int64 (stmt, 13, s->power_on_hours);
  sqlite3_bind_int64 (stmt, 14, s->media_errors);
  sqlite3_bind_int64 (stmt, 15, s->error_log_entries);
  sqlite3_bind_int64 (stmt, 16, s->thermal_management_1_transitions);
  sqlite3_bind_int64 (stmt, 17, s->thermal_management_2_transitions);
  sqlite3_bind_int64 (stmt, 18, s->thermal_management_1_seconds);
  sqlite3_bind_int64 (stmt, 19, s->thermal_management_2_seconds);
}

/* Column i of a row selected as "drive_id, " SNAPSHOT_COLUMNS. */
static void
read_snapshot (sqlite3_stmt      *stmt,
               DrivedashSnapshot *s)
{
  memset (s, 0, sizeof *s);
  s->time = sqlite3_column_int64 (stmt, 1);
  s->samples = sqlite3_column_int (stmt, 2);
  if (sqlite3_column_type (stmt, 3) != SQLITE_NULL)
    {
      s->has |= DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE;
      s->temperature_kelvin = sqlite3_column_double (stmt, 3);
      s->temperature_min_kelvin = sqlite3_column_int (stmt, 4);
      s->temperature_max_kelvin = sqlite3_column_int (stmt, 5);
    }
  if (sqlite3_column_type (stmt, 6) == SQLITE_NULL)
    return;
  s->has |= DRIVEDASH_SNAPSHOT_HAS_SMART;
  s->critical_warning = sqlite3_column_int (stmt, 6);
  s->available_spare_percent = sqlite3_column_int (stmt, 7);
  s->available_spare_threshold_percent = sqlite3_column_int (stmt, 8);
  s->percentage_used = sqlite3_column_int (stmt, 9);
  s->data_units_read = sqlite3_column_int64 (stmt, 10);
  s->data_units_written = sqlite3_column_int64 (stmt, 11);
  s->power_on_hours = sqlite3_column_int64 (stmt, 12);
  s->media_errors = sqlite3_column_int64 (stmt, 13);
  s->error_log_entries = sqlite3_column_int64 (stmt, 14);
  s->thermal_management_1_transitions = sqlite3_column_int64 (stmt, 15);
  s->thermal_management_2_transitions = sqlite3_column_int64 (stmt, 16);
  s->thermal_management_1_seconds = sqlite3_column_int64 (stmt, 17);
  s->thermal_management_2_seconds = sqlite3_column_int64 (stmt, 18);
}

static int
insert_snapshots (DrivedashStore          *self,
                  gint64                   drive_id,
                  const DrivedashSnapshot *snapshots,
                  guint                    n)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db,
                               "INSERT OR REPLACE INTO health_snapshots (drive_id, " SNAPSHOT_COLUMNS ")"
                               " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,"
                               " ?14, ?15, ?16, ?17, ?18, ?19)", -1, &stmt, NULL);

  for (guint i = 0; rc == SQLITE_OK && i < n; i++)
    {
      bind_snapshot (stmt, drive_id, &snapshots[i]);
      rc = sqlite3_step (stmt);
      rc = rc == SQLITE_DONE ? sqlite3_reset (stmt) : rc;
    }
  sqlite3_finalize (stmt);
  return rc;
}

gboolean
drivedash_store_add_snapshots (DrivedashStore           *self,
                               gint64                    drive_id,
                               const DrivedashSnapshot  *snapshots,
                               guint                     n_snapshots,
                               GError                  **error)
{
  int rc;

  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), FALSE);
  if (!drivedash_store_begin (self, error))
    return FALSE;
  rc = insert_snapshots (self, drive_id, snapshots, n_snapshots);
  return drivedash_store_commit (self, rc, error);
}

/* The snapshots of one drive taken in [from, to), oldest first. */
static int
select_range (DrivedashStore *self,
              gint64          drive_id,
              gint64          from,
              gint64          to,
              sqlite3_stmt  **stmt)
{
  int rc = sqlite3_prepare_v2 (self->db,
                               "SELECT drive_id, " SNAPSHOT_COLUMNS " FROM health_snapshots"
                               " WHERE drive_id = ?1 AND taken_at >= ?2 AND taken_at < ?3"
                               " ORDER BY taken_at", -1, stmt, NULL);

  if (rc != SQLITE_OK)
    return rc;
  sqlite3_bind_int64 (*stmt, 1, drive_id);
  sqlite3_bind_int64 (*stmt, 2, from);
  sqlite3_bind_int64 (*stmt, 3, to);
  return SQLITE_OK;
}

GArray *
drivedash_store_list_snapshots (DrivedashStore  *self,
                                gint64           drive_id,
                                gint64           from,
                                gint64           to,
                                GError         **error)
{
  g_autoptr(GArray) out = g_array_new (FALSE, TRUE, sizeof (DrivedashSnapshot));
  sqlite3_stmt *stmt = NULL;
  int rc = select_range (self, drive_id, from, to, &stmt);

  if (rc == SQLITE_OK)
    {
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          DrivedashSnapshot s;

          read_snapshot (stmt, &s);
          g_array_append_val (out, s);
        }
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      drivedash_store_fail (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&out);
}

/* Replaces the rows of one bucket (first..last) by their merge. */
static int
replace_bucket (DrivedashStore          *self,
                gint64                   drive_id,
                gint64                   last_time,
                const DrivedashSnapshot *merged)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db,
                               "DELETE FROM health_snapshots WHERE drive_id = ?1"
                               " AND taken_at >= ?2 AND taken_at <= ?3", -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int64 (stmt, 1, drive_id);
      sqlite3_bind_int64 (stmt, 2, merged->time);
      sqlite3_bind_int64 (stmt, 3, last_time);
      rc = sqlite3_step (stmt);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    return rc;
  return insert_snapshots (self, drive_id, merged, 1);
}

/* The rows of one bucket, merged. */
static int
merge_bucket (DrivedashStore    *self,
              gint64             drive_id,
              gint64             first,
              gint64             last,
              DrivedashSnapshot *merged)
{
  sqlite3_stmt *stmt = NULL;
  guint n = 0;
  /* Times are whole seconds: up to last inclusive is before last + 1. */
  int rc = select_range (self, drive_id, first, last + 1, &stmt);

  if (rc == SQLITE_OK)
    {
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          DrivedashSnapshot s;

          read_snapshot (stmt, &s);
          if (n++ == 0)
            *merged = s;
          else
            drivedash_snapshot_merge (merged, &s);
        }
    }
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

typedef struct
{
  gint64 drive_id;
  gint64 first;
  gint64 last;
} Bucket;

/* Only buckets of more than one row are touched, and SQLite finds them:
 * the hourly tier is re-read every hour, and reading its ~2,000 rows
 * into snapshots each time cost more than all the writing. */
static int
thin_range (DrivedashStore *self,
            gint64          drive_id,
            gint64          lo,
            gint64          hi,
            gint64          bucket_seconds)
{
  g_autoptr(GArray) buckets = g_array_new (FALSE, FALSE, sizeof (Bucket));
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db,
                               "SELECT drive_id, min(taken_at), max(taken_at) FROM health_snapshots"
                               " WHERE drive_id = ?4 AND taken_at >= ?1 AND taken_at < ?2"
                               " GROUP BY taken_at / ?3 HAVING count(*) > 1",
                               -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int64 (stmt, 1, lo);
      sqlite3_bind_int64 (stmt, 2, hi);
      sqlite3_bind_int64 (stmt, 3, bucket_seconds);
      sqlite3_bind_int64 (stmt, 4, drive_id);
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          Bucket b = { sqlite3_column_int64 (stmt, 0), sqlite3_column_int64 (stmt, 1),
                       sqlite3_column_int64 (stmt, 2) };

          g_array_append_val (buckets, b);
        }
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    return rc;
  rc = SQLITE_OK;
  /* Merged after the SELECT: no writes under an open statement. */
  for (guint i = 0; rc == SQLITE_OK && i < buckets->len; i++)
    {
      const Bucket *b = &g_array_index (buckets, Bucket, i);
      DrivedashSnapshot merged;

      rc = merge_bucket (self, b->drive_id, b->first, b->last, &merged);
      if (rc == SQLITE_OK)
        rc = replace_bucket (self, b->drive_id, b->last, &merged);
      rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
    }
  return rc;
}

typedef struct
{
  gint64 id;
  gint64 thinned_at;  /* `now` of the last thinning, 0 if none */
} ThinDrive;

static int
list_drives (DrivedashStore *self,
             GArray         *drives)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, "SELECT id, coalesce(thinned_at, 0) FROM watch_drives",
                               -1, &stmt, NULL);

  while (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      ThinDrive d = { sqlite3_column_int64 (stmt, 0), sqlite3_column_int64 (stmt, 1) };

      g_array_append_val (drives, d);
      rc = SQLITE_OK;
    }
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static int
set_thinned_at (DrivedashStore *self,
                gint64          drive_id,
                gint64          now)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, "UPDATE watch_drives SET thinned_at = ?2 WHERE id = ?1",
                               -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int64 (stmt, 1, drive_id);
      sqlite3_bind_int64 (stmt, 2, now);
      rc = sqlite3_step (stmt);
    }
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* Below the bucket that held the previous boundary everything is merged
 * already, so only the newer part of each tier is searched: the hourly
 * tier holds ~2,000 rows, searched every hour.  A clock that went back
 * searches everything. */
static gint64
search_from (gint64 thinned_at,
             gint64 now,
             gint64 keep,
             gint64 bucket)
{
  gint64 previous = thinned_at - keep;

  if (thinned_at <= 0 || thinned_at > now || previous <= 0)
    return 0;
  return previous - previous % bucket;
}

/* Drive by drive: the primary key (drive_id, taken_at) then limits each
 * query to its time range instead of the whole table. */
gboolean
drivedash_store_thin_snapshots (DrivedashStore  *self,
                                gint64           now,
                                GError         **error)
{
  g_autoptr(GArray) drives = g_array_new (FALSE, FALSE, sizeof (ThinDrive));
  gint64 day_ago = now - DRIVEDASH_SNAPSHOT_KEEP_ALL_SECONDS;
  gint64 hourly_ago = now - DRIVEDASH_SNAPSHOT_KEEP_HOURLY_SECONDS;
  int rc;

  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), FALSE);
  if (!drivedash_store_begin (self, error))
    return FALSE;
  rc = list_drives (self, drives);
  for (guint i = 0; rc == SQLITE_OK && i < drives->len; i++)
    {
      const ThinDrive *d = &g_array_index (drives, ThinDrive, i);
      gint64 hourly_from = search_from (d->thinned_at, now, DRIVEDASH_SNAPSHOT_KEEP_ALL_SECONDS, 3600);
      gint64 daily_from = search_from (d->thinned_at, now, DRIVEDASH_SNAPSHOT_KEEP_HOURLY_SECONDS, 86400);

      rc = thin_range (self, d->id, MAX (hourly_from, hourly_ago), day_ago, 3600);
      if (rc == SQLITE_OK)
        rc = thin_range (self, d->id, daily_from, hourly_ago, 24 * 3600);
      if (rc == SQLITE_OK)
        rc = set_thinned_at (self, d->id, now);
    }
  return drivedash_store_commit (self, rc, error);
}

gboolean
drivedash_store_watch_load (DrivedashStore       *self,
                            gint64                drive_id,
                            DrivedashWatchState  *state,
                            gboolean             *muted,
                            GError              **error)
{
  const DrivedashWatchState init = DRIVEDASH_WATCH_STATE_INIT;
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db,
                               "SELECT muted, warned_bits, hot_since, hot_warned, spare_warned,"
                               " used_level, media_errors, error_log_entries FROM watch_drives"
                               " WHERE id = ?1", -1, &stmt, NULL);

  *state = init;
  *muted = FALSE;
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int64 (stmt, 1, drive_id);
      if ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          *muted = sqlite3_column_int (stmt, 0) != 0;
          state->warned_bits = sqlite3_column_int (stmt, 1);
          state->hot = sqlite3_column_type (stmt, 2) != SQLITE_NULL;
          state->hot_since = sqlite3_column_int64 (stmt, 2);
          state->hot_warned = sqlite3_column_int (stmt, 3) != 0;
          state->spare_warned = sqlite3_column_int (stmt, 4) != 0;
          state->used_level = sqlite3_column_int (stmt, 5);
          if (sqlite3_column_type (stmt, 6) != SQLITE_NULL)
            state->media_errors = sqlite3_column_int64 (stmt, 6);
          if (sqlite3_column_type (stmt, 7) != SQLITE_NULL)
            state->error_log_entries = sqlite3_column_int64 (stmt, 7);
          rc = SQLITE_DONE;
        }
    }
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE ? TRUE : drivedash_store_fail (self, rc, error);
}

static void
bind_or_null (sqlite3_stmt *stmt,
              int           i,
              gboolean      known,
              gint64        value)
{
  if (known)
    sqlite3_bind_int64 (stmt, i, value);
  else
    sqlite3_bind_null (stmt, i);
}

gboolean
drivedash_store_watch_save_state (DrivedashStore             *self,
                                  gint64                      drive_id,
                                  const DrivedashWatchState  *state,
                                  GError                    **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db,
                               "UPDATE watch_drives SET warned_bits = ?2, hot_since = ?3,"
                               " hot_warned = ?4, spare_warned = ?5, used_level = ?6,"
                               " media_errors = ?7, error_log_entries = ?8 WHERE id = ?1",
                               -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int64 (stmt, 1, drive_id);
      sqlite3_bind_int (stmt, 2, state->warned_bits);
      bind_or_null (stmt, 3, state->hot, state->hot_since);
      sqlite3_bind_int (stmt, 4, state->hot_warned);
      sqlite3_bind_int (stmt, 5, state->spare_warned);
      sqlite3_bind_int (stmt, 6, state->used_level);
      bind_or_null (stmt, 7, state->media_errors >= 0, state->media_errors);
      bind_or_null (stmt, 8, state->error_log_entries >= 0, state->error_log_entries);
      rc = sqlite3_step (stmt);
    }
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE ? TRUE : drivedash_store_fail (self, rc, error);
}

gboolean
drivedash_store_watch_set_muted (DrivedashStore  *self,
                                 gint64           drive_id,
                                 gboolean         muted,
                                 GError         **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, "UPDATE watch_drives SET muted = ?2 WHERE id = ?1",
                               -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int64 (stmt, 1, drive_id);
      sqlite3_bind_int (stmt, 2, muted ? 1 : 0);
      rc = sqlite3_step (stmt);
    }
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE ? TRUE : drivedash_store_fail (self, rc, error);
}
