/* drivedash-health-section.c — what every group of the Health page has in
 * common: a "model" property for its template's bindings and a signal
 * group that follows that model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-health-section.h"

typedef struct
{
  DrivedashHealthModel *model;
  GSignalGroup         *signals;
} DrivedashHealthSectionPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (DrivedashHealthSection, drivedash_health_section, ADW_TYPE_PREFERENCES_GROUP)

enum { PROP_0, PROP_MODEL, N_PROPS };
static GParamSpec *properties[N_PROPS];

DrivedashHealthModel *
drivedash_health_section_get_model (DrivedashHealthSection *self)
{
  DrivedashHealthSectionPrivate *priv = drivedash_health_section_get_instance_private (self);

  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_SECTION (self), NULL);
  return priv->model;
}

GSignalGroup *
drivedash_health_section_get_signals (DrivedashHealthSection *self)
{
  DrivedashHealthSectionPrivate *priv = drivedash_health_section_get_instance_private (self);

  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_SECTION (self), NULL);
  return priv->signals;
}

static void
drivedash_health_section_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  DrivedashHealthSection *self = DRIVEDASH_HEALTH_SECTION (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, drivedash_health_section_get_model (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_section_set_property (GObject      *object,
                                       guint         prop_id,
                                       const GValue *value,
                                       GParamSpec   *pspec)
{
  DrivedashHealthSection *self = DRIVEDASH_HEALTH_SECTION (object);
  DrivedashHealthSectionPrivate *priv = drivedash_health_section_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_MODEL:
      if (g_set_object (&priv->model, g_value_get_object (value)))
        {
          g_signal_group_set_target (priv->signals, priv->model);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_section_dispose (GObject *object)
{
  DrivedashHealthSection *self = DRIVEDASH_HEALTH_SECTION (object);
  DrivedashHealthSectionPrivate *priv = drivedash_health_section_get_instance_private (self);

  g_signal_group_set_target (priv->signals, NULL);
  g_clear_object (&priv->model);
  /* The template is the subclass's. */
  gtk_widget_dispose_template (GTK_WIDGET (self), G_OBJECT_TYPE (self));
  G_OBJECT_CLASS (drivedash_health_section_parent_class)->dispose (object);
}

static void
drivedash_health_section_finalize (GObject *object)
{
  DrivedashHealthSection *self = DRIVEDASH_HEALTH_SECTION (object);
  DrivedashHealthSectionPrivate *priv = drivedash_health_section_get_instance_private (self);

  g_clear_object (&priv->signals);
  G_OBJECT_CLASS (drivedash_health_section_parent_class)->finalize (object);
}

static void
drivedash_health_section_class_init (DrivedashHealthSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = drivedash_health_section_get_property;
  object_class->set_property = drivedash_health_section_set_property;
  object_class->dispose = drivedash_health_section_dispose;
  object_class->finalize = drivedash_health_section_finalize;

  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, DRIVEDASH_TYPE_HEALTH_MODEL,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_health_section_init (DrivedashHealthSection *self)
{
  DrivedashHealthSectionPrivate *priv = drivedash_health_section_get_instance_private (self);

  priv->signals = g_signal_group_new (DRIVEDASH_TYPE_HEALTH_MODEL);
}
