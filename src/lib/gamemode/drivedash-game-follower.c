/* drivedash-game-follower.c — game mode that follows your games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-game-follower-private.h"

struct _DrivedashGameFollower
{
  GObject               parent_instance;
  GDBusConnection      *session;
  DrivedashGameSource   source;
  GStrv                 controllers;
  char                 *sysfs_root;       /* copies of the paths */
  char                 *udev_rules_dir;
  char                 *state_dir;
  gboolean              have_paths;
  DrivedashClientFlags  flags;
  guint                 watch_id;
  guint                 subscriptions[3];
  GCancellable         *cancellable;
  gboolean              games_running;
  gboolean              active;           /* our "on" phase is applied */
  gboolean              busy;             /* a switch is queued or runs */
  GTask                *pending;          /* that switch, while busy */
  gboolean              stopped;          /* no more following: see stop () */
  GStrv                 ours;             /* the controllers we turned on */
  GDBusConnection      *system;           /* held while ours is set */
  char                 *error;
};

G_DEFINE_FINAL_TYPE (DrivedashGameFollower, drivedash_game_follower, G_TYPE_OBJECT)

enum { PROP_0, PROP_GAMES_RUNNING, PROP_ACTIVE, PROP_ERROR, N_PROPS };
static GParamSpec *properties[N_PROPS];

typedef struct
{
  const char *name;
  const char *path;
  const char *iface;
  const char *property;
} SourceInfo;

static const SourceInfo sources[] = {
  { "com.feralinteractive.GameMode", "/com/feralinteractive/GameMode",
    "com.feralinteractive.GameMode", "ClientCount" },
  { "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
    "org.freedesktop.portal.GameMode", "Active" },
};

static void update (DrivedashGameFollower *self);
static void release_ours (DrivedashGameFollower *self);

static void
set_games_running (DrivedashGameFollower *self,
                   gboolean               running)
{
  if (self->games_running == running)
    return;
  self->games_running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAMES_RUNNING]);
  update (self);
}

static void
set_error (DrivedashGameFollower *self,
           const char            *message)
{
  if (g_strcmp0 (self->error, message) == 0)
    return;
  g_free (self->error);
  self->error = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

/* ClientCount (i) > 0, or Active (b). */
static void
take_value (DrivedashGameFollower *self,
            GVariant              *value)
{
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT32))
    set_games_running (self, g_variant_get_int32 (value) > 0);
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN))
    set_games_running (self, g_variant_get_boolean (value));
}

static void
got_property (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(DrivedashGameFollower) self = user_data;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, NULL);
  g_autoptr(GVariant) value = NULL;

  if (reply == NULL || self->watch_id == 0)
    return;
  g_variant_get (reply, "(v)", &value);
  take_value (self, value);
}

static void
read_property (DrivedashGameFollower *self)
{
  const SourceInfo *info = &sources[self->source];

  g_dbus_connection_call (self->session, info->name, info->path, "org.freedesktop.DBus.Properties",
                          "Get", g_variant_new ("(ss)", info->iface, info->property),
                          G_VARIANT_TYPE ("(v)"), G_DBUS_CALL_FLAGS_NONE, -1, self->cancellable,
                          got_property, g_object_ref (self));
}

static void
on_properties_changed (GDBusConnection *connection,
                       const char      *sender,
                       const char      *path,
                       const char      *iface,
                       const char      *signal,
                       GVariant        *parameters,
                       gpointer         user_data)
{
  DrivedashGameFollower *self = user_data;
  g_autoptr(GVariant) changed = NULL;
  g_autoptr(GVariant) value = NULL;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(sa{sv}as)")))
    return;
  changed = g_variant_get_child_value (parameters, 1);
  value = g_variant_lookup_value (changed, sources[self->source].property, NULL);
  if (value != NULL)
    take_value (self, value);
  else
    read_property (self);
}

/* GameRegistered/GameUnregistered: the count is read again, in case a
 * gamemoded does not send PropertiesChanged. */
static void
on_game_signal (GDBusConnection *connection,
                const char      *sender,
                const char      *path,
                const char      *iface,
                const char      *signal,
                GVariant        *parameters,
                gpointer         user_data)
{
  read_property (user_data);
}

static void
unsubscribe (DrivedashGameFollower *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->subscriptions); i++)
    if (self->subscriptions[i] != 0)
      {
        g_dbus_connection_signal_unsubscribe (self->session, self->subscriptions[i]);
        self->subscriptions[i] = 0;
      }
}

