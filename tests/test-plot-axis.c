/* test-plot-axis.c — the plot's scales, ticks and labels, without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "drivedash-plot-axis.h"
#include "drivedash-plot-axis-private.h"
#include "drivedash-test-locale.h"

#define DAY 86400.0

static void
assert_label (char       *label,
              const char *expected)
{
  g_assert_cmpstr (label, ==, expected);
  g_free (label);
}

static void
test_nice_step (void)
{
  g_assert_cmpfloat (drivedash_plot_nice_step (100, 5), ==, 20);
  g_assert_cmpfloat (drivedash_plot_nice_step (3.3, 3), ==, 2);
  g_assert_cmpfloat (drivedash_plot_nice_step (40, 10), ==, 5);
  g_assert_cmpfloat_with_epsilon (drivedash_plot_nice_step (7, 10), 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (drivedash_plot_nice_step (0.025, 3), 0.01, 1e-15);
  /* Nothing to divide: a step of 1, never 0 (an endless tick loop). */
  g_assert_cmpfloat (drivedash_plot_nice_step (0, 5), ==, 1);
  g_assert_cmpfloat (drivedash_plot_nice_step (NAN, 5), ==, 1);
  g_assert_cmpfloat (drivedash_plot_nice_step (10, 0), ==, 10);
}

static void
test_nice_time_step (void)
{
  g_assert_cmpfloat (drivedash_plot_nice_time_step (10, 5), ==, 2);
  g_assert_cmpfloat (drivedash_plot_nice_time_step (600, 5), ==, 120);
  g_assert_cmpfloat (drivedash_plot_nice_time_step (3600, 6), ==, 600);
  g_assert_cmpfloat (drivedash_plot_nice_time_step (36000, 4), ==, 3 * 3600);
  /* Days and weeks, then whole numbers of days. */
  g_assert_cmpfloat (drivedash_plot_nice_time_step (7 * DAY, 8), ==, DAY);
  g_assert_cmpfloat (drivedash_plot_nice_time_step (30 * DAY, 5), ==, 7 * DAY);
  g_assert_cmpfloat (drivedash_plot_nice_time_step (365 * DAY, 6), ==, 90 * DAY);
  /* Longer than anything sensible: 360 days per tick. */
  g_assert_cmpfloat (drivedash_plot_nice_time_step (1e12, 3), ==, 360 * DAY);
}

static void
test_format_value (void)
{
  assert_label (drivedash_plot_format_value (40, 10), "40");
  assert_label (drivedash_plot_format_value (0.5, 0.1), "0.5");
  assert_label (drivedash_plot_format_value (0.25, 0.05), "0.25");
  assert_label (drivedash_plot_format_value (1500, 500), "1500");
  assert_label (drivedash_plot_format_value (15000, 5000), "15k");
  assert_label (drivedash_plot_format_value (2500000, 500000), "2.5M");
  /* Rounding noise around zero is zero, not "-0.0". */
  assert_label (drivedash_plot_format_value (-1e-12, 0.5), "0.0");
  assert_label (drivedash_plot_format_value (-20, 10), "-20");
}

/* Axis numbers are grouped as the locale groups digits, like every
 * other number people read; C.UTF-8 has no grouping, so the test builds
 * en_US.UTF-8. */
static void
test_format_value_grouped (void)
{
  char *locpath = drivedash_test_locale_build ("en_US");

  if (locpath == NULL)
    return;
  g_assert_nonnull (setlocale (LC_ALL, "en_US.UTF-8"));
  assert_label (drivedash_plot_format_value (1500, 500), "1,500");
  assert_label (drivedash_plot_format_value (9000, 500), "9,000");
  assert_label (drivedash_plot_format_value (-2500, 500), "-2,500");
  assert_label (drivedash_plot_format_value (1234.5, 0.5), "1,234.5");
  assert_label (drivedash_plot_format_value (40, 10), "40");
  drivedash_test_locale_remove (locpath);
}

