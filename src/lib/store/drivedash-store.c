/* drivedash-store.c — opening the results history: schema, migrations,
 * recovery from a damaged file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "drivedash-error.h"
#include "drivedash-paths.h"
#include "drivedash-store-private.h"

G_DEFINE_FINAL_TYPE (DrivedashStore, drivedash_store, G_TYPE_OBJECT)

/* migrations[i] takes a database from version i to i + 1.  Never edit a
 * step once released: add one.  tests/fixtures/store-v1.db was made by
 * step 0 (tests/fixtures/make-store-fixtures.sh). */
static const char *const migrations[] = {
  /* 0 → 1 */
  "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
  "CREATE TABLE runs (id INTEGER PRIMARY KEY, kind TEXT NOT NULL,"
  " started_at INTEGER NOT NULL, ended_at INTEGER, status TEXT NOT NULL, error TEXT,"
  " app_version TEXT, kernel TEXT, drive_model TEXT, drive_firmware TEXT,"
  " drive_capacity INTEGER, serial_hash TEXT, filesystem TEXT, settings TEXT,"
  " game_mode INTEGER, temp_start_c REAL, temp_end_c REAL, note TEXT);"
  "CREATE TABLE results (run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,"
  " position INTEGER NOT NULL, test TEXT NOT NULL, mode TEXT NOT NULL,"
  " mb_per_s REAL, iops REAL, lat_mean_us REAL, lat_p50_us REAL, lat_p90_us REAL,"
  " lat_p99_us REAL, lat_p999_us REAL, lat_max_us REAL, passes BLOB NOT NULL,"
  " PRIMARY KEY (run_id, position));"
  "CREATE INDEX runs_started_at ON runs (started_at);",
  /* 1 → 2: names, sets (repeat-N and A/B runs), the time series */
  "ALTER TABLE runs ADD COLUMN name TEXT;"
  "ALTER TABLE runs ADD COLUMN set_id INTEGER REFERENCES runs (id) ON DELETE CASCADE;"
  "ALTER TABLE runs ADD COLUMN set_role TEXT;"
  "CREATE INDEX runs_set_id ON runs (set_id);"
  "CREATE INDEX runs_serial_hash ON runs (serial_hash);"
  "CREATE TABLE series (run_id INTEGER PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,"
  " encoding TEXT NOT NULL, data BLOB NOT NULL);",
  /* 2 → 3: the watch — the drives it follows with its rules' memory, and
   * their health snapshots (drivedash-store-health.c) */
  "CREATE TABLE watch_drives (id INTEGER PRIMARY KEY, drive_key TEXT NOT NULL UNIQUE,"
  " model TEXT, controller TEXT, muted INTEGER NOT NULL DEFAULT 0,"
  " warned_bits INTEGER NOT NULL DEFAULT 0, hot_since INTEGER,"
  " hot_warned INTEGER NOT NULL DEFAULT 0, spare_warned INTEGER NOT NULL DEFAULT 0,"
  " used_level INTEGER NOT NULL DEFAULT 0, media_errors INTEGER, error_log_entries INTEGER,"
  " thinned_at INTEGER);"
  "CREATE TABLE health_snapshots (drive_id INTEGER NOT NULL REFERENCES watch_drives (id)"
  " ON DELETE CASCADE, taken_at INTEGER NOT NULL, samples INTEGER NOT NULL,"
  " temp_k REAL, temp_min_k INTEGER, temp_max_k INTEGER, critical_warning INTEGER,"
  " spare INTEGER, spare_threshold INTEGER, used INTEGER, units_read INTEGER,"
  " units_written INTEGER, power_on_hours INTEGER, media_errors INTEGER,"
  " error_log_entries INTEGER, tmt1_transitions INTEGER, tmt2_transitions INTEGER,"
  " tmt1_seconds INTEGER, tmt2_seconds INTEGER,"
  " PRIMARY KEY (drive_id, taken_at)) WITHOUT ROWID;",
  /* 3 → 4: the history list reads its headline numbers from this index
   * alone, without visiting the wide results rows (passes, latency). */
  "CREATE INDEX results_list ON results (run_id, position, test, mode, mb_per_s, iops);",
  /* 4 → 5: what each app wrote to each watched drive, per hour, then per
   * day (drivedash-store-app-writes.c); names only, no command lines. */
  "CREATE TABLE app_writes (drive_id INTEGER NOT NULL REFERENCES watch_drives (id) ON DELETE CASCADE,"
  " bucket INTEGER NOT NULL, span INTEGER NOT NULL, app TEXT NOT NULL, bytes INTEGER NOT NULL,"
  " PRIMARY KEY (drive_id, bucket, span, app)) WITHOUT ROWID;",
  /* 5 → 6: the watch's memory of each app's warnings: muted ("Don't Warn
   * About This App") and the day it was last told (once a day). */
  "CREATE TABLE app_warnings (drive_id INTEGER NOT NULL REFERENCES watch_drives (id) ON DELETE CASCADE,"
  " app TEXT NOT NULL, muted INTEGER NOT NULL DEFAULT 0, warned_day INTEGER NOT NULL DEFAULT 0,"
  " PRIMARY KEY (drive_id, app)) WITHOUT ROWID;",
  /* 6 → 7: per result, what the drive saw and why the figure can't be its
   * speed (drivedash_bench_result_dup_checks_json()), one JSON object. */
  "ALTER TABLE results ADD COLUMN checks TEXT;",
};

