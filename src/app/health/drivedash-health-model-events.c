/* drivedash-health-model-events.c — the Events group's values: what the
 * kernel reported about the drive, and the offer to keep it at full power
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Read with the health, never with a password: where this user may not
 * read the kernel's messages, the group says so in its description.
 */
#include "config.h"

#include "drivedash-health-event-item.h"
#include "drivedash-health-mapping.h"
#include "drivedash-health-model-private.h"

static void
fill_rows (DrivedashHealthModel *self)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  /* The most serious kinds first, each with its count and last time. */
  for (int severity = DRIVEDASH_EVENT_SEVERITY_SERIOUS; severity >= DRIVEDASH_EVENT_SEVERITY_INFO; severity--)
    for (guint k = 0; self->event_log != NULL && k < DRIVEDASH_N_EVENT_KINDS; k++)
      if (self->event_log->counts[k] > 0
          && (int) drivedash_event_kind_get_severity ((DrivedashEventKind) k) == severity)
        g_ptr_array_add (items, drivedash_health_event_item_new (self->event_log, (DrivedashEventKind) k));
  g_list_store_splice (self->events, 0, g_list_model_get_n_items (G_LIST_MODEL (self->events)),
                       items->pdata, items->len);
}

/* The offer depends on the game-mode state too: called again when that
 * changes. */
void
_drivedash_health_model_show_events (DrivedashHealthModel *self)
{
  char *text = drivedash_health_events_full_power_text (self->event_log, self->game_mode_supported,
                                                        self->game_mode_persistent, self->kept_since_usec);

  if (self->full_power_error != NULL && self->game_mode_persistent)
    g_clear_pointer (&self->full_power_error, g_free);
  if (self->full_power_error != NULL)
    {
      char *with_error = text != NULL ? g_strdup_printf ("%s\n%s", text, self->full_power_error)
                                      : g_strdup (self->full_power_error);

      g_free (text);
      text = with_error;
    }

  _drivedash_health_model_set_bool (self, &self->suggest_full_power,
                                    self->event_log != NULL && !self->game_mode_persistent
                                    && drivedash_event_log_suggests_full_power (self->event_log,
                                                                                self->game_mode_supported),
                                    PROP_SUGGEST_FULL_POWER);
  _drivedash_health_model_set_text (self, PROP_FULL_POWER_TEXT, text);
}

static void
events_read_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(DrivedashHealthRequest) r = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashEventLog) log = NULL;
  g_autoptr(DrivedashHealthModel) self = NULL;

  log = r->provider->read_events_finish (result, &error);
  /* Not being allowed to read them is no failure of the page: the group
   * says so, and the health shows as usual. */
  self = _drivedash_health_request_finish (r, error);
  if (self == NULL)
    return;
  g_clear_pointer (&self->event_log, drivedash_event_log_free);
  self->event_log = g_steal_pointer (&log);
  if (self->event_log == NULL)
    g_debug ("%s: kernel events: %s", r->drive_name, error->message);
  _drivedash_health_model_set_text (self, PROP_EVENTS_TEXT,
                                    drivedash_health_events_summary (self->event_log, error));
  fill_rows (self);
  _drivedash_health_model_show_events (self);
  /* The verdict again, now with what the kernel said. */
  if (self->health != NULL)
    drivedash_health_model_show_health (self, self->health);
}

void
_drivedash_health_model_load_events (DrivedashHealthModel *self)
{
  gint64 since = g_get_real_time () - (gint64) DRIVEDASH_HEALTH_EVENTS_DAYS * 24 * 3600 * G_USEC_PER_SEC;

  self->provider->read_events_async (self->drive, since, 0, self->load_cancellable, events_read_cb,
                                     _drivedash_health_request_new (self, self->load_cancellable, FALSE));
}

void
_drivedash_health_model_clear_events (DrivedashHealthModel *self)
{
  g_clear_pointer (&self->event_log, drivedash_event_log_free);
  g_clear_pointer (&self->full_power_error, g_free);
  self->kept_since_usec = 0;
  fill_rows (self);
  _drivedash_health_model_show_events (self);
}
