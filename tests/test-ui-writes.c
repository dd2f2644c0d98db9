/* test-ui-writes.c — "What Writes to This Drive" over time in the real
 * app (demo drive): a month of what apps wrote, seeded in a temporary
 * results database; the group's rows, its details window's stacked bars
 * adding up to the same figures for each period, an app's spike
 * notification opening them with that app in full colour; screenshots
 * in tests/screenshots/ at 960 and 360 px, in English and Japanese
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "drivedash-application.h"
#include "drivedash-demo.h"
#include "drivedash-health-page.h"
#include "drivedash-health-write-item.h"
#include "drivedash-health-writes-window.h"
#include "drivedash-health-writes.h"
#include "drivedash-plot.h"
#include "drivedash-screenshot.h"
#include "drivedash-store-app-writes.h"
#include "drivedash-store-health.h"
#include "drivedash-watch-rules.h"
#include "drivedash-window.h"

#include "drivedash-test-tree.h"
#include "test-ui-common.h"

#define GB   1e9
#define HOUR 3600
#define DAYS 31
#define SPIKE_APP "com.valvesoftware.Steam"

static DrivedashApplication *app;

/* What one app writes in one hour of a month, by a rhythm of the day
 * and the week: a browser all day, a game's updates some evenings and
 * today's big download (the spike), file copies, a system update a week,
 * a build at work hours, and small writers that end up as "Others". */
static double
app_gb (guint       a,
        GDateTime  *at,
        int         day,
        GRand      *rand)
{
  int hour = g_date_time_get_hour (at), weekday = g_date_time_get_day_of_week (at);
  gboolean awake = hour >= 8 && hour < 24;

  switch (a)
    {
    case 0: /* Steam */
      if (day == 0)
        return hour >= 9 && hour < 23 ? 5.0 : 0;
      return day % 6 == 2 && hour >= 19 && hour < 22 ? 4.0 + g_rand_double (rand) : 0;
    case 1: /* Firefox */
      return awake ? 0.15 + 0.1 * g_rand_double (rand) : 0;
    case 2: /* Nautilus */
      return (day == 3 || day == 12 || day == 20) && hour == 15 ? 14.0 : 0;
    case 3: /* packagekit */
      return day % 7 == 4 && hour == 10 ? 2.5 : 0;
    case 4: /* Builder */
      return weekday <= 5 && hour >= 9 && hour < 18 ? 0.4 + 0.2 * g_rand_double (rand) : 0;
    case 5: /* tracker */
      return awake ? 0.03 : 0;
    default:
      return awake && hour % 3 == 0 ? 0.05 : 0;
    }
}

/* A month as the watch leaves it, ending now: each app's writes per
 * hour, and the drive's own readings each hour, which run about an
 * eighth above the apps' (the system's own writes). */
static void
seed (void)
{
  static const char *const apps[] = {
    SPIKE_APP, "org.mozilla.firefox", "org.gnome.Nautilus", "System: packagekit.service",
    "org.gnome.Builder", "System: tracker-miner-fs-3.service", "dd",
  };
  static gboolean seeded;
  const gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autoptr(DrivedashHealth) health = drivedash_demo_health_new ();
  g_autoptr(DrivedashStore) store = drivedash_store_open (NULL, NULL);
  g_autoptr(GArray) readings = g_array_new (FALSE, TRUE, sizeof (DrivedashSnapshot));
  g_autoptr(GRand) rand = g_rand_new_with_seed (39);
  g_autoptr(GError) error = NULL;
  double units = 60e6;
  gint64 id;

  if (seeded)
    return;
  seeded = TRUE;
  id = drivedash_store_watch_drive (store, health->serial, health->model, health->controller, &error);
  g_assert_no_error (error);
  for (gint64 t = now - now % HOUR - DAYS * 86400; t <= now; t += HOUR)
    {
      g_autoptr(GDateTime) at = g_date_time_new_from_unix_local (t);
      int day = (int) ((now - t) / 86400);
      DrivedashSnapshot r = { .time = t, .samples = 60, .has = DRIVEDASH_SNAPSHOT_HAS_SMART };
      double hour_gb = 0.05;

      for (guint a = 0; a < G_N_ELEMENTS (apps); a++)
        {
          double gb = app_gb (a, at, day, rand);

          if (gb <= 0)
            continue;
          hour_gb += gb;
          g_assert_true (drivedash_store_add_app_writes (store, id, t + 60, apps[a], (guint64) (gb * GB), &error));
        }
      units += hour_gb * 1.12 * GB / 512000;
      r.data_units_written = (gint64) units;
      r.available_spare_percent = 100;
      g_array_append_val (readings, r);
    }
  g_assert_true (drivedash_store_add_snapshots (store, id, (DrivedashSnapshot *) readings->data, readings->len, &error));
  g_assert_no_error (error);
}

