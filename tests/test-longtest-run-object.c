/* test-longtest-run-object.c — DrivedashLongTestRun, the one way a long
 * test is run: short real runs on the build folder's filesystem, their
 * signals in order on the main context, Stop, a failure, and keeping the
 * run in a real SQLite history through drivedash_store_keep_long_test_run()
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "drivedash-error.h"
#include "drivedash-longtest-run.h"
#include "drivedash-store-save.h"

/* A failure guard only: each run ends on its own within seconds. */
#define RUN_DEADLINE_US (120 * G_USEC_PER_SEC)

typedef struct
{
  char *dir;      /* the runs' folder */
  char *db_path;  /* a history of this test's own */
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *tmpl = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "longrun-XXXXXX", NULL);

  f->dir = g_strdup (g_mkdtemp (tmpl));
  g_assert_nonnull (f->dir);
  f->db_path = g_build_filename (f->dir, "history.db", NULL);
}

static guint
count_test_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d && (name = g_dir_read_name (d)) != NULL)
    if (!g_str_has_prefix (name, "history.db"))
      n++;
  return n;
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GDir) d = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
  g_free (f->db_path);
}

static DrivedashLongTestSettings *
tiny (DrivedashLongTestKind  kind,
      const char            *dir)
{
  DrivedashLongTestSettings *s = drivedash_long_test_settings_new (kind);

  s->folder = g_strdup (dir);
  s->file_size = 8u << 20;
  s->duration_s = 2;
  s->round_s = 0.05;
  s->round_step_s = 0.01;
  s->idle_s = 0.05;
  s->amount = 16u << 20;
  s->step_bytes = 4u << 20;
  s->interval_s = 0.25;
  return s;
}

/* What the signals brought, in the order they came. */
typedef struct
{
  GThread      *main_thread;
  GArray       *phases;      /* of guint: each progress's phase index */
  GArray       *fractions;   /* of double */
  GArray       *rounds;      /* of DrivedashLongRound */
  GArray       *row_times;   /* of double: each row's t_s */
  guint         running_notifies;
  gboolean      off_thread;  /* a signal came on another thread */
  GCancellable *cancel_on_row;
  GAsyncResult *result;      /* set by the callback */
  guint64       written;     /* the last progress's bytes written */
  gboolean      written_back; /* it once went down */
} Seen;

static void
seen_init (Seen *seen)
{
  *seen = (Seen) { g_thread_self (),
                   g_array_new (FALSE, FALSE, sizeof (guint)),
                   g_array_new (FALSE, FALSE, sizeof (double)),
                   g_array_new (FALSE, FALSE, sizeof (DrivedashLongRound)),
                   g_array_new (FALSE, FALSE, sizeof (double)) };
}

static void
seen_clear (Seen *seen)
{
  g_array_unref (seen->phases);
  g_array_unref (seen->fractions);
  g_array_unref (seen->rounds);
  g_array_unref (seen->row_times);
  g_clear_object (&seen->result);
}

static void
check_thread (Seen *seen)
{
  if (g_thread_self () != seen->main_thread)
    seen->off_thread = TRUE;
}

static void
on_progress (DrivedashLongTestRun        *run,
             const DrivedashLongProgress *p,
             Seen                        *seen)
{
  check_thread (seen);
  g_array_append_val (seen->phases, p->phase_index);
  g_array_append_val (seen->fractions, p->fraction);
  seen->written_back = seen->written_back || p->bytes_written < seen->written;
  seen->written = p->bytes_written;
  /* The run's own properties already say the same. */
  g_assert_cmpfloat (drivedash_long_test_run_get_fraction (run), ==, p->fraction);
  g_assert_cmpfloat (drivedash_long_test_run_get_time_left (run), <=, p->eta_s);
}

static void
on_row (DrivedashLongTestRun         *run,
        const DrivedashTimeseriesRow *row,
        Seen                         *seen)
{
  double t_s = row->t_s;

  check_thread (seen);
  g_array_append_val (seen->row_times, t_s);
  if (seen->cancel_on_row != NULL)
    g_cancellable_cancel (seen->cancel_on_row);
}

static void
on_round (DrivedashLongTestRun     *run,
          const DrivedashLongRound *round,
          Seen                     *seen)
{
  check_thread (seen);
  g_array_append_val (seen->rounds, *round);
}

static void
on_running (GObject    *object,
            GParamSpec *pspec,
            Seen       *seen)
{
  seen->running_notifies++;
}

static void
done_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  Seen *seen = user_data;

  check_thread (seen);
  seen->result = g_object_ref (result);
}

