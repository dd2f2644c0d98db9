/* drivedash-history-jobs.h — the History view's store calls, each in a
 * worker thread on a connection of its own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-store.h"

G_BEGIN_DECLS

/* The listed runs and, when opening had to move a damaged file aside,
 * the message that says so. */
typedef struct
{
  GPtrArray *runs;        /* of DrivedashStoreRun */
  char      *recovery;
} DrivedashHistoryListing;

void                     drivedash_history_listing_free   (DrivedashHistoryListing *listing);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashHistoryListing, drivedash_history_listing_free)

/* path NULL: the default database. */
void                     drivedash_history_list_async     (const char          *path,
                                                           GCancellable        *cancellable,
                                                           GAsyncReadyCallback  callback,
                                                           gpointer             user_data);
DrivedashHistoryListing *drivedash_history_list_finish    (GAsyncResult        *result,
                                                           GError             **error);

/* Full runs (results with passes, series) in the order of @ids. */
void                     drivedash_history_load_async     (const char          *path,
                                                           const gint64        *ids,
                                                           guint                n_ids,
                                                           GCancellable        *cancellable,
                                                           GAsyncReadyCallback  callback,
                                                           gpointer             user_data);
GPtrArray               *drivedash_history_load_finish    (GAsyncResult        *result,
                                                           GError             **error);

typedef enum
{
  DRIVEDASH_HISTORY_EDIT_DELETE,
  DRIVEDASH_HISTORY_EDIT_NAME,
  DRIVEDASH_HISTORY_EDIT_NOTE,
} DrivedashHistoryEdit;

void                     drivedash_history_edit_async     (const char          *path,
                                                           DrivedashHistoryEdit edit,
                                                           gint64               id,
                                                           const char          *text,
                                                           GCancellable        *cancellable,
                                                           GAsyncReadyCallback  callback,
                                                           gpointer             user_data);
gboolean                 drivedash_history_edit_finish    (GAsyncResult        *result,
                                                           GError             **error);

G_END_DECLS
