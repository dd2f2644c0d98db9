/* test-longtest-rounds.c — the Long Tests' result data and words, and
 * the folder rule: no display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-run-folder.h"
#include "drivedash-longtest-notice.h"
#include "drivedash-longtest-rounds.h"
#include "drivedash-test-locale.h"
#include "drivedash-write-notice.h"

/* 18 rounds: 8 getting worse from 1000 down to 300, 5 steady around
 * @steady (each @spread apart), 5 recovering at 900. */
static GArray *
make_rounds (double steady,
             double spread)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DrivedashLongRound));

  for (guint i = 0; i < 18; i++)
    {
      DrivedashLongRound r = { 0 };

      r.group = i < 8 ? DRIVEDASH_LONG_GROUP_DEGRADATION
              : i < 13 ? DRIVEDASH_LONG_GROUP_STEADY : DRIVEDASH_LONG_GROUP_RECOVERY;
      r.index = i < 8 ? i + 1 : i < 13 ? i - 7 : i - 12;
      r.bandwidth_mb_per_s = i < 8 ? 1000 - 100 * i
                           : i < 13 ? steady + spread * ((i - 8) % 2 ? 1 : -1) : 900;
      r.read_access_us = 100 + i;
      r.write_access_us = 200 + i;
      g_array_append_val (a, r);
    }
  return a;
}

static void
test_details (void)
{
  g_autoptr(GArray) a = make_rounds (300, 0);
  g_autofree char *text = drivedash_long_rounds_details_text ((DrivedashLongRound *) (gpointer) a->data, 18);
  g_autofree char *two = drivedash_long_rounds_details_text ((DrivedashLongRound *) (gpointer) a->data, 2);

  g_assert_null (drivedash_long_rounds_details_text (NULL, 0));
  /* Round 1 is the best (1000); the worst, 300, is round 8 first. */
  g_assert_nonnull (strstr (text, "Best: round 1, 1000 MB/s. Worst: round 8, 300 MB/s."));
  /* (1000 + 900 + … + 300) / 8 = 650 */
  g_assert_nonnull (strstr (text, "Average while getting worse: 650 MB/s"));
  g_assert_nonnull (strstr (text, "Average when steady: 300 MB/s"));
  g_assert_nonnull (strstr (text, "Average after resting: 900 MB/s"));
  /* Live: only the phases seen so far. */
  g_assert_nonnull (strstr (two, "Worst: round 2, 900 MB/s."));
  g_assert_null (strstr (two, "steady"));
  g_assert_cmpuint (drivedash_long_round_position (&g_array_index (a, DrivedashLongRound, 8)), ==, 9);
  g_assert_cmpuint (drivedash_long_round_position (&g_array_index (a, DrivedashLongRound, 17)), ==, 18);
}

static void
test_verdict (void)
{
  g_autoptr(GArray) flat = make_rounds (500, 10);   /* range 20 / 498 = 4 % */
  g_autoptr(GArray) wide = make_rounds (500, 75);   /* range 150 / 485 = 31 % */
  g_autofree char *reached = drivedash_long_rounds_verdict_text ((DrivedashLongRound *) (gpointer) flat->data, 18);
  g_autofree char *not_reached = drivedash_long_rounds_verdict_text ((DrivedashLongRound *) (gpointer) wide->data, 18);

  /* Not all steady rounds yet: nothing to say. */
  g_assert_null (drivedash_long_rounds_verdict_text ((DrivedashLongRound *) (gpointer) flat->data, 12));
  g_assert_true (g_str_has_prefix (reached, "Steady state reached: "));
  g_assert_nonnull (strstr (reached, "varied by only 4 %"));
  g_assert_true (g_str_has_prefix (not_reached, "Steady state not reached: "));
  g_assert_nonnull (strstr (not_reached, "varied by 31 %"));
}

static void
count_changed (gpointer  unused,
               guint    *n)
{
  (*n)++;
}

