/* drivedash-health-life.h — life left, data written and read, power-on
 * time, unsafe shutdowns, media errors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-health-section.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_LIFE (drivedash_health_life_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthLife, drivedash_health_life, DRIVEDASH, HEALTH_LIFE, DrivedashHealthSection)

G_END_DECLS
