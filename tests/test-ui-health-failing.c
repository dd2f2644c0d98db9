/* test-ui-health-failing.c — the failing-drive steps on the Health page
 * of the real app, under Xvfb
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The drive is a real one read without privileges from a fixture sysfs
 * tree whose temperature alarm is raised: a critical warning, so the
 * verdict is Bad and the steps lead the page.  Step 1 shows the backup
 * app exactly when this machine has it installed; step 2's progress and
 * its "no self-test" sentence come from reports shown through the
 * model's test entry; step 3 writes the evidence PDF and JSON through the
 * real report code and the real history database.  Screenshots wide and
 * at 360 px, in English and Japanese.
 */
#include "config.h"

#include <gio/gdesktopappinfo.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "drivedash-failing.h"
#include "drivedash-health-failing.h"
#include "drivedash-health-model-private.h"
#include "drivedash-health-page.h"
#include "drivedash-health-verdict.h"
#include "drivedash-report-evidence.h"
#include "drivedash-store-health.h"
#include "drivedash-test-health.h"
#include "drivedash-test-locale.h"
#include "drivedash-test-tree.h"
#include "test-ui-common.h"

static DrivedashApplication *app;

typedef struct
{
  char                   *root;
  DrivedashWindow        *window;
  DrivedashHealthPage    *page;
  DrivedashHealthFailing *section;
  gboolean                saved;
  char                   *failed;
} Flow;

static void
put_failing_drive (const char *root)
{
  drivedash_test_tree_put (root, "class/nvme/nvme0/model", "Samsung SSD 970 EVO Plus 1TB            \n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/serial", "  S4EWNX0R123456     \n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/firmware_rev", "2B2QEXM7\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/state", "live\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/transport", "pcie\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/name", "nvme\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_input", "49850\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_max", "69850\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_crit", "79850\n");
  /* The drive's critical warning, as the kernel passes it on. */
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_alarm", "1\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/nvme0n1/size", "1953525168\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/nvme0n1/nsid", "1\n");
}

static DrivedashHealthFailingModel *
failing_model (Flow *flow)
{
  return drivedash_health_failing_get_failing_model (flow->section);
}

static gboolean
is_failing (gpointer data)
{
  Flow *flow = data;

  return drivedash_health_failing_model_get_failing (failing_model (flow)) &&
         gtk_widget_get_mapped (GTK_WIDGET (flow->section));
}

static gboolean
save_ended (gpointer data)
{
  Flow *flow = data;

  return flow->saved || flow->failed != NULL;
}

static void
saved_cb (DrivedashHealthFailingModel *model,
          const char                  *pdf,
          const char                  *json,
          Flow                        *flow)
{
  flow->saved = TRUE;
}

static void
save_failed_cb (DrivedashHealthFailingModel *model,
                const char                  *message,
                Flow                        *flow)
{
  flow->failed = g_strdup (message);
}

static void
open_flow (Flow *flow,
           int   width,
           int   height)
{
  g_autoptr(DrivedashDriveList) drives = drivedash_drive_list_new_for_root (flow->root);

  ui_set_dark (app, FALSE);
  flow->window = ui_open_window (app, width, height);
  flow->page = DRIVEDASH_HEALTH_PAGE (ui_find_descendant (GTK_WIDGET (flow->window), DRIVEDASH_TYPE_HEALTH_PAGE));
  flow->section = DRIVEDASH_HEALTH_FAILING (ui_find_descendant (GTK_WIDGET (flow->page), DRIVEDASH_TYPE_HEALTH_FAILING));
  drivedash_health_page_set_drives (flow->page, drives);
  ui_iterate_until (is_failing, flow, 20);
}

static void
close_flow (Flow *flow)
{
  ui_close (flow->window);
  flow->window = NULL;
}

/* The section is the page's first group, above the verdict, once the
 * page has been laid out with it shown. */
static gboolean
is_above_verdict (gpointer data)
{
  Flow *flow = data;
  GtkWidget *verdict = ui_find_descendant (GTK_WIDGET (flow->page), g_type_from_name ("DrivedashHealthVerdict"));
  graphene_point_t origin = { 0, 0 }, a, b;

  g_assert_nonnull (verdict);
  return gtk_widget_compute_point (GTK_WIDGET (flow->section), GTK_WIDGET (flow->window), &origin, &a) &&
         gtk_widget_compute_point (verdict, GTK_WIDGET (flow->window), &origin, &b) &&
         a.y + gtk_widget_get_height (GTK_WIDGET (flow->section)) <= b.y;
}

static void
check_first (Flow *flow)
{
  ui_iterate_until (is_above_verdict, flow, 10);
}

