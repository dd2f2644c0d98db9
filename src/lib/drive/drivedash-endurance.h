/* drivedash-endurance.h — the makers' ratings of common drives
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The maker's rated endurance in terabytes written (TBW) for a drive
 * model string as the drive reports it, or 0 when the model is not in
 * the built-in table. */
guint    drivedash_endurance_lookup_tb (const char *model);
/* The data sheet's large-file (sequential) read and write speeds in MB/s
 * (10^6 bytes/s); FALSE, and both 0, when the model is not in the table. */
gboolean drivedash_rated_speed_lookup  (const char *model,
                                        guint      *read_mb_per_s,
                                        guint      *write_mb_per_s);

G_END_DECLS
