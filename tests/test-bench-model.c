/* test-bench-model.c — the Speed view's model, without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs real, tiny benchmarks through DrivedashBenchModel in a temporary
 * folder and checks what the page would show: running, progress,
 * current-test, the results list and their notifications; Stop (the test
 * file is gone); a read-only folder (the error property).  Also the pure
 * mapping functions the templates call, and the folder setting with a
 * file name that is not UTF-8.  DISPLAY is unset: none of this may need one.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-a11y.h"
#include "drivedash-bench-format.h"
#include "drivedash-bench-guide.h"
#include "drivedash-bench-model-private.h"
#include "drivedash-bench-words.h"
#include "drivedash-error.h"

/* Counts "notify" emissions per property name. */
typedef struct
{
  GHashTable *counts;
  guint       n_test_started;
  guint       n_samples;
  guint       n_finished;
  gboolean    success;
  double      last_progress;
  gboolean    progress_went_back;
  char       *seen_test;
} Watch;

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           Watch      *watch)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (watch->counts, pspec->name));

  g_hash_table_insert (watch->counts, (gpointer) pspec->name, GUINT_TO_POINTER (n + 1));
  if (g_str_equal (pspec->name, "progress"))
    {
      double p = drivedash_run_model_get_progress (DRIVEDASH_RUN_MODEL (object));

      watch->progress_went_back |= p < watch->last_progress;
      watch->last_progress = p;
    }
  if (g_str_equal (pspec->name, "current-test") && drivedash_bench_model_get_current_test (DRIVEDASH_BENCH_MODEL (object)))
    {
      g_free (watch->seen_test);
      watch->seen_test = g_strdup (drivedash_bench_model_get_current_test (DRIVEDASH_BENCH_MODEL (object)));
    }
}

static void
test_started_cb (DrivedashBenchModel *model,
                 guint                index,
                 const char          *label,
                 double               start_s,
                 Watch               *watch)
{
  g_assert_nonnull (label);
  g_assert_cmpfloat (start_s, >=, 0);
  watch->n_test_started++;
}

static void
sample_cb (DrivedashBenchModel        *model,
           const DrivedashBenchSample *sample,
           DrivedashBenchMode          mode,
           Watch                      *watch)
{
  g_assert_nonnull (sample);
  watch->n_samples++;
}

static void
finished_cb (DrivedashBenchModel *model,
             gboolean             success,
             Watch               *watch)
{
  /* Listeners of "finished" see the run over already. */
  g_assert_false (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
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
watch_model (DrivedashBenchModel *model,
             Watch               *watch)
{
  watch->counts = g_hash_table_new (g_str_hash, g_str_equal);
  g_signal_connect (model, "notify", G_CALLBACK (notify_cb), watch);
  g_signal_connect (model, "test-started", G_CALLBACK (test_started_cb), watch);
  g_signal_connect (model, "sample", G_CALLBACK (sample_cb), watch);
  g_signal_connect (model, "finished", G_CALLBACK (finished_cb), watch);
}

static void
watch_clear (Watch *watch)
{
  g_clear_pointer (&watch->counts, g_hash_table_unref);
  g_clear_pointer (&watch->seen_test, g_free);
}

static void
iterate_until_stopped (DrivedashBenchModel *model,
                       guint                timeout_s)
{
  gint64 deadline = g_get_monotonic_time () + timeout_s * G_USEC_PER_SEC;

  while (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
}

static char *
make_folder (void)
{
  /* On the build directory's disk, not tmpfs: O_DIRECT works there. */
  char *folder = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "bench-model-XXXXXX", NULL);

  g_assert_nonnull (g_mkdtemp (folder));
  return folder;
}

static guint
count_test_files (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)))
    n += g_str_has_prefix (name, DRIVEDASH_BENCH_FILE_PREFIX);
  return n;
}

