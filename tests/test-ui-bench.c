/* test-ui-bench.c — the Speed view of the real app, with real benchmarks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs the real io_uring engine through the page's Start action on a
 * temporary folder (16 MiB, one short pass per test), checks that the
 * plots received the engine's samples and the grid filled, that Copy puts
 * the text table on the clipboard, that the plots save as a PNG; then
 * stops a second run half-way and checks the test file is gone.
 * Screenshots of the page in light and dark.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-bench-engine-private.h"
#include "drivedash-bench-model-private.h"
#include "drivedash-bench-page.h"
#include "drivedash-history-item.h"
#include "drivedash-history-model.h"
#include "drivedash-history-page.h"
#include "drivedash-run-notes.h"
#include "drivedash-run-actions.h"
#include "drivedash-health-page.h"
#include "drivedash-error.h"
#include "test-ui-common.h"

static DrivedashApplication *app;
static char *folder;

static DrivedashBenchPage *
bench_page (DrivedashWindow *window)
{
  GtkWidget *page = ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_BENCH_PAGE);

  g_assert_nonnull (page);
  return DRIVEDASH_BENCH_PAGE (page);
}

static gboolean
not_running (gpointer data)
{
  return !drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (drivedash_bench_page_get_model (data)));
}

static gboolean
has_samples (gpointer data)
{
  return drivedash_plot_get_n_samples (drivedash_bench_page_get_bandwidth_plot (data), 0) >= 2;
}

static guint
count_test_files (void)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)))
    n += g_str_has_prefix (name, DRIVEDASH_BENCH_FILE_PREFIX);
  return n;
}

static DrivedashBenchPage *
prepare (DrivedashWindow *window)
{
  DrivedashBenchPage *page = bench_page (window);

  drivedash_window_set_visible_page (window, "speed");
  drivedash_bench_page_set_folder (page, folder);
  /* Tiny and short: the point is the plumbing, not the figures. */
  drivedash_bench_model_set_overrides_for_testing (drivedash_bench_page_get_model (page), 1.0, 0, 16 << 20);
  return page;
}

typedef struct
{
  char     *text;
  gboolean  done;
} ClipboardRead;

static void
clipboard_read_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  ClipboardRead *r = user_data;

  r->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (object), result, NULL);
  r->done = TRUE;
}

static gboolean
clipboard_done (gpointer data)
{
  return ((ClipboardRead *) data)->done;
}

/* The toast now shown in WINDOW (a new reference), NULL if none. */
static AdwToast *
shown_toast (GtkWidget *widget)
{
  AdwToast *toast = NULL;

  if (g_str_equal (G_OBJECT_TYPE_NAME (widget), "AdwToastWidget"))
    {
      g_object_get (widget, "toast", &toast, NULL);
      return toast;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child && !toast; child = gtk_widget_get_next_sibling (child))
    toast = shown_toast (child);
  return toast;
}

static char *
read_clipboard (GtkWidget *widget)
{
  ClipboardRead clip = { 0 };

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, clipboard_read_cb, &clip);
  ui_iterate_until (clipboard_done, &clip, 5);
  return clip.text;
}