static void
test_format_time (void)
{
  assert_label (drivedash_plot_format_time (0, DRIVEDASH_PLOT_TIME_ELAPSED, 10), "0:00");
  assert_label (drivedash_plot_format_time (90, DRIVEDASH_PLOT_TIME_ELAPSED, 30), "1:30");
  assert_label (drivedash_plot_format_time (3725, DRIVEDASH_PLOT_TIME_ELAPSED, 600), "1:02:05");
  assert_label (drivedash_plot_format_time (0, DRIVEDASH_PLOT_TIME_AGO, 60), "now");
  assert_label (drivedash_plot_format_time (-300, DRIVEDASH_PLOT_TIME_AGO, 60), "−5 min");
  assert_label (drivedash_plot_format_time (-7200, DRIVEDASH_PLOT_TIME_AGO, 3600), "−2 h");
  assert_label (drivedash_plot_format_time (-90, DRIVEDASH_PLOT_TIME_AGO, 30), "−90 s");
  /* Whole minutes on a 30 s step stay in seconds, like their neighbours. */
  assert_label (drivedash_plot_format_time (-120, DRIVEDASH_PLOT_TIME_AGO, 30), "−120 s");
  /* Days and weeks instead of "−720 h". */
  assert_label (drivedash_plot_format_time (-3 * DAY, DRIVEDASH_PLOT_TIME_AGO, DAY), "−3 d");
  assert_label (drivedash_plot_format_time (-14 * DAY, DRIVEDASH_PLOT_TIME_AGO, 7 * DAY), "−2 w");
  assert_label (drivedash_plot_format_time (-14 * DAY, DRIVEDASH_PLOT_TIME_AGO, 2 * DAY), "−14 d");
  assert_label (drivedash_plot_format_time (-90 * DAY, DRIVEDASH_PLOT_TIME_AGO, 30 * DAY), "−90 d");
  assert_label (drivedash_plot_format_time (-720 * 3600, DRIVEDASH_PLOT_TIME_AGO, DAY), "−30 d");
}

/* Dates in local time (UTC here, see main()). */
static void
test_format_date (void)
{
  /* 2026-11-12 00:00 and 14:00, 2026-12-01, 2027-01-01 */
  double nov12 = 1794441600, dec1 = 1796083200, jan1 = 1798761600;

  assert_label (drivedash_plot_format_time (nov12 + 14 * 3600, DRIVEDASH_PLOT_TIME_DATE, 3600), "14:00");
  /* Midnight on an hourly axis says which day begins. */
  assert_label (drivedash_plot_format_time (nov12, DRIVEDASH_PLOT_TIME_DATE, 6 * 3600), "12 Nov");
  assert_label (drivedash_plot_format_time (nov12, DRIVEDASH_PLOT_TIME_DATE, 7 * DAY), "12 Nov");
  assert_label (drivedash_plot_format_time (dec1, DRIVEDASH_PLOT_TIME_DATE, 30 * DAY), "Dec");
  assert_label (drivedash_plot_format_time (jan1, DRIVEDASH_PLOT_TIME_DATE, 90 * DAY), "Jan 2027");
}

static void
test_fit_x (void)
{
  double x0, x1;

  /* Elapsed: from zero, 10 s while empty, growing with the run. */
  drivedash_plot_fit_x (FALSE, 0, 0, DRIVEDASH_PLOT_TIME_ELAPSED, 0, &x0, &x1);
  g_assert_cmpfloat (x0, ==, 0);
  g_assert_cmpfloat (x1, ==, 10);
  drivedash_plot_fit_x (TRUE, 5, 65, DRIVEDASH_PLOT_TIME_ELAPSED, 0, &x0, &x1);
  g_assert_cmpfloat (x0, ==, 0);
  g_assert_cmpfloat (x1, ==, 65);
  drivedash_plot_fit_x (TRUE, 0, 0.2, DRIVEDASH_PLOT_TIME_ELAPSED, 0, &x0, &x1);
  g_assert_cmpfloat (x1, ==, 1);
  drivedash_plot_fit_x (TRUE, 5, 65, DRIVEDASH_PLOT_TIME_ELAPSED, 30, &x0, &x1);
  g_assert_cmpfloat (x0, ==, 35);
  g_assert_cmpfloat (x1, ==, 65);

  /* Ago: the window ends at the newest sample; at least a minute. */
  drivedash_plot_fit_x (TRUE, 100, 1000, DRIVEDASH_PLOT_TIME_AGO, 600, &x0, &x1);
  g_assert_cmpfloat (x0, ==, 400);
  g_assert_cmpfloat (x1, ==, 1000);
  drivedash_plot_fit_x (TRUE, 100, 130, DRIVEDASH_PLOT_TIME_AGO, 0, &x0, &x1);
  g_assert_cmpfloat (x0, ==, 70);
  g_assert_cmpfloat (x1, ==, 130);

  /* Dates: the window ends now even when the newest sample is days old,
   * so the gap since shows. */
  {
    double now = g_get_real_time () / 1e6;

    drivedash_plot_fit_x (TRUE, now - 40 * DAY, now - 3 * DAY, DRIVEDASH_PLOT_TIME_DATE, 30 * DAY, &x0, &x1);
    g_assert_cmpfloat (x1, >=, now);
    g_assert_cmpfloat (x1, <, now + 60);
    g_assert_cmpfloat (x1 - x0, ==, 30 * DAY);
    drivedash_plot_fit_x (FALSE, 0, 0, DRIVEDASH_PLOT_TIME_DATE, 0, &x0, &x1);
    g_assert_cmpfloat (x1, >=, now);
    g_assert_cmpfloat (x1 - x0, ==, DAY);
  }
}

