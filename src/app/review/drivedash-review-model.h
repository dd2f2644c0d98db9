/* drivedash-review-model.h — what the Full Review view shows, and its run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-health.h"
#include "drivedash-review-plan.h"
#include "drivedash-run-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_REVIEW_MODEL (drivedash_review_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashReviewModel, drivedash_review_model, DRIVEDASH, REVIEW_MODEL,
                      DrivedashRunModel)

/* A DrivedashRunModel whose run is a full review (lib/review's
 * DrivedashReviewRun, which it owns): start begins a new review, stop
 * stops it keeping the finished steps, copy gives the summary.
 *
 * Properties "length" (DrivedashReviewLength), "game-mode-ab",
 * "speed-file-size" (bytes; a new length offers its own: 8 GiB for
 * Review, 1 GiB else), "speed-preset" (the bench preset's id,
 * "cdm-nvme"; "cdm6" matches the published figures) and
 * "folder" (NULL: home) for the next Start, "health" (the Health page's
 * drive, for the endurance share; NULL: none); read-only "estimate-text"
 * (what the next Start writes, its share of the drive's endurance, how
 * long it takes and when it ends), "plan-text" (the steps in order, done
 * ones marked), "summary" (the last review's steps and figures) and
 * "can-resume" (a stopped review is waiting) and "can-report" (the
 * last review, finished or stopped, kept runs to report, and nothing
 * runs).  A change reads the disk in a worker: "plan-text" follows at
 * once, the estimate, "can-resume" and "can-report" once the run
 * model's "refreshing" is FALSE again. */
DrivedashReviewModel  *drivedash_review_model_new              (void);
void                   drivedash_review_model_set_length       (DrivedashReviewModel  *self,
                                                                DrivedashReviewLength  length);
DrivedashReviewLength  drivedash_review_model_get_length       (DrivedashReviewModel  *self);
void                   drivedash_review_model_set_game_mode_ab (DrivedashReviewModel  *self,
                                                                gboolean               game_mode_ab);
gboolean               drivedash_review_model_get_game_mode_ab (DrivedashReviewModel  *self);
void                   drivedash_review_model_set_speed_file_size (DrivedashReviewModel *self,
                                                                   guint64               bytes);
guint64                drivedash_review_model_get_speed_file_size (DrivedashReviewModel *self);
void                   drivedash_review_model_set_speed_preset (DrivedashReviewModel  *self,
                                                                const char            *preset);
const char            *drivedash_review_model_get_speed_preset (DrivedashReviewModel  *self);
void                   drivedash_review_model_set_folder       (DrivedashReviewModel  *self,
                                                                const char            *folder);
const char            *drivedash_review_model_get_folder       (DrivedashReviewModel  *self);
const char            *drivedash_review_model_get_estimate_text (DrivedashReviewModel *self);
const char            *drivedash_review_model_get_plan_text    (DrivedashReviewModel  *self);
const char            *drivedash_review_model_get_summary      (DrivedashReviewModel  *self);
gboolean               drivedash_review_model_get_can_resume   (DrivedashReviewModel  *self);
/* Property "stopped-text", while "can-resume": the stopped review in words (its length, the steps
 * done), for the question before a new Start replaces it; else NULL. */
const char            *drivedash_review_model_get_stopped_text (DrivedashReviewModel  *self);
void                   drivedash_review_model_set_health       (DrivedashReviewModel  *self,
                                                                DrivedashHealth       *health);
gboolean               drivedash_review_model_get_can_report   (DrivedashReviewModel  *self);
/* The report of the last review's runs (the state file's) as
 * @pdf_path and an HTML page of the same name beside it: History's
 * report (drivedash_report_write_async), with the published figures
 * beside the tests that match.  Errors are for people. */
void                   drivedash_review_model_make_report_async (DrivedashReviewModel *self,
                                                                 const char           *pdf_path,
                                                                 GAsyncReadyCallback   callback,
                                                                 gpointer              user_data);
gboolean               drivedash_review_model_make_report_finish (DrivedashReviewModel  *self,
                                                                  GAsyncResult          *result,
                                                                  GError               **error);
/* The next Start writes more than DRIVEDASH_WRITE_CONFIRM_BYTES on a fast
 * drive: ask first.  Known once "refreshing" is FALSE. */
gboolean               drivedash_review_model_needs_confirmation (DrivedashReviewModel *self);
/* Resuming the stopped review writes more than DRIVEDASH_WRITE_CONFIRM_BYTES
 * in the steps it has left: ask first, as a new Start does, with
 * _get_resume_estimate_text() (what those steps write and take). */
gboolean               drivedash_review_model_resume_needs_confirmation (DrivedashReviewModel *self);
const char            *drivedash_review_model_get_resume_estimate_text  (DrivedashReviewModel *self);
/* Carries on with the stopped review; FALSE with why it cannot. */
gboolean               drivedash_review_model_resume           (DrivedashReviewModel  *self,
                                                                GError               **error);
/* Forgets the stopped review (its finished steps stay in History). */
gboolean               drivedash_review_model_discard         (DrivedashReviewModel  *self,
                                                               GError               **error);

G_END_DECLS
