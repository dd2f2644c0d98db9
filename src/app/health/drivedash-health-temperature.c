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
  DrivedashHealthSection parent_instance;

  DrivedashPlot        *plot;

  guint                 series;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthTemperature, drivedash_health_temperature, DRIVEDASH_TYPE_HEALTH_SECTION)

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

  g_object_get (drivedash_health_section_get_model (DRIVEDASH_HEALTH_SECTION (self)), "warning-temperature", &warning_k, "critical-temperature", &critical_k, NULL);
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
drivedash_health_temperature_class_init (DrivedashHealthTemperatureClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-health-temperature.ui");
  class_init_extra (widget_class);
}

static void
drivedash_health_temperature_init (DrivedashHealthTemperature *self)
{
  GSignalGroup *signals = drivedash_health_section_get_signals (DRIVEDASH_HEALTH_SECTION (self));

  gtk_widget_init_template (GTK_WIDGET (self));

  drivedash_plot_set_title (self->plot, _("Temperature, last 10 minutes"));
  drivedash_plot_set_unit (self->plot, _("°C"));
  drivedash_plot_set_time_axis (self->plot, DRIVEDASH_PLOT_TIME_AGO);
  drivedash_plot_set_time_window (self->plot, TEMPERATURE_WINDOW_S);
  drivedash_plot_set_include_zero (self->plot, FALSE);
  drivedash_plot_set_y_range_hint (self->plot, 30, 50);
  self->series = drivedash_plot_add_series (self->plot, _("Temperature"));

  g_signal_group_connect_swapped (signals, "temperature-sample", G_CALLBACK (sample_cb), self);
  g_signal_group_connect_swapped (signals, "temperature-reset", G_CALLBACK (reset_cb), self);
  g_signal_group_connect_swapped (signals, "notify::warning-temperature", G_CALLBACK (limits_cb), self);
  g_signal_group_connect_swapped (signals, "notify::critical-temperature", G_CALLBACK (limits_cb), self);
}

DrivedashPlot *
drivedash_health_temperature_get_plot (DrivedashHealthTemperature *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_TEMPERATURE (self), NULL);
  return self->plot;
}
