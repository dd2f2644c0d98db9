/* test-ui-history.c — the History view of the real app: a history of
 * stored runs (two drives, game mode off and on, an A/B test), opening a
 * run, comparing two, the A/B result, delete with Undo.  Screenshots of
 * each view in tests/screenshots/history-*.png.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-compare-model.h"
#include "drivedash-entry-row.h"
#include "drivedash-history-page.h"
#include "drivedash-history-transfer.h"
#include "drivedash-results-grid.h"
#include "drivedash-store.h"
#include "drivedash-test-locale.h"
#include "test-ui-common.h"

static DrivedashApplication *app;

static const char *const tests[] = { "SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1" };
static const double read_base[] = { 3450, 2100, 520, 62 };
static const double write_base[] = { 2980, 1900, 480, 190 };

static GBytes *
make_series (double scale)
{
  g_autoptr(GArray) samples = g_array_new (FALSE, TRUE, sizeof (DrivedashBenchSample));

  for (guint t = 0; t < 2 * G_N_ELEMENTS (tests); t++)
    for (guint i = 0; i < 30; i++)
      {
        DrivedashBenchSample s = { 0 };
        double base = t < G_N_ELEMENTS (tests) ? read_base[t] : write_base[t - G_N_ELEMENTS (tests)];

        s.test_index = t;
        s.phase = DRIVEDASH_BENCH_PHASE_MEASURING;
        s.pass = 1 + i / 10;
        s.window_s = 0.1;
        s.elapsed_s = (i + 1) * 0.1;
        s.run_elapsed_s = t * 4.0 + s.elapsed_s;
        s.mb_per_s = base * scale * (1 + 0.03 * sin (i * 0.7));
        s.iops = s.mb_per_s * 1e6 / (t % 4 < 2 ? 1048576 : 4096);
        s.latency_mean_us = 1e6 / s.iops;
        s.latency_p99_us = 3e6 / s.iops;
        g_array_append_val (samples, s);
      }
  return drivedash_store_series_encode ((const DrivedashBenchSample *) (gpointer) samples->data, samples->len, 600);
}

static void
add_results (DrivedashStoreRun *run,
             const double      *base,
             const char        *mode,
             double             scale,
             guint              seed)
{
  for (guint t = 0; t < G_N_ELEMENTS (tests); t++)
    {
      DrivedashStoreResult *r = drivedash_store_result_new (tests[t], mode);

      for (guint p = 0; p < 5; p++)
        {
          /* deterministic spread of about ±1 % */
          double v = base[t] * scale * (1 + 0.01 * sin ((double) (seed * 7 + t * 3 + p)));

          g_array_append_val (r->passes, v);
          r->mb_per_s = MAX (r->mb_per_s, v);
        }
      r->iops = r->mb_per_s * 1e6 / (t < 2 ? 1048576 : 4096);
      r->latency_us.mean = (t % 2 ? 1.0 : 8.0) * 1e6 / r->iops;
      r->latency_us.p50 = r->latency_us.mean * 0.9;
      r->latency_us.p90 = r->latency_us.mean * 1.5;
      r->latency_us.p99 = r->latency_us.mean * 3;
      r->latency_us.p999 = r->latency_us.mean * 6;
      r->latency_us.max = r->latency_us.mean * 20;
      g_ptr_array_add (run->results, r);
    }
}

static DrivedashStoreRun *
make_run (DrivedashStore *store,
          const char     *model,
          const char     *serial,
          int             game_mode,
          gint64          started_s,
          double          scale,
          guint           seed)
{
  DrivedashStoreRun *run = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);

  run->started_at = started_s * G_USEC_PER_SEC;
  run->ended_at = run->started_at + 90 * G_USEC_PER_SEC;
  run->drive_model = g_strdup (model);
  run->serial_hash = drivedash_store_hash_serial (store, serial);
  run->game_mode = game_mode;
  add_results (run, read_base, "read", scale, seed);
  add_results (run, write_base, "write", scale, seed + 1);
  run->series = make_series (scale);
  return run;
}

static void
save (DrivedashStore    *store,
      DrivedashStoreRun *run)
{
  g_autoptr(GError) error = NULL;

  drivedash_store_save_run (store, run, &error);
  g_assert_no_error (error);
}

