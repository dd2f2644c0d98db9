/* test-plot-axis.c — the plot's scales, ticks and labels, without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "drivedash-plot-axis.h"

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
  /* Longer than anything sensible: a day per tick. */
  g_assert_cmpfloat (drivedash_plot_nice_time_step (1e9, 3), ==, 24 * 3600);
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
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/plot-axis/nice-step", test_nice_step);
  g_test_add_func ("/plot-axis/nice-time-step", test_nice_time_step);
  g_test_add_func ("/plot-axis/format-value", test_format_value);
  g_test_add_func ("/plot-axis/format-time", test_format_time);
  g_test_add_func ("/plot-axis/fit-x", test_fit_x);
  g_test_add_func ("/plot-axis/fit-y/linear", test_fit_y_linear);
  g_test_add_func ("/plot-axis/fit-y/log", test_fit_y_log);
  g_test_add_func ("/plot-axis/frame-and-ticks", test_frame_and_ticks);
  g_test_add_func ("/plot-axis/enum-nicks", test_enum_nicks);

  return g_test_run ();
}
