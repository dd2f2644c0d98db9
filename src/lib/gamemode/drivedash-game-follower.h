/* drivedash-game-follower.h — game mode that follows your games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Watches Feral GameMode on the session bus (com.feralinteractive.GameMode:
 * ClientCount and its PropertiesChanged, GameRegistered/GameUnregistered)
 * or, in the Flatpak, the GameMode portal's Active property.  When the
 * first game starts, game mode is turned on for each controller where it
 * is off — temporarily, through drivedashd, so the service puts it back if
 * this process dies.  When the last game ends it is turned off again, but
 * only on the controllers this object turned on and whose setting nobody
 * changed meanwhile (made persistent, or turned off): a setting the user
 * chose is never touched.  Stopping the follower, or dropping it, turns
 * off by the same rule what it turned on, in the background.  The
 * switches of all followers in the process run one at a time, in the
 * order asked, so a follower that replaces a stopped one sees the old
 * one's switch-off done.
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-client.h"

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_GAME_SOURCE_FERAL,   /* com.feralinteractive.GameMode */
  DRIVEDASH_GAME_SOURCE_PORTAL,  /* org.freedesktop.portal.GameMode */
} DrivedashGameSource;

#define DRIVEDASH_TYPE_GAME_FOLLOWER (drivedash_game_follower_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashGameFollower, drivedash_game_follower, DRIVEDASH, GAME_FOLLOWER, GObject)

/* controllers: the drives to switch (NULL-terminated, copied).  The game
 * source is watched on @session; game mode goes through the client with
 * @flags (paths NULL: the real system). */
DrivedashGameFollower *drivedash_game_follower_new          (GDBusConnection           *session,
                                                             DrivedashGameSource        source,
                                                             const char * const        *controllers,
                                                             const DrivedashPowerPaths *paths,
                                                             DrivedashClientFlags       flags);
/* TRUE while a game runs (property "games-running"). */
gboolean               drivedash_game_follower_get_games_running (DrivedashGameFollower *self);
/* TRUE while game mode is on because of this object ("active"). */
gboolean               drivedash_game_follower_get_active        (DrivedashGameFollower *self);
/* Stops following games and turns off what this object turned on (as
 * when the last game ends), in a thread that needs no follower: it may be
 * unreferenced at once.  Disposing does the same.  Does not block. */
void                   drivedash_game_follower_stop              (DrivedashGameFollower *self);
/* The last failure to switch, for people; NULL if none ("error"). */
const char            *drivedash_game_follower_get_error         (DrivedashGameFollower *self);

G_END_DECLS
