/* drivedash-bench-page.c — the Speed view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Wiring only: what the page shows lives in its DrivedashBenchModel (and
 * the model's DrivedashBenchOptions), which the template binds to.  Here:
 * GSettings bound to the options, the "bench.*" actions enabled by the
 * model's can-* properties, the file choosers and the toasts.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-a11y.h"
#include "drivedash-bench-format.h"
#include "drivedash-bench-guide.h"
#include "drivedash-folder.h"
#include "drivedash-bench-page.h"
#include "drivedash-bench-plots.h"
#include "drivedash-error.h"
#include "drivedash-file-chooser.h"
#include "drivedash-toast.h"

struct _DrivedashBenchPage
{
  AdwBin                 parent_instance;

  DrivedashBenchModel   *model;
  DrivedashBenchOptions *options;
  DrivedashBenchGuide   *guide;    /* held here: nothing else holds it */
  DrivedashResultsGrid  *results_grid;
  DrivedashBenchPlots   *plots;
  GtkProgressBar        *progress_bar;

  GSettings             *settings;
};

G_DEFINE_FINAL_TYPE (DrivedashBenchPage, drivedash_bench_page, ADW_TYPE_BIN)

static void
add_toast (DrivedashBenchPage *self,
           AdwToast           *toast)
{
  drivedash_widget_add_toast (GTK_WIDGET (self), toast);
}

/* ---------------------------------------------------------------------- */
/* Template closures                                                      */

static gboolean
nonempty_cb (gpointer    unused,
             const char *text)
{
  return text != NULL && *text != '\0';
}

static gboolean
either_cb (gpointer unused,
           gboolean a,
           gboolean b)
{
  return a || b;
}

/* Offers the home folder after a folder in memory was refused, when the
 * home folder is on a drive itself. */
static gboolean
offer_home_cb (gpointer      unused,
               const GError *error)
{
  g_autofree char *home = NULL;

  if (!g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_IN_MEMORY))
    return FALSE;
  home = drivedash_folder_suggest ();
  return home != NULL;
}

static GStrv
status_classes_cb (gpointer unused,
                   gboolean is_error)
{
  return drivedash_bench_format_status_classes (is_error);
}

/* ---------------------------------------------------------------------- */
/* Actions                                                                */

static void
start_cb (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  DrivedashBenchPage *self = user_data;

  /* A refusal is shown as the model's status. */
  drivedash_bench_model_start (self->model, NULL);
}

static void
stop_cb (GSimpleAction *action,
         GVariant      *parameter,
         gpointer       user_data)
{
  drivedash_bench_model_stop (((DrivedashBenchPage *) user_data)->model);
}

static void
copy_cb (GSimpleAction *action,
         GVariant      *parameter,
         gpointer       user_data)
{
  DrivedashBenchPage *self = user_data;
  g_autofree char *text = drivedash_bench_model_dup_text (self->model);

  if (text == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  add_toast (self, adw_toast_new (_("Results copied")));
}

static void
toast_copy_cb (AdwToast           *toast,
               DrivedashBenchPage *self)
{
  copy_cb (NULL, NULL, self);
}

static void
model_finished_cb (DrivedashBenchPage *self,
                   gboolean            success)
{
  AdwToast *toast;

  if (!success)
    return;
  toast = adw_toast_new (_("Speed test finished"));
  /* No mnemonic: GTK 4.8 would read it as "_Copy Results Copy Results". */
  adw_toast_set_button_label (toast, _("Copy Results"));
  /* The toast lives in the window's overlay, above this page: our
   * "bench.copy" action is not reachable from there by name. */
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (toast_copy_cb), self, 0);
  add_toast (self, toast);
}

static void
use_home_cb (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  DrivedashBenchPage *self = user_data;
  g_autofree char *home = drivedash_folder_suggest ();
  g_autoptr(GFile) file = home ? g_file_new_for_path (home) : NULL;

  if (file)
    drivedash_bench_model_choose_folder (self->model, file);
}

static void
folder_chosen_cb (GObject *owner,
                  GFile   *file)
{
  if (file)
    drivedash_bench_model_choose_folder (DRIVEDASH_BENCH_PAGE (owner)->model, file);
}

static void
choose_folder_cb (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  DrivedashBenchPage *self = user_data;

  drivedash_file_chooser_run (GTK_WIDGET (self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                              _("Choose a Folder on the Drive to Test"), _("_Select"),
                              drivedash_bench_options_get_folder (self->options), NULL,
                              G_OBJECT (self), folder_chosen_cb);
}

static void
plots_file_chosen_cb (GObject *owner,
                      GFile   *file)
{
  DrivedashBenchPage *self = DRIVEDASH_BENCH_PAGE (owner);
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  g_autoptr(GError) error = NULL;

  if (file == NULL)
    return;
  if (path == NULL)
    error = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                                 _("Pick a folder on this computer to save the picture in."));
  if (error || !drivedash_bench_plots_save (self->plots, path, &error))
    drivedash_bench_model_show_error (self->model, error);
  else
    add_toast (self, adw_toast_new (_("Plots saved")));
}

static void
save_plots_cb (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  drivedash_file_chooser_run (user_data, GTK_FILE_CHOOSER_ACTION_SAVE, _("Save Plots as PNG"), _("_Save"),
                              /* Translators: default file name of the saved plots */
                              NULL, _("drivedash-speed-test.png"),
                              user_data, plots_file_chosen_cb);
}

