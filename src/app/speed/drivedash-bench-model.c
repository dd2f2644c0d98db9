/* drivedash-bench-model.c — what the Speed view shows, and its run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view-model of the Speed page: its properties, and those of the
 * DrivedashRunModel it is, are everything the page shows, so the template
 * binds to them and the page's C code is wiring.  It owns the
 * DrivedashBench run and one GCancellable per Start.  The
 * engine emits its signals on the main context of the thread that called
 * drivedash_bench_run_async() (here: _start()), so every property changes
 * on that thread.  While a run is in flight the model holds a reference on
 * itself (the async callback's user data) and cancels the run when it is
 * disposed, so the callback never finds it gone.
 *
 * Nothing here needs a display: the unit test runs it without one.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-bench-format.h"
#include "drivedash-bench-model-private.h"
#include "drivedash-error.h"
#include "drivedash-history-save.h"

struct _DrivedashBenchModel
{
  DrivedashRunModel      parent_instance;

  DrivedashBenchOptions *options;
  DrivedashBench        *bench;
  GCancellable          *cancellable;
  char                  *current_test;
  guint                  last_test;
  guint                  n_samples;
  guint                  n_done;
  DrivedashStoreRecorder *recorder;  /* the run, for the history */
  GListStore            *results;
  DrivedashBenchReport  *report;

  double                 override_duration;
  double                 override_pause;
  guint64                override_size;
};

enum {
  PROP_0,
  PROP_OPTIONS,
  PROP_CURRENT_TEST,
  PROP_N_SAMPLES,
  PROP_RESULTS,
  PROP_REPORT,
  N_PROPS
};

enum {
  RUN_STARTED,
  TEST_STARTED,
  SAMPLE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DrivedashBenchModel, drivedash_bench_model, DRIVEDASH_TYPE_RUN_MODEL)

#define RUN(self) DRIVEDASH_RUN_MODEL (self)

static void
set_error_message (DrivedashBenchModel *self,
                   int                  code,
                   const char          *message)
{
  drivedash_run_model_set_status (RUN (self), message, g_error_new_literal (DRIVEDASH_ERROR, code, message));
}

static gboolean
drivedash_bench_model_choose_folder (DrivedashRunModel *run,
                                     GFile             *folder)
{
  DrivedashBenchModel *self = DRIVEDASH_BENCH_MODEL (run);
  g_autofree char *path = g_file_get_path (folder);

  if (path == NULL)
    {
      set_error_message (self, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                         _("This folder is not on a drive of this computer. Pick a local folder."));
      return FALSE;
    }
  /* Folders handed over by the desktop portal live on a FUSE mount: a test
   * there would measure the portal, not the drive. */
  if (g_str_has_prefix (path, "/run/user/") && strstr (path, "/doc/"))
    {
      set_error_message (self, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                         _("This folder was shared through the desktop portal, which would slow the test down and hide the drive's real speed. Pick a folder in your home folder or on a removable drive instead."));
      return FALSE;
    }
  drivedash_run_model_set_status (run, NULL, NULL);
  drivedash_bench_options_set_folder (self->options, folder);
  return TRUE;
}

static GFile *
drivedash_bench_model_dup_folder (DrivedashRunModel *run)
{
  GFile *folder = drivedash_bench_options_get_folder (DRIVEDASH_BENCH_MODEL (run)->options);

  return folder ? g_object_ref (folder) : NULL;
}

/* ---------------------------------------------------------------------- */
/* The run                                                                */

static void
set_bench (DrivedashBenchModel *self,
           DrivedashBench      *bench)
{
  g_set_object (&self->bench, bench);
  drivedash_run_model_set_running (RUN (self), bench != NULL);
}

static void
set_n_samples (DrivedashBenchModel *self,
               guint                n_samples)
{
  if (n_samples == self->n_samples)
    return;
  self->n_samples = n_samples;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SAMPLES]);
  drivedash_run_model_set_has_plots (RUN (self), n_samples > 0);
}

static void
set_n_done (DrivedashBenchModel *self,
            guint                n_done)
{
  self->n_done = n_done;
  drivedash_run_model_set_has_result (RUN (self), n_done > 0);
}

static void
set_current_test (DrivedashBenchModel *self,
                  const char          *test)
{
  if (g_strcmp0 (self->current_test, test) == 0)
    return;
  g_free (self->current_test);
  self->current_test = g_strdup (test);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_TEST]);
}

