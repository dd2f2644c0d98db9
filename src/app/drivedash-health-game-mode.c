/* drivedash-health-game-mode.c — the game-mode switches
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The switches show the state read back from the system, not the wish:
 * a click asks the model for a change and leaves the switch's state where
 * it is until the answer comes (GtkSwitch's delayed state).
 */
#include "config.h"

#include "drivedash-health-game-mode.h"

struct _DrivedashHealthGameMode
{
  AdwPreferencesGroup   parent_instance;

  GtkSwitch            *game_switch;
  GtkSwitch            *persist_switch;

  DrivedashHealthModel *model;
  GSignalGroup         *signals;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthGameMode, drivedash_health_game_mode, ADW_TYPE_PREFERENCES_GROUP)

enum { PROP_0, PROP_MODEL, N_PROPS };
static GParamSpec *properties[N_PROPS];

static gboolean
model_flag (DrivedashHealthGameMode *self,
            const char              *name)
{
  gboolean value = FALSE;

  g_object_get (self->model, name, &value, NULL);
  return value;
}

static gboolean
game_switch_state_set_cb (GtkSwitch               *sw,
                          gboolean                 active,
                          DrivedashHealthGameMode *self)
{
  /* The binding catching up with the model: take it as it is. */
  if (self->model == NULL || active == model_flag (self, "game-mode-enabled"))
    return FALSE;
  drivedash_health_model_set_game_mode (self->model, active,
                                        active && gtk_switch_get_active (self->persist_switch));
  return TRUE;
}

static gboolean
persist_switch_state_set_cb (GtkSwitch               *sw,
                             gboolean                 active,
                             DrivedashHealthGameMode *self)
{
  if (self->model == NULL || active == model_flag (self, "game-mode-persistent"))
    return FALSE;
  /* Only offered while game mode is on: keep it on, change the rule. */
  drivedash_health_model_set_game_mode (self->model, TRUE, active);
  return TRUE;
}

/* A refused change: the switches moved with the click, the model did not. */
static void
settled_cb (DrivedashHealthGameMode *self)
{
  gboolean enabled = model_flag (self, "game-mode-enabled");
  gboolean persistent = model_flag (self, "game-mode-persistent");

  gtk_switch_set_active (self->game_switch, enabled);
  gtk_switch_set_state (self->game_switch, enabled);
  gtk_switch_set_active (self->persist_switch, persistent);
  gtk_switch_set_state (self->persist_switch, persistent);
}

static void
class_init_extra (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthGameMode, game_switch);
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthGameMode, persist_switch);
  gtk_widget_class_bind_template_callback (widget_class, game_switch_state_set_cb);
  gtk_widget_class_bind_template_callback (widget_class, persist_switch_state_set_cb);
}

static void
drivedash_health_game_mode_get_property (GObject    *object,
                                         guint       prop_id,
                                         GValue     *value,
                                         GParamSpec *pspec)
{
  DrivedashHealthGameMode *self = DRIVEDASH_HEALTH_GAME_MODE (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_game_mode_set_property (GObject      *object,
                                         guint         prop_id,
                                         const GValue *value,
                                         GParamSpec   *pspec)
{
  DrivedashHealthGameMode *self = DRIVEDASH_HEALTH_GAME_MODE (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      if (g_set_object (&self->model, g_value_get_object (value)))
        {
          g_signal_group_set_target (self->signals, self->model);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_game_mode_dispose (GObject *object)
{
  DrivedashHealthGameMode *self = DRIVEDASH_HEALTH_GAME_MODE (object);

  g_signal_group_set_target (self->signals, NULL);
  g_clear_object (&self->model);
  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_HEALTH_GAME_MODE);
  G_OBJECT_CLASS (drivedash_health_game_mode_parent_class)->dispose (object);
}

static void
drivedash_health_game_mode_finalize (GObject *object)
{
  g_clear_object (&DRIVEDASH_HEALTH_GAME_MODE (object)->signals);
  G_OBJECT_CLASS (drivedash_health_game_mode_parent_class)->finalize (object);
}

static void
drivedash_health_game_mode_class_init (DrivedashHealthGameModeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = drivedash_health_game_mode_get_property;
  object_class->set_property = drivedash_health_game_mode_set_property;
  object_class->dispose = drivedash_health_game_mode_dispose;
  object_class->finalize = drivedash_health_game_mode_finalize;

  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, DRIVEDASH_TYPE_HEALTH_MODEL,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-health-game-mode.ui");
  class_init_extra (widget_class);
}

static void
drivedash_health_game_mode_init (DrivedashHealthGameMode *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->signals = g_signal_group_new (DRIVEDASH_TYPE_HEALTH_MODEL);
  g_signal_group_connect_swapped (self->signals, "game-mode-settled", G_CALLBACK (settled_cb), self);
}