static void
test_run (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 2000);
  DrivedashBenchPage *page = prepare (window);
  DrivedashPlot *bw = drivedash_bench_page_get_bandwidth_plot (page);
  DrivedashPlot *lat = drivedash_bench_page_get_latency_plot (page);
  DrivedashResultsGrid *grid = drivedash_bench_page_get_results_grid (page);
  DrivedashBenchReport *report;
  g_autofree char *expected_text = NULL;
  g_autofree char *png = g_build_filename (folder, "plots.png", NULL);
  g_autoptr(GError) error = NULL;
  ClipboardRead clip = { 0 };
  g_autofree char *copied = NULL;
  g_autoptr(AdwToast) done_toast = NULL;
  cairo_surface_t *surface;

  g_assert_false (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (drivedash_bench_page_get_model (page))));
  gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL);
  g_assert_true (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (drivedash_bench_page_get_model (page))));
  ui_iterate_until (not_running, page, 120);

  g_assert_no_error ((GError *) drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (drivedash_bench_page_get_model (page))));
  report = drivedash_bench_model_get_report (drivedash_bench_page_get_model (page));
  g_assert_nonnull (report);
  /* The "real" preset: SEQ1M Q1T1 and RND4K Q1T1, read and write. */
  g_assert_cmpuint (report->results->len, ==, 4);
  g_assert_cmpuint (drivedash_results_grid_get_n_filled (grid), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      DrivedashBenchResult *r = g_ptr_array_index (report->results, i);

      g_assert_cmpfloat (r->mb_per_s, >, 0);
      g_assert_nonnull (drivedash_results_grid_get_cell_text (grid, i));
      g_test_message ("test %u: %s MB/s", i, drivedash_results_grid_get_cell_text (grid, i));
    }

  /* The plots were fed from the engine's samples: read and write speed,
   * mean and p99 latency. */
  g_assert_cmpuint (drivedash_plot_get_n_samples (bw, 0), >=, 2);
  g_assert_cmpuint (drivedash_plot_get_n_samples (bw, 1), >=, 2);
  g_assert_cmpuint (drivedash_plot_get_n_samples (lat, 0), >=, 4);
  g_assert_cmpuint (drivedash_plot_get_n_samples (lat, 1), >=, 4);
  g_assert_cmpuint (count_test_files (), ==, 0);
  /* The plots show all four tests now: no heading names just the last. */
  g_assert_null (drivedash_plot_get_caption (bw));
  g_assert_null (drivedash_plot_get_caption (lat));

  /* Copy as text puts the engine's table on the clipboard. */
  gtk_widget_activate_action (GTK_WIDGET (page), "run.copy", NULL);
  expected_text = drivedash_bench_report_format_text (report);
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (page)), NULL, clipboard_read_cb, &clip);
  ui_iterate_until (clipboard_done, &clip, 5);
  g_assert_cmpstr (clip.text, ==, expected_text);
  g_free (clip.text);

  g_assert_true (drivedash_run_actions_save_plots (GTK_WIDGET (page), png, &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_height (surface), >, cairo_image_surface_get_width (surface) / 2);
  cairo_surface_destroy (surface);
  g_unlink (png);

  done_toast = shown_toast (GTK_WIDGET (window));
  g_assert_nonnull (done_toast);
  g_assert_cmpstr (adw_toast_get_title (done_toast), ==, _("Speed test finished"));
  g_assert_cmpstr (adw_toast_get_button_label (done_toast), ==, _("Copy Results"));
  g_free (ui_screenshot (window, "speed-light.png"));
  ui_set_dark (app, TRUE);
  g_free (ui_screenshot (window, "speed-dark.png"));
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 2000);
  g_free (ui_screenshot (window, "speed-narrow-dark.png"));
  /* The plain row titles once made the page 687 px wide at 360. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  ui_set_dark (app, FALSE);
  g_free (ui_screenshot (window, "speed-narrow-light.png"));

  /* Copy on the "Done" toast copies the table too (clicked after the
   * screenshots, which show the toast; it may have timed out since). */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (page)), "");
  g_signal_emit_by_name (done_toast, "button-clicked");
  copied = read_clipboard (GTK_WIDGET (page));
  g_assert_cmpstr (copied, ==, expected_text);

  ui_close (window);
}

static guint
count_with_class (GtkWidget  *widget,
                  const char *css_class)
{
  guint n = gtk_widget_has_css_class (widget, css_class);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    n += count_with_class (child, css_class);
  return n;
}

/* A run whose drive is rated 1 MB/s (a test hook): every result is far
 * above it, so each is flagged, its figure kept in warning colour, the
 * reasons under the grid; what the drive saw is in its expander.
 * Screenshots PREFIX-wide.png and PREFIX-narrow.png. */
