/* drivedash-health-model-readings.c — the background watch's readings
 * of the drive, for a verdict that says how much and since when
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Read once per drive (serial and controller), in a worker; where no
 * history exists none is made.  A drive read from a report has none.
 */
#include "config.h"

#include "drivedash-health-change.h"
#include "drivedash-health-model-private.h"
#include "drivedash-store.h"
#include "drivedash-store-health.h"

#define DAY 86400

static void
readings_thread (GTask        *task,
                 gpointer      source,
                 gpointer      data,
                 GCancellable *cancellable)
{
  const DrivedashHealth *health = data;
  g_autofree char *path = drivedash_store_get_default_path ();
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GError) error = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  GArray *readings = NULL;

  if (g_file_test (path, G_FILE_TEST_IS_REGULAR) && (store = drivedash_store_open (path, &error)) != NULL)
    readings = drivedash_store_list_drive_snapshots (store, health->serial, health->controller,
                                                     now - (gint64) DRIVEDASH_HEALTH_CHANGE_DAYS * DAY, now + 1,
                                                     &error);
  if (error != NULL)
    g_debug ("the watch's readings: %s", error->message);
  g_task_return_pointer (task, readings ? readings : g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot)),
                         (GDestroyNotify) g_array_unref);
}

static void
readings_read_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  g_autoptr(DrivedashHealthModel) self = data;
  GArray *readings = g_task_propagate_pointer (G_TASK (result), NULL);

  /* Cancelled: another drive is shown, and its own read runs. */
  if (readings == NULL)
    return;
  g_clear_pointer (&self->readings, g_array_unref);
  self->readings = readings;
  if (self->health != NULL)
    drivedash_health_model_show_health (self, self->health);
}

void
_drivedash_health_model_load_readings (DrivedashHealthModel  *self,
                                       const DrivedashHealth *health)
{
  g_autofree char *key = NULL;
  g_autoptr(GTask) task = NULL;

  if (health != NULL && (health->source == DRIVEDASH_HEALTH_SOURCE_REPORT || health->serial == NULL))
    health = NULL;
  key = health != NULL ? g_strconcat (health->serial, "|", health->controller, NULL) : NULL;
  if (g_strcmp0 (key, self->readings_key) == 0)
    return;
  g_cancellable_cancel (self->readings_cancellable);
  g_clear_object (&self->readings_cancellable);
  g_clear_pointer (&self->readings, g_array_unref);
  g_free (self->readings_key);
  self->readings_key = g_steal_pointer (&key);
  if (health == NULL)
    return;
  self->readings_cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->readings_cancellable, readings_read_cb, g_object_ref (self));
  g_task_set_return_on_cancel (task, TRUE);
  g_task_set_task_data (task, drivedash_health_ref ((DrivedashHealth *) health),
                        (GDestroyNotify) drivedash_health_unref);
  g_task_run_in_thread (task, readings_thread);
}
