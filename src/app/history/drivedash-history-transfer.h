/* drivedash-history-transfer.h — the History view's Export and Import:
 * a run as JSON, CSV or CrystalDiskMark-style text; runs from a JSON file
 * made on another computer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-history-page.h"

G_BEGIN_DECLS

/* "history.export" and "history.import" on the page's class. */
void                  drivedash_history_transfer_install_actions (GtkWidgetClass       *widget_class);

/* The format a file name asks for: "csv", "txt", else "json". */
const char           *drivedash_history_transfer_format_for      (const char           *basename);

/* Shows @toast (transfer full) at once, before any toast already on
 * screen (drivedash-history-page.c). */
void                  drivedash_history_page_show_toast          (DrivedashHistoryPage *self,
                                                                  AdwToast             *toast);
/* The run on the page's "run" view, or NULL (drivedash-history-page.c). */
DrivedashHistoryItem *drivedash_history_page_get_current         (DrivedashHistoryPage *self);

/* The runs a report made now is of: the opened run, or the long-test
 * comparison's runs (A first); NULL on the speed comparison, whose model
 * knows its own (drivedash-history-page.c). */
GArray               *drivedash_history_page_dup_report_ids      (DrivedashHistoryPage *self);

/* The export and import themselves, in a worker thread; path NULL: the
 * default history.  Export writes @id's run to @file in the format its
 * name asks for; import adds every run of a JSON export (all or none)
 * and returns how many (-1 with @error), and the first one's new id in
 * @first_id (may be NULL). */
void                  drivedash_history_export_async  (const char          *path,
                                                       gint64               id,
                                                       GFile               *file,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean              drivedash_history_export_finish (GAsyncResult        *result,
                                                       GError             **error);
void                  drivedash_history_import_async  (const char          *path,
                                                       GFile               *file,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gssize                drivedash_history_import_finish (GAsyncResult        *result,
                                                       gint64              *first_id,
                                                       GError             **error);

G_END_DECLS
