/* drivedash-longtest-run.c — one long test, run in a worker thread and
 * delivered to the caller's main context
 *
 * The engine (drivedash_long_test_execute_with_thermal()) runs
 * synchronously in the thread of a DrivedashRunQueue and pushes rows
 * (lossy), rounds (always kept) and progress (only the latest waits)
 * into it; the queue hands them back on the caller's GMainContext, where
 * they become the signals.  The saver, when one is set, records the
 * drive right before the test and saves what the test measured right
 * after it, in the same worker thread: a stopped or failed run is kept
 * too, and its outcome comes back with the end of the run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-longtest-run.h"
#include "drivedash-longtest-thermal.h"
#include "drivedash-run-queue.h"

/* Rows waiting beyond this and the oldest go (the result has them all). */
#define MAX_PENDING_ROWS 64

enum { ITEM_PROGRESS, ITEM_ROW, ITEM_ROUND };

/* What the worker leaves, whatever way the test ended. */
typedef struct
{
  DrivedashLongTestResult *result;
  DrivedashLongTestResult *partial;
  GError                  *error;
  gint64                   run_id;
  GError                  *save_error;
} Outcome;

struct _DrivedashLongTestRun
{
  GObject                    parent_instance;
  DrivedashLongTestSettings *settings;
  DrivedashRunQueue         *queue;
  GTask                     *task;
  gboolean                   started;
  DrivedashLongTestSaver     saver;
  gpointer                   saver_data;
  GDestroyNotify             saver_data_free;
  Outcome                    outcome;
  DrivedashLongProgress      progress;
  gboolean                   has_progress;
  gint64                     progress_at;  /* monotonic µs of the latest progress */
};

G_DEFINE_FINAL_TYPE (DrivedashLongTestRun, drivedash_long_test_run, G_TYPE_OBJECT)

static DrivedashLongProgress *
copy_progress (const DrivedashLongProgress *p)
{
  return g_memdup2 (p, sizeof *p);
}

static DrivedashLongRound *
copy_round (const DrivedashLongRound *r)
{
  return g_memdup2 (r, sizeof *r);
}

static void
free_progress (DrivedashLongProgress *p)
{
  g_free (p);
}

static void
free_round (DrivedashLongRound *r)
{
  g_free (r);
}

G_DEFINE_BOXED_TYPE (DrivedashLongProgress, drivedash_long_progress, copy_progress, free_progress)
G_DEFINE_BOXED_TYPE (DrivedashLongRound, drivedash_long_round, copy_round, free_round)

enum { PROP_0, PROP_RUNNING, PROP_FRACTION, PROP_TIME_LEFT, N_PROPS };
enum { SIGNAL_PROGRESS, SIGNAL_ROW, SIGNAL_ROUND, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
outcome_clear (Outcome *o)
{
  g_clear_pointer (&o->result, drivedash_long_test_result_free);
  g_clear_pointer (&o->partial, drivedash_long_test_result_free);
  g_clear_error (&o->error);
  g_clear_error (&o->save_error);
  o->run_id = 0;
}

static void
outcome_free (Outcome *o)
{
  outcome_clear (o);
  g_free (o);
}

/* ---- worker side --------------------------------------------------------- */

static void
sink_progress (gpointer                     user_data,
               const DrivedashLongProgress *progress)
{
  drivedash_run_queue_push (user_data, ITEM_PROGRESS, DRIVEDASH_RUN_ITEM_LATEST,
                            copy_progress (progress), g_free);
}

static void
sink_row (gpointer                      user_data,
          const DrivedashTimeseriesRow *row)
{
  drivedash_run_queue_push (user_data, ITEM_ROW, DRIVEDASH_RUN_ITEM_LOSSY,
                            drivedash_timeseries_row_copy (row),
                            (GDestroyNotify) drivedash_timeseries_row_free);
}

static void
sink_round (gpointer                  user_data,
            const DrivedashLongRound *round)
{
  drivedash_run_queue_push (user_data, ITEM_ROUND, DRIVEDASH_RUN_ITEM_KEEP,
                            copy_round (round), g_free);
}

/* Always returns an Outcome: a stopped or failed test left what it
 * measured, and the saver kept it. */
static gpointer
work (DrivedashRunQueue  *queue,
      gpointer            work_data,
      GCancellable       *cancellable,
      GError            **error)
{
  static const DrivedashLongTestSink sink = { sink_progress, sink_row, NULL, sink_round };
  DrivedashLongTestRun *self = work_data;
  Outcome *o = g_new0 (Outcome, 1);
  gpointer recording = NULL;

  if (self->saver.begin != NULL)
    recording = self->saver.begin (self->saver_data, self->settings);
  o->result = drivedash_long_test_execute_with_thermal (self->settings, cancellable, &sink, queue,
                                                        &o->partial, &o->error);
  if (self->saver.end != NULL)
    o->run_id = self->saver.end (self->saver_data, recording, o->result ? o->result : o->partial,
                                 o->error, &o->save_error);
  return o;
}

/* ---- main-context side ---------------------------------------------------- */

/* The fraction never goes back: the engine's comes from the time left,
 * which a fill that slows down stretches, and a bar that moves back
 * looks like lost work. */
static void
set_progress (DrivedashLongTestRun  *self,
              DrivedashLongProgress *progress)
{
  gboolean fraction_changed;

  if (self->has_progress && progress->fraction < self->progress.fraction)
    progress->fraction = self->progress.fraction;
  fraction_changed = !self->has_progress || self->progress.fraction != progress->fraction;

  self->progress = *progress;
  self->has_progress = TRUE;
  self->progress_at = g_get_monotonic_time ();
  if (fraction_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME_LEFT]);
}

