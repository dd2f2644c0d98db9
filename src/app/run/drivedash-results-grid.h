/* drivedash-results-grid.h — benchmark results, CrystalDiskMark style
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_RESULTS_GRID (drivedash_results_grid_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashResultsGrid, drivedash_results_grid, DRIVEDASH, RESULTS_GRID, AdwBin)

GtkWidget  *drivedash_results_grid_new           (void);
/* Of DrivedashBenchResultItem: one row per distinct test ("SEQ1M Q8T1"),
 * one column per mode. */
GListModel *drivedash_results_grid_get_model     (DrivedashResultsGrid *self);
void        drivedash_results_grid_set_model     (DrivedashResultsGrid *self,
                                                  GListModel           *model);
guint       drivedash_results_grid_get_n_filled  (DrivedashResultsGrid *self);
/* The big number shown for a test ("3477"), NULL when empty; for tests. */
const char *drivedash_results_grid_get_cell_text (DrivedashResultsGrid *self,
                                                  guint                 test_index);

G_END_DECLS
