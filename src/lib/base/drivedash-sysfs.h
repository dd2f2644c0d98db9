/* drivedash-sysfs.h — small helpers for reading sysfs attributes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The attribute's contents with surrounding whitespace (the kernel's
 * newline, the drive's space padding) removed; NULL when it cannot be read.
 * Non-UTF-8 bytes are replaced, so the result is always printable.
 * errno_out (may be NULL) receives the errno of a failed read. */
char     *drivedash_sysfs_read_string (const char *path,
                                       int        *errno_out);
gboolean  drivedash_sysfs_read_int64  (const char *path,
                                       gint64     *out,
                                       int        *errno_out);
gboolean  drivedash_sysfs_read_uint64 (const char *path,
                                       guint64    *out,
                                       int        *errno_out);

G_END_DECLS
