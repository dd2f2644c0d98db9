/* drivedash-bench.c — run benchmark tests in worker threads, deliver to
 * the caller's main context
 *
 * The engine runs synchronously in the thread of a DrivedashRunQueue and
 * pushes samples (lossy), progress (only the latest waits) and results
 * (always kept) into it; the queue hands them back on the caller's
 * GMainContext, where they become the signals.  The I/O threads never
 * see the queue at all: a slow consumer costs dropped samples, never I/O.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-bench.h"
#include "drivedash-bench-engine.h"
#include "drivedash-error.h"
#include "drivedash-run-queue.h"

/* More pending samples than this and the oldest go: a consumer that far
 * behind is not drawing them in real time anyway. */
#define MAX_PENDING_SAMPLES 64

typedef enum
{
  ITEM_SAMPLE,
  ITEM_PROGRESS,
  ITEM_TEST_FINISHED,
} ItemKind;

typedef struct
{
  guint                 test_index;
  DrivedashBenchPhase   phase;
  double                fraction;
  DrivedashBenchResult *result;   /* ITEM_TEST_FINISHED */
} Event;

struct _DrivedashBench
{
  GObject                 parent_instance;

  DrivedashBenchSettings *settings;
  GArray                 *tests;           /* of DrivedashBenchSpec */
  DrivedashBenchReport   *report;          /* results delivered so far */
  DrivedashRunQueue      *queue;
  GTask                  *task;
  gboolean                started;
};

G_DEFINE_FINAL_TYPE (DrivedashBench, drivedash_bench, G_TYPE_OBJECT)
G_DEFINE_ENUM_TYPE (DrivedashBenchPhase, drivedash_bench_phase,
  G_DEFINE_ENUM_VALUE (DRIVEDASH_BENCH_PHASE_PREPARING, "preparing"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_BENCH_PHASE_WARMUP, "warmup"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_BENCH_PHASE_MEASURING, "measuring"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_BENCH_PHASE_PAUSING, "pausing"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_BENCH_PHASE_FINISHED, "finished"))
G_DEFINE_BOXED_TYPE (DrivedashBenchSample, drivedash_bench_sample,
                     drivedash_bench_sample_copy, drivedash_bench_sample_free)

enum
{
  SIGNAL_SAMPLE,
  SIGNAL_PROGRESS,
  SIGNAL_TEST_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

const char *
drivedash_bench_phase_get_display_name (DrivedashBenchPhase phase)
{
  switch (phase)
    {
    case DRIVEDASH_BENCH_PHASE_PREPARING:
      return _("Preparing");
    case DRIVEDASH_BENCH_PHASE_WARMUP:
      return _("Warming up");
    case DRIVEDASH_BENCH_PHASE_MEASURING:
      return _("Measuring");
    case DRIVEDASH_BENCH_PHASE_PAUSING:
      return _("Pausing");
    case DRIVEDASH_BENCH_PHASE_FINISHED:
      return _("Finished");
    default:
      g_return_val_if_reached ("");
    }
}

DrivedashBenchSample *
drivedash_bench_sample_copy (const DrivedashBenchSample *self)
{
  return g_memdup2 (self, sizeof *self);
}

void
drivedash_bench_sample_free (DrivedashBenchSample *self)
{
  g_free (self);
}

static void
event_free (Event *event)
{
  g_clear_pointer (&event->result, drivedash_bench_result_unref);
  g_free (event);
}

/* ---- main-context side ------------------------------------------------------ */

static void
deliver_cb (gpointer target,
            guint    kind,
            gpointer item)
{
  DrivedashBench *self = target;
  Event *event = item;

  switch ((ItemKind) kind)
    {
    case ITEM_SAMPLE:
      g_signal_emit (self, signals[SIGNAL_SAMPLE], 0, item);
      break;

    case ITEM_PROGRESS:
      {
        g_autofree char *label = NULL;

        if (event->phase != DRIVEDASH_BENCH_PHASE_PREPARING && event->test_index < self->tests->len)
          label = drivedash_bench_spec_dup_label (&g_array_index (self->tests, DrivedashBenchSpec,
                                                                  event->test_index));
        g_signal_emit (self, signals[SIGNAL_PROGRESS], 0,
                       event->test_index, label, event->phase, event->fraction);
      }
      break;

    case ITEM_TEST_FINISHED:
      drivedash_bench_report_add_result (self->report, event->result);
      g_signal_emit (self, signals[SIGNAL_TEST_FINISHED], 0, event->test_index, event->result);
      break;

    default:
      g_assert_not_reached ();
    }
}

static void
run_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  DrivedashBench *self = g_task_get_source_object (task);
  GError *error = NULL;
  DrivedashBenchReport *report;

