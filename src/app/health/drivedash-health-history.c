/* drivedash-health-history.c — hourly temperatures, data written per day,
 * percentage used and the endurance projection of the chosen drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The words are bound in the template; the plots are filled here, as the
 * plot takes its samples from code.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-closures.h"
#include "drivedash-format.h"
#include "drivedash-health-history.h"
#include "drivedash-plot.h"

/* The watch adds a snapshot every minute: reading again when the live
 * health updates, but not more often than this, keeps up without
 * querying the database every few seconds. */
#define RELOAD_SECONDS 600

struct _DrivedashHealthHistory
{
  AdwPreferencesGroup          parent_instance;

  DrivedashPlot               *temperature_plot;
  DrivedashPlot               *written_plot;
  DrivedashPlot               *used_plot;

  DrivedashHealthModel        *model;
  DrivedashHealthHistoryModel *history;
  DrivedashHistoryRange        range;   /* mirrors the model's, for the action */
  GSignalGroup                *signals;
  char                        *loaded_controller;
  gint64                       loaded_at;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthHistory, drivedash_health_history, ADW_TYPE_PREFERENCES_GROUP)

enum { PROP_0, PROP_MODEL, PROP_HISTORY, PROP_RANGE, N_PROPS };
static GParamSpec *properties[N_PROPS];

static double
window_cb (gpointer              this,
           DrivedashHistoryRange range)
{
  return (double) drivedash_history_range_seconds (range);
}

static char *
bucket_caption_cb (gpointer              this,
                   DrivedashHistoryRange range)
{
  /* After 90 days the store keeps one row a day: a year shows days. */
  return g_strdup (range == DRIVEDASH_HISTORY_RANGE_YEAR ? _("each day") : _("each hour"));
}

static void
ensure_series (DrivedashPlot *plot,
               guint          n,
               const char    *labels[])
{
  drivedash_plot_clear (plot);
  for (guint i = drivedash_plot_get_n_series (plot); i < n; i++)
    drivedash_plot_add_series (plot, labels[i]);
}

static void
fill_temperature (DrivedashHealthHistory *self,
                  GArray                 *hours)
{
  gint64 bucket = drivedash_health_history_model_get_range (self->history) == DRIVEDASH_HISTORY_RANGE_YEAR ? 86400 : 3600;
  const char *labels[] = { C_("temperature of an hour", "Highest"), C_("temperature of an hour", "Mean"),
                           C_("temperature of an hour", "Lowest") };

  ensure_series (self->temperature_plot, 3, labels);
  for (guint i = 0; hours != NULL && i < hours->len; i++)
    {
      DrivedashTrendHour *h = &g_array_index (hours, DrivedashTrendHour, i);
      double k[] = { h->max_kelvin, h->mean_kelvin, h->min_kelvin };

      /* A missing hour or day (computer off) is a gap, not a line across
       * it; a local day can be 25 hours long. */
      if (i > 0 && h->time - g_array_index (hours, DrivedashTrendHour, i - 1).time > bucket * 25 / 24)
        for (guint s = 0; s < 3; s++)
          drivedash_plot_append_gap (self->temperature_plot, s);
      for (guint s = 0; s < 3; s++)
        drivedash_plot_append (self->temperature_plot, s, h->time, k[s] - 273.15);
    }
}

static void
fill_written (DrivedashHealthHistory *self,
              GArray                 *days)
{
  const char *labels[] = { _("Written") };

  ensure_series (self->written_plot, 1, labels);
  for (guint i = 0; days != NULL && i < days->len; i++)
    {
      DrivedashTrendDay *d = &g_array_index (days, DrivedashTrendDay, i);

      if (i > 0 && d->time - g_array_index (days, DrivedashTrendDay, i - 1).time > 25 * 3600)
        drivedash_plot_append_gap (self->written_plot, 0);
      drivedash_plot_append (self->written_plot, 0, d->time, d->bytes / 1e9);
    }
}

static void
fill_used (DrivedashHealthHistory *self,
           GArray                 *snapshots)
{
  const char *labels[] = { _("Percentage Used") };

  ensure_series (self->used_plot, 1, labels);
  for (guint i = 0; snapshots != NULL && i < snapshots->len; i++)
    {
      DrivedashSnapshot *s = &g_array_index (snapshots, DrivedashSnapshot, i);

      drivedash_plot_append (self->used_plot, 0, s->time, s->percentage_used);
    }
}

static void
history_changed_cb (DrivedashHealthHistory *self)
{
  fill_temperature (self, drivedash_health_history_model_get_temperatures (self->history));
  fill_written (self, drivedash_health_history_model_get_days (self->history));
  fill_used (self, drivedash_health_history_model_get_snapshots (self->history));
}

