/* drivedash-health-json.c — the health model as JSON members
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every key is always present; unknown values are null, so scripts can rely
 * on the key list.  128-bit counters K come twice: "K" as a JSON integer
 * (exact up to 2^63 − 1, the largest integer json-glib writes; beyond it,
 * the nearest double) and "K_exact" as the exact decimal string.
 *
 * Keys, in order:
 *   controller, model, serial, firmware (strings, trimmed), state (the
 *   kernel's controller state: "live", "resetting", "dead", …, or null);
 *   source ("nvme", "service", "udisks2", "sysfs", "demo"), privileged,
 *   partial (bools), missing [{what, why}];
 *   verdict ("good", "caution", "bad", "unknown"), verdict_reasons
 *   [translated strings, worst first], verdict_reason_ids [stable ids];
 *   critical_warning (byte), critical_warnings [ids of the set bits],
 *   temperature_alarm;
 *   temperature_kelvin, warning_temperature_kelvin,
 *   critical_temperature_kelvin, temperature_sensors_kelvin [8] (exact
 *   Kelvin; null = not reported);
 *   available_spare_percent, available_spare_threshold_percent,
 *   percentage_used, life_left_percent, endurance_group_critical_warning;
 *   128-bit (+ _exact): data_units_read, data_units_written, bytes_read,
 *   bytes_written (units × 512 000), host_read_commands,
 *   host_write_commands, controller_busy_minutes, power_cycles,
 *   power_on_hours, unsafe_shutdowns, media_errors, error_log_entries;
 *   warning_temperature_minutes, critical_temperature_minutes,
 *   thermal_management_{1,2}_transitions, thermal_management_{1,2}_seconds;
 *   vendor_id, nvme_version, total_capacity_bytes (+ _exact),
 *   error_log_page_entries, power_states [{index, max_power_microwatts,
 *   max_power_watts, entry_latency_us, exit_latency_us, operational,
 *   idle_power_microwatts, active_power_microwatts}];
 *   apst_supported, apst_enabled, self_test_supported,
 *   extended_self_test_minutes, self_test {current, percent_done,
 *   results [...]} | null, error_log [{error_count, submission_queue_id,
 *   command_id, status, status_text, parameter_error_location, lba, nsid}]
 *   | null, firmware_slots {active_slot, next_slot (null = none), active_revision,
 *   slot1_read_only, slots [{slot, revision (null = empty), active,
 *   read_only}]} | null.
 */
#include "config.h"

#include <libnvme.h>

#include "drivedash-health.h"
#include "drivedash-json.h"

/* Kelvin: 0 is "not reported", written as null. */
static void
member_kelvin (JsonBuilder *b,
               const char  *key,
               gboolean     known,
               guint16      kelvin)
{
  drivedash_json_member_int (b, key, known && kelvin != 0, kelvin);
}

static void
member_u128 (JsonBuilder   *b,
             const char    *key,
             gboolean       known,
             DrivedashU128  value)
{
  g_autofree char *exact_key = g_strconcat (key, "_exact", NULL);
  gint64 v;

  json_builder_set_member_name (b, key);
  if (!known)
    json_builder_add_null_value (b);
  else if (drivedash_u128_to_int64 (value, &v))
    json_builder_add_int_value (b, v);
  else
    json_builder_add_double_value (b, drivedash_u128_to_double (value));

  json_builder_set_member_name (b, exact_key);
  if (known)
    {
      g_autofree char *s = drivedash_u128_to_string (value);

      json_builder_add_string_value (b, s);
    }
  else
    json_builder_add_null_value (b);
}

