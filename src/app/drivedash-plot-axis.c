/* drivedash-plot-axis.c — scales, ticks and tick labels of the plot
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-plot-axis.h"

G_DEFINE_ENUM_TYPE (DrivedashPlotScale, drivedash_plot_scale,
  G_DEFINE_ENUM_VALUE (DRIVEDASH_PLOT_SCALE_LINEAR, "linear"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_PLOT_SCALE_LOG, "log"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_PLOT_SCALE_AUTO, "auto"))

G_DEFINE_ENUM_TYPE (DrivedashPlotTimeAxis, drivedash_plot_time_axis,
  G_DEFINE_ENUM_VALUE (DRIVEDASH_PLOT_TIME_ELAPSED, "elapsed"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_PLOT_TIME_AGO, "ago"))

/* 1, 2 or 5 × 10^k: the step that gives at most MAX_TICKS ticks. */
double
drivedash_plot_nice_step (double range,
                          int    max_ticks)
{
  double raw, mag, f;

  if (max_ticks < 1)
    max_ticks = 1;
  raw = range / max_ticks;
  if (!(raw > 0))
    return 1;
  mag = pow (10, floor (log10 (raw)));
  f = raw / mag;
  if (f <= 1)
    return mag;
  if (f <= 2)
    return 2 * mag;
  if (f <= 5)
    return 5 * mag;
  return 10 * mag;
}

/* Steps a clock reads well at: whole seconds, minutes and hours. */
double
drivedash_plot_nice_time_step (double range,
                               int    max_ticks)
{
  static const double steps[] = {
    1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 3 * 3600,
    6 * 3600, 12 * 3600, 24 * 3600,
  };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (range / steps[i] <= MAX (max_ticks, 1))
      return steps[i];
  return steps[G_N_ELEMENTS (steps) - 1];
}

/* A tick label with as many decimals as STEP needs, and k/M once the
 * numbers get long. */
char *
drivedash_plot_format_value (double v,
                             double step)
{
  int digits;

  if (fabs (v) < step * 1e-6)
    v = 0;
  if (fabs (v) >= 1e6 && step >= 1e5)
    return g_strdup_printf ("%gM", v / 1e6);
  if (fabs (v) >= 1e4 && step >= 1e3)
    return g_strdup_printf ("%gk", v / 1e3);

  digits = step >= 1 ? 0 : (int) ceil (-log10 (step) - 1e-9);
  return g_strdup_printf ("%.*f", CLAMP (digits, 0, 6), v);
}

static char *
format_time_ago (long   s,
                 double step)
{
  if (s == 0)
    /* Translators: the right end of a "time ago" axis */
    return g_strdup (C_("plot axis", "now"));
  if (step >= 3600 && s % 3600 == 0)
    /* Translators: a "time ago" axis label, hours */
    return g_strdup_printf (C_("plot axis", "−%ld h"), s / 3600);
  if (step >= 60 && s % 60 == 0)
    /* Translators: a "time ago" axis label, minutes */
    return g_strdup_printf (C_("plot axis", "−%ld min"), s / 60);
  /* Translators: a "time ago" axis label, seconds */
  return g_strdup_printf (C_("plot axis", "−%ld s"), s);
}

/* T is seconds from the axis origin: elapsed, or before the newest sample. */
char *
drivedash_plot_format_time (double                t,
                            DrivedashPlotTimeAxis mode,
                            double                step)
{
  long s = lround (fabs (t));

  if (mode == DRIVEDASH_PLOT_TIME_AGO)
    return format_time_ago (s, step);
  if (s >= 3600)
    return g_strdup_printf ("%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  return g_strdup_printf ("%ld:%02ld", s / 60, s % 60);
}

/* The time range shown, from the first and last sample time of all series
 * (ANY: whether there is one). */
void
drivedash_plot_fit_x (gboolean               any,
                      double                 first,
                      double                 last,
                      DrivedashPlotTimeAxis  mode,
                      double                 window,
                      double                *x0,
                      double                *x1)
{
  if (!any)
    first = last = 0;

  if (mode == DRIVEDASH_PLOT_TIME_AGO)
    {
      *x1 = last;
      *x0 = last - (window > 0 ? window : MAX (last - first, 60));
      return;
    }

  /* Grows with the run; 10 s until there is anything to show. */
  *x0 = MIN (0, first);
  *x1 = any ? MAX (last, *x0 + 1) : *x0 + 10;
  if (window > 0 && *x1 - *x0 > window)
    *x0 = *x1 - window;
}

static gboolean
wants_log (const DrivedashPlotRange *range,
           DrivedashPlotScale        scale)
{
  if (!isfinite (range->pos_min))
    return FALSE;
  if (scale == DRIVEDASH_PLOT_SCALE_LOG)
    return TRUE;
  return scale == DRIVEDASH_PLOT_SCALE_AUTO && range->max / range->pos_min > 100;
}

static double
fit_linear (double              min,
            double              max,
            gboolean            include_zero,
            int                 max_ticks,
            DrivedashPlotFrame *f)
{
  double step;

  if (include_zero)
    {
      min = MIN (0, min);
      max = MAX (0, max);
    }
  if (max - min < 1e-9)
    {
      max += MAX (1, fabs (max) * 0.1);
      if (!include_zero || min < 0)
        min -= MAX (1, fabs (min) * 0.1);
    }
  step = drivedash_plot_nice_step (max - min, max_ticks);
  f->y0 = floor (min / step) * step;
  f->y1 = ceil (max / step) * step;
  /* Headroom so a line at the top doesn't merge with the frame. */
  if (max > f->y1 - step * 0.05)
    f->y1 += step;
  return step;
}

/* Sets the frame's value range and scale; returns the tick step (in
 * decades for a log scale). */
double
drivedash_plot_fit_y (const DrivedashPlotRange *range,
                      DrivedashPlotScale        scale,
                      gboolean                  include_zero,
                      int                       max_ticks,
                      DrivedashPlotFrame       *f)
{
  double min = range->min, max = range->max;

  f->log = wants_log (range, scale);
  if (!isfinite (min) || !isfinite (max))
    {
      min = 0;
      max = 1;
    }
  if (!f->log)
    return fit_linear (min, max, include_zero, max_ticks, f);

  f->y0 = floor (log10 (range->pos_min));
  f->y1 = ceil (log10 (max));
  if (f->y1 <= f->y0)
    f->y1 = f->y0 + 1;
  return MAX (1, ceil ((f->y1 - f->y0) / max_ticks));
}

/* Ticks run from y0 to y1 by the step; this is the value one stands for. */
double
drivedash_plot_y_tick_value (const DrivedashPlotFrame *f,
                             double                    tick)
{
  return f->log ? pow (10, tick) : tick;
}

char *
drivedash_plot_y_tick_label (const DrivedashPlotFrame *f,
                             double                    tick,
                             double                    step)
{
  if (f->log)
    {
      double v = pow (10, tick);

      return drivedash_plot_format_value (v, v);
    }
  return drivedash_plot_format_value (tick, step);
}

/* Where time labels count from: zero, or the newest sample for "ago". */
double
drivedash_plot_time_origin (const DrivedashPlotFrame *f,
                            DrivedashPlotTimeAxis     mode)
{
  return mode == DRIVEDASH_PLOT_TIME_AGO ? f->x1 : 0;
}

/* The first tick at or after x0 that is a whole number of steps from the
 * origin, so "ago" ticks stay put relative to "now". */
double
drivedash_plot_first_time_tick (const DrivedashPlotFrame *f,
                                double                    origin,
                                double                    step)
{
  return origin + ceil ((f->x0 - origin) / step - 1e-9) * step;
}