static GtkWidget *
button_for (Flow       *flow,
            const char *action)
{
  GtkWidget *child = GTK_WIDGET (flow->section);

  /* Depth first through the section's own widgets. */
  for (GtkWidget *w = gtk_widget_get_first_child (child); w != NULL; )
    {
      if (GTK_IS_BUTTON (w) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (w)), action) == 0)
        return w;
      if (gtk_widget_get_first_child (w) != NULL)
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != child && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          w = w == child ? NULL : gtk_widget_get_next_sibling (w);
        }
    }
  return NULL;
}

/* Step 1: the backup app's button exactly when it is installed here. */
static void
check_backups (Flow *flow)
{
  g_autoptr(GDesktopAppInfo) dejadup = g_desktop_app_info_new (DRIVEDASH_BACKUP_APP_ID);
  GtkWidget *button = button_for (flow, "failing.open-backups");
  g_autofree char *text = NULL;

  g_assert_nonnull (button);
  g_assert_cmpint (gtk_widget_get_visible (button), ==, dejadup != NULL);
  g_object_get (failing_model (flow), "backup-text", &text, NULL);
  g_test_message ("step 1: %s", text);
  g_assert_cmpstr (text, !=, "");
}

static void
self_test_refused_cb (DrivedashHealthModel *model,
                      const char           *message,
                      char                **out)
{
  g_free (*out);
  *out = g_strdup (message);
}

static gboolean
has_text (gpointer data)
{
  return *(char **) data != NULL;
}

/* Closes the message dialog the page shows over the window. */
static void
close_dialogs (Flow *flow)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* (transfer none) */

  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i - 1);

      if (ADW_IS_MESSAGE_DIALOG (w))
        gtk_window_destroy (w);
    }
  if (flow->window != NULL)
    ui_wait_frame (GTK_WIDGET (flow->window));
}

/* SHOTS-WHAT.png beside the flow's screenshot SHOTS.png (the name ends
 * in .png). */
static void
screenshot_named (Flow       *flow,
                  const char *shots,
                  const char *what)
{
  g_autofree char *stem = g_strndup (shots, strlen (shots) - strlen (".png"));
  g_autofree char *name = g_strdup_printf ("%s-%s.png", stem, what);

  g_free (ui_screenshot (flow->window, name));
}

/* Step 2 through the page's own self-test path: without the service,
 * UDisks2 or a device node it is refused in words; a running test shows
 * its progress; a drive without a self-test says so plainly. */
