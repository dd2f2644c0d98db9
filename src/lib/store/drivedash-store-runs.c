/* drivedash-store-runs.c — saving, listing and deleting stored runs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-store-private.h"

#define RUN_COLUMNS "id, kind, started_at, ended_at, status, error, app_version, kernel," \
  " drive_model, drive_firmware, drive_capacity, serial_hash, filesystem, settings," \
  " game_mode, temp_start_c, temp_end_c, note, name, set_id, set_role"

static void
bind_text (sqlite3_stmt *stmt,
           int           i,
           const char   *text)
{
  if (text != NULL)
    sqlite3_bind_text (stmt, i, text, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null (stmt, i);
}

static void
bind_real (sqlite3_stmt *stmt,
           int           i,
           double        value)
{
  if (isfinite (value))
    sqlite3_bind_double (stmt, i, value);
  else
    sqlite3_bind_null (stmt, i);
}

static int
insert_run_row (DrivedashStore    *self,
                DrivedashStoreRun *run)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db,
                               "INSERT INTO runs (kind, started_at, ended_at, status, error,"
                               " app_version, kernel, drive_model, drive_firmware, drive_capacity,"
                               " serial_hash, filesystem, settings, game_mode, temp_start_c,"
                               " temp_end_c, note, name, set_id, set_role)"
                               " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    return rc;
  bind_text (stmt, 1, drivedash_run_kind_to_string (run->kind));
  sqlite3_bind_int64 (stmt, 2, run->started_at);
  sqlite3_bind_int64 (stmt, 3, run->ended_at);
  bind_text (stmt, 4, drivedash_run_status_to_string (run->status));
  bind_text (stmt, 5, run->error);
  bind_text (stmt, 6, run->app_version);
  bind_text (stmt, 7, run->kernel);
  bind_text (stmt, 8, run->drive_model);
  bind_text (stmt, 9, run->drive_firmware);
  sqlite3_bind_int64 (stmt, 10, (sqlite3_int64) run->drive_capacity);
  bind_text (stmt, 11, run->serial_hash);
  bind_text (stmt, 12, run->filesystem);
  bind_text (stmt, 13, run->settings_json);
  if (run->game_mode == 0 || run->game_mode == 1)
    sqlite3_bind_int (stmt, 14, run->game_mode);
  bind_real (stmt, 15, run->temp_start_c);
  bind_real (stmt, 16, run->temp_end_c);
  bind_text (stmt, 17, run->note);
  bind_text (stmt, 18, run->name);
  if (run->set_id > 0)
    sqlite3_bind_int64 (stmt, 19, run->set_id);
  bind_text (stmt, 20, run->set_role);
  rc = sqlite3_step (stmt);
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    return rc;
  run->id = sqlite3_last_insert_rowid (self->db);
  return SQLITE_OK;
}

static int
insert_results (DrivedashStore    *self,
                DrivedashStoreRun *run)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db,
                               "INSERT INTO results (run_id, position, test, mode, mb_per_s, iops,"
                               " lat_mean_us, lat_p50_us, lat_p90_us, lat_p99_us, lat_p999_us,"
                               " lat_max_us, passes, checks) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                               -1, &stmt, NULL);

  for (guint i = 0; rc == SQLITE_OK && i < run->results->len; i++)
    {
      const DrivedashStoreResult *r = g_ptr_array_index (run->results, i);
      g_autofree double *le = g_new0 (double, MAX (r->passes->len, 1));

      /* Little-endian on disk whatever the host, so exports and copied
       * databases read the same everywhere. */
      for (guint p = 0; p < r->passes->len; p++)
        {
          union { double d; guint64 u; } v = { .d = g_array_index (r->passes, double, p) };

          v.u = GUINT64_TO_LE (v.u);
          le[p] = v.d;
        }
      sqlite3_reset (stmt);
      sqlite3_bind_int64 (stmt, 1, run->id);
      sqlite3_bind_int (stmt, 2, (int) i);
      bind_text (stmt, 3, r->test);
      bind_text (stmt, 4, r->mode);
      bind_real (stmt, 5, r->mb_per_s);
      bind_real (stmt, 6, r->iops);
      bind_real (stmt, 7, r->latency_us.mean);
      bind_real (stmt, 8, r->latency_us.p50);
      bind_real (stmt, 9, r->latency_us.p90);
      bind_real (stmt, 10, r->latency_us.p99);
      bind_real (stmt, 11, r->latency_us.p999);
      bind_real (stmt, 12, r->latency_us.max);
      sqlite3_bind_blob (stmt, 13, le, (int) (r->passes->len * sizeof (double)), SQLITE_TRANSIENT);
      bind_text (stmt, 14, r->checks);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_DONE)
        rc = SQLITE_OK;
    }
  sqlite3_finalize (stmt);
  return rc;
}

