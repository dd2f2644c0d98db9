/* drivedash-longtest-plots.h — the Long Tests view's result plots
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-longtest-rounds.h"
#include "drivedash-plot.h"

G_BEGIN_DECLS

/* Consistency: speed per round on the left, read and write access times
 * on the right, the three phases as named bands.  Follows @rounds. */
void drivedash_long_test_plots_setup_rounds     (DrivedashPlot           *plot,
                                                 DrivedashLongTestRounds *rounds);
/* Write saturation: speed against GB written, where the fast cache ends
 * and the speed after it.  Follows @rounds. */
void drivedash_long_test_plots_setup_saturation (DrivedashPlot           *plot,
                                                 DrivedashLongTestRounds *rounds);

/* Saves the @n_plots plots one under the other in one picture: SVG when
 * @path ends in ".svg", else PNG.  The export size of one plot: */
#define DRIVEDASH_LONG_PLOT_EXPORT_WIDTH  960
#define DRIVEDASH_LONG_PLOT_EXPORT_HEIGHT 360
gboolean drivedash_long_test_plots_save         (DrivedashPlot * const   *plots,
                                                 guint                    n_plots,
                                                 const char              *path,
                                                 GError                 **error);

G_END_DECLS
