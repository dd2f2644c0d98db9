/* test-ui-health-report.c — a health report from elsewhere in the real
 * app: a real drive's smartctl -x report dropped on the window opens in
 * a Health Report window with the Health page's verdict, life and
 * details, marked as from a report with its date; the same drive's
 * smartctl -j and nvme-cli JSON give the same verdict; a file that is no
 * report, and one too big to be one, are refused in plain words.
 * Screenshots at 960 and 360 px, in English and Japanese.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-demo.h"
#include "drivedash-health-report.h"
#include "drivedash-health-report-window.h"

#include "drivedash-test-tree.h"
#include "test-ui-common.h"

#define DRIVE "ADATA_SX6000LNP256GB_02E6E8618E9E"

static DrivedashApplication *app;

static GFile *
report_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", name, NULL);

  return g_file_new_for_path (path);
}

static gboolean
has_report_window (gpointer data)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (DRIVEDASH_IS_HEALTH_REPORT_WINDOW (l->data))
      return TRUE;
  return FALSE;
}

static DrivedashHealthReportWindow *
report_window (void)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (DRIVEDASH_IS_HEALTH_REPORT_WINDOW (l->data))
      return l->data;
  g_assert_not_reached ();
}

static gboolean
settled (gpointer model)
{
  return drivedash_health_report_model_get_state (model) != DRIVEDASH_HEALTH_REPORT_LOADING;
}

/* What a drop from a file manager does: the widget's own drop target
 * gets the file. */
static void
drop_value (GtkWidget *widget,
            GValue    *value)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;
  guint dropped = 0;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (c))
        {
          g_signal_emit_by_name (c, "drop", value, 20.0, 20.0, &handled);
          g_assert_true (handled);
          dropped++;
        }
    }
  g_value_unset (value);
  g_assert_cmpuint (dropped, ==, 1);
}

static void
drop_file (GtkWidget *widget,
           GFile     *file)
{
  GValue value = G_VALUE_INIT;

  g_value_init (&value, G_TYPE_FILE);
  g_value_set_object (&value, file);
  drop_value (widget, &value);
}

/* What a file manager gives for several files. */
static void
drop_files (GtkWidget *widget,
            GFile     *first,
            GFile     *second)
{
  GValue value = G_VALUE_INIT;
  GSList *list = g_slist_append (g_slist_append (NULL, first), second);

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (list));
  g_slist_free (list);
  drop_value (widget, &value);
}

static DrivedashVerdict
verdict_of (DrivedashHealthReportModel *model)
{
  DrivedashVerdict verdict;

  g_object_get (drivedash_health_report_model_get_health_model (model), "verdict", &verdict, NULL);
  return verdict;
}

static void
open_and_wait (DrivedashHealthReportModel *model,
               GFile                      *file)
{
  drivedash_health_report_model_open (model, file);
  g_assert_cmpint (drivedash_health_report_model_get_state (model), ==, DRIVEDASH_HEALTH_REPORT_LOADING);
  ui_iterate_until (settled, model, 20);
}

static char *
made_on_5_june_2024 (void)
{
  g_autoptr(GDateTime) made = g_date_time_new_utc (2024, 6, 5, 14, 52, 1);
  g_autofree char *day = drivedash_health_report_format_date (made);

  return g_strdup_printf (_("This is a report from a file, not a drive of this computer. It was made on %s."), day);
}