static void
fill_history (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (NULL, &error);
  g_autoptr(GPtrArray) rounds = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
  g_autoptr(DrivedashStoreRun) set = NULL;
  gint64 t0 = 1795000000;  /* November 2026 */

  g_assert_no_error (error);
  for (guint i = 0; i < 10; i++)
    {
      DrivedashStoreRun *run = make_run (store, "WD_BLACK SN750 1TB", "WD1", i % 2, t0 + i * 120,
                                         1.0 + (i % 2 ? 0.01 : 0) + 0.001 * i, i);

      run->set_role = g_strdup (i % 2 ? "on" : "off");
      g_ptr_array_add (rounds, run);
    }
  set = drivedash_store_run_new_set (DRIVEDASH_RUN_KIND_AB_SET, rounds);
  save (store, set);
  for (guint i = 0; i < rounds->len; i++)
    {
      ((DrivedashStoreRun *) rounds->pdata[i])->set_id = set->id;
      save (store, rounds->pdata[i]);
    }
  {
    g_autoptr(DrivedashStoreRun) a = make_run (store, "WD_BLACK SN750 1TB", "WD1", 0, t0 + 86400, 1.0, 20);
    g_autoptr(DrivedashStoreRun) b = make_run (store, "Samsung SSD 970 EVO Plus 1TB", "S970", 0, t0 + 2 * 86400, 1.08, 30);
    g_autoptr(DrivedashStoreRun) c = make_run (store, "WD_BLACK SN750 1TB", "WD1", 1, t0 + 3 * 86400, 1.0, 40);

    c->name = g_strdup ("After the firmware update");
    save (store, a);
    save (store, b);
    save (store, c);
  }
}

static DrivedashHistoryPage *
history_page (DrivedashWindow *window)
{
  GtkWidget *page = ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HISTORY_PAGE);

  g_assert_nonnull (page);
  return DRIVEDASH_HISTORY_PAGE (page);
}

static gboolean
list_loaded (gpointer data)
{
  DrivedashHistoryModel *model = drivedash_history_page_get_model (data);

  return !drivedash_history_model_get_loading (model)
         && g_list_model_get_n_items (drivedash_history_model_get_runs (model)) > 0;
}

static gboolean
compare_loaded (gpointer data)
{
  return !drivedash_compare_model_get_loading (drivedash_history_page_get_compare_model (data));
}

static gboolean
grid_filled (gpointer data)
{
  return drivedash_results_grid_get_n_filled (data) == 2 * G_N_ELEMENTS (tests);
}

static DrivedashHistoryItem *
item_at (DrivedashHistoryPage *page,
         guint                 i)
{
  GListModel *runs = drivedash_history_model_get_runs (drivedash_history_page_get_model (page));
  g_autoptr(GObject) item = g_list_model_get_item (runs, i);

  return DRIVEDASH_HISTORY_ITEM (item);  /* the list keeps it */
}

static guint
n_rows (DrivedashHistoryPage *page)
{
  return g_list_model_get_n_items (drivedash_history_model_get_runs (drivedash_history_page_get_model (page)));
}

static void
test_history (void)
{
  DrivedashWindow *window = ui_open_window (app, 900, 1100);
  DrivedashHistoryPage *page = history_page (window);
  g_autofree char *shot = NULL;

  drivedash_window_set_visible_page (window, "history");
  ui_iterate_until (list_loaded, page, 20);
  g_assert_cmpuint (n_rows (page), ==, 4);
  /* The test, the drive, and the name where the date would be. */
  g_assert_true (g_str_has_suffix (drivedash_history_item_get_title (item_at (page, 0)), " · After the firmware update"));
  ui_set_dark (app, FALSE);
  drivedash_history_item_set_selected (item_at (page, 1), TRUE);
  drivedash_history_item_set_selected (item_at (page, 2), TRUE);
  shot = ui_screenshot (window, "history-list.png");
  ui_set_dark (app, TRUE);
  g_free (ui_screenshot (window, "history-list-dark.png"));
  ui_set_dark (app, FALSE);
}