static void
name_appeared (GDBusConnection *connection,
               const char      *name,
               const char      *owner,
               gpointer         user_data)
{
  DrivedashGameFollower *self = user_data;
  const SourceInfo *info = &sources[self->source];

  unsubscribe (self);
  self->subscriptions[0] =
    g_dbus_connection_signal_subscribe (connection, owner, "org.freedesktop.DBus.Properties",
                                        "PropertiesChanged", info->path, info->iface,
                                        G_DBUS_SIGNAL_FLAGS_NONE, on_properties_changed, self, NULL);
  if (self->source == DRIVEDASH_GAME_SOURCE_FERAL)
    {
      self->subscriptions[1] =
        g_dbus_connection_signal_subscribe (connection, owner, info->iface, "GameRegistered",
                                            info->path, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                            on_game_signal, self, NULL);
      self->subscriptions[2] =
        g_dbus_connection_signal_subscribe (connection, owner, info->iface, "GameUnregistered",
                                            info->path, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                            on_game_signal, self, NULL);
    }
  read_property (self);
}

/* gamemoded gone (it exits when idle, or crashed): no game is running
 * that it knows of. */
static void
name_vanished (GDBusConnection *connection,
               const char      *name,
               gpointer         user_data)
{
  DrivedashGameFollower *self = user_data;

  unsubscribe (self);
  set_games_running (self, FALSE);
}

/* Owns all it points to: the last switch off may outlive the follower. */
typedef struct
{
  gboolean              on;
  GStrv                 controllers;  /* on: all to try; off: ours */
  DrivedashPowerPaths   paths;
  char                 *sysfs_root;   /* what paths point to */
  char                 *udev_rules_dir;
  char                 *state_dir;
  gboolean              have_paths;
  DrivedashClientFlags  flags;
  GPtrArray            *switched;     /* on: the ones turned on */
  GTask                *after_on;     /* off: undo what this switch-on did */
  GDBusConnection      *system;
  char                 *error;
} SwitchData;

static void
switch_data_free (SwitchData *data)
{
  g_strfreev (data->controllers);
  g_free (data->sysfs_root);
  g_free (data->udev_rules_dir);
  g_free (data->state_dir);
  g_ptr_array_unref (data->switched);
  g_clear_object (&data->after_on);
  g_clear_object (&data->system);
  g_free (data->error);
  g_free (data);
}

/* On: every controller where game mode is off (drives without APST are
 * skipped).  Off: ours, unless someone made it persistent or turned it
 * off meanwhile; a plain SetGameMode also ends the service's temporary
 * record. */
static void
switch_one (SwitchData   *data,
            const char   *controller,
            GCancellable *cancellable)
{
  const DrivedashPowerPaths *paths = data->have_paths ? &data->paths : NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashGameMode) state =
    drivedash_client_get_game_mode (paths, controller, data->flags, NULL, cancellable, &error);
  g_autoptr(DrivedashGameMode) after = NULL;

  if (state == NULL || !state->supported)
    return;
  if (data->on && !state->enabled)
    after = drivedash_client_set_game_mode_temporary (paths, controller, TRUE, data->flags,
                                                      NULL, cancellable, &error);
  else if (!data->on && state->enabled && !state->persistent)
    after = drivedash_client_set_game_mode (paths, controller, FALSE, FALSE, data->flags,
                                            NULL, cancellable, &error);
  else
    return;
  if (after == NULL)
    {
      if (data->error == NULL)
        data->error = g_strdup (error->message);
      return;
    }
  if (data->on)
    g_ptr_array_add (data->switched, g_strdup (controller));
}

static guint on_delay_ms;
static guint off_delay_ms;

void
drivedash_game_follower_set_delays_for_testing (guint on_ms,
                                                guint off_ms)
{
  on_delay_ms = on_ms;
  off_delay_ms = off_ms;
}

/* What ends in the array (not NULL-terminated), as a new GStrv. */
static GStrv
switched_strv (SwitchData *data)
{
  GStrv out = g_new0 (char *, data->switched->len + 1);

  for (guint i = 0; i < data->switched->len; i++)
    out[i] = g_strdup (g_ptr_array_index (data->switched, i));
  return out;
}