static void
check_self_test (Flow       *flow,
                 const char *shots)
{
  DrivedashHealthModel *model = drivedash_health_page_get_model (flow->page);
  DrivedashHealthFailingModel *fm = failing_model (flow);
  GtkWidget *button = button_for (flow, "health.self-test");
  g_autoptr(DrivedashHealth) running = drivedash_test_full_health ();
  g_autoptr(DrivedashHealth) none = drivedash_test_full_health ();
  g_autoptr(DrivedashHealth) full = drivedash_test_full_health ();
  g_autoptr(DrivedashHealth) ended = drivedash_test_full_health ();
  g_autoptr(DrivedashHealth) passed = drivedash_test_full_health ();
  g_autofree char *refused = NULL;
  g_autofree char *progress = NULL;
  g_autofree char *expected = NULL;
  GtkWidget *abort;
  gulong id;
  double fraction;

  g_assert_nonnull (button);
  /* Read without privileges and no service here: nothing can start the
   * test, so step 2 says why and offers the way, not a button that can
   * only refuse. */
  g_assert_false (gtk_widget_get_visible (button));
  g_assert_cmpstr (drivedash_health_failing_model_get_self_test_text (fm), ==,
                   _("This computer cannot start the drive’s self-test yet: that needs the Drivedash system "
                     "service, which is not installed. Get Full Features says how to add it."));
  g_assert_true (gtk_widget_get_visible (button_for (flow, "health.get-full-features")));

  /* The full report (as root, the service or UDisks would give): Start
   * is offered; this drive is a fixture, so the request is refused in
   * words. */
  full->self_test.current = DRIVEDASH_SELF_TEST_NONE;
  drivedash_health_model_show_health (model, full);
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_false (gtk_widget_get_visible (button_for (flow, "health.get-full-features")));
  screenshot_named (flow, shots, "selftest-start");
  id = g_signal_connect (model, "self-test-failed", G_CALLBACK (self_test_refused_cb), &refused);
  g_assert_true (gtk_widget_activate (button));
  ui_iterate_until (has_text, &refused, 20);
  g_signal_handler_disconnect (model, id);
  g_test_message ("step 2 refused: %s", refused);
  close_dialogs (flow);

  /* Running: its share done and the time left (the drive's own 10
   * minutes for the extended test), Start gone, Stop offered. */
  running->self_test.current = DRIVEDASH_SELF_TEST_EXTENDED;
  running->self_test.current_percent_done = 40;
  drivedash_health_model_show_health (model, running);
  g_object_get (fm, "self-test-fraction", &fraction, NULL);
  g_assert_cmpfloat (fraction, ==, 0.4);
  progress = drivedash_health_dup_self_test_progress (running);
  g_assert_nonnull (strstr (drivedash_health_failing_model_get_self_test_text (fm), progress));
  expected = g_strdup_printf (ngettext ("%u %% done, about %u minute left", "%u %% done, about %u minutes left", 6),
                              40, 6);
  g_assert_cmpstr (progress, ==, expected);
  g_assert_false (gtk_widget_get_visible (button));
  abort = button_for (flow, "health.self-test");
  for (GtkWidget *w = gtk_widget_get_next_sibling (button); w != NULL; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_BUTTON (w) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (w)), "health.self-test") == 0)
      abort = w;
  g_assert_true (abort != button);
  g_assert_true (gtk_widget_get_visible (abort));
  screenshot_named (flow, shots, "selftest-running");

  /* Ended: the result in step 2 and on the Self-Test rows, Start back. */
  ended->self_test.current = DRIVEDASH_SELF_TEST_NONE;
  ended->self_test.results[0].kind = DRIVEDASH_SELF_TEST_EXTENDED;
  ended->self_test.results[0].result = DRIVEDASH_SELF_TEST_RESULT_FAILED_SEGMENT;
  ended->self_test.results[0].failed_segment = 3;
  drivedash_health_model_show_health (model, ended);
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf (_("The drive’s own test found a fault (%s). That confirms it: copy your files and "
                                "keep the evidence now."),
                              drivedash_self_test_result_describe (DRIVEDASH_SELF_TEST_RESULT_FAILED_SEGMENT));
  g_assert_cmpstr (drivedash_health_failing_model_get_self_test_text (fm), ==, expected);
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_false (gtk_widget_get_visible (abort));
  screenshot_named (flow, shots, "selftest-done");
  /* A new reading (the page follows the model's health object). */
  passed->self_test.current = DRIVEDASH_SELF_TEST_NONE;
  passed->self_test.results[0].kind = DRIVEDASH_SELF_TEST_EXTENDED;
  passed->self_test.results[0].result = DRIVEDASH_SELF_TEST_RESULT_PASSED;
  drivedash_health_model_show_health (model, passed);
  g_assert_nonnull (strstr (drivedash_health_failing_model_get_self_test_text (fm),
                            drivedash_self_test_kind_describe (DRIVEDASH_SELF_TEST_EXTENDED)));
  g_assert_null (strstr (drivedash_health_failing_model_get_self_test_text (fm), _("That confirms it")));

  none->self_test_supported = FALSE;
  none->has &= ~DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG;
  drivedash_health_model_show_health (model, none);
  g_assert_cmpstr (drivedash_health_failing_model_get_self_test_text (fm), ==,
                   _("This drive has no self-test, so it cannot check itself. Saving your files and the evidence matters all the more."));
  g_assert_false (gtk_widget_get_visible (button));
  /* Still failing: the full report's critical warnings. */
  g_assert_true (drivedash_health_failing_model_get_failing (fm));
}

/* Step 3: both files, through the real report code, with the serial. */
static void
check_evidence (Flow *flow)
{
  DrivedashHealthFailingModel *fm = failing_model (flow);
  g_autofree char *pdf = g_build_filename (flow->root, "evidence.pdf", NULL);
  g_autofree char *json = g_build_filename (flow->root, "evidence.json", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;

  g_signal_connect (fm, "saved", G_CALLBACK (saved_cb), flow);
  g_signal_connect (fm, "save-failed", G_CALLBACK (save_failed_cb), flow);
  drivedash_health_failing_model_save_evidence (fm, pdf, json);
  g_assert_true (drivedash_health_failing_model_get_saving (fm));
  g_assert_false (gtk_widget_get_sensitive (button_for (flow, "failing.save-evidence")));
  ui_iterate_until (save_ended, flow, 30);
  g_assert_null (flow->failed);
  g_assert_false (drivedash_health_failing_model_get_saving (fm));
  g_signal_handlers_disconnect_by_data (fm, flow);

  g_assert_true (g_file_get_contents (pdf, &text, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (text, "%PDF-"));
  g_assert_true (json_parser_load_from_file (parser, json, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (root, "drive"), "serial"), ==,
                   "S4EWNX0R123456");
  g_assert_cmpstr (json_object_get_string_member (root, "note"), ==, drivedash_evidence_serial_note ());
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (root, "failing"), 0), ==,
                   "verdict-bad");
}

