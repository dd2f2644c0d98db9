/* drivedash-game-follower-private.h — test hooks of the game follower
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-game-follower.h"

G_BEGIN_DECLS

/* Every switch-off waits @ms first, in its thread: a test can then start
 * a new follower while an old one's switch-off is still to come, the
 * overlap a quick off-and-on of the setting can give. */
void drivedash_game_follower_set_off_delay_for_testing (guint ms);

G_END_DECLS
