/* test-ui-health-history.c — the Health page's History group in the real
 * app (demo drive): plain words with no snapshots; with a month of
 * synthetic snapshots in a temporary results database, the hourly
 * temperatures, data written per day, percentage used and the
 * projection, and a screenshot in tests/screenshots/
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "drivedash-application.h"
#include "drivedash-demo.h"
#include "drivedash-health-history.h"
#include "drivedash-health-page.h"
#include "drivedash-plot.h"
#include "drivedash-screenshot.h"
#include "drivedash-store-health.h"
#include "drivedash-window.h"

#include "drivedash-test-tree.h"
#include "test-ui-common.h"

#define DAYS 30

static DrivedashApplication *app;

static DrivedashHealthHistory *
find_history (DrivedashWindow *window)
{
  GtkWidget *w = ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HEALTH_HISTORY);

  g_assert_nonnull (w);
  return DRIVEDASH_HEALTH_HISTORY (w);
}

static gboolean
has_health (gpointer data)
{
  DrivedashHealthPage *page = DRIVEDASH_HEALTH_PAGE (ui_find_descendant (data, DRIVEDASH_TYPE_HEALTH_PAGE));

  return drivedash_health_model_get_health (drivedash_health_page_get_model (page)) != NULL;
}

/* A month as the watch leaves it: hourly (thinned) rows, then minutes for
 * the last day; the counters every hour: 100–140 GB a day (120 on average), 4 → 5 %
 * used.  The demo drive is rated for 600 TB: (600 − 24 TB) ÷ 120 GB a day
 * ≈ 13 years. */
static guint
seed (gint64 now)
{
  g_autoptr(DrivedashHealth) health = drivedash_demo_health_new ();
  g_autoptr(DrivedashStore) store = drivedash_store_open (NULL, NULL);
  g_autoptr(GArray) rows = g_array_new (FALSE, TRUE, sizeof (DrivedashSnapshot));
  g_autoptr(GError) error = NULL;
  gint64 start = now - now % 3600 - DAYS * 86400;
  gint64 id, units = 40000000;

  g_assert_nonnull (store);
  id = drivedash_store_watch_drive (store, health->serial, health->model, health->controller, &error);
  g_assert_no_error (error);
  for (gint64 t = start; t < now; t += t < now - 86400 ? 3600 : 600)
    {
      double hour_of_day = (t % 86400) / 3600.0;
      double c = 42 + 8 * sin ((hour_of_day - 9) / 24 * 2 * G_PI);
      DrivedashSnapshot s = { .time = t, .samples = t < now - 86400 ? 60 : 10 };

      s.has = DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE | DRIVEDASH_SNAPSHOT_HAS_SMART;
      s.temperature_kelvin = c + 273.15;
      s.temperature_min_kelvin = (guint16) (c + 273.15 - 3);
      s.temperature_max_kelvin = (guint16) (c + 273.15 + 4);
      units += (gint64) ((100e9 + 40e9 * ((t / 86400) % 3) / 2) / 512000 * (t < now - 86400 ? 1 : 1 / 6.0) / 24);
      s.data_units_written = units;
      s.percentage_used = t < start + DAYS * 86400 / 2 ? 4 : 5;
      s.available_spare_percent = 100;
      g_array_append_val (rows, s);
    }
  g_assert_true (drivedash_store_add_snapshots (store, id, (DrivedashSnapshot *) rows->data, rows->len, &error));
  g_assert_no_error (error);
  return rows->len;
}

