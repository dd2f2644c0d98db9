/* drivedash-firmware-log.c — Firmware Slot Information log decoder
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-firmware-log.h"
#include "drivedash-identify.h"

gboolean
drivedash_firmware_log_decode (const guint8          *bytes,
                               gsize                  len,
                               guint8                 frmw,
                               DrivedashFirmwareLog  *out,
                               GError               **error)
{
  g_return_val_if_fail (out != NULL, FALSE);

  if (bytes == NULL || len < DRIVEDASH_FIRMWARE_LOG_SIZE)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("The drive’s firmware slot log is too short (%lu of %d bytes)."),
                   (gulong) (bytes != NULL ? len : 0), DRIVEDASH_FIRMWARE_LOG_SIZE);
      return FALSE;
    }

  memset (out, 0, sizeof *out);
  out->slot1_read_only = (frmw & 0x1) != 0;
  /* A count of 0 is not allowed; a drive that says so has slot 1. */
  out->n_slots = MAX ((frmw >> 1) & 0x7, 1);

  /* Offsets from the NVMe Base Specification, "Firmware Slot Information
   * Log": AFI in byte 0, FRS1 to FRS7 as 8 ASCII bytes from byte 8.  Slot
   * numbers 0 are "not reported"; one above n_slots is nonsense. */
  out->active_slot = bytes[0] & 0x7;
  if (out->active_slot > out->n_slots)
    out->active_slot = 0;
  out->next_slot = (bytes[0] >> 4) & 0x7;
  if (out->next_slot > out->n_slots)
    out->next_slot = 0;
  for (guint i = 0; i < out->n_slots; i++)
    drivedash_copy_ascii (out->revisions[i], sizeof out->revisions[i], bytes + 8 + 8 * i, 8);

  return TRUE;
}

const char *
drivedash_firmware_log_get_active (const DrivedashFirmwareLog *log)
{
  const char *rev;

  if (log->active_slot < 1 || log->active_slot > DRIVEDASH_FIRMWARE_MAX_SLOTS)
    return NULL;
  rev = log->revisions[log->active_slot - 1];
  return *rev != '\0' ? rev : NULL;
}
