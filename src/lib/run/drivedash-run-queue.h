/* drivedash-run-queue.h — one worker thread, its items delivered in
 * order on the caller's main context, in bounded memory
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What happens to an item while the consumer is behind. */
typedef enum
{
  DRIVEDASH_RUN_ITEM_KEEP,    /* always delivered (results, rounds): few per run */
  DRIVEDASH_RUN_ITEM_LOSSY,   /* live data (samples, rows): past the bound the
                               * oldest waiting one goes, the newest never */
  DRIVEDASH_RUN_ITEM_LATEST,  /* state (progress): replaces a waiting item of
                               * the same kind, at the end of the queue */
} DrivedashRunItemPolicy;

#define DRIVEDASH_TYPE_RUN_QUEUE (drivedash_run_queue_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashRunQueue, drivedash_run_queue, DRIVEDASH, RUN_QUEUE, GObject)

/* Runs in the worker thread, which never touches GTK; it hands items over
 * with drivedash_run_queue_push() and checks @cancellable between batches
 * (so a cancel takes effect as fast as the work allows: the queue never
 * makes it wait but for the mutex of one push).  Returns the run's result,
 * freed with the run's @result_free when nobody takes it, or NULL and
 * @error. */
typedef gpointer (*DrivedashRunWorkFunc)    (DrivedashRunQueue *queue,
                                             gpointer           work_data,
                                             GCancellable      *cancellable,
                                             GError           **error);
/* On the main context: one item, in the order pushed; @item is freed after. */
typedef void     (*DrivedashRunDeliverFunc) (gpointer           target,
                                             guint              kind,
                                             gpointer           item);

/* @max_lossy: how many LOSSY items may wait at most; with one per LATEST
 * kind and the KEEP items that is all the memory a slow consumer costs.
 * @deliver gets every item with @target, which the queue holds a
 * reference on while a run is in flight. */
DrivedashRunQueue *drivedash_run_queue_new        (guint                    max_lossy,
                                                   DrivedashRunDeliverFunc  deliver,
                                                   GObject                 *target);

/* Any thread; never blocks but for a short mutex. Takes @item. */
void               drivedash_run_queue_push       (DrivedashRunQueue       *self,
                                                   guint                    kind,
                                                   DrivedashRunItemPolicy   policy,
                                                   gpointer                 item,
                                                   GDestroyNotify           item_free);
/* Items waiting for the main context (for tests, and any thread). */
guint              drivedash_run_queue_get_n_pending (DrivedashRunQueue    *self);

/* Starts @work in a thread of its own.  The callback comes on the
 * thread-default main context of the caller, after every item pushed
 * before @work returned.  A queue runs one run at a time. */
void               drivedash_run_queue_run_async  (DrivedashRunQueue       *self,
                                                   const char              *thread_name,
                                                   DrivedashRunWorkFunc     work,
                                                   gpointer                 work_data,
                                                   GDestroyNotify           work_data_free,
                                                   GDestroyNotify           result_free,
                                                   GCancellable            *cancellable,
                                                   GAsyncReadyCallback      callback,
                                                   gpointer                 user_data);
gpointer           drivedash_run_queue_run_finish (DrivedashRunQueue       *self,
                                                   GAsyncResult            *result,
                                                   GError                 **error);
gboolean           drivedash_run_queue_is_running (DrivedashRunQueue       *self);

G_END_DECLS
