/* drivedash-folder-private.h — test hooks of drivedash-folder.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-folder.h"

G_BEGIN_DECLS

/* Fills block_device, disk, controller, drive_name and virtual_disk of
 * @info from the block device MAJOR:MINOR as @sysfs_root describes it
 * (a fixture tree in the tests).  Returns FALSE when @sysfs_root knows
 * no such block device. */
gboolean drivedash_folder_info_resolve_device (DrivedashFolderInfo *info,
                                               const char          *sysfs_root,
                                               guint                major,
                                               guint                minor);

/* Is a filesystem with this statfs() magic held in memory? */
gboolean drivedash_folder_fs_magic_in_memory  (gint64               f_type);

G_END_DECLS