/* The model is the source: the page may be gone by now (its dispose
 * cancelled the load, which then changes nothing). */
static void
loaded_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!drivedash_health_history_model_load_finish (DRIVEDASH_HEALTH_HISTORY_MODEL (source), result, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_debug ("health history: %s", error->message);
}

static void
health_cb (DrivedashHealthHistory *self)
{
  DrivedashHealth *health = self->model ? drivedash_health_model_get_health (self->model) : NULL;
  const char *controller = health ? health->controller : NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  if (g_strcmp0 (controller, self->loaded_controller) == 0 && now - self->loaded_at < RELOAD_SECONDS)
    return;
  g_free (self->loaded_controller);
  self->loaded_controller = g_strdup (controller);
  self->loaded_at = now;
  drivedash_health_history_model_load_async (self->history, NULL, health, now, loaded_cb, NULL);
}

DrivedashHealthHistoryModel *
drivedash_health_history_get_history (DrivedashHealthHistory *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_HISTORY (self), NULL);
  return self->history;
}

static void
drivedash_health_history_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  DrivedashHealthHistory *self = DRIVEDASH_HEALTH_HISTORY (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case PROP_HISTORY:
      g_value_set_object (value, self->history);
      break;
    case PROP_RANGE:
      g_value_set_enum (value, self->range);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_history_set_property (GObject      *object,
                                       guint         prop_id,
                                       const GValue *value,
                                       GParamSpec   *pspec)
{
  DrivedashHealthHistory *self = DRIVEDASH_HEALTH_HISTORY (object);

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
    case PROP_RANGE:
      if (self->range != (DrivedashHistoryRange) g_value_get_enum (value))
        {
          self->range = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_history_dispose (GObject *object)
{
  DrivedashHealthHistory *self = DRIVEDASH_HEALTH_HISTORY (object);

  g_signal_group_set_target (self->signals, NULL);
  g_clear_object (&self->model);
  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_HEALTH_HISTORY);
  if (self->history)
    {
      drivedash_health_history_model_cancel (self->history);
      g_signal_handlers_disconnect_by_data (self->history, self);
    }
  g_clear_object (&self->history);
  G_OBJECT_CLASS (drivedash_health_history_parent_class)->dispose (object);
}

static void
drivedash_health_history_finalize (GObject *object)
{
  DrivedashHealthHistory *self = DRIVEDASH_HEALTH_HISTORY (object);

  g_clear_object (&self->signals);
  g_free (self->loaded_controller);
  G_OBJECT_CLASS (drivedash_health_history_parent_class)->finalize (object);
}

static void
drivedash_health_history_class_init (DrivedashHealthHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = drivedash_health_history_get_property;
  object_class->set_property = drivedash_health_history_set_property;
  object_class->dispose = drivedash_health_history_dispose;
  object_class->finalize = drivedash_health_history_finalize;

  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, DRIVEDASH_TYPE_HEALTH_MODEL,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HISTORY] = g_param_spec_object ("history", NULL, NULL, DRIVEDASH_TYPE_HEALTH_HISTORY_MODEL,
                                                  G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The range buttons' action; bound both ways to the view-model's. */
  properties[PROP_RANGE] = g_param_spec_enum ("range", NULL, NULL, DRIVEDASH_TYPE_HISTORY_RANGE,
                                              DRIVEDASH_HISTORY_RANGE_WEEK,
                                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_install_property_action (widget_class, "history.range", "range");

  g_type_ensure (DRIVEDASH_TYPE_PLOT);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_HISTORY_MODEL);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-health-history.ui");
  drivedash_widget_class_bind_closures (widget_class);
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthHistory, temperature_plot);
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthHistory, written_plot);
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthHistory, used_plot);
  gtk_widget_class_bind_template_callback (widget_class, window_cb);
  gtk_widget_class_bind_template_callback (widget_class, bucket_caption_cb);
}

static void
drivedash_health_history_init (DrivedashHealthHistory *self)
{
  /* Before the template: its bindings look it up. */
  self->history = drivedash_health_history_model_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  self->signals = g_signal_group_new (DRIVEDASH_TYPE_HEALTH_MODEL);
  g_signal_group_connect_swapped (self->signals, "notify::health", G_CALLBACK (health_cb), self);
  g_signal_connect_swapped (self->history, "changed", G_CALLBACK (history_changed_cb), self);
  g_object_bind_property (self, "range", self->history, "range", G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  /* The empty state until a drive is chosen. */
  drivedash_health_history_model_load_async (self->history, NULL, NULL, 0, loaded_cb, NULL);
}