static void
test_history (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 2600);
  DrivedashHealthHistory *history;
  DrivedashHealthHistoryModel *model;
  DrivedashHealthPage *page;
  DrivedashHealth *health;
  GtkWidget *plot;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "screenshots", NULL);
  g_autofree char *path = g_build_filename (dir, "health-history.png", NULL);
  g_autofree char *empty_path = g_build_filename (dir, "health-history-empty.png", NULL);
  g_autoptr(GError) error = NULL;
  gdouble t, y;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  ui_iterate_until (has_health, window, 10);
  history = find_history (window);
  model = drivedash_health_history_get_history (history);
  page = DRIVEDASH_HEALTH_PAGE (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HEALTH_PAGE));
  health = drivedash_health_model_get_health (drivedash_health_page_get_model (page));

  /* No database at all: plain words, and none is made. */
  g_assert_false (drivedash_health_history_model_get_has_history (model));
  g_assert_nonnull (strstr (drivedash_health_history_model_get_status (model),
                            "once the background watch has run for a while"));
  g_assert_true (gtk_widget_get_visible (ui_find_descendant (GTK_WIDGET (history), GTK_TYPE_LABEL)));
  ui_iterate_for (300);
  g_assert_true (drivedash_screenshot_save (GTK_WIDGET (history), empty_path, &error));
  g_assert_no_error (error);

  g_test_message ("%u snapshots", seed (now));
  drivedash_health_history_model_load (model, NULL, health, now);
  g_assert_true (drivedash_health_history_model_get_has_history (model));
  g_assert_null (drivedash_health_history_model_get_status (model));
  g_test_message ("%s", drivedash_health_history_model_get_projection (model));
  g_assert_nonnull (strstr (drivedash_health_history_model_get_projection (model),
                            "about 120 GB a day. At this rate the rated 600 TB is reached in about 13 years."));
  /* One point per hour with a temperature: 30 days, plus the last day's. */
  g_assert_cmpuint (drivedash_health_history_model_get_hours (model)->len, >=, DAYS * 24 - 1);
  g_assert_cmpuint (drivedash_health_history_model_get_hours (model)->len, <=, DAYS * 24 + 1);
  g_assert_cmpuint (drivedash_health_history_model_get_days (model)->len, >=, DAYS - 1);
  plot = ui_find_descendant (GTK_WIDGET (history), DRIVEDASH_TYPE_PLOT);
  g_assert_cmpuint (drivedash_plot_get_n_series (DRIVEDASH_PLOT (plot)), ==, 3);
  g_assert_cmpuint (drivedash_plot_get_n_samples (DRIVEDASH_PLOT (plot), 1), ==,
                    drivedash_health_history_model_get_hours (model)->len);
  /* The mean line is in °C. */
  g_assert_true (drivedash_plot_get_last (DRIVEDASH_PLOT (plot), 1, &t, &y));
  g_assert_cmpfloat (y, >, 30);
  g_assert_cmpfloat (y, <, 55);

  /* Another drive (the same database): no history of its own, and
   * nothing made for it. */
  {
    g_autoptr(DrivedashHealth) other = drivedash_demo_health_new ();

    g_free (other->serial);
    other->serial = g_strdup ("OTHER-DRIVE");
    drivedash_health_history_model_load (model, NULL, other, now);
    g_assert_false (drivedash_health_history_model_get_has_history (model));
    g_assert_nonnull (drivedash_health_history_model_get_status (model));
    drivedash_health_history_model_load (model, NULL, health, now);
    g_assert_true (drivedash_health_history_model_get_has_history (model));
  }

  ui_iterate_for (500);
  g_assert_true (drivedash_screenshot_save (GTK_WIDGET (history), path, &error));
  g_assert_no_error (error);
  g_test_message ("saved %s", path);
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
find_label (GtkWidget  *widget,
            const char *start)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), start))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_label (c, start);

      if (found)
        return found;
    }
  return NULL;
}

/* The first-run offer on the page: shown, then gone after "Not Now",
 * also in a new window (the setting; test-watch-hint checks the rest). */
static void
test_watch_offer (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1200);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *page = ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HEALTH_PAGE);
  GtkWidget *label;

  ui_iterate_until (has_health, window, 10);
  label = find_label (page, "Watch your drives in the background?");
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_is_drawable (label));
  g_assert_true (gtk_widget_activate_action (page, "health.watch-not-now", NULL));
  ui_iterate_for (100);
  g_assert_false (gtk_widget_is_drawable (label));
  g_assert_true (g_settings_get_boolean (settings, "watch-hint-dismissed"));
  g_assert_false (g_settings_get_boolean (settings, "watch-in-background"));
  gtk_window_destroy (GTK_WINDOW (window));

  window = ui_open_window (app, 960, 1200);
  ui_iterate_until (has_health, window, 10);
  label = find_label (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HEALTH_PAGE),
                      "Watch your drives in the background?");
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (label)));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data_home = NULL;
  GTestDBus *bus;
  int status;

  g_test_init (&argc, &argv, NULL);
  /* Before anything reads it: GLib keeps the first answer. */
  data_home = g_dir_make_tmp ("drivedash-history-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  drivedash_demo_set_enabled (TRUE);
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/drivedash-test", TRUE);
  bus = ui_start_app (&app);
  g_test_add_func ("/ui/health-history/history", test_history);
  g_test_add_func ("/ui/health-history/watch-offer", test_watch_offer);
  status = g_test_run ();
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  g_test_dbus_stop (bus);
  drivedash_test_tree_remove (data_home);
  return status;
}
