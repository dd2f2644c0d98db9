/* drivedash-aside.h — a damaged file kept aside as it was found,
 * "PATH.damaged-DATE", never replacing an earlier copy
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <sys/stat.h>

G_BEGIN_DECLS

/* Renames @path to "PATH.damaged-YYYYmmdd-HHMMSS" (or with "-N" after,
 * never replacing anything), only if @path is still the file @found
 * (another process may have moved it and made a new one; NULL: any).
 * Returns the new name, or NULL with errno set. */
char     *drivedash_file_move_aside     (const char        *path,
                                         const struct stat *found);
/* rename() that never replaces what is at @to (RENAME_NOREPLACE, or
 * link() and unlink() where the filesystem lacks it). */
gboolean  drivedash_file_rename_noreplace (const char      *from,
                                           const char      *to);

G_END_DECLS
