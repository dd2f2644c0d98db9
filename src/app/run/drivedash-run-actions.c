/* drivedash-run-actions.c — the run.* actions every test page has
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Start, Stop, Copy, Save Plots and Choose Folder do the same on the
 * Speed and the Long Tests page: they act on the page's DrivedashRunModel
 * and are enabled by its can-* properties.  The page's class says only
 * what differs (its model, its plots, the choosers' words); that table
 * is kept as the class's type data, so each action finds it from the
 * widget it runs on.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-error.h"
#include "drivedash-file-chooser.h"
#include "drivedash-run-actions.h"
#include "drivedash-toast.h"

static GQuark
run_actions_quark (void)
{
  return g_quark_from_static_string ("drivedash-run-actions");
}

/* Each action and the model property that enables it. */
static const struct {
  const char *name;
  const char *enabled_by;
} enabling[] = {
  { "run.start", "can-start" },
  { "run.stop", "can-stop" },
  { "run.copy", "can-copy" },
  { "run.save-plots", "can-save" },
  { "run.choose-folder", "can-start" },
};

static const DrivedashRunActionsClass *
actions_of (GtkWidget *page)
{
  return g_type_get_qdata (G_OBJECT_TYPE (page), run_actions_quark ());
}

static DrivedashRunModel *
model_of (GtkWidget *page)
{
  return actions_of (page)->get_model (page);
}

static void start_cb (GtkWidget  *page,
                      const char *action_name,
                      GVariant   *parameter);

/* Start pressed while the model was still reading the disk: what the
 * run writes, and whether to ask first, is known now. */
static void
refreshed_cb (DrivedashRunModel *model,
              GParamSpec        *pspec,
              GtkWidget         *page)
{
  if (drivedash_run_model_get_refreshing (model))
    return;
  g_signal_handlers_disconnect_by_func (model, refreshed_cb, page);
  start_cb (page, "run.start", NULL);
}

static void
start_cb (GtkWidget  *page,
          const char *action_name,
          GVariant   *parameter)
{
  const DrivedashRunActionsClass *actions = actions_of (page);
  DrivedashRunModel *model = actions->get_model (page);

  if (drivedash_run_model_get_refreshing (model))
    {
      g_signal_handlers_disconnect_by_func (model, refreshed_cb, page);
      g_signal_connect_object (model, "notify::refreshing", G_CALLBACK (refreshed_cb), page, 0);
      return;
    }
  if (actions->start != NULL)
    actions->start (page);
  else
    drivedash_run_model_start (actions->get_model (page), NULL);
}

static void
stop_cb (GtkWidget  *page,
         const char *action_name,
         GVariant   *parameter)
{
  drivedash_run_model_stop (model_of (page));
}

static void
copy_cb (GtkWidget  *page,
         const char *action_name,
         GVariant   *parameter)
{
  g_autofree char *text = drivedash_run_model_dup_text (model_of (page));

  if (text == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (page), text);
  drivedash_widget_add_toast (page, adw_toast_new (_("Results copied")));
}

gboolean
drivedash_run_actions_save_plots (GtkWidget   *page,
                                  const char  *path,
                                  GError     **error)
{
  const DrivedashRunActionsClass *actions;
  DrivedashPlot *plots[DRIVEDASH_RUN_MAX_PLOTS] = { NULL };
  guint n;

  g_return_val_if_fail (GTK_IS_WIDGET (page), FALSE);
  actions = actions_of (page);
  g_return_val_if_fail (actions != NULL, FALSE);
  n = actions->get_plots (page, plots);
  return drivedash_plot_save_stack (plots, n, path, actions->export_width, actions->export_height, error);
}

/* A failure stays in view as the status; success is a toast. */
static void
plots_file_chosen_cb (GObject *owner,
                      GFile   *file)
{
  GtkWidget *page = GTK_WIDGET (owner);
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  g_autoptr(GError) error = NULL;

  if (file == NULL)
    return;
  if (path == NULL)
    error = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                                 _("Pick a folder on this computer to save the picture in."));
  if (error || !drivedash_run_actions_save_plots (page, path, &error))
    drivedash_run_model_show_error (model_of (page), error);
  else
    drivedash_widget_add_toast (page, adw_toast_new (_("Plots saved")));
}

static void
save_plots_cb (GtkWidget  *page,
               const char *action_name,
               GVariant   *parameter)
{
  const DrivedashRunActionsClass *actions = actions_of (page);

  drivedash_file_chooser_run (page, GTK_FILE_CHOOSER_ACTION_SAVE, _(actions->save_title), _("_Save"),
                              NULL, _(actions->save_name), G_OBJECT (page), plots_file_chosen_cb);
}

static void
folder_chosen_cb (GObject *owner,
                  GFile   *file)
{
  if (file != NULL)
    drivedash_run_model_choose_folder (model_of (GTK_WIDGET (owner)), file);
}

static void
choose_folder_cb (GtkWidget  *page,
                  const char *action_name,
                  GVariant   *parameter)
{
  g_autoptr(GFile) initial = drivedash_run_model_dup_folder (model_of (page));

  drivedash_file_chooser_run (page, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                              _(actions_of (page)->folder_title), _("_Select"), initial, NULL,
                              G_OBJECT (page), folder_chosen_cb);
}

void
drivedash_run_actions_install (GtkWidgetClass                 *widget_class,
                               const DrivedashRunActionsClass *actions)
{
  g_return_if_fail (GTK_IS_WIDGET_CLASS (widget_class));
  g_return_if_fail (actions != NULL && actions->get_model != NULL && actions->get_plots != NULL);

  g_type_set_qdata (G_TYPE_FROM_CLASS (widget_class), run_actions_quark (), (gpointer) actions);
  gtk_widget_class_install_action (widget_class, "run.start", NULL, start_cb);
  gtk_widget_class_install_action (widget_class, "run.stop", NULL, stop_cb);
  gtk_widget_class_install_action (widget_class, "run.copy", NULL, copy_cb);
  gtk_widget_class_install_action (widget_class, "run.save-plots", NULL, save_plots_cb);
  gtk_widget_class_install_action (widget_class, "run.choose-folder", NULL, choose_folder_cb);
}

static void
sync_enabled (GtkWidget *page)
{
  DrivedashRunModel *model = model_of (page);

  for (guint i = 0; i < G_N_ELEMENTS (enabling); i++)
    {
      gboolean enabled;

      g_object_get (model, enabling[i].enabled_by, &enabled, NULL);
      gtk_widget_action_set_enabled (page, enabling[i].name, enabled);
    }
}

void
drivedash_run_actions_init (GtkWidget *page)
{
  static const char *const signals[] = {
    "notify::can-start", "notify::can-stop", "notify::can-copy", "notify::can-save",
  };

  g_return_if_fail (GTK_IS_WIDGET (page));
  g_return_if_fail (actions_of (page) != NULL);

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    g_signal_connect_object (model_of (page), signals[i], G_CALLBACK (sync_enabled), page, G_CONNECT_SWAPPED);
  sync_enabled (page);
}