static gboolean
history_listed (gpointer page)
{
  DrivedashHistoryModel *model = drivedash_history_page_get_model (page);

  return !drivedash_history_model_get_loading (model)
         && g_list_model_get_n_items (drivedash_history_model_get_runs (model)) > 0;
}

static gboolean
history_grid_filled (gpointer grid)
{
  return drivedash_results_grid_get_n_filled (grid) == 4;
}

/* The run just made, opened in History: its figures still flagged and
 * its reasons and what the drive saw still said (kept in the store). */
static void
check_history_notes (DrivedashWindow *window,
                     const char      *prefix)
{
  GtkWidget *page = ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HISTORY_PAGE);
  GListModel *runs = drivedash_history_model_get_runs (drivedash_history_page_get_model (DRIVEDASH_HISTORY_PAGE (page)));
  g_autoptr(DrivedashHistoryItem) newest = NULL;
  g_autofree char *shot = g_strconcat (prefix, "-history.png", NULL);
  GtkWidget *grid, *notes;

  drivedash_window_set_visible_page (window, "history");
  ui_iterate_until (history_listed, page, 20);
  newest = g_list_model_get_item (runs, 0);
  drivedash_history_page_open (DRIVEDASH_HISTORY_PAGE (page), newest);
  grid = ui_find_descendant (page, DRIVEDASH_TYPE_RESULTS_GRID);
  ui_iterate_until (history_grid_filled, grid, 20);
  g_assert_cmpuint (count_with_class (grid, "warning"), >=, 4);
  notes = ui_find_descendant (page, DRIVEDASH_TYPE_RUN_NOTES);
  g_assert_nonnull (notes);
  g_assert_true (gtk_widget_is_visible (notes));
  g_assert_nonnull (ui_find_label (notes, "15 %", FALSE));
  gtk_expander_set_expanded (GTK_EXPANDER (ui_find_descendant (notes, GTK_TYPE_EXPANDER)), TRUE);
  g_free (ui_screenshot (window, shot));
}

static void
doubts_flow (const char *prefix)
{
  DrivedashWindow *window = ui_open_window (app, 960, 2000);
  DrivedashBenchPage *page = prepare (window);
  DrivedashRunModel *model = DRIVEDASH_RUN_MODEL (drivedash_bench_page_get_model (page));
  DrivedashBenchReport *report;
  GtkLabel *doubts;
  GtkWidget *expander;
  g_autofree char *wide = g_strconcat (prefix, "-wide.png", NULL);
  g_autofree char *narrow = g_strconcat (prefix, "-narrow.png", NULL);

  drivedash_bench_test_hooks.rated_mb_per_s = 1;
  gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL);
  ui_iterate_until (not_running, page, 120);
  drivedash_bench_test_hooks.rated_mb_per_s = 0;
  g_assert_no_error ((GError *) drivedash_run_model_get_error (model));

  report = drivedash_bench_model_get_report (drivedash_bench_page_get_model (page));
  g_assert_cmpuint (report->results->len, ==, 4);
  for (guint i = 0; i < report->results->len; i++)
    {
      DrivedashBenchResult *r = g_ptr_array_index (report->results, i);

      g_assert_cmpint (r->doubts & DRIVEDASH_BENCH_DOUBT_ABOVE_RATING, !=, 0);
    }
  /* Each figure in warning colour, the reasons in words. */
  g_assert_cmpuint (count_with_class (GTK_WIDGET (drivedash_bench_page_get_results_grid (page)), "warning"), >=, 4);
  doubts = ui_find_label (GTK_WIDGET (page), "15 %", FALSE);
  g_assert_nonnull (doubts);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (doubts)));
  g_test_message ("%s", gtk_label_get_label (doubts));
  expander = ui_find_descendant (GTK_WIDGET (page), GTK_TYPE_EXPANDER);
  g_assert_nonnull (expander);
  g_assert_true (gtk_widget_is_visible (expander));
  gtk_expander_set_expanded (GTK_EXPANDER (expander), TRUE);

  g_free (ui_screenshot (window, wide));
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 2000);
  g_free (ui_screenshot (window, narrow));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  check_history_notes (window, prefix);
  ui_close (window);
}

