/* drivedash-health-change.h — change over time as the signal: what the
 * background watch's readings say about a counter now
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A drive that counted media errors years ago and none since is not
 * failing now: other tools warn about such a count forever, the false
 * alarm their users complain about most.  With the watch's readings the
 * verdict's reasons say how much and since when instead:
 * - media errors that rose: Caution, "3 new errors … since 12 Nov";
 * - media errors that stood still for DRIVEDASH_HEALTH_STATIC_DAYS or
 *   more: shown, "none new since 3 Sep", but no Caution on their own;
 * - life used that rose: "rose from 41 % to 47 % in 30 days" (a note);
 * - spare blocks used up: "fell from 100 % to 73 % since 6 Sep" (a
 *   note; the verdict's own spare rules say when it is a Caution).
 * Only trusted readings count (a stored count saturated at G_MAXINT64,
 * or a count now that no drive can have, is compared with nothing), and
 * a counter that went down (another drive, a reset) tells nothing.
 */
#pragma once

#include "drivedash-health.h"
#include "drivedash-snapshot.h"

G_BEGIN_DECLS

/* A count unchanged for this long is an old one. */
#define DRIVEDASH_HEALTH_STATIC_DAYS 30
/* How far back "since" looks: the watch keeps every reading this long. */
#define DRIVEDASH_HEALTH_CHANGE_DAYS 90

/* Rewrites @health's media-error reason and adds the notes above from
 * @history (DrivedashSnapshot, oldest first; NULL or empty: the reasons
 * stay as the drive's own report has them), as of @now (Unix seconds),
 * and recomputes the verdict.  Call it again with newer readings (or
 * none): the reasons of the last call are replaced ("history-" ids) and
 * the drive's own come back.  Call it after
 * drivedash_health_add_kernel_events(), which starts from the drive's
 * own reasons when it takes its earlier ones away. */
void drivedash_health_add_history (DrivedashHealth *health,
                                   const GArray    *history,
                                   gint64           now);

G_END_DECLS
