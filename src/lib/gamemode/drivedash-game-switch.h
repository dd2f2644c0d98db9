/* drivedash-game-switch.h — game mode switched around other work: the
 * check that it can be switched, temporary switches, and the user's
 * state put back.  Shared by the A/B test (drivedash-ab.c) and the full
 * review (lib/review), so both switch and restore the same way.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-client.h"

G_BEGIN_DECLS

/* The user's game-mode state, to put back afterwards; or NULL with the
 * reason game mode cannot be switched, so no round is run: no APST
 * (DRIVEDASH_ERROR_NOT_SUPPORTED), no service and not root, permission
 * denied.  Setting the current state again is the permission check: it
 * changes nothing.  Blocking: call it from a worker thread in the app. */
DrivedashGameMode *drivedash_ab_check_switchable (const DrivedashPowerPaths *paths,
                                                  const char                *controller,
                                                  DrivedashClientFlags       flags,
                                                  GCancellable              *cancellable,
                                                  GError                   **error);

#define DRIVEDASH_TYPE_GAME_SWITCH (drivedash_game_switch_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashGameSwitch, drivedash_game_switch, DRIVEDASH, GAME_SWITCH, GObject)

/* @paths are copied.  Each call below runs its blocking client calls in
 * a worker thread and calls back on the caller's main context; one call
 * at a time. */
DrivedashGameSwitch     *drivedash_game_switch_new          (const DrivedashPowerPaths *paths,
                                                             const char                *controller,
                                                             DrivedashClientFlags       flags);
/* drivedash_ab_check_switchable(), keeping the user's state to put back.
 * From here until the restore the system-bus connection is held:
 * drivedashd undoes a temporary switch when the connection that asked for
 * it closes, which also puts the state back if the process is killed. */
void                     drivedash_game_switch_check_async   (DrivedashGameSwitch  *self,
                                                              GAsyncReadyCallback   callback,
                                                              gpointer              user_data);
gboolean                 drivedash_game_switch_check_finish  (DrivedashGameSwitch  *self,
                                                              GAsyncResult         *result,
                                                              GError              **error);
/* Game mode @on until the restore (SetGameModeTemporary); after a check. */
void                     drivedash_game_switch_set_async     (DrivedashGameSwitch  *self,
                                                              gboolean              on,
                                                              GAsyncReadyCallback   callback,
                                                              gpointer              user_data);
gboolean                 drivedash_game_switch_set_finish    (DrivedashGameSwitch  *self,
                                                              GAsyncResult         *result,
                                                              GError              **error);
/* Puts the user's state back, reads it back and lets the bus go; FALSE
 * with why it could not be put back. */
void                     drivedash_game_switch_restore_async  (DrivedashGameSwitch  *self,
                                                               GAsyncReadyCallback   callback,
                                                               gpointer              user_data);
gboolean                 drivedash_game_switch_restore_finish (DrivedashGameSwitch  *self,
                                                               GAsyncResult         *result,
                                                               GError              **error);
/* The user's state before; NULL until a check succeeded. */
const DrivedashGameMode *drivedash_game_switch_get_original   (DrivedashGameSwitch  *self);
/* Whether game mode is on after the restore, as read back (or, when it
 * could not be read, as asked for; when it could not be put back, the
 * opposite of the user's state). */
gboolean                 drivedash_game_switch_get_enabled_after (DrivedashGameSwitch *self);

G_END_DECLS