/* Only one test runs at a time: the one before it is done or stopped. */
static void
mark_running (DrivedashBenchModel *self,
              guint                test_index)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->results));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DrivedashBenchResultItem) item = g_list_model_get_item (G_LIST_MODEL (self->results), i);

      if (i == test_index)
        drivedash_bench_result_item_set_state (item, DRIVEDASH_BENCH_RESULT_RUNNING);
      else if (drivedash_bench_result_item_get_state (item) == DRIVEDASH_BENCH_RESULT_RUNNING)
        drivedash_bench_result_item_set_state (item, DRIVEDASH_BENCH_RESULT_WAITING);
    }
}

static void
bench_sample_cb (DrivedashBench             *bench,
                 const DrivedashBenchSample *sample,
                 DrivedashBenchModel        *self)
{
  const DrivedashBenchSpec *tests;
  guint n_tests;

  tests = drivedash_bench_get_tests (bench, &n_tests);
  if (sample->test_index >= n_tests)
    return;

  if (sample->test_index != self->last_test)
    {
      g_autofree char *label = drivedash_bench_spec_dup_label (&tests[sample->test_index]);

      self->last_test = sample->test_index;
      g_signal_emit (self, signals[TEST_STARTED], 0, sample->test_index, label,
                     sample->run_elapsed_s - sample->elapsed_s);
    }
  g_signal_emit (self, signals[SAMPLE], 0, sample, tests[sample->test_index].mode);
  set_n_samples (self, self->n_samples + 1);
}

static void
bench_progress_cb (DrivedashBench      *bench,
                   guint                test_index,
                   const char          *test_label,
                   DrivedashBenchPhase  phase,
                   double               fraction,
                   DrivedashBenchModel *self)
{
  g_autofree char *text = NULL;

  /* Once Stop is pressed, "Stopping…" stays until the run is over. */
  if (drivedash_run_model_get_stopping (RUN (self)))
    return;
  text = drivedash_bench_format_progress (test_label, phase);
  drivedash_run_model_set_progress (RUN (self), fraction, text);
  if (phase == DRIVEDASH_BENCH_PHASE_WARMUP || phase == DRIVEDASH_BENCH_PHASE_MEASURING)
    {
      mark_running (self, test_index);
      set_current_test (self, test_label);
    }
}

static void
bench_test_finished_cb (DrivedashBench       *bench,
                        guint                 test_index,
                        DrivedashBenchResult *result,
                        DrivedashBenchModel  *self)
{
  g_autoptr(DrivedashBenchResultItem) item = g_list_model_get_item (G_LIST_MODEL (self->results), test_index);

  if (item == NULL)
    return;
  drivedash_bench_result_item_set_result (item, result);
  set_n_done (self, self->n_done + 1);
}

/* The results stay on screen; the status says they are not kept, unless
 * a newer run or its outcome is shown by now. */
static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(DrivedashBenchModel) self = user_data;
  g_autoptr(GError) error = NULL;

  if (drivedash_history_save_finish (result, &error) == 0 && self->bench == NULL
      && drivedash_run_model_get_status (RUN (self)) == NULL)
    drivedash_run_model_set_status (RUN (self), error->message, NULL);
}

static void
run_done_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(DrivedashBenchModel) self = user_data;
  DrivedashBench *bench = DRIVEDASH_BENCH (object);
  g_autoptr(DrivedashBenchReport) report = NULL;
  GError *error = NULL;

  report = drivedash_bench_run_finish (bench, result, &error);
  if (report == NULL)
    report = drivedash_bench_report_ref (drivedash_bench_get_report (bench));
  if (self->recorder != NULL)
    drivedash_history_save_end (g_steal_pointer (&self->recorder), bench, report, error,
                                saved_cb, g_object_ref (self));
  g_signal_handlers_disconnect_by_data (bench, self);
  g_clear_object (&self->cancellable);

  g_object_freeze_notify (G_OBJECT (self));
  g_clear_pointer (&self->report, drivedash_bench_report_unref);
  self->report = g_steal_pointer (&report);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPORT]);
  mark_running (self, G_MAXUINT);
  set_current_test (self, NULL);
  drivedash_run_model_set_status (RUN (self), error ? error->message : NULL, error);
  if (error && !drivedash_run_model_get_status_is_error (RUN (self)))
    drivedash_run_model_set_status (RUN (self), _("Stopped. The test file was deleted."), error);
  g_clear_object (&self->bench);
  g_object_thaw_notify (G_OBJECT (self));

  drivedash_run_model_finish (RUN (self), error == NULL);
}

