/* drivedash-plausible.c — the one table of implausible values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-format.h"
#include "drivedash-plausible.h"

/* 15 years of power-on time; 2^48 media errors (a drive rewriting every
 * block of 8 TB each second for a year would not get there). */
#define MAX_POWER_ON_HOURS   (15 * 8766)
#define MAX_MEDIA_ERRORS_HI  0
#define MAX_MEDIA_ERRORS_LO  (G_GUINT64_CONSTANT (1) << 48)
#define MIN_LIMIT_KELVIN     (273 + 1)
#define MAX_LIMIT_KELVIN     (273 + 150)
#define MAX_SPARE_THRESHOLD  90
#define MAX_WRITES_PER_SIZE  1000

typedef struct
{
  DrivedashImplausible flag;
  const char          *id;
  gboolean           (*check)    (const DrivedashHealth *h);
  char              *(*describe) (const DrivedashHealth *h);
} Guard;

static gboolean
has_smart (const DrivedashHealth *h)
{
  return (h->has & DRIVEDASH_HEALTH_HAS_SMART) != 0;
}

static gboolean
u128_at_least (DrivedashU128 v,
               guint64       lo)
{
  return v.hi != 0 || v.lo >= lo;
}

static gboolean
check_media (const DrivedashHealth *h)
{
  return has_smart (h) && u128_at_least (h->smart.media_errors, MAX_MEDIA_ERRORS_LO);
}

static gboolean
check_hours (const DrivedashHealth *h)
{
  return has_smart (h) && u128_at_least (h->smart.power_on_hours, MAX_POWER_ON_HOURS + 1);
}

static gboolean
check_written (const DrivedashHealth *h)
{
  DrivedashU128 units = h->smart.data_units_written;
  guint64 most;

  if (!has_smart (h) || h->capacity_bytes == 0
      || h->capacity_bytes > G_MAXUINT64 / MAX_WRITES_PER_SIZE / 1000)
    return FALSE;
  most = h->capacity_bytes * MAX_WRITES_PER_SIZE / DRIVEDASH_BYTES_PER_DATA_UNIT;
  return u128_at_least (units, most + 1);
}

gboolean
drivedash_temperature_limit_plausible (guint kelvin)
{
  return kelvin >= MIN_LIMIT_KELVIN && kelvin <= MAX_LIMIT_KELVIN;
}

gboolean
drivedash_temperature_sensor_plausible (guint kelvin)
{
  return kelvin != 273 && kelvin < G_MAXUINT16;
}

static gboolean
has_limits (const DrivedashHealth *h)
{
  return (h->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS) != 0;
}

/* 0 K is "not reported": no limit, not a wrong one. */
static gboolean
check_warning (const DrivedashHealth *h)
{
  return has_limits (h) && h->warning_temperature_kelvin != 0
         && !drivedash_temperature_limit_plausible (h->warning_temperature_kelvin);
}

static gboolean
check_critical (const DrivedashHealth *h)
{
  return has_limits (h) && h->critical_temperature_kelvin != 0
         && !drivedash_temperature_limit_plausible (h->critical_temperature_kelvin);
}

static gboolean
check_unreported (const DrivedashHealth *h)
{
  return has_smart (h) && h->smart.available_spare_percent == 0
         && h->smart.available_spare_threshold_percent == 0;
}

static gboolean
check_threshold (const DrivedashHealth *h)
{
  return has_smart (h) && h->smart.available_spare_threshold_percent > MAX_SPARE_THRESHOLD;
}

/* Slowed down for longer than the drive has been on (an hour's slack
 * for the counters' rounding). */
static gboolean
check_throttle (const DrivedashHealth *h)
{
  guint64 throttled = (guint64) h->smart.thermal_management_1_seconds + h->smart.thermal_management_2_seconds;

  return has_smart (h) && !check_hours (h) && h->smart.power_on_hours.hi == 0
         && throttled > h->smart.power_on_hours.lo * 3600 + 3600;
}

gboolean
drivedash_health_sensors_are_placeholders (const DrivedashHealth *h)
{
  guint n = 0, last = 0;

  g_return_val_if_fail (h != NULL, FALSE);
  if (!(h->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_SENSORS))
    return FALSE;
  for (guint i = 0; i < DRIVEDASH_N_TEMPERATURE_SENSORS; i++)
    {
      guint k = h->smart.temperature_sensors_kelvin[i];

      if (k == 0)
        continue;
      if (n > 0 && k != last + 1)
        return FALSE;
      last = k;
      n++;
    }
  return n >= 3;
}

static char *
describe_throttle (const DrivedashHealth *h)
{
  g_autofree char *hours = drivedash_format_count (h->smart.power_on_hours);
  guint64 throttled = (guint64) h->smart.thermal_management_1_seconds + h->smart.thermal_management_2_seconds;

  /* Translators: %lu is hours spent slowed down, %s the hours the drive was on */
  return g_strdup_printf (_("The drive says it slowed itself down for heat for %lu hours, longer than the %s "
                            "hours it has been on: the counter cannot be right, so Drivedash does not judge by "
                            "it."), (gulong) (throttled / 3600), hours);
}