static gboolean
has_health (gpointer data)
{
  DrivedashHealthPage *page = DRIVEDASH_HEALTH_PAGE (ui_find_descendant (data, DRIVEDASH_TYPE_HEALTH_PAGE));

  return drivedash_health_model_get_health (drivedash_health_page_get_model (page)) != NULL;
}

static gboolean
group_has_writes (gpointer writes)
{
  return drivedash_health_writes_model_get_has_writes (writes);
}

static gboolean
plot_has_writes (gpointer model)
{
  return drivedash_health_writes_plot_model_get_has_writes (model);
}

/* The details window the app has open, or NULL. */
static DrivedashHealthWritesWindow *
details_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (DRIVEDASH_IS_HEALTH_WRITES_WINDOW (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return DRIVEDASH_HEALTH_WRITES_WINDOW (w);
    }
  return NULL;
}

static gboolean
details_shown (gpointer data)
{
  return details_window () != NULL;
}

/* What the group's source says each app wrote in @period: the store's
 * totals, as the writes model reads them. */
static GHashTable *
store_totals (DrivedashWritesPeriod period,
              gint64                now)
{
  g_autoptr(DrivedashHealth) health = drivedash_demo_health_new ();
  g_autoptr(DrivedashStore) store = drivedash_store_open (NULL, NULL);
  gint64 id = drivedash_store_find_watch_drive (store, health->serial, health->controller, NULL);
  g_autoptr(GPtrArray) totals = drivedash_store_list_app_writes (store, id, now - drivedash_writes_period_seconds (period),
                                                                 NULL);
  GHashTable *out = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; i < totals->len; i++)
    {
      const DrivedashAppTotal *t = g_ptr_array_index (totals, i);

      g_hash_table_insert (out, g_strdup (t->app), g_memdup2 (&t->bytes, sizeof t->bytes));
    }
  return out;
}

/* Each part adds up, over the bars, to what the store says the app
 * wrote in the period (the group's figure); each bar on the plot is its
 * parts added; the parts are the group's rows in the group's order. */
static void
check_adds_up (DrivedashHealthWritesWindow *window,
               GListModel                  *rows)
{
  DrivedashHealthWritesPlotModel *m = drivedash_health_writes_window_get_plot_model (window);
  DrivedashPlot *plot = drivedash_health_writes_window_get_plot (window);
  const guint n_parts = drivedash_health_writes_plot_model_get_n_parts (m);
  gint64 since, until;
  g_autoptr(GHashTable) totals = NULL;
  guint64 others = 0, all = 0;
  GHashTableIter iter;
  gpointer key, value;

  drivedash_health_writes_plot_model_get_range (m, &since, &until);
  totals = store_totals (drivedash_health_writes_plot_model_get_period (m), until);
  g_assert_cmpuint (drivedash_plot_get_n_stacked (plot), ==, n_parts);
  g_assert_cmpuint (drivedash_plot_get_n_series (plot), ==, n_parts + 1);
  for (guint p = 0; p < n_parts; p++)
    {
      const char *a = drivedash_health_writes_plot_model_get_app (m, p);
      guint64 sum = 0;

      for (guint b = 0; b < drivedash_health_writes_plot_model_get_n_bars (m); b++)
        sum += drivedash_health_writes_plot_model_get_bytes (m, b, p);
      if (a != NULL)
        g_assert_cmpuint (sum, ==, *(guint64 *) g_hash_table_lookup (totals, a));
      else
        others = sum;
      all += sum;
      g_assert_cmpstr (drivedash_plot_get_series_label (plot, p), ==, drivedash_health_writes_plot_model_get_label (m, p));
      if (rows != NULL && p < g_list_model_get_n_items (rows))
        {
          g_autoptr(DrivedashHealthWriteItem) row = g_list_model_get_item (rows, p);

          g_assert_cmpstr (drivedash_health_write_item_get_title (row), ==, a ? a : _("Others"));
        }
    }
  if (rows != NULL)
    g_assert_cmpuint (g_list_model_get_n_items (rows), ==, n_parts);
  g_hash_table_iter_init (&iter, totals);
  while (g_hash_table_iter_next (&iter, &key, &value))
    all -= *(guint64 *) value;
  g_assert_cmpuint (all, ==, 0);
  /* "Others" only holds what the named parts do not. */
  g_assert_true (n_parts <= DRIVEDASH_HEALTH_WRITES_TOP || others > 0);
  for (guint b = 0; b < drivedash_health_writes_plot_model_get_n_bars (m); b++)
    {
      double bar = 0;

      for (guint p = 0; p < n_parts; p++)
        bar += drivedash_health_writes_plot_model_get_bytes (m, b, p) / GB;
      g_assert_cmpfloat_with_epsilon (drivedash_plot_get_stack_total (
                                        plot, drivedash_health_writes_plot_model_get_bar_time (m, b)), bar, 1e-9);
    }
}

