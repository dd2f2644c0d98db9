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

#include "drivedash-events.h"
#include "drivedash-snapshot.h"
#include "drivedash-store-health.h"

G_BEGIN_DECLS

/* How long the temperature must stay at or above the limit, and how far
 * below it must fall for the event to end. */
#define DRIVEDASH_WATCH_HOT_SECONDS   120
#define DRIVEDASH_WATCH_COOL_KELVIN   3

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

/* Kernel events: each serious kind is told once, the first time it shows
 * up at or after since_usec.  told: the kinds told so far (a bit per
 * DrivedashEventKind), updated.  Returns the bits of the kinds to tell
 * now (none when muted, though they count as told). */
guint32 drivedash_watch_rules_kernel_events (const DrivedashEventLog *log,
                                             gint64                   since_usec,
                                             guint32                 *told,
                                             gboolean                 muted);
/* The message for one kind of kernel event: count of them since the
 * watch began, from log. */
void    drivedash_watch_kernel_event_describe (DrivedashEventKind       kind,
                                               const DrivedashEventLog *log,
                                               const char              *drive,
                                               char                   **title,
                                               char                   **body);

/* An app writing far above its own usual (issue 39): over this many
 * times the median of its last 30 days (days without writes count) and
 * over DRIVEDASH_WATCH_APP_SPIKE_BYTES in a day; told once a day. */
#define DRIVEDASH_WATCH_APP_SPIKE_TIMES 10
#define DRIVEDASH_WATCH_APP_SPIKE_BYTES G_GUINT64_CONSTANT (20000000000)
#define DRIVEDASH_WATCH_APP_USUAL_DAYS  30

/* Whether @today is such a day against @days; @times (may be NULL) gets
 * today over the median, 0 when the median is 0. */
gboolean drivedash_watch_rules_app_spike (guint64        today,
                                          const guint64 *days,
                                          guint          n_days,
                                          guint64        min_bytes,
                                          double        *times);
/* "Firefox wrote 45.0 GB to Samsung SSD 980 today", and what it costs:
 * the days of the drive's rated life (@rated_tb over five years, the
 * usual warranty; 0: not known) such a day uses. */
void     drivedash_watch_app_spike_describe (const char *app,
                                             const char *drive_name,
                                             guint64     today,
                                             double      times,
                                             guint       rated_tb,
                                             char      **title,
                                             char      **body);

G_END_DECLS
