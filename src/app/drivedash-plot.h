/* drivedash-plot.h — a live time-series plot drawn with cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DRIVEDASH_PLOT_MAX_SERIES 6

typedef enum
{
  DRIVEDASH_PLOT_SCALE_LINEAR,
  DRIVEDASH_PLOT_SCALE_LOG,
  DRIVEDASH_PLOT_SCALE_AUTO,   /* log when the data spans more than two decades */
} DrivedashPlotScale;

typedef enum
{
  DRIVEDASH_PLOT_TIME_ELAPSED, /* "0:00 … 1:30" counted from zero */
  DRIVEDASH_PLOT_TIME_AGO,     /* "−5 min … now" relative to the newest sample */
} DrivedashPlotTimeAxis;

typedef enum
{
  DRIVEDASH_PLOT_LIMIT_WARNING,
  DRIVEDASH_PLOT_LIMIT_CRITICAL,
} DrivedashPlotLimitKind;

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

/* One pixel column of decimated data.  An hour of 100 ms samples reduces to
 * at most one of these per pixel, so drawing costs the same as a minute. */
typedef struct
{
  double   y_min;
  double   y_max;
  double   y_first;
  double   y_last;
  guint    n;        /* samples in this column; 0: empty */
  gboolean gap;      /* a gap (NaN sample) follows a sample of this column */
} DrivedashPlotColumn;

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

guint       drivedash_plot_add_series         (DrivedashPlot          *self,
                                               const char             *label);
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
void        drivedash_plot_add_marker         (DrivedashPlot          *self,
                                               double                  t,
                                               const char             *label);
void        drivedash_plot_clear_annotations  (DrivedashPlot          *self);

char       *drivedash_plot_dup_description    (DrivedashPlot          *self);

void        drivedash_plot_style_init_default (DrivedashPlotStyle     *style,
                                               gboolean                dark);
void        drivedash_plot_get_style          (DrivedashPlot          *self,
                                               DrivedashPlotStyle     *style);
void        drivedash_plot_get_export_style (DrivedashPlot        *self,
                                               DrivedashPlotStyle     *style);
void        drivedash_plot_draw               (DrivedashPlot          *self,
                                               cairo_t                *cr,
                                               int                     width,
                                               int                     height,
                                               const DrivedashPlotStyle *style);
gboolean    drivedash_plot_save_png           (DrivedashPlot          *self,
                                               const char             *path,
                                               int                     width,
                                               int                     height,
                                               GError                **error);

void        drivedash_plot_decimate           (const double           *t,
                                               const double           *y,
                                               gsize                   n_points,
                                               double                  t0,
                                               double                  t1,
                                               DrivedashPlotColumn    *columns,
                                               guint                   n_columns);

G_END_DECLS
