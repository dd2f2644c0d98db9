/* drivedash-error-log.c — Error Information log decoder
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-error-log.h"
#include "drivedash-le.h"

GArray *
drivedash_error_log_decode (const guint8  *bytes,
                            gsize          len,
                            GError       **error)
{
  GArray *entries;
  gsize n;

  if (bytes == NULL || len < DRIVEDASH_ERROR_LOG_ENTRY_SIZE)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("The drive’s error log is too short (%lu of %d bytes)."),
                   (gulong) (bytes != NULL ? len : 0), DRIVEDASH_ERROR_LOG_ENTRY_SIZE);
      return NULL;
    }

  n = MIN (len / DRIVEDASH_ERROR_LOG_ENTRY_SIZE, DRIVEDASH_ERROR_LOG_MAX_ENTRIES);
  entries = g_array_sized_new (FALSE, TRUE, sizeof (DrivedashErrorLogEntry), (guint) n);

  /* Offsets from the NVMe Base Specification, "Error Information Log
   * Entry Data Structure". */
  for (gsize i = 0; i < n; i++)
    {
      const guint8 *e = bytes + i * DRIVEDASH_ERROR_LOG_ENTRY_SIZE;
      DrivedashErrorLogEntry entry;

      /* memset: padding included, so entries compare with memcmp. */
      memset (&entry, 0, sizeof entry);
      entry.error_count = drivedash_le64 (e + 0);
      if (entry.error_count == 0)
        continue;
      entry.submission_queue_id = drivedash_le16 (e + 8);
      entry.command_id = drivedash_le16 (e + 10);
      /* Bit 0 is the phase tag, which says nothing about the error. */
      entry.status = drivedash_le16 (e + 12) >> 1;
      entry.parameter_error_location = drivedash_le16 (e + 14);
      entry.lba = drivedash_le64 (e + 16);
      entry.nsid = drivedash_le32 (e + 24);
      entry.transport_type = e[29];
      entry.command_specific = drivedash_le64 (e + 32);
      g_array_append_val (entries, entry);
    }

  return entries;
}
