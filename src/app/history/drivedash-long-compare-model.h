/* drivedash-long-compare-model.h — the view-model of a comparison of 2–6
 * stored runs of one long test (Sustained, Consistency, Saturation)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-compare-long.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_LONG_COMPARE_MODEL (drivedash_long_compare_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashLongCompareModel, drivedash_long_compare_model, DRIVEDASH, LONG_COMPARE_MODEL, GObject)

DrivedashLongCompareModel *drivedash_long_compare_model_new (void);
/* Loads the runs (in a worker thread) and compares them, A = the first;
 * one run alone is shown with what it measured.  A new load cancels the
 * one before. */
void                  drivedash_long_compare_model_load       (DrivedashLongCompareModel *self,
                                                               const char                *path,
                                                               const gint64              *ids,
                                                               guint                      n_ids);
/* Compares full runs already loaded; refusals become the status. */
void                  drivedash_long_compare_model_set_runs   (DrivedashLongCompareModel *self,
                                                               GPtrArray                 *runs);
gboolean              drivedash_long_compare_model_get_loading    (DrivedashLongCompareModel *self);
/* NULL until runs are compared, and after a refusal. */
DrivedashCompareLong *drivedash_long_compare_model_get_comparison (DrivedashLongCompareModel *self);
/* "Consistency test" */
const char           *drivedash_long_compare_model_get_title      (DrivedashLongCompareModel *self);
/* One line per run: "A  SN750, game mode on · 30 Nov 2026, 19:22 · WD_BLACK SN750" */
const char           *drivedash_long_compare_model_get_legend     (DrivedashLongCompareModel *self);
/* The verdicts, one sentence a line. */
const char           *drivedash_long_compare_model_get_conclusion (DrivedashLongCompareModel *self);
/* Why nothing could be compared (mixed tests, too many), or NULL. */
const char           *drivedash_long_compare_model_get_status     (DrivedashLongCompareModel *self);

G_END_DECLS
