/* drivedash-autostart-private.h — test hooks of the autostart opt-in
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-autostart.h"

G_BEGIN_DECLS

/* Take the Flatpak path (the Background portal) outside a Flatpak, so a
 * test can answer it with a mock portal on its own session bus. */
void drivedash_autostart_set_use_portal_for_testing (gboolean use_portal);

G_END_DECLS