static void
test_compare (void)
{
  DrivedashWindow *window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  DrivedashHistoryPage *page = history_page (window);
  DrivedashCompareModel *cmp = drivedash_history_page_get_compare_model (page);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.compare", NULL));
  ui_iterate_until (compare_loaded, page, 20);
  g_assert_cmpstr (drivedash_history_page_get_view (page), ==, "compare");
  g_assert_cmpuint (g_list_model_get_n_items (drivedash_compare_model_get_rows (cmp)), ==, 8);
  /* The older run is A: the WD; B, the Samsung, is 8 % faster
   * everywhere, far outside the ±1 % spread. */
  g_assert_true (g_str_has_prefix (drivedash_compare_model_get_legend (cmp), "A  "));
  g_assert_true (g_str_has_prefix (drivedash_compare_model_get_conclusion (cmp), "B ("));
  g_assert_true (g_str_has_suffix (drivedash_compare_model_get_conclusion (cmp),
                                   ") is measurably faster than A in every test."));
  g_free (ui_screenshot (window, "history-compare.png"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
}

static void
test_ab (void)
{
  DrivedashWindow *window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  DrivedashHistoryPage *page = history_page (window);
  DrivedashCompareModel *cmp = drivedash_history_page_get_compare_model (page);

  drivedash_history_page_open (page, item_at (page, 3));
  ui_iterate_until (compare_loaded, page, 20);
  g_assert_cmpstr (drivedash_compare_model_get_legend (cmp), ==,
                   "A  Game mode off, 5 rounds (the baseline)\nB  Game mode on, 5 rounds");
  g_assert_cmpuint (g_list_model_get_n_items (drivedash_compare_model_get_rows (cmp)), ==, 8);
  g_free (ui_screenshot (window, "history-ab.png"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
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

/* Before Start, the game mode test says how long it takes (every round
 * of both sides), and a screen reader hears that with Start and the
 * rounds' name on their spin button. */
static gboolean
shows_ab_start (gpointer page)
{
  GtkWidget *start = find_actionable (GTK_WIDGET (page), "history.ab-start");

  return start != NULL && gtk_widget_get_mapped (start);
}

static void
test_ab_speech (void)
{
  DrivedashWindow *window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  DrivedashHistoryPage *page = history_page (window);
  DrivedashAbModel *ab = drivedash_history_page_get_ab_model (page);
  int width, height;
  GtkWidget *spin = ui_find_descendant (GTK_WIDGET (page), GTK_TYPE_SPIN_BUTTON);
  GtkWidget *start;
  g_autofree char *five = NULL;

  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  drivedash_window_set_visible_page (window, "history");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.ab", NULL));
  ui_iterate_until (shows_ab_start, page, 10);
  start = find_actionable (GTK_WIDGET (page), "history.ab-start");
  g_assert_nonnull (start);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, "Rounds per side");
  /* Its icon-only Back button is named after its tooltip, not "GtkImage". */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (find_actionable (GTK_WIDGET (page), "history.back")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Back to the list");
  five = g_strdup (drivedash_ab_model_get_estimate_text (ab));
  g_assert_true (g_str_has_prefix (five, "Estimated time: about "));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (start), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, five);
  /* Twice the rounds, about twice the time; the spin button sets them. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 10);
  g_assert_cmpuint (drivedash_ab_model_get_rounds (ab), ==, 10);
  g_assert_cmpstr (drivedash_ab_model_get_estimate_text (ab), !=, five);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (start), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       drivedash_ab_model_get_estimate_text (ab));
  g_free (ui_screenshot (window, "history-ab-estimate.png"));
  ui_screenshot_at (window, 360, 800, "history-ab-estimate-narrow.png");
  drivedash_ab_model_set_rounds (ab, 5);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
  /* The next tests go on in this window, as wide as before. */
  ui_resize (window, width, height);
}

typedef struct
{
  GtkWidget  *root;
  const char *label;
  GtkWidget  *found;
  guint       n;
} ButtonSearch;

static void
count_buttons (GtkWidget    *widget,
               ButtonSearch *s)
{
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) &&
      g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), s->label) == 0)
    {
      s->found = widget;
      s->n++;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    count_buttons (c, s);
}

/* Exactly one button on screen labelled s->label: a toast's. */
static gboolean
one_button (gpointer data)
{
  ButtonSearch *s = data;

  s->found = NULL;
  s->n = 0;
  count_buttons (s->root, s);
  return s->n == 1;
}

static void
test_open_and_delete (void)
{
  DrivedashWindow *window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  DrivedashHistoryPage *page = history_page (window);
  DrivedashHistoryModel *model = drivedash_history_page_get_model (page);
  GtkWidget *grid;
  gint64 id = drivedash_history_item_get_id (item_at (page, 0));

  drivedash_history_page_open (page, item_at (page, 0));
  grid = ui_find_descendant (GTK_WIDGET (page), DRIVEDASH_TYPE_RESULTS_GRID);
  ui_iterate_until (grid_filled, grid, 20);
  g_free (ui_screenshot (window, "history-run.png"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.delete", NULL));
  g_assert_cmpstr (drivedash_history_page_get_view (page), ==, "list");
  g_assert_cmpuint (n_rows (page), ==, 3);
  g_assert_true (drivedash_history_model_get_can_undo (model));
  {
    UiText said = { GTK_WIDGET (window), " · After the firmware update" };
    ButtonSearch undo = { GTK_WIDGET (window), "_Undo", NULL, 0 };
    gint64 second = drivedash_history_item_get_id (item_at (page, 0));

    /* The toast says which run, and offers Undo. */
    ui_iterate_until (ui_text_shown, &said, 20);
    ui_iterate_until (one_button, &undo, 20);
    g_free (ui_screenshot (window, "history-deleted.png"));

    /* A second delete while the first toast shows: its own toast comes
     * at once, and its Undo brings back the second run, not the first. */
    drivedash_history_page_open (page, item_at (page, 0));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.delete", NULL));
    g_assert_cmpuint (n_rows (page), ==, 2);
    said.text = "Run deleted: Standard speed test · Samsung SSD 970 EVO Plus 1TB";
    ui_iterate_until (ui_text_shown, &said, 20);
    ui_iterate_until (one_button, &undo, 20);
    /* The Undo on screen is the second toast's: the first is gone, not
     * queued in front of it. */
    g_assert_true (ui_shows_text (gtk_widget_get_parent (undo.found), said.text));
    g_signal_emit_by_name (undo.found, "clicked");
    g_assert_cmpuint (n_rows (page), ==, 3);
    g_assert_cmpint (drivedash_history_item_get_id (item_at (page, 0)), ==, second);
    g_assert_false (drivedash_history_model_get_can_undo (model));
    for (guint i = 0; i < n_rows (page); i++)
      g_assert_cmpint (drivedash_history_item_get_id (item_at (page, i)), !=, id);
  }
}

static gboolean
ab_not_running (gpointer ab)
{
  return !drivedash_ab_model_get_running (ab);
}

/* Here no folder on tmpfs is on an NVMe drive: the test is refused
 * before anything is switched, with the reason on screen. */
static void
test_ab_refused (void)
{
  DrivedashWindow *window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  DrivedashHistoryPage *page = history_page (window);
  DrivedashAbModel *ab = drivedash_history_page_get_ab_model (page);
  g_autofree char *dir = g_build_filename ("/dev/shm", "drivedash-ab-XXXXXX", NULL);
  g_autoptr(GFile) folder = NULL;

  if (g_mkdtemp (dir) == NULL)
    {
      g_test_skip ("no /dev/shm here");
      return;
    }
  folder = g_file_new_for_path (dir);
  drivedash_bench_options_set_folder (drivedash_ab_model_get_options (ab), folder);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.ab", NULL));
  g_assert_cmpstr (drivedash_history_page_get_view (page), ==, "ab");
  g_assert_cmpuint (drivedash_ab_model_get_rounds (ab), ==, 5);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.ab-start", NULL));
  /* The drive is looked up in a worker: refused once it answers. */
  ui_iterate_until (ab_not_running, ab, 30);
  g_assert_true (drivedash_ab_model_get_status_is_error (ab));
  g_assert_true (g_str_has_prefix (drivedash_ab_model_get_status (ab), "This folder is not on an NVMe drive"));
  g_free (ui_screenshot (window, "history-ab-setup.png"));
  g_rmdir (dir);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
}

/* The file chooser the page opened (GTK's own dialog: the test bus has
 * no portal). */
static gboolean
chooser_open (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* GTK's own */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        {
          *(GtkWidget **) data = GTK_WIDGET (w);
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
file_selected (gpointer data)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (data);

  return file != NULL;
}

/* Imports path the user's way: the Import button, then the file
 * chooser. */
static void
import_through_chooser (DrivedashHistoryPage *page,
                        const char           *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWidget *chooser = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.import", NULL));
  ui_iterate_until (chooser_open, &chooser, 20);
  g_assert_true (gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, NULL));
  /* The dialog ignores Open until its folder has loaded and the file is
   * selected in it. */
  ui_iterate_until (file_selected, chooser, 20);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
}

/* Names, models and messages are text, never Pango markup: "Tom & Jerry"
 * showed blank, an imported <span> rendered red, and the toast of every
 * invalid-JSON import was empty (json-glib's message holds "<data>"). */
static void
test_plain_text (void)
{
  DrivedashWindow *window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  DrivedashHistoryPage *page = history_page (window);
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (NULL, &error);
  g_autoptr(DrivedashStoreRun) run = NULL;
  g_autofree char *bad = g_build_filename (g_getenv ("XDG_DATA_HOME"), "not-json.json", NULL);
  const char *span = "<span foreground='red'>URGENT</span>";
  UiText name = { GTK_WIDGET (page), "Tom & Jerry" };
  UiText model = { GTK_WIDGET (page), span };
  UiText toast = { GTK_WIDGET (window), "This file is not valid JSON (<data>" };

  g_assert_no_error (error);
  run = make_run (store, span, "X1", 0, 1795000000 + 5 * 86400, 1.0, 50);
  run->name = g_strdup ("Tom & Jerry");
  save (store, run);
  drivedash_history_model_reload (drivedash_history_page_get_model (page));
  ui_iterate_until (ui_text_shown, &name, 20);
  ui_iterate_until (ui_text_shown, &model, 20);

  g_assert_true (g_file_set_contents (bad, "{\"runs\": [", -1, NULL));
  import_through_chooser (page, bad);
  ui_iterate_until (ui_text_shown, &toast, 20);
  {
    /* The reason on the page, in full; the toast says what happened and
     * offers another file. */
    UiText said = { GTK_WIDGET (window), "Nothing was imported" };
    ButtonSearch again = { GTK_WIDGET (window), "_Try Another File…", NULL, 0 };

    g_assert_nonnull (strstr (drivedash_history_model_get_import_error (drivedash_history_page_get_model (page)),
                              "This file is not valid JSON"));
    ui_iterate_until (ui_text_shown, &said, 20);
    ui_iterate_until (one_button, &again, 20);
  }
}

static gboolean
view_is_run (gpointer data)
{
  return g_strcmp0 (drivedash_history_page_get_view (data), "run") == 0;
}

/* Issue 24: a good file says how many runs it added and offers to show
 * the one it added. */
static void
test_import_added (void)
{
  DrivedashWindow *window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  DrivedashHistoryPage *page = history_page (window);
  g_autofree char *good = g_build_filename (g_getenv ("XDG_DATA_HOME"), "friend.json", NULL);
  UiText toast = { GTK_WIDGET (window), "1 run added" };
  ButtonSearch show = { GTK_WIDGET (window), "_Show", NULL, 0 };
  guint before = n_rows (page);

  g_assert_true (g_file_set_contents (good, "{\"format\": \"drivedash-history\", \"version\": 1, \"runs\": ["
                                      "{\"id\": 7, \"kind\": \"quick\", \"name\": \"Friend's drive\", "
                                      "\"started_at\": \"2026-01-01T00:00:00Z\", \"status\": \"done\", "
                                      "\"results\": [{\"test\": \"RND4K Q1T1\", \"mode\": \"write\", "
                                      "\"mb_per_s\": 61.5, \"passes\": [61.5]}]}]}", -1, NULL));
  import_through_chooser (page, good);
  ui_iterate_until (ui_text_shown, &toast, 20);
  ui_iterate_until (one_button, &show, 20);
  ui_iterate_until (list_loaded, page, 20);
  g_assert_cmpuint (n_rows (page), ==, before + 1);
  /* A good import clears the reason the last one failed. */
  g_assert_null (drivedash_history_model_get_import_error (drivedash_history_page_get_model (page)));
  g_free (ui_screenshot (window, "history-imported.png"));
  g_signal_emit_by_name (show.found, "clicked");
  ui_iterate_until (view_is_run, page, 20);
  g_assert_true (g_str_has_suffix (drivedash_history_item_get_title (drivedash_history_page_get_current (page)),
                                   " · Friend's drive"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
}

/* 80,000 "[" overflowed the import thread's stack (json-glib parses
 * recursively): now a toast says why, and the history is as it was. */
static void
test_import_deep (void)
{
  DrivedashWindow *window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  DrivedashHistoryPage *page = history_page (window);
  g_autofree char *deep = g_build_filename (g_getenv ("XDG_DATA_HOME"), "deep.json", NULL);
  g_autofree char *brackets = g_strnfill (80000, '[');
  UiText toast = { GTK_WIDGET (window), "nested too deeply" };
  guint before = n_rows (page);

  g_assert_true (g_file_set_contents (deep, brackets, -1, NULL));
  import_through_chooser (page, deep);
  ui_iterate_until (ui_text_shown, &toast, 20);
  g_assert_cmpuint (n_rows (page), ==, before);
}

/* Ticks the first @n speed tests on the list, and nothing else. */
static void
pick_speed_runs (DrivedashHistoryPage *page,
                 guint                 n)
{
  guint picked = 0;

  for (guint i = 0; i < n_rows (page); i++)
    {
      const DrivedashStoreRun *run = drivedash_history_item_get_run (item_at (page, i));
      gboolean pick = run->kind == DRIVEDASH_RUN_KIND_QUICK && picked < n;

      drivedash_history_item_set_selected (item_at (page, i), pick);
      picked += pick;
    }
  g_assert_cmpuint (picked, ==, n);
}

typedef struct
{
  GtkFileChooser *chooser;
  GFile          *file;
} Choice;

/* The chooser would save to the file asked for. */
static gboolean
chooser_has_file (gpointer data)
{
  Choice *c = data;
  g_autoptr(GFile) current = gtk_file_chooser_get_file (c->chooser);

  return current != NULL && g_file_equal (current, c->file);
}

/* Saves through the chooser the page opened: @name in @folder. */
static void
save_through_chooser (const char *folder,
                      const char *name)
{
  g_autoptr(GFile) file = g_file_new_build_filename (folder, name, NULL);
  g_autofree char *offered = NULL;
  GtkWidget *chooser = NULL;
  Choice want = { NULL, file };

  ui_iterate_until (chooser_open, &chooser, 20);
  want.chooser = GTK_FILE_CHOOSER (chooser);
  /* The name offered first is the plain one. */
  offered = gtk_file_chooser_get_current_name (want.chooser);
  g_assert_cmpstr (offered, ==, "Drivedash report.pdf");
  /* Typed as a whole path: GTK 4.8's save dialog keeps the folder of
   * its name entry when set_file() or set_current_folder() changes the
   * folder it shows. */
  gtk_file_chooser_set_current_name (want.chooser, g_file_peek_path (file));
  ui_iterate_until (chooser_has_file, &want, 20);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
}

static gboolean
starts_with_pdf (const char *path)
{
  g_autofree char *text = NULL;
  gsize len = 0;

  return g_file_get_contents (path, &text, &len, NULL) && len > 4 && memcmp (text, "%PDF", 4) == 0;
}

static gboolean
not_reporting (gpointer data)
{
  return !drivedash_compare_model_get_reporting (data);
}

static void
report_written_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (drivedash_compare_model_make_report_finish (DRIVEDASH_COMPARE_MODEL (source), result, &error));
  g_assert_no_error (error);
  *(gboolean *) user_data = TRUE;
}

static gboolean
flag_set (gpointer data)
{
  return *(gboolean *) data;
}

/* One report at a time: Make Report is off while one is written. */
static void
check_one_at_a_time (DrivedashHistoryPage *page,
                     const char           *dir)
{
  DrivedashCompareModel *cmp = drivedash_history_page_get_compare_model (page);
  ButtonSearch button = { GTK_WIDGET (page), "Make _Report…", NULL, 0 };
  g_autofree char *pdf = g_build_filename (dir, "second.pdf", NULL);
  gboolean written = FALSE;

  g_assert_true (one_button (&button));
  g_assert_true (gtk_widget_get_sensitive (button.found));
  drivedash_compare_model_make_report (cmp, drivedash_history_model_get_path (drivedash_history_page_get_model (page)),
                                       pdf, report_written_cb, &written);
  g_assert_true (drivedash_compare_model_get_reporting (cmp));
  g_assert_false (gtk_widget_get_sensitive (button.found));
  ui_iterate_until (flag_set, &written, 20);
  g_assert_true (gtk_widget_get_sensitive (button.found));
  g_assert_true (starts_with_pdf (pdf));
}

/* Make Report in the comparison: a PDF and an HTML page of the same
 * name, a toast that offers to open it; a folder that cannot be written
 * to says so in a toast and leaves no file. */
static void
test_report (void)
{
  DrivedashWindow *window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  DrivedashHistoryPage *page = history_page (window);
  DrivedashCompareModel *cmp = drivedash_history_page_get_compare_model (page);
  g_autofree char *dir = g_build_filename (g_getenv ("XDG_DATA_HOME"), "reports-XXXXXX", NULL);
  g_autofree char *pdf = NULL, *html = NULL, *locked = NULL;
  UiText saved = { GTK_WIDGET (window), "Report saved" };
  UiText refused = { GTK_WIDGET (window), "the folder cannot be written to" };
  ButtonSearch open = { GTK_WIDGET (window), "_Open", NULL, 0 };
  const char *nowhere;

  g_assert_nonnull (g_mkdtemp (dir));
  pick_speed_runs (page, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.compare", NULL));
  ui_iterate_until (compare_loaded, page, 20);
  g_assert_false (drivedash_compare_model_get_show_serial (cmp));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.report", NULL));
  save_through_chooser (dir, "Two drives.pdf");
  ui_iterate_until (ui_text_shown, &saved, 20);
  ui_iterate_until (one_button, &open, 20);
  g_free (ui_screenshot (window, "history-report-saved.png"));
  pdf = g_build_filename (dir, "Two drives.pdf", NULL);
  html = g_build_filename (dir, "Two drives.html", NULL);
  g_assert_true (starts_with_pdf (pdf));
  g_assert_true (g_file_test (html, G_FILE_TEST_IS_REGULAR));
  check_one_at_a_time (page, dir);

  /* Root writes to a folder of mode 0555: then /proc, which it cannot. */
  locked = g_build_filename (dir, "locked", NULL);
  g_assert_cmpint (g_mkdir (locked, 0555), ==, 0);
  nowhere = access (locked, W_OK) == 0 ? "/proc" : locked;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.report", NULL));
  save_through_chooser (nowhere, "Nowhere.pdf");
  ui_iterate_until (ui_text_shown, &refused, 20);
  ui_iterate_until (not_reporting, cmp, 20);
  g_clear_pointer (&pdf, g_free);
  g_clear_pointer (&html, g_free);
  pdf = g_build_filename (nowhere, "Nowhere.pdf", NULL);
  html = g_build_filename (nowhere, "Nowhere.html", NULL);
  g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (html, G_FILE_TEST_EXISTS));
  g_free (ui_screenshot (window, "history-report-refused.png"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
}

/* The list and a three-run comparison at 960 and 360 px, for the eye:
 * history-list-<suffix>-<width>.png, history-compare-<suffix>-<width>.png. */
static void
shoot_widths (const char *suffix)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1100);
  DrivedashHistoryPage *page = history_page (window);
  const int widths[] = { 960, 360 };

  drivedash_window_set_visible_page (window, "history");
  ui_iterate_until (list_loaded, page, 20);
  pick_speed_runs (page, 3);
  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      g_autofree char *list = g_strdup_printf ("history-list-%s-%d.png", suffix, widths[w]);
      g_autofree char *compare = g_strdup_printf ("history-compare-%s-%d.png", suffix, widths[w]);

      ui_screenshot_at (window, widths[w], 1100, list);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.compare", NULL));
      ui_iterate_until (compare_loaded, page, 20);
      g_free (ui_screenshot (window, compare));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
    }
  ui_resize (window, 900, 1100);
}

static void
test_widths (void)
{
  shoot_widths ("en");
}

/* The same in a child started in a real ja_JP.UTF-8 locale (Pango picks
 * its fonts by the locale's language at start). */
static void
test_japanese (void)
{
  ui_in_japanese (shoot_widths, "ja", "Baseline");
}

static void
test_narrow (void)
{
  DrivedashWindow *window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));

  ui_screenshot_at (window, 360, 900, "history-list-narrow.png");
  {
    int minimum;

    /* The page itself fits a phone (the toast left over from the delete
     * test has a width of its own). */
    gtk_widget_measure (GTK_WIDGET (history_page (window)), GTK_ORIENTATION_HORIZONTAL, -1,
                        &minimum, NULL, NULL, NULL);
    g_assert_cmpint (minimum, <=, 360);
  }
  /* Closing disposes the page: it used to unparent its stack twice. */
  ui_close (window);
}