static int
insert_series (DrivedashStore    *self,
               DrivedashStoreRun *run)
{
  sqlite3_stmt *stmt = NULL;
  gsize size;
  gconstpointer data;
  int rc;

  if (run->series == NULL)
    return SQLITE_OK;
  rc = sqlite3_prepare_v2 (self->db, "INSERT INTO series (run_id, encoding, data) VALUES (?,?,?)",
                           -1, &stmt, NULL);
  if (rc != SQLITE_OK)
    return rc;
  data = g_bytes_get_data (run->series, &size);
  sqlite3_bind_int64 (stmt, 1, run->id);
  bind_text (stmt, 2, DRIVEDASH_STORE_SERIES_ENCODING);
  sqlite3_bind_blob (stmt, 3, data, (int) size, SQLITE_TRANSIENT);
  rc = sqlite3_step (stmt);
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int
drivedash_store_insert_run (DrivedashStore    *self,
                            DrivedashStoreRun *run)
{
  int rc = insert_run_row (self, run);

  if (rc == SQLITE_OK)
    rc = insert_results (self, run);
  if (rc == SQLITE_OK)
    rc = insert_series (self, run);
  return rc;
}

gboolean
drivedash_store_save_run (DrivedashStore    *self,
                          DrivedashStoreRun *run,
                          GError           **error)
{
  int rc;

  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), FALSE);
  g_return_val_if_fail (run != NULL, FALSE);

  if (!drivedash_store_check_name_note (run->name, run->note, error))
    {
      run->id = 0;
      return FALSE;
    }
  if (drivedash_store_begin (self, error))
    {
      rc = drivedash_store_insert_run (self, run);
      if (drivedash_store_commit (self, rc, error))
        return TRUE;
    }
  run->id = 0;
  return FALSE;
}

static char *
column_text (sqlite3_stmt *stmt,
             int           i)
{
  return g_strdup ((const char *) sqlite3_column_text (stmt, i));
}

static double
column_real (sqlite3_stmt *stmt,
             int           i)
{
  return sqlite3_column_type (stmt, i) == SQLITE_NULL ? NAN : sqlite3_column_double (stmt, i);
}

/* A row of RUN_COLUMNS. Unknown kinds and statuses (a newer Drivedash
 * that kept the same schema) read as "quick" and "failed". */
static DrivedashStoreRun *
run_from_row (sqlite3_stmt *stmt,
              gboolean      full)
{
  DrivedashRunKind kind = DRIVEDASH_RUN_KIND_QUICK;
  DrivedashStoreRun *run;

  drivedash_run_kind_from_string ((const char *) sqlite3_column_text (stmt, 1), &kind);
  run = drivedash_store_run_new (kind);
  run->id = sqlite3_column_int64 (stmt, 0);
  run->started_at = sqlite3_column_int64 (stmt, 2);
  run->ended_at = sqlite3_column_int64 (stmt, 3);
  if (!drivedash_run_status_from_string ((const char *) sqlite3_column_text (stmt, 4), &run->status))
    run->status = DRIVEDASH_RUN_STATUS_FAILED;
  run->error = column_text (stmt, 5);
  g_clear_pointer (&run->app_version, g_free);
  if (full)
    {
      run->app_version = column_text (stmt, 6);
      run->kernel = column_text (stmt, 7);
      run->settings_json = column_text (stmt, 13);
    }
  run->drive_model = column_text (stmt, 8);
  run->drive_firmware = column_text (stmt, 9);
  run->drive_capacity = (guint64) sqlite3_column_int64 (stmt, 10);
  run->serial_hash = column_text (stmt, 11);
  run->filesystem = column_text (stmt, 12);
  run->game_mode = sqlite3_column_type (stmt, 14) == SQLITE_NULL
                   ? DRIVEDASH_GAME_MODE_UNKNOWN : sqlite3_column_int (stmt, 14);
  run->temp_start_c = column_real (stmt, 15);
  run->temp_end_c = column_real (stmt, 16);
  run->note = column_text (stmt, 17);
  run->name = column_text (stmt, 18);
  run->set_id = sqlite3_column_int64 (stmt, 19);
  run->set_role = column_text (stmt, 20);
  return run;
}