static void
switch_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  SwitchData *data = task_data;
  g_auto(GStrv) from_on = NULL;
  GStrv controllers = data->controllers;

  /* The temporary change lasts as long as this connection: held by the
   * follower until it turns game mode off again. */
  g_usleep ((data->on ? on_delay_ms : off_delay_ms) * (G_USEC_PER_SEC / 1000));
  if (data->on)
    data->system = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, NULL);
  /* Stopped while switching on: that switch has ended (the queue runs
   * one at a time), and its array is only read from now on. */
  if (data->after_on != NULL)
    controllers = from_on = switched_strv (g_task_get_task_data (data->after_on));
  for (guint i = 0; controllers[i] != NULL; i++)
    switch_one (data, controllers[i], cancellable);
  g_task_return_boolean (task, TRUE);
}

static void
run_queued (gpointer task,
            gpointer user_data)
{
  switch_thread (task, g_task_get_source_object (task), g_task_get_task_data (task),
                 g_task_get_cancellable (task));
  g_object_unref (task);
}

/* Every switch in the process, of every follower, one at a time and in
 * the order asked: a follower replaced during a game (the setting off and
 * straight back on) must not read "game mode on" before the old one's
 * switch-off, and then see it go off under the game. */
static void
queue_switch (GTask *task)
{
  static GThreadPool *pool;

  if (g_once_init_enter (&pool))
    g_once_init_leave (&pool, g_thread_pool_new (run_queued, NULL, 1, FALSE, NULL));
  g_thread_pool_push (pool, g_object_ref (task), NULL);
}

static void
switch_done (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  DrivedashGameFollower *self = DRIVEDASH_GAME_FOLLOWER (object);
  SwitchData *data = g_task_get_task_data (G_TASK (result));

  self->busy = FALSE;
  g_clear_object (&self->pending);
  /* Stopped while switching: stop () queued the switch-off already. */
  if (self->stopped)
    return;
  if (data->on)
    {
      g_strfreev (self->ours);
      self->ours = switched_strv (data);
      g_set_object (&self->system, data->system);
    }
  else
    {
      g_clear_pointer (&self->ours, g_strfreev);
      g_clear_object (&self->system);
    }
  set_error (self, data->error);
  if (self->active != data->on)
    {
      self->active = data->on;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
    }
  /* A game that started or ended while switching. */
  update (self);
}

static SwitchData *
switch_data_new (DrivedashGameFollower *self,
                 gboolean               on)
{
  SwitchData *data = g_new0 (SwitchData, 1);

  data->on = on;
  data->controllers = g_strdupv (on ? self->controllers : self->ours);
  data->have_paths = self->have_paths;
  data->sysfs_root = g_strdup (self->sysfs_root);
  data->udev_rules_dir = g_strdup (self->udev_rules_dir);
  data->state_dir = g_strdup (self->state_dir);
  data->paths = *drivedash_power_paths_default ();
  drivedash_power_paths_override (&data->paths, data->sysfs_root, data->udev_rules_dir, data->state_dir);
  data->flags = self->flags;
  data->switched = g_ptr_array_new_with_free_func (g_free);
  return data;
}

/* Not cancellable: a switch cut short would lose which drives it turned
 * on.  Each call to drivedashd has its own timeout. */
static void
start_switch (DrivedashGameFollower *self,
              gboolean               on)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, switch_done, NULL);

  self->busy = TRUE;
  g_set_object (&self->pending, task);
  g_task_set_task_data (task, switch_data_new (self, on), (GDestroyNotify) switch_data_free);
  queue_switch (task);
}

/* Turns off what this follower turned on, by the same rule as when the
 * last game ends, in a task of its own: the follower may be gone before
 * it ends.  Letting go of the system bus is not enough: the connection is
 * the process's shared one, kept open by anyone else in the process who
 * holds it (the watch, on UDisks2), so drivedashd may never see us leave. */
static void
release_ours (DrivedashGameFollower *self)
{
  g_autoptr(GTask) task = NULL;
  SwitchData *data;
  SwitchData *pending = self->pending != NULL ? g_task_get_task_data (self->pending) : NULL;

  if ((self->ours != NULL && self->ours[0] != NULL) || (pending != NULL && pending->on))
    {
      task = g_task_new (NULL, NULL, NULL, NULL);
      data = switch_data_new (self, FALSE);
      data->system = g_steal_pointer (&self->system);
      /* Queued behind a switch-on under way: what it turns on goes off. */
      if (pending != NULL && pending->on)
        data->after_on = g_object_ref (self->pending);
      g_task_set_task_data (task, data, (GDestroyNotify) switch_data_free);
      queue_switch (task);
    }
  g_clear_pointer (&self->ours, g_strfreev);
  g_clear_object (&self->system);
}

