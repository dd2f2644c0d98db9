/* drivedash-health-variant.c — the health model as a{sv}, for D-Bus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Keys mirror the JSON keys.  "has" (u) carries DrivedashHealthHas; the
 * keys of a group are present exactly when its flag is set.  128-bit
 * counters are "(tt)" = (high 64 bits, low 64 bits).  The verdict and its
 * reasons are sent for readers such as busctl, but the receiver recomputes
 * them from the data, so the reasons come out in its own language.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-health.h"

#define POWER_STATE_TYPE "(utuubtt)"
#define SELF_TEST_RESULT_TYPE "(yyytbubt)"
/* error count, SQID, CID, status, parameter error location, LBA, NSID,
 * transport type, command specific */
#define ERROR_LOG_ENTRY_TYPE "(tqqqqtuyt)"
/* active slot, next slot, number of slots, slot 1 read-only, revisions */
#define FIRMWARE_LOG_TYPE "(yyybas)"

static GVariant *
u128_variant (DrivedashU128 v)
{
  return g_variant_new ("(tt)", v.hi, v.lo);
}

static GVariant *
firmware_log_variant (const DrivedashFirmwareLog *fw)
{
  GVariantBuilder revisions;

  g_variant_builder_init (&revisions, G_VARIANT_TYPE_STRING_ARRAY);
  for (guint i = 0; i < fw->n_slots && i < DRIVEDASH_FIRMWARE_MAX_SLOTS; i++)
    g_variant_builder_add (&revisions, "s", fw->revisions[i]);
  return g_variant_new (FIRMWARE_LOG_TYPE, (guint8) fw->active_slot, (guint8) fw->next_slot,
                        (guint8) fw->n_slots, fw->slot1_read_only, &revisions);
}

static void
add_smart (GVariantDict            *d,
           const DrivedashSmartLog *s)
{
  g_variant_dict_insert (d, "critical_warning", "y", s->critical_warning);
  g_variant_dict_insert (d, "available_spare_percent", "y", s->available_spare_percent);
  g_variant_dict_insert (d, "available_spare_threshold_percent", "y", s->available_spare_threshold_percent);
  g_variant_dict_insert (d, "percentage_used", "y", s->percentage_used);
  g_variant_dict_insert (d, "endurance_group_critical_warning", "y", s->endurance_group_critical_warning);
  g_variant_dict_insert_value (d, "data_units_read", u128_variant (s->data_units_read));
  g_variant_dict_insert_value (d, "data_units_written", u128_variant (s->data_units_written));
  g_variant_dict_insert_value (d, "host_read_commands", u128_variant (s->host_read_commands));
  g_variant_dict_insert_value (d, "host_write_commands", u128_variant (s->host_write_commands));
  g_variant_dict_insert_value (d, "controller_busy_minutes", u128_variant (s->controller_busy_minutes));
  g_variant_dict_insert_value (d, "power_cycles", u128_variant (s->power_cycles));
  g_variant_dict_insert_value (d, "power_on_hours", u128_variant (s->power_on_hours));
  g_variant_dict_insert_value (d, "unsafe_shutdowns", u128_variant (s->unsafe_shutdowns));
  g_variant_dict_insert_value (d, "media_errors", u128_variant (s->media_errors));
  g_variant_dict_insert_value (d, "error_log_entries", u128_variant (s->error_log_entries));
  g_variant_dict_insert (d, "warning_temperature_minutes", "u", s->warning_temperature_minutes);
  g_variant_dict_insert (d, "critical_temperature_minutes", "u", s->critical_temperature_minutes);
  g_variant_dict_insert (d, "thermal_management_1_transitions", "u", s->thermal_management_1_transitions);
  g_variant_dict_insert (d, "thermal_management_2_transitions", "u", s->thermal_management_2_transitions);
  g_variant_dict_insert (d, "thermal_management_1_seconds", "u", s->thermal_management_1_seconds);
  g_variant_dict_insert (d, "thermal_management_2_seconds", "u", s->thermal_management_2_seconds);
}

