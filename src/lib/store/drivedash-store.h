/* drivedash-store.h — the results history: every run, in one SQLite
 * database that the app and the CLI share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * $XDG_DATA_HOME/drivedash/results.db, in WAL mode with a busy timeout, so
 * the app and drivedash-cli may write at the same time.  Calls block (a
 * few ms); the app runs them in a GTask thread.  A DrivedashStore is used
 * from one thread at a time.
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-store-run.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_STORE (drivedash_store_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashStore, drivedash_store, DRIVEDASH, STORE, GObject)

/* The current schema version (PRAGMA user_version). */
#define DRIVEDASH_STORE_SCHEMA_VERSION 7

/* $XDG_DATA_HOME/drivedash/results.db */
char              *drivedash_store_get_default_path (void);

/* Opens (creating it and its folder when needed) and migrates to the
 * current schema.  A damaged file is kept as "results.db.damaged-DATE"
 * (never replacing an earlier one) and the history rebuilt from what can
 * still be read: drivedash_store_get_recovery_message() then says so in
 * plain words.  Processes and threads opening at once take turns, so one
 * damage is handled once.  Where the history cannot be written (a
 * read-only folder) it is opened read-only: reading works, saving fails
 * with DRIVEDASH_ERROR_NOT_WRITABLE.  path NULL: the default path.
 * Errors: DRIVEDASH_ERROR_*, for people (e.g. a database written by a
 * newer Drivedash). */
DrivedashStore    *drivedash_store_open             (const char        *path,
                                                     GError           **error);
const char        *drivedash_store_get_path         (DrivedashStore    *self);
/* NULL unless opening had to move a damaged database aside. */
const char        *drivedash_store_get_recovery_message (DrivedashStore *self);

/* Salted SHA-256 of a drive serial, hex; the salt is random and kept per
 * database, so the same drive matches across runs but not across
 * computers, and the serial cannot be read back. */
char              *drivedash_store_hash_serial      (DrivedashStore    *self,
                                                     const char        *serial);

/* Saves @run (and its results and series) in one transaction and sets
 * run->id.  A full disk gives DRIVEDASH_ERROR_NO_SPACE and saves nothing;
 * runs saved before are never touched. */
gboolean           drivedash_store_save_run         (DrivedashStore    *self,
                                                     DrivedashStoreRun *run,
                                                     GError           **error);

/* Every run that is not a member of a set, newest first, with what a
 * list shows: results with MB/s and IOPS (the headline numbers), but no
 * passes, latency, settings, kernel, app version or series (get_run()
 * has them).  serial_hash (may be NULL) keeps only that drive's runs. */
GPtrArray         *drivedash_store_list_runs        (DrivedashStore    *self,
                                                     const char        *serial_hash,
                                                     GError           **error);
/* One run with results and series; DRIVEDASH_ERROR_NOT_FOUND if none. */
DrivedashStoreRun *drivedash_store_get_run          (DrivedashStore    *self,
                                                     gint64             id,
                                                     GError           **error);
/* The members of a set, in run order (results, no series). */
GPtrArray         *drivedash_store_list_members     (DrivedashStore    *self,
                                                     gint64             set_id,
                                                     GError           **error);
/* Deletes a run, and the members of a set. */
gboolean           drivedash_store_delete_run       (DrivedashStore    *self,
                                                     gint64             id,
                                                     GError           **error);
/* Makes the saved run @member_id a member of the set @set_id, as @role
 * ("step" in a full review), and gives the set @status and @ended_at: a
 * set kept part by part, as a review keeps each step when it ends.  One
 * transaction; DRIVEDASH_ERROR_NOT_FOUND when either run is not there. */
gboolean           drivedash_store_add_to_set       (DrivedashStore     *self,
                                                     gint64              set_id,
                                                     gint64              member_id,
                                                     const char         *role,
                                                     DrivedashRunStatus  status,
                                                     gint64              ended_at,
                                                     GError            **error);
/* The longest name a run may have (characters) and note (bytes): a
 * name is a title in a list, a note a few paragraphs. */
#define DRIVEDASH_STORE_NAME_MAX_CHARS 200
#define DRIVEDASH_STORE_NOTE_MAX_BYTES 4096
/* FALSE with DRIVEDASH_ERROR_INVALID_ARGUMENT, in plain words, when @name
 * or @note (either may be NULL) is longer than that. */
gboolean           drivedash_store_check_name_note  (const char        *name,
                                                     const char        *note,
                                                     GError           **error);
/* NULL or "" clears; too long a name or note is refused. */
gboolean           drivedash_store_set_note         (DrivedashStore    *self,
                                                     gint64             id,
                                                     const char        *note,
                                                     GError           **error);
gboolean           drivedash_store_set_name         (DrivedashStore    *self,
                                                     gint64             id,
                                                     const char        *name,
                                                     GError           **error);
/* Replaces the settings of the full review @id (a run of kind
 * "review"), which keep its whole state (lib/review): its settings, its
 * plan, the steps done and their figures.  The history, not a file
 * beside it, holds what the review is.  DRIVEDASH_ERROR_NOT_FOUND when it
 * is gone. */
gboolean           drivedash_store_set_review_state (DrivedashStore    *self,
                                                     gint64             id,
                                                     const char        *settings_json,
                                                     GError           **error);

G_END_DECLS
