/* drivedash-thermal.h — the drive's thermal-management counters
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-smart.h"

G_BEGIN_DECLS

/* The SMART log of @controller through drivedash_client_get_health()
 * (drivedashd, UDisks2 or, as root, directly; never a password prompt).
 * FALSE when no source gives the whole log: the thermal-management
 * counters are unknown then. */
gboolean drivedash_thermal_read (const char        *controller,
                                 DrivedashSmartLog *out,
                                 GCancellable      *cancellable);

G_END_DECLS
