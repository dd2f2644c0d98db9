/* drivedash-health-trend.c — hourly temperatures, data written per day,
 * endurance projection
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "drivedash-format.h"
#include "drivedash-health-trend.h"

gint64
drivedash_health_trend_day_start (gint64 time)
{
  g_autoptr(GDateTime) local = g_date_time_new_from_unix_local (time);
  g_autoptr(GDateTime) midnight = NULL;

  /* The user's calendar day, as the plot's labels are: a UTC day would
   * put a Tokyo evening's writing on the next day's bar. */
  if (local != NULL)
    midnight = g_date_time_new_local (g_date_time_get_year (local), g_date_time_get_month (local),
                                      g_date_time_get_day_of_month (local), 0, 0, 0);
  if (midnight == NULL)
    return time - time % 86400;
  return g_date_time_to_unix (midnight);
}

/* An hour (or shorter) is the same everywhere but for half-hour zones;
 * a day is the local calendar day. */
static gint64
bucket_start (gint64 time,
              gint64 bucket_seconds)
{
  if (bucket_seconds >= 86400)
    return drivedash_health_trend_day_start (time);
  return time - time % bucket_seconds;
}

GArray *
drivedash_health_trend_hourly (const DrivedashSnapshot *snapshots,
                               guint                    n_snapshots)
{
  return drivedash_health_trend_temperature (snapshots, n_snapshots, 3600);
}

GArray *
drivedash_health_trend_temperature (const DrivedashSnapshot *snapshots,
                                    guint                    n_snapshots,
                                    gint64                   bucket_seconds)
{
  GArray *hours = g_array_new (FALSE, FALSE, sizeof (DrivedashTrendHour));
  double weight = 0;

  g_return_val_if_fail (bucket_seconds > 0, hours);
  for (guint i = 0; i < n_snapshots; i++)
    {
      const DrivedashSnapshot *s = &snapshots[i];
      gint64 hour = bucket_start (s->time, bucket_seconds);
      guint w = MAX (s->samples, 1);
      DrivedashTrendHour *last = hours->len ? &g_array_index (hours, DrivedashTrendHour, hours->len - 1) : NULL;

      if (!(s->has & DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE))
        continue;
      if (last == NULL || last->time != hour)
        {
          DrivedashTrendHour h = { hour, s->temperature_min_kelvin, s->temperature_kelvin,
                                   s->temperature_max_kelvin };

          g_array_append_val (hours, h);
          weight = w;
          continue;
        }
      last->min_kelvin = MIN (last->min_kelvin, s->temperature_min_kelvin);
      last->max_kelvin = MAX (last->max_kelvin, s->temperature_max_kelvin);
      last->mean_kelvin = (last->mean_kelvin * weight + s->temperature_kelvin * w) / (weight + w);
      weight += w;
    }
  return hours;
}

/* Whether the drive was on between A and B (the first snapshot of a
 * later day) for longer than fits into B's day up to B's counters: then
 * some of that time was in earlier days, with no snapshot to tell how
 * much was written when (the watch had stopped, the computer had not).
 * A thinned row starts at its time and holds the counters of its end:
 * its readings (one a minute) say how long it covers. */
static gboolean
unobserved_before (const DrivedashSnapshot *a,
                   const DrivedashSnapshot *b)
{
  gint64 fits = (b->time - drivedash_health_trend_day_start (b->time) + (gint64) b->samples * 60) / 3600 + 1;

  return b->power_on_hours - a->power_on_hours > fits;
}

GArray *
drivedash_health_trend_daily_written (const DrivedashSnapshot *snapshots,
                                      guint                    n_snapshots)
{
  GArray *days = g_array_new (FALSE, FALSE, sizeof (DrivedashTrendDay));
  const DrivedashSnapshot *before = NULL; /* the newest of an earlier day */
  const DrivedashSnapshot *first = NULL;  /* the first of the current day */
  const DrivedashSnapshot *newest = NULL; /* the newest of the current day */

  for (guint i = 0; i <= n_snapshots; i++)
    {
      const DrivedashSnapshot *s = i < n_snapshots ? &snapshots[i] : NULL;

      if (s != NULL && !(s->has & DRIVEDASH_SNAPSHOT_HAS_SMART))
        continue;
      if (newest != NULL && (s == NULL || drivedash_health_trend_day_start (s->time)
                                           != drivedash_health_trend_day_start (newest->time)))
        {
          gboolean unknown = before != NULL && unobserved_before (before, first);

          /* Neither day's total is known: the unseen hours belong to one
           * or the other. */
          if (unknown && days->len > 0
              && g_array_index (days, DrivedashTrendDay, days->len - 1).time
                 == drivedash_health_trend_day_start (before->time))
            g_array_set_size (days, days->len - 1);
          if (before != NULL && !unknown && newest->data_units_written >= before->data_units_written)
            {
              DrivedashTrendDay d = { drivedash_health_trend_day_start (newest->time),
                                      (newest->data_units_written - before->data_units_written)
                                      * DRIVEDASH_TREND_UNIT_BYTES };

              g_array_append_val (days, d);
            }
          before = newest;
          first = s;
        }
      if (first == NULL)
        first = s;
      newest = s;
    }
  return days;
}

