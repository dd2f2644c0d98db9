/* drivedash-health-history.h — the Health page's History group: what the
 * background watch recorded about the chosen drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-health-history-model.h"
#include "drivedash-health-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_HISTORY (drivedash_health_history_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthHistory, drivedash_health_history, DRIVEDASH, HEALTH_HISTORY, AdwPreferencesGroup)

DrivedashHealthHistoryModel *drivedash_health_history_get_history (DrivedashHealthHistory *self);

G_END_DECLS
