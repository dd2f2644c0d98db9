/* test-ui-history-long.c — comparing long tests in the History view of
 * the real app: 2, 4 and 6 stored runs of each long test ticked and
 * compared, the runs' names on the plots and bars, one line per run,
 * the phase table and verdicts, a mix refused, export as CSV, SVG and
 * PNG.  Screenshots history-long-*.png at 960 and 360 px, in English
 * and Japanese.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "drivedash-history-page.h"
#include "drivedash-long-compare-bars.h"
#include "drivedash-long-compare-view.h"
#include "drivedash-plot.h"
#include "drivedash-test-locale.h"
#include "drivedash-test-longruns.h"
#include "test-ui-common.h"

static DrivedashApplication *app;

static const char *const names[] = { "SN750, game mode off", "SN750, game mode on", "970 EVO Plus",
                                     "WD Black 2018", "SN750 again", "SN750, new firmware" };
static const DrivedashRunKind kinds[] = { DRIVEDASH_RUN_KIND_SUSTAINED, DRIVEDASH_RUN_KIND_CONSISTENCY,
                                          DRIVEDASH_RUN_KIND_SATURATION, DRIVEDASH_RUN_KIND_ADAPTIVITY };
static const char *const kind_ids[] = { "sustained", "consistency", "saturation", "adaptivity" };
/* The groups of rounds each test compares phase by phase: Consistency's
 * three, Adaptivity's recovery rounds; the others have rounds of none. */
static const guint n_phases[] = { 0, 3, 0, 1 };

static void
fill_history (void)
{
  static const DrivedashLongTestKind tests[] = { DRIVEDASH_LONG_TEST_SUSTAINED, DRIVEDASH_LONG_TEST_CONSISTENCY,
                                                 DRIVEDASH_LONG_TEST_SATURATION, DRIVEDASH_LONG_TEST_ADAPTIVITY };
  static const double scales[] = { 1.0, 1.12, 1.3, 0.93, 1.0, 1.05 };
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (NULL, &error);

  g_assert_no_error (error);
  for (guint k = 0; k < G_N_ELEMENTS (tests); k++)
    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      drivedash_test_save_long_run (store, tests[k], names[i], scales[i], i == 4 ? 0.08 : 0.005,
                                    i == 4 ? 0 : 11 + i);
  /* Repeats of the first two setups, for the intervals. */
  for (guint i = 0; i < 4; i++)
    drivedash_test_save_long_run (store, DRIVEDASH_LONG_TEST_SUSTAINED, names[i % 2],
                                  scales[i % 2] * (i < 2 ? 1.01 : 0.99), 0.005, 30 + i);
}

static DrivedashHistoryPage *
history_page (DrivedashWindow *window)
{
  GtkWidget *page = ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HISTORY_PAGE);

  g_assert_nonnull (page);
  return DRIVEDASH_HISTORY_PAGE (page);
}

static DrivedashLongCompareView *
long_view (DrivedashHistoryPage *page)
{
  GtkWidget *view = ui_find_descendant (GTK_WIDGET (page), DRIVEDASH_TYPE_LONG_COMPARE_VIEW);

  g_assert_nonnull (view);
  return DRIVEDASH_LONG_COMPARE_VIEW (view);
}

static gboolean
list_loaded (gpointer data)
{
  DrivedashHistoryModel *model = drivedash_history_page_get_model (data);

  return !drivedash_history_model_get_loading (model)
         && g_list_model_get_n_items (drivedash_history_model_get_runs (model)) == 28;
}

static gboolean
long_loaded (gpointer data)
{
  return !drivedash_long_compare_model_get_loading (drivedash_long_compare_view_get_model (data));
}

/* Ticks the first @n runs of @kind in save order (the list is newest
 * first), and another kind's first run when @mix. */
static void
select_runs (DrivedashHistoryPage *page,
             DrivedashRunKind      kind,
             guint                 n,
             gboolean              mix)
{
  GListModel *runs = drivedash_history_model_get_runs (drivedash_history_page_get_model (page));
  guint total = g_list_model_get_n_items (runs), picked = 0, mixed = 0;

  for (guint i = total; i-- > 0;)
    {
      g_autoptr(DrivedashHistoryItem) item = g_list_model_get_item (runs, i);
      DrivedashRunKind k = drivedash_history_item_get_run (item)->kind;
      gboolean tick = (k == kind && picked < n) || (mix && k != kind && mixed == 0);

      picked += tick && k == kind;
      mixed += tick && k != kind;
      drivedash_history_item_set_selected (item, tick);
    }
  g_assert_cmpuint (picked, ==, n);
}