static void
add_identify (GVariantDict            *d,
              const DrivedashIdentify *id)
{
  GVariantBuilder ps;

  g_variant_dict_insert (d, "identify_vendor_id", "q", id->vendor_id);
  g_variant_dict_insert (d, "identify_subsystem_vendor_id", "q", id->subsystem_vendor_id);
  g_variant_dict_insert (d, "identify_serial", "s", id->serial);
  g_variant_dict_insert (d, "identify_model", "s", id->model);
  g_variant_dict_insert (d, "identify_firmware", "s", id->firmware);
  g_variant_dict_insert (d, "identify_version", "u", id->version);
  g_variant_dict_insert (d, "identify_oacs", "q", id->oacs);
  g_variant_dict_insert (d, "identify_frmw", "y", id->frmw);
  g_variant_dict_insert (d, "identify_error_log_page_entries", "u", id->error_log_page_entries);
  g_variant_dict_insert (d, "identify_apst_supported", "b", id->apst_supported);
  g_variant_dict_insert (d, "identify_warning_temperature_kelvin", "q", id->warning_temperature_kelvin);
  g_variant_dict_insert (d, "identify_critical_temperature_kelvin", "q", id->critical_temperature_kelvin);
  g_variant_dict_insert (d, "identify_extended_self_test_minutes", "q", id->extended_self_test_minutes);
  g_variant_dict_insert (d, "identify_host_thermal_management_supported", "q", id->host_thermal_management_supported);
  g_variant_dict_insert (d, "identify_min_thermal_management_kelvin", "q", id->min_thermal_management_kelvin);
  g_variant_dict_insert (d, "identify_max_thermal_management_kelvin", "q", id->max_thermal_management_kelvin);
  g_variant_dict_insert_value (d, "identify_total_capacity_bytes", u128_variant (id->total_capacity_bytes));
  g_variant_dict_insert_value (d, "identify_unallocated_capacity_bytes", u128_variant (id->unallocated_capacity_bytes));

  g_variant_builder_init (&ps, G_VARIANT_TYPE ("a" POWER_STATE_TYPE));
  for (guint i = 0; i < id->n_power_states && i < DRIVEDASH_MAX_POWER_STATES; i++)
    {
      const DrivedashPowerState *p = &id->power_states[i];

      g_variant_builder_add (&ps, POWER_STATE_TYPE, p->index, p->max_power_microwatts,
                             p->entry_latency_us, p->exit_latency_us, p->non_operational,
                             p->idle_power_microwatts, p->active_power_microwatts);
    }
  g_variant_dict_insert_value (d, "power_states", g_variant_builder_end (&ps));
}