static void
update (DrivedashGameFollower *self)
{
  if (self->stopped || self->busy || self->games_running == self->active)
    return;
  if (!self->games_running && (self->ours == NULL || self->ours[0] == NULL))
    {
      /* Nothing of ours to undo. */
      self->active = FALSE;
      g_clear_object (&self->system);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
      return;
    }
  start_switch (self, self->games_running);
}

DrivedashGameFollower *
drivedash_game_follower_new (GDBusConnection           *session,
                             DrivedashGameSource        source,
                             const char * const        *controllers,
                             const DrivedashPowerPaths *paths,
                             DrivedashClientFlags       flags)
{
  DrivedashGameFollower *self = g_object_new (DRIVEDASH_TYPE_GAME_FOLLOWER, NULL);
  const SourceInfo *info;

  g_return_val_if_fail (G_IS_DBUS_CONNECTION (session), NULL);
  g_return_val_if_fail (source <= DRIVEDASH_GAME_SOURCE_PORTAL, NULL);
  self->session = g_object_ref (session);
  self->source = source;
  self->controllers = g_strdupv ((GStrv) controllers);
  if (paths != NULL)
    {
      self->have_paths = TRUE;
      self->sysfs_root = g_strdup (paths->sysfs_root);
      self->udev_rules_dir = g_strdup (paths->udev_rules_dir);
      self->state_dir = g_strdup (paths->state_dir);
    }
  self->flags = flags;
  info = &sources[source];
  self->watch_id = g_bus_watch_name_on_connection (session, info->name, G_BUS_NAME_WATCHER_FLAGS_NONE,
                                                   name_appeared, name_vanished, self, NULL);
  return self;
}

gboolean
drivedash_game_follower_get_games_running (DrivedashGameFollower *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_GAME_FOLLOWER (self), FALSE);
  return self->games_running;
}

gboolean
drivedash_game_follower_get_active (DrivedashGameFollower *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_GAME_FOLLOWER (self), FALSE);
  return self->active;
}

const char *
drivedash_game_follower_get_error (DrivedashGameFollower *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_GAME_FOLLOWER (self), NULL);
  return self->error;
}

static void
drivedash_game_follower_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  DrivedashGameFollower *self = DRIVEDASH_GAME_FOLLOWER (object);

  switch (prop_id)
    {
    case PROP_GAMES_RUNNING:
      g_value_set_boolean (value, self->games_running);
      break;
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stop_following (DrivedashGameFollower *self)
{
  if (self->stopped)
    return;
  self->stopped = TRUE;
  g_cancellable_cancel (self->cancellable);
  if (self->watch_id != 0)
    {
      g_bus_unwatch_name (self->watch_id);
      self->watch_id = 0;
    }
  if (self->session != NULL)
    unsubscribe (self);
  release_ours (self);
}

void
drivedash_game_follower_stop (DrivedashGameFollower *self)
{
  g_return_if_fail (DRIVEDASH_IS_GAME_FOLLOWER (self));
  stop_following (self);
  if (self->active)
    {
      self->active = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
    }
}

/* Dropping the follower stops it as drivedash_game_follower_stop () does,
 * without telling: a dying object's notifications reach no one useful. */
static void
drivedash_game_follower_dispose (GObject *object)
{
  DrivedashGameFollower *self = DRIVEDASH_GAME_FOLLOWER (object);

  stop_following (self);
  g_clear_object (&self->system);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (drivedash_game_follower_parent_class)->dispose (object);
}

static void
drivedash_game_follower_finalize (GObject *object)
{
  DrivedashGameFollower *self = DRIVEDASH_GAME_FOLLOWER (object);

  g_strfreev (self->controllers);
  g_strfreev (self->ours);
  g_clear_object (&self->system);
  g_clear_object (&self->pending);
  g_free (self->sysfs_root);
  g_free (self->udev_rules_dir);
  g_free (self->state_dir);
  g_free (self->error);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (drivedash_game_follower_parent_class)->finalize (object);
}

static void
drivedash_game_follower_class_init (DrivedashGameFollowerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = drivedash_game_follower_get_property;
  object_class->dispose = drivedash_game_follower_dispose;
  object_class->finalize = drivedash_game_follower_finalize;
  properties[PROP_GAMES_RUNNING] =
    g_param_spec_boolean ("games-running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERROR] =
    g_param_spec_string ("error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_game_follower_init (DrivedashGameFollower *self)
{
  self->cancellable = g_cancellable_new ();
}
