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

/* How the entries of a comparison are known, in the entries' order (the
 * baseline first): sides[i] is the entry's side (its letter, A = the
 * oldest run, and its colour), names[i] what a verdict calls it, "B
 * (Game mode on)". */
typedef struct
{
  const guint       *sides;
  const char *const *names;
  guint              n_sides;
} DrivedashCompareNames;

DrivedashCompareRow *drivedash_compare_row_new        (const DrivedashCompareTest  *test,
                                                       const DrivedashCompareNames *names);
/* "SEQ1M Q8T1 · Read" */
const char          *drivedash_compare_row_get_title  (DrivedashCompareRow        *self);
/* One line per run: "A  3477 ± 12 MB/s (5 values)" */
const char          *drivedash_compare_row_get_values (DrivedashCompareRow        *self);
/* One line per run after A: "B  +3.1 % (± 0.8 %)" */
const char          *drivedash_compare_row_get_differences (DrivedashCompareRow   *self);
/* One line per run after the baseline, naming it: "B (Game mode on) is
 * 3.1 % faster than A (± 0.8 %)", "No measurable difference between …" */
const char          *drivedash_compare_row_get_verdict (DrivedashCompareRow       *self);
/* The verdict's lines that found a measurable difference ("" if none). */
const char          *drivedash_compare_row_get_findings (DrivedashCompareRow      *self);
/* The verdict and the values, for a screen reader after the title. */
const char          *drivedash_compare_row_get_description (DrivedashCompareRow   *self);
/* Entry @i's side: its letter (drivedash_history_side_label()) and colour. */
guint                drivedash_compare_row_get_side   (DrivedashCompareRow        *self,
                                                       guint                       i);
/* For the bars: the means and CI half-widths (NAN: none), per run. */
guint                drivedash_compare_row_get_n_sides (DrivedashCompareRow       *self);
double               drivedash_compare_row_get_mean   (DrivedashCompareRow        *self,
                                                       guint                       side);
double               drivedash_compare_row_get_ci95   (DrivedashCompareRow        *self,
                                                       guint                       side);
/* TRUE when some run differs measurably from A. */
gboolean             drivedash_compare_row_get_measurable (DrivedashCompareRow    *self);

G_END_DECLS
