/* test-ui-longtest.c — the Long Tests view in the real app under Xvfb:
 * a tiny real run started from the page's action, screenshots during and
 * after it, Stop, and the run kept in History
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-longtest-model-private.h"
#include "drivedash-longtest-private.h"
#include <glib/gstdio.h>
#include <libintl.h>
#include <locale.h>

#include "drivedash-a11y.h"
#include "drivedash-bench-plots.h"
#include "drivedash-format.h"
#include "drivedash-history-page.h"
#include "drivedash-store.h"
#include "drivedash-longtest-page.h"
#include "drivedash-plot.h"
#include "drivedash-run-actions.h"
#include "drivedash-test-locale.h"
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
  return !drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (data));
}

static gboolean
has_progress (gpointer data)
{
  const char *text = drivedash_run_model_get_progress_text (DRIVEDASH_RUN_MODEL (data));

  /* "Getting ready…" comes before the test runs. */
  return text != NULL && strcmp (text, "Getting ready…") != 0;
}

/* The button that activates @action; its sensitivity follows the action's
 * "enabled". */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *action)
{
  if (GTK_IS_ACTIONABLE (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_button (c, action);

      if (found)
        return found;
    }
  return NULL;
}

static DrivedashLongTestPage *
open_page (DrivedashWindow **window_out)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1000);
  DrivedashLongTestPage *page;

  drivedash_window_set_visible_page (window, "longtests");
  g_assert_cmpstr (drivedash_window_get_visible_page (window), ==, "longtests");
  page = DRIVEDASH_LONG_TEST_PAGE (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_LONG_TEST_PAGE));
  g_assert_nonnull (page);
  *window_out = window;
  return page;
}

/* The page's plot with this title (there are three, two of them hidden
 * at any time). */
static DrivedashPlot *
find_plot (GtkWidget  *widget,
           const char *title)
{
  if (DRIVEDASH_IS_PLOT (widget) && g_strcmp0 (drivedash_plot_get_title (DRIVEDASH_PLOT (widget)), title) == 0)
    return DRIVEDASH_PLOT (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      DrivedashPlot *p = find_plot (c, title);

      if (p)
        return p;
    }
  return NULL;
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
  drivedash_long_test_model_set_settings_for_testing (model, s);
}

static void
count_row (DrivedashLongTestModel       *model,
           const DrivedashTimeseriesRow *row,
           guint                        *rows)
{
  (*rows)++;
}

typedef struct
{
  DrivedashLongTestModel *model;
  guint                  *rows;
} RowsSeen;

static gboolean
has_rows_or_ended (gpointer data)
{
  RowsSeen *seen = data;

  return *seen->rows >= 4 || not_running (seen->model);
}

static gboolean
start_sensitive (gpointer data)
{
  return gtk_widget_is_sensitive (GTK_WIDGET (data)) && gtk_widget_get_visible (GTK_WIDGET (data));
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
  guint rows = 0;

  before = ui_screenshot (window, "long-tests-before.png");
  /* Nothing to copy or save before a run. */
  g_assert_false (gtk_widget_get_sensitive (find_button (GTK_WIDGET (page), "run.copy")));
  g_assert_false (gtk_widget_get_sensitive (find_button (GTK_WIDGET (page), "run.save-plots")));
  shrink (model, 3);
  /* Start pressed while the model still reads the disk: the run starts
   * once it is read. */
  g_assert_true (drivedash_run_model_get_refreshing (DRIVEDASH_RUN_MODEL (model)));
  gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL);
  g_assert_false (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  ui_iterate_until (ui_refreshed, model, 10);
  g_assert_true (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  ui_iterate_until (has_progress, model, 30);
  /* The plot's limit lines: the drive's temp1_max and temp1_crit. */
  drivedash_long_test_model_get_temperature_limits (model, &warning_k, &critical_k);
  g_assert_cmpuint (warning_k, ==, 343);
  g_assert_cmpuint (critical_k, ==, 358);
  /* A few points on the live plot, or the end of the run. */
  g_signal_connect (model, "row", G_CALLBACK (count_row), &rows);
  ui_iterate_until (has_rows_or_ended, &(RowsSeen) { model, &rows }, 30);
  g_signal_handlers_disconnect_by_func (model, count_row, &rows);
  during = ui_screenshot (window, "long-tests-during.png");
  ui_iterate_until (not_running, model, 60);
  g_assert_nonnull (drivedash_long_test_model_get_summary (model));
  /* The drive temperature on the plot's right-hand axis, in °C. */
  plot = find_plot (GTK_WIDGET (page), "Speed over time");
  g_assert_cmpuint (drivedash_plot_get_n_series (plot), ==, 2);
  g_assert_cmpuint (drivedash_plot_get_n_samples (plot, 1), >, 0);
  g_assert_true (drivedash_plot_get_last (plot, 1, NULL, &celsius));
  g_assert_cmpfloat (fabs (celsius - 44.85), <, 0.01);  /* 318 K */
  description = drivedash_plot_dup_description (plot);
  g_assert_nonnull (strstr (description, "Temperature: 44."));
  g_assert_true (g_str_has_suffix (description, " °C"));
  g_assert_null (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)));
  after = ui_screenshot (window, "long-tests-after.png");
  g_assert_true (g_file_test (after, G_FILE_TEST_EXISTS));
  /* Copy is enabled once there is a summary. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "run.copy", NULL));
  ui_close (window);
}

/* The combo row titled @title under @widget. */
static GtkWidget *
find_combo_row (GtkWidget  *widget,
                const char *title)
{
  if (ADW_IS_COMBO_ROW (widget)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_combo_row (c, title);

      if (found)
        return found;
    }
  return NULL;
}