static void
report_flow (const char *prefix)
{
  DrivedashWindow *window = ui_open_window (app, 960, 700);
  g_autoptr(GFile) text = report_file (DRIVE ".txt");
  g_autoptr(GFile) smartctl_json = report_file (DRIVE ".smartctl.json");
  g_autoptr(GFile) nvme_json = report_file (DRIVE ".nvme.json");
  g_autoptr(GFile) id_ctrl = report_file (DRIVE ".id-ctrl.json");
  g_autoptr(GFile) not_a_report = report_file ("README.md");
  g_autofree char *origin = made_on_5_june_2024 ();
  g_autofree char *shot = NULL;
  DrivedashHealthReportWindow *report;
  DrivedashHealthReportModel *model;

  /* Dropped on the main window: a window of its own. */
  drop_file (GTK_WIDGET (window), text);
  ui_iterate_until (has_report_window, NULL, 10);
  report = report_window ();
  model = drivedash_health_report_window_get_model (report);
  ui_iterate_until (settled, model, 20);
  g_assert_cmpint (drivedash_health_report_model_get_state (model), ==, DRIVEDASH_HEALTH_REPORT_SHOWN);
  g_assert_cmpstr (drivedash_health_report_model_get_file_name (model), ==, DRIVE ".txt");
  g_assert_cmpstr (drivedash_health_report_model_get_origin (model), ==, origin);
  g_assert_cmpint (verdict_of (model), ==, DRIVEDASH_VERDICT_BAD);
  ui_iterate_until (ui_widget_is_mapped, report, 10);
  ui_wait_frame (GTK_WIDGET (report));
  g_assert_true (ui_shows_text (GTK_WIDGET (report), origin));
  g_assert_true (ui_shows_text (GTK_WIDGET (report), _("The drive has switched itself to read-only to protect your data.")));
  g_assert_true (ui_shows_text (GTK_WIDGET (report), "ADATA SX6000LNP"));
  shot = g_strdup_printf ("%s-960.png", prefix);
  ui_screenshot_at (report, 960, 1500, shot);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (report)), >, 900);
  g_free (shot);
  shot = g_strdup_printf ("%s-360.png", prefix);
  ui_screenshot_at (report, 360, 1500, shot);

  /* The same drive's JSON, either tool's, dropped on the report window. */
  drop_file (GTK_WIDGET (report), smartctl_json);
  ui_iterate_until (settled, model, 20);
  g_assert_cmpint (verdict_of (model), ==, DRIVEDASH_VERDICT_BAD);
  g_assert_cmpstr (drivedash_health_report_model_get_origin (model), ==, origin);
  open_and_wait (model, nvme_json);
  g_assert_cmpint (drivedash_health_report_model_get_state (model), ==, DRIVEDASH_HEALTH_REPORT_SHOWN);
  g_assert_cmpint (verdict_of (model), ==, DRIVEDASH_VERDICT_BAD);
  g_assert_cmpstr (drivedash_health_report_model_get_origin (model), ==,
                   _("This is a report from a file, not a drive of this computer. The report does not say "
                     "when it was made."));

  /* nvme-cli's two files of the drive, dropped together: its name and
   * limits from id-ctrl beside the health log. */
  drop_files (GTK_WIDGET (report), nvme_json, id_ctrl);
  ui_iterate_until (settled, model, 20);
  g_assert_cmpint (drivedash_health_report_model_get_state (model), ==, DRIVEDASH_HEALTH_REPORT_SHOWN);
  g_assert_cmpstr (drivedash_health_report_model_get_file_name (model), ==, DRIVE ".nvme.json + " DRIVE ".id-ctrl.json");
  g_assert_cmpint (verdict_of (model), ==, DRIVEDASH_VERDICT_BAD);
  ui_wait_frame (GTK_WIDGET (report));
  g_assert_true (ui_shows_text (GTK_WIDGET (report), "ADATA SX6000LNP · "));

  /* A text that is no report: refused in plain words, with a way on. */
  open_and_wait (model, not_a_report);
  g_assert_cmpint (drivedash_health_report_model_get_state (model), ==, DRIVEDASH_HEALTH_REPORT_FAILED);
  g_test_message ("%s", drivedash_health_report_model_get_error (model));
  g_assert_nonnull (strstr (drivedash_health_report_model_get_error (model), "smartctl -x"));
  ui_wait_frame (GTK_WIDGET (report));
  g_assert_true (ui_shows_text (GTK_WIDGET (report), _("Can’t Read This Report")));
  g_free (shot);
  shot = g_strdup_printf ("%s-refused-360.png", prefix);
  ui_screenshot_at (report, 360, 700, shot);

  ui_close (report);
  ui_close (window);
}

static void
test_report (void)
{
  report_flow ("health-report");
}

static void
test_report_japanese (void)
{
  ui_in_japanese (report_flow, "health-report-ja", "Health Report");
}

/* Bigger than any report: refused before it is read, and a folder too. */
static void
test_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("drivedash-report-XXXXXX", &error);
  g_autofree char *big = g_build_filename (dir, "big.txt", NULL);
  g_autofree char *filler = g_malloc (5 << 20);
  g_autoptr(GFile) big_file = g_file_new_for_path (big);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GFile) missing = g_file_get_child (folder, "gone.txt");
  g_autoptr(DrivedashHealthReportModel) model = drivedash_health_report_model_new ();

  g_assert_no_error (error);
  memset (filler, 'x', 5 << 20);
  g_assert_true (g_file_set_contents (big, filler, 5 << 20, &error));
  open_and_wait (model, big_file);
  g_assert_cmpint (drivedash_health_report_model_get_state (model), ==, DRIVEDASH_HEALTH_REPORT_FAILED);
  g_assert_cmpstr (drivedash_health_report_model_get_error (model), ==,
                   _("This file is too big to be a health report."));
  open_and_wait (model, folder);
  g_assert_cmpstr (drivedash_health_report_model_get_error (model), ==,
                   _("This is a folder. Choose the file that holds the report."));
  open_and_wait (model, missing);
  g_assert_cmpint (drivedash_health_report_model_get_state (model), ==, DRIVEDASH_HEALTH_REPORT_FAILED);
  g_assert_nonnull (drivedash_health_report_model_get_error (model));
  g_assert_null (drivedash_health_report_model_get_health_model (model));
  g_assert_true (drivedash_test_tree_remove (dir));
}

/* A second file asked for while the first is read: only the second lands. */
static void
test_second_wins (void)
{
  g_autoptr(GFile) text = report_file (DRIVE ".txt");
  g_autoptr(GFile) not_a_report = report_file ("README.md");
  g_autoptr(DrivedashHealthReportModel) model = drivedash_health_report_model_new ();

  drivedash_health_report_model_open (model, text);
  open_and_wait (model, not_a_report);
  g_assert_cmpint (drivedash_health_report_model_get_state (model), ==, DRIVEDASH_HEALTH_REPORT_FAILED);
  g_assert_cmpstr (drivedash_health_report_model_get_file_name (model), ==, "README.md");
  /* Let anything of the first still in flight land, if it would. */
  ui_iterate_for (200);
  g_assert_cmpint (drivedash_health_report_model_get_state (model), ==, DRIVEDASH_HEALTH_REPORT_FAILED);
  g_assert_null (drivedash_health_report_model_get_health_model (model));
}

int
main (int   argc,
      char *argv[])
{
  GTestDBus *bus;
  int status;

  g_test_init (&argc, &argv, NULL);
  drivedash_demo_set_enabled (TRUE);
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/drivedash-test", TRUE);
  bus = ui_start_app (&app);
  g_test_add_func ("/ui/health-report/report", test_report);
  g_test_add_func ("/ui/health-report/report-japanese", test_report_japanese);
  g_test_add_func ("/ui/health-report/refused", test_refused);
  g_test_add_func ("/ui/health-report/second-wins", test_second_wins);
  status = g_test_run ();
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  g_test_dbus_stop (bus);
  return status;
}
