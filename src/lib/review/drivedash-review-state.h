/* drivedash-review-state.h — a full review's state: its settings, its
 * steps, which are done and the run each stored.  Written after every
 * step to a small JSON file in the user's state folder, so a stop, a
 * crash or a power cut loses only the step that was running, and a
 * resume carries on with the first step not done.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "drivedash-review-plan.h"

G_BEGIN_DECLS

typedef struct
{
  DrivedashReviewSettings *settings;
  GArray                  *steps;       /* of DrivedashReviewStep */
  char                    *controller;  /* the drive, "nvme0"; may be NULL */
  gint64                   started_at;  /* µs since the epoch */
  gint64                   review_id;   /* the review's own run in the history
                                         * (its steps are its members); 0: none yet */
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

/* $XDG_STATE_HOME/drivedash/review.json.  Free with g_free(). */
char                 *drivedash_review_state_get_default_path (void);
/* Written whole or not at all (a temporary file renamed over it). */
gboolean              drivedash_review_state_save       (const DrivedashReviewState    *self,
                                                         const char                    *path,
                                                         GError                       **error);
/* NULL with DRIVEDASH_ERROR_NOT_FOUND when there is no file, or why it
 * cannot be read in plain words; the file is left as it is. */
DrivedashReviewState *drivedash_review_state_load       (const char                    *path,
                                                         GError                       **error);
gboolean              drivedash_review_state_remove     (const char                    *path,
                                                         GError                       **error);
/* {"length", "game_mode_ab", "controller", "started_at", "review_id", "steps": [{"kind",
 * "game_mode", "done", "run_id", "figures"}], "settings": {…}}. */
JsonNode             *drivedash_review_state_to_json    (const DrivedashReviewState    *self);

/* "Sustained, game mode off": the step's name for people, translated. */
char                 *drivedash_review_step_dup_label   (const DrivedashReviewStep     *step);
/* Every step, done or not, with its run and its figures, the published
 * figures beside the tests that match; lines ending in "\n". */
char                 *drivedash_review_state_dup_summary (const DrivedashReviewState   *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashReviewState, drivedash_review_state_free)

G_END_DECLS
