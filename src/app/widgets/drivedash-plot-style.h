/* drivedash-plot-style.h — colours and font of a plot
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-palette.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DRIVEDASH_PLOT_MAX_SERIES DRIVEDASH_PALETTE_SIZE

/* Colours and font used by drivedash_plot_draw().  The widget fills it from
 * its style context (so dark mode and high contrast follow the theme); tests
 * and picture export can use drivedash_plot_style_init_default(). */
typedef struct
{
  GdkRGBA background;   /* alpha 0: leave the target as it is */
  GdkRGBA foreground;   /* text and axes */
  GdkRGBA grid;
  GdkRGBA warning;
  GdkRGBA critical;
  GdkRGBA series[DRIVEDASH_PLOT_MAX_SERIES];
  char font[64];        /* Pango font description */
  /* Pixels of the final picture per unit of the cairo context that GTK
   * cannot tell through it (a HiDPI window's recording): the data lines
   * are rasterised at that resolution.  1 for pictures of their own. */
  double scale;
} DrivedashPlotStyle;

void     drivedash_plot_style_init_default (DrivedashPlotStyle       *style,
                                            gboolean                  dark);
void     drivedash_plot_style_from_widget  (DrivedashPlotStyle       *style,
                                            GtkWidget                *widget);
void     drivedash_plot_style_for_export   (DrivedashPlotStyle       *style,
                                            GtkWidget                *widget);

G_END_DECLS
