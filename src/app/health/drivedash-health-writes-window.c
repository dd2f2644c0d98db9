/* drivedash-health-writes-window.c — "What Writes to This Drive" over
 * time, in a window of its own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The words are bound in the template; the plot is filled here on the
 * view-model's "changed", as the plot takes its samples from code.  A
 * window, as the Health Report is: at 360 px the page has no room for
 * a plot beside its groups, and the window follows the page's drive.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-health-writes-window.h"

struct _DrivedashHealthWritesWindow
{
  AdwWindow                       parent_instance;

  DrivedashPlot                  *plot;

  DrivedashHealthModel           *model;
  DrivedashHealthWritesPlotModel *plot_model;
  DrivedashWritesPeriod           period;  /* mirrors the view-model's, for the action */
  GSignalGroup                   *signals;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthWritesWindow, drivedash_health_writes_window, ADW_TYPE_WINDOW)

enum { PROP_0, PROP_MODEL, PROP_PLOT_MODEL, PROP_PERIOD, N_PROPS };
static GParamSpec *properties[N_PROPS];

/* A bar's parts, bottom first, then the drive's own total as a line
 * through the middle of each bar it knows; gigabytes throughout. */
static void
changed_cb (DrivedashHealthWritesWindow *self)
{
  DrivedashHealthWritesPlotModel *m = self->plot_model;
  const guint n_parts = drivedash_health_writes_plot_model_get_n_parts (m);
  const gint64 span = drivedash_health_writes_plot_model_get_bar_span (m);
  guint drive_series;
  gint64 since, until;

  drivedash_plot_remove_series (self->plot);
  for (guint p = 0; p < n_parts; p++)
    drivedash_plot_add_series (self->plot, drivedash_health_writes_plot_model_get_label (m, p));
  drive_series = drivedash_plot_add_series (self->plot, _("The drive’s own total"));
  drivedash_plot_set_stacked (self->plot, n_parts, span);
  drivedash_plot_set_stack_highlight (self->plot, drivedash_health_writes_plot_model_get_highlight_part (m));
  for (guint b = 0; b < drivedash_health_writes_plot_model_get_n_bars (m); b++)
    {
      gint64 t = drivedash_health_writes_plot_model_get_bar_time (m, b);
      gint64 drive = drivedash_health_writes_plot_model_get_drive_bytes (m, b);

      for (guint p = 0; p < n_parts; p++)
        drivedash_plot_append (self->plot, p, t, drivedash_health_writes_plot_model_get_bytes (m, b, p) / 1e9);
      if (drive >= 0)
        drivedash_plot_append (self->plot, drive_series, t + span / 2, drive / 1e9);
      else
        drivedash_plot_append_gap (self->plot, drive_series);
    }
  /* The whole period, its first and last bars included. */
  drivedash_health_writes_plot_model_get_range (m, &since, &until);
  if (drivedash_health_writes_plot_model_get_n_bars (m) > 0)
    drivedash_plot_set_x_range (self->plot, drivedash_health_writes_plot_model_get_bar_time (m, 0),
                                MAX (until, drivedash_health_writes_plot_model_get_bar_time (
                                       m, drivedash_health_writes_plot_model_get_n_bars (m) - 1) + span));
}

static void
health_cb (DrivedashHealthWritesWindow *self)
{
  drivedash_health_writes_plot_model_load (self->plot_model, NULL,
                                           self->model ? drivedash_health_model_get_health (self->model) : NULL);
}

DrivedashHealthWritesPlotModel *
drivedash_health_writes_window_get_plot_model (DrivedashHealthWritesWindow *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_WINDOW (self), NULL);
  return self->plot_model;
}

DrivedashPlot *
drivedash_health_writes_window_get_plot (DrivedashHealthWritesWindow *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_WINDOW (self), NULL);
  return self->plot;
}

