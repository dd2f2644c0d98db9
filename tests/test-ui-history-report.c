/* test-ui-history-report.c — Make Report… beyond the speed comparison, in
 * the real app: on a long-test comparison and on one opened run (speed or
 * long), the button there and enabled, the report of exactly the runs
 * shown (A first), written through the same path as the speed
 * comparison's and read back with pdftotext.  Screenshots
 * history-report-*.png at 960 and 360 px.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "drivedash-history-page.h"
#include "drivedash-history-transfer.h"
#include "drivedash-long-compare-view.h"
#include "drivedash-test-longruns.h"
#include "test-ui-common.h"

static DrivedashApplication *app;
static gint64 consistency[2];
static gint64 saturation;
static gint64 speed;

/* A speed run of the real benchmark, saved by drivedash-cli as the Speed
 * page saves one: a tiny file in memory-backed mode, a tenth of a second
 * a pass. */
static gint64
bench (const char *dir)
{
  g_autofree char *cli = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli", "drivedash-cli", NULL);
  g_autofree char *target = g_build_filename (dir, "target", NULL);
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  const char *saved;
  int status;

  g_assert_cmpint (g_mkdir_with_parents (target, 0700), ==, 0);
  g_assert_true (g_spawn_sync (NULL, (char *[]) { cli, (char *) "bench", (char *) "--target", target,
                                                  (char *) "--test", (char *) "SEQ128K Q1T1", (char *) "--mode",
                                                  (char *) "read", (char *) "--size", (char *) "4M",
                                                  (char *) "--duration", (char *) "0.1", (char *) "--count",
                                                  (char *) "2", (char *) "--interval", (char *) "0",
                                                  (char *) "--buffered", (char *) "--allow-memory", NULL },
                               NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  saved = strstr (out, "Saved as run ");
  g_assert_nonnull (saved);
  return g_ascii_strtoll (saved + strlen ("Saved as run "), NULL, 10);
}

static void
fill_history (const char *dir)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (NULL, &error);

  g_assert_no_error (error);
  consistency[0] = drivedash_test_save_long_run (store, DRIVEDASH_LONG_TEST_CONSISTENCY, "SN750, game mode off",
                                                 1.0, 0.005, 11);
  consistency[1] = drivedash_test_save_long_run (store, DRIVEDASH_LONG_TEST_CONSISTENCY, "SN750, game mode on",
                                                 1.12, 0.005, 12);
  saturation = drivedash_test_save_long_run (store, DRIVEDASH_LONG_TEST_SATURATION, "970 EVO Plus", 1.0, 0.005, 13);
  g_clear_object (&store);
  speed = bench (dir);
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
         && g_list_model_get_n_items (drivedash_history_model_get_runs (model)) == 4;
}

static gboolean
long_loaded (gpointer data)
{
  DrivedashLongCompareView *view = DRIVEDASH_LONG_COMPARE_VIEW (data);

  return !drivedash_long_compare_model_get_loading (drivedash_long_compare_view_get_model (view));
}

/* The mapped "Make Report…" button under @root, or NULL. */
static GtkWidget *
report_button (GtkWidget *root)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (c) && gtk_widget_get_mapped (c) &&
          g_strcmp0 (gtk_button_get_label (GTK_BUTTON (c)), "Make _Report…") == 0)
        return c;
      if ((found = report_button (c)) != NULL)
        return found;
    }
  return NULL;
}