DrivedashBenchSettings *
drivedash_bench_model_make_settings (DrivedashBenchModel *self)
{
  DrivedashBenchSettings *settings;

  g_return_val_if_fail (DRIVEDASH_IS_BENCH_MODEL (self), NULL);
  settings = drivedash_bench_options_make_settings (self->options);
  if (self->override_size > 0)
    settings->test_size = self->override_size;
  if (self->override_duration >= 0)
    settings->pass_duration = self->override_duration;
  if (self->override_pause >= 0)
    settings->pause = self->override_pause;
  /* File systems without O_DIRECT (tmpfs, some FUSE) still get a number;
   * the grid marks it as including the page cache. */
  settings->allow_buffered = TRUE;
  settings->background = TRUE;  /* the I/O threads must not starve the UI */
  return settings;
}

static void
reset_results (DrivedashBenchModel *self,
               const GArray        *tests)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < tests->len; i++)
    g_ptr_array_add (items, drivedash_bench_result_item_new (&g_array_index (tests, DrivedashBenchSpec, i)));
  g_list_store_splice (self->results, 0, g_list_model_get_n_items (G_LIST_MODEL (self->results)),
                       items->pdata, items->len);
  set_n_done (self, 0);
  set_n_samples (self, 0);
  self->last_test = G_MAXUINT;
}

static gboolean
drivedash_bench_model_start (DrivedashRunModel  *run,
                             GError            **error)
{
  DrivedashBenchModel *self = DRIVEDASH_BENCH_MODEL (run);
  g_autoptr(DrivedashBenchSettings) settings = NULL;
  g_autoptr(DrivedashBench) bench = NULL;
  g_autoptr(GArray) tests = NULL;
  GError *local_error = NULL;

  settings = drivedash_bench_model_make_settings (self);
  if (!drivedash_bench_options_check_folder (self->options, &local_error)
      || !drivedash_bench_settings_validate (settings, &local_error))
    {
      if (error)
        *error = g_error_copy (local_error);
      drivedash_run_model_set_status (run, local_error->message, local_error);
      return FALSE;
    }

  tests = drivedash_bench_options_dup_tests (self->options);
  bench = drivedash_bench_new (settings, (const DrivedashBenchSpec *) tests->data, tests->len);
  self->cancellable = g_cancellable_new ();
  g_signal_connect (bench, "sample", G_CALLBACK (bench_sample_cb), self);
  g_signal_connect (bench, "progress", G_CALLBACK (bench_progress_cb), self);
  g_signal_connect (bench, "test-finished", G_CALLBACK (bench_test_finished_cb), self);
  self->recorder = drivedash_history_save_begin (bench);

  g_object_freeze_notify (G_OBJECT (self));
  reset_results (self, tests);
  g_clear_pointer (&self->report, drivedash_bench_report_unref);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPORT]);
  drivedash_run_model_set_status (run, NULL, NULL);
  drivedash_run_model_set_progress (run, 0, drivedash_bench_phase_get_display_name (DRIVEDASH_BENCH_PHASE_PREPARING));
  set_bench (self, bench);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[RUN_STARTED], 0);

  drivedash_bench_run_async (bench, self->cancellable, run_done_cb, g_object_ref (self));
  return TRUE;
}

static void
drivedash_bench_model_stop (DrivedashRunModel *run)
{
  DrivedashBenchModel *self = DRIVEDASH_BENCH_MODEL (run);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

static char *
drivedash_bench_model_dup_text (DrivedashRunModel *run)
{
  DrivedashBenchModel *self = DRIVEDASH_BENCH_MODEL (run);
  DrivedashBenchReport *report;

  report = self->bench ? drivedash_bench_get_report (self->bench) : self->report;
  if (report == NULL || self->n_done == 0)
    return NULL;
  return drivedash_bench_report_format_text (report);
}

/* ---------------------------------------------------------------------- */
/* Getters                                                                */

DrivedashBenchOptions *
drivedash_bench_model_get_options (DrivedashBenchModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_MODEL (self), NULL);
  return self->options;
}

const char *
drivedash_bench_model_get_current_test (DrivedashBenchModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_MODEL (self), NULL);
  return self->current_test;
}

GListModel *
drivedash_bench_model_get_results (DrivedashBenchModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_MODEL (self), NULL);
  return G_LIST_MODEL (self->results);
}

DrivedashBenchReport *
drivedash_bench_model_get_report (DrivedashBenchModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_MODEL (self), NULL);
  return self->report;
}

void
drivedash_bench_model_set_overrides_for_testing (DrivedashBenchModel *self,
                                          double               pass_duration,
                                          double               pause,
                                          guint64              test_size)
{
  g_return_if_fail (DRIVEDASH_IS_BENCH_MODEL (self));
  self->override_duration = pass_duration;
  self->override_pause = pause;
  self->override_size = test_size;
}