static DrivedashCompareLong *
compare (DrivedashHistoryPage *page,
         DrivedashRunKind      kind,
         guint                 n,
         gboolean              mix)
{
  DrivedashLongCompareView *view = long_view (page);

  select_runs (page, kind, n, mix);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.compare", NULL));
  g_assert_cmpstr (drivedash_history_page_get_view (page), ==, "long-compare");
  ui_iterate_until (long_loaded, view, 60);
  return drivedash_long_compare_model_get_comparison (drivedash_long_compare_view_get_model (view));
}

static guint
count_lines (const char *text)
{
  guint n = 1;

  for (const char *p = text; *p; p++)
    n += *p == '\n';
  return n;
}

/* What the view shows for @n runs of @k: every run named, one line per
 * run on each plot, the bars, and for Consistency the phase table. */
static void
check_view (DrivedashHistoryPage *page,
            guint                 k,
            guint                 n)
{
  DrivedashLongCompareView *view = long_view (page);
  DrivedashLongCompareModel *model = drivedash_long_compare_view_get_model (view);
  DrivedashCompareLong *cmp = compare (page, kinds[k], n, FALSE);
  GtkWidget *plots[3];
  guint n_plots = drivedash_long_compare_view_get_plots (view, plots);
  GtkWidget *bars = ui_find_descendant (GTK_WIDGET (view), DRIVEDASH_TYPE_LONG_COMPARE_BARS);
  g_autofree char *said = drivedash_long_compare_bars_dup_description (DRIVEDASH_LONG_COMPARE_BARS (bars));

  g_assert_nonnull (cmp);
  g_assert_null (drivedash_long_compare_model_get_status (model));
  g_assert_cmpuint (cmp->runs->len, ==, n);
  g_assert_cmpuint (count_lines (drivedash_long_compare_model_get_legend (model)), ==, n);
  g_assert_cmpuint (n_plots, ==, n_phases[k] > 0 ? 3 : 1);
  for (guint p = 0; p < n_plots; p++)
    {
      DrivedashPlot *plot = DRIVEDASH_PLOT (plots[p]);
      g_autofree char *description = drivedash_plot_dup_description (plot);

      g_assert_cmpuint (drivedash_plot_get_n_series (plot), ==, n);
      for (guint s = 0; s < n; s++)
        {
          g_autofree char *named = g_strdup_printf ("%s: ", names[s]);

          g_assert_cmpuint (drivedash_plot_get_n_samples (plot, s), >, 0);
          g_assert_nonnull (strstr (description, named));
        }
    }
  g_assert_cmpuint (drivedash_long_compare_bars_get_n_groups (DRIVEDASH_LONG_COMPARE_BARS (bars)), ==,
                    k == 2 ? 2 : 3);
  for (guint i = 0; i < n; i++)
    g_assert_nonnull (strstr (said, names[i]));
  g_assert_nonnull (strstr (drivedash_long_compare_model_get_conclusion (model), names[1]));
  if (n_phases[k] > 0)
    {
      GtkWidget *table = ui_find_descendant (GTK_WIDGET (view), GTK_TYPE_GRID);
      guint rows = n_phases[k] * (n + 3);

      /* Per phase: the name, the column titles, a row per run and the
       * verdicts. */
      g_assert_true (GTK_IS_GRID (table));
      g_assert_nonnull (gtk_grid_get_child_at (GTK_GRID (table), 0, rows - 1));
      g_assert_null (gtk_grid_get_child_at (GTK_GRID (table), 0, rows));
      g_assert_true (ui_shows_text (table, "recovers"));
      g_assert_true (ui_shows_text (table, "Against A"));
    }
}

static void
screenshots (DrivedashWindow *window,
             guint            k,
             const char      *lang)
{
  g_autofree char *wide = g_strdup_printf ("history-long-%s-%s.png", kind_ids[k], lang);
  g_autofree char *narrow = g_strdup_printf ("history-long-%s-%s-narrow.png", kind_ids[k], lang);
  int minimum;

  ui_screenshot_at (window, 960, 1800, wide);
  ui_screenshot_at (window, 360, 1800, narrow);
  if (n_phases[k] > 0)
    {
      /* The phase table and its verdicts, at the bottom of the view. */
      GtkWidget *scrolled = ui_find_descendant (GTK_WIDGET (long_view (history_page (window))),
                                                GTK_TYPE_SCROLLED_WINDOW);
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
      g_autofree char *table = g_strdup_printf ("history-long-%s-%s-narrow-table.png", kind_ids[k], lang);

      gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
      g_free (ui_screenshot (window, table));
      gtk_adjustment_set_value (adj, 0);
    }
  /* The view fits a phone. */
  gtk_widget_measure (GTK_WIDGET (history_page (window)), GTK_ORIENTATION_HORIZONTAL, -1,
                      &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, 360);
  gtk_window_set_default_size (GTK_WINDOW (window), 960, 1800);
}

