/* drivedash-failing.h — when a drive is failing: the kernel's
 * serious events in the verdict, and the condition that puts the
 * failing-drive steps first on the Health page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A drive is failing when any of these holds:
 * - its verdict is Bad;
 * - the watch's media-error rule fires on its readings: media errors
 *   higher at a later reading than at an earlier one (the history, then
 *   the health read now);
 * - the watch's spare rule holds now: the available spare at or below
 *   its threshold;
 * - its newest self-test result is a fault it found in itself
 *   (drivedash_self_test_result_is_fault(): a failed segment or a fatal
 *   error; an aborted test is none, and a later passed test clears it);
 * - the kernel reported a serious event about it (the severity in
 *   drivedash-event-patterns.c's table: resets, I/O errors, read-only
 *   remounts, …); a warning or an info event, such as a corrected PCIe
 *   error, never is.  Nor are dropouts that power saving explains
 *   (drivedash_event_log_suggests_full_power(): APST on and two or more):
 *   their fix is keeping the drive at full power, which the Events group
 *   offers; they still count in the verdict.
 */
#pragma once

#include "drivedash-events.h"
#include "drivedash-health.h"
#include "drivedash-snapshot.h"

G_BEGIN_DECLS

typedef enum /*< flags >*/
{
  DRIVEDASH_FAILING_NONE           = 0,
  DRIVEDASH_FAILING_VERDICT_BAD    = 1 << 0,
  DRIVEDASH_FAILING_MEDIA_ERRORS   = 1 << 1,  /* rising across readings */
  DRIVEDASH_FAILING_SPARE          = 1 << 2,  /* at or below its threshold */
  DRIVEDASH_FAILING_KERNEL_EVENTS  = 1 << 3,  /* a serious kernel event */
  DRIVEDASH_FAILING_SELF_TEST      = 1 << 4,  /* its newest self-test found a fault */
} DrivedashFailing;

#define DRIVEDASH_TYPE_FAILING (drivedash_failing_get_type ())
GType drivedash_failing_get_type (void) G_GNUC_CONST;

/* Adds one Caution reason per serious kind of kernel event in @log (none
 * for warnings and info) and recomputes the verdict from all the reasons:
 * the kernel's word alone never makes a drive Bad, since a reset can
 * come from power saving, but it is never Good either.  Call it again
 * with a newer log: the reasons of the last call are replaced, never
 * repeated; @log NULL takes them away.  The reasons' ids are "kernel-"
 * and the kind's name ("kernel-reset"). */
void             drivedash_health_add_kernel_events (DrivedashHealth         *health,
                                                     const DrivedashEventLog *log);

/* Which of the conditions above hold.  @history: the watch's readings,
 * oldest first (of DrivedashSnapshot; NULL: none); @log NULL: the
 * kernel's events are unknown. */
DrivedashFailing drivedash_health_failing           (const DrivedashHealth   *health,
                                                     const GArray            *history,
                                                     const DrivedashEventLog *log);

/* One plain sentence per condition in @failing, translated, for the
 * evidence report and the CLI.  (transfer full) */
GStrv            drivedash_failing_describe         (DrivedashFailing         failing);

G_END_DECLS