  g_clear_object (&self->task);
  report = drivedash_run_queue_run_finish (DRIVEDASH_RUN_QUEUE (source), result, &error);
  if (report == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  /* The engine's report is the authoritative one. */
  g_clear_pointer (&self->report, drivedash_bench_report_unref);
  self->report = drivedash_bench_report_ref (report);
  g_task_return_pointer (task, report, (GDestroyNotify) drivedash_bench_report_unref);
}

/* ---- engine-thread side ------------------------------------------------------- */

static void
sink_sample_cb (gpointer                    user_data,
                const DrivedashBenchSample *sample)
{
  DrivedashBench *self = user_data;

  drivedash_run_queue_push (self->queue, ITEM_SAMPLE, DRIVEDASH_RUN_ITEM_LOSSY,
                            drivedash_bench_sample_copy (sample),
                            (GDestroyNotify) drivedash_bench_sample_free);
}

static void
sink_progress_cb (gpointer            user_data,
                  guint               test_index,
                  DrivedashBenchPhase phase,
                  double              fraction)
{
  DrivedashBench *self = user_data;
  Event *event = g_new0 (Event, 1);

  event->test_index = test_index;
  event->phase = phase;
  event->fraction = fraction;
  drivedash_run_queue_push (self->queue, ITEM_PROGRESS, DRIVEDASH_RUN_ITEM_LATEST,
                            event, (GDestroyNotify) event_free);
}

static void
sink_test_finished_cb (gpointer              user_data,
                       guint                 test_index,
                       DrivedashBenchResult *result)
{
  DrivedashBench *self = user_data;
  Event *event = g_new0 (Event, 1);

  event->test_index = test_index;
  event->result = drivedash_bench_result_ref (result);
  drivedash_run_queue_push (self->queue, ITEM_TEST_FINISHED, DRIVEDASH_RUN_ITEM_KEEP,
                            event, (GDestroyNotify) event_free);
}

static const DrivedashBenchSink sink = {
  sink_sample_cb,
  sink_progress_cb,
  sink_test_finished_cb,
};

static gpointer
engine_work_cb (DrivedashRunQueue  *queue,
                gpointer            work_data,
                GCancellable       *cancellable,
                GError            **error)
{
  DrivedashBench *self = work_data;

  return drivedash_bench_engine_run (self->settings,
                                     (const DrivedashBenchSpec *) (gpointer) self->tests->data,
                                     self->tests->len, cancellable, &sink, self, error);
}

/* ---- GObject ---------------------------------------------------------------------- */

static void
drivedash_bench_finalize (GObject *object)
{
  DrivedashBench *self = DRIVEDASH_BENCH (object);

  /* The task holds a reference while running. */
  g_assert (self->task == NULL);

  g_clear_object (&self->queue);
  g_clear_pointer (&self->settings, drivedash_bench_settings_free);
  g_clear_pointer (&self->tests, g_array_unref);
  g_clear_pointer (&self->report, drivedash_bench_report_unref);

  G_OBJECT_CLASS (drivedash_bench_parent_class)->finalize (object);
}

static void
drivedash_bench_class_init (DrivedashBenchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = drivedash_bench_finalize;

  signals[SIGNAL_SAMPLE] =
    g_signal_new ("sample", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1,
                  DRIVEDASH_TYPE_BENCH_SAMPLE | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[SIGNAL_PROGRESS] =
    g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_UINT, G_TYPE_STRING, DRIVEDASH_TYPE_BENCH_PHASE, G_TYPE_DOUBLE);
  signals[SIGNAL_TEST_FINISHED] =
    g_signal_new ("test-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2,
                  G_TYPE_UINT, DRIVEDASH_TYPE_BENCH_RESULT);
}

static void
drivedash_bench_init (DrivedashBench *self)
{
  self->tests = g_array_new (FALSE, FALSE, sizeof (DrivedashBenchSpec));
}

DrivedashBench *
drivedash_bench_new (const DrivedashBenchSettings *settings,
                     const DrivedashBenchSpec     *tests,
                     guint                         n_tests)
{
  DrivedashBench *self;

  g_return_val_if_fail (settings != NULL, NULL);
  g_return_val_if_fail (tests != NULL || n_tests == 0, NULL);

  self = g_object_new (DRIVEDASH_TYPE_BENCH, NULL);
  self->settings = drivedash_bench_settings_copy (settings);
  g_array_append_vals (self->tests, tests, n_tests);
  self->report = drivedash_bench_report_new (settings);
  /* The queue holds @self while a run is in flight, not before. */
  self->queue = drivedash_run_queue_new (MAX_PENDING_SAMPLES, deliver_cb, G_OBJECT (self));
  return self;
}

const DrivedashBenchSettings *
drivedash_bench_get_settings (DrivedashBench *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH (self), NULL);
  return self->settings;
}

const DrivedashBenchSpec *
drivedash_bench_get_tests (DrivedashBench *self,
                           guint          *n_tests)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH (self), NULL);
  if (n_tests != NULL)
    *n_tests = self->tests->len;
  return (const DrivedashBenchSpec *) (gpointer) self->tests->data;
}

DrivedashBenchReport *
drivedash_bench_get_report (DrivedashBench *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH (self), NULL);
  return self->report;
}

gboolean
drivedash_bench_is_running (DrivedashBench *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH (self), FALSE);
  return self->task != NULL;
}

void
drivedash_bench_run_async (DrivedashBench      *self,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (DRIVEDASH_IS_BENCH (self));
  g_return_if_fail (!self->started);

  self->started = TRUE;
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, drivedash_bench_run_async);
  /* The engine reports cancellation itself, after cleaning up. */
  g_task_set_check_cancellable (task, FALSE);
  self->task = g_object_ref (task);
  drivedash_run_queue_run_async (self->queue, "drivedash-bench", engine_work_cb, self, NULL,
                                 (GDestroyNotify) drivedash_bench_report_unref, cancellable,
                                 run_done_cb, task);
}

DrivedashBenchReport *
drivedash_bench_run_finish (DrivedashBench  *self,
                            GAsyncResult    *result,
                            GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
