/* drivedash-store-app-writes.c — what each app wrote to each watched
 * drive (see the header)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-store-app-writes.h"
#include "drivedash-store-private.h"

#define HOUR 3600
#define DAY  (24 * 3600)

void
drivedash_app_total_free (DrivedashAppTotal *self)
{
  if (self == NULL)
    return;
  g_free (self->app);
  g_free (self);
}

void
drivedash_app_bucket_free (DrivedashAppBucket *self)
{
  if (self == NULL)
    return;
  g_free (self->app);
  g_free (self);
}

/* Whether @app already has a row in the bucket, or the bucket has room. */
static int
fits (DrivedashStore *self,
      gint64          drive_id,
      gint64          bucket,
      const char     *app,
      gboolean       *fit)
{
  sqlite3_stmt *stmt;
  int rc = sqlite3_prepare_v2 (self->db,
                               "SELECT count(*), sum(app = ?3) FROM app_writes"
                               " WHERE drive_id = ?1 AND bucket = ?2 AND span = 3600", -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    return rc;
  sqlite3_bind_int64 (stmt, 1, drive_id);
  sqlite3_bind_int64 (stmt, 2, bucket);
  sqlite3_bind_text (stmt, 3, app, -1, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      *fit = sqlite3_column_int64 (stmt, 1) > 0 || sqlite3_column_int64 (stmt, 0) < DRIVEDASH_APP_WRITES_MAX_APPS - 1;
      rc = SQLITE_OK;
    }
  sqlite3_finalize (stmt);
  return rc;
}

static int
upsert (DrivedashStore *self,
        gint64          drive_id,
        gint64          bucket,
        gint64          span,
        const char     *app,
        guint64         bytes)
{
  sqlite3_stmt *stmt;
  int rc = sqlite3_prepare_v2 (self->db,
                               "INSERT INTO app_writes (drive_id, bucket, span, app, bytes) VALUES (?1, ?2, ?3, ?4, ?5)"
                               " ON CONFLICT (drive_id, bucket, span, app) DO UPDATE SET bytes = bytes + excluded.bytes",
                               -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    return rc;
  sqlite3_bind_int64 (stmt, 1, drive_id);
  sqlite3_bind_int64 (stmt, 2, bucket);
  sqlite3_bind_int64 (stmt, 3, span);
  sqlite3_bind_text (stmt, 4, app, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 5, (gint64) MIN (bytes, (guint64) G_MAXINT64));
  rc = sqlite3_step (stmt);
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

gboolean
drivedash_store_add_app_writes (DrivedashStore  *self,
                                gint64           drive_id,
                                gint64           time,
                                const char      *app,
                                guint64          bytes,
                                GError         **error)
{
  const gint64 bucket = time - time % HOUR;
  gboolean fit = TRUE;
  int rc;

  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), FALSE);
  g_return_val_if_fail (app != NULL, FALSE);
  if (bytes == 0)
    return TRUE;
  if (!drivedash_store_begin (self, error))
    return FALSE;
  rc = fits (self, drive_id, bucket, app, &fit);
  if (rc == SQLITE_OK)
    rc = upsert (self, drive_id, bucket, HOUR, fit ? app : DRIVEDASH_APP_WRITES_OTHERS, bytes);
  return drivedash_store_commit (self, rc, error);
}

/* Runs @sql once with ?1 bound to @before. */
static int
exec_before (DrivedashStore *self,
             const char     *sql,
             gint64          before)
{
  sqlite3_stmt *stmt;
  int rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    return rc;
  sqlite3_bind_int64 (stmt, 1, before);
  rc = sqlite3_step (stmt);
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

gboolean
drivedash_store_thin_app_writes (DrivedashStore  *self,
                                 gint64           now,
                                 GError         **error)
{
  const gint64 before = now - DRIVEDASH_APP_WRITES_KEEP_HOURLY_SECONDS;
  int rc;

  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), FALSE);
  if (!drivedash_store_begin (self, error))
    return FALSE;
  /* "WHERE true": SQLite's upsert after a SELECT needs it. */
  rc = exec_before (self,
                    "INSERT INTO app_writes (drive_id, bucket, span, app, bytes)"
                    " SELECT drive_id, bucket - bucket % 86400, 86400, app, sum(bytes) FROM app_writes"
                    " WHERE span = 3600 AND bucket < ?1 - ?1 % 86400 AND true"
                    " GROUP BY drive_id, bucket - bucket % 86400, app"
                    " ON CONFLICT (drive_id, bucket, span, app) DO UPDATE SET bytes = bytes + excluded.bytes",
                    before);
  if (rc == SQLITE_OK)
    rc = exec_before (self, "DELETE FROM app_writes WHERE span = 3600 AND bucket < ?1 - ?1 % 86400", before);
  return drivedash_store_commit (self, rc, error);
}

GPtrArray *
drivedash_store_list_app_writes (DrivedashStore  *self,
                                 gint64           drive_id,
                                 gint64           since,
                                 GError         **error)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_app_total_free);
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), NULL);
  /* A bucket counts when it ends after @since: a day bucket partly. */
  rc = sqlite3_prepare_v2 (self->db,
                           "SELECT app, sum(bytes) AS total FROM app_writes"
                           " WHERE drive_id = ?1 AND bucket + span > ?2"
                           " GROUP BY app ORDER BY total DESC, app", -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      drivedash_store_set_sqlite_error (error, self->db, rc);
      return NULL;
    }
  sqlite3_bind_int64 (stmt, 1, drive_id);
  sqlite3_bind_int64 (stmt, 2, since);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      DrivedashAppTotal *t = g_new0 (DrivedashAppTotal, 1);

      t->app = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
      t->bytes = (guint64) sqlite3_column_int64 (stmt, 1);
      g_ptr_array_add (out, t);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      drivedash_store_set_sqlite_error (error, self->db, rc);
      return NULL;
    }
  return g_steal_pointer (&out);
}

