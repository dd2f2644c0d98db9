/* drivedash-bench-model.c — what the Speed view shows, and its run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view-model of the Speed page: its properties are everything the page
 * shows, so the template binds to them and the page's C code is wiring.
 * It owns the DrivedashBench run and one GCancellable per Start.  The
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
  GObject                parent_instance;

  DrivedashBenchOptions *options;
  DrivedashBench        *bench;
  GCancellable          *cancellable;
  gboolean               stopping;
  double                 progress;
  char                  *progress_text;
  char                  *current_test;
  guint                  last_test;
  guint                  n_samples;
  guint                  n_done;
  DrivedashStoreRecorder *recorder;  /* the run, for the history */
  GListStore            *results;
  DrivedashBenchReport  *report;
  GError                *error;
  char                  *status;

  double                 override_duration;
  double                 override_pause;
  guint64                override_size;
};

enum {
  PROP_0,
  PROP_OPTIONS,
  PROP_RUNNING,
  PROP_STOPPING,
  PROP_CAN_START,
  PROP_CAN_STOP,
  PROP_CAN_COPY,
  PROP_CAN_SAVE_PLOTS,
  PROP_HAS_RESULTS,
  PROP_PROGRESS,
  PROP_PROGRESS_TEXT,
  PROP_CURRENT_TEST,
  PROP_N_SAMPLES,
  PROP_RESULTS,
  PROP_REPORT,
  PROP_ERROR,
  PROP_STATUS,
  PROP_STATUS_IS_ERROR,
  N_PROPS
};

enum {
  RUN_STARTED,
  TEST_STARTED,
  SAMPLE,
  FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DrivedashBenchModel, drivedash_bench_model, G_TYPE_OBJECT)

static void
notify (DrivedashBenchModel *self,
        guint                prop_id)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

/* Sets *FIELD and notifies PROP_ID when the text changed. */
static void
set_string (DrivedashBenchModel  *self,
            char                **field,
            const char           *value,
            guint                 prop_id)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  notify (self, prop_id);
}

