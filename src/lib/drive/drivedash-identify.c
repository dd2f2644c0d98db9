/* drivedash-identify.c — Identify Controller decoder
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-identify.h"
#include "drivedash-le.h"

/* The specification pads ASCII strings with spaces; drives also put NULs
 * or junk there.  Keep printable ASCII, trim, so the result is valid UTF-8
 * and safe to print. */
void
drivedash_copy_ascii (char         *dest,
                      gsize         dest_size,
                      const guint8 *src,
                      gsize         src_len)
{
  gsize start = 0, end = MIN (src_len, dest_size - 1);

  /* A NUL ends the string early. */
  for (gsize i = 0; i < end; i++)
    if (src[i] == '\0')
      {
        end = i;
        break;
      }
  while (start < end && src[start] == ' ')
    start++;
  while (end > start && src[end - 1] == ' ')
    end--;

  /* The whole destination is written, so two decodes of the same bytes
   * compare equal with memcmp. */
  memset (dest, 0, dest_size);
  for (gsize i = start; i < end; i++)
    dest[i - start] = (src[i] >= 0x20 && src[i] < 0x7f) ? (char) src[i] : '?';
}

/* Power fields of a power-state descriptor come with a 2-bit scale:
 * 00 = not reported, 01 = 0.0001 W, 10 = 0.01 W. */
static guint64
scaled_power_uw (guint16 value,
                 guint8  scale)
{
  switch (scale)
    {
    case 1:
      return (guint64) value * 100;
    case 2:
      return (guint64) value * 10000;
    default:
      return 0;
    }
}

gboolean
drivedash_identify_decode (const guint8       *bytes,
                           gsize               len,
                           DrivedashIdentify  *out,
                           GError            **error)
{
  guint npss;

  g_return_val_if_fail (out != NULL, FALSE);

  if (bytes == NULL || len < DRIVEDASH_IDENTIFY_SIZE)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("The drive’s identification data is too short (%lu of %d bytes)."),
                   (gulong) (bytes != NULL ? len : 0), DRIVEDASH_IDENTIFY_SIZE);
      return FALSE;
    }

  memset (out, 0, sizeof *out);

  /* Offsets from the NVMe Base Specification, "Identify Controller Data
   * Structure". */
  out->vendor_id = drivedash_le16 (bytes + 0);
  out->subsystem_vendor_id = drivedash_le16 (bytes + 2);
  drivedash_copy_ascii (out->serial, sizeof out->serial, bytes + 4, 20);
  drivedash_copy_ascii (out->model, sizeof out->model, bytes + 24, 40);
  drivedash_copy_ascii (out->firmware, sizeof out->firmware, bytes + 64, 8);
  out->version = drivedash_le32 (bytes + 80);
  out->oacs = drivedash_le16 (bytes + 256);
  out->frmw = bytes[260];
  out->error_log_page_entries = (guint) bytes[262] + 1;
  npss = bytes[263];
  out->apst_supported = (bytes[265] & 0x1) != 0;
  out->warning_temperature_kelvin = drivedash_le16 (bytes + 266);
  out->critical_temperature_kelvin = drivedash_le16 (bytes + 268);
  out->total_capacity_bytes = drivedash_u128_from_le_bytes (bytes + 280);
  out->unallocated_capacity_bytes = drivedash_u128_from_le_bytes (bytes + 296);
  out->extended_self_test_minutes = drivedash_le16 (bytes + 316);
  out->host_thermal_management_supported = drivedash_le16 (bytes + 322);
  out->min_thermal_management_kelvin = drivedash_le16 (bytes + 324);
  out->max_thermal_management_kelvin = drivedash_le16 (bytes + 326);

  /* NPSS is 0's based and at most 31: a byte can say 255, the table only
   * has room for 32 entries. */
  out->n_power_states = MIN (npss + 1, DRIVEDASH_MAX_POWER_STATES);
  for (guint i = 0; i < out->n_power_states; i++)
    {
      const guint8 *psd = bytes + 2048 + 32 * i;
      DrivedashPowerState *ps = &out->power_states[i];
      gboolean mxps = (psd[3] & 0x1) != 0;

      ps->index = i;
      /* MP is in 0.01 W, or 0.0001 W when MXPS is set. */
      ps->max_power_microwatts = (guint64) drivedash_le16 (psd + 0) * (mxps ? 100 : 10000);
      ps->non_operational = (psd[3] & 0x2) != 0;
      ps->entry_latency_us = drivedash_le32 (psd + 4);
      ps->exit_latency_us = drivedash_le32 (psd + 8);
      ps->idle_power_microwatts = scaled_power_uw (drivedash_le16 (psd + 16), psd[18] >> 6);
      ps->active_power_microwatts = scaled_power_uw (drivedash_le16 (psd + 20), psd[22] >> 6);
    }

  return TRUE;
}
