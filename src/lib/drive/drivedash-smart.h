/* drivedash-smart.h — the NVMe SMART / Health Information log (log page 0x02)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "drivedash-u128.h"

G_BEGIN_DECLS

/* Size of the SMART / Health Information log page. */
#define DRIVEDASH_SMART_LOG_SIZE 512

/* Bytes per data unit: the log counts thousands of 512-byte blocks. */
#define DRIVEDASH_BYTES_PER_DATA_UNIT 512000

/* units × 512 000, saturating at 2^128 − 1 (which no drive reaches). */
DrivedashU128 drivedash_data_units_to_bytes  (DrivedashU128        units);

/* Critical Warning bits (byte 0 of the log). */
typedef enum
{
  DRIVEDASH_CRITICAL_WARNING_SPARE           = 1 << 0, /* spare below threshold */
  DRIVEDASH_CRITICAL_WARNING_TEMPERATURE     = 1 << 1, /* over/under temperature */
  DRIVEDASH_CRITICAL_WARNING_RELIABILITY     = 1 << 2, /* reliability degraded */
  DRIVEDASH_CRITICAL_WARNING_READ_ONLY       = 1 << 3, /* media is read-only */
  DRIVEDASH_CRITICAL_WARNING_VOLATILE_BACKUP = 1 << 4, /* volatile memory backup failed */
  DRIVEDASH_CRITICAL_WARNING_PMR_READ_ONLY   = 1 << 5, /* persistent memory region read-only */
  /* bits 6 and 7 are reserved by the specification */
} DrivedashCriticalWarning;

/* A short, translated, plain-language sentence for one bit (0–7).  Reserved
 * bits get a generic sentence; never NULL. */
const char *drivedash_critical_warning_describe (guint bit);
/* A stable machine-readable id for one bit, e.g. "spare", "temperature",
 * "reliability", "read-only", "volatile-backup", "pmr-read-only",
 * "reserved-6", "reserved-7". */
const char *drivedash_critical_warning_id       (guint bit);

#define DRIVEDASH_N_TEMPERATURE_SENSORS 8

/* Every field of the log, decoded.  Temperatures are exact integer Kelvin
 * as reported; 0 means "not reported". */
typedef struct
{
  guint8        critical_warning;
  guint16       temperature_kelvin;            /* composite */
  guint8        available_spare_percent;
  guint8        available_spare_threshold_percent;
  guint8        percentage_used;               /* may exceed 100 (up to 255) */
  guint8        endurance_group_critical_warning;
  DrivedashU128 data_units_read;
  DrivedashU128 data_units_written;
  DrivedashU128 host_read_commands;
  DrivedashU128 host_write_commands;
  DrivedashU128 controller_busy_minutes;
  DrivedashU128 power_cycles;
  DrivedashU128 power_on_hours;
  DrivedashU128 unsafe_shutdowns;
  DrivedashU128 media_errors;
  DrivedashU128 error_log_entries;
  guint32       warning_temperature_minutes;
  guint32       critical_temperature_minutes;
  guint16       temperature_sensors_kelvin[DRIVEDASH_N_TEMPERATURE_SENSORS];
  guint32       thermal_management_1_transitions;
  guint32       thermal_management_2_transitions;
  guint32       thermal_management_1_seconds;
  guint32       thermal_management_2_seconds;
} DrivedashSmartLog;

/* Decodes a SMART log page.  len must be at least DRIVEDASH_SMART_LOG_SIZE
 * (extra bytes are ignored); otherwise returns FALSE with
 * DRIVEDASH_ERROR_INVALID_ARGUMENT.  Pure: no I/O. */
gboolean drivedash_smart_log_decode (const guint8       *bytes,
                                     gsize               len,
                                     DrivedashSmartLog  *out,
                                     GError            **error);

G_END_DECLS