static void
phase_seen (DrivedashLongTestModel *model,
            GParamSpec             *pspec,
            GPtrArray              *seen)
{
  g_ptr_array_add (seen, g_strdup (drivedash_long_test_model_get_phase_text (model)));
}

/* What a screen reader hears before and during a run: the rows say the
 * choice shown now, Start says what it writes and how long it takes, and
 * the progress bar says what the run is doing. */
static void
test_speech (void)
{
  DrivedashWindow *window;
  DrivedashLongTestPage *page = open_page (&window);
  DrivedashLongTestModel *model = drivedash_long_test_page_get_model (page);
  GtkWidget *kind_row = find_combo_row (GTK_WIDGET (page), "Test");
  GtkWidget *preset_row = find_combo_row (GTK_WIDGET (page), "Length");
  GtkWidget *start = find_button (GTK_WIDGET (page), "run.start");
  GtkWidget *bar = ui_find_descendant (GTK_WIDGET (page), GTK_TYPE_PROGRESS_BAR);
  g_autofree char *notice = NULL;
  g_autofree char *heard = NULL;
  g_autoptr(GPtrArray) phases = g_ptr_array_new_with_free_func (g_free);

  drivedash_long_test_model_set_kind (model, DRIVEDASH_LONG_TEST_SUSTAINED);
  drivedash_long_test_model_set_preset (model, DRIVEDASH_LONG_PRESET_STANDARD);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (kind_row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Test, Long speed test");
  drivedash_long_test_model_set_kind (model, DRIVEDASH_LONG_TEST_CONSISTENCY);
  drivedash_long_test_model_set_preset (model, DRIVEDASH_LONG_PRESET_QUICK);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (kind_row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Test, Consistency");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (preset_row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Length, Quick");
  /* Quick Consistency: its bursts stop at their cap, so a slow drive and
   * a fast one write the same; its time depends on the drive.  Both are
   * said before Start, with the finish time. */
  ui_iterate_until (ui_refreshed, model, 10);
  g_assert_true (g_str_has_prefix (drivedash_long_test_model_get_estimate_text (model), "Estimated time: "));
  g_assert_nonnull (strstr (drivedash_long_test_model_get_estimate_text (model), " minutes, done by "));
  notice = drivedash_long_test_model_dup_notice (model);
  g_assert_true (g_str_has_prefix (notice, "Writes about "));
  heard = g_strdup_printf ("%s %s", notice, drivedash_long_test_model_get_estimate_text (model));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (start), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, heard);
  g_free (ui_screenshot (window, "long-tests-estimate.png"));
  ui_screenshot_at (window, 360, 1000, "long-tests-estimate-narrow.png");
  gtk_window_set_default_size (GTK_WINDOW (window), 960, 1000);

  /* A Quick Sustained writes less than 100 GB even on a fast drive. */
  drivedash_long_test_model_set_kind (model, DRIVEDASH_LONG_TEST_SUSTAINED);
  ui_iterate_until (ui_refreshed, model, 10);
  g_assert_false (drivedash_long_test_model_needs_confirmation (model));
  g_clear_pointer (&heard, g_free);
  g_clear_pointer (&notice, g_free);
  notice = drivedash_long_test_model_dup_notice (model);
  heard = g_strdup_printf ("%s %s", notice, drivedash_long_test_model_get_estimate_text (model));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (start), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, heard);

  /* A 16 MiB file: this run needs no margin on a full shared disk. */
  drivedash_long_test_set_free_margin_for_testing (0);
  shrink (model, 3);
  g_signal_connect (model, "notify::phase-text", G_CALLBACK (phase_seen), phases);
  ui_iterate_until (ui_refreshed, model, 10);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL));
  ui_iterate_until (has_progress, model, 30);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (bar), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       drivedash_run_model_get_progress_text (DRIVEDASH_RUN_MODEL (model)));
  g_assert_cmpfloat (drivedash_run_model_get_time_left (DRIVEDASH_RUN_MODEL (model)), >=, 0);
  g_assert_nonnull (drivedash_run_model_get_finish_time (DRIVEDASH_RUN_MODEL (model)));
  ui_iterate_until (not_running, model, 60);
  g_assert_cmpfloat (drivedash_run_model_get_time_left (DRIVEDASH_RUN_MODEL (model)), ==, -1);
  g_assert_null (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)));
  /* Each phase is told once (it is what is announced), the measuring
   * last, and nothing once the run is over. */
  g_signal_handlers_disconnect_by_func (model, phase_seen, phases);
  /* Said aloud: an announcement from GTK 4.14 on; before, the focused
   * widget's description until the focus leaves it, when its own
   * description (Start's: the estimate) comes back. */
  g_assert_false (drivedash_a11y_announce (bar, ""));
  ui_iterate_until (start_sensitive, start, 30);
  gtk_widget_grab_focus (start);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == start);
  g_assert_true (drivedash_a11y_announce (bar, "Measuring"));
  if (gtk_get_minor_version () < 14)
    {
      g_autofree char *differs = NULL;

      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (start), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                           "Measuring");
      gtk_window_set_focus (GTK_WINDOW (window), NULL);
      differs = gtk_test_accessible_check_property (GTK_ACCESSIBLE (start), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                    "Measuring");
      g_assert_nonnull (differs);
      g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (start),
                                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
    }
  g_assert_cmpuint (phases->len, >=, 2);
  g_assert_null (g_ptr_array_index (phases, phases->len - 1));
  g_assert_cmpstr (g_ptr_array_index (phases, phases->len - 2), ==, "Measuring");
  for (guint i = 1; i < phases->len; i++)
    g_assert_cmpstr (g_ptr_array_index (phases, i - 1), !=, g_ptr_array_index (phases, i));
  drivedash_long_test_set_free_margin_for_testing (G_MAXUINT64);
  drivedash_long_test_model_set_settings_for_testing (model, NULL);
  ui_close (window);
}

