/* drivedash-review-state.h — a full review's state: its settings, its
 * steps, which are done and the run each stored.  Kept after every step
 * in the review's own run in the results history (its settings, as a
 * JSON record), so a stop, a crash or a power cut loses only the step
 * that was running, and a resume carries on with the first step not
 * done.  A small file in the user's state folder only says which review
 * to resume: {"version": 2, "review_id": N}.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "drivedash-review-plan.h"
#include "drivedash-store.h"

G_BEGIN_DECLS

typedef struct
{
  DrivedashReviewSettings *settings;
  GArray                  *steps;       /* of DrivedashReviewStep */
  char                    *controller;  /* the drive, "nvme0"; may be NULL */
  gint64                   started_at;  /* µs since the epoch */
  gint64                   review_id;   /* the review's own run in the history
                                         * (its steps are its members); 0: none yet */
  gboolean                 in_old_file; /* read whole from the state file of an
                                         * earlier Drivedash: not in the history yet
                                         * (drivedash_review_migrate_to_history()) */
} DrivedashReviewState;

/* A new review of @settings (copied): its plan, nothing done. */
DrivedashReviewState *drivedash_review_state_new        (const DrivedashReviewSettings *settings,
                                                         const char                    *controller);
void                  drivedash_review_state_free       (DrivedashReviewState          *self);
/* The first step not done; steps->len when all are. */
guint                 drivedash_review_state_next_step  (const DrivedashReviewState    *self);
/* Every stored run of the review, in step order: the review record's
 * run ids, for a report. */
GArray               *drivedash_review_state_dup_run_ids (const DrivedashReviewState   *self);
/* What the review's steps wrote so far, the stopped parts of steps done
 * again included. */
guint64               drivedash_review_state_get_bytes_written (const DrivedashReviewState *self);

/* $XDG_STATE_HOME/drivedash/review.json.  Free with g_free(). */
char                 *drivedash_review_state_get_default_path (void);
/* Writes which review to resume, the review's run in the history;
 * whole or not at all (a temporary file renamed over it). */
gboolean              drivedash_review_state_save_id    (const char                    *path,
                                                         gint64                         review_id,
                                                         GError                       **error);
/* The review the file at @path points to, read from @store; or a whole
 * review from an earlier Drivedash's file (in_old_file).  NULL with
 * DRIVEDASH_ERROR_NOT_FOUND when there is no file or the review was
 * deleted from History, or why it cannot be read in plain words; the
 * file is left as it is.  Blocking. */
DrivedashReviewState *drivedash_review_state_load       (const char                    *path,
                                                         DrivedashStore                *store,
                                                         GError                       **error);
/* The state as the review's run in the history keeps it: compact JSON,
 * the same members as drivedash_review_state_to_json(). */
char                 *drivedash_review_state_dup_record (const DrivedashReviewState    *self);
/* A record read back, checked as a new start is (size, depth, settings a
 * new review would accept, steps that are its plan). */
DrivedashReviewState *drivedash_review_state_from_record (const char                   *record,
                                                          GError                      **error);
gboolean              drivedash_review_state_remove     (const char                    *path,
                                                         GError                       **error);
/* {"length", "game_mode_ab", "controller", "started_at", "review_id", "steps": [{"kind",
 * "game_mode", "done", "run_id", "figures"}], "settings": {…}}. */
JsonNode             *drivedash_review_state_to_json    (const DrivedashReviewState    *self);

/* "Sustained, game mode off": the step's name for people, translated. */
char                 *drivedash_review_step_dup_label   (const DrivedashReviewStep     *step);
/* A long test's figure for people ("After rests (average)"); a speed
 * test's is its test ("SEQ1M Q32T1").  Translated. */
const char           *drivedash_review_figure_get_name  (const DrivedashReviewFigure   *figure);
/* Every step, done or not, with its run and its figures, the published
 * figures beside the tests that match; lines ending in "\n". */
char                 *drivedash_review_state_dup_summary (const DrivedashReviewState   *self);

/* The review's answer in plain words, a line each: how fast, against the
 * magazine's drives, under long heavy writing, and with game mode (in an
 * A/B review); each says "can't tell" where the figures cannot judge. */
char                 *drivedash_review_state_dup_verdict (const DrivedashReviewState   *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashReviewState, drivedash_review_state_free)

G_END_DECLS
