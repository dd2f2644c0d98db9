/* drivedash-history-item.h — one stored run in the History list
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "drivedash-store-run.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HISTORY_ITEM (drivedash_history_item_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHistoryItem, drivedash_history_item, DRIVEDASH, HISTORY_ITEM, GObject)

DrivedashHistoryItem    *drivedash_history_item_new          (DrivedashStoreRun    *run);
/* The run as listed: headline results, no passes or series. */
const DrivedashStoreRun *drivedash_history_item_get_run      (DrivedashHistoryItem *self);
gint64                   drivedash_history_item_get_id       (DrivedashHistoryItem *self);
const char              *drivedash_history_item_get_title    (DrivedashHistoryItem *self);
const char              *drivedash_history_item_get_subtitle (DrivedashHistoryItem *self);
const char              *drivedash_history_item_get_headline (DrivedashHistoryItem *self);
/* The subtitle and the speeds, for a screen reader after the title. */
const char              *drivedash_history_item_get_description (DrivedashHistoryItem *self);
/* The name or note changed in the store: updates the item. */
void                     drivedash_history_item_set_name     (DrivedashHistoryItem *self,
                                                              const char           *name);
void                     drivedash_history_item_set_note     (DrivedashHistoryItem *self,
                                                              const char           *note);
gboolean                 drivedash_history_item_get_selected (DrivedashHistoryItem *self);
void                     drivedash_history_item_set_selected (DrivedashHistoryItem *self,
                                                              gboolean              selected);

G_END_DECLS
