/* drivedash-long-compare-view.h — History's comparison of 2–6 runs of one
 * long test: bars, the runs' lines overlaid, the phase table, the
 * verdicts, and export as a picture or CSV
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-long-compare-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_LONG_COMPARE_VIEW (drivedash_long_compare_view_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashLongCompareView, drivedash_long_compare_view, DRIVEDASH, LONG_COMPARE_VIEW, AdwBin)

DrivedashLongCompareModel *drivedash_long_compare_view_get_model (DrivedashLongCompareView *self);
/* The plots now shown (for export and tests): at most 3. */
guint     drivedash_long_compare_view_get_plots (DrivedashLongCompareView  *self,
                                                 GtkWidget                **plots);
/* Saves the comparison: CSV when @path ends in ".csv", else the plots as
 * SVG (".svg") or PNG.  FALSE with an error in plain words. */
gboolean  drivedash_long_compare_view_save      (DrivedashLongCompareView  *self,
                                                 const char                *path,
                                                 GError                   **error);

G_END_DECLS