static gboolean
newest_listed (gpointer data)
{
  DrivedashHistoryModel *history = drivedash_history_page_get_model (data);

  return !drivedash_history_model_get_loading (history)
         && g_list_model_get_n_items (drivedash_history_model_get_runs (history)) > 0;
}

static gboolean
plots_shown (gpointer data)
{
  return gtk_widget_get_visible (data);
}

/* A finished long test is in History (the app used not to keep it), with
 * its summary and series as the CLI stores them; opening it draws the
 * series. */
static void
test_history (void)
{
  DrivedashWindow *window;
  DrivedashLongTestPage *page = open_page (&window);
  DrivedashLongTestModel *model = drivedash_long_test_page_get_model (page);
  DrivedashHistoryPage *history;
  g_autoptr(GObject) item = NULL;
  const DrivedashStoreRun *listed;
  g_autoptr(DrivedashStoreRun) stored = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(JsonNode) settings = NULL;
  g_autoptr(GError) error = NULL;
  gint64 started = g_get_real_time ();

  drivedash_long_test_model_set_kind (model, DRIVEDASH_LONG_TEST_SUSTAINED);
  shrink (model, 1.0);
  ui_iterate_until (ui_refreshed, model, 10);
  gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL);
  ui_iterate_until (not_running, model, 120);
  g_assert_null (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)));

  drivedash_window_set_visible_page (window, "history");
  history = DRIVEDASH_HISTORY_PAGE (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HISTORY_PAGE));
  ui_iterate_until (newest_listed, history, 20);
  item = g_list_model_get_item (drivedash_history_model_get_runs (drivedash_history_page_get_model (history)), 0);
  listed = drivedash_history_item_get_run (DRIVEDASH_HISTORY_ITEM (item));
  g_assert_cmpint (listed->kind, ==, DRIVEDASH_RUN_KIND_SUSTAINED);
  g_assert_cmpint (listed->status, ==, DRIVEDASH_RUN_STATUS_DONE);
  g_assert_cmpint (listed->started_at, >=, started);

  store = drivedash_store_open (NULL, &error);
  g_assert_no_error (error);
  stored = drivedash_store_get_run (store, listed->id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (stored->series);
  g_assert_cmpuint (stored->results->len, ==, 1);
  g_assert_cmpfloat (((DrivedashStoreResult *) stored->results->pdata[0])->mb_per_s, >, 0);
  settings = json_from_string (stored->settings_json, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (settings), "summary"), ==,
                   drivedash_long_test_model_get_summary (model));
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (settings), "test"), ==, "sustained");

  drivedash_history_page_open (history, DRIVEDASH_HISTORY_ITEM (item));
  ui_iterate_until (plots_shown, ui_find_descendant (GTK_WIDGET (history), DRIVEDASH_TYPE_BENCH_PLOTS), 20);
  g_free (ui_screenshot (window, "long-tests-in-history.png"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (history), "history.back", NULL));
  ui_close (window);
}

