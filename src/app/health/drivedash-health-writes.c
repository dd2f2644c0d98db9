/* drivedash-health-writes.c — the Health page's "What Writes to This
 * Drive" group
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The words are bound in the template; the rows come from the writes
 * model's list (gtk_list_box_bind_model), a bar each.
 */
#include "config.h"

#include "drivedash-health-write-item.h"
#include "drivedash-health-writes-window.h"
#include "drivedash-health-writes.h"

struct _DrivedashHealthWrites
{
  AdwPreferencesGroup         parent_instance;

  GtkListBox                 *list;

  DrivedashHealthModel       *model;
  DrivedashHealthWritesModel *writes;
  DrivedashWritesPeriod       period;  /* mirrors the writes model's, for the action */
  GSignalGroup               *signals;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthWrites, drivedash_health_writes, ADW_TYPE_PREFERENCES_GROUP)

enum { PROP_0, PROP_MODEL, PROP_WRITES, PROP_PERIOD, N_PROPS };
static GParamSpec *properties[N_PROPS];

static GtkWidget *
make_row (gpointer item,
          gpointer user_data)
{
  DrivedashHealthWriteItem *w = item;
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *bar = gtk_level_bar_new_for_interval (0, 1);
  g_autofree char *title = drivedash_health_write_item_dup_display_name (drivedash_health_write_item_get_title (w));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  /* App names come from programs: never markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), drivedash_health_write_item_get_subtitle (w));
  gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), drivedash_health_write_item_get_fraction (w));
  /* One colour: a share, not a level that could be good or bad. */
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_LOW);
  gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_HIGH);
  gtk_widget_set_size_request (bar, 64, -1);
  gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), bar);
  return row;
}

static void
health_cb (DrivedashHealthWrites *self)
{
  drivedash_health_writes_model_set_health (self->writes,
                                            self->model ? drivedash_health_model_get_health (self->model) : NULL);
}

GtkWindow *
drivedash_health_writes_show_details (DrivedashHealthWrites *self,
                                      const char            *app)
{
  DrivedashHealthWritesWindow *window;
  GtkRoot *root;

  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES (self), NULL);
  /* An app that wrote far above its usual day: the month shows that
   * day against the others. */
  window = drivedash_health_writes_window_new (self->model, app ? DRIVEDASH_WRITES_PERIOD_MONTH : self->period, app);
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (root));
  gtk_window_present (GTK_WINDOW (window));
  return GTK_WINDOW (window);
}

static void
details_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  drivedash_health_writes_show_details (DRIVEDASH_HEALTH_WRITES (widget), NULL);
}

DrivedashHealthWritesModel *
drivedash_health_writes_get_writes (DrivedashHealthWrites *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES (self), NULL);
  return self->writes;
}

static void
drivedash_health_writes_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  DrivedashHealthWrites *self = DRIVEDASH_HEALTH_WRITES (object);

  switch (prop_id)
    {
    case PROP_MODEL:  g_value_set_object (value, self->model); break;
    case PROP_WRITES: g_value_set_object (value, self->writes); break;
    case PROP_PERIOD: g_value_set_enum (value, self->period); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_writes_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  DrivedashHealthWrites *self = DRIVEDASH_HEALTH_WRITES (object);

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
drivedash_health_writes_dispose (GObject *object)
{
  DrivedashHealthWrites *self = DRIVEDASH_HEALTH_WRITES (object);

  g_signal_group_set_target (self->signals, NULL);
  g_clear_object (&self->model);
  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_HEALTH_WRITES);
  g_clear_object (&self->writes);
  G_OBJECT_CLASS (drivedash_health_writes_parent_class)->dispose (object);
}

static void
drivedash_health_writes_finalize (GObject *object)
{
  g_clear_object (&DRIVEDASH_HEALTH_WRITES (object)->signals);
  G_OBJECT_CLASS (drivedash_health_writes_parent_class)->finalize (object);
}

static void
drivedash_health_writes_class_init (DrivedashHealthWritesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_health_writes_get_property;
  object_class->set_property = drivedash_health_writes_set_property;
  object_class->dispose = drivedash_health_writes_dispose;
  object_class->finalize = drivedash_health_writes_finalize;
  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, DRIVEDASH_TYPE_HEALTH_MODEL, rw);
  properties[PROP_WRITES] = g_param_spec_object ("writes", NULL, NULL, DRIVEDASH_TYPE_HEALTH_WRITES_MODEL,
                                                 G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PERIOD] = g_param_spec_enum ("period", NULL, NULL, DRIVEDASH_TYPE_WRITES_PERIOD,
                                               DRIVEDASH_WRITES_PERIOD_WEEK, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_install_property_action (widget_class, "writes.period", "period");
  gtk_widget_class_install_action (widget_class, "writes.details", NULL, details_action);

  g_type_ensure (DRIVEDASH_TYPE_HEALTH_WRITES_MODEL);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-health-writes.ui");
  gtk_widget_class_bind_template_child (widget_class, DrivedashHealthWrites, list);
}

static void
drivedash_health_writes_init (DrivedashHealthWrites *self)
{
  /* Before the template: its bindings look it up. */
  self->writes = drivedash_health_writes_model_new ();
  self->period = DRIVEDASH_WRITES_PERIOD_WEEK;
  gtk_widget_init_template (GTK_WIDGET (self));
  self->signals = g_signal_group_new (DRIVEDASH_TYPE_HEALTH_MODEL);
  g_signal_group_connect_swapped (self->signals, "notify::health", G_CALLBACK (health_cb), self);
  g_object_bind_property (self, "period", self->writes, "period", G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  gtk_list_box_bind_model (self->list, drivedash_health_writes_model_get_items (self->writes), make_row, NULL, NULL);
}
