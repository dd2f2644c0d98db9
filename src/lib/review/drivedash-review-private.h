/* drivedash-review-private.h — the full review's parts inside lib/review
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-longtest.h"
#include "drivedash-review-plan.h"
#include "drivedash-review-state.h"
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

/* The review's settings as its history run keeps them: {"length",
 * "game_mode_ab", "steps"}. */
char    *drivedash_review_history_dup_settings (const DrivedashReviewState *state);
/* Makes the stored run @step_id (a finished step) a member of the
 * review's own run *@review_id, making that run first (0, or deleted
 * from History since) with the step's drive; the review is then done
 * (@all_done) or stopped part way.  Blocking: called in a worker. */
gboolean drivedash_review_history_keep_step    (DrivedashStore             *store,
                                                const char                 *settings_json,
                                                gint64                      started_at,
                                                gint64                     *review_id,
                                                gint64                      step_id,
                                                gboolean                    all_done,
                                                GError                    **error);

G_END_DECLS