static char *
describe_sensors (const DrivedashHealth *h)
{
  return g_strdup (_("The drive’s extra temperature sensors read one degree apart each (50, 51, 52 °C …): "
                     "they are placeholders, not readings. Drivedash goes by the drive’s main temperature."));
}

static char *
describe_media (const DrivedashHealth *h)
{
  g_autofree char *n = drivedash_format_count (h->smart.media_errors);

  return g_strdup_printf (_("The drive reports %s media errors, more than any drive can have: its firmware put "
                            "junk in this counter, so Drivedash does not judge by it."), n);
}

static char *
describe_hours (const DrivedashHealth *h)
{
  g_autofree char *n = drivedash_format_count (h->smart.power_on_hours);

  return g_strdup_printf (_("The drive reports %s hours of use, more than 15 years: the counter cannot be "
                            "right, so Drivedash does not judge by it."), n);
}

static char *
describe_written (const DrivedashHealth *h)
{
  g_autofree char *n = drivedash_format_count (h->smart.data_units_written);

  return g_strdup_printf (_("The drive reports %s data units written, more than a thousand times its size: "
                            "the counter cannot be right, so Drivedash does not judge by it."), n);
}

static char *
describe_limit (guint kelvin)
{
  /* Translators: %d is the raw limit in °C, e.g. 255 */
  return g_strdup_printf (_("The drive gives a temperature limit of %d °C, which no drive can mean: Drivedash "
                            "ignores this limit."), (int) kelvin - 273);
}

static char *
describe_warning (const DrivedashHealth *h)
{
  return describe_limit (h->warning_temperature_kelvin);
}

static char *
describe_critical (const DrivedashHealth *h)
{
  return describe_limit (h->critical_temperature_kelvin);
}

static char *
describe_unreported (const DrivedashHealth *h)
{
  return g_strdup (_("The drive does not report its spare blocks (it gives 0 % with a 0 % threshold)."));
}

static char *
describe_threshold (const DrivedashHealth *h)
{
  return g_strdup_printf (_("The drive gives a spare-block threshold of %u %%, above what a maker can mean: "
                            "Drivedash does not compare the spare blocks with it."),
                          h->smart.available_spare_threshold_percent);
}

static const Guard guards[] = {
  { DRIVEDASH_IMPLAUSIBLE_MEDIA_ERRORS, "implausible-media-errors", check_media, describe_media },
  { DRIVEDASH_IMPLAUSIBLE_POWER_ON_HOURS, "implausible-power-on-hours", check_hours, describe_hours },
  { DRIVEDASH_IMPLAUSIBLE_DATA_WRITTEN, "implausible-data-written", check_written, describe_written },
  { DRIVEDASH_IMPLAUSIBLE_WARNING_LIMIT, "implausible-warning-limit", check_warning, describe_warning },
  { DRIVEDASH_IMPLAUSIBLE_CRITICAL_LIMIT, "implausible-critical-limit", check_critical, describe_critical },
  { DRIVEDASH_IMPLAUSIBLE_SPARE_THRESHOLD, "implausible-spare-threshold", check_threshold, describe_threshold },
  { DRIVEDASH_IMPLAUSIBLE_SPARE_UNREPORTED, "spare-not-reported", check_unreported, describe_unreported },
  { DRIVEDASH_IMPLAUSIBLE_THROTTLE_TIME, "implausible-throttle-time", check_throttle, describe_throttle },
  { DRIVEDASH_IMPLAUSIBLE_SENSORS, "implausible-sensors", drivedash_health_sensors_are_placeholders,
    describe_sensors },
};

G_STATIC_ASSERT (G_N_ELEMENTS (guards) == DRIVEDASH_IMPLAUSIBLE_N_FLAGS);

DrivedashImplausible
drivedash_health_implausible (const DrivedashHealth *health)
{
  DrivedashImplausible flags = DRIVEDASH_IMPLAUSIBLE_NONE;

  g_return_val_if_fail (health != NULL, DRIVEDASH_IMPLAUSIBLE_NONE);
  for (guint i = 0; i < G_N_ELEMENTS (guards); i++)
    if (guards[i].check (health))
      flags |= guards[i].flag;
  return flags;
}

static const Guard *
find (DrivedashImplausible flag)
{
  for (guint i = 0; i < G_N_ELEMENTS (guards); i++)
    if (guards[i].flag == flag)
      return &guards[i];
  return NULL;
}

char *
drivedash_implausible_describe (const DrivedashHealth *health,
                                DrivedashImplausible   flag)
{
  const Guard *g = find (flag);

  g_return_val_if_fail (health != NULL && g != NULL, NULL);
  return g->describe (health);
}

const char *
drivedash_implausible_id (DrivedashImplausible flag)
{
  const Guard *g = find (flag);

  return g != NULL ? g->id : NULL;
}