/* The runs of a history repeat the same tests in the same order, so the
 * name at a position is nearly always the one the previous run had there:
 * reusing it skips g_intern_string()'s global lock for most rows. */
typedef struct
{
  const char *test[16];
  const char *mode[16];
} NameCache;

static const char *
cached_intern (const char **slot,
               const char  *text)
{
  text = text != NULL ? text : "";
  if (*slot == NULL || strcmp (*slot, text) != 0)
    *slot = g_intern_string (text);
  return *slot;
}

static DrivedashStoreResult *
result_from_row (sqlite3_stmt *stmt,
                 gboolean      full,
                 NameCache    *names)
{
  guint pos = (guint) sqlite3_column_int (stmt, 12) % G_N_ELEMENTS (names->test);
  DrivedashStoreResult *r = g_new0 (DrivedashStoreResult, 1);
  const guint8 *blob;
  int size;

  r->test = cached_intern (&names->test[pos], (const char *) sqlite3_column_text (stmt, 1));
  r->mode = cached_intern (&names->mode[pos], (const char *) sqlite3_column_text (stmt, 2));
  r->passes = g_array_new (FALSE, FALSE, sizeof (double));
  r->mb_per_s = column_real (stmt, 3);
  r->iops = column_real (stmt, 4);
  if (!full)
    return r;
  blob = sqlite3_column_blob (stmt, 11);
  size = sqlite3_column_bytes (stmt, 11);
  r->latency_us.mean = column_real (stmt, 5);
  r->latency_us.p50 = column_real (stmt, 6);
  r->latency_us.p90 = column_real (stmt, 7);
  r->latency_us.p99 = column_real (stmt, 8);
  r->latency_us.p999 = column_real (stmt, 9);
  r->latency_us.max = column_real (stmt, 10);
  r->checks = g_strdup ((const char *) sqlite3_column_text (stmt, 13));
  for (int p = 0; blob != NULL && p + (int) sizeof (double) <= size; p += sizeof (double))
    {
      union { double d; guint64 u; } v;

      memcpy (&v.u, blob + p, sizeof v.u);
      v.u = GUINT64_FROM_LE (v.u);
      g_array_append_val (r->passes, v.d);
    }
  return r;
}

/* Fills the results of @runs (keyed by id) from the rows of @where. */
static int
load_results (DrivedashStore *self,
              GHashTable     *runs,
              const char     *where,
              const char     *text_arg,
              gint64          int_arg,
              gboolean        full)
{
  /* A list reads every row of the results_list index in order (it
   * covers these columns) and keeps the rows of the runs it has: cheaper
   * than looking up each run's rows (measured with build-aux/bench-history). */
  g_autofree char *sql = full
    ? g_strdup_printf ("SELECT run_id, test, mode, mb_per_s, iops, lat_mean_us,"
                       " lat_p50_us, lat_p90_us, lat_p99_us, lat_p999_us,"
                       " lat_max_us, passes, position, checks FROM results WHERE run_id IN"
                       " (SELECT id FROM runs WHERE %s)"
                       " ORDER BY run_id, position", where)
    : g_strdup ("SELECT run_id, test, mode, mb_per_s, iops, NULL, NULL, NULL, NULL, NULL, NULL,"
                " NULL, position, NULL FROM results ORDER BY run_id, position");
  sqlite3_stmt *stmt = NULL;
  NameCache names = { { NULL } };
  DrivedashStoreRun *run = NULL;
  gint64 last_id = -1;
  int rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    return rc;
  if (full && text_arg != NULL)
    sqlite3_bind_text (stmt, 1, text_arg, -1, SQLITE_TRANSIENT);
  else if (full)
    sqlite3_bind_int64 (stmt, 1, int_arg);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      /* Rows come by run: look each run up once, not once per test. */
      if (id != last_id)
        {
          last_id = id;
          run = g_hash_table_lookup (runs, &id);
        }
      if (run != NULL)
        g_ptr_array_add (run->results, result_from_row (stmt, full, &names));
    }
  sqlite3_finalize (stmt);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* Runs matching @where (one "?" bound to text_arg, or else int_arg),
 * ordered by @order, with their results.  !full: what a list shows
 * (no settings, kernel, app version, passes or latency), which keeps a
 * list of 10,000 runs fast. */
