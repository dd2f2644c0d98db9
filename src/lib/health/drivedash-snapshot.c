/* drivedash-snapshot.c — health snapshots for the watch
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "drivedash-snapshot.h"

static gint64
to_int64 (DrivedashU128 value)
{
  gint64 out;

  return drivedash_u128_to_int64 (value, &out) ? out : G_MAXINT64;
}

void
drivedash_snapshot_from_temperature (DrivedashSnapshot *out,
                                     guint16            kelvin,
                                     gint64             time)
{
  memset (out, 0, sizeof *out);
  out->time = time;
  if (kelvin == 0)
    return;
  out->has = DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE;
  out->samples = 1;
  out->temperature_kelvin = kelvin;
  out->temperature_min_kelvin = kelvin;
  out->temperature_max_kelvin = kelvin;
}

gboolean
drivedash_snapshot_from_health (DrivedashSnapshot     *out,
                                const DrivedashHealth *health,
                                gint64                 time)
{
  const DrivedashSmartLog *s = &health->smart;
  guint16 kelvin = (health->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE) ? s->temperature_kelvin : 0;

  drivedash_snapshot_from_temperature (out, kelvin, time);
  if (!(health->has & DRIVEDASH_HEALTH_HAS_SMART))
    return out->has != 0;
  out->has |= DRIVEDASH_SNAPSHOT_HAS_SMART;
  out->critical_warning = s->critical_warning;
  out->available_spare_percent = s->available_spare_percent;
  out->available_spare_threshold_percent = s->available_spare_threshold_percent;
  out->percentage_used = s->percentage_used;
  out->data_units_read = to_int64 (s->data_units_read);
  out->data_units_written = to_int64 (s->data_units_written);
  out->power_on_hours = to_int64 (s->power_on_hours);
  out->media_errors = to_int64 (s->media_errors);
  out->error_log_entries = to_int64 (s->error_log_entries);
  out->thermal_management_1_transitions = s->thermal_management_1_transitions;
  out->thermal_management_2_transitions = s->thermal_management_2_transitions;
  out->thermal_management_1_seconds = s->thermal_management_1_seconds;
  out->thermal_management_2_seconds = s->thermal_management_2_seconds;
  return TRUE;
}

static void
merge_temperature (DrivedashSnapshot       *into,
                   const DrivedashSnapshot *later)
{
  guint total;

  if (!(later->has & DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE))
    return;
  if (!(into->has & DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE))
    {
      into->has |= DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE;
      into->samples = later->samples;
      into->temperature_kelvin = later->temperature_kelvin;
      into->temperature_min_kelvin = later->temperature_min_kelvin;
      into->temperature_max_kelvin = later->temperature_max_kelvin;
      return;
    }
  /* Weighted, so merging hours into a day gives the day's true mean. */
  total = into->samples + later->samples;
  into->temperature_kelvin = (into->temperature_kelvin * into->samples +
                              later->temperature_kelvin * later->samples) / total;
  into->samples = total;
  into->temperature_min_kelvin = MIN (into->temperature_min_kelvin, later->temperature_min_kelvin);
  into->temperature_max_kelvin = MAX (into->temperature_max_kelvin, later->temperature_max_kelvin);
}

void
drivedash_snapshot_merge (DrivedashSnapshot       *into,
                          const DrivedashSnapshot *later)
{
  merge_temperature (into, later);
  if (!(later->has & DRIVEDASH_SNAPSHOT_HAS_SMART))
    return;
  if (!(into->has & DRIVEDASH_SNAPSHOT_HAS_SMART))
    {
      into->has |= DRIVEDASH_SNAPSHOT_HAS_SMART;
      into->critical_warning = 0;
      into->available_spare_percent = G_MAXUINT8;
      into->percentage_used = 0;
    }
  /* A warning or a low spare that came and went inside the bucket is
   * still part of the drive's history. */
  into->critical_warning |= later->critical_warning;
  into->available_spare_percent = MIN (into->available_spare_percent, later->available_spare_percent);
  into->available_spare_threshold_percent = later->available_spare_threshold_percent;
  into->percentage_used = MAX (into->percentage_used, later->percentage_used);
  into->data_units_read = later->data_units_read;
  into->data_units_written = later->data_units_written;
  into->power_on_hours = later->power_on_hours;
  into->media_errors = later->media_errors;
  into->error_log_entries = later->error_log_entries;
  into->thermal_management_1_transitions = later->thermal_management_1_transitions;
  into->thermal_management_2_transitions = later->thermal_management_2_transitions;
  into->thermal_management_1_seconds = later->thermal_management_1_seconds;
  into->thermal_management_2_seconds = later->thermal_management_2_seconds;
}