static void
test_fit_y_linear (void)
{
  DrivedashPlotRange r = { 12, 95, 12 };
  DrivedashPlotRange none = { INFINITY, -INFINITY, INFINITY };
  DrivedashPlotFrame f = { 0 };
  double step;

  step = drivedash_plot_fit_y (&r, DRIVEDASH_PLOT_SCALE_LINEAR, TRUE, 5, &f);
  g_assert_false (f.log);
  g_assert_cmpfloat (step, ==, 20);
  g_assert_cmpfloat (f.y0, ==, 0);
  g_assert_cmpfloat (f.y1, ==, 100);

  /* Data touching the top tick gets a step of headroom. */
  r = (DrivedashPlotRange) { 0, 100, 100 };
  drivedash_plot_fit_y (&r, DRIVEDASH_PLOT_SCALE_LINEAR, TRUE, 5, &f);
  g_assert_cmpfloat (f.y1, ==, 120);

  /* A flat line without zero: a range around it, not a division by 0. */
  r = (DrivedashPlotRange) { 40, 40, 40 };
  step = drivedash_plot_fit_y (&r, DRIVEDASH_PLOT_SCALE_LINEAR, FALSE, 5, &f);
  g_assert_cmpfloat (step, ==, 2);
  g_assert_cmpfloat (f.y0, ==, 36);
  g_assert_cmpfloat (f.y1, ==, 46);

  /* Nothing at all: 0…1 (plus headroom). */
  step = drivedash_plot_fit_y (&none, DRIVEDASH_PLOT_SCALE_AUTO, TRUE, 5, &f);
  g_assert_false (f.log);
  g_assert_cmpfloat_with_epsilon (step, 0.2, 1e-12);
  g_assert_cmpfloat (f.y0, ==, 0);
  g_assert_cmpfloat_with_epsilon (f.y1, 1.2, 1e-12);
}

static void
test_fit_y_log (void)
{
  DrivedashPlotRange wide = { 10, 50000, 10 };
  DrivedashPlotRange narrow = { 10, 500, 10 };
  DrivedashPlotRange negative = { -5, -1, INFINITY };
  DrivedashPlotFrame f = { 0 };
  double step;

  step = drivedash_plot_fit_y (&wide, DRIVEDASH_PLOT_SCALE_AUTO, TRUE, 5, &f);
  g_assert_true (f.log);
  g_assert_cmpfloat (f.y0, ==, 1);
  g_assert_cmpfloat (f.y1, ==, 5);
  g_assert_cmpfloat (step, ==, 1);
  assert_label (drivedash_plot_y_tick_label (&f, 3, step), "1000");
  assert_label (drivedash_plot_y_tick_label (&f, 5, step), "100k");
  g_assert_cmpfloat (drivedash_plot_y_tick_value (&f, 2), ==, 100);

  /* Two decades and less stay linear on auto; not so when asked. */
  drivedash_plot_fit_y (&narrow, DRIVEDASH_PLOT_SCALE_AUTO, TRUE, 5, &f);
  g_assert_false (f.log);
  drivedash_plot_fit_y (&narrow, DRIVEDASH_PLOT_SCALE_LOG, TRUE, 5, &f);
  g_assert_true (f.log);
  g_assert_cmpfloat (f.y0, ==, 1);
  g_assert_cmpfloat (f.y1, ==, 3);

  /* Nothing positive: a log scale cannot show it, linear instead. */
  drivedash_plot_fit_y (&negative, DRIVEDASH_PLOT_SCALE_LOG, FALSE, 5, &f);
  g_assert_false (f.log);
  g_assert_cmpfloat (f.y0, <=, -5);
}

