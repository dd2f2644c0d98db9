/* drivedash-watch-hint.c — the first-run offer to watch drives in the
 * background
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-autostart.h"
#include "drivedash-watch-hint.h"

struct _DrivedashWatchHint
{
  GObject    parent_instance;

  GSettings    *settings;
  GCancellable *cancellable;  /* the portal's answer, while "busy" */
  char         *message;
  gboolean      watching;
  gboolean      dismissed;
  gboolean      busy;
};

G_DEFINE_FINAL_TYPE (DrivedashWatchHint, drivedash_watch_hint, G_TYPE_OBJECT)

enum { PROP_0, PROP_WATCHING, PROP_DISMISSED, PROP_VISIBLE, PROP_BUSY, PROP_MESSAGE, N_PROPS };
static GParamSpec *properties[N_PROPS];

gboolean
drivedash_watch_hint_get_visible (DrivedashWatchHint *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_WATCH_HINT (self), FALSE);
  /* Still shown while the desktop is asked: the setting is already on. */
  return (!self->watching || self->busy) && !self->dismissed;
}

gboolean
drivedash_watch_hint_get_busy (DrivedashWatchHint *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_WATCH_HINT (self), FALSE);
  return self->busy;
}

const char *
drivedash_watch_hint_get_message (DrivedashWatchHint *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_WATCH_HINT (self), NULL);
  return self->message;
}

static void
set_message (DrivedashWatchHint *self,
             const char         *message)
{
  if (g_strcmp0 (self->message, message) == 0)
    return;
  g_free (self->message);
  self->message = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
}

static void
set_flag (DrivedashWatchHint *self,
          gboolean           *flag,
          gboolean            value,
          guint               prop_id)
{
  gboolean was_visible = drivedash_watch_hint_get_visible (self);

  value = !!value;
  if (*flag == value)
    return;
  *flag = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
  if (was_visible != drivedash_watch_hint_get_visible (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VISIBLE]);
}

static void
applied (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(DrivedashWatchHint) self = user_data;
  g_autoptr(GError) error = NULL;

  if (drivedash_autostart_apply_finish (result, &error) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      set_flag (self, &self->busy, FALSE, PROP_BUSY);
      return;
    }
  set_message (self, error->message);
  /* Nothing will start at login: the setting must not say it will. */
  set_flag (self, &self->watching, FALSE, PROP_WATCHING);
  set_flag (self, &self->busy, FALSE, PROP_BUSY);
}

void
drivedash_watch_hint_turn_on (DrivedashWatchHint *self)
{
  g_return_if_fail (DRIVEDASH_IS_WATCH_HINT (self));

  /* One question at a time: the portal may be showing a dialog. */
  if (self->busy)
    return;
  set_message (self, NULL);
  set_flag (self, &self->busy, TRUE, PROP_BUSY);
  set_flag (self, &self->watching, TRUE, PROP_WATCHING);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  drivedash_autostart_apply_async (TRUE, self->cancellable, applied, g_object_ref (self));
}

void
drivedash_watch_hint_dismiss (DrivedashWatchHint *self)
{
  g_return_if_fail (DRIVEDASH_IS_WATCH_HINT (self));
  set_flag (self, &self->dismissed, TRUE, PROP_DISMISSED);
}

static void
drivedash_watch_hint_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  DrivedashWatchHint *self = DRIVEDASH_WATCH_HINT (object);

  switch (prop_id)
    {
    case PROP_WATCHING:
      g_value_set_boolean (value, self->watching);
      break;
    case PROP_DISMISSED:
      g_value_set_boolean (value, self->dismissed);
      break;
    case PROP_VISIBLE:
      g_value_set_boolean (value, drivedash_watch_hint_get_visible (self));
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_watch_hint_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  DrivedashWatchHint *self = DRIVEDASH_WATCH_HINT (object);

  switch (prop_id)
    {
    case PROP_WATCHING:
      set_flag (self, &self->watching, g_value_get_boolean (value), PROP_WATCHING);
      break;
    case PROP_DISMISSED:
      set_flag (self, &self->dismissed, g_value_get_boolean (value), PROP_DISMISSED);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_watch_hint_dispose (GObject *object)
{
  DrivedashWatchHint *self = DRIVEDASH_WATCH_HINT (object);

  if (self->settings != NULL)
    {
      g_settings_unbind (self, "watching");
      g_settings_unbind (self, "dismissed");
    }
  g_clear_object (&self->settings);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (drivedash_watch_hint_parent_class)->dispose (object);
}

static void
drivedash_watch_hint_finalize (GObject *object)
{
  DrivedashWatchHint *self = DRIVEDASH_WATCH_HINT (object);

  g_free (self->message);
  G_OBJECT_CLASS (drivedash_watch_hint_parent_class)->finalize (object);
}

static void
drivedash_watch_hint_class_init (DrivedashWatchHintClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_watch_hint_get_property;
  object_class->set_property = drivedash_watch_hint_set_property;
  object_class->dispose = drivedash_watch_hint_dispose;
  object_class->finalize = drivedash_watch_hint_finalize;

  properties[PROP_WATCHING] = g_param_spec_boolean ("watching", NULL, NULL, FALSE, flags);
  properties[PROP_DISMISSED] = g_param_spec_boolean ("dismissed", NULL, NULL, FALSE, flags);
  properties[PROP_VISIBLE] = g_param_spec_boolean ("visible", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MESSAGE] = g_param_spec_string ("message", NULL, NULL, NULL,
                                                  G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_watch_hint_init (DrivedashWatchHint *self)
{
}

DrivedashWatchHint *
drivedash_watch_hint_new (GSettings *settings)
{
  DrivedashWatchHint *self = g_object_new (DRIVEDASH_TYPE_WATCH_HINT, NULL);

  self->settings = g_object_ref (settings);
  g_settings_bind (settings, "watch-in-background", self, "watching", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "watch-hint-dismissed", self, "dismissed", G_SETTINGS_BIND_DEFAULT);
  return self;
}
