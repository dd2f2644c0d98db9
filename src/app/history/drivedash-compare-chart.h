/* drivedash-compare-chart.h — bar charts of a comparison: per test one
 * bar per run, the value written on the bar, the 95 % interval as a
 * whisker (the review's charts, grouped by test)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_COMPARE_CHART (drivedash_compare_chart_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashCompareChart, drivedash_compare_chart, DRIVEDASH, COMPARE_CHART, GtkWidget)

GListModel *drivedash_compare_chart_get_model (DrivedashCompareChart *self);
/* Of DrivedashCompareRow. */
void        drivedash_compare_chart_set_model (DrivedashCompareChart *self,
                                               GListModel            *model);

G_END_DECLS