/* The whole flow at one width; screenshots PREFIX-SUFFIX.png and, with
 * the toast of step 3, PREFIX-SUFFIX-saved.png. */
static void
run_flow (const char *prefix,
          int         width,
          int         height,
          const char *suffix)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup_printf ("%s-%s.png", prefix, suffix);
  g_autofree char *saved = g_strdup_printf ("%s-%s-saved.png", prefix, suffix);
  g_autofree char *reasons = NULL;
  g_autofree char *why = NULL;
  Flow flow = { 0 };

  flow.root = g_dir_make_tmp ("drivedash-ui-failing-XXXXXX", &error);
  g_assert_no_error (error);
  put_failing_drive (flow.root);
  open_flow (&flow, width, height);
  check_first (&flow);
  g_object_get (failing_model (&flow), "reasons-text", &reasons, NULL);
  g_object_get (failing_model (&flow), "why-text", &why, NULL);
  /* One verdict line; the other reasons behind Why?, each once, and the
   * verdict card, which said them again, hidden. */
  g_assert_cmpstr (reasons, ==, _("The drive’s own health report says it is in bad health."));
  g_assert_nonnull (why);
  g_assert_null (strstr (why, reasons));
  g_assert_false (gtk_widget_get_visible (ui_find_descendant (GTK_WIDGET (flow.page),
                                                              DRIVEDASH_TYPE_HEALTH_VERDICT)));
  check_backups (&flow);
  g_free (ui_screenshot (flow.window, name));
  check_evidence (&flow);
  /* The first expander of the page is the failing section's Why?. */
  gtk_expander_set_expanded (GTK_EXPANDER (ui_find_descendant (GTK_WIDGET (flow.page), GTK_TYPE_EXPANDER)), TRUE);
  g_free (ui_screenshot (flow.window, saved));
  check_self_test (&flow, name);
  close_flow (&flow);
  g_assert_true (drivedash_test_tree_remove (flow.root));
  g_free (flow.root);
}

static void
failing_flow (const char *prefix)
{
  run_flow (prefix, 960, 1500, "wide");
  run_flow (prefix, 360, 2200, "narrow");
}

static void
test_flow (void)
{
  failing_flow ("health-failing");
}

/* Step 1 with the backup app installed: a stand-in desktop entry (a mock
 * of Déjà Dup, whose Exec is true(1)) in a data folder of this process
 * only; the button shows and opens it through GIO without a complaint. */
