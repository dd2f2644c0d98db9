/* drivedash-history-page.h — the History view: stored runs, one run
 * rebuilt, and 2–6 runs compared
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-ab-model.h"
#include "drivedash-compare-model.h"
#include "drivedash-history-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HISTORY_PAGE (drivedash_history_page_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHistoryPage, drivedash_history_page, DRIVEDASH, HISTORY_PAGE, AdwBin)

DrivedashHistoryModel *drivedash_history_page_get_model         (DrivedashHistoryPage *self);
DrivedashCompareModel *drivedash_history_page_get_compare_model (DrivedashHistoryPage *self);
DrivedashAbModel      *drivedash_history_page_get_ab_model      (DrivedashHistoryPage *self);
/* "list", "run" or "compare". */
const char            *drivedash_history_page_get_view          (DrivedashHistoryPage *self);
/* Shows @item's run, rebuilt from the store (async). */
void                   drivedash_history_page_open              (DrivedashHistoryPage *self,
                                                                 DrivedashHistoryItem *item);

G_END_DECLS
