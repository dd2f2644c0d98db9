/* drivedash-long-compare-view.c — the long-test comparison view: wiring
 * between its template and its view-model, and export
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-closures.h"
#include "drivedash-error.h"
#include "drivedash-file-chooser.h"
#include "drivedash-long-compare-view-private.h"
#include "drivedash-plot.h"
#include "drivedash-toast.h"

/* The size of each plot in an exported picture. */
#define EXPORT_WIDTH  960
#define EXPORT_HEIGHT 360

G_DEFINE_FINAL_TYPE (DrivedashLongCompareView, drivedash_long_compare_view, ADW_TYPE_BIN)

static void
comparison_cb (DrivedashLongCompareView *self)
{
  DrivedashCompareLong *cmp = drivedash_long_compare_model_get_comparison (self->model);

  drivedash_long_compare_view_fill (self, cmp, drivedash_long_compare_model_get_legend (self->model));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "long-compare.export", cmp != NULL);
}

DrivedashLongCompareModel *
drivedash_long_compare_view_get_model (DrivedashLongCompareView *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_LONG_COMPARE_VIEW (self), NULL);

  return self->model;
}

guint
drivedash_long_compare_view_get_plots (DrivedashLongCompareView  *self,
                                       GtkWidget                **plots)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->plots));
       child != NULL && n < DRIVEDASH_LONG_COMPARE_MAX_PLOTS; child = gtk_widget_get_next_sibling (child))
    plots[n++] = child;
  return n;
}

gboolean
drivedash_long_compare_view_save (DrivedashLongCompareView  *self,
                                  const char                *path,
                                  GError                   **error)
{
  DrivedashCompareLong *cmp = drivedash_long_compare_model_get_comparison (self->model);
  GtkWidget *plots[DRIVEDASH_LONG_COMPARE_MAX_PLOTS];
  g_autofree char *csv = NULL;
  g_autoptr(GError) local = NULL;
  guint n;

  if (cmp == NULL)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("There is no comparison to save."));
      return FALSE;
    }
  if (!g_str_has_suffix (path, ".csv"))
    {
      n = drivedash_long_compare_view_get_plots (self, plots);
      return drivedash_plot_save_stack ((DrivedashPlot * const *) plots, n, path, EXPORT_WIDTH, EXPORT_HEIGHT,
                                        error);
    }
  csv = drivedash_compare_long_to_csv (cmp);
  if (g_file_set_contents (path, csv, -1, &local))
    return TRUE;
  g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_IO, _("Could not save the comparison: %s"), local->message);
  return FALSE;
}

static void
export_chosen (GObject *owner,
               GFile   *file)
{
  DrivedashLongCompareView *self = DRIVEDASH_LONG_COMPARE_VIEW (owner);
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  g_autoptr(GError) error = NULL;

  if (file == NULL)
    return;
  if (path == NULL)
    error = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                                 _("Pick a folder on this computer to save the comparison in."));
  if (error == NULL && drivedash_long_compare_view_save (self, path, &error))
    drivedash_widget_add_toast (GTK_WIDGET (self), adw_toast_new (_("Comparison saved")));
  else
    drivedash_widget_add_toast (GTK_WIDGET (self), drivedash_toast_new_plain (error->message));
}

static void
export_action (GtkWidget  *widget,
               const char *action,
               GVariant   *param)
{
  /* TRANSLATORS: a file name; end it in .svg or .csv for those formats */
  drivedash_file_chooser_run (widget, GTK_FILE_CHOOSER_ACTION_SAVE, _("Save Comparison"), _("_Save"),
                              NULL, _("comparison.png"), G_OBJECT (widget), export_chosen);
}

static void
drivedash_long_compare_view_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), DRIVEDASH_TYPE_LONG_COMPARE_VIEW);
  G_OBJECT_CLASS (drivedash_long_compare_view_parent_class)->dispose (object);
}

static void
drivedash_long_compare_view_class_init (DrivedashLongCompareViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = drivedash_long_compare_view_dispose;
  g_type_ensure (DRIVEDASH_TYPE_LONG_COMPARE_MODEL);
  g_type_ensure (DRIVEDASH_TYPE_LONG_COMPARE_BARS);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/drivedash/Drivedash/drivedash-long-compare-view.ui");
  drivedash_widget_class_bind_closures (widget_class);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongCompareView, model);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongCompareView, key);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongCompareView, bars);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongCompareView, plots);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongCompareView, table);
  gtk_widget_class_install_action (widget_class, "long-compare.export", NULL, export_action);
}

static void
drivedash_long_compare_view_init (DrivedashLongCompareView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (self->model, "notify::comparison", G_CALLBACK (comparison_cb), self,
                           G_CONNECT_SWAPPED);
  comparison_cb (self);
}