static void
deliver (gpointer target,
         guint    kind,
         gpointer item)
{
  DrivedashLongTestRun *self = target;

  switch (kind)
    {
    case ITEM_PROGRESS:
      set_progress (self, item);
      g_signal_emit (self, signals[SIGNAL_PROGRESS], 0, item);
      break;
    case ITEM_ROW:
      g_signal_emit (self, signals[SIGNAL_ROW], 0, item);
      break;
    case ITEM_ROUND:
      g_signal_emit (self, signals[SIGNAL_ROUND], 0, item);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
work_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  DrivedashLongTestRun *self = g_task_get_source_object (task);
  GError *error = NULL;
  Outcome *o = drivedash_run_queue_run_finish (DRIVEDASH_RUN_QUEUE (source), result, &error);

  g_clear_object (&self->task);
  if (o != NULL)
    {
      self->outcome = *o;
      g_free (o);
      error = self->outcome.error ? g_error_copy (self->outcome.error) : NULL;
    }
  else
    self->outcome.error = g_error_copy (error);
  g_object_freeze_notify (G_OBJECT (self));
  if (error == NULL)
    {
      self->progress.fraction = 1.0;
      self->progress.eta_s = 0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME_LEFT]);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_object_thaw_notify (G_OBJECT (self));
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, self->outcome.result, NULL);
}

/* ---- API ------------------------------------------------------------------ */

DrivedashLongTestRun *
drivedash_long_test_run_new (const DrivedashLongTestSettings *settings)
{
  DrivedashLongTestRun *self;

  g_return_val_if_fail (settings != NULL, NULL);
  self = g_object_new (DRIVEDASH_TYPE_LONG_TEST_RUN, NULL);
  self->settings = drivedash_long_test_settings_copy (settings);
  return self;
}

const DrivedashLongTestSettings *
drivedash_long_test_run_get_settings (DrivedashLongTestRun *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_LONG_TEST_RUN (self), NULL);
  return self->settings;
}

void
drivedash_long_test_run_set_saver (DrivedashLongTestRun         *self,
                                   const DrivedashLongTestSaver *saver,
                                   gpointer                      data,
                                   GDestroyNotify                data_free)
{
  g_return_if_fail (DRIVEDASH_IS_LONG_TEST_RUN (self));
  g_return_if_fail (!self->started);
  if (self->saver_data_free != NULL)
    self->saver_data_free (self->saver_data);
  self->saver = saver ? *saver : (DrivedashLongTestSaver) { 0 };
  self->saver_data = data;
  self->saver_data_free = data_free;
}

void
drivedash_long_test_run_run_async (DrivedashLongTestRun *self,
                                   GCancellable         *cancellable,
                                   GAsyncReadyCallback   callback,
                                   gpointer              user_data)
{
  GTask *task;

  g_return_if_fail (DRIVEDASH_IS_LONG_TEST_RUN (self));
  g_return_if_fail (!self->started);
  self->started = TRUE;
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, drivedash_long_test_run_run_async);
  /* The engine reports cancellation itself, after removing its file. */
  g_task_set_check_cancellable (task, FALSE);
  self->task = g_object_ref (task);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  drivedash_run_queue_run_async (self->queue, "drivedash-longtest", work, self, NULL,
                                 (GDestroyNotify) outcome_free, cancellable, work_done_cb, task);
}