G_STATIC_ASSERT (G_N_ELEMENTS (migrations) == DRIVEDASH_STORE_SCHEMA_VERSION);

void
drivedash_store_set_sqlite_error (GError  **error,
                                  sqlite3  *db,
                                  int       rc)
{
  const char *detail = db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc);

  switch (rc & 0xff)
    {
    case SQLITE_FULL:
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NO_SPACE,
                           _("The disk that holds the results history is full, so nothing "
                             "was saved. Runs saved before are kept. Free some space and try again."));
      break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                           _("Another Drivedash window or command kept the results history "
                             "busy for too long. Try again in a moment."));
      break;
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
                   _("The results history cannot be opened for writing (%s)."), detail);
      break;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                           _("The results history is damaged. Restart Drivedash to start a new one."));
      break;
    default:
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   _("The results history could not be used (%s)."), detail);
      break;
    }
}

gboolean
drivedash_store_exec (sqlite3     *db,
                      const char  *sql,
                      GError     **error)
{
  int rc = sqlite3_exec (db, sql, NULL, NULL, NULL);

  if (rc == SQLITE_OK)
    return TRUE;
  drivedash_store_set_sqlite_error (error, db, rc);
  return FALSE;
}

static int
get_user_version (sqlite3 *db,
                  int     *rc_out)
{
  sqlite3_stmt *stmt = NULL;
  int version = -1;
  int rc = sqlite3_prepare_v2 (db, "PRAGMA user_version", -1, &stmt, NULL);

  if (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      version = sqlite3_column_int (stmt, 0);
      rc = SQLITE_OK;
    }
  sqlite3_finalize (stmt);
  if (rc_out != NULL)
    *rc_out = rc;
  return version;
}

static gboolean
apply_migrations (sqlite3  *db,
                  int       from,
                  int       to,
                  GError  **error)
{
  for (int v = from; v < to; v++)
    {
      g_autofree char *bump = g_strdup_printf ("PRAGMA user_version = %d", v + 1);

      if (!drivedash_store_exec (db, migrations[v], error) ||
          !drivedash_store_exec (db, bump, error))
        return FALSE;
    }
  /* A per-database salt for serial hashes, made once. */
  if (from == 0 && to > 0)
    {
      g_autofree char *salt = g_strdup_printf ("%08x%08x%08x%08x", g_random_int (),
                                               g_random_int (), g_random_int (), g_random_int ());
      g_autofree char *sql = g_strdup_printf ("INSERT INTO meta (key, value) VALUES ('serial_salt', '%s')", salt);

      return drivedash_store_exec (db, sql, error);
    }
  return TRUE;
}

gboolean
drivedash_store_create_schema_version (sqlite3  *db,
                                       int       version,
                                       GError  **error)
{
  g_return_val_if_fail (version >= 1 && version <= DRIVEDASH_STORE_SCHEMA_VERSION, FALSE);
  return apply_migrations (db, 0, version, error);
}

