/* drivedash-endurance.h — rated write endurance of common drives
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The maker's rated endurance in terabytes written (TBW) for a drive
 * model string as the drive reports it, or 0 when the model is not in
 * the built-in table. */
guint drivedash_endurance_lookup_tb (const char *model);

G_END_DECLS