/* Live rows are placed at the GB written so far; the finished run's
 * exact steps replace them, with the cache where the speed fell. */
static void
test_saturation (void)
{
  g_autoptr(DrivedashLongTestRounds) r = drivedash_long_test_rounds_new ();
  DrivedashLongTestResult res = { 0 };
  double gb, mbps, cache, after;
  guint changed = 0;

  g_signal_connect (r, "changed", G_CALLBACK (count_changed), &changed);
  drivedash_long_test_rounds_reset (r, DRIVEDASH_LONG_TEST_SATURATION, 16);
  g_assert_cmpfloat (drivedash_long_test_rounds_get_amount_gb (r), ==, 16);
  for (guint i = 1; i <= 4; i++)
    {
      DrivedashTimeseriesRow row = { .t_s = 0.5 * i, .write_mb_per_s = 2000,
                                     .phase = DRIVEDASH_LONG_PHASE_FILL };

      drivedash_long_test_rounds_add_row (r, &row);
    }
  g_assert_cmpuint (drivedash_long_test_rounds_get_n_points (r), ==, 4);
  drivedash_long_test_rounds_get_point (r, 3, &gb, &mbps);
  g_assert_cmpfloat (fabs (gb - 4.0), <, 1e-9);   /* 2 s at 2000 MB/s */
  g_assert_cmpfloat (mbps, ==, 2000);
  g_assert_false (drivedash_long_test_rounds_get_cache (r, &cache, &after));

  res.kind = DRIVEDASH_LONG_TEST_SATURATION;
  res.step_bytes = 1000000000;
  res.per_step = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; i < 16; i++)
    {
      double v = i < 10 ? 3000 : 1100;

      g_array_append_val (res.per_step, v);
    }
  drivedash_long_test_rounds_set_result (r, &res);
  g_assert_cmpuint (drivedash_long_test_rounds_get_n_points (r), ==, 16);
  drivedash_long_test_rounds_get_point (r, 0, &gb, &mbps);
  g_assert_cmpfloat (fabs (gb - 1.0), <, 1e-9);
  g_assert_cmpfloat (mbps, ==, 3000);
  g_assert_true (drivedash_long_test_rounds_get_cache (r, &cache, &after));
  g_assert_cmpfloat (fabs (cache - 10.0), <, 1e-9);
  g_assert_cmpfloat (after, ==, 1100);
  g_assert_cmpuint (changed, ==, 1 + 4 + 1);
  g_array_unref (res.per_step);
}

/* Adaptivity's words: best and worst by round number (1 … 10, not
 * Consistency's place 14 … 18 for recovery rounds) and the average with
 * its access times; no steady-state verdict, there is no steady phase.
 * The finished result's rounds replace the live ones. */
static void
test_adaptivity (void)
{
  g_autoptr(DrivedashLongTestRounds) r = drivedash_long_test_rounds_new ();
  g_autoptr(GArray) a = g_array_new (FALSE, TRUE, sizeof (DrivedashLongRound));
  DrivedashLongTestResult res = { .kind = DRIVEDASH_LONG_TEST_ADAPTIVITY };
  g_autofree char *none = drivedash_long_adaptivity_details_text (NULL, 0);

  g_assert_null (none);
  for (guint i = 1; i <= 10; i++)
    {
      DrivedashLongRound round = { DRIVEDASH_LONG_GROUP_RECOVERY, i, i == 4 ? 2000 : 1000 - i, 80, 40, 1 };

      g_array_append_val (a, round);
    }
  drivedash_long_test_rounds_reset (r, DRIVEDASH_LONG_TEST_ADAPTIVITY, 0);
  for (guint i = 0; i < 3; i++)
    drivedash_long_test_rounds_add_round (r, &g_array_index (a, DrivedashLongRound, i));
  g_assert_cmpstr (drivedash_long_test_rounds_get_details (r), ==,
                   "Best: round 1, 999 MB/s. Worst: round 3, 997 MB/s.\n"
                   "Average of the first 3 rounds: 998 MB/s, reads 80 µs, writes 40 µs");
  g_assert_null (drivedash_long_test_rounds_get_verdict (r));
  res.rounds = a;
  drivedash_long_test_rounds_set_result (r, &res);
  g_assert_cmpuint (drivedash_long_test_rounds_get_n_rounds (r), ==, 10);
  g_assert_cmpuint (drivedash_long_test_rounds_get_position (r, 9), ==, 10);
  /* All ten: the summary has the average, the details do not repeat it. */
  g_assert_cmpstr (drivedash_long_test_rounds_get_details (r), ==,
                   "Best: round 4, 2000 MB/s. Worst: round 10, 990 MB/s.");
  g_assert_null (drivedash_long_test_rounds_get_verdict (r));
}

