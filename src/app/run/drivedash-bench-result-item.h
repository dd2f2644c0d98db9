/* drivedash-bench-result-item.h — one test of a run, for the results grid
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "drivedash-bench-format.h"
#include "drivedash-bench-result.h"
#include "drivedash-bench-spec.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_BENCH_RESULT_STATE (drivedash_bench_result_state_get_type ())
GType drivedash_bench_result_state_get_type (void) G_GNUC_CONST;

#define DRIVEDASH_TYPE_BENCH_RESULT_ITEM (drivedash_bench_result_item_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashBenchResultItem, drivedash_bench_result_item, DRIVEDASH, BENCH_RESULT_ITEM, GObject)

DrivedashBenchResultItem   *drivedash_bench_result_item_new         (const DrivedashBenchSpec   *spec);
const DrivedashBenchSpec   *drivedash_bench_result_item_get_spec    (DrivedashBenchResultItem   *self);
/* "SEQ1M Q8T1 Read", translated. */
const char                 *drivedash_bench_result_item_get_title   (DrivedashBenchResultItem   *self);
DrivedashBenchResultState   drivedash_bench_result_item_get_state   (DrivedashBenchResultItem   *self);
void                        drivedash_bench_result_item_set_state   (DrivedashBenchResultItem   *self,
                                                                     DrivedashBenchResultState   state);
/* Fills in the figures and moves to DONE. */
void                        drivedash_bench_result_item_set_result  (DrivedashBenchResultItem   *self,
                                                                     const DrivedashBenchResult *result);
double                      drivedash_bench_result_item_get_mb_per_s (DrivedashBenchResultItem  *self);

G_END_DECLS
