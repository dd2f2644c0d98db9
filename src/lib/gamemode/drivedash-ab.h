/* drivedash-ab.h — the game-mode A/B test's rules, shared by
 * "drivedash-cli ab" and the app: the round order and the refusal before
 * the first round
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-client.h"

G_BEGIN_DECLS

/* Rounds alternate off, on, off, on…, so drift (the drive warming up,
 * its cache filling) hits both sides alike.  round counts from 0. */
static inline gboolean
drivedash_ab_round_is_on (guint round)
{
  return round % 2 == 1;
}

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

G_END_DECLS