/* The run's Name field (a DrivedashEntryRow, for screen readers): an
 * edit shows Apply, Enter applies it and renames the run. */
static void
test_rename (void)
{
  DrivedashWindow *window = ui_open_window (app, 900, 1100);
  DrivedashHistoryPage *page = history_page (window);
  DrivedashEntryRow *row;
  GtkWidget *apply;
  GtkEntry *entry;

  drivedash_window_set_visible_page (window, "history");
  ui_iterate_until (list_loaded, page, 20);
  drivedash_history_page_open (page, item_at (page, 0));
  row = DRIVEDASH_ENTRY_ROW (ui_find_descendant (GTK_WIDGET (page), DRIVEDASH_TYPE_ENTRY_ROW));
  entry = drivedash_entry_row_get_entry (row);
  apply = gtk_widget_get_next_sibling (GTK_WIDGET (entry));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Name");
  g_assert_false (gtk_widget_get_visible (apply));
  gtk_editable_set_text (GTK_EDITABLE (entry), "Renamed & kept");
  g_assert_true (gtk_widget_get_visible (apply));
  g_signal_emit_by_name (entry, "activate");
  g_assert_false (gtk_widget_get_visible (apply));
  g_assert_true (g_str_has_suffix (drivedash_history_item_get_title (item_at (page, 0)), " · Renamed & kept"));
  ui_close (window);
}

