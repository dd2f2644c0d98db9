/* drivedash-history-jobs.c — the History view's store calls, each in a
 * worker thread on a connection of its own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A DrivedashStore is used from one thread at a time, and SQLite in WAL
 * mode lets several connections (this app's jobs, the Speed page's save,
 * drivedash-cli) work on one file; opening is cheap, so each job opens
 * its own connection instead of sharing one across threads.
 */
#include "config.h"

#include "drivedash-history-jobs.h"

typedef struct
{
  char                *path;
  GArray              *ids;
  DrivedashHistoryEdit edit;
  char                *text;
} Job;

static void
job_free (Job *job)
{
  g_free (job->path);
  g_clear_pointer (&job->ids, g_array_unref);
  g_free (job->text);
  g_free (job);
}

static GTask *
job_new (const char          *path,
         GCancellable        *cancellable,
         GAsyncReadyCallback  callback,
         gpointer             user_data,
         gpointer             tag)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  Job *job = g_new0 (Job, 1);

  job->path = g_strdup (path);
  g_task_set_source_tag (task, tag);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  return task;
}

void
drivedash_history_listing_free (DrivedashHistoryListing *listing)
{
  if (listing == NULL)
    return;
  g_clear_pointer (&listing->runs, g_ptr_array_unref);
  g_free (listing->recovery);
  g_free (listing);
}

static void
list_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Job *job = task_data;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(DrivedashHistoryListing) listing = g_new0 (DrivedashHistoryListing, 1);
  GError *error = NULL;

  if ((store = drivedash_store_open (job->path, &error)) == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  listing->recovery = g_strdup (drivedash_store_get_recovery_message (store));
  listing->runs = drivedash_store_list_runs (store, NULL, &error);
  if (listing->runs == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_steal_pointer (&listing),
                           (GDestroyNotify) drivedash_history_listing_free);
}

void
drivedash_history_list_async (const char          *path,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = job_new (path, cancellable, callback, user_data,
                                   drivedash_history_list_async);

  g_task_run_in_thread (task, list_thread);
}

DrivedashHistoryListing *
drivedash_history_list_finish (GAsyncResult  *result,
                               GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Job *job = task_data;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
  GError *error = NULL;

  store = drivedash_store_open (job->path, &error);
  for (guint i = 0; store != NULL && i < job->ids->len && error == NULL; i++)
    {
      DrivedashStoreRun *run = drivedash_store_get_run (store, g_array_index (job->ids, gint64, i), &error);

      if (run != NULL)
        g_ptr_array_add (runs, run);
    }
  /* An A/B set keeps no results of its own: its rounds are the sides;
   * a full review's are its steps. */
  if (error == NULL && runs->len == 1
      && (((DrivedashStoreRun *) runs->pdata[0])->kind == DRIVEDASH_RUN_KIND_AB_SET ||
          ((DrivedashStoreRun *) runs->pdata[0])->kind == DRIVEDASH_RUN_KIND_REVIEW))
    {
      g_autoptr(GPtrArray) members = drivedash_store_list_members (store, g_array_index (job->ids, gint64, 0), &error);

      if (members != NULL)
        g_ptr_array_extend_and_steal (runs, g_steal_pointer (&members));
    }
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_steal_pointer (&runs), (GDestroyNotify) g_ptr_array_unref);
}

void
drivedash_history_load_async (const char          *path,
                              const gint64        *ids,
                              guint                n_ids,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = job_new (path, cancellable, callback, user_data,
                                   drivedash_history_load_async);
  Job *job = g_task_get_task_data (task);

  job->ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n_ids);
  g_array_append_vals (job->ids, ids, n_ids);
  g_task_run_in_thread (task, load_thread);
}

GPtrArray *
drivedash_history_load_finish (GAsyncResult  *result,
                               GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
edit_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Job *job = task_data;
  gint64 id = g_array_index (job->ids, gint64, 0);
  g_autoptr(DrivedashStore) store = NULL;
  GError *error = NULL;
  gboolean ok = FALSE;

  store = drivedash_store_open (job->path, &error);
  if (store != NULL && job->edit == DRIVEDASH_HISTORY_EDIT_DELETE)
    ok = drivedash_store_delete_run (store, id, &error);
  else if (store != NULL && job->edit == DRIVEDASH_HISTORY_EDIT_NAME)
    ok = drivedash_store_set_name (store, id, job->text, &error);
  else if (store != NULL)
    ok = drivedash_store_set_note (store, id, job->text, &error);
  if (!ok)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

void
drivedash_history_edit_async (const char          *path,
                              DrivedashHistoryEdit edit,
                              gint64               id,
                              const char          *text,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = job_new (path, cancellable, callback, user_data,
                                   drivedash_history_edit_async);
  Job *job = g_task_get_task_data (task);

  job->edit = edit;
  job->text = g_strdup (text);
  job->ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_array_append_val (job->ids, id);
  g_task_run_in_thread (task, edit_thread);
}

gboolean
drivedash_history_edit_finish (GAsyncResult  *result,
                               GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}
