/* test-ui-review.c — the Full Review view in the real app under Xvfb: the
 * estimate and steps before Start, a tiny real review started from the
 * page's action, Stop in step 3, Resume to the end, Make Report… of the
 * review (PDF and HTML), screenshots wide and at 360 px, in English and
 * in Japanese
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <libintl.h>
#include <locale.h>

#include "drivedash-history-item.h"
#include "drivedash-history-page.h"
#include "drivedash-history-transfer.h"
#include "drivedash-review-model-private.h"
#include "drivedash-review-page.h"
#include "drivedash-review-state.h"
#include "drivedash-run-model.h"
#include "drivedash-test-locale.h"
#include "test-ui-common.h"

static DrivedashApplication *app;
static char *folder;

static DrivedashReviewSettings *
tiny_settings (void)
{
  DrivedashReviewSettings *s = drivedash_review_settings_new (DRIVEDASH_REVIEW_LENGTH_QUICK);

  s->speed_repeats = 2;
  s->bench->passes = 1;
  s->bench->pass_duration = 0.05;
  s->bench->pause = 0;
  for (guint k = DRIVEDASH_REVIEW_STEP_SUSTAINED; k < DRIVEDASH_REVIEW_N_KINDS; k++)
    {
      DrivedashLongTestSettings *l = drivedash_review_settings_get_long (s, k);

      l->file_size = 8 << 20;
      l->duration_s = 1;
      l->round_s = 0.3;
      l->round_step_s = 0.15;
      l->idle_s = 0.05;
      l->amount = 16 << 20;
      l->interval_s = 0.5;
    }
  return s;
}

static DrivedashReviewPage *
open_page (DrivedashWindow **window_out)
{
  DrivedashWindow *window = ui_open_window (app, 960, 1000);
  g_autoptr(DrivedashReviewSettings) tiny = tiny_settings ();
  DrivedashReviewPage *page;

  drivedash_window_set_visible_page (window, "review");
  g_assert_cmpstr (drivedash_window_get_visible_page (window), ==, "review");
  page = DRIVEDASH_REVIEW_PAGE (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_REVIEW_PAGE));
  g_assert_nonnull (page);
  drivedash_review_model_set_settings_for_testing (drivedash_review_page_get_model (page), tiny);
  drivedash_review_model_set_speed_file_size (drivedash_review_page_get_model (page), 4 << 20);
  drivedash_review_model_set_folder (drivedash_review_page_get_model (page), folder);
  ui_iterate_until (ui_refreshed, drivedash_review_page_get_model (page), 30);
  *window_out = window;
  return page;
}

static void
screenshots (DrivedashWindow *window,
             const char      *name)
{
  g_autofree char *wide = g_strdup_printf ("%s.png", name);
  g_autofree char *narrow = g_strdup_printf ("%s-narrow.png", name);

  g_free (ui_screenshot (window, wide));
  ui_resize (window, 360, 1000);
  g_free (ui_screenshot (window, narrow));
  ui_resize (window, 960, 1000);
}

/* The end of the page, where the summary's buttons are. */
static void
scroll_to_end (DrivedashWindow *window)
{
  GtkWidget *page = ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_REVIEW_PAGE);
  GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW (ui_find_descendant (page, GTK_TYPE_SCROLLED_WINDOW));
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (scrolled);

  ui_wait_frame (page);
  gtk_adjustment_set_value (v, gtk_adjustment_get_upper (v) - gtk_adjustment_get_page_size (v));
  ui_wait_frame (page);
}

/* The end of the page, wide and at 360 px. */
static void
end_screenshots (DrivedashWindow *window,
                 const char      *name)
{
  g_autofree char *wide = g_strdup_printf ("%s.png", name);
  g_autofree char *narrow = g_strdup_printf ("%s-narrow.png", name);

  scroll_to_end (window);
  g_free (ui_screenshot (window, wide));
  ui_resize (window, 360, 1000);
  scroll_to_end (window);
  g_free (ui_screenshot (window, narrow));
  ui_resize (window, 960, 1000);
}

static gboolean
in_step_3 (gpointer data)
{
  const char *text = drivedash_run_model_get_progress_text (DRIVEDASH_RUN_MODEL (data));

  return text != NULL && g_str_has_prefix (text, "Step 3 of 4:");
}

