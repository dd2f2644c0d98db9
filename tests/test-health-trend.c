/* test-health-trend.c — hourly temperatures, data written per day and
 * the endurance projection from synthetic snapshots
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "drivedash-health-trend.h"

#define DAY 86400
#define T0 ((gint64) 1767225600) /* 2026-01-01 00:00 UTC */

static DrivedashSnapshot
smart (gint64 time,
       gint64 units_written,
       guint8 used)
{
  DrivedashSnapshot s = { 0 };

  s.time = time;
  s.has = DRIVEDASH_SNAPSHOT_HAS_SMART;
  s.data_units_written = units_written;
  s.percentage_used = used;
  return s;
}

/* A month of one snapshot an hour, writing @units_a_day, starting at
 * @units_at_start. */
static GArray *
month (gint64 units_at_start,
       gint64 units_a_day,
       guint8 used)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot));

  for (gint64 h = 0; h <= 30 * 24; h++)
    {
      DrivedashSnapshot s = smart (T0 + h * 3600, units_at_start + units_a_day * h / 24, used);

      g_array_append_val (a, s);
    }
  return a;
}

static void
assert_contains (const char *text,
                 const char *part)
{
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, part));
}

static void
test_rated (void)
{
  /* 100 GB a day (195,312.5 units: whole units of 200,000 = 102.4 GB). */
  g_autoptr(GArray) a = month (10000000, 200000, 3);
  DrivedashProjection p;
  g_autofree char *words = NULL;
  g_autofree char *years = NULL;
  double written = (10000000.0 + 200000.0 * 30) * 512000;
  double expected = (600e12 - written) / 102.4e9 / 365.25;

  drivedash_health_trend_project ((DrivedashSnapshot *) a->data, a->len, 600, &p);
  g_assert_cmpint (p.kind, ==, DRIVEDASH_PROJECTION_RATED);
  g_assert_cmpfloat_with_epsilon (p.bytes_per_day, 102.4e9, 1);
  g_assert_cmpfloat_with_epsilon (p.written_bytes, written, 1);
  g_assert_cmpfloat_with_epsilon (p.years, expected, 1e-9);
  g_assert_cmpfloat_with_epsilon (p.years, 15.83, 0.01);
  words = drivedash_projection_describe (&p);
  years = g_strdup_printf ("written in about %d years.", (int) round (expected));
  assert_contains (words, "reaches its rated 600 TB");
  assert_contains (words, years);
  assert_contains (words, "At your usual 102 GB a day");
  /* The same every day: the range says nothing more. */
  g_assert_cmpuint (p.known_days, >=, 29);
  g_assert_cmpfloat (p.years_low, <=, p.years);
  g_assert_cmpfloat (p.years_high, >=, p.years);
  g_assert_null (strstr (words, "anywhere from"));
}

static void
test_wear (void)
{
  /* 50 TB written at 10 % used: 450 TB to go, at 51.2 GB a day. */
  gint64 start = (gint64) (50e12 / 512000) - 100000 * 30;
  g_autoptr(GArray) a = month (start, 100000, 10);
  DrivedashProjection p;
  g_autofree char *words = NULL;

  drivedash_health_trend_project ((DrivedashSnapshot *) a->data, a->len, 0, &p);
  g_assert_cmpint (p.kind, ==, DRIVEDASH_PROJECTION_WEAR);
  g_assert_cmpfloat_with_epsilon (p.years, 450e12 / 51.2e9 / 365.25, 1e-6);
  words = drivedash_projection_describe (&p);
  assert_contains (words, "wear estimate reaches 100 % in about 24 years.");

  /* 0 % used gives no scale. */
  for (guint i = 0; i < a->len; i++)
    g_array_index (a, DrivedashSnapshot, i).percentage_used = 0;
  drivedash_health_trend_project ((DrivedashSnapshot *) a->data, a->len, 0, &p);
  g_assert_cmpint (p.kind, ==, DRIVEDASH_PROJECTION_WEAR_TOO_LOW);
}

/* Days of 10, 50 and 90 GB in turn: the interval is the mean's, from
 * Student's t over the known days. */
