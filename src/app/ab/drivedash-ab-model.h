/* drivedash-ab-model.h — the game-mode A/B test in the app: rounds off,
 * on, off, on… through the same rules as "drivedash-cli ab"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-bench-options.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_AB_MODEL (drivedash_ab_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashAbModel, drivedash_ab_model, DRIVEDASH, AB_MODEL, GObject)

DrivedashAbModel      *drivedash_ab_model_new         (void);
/* Folder, preset, size and passes of each round. */
DrivedashBenchOptions *drivedash_ab_model_get_options (DrivedashAbModel *self);
/* Rounds per side, 2–20 (default 5). */
guint                  drivedash_ab_model_get_rounds  (DrivedashAbModel *self);
void                   drivedash_ab_model_set_rounds  (DrivedashAbModel *self,
                                                       guint             rounds);
/* Refuses (FALSE, "status" says why, in plain words) settings a test
 * would refuse.  Then "running" is TRUE at once, and a worker finds the
 * drive that holds the folder and opens the history: a folder not on an
 * NVMe drive ends the test there, in "status"; the check that game mode
 * can be switched comes next, before any round, and also ends in
 * "status". */
gboolean               drivedash_ab_model_start       (DrivedashAbModel *self);
/* Stops the round running; game mode is put back as it was. */
void                   drivedash_ab_model_stop        (DrivedashAbModel *self);
/* Property "estimate-text": "Estimated time: about 8 min 20 s" for the
 * next Start, every round of both sides with the pauses between. */
const char            *drivedash_ab_model_get_estimate_text (DrivedashAbModel *self);
gboolean               drivedash_ab_model_get_running (DrivedashAbModel *self);
const char            *drivedash_ab_model_get_status  (DrivedashAbModel *self);
gboolean               drivedash_ab_model_get_status_is_error (DrivedashAbModel *self);
/* The stored A/B set of the last finished test, 0 = none yet. */
gint64                 drivedash_ab_model_get_set_id  (DrivedashAbModel *self);

G_END_DECLS
