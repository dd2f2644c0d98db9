/* drivedash-plot-style.h — colours and font of a plot, and PNG export
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DRIVEDASH_PLOT_MAX_SERIES 6

/* Colours and font used by drivedash_plot_draw().  The widget fills it from
 * its style context (so dark mode and high contrast follow the theme); tests
 * and PNG export can use drivedash_plot_style_init_default(). */
typedef struct
{
  GdkRGBA background;   /* alpha 0: leave the target as it is */
  GdkRGBA foreground;   /* text and axes */
  GdkRGBA grid;
  GdkRGBA warning;
  GdkRGBA critical;
  GdkRGBA series[DRIVEDASH_PLOT_MAX_SERIES];
  char font[64];        /* Pango font description */
} DrivedashPlotStyle;

/* Draws a picture of WIDTH × HEIGHT with STYLE onto CR. */
typedef void (*DrivedashPlotPaintFunc) (gpointer                  data,
                                        cairo_t                  *cr,
                                        int                       width,
                                        int                       height,
                                        const DrivedashPlotStyle *style);

void     drivedash_plot_style_init_default (DrivedashPlotStyle       *style,
                                            gboolean                  dark);
void     drivedash_plot_style_from_widget  (DrivedashPlotStyle       *style,
                                            GtkWidget                *widget);
void     drivedash_plot_style_for_export   (DrivedashPlotStyle       *style,
                                            GtkWidget                *widget);
gboolean drivedash_plot_style_save_png     (const DrivedashPlotStyle *style,
                                            DrivedashPlotPaintFunc    paint,
                                            gpointer                  data,
                                            const char               *path,
                                            int                       width,
                                            int                       height,
                                            GError                  **error);

G_END_DECLS