/* Each action is enabled exactly when the model says it can run. */
static void
setup_actions (DrivedashBenchPage *self)
{
  static const struct {
    GActionEntry entry;
    const char  *enabled_by;
  } actions[] = {
    { { "start", start_cb }, "can-start" },
    { { "stop", stop_cb }, "can-stop" },
    { { "copy", copy_cb }, "can-copy" },
    { { "save-plots", save_plots_cb }, "can-save-plots" },
    { { "choose-folder", choose_folder_cb }, "can-start" },
    { { "use-home", use_home_cb }, "can-start" },
  };
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_action_map_add_action_entries (G_ACTION_MAP (group), &actions[i].entry, 1, self);
      g_object_bind_property (self->model, actions[i].enabled_by,
                              g_action_map_lookup_action (G_ACTION_MAP (group), actions[i].entry.name),
                              "enabled", G_BINDING_SYNC_CREATE);
    }
  gtk_widget_insert_action_group (GTK_WIDGET (self), "bench", G_ACTION_GROUP (group));
}

/* ---------------------------------------------------------------------- */
/* Settings                                                               */

static void
bind_settings (DrivedashBenchPage *self)
{
  g_settings_bind_with_mapping (self->settings, "bench-folder", self->options, "folder",
                                G_SETTINGS_BIND_DEFAULT, drivedash_bench_folder_get_mapping,
                                drivedash_bench_folder_set_mapping, NULL, NULL);
  g_settings_bind (self->settings, "bench-preset", self->options, "preset-id", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "bench-size", self->options, "size", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "bench-passes", self->options, "passes", G_SETTINGS_BIND_DEFAULT);
  /* Set in Preferences; the page only reads them. */
  g_settings_bind (self->settings, "bench-pass-duration", self->options, "pass-duration", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "bench-pause", self->options, "pause", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "bench-random-data", self->options, "random-data", G_SETTINGS_BIND_GET);
}

/* ---------------------------------------------------------------------- */

static void
drivedash_bench_page_dispose (GObject *object)
{
  DrivedashBenchPage *self = DRIVEDASH_BENCH_PAGE (object);

  /* The run keeps going in its threads until it notices: make it stop and
   * delete its file; the model lives until the run is over. */
  if (self->model)
    drivedash_bench_model_stop (self->model);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_BENCH_PAGE);
  G_OBJECT_CLASS (drivedash_bench_page_parent_class)->dispose (object);
}

static void
drivedash_bench_page_class_init (DrivedashBenchPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = drivedash_bench_page_dispose;

  g_type_ensure (DRIVEDASH_TYPE_BENCH_GUIDE);
  g_type_ensure (DRIVEDASH_TYPE_BENCH_MODEL);
  g_type_ensure (DRIVEDASH_TYPE_BENCH_OPTIONS);
  g_type_ensure (DRIVEDASH_TYPE_BENCH_PLOTS);
  g_type_ensure (DRIVEDASH_TYPE_RESULTS_GRID);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-bench-page.ui");
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, model);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, options);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, guide);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, results_grid);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, plots);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, progress_bar);
  gtk_widget_class_bind_template_callback (widget_class, nonempty_cb);
  gtk_widget_class_bind_template_callback (widget_class, either_cb);
  gtk_widget_class_bind_template_callback (widget_class, status_classes_cb);
  gtk_widget_class_bind_template_callback (widget_class, offer_home_cb);
}

static void
drivedash_bench_page_init (DrivedashBenchPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  drivedash_a11y_progress_reads_text (self->progress_bar);

  self->settings = g_settings_new (APP_ID);
  bind_settings (self);
  setup_actions (self);
  g_signal_connect_object (self->model, "finished", G_CALLBACK (model_finished_cb), self, G_CONNECT_SWAPPED);
}

GtkWidget *
drivedash_bench_page_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_BENCH_PAGE, NULL);
}

gboolean
drivedash_bench_page_save_plots (DrivedashBenchPage  *self,
                                 const char          *path,
                                 GError             **error)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PAGE (self), FALSE);
  return drivedash_bench_plots_save (self->plots, path, error);
}

DrivedashBenchModel *
drivedash_bench_page_get_model (DrivedashBenchPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PAGE (self), NULL);
  return self->model;
}

void
drivedash_bench_page_set_folder (DrivedashBenchPage *self,
                                 const char         *folder)
{
  g_autoptr(GFile) file = NULL;

  g_return_if_fail (DRIVEDASH_IS_BENCH_PAGE (self));

  if (folder && *folder)
    file = g_file_new_for_path (folder);
  drivedash_bench_options_set_folder (self->options, file);
}

DrivedashPlot *
drivedash_bench_page_get_bandwidth_plot (DrivedashBenchPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PAGE (self), NULL);
  return drivedash_bench_plots_get_bandwidth (self->plots);
}

DrivedashPlot *
drivedash_bench_page_get_latency_plot (DrivedashBenchPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PAGE (self), NULL);
  return drivedash_bench_plots_get_latency (self->plots);
}

DrivedashResultsGrid *
drivedash_bench_page_get_results_grid (DrivedashBenchPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PAGE (self), NULL);
  return self->results_grid;
}
