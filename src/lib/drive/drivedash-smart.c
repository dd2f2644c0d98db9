/* drivedash-smart.c — SMART / Health Information log decoder
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-le.h"
#include "drivedash-smart.h"

DrivedashU128
drivedash_data_units_to_bytes (DrivedashU128 units)
{
  return drivedash_u128_mul_saturating (units, DRIVEDASH_BYTES_PER_DATA_UNIT);
}

static const struct
{
  const char *id;
  const char *text;
} critical_warnings[8] = {
  { "spare", N_("The drive has used up almost all of its spare blocks that replace worn-out ones.") },
  { "temperature", N_("The drive has raised its temperature warning.") },
  { "reliability", N_("The drive reports that it has become unreliable because of media or internal errors.") },
  { "read-only", N_("The drive has switched itself to read-only to protect your data.") },
  { "volatile-backup", N_("The drive’s power-loss protection has failed.") },
  { "pmr-read-only", N_("The drive’s persistent memory region has become read-only.") },
  { "reserved-6", N_("The drive reports a warning that this version of Drivedash does not know.") },
  { "reserved-7", N_("The drive reports a warning that this version of Drivedash does not know.") },
};

const char *
drivedash_critical_warning_describe (guint bit)
{
  if (bit >= G_N_ELEMENTS (critical_warnings))
    bit = G_N_ELEMENTS (critical_warnings) - 1;
  return _(critical_warnings[bit].text);
}

const char *
drivedash_critical_warning_id (guint bit)
{
  if (bit >= G_N_ELEMENTS (critical_warnings))
    bit = G_N_ELEMENTS (critical_warnings) - 1;
  return critical_warnings[bit].id;
}

gboolean
drivedash_smart_log_decode (const guint8       *bytes,
                            gsize               len,
                            DrivedashSmartLog  *out,
                            GError            **error)
{
  g_return_val_if_fail (out != NULL, FALSE);

  if (bytes == NULL || len < DRIVEDASH_SMART_LOG_SIZE)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("The drive’s health log is too short (%lu of %d bytes)."),
                   (gulong) (bytes != NULL ? len : 0), DRIVEDASH_SMART_LOG_SIZE);
      return FALSE;
    }

  memset (out, 0, sizeof *out);

  /* Offsets from the NVMe Base Specification, figure "SMART / Health
   * Information Log Page". */
  out->critical_warning = bytes[0];
  out->temperature_kelvin = drivedash_le16 (bytes + 1);
  out->available_spare_percent = bytes[3];
  out->available_spare_threshold_percent = bytes[4];
  out->percentage_used = bytes[5];
  out->endurance_group_critical_warning = bytes[6];
  out->data_units_read = drivedash_u128_from_le_bytes (bytes + 32);
  out->data_units_written = drivedash_u128_from_le_bytes (bytes + 48);
  out->host_read_commands = drivedash_u128_from_le_bytes (bytes + 64);
  out->host_write_commands = drivedash_u128_from_le_bytes (bytes + 80);
  out->controller_busy_minutes = drivedash_u128_from_le_bytes (bytes + 96);
  out->power_cycles = drivedash_u128_from_le_bytes (bytes + 112);
  out->power_on_hours = drivedash_u128_from_le_bytes (bytes + 128);
  out->unsafe_shutdowns = drivedash_u128_from_le_bytes (bytes + 144);
  out->media_errors = drivedash_u128_from_le_bytes (bytes + 160);
  out->error_log_entries = drivedash_u128_from_le_bytes (bytes + 176);
  out->warning_temperature_minutes = drivedash_le32 (bytes + 192);
  out->critical_temperature_minutes = drivedash_le32 (bytes + 196);
  for (guint i = 0; i < DRIVEDASH_N_TEMPERATURE_SENSORS; i++)
    out->temperature_sensors_kelvin[i] = drivedash_le16 (bytes + 200 + 2 * i);
  out->thermal_management_1_transitions = drivedash_le32 (bytes + 216);
  out->thermal_management_2_transitions = drivedash_le32 (bytes + 220);
  out->thermal_management_1_seconds = drivedash_le32 (bytes + 224);
  out->thermal_management_2_seconds = drivedash_le32 (bytes + 228);

  return TRUE;
}
