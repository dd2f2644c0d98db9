/* drivedash-review.h — running a full review: its steps in order through
 * the speed test's and the long tests' own code, each finished step saved
 * through the one save path and kept in the state file, game mode
 * switched for the steps that ask and put back at the end and on Stop,
 * and the computer kept awake for the whole run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-client.h"
#include "drivedash-review-state.h"
#include "drivedash-store.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_REVIEW_RUN (drivedash_review_run_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashReviewRun, drivedash_review_run, DRIVEDASH, REVIEW_RUN, GObject)

/* Takes @state (new, or loaded to resume: the steps done are kept and
 * skipped) and writes it to @state_path after every step.  @paths and
 * @sysfs_root (NULL: /sys) as for DrivedashAbRun; @store may be NULL
 * (nothing saved, then no run ids). */
DrivedashReviewRun         *drivedash_review_run_new      (DrivedashReviewState      *state,
                                                           const char                *state_path,
                                                           const DrivedashPowerPaths *paths,
                                                           const char                *sysfs_root,
                                                           DrivedashClientFlags       flags,
                                                           DrivedashStore            *store);
/* Runs the steps not done.  Cancelling stops the step running (its
 * partial run is saved as stopped, the step stays to do); game mode is
 * put back all the same.  Signals and the callback come on the caller's
 * main context.  Once only. */
void                        drivedash_review_run_run_async  (DrivedashReviewRun  *self,
                                                             GCancellable        *cancellable,
                                                             GAsyncReadyCallback  callback,
                                                             gpointer             user_data);
/* FALSE with why the review ended early: game mode could not be switched
 * (no step ran), a step's error, DRIVEDASH_ERROR_CANCELLED, or the state
 * file could not be written. */
gboolean                    drivedash_review_run_run_finish (DrivedashReviewRun  *self,
                                                             GAsyncResult        *result,
                                                             GError             **error);
const DrivedashReviewState *drivedash_review_run_get_state  (DrivedashReviewRun  *self);
/* What the review wrote so far: its steps' bytes and the running step's. */
guint64                     drivedash_review_run_get_bytes_written (DrivedashReviewRun *self);
/* Whether game mode was switched (a step asked for it) and then why it
 * could not be put back (NULL: it was); whether it is on after. */
gboolean                    drivedash_review_run_get_switched_game_mode (DrivedashReviewRun *self);
const GError               *drivedash_review_run_get_restore_error      (DrivedashReviewRun *self);
gboolean                    drivedash_review_run_get_enabled_after      (DrivedashReviewRun *self);

/* A review read whole from an earlier Drivedash's state file
 * (in_old_file): its record goes into its run in the history, made for it
 * or the one made before from the same state (found by its start: the
 * app and the CLI share the history), with its finished steps as members
 * where it had none yet; @state's review_id then says which, and the
 * caller saves the state file (now only that id).  Nothing to do for a
 * review read from the history.  A step whose run is no longer stored is
 * left out.  Blocking: in a worker, with no review of this state running. */
gboolean drivedash_review_migrate_to_history (DrivedashReviewState  *state,
                                              DrivedashStore        *store,
                                              GError               **error);

G_END_DECLS
