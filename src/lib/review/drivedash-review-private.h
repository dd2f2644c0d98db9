/* drivedash-review-private.h — the full review's parts inside lib/review
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-longtest.h"
#include "drivedash-review-plan.h"
#include "drivedash-store.h"

G_BEGIN_DECLS

/* Asks logind (org.freedesktop.login1.Manager.Inhibit, "sleep:idle") to
 * keep the computer awake while the review runs; calls back with the
 * inhibitor's fd, or -1 where the system bus has no logind (said in the
 * debug log, since the review runs all the same).  Closing the fd lets
 * the computer sleep again. */
typedef void (*DrivedashReviewInhibitFunc) (int fd, gpointer user_data);
void drivedash_review_inhibit_sleep_async (GCancellable              *cancellable,
                                           DrivedashReviewInhibitFunc callback,
                                           gpointer                   user_data);

/* The headline figures of a finished step for the summary and the
 * reference rows: a speed set's mean ± interval per test, a long test's
 * rounds. */
GArray *drivedash_review_figures_from_set  (const DrivedashStoreRun        *set);
GArray *drivedash_review_figures_from_long (const DrivedashLongTestResult  *result);

G_END_DECLS
