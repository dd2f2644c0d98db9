/* drivedash-health-upkeep.h — the Upkeep group: weekly trim and offered
 * firmware updates
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-health-section.h"
#include "drivedash-health-upkeep-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_UPKEEP (drivedash_health_upkeep_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthUpkeep, drivedash_health_upkeep, DRIVEDASH, HEALTH_UPKEEP, DrivedashHealthSection)

/* The group's own view-model; it follows the page model's drive. */
DrivedashHealthUpkeepModel *drivedash_health_upkeep_get_upkeep (DrivedashHealthUpkeep *self);

G_END_DECLS
