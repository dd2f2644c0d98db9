/* drivedash-health-model.c — what the Health page shows, as properties
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reads run in the client's threads (see drivedash-client-async.c); the
 * temperature is polled from hwmon every 2 s on the main thread, a small
 * sysfs read that needs no privileges.  A refresh replaces only the
 * refresh's own cancellable: what the user asked for (a game-mode change,
 * a self-test) has a cancellable of its own and always finishes.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "drivedash-health-event-item.h"
#include "drivedash-health-model-private.h"
#include "drivedash-health-provider.h"

#define TEMPERATURE_INTERVAL_S 2
#define TEMPERATURE_WINDOW_S   600
/* The health log changes slowly; re-read it now and then for a window
 * left open for days. */
#define HEALTH_REFRESH_S       300
/* How often to ask whether the service's package has come (the bus does
 * not say); a new owner of its name is seen at once. */
#define SERVICE_POLL_S         15

G_DEFINE_FINAL_TYPE (DrivedashHealthModel, drivedash_health_model, G_TYPE_OBJECT)

GParamSpec *drivedash_health_model_pspecs[N_PROPS];
guint drivedash_health_model_signals[N_SIGNALS];

double
drivedash_health_model_get_clock (DrivedashHealthModel *self)
{
  return (g_get_monotonic_time () - self->started_us) / (double) G_USEC_PER_SEC;
}

static void
set_busy (DrivedashHealthModel *self,
          gboolean              busy)
{
  _drivedash_health_model_set_bool (self, &self->busy, busy, PROP_BUSY);
}

/* ---------------------------------------------------------------------- */
/* Loading                                                                 */

static void
game_mode_read_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      data)
{
  g_autoptr(DrivedashHealthRequest) r = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(DrivedashHealthModel) self = NULL;

  state = r->provider->game_mode_finish (result, &error);
  self = _drivedash_health_request_finish (r, error);
  /* A change under way will report the state it leaves behind; a read
   * that started before or during it may still see the old one, even
   * when its answer arrives after the change's (a slow machine). */
  if (self && self->game_mode_changes == 0 && r->epoch == self->game_mode_epoch)
    _drivedash_health_model_show_game_mode (self, state, error);
}

static void
health_read_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(DrivedashHealthRequest) r = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashHealth) health = NULL;
  g_autoptr(DrivedashHealthModel) self = NULL;

  health = r->provider->read_health_finish (result, &error);
  self = _drivedash_health_request_finish (r, error);
  if (self == NULL)
    return;
  set_busy (self, FALSE);
  _drivedash_health_model_set_text (self, PROP_ERROR, error ? g_strdup (error->message) : NULL);
  if (health == NULL)
    {
      /* Say what could not be read, in the page's own words. */
      health = drivedash_health_new (r->drive_name);
      drivedash_health_add_missing (health, _("Everything"), error->message);
    }
  drivedash_health_model_show_health (self, health);
}

static gboolean
temperature_tick_cb (gpointer data)
{
  DrivedashHealthModel *self = data;

  if (self->drive)
    _drivedash_health_model_set_temperature (self, self->provider->read_temperature (self->drive, drivedash_health_model_get_clock (self)), TRUE);
  return G_SOURCE_CONTINUE;
}

static gboolean
refresh_cb (gpointer data)
{
  _drivedash_health_model_load (data, FALSE);
  return G_SOURCE_CONTINUE;
}

/* Ten minutes of the past, so a fresh graph has a story (demo only). */
static void
add_history (DrivedashHealthModel *self)
{
  double now = drivedash_health_model_get_clock (self);

  for (double t = now - TEMPERATURE_WINDOW_S; t < now; t += TEMPERATURE_INTERVAL_S)
    g_signal_emit (self, drivedash_health_model_signals[SIGNAL_TEMPERATURE_SAMPLE], 0, t,
                   self->provider->read_temperature (self->drive, t) - 273.15);
}

/* fresh: another drive is shown, start its values and temperature
 * history anew; else re-read the same drive and keep them. */
