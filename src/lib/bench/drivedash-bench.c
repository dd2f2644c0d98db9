/* drivedash-bench.c — run benchmark tests in worker threads, deliver to
 * the caller's main context
 *
 * The engine runs synchronously in a thread of its own and pushes events
 * (samples, progress, results, the end) into a small queue under a mutex;
 * an idle callback on the caller's GMainContext drains it and emits the
 * signals.  The I/O threads never see the queue at all, and the engine
 * thread only ever holds the mutex for a push: a slow consumer costs
 * dropped samples, never I/O.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-bench.h"
#include "drivedash-bench-engine.h"
#include "drivedash-error.h"

/* More pending samples than this and the oldest go: a consumer that far
 * behind is not drawing them in real time anyway. */
#define MAX_PENDING_SAMPLES 64

typedef enum
{
  EVENT_SAMPLE,
  EVENT_PROGRESS,
  EVENT_TEST_FINISHED,
  EVENT_DONE,
} EventKind;

typedef struct
{
  EventKind             kind;
  guint                 test_index;
  DrivedashBenchPhase   phase;
  double                fraction;
  DrivedashBenchSample  sample;
  DrivedashBenchResult *result;
  DrivedashBenchReport *report;   /* EVENT_DONE, on success */
  GError               *error;    /* EVENT_DONE, on failure */
} Event;

struct _DrivedashBench
{
  GObject                 parent_instance;

  DrivedashBenchSettings *settings;
  GArray                 *tests;           /* of DrivedashBenchSpec */
  DrivedashBenchReport   *report;          /* results delivered so far */
  GCancellable           *cancellable;
  GTask                  *task;
  GThread                *thread;
  GMainContext           *context;
  gboolean                started;

  GMutex                  lock;            /* protects the fields below */
  GQueue                  events;
  guint                   n_pending_samples;
  gboolean                drain_scheduled;
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
  g_clear_pointer (&event->report, drivedash_bench_report_unref);
  g_clear_error (&event->error);
  g_free (event);
}

/* ---- main-context side ------------------------------------------------------ */

static gboolean
drain_events_cb (gpointer user_data)
{
  DrivedashBench *self = user_data;
  GQueue events = G_QUEUE_INIT;
  Event *event;

  g_mutex_lock (&self->lock);
  events = self->events;
  g_queue_init (&self->events);
  self->n_pending_samples = 0;
  self->drain_scheduled = FALSE;
  g_mutex_unlock (&self->lock);

  while ((event = g_queue_pop_head (&events)) != NULL)
    {
      switch (event->kind)
        {
        case EVENT_SAMPLE:
          g_signal_emit (self, signals[SIGNAL_SAMPLE], 0, &event->sample);
          break;

        case EVENT_PROGRESS:
          {
            g_autofree char *label = NULL;

            if (event->phase != DRIVEDASH_BENCH_PHASE_PREPARING && event->test_index < self->tests->len)
              label = drivedash_bench_spec_dup_label (&g_array_index (self->tests, DrivedashBenchSpec,
                                                                      event->test_index));
            g_signal_emit (self, signals[SIGNAL_PROGRESS], 0,
                           event->test_index, label, event->phase, event->fraction);
          }
          break;

        case EVENT_TEST_FINISHED:
          drivedash_bench_report_add_result (self->report, event->result);
          g_signal_emit (self, signals[SIGNAL_TEST_FINISHED], 0, event->test_index, event->result);
          break;

        case EVENT_DONE:
          {
            g_autoptr(GTask) task = g_steal_pointer (&self->task);

            g_thread_join (g_steal_pointer (&self->thread));
            if (event->report != NULL)
              {
                /* The engine's report is the authoritative one. */
                g_clear_pointer (&self->report, drivedash_bench_report_unref);
                self->report = drivedash_bench_report_ref (event->report);
                g_task_return_pointer (task, g_steal_pointer (&event->report),
                                       (GDestroyNotify) drivedash_bench_report_unref);
              }
            else
              g_task_return_error (task, g_steal_pointer (&event->error));
          }
          break;

        default:
          g_assert_not_reached ();
        }
      event_free (event);
    }

  return G_SOURCE_REMOVE;
}

/* ---- engine-thread side ------------------------------------------------------- */

