/* drivedash-run-queue.c — one worker thread, its items delivered in
 * order on the caller's main context, in bounded memory
 *
 * The work runs synchronously in a thread of its own and pushes items
 * into a small queue under a mutex; an idle callback on the caller's
 * GMainContext drains it and hands each item to the target.  The worker
 * only ever holds the mutex for a push: a slow consumer costs dropped
 * live data (the oldest first) and coalesced state, never a wait, and
 * never more memory than the bound.  The end of the run is the last item
 * of the queue, so the callback always comes after everything the work
 * pushed.  This is the one hand-off between a test's thread and the UI:
 * the benchmark and the long tests both use it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-error.h"
#include "drivedash-run-queue.h"

/* The kind of the internal item that ends a run. */
#define KIND_DONE G_MAXUINT

typedef struct
{
  guint                  kind;
  DrivedashRunItemPolicy policy;
  gpointer               data;
  GDestroyNotify         data_free;
} Item;

typedef struct
{
  DrivedashRunWorkFunc work;
  gpointer             work_data;
  GDestroyNotify       work_data_free;
  GDestroyNotify       result_free;
  GCancellable        *cancellable;
} Work;

typedef struct
{
  gpointer       result;
  GDestroyNotify result_free;
  GError        *error;
} Done;

struct _DrivedashRunQueue
{
  GObject                 parent_instance;

  guint                   max_lossy;
  DrivedashRunDeliverFunc deliver;
  GObject                *target;       /* weak, but held while a run is in flight */
  gboolean                holds_target;
  GTask                  *task;
  GThread                *thread;
  GMainContext           *context;

  GMutex                  lock;         /* protects the fields below */
  GQueue                  items;
  guint                   n_lossy;
  gboolean                drain_scheduled;
};

G_DEFINE_FINAL_TYPE (DrivedashRunQueue, drivedash_run_queue, G_TYPE_OBJECT)

static void
item_free (Item *item)
{
  if (item->data_free != NULL)
    item->data_free (item->data);
  g_free (item);
}

/* ---- main-context side ------------------------------------------------------ */

static void
finish_run (DrivedashRunQueue *self,
            Done              *done)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->task);

  g_thread_join (g_steal_pointer (&self->thread));
  if (done->error != NULL)
    g_task_return_error (task, g_steal_pointer (&done->error));
  else
    g_task_return_pointer (task, g_steal_pointer (&done->result), done->result_free);
  if (self->holds_target)
    g_object_unref (self->target);
  self->holds_target = FALSE;
}

static gboolean
drain_cb (gpointer user_data)
{
  DrivedashRunQueue *self = user_data;
  GQueue items = G_QUEUE_INIT;
  Item *item;

  g_mutex_lock (&self->lock);
  items = self->items;
  g_queue_init (&self->items);
  self->n_lossy = 0;
  self->drain_scheduled = FALSE;
  g_mutex_unlock (&self->lock);

  while ((item = g_queue_pop_head (&items)) != NULL)
    {
      if (item->kind == KIND_DONE)
        finish_run (self, item->data);
      else
        self->deliver (self->target, item->kind, item->data);
      item_free (item);
    }
  return G_SOURCE_REMOVE;
}

/* ---- any thread ----------------------------------------------------------- */

/* With the lock held: makes room for @item by the rules of its policy. */
static void
make_room (DrivedashRunQueue *self,
           const Item        *item)
{
  if (item->policy == DRIVEDASH_RUN_ITEM_KEEP)
    return;
  if (item->policy == DRIVEDASH_RUN_ITEM_LOSSY && self->n_lossy++ < self->max_lossy)
    return;
  for (GList *l = self->items.head; l != NULL; l = l->next)
    {
      Item *old = l->data;

      if (old->policy != item->policy ||
          (item->policy == DRIVEDASH_RUN_ITEM_LATEST && old->kind != item->kind))
        continue;
      g_queue_delete_link (&self->items, l);
      item_free (old);
      if (item->policy == DRIVEDASH_RUN_ITEM_LOSSY)
        self->n_lossy--;
      return;
    }
}

static void
push_item (DrivedashRunQueue *self,
           Item              *item)
{
  gboolean schedule;

  g_mutex_lock (&self->lock);
  make_room (self, item);
  g_queue_push_tail (&self->items, item);
  schedule = !self->drain_scheduled;
  self->drain_scheduled = TRUE;
  g_mutex_unlock (&self->lock);

  /* Not g_main_context_invoke(): with nobody iterating the context it
   * would run the callback right here, in the worker thread. */
  if (schedule)
    {
      GSource *source = g_idle_source_new ();

      g_source_set_priority (source, G_PRIORITY_DEFAULT);
      g_source_set_callback (source, drain_cb, g_object_ref (self), g_object_unref);
      g_source_set_static_name (source, "[drivedash] run items");
      g_source_attach (source, self->context);
      g_source_unref (source);
    }
}

