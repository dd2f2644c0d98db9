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
  DrivedashHealthSection parent_instance;

  GtkSwitch            *game_switch;
  GtkSwitch            *persist_switch;

};

G_DEFINE_FINAL_TYPE (DrivedashHealthGameMode, drivedash_health_game_mode, DRIVEDASH_TYPE_HEALTH_SECTION)

static gboolean
model_flag (DrivedashHealthGameMode *self,
            const char              *name)
{
  gboolean value = FALSE;

  g_object_get (drivedash_health_section_get_model (DRIVEDASH_HEALTH_SECTION (self)), name, &value, NULL);
  return value;
}

static gboolean
game_switch_state_set_cb (GtkSwitch               *sw,
                          gboolean                 active,
                          DrivedashHealthGameMode *self)
{
  /* The binding catching up with the model: take it as it is. */
  if (drivedash_health_section_get_model (DRIVEDASH_HEALTH_SECTION (self)) == NULL || active == model_flag (self, "game-mode-enabled"))
    return FALSE;
  drivedash_health_model_set_game_mode (drivedash_health_section_get_model (DRIVEDASH_HEALTH_SECTION (self)), active,
                                        active && gtk_switch_get_active (self->persist_switch));
  return TRUE;
}

static gboolean
persist_switch_state_set_cb (GtkSwitch               *sw,
                             gboolean                 active,
                             DrivedashHealthGameMode *self)
{
  if (drivedash_health_section_get_model (DRIVEDASH_HEALTH_SECTION (self)) == NULL || active == model_flag (self, "game-mode-persistent"))
    return FALSE;
  /* Only offered while game mode is on: keep it on, change the rule. */
  drivedash_health_model_set_game_mode (drivedash_health_section_get_model (DRIVEDASH_HEALTH_SECTION (self)), TRUE, active);
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
drivedash_health_game_mode_class_init (DrivedashHealthGameModeClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-health-game-mode.ui");
  class_init_extra (widget_class);
}

static void
drivedash_health_game_mode_init (DrivedashHealthGameMode *self)
{
  GSignalGroup *signals = drivedash_health_section_get_signals (DRIVEDASH_HEALTH_SECTION (self));

  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_group_connect_swapped (signals, "game-mode-settled", G_CALLBACK (settled_cb), self);
}
