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

  GSettings *settings;
  gboolean   watching;
  gboolean   dismissed;
};

G_DEFINE_FINAL_TYPE (DrivedashWatchHint, drivedash_watch_hint, G_TYPE_OBJECT)

enum { PROP_0, PROP_WATCHING, PROP_DISMISSED, PROP_VISIBLE, N_PROPS };
static GParamSpec *properties[N_PROPS];

gboolean
drivedash_watch_hint_get_visible (DrivedashWatchHint *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_WATCH_HINT (self), FALSE);
  return !self->watching && !self->dismissed;
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

gboolean
drivedash_watch_hint_turn_on (DrivedashWatchHint  *self,
                              GError             **error)
{
  g_return_val_if_fail (DRIVEDASH_IS_WATCH_HINT (self), FALSE);

  set_flag (self, &self->watching, TRUE, PROP_WATCHING);
  if (!drivedash_autostart_apply (TRUE, error))
    {
      /* Nothing will start at login: the switch must not say it will. */
      set_flag (self, &self->watching, FALSE, PROP_WATCHING);
      return FALSE;
    }
  return TRUE;
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
  G_OBJECT_CLASS (drivedash_watch_hint_parent_class)->dispose (object);
}

static void
drivedash_watch_hint_class_init (DrivedashWatchHintClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_watch_hint_get_property;
  object_class->set_property = drivedash_watch_hint_set_property;
  object_class->dispose = drivedash_watch_hint_dispose;

  properties[PROP_WATCHING] = g_param_spec_boolean ("watching", NULL, NULL, FALSE, flags);
  properties[PROP_DISMISSED] = g_param_spec_boolean ("dismissed", NULL, NULL, FALSE, flags);
  properties[PROP_VISIBLE] = g_param_spec_boolean ("visible", NULL, NULL, FALSE,
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
