/* drivedash-longtest-rounds.h — the result plots' data of the long tests:
 * Consistency's and Adaptivity's rounds and Write saturation's speed per
 * GB written
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "drivedash-longtest.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_LONG_TEST_ROUNDS (drivedash_long_test_rounds_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashLongTestRounds, drivedash_long_test_rounds, DRIVEDASH, LONG_TEST_ROUNDS, GObject)

/* Signal "changed": a round or a point was added, or the run was reset
 * or finished.  Read-only properties "kind" (the enum), "details" (best and
 * worst round and the averages per phase, NULL when there is nothing to
 * say) and "verdict" (steady state reached or not, with why). */

DrivedashLongTestRounds *drivedash_long_test_rounds_new         (void);

/* A new run of @kind; @amount_gb: what a saturation run will write. */
void        drivedash_long_test_rounds_reset       (DrivedashLongTestRounds        *self,
                                                    DrivedashLongTestKind           kind,
                                                    double                          amount_gb);
void        drivedash_long_test_rounds_add_round   (DrivedashLongTestRounds        *self,
                                                    const DrivedashLongRound       *round);
/* A saturation run's row: the fill's speed, placed at the GB written so
 * far (rows of other phases are ignored). */
void        drivedash_long_test_rounds_add_row     (DrivedashLongTestRounds        *self,
                                                    const DrivedashTimeseriesRow   *row);
/* The finished run: its exact rounds and per-step speeds replace the
 * live ones. */
void        drivedash_long_test_rounds_set_result  (DrivedashLongTestRounds        *self,
                                                    const DrivedashLongTestResult  *result);

DrivedashLongTestKind drivedash_long_test_rounds_get_kind (DrivedashLongTestRounds *self);
double      drivedash_long_test_rounds_get_amount_gb (DrivedashLongTestRounds      *self);
guint       drivedash_long_test_rounds_get_n_rounds (DrivedashLongTestRounds       *self);
const DrivedashLongRound *
            drivedash_long_test_rounds_get_round   (DrivedashLongTestRounds        *self,
                                                    guint                           i);
/* The round's place on the plot: 1 … 18 across the three phases. */
guint       drivedash_long_round_position          (const DrivedashLongRound       *round);
/* Round @i's place on the plot for this run's kind: Consistency's
 * position above, Adaptivity's round number 1 … 10. */
guint       drivedash_long_test_rounds_get_position (DrivedashLongTestRounds       *self,
                                                    guint                           i);
guint       drivedash_long_test_rounds_get_n_points (DrivedashLongTestRounds       *self);
void        drivedash_long_test_rounds_get_point   (DrivedashLongTestRounds        *self,
                                                    guint                           i,
                                                    double                         *gb,
                                                    double                         *mb_per_s);
/* TRUE once the speed dropped for good: where (GB written) and the speed
 * after. */
gboolean    drivedash_long_test_rounds_get_cache   (DrivedashLongTestRounds        *self,
                                                    double                         *cache_gb,
                                                    double                         *after_mb_per_s);
const char *drivedash_long_test_rounds_get_details (DrivedashLongTestRounds        *self);
const char *drivedash_long_test_rounds_get_verdict (DrivedashLongTestRounds        *self);

/* Pure, for the tests: the texts above from @n rounds. */
char       *drivedash_long_rounds_details_text     (const DrivedashLongRound       *rounds,
                                                    guint                           n);
char       *drivedash_long_rounds_verdict_text     (const DrivedashLongRound       *rounds,
                                                    guint                           n);
char       *drivedash_long_adaptivity_details_text (const DrivedashLongRound       *rounds,
                                                    guint                           n);

G_END_DECLS
