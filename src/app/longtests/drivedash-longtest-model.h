/* drivedash-longtest-model.h — what the Long Tests view shows, and its run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-health.h"
#include "drivedash-longtest.h"
#include "drivedash-longtest-rounds.h"
#include "drivedash-run-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_LONG_TEST_MODEL (drivedash_long_test_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashLongTestModel, drivedash_long_test_model, DRIVEDASH, LONG_TEST_MODEL,
                      DrivedashRunModel)

/* A DrivedashRunModel: start, stop, copy (the last result: table,
 * summary, amount), the folder (refused, the reason as "status", when
 * the test cannot write there) and the run's state are there.
 *
 * Signal, on the main context of the thread that called _start():
 *   "row"      (DrivedashTimeseriesRow *row)  valid during the emission */

DrivedashLongTestModel *drivedash_long_test_model_new           (void);

/* Properties "kind" and "preset" (the enums), "folder" (NULL: home);
 * read-only "title", "explanation", "notice", "summary", "rounds" (the
 * result plots' data).  A change of kind, preset or folder reads the
 * disk in a worker: "notice", "estimate-text" and needs_confirmation()
 * follow once the run model's "refreshing" is FALSE again. */
void        drivedash_long_test_model_set_kind          (DrivedashLongTestModel *self,
                                                         DrivedashLongTestKind   kind);
DrivedashLongTestKind drivedash_long_test_model_get_kind (DrivedashLongTestModel *self);
void        drivedash_long_test_model_set_preset        (DrivedashLongTestModel *self,
                                                         DrivedashLongPreset     preset);
DrivedashLongPreset drivedash_long_test_model_get_preset (DrivedashLongTestModel *self);
void        drivedash_long_test_model_set_folder        (DrivedashLongTestModel *self,
                                                         const char             *folder);
const char *drivedash_long_test_model_get_folder        (DrivedashLongTestModel *self);
/* Property "health": the drive the Health page shows (NULL: none). */
void        drivedash_long_test_model_set_health        (DrivedashLongTestModel *self,
                                                         DrivedashHealth        *health);
const char *drivedash_long_test_model_get_title         (DrivedashLongTestModel *self);
const char *drivedash_long_test_model_get_explanation   (DrivedashLongTestModel *self);
char       *drivedash_long_test_model_dup_notice        (DrivedashLongTestModel *self);
/* Property "estimate-text": "Estimated time: about 12 minutes, done at
 * 14:05" for the next Start; NULL when it cannot run here. */
const char *drivedash_long_test_model_get_estimate_text (DrivedashLongTestModel *self);
/* Property "phase-text": "Random writes, degradation round 2" while a run
 * is in that phase, told once per phase; NULL when none runs. */
const char *drivedash_long_test_model_get_phase_text    (DrivedashLongTestModel *self);
/* The next Start writes more than DRIVEDASH_WRITE_CONFIRM_BYTES: ask first. */
gboolean    drivedash_long_test_model_needs_confirmation (DrivedashLongTestModel *self);
const char *drivedash_long_test_model_get_summary       (DrivedashLongTestModel *self);
DrivedashLongTestRounds *drivedash_long_test_model_get_rounds (DrivedashLongTestModel *self);
/* The last finished run's result, NULL before. */
const DrivedashLongTestResult *drivedash_long_test_model_get_result (DrivedashLongTestModel *self);

void        drivedash_long_test_model_get_temperature_limits (DrivedashLongTestModel *self,
                                                              guint                  *warning_kelvin,
                                                              guint                  *critical_kelvin);

G_END_DECLS
