/* drivedash-health-life.c — life left, data written and read, power-on
 * time, unsafe shutdowns, media errors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every value is bound in the template.
 */
#include "config.h"

#include "drivedash-health-life.h"

struct _DrivedashHealthLife
{
  AdwPreferencesGroup   parent_instance;

  GtkLevelBar          *life_bar;

  DrivedashHealthModel *model;
  GSignalGroup         *signals;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthLife, drivedash_health_life, ADW_TYPE_PREFERENCES_GROUP)

enum { PROP_0, PROP_MODEL, N_PROPS };
static GParamSpec *properties[N_PROPS];

static double
life_bar_value_cb (gpointer this,
                   int      life_left)
{
  return MAX (life_left, 0);
}

static gboolean
life_known_cb (gpointer this,
               int      life_left)
{
  return life_left >= 0;
}

static void
class_init_extra (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthLife, life_bar);
  gtk_widget_class_bind_template_callback (widget_class, life_bar_value_cb);
  gtk_widget_class_bind_template_callback (widget_class, life_known_cb);
}

static void
drivedash_health_life_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  DrivedashHealthLife *self = DRIVEDASH_HEALTH_LIFE (object);

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
drivedash_health_life_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  DrivedashHealthLife *self = DRIVEDASH_HEALTH_LIFE (object);

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
drivedash_health_life_dispose (GObject *object)
{
  DrivedashHealthLife *self = DRIVEDASH_HEALTH_LIFE (object);

  g_signal_group_set_target (self->signals, NULL);
  g_clear_object (&self->model);
  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_HEALTH_LIFE);
  G_OBJECT_CLASS (drivedash_health_life_parent_class)->dispose (object);
}

static void
drivedash_health_life_finalize (GObject *object)
{
  g_clear_object (&DRIVEDASH_HEALTH_LIFE (object)->signals);
  G_OBJECT_CLASS (drivedash_health_life_parent_class)->finalize (object);
}

static void
drivedash_health_life_class_init (DrivedashHealthLifeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = drivedash_health_life_get_property;
  object_class->set_property = drivedash_health_life_set_property;
  object_class->dispose = drivedash_health_life_dispose;
  object_class->finalize = drivedash_health_life_finalize;

  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, DRIVEDASH_TYPE_HEALTH_MODEL,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-health-life.ui");
  class_init_extra (widget_class);
}

static void
drivedash_health_life_init (DrivedashHealthLife *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_level_bar_add_offset_value (self->life_bar, GTK_LEVEL_BAR_OFFSET_LOW, 10);
  gtk_level_bar_add_offset_value (self->life_bar, GTK_LEVEL_BAR_OFFSET_HIGH, 50);
  gtk_level_bar_add_offset_value (self->life_bar, GTK_LEVEL_BAR_OFFSET_FULL, 100);
  self->signals = g_signal_group_new (DRIVEDASH_TYPE_HEALTH_MODEL);
}