/* A model on FOLDER running the "real" preset: 4 tests, 1 pass each. */
static DrivedashBenchModel *
tiny_model (const char *folder,
            double      pass_duration)
{
  DrivedashBenchModel *model = drivedash_bench_model_new ();
  DrivedashBenchOptions *options = drivedash_bench_model_get_options (model);
  g_autoptr(GFile) file = g_file_new_for_path (folder);

  drivedash_bench_options_set_folder (options, file);
  drivedash_bench_options_set_preset_id (options, "real");
  drivedash_bench_options_set_passes (options, 1);
  drivedash_bench_model_set_overrides_for_testing (model, pass_duration, 0, 16 << 20);
  return model;
}

/* ---- a real run ---------------------------------------------------------- */

static void
test_run (void)
{
  g_autofree char *folder = make_folder ();
  g_autoptr(DrivedashBenchModel) model = tiny_model (folder, 0.3);
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  GListModel *results = drivedash_bench_model_get_results (model);
  DrivedashBenchReport *report;
  Watch watch = { 0 };
  gboolean can_copy;

  watch_model (model, &watch);
  g_assert_false (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, 0);

  g_assert_true (drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), NULL));
  g_assert_true (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  g_object_get (model, "can-copy", &can_copy, NULL);
  g_assert_false (can_copy);
  /* The list holds the run's tests at once, none done yet. */
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr(DrivedashBenchResultItem) item = g_list_model_get_item (results, i);

      g_assert_cmpint (drivedash_bench_result_item_get_state (item), ==, DRIVEDASH_BENCH_RESULT_WAITING);
    }
  iterate_until_stopped (model, 120);

  g_assert_no_error ((GError *) drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (model)));
  g_assert_null (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)));
  g_assert_cmpuint (watch.n_finished, ==, 1);
  g_assert_true (watch.success);
  g_assert_cmpuint (count (&watch, "running"), ==, 2);
  g_assert_cmpuint (count (&watch, "can-start"), ==, 2);
  g_assert_cmpuint (count (&watch, "progress"), >=, 4);
  g_assert_cmpuint (count (&watch, "progress-text"), >=, 8);
  g_assert_false (watch.progress_went_back);
  g_assert_cmpfloat (drivedash_run_model_get_progress (DRIVEDASH_RUN_MODEL (model)), ==, 1.0);
  /* current-test named a test while it ran, and nothing after the run. */
  g_assert_cmpuint (count (&watch, "current-test"), >=, 5);
  g_assert_nonnull (watch.seen_test);
  g_assert_true (g_str_has_prefix (watch.seen_test, "RND4K Q1T1"));
  g_assert_null (drivedash_bench_model_get_current_test (model));

  /* Every test started once and sent samples for the plots. */
  g_assert_cmpuint (watch.n_test_started, ==, 4);
  g_assert_cmpuint (watch.n_samples, >=, 4);
  g_assert_cmpuint (count (&watch, "can-save"), ==, 1);

  report = drivedash_bench_model_get_report (model);
  g_assert_nonnull (report);
  g_assert_cmpuint (report->results->len, ==, 4);
  g_assert_cmpuint (count (&watch, "can-copy"), ==, 1);
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr(DrivedashBenchResultItem) item = g_list_model_get_item (results, i);
      DrivedashBenchResult *r = g_ptr_array_index (report->results, i);
      g_autofree char *title = NULL;
      double mb, iops;

      g_object_get (item, "title", &title, "mb-per-s", &mb, "iops", &iops, NULL);
      g_assert_cmpint (drivedash_bench_result_item_get_state (item), ==, DRIVEDASH_BENCH_RESULT_DONE);
      /* The item shows the engine's figures, not some other copy of them. */
      g_assert_cmpfloat (mb, ==, r->mb_per_s);
      g_assert_cmpfloat (iops, ==, r->iops);
      g_assert_cmpfloat (mb, >, 0);
      g_assert_true (drivedash_bench_spec_equal (drivedash_bench_result_item_get_spec (item), &r->spec));
      g_test_message ("%s: %.2f MB/s", title, mb);
    }

  text = drivedash_run_model_dup_text (DRIVEDASH_RUN_MODEL (model));
  expected = drivedash_bench_report_format_text (report);
  g_assert_cmpstr (text, ==, expected);
  g_assert_cmpuint (count_test_files (folder), ==, 0);

  g_signal_handlers_disconnect_by_data (model, &watch);
  watch_clear (&watch);
  g_rmdir (folder);
}