static void
test_interval (void)
{
  g_autoptr(GArray) a = g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot));
  gint64 units = 1000000;
  DrivedashProjection p;
  g_autofree char *words = NULL;
  double mean = 50e9, sd, half;
  double left;

  for (gint64 h = 0; h <= 21 * 24; h++)
    {
      DrivedashSnapshot s = smart (T0 + h * 3600, units, 0);

      g_array_append_val (a, s);
      /* The day's share each hour: 10, 50, 90 GB days (units of 512,000). */
      units += (gint64) ((10e9 + 40e9 * ((h / 24) % 3)) / 512000 / 24);
    }
  drivedash_health_trend_project ((DrivedashSnapshot *) a->data, a->len, 600, &p);
  g_assert_cmpint (p.kind, ==, DRIVEDASH_PROJECTION_RATED);
  g_assert_cmpuint (p.known_days, >=, 19);
  /* The whole days' sample SD (the newest day is not over); Student's t
   * for about 20 days is 2.09. */
  {
    g_autoptr(GArray) days = drivedash_health_trend_daily_written ((DrivedashSnapshot *) a->data, a->len);
    double m = 0, q = 0;

    g_assert_cmpuint (p.known_days, ==, days->len - 1);
    for (guint i = 0; i < p.known_days; i++)
      m += g_array_index (days, DrivedashTrendDay, i).bytes / p.known_days;
    for (guint i = 0; i < p.known_days; i++)
      q += pow (g_array_index (days, DrivedashTrendDay, i).bytes - m, 2);
    sd = sqrt (q / (p.known_days - 1));
    g_assert_cmpfloat (sd, >, 25e9);
  }
  half = p.bytes_per_day - p.bytes_per_day_low;
  g_assert_cmpfloat_with_epsilon (half / (sd / sqrt (p.known_days)), 2.09, 0.015);
  g_assert_cmpfloat_with_epsilon (p.bytes_per_day_high - p.bytes_per_day, half, 1);
  g_assert_cmpfloat_with_epsilon (p.bytes_per_day, mean, 0.02 * mean);
  left = 600e12 - p.written_bytes;
  g_assert_cmpfloat_with_epsilon (p.years_low, left / p.bytes_per_day_high / 365.25, 1e-9);
  g_assert_cmpfloat_with_epsilon (p.years_high, left / p.bytes_per_day_low / 365.25, 1e-9);
  words = drivedash_projection_describe (&p);
  assert_contains (words, "it could be anywhere from about ");

  /* The drive's own wear (2 %, no rating): its whole percent widens it. */
  for (guint i = 0; i < a->len; i++)
    g_array_index (a, DrivedashSnapshot, i).percentage_used = 2;
  drivedash_health_trend_project ((DrivedashSnapshot *) a->data, a->len, 0, &p);
  g_assert_cmpint (p.kind, ==, DRIVEDASH_PROJECTION_WEAR);
  g_assert_cmpfloat_with_epsilon (p.years, p.written_bytes * 49 / p.bytes_per_day / 365.25, 1e-9);
  g_assert_cmpfloat_with_epsilon (p.years_low, p.written_bytes * 97 / 3 / p.bytes_per_day_high / 365.25, 1e-9);
  g_assert_cmpfloat_with_epsilon (p.years_high, p.written_bytes * 98.5 / 1.5 / p.bytes_per_day_low / 365.25,
                                  1e-9);

  /* A reading every three days: a week, but too few whole days for a range. */
  {
    DrivedashSnapshot s[4] = { smart (T0, 100, 0), smart (T0 + 3 * DAY, 300000, 0),
                               smart (T0 + 6 * DAY, 500000, 0), smart (T0 + 9 * DAY, 900000, 0) };
    g_autofree char *rough = NULL;

    drivedash_health_trend_project (s, G_N_ELEMENTS (s), 600, &p);
    g_assert_cmpint (p.kind, ==, DRIVEDASH_PROJECTION_RATED);
    g_assert_cmpfloat (p.years_low, ==, -1);
    rough = drivedash_projection_describe (&p);
    assert_contains (rough, "rough estimate");
  }
}

