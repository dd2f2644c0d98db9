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
#include "drivedash-json.h"

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

/* Two-sided 95 % Student t for @df degrees of freedom (1.96 beyond 30). */
static double
t95 (guint df)
{
  static const double t[] = { 0, 12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23,
                              2.20, 2.18, 2.16, 2.14, 2.13, 2.12, 2.11, 2.10, 2.09, 2.09,
                              2.08, 2.07, 2.07, 2.06, 2.06, 2.06, 2.05, 2.05, 2.05, 2.04 };

  return df < G_N_ELEMENTS (t) ? t[df] : 1.96;
}

/* The interval of the mean daily rate from the whole days whose writing
 * is known; FALSE under three of them. */
static gboolean
rate_interval (const DrivedashSnapshot *snapshots,
               guint                    n_snapshots,
               DrivedashProjection     *out)
{
  g_autoptr(GArray) days = drivedash_health_trend_daily_written (snapshots, n_snapshots);
  double sum = 0, squares = 0, mean, sd, half;

  /* The newest snapshot's day is not over: its writing so far is no day's. */
  if (days->len > 0 && n_snapshots > 0
      && g_array_index (days, DrivedashTrendDay, days->len - 1).time
         == drivedash_health_trend_day_start (snapshots[n_snapshots - 1].time))
    g_array_set_size (days, days->len - 1);
  out->known_days = days->len;
  if (days->len < 3)
    return FALSE;
  for (guint i = 0; i < days->len; i++)
    sum += g_array_index (days, DrivedashTrendDay, i).bytes;
  mean = sum / days->len;
  for (guint i = 0; i < days->len; i++)
    squares += pow (g_array_index (days, DrivedashTrendDay, i).bytes - mean, 2);
  sd = sqrt (squares / (days->len - 1));
  half = t95 (days->len - 1) * sd / sqrt (days->len);
  out->bytes_per_day_low = MAX (out->bytes_per_day - half, 0);
  out->bytes_per_day_high = out->bytes_per_day + half;
  return TRUE;
}

static double
years_at (double bytes_left,
          double bytes_per_day)
{
  return bytes_per_day > 0 ? bytes_left / bytes_per_day / 365.25 : INFINITY;
}

/* What is left to write: to the rating, or by the drive's own wear figure
 * (whole percents, rounded or cut by the firmware: the true share lies
 * in [used - 0.5, used + 1)). */
static void
bytes_left (const DrivedashProjection *p,
            double                    *point,
            double                    *least,
            double                    *most)
{
  double used = MIN (p->percentage_used, 100), high = MIN (used + 1, 100), low = MAX (used - 0.5, 0.5);

  if (p->kind == DRIVEDASH_PROJECTION_RATED)
    {
      *point = *least = *most = p->rated_tb * 1e12 - p->written_bytes;
      return;
    }
  *point = p->written_bytes * (100 - used) / used;
  *least = p->written_bytes * (100 - high) / high;
  *most = p->written_bytes * (100 - low) / low;
}

static void
project_years (const DrivedashSnapshot *snapshots,
               guint                    n_snapshots,
               DrivedashProjection     *out)
{
  double point, least, most;

  bytes_left (out, &point, &least, &most);
  out->years = years_at (point, out->bytes_per_day);
  out->years_low = out->years_high = -1;
  if (rate_interval (snapshots, n_snapshots, out))
    {
      out->years_low = years_at (least, out->bytes_per_day_high);
      out->years_high = years_at (most, out->bytes_per_day_low);
    }
}

void
drivedash_health_trend_project (const DrivedashSnapshot *snapshots,
                                guint                    n_snapshots,
                                guint                    rated_tb,
                                DrivedashProjection     *out)
{
  const DrivedashSnapshot *first = NULL, *last = NULL;
  double span;

  memset (out, 0, sizeof *out);
  out->rated_tb = rated_tb;
  out->years_low = out->years_high = -1;
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
  out->span_days = span / 86400;
  if (out->span_days < DRIVEDASH_TREND_PROJECTION_MIN_DAYS)
    {
      out->kind = DRIVEDASH_PROJECTION_TOO_SHORT;
      return;
    }
  out->bytes_per_day = MAX (last->data_units_written - first->data_units_written, 0)
                       * DRIVEDASH_TREND_UNIT_BYTES / span * 86400;
  if (rated_tb > 0 && out->written_bytes >= rated_tb * 1e12)
    out->kind = DRIVEDASH_PROJECTION_RATED_PASSED;
  else if (out->bytes_per_day <= 0)
    out->kind = DRIVEDASH_PROJECTION_NOT_WRITING;
  else if (rated_tb == 0 && last->percentage_used == 0)
    out->kind = DRIVEDASH_PROJECTION_WEAR_TOO_LOW;
  else
    {
      out->kind = rated_tb > 0 ? DRIVEDASH_PROJECTION_RATED : DRIVEDASH_PROJECTION_WEAR;
      project_years (snapshots, n_snapshots, out);
    }
}

void
drivedash_health_trend_project_recent (const DrivedashSnapshot *snapshots,
                                       guint                    n_snapshots,
                                       gint64                   now,
                                       guint                    rated_tb,
                                       DrivedashProjection     *out)
{
  gint64 from = now - (gint64) DRIVEDASH_TREND_PROJECTION_DAYS * 86400;
  guint first = 0;

  while (first < n_snapshots && snapshots[first].time < from)
    first++;
  drivedash_health_trend_project (snapshots + first, n_snapshots - first, rated_tb, out);
}