void
_drivedash_health_model_load (DrivedashHealthModel *self,
                              gboolean              fresh)
{
  g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);

  if (fresh)
    {
      g_clear_handle_id (&self->self_test_source, g_source_remove);
      g_clear_pointer (&self->self_test_watch, drivedash_self_test_watch_free);
      g_signal_emit (self, drivedash_health_model_signals[SIGNAL_TEMPERATURE_RESET], 0);
      _drivedash_health_model_clear_values (self);
    }
  if (self->drive == NULL)
    {
      set_busy (self, FALSE);
      return;
    }

  self->load_cancellable = g_cancellable_new ();
  set_busy (self, TRUE);
  if (fresh && self->provider->has_history)
    add_history (self);
  self->provider->read_health_async (self->drive, self->load_cancellable, health_read_cb,
                                     _drivedash_health_request_new (self, self->load_cancellable, FALSE));
  self->provider->get_game_mode_async (self->drive, self->load_cancellable, game_mode_read_cb,
                                       _drivedash_health_request_new (self, self->load_cancellable, FALSE));
  _drivedash_health_model_load_events (self);
  /* The live reading, not the log's snapshot. */
  temperature_tick_cb (self);
}

void
drivedash_health_model_refresh (DrivedashHealthModel *self)
{
  g_return_if_fail (DRIVEDASH_IS_HEALTH_MODEL (self));

  if (self->drives)
    drivedash_drive_list_refresh (self->drives);
  _drivedash_health_model_load (self, FALSE);
}

/* ---------------------------------------------------------------------- */
/* Drives                                                                  */

static void
start_timers (DrivedashHealthModel *self,
              gboolean              run)
{
  if (!run)
    {
      g_clear_handle_id (&self->temperature_source, g_source_remove);
      g_clear_handle_id (&self->refresh_source, g_source_remove);
      g_clear_handle_id (&self->self_test_source, g_source_remove);
      g_clear_pointer (&self->self_test_watch, drivedash_self_test_watch_free);
      return;
    }
  if (self->temperature_source == 0)
    self->temperature_source = g_timeout_add_seconds (TEMPERATURE_INTERVAL_S, temperature_tick_cb, self);
  if (self->refresh_source == 0)
    self->refresh_source = g_timeout_add_seconds (HEALTH_REFRESH_S, refresh_cb, self);
}

void
drivedash_health_model_set_drive (DrivedashHealthModel *self,
                                  DrivedashDriveItem   *drive)
{
  gboolean demo_before;
  gboolean same;

  g_return_if_fail (DRIVEDASH_IS_HEALTH_MODEL (self));
  g_return_if_fail (drive == NULL || DRIVEDASH_IS_DRIVE_ITEM (drive));

  if (drive == self->drive)
    return;

  /* The list is rebuilt on hot-plug: the same drive in a new item keeps
   * its values and temperature history. */
  same = drive && self->drive
         && g_strcmp0 (drivedash_drive_item_get_name (drive), drivedash_drive_item_get_name (self->drive)) == 0
         && g_strcmp0 (drivedash_drive_item_get_title (drive), drivedash_drive_item_get_title (self->drive)) == 0;
  demo_before = self->provider && self->provider->simulated && self->drive;
  g_set_object (&self->drive, drive);
  self->provider = drive ? drivedash_health_provider_for (drive) : NULL;
  g_object_notify_by_pspec (G_OBJECT (self), drivedash_health_model_pspecs[PROP_DRIVE]);
  if (demo_before != (self->provider && self->provider->simulated))
    g_object_notify_by_pspec (G_OBJECT (self), drivedash_health_model_pspecs[PROP_DEMO]);

  start_timers (self, drive != NULL);
  _drivedash_health_model_load (self, !same);
}

static DrivedashDriveItem *
find_drive (GListModel *list,
            const char *name)
{
  guint n = g_list_model_get_n_items (list);

  for (guint i = 0; i < n && name; i++)
    {
      g_autoptr(DrivedashDriveItem) item = g_list_model_get_item (list, i);

      if (g_strcmp0 (drivedash_drive_item_get_name (item), name) == 0)
        return g_steal_pointer (&item);
    }
  return NULL;
}

/* The drive asked for by show_drive() first, once: the list it waited
 * for has been looked at.  Then the drive shown, then the first. */
static void
drives_changed_cb (DrivedashHealthModel *self)
{
  GListModel *list = G_LIST_MODEL (self->drives);
  g_autofree char *wanted = g_steal_pointer (&self->wanted);
  g_autoptr(DrivedashDriveItem) keep = find_drive (list, wanted);

  if (keep == NULL && self->drive)
    keep = find_drive (list, drivedash_drive_item_get_name (self->drive));
  if (keep == NULL && g_list_model_get_n_items (list) > 0)
    keep = g_list_model_get_item (list, 0);
  drivedash_health_model_set_drive (self, keep);
}