static void
test_not_enough (void)
{
  DrivedashSnapshot s[3] = { smart (T0, 100, 1), smart (T0 + 7 * DAY - 1, 200, 1), smart (T0 + 8 * DAY, 200, 1) };
  DrivedashProjection p;
  g_autofree char *words = NULL;

  drivedash_health_trend_project (s, 0, 600, &p);
  g_assert_cmpint (p.kind, ==, DRIVEDASH_PROJECTION_NO_DATA);
  drivedash_health_trend_project (s, 1, 600, &p);
  g_assert_cmpint (p.kind, ==, DRIVEDASH_PROJECTION_NO_DATA);
  drivedash_health_trend_project (s, 2, 600, &p);
  g_assert_cmpint (p.kind, ==, DRIVEDASH_PROJECTION_TOO_SHORT);
  words = drivedash_projection_describe (&p);
  assert_contains (words, "Can’t tell yet how long this drive lasts: that needs a week of history, and there "
                          "are 6 days so far.");
  /* Temperature-only readings do not count. */
  s[1].has = DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE;
  s[2].data_units_written = 100;
  drivedash_health_trend_project (s, 3, 600, &p);
  g_assert_cmpint (p.kind, ==, DRIVEDASH_PROJECTION_NOT_WRITING);
  /* Past the rating. */
  s[2].data_units_written = (gint64) (601e12 / 512000);
  drivedash_health_trend_project (s, 3, 600, &p);
  g_assert_cmpint (p.kind, ==, DRIVEDASH_PROJECTION_RATED_PASSED);
}

static void
test_hourly (void)
{
  DrivedashSnapshot s[4] = { 0 };
  g_autoptr(GArray) hours = NULL;
  DrivedashTrendHour *h;

  /* A thinned hour (60 readings), then a minute reading in the same hour. */
  s[0] = (DrivedashSnapshot) { .time = T0 + 60, .has = DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE, .samples = 60,
                               .temperature_kelvin = 320, .temperature_min_kelvin = 310, .temperature_max_kelvin = 330 };
  s[1] = (DrivedashSnapshot) { .time = T0 + 3599, .has = DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE, .samples = 1,
                               .temperature_kelvin = 340, .temperature_min_kelvin = 340, .temperature_max_kelvin = 340 };
  s[2] = smart (T0 + 3600, 1, 0); /* no temperature */
  s[3] = (DrivedashSnapshot) { .time = T0 + 7200, .has = DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE, .samples = 1,
                               .temperature_kelvin = 300, .temperature_min_kelvin = 300, .temperature_max_kelvin = 300 };
  hours = drivedash_health_trend_hourly (s, 4);
  g_assert_cmpuint (hours->len, ==, 2);
  h = &g_array_index (hours, DrivedashTrendHour, 0);
  g_assert_cmpint (h->time, ==, T0);
  g_assert_cmpfloat (h->min_kelvin, ==, 310);
  g_assert_cmpfloat (h->max_kelvin, ==, 340);
  g_assert_cmpfloat_with_epsilon (h->mean_kelvin, (320.0 * 60 + 340) / 61, 1e-9);
  h = &g_array_index (hours, DrivedashTrendHour, 1);
  g_assert_cmpint (h->time, ==, T0 + 7200);
  g_assert_cmpfloat (h->mean_kelvin, ==, 300);
}

static DrivedashSnapshot
powered (gint64 time,
         gint64 units_written,
         gint64 power_on_hours)
{
  DrivedashSnapshot s = smart (time, units_written, 0);

  s.power_on_hours = power_on_hours;
  return s;
}

/* Snapshots stop for two days.  With the computer off (power-on hours
 * hardly grew) the day after is right: nothing was written meanwhile.
 * With the computer on and the watch stopped, what was written in the
 * gap would land on the day after (a day of three days' writing) and
 * the day before would miss its evening: both are left out. */