const DrivedashLongTestResult *
drivedash_long_test_run_run_finish (DrivedashLongTestRun  *self,
                                    GAsyncResult          *result,
                                    GError               **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

gboolean
drivedash_long_test_run_is_running (DrivedashLongTestRun *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_LONG_TEST_RUN (self), FALSE);
  return self->task != NULL;
}

const DrivedashLongTestResult *
drivedash_long_test_run_get_result (DrivedashLongTestRun *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_LONG_TEST_RUN (self), NULL);
  return self->outcome.result;
}

const DrivedashLongTestResult *
drivedash_long_test_run_get_measured (DrivedashLongTestRun *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_LONG_TEST_RUN (self), NULL);
  return self->outcome.result ? self->outcome.result : self->outcome.partial;
}

gint64
drivedash_long_test_run_get_run_id (DrivedashLongTestRun *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_LONG_TEST_RUN (self), 0);
  return self->outcome.run_id;
}

const GError *
drivedash_long_test_run_get_save_error (DrivedashLongTestRun *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_LONG_TEST_RUN (self), NULL);
  return self->outcome.save_error;
}

const DrivedashLongProgress *
drivedash_long_test_run_get_progress (DrivedashLongTestRun *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_LONG_TEST_RUN (self), NULL);
  return self->has_progress ? &self->progress : NULL;
}

double
drivedash_long_test_run_get_fraction (DrivedashLongTestRun *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_LONG_TEST_RUN (self), 0);
  return self->has_progress ? self->progress.fraction : 0;
}

double
drivedash_long_test_run_get_time_left (DrivedashLongTestRun *self)
{
  double since;

  g_return_val_if_fail (DRIVEDASH_IS_LONG_TEST_RUN (self), -1);
  if (!self->has_progress)
    return -1;
  if (self->task == NULL && self->started)
    return self->outcome.result ? 0 : self->progress.eta_s;
  since = (g_get_monotonic_time () - self->progress_at) / (double) G_USEC_PER_SEC;
  return MAX (0, self->progress.eta_s - since);
}

GDateTime *
drivedash_long_test_run_dup_finish_time (DrivedashLongTestRun *self)
{
  g_autoptr(GDateTime) now = NULL;
  double left = drivedash_long_test_run_get_time_left (self);

  if (left < 0)
    return NULL;
  now = g_date_time_new_now_local ();
  return g_date_time_add_seconds (now, left);
}

/* ---- GObject ----------------------------------------------------------------- */

static void
drivedash_long_test_run_finalize (GObject *object)
{
  DrivedashLongTestRun *self = DRIVEDASH_LONG_TEST_RUN (object);

  /* The task holds a reference while running. */
  g_assert (self->task == NULL);
  g_clear_object (&self->queue);
  if (self->saver_data_free != NULL)
    self->saver_data_free (self->saver_data);
  outcome_clear (&self->outcome);
  g_clear_pointer (&self->settings, drivedash_long_test_settings_free);
  G_OBJECT_CLASS (drivedash_long_test_run_parent_class)->finalize (object);
}

static void
drivedash_long_test_run_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  DrivedashLongTestRun *self = DRIVEDASH_LONG_TEST_RUN (object);

  switch (prop_id)
    {
    case PROP_RUNNING:   g_value_set_boolean (value, self->task != NULL); break;
    case PROP_FRACTION:  g_value_set_double (value, drivedash_long_test_run_get_fraction (self)); break;
    case PROP_TIME_LEFT: g_value_set_double (value, drivedash_long_test_run_get_time_left (self)); break;
    default:             G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_long_test_run_class_init (DrivedashLongTestRunClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = drivedash_long_test_run_finalize;
  object_class->get_property = drivedash_long_test_run_get_property;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, ro);
  properties[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0, ro);
  properties[PROP_TIME_LEFT] = g_param_spec_double ("time-left", NULL, NULL, -1, G_MAXDOUBLE, -1, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_PROGRESS] =
    g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, DRIVEDASH_TYPE_LONG_PROGRESS | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[SIGNAL_ROW] =
    g_signal_new ("row", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, DRIVEDASH_TYPE_TIMESERIES_ROW | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[SIGNAL_ROUND] =
    g_signal_new ("round", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, DRIVEDASH_TYPE_LONG_ROUND | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
drivedash_long_test_run_init (DrivedashLongTestRun *self)
{
  /* The queue holds @self while a run is in flight, not before. */
  self->queue = drivedash_run_queue_new (MAX_PENDING_ROWS, deliver, G_OBJECT (self));
}