/* ---------------------------------------------------------------------- */

static void
drivedash_bench_model_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  DrivedashBenchModel *self = DRIVEDASH_BENCH_MODEL (object);

  switch (prop_id)
    {
    case PROP_OPTIONS:            g_value_set_object (value, self->options); break;
    case PROP_CURRENT_TEST:       g_value_set_string (value, self->current_test); break;
    case PROP_N_SAMPLES:          g_value_set_uint (value, self->n_samples); break;
    case PROP_RESULTS:            g_value_set_object (value, self->results); break;
    case PROP_REPORT:             g_value_set_boxed (value, self->report); break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_bench_model_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  DrivedashBenchModel *self = DRIVEDASH_BENCH_MODEL (object);

  switch (prop_id)
    {
    case PROP_OPTIONS:
      self->options = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_bench_model_constructed (GObject *object)
{
  DrivedashBenchModel *self = DRIVEDASH_BENCH_MODEL (object);

  G_OBJECT_CLASS (drivedash_bench_model_parent_class)->constructed (object);
  if (self->options == NULL)
    self->options = drivedash_bench_options_new ();
}

static void
drivedash_bench_model_dispose (GObject *object)
{
  DrivedashBenchModel *self = DRIVEDASH_BENCH_MODEL (object);

  /* The run holds a reference on us until it is done, so this only runs
   * once it is; cancel anyway should a caller have dropped it early. */
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  G_OBJECT_CLASS (drivedash_bench_model_parent_class)->dispose (object);
}

static void
drivedash_bench_model_finalize (GObject *object)
{
  DrivedashBenchModel *self = DRIVEDASH_BENCH_MODEL (object);

  g_clear_object (&self->options);
  g_clear_object (&self->bench);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->results);
  g_clear_pointer (&self->report, drivedash_bench_report_unref);
  g_clear_pointer (&self->recorder, drivedash_store_recorder_free);
  g_free (self->current_test);
  G_OBJECT_CLASS (drivedash_bench_model_parent_class)->finalize (object);
}

static void
install_properties (GObjectClass *object_class)
{
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  /* The choices the next Start uses; bind GSettings and rows to it. */
  properties[PROP_OPTIONS] = g_param_spec_object ("options", NULL, NULL, DRIVEDASH_TYPE_BENCH_OPTIONS,
                                                 G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT_TEST] = g_param_spec_string ("current-test", NULL, NULL, NULL, ro);
  properties[PROP_N_SAMPLES] = g_param_spec_uint ("n-samples", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_RESULTS] = g_param_spec_object ("results", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_REPORT] = g_param_spec_boxed ("report", NULL, NULL, DRIVEDASH_TYPE_BENCH_REPORT, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_bench_model_class_init (DrivedashBenchModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  DrivedashRunModelClass *run_class = DRIVEDASH_RUN_MODEL_CLASS (klass);

  object_class->get_property = drivedash_bench_model_get_property;
  object_class->set_property = drivedash_bench_model_set_property;
  object_class->constructed = drivedash_bench_model_constructed;
  object_class->dispose = drivedash_bench_model_dispose;
  object_class->finalize = drivedash_bench_model_finalize;
  install_properties (object_class);
  run_class->start = drivedash_bench_model_start;
  run_class->stop = drivedash_bench_model_stop;
  run_class->dup_text = drivedash_bench_model_dup_text;
  run_class->dup_folder = drivedash_bench_model_dup_folder;
  run_class->choose_folder = drivedash_bench_model_choose_folder;

  signals[RUN_STARTED] = g_signal_new ("run-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[TEST_STARTED] = g_signal_new ("test-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                        G_TYPE_UINT, G_TYPE_STRING, G_TYPE_DOUBLE);
  signals[SAMPLE] = g_signal_new ("sample", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                  DRIVEDASH_TYPE_BENCH_SAMPLE | G_SIGNAL_TYPE_STATIC_SCOPE,
                                  DRIVEDASH_TYPE_BENCH_MODE);
}

static void
drivedash_bench_model_init (DrivedashBenchModel *self)
{
  self->results = g_list_store_new (DRIVEDASH_TYPE_BENCH_RESULT_ITEM);
  self->last_test = G_MAXUINT;
  self->override_duration = -1;
  self->override_pause = -1;
}

DrivedashBenchModel *
drivedash_bench_model_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_BENCH_MODEL, NULL);
}
