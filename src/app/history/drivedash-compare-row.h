/* drivedash-compare-row.h — one test of a comparison, as the Compare view
 * shows it: a bar per run, mean ± CI, difference and verdict in words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "drivedash-compare.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_COMPARE_ROW (drivedash_compare_row_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashCompareRow, drivedash_compare_row, DRIVEDASH, COMPARE_ROW, GObject)

DrivedashCompareRow *drivedash_compare_row_new        (const DrivedashCompareTest *test);
/* "SEQ1M Q8T1 · Read" */
const char          *drivedash_compare_row_get_title  (DrivedashCompareRow        *self);
/* One line per run: "A  3477 ± 12 MB/s (5 values)" */
const char          *drivedash_compare_row_get_values (DrivedashCompareRow        *self);
/* One line per run after A: "B  +3.1 % (± 0.8 %)" */
const char          *drivedash_compare_row_get_differences (DrivedashCompareRow   *self);
/* One line per run after A: "No measurable difference" / "B is 3.1 % faster (± 0.8 %)" */
const char          *drivedash_compare_row_get_verdict (DrivedashCompareRow       *self);
/* For the bars: the means and CI half-widths (NAN: none), per run. */
guint                drivedash_compare_row_get_n_sides (DrivedashCompareRow       *self);
double               drivedash_compare_row_get_mean   (DrivedashCompareRow        *self,
                                                       guint                       side);
double               drivedash_compare_row_get_ci95   (DrivedashCompareRow        *self,
                                                       guint                       side);
/* TRUE when some run differs measurably from A. */
gboolean             drivedash_compare_row_get_measurable (DrivedashCompareRow    *self);

G_END_DECLS