/* In one IMMEDIATE transaction, so that two processes opening a new
 * database at once migrate it once. */
static gboolean
migrate_locked (sqlite3  *db,
                GError  **error)
{
  int version, rc;

  if (!drivedash_store_exec (db, "BEGIN IMMEDIATE", error))
    return FALSE;
  version = get_user_version (db, &rc);
  if (rc != SQLITE_OK)
    {
      drivedash_store_set_sqlite_error (error, db, rc);
      sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }
  if (version > DRIVEDASH_STORE_SCHEMA_VERSION)
    {
      sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                   _("The results history was written by a newer version of Drivedash "
                     "(format %d). Update Drivedash to open it; it was left untouched."), version);
      return FALSE;
    }
  return apply_migrations (db, version, DRIVEDASH_STORE_SCHEMA_VERSION, error) &&
         drivedash_store_exec (db, "COMMIT", error);
}

/* *failed_rc: the SQLite code of a failure, to tell damage apart. */
static gboolean
migrate (sqlite3  *db,
         int      *failed_rc,
         GError  **error)
{
  if (migrate_locked (db, error))
    return TRUE;
  *failed_rc = sqlite3_extended_errcode (db);
  sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
  return FALSE;
}

static gboolean
is_damage (int rc)
{
  return (rc & 0xff) == SQLITE_CORRUPT || (rc & 0xff) == SQLITE_NOTADB;
}

static char *
marker_path (const char *path)
{
  return g_strconcat (path, ".check", NULL);
}

void
drivedash_store_note_damage (DrivedashStore *self,
                             int             rc)
{
  g_autofree char *marker = NULL;

  if (!is_damage (rc))
    return;
  marker = marker_path (self->path);
  g_file_set_contents (marker, "", 0, NULL);
}

gboolean
drivedash_store_fail (DrivedashStore  *self,
                      int              rc,
                      GError         **error)
{
  drivedash_store_note_damage (self, rc);
  drivedash_store_set_sqlite_error (error, self->db, rc);
  return FALSE;
}

gboolean
drivedash_store_begin (DrivedashStore  *self,
                       GError         **error)
{
  int rc = sqlite3_exec (self->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);

  return rc == SQLITE_OK || drivedash_store_fail (self, rc, error);
}

gboolean
drivedash_store_commit (DrivedashStore  *self,
                        int              rc,
                        GError         **error)
{
  if (rc == SQLITE_OK || rc == SQLITE_DONE)
    rc = sqlite3_exec (self->db, "COMMIT", NULL, NULL, NULL);
  if (rc == SQLITE_OK)
    return TRUE;
  drivedash_store_fail (self, rc, error);
  sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
  return FALSE;
}

/* A full integrity check reads every page: a second or more for a big
 * history.  So it runs only when a query has met damage before (the
 * marker file); otherwise opening reads the schema and the meta table,
 * which catches a file that is not a database or whose first pages are
 * damaged, and later damage sets the marker for the next start. */
static int
check_integrity (sqlite3    *db,
                 const char *path)
{
  g_autofree char *marker = marker_path (path);
  const char *sql = g_file_test (marker, G_FILE_TEST_EXISTS) ? "PRAGMA quick_check(1)"
                                                            : "SELECT count(*) FROM sqlite_master";
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL);

  if (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *answer = (const char *) sqlite3_column_text (stmt, 0);

      rc = g_str_equal (answer, "ok") || g_ascii_isdigit (*answer) ? SQLITE_OK : SQLITE_CORRUPT;
    }
  sqlite3_finalize (stmt);
  if (rc == SQLITE_OK)
    g_unlink (marker);
  return rc;
}

