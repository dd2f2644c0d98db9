/* test-run-model.c — the run state every test view shares, without a
 * display: the derived can-* states, Stop, and notify only on change
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * DrivedashRunModel is abstract; the smallest subclass below stands in
 * for a test so that only the base's own rules are under test (the
 * Speed and Long Tests models run real tests in their own tests).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-error.h"
#include "drivedash-run-model.h"

#define TEST_TYPE_RUN (test_run_get_type ())
G_DECLARE_FINAL_TYPE (TestRun, test_run, TEST, RUN, DrivedashRunModel)

struct _TestRun
{
  DrivedashRunModel parent_instance;
  gboolean          refuse;
  guint             n_stops;
};

G_DEFINE_FINAL_TYPE (TestRun, test_run, DRIVEDASH_TYPE_RUN_MODEL)

static gboolean
test_run_start (DrivedashRunModel  *run,
                GError            **error)
{
  if (TEST_RUN (run)->refuse)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT, "refused");
      drivedash_run_model_set_status (run, "refused", g_error_new_literal (DRIVEDASH_ERROR,
                                                                           DRIVEDASH_ERROR_INVALID_ARGUMENT,
                                                                           "refused"));
      return FALSE;
    }
  drivedash_run_model_set_running (run, TRUE);
  return TRUE;
}

static void
test_run_stop (DrivedashRunModel *run)
{
  TEST_RUN (run)->n_stops++;
}

static char *
test_run_dup_text (DrivedashRunModel *run)
{
  return drivedash_run_model_get_can_copy (run) ? g_strdup ("result") : NULL;
}

static GFile *
test_run_dup_folder (DrivedashRunModel *run)
{
  return NULL;
}

static gboolean
test_run_choose_folder (DrivedashRunModel *run,
                        GFile             *folder)
{
  return TRUE;
}

static void
test_run_class_init (TestRunClass *klass)
{
  DrivedashRunModelClass *run_class = DRIVEDASH_RUN_MODEL_CLASS (klass);

  run_class->start = test_run_start;
  run_class->stop = test_run_stop;
  run_class->dup_text = test_run_dup_text;
  run_class->dup_folder = test_run_dup_folder;
  run_class->choose_folder = test_run_choose_folder;
}

static void
test_run_init (TestRun *self)
{
}

/* ---------------------------------------------------------------------- */

typedef struct
{
  GHashTable *counts;   /* property name -> notifications */
  guint       n_finished;
  gboolean    success;
} Watch;

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           Watch      *watch)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (watch->counts, pspec->name));

  g_hash_table_insert (watch->counts, (gpointer) pspec->name, GUINT_TO_POINTER (n + 1));
}

static void
finished_cb (DrivedashRunModel *run,
             gboolean           success,
             Watch             *watch)
{
  /* Listeners of "finished" see the run over already. */
  g_assert_false (drivedash_run_model_get_running (run));
  watch->n_finished++;
  watch->success = success;
}

static guint
count (Watch      *watch,
       const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (watch->counts, name));
}

static void
watch_end (Watch   *watch,
           TestRun *test)
{
  g_signal_handlers_disconnect_by_data (test, watch);
  g_hash_table_unref (watch->counts);
}

/* Counts from now on. */
static void
watch_reset (Watch *watch)
{
  g_hash_table_remove_all (watch->counts);
}

static gboolean
get_bool (gpointer    object,
          const char *name)
{
  gboolean value;

  g_object_get (object, name, &value, NULL);
  return value;
}

static TestRun *
new_watched (Watch *watch)
{
  TestRun *run = g_object_new (TEST_TYPE_RUN, NULL);

  watch->counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_signal_connect (run, "notify", G_CALLBACK (notify_cb), watch);
  g_signal_connect (run, "finished", G_CALLBACK (finished_cb), watch);
  return run;
}

