/* drivedash-health-report-window.c — a health report from a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every value is bound in the template to the window's view-model; the
 * window only asks for files (its Open button, a drop).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-health-details.h"
#include "drivedash-health-life.h"
#include "drivedash-health-report-window.h"
#include "drivedash-health-verdict.h"

struct _DrivedashHealthReportWindow
{
  AdwWindow                   parent_instance;

  DrivedashHealthReportModel *model;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthReportWindow, drivedash_health_report_window, ADW_TYPE_WINDOW)

enum { PROP_0, PROP_MODEL, N_PROPS };
static GParamSpec *properties[N_PROPS];

static char *
page_name_cb (gpointer                   this,
              DrivedashHealthReportState state)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (DRIVEDASH_TYPE_HEALTH_REPORT_STATE);

  return g_strdup (g_enum_get_value (klass, state)->value_nick);
}

void
drivedash_health_report_choose (GtkWidget               *parent,
                                GObject                 *owner,
                                DrivedashFileChosenFunc  callback)
{
  drivedash_file_chooser_run (parent, GTK_FILE_CHOOSER_ACTION_OPEN, _("Open a Health Report"), _("_Open"),
                              NULL, NULL, owner, callback);
}

static void
chosen_cb (GObject *owner,
           GFile   *file)
{
  DrivedashHealthReportWindow *self = DRIVEDASH_HEALTH_REPORT_WINDOW (owner);

  if (file != NULL)
    drivedash_health_report_model_open (self->model, file);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  drivedash_health_report_choose (widget, G_OBJECT (widget), chosen_cb);
}

GtkDropTarget *
drivedash_health_report_drop_target_new (void)
{
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  GType types[] = { GDK_TYPE_FILE_LIST, G_TYPE_FILE };

  gtk_drop_target_set_gtypes (target, types, G_N_ELEMENTS (types));
  return target;
}

GPtrArray *
drivedash_health_report_dropped_files (const GValue *value)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);

  if (G_VALUE_HOLDS (value, G_TYPE_FILE) && g_value_get_object (value) != NULL)
    g_ptr_array_add (files, g_value_dup_object (value));
  else if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    for (GSList *l = g_value_get_boxed (value); l != NULL; l = l->next)
      g_ptr_array_add (files, g_object_ref (l->data));
  if (files->len == 0)
    g_clear_pointer (&files, g_ptr_array_unref);
  return files;
}

static gboolean
drop_cb (GtkDropTarget               *target,
         const GValue                *value,
         double                       x,
         double                       y,
         DrivedashHealthReportWindow *self)
{
  g_autoptr(GPtrArray) files = drivedash_health_report_dropped_files (value);

  if (files == NULL)
    return FALSE;
  drivedash_health_report_model_open_files (self->model, (GFile **) files->pdata, files->len);
  return TRUE;
}

DrivedashHealthReportModel *
drivedash_health_report_window_get_model (DrivedashHealthReportWindow *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_REPORT_WINDOW (self), NULL);
  return self->model;
}

static void
drivedash_health_report_window_get_property (GObject    *object,
                                             guint       prop_id,
                                             GValue     *value,
                                             GParamSpec *pspec)
{
  DrivedashHealthReportWindow *self = DRIVEDASH_HEALTH_REPORT_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MODEL: g_value_set_object (value, self->model); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_report_window_dispose (GObject *object)
{
  DrivedashHealthReportWindow *self = DRIVEDASH_HEALTH_REPORT_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_HEALTH_REPORT_WINDOW);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (drivedash_health_report_window_parent_class)->dispose (object);
}

static void
drivedash_health_report_window_class_init (DrivedashHealthReportWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = drivedash_health_report_window_get_property;
  object_class->dispose = drivedash_health_report_window_dispose;

  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, DRIVEDASH_TYPE_HEALTH_REPORT_MODEL,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (DRIVEDASH_TYPE_HEALTH_VERDICT);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_LIFE);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_DETAILS);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/drivedash/Drivedash/drivedash-health-report-window.ui");
  gtk_widget_class_bind_template_callback (widget_class, page_name_cb);
  gtk_widget_class_install_action (widget_class, "report.open", NULL, open_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "report.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
drivedash_health_report_window_init (DrivedashHealthReportWindow *self)
{
  GtkDropTarget *drop = drivedash_health_report_drop_target_new ();

  /* Before the template: its bindings look the model up at once. */
  self->model = drivedash_health_report_model_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}

DrivedashHealthReportWindow *
drivedash_health_report_window_new_for_files (GtkApplication  *application,
                                              GFile          **files,
                                              guint            n_files)
{
  DrivedashHealthReportWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (files != NULL && n_files > 0, NULL);

  self = g_object_new (DRIVEDASH_TYPE_HEALTH_REPORT_WINDOW, "application", application, NULL);
  drivedash_health_report_model_open_files (self->model, files, n_files);
  return self;
}

DrivedashHealthReportWindow *
drivedash_health_report_window_new (GtkApplication *application,
                                    GFile          *file)
{
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  return drivedash_health_report_window_new_for_files (application, &file, 1);
}
