/* drivedash-history-format.h — what the History and Compare views say
 * about stored runs, in plain words (pure, no display needed)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-compare.h"
#include "drivedash-store-run.h"

G_BEGIN_DECLS

/* "30 Nov 2026, 19:22" in local time. */
char       *drivedash_history_format_date      (gint64                   started_at_us);
/* "Speed test", "Game mode A/B test", … */
const char *drivedash_history_format_kind      (DrivedashRunKind         kind);
/* What @run is: its kind, and for a speed test the preset it ran
 * ("Standard speed test"), "Custom speed test" for other tests, or
 * "Speed test" when a stopped run's tests cannot tell. */
const char *drivedash_history_format_what      (const DrivedashStoreRun *run);
/* "Game mode on", "Game mode off", or NULL when unknown. */
const char *drivedash_history_format_game_mode (int                      game_mode);
/* The run's name, else what it is: "Standard speed test · Samsung SSD
 * 970". */
char       *drivedash_history_format_title     (const DrivedashStoreRun *run);
/* "30 Nov 2026, 19:22 · Game mode on · Stopped"; a renamed run's also
 * says what it is. */
char       *drivedash_history_format_subtitle  (const DrivedashStoreRun *run);
/* How a comparison names the run: its name, else its date. */
char       *drivedash_history_format_side_name (const DrivedashStoreRun *run);
/* What a screen reader says after the title: the subtitle and the speeds,
 * "30 Nov 2026, 19:22. Read 3477 MB/s, Write 2999 MB/s". */
char       *drivedash_history_format_description (const DrivedashStoreRun *run);
/* The first read and the first write result, one a line: "Read 3477
 * MB/s\nWrite 2999 MB/s"; "No results" when the run has none. */
char       *drivedash_history_format_headline  (const DrivedashStoreRun *run);
/* The mean, "3477 MB/s", "—" (n = 0): the interval is on the chart and
 * in the verdict's words. */
char       *drivedash_history_format_mean      (const DrivedashStatsSummary *summary);
/* "A", "B", … for side @index (0–5). */
const char *drivedash_history_side_label       (guint                    index);

G_END_DECLS