static void
test_frame_and_ticks (void)
{
  DrivedashPlotFrame f = { .x0 = 400, .x1 = 1000, .y0 = 0, .y1 = 100,
                           .left = 50, .right = 650, .top = 10, .bottom = 210 };

  g_assert_cmpfloat (drivedash_plot_frame_x (&f, 400), ==, 50);
  g_assert_cmpfloat (drivedash_plot_frame_x (&f, 700), ==, 350);
  g_assert_cmpfloat (drivedash_plot_frame_y (&f, 0), ==, 210);
  g_assert_cmpfloat (drivedash_plot_frame_y (&f, 100), ==, 10);

  /* "Ago" ticks count from the newest sample… */
  g_assert_cmpfloat (drivedash_plot_time_origin (&f, DRIVEDASH_PLOT_TIME_AGO), ==, 1000);
  g_assert_cmpfloat (drivedash_plot_first_time_tick (&f, 1000, 120), ==, 400);
  g_assert_cmpfloat (drivedash_plot_first_time_tick (&f, 1000, 250), ==, 500);
  /* …elapsed ones from zero. */
  f.x0 = 35;
  g_assert_cmpfloat (drivedash_plot_time_origin (&f, DRIVEDASH_PLOT_TIME_ELAPSED), ==, 0);
  g_assert_cmpfloat (drivedash_plot_first_time_tick (&f, 0, 10), ==, 40);

  f.log = TRUE;
  f.y0 = 1;
  f.y1 = 3;
  g_assert_cmpfloat_with_epsilon (drivedash_plot_frame_y (&f, 100), 110, 1e-9);
  /* Zero and below sit at the very bottom, far below, not NaN. */
  g_assert_false (isnan (drivedash_plot_frame_y (&f, 0)));
}

/* Templates name the enum values by their nicks. */
static void
test_enum_nicks (void)
{
  g_autoptr(GEnumClass) scale = g_type_class_ref (DRIVEDASH_TYPE_PLOT_SCALE);
  g_autoptr(GEnumClass) axis = g_type_class_ref (DRIVEDASH_TYPE_PLOT_TIME_AXIS);

  g_assert_cmpint (g_enum_get_value_by_nick (scale, "linear")->value, ==, DRIVEDASH_PLOT_SCALE_LINEAR);
  g_assert_cmpint (g_enum_get_value_by_nick (scale, "log")->value, ==, DRIVEDASH_PLOT_SCALE_LOG);
  g_assert_cmpint (g_enum_get_value_by_nick (scale, "auto")->value, ==, DRIVEDASH_PLOT_SCALE_AUTO);
  g_assert_cmpint (g_enum_get_value_by_nick (axis, "elapsed")->value, ==, DRIVEDASH_PLOT_TIME_ELAPSED);
  g_assert_cmpint (g_enum_get_value_by_nick (axis, "ago")->value, ==, DRIVEDASH_PLOT_TIME_AGO);
  g_assert_cmpint (g_enum_get_value_by_nick (axis, "date")->value, ==, DRIVEDASH_PLOT_TIME_DATE);
}

/* Whether T (a tick of STEP) is a round time: a whole multiple of the
 * hours, a midnight (a Monday for weeks) or the first of a month. */
static gboolean
is_round (double t,
          double step)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_local ((gint64) t);
  int hour = g_date_time_get_hour (dt);

  if (g_date_time_get_minute (dt) != 0 || g_date_time_get_second (dt) != 0)
    return FALSE;
  if (step < DAY)
    return hour % (int) (step / 3600) == 0;
  if (hour != 0)
    return FALSE;
  if (step >= 28 * DAY)
    return g_date_time_get_day_of_month (dt) == 1;
  if (step >= 7 * DAY)
    return g_date_time_get_day_of_week (dt) == 1;
  return TRUE;
}

/* Tick labels as the plot draws them (drivedash-plot-render.c): PAD 8,
 * the Y labels' column on the left, at most one tick per 4.5 lines, each
 * label centred on its tick and kept inside the plot.  FONT is one the
 * app may get: Cantarell (GNOME) or DejaVu Sans (wider, the fallback). */