static void
test_daily_gap (void)
{
  DrivedashSnapshot off[5] = {
    powered (T0 + 23 * 3600, 0, 0),
    powered (T0 + DAY + 12 * 3600, 1000, 10),
    powered (T0 + DAY + 18 * 3600, 2000, 16),      /* day 1: 2000 */
    powered (T0 + 4 * DAY + 9 * 3600, 2500, 17),   /* on at 8:00 */
    powered (T0 + 4 * DAY + 20 * 3600, 4000, 28),  /* day 4: 2000 */
  };
  DrivedashSnapshot on[5];
  g_autoptr(GArray) days = drivedash_health_trend_daily_written (off, 5);
  g_autoptr(GArray) gap = NULL;

  g_assert_cmpuint (days->len, ==, 2);
  g_assert_cmpint (g_array_index (days, DrivedashTrendDay, 0).time, ==, T0 + DAY);
  g_assert_cmpfloat (g_array_index (days, DrivedashTrendDay, 0).bytes, ==, 2000.0 * 512000);
  g_assert_cmpint (g_array_index (days, DrivedashTrendDay, 1).time, ==, T0 + 4 * DAY);
  g_assert_cmpfloat (g_array_index (days, DrivedashTrendDay, 1).bytes, ==, 2000.0 * 512000);

  memcpy (on, off, sizeof on);
  on[3] = powered (T0 + 4 * DAY + 9 * 3600, 9000, 79);
  on[4] = powered (T0 + 4 * DAY + 20 * 3600, 10000, 90);
  gap = drivedash_health_trend_daily_written (on, 5);
  g_assert_cmpuint (gap->len, ==, 0);
}

/* Rows the store thinned to one a day start at midnight but hold the
 * counters of the day's end: a drive on all day is no gap. */
static void
test_daily_thinned (void)
{
  DrivedashSnapshot rows[4];
  g_autoptr(GArray) days = NULL;

  for (guint i = 0; i < 4; i++)
    {
      rows[i] = powered (T0 + i * DAY, 1000 * (i + 1), 24 * (i + 1));
      rows[i].samples = 1440;
    }
  days = drivedash_health_trend_daily_written (rows, 4);
  g_assert_cmpuint (days->len, ==, 3);
  g_assert_cmpfloat (g_array_index (days, DrivedashTrendDay, 2).bytes, ==, 1000.0 * 512000);
}

/* A year view: each day's lowest, weighted mean and highest, from an
 * hourly (thinned) row and a daily one (what the store keeps after 90
 * days) alike. */
static void
test_daily_temperature (void)
{
  DrivedashSnapshot s[3] = {
    { .time = T0 + 3600, .has = DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE, .samples = 60,
      .temperature_kelvin = 310, .temperature_min_kelvin = 305, .temperature_max_kelvin = 318 },
    { .time = T0 + 20 * 3600, .has = DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE, .samples = 180,
      .temperature_kelvin = 330, .temperature_min_kelvin = 320, .temperature_max_kelvin = 345 },
    { .time = T0 + DAY, .has = DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE, .samples = 1440,
      .temperature_kelvin = 300, .temperature_min_kelvin = 295, .temperature_max_kelvin = 310 },
  };
  g_autoptr(GArray) days = drivedash_health_trend_temperature (s, 3, DAY);
  DrivedashTrendHour *d = &g_array_index (days, DrivedashTrendHour, 0);

  g_assert_cmpuint (days->len, ==, 2);
  g_assert_cmpint (d->time, ==, T0);
  g_assert_cmpfloat (d->min_kelvin, ==, 305);
  g_assert_cmpfloat (d->max_kelvin, ==, 345);
  g_assert_cmpfloat_with_epsilon (d->mean_kelvin, (310.0 * 60 + 330.0 * 180) / 240, 1e-9);
  d = &g_array_index (days, DrivedashTrendHour, 1);
  g_assert_cmpint (d->time, ==, T0 + DAY);
  g_assert_cmpfloat (d->mean_kelvin, ==, 300);
}

