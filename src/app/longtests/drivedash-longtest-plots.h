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
/* Adaptivity: the same lines over its ten rounds after a rest, without
 * bands.  Follows @rounds. */
void drivedash_long_test_plots_setup_adaptivity (DrivedashPlot           *plot,
                                                 DrivedashLongTestRounds *rounds);
/* Write saturation: speed against GB written, where the fast cache ends
 * and the speed after it.  Follows @rounds. */
void drivedash_long_test_plots_setup_saturation (DrivedashPlot           *plot,
                                                 DrivedashLongTestRounds *rounds);

/* The export size of one plot (drivedash_plot_save_stack()): */
#define DRIVEDASH_LONG_PLOT_EXPORT_WIDTH  960
#define DRIVEDASH_LONG_PLOT_EXPORT_HEIGHT 360

G_END_DECLS