static void
check_axis (PangoLayout       *layout,
            double             now,
            double             span,
            int                width,
            const char        *font,
            const char *const *formats,
            GString           *seen)
{
  PangoFontDescription *desc = pango_font_description_from_string (font);
  double last_end = -G_MAXDOUBLE, step;
  DrivedashPlotFrame f = { .x0 = now - span, .x1 = now, .left = 8 + 30 + 4 + 2, .right = width - 8 };
  g_autoptr(GArray) ticks = NULL;
  int tw, line_h, max_ticks;

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, "0:00", -1);
  pango_layout_get_pixel_size (layout, &tw, &line_h);
  max_ticks = MAX (1, (int) ((f.right - f.left) / (line_h * 4.5)));
  ticks = drivedash_plot_time_ticks (&f, DRIVEDASH_PLOT_TIME_DATE, max_ticks, &step);
  /* A scale to read: two ticks at least, never more than there is room for. */
  if (ticks->len < 2)
    g_test_message ("%.1f d before %.1f, %d px, %s", span / DAY, now / DAY, width, font);
  g_assert_cmpuint (ticks->len, >=, 2);
  g_assert_cmpuint (ticks->len, <=, (max_ticks * 9 + 3) / 7);
  g_string_append_printf (seen, "%.0f d, %d px, %s:", span / DAY, width, font);
  for (guint i = 0; i < ticks->len; i++)
    {
      double t = g_array_index (ticks, double, i);
      double x = round (drivedash_plot_frame_x (&f, t)) + 0.5, start;
      g_autofree char *label = formats ? drivedash_plot_format_date (t, step, formats)
                                       : drivedash_plot_format_time (t, DRIVEDASH_PLOT_TIME_DATE, step);

      g_assert_true (t >= f.x0 && t <= f.x1);
      g_assert_true (is_round (t, step));
      pango_layout_set_text (layout, label, -1);
      pango_layout_get_pixel_size (layout, &tw, NULL);
      start = CLAMP (x - tw / 2.0, f.left - tw / 2.0, width - 8 - tw);
      /* A space's worth between neighbours. */
      g_assert_cmpfloat (start, >=, last_end + 4);
      last_end = start + tw;
      g_string_append_printf (seen, " %s", label);
    }
  g_string_append_c (seen, '\n');
}

/* The history's spans at the plot widths the app has: a 360 px window
 * (about 300 px for the plot) up to a wide one. */
static void
test_date_ticks (void)
{
  const double spans[] = { DAY, 7 * DAY, 30 * DAY, 90 * DAY, 365 * DAY, 400 * DAY };
  const int widths[] = { 290, 330, 480, 640, 800, 1200 };
  const char *fonts[] = { "Cantarell 11", "DejaVu Sans 11" };
  g_autoptr(GString) seen = g_string_new (NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 4, 4);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);

  /* "Now" anywhere in a month: a tick may fall just before the end. */
  for (double now = 1794441600 + 13.5 * 3600; now < 1794441600 + 32 * DAY; now += 2.3 * DAY)
    for (guint s = 0; s < G_N_ELEMENTS (spans); s++)
      for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
        for (guint f = 0; f < G_N_ELEMENTS (fonts); f++)
          check_axis (layout, now, spans[s], widths[w], fonts[f], NULL, seen);
  g_test_message ("%s", seen->str);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Local time with a clock change: ticks stay on local midnights and
 * whole hours, days 23 or 25 hours long. */
