/* drivedash-plausible.h — values no drive can really report, and what
 * the verdict does with them: nothing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Real firmware fills counters with junk and limits with placeholders
 * (../shared/real-drives: SK hynix BC501 with 25-digit media errors, an
 * Intel H10 at 928,959 power-on hours, 255 °C critical limits, Apple's
 * 99 % spare threshold).  The one table in drivedash-plausible.c says
 * which values are implausible; the verdict and the failing-drive check
 * skip them (a note says so, with the raw value), and the page shows
 * them as what they are.
 */
#pragma once

#include "drivedash-health.h"

G_BEGIN_DECLS

typedef enum /*< flags >*/
{
  DRIVEDASH_IMPLAUSIBLE_NONE             = 0,
  DRIVEDASH_IMPLAUSIBLE_MEDIA_ERRORS     = 1 << 0,  /* 2^48 or more */
  DRIVEDASH_IMPLAUSIBLE_POWER_ON_HOURS   = 1 << 1,  /* beyond 15 years */
  DRIVEDASH_IMPLAUSIBLE_DATA_WRITTEN     = 1 << 2,  /* beyond 1,000 × the capacity */
  DRIVEDASH_IMPLAUSIBLE_WARNING_LIMIT    = 1 << 3,  /* outside 1–150 °C */
  DRIVEDASH_IMPLAUSIBLE_CRITICAL_LIMIT   = 1 << 4,  /* outside 1–150 °C */
  DRIVEDASH_IMPLAUSIBLE_SPARE_THRESHOLD  = 1 << 5,  /* above 90 % */
  DRIVEDASH_IMPLAUSIBLE_SPARE_UNREPORTED = 1 << 6,  /* spare 0 with threshold 0 */
  DRIVEDASH_IMPLAUSIBLE_THROTTLE_TIME    = 1 << 7,  /* slowed down for longer than it was on */
  DRIVEDASH_IMPLAUSIBLE_SENSORS          = 1 << 8,  /* 3+ sensors counting up by 1 °C: placeholders */
} DrivedashImplausible;

#define DRIVEDASH_IMPLAUSIBLE_N_FLAGS 9

/* Which of @health's values are implausible (only those it has). */
DrivedashImplausible drivedash_health_implausible (const DrivedashHealth *health);

/* A temperature limit a drive can mean, in Kelvin: 1–150 °C. */
gboolean             drivedash_temperature_limit_plausible (guint kelvin);
/* A sensor reading that is one (0 K is "not reported"): not 273 K, the
 * 0 °C some firmware gives for a sensor it lacks, and not 65535. */
gboolean             drivedash_temperature_sensor_plausible (guint kelvin);
/* Whether @health's sensors are a made-up sequence (50, 51 … 57 °C):
 * three or more reported, each exactly 1 °C above the one before. */
gboolean             drivedash_health_sensors_are_placeholders (const DrivedashHealth *health);

/* The reason-like note for one flag: "The drive reports 4,457,415,… media
 * errors, more than any drive can have: firmware is known to put junk in
 * this counter, so Drivedash does not judge by it." (translated, with the
 * raw value), and its id ("implausible-media-errors"). */
char                *drivedash_implausible_describe (const DrivedashHealth *health,
                                                     DrivedashImplausible   flag);
const char          *drivedash_implausible_id       (DrivedashImplausible   flag);

G_END_DECLS
