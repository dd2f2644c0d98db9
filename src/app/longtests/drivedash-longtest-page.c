/* drivedash-longtest-page.c — the Long Tests view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Wiring only: the template binds every label, row and the progress bar
 * to the DrivedashLongTestModel it declares.  Here: the shared run.*
 * actions (Start asks first for a big test), the plot fed from the
 * model's rows, and the inhibitor that keeps the computer
 * awake while a test runs (an hour-long test must not be cut by suspend).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-dialog.h"
#include "drivedash-a11y.h"
#include "drivedash-closures.h"
#include "drivedash-format.h"
#include "drivedash-run-folder.h"
#include "drivedash-longtest-mapping.h"
#include "drivedash-longtest-page.h"
#include "drivedash-longtest-plots.h"
#include "drivedash-plot.h"
#include "drivedash-run-actions.h"

struct _DrivedashLongTestPage
{
  AdwBin                  parent_instance;
  DrivedashLongTestModel *model;
  DrivedashPlot          *plot;
  DrivedashPlot          *rounds_plot;
  DrivedashPlot          *saturation_plot;
  DrivedashPlot          *adaptivity_plot;
  AdwComboRow            *kind_row;
  AdwComboRow            *preset_row;
  GtkWidget              *start_button;
  GtkLabel               *notice_label;
  GtkLabel               *estimate_label;
  GtkProgressBar         *progress_bar;
  GSettings              *settings;
  guint                   speed_series;
  guint                   temperature_series;
  guint                   inhibit_cookie;
  GtkApplication         *inhibit_app;
};

G_DEFINE_FINAL_TYPE (DrivedashLongTestPage, drivedash_long_test_page, ADW_TYPE_BIN)

#define RUN(self) DRIVEDASH_RUN_MODEL ((self)->model)

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
  drivedash_run_model_start (RUN (self), NULL);
}

static void
confirm_response_cb (AdwMessageDialog      *dialog,
                     const char            *response,
                     DrivedashLongTestPage *self)
{
  if (g_strcmp0 (response, "start") == 0 && !drivedash_run_model_get_running (RUN (self)))
    really_start (self);
}

/* Above 100 GB the user says yes first: such a test wears the drive. */
static void
start (GtkWidget *page)
{
  DrivedashLongTestPage *self = DRIVEDASH_LONG_TEST_PAGE (page);
  g_autofree char *notice = NULL;
  GtkWidget *dialog;

  if (!drivedash_long_test_model_needs_confirmation (self->model))
    {
      really_start (self);
      return;
    }
  notice = drivedash_long_test_model_dup_notice (self->model);
  dialog = drivedash_dialog_new_confirm (GTK_WIDGET (self), _("Start a test that writes this much?"), notice,
                                         _("_Start"));
  g_signal_connect_object (dialog, "response", G_CALLBACK (confirm_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The live plot and the test's result plot, as on screen. */
static guint
get_plots (GtkWidget      *page,
           DrivedashPlot **plots)
{
  DrivedashLongTestPage *self = DRIVEDASH_LONG_TEST_PAGE (page);
  guint n = 0;

  plots[n++] = self->plot;
  if (gtk_widget_get_visible (GTK_WIDGET (self->rounds_plot)))
    plots[n++] = self->rounds_plot;
  else if (gtk_widget_get_visible (GTK_WIDGET (self->saturation_plot)))
    plots[n++] = self->saturation_plot;
  else if (gtk_widget_get_visible (GTK_WIDGET (self->adaptivity_plot)))
    plots[n++] = self->adaptivity_plot;
  return n;
}

static DrivedashRunModel *
get_model (GtkWidget *page)
{
  return RUN (DRIVEDASH_LONG_TEST_PAGE (page));
}

static const DrivedashRunActionsClass run_actions = {
  .get_model = get_model,
  .start = start,
  .get_plots = get_plots,
  .export_width = DRIVEDASH_LONG_PLOT_EXPORT_WIDTH,
  .export_height = DRIVEDASH_LONG_PLOT_EXPORT_HEIGHT,
  .save_title = N_("Save Plots as PNG or SVG"),
  /* Translators: default file name of the saved long-test plots */
  .save_name = N_("drivedash-long-test.png"),
  .folder_title = N_("Choose a Folder for the Test"),
};

static gboolean
kind_is_cb (gpointer              unused,
            DrivedashLongTestKind kind,
            DrivedashLongTestKind wanted)
{
  return kind == wanted;
}

/* The rounds' words are Consistency's and Adaptivity's. */
static gboolean
kind_has_rounds_cb (gpointer              unused,
                    DrivedashLongTestKind kind)
{
  return kind == DRIVEDASH_LONG_TEST_CONSISTENCY || kind == DRIVEDASH_LONG_TEST_ADAPTIVITY;
}

static char *
folder_subtitle_cb (gpointer    unused,
                    const char *folder)
{
  return drivedash_run_folder_subtitle (folder);
}

static void
row_cb (DrivedashLongTestPage        *self,
        const DrivedashTimeseriesRow *row)
{
  drivedash_plot_append (self->plot, self->speed_series, row->t_s,
                         (double) row->read_mb_per_s + row->write_mb_per_s);
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
  if (drivedash_run_model_get_running (RUN (self)))
    add_limits (self);
  if (!drivedash_run_model_get_running (RUN (self)) || app == NULL)
    return;
  self->inhibit_app = g_object_ref (app);
  self->inhibit_cookie = gtk_application_inhibit (app, GTK_WINDOW (root),
                                                  GTK_APPLICATION_INHIBIT_SUSPEND | GTK_APPLICATION_INHIBIT_IDLE,
                                                  _("A long drive test is running"));
}

/* A screen reader hears each new phase without being moved to the bar. */
static void
phase_cb (DrivedashLongTestPage *self)
{
  const char *phase = drivedash_long_test_model_get_phase_text (self->model);

  if (phase != NULL)
    drivedash_a11y_announce (GTK_WIDGET (self->progress_bar), phase);
}

static void
drivedash_long_test_page_dispose (GObject *object)
{
  DrivedashLongTestPage *self = DRIVEDASH_LONG_TEST_PAGE (object);

  /* The run stops and removes its file; the task keeps the model. */
  if (self->model)
    drivedash_run_model_stop (RUN (self));
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
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongTestPage, adaptivity_plot);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongTestPage, kind_row);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongTestPage, preset_row);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongTestPage, start_button);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongTestPage, notice_label);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongTestPage, estimate_label);
  gtk_widget_class_bind_template_child (widget_class, DrivedashLongTestPage, progress_bar);
  drivedash_widget_class_bind_closures (widget_class);
  drivedash_run_actions_install (widget_class, &run_actions);
  gtk_widget_class_bind_template_callback (widget_class, kind_is_cb);
  gtk_widget_class_bind_template_callback (widget_class, kind_has_rounds_cb);
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
                               drivedash_enum_to_index, drivedash_index_to_enum, NULL, NULL);
  g_object_bind_property_full (self->model, "preset", self->preset_row, "selected",
                               G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL,
                               drivedash_enum_to_index, drivedash_index_to_enum, NULL, NULL);
  drivedash_plot_set_title (self->plot, _("Speed over time"));
  drivedash_plot_set_unit (self->plot, _("MB/s"));
  drivedash_plot_set_include_zero (self->plot, TRUE);
  self->speed_series = drivedash_plot_add_series (self->plot, _("Speed"));
  self->temperature_series = drivedash_plot_add_series_right (self->plot, _("Temperature"));
  drivedash_plot_set_right_unit (self->plot, "°C");
  drivedash_long_test_plots_setup_rounds (self->rounds_plot, drivedash_long_test_model_get_rounds (self->model));
  drivedash_long_test_plots_setup_saturation (self->saturation_plot,
                                              drivedash_long_test_model_get_rounds (self->model));
  drivedash_long_test_plots_setup_adaptivity (self->adaptivity_plot,
                                              drivedash_long_test_model_get_rounds (self->model));
  drivedash_run_actions_init (GTK_WIDGET (self));
  /* What Start writes and how long it takes are heard with the button. */
  drivedash_a11y_described_by (self->start_button, self->notice_label, self->estimate_label, NULL);
  drivedash_a11y_progress_reads_text (self->progress_bar);
  /* The folder decides the drive: kept like the Speed page's. */
  self->settings = g_settings_new (APP_ID);
  drivedash_run_folder_bind (self->settings, "longtest-folder", self->model, drivedash_run_folder_get_mapping,
                             drivedash_run_folder_set_mapping);
  g_signal_connect_object (self->model, "row", G_CALLBACK (row_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::running", G_CALLBACK (running_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::phase-text", G_CALLBACK (phase_cb), self,
                           G_CONNECT_SWAPPED);
}

DrivedashLongTestModel *
drivedash_long_test_page_get_model (DrivedashLongTestPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_LONG_TEST_PAGE (self), NULL);
  return self->model;
}