static void
test_rounds_live (void)
{
  g_autoptr(DrivedashLongTestRounds) r = drivedash_long_test_rounds_new ();
  g_autoptr(GArray) a = make_rounds (500, 10);

  drivedash_long_test_rounds_reset (r, DRIVEDASH_LONG_TEST_CONSISTENCY, 0);
  g_assert_null (drivedash_long_test_rounds_get_details (r));
  for (guint i = 0; i < 13; i++)
    drivedash_long_test_rounds_add_round (r, &g_array_index (a, DrivedashLongRound, i));
  g_assert_cmpuint (drivedash_long_test_rounds_get_n_rounds (r), ==, 13);
  g_assert_nonnull (strstr (drivedash_long_test_rounds_get_details (r), "Average when steady: 498 MB/s"));
  g_assert_true (g_str_has_prefix (drivedash_long_test_rounds_get_verdict (r), "Steady state reached"));
  drivedash_long_test_rounds_reset (r, DRIVEDASH_LONG_TEST_CONSISTENCY, 0);
  g_assert_cmpuint (drivedash_long_test_rounds_get_n_rounds (r), ==, 0);
  g_assert_null (drivedash_long_test_rounds_get_verdict (r));
}

static void
test_folder (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "longtest-folder-XXXXXX", NULL);
  g_autofree char *missing = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) d = NULL;
  GValue v = G_VALUE_INIT;
  g_autoptr(GVariant) setting = NULL;

  g_assert_nonnull (g_mkdtemp (dir));
  g_assert_true (drivedash_run_folder_check (dir, &error));
  g_assert_no_error (error);
  d = g_dir_open (dir, 0, NULL);
  g_assert_null (g_dir_read_name (d));   /* the probe file is gone */

  missing = g_build_filename (dir, "gone", NULL);
  g_assert_false (drivedash_run_folder_check (missing, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "does not exist"));
  g_clear_error (&error);

  /* A real folder no one can create files in, root included. */
  g_assert_false (drivedash_run_folder_check ("/proc", &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE);
  g_assert_nonnull (strstr (error->message, "read-only"));
  g_clear_error (&error);

  /* Kept as a URI; the home folder as ''. */
  g_value_init (&v, G_TYPE_STRING);
  g_value_set_string (&v, dir);
  setting = g_variant_ref_sink (drivedash_run_folder_set_mapping (&v, G_VARIANT_TYPE_STRING, NULL));
  g_assert_true (g_str_has_prefix (g_variant_get_string (setting, NULL), "file:///"));
  g_value_set_string (&v, NULL);
  g_assert_true (drivedash_run_folder_get_mapping (&v, setting, NULL));
  g_assert_cmpstr (g_value_get_string (&v), ==, dir);
  g_clear_pointer (&setting, g_variant_unref);
  setting = g_variant_ref_sink (g_variant_new_string (""));
  g_assert_true (drivedash_run_folder_get_mapping (&v, setting, NULL));
  g_assert_null (g_value_get_string (&v));
  g_value_unset (&v);
  g_rmdir (dir);
}

/* The notice before Start uses the Health page's drive only when it is
 * the one under the test folder. */
