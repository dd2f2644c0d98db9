/* drivedash-store-private.h — internals of DrivedashStore shared by its
 * files and the tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sqlite3.h>
#include <sys/stat.h>

#include "drivedash-store.h"

G_BEGIN_DECLS

struct _DrivedashStore
{
  GObject  parent_instance;
  sqlite3 *db;
  char    *path;
  char    *salt;
  char    *recovery_message;
};

/* How long a writer waits for the other process's transaction. */
#define DRIVEDASH_STORE_BUSY_TIMEOUT_MS 10000

/* Creates the schema of exactly @version on an empty database (the
 * migrations up to it): the tests make old databases with it. */
gboolean drivedash_store_create_schema_version (sqlite3  *db,
                                                int       version,
                                                GError  **error);
/* The schema version of an open store (PRAGMA user_version). */
int      drivedash_store_get_schema_version    (DrivedashStore *self);

/* An SQLite failure as a DRIVEDASH_ERROR for people: SQLITE_FULL is
 * NO_SPACE, SQLITE_BUSY says another Drivedash holds the database. */
void     drivedash_store_set_sqlite_error      (GError  **error,
                                                sqlite3  *db,
                                                int       rc);
/* Inserts a run, its results and series inside the caller's
 * transaction; sets run->id.  Returns an SQLite code. */
int      drivedash_store_insert_run            (DrivedashStore    *self,
                                                DrivedashStoreRun *run);
/* After a query met a damaged page (SQLITE_CORRUPT/NOTADB): the next
 * open runs a full integrity check and moves the file aside if needed. */
void     drivedash_store_note_damage           (DrivedashStore *self,
                                                int             rc);
/* A failed SQLite call as the caller's error, damage noted (see above).
 * Always FALSE, so that `return drivedash_store_fail (…)` reads right. */
gboolean drivedash_store_fail                  (DrivedashStore  *self,
                                                int              rc,
                                                GError         **error);
/* A write: BEGIN IMMEDIATE takes the write lock now (waiting up to the
 * busy timeout for another process), not halfway through.  _commit ends
 * it with rc, the SQLite code of the work done in between: COMMIT when
 * it is OK or DONE, else the error is set (before ROLLBACK, which would
 * clear SQLite's message) and it rolls back. */
gboolean drivedash_store_begin                 (DrivedashStore  *self,
                                                GError         **error);
gboolean drivedash_store_commit                (DrivedashStore  *self,
                                                int              rc,
                                                GError         **error);
/* Renames the damaged database at @path (with its -wal and -shm) to
 * "PATH.damaged-DATE", never replacing an earlier copy, and only if
 * @path is still the file @found (another process may have moved it and
 * started a new one).  The caller holds the open lock.  Returns the new
 * name, or NULL with errno set. */
char    *drivedash_store_move_aside            (const char        *path,
                                                const struct stat *found);
/* Makes a sound database at @path from the damaged copy @aside, which it
 * leaves as it is: rebuilt indexes if that mends it, else every row that
 * can still be read.  Returns the notice for the user. */
char    *drivedash_store_repair                (const char *path,
                                                const char *aside);
/* Runs SQL without results; FALSE with the error set on failure. */
gboolean drivedash_store_exec                  (sqlite3     *db,
                                                const char  *sql,
                                                GError     **error);

/* CSV for the exports (drivedash-store-export.c): a number with three
 * decimals (nothing when not finite) and an RFC 4180 field, formulas
 * defused. */
void     drivedash_store_csv_append_number     (GString     *s,
                                                double       value);
void     drivedash_store_csv_append_field      (GString     *s,
                                                const char  *value);

G_END_DECLS
