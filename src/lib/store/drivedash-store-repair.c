/* drivedash-store-repair.c — a damaged results history: kept aside as it
 * was found, then mended in place (REINDEX) or, failing that, every row
 * that can still be read copied into a new file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <unistd.h>

#include "drivedash-aside.h"
#include "drivedash-store-private.h"

static const char *const db_suffixes[] = { "-wal", "-shm" };

/* sqlite3_mprintf() (for its %w and %Q quoting) as a string g_free() takes. */
static char *
sql_printf (const char *format,
            ...)
{
  va_list args;
  char *sql, *copy;

  va_start (args, format);
  sql = sqlite3_vmprintf (format, args);
  va_end (args);
  copy = g_strdup (sql);
  sqlite3_free (sql);
  return copy;
}

char *
drivedash_store_move_aside (const char        *path,
                            const struct stat *found)
{
  char *aside = drivedash_file_move_aside (path, found);

  for (guint i = 0; aside != NULL && i < G_N_ELEMENTS (db_suffixes); i++)
    {
      g_autofree char *from = g_strconcat (path, db_suffixes[i], NULL);
      g_autofree char *to = g_strconcat (aside, db_suffixes[i], NULL);

      drivedash_file_rename_noreplace (from, to);
    }
  return aside;
}

static void
remove_db_files (const char *path)
{
  g_unlink (path);
  for (guint i = 0; i < G_N_ELEMENTS (db_suffixes); i++)
    {
      g_autofree char *file = g_strconcat (path, db_suffixes[i], NULL);

      g_unlink (file);
    }
}

static gboolean
copy_file (const char *from,
           const char *to)
{
  g_autofree char *contents = NULL;
  gsize len;

  return g_file_get_contents (from, &contents, &len, NULL) &&
         g_file_set_contents_full (to, contents, len, G_FILE_SET_CONTENTS_NONE, 0600, NULL);
}

/* The aside copy stays as it was found; the work happens on a copy of
 * it (with its write-ahead log, which may hold the newest runs). */
static gboolean
make_work_copy (const char *aside,
                const char *work)
{
  g_autofree char *aside_wal = g_strconcat (aside, "-wal", NULL);
  g_autofree char *work_wal = g_strconcat (work, "-wal", NULL);

  remove_db_files (work);
  return copy_file (aside, work) &&
         (!g_file_test (aside_wal, G_FILE_TEST_EXISTS) || copy_file (aside_wal, work_wal));
}

static gboolean
answer_is_ok (sqlite3    *db,
              const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) == SQLITE_OK &&
                sqlite3_step (stmt) == SQLITE_ROW &&
                g_strcmp0 ((const char *) sqlite3_column_text (stmt, 0), "ok") == 0;

  sqlite3_finalize (stmt);
  return ok;
}

/* Damage confined to indexes (every row still readable) is mended by
 * rebuilding them.  The log is folded in, so the file stands alone. */
static gboolean
try_reindex (const char *work)
{
  sqlite3 *db = NULL;
  gboolean ok = sqlite3_open_v2 (work, &db, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
                sqlite3_exec (db, "REINDEX", NULL, NULL, NULL) == SQLITE_OK &&
                answer_is_ok (db, "PRAGMA integrity_check(1)") &&
                sqlite3_exec (db, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL) == SQLITE_OK;

  sqlite3_close (db);
  return ok;
}

/* Copies rows of @stmt into @insert until the first unreadable one. */
static void
copy_rows (sqlite3_stmt *stmt,
           sqlite3_stmt *insert)
{
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      for (int c = 0; c < sqlite3_column_count (stmt); c++)
        sqlite3_bind_value (insert, c + 1, sqlite3_column_value (stmt, c));
      sqlite3_step (insert);
      sqlite3_reset (insert);
    }
}

/* Reads the old table from its own b-tree (never a maybe damaged index),
 * forwards and then backwards, so that rows on both sides of a bad page
 * are kept.  A WITHOUT ROWID table is read forwards only. */
static void
copy_table (sqlite3    *old,
            sqlite3    *db,
            const char *table)
{
  g_autofree char *forward = sql_printf ("SELECT * FROM \"%w\" NOT INDEXED", table);
  g_autofree char *backward = sql_printf ("SELECT * FROM \"%w\" NOT INDEXED ORDER BY rowid DESC", table);
  sqlite3_stmt *stmt = NULL;
  sqlite3_stmt *insert = NULL;
  g_autoptr(GString) sql = g_string_new (NULL);

  if (sqlite3_prepare_v2 (old, forward, -1, &stmt, NULL) != SQLITE_OK)
    return;
  g_string_append_printf (sql, "INSERT OR REPLACE INTO \"%s\" VALUES (?", table);
  for (int c = 1; c < sqlite3_column_count (stmt); c++)
    g_string_append (sql, ", ?");
  g_string_append (sql, ")");
  if (sqlite3_prepare_v2 (db, sql->str, -1, &insert, NULL) == SQLITE_OK)
    {
      copy_rows (stmt, insert);
      sqlite3_finalize (stmt);
      stmt = NULL;
      if (sqlite3_prepare_v2 (old, backward, -1, &stmt, NULL) == SQLITE_OK)
        copy_rows (stmt, insert);
    }
  sqlite3_finalize (stmt);
  sqlite3_finalize (insert);
}

