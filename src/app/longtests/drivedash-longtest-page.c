/* drivedash-longtest-page.c — the Long Tests view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Wiring only: the template binds every label, row and the progress bar
 * to the DrivedashLongTestModel it declares.  Here: the actions, the plot
 * fed from the model's rows, and the inhibitor that keeps the computer
 * awake while a test runs (an hour-long test must not be cut by suspend).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-error.h"
#include "drivedash-file-chooser.h"
#include "drivedash-format.h"
#include "drivedash-longtest-folder.h"
#include "drivedash-longtest-mapping.h"
#include "drivedash-longtest-page.h"
#include "drivedash-longtest-plots.h"
#include "drivedash-plot.h"
#include "drivedash-toast.h"

struct _DrivedashLongTestPage
{
  AdwBin                  parent_instance;
  DrivedashLongTestModel *model;
  DrivedashPlot          *plot;
  DrivedashPlot          *rounds_plot;
  DrivedashPlot          *saturation_plot;
  AdwComboRow            *kind_row;
  AdwComboRow            *preset_row;
  GSettings              *settings;
  guint                   iops_series;
  guint                   temperature_series;
  guint                   inhibit_cookie;
  GtkApplication         *inhibit_app;
};

G_DEFINE_FINAL_TYPE (DrivedashLongTestPage, drivedash_long_test_page, ADW_TYPE_BIN)

/* The drive's own limits on the temperature's (right-hand) scale. */
static void
add_limits (DrivedashLongTestPage *self)
{
  guint warning_k, critical_k;

  drivedash_plot_clear_annotations (self->plot);
  drivedash_long_test_model_get_temperature_limits (self->model, &warning_k, &critical_k);
  if (warning_k)
    {
      g_autofree char *t = drivedash_format_temperature (warning_k);
      g_autofree char *l = g_strdup_printf (_("Slows down (%s)"), t);

      drivedash_plot_add_limit_right (self->plot, l, drivedash_kelvin_to_celsius (warning_k),
                                      DRIVEDASH_PLOT_LIMIT_WARNING);
    }
  if (critical_k)
    {
      g_autofree char *t = drivedash_format_temperature (critical_k);
      g_autofree char *l = g_strdup_printf (_("Critical (%s)"), t);

      drivedash_plot_add_limit_right (self->plot, l, drivedash_kelvin_to_celsius (critical_k),
                                      DRIVEDASH_PLOT_LIMIT_CRITICAL);
    }
}

static void
really_start (DrivedashLongTestPage *self)
{
  /* clear() keeps the series and drops their samples. */
  drivedash_plot_clear (self->plot);
  /* A refusal is shown as the model's status. */
  drivedash_long_test_model_start (self->model, NULL);
}

static void
confirm_response_cb (AdwMessageDialog      *dialog,
                     const char            *response,
                     DrivedashLongTestPage *self)
{
  if (g_strcmp0 (response, "start") == 0 && !drivedash_long_test_model_get_running (self->model))
    really_start (self);
}