static void
test_backups_installed (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *dirs = NULL;
  Flow flow = { 0 };

  if (g_test_subprocess ())
    {
      GtkWidget *button;

      flow.root = g_dir_make_tmp ("drivedash-ui-failing-XXXXXX", &error);
      g_assert_no_error (error);
      put_failing_drive (flow.root);
      open_flow (&flow, 960, 1500);
      button = button_for (&flow, "failing.open-backups");
      g_assert_true (drivedash_health_failing_model_get_backup_installed (failing_model (&flow)));
      g_assert_true (gtk_widget_get_visible (button));
      g_assert_true (drivedash_health_failing_model_open_backups (failing_model (&flow), NULL, &error));
      g_assert_no_error (error);
      g_free (ui_screenshot (flow.window, "health-failing-backups.png"));
      close_flow (&flow);
      g_assert_true (drivedash_test_tree_remove (flow.root));
      g_free (flow.root);
      return;
    }
  data = g_dir_make_tmp ("drivedash-ui-apps-XXXXXX", &error);
  g_assert_no_error (error);
  drivedash_test_tree_put (data, "applications/" DRIVEDASH_BACKUP_APP_ID,
                           "[Desktop Entry]\nType=Application\nName=Backups\nExec=true\n");
  dirs = g_strdup (g_getenv ("XDG_DATA_DIRS"));
  {
    /* In front of the system's folders, which GTK needs for its icons. */
    g_autofree char *both = g_strconcat (data, ":", dirs ? dirs : "/usr/local/share:/usr/share", NULL);

    g_setenv ("XDG_DATA_DIRS", both, TRUE);
  }
  g_test_trap_subprocess (NULL, 120 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  if (dirs != NULL)
    g_setenv ("XDG_DATA_DIRS", dirs, TRUE);
  else
    g_unsetenv ("XDG_DATA_DIRS");
  g_assert_true (drivedash_test_tree_remove (data));
  g_test_trap_assert_passed ();
}

/* A drive whose own report is fine, but whose media errors rose between
 * two of the watch's readings in the real history database: the steps
 * show, and say why. */
static void
test_media_errors_rising (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = drivedash_store_get_default_path ();
  g_autoptr(DrivedashStore) store = NULL;
  g_autofree char *reasons = NULL;
  DrivedashSnapshot s[2] = { { 0 } };
  Flow flow = { 0 };
  gint64 id;

  flow.root = g_dir_make_tmp ("drivedash-ui-failing-XXXXXX", &error);
  g_assert_no_error (error);
  put_failing_drive (flow.root);
  drivedash_test_tree_put (flow.root, "class/nvme/nvme0/hwmon3/temp1_alarm", "0\n");
  /* A serial of this test's own: the history database is the suite's. */
  drivedash_test_tree_put (flow.root, "class/nvme/nvme0/serial", "DDTESTRISING01\n");
  store = drivedash_store_open (path, &error);
  g_assert_no_error (error);
  id = drivedash_store_watch_drive (store, "DDTESTRISING01", "Samsung SSD 970 EVO Plus 1TB", "nvme0", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (s); i++)
    {
      s[i].time = g_get_real_time () / G_USEC_PER_SEC - 7200 + 3600 * i;
      s[i].has = DRIVEDASH_SNAPSHOT_HAS_SMART;
      s[i].available_spare_percent = 100;
      s[i].available_spare_threshold_percent = 10;
      s[i].media_errors = 2 + 3 * i;
    }
  g_assert_true (drivedash_store_add_snapshots (store, id, s, G_N_ELEMENTS (s), &error));
  g_assert_no_error (error);

  open_flow (&flow, 960, 1200);
  g_assert_cmpint (drivedash_health_model_get_health (drivedash_health_page_get_model (flow.page))->verdict, !=,
                   DRIVEDASH_VERDICT_BAD);
  g_object_get (failing_model (&flow), "reasons-text", &reasons, NULL);
  g_assert_cmpstr (reasons, ==, _("The number of errors in stored data that the drive could not correct keeps rising."));
  close_flow (&flow);
  g_assert_true (drivedash_test_tree_remove (flow.root));
  g_free (flow.root);
}

/* A Good drive shows no steps. */
static void
test_good_drive (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("drivedash-ui-failing-XXXXXX", &error);
  g_autoptr(DrivedashDriveList) drives = NULL;
  DrivedashWindow *window;
  DrivedashHealthPage *page;
  GtkWidget *section;

  g_assert_no_error (error);
  put_failing_drive (root);
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_alarm", "0\n");
  window = ui_open_window (app, 960, 1000);
  page = DRIVEDASH_HEALTH_PAGE (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HEALTH_PAGE));
  section = ui_find_descendant (GTK_WIDGET (page), DRIVEDASH_TYPE_HEALTH_FAILING);
  drives = drivedash_drive_list_new_for_root (root);
  drivedash_health_page_set_drives (page, drives);
  ui_iterate_until ((gboolean (*) (gpointer)) drivedash_health_model_get_health,
                    drivedash_health_page_get_model (page), 20);
  ui_wait_frame (GTK_WIDGET (page));
  g_assert_cmpint (drivedash_health_model_get_health (drivedash_health_page_get_model (page))->verdict, ==,
                   DRIVEDASH_VERDICT_GOOD);
  g_assert_false (gtk_widget_get_visible (section));
  ui_close (window);
  g_assert_true (drivedash_test_tree_remove (root));
}

static void
test_flow_japanese (void)
{
  ui_in_japanese (failing_flow, "health-failing-ja", "Drive evidence report");
}

int
main (int   argc,
      char *argv[])
{
  GTestDBus *bus;
  int status;

  g_test_init (&argc, &argv, NULL);
  /* No system bus: no service, no UDisks2; the unprivileged path. */
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/drivedash-test", TRUE);
  bus = ui_start_app (&app);

  g_test_add_func ("/ui/health-failing/flow", test_flow);
  g_test_add_func ("/ui/health-failing/flow-japanese", test_flow_japanese);
  g_test_add_func ("/ui/health-failing/backups-installed", test_backups_installed);
  g_test_add_func ("/ui/health-failing/media-errors-rising", test_media_errors_rising);
  g_test_add_func ("/ui/health-failing/good-drive", test_good_drive);
  status = g_test_run ();

  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  /* Not _down() (nor unref, which calls it): that waits for every user
   * of the bus connection to let go, and GTK keeps one until exit. */
  g_test_dbus_stop (bus);
  return status;
}
