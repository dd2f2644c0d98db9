/* drivedash-longtest-summary.c — what the long tests' numbers say
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "drivedash-format.h"
#include "drivedash-longtest-summary.h"

#define STEADY_WINDOW 5

static double
row_iops (const DrivedashTimeseriesRow *r)
{
  return (double) r->read_iops + r->write_iops;
}

/* From bytes, not IOPS × a block size: right for mixed sizes too. */
static double
row_mb_per_s (const DrivedashTimeseriesRow *r)
{
  return (double) r->read_mb_per_s + r->write_mb_per_s;
}

static double
mean_of (const DrivedashTimeseriesRow *rows,
         guint                         n,
         double                      (*value) (const DrivedashTimeseriesRow *))
{
  double sum = 0;

  for (guint i = 0; i < n; i++)
    sum += value (&rows[i]);
  return n ? sum / n : 0;
}

static double
mean_iops (const DrivedashTimeseriesRow *rows,
           guint                         n)
{
  return mean_of (rows, n, row_iops);
}

/* The measured rows are one stretch: the phase after the preparation. */
static const DrivedashTimeseriesRow *
measured (const DrivedashTimeseriesRow *rows,
          guint                         n_rows,
          guint                        *n)
{
  guint first = 0;

  while (first < n_rows && rows[first].phase != DRIVEDASH_LONG_PHASE_MEASURE)
    first++;
  *n = 0;
  while (first + *n < n_rows && rows[first + *n].phase == DRIVEDASH_LONG_PHASE_MEASURE)
    (*n)++;
  return rows + first;
}

gboolean
drivedash_long_sustained_summarize (const DrivedashTimeseriesRow *rows,
                                    guint                         n_rows,
                                    double                        interval_s,
                                    DrivedashSustainedSummary    *out)
{
  guint n, k;
  const DrivedashTimeseriesRow *m = measured (rows, n_rows, &n);
  double span = n * interval_s;
  double halfway;

  memset (out, 0, sizeof *out);
  out->drop_after_s = -1;
  if (n == 0)
    return FALSE;
  k = (guint) MAX (1, lround ((span < 180 ? span * 0.2 : 60) / interval_s));
  k = MIN (k, n);
  out->window_s = k * interval_s;
  out->total_iops = mean_iops (m, n);
  out->first_iops = mean_iops (m, k);
  out->last_iops = mean_iops (m + n - k, k);
  out->first_mb_per_s = mean_of (m, k, row_mb_per_s);
  out->last_mb_per_s = mean_of (m + n - k, k, row_mb_per_s);
  out->change_percent = out->first_iops > 0
    ? (out->last_iops - out->first_iops) / out->first_iops * 100 : 0;
  if (out->change_percent > -10)
    return TRUE;
  halfway = (out->first_iops + out->last_iops) / 2;
  for (guint i = 0; i + k <= n; i++)
    if (mean_iops (m + i, k) < halfway)
      {
        out->drop_after_s = (i + k / 2) * interval_s;
        out->kelvin_at_drop = m[i + k / 2].temperature_kelvin;
        break;
      }
  return TRUE;
}

char *
drivedash_long_sustained_sentence (const DrivedashSustainedSummary *s,
                                   gboolean                         thermal_evidence)
{
  int pct = (int) lround (fabs (s->change_percent));
  int minutes = (int) lround (s->drop_after_s / 60);

  if (s->first_iops <= 0)
    return NULL;
  if (s->change_percent >= 10)
    return g_strdup_printf (_("Speed rose %d %% from the start of the test to its end."), pct);
  if (s->change_percent > -10)
    return g_strdup_printf (_("Speed held steady: the end of the test was within %d %% of its start."), 10);
  if (s->drop_after_s < 0)
    return g_strdup_printf (_("Speed fell %d %% from the start of the test to its end."), pct);
  if (thermal_evidence && s->kelvin_at_drop > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Speed fell %d %% after %d minute, when the drive reached %d °C "
                                      "and started slowing itself down.",
                                      "Speed fell %d %% after %d minutes, when the drive reached %d °C "
                                      "and started slowing itself down.", minutes),
                            pct, minutes, (int) s->kelvin_at_drop - 273);
  if (minutes < 1)
    return g_strdup_printf (_("Speed fell %d %% within the first minute."), pct);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Speed fell %d %% after %d minute.",
                                    "Speed fell %d %% after %d minutes.", minutes), pct, minutes);
}

gboolean
drivedash_long_thermal_evidence (const DrivedashSmartLog *before,
                                 const DrivedashSmartLog *after)
{
  if (before == NULL || after == NULL)
    return FALSE;
  return after->thermal_management_1_transitions > before->thermal_management_1_transitions ||
         after->thermal_management_2_transitions > before->thermal_management_2_transitions ||
         after->thermal_management_1_seconds > before->thermal_management_1_seconds ||
         after->thermal_management_2_seconds > before->thermal_management_2_seconds;
}