/* Above 100 GB the user says yes first: such a test wears the drive. */
static void
start_cb (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  DrivedashLongTestPage *self = user_data;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autofree char *notice = NULL;
  GtkWidget *dialog;

  if (!drivedash_long_test_model_needs_confirmation (self->model))
    {
      really_start (self);
      return;
    }
  notice = drivedash_long_test_model_dup_notice (self->model);
  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                   _("Start a test that writes this much?"), notice);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "start", _("_Start"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "start",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (confirm_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
stop_cb (GSimpleAction *action,
         GVariant      *parameter,
         gpointer       user_data)
{
  drivedash_long_test_model_stop (((DrivedashLongTestPage *) user_data)->model);
}

static void
copy_cb (GSimpleAction *action,
         GVariant      *parameter,
         gpointer       user_data)
{
  DrivedashLongTestPage *self = user_data;
  g_autofree char *text = drivedash_long_test_model_dup_text (self->model);

  if (text != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
}

static void
add_toast (DrivedashLongTestPage *self,
           AdwToast              *toast)
{
  drivedash_widget_add_toast (GTK_WIDGET (self), toast);
}

/* The live plot and the test's result plot, as on screen. */
gboolean
drivedash_long_test_page_save_plots (DrivedashLongTestPage  *self,
                                     const char             *path,
                                     GError                **error)
{
  DrivedashPlot *plots[2] = { self->plot, NULL };
  guint n = 1;

  if (gtk_widget_get_visible (GTK_WIDGET (self->rounds_plot)))
    plots[n++] = self->rounds_plot;
  else if (gtk_widget_get_visible (GTK_WIDGET (self->saturation_plot)))
    plots[n++] = self->saturation_plot;
  return drivedash_plot_save_stack (plots, n, path, DRIVEDASH_LONG_PLOT_EXPORT_WIDTH,
                                    DRIVEDASH_LONG_PLOT_EXPORT_HEIGHT, error);
}

static void
plots_file_chosen_cb (GObject *owner,
                      GFile   *file)
{
  DrivedashLongTestPage *self = DRIVEDASH_LONG_TEST_PAGE (owner);
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  g_autoptr(GError) error = NULL;

  if (file == NULL)
    return;
  if (path == NULL)
    error = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                                 _("Pick a folder on this computer to save the picture in."));
  if (error || !drivedash_long_test_page_save_plots (self, path, &error))
    add_toast (self, adw_toast_new (error->message));
  else
    add_toast (self, adw_toast_new (_("Plots saved")));
}

static void
save_plots_cb (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  drivedash_file_chooser_run (user_data, GTK_FILE_CHOOSER_ACTION_SAVE,
                              _("Save Plots as PNG or SVG"), _("_Save"),
                              /* Translators: default file name of the saved long-test plots */
                              NULL, _("drivedash-long-test.png"),
                              user_data, plots_file_chosen_cb);
}

static void
folder_chosen_cb (GObject *owner,
                  GFile   *file)
{
  if (file != NULL)
    drivedash_long_test_model_choose_folder (DRIVEDASH_LONG_TEST_PAGE (owner)->model, file);
}

static void
choose_folder_cb (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  DrivedashLongTestPage *self = user_data;
  const char *folder = drivedash_long_test_model_get_folder (self->model);
  g_autoptr(GFile) initial = g_file_new_for_path (folder ? folder : g_get_home_dir ());

  drivedash_file_chooser_run (GTK_WIDGET (self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                              _("Choose a Folder for the Test"), _("_Select"), initial, NULL,
                              G_OBJECT (self), folder_chosen_cb);
}

static gboolean
has_text (GBinding     *binding,
          const GValue *from,
          GValue       *to,
          gpointer      unused)
{
  const char *s = g_value_get_string (from);

  g_value_set_boolean (to, s != NULL && *s != '\0');
  return TRUE;
}

static gboolean
nonempty_cb (gpointer    unused,
             const char *text)
{
  return text != NULL && *text != '\0';
}

static gboolean
kind_is_cb (gpointer              unused,
            DrivedashLongTestKind kind,
            DrivedashLongTestKind wanted)
{
  return kind == wanted;
}

static char *
folder_subtitle_cb (gpointer    unused,
                    const char *folder)
{
  return drivedash_long_folder_subtitle (folder);
}

static void
setup_actions (DrivedashLongTestPage *self)
{
  static const GActionEntry entries[] = {
    { "start", start_cb }, { "stop", stop_cb }, { "copy", copy_cb },
    { "save-plots", save_plots_cb }, { "choose-folder", choose_folder_cb },
  };
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  GActionMap *map = G_ACTION_MAP (group);

  g_action_map_add_action_entries (map, entries, G_N_ELEMENTS (entries), self);
  g_object_bind_property (self->model, "running", g_action_map_lookup_action (map, "start"), "enabled",
                          G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  g_object_bind_property (self->model, "running", g_action_map_lookup_action (map, "stop"), "enabled",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->model, "running", g_action_map_lookup_action (map, "choose-folder"),
                          "enabled", G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  g_object_bind_property_full (self->model, "summary", g_action_map_lookup_action (map, "copy"), "enabled",
                               G_BINDING_SYNC_CREATE, has_text, NULL, NULL, NULL);
  /* Before a run the plots are empty: nothing worth saving. */
  g_object_bind_property_full (self->model, "summary", g_action_map_lookup_action (map, "save-plots"),
                               "enabled", G_BINDING_SYNC_CREATE, has_text, NULL, NULL, NULL);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "longtest", G_ACTION_GROUP (group));
}

static void
row_cb (DrivedashLongTestPage        *self,
        const DrivedashTimeseriesRow *row)
{
  drivedash_plot_append (self->plot, self->iops_series, row->t_s,
                         (double) row->read_iops + row->write_iops);
  if (row->temperature_kelvin != 0)
    drivedash_plot_append (self->plot, self->temperature_series, row->t_s,
                           drivedash_kelvin_to_celsius (row->temperature_kelvin));
}

static void
uninhibit (DrivedashLongTestPage *self)
{
  if (self->inhibit_cookie != 0)
    gtk_application_uninhibit (self->inhibit_app, self->inhibit_cookie);
  self->inhibit_cookie = 0;
  g_clear_object (&self->inhibit_app);
}

static void
running_cb (DrivedashLongTestPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkApplication *app = GTK_IS_WINDOW (root) ? gtk_window_get_application (GTK_WINDOW (root)) : NULL;

  uninhibit (self);
  if (drivedash_long_test_model_get_running (self->model))
    add_limits (self);
  if (!drivedash_long_test_model_get_running (self->model) || app == NULL)
    return;
  self->inhibit_app = g_object_ref (app);
  self->inhibit_cookie = gtk_application_inhibit (app, GTK_WINDOW (root),
                                                  GTK_APPLICATION_INHIBIT_SUSPEND | GTK_APPLICATION_INHIBIT_IDLE,
                                                  _("A long drive test is running"));
}

static void
drivedash_long_test_page_dispose (GObject *object)
{
  DrivedashLongTestPage *self = DRIVEDASH_LONG_TEST_PAGE (object);

  /* The run stops and removes its file; the task keeps the model. */
  if (self->model)
    drivedash_long_test_model_stop (self->model);
  uninhibit (self);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_LONG_TEST_PAGE);
  G_OBJECT_CLASS (drivedash_long_test_page_parent_class)->dispose (object);
}

static void
drivedash_long_test_page_class_init (DrivedashLongTestPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = drivedash_long_test_page_dispose;
  g_type_ensure (DRIVEDASH_TYPE_LONG_TEST_MODEL);
  g_type_ensure (DRIVEDASH_TYPE_PLOT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/drivedash/Drivedash/drivedash-longtest-page.ui");
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongTestPage, model);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongTestPage, plot);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongTestPage, rounds_plot);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongTestPage, saturation_plot);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongTestPage, kind_row);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongTestPage, preset_row);
  gtk_widget_class_bind_template_callback (widget_class, nonempty_cb);
  gtk_widget_class_bind_template_callback (widget_class, kind_is_cb);
  gtk_widget_class_bind_template_callback (widget_class, folder_subtitle_cb);
}

