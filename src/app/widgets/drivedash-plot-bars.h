/* drivedash-plot-bars.h — one bar of a horizontal bar chart in the plots'
 * colours, with the whisker of its 95 % interval, and the text around it:
 * the drawing that History's comparisons (speed and long tests) share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-plot-style.h"

G_BEGIN_DECLS

/* @text in @layout (its width and ellipsizing as the caller set them),
 * its top left at (@x, @y). */
void   drivedash_plot_bar_text (cairo_t                  *cr,
                                PangoLayout              *layout,
                                const char               *text,
                                double                    x,
                                double                    y,
                                const GdkRGBA            *colour);

/* Fills a bar of @value (NAN: none, drawn as nothing) at @scale pixels a
 * unit, from (@x, @y), @height tall, in series colour @series of @style;
 * a finite @ci95 adds the interval's whisker across its middle in the
 * foreground colour.  Returns the bar's length (at least 1 px when there
 * is a value); @extent (may be NULL) gets how far right of @x the bar or
 * its whisker reach, for the text after it. */
double drivedash_plot_bar_draw (cairo_t                  *cr,
                                const DrivedashPlotStyle *style,
                                guint                     series,
                                double                    x,
                                double                    y,
                                double                    height,
                                double                    value,
                                double                    ci95,
                                double                    scale,
                                double                   *extent);

G_END_DECLS
