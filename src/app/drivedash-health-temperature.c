/* drivedash-health-temperature.c — the temperature now, its limits and
 * the last ten minutes as a graph
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rows are bound in the template.  The graph is no property: it
 * takes the model's samples as they come.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-format.h"
#include "drivedash-health-temperature.h"

#define TEMPERATURE_WINDOW_S 600

struct _DrivedashHealthTemperature
{
  AdwPreferencesGroup   parent_instance;

  DrivedashPlot        *plot;

  DrivedashHealthModel *model;
  GSignalGroup         *signals;
  guint                 series;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthTemperature, drivedash_health_temperature, ADW_TYPE_PREFERENCES_GROUP)

enum { PROP_0, PROP_MODEL, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
sample_cb (DrivedashHealthTemperature *self,
           double                      seconds,
           double                      celsius)
{
  drivedash_plot_append (self->plot, self->series, seconds, celsius);
}

static void
limits_cb (DrivedashHealthTemperature *self)
{
  guint warning_k = 0, critical_k = 0;

  g_object_get (self->model, "warning-temperature", &warning_k, "critical-temperature", &critical_k, NULL);
  drivedash_plot_clear_annotations (self->plot);
  if (warning_k)
    {
      g_autofree char *t = drivedash_format_temperature (warning_k);
      g_autofree char *l = g_strdup_printf (_("Slows down (%s)"), t);

      drivedash_plot_add_limit (self->plot, l, drivedash_kelvin_to_celsius (warning_k),
                                DRIVEDASH_PLOT_LIMIT_WARNING);
    }
  if (critical_k)
    {
      g_autofree char *t = drivedash_format_temperature (critical_k);
      g_autofree char *l = g_strdup_printf (_("Critical (%s)"), t);

      drivedash_plot_add_limit (self->plot, l, drivedash_kelvin_to_celsius (critical_k),
                                DRIVEDASH_PLOT_LIMIT_CRITICAL);
    }
}

static void
reset_cb (DrivedashHealthTemperature *self)
{
  drivedash_plot_clear (self->plot);
  limits_cb (self);
}

static void
class_init_extra (GtkWidgetClass *widget_class)
{
  g_type_ensure (DRIVEDASH_TYPE_PLOT);
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthTemperature, plot);
}

static void
drivedash_health_temperature_get_property (GObject    *object,
                                           guint       prop_id,
                                           GValue     *value,
                                           GParamSpec *pspec)
{
  DrivedashHealthTemperature *self = DRIVEDASH_HEALTH_TEMPERATURE (object);

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
drivedash_health_temperature_set_property (GObject      *object,
                                           guint         prop_id,
                                           const GValue *value,
                                           GParamSpec   *pspec)
{
  DrivedashHealthTemperature *self = DRIVEDASH_HEALTH_TEMPERATURE (object);

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
drivedash_health_temperature_dispose (GObject *object)
{
  DrivedashHealthTemperature *self = DRIVEDASH_HEALTH_TEMPERATURE (object);

  g_signal_group_set_target (self->signals, NULL);
  g_clear_object (&self->model);
  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_HEALTH_TEMPERATURE);
  G_OBJECT_CLASS (drivedash_health_temperature_parent_class)->dispose (object);
}

static void
drivedash_health_temperature_finalize (GObject *object)
{
  g_clear_object (&DRIVEDASH_HEALTH_TEMPERATURE (object)->signals);
  G_OBJECT_CLASS (drivedash_health_temperature_parent_class)->finalize (object);
}

static void
drivedash_health_temperature_class_init (DrivedashHealthTemperatureClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = drivedash_health_temperature_get_property;
  object_class->set_property = drivedash_health_temperature_set_property;
  object_class->dispose = drivedash_health_temperature_dispose;
  object_class->finalize = drivedash_health_temperature_finalize;

  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, DRIVEDASH_TYPE_HEALTH_MODEL,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-health-temperature.ui");
  class_init_extra (widget_class);
}

static void
drivedash_health_temperature_init (DrivedashHealthTemperature *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  drivedash_plot_set_title (self->plot, _("Temperature, last 10 minutes"));
  drivedash_plot_set_unit (self->plot, _("°C"));
  drivedash_plot_set_time_axis (self->plot, DRIVEDASH_PLOT_TIME_AGO);
  drivedash_plot_set_time_window (self->plot, TEMPERATURE_WINDOW_S);
  drivedash_plot_set_include_zero (self->plot, FALSE);
  drivedash_plot_set_y_range_hint (self->plot, 30, 50);
  self->series = drivedash_plot_add_series (self->plot, _("Temperature"));

  self->signals = g_signal_group_new (DRIVEDASH_TYPE_HEALTH_MODEL);
  g_signal_group_connect_swapped (self->signals, "temperature-sample", G_CALLBACK (sample_cb), self);
  g_signal_group_connect_swapped (self->signals, "temperature-reset", G_CALLBACK (reset_cb), self);
  g_signal_group_connect_swapped (self->signals, "notify::warning-temperature", G_CALLBACK (limits_cb), self);
  g_signal_group_connect_swapped (self->signals, "notify::critical-temperature", G_CALLBACK (limits_cb), self);
}

DrivedashPlot *
drivedash_health_temperature_get_plot (DrivedashHealthTemperature *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_TEMPERATURE (self), NULL);
  return self->plot;
}
