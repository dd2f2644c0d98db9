/* drivedash-bench-page.c — the Speed view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Wiring only: what the page shows lives in its DrivedashBenchModel (and
 * the model's DrivedashBenchOptions), which the template binds to.  Here:
 * GSettings bound to the options, the shared run.* actions (and
 * bench.use-home), the plots fed from the model's signals, and the toast
 * that says a run is finished.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-a11y.h"
#include "drivedash-bench-format.h"
#include "drivedash-bench-guide.h"
#include "drivedash-bench-page.h"
#include "drivedash-bench-plots.h"
#include "drivedash-closures.h"
#include "drivedash-error.h"
#include "drivedash-folder.h"
#include "drivedash-run-actions.h"
#include "drivedash-run-folder.h"
#include "drivedash-run-notes.h"
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
  GtkWidget             *start_button;
  GtkLabel              *estimate_label;

  GSettings             *settings;
};

G_DEFINE_FINAL_TYPE (DrivedashBenchPage, drivedash_bench_page, ADW_TYPE_BIN)

/* ---------------------------------------------------------------------- */
/* Template closures                                                      */

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

static DrivedashRunModel *
get_model (GtkWidget *page)
{
  return DRIVEDASH_RUN_MODEL (DRIVEDASH_BENCH_PAGE (page)->model);
}

static guint
get_plots (GtkWidget      *page,
           DrivedashPlot **plots)
{
  DrivedashBenchPlots *bench_plots = DRIVEDASH_BENCH_PAGE (page)->plots;

  plots[0] = drivedash_bench_plots_get_bandwidth (bench_plots);
  plots[1] = drivedash_bench_plots_get_latency (bench_plots);
  return 2;
}

static const DrivedashRunActionsClass run_actions = {
  .get_model = get_model,
  .get_plots = get_plots,
  .export_width = DRIVEDASH_BENCH_PLOT_EXPORT_WIDTH,
  .export_height = DRIVEDASH_BENCH_PLOT_EXPORT_HEIGHT,
  .save_title = N_("Save Plots as PNG"),
  /* Translators: default file name of the saved plots */
  .save_name = N_("drivedash-speed-test.png"),
  .folder_title = N_("Choose a Folder on the Drive to Test"),
};

static void
toast_copy_cb (AdwToast           *toast,
               DrivedashBenchPage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "run.copy", NULL);
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
   * "run.copy" action is not reachable from there by name. */
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (toast_copy_cb), self, 0);
  drivedash_widget_add_toast (GTK_WIDGET (self), toast);
}

static void
use_home_cb (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  g_autofree char *home = drivedash_folder_suggest ();
  g_autoptr(GFile) file = home ? g_file_new_for_path (home) : NULL;

  if (file)
    drivedash_run_model_choose_folder (get_model (widget), file);
}

/* Between tests the caption keeps naming the last one; once the run is
 * over the plots show every test, so it names none.  The model drops its
 * current test before the run ends, so the end is seen on "running". */
static void
current_test_cb (DrivedashBenchPage *self)
{
  const char *test = drivedash_bench_model_get_current_test (self->model);

  if (test || !drivedash_run_model_get_running (get_model (GTK_WIDGET (self))))
    drivedash_bench_plots_set_caption (self->plots, test);
}

/* The plots' API is C calls: the model's signals become appends. */
static void
feed_plots (DrivedashBenchPage *self)
{
  g_signal_connect_object (self->model, "run-started", G_CALLBACK (drivedash_bench_plots_clear),
                           self->plots, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "test-started", G_CALLBACK (drivedash_bench_plots_add_test),
                           self->plots, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "sample", G_CALLBACK (drivedash_bench_plots_add_sample),
                           self->plots, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::current-test", G_CALLBACK (current_test_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::running", G_CALLBACK (current_test_cb),
                           self, G_CONNECT_SWAPPED);
}

/* ---------------------------------------------------------------------- */
/* Settings                                                               */

static void
bind_settings (DrivedashBenchPage *self)
{
  drivedash_run_folder_bind (self->settings, "bench-folder", self->options, drivedash_bench_folder_get_mapping,
                             drivedash_bench_folder_set_mapping);
  g_settings_bind (self->settings, "bench-preset", self->options, "preset-id", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "bench-size", self->options, "size", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "bench-passes", self->options, "passes", G_SETTINGS_BIND_DEFAULT);
  /* Set in Preferences; the page only reads them. */
  g_settings_bind (self->settings, "bench-pass-duration", self->options, "pass-duration", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "bench-pause", self->options, "pause", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "bench-random-data", self->options, "random-data", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "bench-merge-requests", self->options, "merge-requests", G_SETTINGS_BIND_GET);
}

/* ---------------------------------------------------------------------- */

static void
drivedash_bench_page_dispose (GObject *object)
{
  DrivedashBenchPage *self = DRIVEDASH_BENCH_PAGE (object);

  /* The run keeps going in its threads until it notices: make it stop and
   * delete its file; the model lives until the run is over. */
  if (self->model)
    drivedash_run_model_stop (DRIVEDASH_RUN_MODEL (self->model));
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
  g_type_ensure (DRIVEDASH_TYPE_RUN_NOTES);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-bench-page.ui");
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, model);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, options);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, guide);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, results_grid);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, plots);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, start_button);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, estimate_label);
  drivedash_widget_class_bind_closures (widget_class);
  gtk_widget_class_bind_template_callback (widget_class, either_cb);
  gtk_widget_class_bind_template_callback (widget_class, status_classes_cb);
  gtk_widget_class_bind_template_callback (widget_class, offer_home_cb);
  drivedash_run_actions_install (widget_class, &run_actions);
  /* Only where the Speed test refused a folder in memory. */
  gtk_widget_class_install_action (widget_class, "bench.use-home", NULL, use_home_cb);
}

static void
drivedash_bench_page_init (DrivedashBenchPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  drivedash_a11y_progress_reads_text (self->progress_bar);
  /* How long it takes is heard with Start, as on the other test pages. */
  drivedash_a11y_described_by (self->start_button, self->estimate_label, NULL);

  self->settings = g_settings_new (APP_ID);
  bind_settings (self);
  drivedash_run_actions_init (GTK_WIDGET (self));
  feed_plots (self);
  g_signal_connect_object (self->model, "finished", G_CALLBACK (model_finished_cb), self, G_CONNECT_SWAPPED);
}

GtkWidget *
drivedash_bench_page_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_BENCH_PAGE, NULL);
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