static int
read_salt (sqlite3  *db,
           char    **salt)
{
  sqlite3_stmt *stmt = NULL;
  int rc = sqlite3_prepare_v2 (db, "SELECT value FROM meta WHERE key = 'serial_salt'", -1, &stmt, NULL);

  if (rc == SQLITE_OK && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    *salt = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  return rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* A read-only open cannot migrate: it reads only the current format. */
static gboolean
check_current_version (sqlite3     *db,
                       const char  *path,
                       GError     **error)
{
  int rc, version = get_user_version (db, &rc);

  if (rc != SQLITE_OK)
    {
      drivedash_store_set_sqlite_error (error, db, rc);
      return FALSE;
    }
  if (version == DRIVEDASH_STORE_SCHEMA_VERSION)
    return TRUE;
  if (version > DRIVEDASH_STORE_SCHEMA_VERSION)
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                 _("The results history was written by a newer version of Drivedash "
                   "(format %d). Update Drivedash to open it; it was left untouched."), version);
  else
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
                 _("The results history %s is in an older format, and Drivedash may not "
                   "write there to update it. Make that folder writable and try again."), path);
  return FALSE;
}

/* Settings, an integrity check, the migrations and the salt.  *failed_rc
 * is the SQLite code of a failure (damage, or no right to write). */
static gboolean
prepare (sqlite3     *db,
         const char  *path,
         gboolean     read_only,
         char       **salt,
         int         *failed_rc,
         GError     **error)
{
  int rc;

  *failed_rc = SQLITE_OK;
  sqlite3_busy_timeout (db, DRIVEDASH_STORE_BUSY_TIMEOUT_MS);
  sqlite3_extended_result_codes (db, 1);
  rc = check_integrity (db, path);
  /* The salt before anything writes: reading the meta table is part of
   * the check, and a fresh database has none yet (SQLITE_ERROR). */
  if (rc == SQLITE_OK && (rc = read_salt (db, salt)) == SQLITE_ERROR)
    rc = SQLITE_OK;
  /* WAL only now: switching rewrites the header, and a damaged file is
   * kept as it was found. */
  if (rc == SQLITE_OK && !read_only)
    rc = sqlite3_exec (db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
  if (rc == SQLITE_OK)
    rc = sqlite3_exec (db, "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    {
      *failed_rc = rc;
      drivedash_store_set_sqlite_error (error, db, rc);
      return FALSE;
    }
  if (read_only)
    return check_current_version (db, path, error);
  if (!migrate (db, failed_rc, error))
    return FALSE;
  if (*salt == NULL && (rc = read_salt (db, salt)) != SQLITE_OK)
    {
      drivedash_store_set_sqlite_error (error, db, rc);
      return FALSE;
    }
  return TRUE;
}

/* Read-only, a WAL database needs its -shm file, which a read-only
 * folder cannot hold; with no -wal left, nothing else writes there, so
 * the file can be read as immutable. */
static int
open_read_only (const char  *path,
                sqlite3    **db)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *uri = NULL;
  g_autofree char *immutable = NULL;
  int rc = sqlite3_open_v2 (path, db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL);

  if (rc == SQLITE_OK && sqlite3_exec (*db, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL) == SQLITE_OK)
    return SQLITE_OK;
  if (!g_path_is_absolute (path) || g_file_test (wal, G_FILE_TEST_EXISTS))
    return rc == SQLITE_OK ? sqlite3_extended_errcode (*db) : rc;
  sqlite3_close (*db);
  *db = NULL;
  uri = g_filename_to_uri (path, NULL, NULL);
  immutable = g_strconcat (uri, "?immutable=1", NULL);
  return sqlite3_open_v2 (immutable, db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX |
                          SQLITE_OPEN_URI, NULL);
}

static sqlite3 *
open_file (const char   *path,
           gboolean      read_only,
           char        **salt,
           int          *failed_rc,
           struct stat  *found,
           GError      **error)
{
  sqlite3 *db = NULL;
  int rc = read_only ? open_read_only (path, &db)
                     : sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                                        SQLITE_OPEN_NOMUTEX, NULL);

  *failed_rc = rc;
  if (rc != SQLITE_OK)
    {
      drivedash_store_set_sqlite_error (error, db, rc);
      sqlite3_close (db);
      return NULL;
    }
  /* Which file this is, so that moving it aside moves this one only. */
  if (found != NULL && g_stat (path, found) != 0)
    memset (found, 0, sizeof *found);
  if (!prepare (db, path, read_only, salt, failed_rc, error))
    {
      sqlite3_close (db);
      return NULL;
    }
  return db;
}

char *
drivedash_store_get_default_path (void)
{
  return drivedash_paths_data_file ("results.db");
}