/* The group's rows: Steam first this week, then the others, "Others". */
static GListModel *
check_group (DrivedashWindow       *window,
             DrivedashHealthWrites *group)
{
  DrivedashHealthWritesModel *writes = drivedash_health_writes_get_writes (group);
  GListModel *items;

  ui_iterate_until (group_has_writes, writes, 20);
  items = drivedash_health_writes_model_get_items (writes);
  g_assert_cmpuint (g_list_model_get_n_items (items), ==, DRIVEDASH_HEALTH_WRITES_TOP + 1);
  {
    g_autoptr(DrivedashHealthWriteItem) first = g_list_model_get_item (items, 0);
    g_autoptr(DrivedashHealthWriteItem) last = g_list_model_get_item (items, DRIVEDASH_HEALTH_WRITES_TOP);

    g_assert_cmpstr (drivedash_health_write_item_get_title (first), ==, SPIKE_APP);
    g_assert_cmpstr (drivedash_health_write_item_get_title (last), ==, _("Others"));
    g_test_message ("%s: %s", SPIKE_APP, drivedash_health_write_item_get_subtitle (first));
  }
  g_test_message ("%s", drivedash_health_writes_model_get_summary (writes));
  ui_wait_frame (GTK_WIDGET (window));
  g_assert_true (ui_shows_text (GTK_WIDGET (group), SPIKE_APP));
  g_assert_true (ui_shows_text (GTK_WIDGET (group), _("Writes over Time")));
  return items;
}

/* The details of each period at 960 and 360 px; back on @period. */
static void
check_details (DrivedashHealthWritesWindow *details,
               GListModel                  *rows,
               const char                  *prefix)
{
  static const char *const names[] = { "day", "week", "month" };
  DrivedashHealthWritesPlotModel *m = drivedash_health_writes_window_get_plot_model (details);

  ui_iterate_until (plot_has_writes, m, 20);
  for (DrivedashWritesPeriod p = DRIVEDASH_WRITES_PERIOD_DAY; p <= DRIVEDASH_WRITES_PERIOD_MONTH; p++)
    {
      g_autofree char *wide = g_strdup_printf ("%s-details-%s-960.png", prefix, names[p]);
      g_autofree char *narrow = g_strdup_printf ("%s-details-%s-360.png", prefix, names[p]);

      g_object_set (details, "period", p, NULL);
      g_assert_cmpint (drivedash_health_writes_plot_model_get_period (m), ==, p);
      /* The group's rows are its week's. */
      check_adds_up (details, p == DRIVEDASH_WRITES_PERIOD_WEEK ? rows : NULL);
      g_assert_cmpint (drivedash_health_writes_plot_model_get_bar_span (m), ==, p == DRIVEDASH_WRITES_PERIOD_DAY ? 3600 : 86400);
      g_assert_cmpuint (drivedash_health_writes_plot_model_get_n_bars (m), >=, p == DRIVEDASH_WRITES_PERIOD_DAY ? 24 : p == DRIVEDASH_WRITES_PERIOD_WEEK ? 7 : 30);
      g_test_message ("%s: %s", names[p], drivedash_health_writes_plot_model_get_summary (m));
      ui_resize (details, 960, 720);
      g_free (ui_screenshot (details, wide));
      ui_screenshot_at (details, 360, 720, narrow);
    }
}

/* The notification as GNOME Shell shows it, drawn here: Xvfb has no
 * notification server, so this is the real text and the real buttons'
 * actions in a window of our own, not the Shell's banner. */
