/* drivedash-result-cell.h — one cell of the results grid
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-bench-result-item.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_RESULT_CELL (drivedash_result_cell_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashResultCell, drivedash_result_cell, DRIVEDASH, RESULT_CELL, AdwBin)

GtkWidget                *drivedash_result_cell_new      (DrivedashBenchResultItem *item);
DrivedashBenchResultItem *drivedash_result_cell_get_item (DrivedashResultCell      *self);
/* The big number as shown ("3477", "—"). */
const char               *drivedash_result_cell_get_text (DrivedashResultCell      *self);

G_END_DECLS