static void
drivedash_long_test_page_init (DrivedashLongTestPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Enum properties and the rows' index: a template binding has no
   * transform, so these two are bound here. */
  g_object_bind_property_full (self->model, "kind", self->kind_row, "selected",
                               G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL,
                               drivedash_long_enum_to_index, drivedash_long_index_to_enum, NULL, NULL);
  g_object_bind_property_full (self->model, "preset", self->preset_row, "selected",
                               G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL,
                               drivedash_long_enum_to_index, drivedash_long_index_to_enum, NULL, NULL);
  drivedash_plot_set_title (self->plot, _("Operations per second"));
  drivedash_plot_set_include_zero (self->plot, TRUE);
  self->iops_series = drivedash_plot_add_series (self->plot, _("IOPS"));
  self->temperature_series = drivedash_plot_add_series_right (self->plot, _("Temperature"));
  drivedash_plot_set_right_unit (self->plot, "°C");
  drivedash_long_test_plots_setup_rounds (self->rounds_plot, drivedash_long_test_model_get_rounds (self->model));
  drivedash_long_test_plots_setup_saturation (self->saturation_plot,
                                              drivedash_long_test_model_get_rounds (self->model));
  setup_actions (self);
  /* The folder decides the drive: kept like the Speed page's. */
  self->settings = g_settings_new (APP_ID);
  g_settings_bind_with_mapping (self->settings, "longtest-folder", self->model, "folder",
                                G_SETTINGS_BIND_DEFAULT, drivedash_long_folder_get_mapping,
                                drivedash_long_folder_set_mapping, NULL, NULL);
  g_signal_connect_object (self->model, "row", G_CALLBACK (row_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::running", G_CALLBACK (running_cb), self,
                           G_CONNECT_SWAPPED);
}

DrivedashLongTestModel *
drivedash_long_test_page_get_model (DrivedashLongTestPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_LONG_TEST_PAGE (self), NULL);
  return self->model;
}