/* Start, progress, Stop, the end: what can be pressed when. */
static void
test_states (void)
{
  Watch watch = { 0 };
  g_autoptr(TestRun) test = new_watched (&watch);
  DrivedashRunModel *run = DRIVEDASH_RUN_MODEL (test);

  g_assert_true (get_bool (run, "can-start"));
  g_assert_false (get_bool (run, "can-stop"));
  g_assert_false (get_bool (run, "can-copy"));
  g_assert_false (get_bool (run, "can-save"));

  /* Stop before a run: nothing to stop, nothing changes. */
  drivedash_run_model_stop (run);
  g_assert_cmpuint (test->n_stops, ==, 0);
  g_assert_cmpuint (g_hash_table_size (watch.counts), ==, 0);

  g_assert_true (drivedash_run_model_start (run, NULL));
  g_assert_true (drivedash_run_model_get_running (run));
  g_assert_false (get_bool (run, "can-start"));
  g_assert_true (get_bool (run, "can-stop"));
  g_assert_cmpuint (count (&watch, "running"), ==, 1);
  g_assert_cmpuint (count (&watch, "can-start"), ==, 1);
  g_assert_cmpuint (count (&watch, "can-stop"), ==, 1);

  drivedash_run_model_set_progress (run, 0.5, "Reading");
  drivedash_run_model_set_progress (run, 0.5, "Reading");
  drivedash_run_model_set_progress (run, 7, "Reading");   /* clamped */
  g_assert_cmpfloat (drivedash_run_model_get_progress (run), ==, 1.0);
  g_assert_cmpuint (count (&watch, "progress"), ==, 2);
  g_assert_cmpuint (count (&watch, "progress-text"), ==, 1);

  /* Stop: once, and "Stopping…" stays until the run is over. */
  watch_reset (&watch);
  drivedash_run_model_stop (run);
  drivedash_run_model_stop (run);
  g_assert_cmpuint (test->n_stops, ==, 1);
  g_assert_true (drivedash_run_model_get_stopping (run));
  g_assert_true (drivedash_run_model_get_running (run));
  g_assert_false (get_bool (run, "can-stop"));
  g_assert_false (get_bool (run, "can-start"));
  g_assert_cmpuint (count (&watch, "can-stop"), ==, 1);
  g_assert_cmpuint (count (&watch, "stopping"), ==, 1);
  g_assert_cmpuint (count (&watch, "can-start"), ==, 0);
  drivedash_run_model_set_progress (run, 0.2, "Writing");
  g_assert_cmpstr (drivedash_run_model_get_progress_text (run), ==, _("Stopping…"));

  watch_reset (&watch);
  drivedash_run_model_finish (run, FALSE);
  g_assert_cmpuint (watch.n_finished, ==, 1);
  g_assert_false (watch.success);
  g_assert_false (drivedash_run_model_get_stopping (run));
  g_assert_true (get_bool (run, "can-start"));
  g_assert_false (get_bool (run, "can-stop"));
  g_assert_cmpuint (count (&watch, "running"), ==, 1);
  g_assert_cmpuint (count (&watch, "stopping"), ==, 1);
  g_assert_cmpuint (count (&watch, "can-start"), ==, 1);
  /* It was off since Stop: no news. */
  g_assert_cmpuint (count (&watch, "can-stop"), ==, 0);
  watch_end (&watch, test);
}

/* The time left and the finish time that follows from it: told when they
 * change (the finish time to the minute), gone when the run is over. */
static void
test_time_left (void)
{
  Watch watch = { 0 };
  g_autoptr(TestRun) test = new_watched (&watch);
  DrivedashRunModel *run = DRIVEDASH_RUN_MODEL (test);
  g_autoptr(GDateTime) before = g_date_time_new_now_local ();
  g_autoptr(GDateTime) after = NULL;
  g_autoptr(GDateTime) kept = NULL;
  GDateTime *finish;
  GTimeSpan ahead;
  gboolean moved;

  g_assert_cmpfloat (drivedash_run_model_get_time_left (run), ==, -1);
  g_assert_null (drivedash_run_model_get_finish_time (run));
  g_assert_true (drivedash_run_model_start (run, NULL));
  watch_reset (&watch);
  drivedash_run_model_set_time_left (run, 600.2);
  after = g_date_time_new_now_local ();
  g_assert_cmpfloat (drivedash_run_model_get_time_left (run), ==, 600);
  finish = drivedash_run_model_get_finish_time (run);
  g_assert_nonnull (finish);
  g_assert_cmpint (g_date_time_get_seconds (finish), ==, 0);
  /* Ten minutes from now, rounded to the nearest minute. */
  ahead = g_date_time_difference (finish, before);
  g_assert_cmpint (ahead, >=, (600 - 30) * G_TIME_SPAN_SECOND);
  g_assert_cmpint (g_date_time_difference (finish, after), <=, (600 + 30) * G_TIME_SPAN_SECOND);
  g_assert_cmpuint (count (&watch, "time-left"), ==, 1);
  g_assert_cmpuint (count (&watch, "finish-time"), ==, 1);
  /* The same whole second: nothing to tell. The finish time is told
   * again only if the clock crossed to the next minute's half in between
   * (the test does not guess how long that took). */
  kept = g_date_time_ref (finish);
  drivedash_run_model_set_time_left (run, 599.9);
  g_assert_cmpuint (count (&watch, "time-left"), ==, 1);
  moved = !g_date_time_equal (kept, drivedash_run_model_get_finish_time (run));
  g_assert_cmpuint (count (&watch, "finish-time"), ==, moved ? 2 : 1);
  drivedash_run_model_finish (run, TRUE);
  g_assert_cmpfloat (drivedash_run_model_get_time_left (run), ==, -1);
  g_assert_null (drivedash_run_model_get_finish_time (run));
  g_assert_cmpuint (count (&watch, "time-left"), ==, 2);
  g_assert_cmpuint (count (&watch, "finish-time"), ==, moved ? 3 : 2);
  watch_end (&watch, test);
}

