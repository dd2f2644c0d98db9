/* test-ui-health-history.c — the Health page's History group in the real
 * app (demo drive): plain words with no snapshots; with a year of
 * synthetic snapshots in a temporary results database, thinned by the
 * store, each range (week, month, year): its samples, its date axis and
 * screenshots in tests/screenshots/ at 960 and 360 px; loads cancelled
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "drivedash-application.h"
#include "drivedash-demo.h"
#include "drivedash-health-history.h"
#include "drivedash-health-page.h"
#include "drivedash-health-write-item.h"
#include "drivedash-health-writes.h"
#include "drivedash-store-app-writes.h"
#include "drivedash-plot.h"
#include "drivedash-screenshot.h"
#include "drivedash-store-health.h"
#include "drivedash-window.h"

#include "drivedash-test-tree.h"
#include "test-ui-common.h"

/* A year and a day of readings; the watch stopped three days ago. */
#define DAYS 366
#define STOPPED_DAYS 3

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

static gboolean
not_loading (gpointer model)
{
  return !drivedash_health_history_model_get_loading (model);
}

/* A year as the watch leaves it: a reading every 10 minutes (full
 * health), stored a day at a time and thinned after each day by the
 * store's own thinning, as the watch thins them.  Temperatures follow the
 * hour of the day and the season; 100–140 GB written a day (120 on
 * average); percentage used 1 → 5 %. */
static void
seed (gint64 now)
{
  g_autoptr(DrivedashHealth) health = drivedash_demo_health_new ();
  g_autoptr(DrivedashStore) store = drivedash_store_open (NULL, NULL);
  g_autoptr(GArray) rows = g_array_new (FALSE, TRUE, sizeof (DrivedashSnapshot));
  g_autoptr(GArray) all = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start = now - now % 600 - DAYS * 86400, stop = now - STOPPED_DAYS * 86400;
  gint64 id, units = 40000000;
  guint tiers[3] = { 0 };

  g_assert_nonnull (store);
  id = drivedash_store_watch_drive (store, health->serial, health->model, health->controller, &error);
  g_assert_no_error (error);
  for (gint64 t = start; t < stop; t += 600)
    {
      double hour_of_day = (t % 86400) / 3600.0, day = (double) (t - start) / 86400;
      double c = 40 + 8 * sin ((hour_of_day - 9) / 24 * 2 * G_PI) + 6 * sin (day / 365 * 2 * G_PI);
      DrivedashSnapshot s = { .time = t, .samples = 10 };

      s.has = DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE | DRIVEDASH_SNAPSHOT_HAS_SMART;
      s.temperature_kelvin = c + 273.15;
      s.temperature_min_kelvin = (guint16) (c + 273.15 - 2);
      s.temperature_max_kelvin = (guint16) (c + 273.15 + 3);
      units += (gint64) ((100e9 + 40e9 * ((t / 86400) % 3) / 2) / 512000 / 144);
      s.data_units_written = units;
      /* On all the time: the thinned rows must not look like gaps. */
      s.power_on_hours = 1000 + (t - start) / 3600;
      s.percentage_used = 1 + (guint8) (4 * (t - start) / (stop - start));
      s.available_spare_percent = 100;
      g_array_append_val (rows, s);
      if ((t + 600) % 86400 == 0 || t + 600 >= stop)
        {
          g_assert_true (drivedash_store_add_snapshots (store, id, (DrivedashSnapshot *) rows->data,
                                                        rows->len, &error));
          g_assert_true (drivedash_store_thin_snapshots (store, t + 600, &error));
          g_assert_no_error (error);
          g_array_set_size (rows, 0);
        }
    }
  g_assert_true (drivedash_store_thin_snapshots (store, now, &error));
  all = drivedash_store_list_snapshots (store, id, 0, G_MAXINT64, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < all->len; i++)
    {
      gint64 t = g_array_index (all, DrivedashSnapshot, i).time;

      tiers[t >= now - DRIVEDASH_SNAPSHOT_KEEP_ALL_SECONDS ? 0 :
            t >= now - DRIVEDASH_SNAPSHOT_KEEP_HOURLY_SECONDS ? 1 : 2]++;
    }
  /* Thinned as the store does: nothing in the last day (the watch
   * stopped), hourly rows for 90 days, one a day before. */
  g_test_message ("%u rows: %u / %u / %u", all->len, tiers[0], tiers[1], tiers[2]);
  g_assert_cmpuint (tiers[0], ==, 0);
  g_assert_cmpuint (tiers[1], >=, (90 - STOPPED_DAYS) * 24 - 1);
  g_assert_cmpuint (tiers[1], <=, (90 - STOPPED_DAYS) * 24 + 1);
  g_assert_cmpuint (tiers[2], >=, DAYS - 90 - 1);
  g_assert_cmpuint (tiers[2], <=, DAYS - 90 + 1);
}

