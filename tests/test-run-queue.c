/* test-run-queue.c — the one worker-thread to main-context hand-off:
 * bounded memory under a producer faster than its consumer, the newest
 * live item and every kept item delivered in order, the end last, cancel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "drivedash-run-queue.h"

#define MAX_LOSSY  8
#define N_ITEMS    5000
#define KEEP_EVERY 500

enum { KIND_LIVE, KIND_KEPT, KIND_STATE };

typedef struct
{
  GMainLoop    *loop;
  GThread      *main_thread;
  GCancellable *cancellable;

  /* Worker side */
  GMutex        lock;
  GCond         cond;
  gboolean      pushed_all;
  gint          live;            /* allocated and not yet freed (atomic) */
  gint          max_live;
  guint         max_pending;
  guint         last_pushed;

  /* Main-context side */
  gboolean      wrong_thread;
  guint         n_live;
  guint         last_live;
  gboolean      live_went_back;
  guint         n_kept;
  gboolean      kept_out_of_order;
  guint         n_state;
  guint         last_state;
  gboolean      items_after_done;
  gboolean      done;
  char         *result;
  GError       *error;
} Fixture;

typedef struct
{
  Fixture *f;
  guint    value;
} Value;

static void
value_free (gpointer data)
{
  Value *v = data;

  g_atomic_int_add (&v->f->live, -1);
  g_free (v);
}

static void
push_value (DrivedashRunQueue      *queue,
            Fixture                *f,
            guint                   kind,
            DrivedashRunItemPolicy  policy,
            guint                   value)
{
  Value *v = g_new (Value, 1);

  *v = (Value) { f, value };
  g_atomic_int_inc (&f->live);
  drivedash_run_queue_push (queue, kind, policy, v, value_free);
}