/* A stopped run is said in the normal colour: the user asked for it. */
static gboolean
status_is_error (DrivedashBenchModel *self)
{
  return self->error != NULL
         && !g_error_matches (self->error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED)
         && !g_error_matches (self->error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
set_status (DrivedashBenchModel *self,
            const char          *status,
            GError              *error)
{
  gboolean was_error = status_is_error (self);

  g_object_freeze_notify (G_OBJECT (self));
  if (error != self->error)
    {
      g_clear_error (&self->error);
      self->error = error;
      notify (self, PROP_ERROR);
    }
  if (was_error != status_is_error (self))
    notify (self, PROP_STATUS_IS_ERROR);
  set_string (self, &self->status, status, PROP_STATUS);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
set_error_message (DrivedashBenchModel *self,
                   int                  code,
                   const char          *message)
{
  set_status (self, message, g_error_new_literal (DRIVEDASH_ERROR, code, message));
}

void
drivedash_bench_model_show_error (DrivedashBenchModel *self,
                                  const GError        *error)
{
  g_return_if_fail (DRIVEDASH_IS_BENCH_MODEL (self));
  g_return_if_fail (error != NULL);
  set_status (self, error->message, g_error_copy (error));
}

gboolean
drivedash_bench_model_choose_folder (DrivedashBenchModel *self,
                                     GFile               *folder)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (DRIVEDASH_IS_BENCH_MODEL (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (folder), FALSE);

  path = g_file_get_path (folder);
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
  set_status (self, NULL, NULL);
  drivedash_bench_options_set_folder (self->options, folder);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* The run                                                                */

static void
set_running_state (DrivedashBenchModel *self,
                   DrivedashBench      *bench,
                   gboolean             stopping)
{
  gboolean was_running = self->bench != NULL;
  gboolean was_stopping = self->stopping;

  if (bench != self->bench)
    g_set_object (&self->bench, bench);
  self->stopping = stopping && bench != NULL;
  if (was_running != (self->bench != NULL))
    {
      notify (self, PROP_RUNNING);
      notify (self, PROP_CAN_START);
    }
  if (was_running != (self->bench != NULL) || was_stopping != self->stopping)
    {
      notify (self, PROP_STOPPING);
      notify (self, PROP_CAN_STOP);
    }
}

static void
set_progress (DrivedashBenchModel *self,
              double               fraction,
              const char          *text)
{
  fraction = CLAMP (fraction, 0, 1);
  if (fraction != self->progress)
    {
      self->progress = fraction;
      notify (self, PROP_PROGRESS);
    }
  set_string (self, &self->progress_text, text, PROP_PROGRESS_TEXT);
}

static void
set_n_samples (DrivedashBenchModel *self,
               guint                n_samples)
{
  gboolean had = self->n_samples > 0;

  if (n_samples == self->n_samples)
    return;
  self->n_samples = n_samples;
  notify (self, PROP_N_SAMPLES);
  if (had != (n_samples > 0))
    notify (self, PROP_CAN_SAVE_PLOTS);
}

static void
set_n_done (DrivedashBenchModel *self,
            guint                n_done)
{
  gboolean had = self->n_done > 0;

  self->n_done = n_done;
  if (had != (n_done > 0))
    {
      notify (self, PROP_HAS_RESULTS);
      notify (self, PROP_CAN_COPY);
    }
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
  if (self->stopping)
    return;
  text = drivedash_bench_format_progress (test_label, phase);
  set_progress (self, fraction, text);
  if (phase == DRIVEDASH_BENCH_PHASE_WARMUP || phase == DRIVEDASH_BENCH_PHASE_MEASURING)
    {
      mark_running (self, test_index);
      set_string (self, &self->current_test, test_label, PROP_CURRENT_TEST);
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

  if (drivedash_history_save_finish (result, &error) == 0 && self->bench == NULL && self->status == NULL)
    set_status (self, error->message, NULL);
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
  notify (self, PROP_REPORT);
  mark_running (self, G_MAXUINT);
  set_string (self, &self->current_test, NULL, PROP_CURRENT_TEST);
  set_status (self, error ? error->message : NULL, error);
  if (self->error && !status_is_error (self))
    set_string (self, &self->status, _("Stopped. The test file was deleted."), PROP_STATUS);
  set_running_state (self, NULL, FALSE);
  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[FINISHED], 0, self->error == NULL);
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

gboolean
drivedash_bench_model_start (DrivedashBenchModel  *self,
                             GError              **error)
{
  g_autoptr(DrivedashBenchSettings) settings = NULL;
  g_autoptr(DrivedashBench) bench = NULL;
  g_autoptr(GArray) tests = NULL;
  GError *local_error = NULL;

  g_return_val_if_fail (DRIVEDASH_IS_BENCH_MODEL (self), FALSE);
  g_return_val_if_fail (self->bench == NULL, FALSE);

  settings = drivedash_bench_model_make_settings (self);
  if (!drivedash_bench_options_check_folder (self->options, &local_error)
      || !drivedash_bench_settings_validate (settings, &local_error))
    {
      if (error)
        *error = g_error_copy (local_error);
      set_status (self, local_error->message, local_error);
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
  notify (self, PROP_REPORT);
  set_status (self, NULL, NULL);
  set_progress (self, 0, drivedash_bench_phase_get_display_name (DRIVEDASH_BENCH_PHASE_PREPARING));
  set_running_state (self, bench, FALSE);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[RUN_STARTED], 0);

  drivedash_bench_run_async (bench, self->cancellable, run_done_cb, g_object_ref (self));
  return TRUE;
}

void
drivedash_bench_model_stop (DrivedashBenchModel *self)
{
  g_return_if_fail (DRIVEDASH_IS_BENCH_MODEL (self));

  if (self->cancellable == NULL || self->stopping)
    return;
  g_cancellable_cancel (self->cancellable);
  set_progress (self, self->progress, _("Stopping…"));
  set_running_state (self, self->bench, TRUE);
}

char *
drivedash_bench_model_dup_text (DrivedashBenchModel *self)
{
  DrivedashBenchReport *report;

  g_return_val_if_fail (DRIVEDASH_IS_BENCH_MODEL (self), NULL);

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

gboolean
drivedash_bench_model_get_running (DrivedashBenchModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_MODEL (self), FALSE);
  return self->bench != NULL;
}

double
drivedash_bench_model_get_progress (DrivedashBenchModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_MODEL (self), 0);
  return self->progress;
}

const char *
drivedash_bench_model_get_current_test (DrivedashBenchModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_MODEL (self), NULL);
  return self->current_test;
}

const char *
drivedash_bench_model_get_status (DrivedashBenchModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_MODEL (self), NULL);
  return self->status;
}

const GError *
drivedash_bench_model_get_error (DrivedashBenchModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_MODEL (self), NULL);
  return self->error;
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
drivedash_bench_model_set_test_overrides (DrivedashBenchModel *self,
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
  gboolean running = self->bench != NULL;

  switch (prop_id)
    {
    case PROP_OPTIONS:            g_value_set_object (value, self->options); break;
    case PROP_RUNNING:            g_value_set_boolean (value, running); break;
    case PROP_STOPPING:           g_value_set_boolean (value, self->stopping); break;
    case PROP_CAN_START:          g_value_set_boolean (value, !running); break;
    case PROP_CAN_STOP:           g_value_set_boolean (value, running && !self->stopping); break;
    case PROP_CAN_COPY:           g_value_set_boolean (value, self->n_done > 0); break;
    case PROP_CAN_SAVE_PLOTS:     g_value_set_boolean (value, self->n_samples > 0); break;
    case PROP_HAS_RESULTS:        g_value_set_boolean (value, self->n_done > 0); break;
    case PROP_PROGRESS:           g_value_set_double (value, self->progress); break;
    case PROP_PROGRESS_TEXT:      g_value_set_string (value, self->progress_text); break;
    case PROP_CURRENT_TEST:       g_value_set_string (value, self->current_test); break;
    case PROP_N_SAMPLES:          g_value_set_uint (value, self->n_samples); break;
    case PROP_RESULTS:            g_value_set_object (value, self->results); break;
    case PROP_REPORT:             g_value_set_boxed (value, self->report); break;
    case PROP_ERROR:              g_value_set_boxed (value, self->error); break;
    case PROP_STATUS:             g_value_set_string (value, self->status); break;
    case PROP_STATUS_IS_ERROR:    g_value_set_boolean (value, status_is_error (self)); break;
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
  g_clear_error (&self->error);
  g_free (self->progress_text);
  g_free (self->current_test);
  g_free (self->status);
  G_OBJECT_CLASS (drivedash_bench_model_parent_class)->finalize (object);
}

static void
install_properties (GObjectClass *object_class)
{
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  /* The choices the next Start uses; bind GSettings and rows to it. */
  properties[PROP_OPTIONS] = g_param_spec_object ("options", NULL, NULL, DRIVEDASH_TYPE_BENCH_OPTIONS,
                                                 G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, ro);
  properties[PROP_STOPPING] = g_param_spec_boolean ("stopping", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_START] = g_param_spec_boolean ("can-start", NULL, NULL, TRUE, ro);
  properties[PROP_CAN_STOP] = g_param_spec_boolean ("can-stop", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_COPY] = g_param_spec_boolean ("can-copy", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_SAVE_PLOTS] = g_param_spec_boolean ("can-save-plots", NULL, NULL, FALSE, ro);
  properties[PROP_HAS_RESULTS] = g_param_spec_boolean ("has-results", NULL, NULL, FALSE, ro);
  properties[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, 0, 1, 0, ro);
  properties[PROP_PROGRESS_TEXT] = g_param_spec_string ("progress-text", NULL, NULL, NULL, ro);
  properties[PROP_CURRENT_TEST] = g_param_spec_string ("current-test", NULL, NULL, NULL, ro);
  properties[PROP_N_SAMPLES] = g_param_spec_uint ("n-samples", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_RESULTS] = g_param_spec_object ("results", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_REPORT] = g_param_spec_boxed ("report", NULL, NULL, DRIVEDASH_TYPE_BENCH_REPORT, ro);
  properties[PROP_ERROR] = g_param_spec_boxed ("error", NULL, NULL, G_TYPE_ERROR, ro);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, ro);
  properties[PROP_STATUS_IS_ERROR] = g_param_spec_boolean ("status-is-error", NULL, NULL, FALSE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_bench_model_class_init (DrivedashBenchModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = drivedash_bench_model_get_property;
  object_class->set_property = drivedash_bench_model_set_property;
  object_class->constructed = drivedash_bench_model_constructed;
  object_class->dispose = drivedash_bench_model_dispose;
  object_class->finalize = drivedash_bench_model_finalize;
  install_properties (object_class);

  signals[RUN_STARTED] = g_signal_new ("run-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[TEST_STARTED] = g_signal_new ("test-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                        G_TYPE_UINT, G_TYPE_STRING, G_TYPE_DOUBLE);
  signals[SAMPLE] = g_signal_new ("sample", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                  DRIVEDASH_TYPE_BENCH_SAMPLE | G_SIGNAL_TYPE_STATIC_SCOPE,
                                  DRIVEDASH_TYPE_BENCH_MODE);
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
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
