/* drivedash-ab.c — the game-mode A/B test's rules, shared by
 * "drivedash-cli ab" and the app
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-ab.h"
#include "drivedash-error.h"

DrivedashGameMode *
drivedash_ab_check_switchable (const DrivedashPowerPaths *paths,
                               const char                *controller,
                               DrivedashClientFlags       flags,
                               GCancellable              *cancellable,
                               GError                   **error)
{
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(DrivedashGameMode) again = NULL;

  state = drivedash_client_get_game_mode (paths, controller, flags, NULL, cancellable, error);
  if (state == NULL)
    return NULL;
  if (!state->supported)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                   _("%s has no automatic power saving (APST), so game mode cannot change "
                     "anything: the drive always runs at full speed. There is nothing to compare."),
                   controller);
      return NULL;
    }
  again = drivedash_client_set_game_mode (paths, controller, state->enabled, state->persistent,
                                          flags, NULL, cancellable, error);
  if (again == NULL)
    return NULL;
  return g_steal_pointer (&state);
}
