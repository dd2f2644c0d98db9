/* drivedash-trim-private.h — the filesystem half of drivedash-trim.c, on
 * any sysfs tree and mountinfo file (fixtures in the tests)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-trim.h"

G_BEGIN_DECLS

/* Fills drive_trims, n_filesystems, n_discard and n_blocked of @status
 * for @controller's namespaces, their partitions and every holder above
 * them (device-mapper, RAID).  FALSE with drivedash_drive_lookup()'s
 * error when @sysfs_root has no such controller. */
gboolean drivedash_trim_scan_filesystems (DrivedashTrimStatus *status,
                                          const char          *sysfs_root,
                                          const char          *mountinfo,
                                          const char          *controller,
                                          GError             **error);

/* Is this mount's option list one that trims as it deletes? */
gboolean drivedash_trim_options_discard  (const char          *options);

G_END_DECLS
