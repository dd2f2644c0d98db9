/* drivedash-service-offer-private.h — the tests' hook into "Get Full
 * Features" (internal to lib/client and the tests)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* drivedash_service_offer_place_detect() reads @path as the system's
 * os-release from now on (NULL: the usual places again), so a test can
 * show the dialog as on Debian 12 or Ubuntu 24.04. */
void drivedash_service_offer_set_os_release_for_testing (const char *path);

G_END_DECLS
