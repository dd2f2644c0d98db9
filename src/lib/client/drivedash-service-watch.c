/* drivedash-service-watch.c — the system service coming and going
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-client.h"
#include "drivedash-service-watch.h"

struct _DrivedashServiceWatch
{
  GObject          parent_instance;
  guint            watch_id;
  guint            poll_s;
  guint            poll_source;
  GDBusConnection *bus;          /* from the name watch; NULL: no system bus */
  GCancellable    *cancellable;
  gboolean         owned;
  gboolean         activatable;
  gboolean         available;
};

G_DEFINE_FINAL_TYPE (DrivedashServiceWatch, drivedash_service_watch, G_TYPE_OBJECT)

enum { PROP_0, PROP_AVAILABLE, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
update (DrivedashServiceWatch *self)
{
  gboolean available = self->owned || self->activatable;

  /* Startable now: no more asking. */
  if (self->activatable)
    g_clear_handle_id (&self->poll_source, g_source_remove);
  if (self->available == available)
    return;
  self->available = available;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AVAILABLE]);
}

static void
activatable_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, NULL);
  g_autofree const char **names = NULL;
  DrivedashServiceWatch *self;

  /* Cancelled: the watch is gone. */
  if (reply == NULL)
    return;
  self = DRIVEDASH_SERVICE_WATCH (user_data);
  g_variant_get (reply, "(^a&s)", &names);
  self->activatable = g_strv_contains (names, DRIVEDASH_SERVICE_BUS_NAME);
  update (self);
}

static gboolean
poll_cb (gpointer data)
{
  DrivedashServiceWatch *self = data;

  g_dbus_connection_call (self->bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                          "ListActivatableNames", NULL, G_VARIANT_TYPE ("(as)"), G_DBUS_CALL_FLAGS_NONE, -1,
                          self->cancellable, activatable_cb, self);
  return G_SOURCE_CONTINUE;
}

static void
appeared_cb (GDBusConnection *bus,
             const char      *name,
             const char      *owner,
             gpointer         data)
{
  DrivedashServiceWatch *self = data;

  self->owned = TRUE;
  update (self);
}

static void
vanished_cb (GDBusConnection *bus,
             const char      *name,
             gpointer         data)
{
  DrivedashServiceWatch *self = data;

  self->owned = FALSE;
  if (bus != NULL && self->bus == NULL)
    {
      self->bus = g_object_ref (bus);
      poll_cb (self);
      self->poll_source = g_timeout_add_seconds (self->poll_s, poll_cb, self);
    }
  update (self);
}

static void
drivedash_service_watch_dispose (GObject *object)
{
  DrivedashServiceWatch *self = DRIVEDASH_SERVICE_WATCH (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->watch_id, g_bus_unwatch_name);
  g_clear_handle_id (&self->poll_source, g_source_remove);
  g_clear_object (&self->bus);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (drivedash_service_watch_parent_class)->dispose (object);
}

static void
drivedash_service_watch_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_AVAILABLE:
      g_value_set_boolean (value, DRIVEDASH_SERVICE_WATCH (object)->available);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_service_watch_class_init (DrivedashServiceWatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = drivedash_service_watch_dispose;
  object_class->get_property = drivedash_service_watch_get_property;
  properties[PROP_AVAILABLE] = g_param_spec_boolean ("available", NULL, NULL, FALSE,
                                                     G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                     G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_service_watch_init (DrivedashServiceWatch *self)
{
  self->cancellable = g_cancellable_new ();
}

DrivedashServiceWatch *
drivedash_service_watch_new (guint poll_s)
{
  DrivedashServiceWatch *self = g_object_new (DRIVEDASH_TYPE_SERVICE_WATCH, NULL);

  self->poll_s = MAX (poll_s, 1);
  self->watch_id = g_bus_watch_name (G_BUS_TYPE_SYSTEM, DRIVEDASH_SERVICE_BUS_NAME, G_BUS_NAME_WATCHER_FLAGS_NONE,
                                     appeared_cb, vanished_cb, self, NULL);
  return self;
}

gboolean
drivedash_service_watch_get_available (DrivedashServiceWatch *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_SERVICE_WATCH (self), FALSE);
  return self->available;
}