static void
test_stop (void)
{
  DrivedashWindow *window;
  DrivedashLongTestPage *page = open_page (&window);
  DrivedashLongTestModel *model = drivedash_long_test_page_get_model (page);
  g_autoptr(GDir) d = NULL;

  shrink (model, 120);
  ui_iterate_until (ui_refreshed, model, 10);
  gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL);
  ui_iterate_until (has_progress, model, 30);
  gtk_widget_activate_action (GTK_WIDGET (page), "run.stop", NULL);
  ui_iterate_until (not_running, model, 10);
  g_assert_cmpstr (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)), ==, "The test was stopped.");
  d = g_dir_open (folder, 0, NULL);
  g_assert_null (g_dir_read_name (d));
  ui_close (window);
}

static gboolean
pointer_cleared (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* Closing the window during a long test asks first, then stops the test,
 * deletes its file and closes: before, the window closed at once and the
 * test file was left behind. */
static void
test_quit (void)
{
  DrivedashWindow *window;
  DrivedashLongTestPage *page = open_page (&window);
  DrivedashLongTestModel *model = drivedash_long_test_page_get_model (page);
  g_autoptr(GDir) d = NULL;
  AdwMessageDialog *question;

  shrink (model, 120);
  ui_iterate_until (ui_refreshed, model, 10);
  gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL);
  ui_iterate_until (has_progress, model, 30);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_close (GTK_WINDOW (window));
  ui_iterate_until (ui_asks, window, 10);
  question = ui_question_over (window);
  g_assert_cmpstr (adw_message_dialog_get_heading (question), ==, "Stop the long test and quit?");
  g_assert_true (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  adw_message_dialog_response (question, "quit");
  ui_iterate_until (pointer_cleared, &window, 30);
  d = g_dir_open (folder, 0, NULL);
  g_assert_null (g_dir_read_name (d));
}

static void
shrink_kind (DrivedashLongTestModel *model,
             DrivedashLongTestKind   kind)
{
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (kind);

  s->folder = g_strdup (folder);
  s->file_size = 16u << 20;
  s->round_s = 0.15;
  s->round_step_s = 0.02;
  s->idle_s = 0.15;
  /* Saturation's steps need room; Adaptivity's fill only has to be. */
  s->amount = kind == DRIVEDASH_LONG_TEST_ADAPTIVITY ? 32u << 20 : 768u << 20;
  s->step_bytes = 32u << 20;
  s->interval_s = 0.1;
  s->hwmon_path = g_strdup (hwmon);
  drivedash_long_test_model_set_settings_for_testing (model, s);
}

static gboolean
has_rounds (gpointer data)
{
  return drivedash_long_test_rounds_get_n_rounds (data) >= 6;
}

static gboolean
has_points (gpointer data)
{
  return drivedash_long_test_rounds_get_n_points (data) >= 3;
}

/* The share of pixels in rows y0..y1 that differ from the background. */
static double
ink (cairo_surface_t *s,
     int              y0,
     int              y1)
{
  const guint32 *px = (const guint32 *) (gpointer) cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s) / 4, w = cairo_image_surface_get_width (s);
  guint32 bg = px[y0 * stride + 1];
  guint n = 0;

  for (int y = y0; y < y1; y++)
    for (int x = 0; x < w; x++)
      n += px[y * stride + x] != bg;
  return (double) n / (w * (y1 - y0));
}