GVariant *
drivedash_health_to_variant (DrivedashHealth *self)
{
  g_auto(GVariantDict) d = G_VARIANT_DICT_INIT (NULL);
  GVariantBuilder b;
  guint has;

  g_return_val_if_fail (self != NULL, NULL);

  has = self->has;
  g_variant_dict_insert (&d, "controller", "s", self->controller);
  g_variant_dict_insert (&d, "model", "s", self->model);
  g_variant_dict_insert (&d, "serial", "s", self->serial);
  g_variant_dict_insert (&d, "firmware", "s", self->firmware);
  g_variant_dict_insert (&d, "source", "s", drivedash_health_source_to_string (self->source));
  g_variant_dict_insert (&d, "privileged", "b", self->privileged);
  g_variant_dict_insert (&d, "has", "u", has);
  if (self->state != NULL)
    g_variant_dict_insert (&d, "state", "s", self->state);
  if (self->link_speed != NULL)
    g_variant_dict_insert (&d, "link_speed", "s", self->link_speed);
  if (self->link_width != 0)
    g_variant_dict_insert (&d, "link_width", "u", self->link_width);
  if (self->capacity_bytes != 0)
    g_variant_dict_insert (&d, "capacity_bytes", "t", self->capacity_bytes);

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a(ss)"));
  for (guint i = 0; i < self->missing->len; i++)
    {
      const DrivedashHealthMissing *m = g_ptr_array_index (self->missing, i);

      g_variant_builder_add (&b, "(ss)", m->what, m->why);
    }
  g_variant_dict_insert_value (&d, "missing", g_variant_builder_end (&b));

  g_variant_dict_insert (&d, "verdict", "s", drivedash_verdict_to_string (self->verdict));
  g_variant_builder_init (&b, G_VARIANT_TYPE ("a(uss)"));
  for (guint i = 0; i < self->reasons->len; i++)
    {
      const DrivedashVerdictReason *r = g_ptr_array_index (self->reasons, i);

      g_variant_builder_add (&b, "(uss)", (guint32) r->level, r->id, r->message);
    }
  g_variant_dict_insert_value (&d, "verdict_reasons", g_variant_builder_end (&b));

  if (has & DRIVEDASH_HEALTH_HAS_SMART)
    add_smart (&d, &self->smart);
  if (has & DRIVEDASH_HEALTH_HAS_TEMPERATURE)
    g_variant_dict_insert (&d, "temperature_kelvin", "q", self->smart.temperature_kelvin);
  if (has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_SENSORS)
    g_variant_dict_insert_value (&d, "temperature_sensors_kelvin",
                                 g_variant_new_fixed_array (G_VARIANT_TYPE_UINT16,
                                                            self->smart.temperature_sensors_kelvin,
                                                            DRIVEDASH_N_TEMPERATURE_SENSORS,
                                                            sizeof (guint16)));
  if (has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_ALARM)
    g_variant_dict_insert (&d, "temperature_alarm", "b", self->temperature_alarm);
  if (has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS)
    {
      g_variant_dict_insert (&d, "warning_temperature_kelvin", "q", self->warning_temperature_kelvin);
      g_variant_dict_insert (&d, "critical_temperature_kelvin", "q", self->critical_temperature_kelvin);
    }
  if (has & DRIVEDASH_HEALTH_HAS_IDENTIFY)
    add_identify (&d, &self->identify);
  if (has & DRIVEDASH_HEALTH_HAS_APST_SUPPORTED)
    g_variant_dict_insert (&d, "apst_supported", "b", self->apst_supported);
  if (has & DRIVEDASH_HEALTH_HAS_APST_ENABLED)
    g_variant_dict_insert (&d, "apst_enabled", "b", self->apst_enabled);
  if (has & DRIVEDASH_HEALTH_HAS_SELF_TEST_SUPPORTED)
    g_variant_dict_insert (&d, "self_test_supported", "b", self->self_test_supported);
  if (has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG)
    {
      const DrivedashSelfTestLog *log = &self->self_test;

      g_variant_dict_insert (&d, "self_test_current", "y", (guint8) log->current);
      g_variant_dict_insert (&d, "self_test_percent_done", "u", log->current_percent_done);
      g_variant_builder_init (&b, G_VARIANT_TYPE ("a" SELF_TEST_RESULT_TYPE));
      for (guint i = 0; i < log->n_results && i < DRIVEDASH_SELF_TEST_MAX_RESULTS; i++)
        {
          const DrivedashSelfTestResult *r = &log->results[i];

          g_variant_builder_add (&b, SELF_TEST_RESULT_TYPE, (guint8) r->kind, (guint8) r->result,
                                 r->failed_segment, r->power_on_hours, r->nsid_valid, r->nsid,
                                 r->failing_lba_valid, r->failing_lba);
        }
      g_variant_dict_insert_value (&d, "self_test_results", g_variant_builder_end (&b));
    }

  if (has & DRIVEDASH_HEALTH_HAS_ERROR_LOG)
    {
      g_variant_builder_init (&b, G_VARIANT_TYPE ("a" ERROR_LOG_ENTRY_TYPE));
      for (guint i = 0; self->error_log != NULL && i < self->error_log->len; i++)
        {
          const DrivedashErrorLogEntry *e = &g_array_index (self->error_log, DrivedashErrorLogEntry, i);

          g_variant_builder_add (&b, ERROR_LOG_ENTRY_TYPE, e->error_count, e->submission_queue_id,
                                 e->command_id, e->status, e->parameter_error_location, e->lba,
                                 e->nsid, e->transport_type, e->command_specific);
        }
      g_variant_dict_insert_value (&d, "error_log", g_variant_builder_end (&b));
    }
  if (has & DRIVEDASH_HEALTH_HAS_FIRMWARE_LOG)
    g_variant_dict_insert_value (&d, "firmware_slots", firmware_log_variant (&self->firmware_log));

  return g_variant_dict_end (&d);
}