static gboolean
has_samples (DrivedashBenchModel *model)
{
  guint n;

  g_object_get (model, "n-samples", &n, NULL);
  return n >= 2;
}

static void
test_stop (void)
{
  g_autofree char *folder = make_folder ();
  /* Long passes, so the run is surely in the middle when stopped. */
  g_autoptr(DrivedashBenchModel) model = tiny_model (folder, 5);
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  gboolean can_stop, stopping, is_error;
  g_autofree char *progress_text = NULL;
  const GError *error;
  Watch watch = { 0 };

  watch_model (model, &watch);
  g_assert_true (drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), NULL));
  while (!has_samples (model))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpuint (count_test_files (folder), ==, 1);

  drivedash_run_model_stop (DRIVEDASH_RUN_MODEL (model));
  g_object_get (model, "can-stop", &can_stop, "stopping", &stopping, "progress-text", &progress_text, NULL);
  g_assert_false (can_stop);
  g_assert_true (stopping);
  g_assert_cmpstr (progress_text, ==, _("Stopping…"));
  g_assert_true (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  iterate_until_stopped (model, 10);

  error = drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (model));
  g_assert_error ((GError *) error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED);
  g_assert_cmpstr (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)), ==, _("Stopped. The test file was deleted."));
  /* Said in the normal colour: the user asked for it. */
  g_object_get (model, "status-is-error", &is_error, NULL);
  g_assert_false (is_error);
  g_assert_cmpuint (count (&watch, "error"), ==, 1);
  g_assert_cmpuint (watch.n_finished, ==, 1);
  g_assert_false (watch.success);
  g_assert_cmpuint (count_test_files (folder), ==, 0);

  g_signal_handlers_disconnect_by_data (model, &watch);
  watch_clear (&watch);
  g_rmdir (folder);
}

static gboolean
spawn_ok (const char *command)
{
  int status = 0;

  return g_spawn_command_line_sync (command, NULL, NULL, &status, NULL)
         && g_spawn_check_wait_status (status, NULL);
}

/* A folder nobody may write in: as root (who writes anywhere else) the
 * folder bound read-only onto itself, on the same disk (a tmpfs would be
 * refused as memory first), a 0555 folder otherwise. */
static char *
read_only_folder (gboolean *mounted)
{
  char *folder = make_folder ();
  g_autofree char *cmd = g_strdup_printf ("sh -c 'mount --bind \"$0\" \"$0\" && mount -o remount,bind,ro \"$0\"' %s",
                                          folder);

  *mounted = geteuid () == 0 && spawn_ok (cmd);
  if (!*mounted)
    g_assert_cmpint (g_chmod (folder, 0555), ==, 0);
  return folder;
}

/* A folder in memory is refused before anything is written, with the
 * plain words and no test file (issue 15: /dev/shm was measured as a
 * drive). */
static void
test_in_memory (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *mount = g_strdup_printf ("mount -t tmpfs -o size=32m none %s", folder);
  g_autofree char *umount = g_strdup_printf ("umount %s", folder);
  g_autoptr(DrivedashBenchModel) model = NULL;
  g_autofree char *subtitle = NULL;
  const GError *error;

  if (geteuid () != 0 || !spawn_ok (mount))
    {
      g_test_skip ("needs root to mount a tmpfs");
      g_rmdir (folder);
      return;
    }
  model = tiny_model (folder, 0.3);
  g_assert_false (drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), NULL));
  g_assert_false (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  error = drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (model));
  g_assert_error ((GError *) error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_IN_MEMORY);
  g_assert_nonnull (strstr (error->message, "in the computer’s memory"));
  g_assert_cmpuint (count_test_files (folder), ==, 0);
  g_object_get (drivedash_bench_model_get_options (model), "folder-subtitle", &subtitle, NULL);
  g_assert_true (g_str_has_suffix (subtitle, "in the computer’s memory, not on a drive"));
  g_assert_true (spawn_ok (umount));
  g_rmdir (folder);
}

