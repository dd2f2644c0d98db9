/* drivedash-health-game-mode.h — the game-mode switches
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-health-section.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_GAME_MODE (drivedash_health_game_mode_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthGameMode, drivedash_health_game_mode, DRIVEDASH, HEALTH_GAME_MODE, DrivedashHealthSection)

G_END_DECLS