/* Reading back: every key of a flagged group must be there with the right
 * type, otherwise the whole dictionary is refused. */
typedef struct
{
  GVariantDict *dict;
  const char   *bad_key;
} Reader;

static GVariant *
need (Reader     *r,
      const char *key,
      const char *type)
{
  GVariant *v;

  if (r->bad_key != NULL)
    return NULL;
  v = g_variant_dict_lookup_value (r->dict, key, G_VARIANT_TYPE (type));
  if (v == NULL)
    r->bad_key = key;
  return v;
}

static guint8
need_byte (Reader *r, const char *key)
{
  g_autoptr(GVariant) v = need (r, key, "y");
  return v != NULL ? g_variant_get_byte (v) : 0;
}

static guint16
need_uint16 (Reader *r, const char *key)
{
  g_autoptr(GVariant) v = need (r, key, "q");
  return v != NULL ? g_variant_get_uint16 (v) : 0;
}

static guint32
need_uint32 (Reader *r, const char *key)
{
  g_autoptr(GVariant) v = need (r, key, "u");
  return v != NULL ? g_variant_get_uint32 (v) : 0;
}

static gboolean
need_bool (Reader *r, const char *key)
{
  g_autoptr(GVariant) v = need (r, key, "b");
  return v != NULL ? g_variant_get_boolean (v) : FALSE;
}

static DrivedashU128
need_u128 (Reader *r, const char *key)
{
  g_autoptr(GVariant) v = need (r, key, "(tt)");
  DrivedashU128 out = { 0, 0 };

  if (v != NULL)
    g_variant_get (v, "(tt)", &out.hi, &out.lo);
  return out;
}

static void
need_string (Reader     *r,
             const char *key,
             char       *dest,
             gsize       dest_size)
{
  g_autoptr(GVariant) v = need (r, key, "s");

  if (v != NULL)
    g_strlcpy (dest, g_variant_get_string (v, NULL), dest_size);
}

static void
read_smart (Reader            *r,
            DrivedashSmartLog *s)
{
  s->critical_warning = need_byte (r, "critical_warning");
  s->available_spare_percent = need_byte (r, "available_spare_percent");
  s->available_spare_threshold_percent = need_byte (r, "available_spare_threshold_percent");
  s->percentage_used = need_byte (r, "percentage_used");
  s->endurance_group_critical_warning = need_byte (r, "endurance_group_critical_warning");
  s->data_units_read = need_u128 (r, "data_units_read");
  s->data_units_written = need_u128 (r, "data_units_written");
  s->host_read_commands = need_u128 (r, "host_read_commands");
  s->host_write_commands = need_u128 (r, "host_write_commands");
  s->controller_busy_minutes = need_u128 (r, "controller_busy_minutes");
  s->power_cycles = need_u128 (r, "power_cycles");
  s->power_on_hours = need_u128 (r, "power_on_hours");
  s->unsafe_shutdowns = need_u128 (r, "unsafe_shutdowns");
  s->media_errors = need_u128 (r, "media_errors");
  s->error_log_entries = need_u128 (r, "error_log_entries");
  s->warning_temperature_minutes = need_uint32 (r, "warning_temperature_minutes");
  s->critical_temperature_minutes = need_uint32 (r, "critical_temperature_minutes");
  s->thermal_management_1_transitions = need_uint32 (r, "thermal_management_1_transitions");
  s->thermal_management_2_transitions = need_uint32 (r, "thermal_management_2_transitions");
  s->thermal_management_1_seconds = need_uint32 (r, "thermal_management_1_seconds");
  s->thermal_management_2_seconds = need_uint32 (r, "thermal_management_2_seconds");
}