gboolean
drivedash_long_steady_state (const double *values,
                             guint         n_values,
                             double       *range_ratio,
                             double       *slope_ratio)
{
  const double *w;
  double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE, sum = 0, sxy = 0, sxx = 0;
  double avg, xm = (STEADY_WINDOW - 1) / 2.0, slope, rr, sr;

  /* Checked before the window is found: values may be NULL when empty. */
  if (values == NULL || n_values < STEADY_WINDOW)
    return FALSE;
  w = values + n_values - STEADY_WINDOW;
  for (guint i = 0; i < STEADY_WINDOW; i++)
    {
      lo = MIN (lo, w[i]);
      hi = MAX (hi, w[i]);
      sum += w[i];
    }
  avg = sum / STEADY_WINDOW;
  for (guint i = 0; i < STEADY_WINDOW; i++)
    {
      sxy += (i - xm) * (w[i] - avg);
      sxx += (i - xm) * (i - xm);
    }
  slope = sxy / sxx;
  if (!(avg > 0))
    return FALSE;
  rr = (hi - lo) / avg;
  /* The fit's excursion across the window: its value at the last round
   * minus at the first. */
  sr = fabs (slope * (STEADY_WINDOW - 1)) / avg;
  if (range_ratio)
    *range_ratio = rr;
  if (slope_ratio)
    *slope_ratio = sr;
  return rr <= 0.20 + 1e-12 && sr <= 0.10 + 1e-12;
}

static int
cmp_double (const void *a,
            const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (const double *v,
        guint         n)
{
  g_autofree double *c = g_memdup2 (v, n * sizeof (double));

  if (n == 0)
    return 0;
  qsort (c, n, sizeof (double), cmp_double);
  return n % 2 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
}

gboolean
drivedash_long_cache_detect (const double *v,
                             guint         n,
                             guint         min_points,
                             double        drop,
                             guint        *cache_points,
                             double       *before,
                             double       *after)
{
  min_points = MAX (min_points, 1);
  for (guint i = 1; i + min_points <= n; i++)
    {
      double ref = median (v, i);
      gboolean sustained = TRUE;

      for (guint j = i; j < i + min_points && sustained; j++)
        sustained = v[j] < (1 - drop) * ref;
      if (!sustained)
        continue;
      *cache_points = i;
      *before = ref;
      *after = median (v + i, n - i);
      return TRUE;
    }
  return FALSE;
}

/* A drop counts when it lasts two points: 2 GiB at the default 1 GiB
 * step, as the issue asks. */
#define MIN_DROP_POINTS 2

char *
drivedash_long_saturation_sentence (const double *v,
                                    guint         n,
                                    guint64       step_bytes)
{
  guint points;
  double before, after;
  g_autofree char *speed = NULL, *gb = NULL, *then = NULL;

  if (n < 3)
    return NULL;
  if (drivedash_long_cache_detect (v, n, MIN_DROP_POINTS, 0.30, &points, &before, &after))
    {
      speed = drivedash_format_figure (before, 0);
      gb = drivedash_format_figure ((double) points * step_bytes / 1e9, 1);
      then = drivedash_format_figure (after, 0);
      /* Translators: "Writes at about 3,000 MB/s for the first 34.0 GB, then
       * about 1,200 MB/s."; the numbers come grouped as the locale does */
      return g_strdup_printf (_("Writes at about %s MB/s for the first %s GB, then about %s MB/s."),
                              speed, gb, then);
    }
  speed = drivedash_format_figure (median (v, n), 0);
  gb = drivedash_format_figure ((double) n * step_bytes / 1e9, 1);
  /* Translators: "Writes at about 3,000 MB/s for all 34.0 GB written; …" */
  return g_strdup_printf (_("Writes at about %s MB/s for all %s GB written; no lasting slowdown was seen."),
                          speed, gb);
}

gboolean
drivedash_long_rounds_average (const DrivedashLongRound *rounds,
                               guint                     n,
                               DrivedashLongGroup        group,
                               DrivedashLongRound       *out)
{
  guint count = 0;

  *out = (DrivedashLongRound) { group, 0, 0, 0, 0, 0 };
  for (guint i = 0; i < n; i++)
    {
      if (group != DRIVEDASH_LONG_GROUP_NONE && rounds[i].group != group)
        continue;
      out->bandwidth_mb_per_s += rounds[i].bandwidth_mb_per_s;
      out->read_access_us += rounds[i].read_access_us;
      out->write_access_us += rounds[i].write_access_us;
      out->busy_s += rounds[i].busy_s;
      count++;
    }
  if (count == 0)
    return FALSE;
  out->index = count;
  out->bandwidth_mb_per_s /= count;
  out->read_access_us /= count;
  out->write_access_us /= count;
  out->busy_s /= count;
  return TRUE;
}

char *
drivedash_long_adaptivity_sentence (const DrivedashLongRound *rounds,
                                    guint                     n,
                                    guint64                   fill_bytes)
{
  DrivedashLongRound avg;
  g_autofree char *speed = NULL, *read = NULL, *write = NULL, *fill = NULL;

  if (n < DRIVEDASH_LONG_ADAPTIVITY_ROUNDS ||
      !drivedash_long_rounds_average (rounds, n, DRIVEDASH_LONG_GROUP_NONE, &avg))
    return NULL;
  /* The amount, not "the free space": Quick and --amount write less. */
  fill = drivedash_format_bytes (fill_bytes);
  speed = drivedash_format_figure (avg.bandwidth_mb_per_s, 0);
  read = drivedash_format_latency_us ((guint32) MIN (avg.read_access_us + 0.5, G_MAXUINT32));
  write = drivedash_format_latency_us ((guint32) MIN (avg.write_access_us + 0.5, G_MAXUINT32));
  /* Translators: Adaptivity's result; %u is the number of rounds (10),
   * then the amount the fill wrote ("59.1 GB"), a grouped speed
   * ("1,234") and two times ("85 µs", "1.2 ms") */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Averaged over %u round after a rest, with %s of test data on the "
                                       "drive: %s MB/s; each read took %s and each write %s.",
                                       "Averaged over %u rounds after rests, with %s of test data on the "
                                       "drive: %s MB/s; each read took %s and each write %s.", n),
                          n, fill, speed, read, write);
}