static void
test_doubts (void)
{
  doubts_flow ("speed-doubts");
}

static void
test_doubts_japanese (void)
{
  ui_in_japanese (doubts_flow, "speed-doubts-ja", "Some Results Can’t Be the Drive’s Speed");
}

static void
test_cancel (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1200);
  DrivedashBenchPage *page = prepare (window);
  const GError *error;

  /* Long passes, so the run is surely in the middle when stopped. */
  drivedash_bench_model_set_overrides_for_testing (drivedash_bench_page_get_model (page), 5, 0, 16 << 20);
  gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL);
  ui_iterate_until (has_samples, page, 60);
  g_assert_true (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (drivedash_bench_page_get_model (page))));
  /* While it runs the choices are locked and Stop replaces Start, all
   * from the template's bindings. */
  g_assert_false (gtk_widget_get_sensitive (ui_find_descendant (GTK_WIDGET (page), ADW_TYPE_ACTION_ROW)));
  /* The Passes row dims as a whole, like the others (issue 15). */
  g_assert_false (gtk_widget_is_sensitive (ui_find_descendant (GTK_WIDGET (page), GTK_TYPE_SPIN_BUTTON)));
  g_assert_false (gtk_widget_get_sensitive (gtk_widget_get_ancestor (ui_find_descendant (GTK_WIDGET (page), GTK_TYPE_SPIN_BUTTON),
                                                                     ADW_TYPE_ACTION_ROW)));
  g_assert_true (gtk_widget_get_visible (ui_find_descendant (GTK_WIDGET (page), GTK_TYPE_PROGRESS_BAR)));
  /* The cell of the test running pulses, and only that one. */
  g_assert_cmpuint (count_with_class (GTK_WIDGET (drivedash_bench_page_get_results_grid (page)), "running"), ==, 1);
  g_assert_cmpuint (count_test_files (), ==, 1);

  gtk_widget_activate_action (GTK_WIDGET (page), "run.stop", NULL);
  ui_iterate_until (not_running, page, 10);

  error = drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (drivedash_bench_page_get_model (page)));
  g_assert_nonnull (error);
  g_assert_true (g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED));
  g_assert_cmpuint (count_test_files (), ==, 0);
  g_assert_true (gtk_widget_get_sensitive (ui_find_descendant (GTK_WIDGET (page), ADW_TYPE_ACTION_ROW)));
  g_assert_false (gtk_widget_get_visible (ui_find_descendant (GTK_WIDGET (page), GTK_TYPE_PROGRESS_BAR)));
  g_assert_cmpuint (count_with_class (GTK_WIDGET (drivedash_bench_page_get_results_grid (page)), "running"), ==, 0);

  ui_close (window);
}

static gboolean
no_windows (gpointer data)
{
  return gtk_application_get_windows (GTK_APPLICATION (data)) == NULL;
}

/* A logout mid-run takes SIGTERM's path: the run stops, its file goes,
 * the window closes.  No session manager runs here, so the test emits
 * the "query-end" GTK emits when one asks.  Last: the app then quits. */
static void
test_logout (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1200);
  DrivedashBenchPage *page = prepare (window);

  drivedash_bench_model_set_overrides_for_testing (drivedash_bench_page_get_model (page), 5, 0, 16 << 20);
  gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL);
  ui_iterate_until (has_samples, page, 60);
  g_assert_cmpuint (count_test_files (), ==, 1);
  g_signal_emit_by_name (app, "query-end");
  ui_iterate_until (no_windows, app, 30);
  g_assert_cmpuint (count_test_files (), ==, 0);
}

/* The first row's subtitle: the folder row's. */
static GtkLabel *
folder_subtitle (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *label;

      if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, "subtitle"))
        return GTK_LABEL (child);
      if ((label = folder_subtitle (child)))
        return label;
    }
  return NULL;
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