static void
push_event (DrivedashBench *self,
            Event          *event)
{
  gboolean schedule;

  g_mutex_lock (&self->lock);
  if (event->kind == EVENT_SAMPLE)
    {
      if (self->n_pending_samples >= MAX_PENDING_SAMPLES)
        {
          /* Drop the oldest sample still waiting. */
          for (GList *l = self->events.head; l != NULL; l = l->next)
            {
              Event *old = l->data;

              if (old->kind == EVENT_SAMPLE)
                {
                  g_queue_delete_link (&self->events, l);
                  event_free (old);
                  self->n_pending_samples--;
                  break;
                }
            }
        }
      self->n_pending_samples++;
    }
  g_queue_push_tail (&self->events, event);
  schedule = !self->drain_scheduled;
  self->drain_scheduled = TRUE;
  g_mutex_unlock (&self->lock);

  /* Not g_main_context_invoke(): with nobody iterating the context it
   * would run the callback right here, in the engine thread. */
  if (schedule)
    {
      GSource *source = g_idle_source_new ();

      g_source_set_priority (source, G_PRIORITY_DEFAULT);
      g_source_set_callback (source, drain_events_cb, g_object_ref (self), g_object_unref);
      g_source_set_static_name (source, "[drivedash] bench events");
      g_source_attach (source, self->context);
      g_source_unref (source);
    }
}

static void
sink_sample_cb (gpointer                    user_data,
                const DrivedashBenchSample *sample)
{
  Event *event = g_new0 (Event, 1);

  event->kind = EVENT_SAMPLE;
  event->sample = *sample;
  push_event (user_data, event);
}

static void
sink_progress_cb (gpointer            user_data,
                  guint               test_index,
                  DrivedashBenchPhase phase,
                  double              fraction)
{
  Event *event = g_new0 (Event, 1);

  event->kind = EVENT_PROGRESS;
  event->test_index = test_index;
  event->phase = phase;
  event->fraction = fraction;
  push_event (user_data, event);
}

static void
sink_test_finished_cb (gpointer              user_data,
                       guint                 test_index,
                       DrivedashBenchResult *result)
{
  Event *event = g_new0 (Event, 1);

  event->kind = EVENT_TEST_FINISHED;
  event->test_index = test_index;
  event->result = drivedash_bench_result_ref (result);
  push_event (user_data, event);
}

static const DrivedashBenchSink sink = {
  sink_sample_cb,
  sink_progress_cb,
  sink_test_finished_cb,
};

static gpointer
engine_thread_cb (gpointer user_data)
{
  DrivedashBench *self = user_data;
  Event *event = g_new0 (Event, 1);

  event->kind = EVENT_DONE;
  event->report = drivedash_bench_engine_run (self->settings,
                                              (const DrivedashBenchSpec *) (gpointer) self->tests->data,
                                              self->tests->len, self->cancellable,
                                              &sink, self, &event->error);
  push_event (self, event);
  g_object_unref (self);
  return NULL;
}

/* ---- GObject ---------------------------------------------------------------------- */

static void
drivedash_bench_finalize (GObject *object)
{
  DrivedashBench *self = DRIVEDASH_BENCH (object);

  /* The engine thread and the task both hold a reference while running. */
  g_assert (self->thread == NULL);

  g_queue_clear_full (&self->events, (GDestroyNotify) event_free);
  g_mutex_clear (&self->lock);
  g_clear_pointer (&self->settings, drivedash_bench_settings_free);
  g_clear_pointer (&self->tests, g_array_unref);
  g_clear_pointer (&self->report, drivedash_bench_report_unref);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_object (&self->cancellable);

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
  g_mutex_init (&self->lock);
  g_queue_init (&self->events);
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
  g_autoptr(GError) error = NULL;

  g_return_if_fail (DRIVEDASH_IS_BENCH (self));
  g_return_if_fail (!self->started);

  self->started = TRUE;
  self->task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (self->task, drivedash_bench_run_async);
  /* The engine reports cancellation itself, after cleaning up. */
  g_task_set_check_cancellable (self->task, FALSE);

  self->context = g_main_context_ref_thread_default ();
  self->cancellable = cancellable ? g_object_ref (cancellable) : g_cancellable_new ();

  self->thread = g_thread_try_new ("drivedash-bench", engine_thread_cb, g_object_ref (self), &error);
  if (self->thread == NULL)
    {
      g_autoptr(GTask) task = g_steal_pointer (&self->task);

      g_object_unref (self);
      g_task_return_new_error (task, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                               _("Could not start the benchmark: %s"), error->message);
    }
}

DrivedashBenchReport *
drivedash_bench_run_finish (DrivedashBench  *self,
                            GAsyncResult    *result,
                            GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