static GPtrArray *
query_runs (DrivedashStore  *self,
            const char      *where,
            const char      *order,
            const char      *text_arg,
            gint64           int_arg,
            gboolean         full,
            GError         **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT " RUN_COLUMNS " FROM runs WHERE %s ORDER BY %s",
                                          where, order);
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_int64_hash, g_int64_equal);
  sqlite3_stmt *stmt = NULL;
  int rc;

  /* One read transaction: the other process may write between the two
   * queries otherwise. */
  rc = sqlite3_exec (self->db, "BEGIN", NULL, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    {
      if (text_arg != NULL)
        sqlite3_bind_text (stmt, 1, text_arg, -1, SQLITE_TRANSIENT);
      else
        sqlite3_bind_int64 (stmt, 1, int_arg);
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        {
          DrivedashStoreRun *run = run_from_row (stmt, full);

          g_ptr_array_add (runs, run);
          g_hash_table_insert (by_id, &run->id, run);
        }
      rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
    }
  sqlite3_finalize (stmt);
  if (rc == SQLITE_OK)
    rc = load_results (self, by_id, where, text_arg, int_arg, full);
  sqlite3_exec (self->db, "COMMIT", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    {
      drivedash_store_fail (self, rc, error);
      return NULL;
    }
  return g_steal_pointer (&runs);
}

GPtrArray *
drivedash_store_list_runs (DrivedashStore  *self,
                           const char      *serial_hash,
                           GError         **error)
{
  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), NULL);

  /* "+set_id": not through the runs_set_id index (nearly every run
   * matches), so the runs_started_at index gives the order without a
   * sort. */
  if (serial_hash != NULL)
    return query_runs (self, "+set_id IS NULL AND serial_hash = ?1", "started_at DESC, id DESC",
                       serial_hash, 0, FALSE, error);
  return query_runs (self, "+set_id IS NULL", "started_at DESC, id DESC", NULL, 0, FALSE, error);
}

GPtrArray *
drivedash_store_list_members (DrivedashStore  *self,
                              gint64           set_id,
                              GError         **error)
{
  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), NULL);
  return query_runs (self, "set_id = ?1", "started_at, id", NULL, set_id, TRUE, error);
}

static int
load_series (DrivedashStore    *self,
             DrivedashStoreRun *run)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, "SELECT data FROM series WHERE run_id = ? AND encoding = ?",
                               -1, &stmt, NULL);

  if (rc != SQLITE_OK)
    return rc;
  sqlite3_bind_int64 (stmt, 1, run->id);
  sqlite3_bind_text (stmt, 2, DRIVEDASH_STORE_SERIES_ENCODING, -1, SQLITE_STATIC);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    run->series = g_bytes_new (sqlite3_column_blob (stmt, 0), sqlite3_column_bytes (stmt, 0));
  sqlite3_finalize (stmt);
  return rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
}

DrivedashStoreRun *
drivedash_store_get_run (DrivedashStore  *self,
                         gint64           id,
                         GError         **error)
{
  g_autoptr(GPtrArray) runs = NULL;
  DrivedashStoreRun *run;
  int rc;

  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), NULL);
  runs = query_runs (self, "id = ?1", "id", NULL, id, TRUE, error);
  if (runs == NULL)
    return NULL;
  if (runs->len == 0)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                   _("There is no run %lld in the results history."), (long long) id);
      return NULL;
    }
  run = drivedash_store_run_ref (g_ptr_array_index (runs, 0));
  rc = load_series (self, run);
  if (rc != SQLITE_OK)
    {
      drivedash_store_run_unref (run);
      drivedash_store_fail (self, rc, error);
      return NULL;
    }
  return run;
}