static void
test_compare (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1800);
  DrivedashHistoryPage *page = history_page (window);

  drivedash_window_set_visible_page (window, "history");
  ui_iterate_until (list_loaded, page, 30);
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint n = 2; n <= 6; n += 2)
      {
        check_view (page, k, n);
        if (n == 6)
          screenshots (window, k, "en");
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
      }
}

/* One stored long run opened from the list: what it measured, in words,
 * and its graphs (the comparison view with it alone) a click away. */
static void
open_each (DrivedashWindow    *window,
           const char         *lang,
           const char *const  *words,
           const char *const  *headlines)
{
  DrivedashHistoryPage *page = history_page (window);
  DrivedashLongCompareView *view = long_view (page);
  GListModel *runs = drivedash_history_model_get_runs (drivedash_history_page_get_model (page));

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      UiText w = { GTK_WIDGET (page), words[k] };
      g_autofree char *graphs = g_strdup_printf ("history-long-one-%s-%s.png", kind_ids[k], lang);
      DrivedashLongCompareModel *model = drivedash_long_compare_view_get_model (view);

      for (guint i = 0; i < g_list_model_get_n_items (runs); i++)
        {
          g_autoptr(DrivedashHistoryItem) item = g_list_model_get_item (runs, i);

          if (drivedash_history_item_get_run (item)->kind != kinds[k])
            continue;
          /* The list says a key figure, not "No results". */
          g_assert_nonnull (strstr (drivedash_history_item_get_headline (item), headlines[k]));
          drivedash_history_page_open (page, item);
          break;
        }
      g_assert_cmpstr (drivedash_history_page_get_view (page), ==, "run");
      ui_iterate_until (ui_text_shown, &w, 20);
      for (guint n = 0; n < 2; n++)
        {
          g_autofree char *name = g_strdup_printf ("history-long-run-%s-%s-%s.png", kind_ids[k], lang,
                                                 n ? "360" : "960");

          ui_screenshot_at (window, n ? 360 : 960, 1400, name);
        }
      gtk_window_set_default_size (GTK_WINDOW (window), 960, 1800);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.run-graphs", NULL));
      ui_iterate_until (long_loaded, view, 20);
      g_assert_cmpstr (drivedash_history_page_get_view (page), ==, "long-compare");
      g_assert_nonnull (drivedash_long_compare_model_get_comparison (model));
      g_assert_cmpuint (drivedash_long_compare_model_get_comparison (model)->runs->len, ==, 1);
      g_assert_nonnull (strstr (drivedash_long_compare_model_get_conclusion (model), words[k]));
      g_assert_null (drivedash_long_compare_model_get_status (model));
      g_free (ui_screenshot (window, graphs));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
    }
}

static void
test_open_one (void)
{
  static const char *const words[] = { "MB/s in the first minute,", "MB/s on average over", "fast cache held",
                                       "MB/s on average over" };
  static const char *const headlines[] = { " MB/s on average", " MB/s on average", "Write ", " MB/s on average" };

  open_each (DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app))), "en",
             words, headlines);
}

/* Three runs each of two setups (named alike): one bar each, with its
 * interval, and Welch's verdict. */
