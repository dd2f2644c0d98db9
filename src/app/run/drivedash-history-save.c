/* drivedash-history-save.c — the app's runs go into the results history
 * when they end, off the main thread, through drivedash_store_save()
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"


#include "drivedash-history-save.h"

typedef struct
{
  DrivedashStore    *store;
  DrivedashStoreRun *run;
  GPtrArray         *members;
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_clear_object (&data->store);
  drivedash_store_run_unref (data->run);
  g_clear_pointer (&data->members, g_ptr_array_unref);
  g_free (data);
}

static void
save_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  SaveData *data = task_data;
  g_autoptr(GError) error = NULL;
  GError *plain = NULL;

  /* The store is only used here from now on: one thread at a time. */
  if (data->store == NULL)
    data->store = drivedash_store_open (NULL, &error);
  if (data->store != NULL)
    drivedash_store_save (data->store, data->run, data->members, &error);
  if (error != NULL)
    {
      drivedash_store_set_not_kept_error (&plain, error);
      g_task_return_error (task, plain);
    }
  else
    g_task_return_int (task, (gssize) data->run->id);
}

void
drivedash_history_save_async (DrivedashStore      *store,
                              DrivedashStoreRun   *run,
                              GPtrArray           *members,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  SaveData *data = g_new0 (SaveData, 1);

  g_task_set_source_tag (task, drivedash_history_save_async);
  data->store = store ? g_object_ref (store) : NULL;
  data->run = drivedash_store_run_ref (run);
  data->members = members ? g_ptr_array_ref (members) : NULL;
  g_task_set_task_data (task, data, (GDestroyNotify) save_data_free);
  g_task_run_in_thread (task, save_thread);
}

gint64
drivedash_history_save_finish (GAsyncResult  *result,
                               GError       **error)
{
  gssize id;

  g_return_val_if_fail (g_task_is_valid (result, NULL), 0);
  id = g_task_propagate_int (G_TASK (result), error);
  return id > 0 ? id : 0;
}

DrivedashStoreRecorder *
drivedash_history_save_begin (DrivedashBench *bench)
{
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GError) error = NULL;

  /* Opening is a few ms (no integrity check on a clean file); the
   * recorder needs the store now for the drive's salted serial hash. */
  store = drivedash_store_open (NULL, &error);
  if (store == NULL)
    {
      g_message ("The run will not be kept in the history: %s", error->message);
      return NULL;
    }
  return drivedash_store_recorder_new (store, bench, NULL, NULL);
}

void
drivedash_history_save_end (DrivedashStoreRecorder     *recorder,
                            DrivedashBench             *bench,
                            const DrivedashBenchReport *report,
                            const GError               *error,
                            GAsyncReadyCallback         callback,
                            gpointer                    user_data)
{
  g_autoptr(DrivedashStoreRecorder) owned = recorder;
  g_autoptr(DrivedashStoreRun) run = NULL;

  if (owned == NULL)
    return;
  run = drivedash_store_recorder_finish (owned, bench, report, error);
  drivedash_history_save_async (drivedash_store_recorder_get_store (owned), run, NULL, NULL,
                                callback, user_data);
}
