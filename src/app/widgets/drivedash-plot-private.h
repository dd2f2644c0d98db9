/* drivedash-plot-private.h — plot internals shared by its files and tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-plot.h"
#include "drivedash-series.h"

G_BEGIN_DECLS

typedef struct
{
  char                   *label;
  double                  y;
  DrivedashPlotLimitKind  kind;
  gboolean                right;  /* on the right-hand axis */
} DrivedashPlotLimit;

typedef struct
{
  char   *label;
  double  t;
} DrivedashPlotMarker;

/* A shaded stretch of the X axis with its name (a test's phase). */
typedef struct
{
  char   *label;
  double  x0, x1;
} DrivedashPlotBand;

/* Everything a plot shows, apart from the widget: drawing needs only this,
 * a cairo context and a style. */
typedef struct
{
  char                  *title;
  char                  *caption;
  char                  *unit;
  char                  *right_unit;
  DrivedashPlotScale     scale;
  DrivedashPlotTimeAxis  time_axis;
  double                 time_window;
  double                 hint_min;      /* NaN: none */
  double                 hint_max;      /* NaN: none */
  gboolean               include_zero;
  gboolean               decimate;      /* FALSE: every sample, for tests */
  GPtrArray             *series;        /* DrivedashSeries */
  guint64                right_series;  /* bit i: series i uses the right axis */
  GPtrArray             *limits;        /* DrivedashPlotLimit */
  GPtrArray             *markers;       /* DrivedashPlotMarker */
  char                  *x_unit;        /* non-NULL: a plain number axis, not time */
  double                 x_min;         /* NaN: from the data */
  double                 x_max;         /* NaN: from the data */
  GPtrArray             *bands;         /* DrivedashPlotBand; NULL until the first */
  guint                  n_stacked;     /* the first n series are stacked bars */
  double                 stack_width;   /* each bar's width, in X units */
  guint                  stack_highlight; /* the stacked series not faded; G_MAXUINT: all */
} DrivedashPlotModel;

static inline gboolean
drivedash_plot_model_is_right (const DrivedashPlotModel *model,
                               guint                     series)
{
  return series < 64 && (model->right_series >> series) & 1;
}

/* A series' colour.  Over stacked bars a line is a total, drawn in the
 * text's colour: the bars have taken the palette, and a part's colour
 * would say the line is that part. */
static inline const GdkRGBA *
drivedash_plot_model_series_colour (const DrivedashPlotModel *model,
                                    const DrivedashPlotStyle *style,
                                    guint                     series)
{
  if (model->n_stacked > 0 && series >= model->n_stacked)
    return &style->foreground;
  return &style->series[series % DRIVEDASH_PLOT_MAX_SERIES];
}

/* drivedash-plot-model.c */
void   drivedash_plot_model_init            (DrivedashPlotModel       *model);
void   drivedash_plot_model_clear           (DrivedashPlotModel       *model);
char  *drivedash_plot_model_dup_description (const DrivedashPlotModel *model);

/* drivedash-plot-render.c: any cairo context, e.g. an image surface */
void   drivedash_plot_model_draw            (const DrivedashPlotModel *model,
                                             cairo_t                  *cr,
                                             int                       width,
                                             int                       height,
                                             const DrivedashPlotStyle *style);

/* drivedash-plot-lines.c: the series, in @left's or @right's scale */
void   drivedash_plot_draw_series           (const DrivedashPlotModel *model,
                                             cairo_t                  *cr,
                                             const DrivedashPlotFrame *left,
                                             const DrivedashPlotFrame *right,
                                             const DrivedashPlotStyle *style);

/* drivedash-plot-raster.c: antialiased coverage of the data lines in an
 * A8 buffer (0: none, 255: all), from plot units mapped to its pixels by
 * (x - origin_x) * scale; drivedash-plot-lines.c paints it as a mask. */
typedef struct
{
  guint8 *data;
  int     width, height, stride;
  double  origin_x, origin_y;
  double  scale;           /* pixels per plot unit */
  double  radius;          /* half the line width, in pixels */
  int     x0, y0, x1, y1;  /* every pixel written is in [x0, x1) × [y0, y1) */
} DrivedashPlotRaster;

void     drivedash_plot_raster_init     (DrivedashPlotRaster         *r,
                                         guint8                      *data,
                                         int                          width,
                                         int                          height,
                                         int                          stride,
                                         double                       origin_x,
                                         double                       origin_y,
                                         double                       scale,
                                         double                       line_width);
gboolean drivedash_plot_raster_is_empty (const DrivedashPlotRaster   *r);
void     drivedash_plot_raster_line     (DrivedashPlotRaster         *r,
                                         double                       ax,
                                         double                       ay,
                                         double                       bx,
                                         double                       by);
void     drivedash_plot_raster_columns  (DrivedashPlotRaster         *r,
                                         const DrivedashPlotFrame    *f,
                                         const DrivedashSeriesColumn *cols,
                                         int                          start,
                                         int                          end);

/* drivedash-plot-right.c: the right-hand axis (ticks, labels, unit) */
double drivedash_plot_fit_right             (const DrivedashPlotRange *range,
                                             int                       max_ticks,
                                             DrivedashPlotFrame       *frame);
double drivedash_plot_right_axis_width      (PangoLayout              *layout,
                                             const DrivedashPlotFrame *frame,
                                             double                    step,
                                             const char               *unit);
void   drivedash_plot_draw_right_axis       (cairo_t                  *cr,
                                             PangoLayout              *layout,
                                             const DrivedashPlotFrame *frame,
                                             double                    step,
                                             const char               *unit,
                                             double                    unit_y,
                                             const DrivedashPlotStyle *style);

/* drivedash-plot-xaxis.c: a number X axis (GiB written, rounds) and bands */
void   drivedash_plot_xaxis_fit             (const DrivedashPlotModel *model,
                                             double                   *x0,
                                             double                   *x1);
void   drivedash_plot_xaxis_draw            (const DrivedashPlotModel *model,
                                             cairo_t                  *cr,
                                             PangoLayout              *layout,
                                             const DrivedashPlotFrame *frame,
                                             int                       line_h,
                                             const DrivedashPlotStyle *style);
void   drivedash_plot_draw_bands            (const DrivedashPlotModel *model,
                                             cairo_t                  *cr,
                                             PangoLayout              *layout,
                                             const DrivedashPlotFrame *frame,
                                             const DrivedashPlotStyle *style);
void   drivedash_plot_xaxis_clear           (DrivedashPlotModel       *model);

/* drivedash-plot-stack.c: stacked bars.  Widens @r to the stacked
 * totals between @x0 and @x1; FALSE when no bar is there. */
gboolean drivedash_plot_stack_measure       (const DrivedashPlotModel *model,
                                             double                    x0,
                                             double                    x1,
                                             DrivedashPlotRange       *r);
void   drivedash_plot_draw_stack            (const DrivedashPlotModel *model,
                                             cairo_t                  *cr,
                                             const DrivedashPlotFrame *frame,
                                             const DrivedashPlotStyle *style);

/* drivedash-plot.c: for the plot's other files; edit_model queues a
 * redraw */
DrivedashPlotModel *drivedash_plot_edit_model (DrivedashPlot      *self);
const DrivedashPlotModel *drivedash_plot_get_model (DrivedashPlot *self);

/* The theme's colours for the widget's own drawing. */
void   drivedash_plot_get_style             (DrivedashPlot            *self,
                                             DrivedashPlotStyle       *style);

G_END_DECLS
