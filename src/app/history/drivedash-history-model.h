/* drivedash-history-model.h — the History view's view-model: the stored
 * runs, the drive filter, rename, note and delete with undo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-history-item.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HISTORY_MODEL (drivedash_history_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHistoryModel, drivedash_history_model, DRIVEDASH, HISTORY_MODEL, GObject)

/* path NULL: $XDG_DATA_HOME/drivedash/results.db */
DrivedashHistoryModel *drivedash_history_model_new              (const char            *path);
const char            *drivedash_history_model_get_path         (DrivedashHistoryModel *self);
/* Reads the list again (in a worker thread); "loading" while it does. */
void                   drivedash_history_model_reload           (DrivedashHistoryModel *self);
gboolean               drivedash_history_model_get_loading      (DrivedashHistoryModel *self);
/* The runs the filter keeps, newest first (of DrivedashHistoryItem). */
GListModel            *drivedash_history_model_get_runs         (DrivedashHistoryModel *self);
/* "All drives" then each drive's model name (a GtkStringList). */
GListModel            *drivedash_history_model_get_drives       (DrivedashHistoryModel *self);
guint                  drivedash_history_model_get_drive_filter (DrivedashHistoryModel *self);
void                   drivedash_history_model_set_drive_filter (DrivedashHistoryModel *self,
                                                                 guint                  index);
/* What went wrong, or that a damaged history was moved aside; NULL. */
const char            *drivedash_history_model_get_status       (DrivedashHistoryModel *self);
/* Why the last import added nothing, in full (a toast has one short
 * line), or NULL; the page shows it until the next import. */
const char            *drivedash_history_model_get_import_error (DrivedashHistoryModel *self);
void                   drivedash_history_model_set_import_error (DrivedashHistoryModel *self,
                                                                 const char            *why);
/* How many runs are ticked for Compare. */
guint                  drivedash_history_model_get_n_selected   (DrivedashHistoryModel *self);
/* The ticked runs' ids, in list order (at most 6). */
GArray                *drivedash_history_model_dup_selected_ids (DrivedashHistoryModel *self);

/* Takes @item off the list at once; the store forgets it only on
 * commit_remove() (the toast's timeout), so undo_remove() loses nothing.
 * Removing another run commits the one before. */
void                   drivedash_history_model_remove           (DrivedashHistoryModel *self,
                                                                 DrivedashHistoryItem  *item);
void                   drivedash_history_model_undo_remove      (DrivedashHistoryModel *self);
void                   drivedash_history_model_commit_remove    (DrivedashHistoryModel *self);
gboolean               drivedash_history_model_get_can_undo     (DrivedashHistoryModel *self);
/* The run taken off the list and not yet forgotten, or NULL: a toast's
 * Undo and timeout act only on their own run. */
DrivedashHistoryItem  *drivedash_history_model_get_removed      (DrivedashHistoryModel *self);
/* The listed run @id (whatever the drive filter), or NULL. */
DrivedashHistoryItem  *drivedash_history_model_find             (DrivedashHistoryModel *self,
                                                                 gint64                 id);

/* "" or NULL clears. */
void                   drivedash_history_model_rename           (DrivedashHistoryModel *self,
                                                                 DrivedashHistoryItem  *item,
                                                                 const char            *name);
void                   drivedash_history_model_set_note         (DrivedashHistoryModel *self,
                                                                 DrivedashHistoryItem  *item,
                                                                 const char            *note);

/* Counts the store calls still running (tests wait for 0). */
guint                  drivedash_history_model_get_n_pending    (DrivedashHistoryModel *self);

G_END_DECLS
