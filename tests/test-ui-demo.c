/* test-ui-demo.c — `drivedash --demo` never touches a real disk: its
 * Speed, Long Tests and Full Review pages run on the simulated drive,
 * say so, and keep their runs in a history of their own, labelled as
 * simulated.  The real window under Xvfb, screenshotted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "drivedash-application.h"
#include "drivedash-bench-model-private.h"
#include "drivedash-bench-options.h"
#include "drivedash-bench-page.h"
#include "drivedash-demo.h"
#include "drivedash-folder.h"
#include "drivedash-longtest-page.h"
#include "drivedash-paths.h"
#include "drivedash-review-page.h"
#include "drivedash-store.h"
#include "drivedash-window.h"
#include "test-ui-common.h"

static DrivedashApplication *app;

static gboolean
not_running (gpointer data)
{
  return !drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (data));
}

static guint runs_before;

static guint
count_runs (void)
{
  g_autoptr(DrivedashStore) store = drivedash_store_open (NULL, NULL);
  g_autoptr(GPtrArray) runs = store ? drivedash_store_list_runs (store, NULL, NULL) : NULL;

  return runs ? runs->len : 0;
}

static gboolean
one_more_run (gpointer data)
{
  return count_runs () > runs_before;
}

/* The real history's path, as the app without --demo has it. */
static char *
real_store_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "drivedash", "results.db", NULL);
}

static void
test_speed (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1600);
  DrivedashBenchPage *page = DRIVEDASH_BENCH_PAGE (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_BENCH_PAGE));
  DrivedashBenchModel *model = drivedash_bench_page_get_model (page);
  g_autofree char *subtitle = NULL;
  g_autofree char *real = real_store_path ();
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  gboolean real_existed = g_file_test (real, G_FILE_TEST_EXISTS);
  DrivedashBenchReport *report;
  DrivedashStoreRun *run;

  runs_before = count_runs ();
  drivedash_window_set_visible_page (window, "speed");
  g_object_get (drivedash_bench_model_get_options (model), "folder-subtitle", &subtitle, NULL);
  g_assert_cmpstr (subtitle, ==, _("The demo’s simulated drive: nothing is written to your disks"));
  g_assert_true (ui_shows_text (GTK_WIDGET (page), subtitle));
  drivedash_bench_model_set_overrides_for_testing (model, 1.0, 0, 64 << 20);
  gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL);
  ui_iterate_until (not_running, model, 120);
  g_assert_no_error ((GError *) drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (model)));
  report = drivedash_bench_model_get_report (model);
  g_assert_nonnull (report);
  g_assert_cmpstr (report->filesystem, ==, "simulated");
  /* SEQ1M Q8T1 read: the simulated drive's 7,000 MB/s, give or take. */
  g_assert_cmpfloat (((DrivedashBenchResult *) g_ptr_array_index (report->results, 0))->mb_per_s, >, 5000);
  g_assert_false (g_file_test (DRIVEDASH_SIM_DRIVE_FOLDER, G_FILE_TEST_EXISTS));
  g_free (ui_screenshot (window, "demo-speed.png"));
  ui_resize (window, 360, 1600);
  g_free (ui_screenshot (window, "demo-speed-narrow.png"));

  /* Kept, as simulated, in the demo's own history; the real one untouched. */
  ui_iterate_until (one_more_run, NULL, 30);
  store = drivedash_store_open (NULL, NULL);
  g_assert_true (g_str_has_suffix (drivedash_store_get_path (store), "/drivedash/demo/results.db"));
  runs = drivedash_store_list_runs (store, NULL, NULL);
  g_assert_cmpuint (runs->len, ==, runs_before + 1);
  run = g_ptr_array_index (runs, 0);
  g_assert_cmpstr (run->drive_model, ==, DRIVEDASH_SIM_DRIVE_MODEL);
  g_assert_cmpint (g_file_test (real, G_FILE_TEST_EXISTS), ==, real_existed);
  ui_close (window);
}

/* Long Tests and the Full Review name the simulated drive as their folder
 * and refuse a real one. */
static void
test_long_and_review (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1600);
  GtkWidget *long_page = ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_LONG_TEST_PAGE);
  GtkWidget *review_page = ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_REVIEW_PAGE);
  DrivedashLongTestModel *long_model = drivedash_long_test_page_get_model (DRIVEDASH_LONG_TEST_PAGE (long_page));
  DrivedashReviewModel *review_model = drivedash_review_page_get_model (DRIVEDASH_REVIEW_PAGE (review_page));
  g_autoptr(GFile) home = g_file_new_for_path (g_get_home_dir ());
  const char *simulated = _("The demo’s simulated drive: nothing is written to your disks");

  g_assert_cmpstr (drivedash_long_test_model_get_folder (long_model), ==, DRIVEDASH_SIM_DRIVE_FOLDER);
  g_assert_cmpstr (drivedash_review_model_get_folder (review_model), ==, DRIVEDASH_SIM_DRIVE_FOLDER);
  drivedash_window_set_visible_page (window, "longtests");
  ui_iterate_until (ui_refreshed, long_model, 30);
  g_assert_true (ui_shows_text (long_page, simulated));
  g_free (ui_screenshot (window, "demo-longtests.png"));
  g_assert_false (drivedash_run_model_choose_folder (DRIVEDASH_RUN_MODEL (long_model), home));
  g_assert_cmpstr (drivedash_long_test_model_get_folder (long_model), ==, DRIVEDASH_SIM_DRIVE_FOLDER);

  drivedash_window_set_visible_page (window, "review");
  ui_iterate_until (ui_refreshed, review_model, 30);
  g_assert_true (ui_shows_text (review_page, simulated));
  g_free (ui_screenshot (window, "demo-review.png"));
  ui_resize (window, 360, 1600);
  g_free (ui_screenshot (window, "demo-review-narrow.png"));
  ui_close (window);
}

int
main (int   argc,
      char *argv[])
{
  GTestDBus *bus;
  int status;

  g_test_init (&argc, &argv, NULL);
  /* As --demo does it, before any window or history exists. */
  drivedash_demo_set_enabled (TRUE);
  bus = ui_start_app (&app);
  g_settings_set_string (drivedash_application_get_settings (app), "bench-preset", "cdm-nvme");
  g_settings_set_uint (drivedash_application_get_settings (app), "bench-passes", 1);

  g_test_add_func ("/ui/demo/speed", test_speed);
  g_test_add_func ("/ui/demo/long-and-review", test_long_and_review);
  status = g_test_run ();

  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  /* Not _down(): GTK keeps the bus connection until exit. */
  g_test_dbus_stop (bus);
  return status;
}