static void
test_notice (void)
{
  g_autoptr(DrivedashHealth) known = drivedash_health_new ("nvme0");
  g_autoptr(DrivedashHealth) worn = drivedash_health_new ("nvme0");
  g_autofree char *rated = NULL;
  g_autofree char *other = NULL;
  g_autofree char *life = NULL;
  g_autofree char *sysfs = NULL;
  g_autofree char *small = NULL;

  g_free (known->model);
  known->model = g_strdup ("Samsung SSD 970 EVO Plus 1TB");
  g_free (worn->model);
  worn->model = g_strdup ("Unknown Drive 1TB");
  worn->has |= DRIVEDASH_HEALTH_HAS_SMART;
  worn->smart.percentage_used = 10;
  worn->smart.data_units_written.lo = 100000000;   /* 51.2 TB written */

  rated = drivedash_long_test_notice_text (480000000000, "nvme0", NULL, known);
  g_assert_cmpstr (rated, ==, "Writes about 480 GB: 0.08 % of this drive’s rated 600 TB. "
                              "Drivedash asks before it starts, because that much writing wears the drive a little.");
  /* Another drive's health says nothing about this one. */
  other = drivedash_long_test_notice_text (480000000000, "nvme1", NULL, known);
  g_assert_true (g_str_has_prefix (other, "Writes about 480 GB. Drivedash asks"));
  /* Unknown model: the drive's own wear estimate (512 TB of life). */
  life = drivedash_long_test_notice_text (480000000000, "nvme0", NULL, worn);
  g_assert_true (g_str_has_prefix (life, "Writes about 480 GB: about 0.09 % of this drive’s life"));
  /* No health, but sysfs's model name has a rating. */
  sysfs = drivedash_long_test_notice_text (48000000000, NULL, "Samsung SSD 970 EVO Plus 1TB", NULL);
  g_assert_cmpstr (sysfs, ==, "Writes about 48.0 GB: less than 0.01 % of this drive’s rated 600 TB.");
  small = drivedash_long_test_notice_text (48000000000, NULL, NULL, NULL);
  g_assert_cmpstr (small, ==, "Writes about 48.0 GB.");
}

/* The view's words group digits as the locale does ("1,000 MB/s"); the
 * C locale used elsewhere here has no grouping. */
static void
test_grouping (void)
{
  char *locpath = drivedash_test_locale_build ("en_US");
  g_autoptr(GArray) a = make_rounds (1450, 0);
  g_autofree char *text = NULL, *notice = NULL;

  if (locpath == NULL)
    return;
  g_assert_nonnull (setlocale (LC_ALL, "en_US.UTF-8"));
  text = drivedash_long_rounds_details_text ((DrivedashLongRound *) (gpointer) a->data, 18);
  g_assert_nonnull (strstr (text, "Best: round 9, 1,450 MB/s. Worst: round 8, 300 MB/s."));
  g_assert_nonnull (strstr (text, "Average when steady: 1,450 MB/s"));
  g_assert_nonnull (strstr (text, "Average after resting: 900 MB/s"));
  /* A 2 TB drive rated for 1,200 TB. */
  notice = drivedash_write_notice_text (480000000000, "Samsung SSD 980 PRO 2TB", -1, 0);
  g_assert_cmpstr (notice, ==, "Writes about 480 GB: 0.04 % of this drive’s rated 1,200 TB.");
  drivedash_test_locale_remove (locpath);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/longtest-rounds/details", test_details);
  g_test_add_func ("/longtest-rounds/verdict", test_verdict);
  g_test_add_func ("/longtest-rounds/saturation", test_saturation);
  g_test_add_func ("/longtest-rounds/live", test_rounds_live);
  g_test_add_func ("/longtest-rounds/adaptivity", test_adaptivity);
  g_test_add_func ("/longtest-rounds/folder", test_folder);
  g_test_add_func ("/longtest-rounds/notice", test_notice);
  g_test_add_func ("/longtest-rounds/grouping", test_grouping);
  return g_test_run ();
}