static void
read_identify (Reader            *r,
               DrivedashIdentify *id)
{
  g_autoptr(GVariant) ps = NULL;

  id->vendor_id = need_uint16 (r, "identify_vendor_id");
  id->subsystem_vendor_id = need_uint16 (r, "identify_subsystem_vendor_id");
  need_string (r, "identify_serial", id->serial, sizeof id->serial);
  need_string (r, "identify_model", id->model, sizeof id->model);
  need_string (r, "identify_firmware", id->firmware, sizeof id->firmware);
  id->version = need_uint32 (r, "identify_version");
  id->oacs = need_uint16 (r, "identify_oacs");
  /* Optional: older services do not send it. */
  g_variant_dict_lookup (r->dict, "identify_frmw", "y", &id->frmw);
  id->error_log_page_entries = need_uint32 (r, "identify_error_log_page_entries");
  id->apst_supported = need_bool (r, "identify_apst_supported");
  id->warning_temperature_kelvin = need_uint16 (r, "identify_warning_temperature_kelvin");
  id->critical_temperature_kelvin = need_uint16 (r, "identify_critical_temperature_kelvin");
  id->extended_self_test_minutes = need_uint16 (r, "identify_extended_self_test_minutes");
  id->host_thermal_management_supported = need_uint16 (r, "identify_host_thermal_management_supported");
  id->min_thermal_management_kelvin = need_uint16 (r, "identify_min_thermal_management_kelvin");
  id->max_thermal_management_kelvin = need_uint16 (r, "identify_max_thermal_management_kelvin");
  id->total_capacity_bytes = need_u128 (r, "identify_total_capacity_bytes");
  id->unallocated_capacity_bytes = need_u128 (r, "identify_unallocated_capacity_bytes");

  ps = need (r, "power_states", "a" POWER_STATE_TYPE);
  if (ps != NULL)
    {
      GVariantIter iter;
      DrivedashPowerState p;

      /* memset, not "= { 0 }": padding bytes too, so that models compare
       * equal with memcmp whichever way they were made. */
      memset (&p, 0, sizeof p);
      g_variant_iter_init (&iter, ps);
      while (id->n_power_states < DRIVEDASH_MAX_POWER_STATES &&
             g_variant_iter_next (&iter, POWER_STATE_TYPE, &p.index, &p.max_power_microwatts,
                                  &p.entry_latency_us, &p.exit_latency_us, &p.non_operational,
                                  &p.idle_power_microwatts, &p.active_power_microwatts))
        id->power_states[id->n_power_states++] = p;
    }
}

static void
read_self_test (Reader               *r,
                DrivedashSelfTestLog *log)
{
  g_autoptr(GVariant) results = NULL;

  log->current = (DrivedashSelfTestKind) need_byte (r, "self_test_current");
  log->current_percent_done = MIN (need_uint32 (r, "self_test_percent_done"), 100);
  results = need (r, "self_test_results", "a" SELF_TEST_RESULT_TYPE);
  if (results != NULL)
    {
      GVariantIter iter;
      guint8 kind, result;
      DrivedashSelfTestResult e;

      memset (&e, 0, sizeof e);
      g_variant_iter_init (&iter, results);
      while (log->n_results < DRIVEDASH_SELF_TEST_MAX_RESULTS &&
             g_variant_iter_next (&iter, SELF_TEST_RESULT_TYPE, &kind, &result, &e.failed_segment,
                                  &e.power_on_hours, &e.nsid_valid, &e.nsid,
                                  &e.failing_lba_valid, &e.failing_lba))
        {
          /* A drive's four bits, or a test whose source did not say which. */
          e.kind = kind == DRIVEDASH_SELF_TEST_UNNAMED ? DRIVEDASH_SELF_TEST_UNNAMED
                                                       : (DrivedashSelfTestKind) (kind & 0xf);
          e.result = (DrivedashSelfTestResultCode) (result & 0xf);
          log->results[log->n_results++] = e;
        }
    }
}