/* Save Plots writes the live plot and the result plot, one under the
 * other, as a PNG that is not blank (and as an SVG). */
static void
check_save_plots (DrivedashLongTestPage *page)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "longtest-save-XXXXXX", NULL);
  g_autofree char *png = NULL;
  g_autofree char *svg = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *s;

  g_assert_nonnull (g_mkdtemp (dir));
  png = g_build_filename (dir, "plots.png", NULL);
  svg = g_build_filename (dir, "plots.svg", NULL);
  g_assert_true (drivedash_run_actions_save_plots (GTK_WIDGET (page), png, &error));
  g_assert_no_error (error);
  s = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 960);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, 720);
  /* Both halves hold a drawn plot: axes, labels, lines. */
  g_assert_cmpfloat (ink (s, 0, 360), >, 0.02);
  g_assert_cmpfloat (ink (s, 360, 720), >, 0.02);
  cairo_surface_destroy (s);
  g_assert_true (drivedash_run_actions_save_plots (GTK_WIDGET (page), svg, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "<svg"));
  g_unlink (png);
  g_unlink (svg);
  g_rmdir (dir);
}

static void
test_consistency (void)
{
  DrivedashWindow *window;
  DrivedashLongTestPage *page = open_page (&window);
  DrivedashLongTestModel *model = drivedash_long_test_page_get_model (page);
  DrivedashLongTestRounds *rounds = drivedash_long_test_model_get_rounds (model);
  DrivedashPlot *plot = find_plot (GTK_WIDGET (page), "Speed in each round");
  g_autofree char *during = NULL;
  g_autofree char *after = NULL;
  double x, y;

  drivedash_long_test_model_set_kind (model, DRIVEDASH_LONG_TEST_CONSISTENCY);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (plot)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (find_plot (GTK_WIDGET (page), "Write speed by amount written"))));
  shrink_kind (model, DRIVEDASH_LONG_TEST_CONSISTENCY);
  ui_iterate_until (ui_refreshed, model, 10);
  gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL);
  g_assert_true (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  /* Rounds reach the plot while the run goes on. */
  ui_iterate_until (has_rounds, rounds, 60);
  g_assert_true (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  g_assert_cmpuint (drivedash_plot_get_n_samples (plot, 0), >=, 6);
  during = ui_screenshot (window, "long-tests-consistency-during.png");
  ui_iterate_until (not_running, model, 120);
  g_assert_null (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)));
  g_assert_cmpuint (drivedash_plot_get_n_samples (plot, 0), ==, 18);
  g_assert_cmpuint (drivedash_plot_get_n_samples (plot, 1), ==, 18);
  g_assert_cmpuint (drivedash_plot_get_n_samples (plot, 2), ==, 18);
  g_assert_true (drivedash_plot_get_last (plot, 0, &x, &y));
  g_assert_cmpfloat (x, ==, 18);
  g_assert_cmpfloat (y, ==, drivedash_long_test_rounds_get_round (rounds, 17)->bandwidth_mb_per_s);
  g_assert_true (g_str_has_prefix (drivedash_long_test_model_get_summary (model), "Steady state "));
  g_assert_nonnull (strstr (drivedash_long_test_rounds_get_details (rounds), "Best: round "));
  g_assert_nonnull (strstr (drivedash_long_test_rounds_get_details (rounds), "Average after resting: "));
  after = ui_screenshot (window, "long-tests-consistency-after.png");
  check_save_plots (page);
  ui_close (window);
}