static void
save_notification (const char *prefix,
                   const char *controller)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  g_autofree char *title = NULL, *body = NULL;
  g_autofree char *name = g_strdup_printf ("%s-notification.png", prefix);
  GtkWidget *label;
  const char *verbs[] = { _("Show Details"), _("Don’t Warn About This App") };

  drivedash_watch_app_spike_describe (SPIKE_APP, "Demo SSD", (guint64) (70 * GB), 9, 600, &title, &body);
  gtk_window_set_application (GTK_WINDOW (window), GTK_APPLICATION (app));
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, -1);
  gtk_widget_add_css_class (box, "card");
  g_object_set (box, "margin-start", 12, "margin-end", 12, "margin-top", 12, "margin-bottom", 12, NULL);
  label = gtk_label_new (title);
  gtk_widget_add_css_class (label, "heading");
  g_object_set (label, "wrap", TRUE, "xalign", 0.0f, "margin-start", 12, "margin-end", 12, "margin-top", 12, NULL);
  gtk_box_append (GTK_BOX (box), label);
  label = gtk_label_new (body);
  g_object_set (label, "wrap", TRUE, "xalign", 0.0f, "margin-start", 12, "margin-end", 12, NULL);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_set_homogeneous (GTK_BOX (buttons), TRUE);
  g_object_set (buttons, "margin-start", 12, "margin-end", 12, "margin-bottom", 12, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (verbs); i++)
    {
      GtkWidget *button = gtk_button_new_with_label (verbs[i]);

      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), i ? "app.mute-app" : "app.show-app-writes");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(ss)", controller, SPIKE_APP);
      gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), TRUE);
      gtk_box_append (GTK_BOX (buttons), button);
    }
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
  ui_iterate_until (ui_widget_is_mapped, window, 10);
  g_free (ui_screenshot (window, name));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
writes_details (const char *prefix)
{
  DrivedashWindow *window;
  DrivedashHealthWrites *group;
  DrivedashHealthWritesWindow *details;
  DrivedashHealthWritesPlotModel *m;
  GListModel *rows;
  g_autofree char *controller = NULL;
  g_autofree char *highlighted = g_strdup_printf ("%s-details-highlight-360.png", prefix);

  seed ();
  window = ui_open_window (app, 960, 2600);
  ui_iterate_until (has_health, window, 10);
  controller = g_strdup (drivedash_health_model_get_health (drivedash_health_page_get_model (
    DRIVEDASH_HEALTH_PAGE (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HEALTH_PAGE))))->controller);
  group = DRIVEDASH_HEALTH_WRITES (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HEALTH_WRITES));
  rows = check_group (window, group);
  ui_screenshot_widget (GTK_WIDGET (group), prefix, "group-960");
  ui_resize (window, 360, 2600);
  ui_screenshot_widget (GTK_WIDGET (group), prefix, "group-360");
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);

  /* The group's "Writes over Time" row. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (group), "writes.details", NULL));
  ui_iterate_until (details_shown, NULL, 10);
  details = details_window ();
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (details)) == GTK_WINDOW (window));
  m = drivedash_health_writes_window_get_plot_model (details);
  g_assert_cmpint (drivedash_health_writes_plot_model_get_period (m), ==, DRIVEDASH_WRITES_PERIOD_WEEK);
  g_assert_cmpuint (drivedash_health_writes_plot_model_get_highlight_part (m), ==, G_MAXUINT);
  check_details (details, rows, prefix);
  gtk_window_destroy (GTK_WINDOW (details));

  /* The spike notification's Show Details: the month, Steam in full
   * colour (the bottom part, as it wrote the most). */
  save_notification (prefix, controller);
  g_action_group_activate_action (G_ACTION_GROUP (app), "show-app-writes",
                                  g_variant_new ("(ss)", controller, SPIKE_APP));
  ui_iterate_until (details_shown, NULL, 10);
  details = details_window ();
  m = drivedash_health_writes_window_get_plot_model (details);
  ui_iterate_until (plot_has_writes, m, 20);
  g_assert_cmpint (drivedash_health_writes_plot_model_get_period (m), ==, DRIVEDASH_WRITES_PERIOD_MONTH);
  g_assert_cmpuint (drivedash_health_writes_plot_model_get_highlight_part (m), ==, 0);
  g_assert_cmpstr (drivedash_health_writes_plot_model_get_app (m, 0), ==, SPIKE_APP);
  check_adds_up (details, NULL);
  ui_resize (details, 360, 720);
  ui_screenshot_at (details, 360, 720, highlighted);
  gtk_window_destroy (GTK_WINDOW (details));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_details (void)
{
  writes_details ("writes");
}

static void
test_details_japanese (void)
{
  ui_in_japanese (writes_details, "writes-ja", "Writes over Time");
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
  data_home = g_dir_make_tmp ("drivedash-writes-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  drivedash_demo_set_enabled (TRUE);
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/drivedash-test", TRUE);
  bus = ui_start_app (&app);
  g_test_add_func ("/ui/writes/details", test_details);
  g_test_add_func ("/ui/writes/details-japanese", test_details_japanese);
  status = g_test_run ();
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  g_test_dbus_stop (bus);
  drivedash_test_tree_remove (data_home);
  return status;
}
