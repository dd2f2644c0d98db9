/* drivedash-health-mapping.h — pure functions from health values to what
 * the Health page shows: icon names, titles, style classes, texts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * No GTK here: the unit tests check them without a display, and the
 * templates call them through <closure>s.
 */
#pragma once

#include "drivedash-events.h"
#include "drivedash-health.h"
#include "drivedash-power.h"

G_BEGIN_DECLS

const char *drivedash_health_verdict_icon_name   (DrivedashVerdict verdict);
/* "success", "warning", "error" or "dim-label". */
const char *drivedash_health_verdict_style_class (DrivedashVerdict verdict);
/* has_smart: without the health log only the temperature was checked, so
 * a good verdict claims no more than that. */
const char *drivedash_health_verdict_title       (DrivedashVerdict verdict,
                                                  gboolean         has_smart);
/* One reason a line; NULL when there is nothing to say. */
char       *drivedash_health_reasons_text        (const DrivedashHealth *health);
/* "Slows down at 70 °C\nCritical at 85 °C". */
char       *drivedash_health_limits_text         (guint warning_kelvin,
                                                  guint critical_kelvin);
char       *drivedash_health_temperature_subtitle (guint warning_kelvin);
char       *drivedash_health_written_subtitle    (const char *model);
/* The "Some health details need …" banner; NULL when nothing is missing. */
char       *drivedash_health_partial_text        (DrivedashHealth *health);
/* The raw messages behind the partial text ("Full health data:
 * GDBus.Error:…"), one a line, for its Details expander; NULL if none. */
char       *drivedash_health_partial_details     (DrivedashHealth *health);
/* TRUE when installing the Drivedash system service would fill in what
 * the report lacks: it is missing, not refusing or broken. */
gboolean    drivedash_health_offers_service      (DrivedashHealth *health);
/* TRUE when the last read found the Drivedash system service installed
 * (it answered, refused or failed). */
gboolean    drivedash_health_service_installed   (const DrivedashHealth *health);
/* "Samsung SSD 970 EVO Plus 1TB · nvme0". */
char       *drivedash_health_drive_text          (const DrivedashHealth *health);
/* The game-mode row's subtitle.  error: the last change or read failed
 * (the state shown is the one before it); simulated: the demo drive. */
char       *drivedash_health_game_mode_text      (const DrivedashGameMode *state,
                                                  const GError            *error,
                                                  gboolean                 simulated);

/* The Events group's description: what the kernel reported in the last
 * DRIVEDASH_HEALTH_EVENTS_DAYS days, or why it cannot be read (error). */
#define DRIVEDASH_HEALTH_EVENTS_DAYS 7
char       *drivedash_health_events_summary      (const DrivedashEventLog *log,
                                                  const GError            *error);
/* One kind's row: "3 times, last Mon 10:04" and what it means and what to
 * do. */
char       *drivedash_health_events_row_subtitle (const DrivedashEventLog *log,
                                                  DrivedashEventKind       kind);
/* The offer to keep the drive at full power, or, once it is, whether it
 * dropped out since (kept_since_usec: when it was made so, 0 unknown).
 * NULL when there is nothing to say.  supported: the drive has APST. */
char       *drivedash_health_events_full_power_text (const DrivedashEventLog *log,
                                                     gboolean                 supported,
                                                     gboolean                 persistent,
                                                     gint64                   kept_since_usec);
/* How many times the drive dropped out at or after since_usec. */
guint       drivedash_health_events_dropouts_since (const DrivedashEventLog *log,
                                                    gint64                   since_usec);

G_END_DECLS