static void
test_repeats (void)
{
  DrivedashWindow *window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  DrivedashHistoryPage *page = history_page (window);
  DrivedashLongCompareView *view = long_view (page);
  GListModel *runs = drivedash_history_model_get_runs (drivedash_history_page_get_model (page));
  GtkWidget *bars = ui_find_descendant (GTK_WIDGET (view), DRIVEDASH_TYPE_LONG_COMPARE_BARS);
  DrivedashCompareLong *cmp;
  g_autofree char *said = NULL;
  const char *conclusion;
  GtkWidget *plots[3];

  for (guint i = 0; i < g_list_model_get_n_items (runs); i++)
    {
      g_autoptr(DrivedashHistoryItem) item = g_list_model_get_item (runs, i);
      const DrivedashStoreRun *run = drivedash_history_item_get_run (item);

      drivedash_history_item_set_selected (item, run->kind == DRIVEDASH_RUN_KIND_SUSTAINED &&
                                                 (g_strcmp0 (run->name, names[0]) == 0 ||
                                                  g_strcmp0 (run->name, names[1]) == 0));
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.compare", NULL));
  ui_iterate_until (long_loaded, view, 60);
  cmp = drivedash_long_compare_model_get_comparison (drivedash_long_compare_view_get_model (view));
  g_assert_nonnull (cmp);
  g_assert_cmpuint (cmp->runs->len, ==, 6);
  g_assert_cmpuint (cmp->setups->len, ==, 2);
  g_assert_cmpuint (drivedash_long_compare_view_get_plots (view, plots), ==, 1);
  g_assert_cmpuint (drivedash_plot_get_n_series (DRIVEDASH_PLOT (plots[0])), ==, 6);
  said = drivedash_long_compare_bars_dup_description (DRIVEDASH_LONG_COMPARE_BARS (bars));
  g_assert_nonnull (strstr (said, "(3 runs)"));
  conclusion = drivedash_long_compare_model_get_conclusion (drivedash_long_compare_view_get_model (view));
  g_assert_true (g_str_has_prefix (conclusion, "Over their repeats, SN750, game mode on was 12"));
  g_free (ui_screenshot (window, "history-long-sustained-repeats-en.png"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
}

static gboolean
edits_done (gpointer data)
{
  DrivedashHistoryModel *model = drivedash_history_page_get_model (data);

  return drivedash_history_model_get_n_pending (model) == 0 && !drivedash_history_model_get_loading (model);
}

/* A run renamed in History is named so on the plots and in the verdicts. */
static void
test_renamed (void)
{
  DrivedashWindow *window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  DrivedashHistoryPage *page = history_page (window);
  DrivedashHistoryModel *history = drivedash_history_page_get_model (page);
  DrivedashLongCompareView *view = long_view (page);
  GListModel *runs = drivedash_history_model_get_runs (history);
  DrivedashHistoryItem *oldest = NULL;
  DrivedashCompareLong *cmp;
  GtkWidget *plots[3];
  g_autofree char *legend = NULL;

  for (guint i = g_list_model_get_n_items (runs); i-- > 0 && oldest == NULL;)
    {
      g_autoptr(DrivedashHistoryItem) item = g_list_model_get_item (runs, i);

      if (drivedash_history_item_get_run (item)->kind == DRIVEDASH_RUN_KIND_CONSISTENCY)
        oldest = item;  /* the list keeps it */
    }
  drivedash_history_model_rename (history, oldest, "Before the firmware update");
  ui_iterate_until (edits_done, page, 30);
  cmp = compare (page, DRIVEDASH_RUN_KIND_CONSISTENCY, 2, FALSE);
  g_assert_nonnull (cmp);
  g_assert_cmpstr (((DrivedashCompareLongRun *) g_ptr_array_index (cmp->runs, 0))->label, ==,
                   "Before the firmware update");
  g_assert_cmpuint (drivedash_long_compare_view_get_plots (view, plots), ==, 3);
  /* Screen readers hear every run by name, also where the drawn legend
   * has no room for all of them. */
  legend = drivedash_plot_dup_description (DRIVEDASH_PLOT (plots[0]));
  g_assert_nonnull (strstr (legend, "Before the firmware update: "));
  g_assert_nonnull (strstr (drivedash_long_compare_model_get_legend (drivedash_long_compare_view_get_model (view)),
                            "A  Before the firmware update"));
  g_assert_nonnull (strstr (drivedash_long_compare_model_get_conclusion (drivedash_long_compare_view_get_model (view)),
                            "than Before the firmware update"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
  drivedash_history_model_rename (history, oldest, names[0]);
  ui_iterate_until (edits_done, page, 30);
}

/* A Sustained run with a Consistency run: a plain sentence, no plots. */
static void
test_mixed (void)
{
  DrivedashWindow *window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  DrivedashHistoryPage *page = history_page (window);
  DrivedashLongCompareView *view = long_view (page);
  DrivedashLongCompareModel *model = drivedash_long_compare_view_get_model (view);
  GtkWidget *plots[3];

  g_assert_null (compare (page, DRIVEDASH_RUN_KIND_SUSTAINED, 1, TRUE));
  g_assert_nonnull (strstr (drivedash_long_compare_model_get_status (model), "different tests"));
  g_assert_cmpstr (drivedash_long_compare_model_get_title (model), ==, "Comparison");
  g_assert_cmpuint (drivedash_long_compare_view_get_plots (view, plots), ==, 0);
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (drivedash_long_compare_view_save (view, "/nonexistent/comparison.csv", &error));
    g_assert_nonnull (strstr (error->message, "no comparison"));
  }
  g_free (ui_screenshot (window, "history-long-mixed-en.png"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

/* One export: CSV by the comparison's numbers, SVG and PNG by the plots. */
static void
test_export (void)
{
  DrivedashWindow *window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  DrivedashHistoryPage *page = history_page (window);
  DrivedashLongCompareView *view = long_view (page);
  g_autofree char *dir = g_dir_make_tmp ("drivedash-long-export-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "comparison.csv", NULL);
  g_autofree char *svg = g_build_filename (dir, "comparison.svg", NULL);
  g_autofree char *png = g_build_filename (dir, "comparison.png", NULL);
  g_autofree char *bad = g_build_filename (dir, "missing", "comparison.csv", NULL);
  g_autofree char *csv_text = NULL, *svg_text = NULL, *png_data = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (compare (page, DRIVEDASH_RUN_KIND_CONSISTENCY, 4, FALSE));
  g_assert_true (drivedash_long_compare_view_save (view, csv, &error));
  g_assert_true (drivedash_long_compare_view_save (view, svg, &error));
  g_assert_true (drivedash_long_compare_view_save (view, png, &error));
  g_assert_no_error (error);
  csv_text = read_file (csv);
  g_assert_true (g_str_has_prefix (csv_text, "run,label,phase,round,bandwidth_mb_per_s"));
  g_assert_cmpuint (count_lines (csv_text), ==, 1 + 4 * 18 + 1);
  g_assert_nonnull (strstr (csv_text, "\"SN750, game mode on\""));
  svg_text = read_file (svg);
  g_assert_nonnull (strstr (svg_text, "<svg"));
  png_data = read_file (png);
  g_assert_cmpmem (png_data, 4, "\x89PNG", 4);
  /* A folder that is not there: an error in words, nothing else lost. */
  g_assert_false (drivedash_long_compare_view_save (view, bad, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "Could not save"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
  g_unlink (csv);
  g_unlink (svg);
  g_unlink (png);
  g_rmdir (dir);
}

static void
check_japanese (void)
{
  g_autofree char *localedir = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "po", NULL);
  DrivedashWindow *window;
  DrivedashHistoryPage *page;

  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Speed over time"), !=, "Speed over time");
  window = ui_open_window (app, 960, 1800);
  page = history_page (window);
  drivedash_window_set_visible_page (window, "history");
  ui_iterate_until (list_loaded, page, 30);
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      DrivedashLongCompareModel *model = drivedash_long_compare_view_get_model (long_view (page));

      g_assert_nonnull (compare (page, kinds[k], 6, FALSE));
      g_assert_null (strstr (drivedash_long_compare_model_get_conclusion (model), "than"));
      screenshots (window, k, "ja");
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
    }
  {
    static const char *const words[] = { "MB/s、最初の 1 分は", "回の平均は", "の高速キャッシュは", "回の平均は" };
    static const char *const headlines[] = { "平均 ", "平均 ", "書き込み ", "平均 " };

    open_each (window, "ja", words, headlines);
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
  ui_in_japanese (check_japanese_cb, NULL, "Speed over time");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;
  GTestDBus *bus;
  int status;

  g_test_init (&argc, &argv, NULL);
  /* A history of its own, before anything reads XDG_DATA_HOME; the
   * Japanese child reads the parent's. */
  if (g_test_subprocess ())
    data_home = g_strdup (g_getenv ("DRIVEDASH_TEST_HISTORY_LONG_HOME"));
  else
    {
      data_home = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "ui-history-long-XXXXXX", NULL);
      g_assert_nonnull (g_mkdtemp (data_home));
      g_setenv ("DRIVEDASH_TEST_HISTORY_LONG_HOME", data_home, TRUE);
    }
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("TZ", "UTC", TRUE);
  if (!g_test_subprocess ())
    fill_history ();

  bus = ui_start_app (&app);
  g_test_add_func ("/ui/history-long/compare", test_compare);
  g_test_add_func ("/ui/history-long/open-one", test_open_one);
  g_test_add_func ("/ui/history-long/repeats", test_repeats);
  g_test_add_func ("/ui/history-long/renamed", test_renamed);
  g_test_add_func ("/ui/history-long/mixed", test_mixed);
  g_test_add_func ("/ui/history-long/export", test_export);
  g_test_add_func ("/ui/history-long/japanese", test_japanese);
  status = g_test_run ();

  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  g_test_dbus_stop (bus);
  return status;
}