static void
test_date_dst (void)
{
  /* 2026-03-29 in Berlin: 02:00 CET becomes 03:00 CEST.  From 26 Mar
   * 23:00 CET to 31 Mar 00:00 CEST. */
  DrivedashPlotFrame f = { .x0 = 1774735200 - 2 * DAY, .x1 = 1774908000 };
  g_autoptr(GArray) days = NULL, hours = NULL;
  double step;

  g_setenv ("TZ", "Europe/Berlin", TRUE);
  days = drivedash_plot_time_ticks (&f, DRIVEDASH_PLOT_TIME_DATE, 4, &step);
  g_assert_cmpfloat (step, ==, DAY);
  g_assert_cmpuint (days->len, ==, 5);
  for (guint i = 0; i < days->len; i++)
    g_assert_true (is_round (g_array_index (days, double, i), step));
  /* 29 Mar has 23 hours. */
  g_assert_cmpfloat (g_array_index (days, double, 3) - g_array_index (days, double, 2), ==, 23 * 3600);
  assert_label (drivedash_plot_format_time (g_array_index (days, double, 4), DRIVEDASH_PLOT_TIME_DATE, step),
                "31 Mar");

  /* 27 Mar 23:00 CET to 29 Mar 12:00 CEST, over the missing hour */
  f.x0 = 1774735200 - DAY;
  f.x1 = 1774735200 + 12 * 3600;
  hours = drivedash_plot_time_ticks (&f, DRIVEDASH_PLOT_TIME_DATE, 6, &step);
  g_assert_cmpfloat (step, ==, 6 * 3600);
  for (guint i = 0; i < hours->len; i++)
    g_assert_true (is_round (g_array_index (hours, double, i), step));
  g_setenv ("TZ", "UTC", TRUE);
}

/* The msgstr of a "plot axis" message in po/ja.po. */
static char *
japanese (const char *msgid)
{
  g_autofree char *po = g_test_build_filename (G_TEST_DIST, "..", "po", "ja.po", NULL);
  g_autofree char *text = NULL;
  g_autofree char *escaped = g_regex_escape_string (msgid, -1);
  g_autofree char *pattern = g_strdup_printf ("msgctxt \"plot axis\"\nmsgid \"%s\"\nmsgstr \"([^\"]*)\"", escaped);
  g_autoptr(GRegex) regex = g_regex_new (pattern, 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;

  g_assert_true (g_file_get_contents (po, &text, NULL, NULL));
  g_assert_true (g_regex_match (regex, text, 0, &match));
  return g_match_info_fetch (match, 1);
}

/* The Japanese dates ("2026年1月" is wider than "Jan 2026") from
 * po/ja.po, in Cantarell with its CJK fallback (the narrowest lines, so
 * the most ticks) and in Noto Sans CJK. */
static void
test_date_ticks_japanese (void)
{
  const double spans[] = { DAY, 7 * DAY, 30 * DAY, 90 * DAY, 365 * DAY, 400 * DAY };
  const int widths[] = { 290, 330, 480, 640, 800, 1200 };
  const char *fonts[] = { "Cantarell 11", "Noto Sans CJK JP 11" };
  g_autofree char *day = japanese ("%-d %b");
  g_autofree char *january = japanese ("%b %Y");
  g_autofree char *month = japanese ("%b");
  const char *const formats[3] = { day, january, month };
  g_autoptr(GString) seen = g_string_new (NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 4, 4);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);

  g_assert_cmpstr (january, !=, "%b %Y");
  for (double now = 1794441600 + 13.5 * 3600; now < 1794441600 + 32 * DAY; now += 2.3 * DAY)
    for (guint s = 0; s < G_N_ELEMENTS (spans); s++)
      for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
        for (guint f = 0; f < G_N_ELEMENTS (fonts); f++)
          check_axis (layout, now, spans[s], widths[w], fonts[f], formats, seen);
  g_test_message ("%s", seen->str);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The steps the history's spans get (a limit of 4 for "ago" labels is 5
 * for dates): hours for a day, days or weeks for
 * a month, months for a year. */
