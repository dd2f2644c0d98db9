/* drivedash-long-compare-view-private.h — the long-test comparison view,
 * shared by its wiring (drivedash-long-compare-view.c) and its drawing
 * (drivedash-long-compare-view-plots.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-long-compare-bars.h"
#include "drivedash-long-compare-view.h"

G_BEGIN_DECLS

#define DRIVEDASH_LONG_COMPARE_MAX_PLOTS 3

struct _DrivedashLongCompareView
{
  AdwBin                     parent_instance;
  DrivedashLongCompareModel *model;
  GtkBox                    *key;
  DrivedashLongCompareBars  *bars;
  GtkBox                    *plots;
  GtkGrid                   *table;
};

/* Rebuilds the key, the bars, the plots and the phase table from @cmp
 * and the model's @legend (NULL: empties them). */
void drivedash_long_compare_view_fill (DrivedashLongCompareView   *self,
                                       const DrivedashCompareLong *cmp,
                                       const char                 *legend);

G_END_DECLS