static gboolean
has_report_button (gpointer data)
{
  return report_button (data) != NULL;
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

/* What the button would report, made as the button makes it; returns the
 * PDF's text. */
static char *
make_report (DrivedashHistoryPage *page,
             const gint64         *want,
             guint                 n_want,
             const char           *name)
{
  g_autoptr(GArray) ids = drivedash_history_page_dup_report_ids (page);
  g_autofree char *pdf = g_build_filename (g_getenv ("XDG_DATA_HOME"), name, NULL);
  g_autofree char *html = drivedash_compare_model_dup_html_path (pdf);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *button = report_button (GTK_WIDGET (page));
  gboolean written = FALSE;
  int status;

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_nonnull (ids);
  g_assert_cmpuint (ids->len, ==, n_want);
  for (guint i = 0; i < n_want; i++)
    g_assert_cmpint (g_array_index (ids, gint64, i), ==, want[i]);
  drivedash_compare_model_make_report_of (drivedash_history_page_get_compare_model (page),
                                          drivedash_history_model_get_path (drivedash_history_page_get_model (page)),
                                          (const gint64 *) (gpointer) ids->data, ids->len, pdf,
                                          report_written_cb, &written);
  /* One report at a time, here as on the speed comparison. */
  g_assert_false (gtk_widget_get_sensitive (button));
  ui_iterate_until (flag_set, &written, 30);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_true (g_file_test (html, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_spawn_sync (NULL, (char *[]) { (char *) "pdftotext", pdf, (char *) "-", NULL }, NULL,
                               G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &text, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_unlink (pdf);
  g_unlink (html);
  return g_steal_pointer (&text);
}

static void
screenshots (DrivedashWindow *window,
             const char      *view)
{
  for (guint n = 0; n < 2; n++)
    {
      g_autofree char *name = g_strdup_printf ("history-report-%s-%s.png", view, n ? "360" : "960");

      ui_resize (window, n ? 360 : 960, 1200);
      g_assert_nonnull (report_button (GTK_WIDGET (window)));
      g_free (ui_screenshot (window, name));
    }
  gtk_window_set_default_size (GTK_WINDOW (window), 960, 1200);
}

/* Both Consistency runs ticked and compared: Make Report… there reports
 * them, the older (A) first. */
static void
test_long_compare (void)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1200);
  DrivedashHistoryPage *page = history_page (window);
  GtkWidget *view = ui_find_descendant (GTK_WIDGET (page), DRIVEDASH_TYPE_LONG_COMPARE_VIEW);
  GListModel *runs = drivedash_history_model_get_runs (drivedash_history_page_get_model (page));
  g_autofree char *text = NULL;

  drivedash_window_set_visible_page (window, "history");
  ui_iterate_until (list_loaded, page, 30);
  for (guint i = 0; i < g_list_model_get_n_items (runs); i++)
    {
      g_autoptr(DrivedashHistoryItem) item = g_list_model_get_item (runs, i);

      drivedash_history_item_set_selected (item, drivedash_history_item_get_id (item) == consistency[0] ||
                                                 drivedash_history_item_get_id (item) == consistency[1]);
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.compare", NULL));
  g_assert_cmpstr (drivedash_history_page_get_view (page), ==, "long-compare");
  ui_iterate_until (long_loaded, view, 60);
  screenshots (window, "long-compare");
  text = make_report (page, consistency, 2, "long-compare.pdf");
  g_assert_nonnull (strstr (text, "Drivedash Consistency report"));
  g_assert_nonnull (strstr (text, "SN750, game mode on"));
  g_assert_nonnull (strstr (text, "Speed in each round"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
}

static void
open_run (DrivedashHistoryPage *page,
          gint64                id)
{
  GListModel *runs = drivedash_history_model_get_runs (drivedash_history_page_get_model (page));

  for (guint i = 0; i < g_list_model_get_n_items (runs); i++)
    {
      g_autoptr(DrivedashHistoryItem) item = g_list_model_get_item (runs, i);

      if (drivedash_history_item_get_id (item) == id)
        drivedash_history_page_open (page, item);
    }
  g_assert_cmpstr (drivedash_history_page_get_view (page), ==, "run");
  ui_iterate_until (has_report_button, page, 20);
}

/* One run opened from the list, a long test's or a speed test's: Make
 * Report… reports that run alone. */
static void
test_one_run (void)
{
  DrivedashWindow *window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  DrivedashHistoryPage *page = history_page (window);
  g_autofree char *long_text = NULL;
  g_autofree char *speed_text = NULL;

  open_run (page, saturation);
  screenshots (window, "run");
  long_text = make_report (page, &saturation, 1, "one-run.pdf");
  g_assert_nonnull (strstr (long_text, "Drivedash Saturation report"));
  g_assert_nonnull (strstr (long_text, "970 EVO Plus"));
  g_assert_nonnull (strstr (long_text, "fast cache held"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));

  open_run (page, speed);
  screenshots (window, "speed-run");
  speed_text = make_report (page, &speed, 1, "speed-run.pdf");
  g_assert_nonnull (strstr (speed_text, "Drivedash speed report"));
  g_assert_nonnull (strstr (speed_text, "Reading large files, 1 at a time"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "history.back", NULL));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;
  GTestDBus *bus;
  int status;

  g_test_init (&argc, &argv, NULL);
  data_home = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "ui-history-report-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (data_home));
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("TZ", "UTC", TRUE);
  fill_history (data_home);

  bus = ui_start_app (&app);
  g_test_add_func ("/ui/history-report/long-compare", test_long_compare);
  g_test_add_func ("/ui/history-report/one-run", test_one_run);
  status = g_test_run ();

  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  g_test_dbus_stop (bus);
  return status;
}