/* Runs @run to its end on this thread's main context, as the app does. */
static void
run_to_end (DrivedashLongTestRun *run,
            GCancellable         *cancellable,
            Seen                 *seen)
{
  gint64 deadline = g_get_monotonic_time () + RUN_DEADLINE_US;

  g_signal_connect (run, "progress", G_CALLBACK (on_progress), seen);
  g_signal_connect (run, "row", G_CALLBACK (on_row), seen);
  g_signal_connect (run, "round", G_CALLBACK (on_round), seen);
  g_signal_connect (run, "notify::running", G_CALLBACK (on_running), seen);
  drivedash_long_test_run_run_async (run, cancellable, done_cb, seen);
  g_assert_true (drivedash_long_test_run_is_running (run));
  while (seen->result == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (seen->result);
  g_assert_false (drivedash_long_test_run_is_running (run));
  g_assert_false (seen->off_thread);
  /* On at the start, off at the end. */
  g_assert_cmpuint (seen->running_notifies, ==, 2);
}

/* Every signal on the caller's thread, in the test's order; the result
 * holds what they brought. */
static void
test_signals_in_order (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(DrivedashLongTestSettings) s = tiny (DRIVEDASH_LONG_TEST_CONSISTENCY, f->dir);
  g_autoptr(DrivedashLongTestRun) run = drivedash_long_test_run_new (s);
  g_autoptr(GError) error = NULL;
  const DrivedashLongTestResult *res;
  Seen seen;

  seen_init (&seen);
  g_assert_cmpfloat (drivedash_long_test_run_get_time_left (run), ==, -1);
  g_assert_null (drivedash_long_test_run_dup_finish_time (run));
  run_to_end (run, NULL, &seen);
  res = drivedash_long_test_run_run_finish (run, seen.result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (res);
  g_assert_true (res == drivedash_long_test_run_get_result (run));
  g_assert_true (res == drivedash_long_test_run_get_measured (run));

  /* Phases and fractions never go back. */
  g_assert_cmpuint (seen.phases->len, >, 0);
  for (guint i = 1; i < seen.phases->len; i++)
    {
      g_assert_cmpuint (g_array_index (seen.phases, guint, i), >=, g_array_index (seen.phases, guint, i - 1));
      g_assert_cmpfloat (g_array_index (seen.fractions, double, i), >=,
                         g_array_index (seen.fractions, double, i - 1));
    }
  /* What was written so far only grows, and within a phase too: the last
   * progress (the last phase's start) has more than nothing and at most
   * the test's total. */
  g_assert_false (seen.written_back);
  g_assert_cmpuint (seen.written, >, 0);
  g_assert_cmpuint (seen.written, <=, res->bytes_written);
  /* All 18 rounds, as kept, in order; rows in time order. */
  g_assert_cmpuint (seen.rounds->len, ==, 18);
  g_assert_cmpmem (seen.rounds->data, 18 * sizeof (DrivedashLongRound),
                   res->rounds->data, 18 * sizeof (DrivedashLongRound));
  g_assert_cmpuint (seen.row_times->len, >, 0);
  g_assert_cmpuint (seen.row_times->len, <=, drivedash_timeseries_get_n_rows (res->series));
  for (guint i = 1; i < seen.row_times->len; i++)
    g_assert_cmpfloat (g_array_index (seen.row_times, double, i), >,
                       g_array_index (seen.row_times, double, i - 1));
  /* Finished: all done, nothing left, nothing saved (no saver). */
  g_assert_cmpfloat (drivedash_long_test_run_get_fraction (run), ==, 1.0);
  g_assert_cmpfloat (drivedash_long_test_run_get_time_left (run), ==, 0);
  g_assert_cmpint (drivedash_long_test_run_get_run_id (run), ==, 0);
  g_assert_null (drivedash_long_test_run_get_save_error (run));
  g_assert_cmpuint (count_test_files (f->dir), ==, 0);
  seen_clear (&seen);
}

/* Stop at the first row of a test that would take a minute: the run ends
 * cancelled, its file is gone, and what it measured is kept, in the
 * store too, as stopped. */
static void
test_cancel_keeps_partial (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(DrivedashLongTestSettings) s = tiny (DRIVEDASH_LONG_TEST_SUSTAINED, f->dir);
  g_autoptr(DrivedashLongTestRun) run = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(DrivedashStoreRun) stored = NULL;
  g_autoptr(GError) error = NULL;
  const DrivedashLongTestResult *partial;
  Seen seen;

  s->duration_s = 60;
  run = drivedash_long_test_run_new (s);
  store = drivedash_store_open (f->db_path, &error);
  g_assert_no_error (error);
  drivedash_store_keep_long_test_run (store, run, "Stopped early");
  seen_init (&seen);
  seen.cancel_on_row = cancellable;
  run_to_end (run, cancellable, &seen);
  g_assert_null (drivedash_long_test_run_run_finish (run, seen.result, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED);
  g_assert_null (drivedash_long_test_run_get_result (run));
  partial = drivedash_long_test_run_get_measured (run);
  g_assert_nonnull (partial);
  g_assert_false (g_file_test (partial->file_path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_test_files (f->dir), ==, 0);
  /* Well short of the minute it would have run. */
  g_assert_cmpfloat (partial->elapsed_s, <, 50);

  g_assert_null (drivedash_long_test_run_get_save_error (run));
  g_assert_cmpint (drivedash_long_test_run_get_run_id (run), >, 0);
  g_clear_error (&error);
  stored = drivedash_store_get_run (store, drivedash_long_test_run_get_run_id (run), &error);
  g_assert_no_error (error);
  g_assert_cmpint (stored->kind, ==, DRIVEDASH_RUN_KIND_SUSTAINED);
  g_assert_cmpint (stored->status, ==, DRIVEDASH_RUN_STATUS_CANCELLED);
  g_assert_cmpstr (stored->name, ==, "Stopped early");
  seen_clear (&seen);
}

/* A finished run is saved in one call, in the default history when no
 * store is given (the test's own data folder: G_TEST_OPTION_ISOLATE_DIRS). */
static void
test_save_finished (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(DrivedashLongTestSettings) s = tiny (DRIVEDASH_LONG_TEST_ADAPTIVITY, f->dir);
  g_autoptr(DrivedashLongTestRun) run = drivedash_long_test_run_new (s);
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(DrivedashStoreRun) stored = NULL;
  g_autoptr(GError) error = NULL;
  const DrivedashLongTestResult *res;
  Seen seen;

  drivedash_store_keep_long_test_run (NULL, run, NULL);
  seen_init (&seen);
  run_to_end (run, NULL, &seen);
  res = drivedash_long_test_run_run_finish (run, seen.result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (res->rounds->len, ==, DRIVEDASH_LONG_ADAPTIVITY_ROUNDS);
  g_assert_null (drivedash_long_test_run_get_save_error (run));
  g_assert_cmpint (drivedash_long_test_run_get_run_id (run), >, 0);

  store = drivedash_store_open (NULL, &error);
  g_assert_no_error (error);
  stored = drivedash_store_get_run (store, drivedash_long_test_run_get_run_id (run), &error);
  g_assert_no_error (error);
  g_assert_cmpint (stored->kind, ==, DRIVEDASH_RUN_KIND_ADAPTIVITY);
  g_assert_cmpint (stored->status, ==, DRIVEDASH_RUN_STATUS_DONE);
  g_assert_null (stored->name);
  g_assert_nonnull (stored->series);
  seen_clear (&seen);
}

/* A saver that records where and with what it was called. */
typedef struct
{
  GThread *main_thread;
  guint    begins;
  guint    ends;
  gboolean on_main_thread;
  gboolean had_result;
  GError  *run_error;
} Recorder;

static gpointer
recorder_begin (gpointer                         data,
                const DrivedashLongTestSettings *settings)
{
  Recorder *rec = data;

  rec->begins++;
  rec->on_main_thread |= g_thread_self () == rec->main_thread;
  return rec;
}

static gint64
recorder_end (gpointer                       data,
              gpointer                       recording,
              const DrivedashLongTestResult *result,
              const GError                  *run_error,
              GError                       **error)
{
  Recorder *rec = data;

  g_assert_true (recording == rec);
  rec->ends++;
  rec->on_main_thread |= g_thread_self () == rec->main_thread;
  rec->had_result = result != NULL;
  rec->run_error = run_error ? g_error_copy (run_error) : NULL;
  g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED, "disk full");
  return 0;
}

/* A folder that is not there: the run fails in plain words, the saver
 * still hears of it (in the worker, once each way), and its own failure
 * to save is told apart from the run's. */
static void
test_failure (Fixture       *f,
              gconstpointer  data)
{
  static const DrivedashLongTestSaver saver = { recorder_begin, recorder_end };
  g_autofree char *missing = g_build_filename (f->dir, "not-there", NULL);
  g_autoptr(DrivedashLongTestSettings) s = tiny (DRIVEDASH_LONG_TEST_SUSTAINED, missing);
  g_autoptr(DrivedashLongTestRun) run = drivedash_long_test_run_new (s);
  g_autoptr(GError) error = NULL;
  Recorder rec = { .main_thread = g_thread_self () };
  Seen seen;

  drivedash_long_test_run_set_saver (run, &saver, &rec, NULL);
  seen_init (&seen);
  run_to_end (run, NULL, &seen);
  g_assert_null (drivedash_long_test_run_run_finish (run, seen.result, &error));
  g_assert_nonnull (error);
  g_assert_false (g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED));
  g_assert_null (drivedash_long_test_run_get_result (run));

  g_assert_cmpuint (rec.begins, ==, 1);
  g_assert_cmpuint (rec.ends, ==, 1);
  g_assert_false (rec.on_main_thread);
  g_assert_nonnull (rec.run_error);
  g_assert_cmpstr (rec.run_error->message, ==, error->message);
  g_assert_error (drivedash_long_test_run_get_save_error (run), DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED);
  g_assert_cmpint (drivedash_long_test_run_get_run_id (run), ==, 0);
  g_clear_error (&rec.run_error);
  seen_clear (&seen);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  g_test_add ("/longtest/run-object/signals-in-order", Fixture, NULL,
              fixture_set_up, test_signals_in_order, fixture_tear_down);
  g_test_add ("/longtest/run-object/cancel", Fixture, NULL,
              fixture_set_up, test_cancel_keeps_partial, fixture_tear_down);
  g_test_add ("/longtest/run-object/save", Fixture, NULL,
              fixture_set_up, test_save_finished, fixture_tear_down);
  g_test_add ("/longtest/run-object/failure", Fixture, NULL,
              fixture_set_up, test_failure, fixture_tear_down);
  return g_test_run ();
}