GPtrArray *
drivedash_store_list_app_buckets (DrivedashStore  *self,
                                  gint64           drive_id,
                                  gint64           since,
                                  GError         **error)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_app_bucket_free);
  sqlite3_stmt *stmt;
  int rc;

  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), NULL);
  /* The same buckets as drivedash_store_list_app_writes(), so that a
   * chart of them adds up to its totals. */
  rc = sqlite3_prepare_v2 (self->db,
                           "SELECT bucket, span, app, bytes FROM app_writes"
                           " WHERE drive_id = ?1 AND bucket + span > ?2"
                           " ORDER BY bucket, app", -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      drivedash_store_set_sqlite_error (error, self->db, rc);
      return NULL;
    }
  sqlite3_bind_int64 (stmt, 1, drive_id);
  sqlite3_bind_int64 (stmt, 2, since);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      DrivedashAppBucket *b = g_new0 (DrivedashAppBucket, 1);

      b->time = sqlite3_column_int64 (stmt, 0);
      b->span = sqlite3_column_int64 (stmt, 1);
      b->app = g_strdup ((const char *) sqlite3_column_text (stmt, 2));
      b->bytes = (guint64) sqlite3_column_int64 (stmt, 3);
      g_ptr_array_add (out, b);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      drivedash_store_set_sqlite_error (error, self->db, rc);
      return NULL;
    }
  return g_steal_pointer (&out);
}

GArray *
drivedash_store_list_app_days (DrivedashStore  *self,
                               gint64           drive_id,
                               const char      *app,
                               const gint64    *starts,
                               guint            n_days,
                               GError         **error)
{
  g_autoptr(GArray) days = g_array_new (FALSE, TRUE, sizeof (guint64));
  sqlite3_stmt *stmt;
  guint day = 0;
  int rc;

  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), NULL);
  g_return_val_if_fail (n_days > 0 && n_days <= 3660, NULL);
  g_array_set_size (days, n_days);
  rc = sqlite3_prepare_v2 (self->db,
                           "SELECT bucket, sum(bytes) FROM app_writes"
                           " WHERE drive_id = ?1 AND app = ?2 AND bucket >= ?3 AND bucket < ?4"
                           " GROUP BY bucket ORDER BY bucket", -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      drivedash_store_set_sqlite_error (error, self->db, rc);
      return NULL;
    }
  sqlite3_bind_int64 (stmt, 1, drive_id);
  sqlite3_bind_text (stmt, 2, app, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 3, starts[0]);
  sqlite3_bind_int64 (stmt, 4, starts[n_days]);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const gint64 bucket = sqlite3_column_int64 (stmt, 0);

      while (day + 1 < n_days && bucket >= starts[day + 1])
        day++;
      g_array_index (days, guint64, day) += (guint64) sqlite3_column_int64 (stmt, 1);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      drivedash_store_set_sqlite_error (error, self->db, rc);
      return NULL;
    }
  return g_steal_pointer (&days);
}

gboolean
drivedash_store_get_app_warning (DrivedashStore  *self,
                                 gint64           drive_id,
                                 const char      *app,
                                 gboolean        *muted,
                                 gint64          *warned_day,
                                 GError         **error)
{
  sqlite3_stmt *stmt;
  int rc = sqlite3_prepare_v2 (self->db, "SELECT muted, warned_day FROM app_warnings WHERE drive_id = ?1 AND app = ?2",
                               -1, &stmt, NULL);

  *muted = FALSE;
  *warned_day = 0;
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int64 (stmt, 1, drive_id);
      sqlite3_bind_text (stmt, 2, app, -1, SQLITE_TRANSIENT);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        {
          *muted = sqlite3_column_int (stmt, 0) != 0;
          *warned_day = sqlite3_column_int64 (stmt, 1);
        }
      rc = rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
      sqlite3_finalize (stmt);
    }
  if (rc == SQLITE_OK)
    return TRUE;
  drivedash_store_set_sqlite_error (error, self->db, rc);
  return FALSE;
}

gboolean
drivedash_store_set_app_warning (DrivedashStore  *self,
                                 gint64           drive_id,
                                 const char      *app,
                                 gboolean         muted,
                                 gint64           warned_day,
                                 GError         **error)
{
  sqlite3_stmt *stmt;
  int rc = sqlite3_prepare_v2 (self->db,
                               "INSERT INTO app_warnings (drive_id, app, muted, warned_day) VALUES (?1, ?2, ?3, ?4)"
                               " ON CONFLICT (drive_id, app) DO UPDATE SET muted = ?3, warned_day = ?4",
                               -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int64 (stmt, 1, drive_id);
      sqlite3_bind_text (stmt, 2, app, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int (stmt, 3, muted ? 1 : 0);
      sqlite3_bind_int64 (stmt, 4, warned_day);
      rc = sqlite3_step (stmt);
      rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
      sqlite3_finalize (stmt);
    }
  if (rc == SQLITE_OK)
    return TRUE;
  drivedash_store_set_sqlite_error (error, self->db, rc);
  return FALSE;
}
