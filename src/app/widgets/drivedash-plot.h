/* drivedash-plot.h — a live time-series plot drawn with cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Properties (settable in .ui templates): title, caption, unit, scale
 * ("linear", "log", "auto"), time-axis ("elapsed", "ago"), time-window
 * (seconds, 0: all), include-zero.  Samples, limits and markers are added
 * from code; series and limits added with the _right() calls use a second
 * scale on the right (right unit).  Internals and test hooks: drivedash-plot-private.h.
 */
#pragma once

#include <gtk/gtk.h>

#include "drivedash-plot-axis.h"
#include "drivedash-plot-style.h"

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_PLOT_LIMIT_WARNING,
  DRIVEDASH_PLOT_LIMIT_CRITICAL,
} DrivedashPlotLimitKind;

#define DRIVEDASH_TYPE_PLOT (drivedash_plot_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashPlot, drivedash_plot, DRIVEDASH, PLOT, GtkWidget)

GtkWidget  *drivedash_plot_new                (void);

void        drivedash_plot_set_title          (DrivedashPlot          *self,
                                               const char             *title);
const char *drivedash_plot_get_title          (DrivedashPlot          *self);
void        drivedash_plot_set_caption        (DrivedashPlot          *self,
                                               const char             *caption);
void        drivedash_plot_set_unit           (DrivedashPlot          *self,
                                               const char             *unit);
void        drivedash_plot_set_scale          (DrivedashPlot          *self,
                                               DrivedashPlotScale      scale);
void        drivedash_plot_set_time_axis      (DrivedashPlot          *self,
                                               DrivedashPlotTimeAxis   mode);
void        drivedash_plot_set_time_window    (DrivedashPlot          *self,
                                               double                  seconds);
void        drivedash_plot_set_include_zero   (DrivedashPlot          *self,
                                               gboolean                include_zero);
void        drivedash_plot_set_y_range_hint   (DrivedashPlot          *self,
                                               double                  min,
                                               double                  max);
void        drivedash_plot_set_decimate       (DrivedashPlot          *self,
                                               gboolean                decimate);

const char            *drivedash_plot_get_caption      (DrivedashPlot *self);
const char            *drivedash_plot_get_unit         (DrivedashPlot *self);
DrivedashPlotScale     drivedash_plot_get_scale        (DrivedashPlot *self);
DrivedashPlotTimeAxis  drivedash_plot_get_time_axis    (DrivedashPlot *self);
double                 drivedash_plot_get_time_window  (DrivedashPlot *self);
gboolean               drivedash_plot_get_include_zero (DrivedashPlot *self);

guint       drivedash_plot_add_series         (DrivedashPlot          *self,
                                               const char             *label);
guint       drivedash_plot_add_series_right   (DrivedashPlot          *self,
                                               const char             *label);
void        drivedash_plot_set_right_unit     (DrivedashPlot          *self,
                                               const char             *unit);
guint       drivedash_plot_get_n_series       (DrivedashPlot          *self);
void        drivedash_plot_append             (DrivedashPlot          *self,
                                               guint                   series,
                                               double                  t,
                                               double                  y);
void        drivedash_plot_append_gap         (DrivedashPlot          *self,
                                               guint                   series);
gsize       drivedash_plot_get_n_samples      (DrivedashPlot          *self,
                                               guint                   series);
gboolean    drivedash_plot_get_last           (DrivedashPlot          *self,
                                               guint                   series,
                                               double                 *t,
                                               double                 *y);
void        drivedash_plot_clear              (DrivedashPlot          *self);

void        drivedash_plot_add_limit          (DrivedashPlot          *self,
                                               const char             *label,
                                               double                  y,
                                               DrivedashPlotLimitKind  kind);
void        drivedash_plot_add_limit_right    (DrivedashPlot          *self,
                                               const char             *label,
                                               double                  y,
                                               DrivedashPlotLimitKind  kind);
void        drivedash_plot_add_marker         (DrivedashPlot          *self,
                                               double                  t,
                                               const char             *label);
void        drivedash_plot_clear_annotations  (DrivedashPlot          *self);

/* A plain number X axis instead of time (drivedash-plot-xaxis.c): @unit
 * names it ("GiB written"); samples' t is then that number. */
void        drivedash_plot_set_x_unit         (DrivedashPlot          *self,
                                               const char             *unit);
/* A fixed X range (NaN: from the data), so a run fills it as it goes. */
void        drivedash_plot_set_x_range        (DrivedashPlot          *self,
                                               double                  min,
                                               double                  max);
/* A shaded, named stretch from @x0 to @x1 behind the series. */
void        drivedash_plot_add_band           (DrivedashPlot          *self,
                                               double                  x0,
                                               double                  x1,
                                               const char             *label);

/* Stacked bars (drivedash-plot-stack.c): the first @n_series series are
 * drawn as bars stacked in their order, the first at the bottom; a
 * sample (t, y) is a part @width long from t, on top of the earlier
 * series' samples at the same t.  The other series stay lines, drawn
 * over the bars.  0 series: no bars. */
void        drivedash_plot_set_stacked        (DrivedashPlot          *self,
                                               guint                   n_series,
                                               double                  width);
guint       drivedash_plot_get_n_stacked      (DrivedashPlot          *self);
/* Stacked series @series in full colour, the others faded (G_MAXUINT:
 * all in full). */
void        drivedash_plot_set_stack_highlight (DrivedashPlot         *self,
                                                guint                  series);
/* The bar at @t: the stacked series' samples there, added (0: none). */
double      drivedash_plot_get_stack_total    (DrivedashPlot          *self,
                                               double                  t);
/* Removes every series (and the stacking): for series whose names
 * change, as the apps of another period. */
void        drivedash_plot_remove_series      (DrivedashPlot          *self);
const char *drivedash_plot_get_series_label   (DrivedashPlot          *self,
                                               guint                   series);

char       *drivedash_plot_dup_description    (DrivedashPlot          *self);

void        drivedash_plot_get_export_style   (DrivedashPlot          *self,
                                               DrivedashPlotStyle     *style);
void        drivedash_plot_draw               (DrivedashPlot          *self,
                                               cairo_t                *cr,
                                               int                     width,
                                               int                     height,
                                               const DrivedashPlotStyle *style);
/* Saves @plots one under the other, each @width × @height in its own
 * export colours: SVG when @path ends in ".svg", else PNG.  FALSE with
 * a DRIVEDASH_ERROR in plain words when the file cannot be written. */
gboolean    drivedash_plot_save_stack         (DrivedashPlot * const  *plots,
                                               guint                   n_plots,
                                               const char             *path,
                                               int                     width,
                                               int                     height,
                                               GError                **error);
gboolean    drivedash_plot_save_png           (DrivedashPlot          *self,
                                               const char             *path,
                                               int                     width,
                                               int                     height,
                                               GError                **error);

G_END_DECLS
