/* drivedash-compare-model.h — the Compare view's view-model: 2–6 stored
 * runs (or the two sides of a game-mode A/B test) test by test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-compare-row.h"
#include "drivedash-store-run.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_COMPARE_MODEL (drivedash_compare_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashCompareModel, drivedash_compare_model, DRIVEDASH, COMPARE_MODEL, GObject)

DrivedashCompareModel *drivedash_compare_model_new            (void);
/* Loads the runs (in a worker thread) and compares them, A = the first.
 * An A/B set alone compares its "off" rounds (A) with its "on" rounds
 * (B).  A new load cancels the one before. */
void                   drivedash_compare_model_load           (DrivedashCompareModel *self,
                                                               const char            *path,
                                                               const gint64          *ids,
                                                               guint                  n_ids);
/* Compares runs already loaded (full runs, with passes). */
void                   drivedash_compare_model_set_runs       (DrivedashCompareModel *self,
                                                               GPtrArray             *runs);
gboolean               drivedash_compare_model_get_loading    (DrivedashCompareModel *self);
/* Of DrivedashCompareRow, one per test both A and another run have. */
GListModel            *drivedash_compare_model_get_rows       (DrivedashCompareModel *self);
/* The side the others are measured against (0 = A, the oldest run), as
 * the user picked it; an A/B test's is always A, game mode off.  A new
 * comparison starts from A. */
guint                  drivedash_compare_model_get_baseline   (DrivedashCompareModel *self);
void                   drivedash_compare_model_set_baseline   (DrivedashCompareModel *self,
                                                               guint                  baseline);
/* FALSE for an A/B test and for fewer than two sides. */
gboolean               drivedash_compare_model_get_can_choose_baseline (DrivedashCompareModel *self);
/* Of GtkStringObject, one per side: "A  30 Nov 2026, 19:22". */
GListModel            *drivedash_compare_model_get_sides      (DrivedashCompareModel *self);
/* "A  Speed test · Samsung SSD 970 · 30 Nov 2026, 19:22 (the baseline)\nB  …" */
const char            *drivedash_compare_model_get_legend     (DrivedashCompareModel *self);
/* The answer in plain words, for the top of the view. */
const char            *drivedash_compare_model_get_conclusion (DrivedashCompareModel *self);
/* Why nothing could be compared, or NULL. */
const char            *drivedash_compare_model_get_status     (DrivedashCompareModel *self);

/* Whether the next report shows the drives' serial numbers (off: a
 * report is for sharing). */
gboolean               drivedash_compare_model_get_show_serial (DrivedashCompareModel *self);
void                   drivedash_compare_model_set_show_serial (DrivedashCompareModel *self,
                                                                gboolean               show_serial);
/* TRUE while a report is being written. */
gboolean               drivedash_compare_model_get_reporting  (DrivedashCompareModel *self);
/* Writes a report of the runs compared (the baseline first) to
 * @pdf_path and the same as an HTML page beside it (its name ending in
 * .html instead of .pdf), in a worker thread; @store_path is the
 * history's database.  The error is in words, ready for a toast. */
void                   drivedash_compare_model_make_report    (DrivedashCompareModel *self,
                                                               const char            *store_path,
                                                               const char            *pdf_path,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
/* The same for runs @ids of any kind (a long-test comparison, one opened
 * run), through the same report path and the same serial switch; the
 * result is for drivedash_compare_model_make_report_finish(). */
void                   drivedash_compare_model_make_report_of (DrivedashCompareModel *self,
                                                               const char            *store_path,
                                                               const gint64          *ids,
                                                               guint                  n_ids,
                                                               const char            *pdf_path,
                                                               GAsyncReadyCallback    callback,
                                                               gpointer               user_data);
gboolean               drivedash_compare_model_make_report_finish (DrivedashCompareModel  *self,
                                                                   GAsyncResult           *result,
                                                                   GError                **error);
/* "Drivedash report.html" for "Drivedash report.pdf". */
char                  *drivedash_compare_model_dup_html_path  (const char            *pdf_path);

G_END_DECLS
