/* drivedash-long-compare-bars.h — groups of horizontal bars, one bar per
 * run, named by the run and coloured as its line in the plots
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_LONG_COMPARE_BARS (drivedash_long_compare_bars_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashLongCompareBars, drivedash_long_compare_bars, DRIVEDASH, LONG_COMPARE_BARS, GtkWidget)

GtkWidget *drivedash_long_compare_bars_new       (void);
void       drivedash_long_compare_bars_clear     (DrivedashLongCompareBars *self);
/* A group titled @title with @n bars: @labels the runs' names, @values
 * (NAN: none), @ci95 the half-widths of their 95 % intervals drawn as
 * whiskers (may be NULL; NAN: none), @colours the plot series colour of
 * each bar (NULL: 0, 1, …) and @texts what is written beside each bar
 * ("612 MB/s"). */
void       drivedash_long_compare_bars_add_group (DrivedashLongCompareBars *self,
                                                  const char               *title,
                                                  const char * const       *labels,
                                                  const double             *values,
                                                  const double             *ci95,
                                                  const guint              *colours,
                                                  const char * const       *texts,
                                                  guint                     n);
guint      drivedash_long_compare_bars_get_n_groups (DrivedashLongCompareBars *self);
/* What the bars say, for screen readers and tests: "Average speed:
 * SN750 612 MB/s, …", one group a line. */
char      *drivedash_long_compare_bars_dup_description (DrivedashLongCompareBars *self);

G_END_DECLS