typedef struct
{
  gboolean done;
  GError  *error;
} Result;

static void
loaded_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Result *r = user_data;

  drivedash_health_history_model_load_finish (DRIVEDASH_HEALTH_HISTORY_MODEL (source), result, &r->error);
  r->done = TRUE;
}

static gboolean
is_done (gpointer data)
{
  return ((Result *) data)->done;
}

/* Loads in the model's thread and waits for the answer. */
static void
load (DrivedashHealthHistoryModel *model,
      const DrivedashHealth       *health,
      gint64                       now)
{
  Result r = { 0 };

  drivedash_health_history_model_load_async (model, NULL, health, now, loaded_cb, &r);
  g_assert_true (drivedash_health_history_model_get_loading (model));
  ui_iterate_until (is_done, &r, 20);
  g_assert_no_error (r.error);
  g_assert_false (drivedash_health_history_model_get_loading (model));
}

static void
collect_plots (GtkWidget *widget,
               GPtrArray *plots)
{
  if (DRIVEDASH_IS_PLOT (widget))
    g_ptr_array_add (plots, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_plots (c, plots);
}

static GtkToggleButton *
find_toggle (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_TOGGLE_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return GTK_TOGGLE_BUTTON (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkToggleButton *found = find_toggle (c, label);

      if (found)
        return found;
    }
  return NULL;
}

/* The X labels of PLOT as its render makes them (its width, font and
 * window; drivedash-plot-render.c): every one must match PATTERN. */
static void
assert_axis_labels (DrivedashPlot *plot,
                    const char    *pattern)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (plot), "0:00");
  g_autoptr(GRegex) regex = g_regex_new (pattern, 0, 0, NULL);
  g_autoptr(GString) seen = g_string_new (NULL);
  g_autoptr(GArray) ticks = NULL;
  DrivedashPlotFrame f = { .left = 60, .right = gtk_widget_get_width (GTK_WIDGET (plot)) - 8 };
  double t, y, step;
  int line_h;

  g_assert_cmpint (drivedash_plot_get_time_axis (plot), ==, DRIVEDASH_PLOT_TIME_DATE);
  g_assert_true (drivedash_plot_get_last (plot, 0, &t, &y));
  pango_layout_get_pixel_size (layout, NULL, &line_h);
  drivedash_plot_fit_x (TRUE, t, t, DRIVEDASH_PLOT_TIME_DATE, drivedash_plot_get_time_window (plot), &f.x0, &f.x1);
  ticks = drivedash_plot_time_ticks (&f, DRIVEDASH_PLOT_TIME_DATE,
                                     MAX (1, (int) ((f.right - f.left) / (line_h * 4.5))), &step);
  g_assert_cmpuint (ticks->len, >=, 2);
  for (guint i = 0; i < ticks->len; i++)
    {
      g_autofree char *label = drivedash_plot_format_time (g_array_index (ticks, double, i),
                                                           DRIVEDASH_PLOT_TIME_DATE, step);

      g_string_append_printf (seen, " %s", label);
      g_assert_true (g_regex_match (regex, label, 0, NULL));
    }
  g_test_message ("%d px:%s", gtk_widget_get_width (GTK_WIDGET (plot)), seen->str);
}

typedef struct
{
  const char           *name;
  DrivedashHistoryRange range;
  const char           *button;
  const char           *labels;  /* what every X label looks like */
} Range;

static const Range ranges[] = {
  { "week", DRIVEDASH_HISTORY_RANGE_WEEK, "Week", "^[0-9]{1,2} [A-Z][a-z]{2}$" },
  { "month", DRIVEDASH_HISTORY_RANGE_MONTH, "Month", "^[0-9]{1,2} [A-Z][a-z]{2}$" },
  { "year", DRIVEDASH_HISTORY_RANGE_YEAR, "Year", "^[A-Z][a-z]{2}( [0-9]{4})?$" },
};

/* What one range shows: its own samples (hours, or days for a year), up
 * to the watch's last reading, on a time axis that ends now. */