static void
read_error_log (Reader          *r,
                DrivedashHealth *self)
{
  g_autoptr(GVariant) v = need (r, "error_log", "a" ERROR_LOG_ENTRY_TYPE);
  g_autoptr(GArray) entries = g_array_new (FALSE, TRUE, sizeof (DrivedashErrorLogEntry));
  GVariantIter iter;
  DrivedashErrorLogEntry e;

  if (v == NULL)
    return;

  memset (&e, 0, sizeof e);
  g_variant_iter_init (&iter, v);
  while (entries->len < DRIVEDASH_ERROR_LOG_MAX_ENTRIES &&
         g_variant_iter_next (&iter, ERROR_LOG_ENTRY_TYPE, &e.error_count, &e.submission_queue_id,
                              &e.command_id, &e.status, &e.parameter_error_location, &e.lba,
                              &e.nsid, &e.transport_type, &e.command_specific))
    g_array_append_val (entries, e);
  drivedash_health_set_error_log (self, entries);
}

/* The same checks as the decoder: a slot number beyond the slots is
 * "not reported", and a revision is at most 8 characters. */
static void
read_firmware_log (Reader          *r,
                   DrivedashHealth *self)
{
  g_autoptr(GVariant) v = need (r, "firmware_slots", FIRMWARE_LOG_TYPE);
  g_autoptr(GVariantIter) iter = NULL;
  DrivedashFirmwareLog *fw = &self->firmware_log;
  guint8 active, next, n;
  const char *rev;

  if (v == NULL)
    return;
  memset (fw, 0, sizeof *fw);
  g_variant_get (v, "(yyybas)", &active, &next, &n, &fw->slot1_read_only, &iter);
  fw->n_slots = CLAMP (n, 1, DRIVEDASH_FIRMWARE_MAX_SLOTS);
  fw->active_slot = active <= fw->n_slots ? active : 0;
  fw->next_slot = next <= fw->n_slots ? next : 0;
  for (guint i = 0; i < fw->n_slots && g_variant_iter_next (iter, "&s", &rev); i++)
    drivedash_copy_ascii (fw->revisions[i], sizeof fw->revisions[i], (const guint8 *) rev,
                          strlen (rev));
}

static void
lookup_string (GVariantDict  *dict,
               const char    *key,
               char         **field)
{
  const char *str;

  if (g_variant_dict_lookup (dict, key, "&s", &str))
    {
      g_free (*field);
      *field = g_strdup (str);
    }
}