static void
test_daily (void)
{
  DrivedashSnapshot s[6] = {
    smart (T0 + 100, 1000, 0),           /* day 0: only the baseline */
    smart (T0 + DAY - 10, 3000, 0),
    smart (T0 + DAY + 5, 3500, 0),       /* day 1: 3000 → 7000 */
    smart (T0 + 2 * DAY - 1, 7000, 0),
    smart (T0 + 3 * DAY + 7, 50, 0),     /* day 3: counter went down */
    smart (T0 + 4 * DAY + 7, 1050, 0),   /* day 4: 50 → 1050 */
  };
  g_autoptr(GArray) days = drivedash_health_trend_daily_written (s, G_N_ELEMENTS (s));

  g_assert_cmpuint (days->len, ==, 2);
  g_assert_cmpint (g_array_index (days, DrivedashTrendDay, 0).time, ==, T0 + DAY);
  g_assert_cmpfloat (g_array_index (days, DrivedashTrendDay, 0).bytes, ==, 4000.0 * 512000);
  g_assert_cmpint (g_array_index (days, DrivedashTrendDay, 1).time, ==, T0 + 4 * DAY);
  g_assert_cmpfloat (g_array_index (days, DrivedashTrendDay, 1).bytes, ==, 1000.0 * 512000);
}

/* Issue 24: the days are the user's, as the plot's date labels are.  In
 * Tokyo (UTC+9) 23:00 and 01:00 are two days, though one UTC day; the
 * evening's writing belongs to its own day, not the next morning's. */
static void
test_daily_local (void)
{
  const gint64 midnight = 1795014000;  /* 2026-11-19 00:00 in UTC+9 */
  DrivedashSnapshot s[3] = {
    smart (midnight - 23 * 3600, 1000, 0),   /* 18 Nov, 01:00 */
    smart (midnight - 3600, 2000, 0),        /* 18 Nov, 23:00 */
    smart (midnight + 3600, 5000, 0),        /* 19 Nov, 01:00 */
  };
  g_autoptr(GArray) days = NULL;
  g_autoptr(GArray) temperatures = NULL;

  g_setenv ("TZ", "JST-9", TRUE);
  g_assert_cmpint (drivedash_health_trend_day_start (midnight + 3600), ==, midnight);
  g_assert_cmpint (drivedash_health_trend_day_start (midnight - 3600), ==, midnight - DAY);
  days = drivedash_health_trend_daily_written (s, G_N_ELEMENTS (s));
  /* 18 Nov has no snapshot before it; 19 Nov starts from 23:00's. */
  g_assert_cmpuint (days->len, ==, 1);
  g_assert_cmpint (g_array_index (days, DrivedashTrendDay, 0).time, ==, midnight);
  g_assert_cmpfloat (g_array_index (days, DrivedashTrendDay, 0).bytes, ==, 3000.0 * 512000);
  for (guint i = 0; i < G_N_ELEMENTS (s); i++)
    {
      s[i].has |= DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE;
      s[i].temperature_kelvin = s[i].temperature_min_kelvin = s[i].temperature_max_kelvin = 300 + i;
    }
  temperatures = drivedash_health_trend_temperature (s, G_N_ELEMENTS (s), DAY);
  g_assert_cmpuint (temperatures->len, ==, 2);
  g_assert_cmpint (g_array_index (temperatures, DrivedashTrendHour, 1).time, ==, midnight);
  g_assert_cmpfloat (g_array_index (temperatures, DrivedashTrendHour, 1).max_kelvin, ==, 302);
  g_setenv ("TZ", "UTC", TRUE);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  /* The other tests' days are UTC days. */
  g_setenv ("TZ", "UTC", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/health-trend/rated", test_rated);
  g_test_add_func ("/health-trend/wear", test_wear);
  g_test_add_func ("/health-trend/interval", test_interval);
  g_test_add_func ("/health-trend/not-enough", test_not_enough);
  g_test_add_func ("/health-trend/hourly", test_hourly);
  g_test_add_func ("/health-trend/daily", test_daily);
  g_test_add_func ("/health-trend/daily-temperature", test_daily_temperature);
  g_test_add_func ("/health-trend/daily-gap", test_daily_gap);
  g_test_add_func ("/health-trend/daily-thinned", test_daily_thinned);
  g_test_add_func ("/health-trend/daily-local", test_daily_local);
  return g_test_run ();
}
