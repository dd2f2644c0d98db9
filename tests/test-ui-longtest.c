/* test-ui-longtest.c — the Long Tests view in the real app under Xvfb:
 * a tiny real run started from the page's action, screenshots during and
 * after it, and Stop
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-longtest-model-private.h"
#include <glib/gstdio.h>

#include "drivedash-longtest-page.h"
#include "drivedash-plot.h"
#include "test-ui-common.h"

static DrivedashApplication *app;
static char *folder;
static char *hwmon;  /* a fake drive hwmon directory: 45 °C, limits 70 and 85 °C */

static void
write_hwmon (const char *name,
             const char *value)
{
  g_autofree char *path = g_build_filename (hwmon, name, NULL);

  g_assert_true (g_file_set_contents (path, value, -1, NULL));
}

static gboolean
not_running (gpointer data)
{
  return !drivedash_long_test_model_get_running (data);
}

static gboolean
has_progress (gpointer data)
{
  return drivedash_long_test_model_get_progress_text (data) != NULL;
}

static DrivedashLongTestPage *
open_page (DrivedashWindow **window_out)
{
  DrivedashWindow *window = ui_open_window (app, 900, 900);
  DrivedashLongTestPage *page;

  drivedash_window_set_visible_page (window, "long-tests");
  g_assert_cmpstr (drivedash_window_get_visible_page (window), ==, "long-tests");
  page = DRIVEDASH_LONG_TEST_PAGE (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_LONG_TEST_PAGE));
  g_assert_nonnull (page);
  *window_out = window;
  return page;
}

static void
shrink (DrivedashLongTestModel *model,
        double                  duration_s)
{
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_SUSTAINED);

  s->folder = g_strdup (folder);
  s->file_size = 16u << 20;
  s->duration_s = duration_s;
  s->interval_s = 0.25;
  s->hwmon_path = g_strdup (hwmon);
  drivedash_long_test_model_set_settings_override (model, s);
}

static void
test_run (void)
{
  DrivedashWindow *window;
  DrivedashLongTestPage *page = open_page (&window);
  DrivedashLongTestModel *model = drivedash_long_test_page_get_model (page);
  g_autofree char *before = NULL;
  g_autofree char *during = NULL;
  g_autofree char *after = NULL;
  g_autofree char *description = NULL;
  DrivedashPlot *plot;
  double celsius;
  guint warning_k, critical_k;

  before = ui_screenshot (window, "long-tests-before.png");
  shrink (model, 3);
  gtk_widget_activate_action (GTK_WIDGET (page), "longtest.start", NULL);
  g_assert_true (drivedash_long_test_model_get_running (model));
  /* The plot's limit lines: the drive's temp1_max and temp1_crit. */
  drivedash_long_test_model_get_temperature_limits (model, &warning_k, &critical_k);
  g_assert_cmpuint (warning_k, ==, 343);
  g_assert_cmpuint (critical_k, ==, 358);
  ui_iterate_until (has_progress, model, 30);
  ui_iterate_for (1200);
  during = ui_screenshot (window, "long-tests-during.png");
  ui_iterate_until (not_running, model, 60);
  g_assert_nonnull (drivedash_long_test_model_get_summary (model));
  /* The drive temperature on the plot's right-hand axis, in °C. */
  plot = DRIVEDASH_PLOT (ui_find_descendant (GTK_WIDGET (page), DRIVEDASH_TYPE_PLOT));
  g_assert_cmpuint (drivedash_plot_get_n_series (plot), ==, 2);
  g_assert_cmpuint (drivedash_plot_get_n_samples (plot, 1), >, 0);
  g_assert_true (drivedash_plot_get_last (plot, 1, NULL, &celsius));
  g_assert_cmpfloat (fabs (celsius - 44.85), <, 0.01);  /* 318 K */
  description = drivedash_plot_dup_description (plot);
  g_assert_nonnull (strstr (description, "Temperature: 44."));
  g_assert_true (g_str_has_suffix (description, " °C"));
  g_assert_null (drivedash_long_test_model_get_status (model));
  after = ui_screenshot (window, "long-tests-after.png");
  g_assert_true (g_file_test (after, G_FILE_TEST_EXISTS));
  /* Copy is enabled once there is a summary. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "longtest.copy", NULL));
  gtk_window_close (GTK_WINDOW (window));
  ui_iterate_for (100);
}

static void
test_stop (void)
{
  DrivedashWindow *window;
  DrivedashLongTestPage *page = open_page (&window);
  DrivedashLongTestModel *model = drivedash_long_test_page_get_model (page);
  g_autoptr(GDir) d = NULL;

  shrink (model, 120);
  gtk_widget_activate_action (GTK_WIDGET (page), "longtest.start", NULL);
  ui_iterate_until (has_progress, model, 30);
  gtk_widget_activate_action (GTK_WIDGET (page), "longtest.stop", NULL);
  ui_iterate_until (not_running, model, 10);
  g_assert_cmpstr (drivedash_long_test_model_get_status (model), ==, "The test was stopped.");
  d = g_dir_open (folder, 0, NULL);
  g_assert_null (g_dir_read_name (d));
  gtk_window_close (GTK_WINDOW (window));
  ui_iterate_for (100);
}

int
main (int   argc,
      char *argv[])
{
  GTestDBus *bus;
  int status;

  g_test_init (&argc, &argv, NULL);
  folder = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "longtest-ui-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (folder));
  hwmon = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "longtest-ui-hwmon-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (hwmon));
  write_hwmon ("temp1_input", "44850\n");
  write_hwmon ("temp1_max", "69850\n");
  write_hwmon ("temp1_crit", "84850\n");
  bus = ui_start_app (&app);

  g_test_add_func ("/ui/longtest/run", test_run);
  g_test_add_func ("/ui/longtest/stop", test_stop);
  status = g_test_run ();

  g_rmdir (folder);
  for (const char *const *n = (const char *const[]) { "temp1_input", "temp1_max", "temp1_crit", NULL }; *n; n++)
    {
      g_autofree char *path = g_build_filename (hwmon, *n, NULL);

      g_unlink (path);
    }
  g_rmdir (hwmon);
  g_free (hwmon);
  g_free (folder);
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  g_test_dbus_stop (bus);
  return status;
}
