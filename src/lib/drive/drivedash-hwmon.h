/* drivedash-hwmon.h — temperatures from the kernel's NVMe hwmon device
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "drivedash-smart.h"

G_BEGIN_DECLS

/* What an NVMe hwmon directory offers to any user.  Kelvin, 0 = absent. */
typedef struct
{
  guint16  temperature_kelvin;           /* temp1_input, the composite */
  guint16  max_kelvin;                   /* temp1_max: over-temperature threshold */
  guint16  crit_kelvin;                  /* temp1_crit: the drive's critical limit */
  gboolean has_alarm;
  gboolean alarm;                        /* temp1_alarm: critical-warning bit 1 */
  guint16  sensors_kelvin[DRIVEDASH_N_TEMPERATURE_SENSORS]; /* temp2…temp9 */
} DrivedashHwmonReading;

/* hwmon reports millidegrees Celsius, computed by the kernel as
 * K × 1000 − 273150; this gives the drive's Kelvin value back exactly
 * (rounded to the nearest Kelvin for other inputs; 0 for values at or
 * below absolute zero, which mean "not reported"). */
guint16  drivedash_millicelsius_to_kelvin (gint64                  millicelsius);

/* Reads the directory.  Only a missing or unreadable temp1_input is an
 * error (DRIVEDASH_ERROR_NOT_SUPPORTED, or DEVICE_GONE when the files
 * vanished); the other values are optional. */
gboolean drivedash_hwmon_read             (const char             *hwmon_path,
                                           DrivedashHwmonReading  *out,
                                           gboolean                temperature_only,
                                           GError                **error);

/* The hwmon directory of /sys/class/nvme/CONTROLLER; NULL when there is
 * none (or @controller is NULL). */
char    *drivedash_hwmon_find             (const char             *controller);

G_END_DECLS