static void
test_saturation (void)
{
  DrivedashWindow *window;
  DrivedashLongTestPage *page = open_page (&window);
  DrivedashLongTestModel *model = drivedash_long_test_page_get_model (page);
  DrivedashLongTestRounds *rounds = drivedash_long_test_model_get_rounds (model);
  DrivedashPlot *plot = find_plot (GTK_WIDGET (page), "Write speed by amount written");
  g_autofree char *during = NULL;
  g_autofree char *after = NULL;
  double x, y;

  drivedash_long_test_model_set_kind (model, DRIVEDASH_LONG_TEST_SATURATION);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (plot)));
  shrink_kind (model, DRIVEDASH_LONG_TEST_SATURATION);
  ui_iterate_until (ui_refreshed, model, 10);
  gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL);
  ui_iterate_until (has_progress, model, 30);
  g_assert_cmpfloat (fabs (drivedash_long_test_rounds_get_amount_gb (rounds) - 0.805306368), <, 1e-6);
  ui_iterate_until (has_points, rounds, 60);
  if (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)))
    during = ui_screenshot (window, "long-tests-saturation-during.png");
  ui_iterate_until (not_running, model, 120);
  g_assert_null (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)));
  /* The exact speed of each 32 MiB step, at the GB written. */
  g_assert_cmpuint (drivedash_plot_get_n_samples (plot, 0), ==, 24);
  g_assert_true (drivedash_plot_get_last (plot, 0, &x, &y));
  g_assert_cmpfloat (fabs (x - 0.805306368), <, 1e-6);
  g_assert_cmpfloat (y, >, 0);
  after = ui_screenshot (window, "long-tests-saturation-after.png");
  ui_close (window);
}

static gboolean
has_a_round (gpointer data)
{
  return drivedash_long_test_rounds_get_n_rounds (data) >= 2;
}

/* The run's window at 960 px and at a phone's 360 px. */
static void
screenshot_wide_and_narrow (DrivedashWindow *window,
                            const char      *name)
{
  g_autofree char *wide = g_strdup_printf ("%s.png", name);
  g_autofree char *narrow = g_strdup_printf ("%s-360.png", name);

  g_free (ui_screenshot (window, wide));
  ui_screenshot_at (window, 360, 1400, narrow);
  ui_resize (window, 960, 1000);
}

/* Adaptivity (@name: its screenshots): its own rounds plot, rounds 1 to
 * 10, growing while the run goes on; the average as the summary and the
 * rounds' words; the kept run has its kind, its rounds and its average. */
static void
run_adaptivity (const char *name)
{
  DrivedashWindow *window;
  DrivedashLongTestPage *page = open_page (&window);
  DrivedashLongTestModel *model = drivedash_long_test_page_get_model (page);
  DrivedashLongTestRounds *rounds = drivedash_long_test_model_get_rounds (model);
  DrivedashPlot *plot = find_plot (GTK_WIDGET (page), g_dgettext (GETTEXT_PACKAGE, "Speed in each round after a rest"));
  g_autofree char *during = g_strdup_printf ("%s-during.png", name);
  g_autofree char *after = g_strdup_printf ("%s-after", name);
  double x, y;

  g_assert_nonnull (plot);
  drivedash_long_test_model_set_kind (model, DRIVEDASH_LONG_TEST_ADAPTIVITY);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (plot)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (find_plot (GTK_WIDGET (page),
                                                                 g_dgettext (GETTEXT_PACKAGE, "Speed in each round")))));
  shrink_kind (model, DRIVEDASH_LONG_TEST_ADAPTIVITY);
  ui_iterate_until (ui_refreshed, model, 10);
  gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL);
  g_assert_true (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  ui_iterate_until (has_a_round, rounds, 60);
  if (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)))
    g_free (ui_screenshot (window, during));
  ui_iterate_until (not_running, model, 120);
  g_assert_null (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)));
  for (guint series = 0; series < 3; series++)
    g_assert_cmpuint (drivedash_plot_get_n_samples (plot, series), ==, 10);
  g_assert_true (drivedash_plot_get_last (plot, 0, &x, &y));
  g_assert_cmpfloat (x, ==, 10);
  g_assert_cmpfloat (y, ==, drivedash_long_test_rounds_get_round (rounds, 9)->bandwidth_mb_per_s);
  g_assert_nonnull (drivedash_long_test_model_get_summary (model));
  g_assert_nonnull (drivedash_long_test_rounds_get_details (rounds));
  screenshot_wide_and_narrow (window, after);
  ui_close (window);
}

/* History lists the newest run under its kind's name and opening it
 * draws its series. */