static void
deliver_cb (gpointer target,
            guint    kind,
            gpointer item)
{
  Fixture *f = g_object_get_data (target, "fixture");
  const Value *v = item;

  f->wrong_thread |= g_thread_self () != f->main_thread;
  f->items_after_done |= f->done;
  switch (kind)
    {
    case KIND_LIVE:
      f->live_went_back |= f->n_live > 0 && v->value <= f->last_live;
      f->last_live = v->value;
      f->n_live++;
      /* A slow consumer: the first item cancels the run when asked to. */
      if (f->cancellable != NULL)
        g_cancellable_cancel (f->cancellable);
      break;
    case KIND_KEPT:
      f->kept_out_of_order |= v->value != f->n_kept * KEEP_EVERY;
      f->n_kept++;
      break;
    case KIND_STATE:
      f->last_state = v->value;
      f->n_state++;
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
  Fixture *f = user_data;

  f->wrong_thread |= g_thread_self () != f->main_thread;
  f->result = drivedash_run_queue_run_finish (DRIVEDASH_RUN_QUEUE (source), result, &f->error);
  f->done = TRUE;
  g_main_loop_quit (f->loop);
}

/* Pushes everything before the main context may drain anything, keeping
 * account of what is alive and waiting after each push. */
static gpointer
flood_work (DrivedashRunQueue  *queue,
            gpointer            work_data,
            GCancellable       *cancellable,
            GError            **error)
{
  Fixture *f = work_data;

  for (guint i = 0; i < N_ITEMS; i++)
    {
      if (i % KEEP_EVERY == 0)
        push_value (queue, f, KIND_KEPT, DRIVEDASH_RUN_ITEM_KEEP, i);
      push_value (queue, f, KIND_STATE, DRIVEDASH_RUN_ITEM_LATEST, i);
      push_value (queue, f, KIND_LIVE, DRIVEDASH_RUN_ITEM_LOSSY, i);
      f->max_pending = MAX (f->max_pending, drivedash_run_queue_get_n_pending (queue));
      f->max_live = MAX (f->max_live, g_atomic_int_get (&f->live));
    }
  g_mutex_lock (&f->lock);
  f->pushed_all = TRUE;
  g_cond_signal (&f->cond);
  g_mutex_unlock (&f->lock);
  return g_strdup ("result");
}

static void
fixture_init (Fixture *f)
{
  memset (f, 0, sizeof *f);
  f->loop = g_main_loop_new (NULL, FALSE);
  f->main_thread = g_thread_self ();
  g_mutex_init (&f->lock);
  g_cond_init (&f->cond);
}

static void
fixture_clear (Fixture *f)
{
  g_main_loop_unref (f->loop);
  g_clear_object (&f->cancellable);
  g_free (f->result);
  g_clear_error (&f->error);
  g_mutex_clear (&f->lock);
  g_cond_clear (&f->cond);
}

static DrivedashRunQueue *
new_queue (Fixture  *f,
           GObject **target)
{
  *target = g_object_new (G_TYPE_OBJECT, NULL);
  g_object_set_data (*target, "fixture", f);
  return drivedash_run_queue_new (MAX_LOSSY, deliver_cb, *target);
}

static void
test_bounded (void)
{
  g_autoptr(GObject) target = NULL;
  g_autoptr(DrivedashRunQueue) queue = NULL;
  gint64 deadline = g_get_monotonic_time () + 60 * G_TIME_SPAN_SECOND;
  guint n_kept = N_ITEMS / KEEP_EVERY;
  Fixture f;

  fixture_init (&f);
  queue = new_queue (&f, &target);
  drivedash_run_queue_run_async (queue, "test-flood", flood_work, &f, NULL, g_free,
                                 NULL, run_done_cb, &f);
  g_assert_true (drivedash_run_queue_is_running (queue));

  /* The consumer does nothing until the producer is through. */
  g_mutex_lock (&f.lock);
  while (!f.pushed_all)
    g_assert_true (g_cond_wait_until (&f.cond, &f.lock, deadline));
  g_mutex_unlock (&f.lock);
  g_main_loop_run (f.loop);

  /* Waiting: the lossy bound, one state and the kept items. */
  g_assert_cmpuint (f.max_pending, <=, MAX_LOSSY + 1 + n_kept);
  g_assert_cmpint (f.max_live, <=, MAX_LOSSY + 1 + n_kept);
  g_assert_cmpint (g_atomic_int_get (&f.live), ==, 0);
  g_assert_false (f.wrong_thread);
  g_assert_false (f.items_after_done);
  g_assert_cmpuint (f.n_live, ==, MAX_LOSSY);
  g_assert_false (f.live_went_back);
  g_assert_cmpuint (f.last_live, ==, N_ITEMS - 1);
  g_assert_cmpuint (f.n_state, ==, 1);
  g_assert_cmpuint (f.last_state, ==, N_ITEMS - 1);
  g_assert_cmpuint (f.n_kept, ==, n_kept);
  g_assert_false (f.kept_out_of_order);
  g_assert_no_error (f.error);
  g_assert_cmpstr (f.result, ==, "result");
  g_assert_false (drivedash_run_queue_is_running (queue));
  fixture_clear (&f);
}

/* Pushes one live item per 1 ms batch until cancelled. */
static gpointer
endless_work (DrivedashRunQueue  *queue,
              gpointer            work_data,
              GCancellable       *cancellable,
              GError            **error)
{
  Fixture *f = work_data;

  for (guint i = 0; !g_cancellable_is_cancelled (cancellable); i++)
    {
      push_value (queue, f, KIND_LIVE, DRIVEDASH_RUN_ITEM_LOSSY, i);
      f->last_pushed = i;
      g_usleep (1000);
    }
  g_cancellable_set_error_if_cancelled (cancellable, error);
  return NULL;
}

static void
test_cancel (void)
{
  g_autoptr(GObject) target = NULL;
  g_autoptr(DrivedashRunQueue) queue = NULL;
  Fixture f;

  fixture_init (&f);
  f.cancellable = g_cancellable_new ();
  queue = new_queue (&f, &target);
  drivedash_run_queue_run_async (queue, "test-endless", endless_work, &f, NULL, g_free,
                                 f.cancellable, run_done_cb, &f);
  /* The target may go: the queue holds it while the run is in flight. */
  g_clear_object (&target);
  g_main_loop_run (f.loop);

  g_assert_error (f.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (f.result);
  g_assert_false (f.wrong_thread);
  g_assert_false (f.items_after_done);
  g_assert_cmpuint (f.n_live, >=, 1);
  /* The last item pushed still comes, before the end. */
  g_assert_cmpuint (f.last_live, ==, f.last_pushed);
  g_assert_cmpint (g_atomic_int_get (&f.live), ==, 0);
  fixture_clear (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/run-queue/bounded", test_bounded);
  g_test_add_func ("/run-queue/cancel", test_cancel);
  return g_test_run ();
}