/* The widget under @widget that activates @action. */
static GtkWidget *
find_actionable (GtkWidget  *widget,
                 const char *action)
{
  if (GTK_IS_ACTIONABLE (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_actionable (c, action);

      if (found)
        return found;
    }
  return NULL;
}

/* The label under @widget whose text starts with @prefix. */
static GtkLabel *
find_label_starting (GtkWidget  *widget,
                     const char *prefix)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
    return GTK_LABEL (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *found = find_label_starting (c, prefix);

      if (found)
        return found;
    }
  return NULL;
}

/* What a screen reader hears for a combo row follows the choice: it kept
 * saying "Tests, Standard (like CrystalDiskMark)" after another one. */
static void
test_combo_speech (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1200);
  DrivedashBenchPage *page = prepare (window);
  const char *titles[] = { "Tests", "Test File Size" };

  for (guint t = 0; t < G_N_ELEMENTS (titles); t++)
    {
      AdwComboRow *row = ADW_COMBO_ROW (find_combo_row (GTK_WIDGET (page), titles[t]));
      GListModel *items = adw_combo_row_get_model (row);
      guint before = adw_combo_row_get_selected (row);

      g_assert_cmpuint (g_list_model_get_n_items (items), >=, 2);
      for (guint i = 0; i < 2; i++)
        {
          g_autoptr(GtkStringObject) item = NULL;
          g_autofree char *name = NULL;

          adw_combo_row_set_selected (row, i);
          item = g_list_model_get_item (items, i);
          name = g_strdup_printf ("%s, %s", titles[t], gtk_string_object_get_string (item));
          gtk_test_accessible_assert_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name);
        }
      adw_combo_row_set_selected (row, before);
    }
  /* Start is heard with the time it takes, "Estimated time: about 30 s". */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (find_actionable (GTK_WIDGET (page), "run.start")),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       gtk_label_get_text (find_label_starting (GTK_WIDGET (page), "Estimated time: ")));
  ui_close (window);
}

/* Folder names are shown as they are: "a&b <x>" is not Pango markup. */
static void
test_folder_plain_text (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1200);
  DrivedashBenchPage *page = prepare (window);
  g_autofree char *odd = g_build_filename (folder, "a&b <x>", NULL);
  GtkLabel *subtitle;

  g_assert_cmpint (g_mkdir (odd, 0700), ==, 0);
  drivedash_bench_page_set_folder (page, odd);
  ui_wait_frame (GTK_WIDGET (page));
  subtitle = folder_subtitle (GTK_WIDGET (page));
  g_assert_nonnull (subtitle);
  g_test_message ("subtitle: %s", gtk_label_get_text (subtitle));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (subtitle), odd));
  g_assert_false (gtk_label_get_use_markup (subtitle));

  drivedash_bench_page_set_folder (page, folder);
  g_assert_cmpint (g_rmdir (odd), ==, 0);
  ui_close (window);
}

/* A folder whose name is not UTF-8 is saved in the settings and read back
 * by the next page (the next start of the app), and shown readably. */
static void
test_folder_not_utf8 (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1200);
  DrivedashBenchPage *page = prepare (window);
  g_autofree char *odd = g_build_filename (folder, "caf\xe9", NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *stored = NULL;
  g_autofree char *path = NULL;
  GtkWidget *next;

  g_assert_cmpint (g_mkdir (odd, 0700), ==, 0);
  drivedash_bench_page_set_folder (page, odd);
  stored = g_settings_get_string (settings, "bench-folder");
  g_test_message ("stored: %s", stored);
  g_assert_true (g_str_has_prefix (stored, "file://"));
  g_assert_true (g_utf8_validate (gtk_label_get_text (folder_subtitle (GTK_WIDGET (page))), -1, NULL));

  next = g_object_ref_sink (drivedash_bench_page_new ());
  path = g_file_get_path (drivedash_bench_options_get_folder (
           drivedash_bench_model_get_options (drivedash_bench_page_get_model (DRIVEDASH_BENCH_PAGE (next)))));
  g_assert_cmpstr (path, ==, odd);
  g_object_unref (next);

  drivedash_bench_page_set_folder (page, folder);
  g_assert_cmpint (g_rmdir (odd), ==, 0);
  ui_close (window);
}