static void
show_newest_in_history (const char *screenshot)
{
  DrivedashWindow *window;
  DrivedashHistoryPage *history;
  g_autoptr(GObject) item = NULL;
  GtkWidget *plots;

  open_page (&window);
  drivedash_window_set_visible_page (window, "history");
  history = DRIVEDASH_HISTORY_PAGE (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HISTORY_PAGE));
  ui_iterate_until (newest_listed, history, 20);
  item = g_list_model_get_item (drivedash_history_model_get_runs (drivedash_history_page_get_model (history)), 0);
  g_free (ui_screenshot (window, "long-tests-adaptivity-history-list.png"));
  drivedash_history_page_open (history, DRIVEDASH_HISTORY_ITEM (item));
  plots = ui_find_descendant (GTK_WIDGET (history), DRIVEDASH_TYPE_BENCH_PLOTS);
  ui_iterate_until (plots_shown, plots, 20);
  g_free (ui_screenshot (window, screenshot));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (history), "history.back", NULL));
  ui_close (window);
}

static void
test_adaptivity (void)
{
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(DrivedashStoreRun) stored = NULL;
  g_autoptr(JsonNode) doc = NULL;
  g_autoptr(GError) error = NULL;
  DrivedashStoreRun *newest;
  JsonObject *o;

  run_adaptivity ("long-tests-adaptivity");
  store = drivedash_store_open (NULL, &error);
  g_assert_no_error (error);
  runs = drivedash_store_list_runs (store, NULL, &error);
  g_assert_no_error (error);
  newest = g_ptr_array_index (runs, 0);
  g_assert_cmpint (newest->kind, ==, DRIVEDASH_RUN_KIND_ADAPTIVITY);
  stored = drivedash_store_get_run (store, newest->id, &error);
  g_assert_no_error (error);
  /* Ten rounds and their average, each a result History can compare. */
  g_assert_cmpuint (stored->results->len, ==, 11);
  g_assert_nonnull (drivedash_store_run_find_result (stored, "recovery-10", "trace"));
  g_assert_nonnull (drivedash_store_run_find_result (stored, "average", "trace"));
  doc = json_from_string (stored->settings_json, &error);
  g_assert_no_error (error);
  o = json_node_get_object (doc);
  g_assert_cmpstr (json_object_get_string_member (o, "test"), ==, "adaptivity");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "rounds")), ==, 10);
  g_assert_true (json_object_has_member (json_object_get_object_member (o, "average"), "bandwidth_mb_per_s"));
  g_assert_true (g_str_has_prefix (json_object_get_string_member (o, "summary"), "Averaged over 10 rounds"));
  show_newest_in_history ("long-tests-adaptivity-in-history.png");
}

/* A folder the test cannot write in is refused in words and the folder
 * stays; a good one is kept in GSettings as a URI. */
static void
test_folder (void)
{
  DrivedashWindow *window;
  DrivedashLongTestPage *page = open_page (&window);
  DrivedashLongTestModel *model = drivedash_long_test_page_get_model (page);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GFile) proc = g_file_new_for_path ("/proc");
  g_autoptr(GFile) good = g_file_new_for_path (folder);
  g_autofree char *uri = g_file_get_uri (good);
  g_autofree char *stored = NULL;

  g_assert_false (drivedash_run_model_choose_folder (DRIVEDASH_RUN_MODEL (model), proc));
  g_assert_nonnull (strstr (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)), "read-only"));
  g_assert_cmpstr (drivedash_long_test_model_get_folder (model), !=, "/proc");
  g_assert_true (drivedash_run_model_choose_folder (DRIVEDASH_RUN_MODEL (model), good));
  g_assert_null (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)));
  g_assert_cmpstr (drivedash_long_test_model_get_folder (model), ==, folder);
  stored = g_settings_get_string (settings, "longtest-folder");
  g_assert_cmpstr (stored, ==, uri);
  g_settings_reset (settings, "longtest-folder");
  g_assert_null (drivedash_long_test_model_get_folder (model));
  ui_close (window);
}

/* In Japanese, each test's name fits in the Test row at the default
 * width: "高速キャッシュの大きさ" was cut to "高速キャッシュの大…".  Runs
 * in a child started in a real ja_JP.UTF-8 locale, as Pango picks its
 * fonts (and so the widths) by the locale's language at start. */
