/* drivedash-firmware-log.h — the NVMe Firmware Slot Information log (0x03)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DRIVEDASH_FIRMWARE_LOG_SIZE 512
#define DRIVEDASH_FIRMWARE_MAX_SLOTS 7

/* Which firmware the drive holds, slot by slot.  Slots are numbered 1 to
 * 7 as in the specification; revisions[i] is slot i + 1, "" when empty. */
typedef struct
{
  guint    active_slot;      /* AFI bits 2:0; 0 = not reported */
  guint    next_slot;        /* AFI bits 6:4: active after the next reset; 0 = none */
  guint    n_slots;          /* Identify FRMW bits 3:1, 1 to 7 */
  gboolean slot1_read_only;  /* Identify FRMW bit 0 */
  char     revisions[DRIVEDASH_FIRMWARE_MAX_SLOTS][9]; /* trimmed, valid UTF-8 */
} DrivedashFirmwareLog;

/* Decodes the log page (needs ≥ 512 bytes) with @frmw, the Identify
 * Controller FRMW byte that says how many slots there are and whether
 * slot 1 is read-only.  Otherwise DRIVEDASH_ERROR_INVALID_ARGUMENT.
 * Pure: no I/O. */
gboolean drivedash_firmware_log_decode (const guint8          *bytes,
                                        gsize                  len,
                                        guint8                 frmw,
                                        DrivedashFirmwareLog  *out,
                                        GError               **error);

/* The revision that runs now, or NULL when the active slot is unknown or
 * empty. */
const char *drivedash_firmware_log_get_active (const DrivedashFirmwareLog *log);

G_END_DECLS