/* Without NVMe drives the Health view explains itself and offers the
 * Speed view, whose button switches there. */
static gboolean
speed_is_shown (gpointer window)
{
  return g_strcmp0 (drivedash_window_get_visible_page (window), "speed") == 0;
}

static void
test_empty_state (void)
{
  DrivedashWindow *window;
  GtkWidget *health;
  GtkStack *stack;
  GtkWidget *button;

  if (g_file_test ("/sys/class/nvme", G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) dir = g_dir_open ("/sys/class/nvme", 0, NULL);

      if (dir && g_dir_read_name (dir))
        {
          g_test_skip ("this machine has NVMe drives");
          return;
        }
    }

  window = ui_open_window (app, 960, 800);
  health = ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HEALTH_PAGE);
  g_assert_nonnull (health);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (drivedash_health_page_get_drives (DRIVEDASH_HEALTH_PAGE (health)))), ==, 0);
  stack = GTK_STACK (ui_find_descendant (health, GTK_TYPE_STACK));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");

  g_free (ui_screenshot (window, "health-empty-light.png"));
  ui_set_dark (app, TRUE);
  g_free (ui_screenshot (window, "health-empty-dark.png"));
  ui_set_dark (app, FALSE);

  /* No dead end: a report from another computer can be read here too
   * (the window's action, so the button is live). */
  {
    GtkButton *report = ui_find_button_labelled (gtk_stack_get_visible_child (stack), _("Open a _Health Report…"));

    g_assert_nonnull (report);
    g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (report)), ==, "win.open-health-report");
    g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (report)));
  }
  button = ui_find_descendant (gtk_stack_get_visible_child (stack), GTK_TYPE_BUTTON);
  g_assert_nonnull (button);
  gtk_widget_activate (button);
  /* A keyboard-activated button clicks after its press animation. */
  ui_iterate_until (speed_is_shown, window, 10);
  g_assert_cmpstr (drivedash_window_get_visible_page (window), ==, "speed");

  ui_close (window);
}

int
main (int   argc,
      char *argv[])
{
  GTestDBus *bus;
  g_autoptr(GSettings) settings = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  /* On the build directory's disk, not tmpfs: O_DIRECT works there. */
  folder = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "bench-ui-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (folder));

  /* GTK's in-memory accessibility backend, so a test can read what a
   * screen reader would be told (the suite's default is none). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  bus = ui_start_app (&app);
  settings = g_object_ref (drivedash_application_get_settings (app));
  g_settings_set_string (settings, "bench-preset", "real");
  g_settings_set_uint (settings, "bench-passes", 1);

  g_test_add_func ("/ui/bench/empty-state", test_empty_state);
  g_test_add_func ("/ui/bench/run", test_run);
  g_test_add_func ("/ui/bench/cancel", test_cancel);
  g_test_add_func ("/ui/bench/doubts", test_doubts);
  g_test_add_func ("/ui/bench/doubts-japanese", test_doubts_japanese);
  g_test_add_func ("/ui/bench/folder-plain-text", test_folder_plain_text);
  g_test_add_func ("/ui/bench/combo-speech", test_combo_speech);
  g_test_add_func ("/ui/bench/folder-not-utf8", test_folder_not_utf8);
  g_test_add_func ("/ui/bench/logout", test_logout);

  status = g_test_run ();

  g_rmdir (folder);
  g_free (folder);
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  /* Not _down() (nor unref, which calls it): that waits for every user
   * of the bus connection to let go, and GTK keeps one until exit. */
  g_test_dbus_stop (bus);
  return status;
}