void
drivedash_health_model_set_drives (DrivedashHealthModel *self,
                                   DrivedashDriveList   *drives)
{
  g_return_if_fail (DRIVEDASH_IS_HEALTH_MODEL (self));

  if (self->drives == drives)
    return;
  if (self->drives)
    g_signal_handlers_disconnect_by_data (self->drives, self);
  g_set_object (&self->drives, drives);
  if (drives)
    g_signal_connect_swapped (drives, "items-changed", G_CALLBACK (drives_changed_cb), self);
  g_object_notify_by_pspec (G_OBJECT (self), drivedash_health_model_pspecs[PROP_DRIVES]);
  if (drives)
    drives_changed_cb (self);
  else
    drivedash_health_model_set_drive (self, NULL);
}

void
drivedash_health_model_show_drive (DrivedashHealthModel *self,
                                   const char           *name)
{
  g_return_if_fail (DRIVEDASH_IS_HEALTH_MODEL (self));
  g_return_if_fail (name != NULL);

  g_free (self->wanted);
  self->wanted = g_strdup (name);
  if (self->drives)
    drives_changed_cb (self);
}

DrivedashDriveList *
drivedash_health_model_get_drives (DrivedashHealthModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_MODEL (self), NULL);
  return self->drives;
}

DrivedashDriveItem *
drivedash_health_model_get_drive (DrivedashHealthModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_MODEL (self), NULL);
  return self->drive;
}

DrivedashHealth *
drivedash_health_model_get_health (DrivedashHealthModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_MODEL (self), NULL);
  return self->health;
}

const char *
drivedash_health_model_get_text (DrivedashHealthModel *self,
                                 const char           *property)
{
  GParamSpec *pspec;

  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_MODEL (self), NULL);

  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (self), property);
  if (pspec == NULL || pspec->param_id >= N_TEXT_PROPS)
    return NULL;
  return self->text[pspec->param_id];
}

/* ---------------------------------------------------------------------- */
/* GObject                                                                 */