static DrivedashHealth *
health_from_dict (GVariantDict  *dict,
                  GError       **error)
{
  g_autoptr(DrivedashHealth) self = NULL;
  g_autoptr(GVariant) v = NULL;
  Reader r = { dict, NULL };
  const char *str;
  guint32 has;

  v = need (&r, "controller", "s");
  self = drivedash_health_new (v != NULL ? g_variant_get_string (v, NULL) : "");
  g_clear_pointer (&v, g_variant_unref);
  lookup_string (dict, "model", &self->model);
  lookup_string (dict, "serial", &self->serial);
  lookup_string (dict, "firmware", &self->firmware);
  if (g_variant_dict_contains (dict, "state"))
    lookup_string (dict, "state", &self->state);
  if (g_variant_dict_contains (dict, "link_speed"))
    lookup_string (dict, "link_speed", &self->link_speed);
  /* Optional: older services do not send them. */
  g_variant_dict_lookup (dict, "link_width", "u", &self->link_width);
  g_variant_dict_lookup (dict, "capacity_bytes", "t", &self->capacity_bytes);
  if (!g_variant_dict_lookup (dict, "source", "&s", &str) ||
      !drivedash_health_source_from_string (str, &self->source))
    self->source = DRIVEDASH_HEALTH_SOURCE_NONE;
  self->privileged = need_bool (&r, "privileged");
  has = need_uint32 (&r, "has");
  self->has = (DrivedashHealthHas) has;

  v = g_variant_dict_lookup_value (dict, "missing", G_VARIANT_TYPE ("a(ss)"));
  if (v != NULL)
    {
      GVariantIter iter;
      const char *what, *why;

      g_variant_iter_init (&iter, v);
      while (g_variant_iter_next (&iter, "(&s&s)", &what, &why))
        drivedash_health_add_missing (self, what, why);
      g_clear_pointer (&v, g_variant_unref);
    }

  if (has & DRIVEDASH_HEALTH_HAS_SMART)
    read_smart (&r, &self->smart);
  if (has & DRIVEDASH_HEALTH_HAS_TEMPERATURE)
    self->smart.temperature_kelvin = need_uint16 (&r, "temperature_kelvin");
  if (has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_SENSORS)
    {
      v = need (&r, "temperature_sensors_kelvin", "aq");
      if (v != NULL)
        {
          gsize n = 0;
          const guint16 *t = g_variant_get_fixed_array (v, &n, sizeof (guint16));

          for (gsize i = 0; i < n && i < DRIVEDASH_N_TEMPERATURE_SENSORS; i++)
            self->smart.temperature_sensors_kelvin[i] = t[i];
          g_clear_pointer (&v, g_variant_unref);
        }
    }
  if (has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_ALARM)
    self->temperature_alarm = need_bool (&r, "temperature_alarm");
  if (has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS)
    {
      self->warning_temperature_kelvin = need_uint16 (&r, "warning_temperature_kelvin");
      self->critical_temperature_kelvin = need_uint16 (&r, "critical_temperature_kelvin");
    }
  if (has & DRIVEDASH_HEALTH_HAS_IDENTIFY)
    read_identify (&r, &self->identify);
  if (has & DRIVEDASH_HEALTH_HAS_APST_SUPPORTED)
    self->apst_supported = need_bool (&r, "apst_supported");
  if (has & DRIVEDASH_HEALTH_HAS_APST_ENABLED)
    self->apst_enabled = need_bool (&r, "apst_enabled");
  if (has & DRIVEDASH_HEALTH_HAS_SELF_TEST_SUPPORTED)
    self->self_test_supported = need_bool (&r, "self_test_supported");
  if (has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG)
    read_self_test (&r, &self->self_test);
  if (has & DRIVEDASH_HEALTH_HAS_ERROR_LOG)
    read_error_log (&r, self);
  if (has & DRIVEDASH_HEALTH_HAS_FIRMWARE_LOG)
    read_firmware_log (&r, self);

  if (r.bad_key != NULL)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("The health report is incomplete (“%s” is missing or has the wrong type)."),
                   r.bad_key);
      return NULL;
    }

  drivedash_health_update_verdict (self);
  return g_steal_pointer (&self);
}

DrivedashHealth *
drivedash_health_new_from_variant (GVariant  *variant,
                                   GError   **error)
{
  DrivedashHealth *self;
  GVariantDict dict;

  g_return_val_if_fail (variant != NULL, NULL);

  if (!g_variant_is_of_type (variant, G_VARIANT_TYPE_VARDICT))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("The health report has the wrong format."));
      return NULL;
    }

  g_variant_dict_init (&dict, variant);
  self = health_from_dict (&dict, error);
  g_variant_dict_clear (&dict);
  return self;
}