static void
notify_count_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *n)
{
  (*n)++;
}

/* The estimate follows the choices; a run shows the time left while it
 * goes and a verdict with how it was decided after it. */
static void
test_guide (void)
{
  g_autofree char *folder = make_folder ();
  g_autoptr(DrivedashBenchModel) model = tiny_model (folder, 0.3);
  g_autoptr(DrivedashBenchGuide) guide = drivedash_bench_guide_new (model);
  DrivedashBenchOptions *options = drivedash_bench_model_get_options (model);
  g_autofree char *before = g_strdup (drivedash_bench_guide_get_estimate_text (guide));
  g_autofree char *explanation = NULL;
  guint n_left = 0;

  g_assert_true (g_str_has_prefix (before, "Estimated time: about "));
  drivedash_bench_options_set_passes (options, 9);
  g_assert_cmpstr (drivedash_bench_guide_get_estimate_text (guide), !=, before);
  drivedash_bench_options_set_passes (options, 1);
  g_assert_null (drivedash_bench_guide_get_time_left_text (guide));
  g_assert_null (drivedash_bench_guide_get_verdict_headline (guide));

  g_signal_connect (guide, "notify::time-left-text", G_CALLBACK (notify_count_cb), &n_left);
  g_assert_true (drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), NULL));
  g_assert_nonnull (drivedash_bench_guide_get_time_left_text (guide));
  g_assert_true (g_str_has_suffix (drivedash_bench_guide_get_time_left_text (guide), " left"));
  iterate_until_stopped (model, 60);
  g_assert_cmpuint (n_left, >=, 2);
  g_assert_null (drivedash_bench_guide_get_time_left_text (guide));
  g_assert_nonnull (drivedash_bench_guide_get_verdict_headline (guide));
  g_assert_true (g_str_has_prefix (drivedash_bench_guide_get_verdict_how (guide), "How we decided"));
  g_object_get (guide, "explanation", &explanation, NULL);
  g_assert_nonnull (strstr (explanation, "p99"));
  g_assert_nonnull (strstr (explanation, "IOPS"));
  g_assert_cmpuint (count_test_files (folder), ==, 0);
  g_rmdir (folder);
}

/* What a screen reader hears: GTK 4.8 read "_Start Start". */
static void
test_a11y_words (void)
{
  struct { const char *in, *out; } cases[] = {
    { "_Start", "Start" }, { "C_opy as Text", "Copy as Text" }, { "a__b", "a_b" },
    { "Save _Plots…", "Save Plots…" }, { "Copy Results", "Copy Results" }, { "", "" },
    /* Japanese puts the key in brackets: it is not read aloud. */
    { "開始(_S)", "開始" }, { "選択(_C)…", "選択…" }, { "ゲームモードのテスト(_G)…", "ゲームモードのテスト…" },
    { "(_1)", "" }, { "a (b)", "a (b)" }, { "(_ab)", "(ab)" },
  };
  g_autofree char *row = drivedash_a11y_title_with_value ("Life Left", "97 %");
  g_autofree char *bare = drivedash_a11y_title_with_value ("Game Mode", "");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = drivedash_a11y_strip_mnemonic (cases[i].in);

      g_assert_cmpstr (out, ==, cases[i].out);
    }
  g_assert_null (drivedash_a11y_strip_mnemonic (NULL));
  g_assert_cmpstr (row, ==, "Life Left, 97 %");
  g_assert_cmpstr (bare, ==, "Game Mode");
}