static void
drivedash_health_model_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  DrivedashHealthModel *self = DRIVEDASH_HEALTH_MODEL (object);

  if (prop_id > PROP_0 && prop_id < N_TEXT_PROPS)
    {
      g_value_set_string (value, self->text[prop_id]);
      return;
    }
  switch (prop_id)
    {
    case PROP_DRIVES: g_value_set_object (value, self->drives); break;
    case PROP_DRIVE: g_value_set_object (value, self->drive); break;
    case PROP_HEALTH: g_value_set_boxed (value, self->health); break;
    case PROP_VERDICT: g_value_set_enum (value, self->verdict); break;
    case PROP_REASONS: g_value_set_object (value, self->reasons); break;
    case PROP_TEMPERATURE: g_value_set_double (value, self->temperature); break;
    case PROP_WARNING_TEMPERATURE: g_value_set_uint (value, self->warning_temperature); break;
    case PROP_CRITICAL_TEMPERATURE: g_value_set_uint (value, self->critical_temperature); break;
    case PROP_LIFE_LEFT: g_value_set_int (value, self->life_left); break;
    case PROP_GAME_MODE_SUPPORTED: g_value_set_boolean (value, self->game_mode_supported); break;
    case PROP_GAME_MODE_ENABLED: g_value_set_boolean (value, self->game_mode_enabled); break;
    case PROP_GAME_MODE_PERSISTENT: g_value_set_boolean (value, self->game_mode_persistent); break;
    case PROP_CAN_CHANGE_GAME_MODE: g_value_set_boolean (value, self->can_change_game_mode); break;
    case PROP_GAME_MODE_NEEDS_PERMISSION: g_value_set_boolean (value, self->game_mode_needs_permission); break;
    case PROP_SERVICE_MISSING: g_value_set_boolean (value, self->service_missing); break;
    case PROP_SUGGEST_FULL_POWER: g_value_set_boolean (value, self->suggest_full_power); break;
    case PROP_EVENTS: g_value_set_object (value, self->events); break;
    case PROP_BUSY: g_value_set_boolean (value, self->busy); break;
    case PROP_DEMO: g_value_set_boolean (value, self->drive && self->provider->simulated); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_model_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  DrivedashHealthModel *self = DRIVEDASH_HEALTH_MODEL (object);

  switch (prop_id)
    {
    case PROP_DRIVES:
      drivedash_health_model_set_drives (self, g_value_get_object (value));
      break;
    case PROP_DRIVE:
      drivedash_health_model_set_drive (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_model_dispose (GObject *object)
{
  DrivedashHealthModel *self = DRIVEDASH_HEALTH_MODEL (object);

  /* Nobody is left to see the answers. */
  g_cancellable_cancel (self->load_cancellable);
  g_cancellable_cancel (self->readings_cancellable);
  for (guint i = 0; i < self->requests->len; i++)
    g_cancellable_cancel (g_ptr_array_index (self->requests, i));
  start_timers (self, FALSE);
  if (self->drives)
    g_signal_handlers_disconnect_by_data (self->drives, self);
  g_clear_object (&self->drives);
  g_clear_object (&self->drive);
  g_clear_object (&self->service_watch);
  G_OBJECT_CLASS (drivedash_health_model_parent_class)->dispose (object);
}

static void
drivedash_health_model_finalize (GObject *object)
{
  DrivedashHealthModel *self = DRIVEDASH_HEALTH_MODEL (object);

  g_clear_object (&self->load_cancellable);
  g_ptr_array_unref (self->requests);
  g_clear_object (&self->reasons);
  g_clear_object (&self->events);
  g_clear_pointer (&self->event_log, drivedash_event_log_free);
  g_clear_pointer (&self->readings, g_array_unref);
  g_clear_object (&self->readings_cancellable);
  g_free (self->readings_key);
  g_clear_pointer (&self->health, drivedash_health_unref);
  g_clear_pointer (&self->game_mode, drivedash_game_mode_free);
  g_free (self->full_power_error);
  for (guint i = 0; i < N_TEXT_PROPS; i++)
    g_free (self->text[i]);
  g_free (self->wanted);
  G_OBJECT_CLASS (drivedash_health_model_parent_class)->finalize (object);
}

static void
install_properties (GObjectClass *object_class)
{
  static const struct { guint id; const char *name; } texts[] = {
    { PROP_TITLE, "title" },                      /* "Your drive is healthy." */
    { PROP_DRIVE_TEXT, "drive-text" },            /* "model · nvme0" */
    { PROP_REASONS_TEXT, "reasons-text" },        /* the reasons, one a line */
    { PROP_TEMPERATURE_TEXT, "temperature-text" },
    { PROP_TEMPERATURE_SUBTITLE, "temperature-subtitle" },
    { PROP_LIMITS_TEXT, "limits-text" },
    { PROP_LIFE_TEXT, "life-text" },
    { PROP_WRITTEN_TEXT, "written-text" },
    { PROP_WRITTEN_SUBTITLE, "written-subtitle" },
    { PROP_READ_TEXT, "read-text" },
    { PROP_HOURS_TEXT, "hours-text" },
    { PROP_UNSAFE_TEXT, "unsafe-text" },
    { PROP_MEDIA_TEXT, "media-text" },
    { PROP_GAME_MODE_TEXT, "game-mode-text" },
    { PROP_EVENTS_TEXT, "events-text" },          /* what the kernel reported, or why it can't be read */
    { PROP_FULL_POWER_TEXT, "full-power-text" },  /* NULL: nothing to offer or say */
    { PROP_PARTIAL, "partial" },                  /* NULL: nothing is missing */
    { PROP_PARTIAL_DETAILS, "partial-details" },  /* the raw messages behind it, or NULL */
    { PROP_ERROR, "error" },                      /* NULL: the last read worked */
  };
  static const struct { guint id; const char *name; } flags[] = {
    { PROP_GAME_MODE_SUPPORTED, "game-mode-supported" },
    { PROP_GAME_MODE_ENABLED, "game-mode-enabled" },
    { PROP_GAME_MODE_PERSISTENT, "game-mode-persistent" },
    { PROP_CAN_CHANGE_GAME_MODE, "can-change-game-mode" },
    { PROP_GAME_MODE_NEEDS_PERMISSION, "game-mode-needs-permission" },
    { PROP_SERVICE_MISSING, "service-missing" },  /* the partial report's cure is installing it */
    { PROP_SUGGEST_FULL_POWER, "suggest-full-power" },  /* offer Keep at Full Power */
    { PROP_BUSY, "busy" },
    { PROP_DEMO, "demo" },
  };
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    drivedash_health_model_pspecs[texts[i].id] = g_param_spec_string (texts[i].name, NULL, NULL, NULL, ro);
  for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
    drivedash_health_model_pspecs[flags[i].id] = g_param_spec_boolean (flags[i].name, NULL, NULL, FALSE, ro);
  drivedash_health_model_pspecs[PROP_DRIVES] = g_param_spec_object ("drives", NULL, NULL, DRIVEDASH_TYPE_DRIVE_LIST,
                                                 G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  drivedash_health_model_pspecs[PROP_DRIVE] = g_param_spec_object ("drive", NULL, NULL, DRIVEDASH_TYPE_DRIVE_ITEM,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  drivedash_health_model_pspecs[PROP_HEALTH] = g_param_spec_boxed ("health", NULL, NULL, DRIVEDASH_TYPE_HEALTH, ro);
  drivedash_health_model_pspecs[PROP_VERDICT] = g_param_spec_enum ("verdict", NULL, NULL, DRIVEDASH_TYPE_VERDICT,
                                                DRIVEDASH_VERDICT_UNKNOWN, ro);
  drivedash_health_model_pspecs[PROP_REASONS] = g_param_spec_object ("reasons", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  /* DrivedashHealthEventItem, one per kind of kernel event, most serious first. */
  drivedash_health_model_pspecs[PROP_EVENTS] = g_param_spec_object ("events", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  /* Kelvin; 0 while unknown. */
  drivedash_health_model_pspecs[PROP_TEMPERATURE] = g_param_spec_double ("temperature", NULL, NULL, 0, G_MAXDOUBLE, 0, ro);
  drivedash_health_model_pspecs[PROP_WARNING_TEMPERATURE] = g_param_spec_uint ("warning-temperature", NULL, NULL, 0, G_MAXUINT, 0, ro);
  drivedash_health_model_pspecs[PROP_CRITICAL_TEMPERATURE] = g_param_spec_uint ("critical-temperature", NULL, NULL, 0, G_MAXUINT, 0, ro);
  /* Percent, -1 while unknown. */
  drivedash_health_model_pspecs[PROP_LIFE_LEFT] = g_param_spec_int ("life-left", NULL, NULL, -1, 100, -1, ro);
  g_object_class_install_properties (object_class, N_PROPS, drivedash_health_model_pspecs);
}

static void
drivedash_health_model_class_init (DrivedashHealthModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = drivedash_health_model_get_property;
  object_class->set_property = drivedash_health_model_set_property;
  object_class->dispose = drivedash_health_model_dispose;
  object_class->finalize = drivedash_health_model_finalize;
  install_properties (object_class);

  /* A live temperature reading: seconds on the model's clock, °C. */
  drivedash_health_model_signals[SIGNAL_TEMPERATURE_SAMPLE] =
    g_signal_new ("temperature-sample", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
  /* Another drive: the history so far is not its history. */
  drivedash_health_model_signals[SIGNAL_TEMPERATURE_RESET] =
    g_signal_new ("temperature-reset", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /* A short message for people. */
  drivedash_health_model_signals[SIGNAL_TOAST] =
    g_signal_new ("toast", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  /* Too long for a toast: the message says what to do. */
  drivedash_health_model_signals[SIGNAL_SELF_TEST_FAILED] =
    g_signal_new ("self-test-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  /* Every game-mode answer, also when nothing changed. */
  drivedash_health_model_signals[SIGNAL_GAME_MODE_SETTLED] =
    g_signal_new ("game-mode-settled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /* An answer shown where its button is, to be said aloud too. */
  drivedash_health_model_signals[SIGNAL_ANNOUNCE] =
    g_signal_new ("announce", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

/* The service installed (its name owned, or startable) while the page
 * offers it: read the drive again, which asks it, without a restart. */
static void
service_available_cb (DrivedashServiceWatch *watch,
                      GParamSpec            *pspec,
                      DrivedashHealthModel  *self)
{
  if (drivedash_service_watch_get_available (watch) && self->service_missing)
    drivedash_health_model_refresh (self);
}

static void
drivedash_health_model_init (DrivedashHealthModel *self)
{
  self->requests = g_ptr_array_new_with_free_func (g_object_unref);
  self->reasons = gtk_string_list_new (NULL);
  self->events = g_list_store_new (DRIVEDASH_TYPE_HEALTH_EVENT_ITEM);
  self->life_left = -1;
  self->started_us = g_get_monotonic_time ();
  self->service_watch = drivedash_service_watch_new (SERVICE_POLL_S);
  g_signal_connect_object (self->service_watch, "notify::available", G_CALLBACK (service_available_cb), self, 0);
}

DrivedashHealthModel *
drivedash_health_model_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_HEALTH_MODEL, NULL);
}
