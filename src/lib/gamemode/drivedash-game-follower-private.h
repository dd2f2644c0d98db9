/* drivedash-game-follower-private.h — test hooks of the game follower
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-game-follower.h"

G_BEGIN_DECLS

/* Every switch-on waits @on_ms and every switch-off @off_ms first, in
 * its thread: a test can then stop a follower, or start a new one, while
 * a switch is still to come, the overlaps a quick off-and-on of the
 * setting can give. */
void drivedash_game_follower_set_delays_for_testing (guint on_ms,
                                                     guint off_ms);

G_END_DECLS