static gboolean
is_not_writable (int rc)
{
  return (rc & 0xff) == SQLITE_READONLY || (rc & 0xff) == SQLITE_CANTOPEN ||
         (rc & 0xff) == SQLITE_PERM || (rc & 0xff) == SQLITE_AUTH;
}

/* Keeps the damaged file aside as it was and opens a repaired one. */
static gboolean
recover (DrivedashStore     *self,
         const struct stat  *found,
         GError            **error)
{
  g_autofree char *aside = drivedash_store_move_aside (self->path, found);
  int rc;

  if (aside == NULL)
    return FALSE;
  g_clear_error (error);
  self->recovery_message = drivedash_store_repair (self->path, aside);
  g_clear_pointer (&self->salt, g_free);
  self->db = open_file (self->path, FALSE, &self->salt, &rc, NULL, error);
  return self->db != NULL;
}

static gboolean
open_locked (DrivedashStore  *self,
             GError         **error)
{
  struct stat found;
  int rc;

  self->db = open_file (self->path, FALSE, &self->salt, &rc, &found, error);
  if (self->db == NULL && is_damage (rc))
    return recover (self, &found, error);
  if (self->db == NULL && is_not_writable (rc))
    {
      g_autoptr(GError) read_error = NULL;

      g_clear_pointer (&self->salt, g_free);
      self->db = open_file (self->path, TRUE, &self->salt, &rc, NULL, &read_error);
      /* A plain "cannot open" says less than why writing failed. */
      if (self->db == NULL && !is_not_writable (rc))
        {
          g_clear_error (error);
          g_propagate_error (error, g_steal_pointer (&read_error));
        }
      else if (self->db != NULL)
        g_clear_error (error);
    }
  return self->db != NULL;
}

/* Opening, checking and moving aside happen under one lock, so that two
 * processes or threads that meet the same damage do not both move the
 * file.  The lock is on the folder itself: that works where nothing can
 * be created, and it never leaves a file behind. */
static int
lock_folder (const char *dir)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  while (fd >= 0 && flock (fd, LOCK_EX) != 0 && errno == EINTR)
    ;
  return fd;
}

DrivedashStore *
drivedash_store_open (const char  *path,
                      GError     **error)
{
  g_autoptr(DrivedashStore) self = g_object_new (DRIVEDASH_TYPE_STORE, NULL);
  g_autofree char *dir = NULL;
  gboolean opened;
  int lock;

  self->path = path != NULL ? g_strdup (path) : drivedash_store_get_default_path ();
  dir = g_path_get_dirname (self->path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
                   _("The folder for the results history, %s, cannot be made: %s."),
                   dir, g_strerror (saved));
      return NULL;
    }
  lock = lock_folder (dir);
  opened = open_locked (self, error);
  if (lock >= 0)
    close (lock);
  return opened ? g_steal_pointer (&self) : NULL;
}

const char *
drivedash_store_get_path (DrivedashStore *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), NULL);
  return self->path;
}

const char *
drivedash_store_get_recovery_message (DrivedashStore *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), NULL);
  return self->recovery_message;
}

int
drivedash_store_get_schema_version (DrivedashStore *self)
{
  return get_user_version (self->db, NULL);
}

char *
drivedash_store_hash_serial (DrivedashStore *self,
                             const char     *serial)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree char *trimmed = g_strstrip (g_strdup (serial != NULL ? serial : ""));

  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), NULL);
  if (*trimmed == '\0')
    return NULL;
  g_checksum_update (sum, (const guchar *) (self->salt ? self->salt : ""), -1);
  g_checksum_update (sum, (const guchar *) "\n", 1);
  g_checksum_update (sum, (const guchar *) trimmed, -1);
  return g_strdup (g_checksum_get_string (sum));
}

static void
drivedash_store_finalize (GObject *object)
{
  DrivedashStore *self = DRIVEDASH_STORE (object);

  sqlite3_close (self->db);
  g_free (self->path);
  g_free (self->salt);
  g_free (self->recovery_message);
  G_OBJECT_CLASS (drivedash_store_parent_class)->finalize (object);
}

static void
drivedash_store_class_init (DrivedashStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = drivedash_store_finalize;
}

static void
drivedash_store_init (DrivedashStore *self)
{
}
