/* drivedash-plot-axis.h — scales, ticks and tick labels of the plot
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Pure functions (no widget, no cairo), unit-tested without a display.
 */
#pragma once

#include <glib-object.h>
#include <math.h>

G_BEGIN_DECLS

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
  DRIVEDASH_PLOT_TIME_DATE,    /* "12 Nov", "Dec": times are Unix seconds, shown
                                * in local time; the axis ends now */
} DrivedashPlotTimeAxis;

#define DRIVEDASH_TYPE_PLOT_SCALE (drivedash_plot_scale_get_type ())
GType drivedash_plot_scale_get_type (void) G_GNUC_CONST;
#define DRIVEDASH_TYPE_PLOT_TIME_AXIS (drivedash_plot_time_axis_get_type ())
GType drivedash_plot_time_axis_get_type (void) G_GNUC_CONST;

/* Where data lands: the time and value ranges and the plot area (in device
 * units) they map to.  For a log scale y0 and y1 are powers of ten. */
typedef struct
{
  double   x0, x1;
  double   y0, y1;
  gboolean log;
  double   left, top, right, bottom;
} DrivedashPlotFrame;

/* What the Y axis has to show: every value, limit line and range hint. */
typedef struct
{
  double   min;       /* INFINITY when there is nothing */
  double   max;       /* -INFINITY when there is nothing */
  double   pos_min;   /* the smallest positive value, for a log scale */
} DrivedashPlotRange;

static inline double
drivedash_plot_frame_x (const DrivedashPlotFrame *f,
                        double                    t)
{
  return f->left + (t - f->x0) / (f->x1 - f->x0) * (f->right - f->left);
}

static inline double
drivedash_plot_frame_y (const DrivedashPlotFrame *f,
                        double                    v)
{
  if (f->log)
    v = log10 (MAX (v, 1e-12));
  return f->bottom - (v - f->y0) / (f->y1 - f->y0) * (f->bottom - f->top);
}

double  drivedash_plot_nice_step       (double                    range,
                                        int                       max_ticks);
double  drivedash_plot_nice_time_step  (double                    range,
                                        int                       max_ticks);
char   *drivedash_plot_format_value    (double                    v,
                                        double                    step);
char   *drivedash_plot_format_time     (double                    t,
                                        DrivedashPlotTimeAxis     mode,
                                        double                    step);

void    drivedash_plot_fit_x           (gboolean                  any,
                                        double                    first,
                                        double                    last,
                                        DrivedashPlotTimeAxis     mode,
                                        double                    window,
                                        double                   *x0,
                                        double                   *x1);
double  drivedash_plot_fit_y           (const DrivedashPlotRange *range,
                                        DrivedashPlotScale        scale,
                                        gboolean                  include_zero,
                                        int                       max_ticks,
                                        DrivedashPlotFrame       *frame);

double  drivedash_plot_y_tick_value    (const DrivedashPlotFrame *frame,
                                        double                    tick);
char   *drivedash_plot_y_tick_label    (const DrivedashPlotFrame *frame,
                                        double                    tick,
                                        double                    step);
double  drivedash_plot_time_origin     (const DrivedashPlotFrame *frame,
                                        DrivedashPlotTimeAxis     mode);
double  drivedash_plot_first_time_tick (const DrivedashPlotFrame *frame,
                                        double                    origin,
                                        double                    step);
/* How many ticks first, first + step, … up to last there are, at most
 * DRIVEDASH_PLOT_TICK_LIMIT (0 for a NaN, infinite or non-positive step).
 * Every tick loop counts with it and computes first + i * step: adding
 * the step stalls where it is below the spacing of doubles (1e17 s). */
#define DRIVEDASH_PLOT_TICK_LIMIT 256
guint   drivedash_plot_tick_count      (double                    first,
                                        double                    last,
                                        double                    step);
/* (element-type double) The X axis' ticks from x0 to x1, at most
 * MAX_TICKS of them (one at least); *STEP is what to pass to
 * drivedash_plot_format_time().  Date ticks fall on local midnights,
 * Mondays and the first of a month, so they are not evenly spaced. */
GArray *drivedash_plot_time_ticks      (const DrivedashPlotFrame *frame,
                                        DrivedashPlotTimeAxis     mode,
                                        int                       max_ticks,
                                        double                   *step);

G_END_DECLS