static gboolean
not_running (gpointer data)
{
  return !drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (data));
}

static void
report_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (drivedash_review_model_make_report_finish (DRIVEDASH_REVIEW_MODEL (source), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

static GtkWidget *
find_by_action (GtkWidget  *widget,
                const char *action)
{
  if (GTK_IS_ACTIONABLE (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_action (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Make Report… as the button's file chooser makes it: both files, the
 * review's title and the published figures' section. */
static void
check_report (DrivedashReviewPage *page)
{
  DrivedashReviewModel *model = drivedash_review_page_get_model (page);
  g_autofree char *home = g_path_get_dirname (folder);
  g_autofree char *pdf = g_build_filename (home, "review.pdf", NULL);
  g_autofree char *html = g_build_filename (home, "review.html", NULL);
  g_autofree char *text = NULL;
  g_autofree char *page_html = NULL;
  const char *argv[] = { "pdftotext", "-enc", "UTF-8", pdf, "-", NULL };
  gboolean done = FALSE;
  GtkWidget *button = find_by_action (GTK_WIDGET (page), "review.report");

  g_assert_true (drivedash_review_model_get_can_report (model));
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  drivedash_review_model_make_report_async (model, pdf, report_done_cb, &done);
  g_assert_false (drivedash_review_model_get_can_report (model));
  ui_iterate_until (is_true, &done, 60);
  ui_iterate_until (ui_refreshed, model, 30);
  g_assert_true (drivedash_review_model_get_can_report (model));
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &text, NULL, NULL, NULL));
  g_assert_nonnull (strstr (text, "Drivedash full review"));
  g_assert_nonnull (strstr (text, "Speed tests"));
  g_assert_nonnull (strstr (text, "Adaptivity"));
  g_assert_nonnull (strstr (text, "Published figures for comparison"));
  g_assert_true (g_file_get_contents (html, &page_html, NULL, NULL));
  g_assert_nonnull (strstr (page_html, "Drivedash full review"));
}

/* The review in History's list, or NULL. */
static DrivedashHistoryItem *
find_review (DrivedashHistoryPage *page)
{
  DrivedashHistoryModel *history = drivedash_history_page_get_model (page);
  GListModel *runs = drivedash_history_model_get_runs (history);

  for (guint i = 0; !drivedash_history_model_get_loading (history) && i < g_list_model_get_n_items (runs); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (runs, i);

      if (drivedash_history_item_get_run (DRIVEDASH_HISTORY_ITEM (item))->kind == DRIVEDASH_RUN_KIND_REVIEW)
        return DRIVEDASH_HISTORY_ITEM (item);  /* the list holds it */
    }
  return NULL;
}

static gboolean
review_listed (gpointer data)
{
  return find_review (data) != NULL;
}

static gboolean
steps_shown (gpointer data)
{
  return ui_find_label (data, "4. Adaptivity test", FALSE) != NULL;
}

/* History lists the review once, its steps not on their own;
 * opened, it shows its four steps, and Report makes its report. */
static void
check_history (DrivedashWindow *window)
{
  DrivedashHistoryPage *history;
  DrivedashHistoryItem *item;
  GListModel *runs;
  guint reviews = 0;

  drivedash_window_set_visible_page (window, "history");
  history = DRIVEDASH_HISTORY_PAGE (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HISTORY_PAGE));
  ui_iterate_until (review_listed, history, 20);
  runs = drivedash_history_model_get_runs (drivedash_history_page_get_model (history));
  for (guint i = 0; i < g_list_model_get_n_items (runs); i++)
    {
      g_autoptr(GObject) run = g_list_model_get_item (runs, i);
      DrivedashRunKind kind = drivedash_history_item_get_run (DRIVEDASH_HISTORY_ITEM (run))->kind;

      reviews += kind == DRIVEDASH_RUN_KIND_REVIEW;
      /* The stopped Consistency part stands alone; the steps do not. */
      g_assert_true (kind == DRIVEDASH_RUN_KIND_REVIEW || kind == DRIVEDASH_RUN_KIND_CONSISTENCY);
    }
  g_assert_cmpuint (reviews, ==, 1);
  item = find_review (history);
  g_assert_cmpint (drivedash_history_item_get_run (item)->status, ==, DRIVEDASH_RUN_STATUS_DONE);
  drivedash_history_page_open (history, item);
  ui_iterate_until (steps_shown, history, 20);
  g_assert_nonnull (ui_find_label (GTK_WIDGET (history), "1. Repeated speed test", FALSE));
  g_assert_nonnull (ui_find_label (GTK_WIDGET (history), "2. Sustained writes", FALSE));
  /* Report… makes the report of the review's own run: its steps. */
  {
    g_autoptr(GArray) ids = drivedash_history_page_dup_report_ids (history);

    g_assert_nonnull (ids);
    g_assert_cmpuint (ids->len, ==, 1);
    g_assert_cmpint (g_array_index (ids, gint64, 0), ==,
                     drivedash_history_item_get_run (item)->id);
  }
  g_free (ui_screenshot (window, "review-in-history.png"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (history), "history.back", NULL));
  drivedash_window_set_visible_page (window, "review");
}

static gboolean
cannot_resume (gpointer model)
{
  return !drivedash_review_model_get_can_resume (model);
}

static gboolean
can_resume (gpointer model)
{
  return drivedash_review_model_get_can_resume (model);
}

/* Discard, apart from Start, always asks and then forgets the stopped
 * review; its state put back, the review waits again. */
static void
check_discard (DrivedashWindow     *window,
               DrivedashReviewPage *page)
{
  DrivedashReviewModel *model = drivedash_review_page_get_model (page);
  g_autofree char *path = drivedash_review_state_get_default_path ();
  g_autofree char *kept = NULL;
  gsize length;
  AdwMessageDialog *question;

  g_assert_true (g_file_get_contents (path, &kept, &length, NULL));
  g_assert_nonnull (ui_find_button_labelled (GTK_WIDGET (page), _("_Discard…")));
  /* The Start question, answered, is gone first. */
  ui_iterate_until (ui_asks_not, window, 10);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "review.discard", NULL));
  ui_iterate_until (ui_asks, window, 10);
  question = ui_question_over (window);
  g_assert_cmpstr (adw_message_dialog_get_heading (question), ==, "Discard the stopped review?");
  adw_message_dialog_response (question, "start");
  gtk_window_close (GTK_WINDOW (question));
  ui_iterate_until (cannot_resume, model, 30);
  g_assert_false (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_set_contents (path, kept, (gssize) length, NULL));
  /* Any change of the plan reads the state again. */
  drivedash_review_model_set_game_mode_ab (model, TRUE);
  drivedash_review_model_set_game_mode_ab (model, FALSE);
  ui_iterate_until (can_resume, model, 30);
}

/* A stopped review waits: Start asks in those words before replacing it,
 * and Cancel keeps it. */
static void
check_discard_question (DrivedashWindow     *window,
                        DrivedashReviewPage *page)
{
  DrivedashReviewModel *model = drivedash_review_page_get_model (page);
  AdwMessageDialog *question;

  g_assert_nonnull (strstr (drivedash_review_model_get_stopped_text (model), "2 of 4 steps done"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL));
  ui_iterate_until (ui_asks, window, 10);
  question = ui_question_over (window);
  g_assert_cmpstr (adw_message_dialog_get_heading (question), ==, "Discard the stopped review?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (question), "A stopped review (Standard, 2 of 4 steps done)"));
  g_free (ui_screenshot (window, "review-discard-question.png"));
  adw_message_dialog_response (question, "cancel");
  /* A response alone leaves the dialog up; a click closes it too. */
  gtk_window_close (GTK_WINDOW (question));
  g_assert_false (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  g_assert_true (drivedash_review_model_get_can_resume (model));
  /* It says when it stopped. */
  g_assert_nonnull (strstr (drivedash_review_model_get_stopped_text (model), "It stopped today at "));
  check_discard (window, page);
}

static void
test_run (void)
{
  DrivedashWindow *window;
  DrivedashReviewPage *page = open_page (&window);
  DrivedashReviewModel *model = drivedash_review_page_get_model (page);

  g_assert_nonnull (strstr (drivedash_review_model_get_estimate_text (model), "Writes "));
  g_assert_false (drivedash_review_model_get_can_resume (model));
  g_assert_false (drivedash_review_model_get_can_report (model));
  screenshots (window, "review-before");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL));
  /* Deadlines scale with the machine's load: each step is seconds here. */
  ui_iterate_until (in_step_3, model, 120);
  /* The bar says the time left and when it ends. */
  g_assert_nonnull (strstr (drivedash_run_model_get_progress_text (DRIVEDASH_RUN_MODEL (model)), " left, done at "));
  g_free (ui_screenshot (window, "review-during.png"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "run.stop", NULL));
  ui_iterate_until (not_running, model, 60);
  ui_iterate_until (ui_refreshed, model, 30);
  g_assert_true (drivedash_review_model_get_can_resume (model));
  /* Stopped with finished steps: they can be reported already. */
  g_assert_true (drivedash_review_model_get_can_report (model));
  g_assert_nonnull (strstr (drivedash_review_model_get_plan_text (model), "2. Sustained — done"));
  /* Resume is the main action now; Start is not. */
  {
    GtkButton *resume = ui_find_button_labelled (GTK_WIDGET (page), _("_Resume"));
    GtkButton *start = ui_find_button_labelled (GTK_WIDGET (page), _("_Start"));

    g_assert_nonnull (resume);
    g_assert_nonnull (start);
    g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (resume), "suggested-action"));
    g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (start), "suggested-action"));
  }
  screenshots (window, "review-stopped");
  check_discard_question (window, page);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "review.resume", NULL));
  g_assert_true (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  g_assert_false (drivedash_review_model_get_can_report (model));
  ui_iterate_until (not_running, model, 120);
  ui_iterate_until (ui_refreshed, model, 30);
  g_assert_null (drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (model)));
  g_assert_false (drivedash_review_model_get_can_resume (model));
  g_assert_nonnull (strstr (drivedash_review_model_get_summary (model), "4. Adaptivity: done\n"));
  screenshots (window, "review-after");
  end_screenshots (window, "review-report");
  check_report (page);
  check_history (window);
}