const char *
drivedash_projection_kind_name (DrivedashProjectionKind kind)
{
  static const char *const names[] = { "no-data", "too-short", "not-writing", "rated",
                                       "rated-passed", "wear", "wear-too-low" };

  g_return_val_if_fail (kind < G_N_ELEMENTS (names), "no-data");
  return names[kind];
}

static char *
describe_time (double years)
{
  guint months, whole;

  if (!(years <= 100))
    return g_strdup (_("more than 100 years"));
  months = (guint) round (years * 12);
  whole = (guint) round (years);
  if (months < 1)
    return g_strdup (_("less than a month"));
  if (years < 2)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %u month", "about %u months", months), months);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %u year", "about %u years", whole), whole);
}

/* The interval's sentence, or NULL where it would say nothing new. */
static char *
describe_interval (const DrivedashProjection *p)
{
  g_autofree char *low = NULL;
  g_autofree char *high = NULL;

  if (p->years_low < 0)
    return g_strdup (_("This is a rough estimate: too few whole days have readings yet to give a range."));
  low = describe_time (p->years_low);
  high = describe_time (p->years_high);
  if (g_str_equal (low, high))
    return NULL;
  if (p->kind == DRIVEDASH_PROJECTION_WEAR)
    /* TRANSLATORS: both are times such as "about 12 years" or "more than 100 years" */
    return g_strdup_printf (_("As the amount written varies from day to day and the drive gives its wear only "
                              "in whole percents, it could be anywhere from %s to %s."), low, high);
  /* TRANSLATORS: both are times such as "about 12 years" or "more than 100 years" */
  return g_strdup_printf (_("As the amount written varies from day to day, it could be anywhere from %s to %s."),
                          low, high);
}

static char *
describe_years (const DrivedashProjection *p,
                char                      *first)
{
  g_autofree char *owned = first;
  g_autofree char *range = describe_interval (p);

  return range != NULL ? g_strconcat (first, " ", range, NULL) : g_steal_pointer (&owned);
}

char *
drivedash_projection_describe (const DrivedashProjection *p)
{
  g_autofree char *per_day = drivedash_format_bytes ((guint64) p->bytes_per_day);
  g_autofree char *when = describe_time (p->years);
  guint days = (guint) p->span_days;

  switch (p->kind)
    {
    case DRIVEDASH_PROJECTION_NO_DATA:
      return g_strdup (_("No estimate yet: the background watch has not recorded this drive’s health twice."));
    case DRIVEDASH_PROJECTION_TOO_SHORT:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Can’t tell yet how long this drive lasts: that needs a week of "
                                           "history, and there is %u day so far.",
                                           "Can’t tell yet how long this drive lasts: that needs a week of "
                                           "history, and there are %u days so far.", days), days);
    case DRIVEDASH_PROJECTION_NOT_WRITING:
      return g_strdup (_("Nothing was written to the drive in this time, so it is not wearing out."));
    case DRIVEDASH_PROJECTION_RATED:
      return describe_years (p, g_strdup_printf (_("At your usual %s a day, this drive reaches its rated %u TB "
                                                   "written in %s."), per_day, p->rated_tb, when));
    case DRIVEDASH_PROJECTION_RATED_PASSED:
      return g_strdup_printf (_("This drive has already written more than its rated %u TB. It may keep working "
                                "for a long time, but keep your backups up to date."), p->rated_tb);
    case DRIVEDASH_PROJECTION_WEAR:
      return describe_years (p, g_strdup_printf (_("At your usual %s a day, the drive’s own wear estimate "
                                                   "reaches 100 %% in %s."), per_day, when));
    case DRIVEDASH_PROJECTION_WEAR_TOO_LOW:
      return g_strdup_printf (_("This drive writes about %s a day. Its own wear estimate is still 0 %%, "
                                "too little to say how long it lasts."), per_day);
    default:
      g_return_val_if_reached (NULL);
    }
}

static void
member_known (JsonBuilder *b,
              const char  *key,
              gboolean     known,
              double       value)
{
  drivedash_json_member_double (b, key, known ? value : NAN);
}

void
drivedash_projection_to_json (const DrivedashProjection *p,
                              JsonBuilder               *b)
{
  g_autofree char *text = drivedash_projection_describe (p);
  gboolean rate = p->kind >= DRIVEDASH_PROJECTION_NOT_WRITING;
  gboolean years = p->kind == DRIVEDASH_PROJECTION_RATED || p->kind == DRIVEDASH_PROJECTION_WEAR;
  gboolean range = years && p->years_low >= 0;

  drivedash_json_member_string (b, "kind", drivedash_projection_kind_name (p->kind));
  drivedash_json_member_string (b, "text", text);
  member_known (b, "bytes_per_day", rate, p->bytes_per_day);
  member_known (b, "bytes_per_day_low", rate && range, p->bytes_per_day_low);
  member_known (b, "bytes_per_day_high", rate && range, p->bytes_per_day_high);
  member_known (b, "years", years, p->years);
  member_known (b, "years_low", range, p->years_low);
  member_known (b, "years_high", range, p->years_high);
  drivedash_json_member_int (b, "rated_tbw", p->rated_tb > 0, p->rated_tb);
  member_known (b, "history_days", p->kind != DRIVEDASH_PROJECTION_NO_DATA, p->span_days);
  drivedash_json_member_int (b, "whole_days", range, p->known_days);
}