static void
check_range (DrivedashHealthHistory *history,
             const Range            *r,
             gint64                  now)
{
  DrivedashHealthHistoryModel *model = drivedash_health_history_get_history (history);
  g_autoptr(GPtrArray) plots = g_ptr_array_new ();
  gint64 span = drivedash_history_range_seconds (r->range);
  gint64 from = now - span, stop = now - STOPPED_DAYS * 86400;
  gint64 bucket = r->range == DRIVEDASH_HISTORY_RANGE_YEAR ? 86400 : 3600;
  guint expected = (guint) ((stop - from) / bucket);
  GArray *temperatures, *days, *snapshots;
  double t, y, x0, x1;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (history), "history.range", "s", r->name));
  ui_wait_frame (GTK_WIDGET (history));
  g_assert_cmpint (drivedash_health_history_model_get_range (model), ==, r->range);
  for (guint i = 0; i < G_N_ELEMENTS (ranges); i++)
    g_assert_true (gtk_toggle_button_get_active (find_toggle (GTK_WIDGET (history), ranges[i].button))
                   == (ranges[i].range == r->range));

  temperatures = drivedash_health_history_model_get_temperatures (model);
  days = drivedash_health_history_model_get_days (model);
  snapshots = drivedash_health_history_model_get_snapshots (model);
  g_test_message ("%s: %u temperatures (%u expected), %u days, %u snapshots", r->name,
                  temperatures->len, expected, days->len, snapshots->len);
  g_assert_cmpuint (temperatures->len, >=, expected - 1);
  g_assert_cmpuint (temperatures->len, <=, expected + 1);
  g_assert_cmpint (g_array_index (temperatures, DrivedashTrendHour, 0).time, >=, from - bucket);
  /* Finished days with writing: up to the day the watch stopped. */
  g_assert_cmpuint (days->len, >=, (stop - from) / 86400 - 1);
  g_assert_cmpuint (days->len, <=, (stop - from) / 86400 + 1);
  /* Percentage used from every row in the range: hourly rows for 90
   * days, daily ones before. */
  g_assert_cmpuint (snapshots->len, >=, MIN (expected, (stop - MAX (from, now - 90 * 86400)) / 3600 - 1));

  collect_plots (GTK_WIDGET (history), plots);
  g_assert_cmpuint (plots->len, ==, 3);
  g_assert_cmpuint (drivedash_plot_get_n_samples (plots->pdata[0], 1), ==, temperatures->len);
  g_assert_cmpuint (drivedash_plot_get_n_samples (plots->pdata[1], 0), ==, days->len);
  g_assert_cmpuint (drivedash_plot_get_n_samples (plots->pdata[2], 0), ==, snapshots->len);
  for (guint i = 0; i < plots->len; i++)
    {
      g_assert_cmpfloat (drivedash_plot_get_time_window (plots->pdata[i]), ==, (double) span);
      assert_axis_labels (plots->pdata[i], r->labels);
    }
  /* The mean line is in °C, and the axis ends now, three days after the
   * newest sample: the gap shows. */
  g_assert_true (drivedash_plot_get_last (plots->pdata[0], 1, &t, &y));
  g_assert_cmpfloat (y, >, 25);
  g_assert_cmpfloat (y, <, 55);
  drivedash_plot_fit_x (TRUE, t, t, DRIVEDASH_PLOT_TIME_DATE, (double) span, &x0, &x1);
  g_assert_cmpfloat (x1 - t, >=, STOPPED_DAYS * 86400 - bucket);
}

static void
save (DrivedashHealthHistory *history,
      const char             *name)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "screenshots", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  ui_wait_frame (GTK_WIDGET (history));
  g_assert_true (drivedash_screenshot_save (GTK_WIDGET (history), path, &error));
  g_assert_no_error (error);
  g_test_message ("saved %s", path);
}

