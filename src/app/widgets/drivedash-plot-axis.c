/* drivedash-plot-axis.c — scales, ticks and tick labels of the plot
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-format.h"
#include "drivedash-plot-axis.h"
#include "drivedash-plot-axis-private.h"

G_DEFINE_ENUM_TYPE (DrivedashPlotScale, drivedash_plot_scale,
  G_DEFINE_ENUM_VALUE (DRIVEDASH_PLOT_SCALE_LINEAR, "linear"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_PLOT_SCALE_LOG, "log"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_PLOT_SCALE_AUTO, "auto"))

G_DEFINE_ENUM_TYPE (DrivedashPlotTimeAxis, drivedash_plot_time_axis,
  G_DEFINE_ENUM_VALUE (DRIVEDASH_PLOT_TIME_ELAPSED, "elapsed"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_PLOT_TIME_AGO, "ago"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_PLOT_TIME_DATE, "date"))

#define DAY (24 * 3600)
#define WEEK (7 * DAY)
/* Only to compare steps and to pick a label: month ticks are calendar
 * months. */
#define MONTH (30 * DAY)

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

/* Steps a clock reads well at: whole seconds, minutes, hours, days and
 * weeks, then whole numbers of days that read as months ("−90 d"). */
double
drivedash_plot_nice_time_step (double range,
                               int    max_ticks)
{
  static const double steps[] = {
    1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 3 * 3600,
    6 * 3600, 12 * 3600, DAY, 2 * DAY, WEEK, 2 * WEEK, 30 * DAY, 60 * DAY, 90 * DAY,
    180 * DAY, 360 * DAY,
  };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if (range / steps[i] <= MAX (max_ticks, 1))
      return steps[i];
  return steps[G_N_ELEMENTS (steps) - 1];
}

/* A tick label with as many decimals as STEP needs, grouped as the
 * locale groups digits ("1,500"), and k/M once the numbers get long. */
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
  return drivedash_format_figure (v, CLAMP (digits, 0, 6));
}

static char *
format_time_ago (long   s,
                 double step)
{
  if (s == 0)
    /* Translators: the right end of a "time ago" axis */
    return g_strdup (C_("plot axis", "now"));
  if (step >= WEEK && fmod (step, WEEK) == 0 && s % WEEK == 0)
    /* Translators: a "time ago" axis label, weeks */
    return g_strdup_printf (C_("plot axis", "−%ld w"), s / WEEK);
  if (step >= DAY && s % DAY == 0)
    /* Translators: a "time ago" axis label, days */
    return g_strdup_printf (C_("plot axis", "−%ld d"), s / DAY);
  if (step >= 3600 && s % 3600 == 0)
    /* Translators: a "time ago" axis label, hours */
    return g_strdup_printf (C_("plot axis", "−%ld h"), s / 3600);
  if (step >= 60 && s % 60 == 0)
    /* Translators: a "time ago" axis label, minutes */
    return g_strdup_printf (C_("plot axis", "−%ld min"), s / 60);
  /* Translators: a "time ago" axis label, seconds */
  return g_strdup_printf (C_("plot axis", "−%ld s"), s);
}

char *
drivedash_plot_format_date (double            t,
                            double            step,
                            const char *const formats[3])
{
  /* GDateTime reaches only years 1 to 9999; the check also keeps the
   * cast defined. */
  g_autoptr(GDateTime) dt = fabs (t) < 1e12 ? g_date_time_new_from_unix_local ((gint64) floor (t)) : NULL;

  if (dt == NULL)
    return g_strdup ("?");
  if (step < DAY && (g_date_time_get_hour (dt) != 0 || g_date_time_get_minute (dt) != 0))
    return g_date_time_format (dt, "%H:%M");
  if (step < MONTH)
    return g_date_time_format (dt, formats[0]);
  return g_date_time_format (dt, formats[g_date_time_get_month (dt) == 1 ? 1 : 2]);
}

