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

/* What a review keeps in the history at its start and after each step:
 * its record (drivedash_review_state_dup_record()) in its own run, and
 * the step that just finished as a member of that run. */
typedef struct
{
  char     *record;
  char     *controller;  /* may be NULL */
  char     *folder;      /* names a drive that is not NVMe */
  char     *sysfs_root;  /* NULL: /sys */
  gint64    started_at;
  gint64    review_id;   /* in and out; 0: not in the history yet */
  gint64    step_id;     /* the run of the step that just finished; 0: none */
  gboolean  all_done;    /* that was the last step */
} DrivedashReviewKeep;

DrivedashReviewKeep *drivedash_review_keep_new  (const DrivedashReviewState *state,
                                                 const char                 *sysfs_root,
                                                 gint64                      step_id,
                                                 gboolean                    all_done);
void                 drivedash_review_keep_free (DrivedashReviewKeep        *keep);
/* Makes the review's run first where there is none (or it was deleted
 * from History since), with its drive, then files the step and the
 * record.  Blocking: called in a worker. */
gboolean             drivedash_review_history_keep (DrivedashStore      *store,
                                                    DrivedashReviewKeep *keep,
                                                    GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashReviewKeep, drivedash_review_keep_free)

G_END_DECLS