static void
test_history (void)
{
  /* The default width (960); tall, so the whole group is laid out. */
  DrivedashWindow *window = ui_open_window (app, 960, 2600);
  DrivedashHealthHistory *history;
  DrivedashHealthHistoryModel *model;
  DrivedashHealthPage *page;
  g_autoptr(DrivedashHealth) health = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  ui_iterate_until (has_health, window, 10);
  history = find_history (window);
  model = drivedash_health_history_get_history (history);
  page = DRIVEDASH_HEALTH_PAGE (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HEALTH_PAGE));
  /* Our own reference: the demo drive's next refresh replaces the model's
   * report, and this test runs longer than that. */
  health = drivedash_health_ref (drivedash_health_model_get_health (drivedash_health_page_get_model (page)));

  /* No database at all: plain words, and none is made. */
  ui_iterate_until (not_loading, model, 20);
  g_assert_false (drivedash_health_history_model_get_has_history (model));
  g_assert_nonnull (strstr (drivedash_health_history_model_get_status (model),
                            "once the background watch has run for a while"));
  g_assert_true (gtk_widget_get_visible (ui_find_descendant (GTK_WIDGET (history), GTK_TYPE_LABEL)));
  save (history, "health-history-empty.png");

  seed (now);
  load (model, health, now);
  g_assert_true (drivedash_health_history_model_get_has_history (model));
  g_assert_null (drivedash_health_history_model_get_status (model));
  g_test_message ("%s", drivedash_health_history_model_get_projection (model));
  g_assert_nonnull (strstr (drivedash_health_history_model_get_projection (model),
                            "At your usual 120 GB a day, this drive reaches its rated 600 TB written in about"));

  for (guint i = 0; i < G_N_ELEMENTS (ranges); i++)
    {
      g_autofree char *name = g_strdup_printf ("health-history-%s.png", ranges[i].name);
      g_autofree char *narrow = g_strdup_printf ("health-history-%s-360.png", ranges[i].name);

      ui_resize (window, 960, 2600);
      check_range (history, &ranges[i], now);
      save (history, name);
      ui_resize (window, 360, 2600);
      check_range (history, &ranges[i], now);
      save (history, narrow);
    }
  gtk_window_set_default_size (GTK_WINDOW (window), 960, 2600);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (history), "history.range", "s", "week"));

  /* Another drive (the same database): no history of its own, and
   * nothing made for it. */
  {
    g_autoptr(DrivedashHealth) other = drivedash_demo_health_new ();

    g_free (other->serial);
    other->serial = g_strdup ("OTHER-DRIVE");
    load (model, other, now);
    g_assert_false (drivedash_health_history_model_get_has_history (model));
    g_assert_nonnull (drivedash_health_history_model_get_status (model));
    load (model, health, now);
    g_assert_true (drivedash_health_history_model_get_has_history (model));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A new load (another drive chosen) cancels the one before, whose answer
 * never lands; the page going away cancels its load. */
static void
test_cancel (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1200);
  DrivedashHealthPage *page = DRIVEDASH_HEALTH_PAGE (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HEALTH_PAGE));
  g_autoptr(DrivedashHealthHistoryModel) model = NULL;
  g_autoptr(DrivedashHealth) other = drivedash_demo_health_new ();
  g_autoptr(DrivedashHealth) health = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  Result first = { 0 }, second = { 0 }, gone = { 0 };

  ui_iterate_until (has_health, window, 10);
  health = drivedash_health_ref (drivedash_health_model_get_health (drivedash_health_page_get_model (page)));
  model = g_object_ref (drivedash_health_history_get_history (find_history (window)));
  ui_iterate_until (not_loading, model, 20);
  g_free (other->serial);
  other->serial = g_strdup ("OTHER-DRIVE");

  drivedash_health_history_model_load_async (model, NULL, health, now, loaded_cb, &first);
  drivedash_health_history_model_load_async (model, NULL, other, now, loaded_cb, &second);
  ui_iterate_until (is_done, &first, 20);
  ui_iterate_until (is_done, &second, 20);
  g_assert_error (first.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_no_error (second.error);
  /* The other drive's answer, not the first one's year. */
  g_assert_false (drivedash_health_history_model_get_has_history (model));

  drivedash_health_history_model_load_async (model, NULL, health, now, loaded_cb, &gone);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_iterate_until (is_done, &gone, 20);
  g_assert_error (gone.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (drivedash_health_history_model_get_has_history (model));
  g_clear_error (&first.error);
  g_clear_error (&gone.error);
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
static gboolean
label_is_hidden (gpointer data)
{
  return !gtk_widget_is_drawable (GTK_WIDGET (data));
}

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
  ui_iterate_until (label_is_hidden, label, 10);
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

/* What the watch kept of each app's writes, four days ago, when the
 * seeded drive was still watched: after test_history's seed. */
static void
seed_app_writes (gint64 now)
{
  static const struct { const char *app; guint64 gb; } apps[] = {
    { "com.valvesoftware.Steam", 180 }, { "org.mozilla.firefox", 40 }, { "org.gnome.Nautilus", 25 },
    { "System: packagekit.service", 12 }, { "org.gnome.Builder", 6 }, { "dd", 3 }, { "cc1", 1 },
  };
  g_autoptr(DrivedashHealth) health = drivedash_demo_health_new ();
  g_autoptr(DrivedashStore) store = drivedash_store_open (NULL, NULL);
  g_autoptr(GError) error = NULL;
  gint64 id = drivedash_store_watch_drive (store, health->serial, health->model, health->controller, &error);
  g_autoptr(GArray) week = g_array_new (FALSE, TRUE, sizeof (DrivedashSnapshot));

  g_assert_no_error (error);
  /* The drive's own readings over the last 8 days: 80 GB a day. */
  for (gint64 t = now - now % 3600 - 8 * 86400; t <= now; t += 3600)
    {
      DrivedashSnapshot r = { .time = t, .samples = 60, .has = DRIVEDASH_SNAPSHOT_HAS_SMART };

      r.data_units_written = 50000000 + (t - now + 8 * 86400) * (gint64) (80e9 / 86400 / 512000);
      r.available_spare_percent = 100;
      g_array_append_val (week, r);
    }
  g_assert_true (drivedash_store_add_snapshots (store, id, (DrivedashSnapshot *) week->data, week->len, &error));
  for (guint i = 0; i < G_N_ELEMENTS (apps); i++)
    g_assert_true (drivedash_store_add_app_writes (store, id, now - 4 * 86400 + i * 3600, apps[i].app,
                                                   apps[i].gb * G_GUINT64_CONSTANT (1000000000), &error));
  g_assert_no_error (error);
}

static gboolean
has_writes (gpointer writes)
{
  return drivedash_health_writes_model_get_has_writes (writes);
}

/* "What Writes to This Drive": the top five apps, "Others", their shares
 * of what the drive itself wrote and the gap said; at 960 and 360 px.
 * PREFIX names the screenshots. */
static void
writes_screenshots (const char *prefix)
{
  DrivedashWindow *window;
  DrivedashHealthWrites *group;
  DrivedashHealthWritesModel *writes;
  GListModel *items;

  /* Before the window: the group reads once a minute at most. */
  seed_app_writes (g_get_real_time () / G_USEC_PER_SEC);
  window = ui_open_window (app, 960, 2600);
  ui_iterate_until (has_health, window, 10);
  group = DRIVEDASH_HEALTH_WRITES (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HEALTH_WRITES));
  writes = drivedash_health_writes_get_writes (group);
  ui_iterate_until (has_writes, writes, 20);
  items = drivedash_health_writes_model_get_items (writes);
  g_assert_cmpuint (g_list_model_get_n_items (items), ==, DRIVEDASH_HEALTH_WRITES_TOP + 1);
  {
    g_autoptr(DrivedashHealthWriteItem) first = g_list_model_get_item (items, 0);
    g_autoptr(DrivedashHealthWriteItem) last = g_list_model_get_item (items, DRIVEDASH_HEALTH_WRITES_TOP);

    g_assert_cmpstr (drivedash_health_write_item_get_title (first), ==, "com.valvesoftware.Steam");
    g_assert_cmpstr (drivedash_health_write_item_get_title (last), ==, _("Others"));
    g_test_message ("%s: %s", drivedash_health_write_item_get_title (first),
                    drivedash_health_write_item_get_subtitle (first));
  }
  g_test_message ("%s", drivedash_health_writes_model_get_summary (writes));
  /* The week: 7 days at 80 GB a day against 267 GB from apps. */
  g_assert_true (strstr (drivedash_health_writes_model_get_summary (writes), _("Others")) == NULL);
  /* The write budget at this rate, for the demo drive's rated 600 TB. */
  if (g_getenv ("LANGUAGE") == NULL)
    g_assert_nonnull (strstr (drivedash_health_writes_model_get_summary (writes),
                              " At this rate the drive reaches its rated 600 TB in about "));
  g_assert_cmpstr (drivedash_health_writes_model_get_summary (writes), !=,
                   _("Nothing the watch saw was written to this drive in this time."));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (group)));
  ui_screenshot_widget (GTK_WIDGET (group), prefix, "960");
  ui_resize (window, 360, 2600);
  ui_screenshot_widget (GTK_WIDGET (group), prefix, "360");
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_writes (void)
{
  writes_screenshots ("health-writes");
}

static void
test_writes_japanese (void)
{
  ui_in_japanese (writes_screenshots, "health-writes-ja", "What Writes to This Drive");
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
  g_test_add_func ("/ui/health-history/cancel", test_cancel);
  g_test_add_func ("/ui/health-history/watch-offer", test_watch_offer);
  g_test_add_func ("/ui/health-history/writes", test_writes);
  g_test_add_func ("/ui/health-history/writes-japanese", test_writes_japanese);
  status = g_test_run ();
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  g_test_dbus_stop (bus);
  drivedash_test_tree_remove (data_home);
  return status;
}