static gboolean
update_run (DrivedashStore  *self,
            const char      *sql,
            gint64           id,
            const char      *text,
            GError         **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int64 (stmt, 1, id);
      bind_text (stmt, 2, text != NULL && *text != '\0' ? text : NULL);
      rc = sqlite3_step (stmt);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    return drivedash_store_fail (self, rc, error);
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                   _("There is no run %lld in the results history."), (long long) id);
      return FALSE;
    }
  return TRUE;
}

gboolean
drivedash_store_delete_run (DrivedashStore  *self,
                            gint64           id,
                            GError         **error)
{
  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), FALSE);
  /* ?2 is unused; ON DELETE CASCADE takes results, series and members. */
  return update_run (self, "DELETE FROM runs WHERE id = ?1 AND ?2 IS NULL", id, NULL, error);
}

gboolean
drivedash_store_check_name_note (const char  *name,
                                 const char  *note,
                                 GError     **error)
{
  if (name != NULL && (!g_utf8_validate (name, -1, NULL) || g_utf8_strlen (name, -1) > DRIVEDASH_STORE_NAME_MAX_CHARS))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("A run’s name can have at most %u characters."), DRIVEDASH_STORE_NAME_MAX_CHARS);
      return FALSE;
    }
  if (note != NULL && strlen (note) > DRIVEDASH_STORE_NOTE_MAX_BYTES)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("A run’s note can be at most %u KiB long."), DRIVEDASH_STORE_NOTE_MAX_BYTES / 1024);
      return FALSE;
    }
  return TRUE;
}

gboolean
drivedash_store_set_note (DrivedashStore  *self,
                          gint64           id,
                          const char      *note,
                          GError         **error)
{
  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), FALSE);
  if (!drivedash_store_check_name_note (NULL, note, error))
    return FALSE;
  return update_run (self, "UPDATE runs SET note = ?2 WHERE id = ?1", id, note, error);
}

gboolean
drivedash_store_set_name (DrivedashStore  *self,
                          gint64           id,
                          const char      *name,
                          GError         **error)
{
  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), FALSE);
  if (!drivedash_store_check_name_note (name, NULL, error))
    return FALSE;
  return update_run (self, "UPDATE runs SET name = ?2 WHERE id = ?1", id, name, error);
}

gboolean
drivedash_store_set_review_state (DrivedashStore  *self,
                                  gint64           id,
                                  const char      *settings_json,
                                  GError         **error)
{
  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), FALSE);
  return update_run (self, "UPDATE runs SET settings = ?2 WHERE id = ?1 AND kind = 'review'", id, settings_json,
                     error);
}

/* One UPDATE of ?1, ?2 (numbers) and ?3 (text) that must change a row:
 * SQLITE_NOTFOUND when it changed none. */
static int
update_one (DrivedashStore *self,
            const char     *sql,
            gint64          a,
            gint64          b,
            const char     *text)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL);

  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int64 (stmt, 1, a);
      sqlite3_bind_int64 (stmt, 2, b);
      bind_text (stmt, 3, text);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_DONE && sqlite3_changes (self->db) == 0)
        rc = SQLITE_NOTFOUND;
    }
  sqlite3_finalize (stmt);
  return rc;
}

gboolean
drivedash_store_add_to_set (DrivedashStore     *self,
                            gint64              set_id,
                            gint64              member_id,
                            const char         *role,
                            DrivedashRunStatus  status,
                            gint64              ended_at,
                            GError            **error)
{
  int rc;

  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), FALSE);
  g_return_val_if_fail (role != NULL, FALSE);

  if (!drivedash_store_begin (self, error))
    return FALSE;
  /* A set is never its own member, nor a member of its member. */
  rc = update_one (self, "UPDATE runs SET set_id = ?1, set_role = ?3 WHERE id = ?2 AND id != ?1"
                   " AND (SELECT set_id FROM runs WHERE id = ?1) IS NOT ?2", set_id, member_id, role);
  if (rc == SQLITE_DONE)
    rc = update_one (self, "UPDATE runs SET status = ?3, ended_at = ?2, error = NULL WHERE id = ?1",
                     set_id, ended_at, drivedash_run_status_to_string (status));
  if (rc != SQLITE_NOTFOUND)
    return drivedash_store_commit (self, rc, error);
  sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
  g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
               _("There is no run %lld or %lld in the results history."), (long long) set_id,
               (long long) member_id);
  return FALSE;
}
