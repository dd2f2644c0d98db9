/* drivedash-watch-rules.h — when the watch tells the user about a drive:
 * a pure state machine over health snapshots, and its messages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each rule fires once per event, never on every reading:
 * - a critical-warning bit that was not set before;
 * - the temperature at or above the drive's warning limit for 2 minutes
 *   or more; it is over when the temperature is 3 °C below the limit;
 * - the available spare at or below its threshold; over when above it;
 * - media errors or error-log entries higher than at the last reading;
 * - percentage used reaching 80, 90 or 100 % (the highest level reached
 *   is said once; a drive already past one when first seen gets one
 *   message for it).
 * A muted drive ("Don't warn about this drive") runs the same rules, so
 * unmuting it does not bring back old events, but nothing is reported.
 */
#pragma once

#include "drivedash-snapshot.h"

G_BEGIN_DECLS

/* How long the temperature must stay at or above the limit, and how far
 * below it must fall for the event to end. */
#define DRIVEDASH_WATCH_HOT_SECONDS   120
#define DRIVEDASH_WATCH_COOL_KELVIN   3

/* What the rules remember about a drive between readings (the store
 * keeps it, so a restart does not repeat a message). */
typedef struct
{
  guint8   warned_bits;        /* critical-warning bits set at the last reading */
  gboolean hot;                /* at or above the limit since hot_since */
  gint64   hot_since;
  gboolean hot_warned;         /* told; until 3 °C below the limit */
  gboolean spare_warned;
  guint8   used_level;         /* 0, 80, 90 or 100: the highest level told */
  gint64   media_errors;       /* -1: not seen yet */
  gint64   error_log_entries;  /* -1: not seen yet */
} DrivedashWatchState;

#define DRIVEDASH_WATCH_STATE_INIT { 0, FALSE, 0, FALSE, FALSE, 0, -1, -1 }

typedef enum
{
  DRIVEDASH_WATCH_EVENT_CRITICAL_WARNING,
  DRIVEDASH_WATCH_EVENT_TEMPERATURE,
  DRIVEDASH_WATCH_EVENT_SPARE,
  DRIVEDASH_WATCH_EVENT_MEDIA_ERRORS,
  DRIVEDASH_WATCH_EVENT_ERROR_LOG,
  DRIVEDASH_WATCH_EVENT_WEAR,
} DrivedashWatchEventKind;

typedef struct
{
  DrivedashWatchEventKind kind;
  gint64                  time;
  guint8                  bits;        /* CRITICAL_WARNING: the new bits */
  gint64                  before;      /* MEDIA_ERRORS, ERROR_LOG: the counts */
  gint64                  after;
  guint                   level;       /* WEAR: 80, 90 or 100 */
  double                  temperature_kelvin; /* TEMPERATURE */
  guint16                 limit_kelvin;
  guint8                  spare;       /* SPARE: percent and threshold */
  guint8                  threshold;
} DrivedashWatchEvent;

/* Runs the rules on one reading.  warning_kelvin: the drive's warning
 * temperature (0: unknown, the temperature rule is off).  With
 * warning_kelvin known, critical-warning bit 1 (temperature) is left to
 * the temperature rule, which has the 2-minute wait and the 3 °C margin;
 * the drive's own bit has neither and would repeat.  Returns the events
 * to report (none when muted).  (element-type DrivedashWatchEvent) */
GArray *drivedash_watch_rules_apply   (DrivedashWatchState       *state,
                                       const DrivedashSnapshot   *snapshot,
                                       guint16                    warning_kelvin,
                                       gboolean                   muted);

/* The message for one event, translated: a title (what happened) and a
 * body (what it means and what to do).  drive: a name people know. */
void    drivedash_watch_event_describe (const DrivedashWatchEvent *event,
                                        const char                *drive,
                                        char                     **title,
                                        char                     **body);
/* A stable id for the event kind ("critical-warning", "temperature",
 * "spare", "media-errors", "error-log", "wear"). */
const char *drivedash_watch_event_kind_id (DrivedashWatchEventKind kind);

G_END_DECLS