void
drivedash_run_queue_push (DrivedashRunQueue      *self,
                          guint                   kind,
                          DrivedashRunItemPolicy  policy,
                          gpointer                data,
                          GDestroyNotify          data_free)
{
  Item *item;

  g_return_if_fail (DRIVEDASH_IS_RUN_QUEUE (self));
  g_return_if_fail (kind != KIND_DONE);
  g_return_if_fail (self->context != NULL);

  item = g_new (Item, 1);
  *item = (Item) { kind, policy, data, data_free };
  push_item (self, item);
}

guint
drivedash_run_queue_get_n_pending (DrivedashRunQueue *self)
{
  guint n;

  g_return_val_if_fail (DRIVEDASH_IS_RUN_QUEUE (self), 0);
  g_mutex_lock (&self->lock);
  n = self->items.length;
  g_mutex_unlock (&self->lock);
  return n;
}

/* ---- worker-thread side ----------------------------------------------------- */

static void
done_free (gpointer data)
{
  Done *done = data;

  /* What the task did not take: the queue went before its run ended. */
  if (done->result != NULL && done->result_free != NULL)
    done->result_free (done->result);
  g_clear_error (&done->error);
  g_free (done);
}

static void
work_free (Work *work)
{
  if (work->work_data_free != NULL)
    work->work_data_free (work->work_data);
  g_clear_object (&work->cancellable);
  g_free (work);
}

static gpointer
worker_thread_cb (gpointer user_data)
{
  DrivedashRunQueue *self = g_task_get_source_object (user_data);
  Work *work = g_task_get_task_data (user_data);
  Done *done = g_new0 (Done, 1);
  Item *item = g_new (Item, 1);

  done->result = work->work (self, work->work_data, work->cancellable, &done->error);
  done->result_free = work->result_free;
  if (done->result == NULL && done->error == NULL)
    done->error = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                                       _("The test ended without a result."));
  *item = (Item) { KIND_DONE, DRIVEDASH_RUN_ITEM_KEEP, done, done_free };
  push_item (self, item);
  return NULL;
}

/* ---- GObject ---------------------------------------------------------------------- */

static void
drivedash_run_queue_finalize (GObject *object)
{
  DrivedashRunQueue *self = DRIVEDASH_RUN_QUEUE (object);

  /* The task and every scheduled drain hold a reference while running. */
  g_assert (self->thread == NULL);

  g_queue_clear_full (&self->items, (GDestroyNotify) item_free);
  g_mutex_clear (&self->lock);
  g_clear_pointer (&self->context, g_main_context_unref);

  G_OBJECT_CLASS (drivedash_run_queue_parent_class)->finalize (object);
}

static void
drivedash_run_queue_class_init (DrivedashRunQueueClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = drivedash_run_queue_finalize;
}

static void
drivedash_run_queue_init (DrivedashRunQueue *self)
{
  g_mutex_init (&self->lock);
  g_queue_init (&self->items);
}

DrivedashRunQueue *
drivedash_run_queue_new (guint                    max_lossy,
                         DrivedashRunDeliverFunc  deliver,
                         GObject                 *target)
{
  DrivedashRunQueue *self;

  g_return_val_if_fail (max_lossy > 0, NULL);
  g_return_val_if_fail (deliver != NULL, NULL);
  g_return_val_if_fail (G_IS_OBJECT (target), NULL);

  self = g_object_new (DRIVEDASH_TYPE_RUN_QUEUE, NULL);
  self->max_lossy = max_lossy;
  self->deliver = deliver;
  self->target = target;
  return self;
}

gboolean
drivedash_run_queue_is_running (DrivedashRunQueue *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_QUEUE (self), FALSE);
  return self->task != NULL;
}

void
drivedash_run_queue_run_async (DrivedashRunQueue    *self,
                               const char           *thread_name,
                               DrivedashRunWorkFunc  work_func,
                               gpointer              work_data,
                               GDestroyNotify        work_data_free,
                               GDestroyNotify        result_free,
                               GCancellable         *cancellable,
                               GAsyncReadyCallback   callback,
                               gpointer              user_data)
{
  g_autoptr(GError) error = NULL;
  Work *work;

  g_return_if_fail (DRIVEDASH_IS_RUN_QUEUE (self));
  g_return_if_fail (self->task == NULL);

  work = g_new0 (Work, 1);
  *work = (Work) { work_func, work_data, work_data_free, result_free,
                   cancellable ? g_object_ref (cancellable) : g_cancellable_new () };
  self->task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (self->task, drivedash_run_queue_run_async);
  /* The work reports cancellation itself, after cleaning up. */
  g_task_set_check_cancellable (self->task, FALSE);
  g_task_set_task_data (self->task, work, (GDestroyNotify) work_free);

  g_clear_pointer (&self->context, g_main_context_unref);
  self->context = g_main_context_ref_thread_default ();
  g_object_ref (self->target);
  self->holds_target = TRUE;

  self->thread = g_thread_try_new (thread_name, worker_thread_cb, self->task, &error);
  if (self->thread == NULL)
    {
      g_autoptr(GTask) task = g_steal_pointer (&self->task);

      g_object_unref (self->target);
      self->holds_target = FALSE;
      g_task_return_new_error (task, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                               _("Could not start the test: %s"), error->message);
    }
}

gpointer
drivedash_run_queue_run_finish (DrivedashRunQueue  *self,
                                GAsyncResult       *result,
                                GError            **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