static void
add_power_states (JsonBuilder           *b,
                  const DrivedashHealth *self)
{
  json_builder_set_member_name (b, "power_states");
  if (!(self->has & DRIVEDASH_HEALTH_HAS_IDENTIFY))
    {
      json_builder_add_null_value (b);
      return;
    }

  json_builder_begin_array (b);
  for (guint i = 0; i < self->identify.n_power_states; i++)
    {
      const DrivedashPowerState *ps = &self->identify.power_states[i];

      json_builder_begin_object (b);
      drivedash_json_member_int (b, "index", TRUE, ps->index);
      drivedash_json_member_int (b, "max_power_microwatts", TRUE, (gint64) ps->max_power_microwatts);
      json_builder_set_member_name (b, "max_power_watts");
      json_builder_add_double_value (b, ps->max_power_microwatts / 1e6);
      drivedash_json_member_int (b, "entry_latency_us", TRUE, ps->entry_latency_us);
      drivedash_json_member_int (b, "exit_latency_us", TRUE, ps->exit_latency_us);
      drivedash_json_member_bool (b, "operational", TRUE, !ps->non_operational);
      drivedash_json_member_int (b, "idle_power_microwatts", ps->idle_power_microwatts != 0,
                                 (gint64) ps->idle_power_microwatts);
      drivedash_json_member_int (b, "active_power_microwatts", ps->active_power_microwatts != 0,
                                 (gint64) ps->active_power_microwatts);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_self_test (JsonBuilder           *b,
               const DrivedashHealth *self)
{
  json_builder_set_member_name (b, "self_test");
  if (!(self->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG))
    {
      json_builder_add_null_value (b);
      return;
    }

  json_builder_begin_object (b);
  drivedash_self_test_log_to_json (&self->self_test, b);
  json_builder_end_object (b);
}

static void
add_error_log (JsonBuilder           *b,
               const DrivedashHealth *self)
{
  json_builder_set_member_name (b, "error_log");
  if (!(self->has & DRIVEDASH_HEALTH_HAS_ERROR_LOG) || self->error_log == NULL)
    {
      json_builder_add_null_value (b);
      return;
    }

  json_builder_begin_array (b);
  for (guint i = 0; i < self->error_log->len; i++)
    {
      const DrivedashErrorLogEntry *e = &g_array_index (self->error_log, DrivedashErrorLogEntry, i);

      json_builder_begin_object (b);
      drivedash_json_member_int (b, "error_count", e->error_count <= G_MAXINT64, (gint64) e->error_count);
      drivedash_json_member_int (b, "submission_queue_id", TRUE, e->submission_queue_id);
      drivedash_json_member_int (b, "command_id", TRUE, e->command_id);
      drivedash_json_member_int (b, "status", TRUE, e->status);
      /* libnvme's name for the status, for experts (English). */
      drivedash_json_member_string (b, "status_text", nvme_status_to_string (e->status, false));
      drivedash_json_member_int (b, "parameter_error_location", e->parameter_error_location != 0xffff,
                                 e->parameter_error_location);
      drivedash_json_member_int (b, "lba", e->lba <= G_MAXINT64, (gint64) e->lba);
      drivedash_json_member_int (b, "nsid", TRUE, e->nsid);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_firmware_log (JsonBuilder           *b,
                  const DrivedashHealth *self)
{
  const DrivedashFirmwareLog *fw = &self->firmware_log;

  json_builder_set_member_name (b, "firmware_slots");
  if (!(self->has & DRIVEDASH_HEALTH_HAS_FIRMWARE_LOG))
    {
      json_builder_add_null_value (b);
      return;
    }

  json_builder_begin_object (b);
  drivedash_json_member_int (b, "active_slot", fw->active_slot != 0, fw->active_slot);
  drivedash_json_member_int (b, "next_slot", fw->next_slot != 0, fw->next_slot);
  drivedash_json_member_string (b, "active_revision", drivedash_firmware_log_get_active (fw));
  drivedash_json_member_bool (b, "slot1_read_only", TRUE, fw->slot1_read_only);
  json_builder_set_member_name (b, "slots");
  json_builder_begin_array (b);
  for (guint i = 0; i < fw->n_slots && i < DRIVEDASH_FIRMWARE_MAX_SLOTS; i++)
    {
      json_builder_begin_object (b);
      drivedash_json_member_int (b, "slot", TRUE, i + 1);
      drivedash_json_member_string (b, "revision", *fw->revisions[i] != '\0' ? fw->revisions[i] : NULL);
      drivedash_json_member_bool (b, "active", TRUE, fw->active_slot == i + 1);
      drivedash_json_member_bool (b, "read_only", TRUE, i == 0 && fw->slot1_read_only);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

void
drivedash_health_to_json (DrivedashHealth *self,
                          JsonBuilder     *b)
{
  const DrivedashSmartLog *s = &self->smart;
  gboolean smart = (self->has & DRIVEDASH_HEALTH_HAS_SMART) != 0;
  gboolean ident = (self->has & DRIVEDASH_HEALTH_HAS_IDENTIFY) != 0;
  gboolean limits = (self->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS) != 0;
  gboolean sensors = (self->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_SENSORS) != 0;

  g_return_if_fail (self != NULL);
  g_return_if_fail (JSON_IS_BUILDER (b));

  drivedash_json_member_string (b, "controller", self->controller);
  drivedash_json_member_string (b, "model", self->model);
  drivedash_json_member_string (b, "serial", self->serial);
  drivedash_json_member_string (b, "firmware", self->firmware);
  drivedash_json_member_string (b, "state", self->state);
  drivedash_json_member_string (b, "source", drivedash_health_source_to_string (self->source));
  drivedash_json_member_bool (b, "privileged", TRUE, self->privileged);
  drivedash_json_member_bool (b, "partial", TRUE, drivedash_health_is_partial (self));

  json_builder_set_member_name (b, "missing");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->missing->len; i++)
    {
      const DrivedashHealthMissing *m = g_ptr_array_index (self->missing, i);

      json_builder_begin_object (b);
      drivedash_json_member_string (b, "what", m->what);
      drivedash_json_member_string (b, "why", m->why);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  drivedash_json_member_string (b, "verdict", drivedash_verdict_to_string (self->verdict));
  json_builder_set_member_name (b, "verdict_reasons");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->reasons->len; i++)
    json_builder_add_string_value (b, ((DrivedashVerdictReason *) g_ptr_array_index (self->reasons, i))->message);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "verdict_reason_ids");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->reasons->len; i++)
    json_builder_add_string_value (b, ((DrivedashVerdictReason *) g_ptr_array_index (self->reasons, i))->id);
  json_builder_end_array (b);

  drivedash_json_member_int (b, "critical_warning", smart, s->critical_warning);
  json_builder_set_member_name (b, "critical_warnings");
  if (smart)
    {
      json_builder_begin_array (b);
      for (guint bit = 0; bit < 8; bit++)
        if (s->critical_warning & (1u << bit))
          json_builder_add_string_value (b, drivedash_critical_warning_id (bit));
      json_builder_end_array (b);
    }
  else
    json_builder_add_null_value (b);
  drivedash_json_member_bool (b, "temperature_alarm",
                              (self->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_ALARM) != 0,
                              self->temperature_alarm);

  member_kelvin (b, "temperature_kelvin", (self->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE) != 0,
                 s->temperature_kelvin);
  member_kelvin (b, "warning_temperature_kelvin", limits, self->warning_temperature_kelvin);
  member_kelvin (b, "critical_temperature_kelvin", limits, self->critical_temperature_kelvin);
  json_builder_set_member_name (b, "temperature_sensors_kelvin");
  if (sensors)
    {
      json_builder_begin_array (b);
      for (guint i = 0; i < DRIVEDASH_N_TEMPERATURE_SENSORS; i++)
        if (s->temperature_sensors_kelvin[i] != 0)
          json_builder_add_int_value (b, s->temperature_sensors_kelvin[i]);
        else
          json_builder_add_null_value (b);
      json_builder_end_array (b);
    }
  else
    json_builder_add_null_value (b);

  drivedash_json_member_int (b, "available_spare_percent", smart, s->available_spare_percent);
  drivedash_json_member_int (b, "available_spare_threshold_percent", smart,
                             s->available_spare_threshold_percent);
  drivedash_json_member_int (b, "percentage_used", smart, s->percentage_used);
  drivedash_json_member_int (b, "life_left_percent", smart, MAX (0, 100 - (int) s->percentage_used));
  drivedash_json_member_int (b, "endurance_group_critical_warning", smart,
                             s->endurance_group_critical_warning);
  member_u128 (b, "data_units_read", smart, s->data_units_read);
  member_u128 (b, "data_units_written", smart, s->data_units_written);
  member_u128 (b, "bytes_read", smart, drivedash_data_units_to_bytes (s->data_units_read));
  member_u128 (b, "bytes_written", smart, drivedash_data_units_to_bytes (s->data_units_written));
  member_u128 (b, "host_read_commands", smart, s->host_read_commands);
  member_u128 (b, "host_write_commands", smart, s->host_write_commands);
  member_u128 (b, "controller_busy_minutes", smart, s->controller_busy_minutes);
  member_u128 (b, "power_cycles", smart, s->power_cycles);
  member_u128 (b, "power_on_hours", smart, s->power_on_hours);
  member_u128 (b, "unsafe_shutdowns", smart, s->unsafe_shutdowns);
  member_u128 (b, "media_errors", smart, s->media_errors);
  member_u128 (b, "error_log_entries", smart, s->error_log_entries);
  drivedash_json_member_int (b, "warning_temperature_minutes", smart, s->warning_temperature_minutes);
  drivedash_json_member_int (b, "critical_temperature_minutes", smart, s->critical_temperature_minutes);
  drivedash_json_member_int (b, "thermal_management_1_transitions", smart,
                             s->thermal_management_1_transitions);
  drivedash_json_member_int (b, "thermal_management_2_transitions", smart,
                             s->thermal_management_2_transitions);
  drivedash_json_member_int (b, "thermal_management_1_seconds", smart, s->thermal_management_1_seconds);
  drivedash_json_member_int (b, "thermal_management_2_seconds", smart, s->thermal_management_2_seconds);

  drivedash_json_member_int (b, "vendor_id", ident, self->identify.vendor_id);
  json_builder_set_member_name (b, "nvme_version");
  if (ident && self->identify.version != 0)
    {
      g_autofree char *v = g_strdup_printf ("%u.%u", self->identify.version >> 16,
                                            (self->identify.version >> 8) & 0xff);

      json_builder_add_string_value (b, v);
    }
  else
    json_builder_add_null_value (b);
  /* TNVMCAP is optional: 0 means the drive does not report it. */
  member_u128 (b, "total_capacity_bytes",
               ident && !drivedash_u128_is_zero (self->identify.total_capacity_bytes),
               self->identify.total_capacity_bytes);
  drivedash_json_member_int (b, "error_log_page_entries", ident, self->identify.error_log_page_entries);
  add_power_states (b, self);
  drivedash_json_member_bool (b, "apst_supported", (self->has & DRIVEDASH_HEALTH_HAS_APST_SUPPORTED) != 0,
                              self->apst_supported);
  drivedash_json_member_bool (b, "apst_enabled", (self->has & DRIVEDASH_HEALTH_HAS_APST_ENABLED) != 0,
                              self->apst_enabled);
  drivedash_json_member_bool (b, "self_test_supported",
                              (self->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_SUPPORTED) != 0,
                              self->self_test_supported);
  drivedash_json_member_int (b, "extended_self_test_minutes", ident,
                             self->identify.extended_self_test_minutes);
  add_self_test (b, self);
  add_error_log (b, self);
  add_firmware_log (b, self);
}

char *
drivedash_health_list_to_json (GPtrArray *healths)
{
  return drivedash_json_list_to_string ("drives", healths,
                                        (DrivedashJsonMembersFunc) drivedash_health_to_json);
}
