/* drivedash-quirks.h — known firmware quirks of real drives, by model
 * and firmware, each with where it was seen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The plausibility guards (drivedash-plausible.h) catch impossible
 * values on any drive; this small table says, where a drive is known to
 * give them, that it is a known quirk of that model, so the note is not
 * a mystery.  It never changes the verdict either.  Every entry comes
 * from ../shared/real-drives (the public linuxhw/SMART collection) and
 * has a test in test-health-corpus (/health-corpus/quirks*).
 */
#pragma once

#include "drivedash-health.h"

G_BEGIN_DECLS

typedef enum /*< flags >*/
{
  DRIVEDASH_QUIRK_NONE                = 0,
  DRIVEDASH_QUIRK_MEDIA_ERRORS_JUNK   = 1 << 0,  /* junk in the media-error counter */
  DRIVEDASH_QUIRK_ERROR_LOG_JUNK      = 1 << 1,  /* error-log entries are junk; the counter is the truth */
  DRIVEDASH_QUIRK_THROTTLE_TIME_JUNK  = 1 << 2,  /* slow-down time beyond power-on time */
  DRIVEDASH_QUIRK_SENSORS_PLACEHOLDER = 1 << 3,  /* sensors reading 50, 51 … 57 °C */
} DrivedashQuirks;

typedef struct
{
  const char      *model;     /* glob (GPatternSpec) on the drive's model */
  const char      *firmware;  /* glob on its firmware revision */
  DrivedashQuirks  quirks;
  const char      *seen;      /* the drives of the collection it was seen on */
} DrivedashQuirk;

/* The table, for tests and documentation. */
const DrivedashQuirk *drivedash_quirks_table  (guint                 *n_entries);
/* The known quirks of @health's model and firmware (NONE when unknown). */
DrivedashQuirks       drivedash_health_quirks (const DrivedashHealth *health);
/* The notes for the quirks @health shows now (the symptom is there), one
 * per quirk: "quirk-media-errors" and so on, with words naming the model
 * and firmware.  (element-type DrivedashVerdictReason) (transfer full) */
GPtrArray            *drivedash_quirks_notes  (const DrivedashHealth *health);

G_END_DECLS