/* A date reads better than "−40 d" for history kept over months: a user
 * remembers "that hot week in August". */
static char *
format_date (double t,
             double step)
{
  const char *const formats[3] = {
    /* Translators: a date on a chart's time axis, g_date_time_format()
     * codes: "12 Nov".  Keep it short. */
    C_("plot axis", "%-d %b"),
    /* Translators: January on a chart's time axis, with the year:
     * "Jan 2027", g_date_time_format() codes.  Keep it short. */
    C_("plot axis", "%b %Y"),
    /* Translators: a month on a chart's time axis, g_date_time_format()
     * codes: "Nov".  Keep it short. */
    C_("plot axis", "%b"),
  };

  return drivedash_plot_format_date (t, step, formats);
}

/* T is seconds from the axis origin: elapsed, or before the newest sample;
 * for dates, Unix seconds. */
char *
drivedash_plot_format_time (double                t,
                            DrivedashPlotTimeAxis mode,
                            double                step)
{
  long s = lround (fabs (t));

  if (mode == DRIVEDASH_PLOT_TIME_DATE)
    return format_date (t, step);
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
  if (mode == DRIVEDASH_PLOT_TIME_DATE)
    {
      /* Counted back from now, not from the newest sample: when the
       * watch stopped days ago, that gap is what the user must see. */
      double now = g_get_real_time () / (double) G_USEC_PER_SEC;

      *x1 = any ? MAX (last, now) : now;
      *x0 = *x1 - (window > 0 ? window : (any ? MAX (*x1 - first, 3600) : DAY));
      return;
    }
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

typedef struct
{
  int hours, days, months;
} DateStep;

static double
date_step_seconds (const DateStep *d)
{
  return d->hours * 3600.0 + d->days * (double) DAY + d->months * (double) MONTH;
}

/* Whether the local time DT is a tick of step D: a whole multiple of the
 * hours, a midnight on a day that stays put as time goes on (Mondays for
 * weeks), or the first of a month. */
static gboolean
is_date_tick (GDateTime      *dt,
              const DateStep *d)
{
  int y, m, day;
  GDate date;

  if (g_date_time_get_minute (dt) != 0 || g_date_time_get_second (dt) != 0)
    return FALSE;
  if (d->hours)
    return g_date_time_get_hour (dt) % d->hours == 0;
  if (g_date_time_get_hour (dt) != 0)
    return FALSE;
  g_date_time_get_ymd (dt, &y, &m, &day);
  if (d->months)
    return day == 1 && (m - 1) % d->months == 0;
  /* Julian day 1 (1 Jan of year 1) is a Monday. */
  g_date_clear (&date, 1);
  g_date_set_dmy (&date, day, m, y);
  return (g_date_get_julian (&date) - 1) % d->days == 0;
}

static GDateTime *
date_next (GDateTime      *dt,
           const DateStep *d)
{
  if (d->hours)
    return g_date_time_add_hours (dt, 1);
  if (d->days)
    return g_date_time_add_days (dt, 1);
  return g_date_time_add_months (dt, 1);
}

/* The ticks of step D in [x0, x1], or NULL once there are more than
 * MAX_TICKS (so a too-fine step over a year stops early). */
static GArray *
date_ticks (double          x0,
            double          x1,
            const DateStep *d,
            int             max_ticks)
{
  g_autoptr(GArray) ticks = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GDateTime) at = fabs (x0) < 1e12 ? g_date_time_new_from_unix_local ((gint64) floor (x0)) : NULL;
  g_autoptr(GDateTime) dt = NULL;
  int y, m, day;

  if (at == NULL)
    return NULL;
  g_date_time_get_ymd (at, &y, &m, &day);
  dt = g_date_time_new_local (y, m, d->months ? 1 : day, d->hours ? g_date_time_get_hour (at) : 0, 0, 0);
  while (dt != NULL && g_date_time_to_unix (dt) <= x1)
    {
      double t = (double) g_date_time_to_unix (dt);
      GDateTime *next;

      if (t >= x0 && is_date_tick (dt, d))
        {
          if ((int) ticks->len >= max_ticks)
            return NULL;
          g_array_append_val (ticks, t);
        }
      next = date_next (dt, d);
      g_date_time_unref (dt);
      dt = next;
    }
  return g_steal_pointer (&ticks);
}