static void
test_date_steps (void)
{
  double now = 1794441600 + 13.5 * 3600, step;
  DrivedashPlotFrame f = { .x0 = now - DAY, .x1 = now };
  g_autoptr(GArray) day = drivedash_plot_time_ticks (&f, DRIVEDASH_PLOT_TIME_DATE, 4, &step);
  g_autoptr(GArray) month = NULL, year = NULL, ago = NULL;

  g_assert_cmpfloat (step, ==, 6 * 3600);
  g_assert_cmpuint (day->len, ==, 4);
  /* 18:00, 00:00 (12 Nov), 06:00, 12:00 */
  g_assert_cmpfloat (g_array_index (day, double, 1), ==, 1794441600);

  f.x0 = now - 30 * DAY;
  month = drivedash_plot_time_ticks (&f, DRIVEDASH_PLOT_TIME_DATE, 4, &step);
  g_assert_cmpfloat (step, ==, 7 * DAY);
  /* Mondays: 19, 26 Oct, 2, 9 Nov (12 Nov 2026 is a Thursday) */
  g_assert_cmpuint (month->len, ==, 4);
  g_assert_cmpfloat (g_array_index (month, double, 3), ==, 1794441600 - 3 * DAY);

  f.x0 = now - 365 * DAY;
  year = drivedash_plot_time_ticks (&f, DRIVEDASH_PLOT_TIME_DATE, 4, &step);
  g_assert_cmpfloat (step, ==, 90 * DAY);
  /* 1 Jan, Apr, Jul, Oct 2026 */
  g_assert_cmpuint (year->len, ==, 4);
  g_array_unref (year);
  year = drivedash_plot_time_ticks (&f, DRIVEDASH_PLOT_TIME_DATE, 10, &step);
  g_assert_cmpfloat (step, ==, 30 * DAY);
  g_assert_cmpuint (year->len, ==, 12);

  /* The other axes keep their evenly spaced steps. */
  f.x0 = 0;
  f.x1 = 600;
  ago = drivedash_plot_time_ticks (&f, DRIVEDASH_PLOT_TIME_AGO, 5, &step);
  g_assert_cmpfloat (step, ==, 120);
  g_assert_cmpuint (ago->len, ==, 6);
}

/* An imported series with elapsed times of 1e17 s used to hang the
 * History plots: adding a 2 s step to 1e17 leaves it unchanged. */
static void
test_huge_times (void)
{
  DrivedashPlotFrame f = { .x0 = 1e17, .x1 = 1e17 + 10, .left = 0, .right = 600 };
  g_autoptr(GArray) elapsed = NULL;
  g_autoptr(GArray) date = NULL;
  double step;

  elapsed = drivedash_plot_time_ticks (&f, DRIVEDASH_PLOT_TIME_ELAPSED, 6, &step);
  g_assert_cmpuint (elapsed->len, <=, DRIVEDASH_PLOT_TICK_LIMIT);
  date = drivedash_plot_time_ticks (&f, DRIVEDASH_PLOT_TIME_DATE, 6, &step);
  g_assert_cmpuint (date->len, <=, 8);
  g_assert_cmpuint (drivedash_plot_tick_count (0, 10, 1), ==, 11);
  g_assert_cmpuint (drivedash_plot_tick_count (0, 1, 0), ==, 0);
  g_assert_cmpuint (drivedash_plot_tick_count (0, 1, NAN), ==, 0);
  g_assert_cmpuint (drivedash_plot_tick_count (NAN, 1, 1), ==, 0);
  g_assert_cmpuint (drivedash_plot_tick_count (1, 0, 1), ==, 0);
  g_assert_cmpuint (drivedash_plot_tick_count (0, INFINITY, 1), ==, DRIVEDASH_PLOT_TICK_LIMIT);
  g_assert_cmpuint (drivedash_plot_tick_count (1e18, 1e18 + 1000, 1), ==, DRIVEDASH_PLOT_TICK_LIMIT);
}

int
main (int   argc,
      char *argv[])
{
  /* Dates in a known zone; GLib reads TZ when it first needs it. */
  g_setenv ("TZ", "UTC", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/plot-axis/nice-step", test_nice_step);
  g_test_add_func ("/plot-axis/nice-time-step", test_nice_time_step);
  g_test_add_func ("/plot-axis/format-value", test_format_value);
  g_test_add_func ("/plot-axis/format-value-grouped", test_format_value_grouped);
  g_test_add_func ("/plot-axis/format-time", test_format_time);
  g_test_add_func ("/plot-axis/format-date", test_format_date);
  g_test_add_func ("/plot-axis/date-steps", test_date_steps);
  g_test_add_func ("/plot-axis/date-ticks", test_date_ticks);
  g_test_add_func ("/plot-axis/date-dst", test_date_dst);
  g_test_add_func ("/plot-axis/date-ticks-japanese", test_date_ticks_japanese);
  g_test_add_func ("/plot-axis/fit-x", test_fit_x);
  g_test_add_func ("/plot-axis/fit-y/linear", test_fit_y_linear);
  g_test_add_func ("/plot-axis/fit-y/log", test_fit_y_log);
  g_test_add_func ("/plot-axis/frame-and-ticks", test_frame_and_ticks);
  g_test_add_func ("/plot-axis/enum-nicks", test_enum_nicks);
  g_test_add_func ("/plot-axis/huge-times", test_huge_times);

  return g_test_run ();
}
