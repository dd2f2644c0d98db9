/* drivedash-history-save.c — the Speed page's runs go into the results
 * history when they end
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-history-save.h"

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

typedef struct
{
  DrivedashStore    *store;
  DrivedashStoreRun *run;
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_object_unref (data->store);
  drivedash_store_run_unref (data->run);
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

  /* The store is only used here from now on: one thread at a time. */
  if (!drivedash_store_save_run (data->store, data->run, &error))
    g_warning ("The run was not saved in the history: %s", error->message);
  g_task_return_boolean (task, error == NULL);
}

void
drivedash_history_save_end (DrivedashStoreRecorder     *recorder,
                            DrivedashBench             *bench,
                            const DrivedashBenchReport *report,
                            const GError               *error)
{
  g_autoptr(DrivedashStoreRecorder) owned = recorder;
  g_autoptr(GTask) task = NULL;
  SaveData *data;

  if (owned == NULL)
    return;
  data = g_new0 (SaveData, 1);
  data->run = drivedash_store_recorder_finish (owned, bench, report, error);
  data->store = g_object_ref (drivedash_store_recorder_get_store (owned));
  task = g_task_new (NULL, NULL, NULL, NULL);
  g_task_set_task_data (task, data, (GDestroyNotify) save_data_free);
  g_task_run_in_thread (task, save_thread);
}