/* The plot keeps a label inside its right edge, which pushes the label of
 * a tick just before "now" onto its neighbour's: such a tick goes. */
static void
drop_crowded_end (const DrivedashPlotFrame *f,
                  GArray                   *ticks,
                  double                    step)
{
  double spacing = step / (f->x1 - f->x0) * (f->right - f->left);
  double last;

  if (ticks->len < 3)
    return;
  last = g_array_index (ticks, double, ticks->len - 1);
  if (f->right - drivedash_plot_frame_x (f, last) < spacing / 3)
    g_array_set_size (ticks, ticks->len - 1);
}

static GArray *
date_time_ticks (const DrivedashPlotFrame *f,
                 int                       max_ticks,
                 double                   *step)
{
  static const DateStep steps[] = {
    { 1, 0, 0 }, { 2, 0, 0 }, { 3, 0, 0 }, { 6, 0, 0 }, { 12, 0, 0 },
    { 0, 1, 0 }, { 0, 2, 0 }, { 0, 3, 0 }, { 0, 7, 0 }, { 0, 14, 0 },
    { 0, 0, 1 }, { 0, 0, 2 }, { 0, 0, 3 }, { 0, 0, 6 }, { 0, 0, 12 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      GArray *ticks;

      /* Months need the year's worth of hours skipped, not counted. */
      if (date_step_seconds (&steps[i]) * (max_ticks + 1) < f->x1 - f->x0)
        continue;
      ticks = date_ticks (f->x0, f->x1, &steps[i], max_ticks);
      if (ticks != NULL)
        {
          *step = date_step_seconds (&steps[i]);
          drop_crowded_end (f, ticks, *step);
          return ticks;
        }
    }
  /* Over the longest step's reach: no ticks rather than a crowd. */
  *step = date_step_seconds (&steps[G_N_ELEMENTS (steps) - 1]);
  return g_array_new (FALSE, FALSE, sizeof (double));
}

guint
drivedash_plot_tick_count (double first,
                           double last,
                           double step)
{
  double n = floor ((last - first) / step) + 1;

  if (!(step > 0) || !(n >= 1))
    return 0;
  return n < DRIVEDASH_PLOT_TICK_LIMIT ? (guint) n : DRIVEDASH_PLOT_TICK_LIMIT;
}

GArray *
drivedash_plot_time_ticks (const DrivedashPlotFrame *f,
                           DrivedashPlotTimeAxis     mode,
                           int                       max_ticks,
                           double                   *step)
{
  GArray *ticks;
  double origin, first;
  guint n;

  max_ticks = MAX (max_ticks, 1);
  /* MAX_TICKS leaves 4.5 lines for labels like "−120 min"; dates are
   * shorter ("12 Nov", "Jan 2027" at most: 3.5 lines).  Without that a
   * week at 360 px would get one tick.  tests/test-plot-axis.c measures
   * the labels in the app's fonts. */
  if (mode == DRIVEDASH_PLOT_TIME_DATE)
    return date_time_ticks (f, (max_ticks * 9 + 3) / 7, step);

  ticks = g_array_new (FALSE, FALSE, sizeof (double));
  *step = drivedash_plot_nice_time_step (f->x1 - f->x0, max_ticks);
  origin = drivedash_plot_time_origin (f, mode);
  first = drivedash_plot_first_time_tick (f, origin, *step);
  n = drivedash_plot_tick_count (first, f->x1 + 1e-9, *step);
  for (guint i = 0; i < n; i++)
    {
      double t = first + i * *step;

      g_array_append_val (ticks, t);
    }
  return ticks;
}