static void
test_read_only (void)
{
  gboolean mounted;
  g_autofree char *folder = read_only_folder (&mounted);
  g_autoptr(DrivedashBenchModel) model = tiny_model (folder, 0.3);
  const GError *error;
  gboolean is_error;
  Watch watch = { 0 };

  if (!mounted && geteuid () == 0)
    {
      g_test_skip ("root writes in a 0555 folder, and mounting a read-only tmpfs failed");
      g_rmdir (folder);
      return;
    }

  watch_model (model, &watch);
  /* Refused by the engine, or already by the settings check: either way
   * the page must show why, in the error property. */
  drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), NULL);
  iterate_until_stopped (model, 30);

  error = drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (model));
  g_assert_error ((GError *) error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE);
  g_assert_cmpstr (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)), ==, error->message);
  g_object_get (model, "status-is-error", &is_error, NULL);
  g_assert_true (is_error);
  g_assert_cmpuint (count (&watch, "error"), ==, 1);
  g_assert_cmpuint (count (&watch, "status-is-error"), ==, 1);
  g_assert_null (watch.seen_test);

  g_signal_handlers_disconnect_by_data (model, &watch);
  watch_clear (&watch);
  if (mounted)
    {
      g_autofree char *cmd = g_strdup_printf ("umount %s", folder);

      for (guint i = 0; i < 20 && !spawn_ok (cmd); i++)
        g_usleep (100 * 1000);
    }
  g_chmod (folder, 0755);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

/* ---- pure mapping functions ---------------------------------------------- */

