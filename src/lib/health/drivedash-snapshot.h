/* drivedash-snapshot.h — one health snapshot of a drive, as the watch
 * stores it, and how snapshots are merged when old ones are thinned
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-health.h"

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE = 1 << 0, /* temperature_* */
  DRIVEDASH_SNAPSHOT_HAS_SMART       = 1 << 1, /* everything else */
} DrivedashSnapshotHas;

/* A plain struct: the watch takes the temperature every minute (HAS_TEMPERATURE
 * only) and the full health every ten (both).  After thinning one snapshot
 * stands for several readings: the temperature is then their mean and
 * min/max, the counters are the newest values, the critical warning holds
 * every bit seen, the spare its lowest and percentage used its highest. */
typedef struct
{
  gint64               time;                      /* Unix time, seconds */
  DrivedashSnapshotHas has;
  guint                samples;                   /* temperature readings merged in */
  double               temperature_kelvin;        /* mean */
  guint16              temperature_min_kelvin;
  guint16              temperature_max_kelvin;
  guint8               critical_warning;
  guint8               available_spare_percent;
  guint8               available_spare_threshold_percent;
  guint8               percentage_used;
  gint64               data_units_read;           /* the log's units (512 000 bytes) */
  gint64               data_units_written;
  gint64               power_on_hours;
  gint64               media_errors;
  gint64               error_log_entries;
  guint32              thermal_management_1_transitions;
  guint32              thermal_management_2_transitions;
  guint32              thermal_management_1_seconds;
  guint32              thermal_management_2_seconds;
} DrivedashSnapshot;

/* Fills @out from a health report taken at @time.  FALSE when the report
 * holds neither a temperature nor SMART counters (nothing to keep).
 * 128-bit counters are kept as 64-bit, saturating (no drive gets near). */
gboolean drivedash_snapshot_from_health      (DrivedashSnapshot       *out,
                                              const DrivedashHealth   *health,
                                              gint64                   time);
/* A temperature-only snapshot (the minute readings). */
void     drivedash_snapshot_from_temperature (DrivedashSnapshot       *out,
                                              guint16                  kelvin,
                                              gint64                   time);
/* Merges @later into @into (see above); @into keeps its time. */
void     drivedash_snapshot_merge            (DrivedashSnapshot       *into,
                                              const DrivedashSnapshot *later);

G_END_DECLS