/* Copy and Save only with something to copy or save, told once. */
static void
test_results (void)
{
  Watch watch = { 0 };
  g_autoptr(TestRun) test = new_watched (&watch);
  DrivedashRunModel *run = DRIVEDASH_RUN_MODEL (test);
  g_autofree char *none = drivedash_run_model_dup_text (run);
  g_autofree char *text = NULL;

  g_assert_null (none);
  drivedash_run_model_set_has_plots (run, TRUE);
  drivedash_run_model_set_has_plots (run, TRUE);
  g_assert_true (get_bool (run, "can-save"));
  g_assert_false (get_bool (run, "can-copy"));
  g_assert_cmpuint (count (&watch, "can-save"), ==, 1);
  g_assert_cmpuint (count (&watch, "can-copy"), ==, 0);

  drivedash_run_model_set_has_result (run, TRUE);
  drivedash_run_model_set_has_result (run, TRUE);
  g_assert_true (drivedash_run_model_get_can_copy (run));
  g_assert_cmpuint (count (&watch, "can-copy"), ==, 1);
  text = drivedash_run_model_dup_text (run);
  g_assert_cmpstr (text, ==, "result");

  /* A new run may keep them: the page decides what a run drops. */
  g_assert_true (drivedash_run_model_start (run, NULL));
  g_assert_true (get_bool (run, "can-copy"));
  drivedash_run_model_set_has_result (run, FALSE);
  drivedash_run_model_set_has_plots (run, FALSE);
  g_assert_false (drivedash_run_model_get_can_copy (run));
  g_assert_false (drivedash_run_model_get_can_save (run));
  g_assert_cmpuint (count (&watch, "can-copy"), ==, 2);
  g_assert_cmpuint (count (&watch, "can-save"), ==, 2);
  watch_end (&watch, test);
}

/* A stop the user asked for is not an error; a refusal is, and leaves
 * the model as it was. */
static void
test_status (void)
{
  Watch watch = { 0 };
  g_autoptr(TestRun) test = new_watched (&watch);
  DrivedashRunModel *run = DRIVEDASH_RUN_MODEL (test);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) full = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NO_SPACE, "Disk full");

  drivedash_run_model_set_status (run, "Stopped.",
                                  g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED, "x"));
  g_assert_cmpstr (drivedash_run_model_get_status (run), ==, "Stopped.");
  g_assert_false (drivedash_run_model_get_status_is_error (run));
  g_assert_cmpuint (count (&watch, "status-is-error"), ==, 0);
  g_assert_cmpuint (count (&watch, "error"), ==, 1);

  drivedash_run_model_show_error (run, full);
  drivedash_run_model_show_error (run, full);
  g_assert_true (get_bool (run, "status-is-error"));
  g_assert_cmpstr (drivedash_run_model_get_status (run), ==, "Disk full");
  g_assert_error ((GError *) drivedash_run_model_get_error (run), G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_cmpuint (count (&watch, "status-is-error"), ==, 1);
  g_assert_cmpuint (count (&watch, "status"), ==, 2);

  watch_reset (&watch);
  test->refuse = TRUE;
  g_assert_false (drivedash_run_model_start (run, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_assert_false (drivedash_run_model_get_running (run));
  g_assert_true (get_bool (run, "can-start"));
  g_assert_cmpstr (drivedash_run_model_get_status (run), ==, "refused");
  g_assert_cmpuint (count (&watch, "running"), ==, 0);
  g_assert_cmpuint (count (&watch, "can-start"), ==, 0);
  /* Still an error, another one: said once more, the colour stays. */
  g_assert_cmpuint (count (&watch, "error"), ==, 1);
  g_assert_cmpuint (count (&watch, "status-is-error"), ==, 0);

  drivedash_run_model_set_status (run, NULL, NULL);
  g_assert_null (drivedash_run_model_get_error (run));
  g_assert_false (get_bool (run, "status-is-error"));
  g_assert_cmpuint (count (&watch, "status-is-error"), ==, 1);
  g_assert_cmpuint (watch.n_finished, ==, 0);
  watch_end (&watch, test);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/run-model/states", test_states);
  g_test_add_func ("/run-model/results", test_results);
  g_test_add_func ("/run-model/time-left", test_time_left);
  g_test_add_func ("/run-model/status", test_status);
  return g_test_run ();
}