static void
test_format (void)
{
  g_autofree char *big = drivedash_bench_format_mb_per_s (3477.4);
  g_autofree char *mid = drivedash_bench_format_mb_per_s (512.34);
  g_autofree char *small = drivedash_bench_format_mb_per_s (12.344);
  g_autofree char *us = drivedash_bench_format_latency (87.4);
  g_autofree char *ms = drivedash_bench_format_latency (2410);
  g_autofree char *ms10 = drivedash_bench_format_latency (31000);
  g_autofree char *waiting = drivedash_bench_format_value_text (DRIVEDASH_BENCH_RESULT_RUNNING, 3477);
  g_autofree char *done = drivedash_bench_format_value_text (DRIVEDASH_BENCH_RESULT_DONE, 3477.4);
  g_autofree char *empty_detail = drivedash_bench_format_detail_text (DRIVEDASH_BENCH_RESULT_WAITING, 5, 5);
  g_autofree char *detail = drivedash_bench_format_detail_text (DRIVEDASH_BENCH_RESULT_DONE, 3316.4, 2410);
  g_autofree char *progress = drivedash_bench_format_progress ("RND4K Q32T16 Read", DRIVEDASH_BENCH_PHASE_MEASURING);
  g_autofree char *preparing = drivedash_bench_format_progress (NULL, DRIVEDASH_BENCH_PHASE_PREPARING);
  g_auto(GStrv) running = drivedash_bench_format_cell_classes (DRIVEDASH_BENCH_RESULT_RUNNING);
  g_auto(GStrv) done_classes = drivedash_bench_format_cell_classes (DRIVEDASH_BENCH_RESULT_DONE);
  g_auto(GStrv) cached = drivedash_bench_format_value_classes (TRUE);
  g_auto(GStrv) direct = drivedash_bench_format_value_classes (FALSE);
  g_auto(GStrv) error = drivedash_bench_format_status_classes (TRUE);
  g_auto(GStrv) plain = drivedash_bench_format_status_classes (FALSE);
  DrivedashBenchSpec spec;
  g_autofree char *row = NULL;
  g_autofree char *words = NULL;
  g_autofree char *cell = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *estimate = NULL;
  g_autofree char *left = NULL;

  g_assert_cmpstr (big, ==, "3477");
  g_assert_cmpstr (mid, ==, "512.3");
  g_assert_cmpstr (small, ==, "12.34");
  g_assert_cmpstr (us, ==, "87 µs");
  g_assert_cmpstr (ms, ==, "2.4 ms");
  g_assert_cmpstr (ms10, ==, "31 ms");
  g_assert_cmpstr (waiting, ==, "—");
  g_assert_cmpstr (done, ==, "3477");
  g_assert_cmpstr (empty_detail, ==, " \n ");
  g_assert_cmpstr (detail, ==, "3316 IOPS\n2.4 ms");
  g_assert_cmpstr (progress, ==, "RND4K Q32T16 Read — Measuring");
  g_assert_cmpstr (preparing, ==, drivedash_bench_phase_get_display_name (DRIVEDASH_BENCH_PHASE_PREPARING));
  g_assert_true (g_strv_contains ((const char *const *) running, "running"));
  g_assert_false (g_strv_contains ((const char *const *) done_classes, "running"));
  g_assert_true (g_strv_contains ((const char *const *) cached, "warning"));
  g_assert_true (g_strv_contains ((const char *const *) cached, "results-value"));
  g_assert_false (g_strv_contains ((const char *const *) direct, "warning"));
  g_assert_true (g_strv_contains ((const char *const *) error, "error"));
  g_assert_false (g_strv_contains ((const char *const *) plain, "error"));
  g_assert_true (g_strv_contains ((const char *const *) plain, "dashboard-message"));

  g_assert_true (drivedash_bench_spec_parse ("SEQ1M Q8T1", DRIVEDASH_BENCH_MODE_READ, &spec, NULL));
  row = drivedash_bench_format_row_title (&spec);
  words = drivedash_bench_spec_dup_plain (&spec);
  g_assert_true (g_str_has_prefix (row, words));
  g_assert_true (g_str_has_suffix (row, "\nSEQ1M Q8T1"));
  cell = drivedash_bench_format_cell_accessible (&spec, DRIVEDASH_BENCH_RESULT_DONE, 1454.2);
  expected = g_strdup_printf ("Read, %s: 1454 megabytes per second", words);
  g_assert_cmpstr (cell, ==, expected);
  g_clear_pointer (&cell, g_free);
  cell = drivedash_bench_format_cell_accessible (&spec, DRIVEDASH_BENCH_RESULT_WAITING, 0);
  g_assert_true (g_str_has_suffix (cell, ": not measured yet"));
  estimate = drivedash_bench_format_estimate (65);
  g_assert_cmpstr (estimate, ==, "Estimated time: about 1 min 5 s");
  left = drivedash_bench_format_time_left (40);
  g_assert_cmpstr (left, ==, "about 40 s left");
}

/* Folder names are text, never Pango markup; a name that is not UTF-8
 * still gives valid UTF-8 to show. */
static void
test_format_folder (void)
{
  g_autofree char *home = drivedash_bench_format_folder (g_get_home_dir (), "on Samsung SSD 970 EVO Plus 1TB");
  g_autofree char *amp = drivedash_bench_format_folder ("/tmp/a&b <x>", NULL);
  g_autofree char *bytes = drivedash_bench_format_folder ("/tmp/caf\xe9", "on sda1");

  g_assert_cmpstr (home, ==, "Home folder on Samsung SSD 970 EVO Plus 1TB");
  g_assert_cmpstr (amp, ==, "/tmp/a&b <x>");
  g_assert_true (g_utf8_validate (bytes, -1, NULL));
  g_assert_true (g_str_has_prefix (bytes, "/tmp/caf"));
  g_assert_true (g_str_has_suffix (bytes, " on sda1"));
}

/* ---- options and the folder setting -------------------------------------- */

