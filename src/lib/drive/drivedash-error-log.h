/* drivedash-error-log.h — the NVMe Error Information log (log page 0x01)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DRIVEDASH_ERROR_LOG_ENTRY_SIZE 64
/* We read at most this many entries (4 KiB): the newest ones. */
#define DRIVEDASH_ERROR_LOG_MAX_ENTRIES 64

/* One entry: a command the controller completed with an error.  For
 * experts; people get the count (error_log_entries in the SMART log). */
typedef struct
{
  guint64 error_count;              /* unique, increasing; 0 = empty entry */
  guint16 submission_queue_id;      /* 0 = admin queue */
  guint16 command_id;
  guint16 status;                   /* status field without the phase bit: SC | SCT << 8 | … */
  guint16 parameter_error_location; /* 0xffff = not given */
  guint64 lba;
  guint32 nsid;
  guint8  transport_type;
  guint64 command_specific;
} DrivedashErrorLogEntry;

/* Decodes len / 64 entries, skipping empty ones (error count 0), newest
 * first as the drive returns them.  Needs at least one whole entry;
 * otherwise DRIVEDASH_ERROR_INVALID_ARGUMENT.  Pure: no I/O.
 * (element-type DrivedashErrorLogEntry) */
GArray *drivedash_error_log_decode (const guint8  *bytes,
                                    gsize          len,
                                    GError       **error);

G_END_DECLS
