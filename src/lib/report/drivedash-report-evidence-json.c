/* drivedash-report-evidence-json.c — the evidence report as JSON, for the
 * maker's support and for scripts (the keys are in the header)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Numbers go through drivedash-json.c: a temperature that is not finite
 * is null, never "nan", and json-glib's own double writing is never used
 * for the document's text.
 */
#include "config.h"

#include <math.h>

#include "drivedash-failing.h"
#include "drivedash-json.h"
#include "drivedash-report-evidence.h"
#include "drivedash-snapshot.h"

#define EVIDENCE_FORMAT  "drivedash-evidence"
#define EVIDENCE_VERSION 1

static void
snapshot_members (const DrivedashSnapshot *s,
                  JsonBuilder             *b)
{
  gboolean t = (s->has & DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE) != 0;
  gboolean smart = (s->has & DRIVEDASH_SNAPSHOT_HAS_SMART) != 0;

  drivedash_json_member_int (b, "time", TRUE, s->time);
  drivedash_json_member_double (b, "temperature_kelvin", t ? s->temperature_kelvin : NAN);
  drivedash_json_member_int (b, "temperature_min_kelvin", t, s->temperature_min_kelvin);
  drivedash_json_member_int (b, "temperature_max_kelvin", t, s->temperature_max_kelvin);
  drivedash_json_member_int (b, "critical_warning", smart, s->critical_warning);
  drivedash_json_member_int (b, "available_spare_percent", smart, s->available_spare_percent);
  drivedash_json_member_int (b, "available_spare_threshold_percent", smart, s->available_spare_threshold_percent);
  drivedash_json_member_int (b, "percentage_used", smart, s->percentage_used);
  drivedash_json_member_int (b, "data_units_read", smart, s->data_units_read);
  drivedash_json_member_int (b, "data_units_written", smart, s->data_units_written);
  drivedash_json_member_int (b, "power_on_hours", smart, s->power_on_hours);
  drivedash_json_member_int (b, "media_errors", smart, s->media_errors);
  drivedash_json_member_int (b, "error_log_entries", smart, s->error_log_entries);
}

static void
add_failing (JsonBuilder             *b,
             const DrivedashEvidence *evidence)
{
  DrivedashFailing failing = drivedash_health_failing (evidence->health, evidence->history, evidence->events);
  g_autoptr(GFlagsClass) flags = g_type_class_ref (DRIVEDASH_TYPE_FAILING);
  g_auto(GStrv) text = drivedash_failing_describe (failing);

  json_builder_set_member_name (b, "failing");
  json_builder_begin_array (b);
  for (guint i = 0; i < flags->n_values; i++)
    if (flags->values[i].value != 0 && (failing & flags->values[i].value))
      json_builder_add_string_value (b, flags->values[i].value_nick);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "failing_text");
  json_builder_begin_array (b);
  for (guint i = 0; text[i] != NULL; i++)
    json_builder_add_string_value (b, text[i]);
  json_builder_end_array (b);
}

char *
drivedash_evidence_to_json (const DrivedashEvidence *evidence)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  g_return_val_if_fail (evidence != NULL, NULL);
  json_builder_begin_object (b);
  drivedash_json_member_string (b, "format", EVIDENCE_FORMAT);
  drivedash_json_member_int (b, "version", TRUE, EVIDENCE_VERSION);
  drivedash_json_member_int (b, "made_usec", TRUE, evidence->made_usec);
  drivedash_json_member_bool (b, "serial_included", TRUE, TRUE);
  drivedash_json_member_string (b, "note", drivedash_evidence_serial_note ());
  add_failing (b, evidence);

  json_builder_set_member_name (b, "drive");
  json_builder_begin_object (b);
  drivedash_health_to_json (evidence->health, b);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "history");
  json_builder_begin_array (b);
  for (guint i = 0; i < evidence->history->len; i++)
    {
      json_builder_begin_object (b);
      snapshot_members (&g_array_index (evidence->history, DrivedashSnapshot, i), b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "kernel_events");
  if (evidence->events == NULL)
    json_builder_add_null_value (b);
  else
    {
      json_builder_begin_object (b);
      drivedash_event_log_to_json (evidence->events, b);
      json_builder_end_object (b);
    }
  drivedash_json_member_string (b, "kernel_events_missing", evidence->events_why);
  json_builder_end_object (b);
  return drivedash_json_to_string (b);
}