static gboolean
no_undo_shown (gpointer data)
{
  ButtonSearch *s = data;

  one_button (s);
  return s->n == 0;
}

/* Three deletes one after the other, faster than a toast's animations:
 * under libadwaita 1.2, dismissing the toast before (shown 500 ms while
 * the one before it hid) freed it before its show animation ended, and
 * the animation's end then wrote to freed memory.  The toast is one,
 * renamed each time, and it leaves by its own timeout. */
static void
test_delete_quickly (void)
{
  DrivedashWindow *window = ui_open_window (app, 900, 1100);
  DrivedashHistoryPage *page = history_page (window);
  DrivedashHistoryModel *model = drivedash_history_page_get_model (page);
  ButtonSearch undo = { GTK_WIDGET (window), "_Undo", NULL, 0 };
  g_autofree char *last = NULL;
  guint before;

  drivedash_window_set_visible_page (window, "history");
  ui_iterate_until (list_loaded, page, 20);
  before = n_rows (page);
  g_assert_cmpuint (before, >=, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_free (last);
      last = g_strdup_printf ("Run deleted: %s", drivedash_history_item_get_title (item_at (page, 0)));
      drivedash_history_page_open (page, item_at (page, 0));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.delete", NULL));
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  g_assert_cmpuint (n_rows (page), ==, before - 3);
  {
    UiText said = { GTK_WIDGET (window), last };

    ui_iterate_until (ui_text_shown, &said, 20);
    ui_iterate_until (one_button, &undo, 20);
  }
  /* Its timeout dismisses it: every animation has ended by then. */
  ui_iterate_until (no_undo_shown, &undo, 60);
  g_assert_false (drivedash_history_model_get_can_undo (model));
  g_assert_cmpuint (n_rows (page), ==, before - 3);
  ui_close (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;
  GTestDBus *bus;
  int status;

  /* A history of its own, before anything reads XDG_DATA_HOME. */
  data_home = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "ui-history-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (data_home));
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("TZ", "UTC", TRUE);
  g_test_init (&argc, &argv, NULL);
  fill_history ();

  /* GTK's in-memory accessibility backend, so the tests can read what a
   * screen reader would be told (the suite's default is none). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  bus = ui_start_app (&app);
  g_test_add_func ("/ui/history/list", test_history);
  g_test_add_func ("/ui/history/compare", test_compare);
  g_test_add_func ("/ui/history/ab", test_ab);
  g_test_add_func ("/ui/history/open-and-delete", test_open_and_delete);
  g_test_add_func ("/ui/history/ab-refused", test_ab_refused);
  g_test_add_func ("/ui/history/ab-speech", test_ab_speech);
  g_test_add_func ("/ui/history/plain-text", test_plain_text);
  g_test_add_func ("/ui/history/import-deep", test_import_deep);
  g_test_add_func ("/ui/history/import-added", test_import_added);
  g_test_add_func ("/ui/history/report", test_report);
  g_test_add_func ("/ui/history/widths", test_widths);
  g_test_add_func ("/ui/history/japanese", test_japanese);
  g_test_add_func ("/ui/history/narrow", test_narrow);
  g_test_add_func ("/ui/history/rename", test_rename);
  g_test_add_func ("/ui/history/delete-quickly", test_delete_quickly);
  status = g_test_run ();

  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  g_test_dbus_stop (bus);
  return status;
}