static void
test_options (void)
{
  g_autoptr(DrivedashBenchOptions) options = drivedash_bench_options_new ();
  g_autoptr(GListModel) names = NULL;
  g_autoptr(GListModel) sizes = NULL;
  Watch watch = { .counts = g_hash_table_new (g_str_hash, g_str_equal) };
  g_autofree char *description = NULL;

  g_signal_connect (options, "notify", G_CALLBACK (notify_cb), &watch);

  /* The schema's short ids name the CrystalDiskMark presets. */
  drivedash_bench_options_set_preset_id (options, "nvme");
  g_assert_cmpstr (drivedash_bench_options_get_preset_id (options), ==, "cdm-nvme");
  g_assert_cmpuint (count (&watch, "preset"), ==, 1);
  g_assert_cmpuint (count (&watch, "preset-description"), ==, 1);
  drivedash_bench_options_set_preset_id (options, "cdm-nvme");
  g_assert_cmpuint (count (&watch, "preset"), ==, 1);
  drivedash_bench_options_set_preset_id (options, "no-such-preset");
  g_assert_cmpstr (drivedash_bench_options_get_preset_id (options), ==, DRIVEDASH_BENCH_DEFAULT_PRESET);
  g_object_get (options, "preset-names", &names, "size-names", &sizes, "preset-description", &description, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (names), >=, 5);
  g_assert_cmpuint (g_list_model_get_n_items (sizes), ==, 5);
  g_assert_nonnull (description);

  /* Sizes the list does not offer fall back to the default 1 GiB. */
  drivedash_bench_options_set_size (options, G_GUINT64_CONSTANT (256) << 20);
  g_assert_cmpuint (drivedash_bench_options_get_size (options), ==, G_GUINT64_CONSTANT (256) << 20);
  g_assert_cmpuint (count (&watch, "size"), ==, 1);
  g_assert_cmpuint (count (&watch, "size-index"), ==, 1);
  drivedash_bench_options_set_size (options, G_GUINT64_CONSTANT (256) << 20);
  g_assert_cmpuint (count (&watch, "size"), ==, 1);
  drivedash_bench_options_set_size (options, 12345);
  g_assert_cmpuint (drivedash_bench_options_get_size (options), ==, DRIVEDASH_BENCH_DEFAULT_TEST_SIZE);

  drivedash_bench_options_set_passes (options, 3);
  drivedash_bench_options_set_passes (options, 3);
  g_assert_cmpuint (count (&watch, "passes"), ==, 1);
  drivedash_bench_options_set_passes (options, 0);
  g_assert_cmpuint (drivedash_bench_options_get_passes (options), ==, 1);

  g_signal_handlers_disconnect_by_data (options, &watch);
  watch_clear (&watch);
}

/* A folder whose name is not UTF-8 goes into the GSettings string key as
 * a URI and comes back as the same bytes; the old plain paths still read. */
static void
test_folder_setting (void)
{
  g_autofree char *parent = make_folder ();
  g_autofree char *folder = g_build_filename (parent, "caf\xe9 &<x>", NULL);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) back = NULL;
  g_autoptr(GFile) home = drivedash_bench_folder_from_setting ("");
  g_autoptr(GFile) legacy = drivedash_bench_folder_from_setting ("/var/tmp");
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(DrivedashBenchOptions) options = drivedash_bench_options_new ();
  g_autoptr(DrivedashBenchOptions) reread = drivedash_bench_options_new ();
  g_autofree char *stored = NULL;
  g_autofree char *path = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *tooltip = NULL;

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  file = g_file_new_for_path (folder);
  g_assert_cmpstr (g_file_peek_path (home), ==, g_get_home_dir ());
  g_assert_cmpstr (g_file_peek_path (legacy), ==, "/var/tmp");

  g_settings_bind_with_mapping (settings, "bench-folder", options, "folder", G_SETTINGS_BIND_DEFAULT,
                                drivedash_bench_folder_get_mapping, drivedash_bench_folder_set_mapping,
                                NULL, NULL);
  drivedash_bench_options_set_folder (options, file);
  stored = g_settings_get_string (settings, "bench-folder");
  g_assert_true (g_utf8_validate (stored, -1, NULL));
  g_assert_true (g_str_has_prefix (stored, "file://"));

  /* A second page (the next start of the app) reads the same folder. */
  g_settings_bind_with_mapping (settings, "bench-folder", reread, "folder", G_SETTINGS_BIND_DEFAULT,
                                drivedash_bench_folder_get_mapping, drivedash_bench_folder_set_mapping,
                                NULL, NULL);
  back = g_object_ref (drivedash_bench_options_get_folder (reread));
  path = g_file_get_path (back);
  g_assert_cmpstr (path, ==, folder);

  g_object_get (reread, "folder-subtitle", &subtitle, "folder-tooltip", &tooltip, NULL);
  g_assert_true (g_utf8_validate (subtitle, -1, NULL));
  g_assert_true (g_utf8_validate (tooltip, -1, NULL));
  g_assert_nonnull (strstr (subtitle, " &<x>"));

  /* Home is stored as "", as before. */
  drivedash_bench_options_set_folder (options, NULL);
  g_free (stored);
  stored = g_settings_get_string (settings, "bench-folder");
  g_assert_cmpstr (stored, ==, "");

  g_settings_unbind (options, "folder");
  g_settings_unbind (reread, "folder");
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_cmpint (g_rmdir (parent), ==, 0);
}