static void
drivedash_health_writes_window_get_property (GObject    *object,
                                             guint       prop_id,
                                             GValue     *value,
                                             GParamSpec *pspec)
{
  DrivedashHealthWritesWindow *self = DRIVEDASH_HEALTH_WRITES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MODEL:      g_value_set_object (value, self->model); break;
    case PROP_PLOT_MODEL: g_value_set_object (value, self->plot_model); break;
    case PROP_PERIOD:     g_value_set_enum (value, self->period); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_writes_window_set_property (GObject      *object,
                                             guint         prop_id,
                                             const GValue *value,
                                             GParamSpec   *pspec)
{
  DrivedashHealthWritesWindow *self = DRIVEDASH_HEALTH_WRITES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      if (g_set_object (&self->model, g_value_get_object (value)))
        {
          g_signal_group_set_target (self->signals, self->model);
          health_cb (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_PERIOD:
      if (self->period != (DrivedashWritesPeriod) g_value_get_enum (value))
        {
          self->period = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_writes_window_dispose (GObject *object)
{
  DrivedashHealthWritesWindow *self = DRIVEDASH_HEALTH_WRITES_WINDOW (object);

  g_signal_group_set_target (self->signals, NULL);
  g_clear_object (&self->model);
  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_HEALTH_WRITES_WINDOW);
  if (self->plot_model)
    g_signal_handlers_disconnect_by_data (self->plot_model, self);
  g_clear_object (&self->plot_model);
  G_OBJECT_CLASS (drivedash_health_writes_window_parent_class)->dispose (object);
}

static void
drivedash_health_writes_window_finalize (GObject *object)
{
  g_clear_object (&DRIVEDASH_HEALTH_WRITES_WINDOW (object)->signals);
  G_OBJECT_CLASS (drivedash_health_writes_window_parent_class)->finalize (object);
}

static void
drivedash_health_writes_window_class_init (DrivedashHealthWritesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_health_writes_window_get_property;
  object_class->set_property = drivedash_health_writes_window_set_property;
  object_class->dispose = drivedash_health_writes_window_dispose;
  object_class->finalize = drivedash_health_writes_window_finalize;
  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, DRIVEDASH_TYPE_HEALTH_MODEL, rw);
  properties[PROP_PLOT_MODEL] = g_param_spec_object ("plot-model", NULL, NULL, DRIVEDASH_TYPE_HEALTH_WRITES_PLOT_MODEL,
                                                     G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PERIOD] = g_param_spec_enum ("period", NULL, NULL, DRIVEDASH_TYPE_WRITES_PERIOD,
                                               DRIVEDASH_WRITES_PERIOD_WEEK, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_install_property_action (widget_class, "writes.period", "period");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);

  g_type_ensure (DRIVEDASH_TYPE_PLOT);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_WRITES_PLOT_MODEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/drivedash/Drivedash/drivedash-health-writes-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthWritesWindow, plot);
}

static void
drivedash_health_writes_window_init (DrivedashHealthWritesWindow *self)
{
  /* Before the template: its bindings look it up. */
  self->plot_model = drivedash_health_writes_plot_model_new ();
  self->period = DRIVEDASH_WRITES_PERIOD_WEEK;
  gtk_widget_init_template (GTK_WIDGET (self));
  self->signals = g_signal_group_new (DRIVEDASH_TYPE_HEALTH_MODEL);
  g_signal_group_connect_swapped (self->signals, "notify::health", G_CALLBACK (health_cb), self);
  g_signal_connect_swapped (self->plot_model, "changed", G_CALLBACK (changed_cb), self);
  g_object_bind_property (self, "period", self->plot_model, "period", G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
}

/* A window over @model's page: @period's bars (as the group shows it),
 * @highlight (may be NULL) in full colour. */
DrivedashHealthWritesWindow *
drivedash_health_writes_window_new (DrivedashHealthModel  *model,
                                    DrivedashWritesPeriod  period,
                                    const char            *highlight)
{
  DrivedashHealthWritesWindow *self;

  g_return_val_if_fail (model == NULL || DRIVEDASH_IS_HEALTH_MODEL (model), NULL);
  self = g_object_new (DRIVEDASH_TYPE_HEALTH_WRITES_WINDOW, "period", period, NULL);
  g_object_set (self->plot_model, "highlight", highlight, NULL);
  g_object_set (self, "model", model, NULL);
  return self;
}