static GPtrArray *
list_tables (sqlite3 *db)
{
  GPtrArray *tables = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_prepare_v2 (db, "SELECT name FROM main.sqlite_master WHERE type = 'table'"
                          " AND name NOT LIKE 'sqlite_%'", -1, &stmt, NULL) == SQLITE_OK)
    while (sqlite3_step (stmt) == SQLITE_ROW)
      g_ptr_array_add (tables, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  sqlite3_finalize (stmt);
  return tables;
}

/* Rows whose parent was lost (results of an unreadable run) go, and
 * with foreign keys on, so do their own children. */
static void
drop_orphans (sqlite3   *db,
              GPtrArray *tables)
{
  int before;

  sqlite3_exec (db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
  do
    {
      before = sqlite3_total_changes (db);
      for (guint i = 0; i < tables->len; i++)
        {
          g_autofree char *sql = sql_printf ("SELECT \"from\", \"table\", \"to\" FROM "
                                                  "pragma_foreign_key_list(%Q)",
                                                  (const char *) tables->pdata[i]);
          sqlite3_stmt *stmt = NULL;

          if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
            continue;
          while (sqlite3_step (stmt) == SQLITE_ROW)
            {
              const char *col = (const char *) sqlite3_column_text (stmt, 0);
              const char *parent = (const char *) sqlite3_column_text (stmt, 1);
              const char *to = (const char *) sqlite3_column_text (stmt, 2);
              g_autofree char *del =
                sql_printf ("DELETE FROM \"%w\" WHERE \"%w\" IS NOT NULL AND \"%w\" NOT IN "
                                 "(SELECT \"%w\" FROM \"%w\")", (const char *) tables->pdata[i],
                                 col, col, to, parent);

              sqlite3_exec (db, del, NULL, NULL, NULL);
            }
          sqlite3_finalize (stmt);
        }
    }
  while (sqlite3_total_changes (db) != before);
}

static int
count_runs (sqlite3 *db)
{
  sqlite3_stmt *stmt = NULL;
  int n = 0;

  if (sqlite3_prepare_v2 (db, "SELECT count(*) FROM runs", -1, &stmt, NULL) == SQLITE_OK &&
      sqlite3_step (stmt) == SQLITE_ROW)
    n = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  return n;
}

static int
read_version (sqlite3 *db)
{
  sqlite3_stmt *stmt = NULL;
  int version = -1;

  if (sqlite3_prepare_v2 (db, "PRAGMA user_version", -1, &stmt, NULL) == SQLITE_OK &&
      sqlite3_step (stmt) == SQLITE_ROW)
    version = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  return version;
}

/* A new file at @path with the schema of the damaged @work (its version,
 * which opening then migrates) and every row that can be read from it,
 * the salt included.  Two connections, not ATTACH: a transaction that
 * touched a damaged attached file cannot commit.  Returns the number of
 * runs kept. */
static int
salvage (const char *work,
         const char *path)
{
  sqlite3 *old = NULL;
  sqlite3 *db = NULL;
  g_autoptr(GPtrArray) tables = NULL;
  int version, runs = 0;

  if (sqlite3_open_v2 (work, &old, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
      sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) == SQLITE_OK &&
      (version = read_version (old)) >= 1 && version <= DRIVEDASH_STORE_SCHEMA_VERSION &&
      sqlite3_exec (db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK &&
      drivedash_store_create_schema_version (db, version, NULL))
    {
      tables = list_tables (db);
      for (guint i = 0; i < tables->len; i++)
        copy_table (old, db, tables->pdata[i]);
      if (sqlite3_exec (db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK)
        {
          drop_orphans (db, tables);
          runs = count_runs (db);
        }
    }
  sqlite3_close (old);
  sqlite3_close (db);
  return runs;
}

char *
drivedash_store_repair (const char *path,
                        const char *aside)
{
  g_autofree char *work = g_strconcat (path, ".repairing", NULL);
  int runs;

  if (make_work_copy (aside, work) && try_reindex (work) && drivedash_file_rename_noreplace (work, path))
    return g_strdup_printf (_("Your history file was damaged. Drivedash repaired it and kept "
                              "every run; the old file is kept as %s."), aside);
  runs = salvage (work, path);
  remove_db_files (work);
  if (runs > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Your history file was damaged. Drivedash copied the "
                                         "%d run it could still read into a new history; the "
                                         "old file is kept as %s.",
                                         "Your history file was damaged. Drivedash copied the "
                                         "%d runs it could still read into a new history; the "
                                         "old file is kept as %s.", runs), runs, aside);
  return g_strdup_printf (_("Your history file was damaged and no run could be read from it, "
                            "so a new, empty history was started. The old file is kept as %s."),
                          aside);
}