static void
test_choose_folder (void)
{
  g_autoptr(DrivedashBenchModel) model = drivedash_bench_model_new ();
  g_autoptr(GFile) portal = g_file_new_for_path ("/run/user/1000/doc/1234abcd/Games");
  g_autoptr(GFile) remote = g_file_new_for_uri ("sftp://example.com/data");
  g_autoptr(GFile) tmp = g_file_new_for_path (g_get_tmp_dir ());
  GFile *before = drivedash_bench_options_get_folder (drivedash_bench_model_get_options (model));

  g_assert_false (drivedash_run_model_choose_folder (DRIVEDASH_RUN_MODEL (model), portal));
  g_assert_error ((GError *) drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (model)), DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)), "portal"));
  g_assert_false (drivedash_run_model_choose_folder (DRIVEDASH_RUN_MODEL (model), remote));
  g_assert_nonnull (strstr (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)), "local folder"));
  /* Nothing was lost: the folder is what it was. */
  g_assert_true (drivedash_bench_options_get_folder (drivedash_bench_model_get_options (model)) == before);

  g_assert_true (drivedash_run_model_choose_folder (DRIVEDASH_RUN_MODEL (model), tmp));
  g_assert_null (drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (model)));

  /* Other errors of the page (saving the plots) show the same way. */
  {
    g_autoptr(GError) error = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE, "Disk full");
    gboolean is_error;

    drivedash_run_model_show_error (DRIVEDASH_RUN_MODEL (model), error);
    g_object_get (model, "status-is-error", &is_error, NULL);
    g_assert_true (is_error);
    g_assert_cmpstr (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)), ==, "Disk full");
  }
  g_assert_true (drivedash_run_model_choose_folder (DRIVEDASH_RUN_MODEL (model), tmp));
  g_assert_null (drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (model)));
  g_assert_null (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)));
  g_assert_true (g_file_equal (drivedash_bench_options_get_folder (drivedash_bench_model_get_options (model)), tmp));
}

int
main (int   argc,
      char *argv[])
{
  /* Nothing here may need a display. */
  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bench-model/format", test_format);
  g_test_add_func ("/bench-model/format-folder", test_format_folder);
  g_test_add_func ("/bench-model/in-memory", test_in_memory);
  g_test_add_func ("/bench-model/guide", test_guide);
  g_test_add_func ("/bench-model/a11y-words", test_a11y_words);
  g_test_add_func ("/bench-model/options", test_options);
  g_test_add_func ("/bench-model/folder-setting", test_folder_setting);
  g_test_add_func ("/bench-model/choose-folder", test_choose_folder);
  g_test_add_func ("/bench-model/run", test_run);
  g_test_add_func ("/bench-model/stop", test_stop);
  g_test_add_func ("/bench-model/read-only", test_read_only);
  return g_test_run ();
}