static void
check_japanese (void)
{
  const char *names[] = { "Long speed test", "Consistency", "Fast cache size", "Adaptivity" };
  g_autofree char *localedir = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "po", NULL);
  DrivedashWindow *window;
  DrivedashLongTestPage *page;
  DrivedashLongTestModel *model;
  GtkWidget *kind_row;

  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Fast cache size"), !=, "Fast cache size");

  page = open_page (&window);
  model = drivedash_long_test_page_get_model (page);
  kind_row = ui_find_descendant (GTK_WIDGET (page), ADW_TYPE_COMBO_ROW);
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    {
      const char *name = g_dgettext (GETTEXT_PACKAGE, names[k]);
      GtkLabel *label;

      drivedash_long_test_model_set_kind (model, k);
      ui_wait_frame (kind_row);
      label = ui_find_label (kind_row, name, TRUE);
      g_assert_nonnull (label);
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
    }
  /* Start is read "開始", not "開始(S)": the key in brackets is not read. */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (find_button (GTK_WIDGET (page), "run.start")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "開始");
  drivedash_long_test_model_set_kind (model, DRIVEDASH_LONG_TEST_CONSISTENCY);
  drivedash_long_test_model_set_preset (model, DRIVEDASH_LONG_PRESET_QUICK);
  ui_iterate_until (ui_refreshed, model, 10);
  ui_wait_frame (GTK_WIDGET (page));
  g_free (ui_screenshot (window, "long-tests-estimate-ja.png"));
  /* The question before a test that writes this much names its buttons
   * as they are read, "開始", not "開始(S)" (only the window's own
   * buttons were named so). */
  {
    AdwMessageDialog *question;
    GtkWidget *start;

    /* Review's uncapped hours of bursts ask (Quick's capped ones do not). */
    drivedash_long_test_model_set_preset (model, DRIVEDASH_LONG_PRESET_REVIEW);
    ui_iterate_until (ui_refreshed, model, 10);
    g_assert_true (drivedash_long_test_model_needs_confirmation (model));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL));
    ui_iterate_until (ui_asks, window, 10);
    question = ui_question_over (window);
    start = GTK_WIDGET (ui_find_button_labelled (GTK_WIDGET (question), g_dgettext (GETTEXT_PACKAGE, "_Start")));
    g_assert_nonnull (start);
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (start), GTK_ACCESSIBLE_PROPERTY_LABEL, "開始");
    adw_message_dialog_response (question, "cancel");
    g_assert_false (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  }
  ui_resize (window, 360, 1000);
  g_free (ui_screenshot (window, "long-tests-estimate-ja-narrow.png"));
  ui_close (window);
  /* Adaptivity's words and plot in Japanese, wide and narrow. */
  run_adaptivity ("long-tests-adaptivity-ja");

  /* The rounds plot's wait unit is the one the app writes after every
   * other time ("12.5 ms", "250 µs"), not ミリ秒 next to µs. */
  {
    g_autofree char *ms = drivedash_format_latency_us (12500);
    g_autofree char *us = drivedash_format_latency_us (250);

    g_assert_true (g_str_has_suffix (ms, g_dgettext (GETTEXT_PACKAGE, "ms")));
    g_assert_true (g_str_has_suffix (us, g_dgettext (GETTEXT_PACKAGE, "µs")));
  }
}

/* check_japanese() binds the catalogue itself; the prefix is its own. */
static void
check_japanese_cb (const char *prefix)
{
  check_japanese ();
}

static void
test_japanese (void)
{
  ui_in_japanese (check_japanese_cb, NULL, "Consistency");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;
  GTestDBus *bus;
  int status;

  /* A history of its own, before anything reads XDG_DATA_HOME. */
  data_home = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "ui-longtest-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (data_home));
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);
  folder = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "longtest-ui-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (folder));
  hwmon = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "longtest-ui-hwmon-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (hwmon));
  write_hwmon ("temp1_input", "44850\n");
  write_hwmon ("temp1_max", "69850\n");
  write_hwmon ("temp1_crit", "84850\n");
  /* GTK's in-memory accessibility backend, so the tests can read what a
   * screen reader would be told (the suite's default is none). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  bus = ui_start_app (&app);

  g_test_add_func ("/ui/longtest/run", test_run);
  g_test_add_func ("/ui/longtest/history", test_history);
  g_test_add_func ("/ui/longtest/stop", test_stop);
  g_test_add_func ("/ui/longtest/quit", test_quit);
  g_test_add_func ("/ui/longtest/consistency", test_consistency);
  g_test_add_func ("/ui/longtest/saturation", test_saturation);
  g_test_add_func ("/ui/longtest/adaptivity", test_adaptivity);
  g_test_add_func ("/ui/longtest/folder", test_folder);
  g_test_add_func ("/ui/longtest/speech", test_speech);
  g_test_add_func ("/ui/longtest/japanese", test_japanese);
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