static void
check_japanese (void)
{
  g_autofree char *localedir = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "po", NULL);
  DrivedashWindow *window;
  DrivedashReviewPage *page;
  DrivedashReviewModel *model;
  g_autofree char *state = drivedash_review_state_get_default_path ();

  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Full Review"), !=, "Full Review");
  page = open_page (&window);
  model = drivedash_review_page_get_model (page);
  drivedash_review_model_set_game_mode_ab (model, TRUE);
  ui_iterate_until (ui_refreshed, model, 30);
  g_assert_nonnull (strstr (drivedash_review_model_get_plan_text (model), "ゲームモード オン"));
  screenshots (window, "review-ja");
  /* The review of /ui/review/run, when it ran, is in the state file:
   * Make Report… */
  g_assert_cmpint (drivedash_review_model_get_can_report (model), ==, g_file_test (state, G_FILE_TEST_EXISTS));
  end_screenshots (window, "review-ja-report");
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
  ui_in_japanese (check_japanese_cb, NULL, "Full Review");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = NULL;
  g_autofree char *state = NULL;
  g_autofree char *data = NULL;
  GTestDBus *bus;
  int status;

  /* A history and a review state of their own, before anything reads
   * XDG_DATA_HOME or XDG_STATE_HOME. */
  /* The Japanese subprocess shares the parent's, to show its review. */
  if (g_getenv ("UI_REVIEW_HOME") != NULL)
    home = g_strdup (g_getenv ("UI_REVIEW_HOME"));
  else
    {
      home = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "ui-review-XXXXXX", NULL);
      g_assert_nonnull (g_mkdtemp (home));
      g_setenv ("UI_REVIEW_HOME", home, TRUE);
    }
  state = g_build_filename (home, "state", NULL);
  data = g_build_filename (home, "data", NULL);
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  folder = g_build_filename (home, "target", NULL);
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_test_init (&argc, &argv, NULL);
  bus = ui_start_app (&app);
  g_test_add_func ("/ui/review/run", test_run);
  g_test_add_func ("/ui/review/japanese", test_japanese);
  status = g_test_run ();
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  g_test_dbus_stop (bus);
  if (!g_test_subprocess ())
    {
      g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", home);

      g_spawn_command_line_sync (rm, NULL, NULL, NULL, NULL);
    }
  g_free (folder);
  return status;
}