void
drivedash_health_trend_project (const DrivedashSnapshot *snapshots,
                                guint                    n_snapshots,
                                guint                    rated_tb,
                                DrivedashProjection     *out)
{
  const DrivedashSnapshot *first = NULL, *last = NULL;
  double span, rate, left;

  memset (out, 0, sizeof *out);
  out->rated_tb = rated_tb;
  for (guint i = 0; i < n_snapshots; i++)
    if (snapshots[i].has & DRIVEDASH_SNAPSHOT_HAS_SMART)
      {
        first = first ? first : &snapshots[i];
        last = &snapshots[i];
      }
  if (first == NULL || first == last)
    return;
  out->written_bytes = last->data_units_written * DRIVEDASH_TREND_UNIT_BYTES;
  out->percentage_used = last->percentage_used;
  span = last->time - first->time;
  if (span < 86400)
    {
      out->kind = DRIVEDASH_PROJECTION_TOO_SHORT;
      return;
    }
  rate = (last->data_units_written - first->data_units_written) * DRIVEDASH_TREND_UNIT_BYTES / span;
  out->bytes_per_day = MAX (rate, 0) * 86400;
  if (rated_tb > 0 && out->written_bytes >= rated_tb * 1e12)
    out->kind = DRIVEDASH_PROJECTION_RATED_PASSED;
  else if (rate <= 0)
    out->kind = DRIVEDASH_PROJECTION_NOT_WRITING;
  else if (rated_tb > 0)
    {
      out->kind = DRIVEDASH_PROJECTION_RATED;
      out->years = (rated_tb * 1e12 - out->written_bytes) / rate / DRIVEDASH_TREND_YEAR_SECONDS;
    }
  else if (last->percentage_used == 0)
    out->kind = DRIVEDASH_PROJECTION_WEAR_TOO_LOW;
  else
    {
      /* What was written so far wore it by percentage_used. */
      left = out->written_bytes * (100.0 - MIN (last->percentage_used, 100)) / last->percentage_used;
      out->kind = DRIVEDASH_PROJECTION_WEAR;
      out->years = left / rate / DRIVEDASH_TREND_YEAR_SECONDS;
    }
}

static char *
describe_time (double years)
{
  guint months = (guint) round (years * 12);
  guint whole = (guint) round (years);

  if (years > 100)
    return g_strdup (_("more than 100 years"));
  if (months < 1)
    return g_strdup (_("less than a month"));
  if (years < 2)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %u month", "about %u months", months), months);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %u year", "about %u years", whole), whole);
}

char *
drivedash_projection_describe (const DrivedashProjection *p)
{
  g_autofree char *per_day = drivedash_format_bytes ((guint64) p->bytes_per_day);
  g_autofree char *when = describe_time (p->years);

  switch (p->kind)
    {
    case DRIVEDASH_PROJECTION_NO_DATA:
      return g_strdup (_("No estimate yet: the background watch has not recorded this drive’s health twice."));
    case DRIVEDASH_PROJECTION_TOO_SHORT:
      return g_strdup (_("No estimate yet: it needs at least a day of history."));
    case DRIVEDASH_PROJECTION_NOT_WRITING:
      return g_strdup (_("Nothing was written to the drive in this time, so it is not wearing out."));
    case DRIVEDASH_PROJECTION_RATED:
      return g_strdup_printf (_("This drive writes about %s a day. At this rate the rated %u TB is reached in %s."),
                              per_day, p->rated_tb, when);
    case DRIVEDASH_PROJECTION_RATED_PASSED:
      return g_strdup_printf (_("This drive has already written more than its rated %u TB. It may keep working "
                                "for a long time, but keep your backups up to date."), p->rated_tb);
    case DRIVEDASH_PROJECTION_WEAR:
      return g_strdup_printf (_("This drive writes about %s a day. At this rate the drive’s own wear estimate "
                                "reaches 100 %% in %s."), per_day, when);
    case DRIVEDASH_PROJECTION_WEAR_TOO_LOW:
      return g_strdup_printf (_("This drive writes about %s a day. Its own wear estimate is still 0 %%, "
                                "too little to say how long it lasts."), per_day);
    default:
      g_return_val_if_reached (NULL);
    }
}
