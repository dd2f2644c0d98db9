/* drivedash-bench-page.c — the Speed view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine runs its I/O in worker threads and emits "sample", "progress"
 * and "test-finished" on this thread's main context; this page only ever
 * touches widgets from those handlers.  While a run is in flight the page
 * holds a reference on itself (the async callback's user data) and cancels
 * the run when it is disposed, so the callback never finds it gone.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "drivedash-bench-page.h"
#include "drivedash-error.h"
#include "drivedash-window.h"

#define PLOT_EXPORT_WIDTH  1000
#define PLOT_EXPORT_HEIGHT 340

static const guint64 test_sizes[] = {
  G_GUINT64_CONSTANT (64) << 20,
  G_GUINT64_CONSTANT (256) << 20,
  G_GUINT64_CONSTANT (1) << 30,
  G_GUINT64_CONSTANT (4) << 30,
  G_GUINT64_CONSTANT (16) << 30,
};

struct _DrivedashBenchPage
{
  AdwBin                 parent_instance;

  AdwActionRow          *folder_row;
  AdwComboRow           *preset_row;
  AdwComboRow           *size_row;
  GtkSpinButton         *passes_spin;
  GtkButton             *start_button;
  GtkProgressBar        *progress_bar;
  GtkLabel              *status_label;
  DrivedashResultsGrid  *results_grid;
  GtkWidget             *result_actions;
  DrivedashPlot         *bandwidth_plot;
  DrivedashPlot         *latency_plot;

  GSettings             *settings;
  char                  *folder;
  DrivedashBench        *bench;
  GCancellable          *cancellable;
  DrivedashBenchReport  *report;
  GError                *error;
  GtkFileChooserNative  *chooser;

  guint                  bw_read;
  guint                  bw_write;
  guint                  lat_mean;
  guint                  lat_p99;
  guint                  last_test;

  double                 override_duration;
  double                 override_pause;
  guint64                override_size;
};

G_DEFINE_FINAL_TYPE (DrivedashBenchPage, drivedash_bench_page, ADW_TYPE_BIN)

static void update_actions (DrivedashBenchPage *self);
static void copy_results (DrivedashBenchPage *self);

static void
add_toast (DrivedashBenchPage *self,
           AdwToast           *toast)
{
  GtkWidget *window = gtk_widget_get_ancestor (GTK_WIDGET (self), DRIVEDASH_TYPE_WINDOW);

  if (window)
    drivedash_window_add_toast (DRIVEDASH_WINDOW (window), toast);
  else
    g_object_unref (g_object_ref_sink (toast));
}

static void
show_status (DrivedashBenchPage *self,
             const char         *message,
             gboolean            is_error)
{
  gtk_label_set_text (self->status_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), message != NULL);
  if (is_error)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
}

/* "nvme0n1p2" for the block device holding PATH, NULL when it has none
 * (tmpfs, overlay, network file systems). */
static char *
block_device_of (const char *path)
{
  g_autofree char *link = NULL;
  g_autofree char *target = NULL;
  struct stat st;

  if (g_stat (path, &st) != 0)
    return NULL;
  link = g_strdup_printf ("/sys/dev/block/%u:%u", major (st.st_dev), minor (st.st_dev));
  target = g_file_read_link (link, NULL);
  return target ? g_path_get_basename (target) : NULL;
}

static void
update_folder_row (DrivedashBenchPage *self)
{
  g_autofree char *device = block_device_of (self->folder);
  g_autofree char *name = NULL;
  g_autofree char *subtitle = NULL;

  if (g_strcmp0 (self->folder, g_get_home_dir ()) == 0)
    name = g_strdup (_("Home folder"));
  else
    name = g_filename_display_name (self->folder);

  if (device)
    /* Translators: "Home folder (nvme0n1p2)": a folder and its drive */
    subtitle = g_strdup_printf (_("%s (%s)"), name, device);
  else
    subtitle = g_steal_pointer (&name);
  adw_action_row_set_subtitle (self->folder_row, subtitle);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->folder_row), self->folder);
}

void
drivedash_bench_page_set_folder (DrivedashBenchPage *self,
                                 const char         *folder)
{
  g_return_if_fail (DRIVEDASH_IS_BENCH_PAGE (self));

  g_free (self->folder);
  self->folder = g_strdup (folder && *folder ? folder : g_get_home_dir ());
  update_folder_row (self);
}

const char *
drivedash_bench_page_get_folder (DrivedashBenchPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PAGE (self), NULL);
  return self->folder;
}

static void
chooser_response_cb (GtkNativeDialog    *dialog,
                     int                 response,
                     DrivedashBenchPage *self)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      path = file ? g_file_get_path (file) : NULL;
    }
  g_clear_object (&self->chooser);

  if (response != GTK_RESPONSE_ACCEPT)
    return;
  if (path == NULL)
    {
      show_status (self, _("This folder is not on a drive of this computer. Pick a local folder."), TRUE);
      return;
    }
  /* Folders handed over by the desktop portal live on a FUSE mount: a test
   * there would measure the portal, not the drive. */
  if (g_str_has_prefix (path, "/run/user/") && strstr (path, "/doc/"))
    {
      show_status (self, _("This folder was shared through the desktop portal, which would slow the test down and hide the drive's real speed. Pick a folder in your home folder or on a removable drive instead."), TRUE);
      return;
    }

  show_status (self, NULL, FALSE);
  drivedash_bench_page_set_folder (self, path);
  g_settings_set_string (self->settings, "bench-folder",
                         g_strcmp0 (path, g_get_home_dir ()) == 0 ? "" : path);
}

static void
choose_folder_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  DrivedashBenchPage *self = DRIVEDASH_BENCH_PAGE (widget);
  g_autoptr(GFile) current = g_file_new_for_path (self->folder);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->chooser)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Choose a Folder on the Drive to Test"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                               _("_Select"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_chooser_set_file (GTK_FILE_CHOOSER (self->chooser), current, NULL);
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* ---------------------------------------------------------------------- */
/* Engine signals: all on this thread's main context                      */

static void
on_sample (DrivedashBench             *bench,
           const DrivedashBenchSample *sample,
           DrivedashBenchPage         *self)
{
  const DrivedashBenchSpec *tests;
  guint n_tests;
  guint series;

  tests = drivedash_bench_get_tests (bench, &n_tests);
  if (sample->test_index >= n_tests)
    return;

  series = tests[sample->test_index].mode == DRIVEDASH_BENCH_MODE_READ ? self->bw_read : self->bw_write;

  if (sample->test_index != self->last_test)
    {
      g_autofree char *name = drivedash_bench_spec_dup_label (&tests[sample->test_index]);
      double start = sample->run_elapsed_s - sample->elapsed_s;

      /* Tests are separate measurements: no line across the pause. */
      drivedash_plot_append_gap (self->bandwidth_plot, self->bw_read);
      drivedash_plot_append_gap (self->bandwidth_plot, self->bw_write);
      drivedash_plot_append_gap (self->latency_plot, self->lat_mean);
      drivedash_plot_append_gap (self->latency_plot, self->lat_p99);
      drivedash_plot_add_marker (self->bandwidth_plot, start, name);
      drivedash_plot_add_marker (self->latency_plot, start, name);
      self->last_test = sample->test_index;
    }

  drivedash_plot_append (self->bandwidth_plot, series, sample->run_elapsed_s, sample->mb_per_s);
  if (sample->latency_mean_us > 0)
    {
      drivedash_plot_append (self->latency_plot, self->lat_mean, sample->run_elapsed_s, sample->latency_mean_us);
      drivedash_plot_append (self->latency_plot, self->lat_p99, sample->run_elapsed_s, sample->latency_p99_us);
    }
}

static void
on_progress (DrivedashBench      *bench,
             guint                test_index,
             const char          *test_label,
             DrivedashBenchPhase  phase,
             double               fraction,
             DrivedashBenchPage  *self)
{
  g_autofree char *text = NULL;

  if (test_label)
    /* Translators: progress text, "RND4K Q32T16 Read — Measuring" */
    text = g_strdup_printf (_("%s — %s"), test_label, drivedash_bench_phase_get_display_name (phase));
  else
    text = g_strdup (drivedash_bench_phase_get_display_name (phase));

  gtk_progress_bar_set_fraction (self->progress_bar, CLAMP (fraction, 0, 1));
  gtk_progress_bar_set_text (self->progress_bar, text);

  if (phase == DRIVEDASH_BENCH_PHASE_WARMUP || phase == DRIVEDASH_BENCH_PHASE_MEASURING)
    {
      drivedash_results_grid_set_running (self->results_grid, test_index);
      drivedash_plot_set_caption (self->bandwidth_plot, test_label);
      drivedash_plot_set_caption (self->latency_plot, test_label);
    }
}

static void
on_test_finished (DrivedashBench       *bench,
                  guint                 test_index,
                  DrivedashBenchResult *result,
                  DrivedashBenchPage   *self)
{
  drivedash_results_grid_set_result (self->results_grid, test_index, result);
  update_actions (self);
}

static void
set_running_ui (DrivedashBenchPage *self,
                gboolean            running)
{
  GtkWidget *button = GTK_WIDGET (self->start_button);

  gtk_button_set_label (self->start_button, running ? _("_Stop") : _("_Start"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->start_button),
                                  running ? "bench.stop" : "bench.start");
  gtk_widget_set_tooltip_text (button, running ? _("Stop the test and delete the test file")
                                               : _("Start the speed test (it takes about a minute per test)"));
  if (running)
    {
      gtk_widget_remove_css_class (button, "suggested-action");
      gtk_widget_add_css_class (button, "destructive-action");
    }
  else
    {
      gtk_widget_remove_css_class (button, "destructive-action");
      gtk_widget_add_css_class (button, "suggested-action");
    }
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->folder_row), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->preset_row), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->size_row), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->passes_spin), !running);
  update_actions (self);
}

static void
run_done_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(DrivedashBenchPage) self = user_data;
  DrivedashBench *bench = DRIVEDASH_BENCH (object);
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(GError) error = NULL;

  report = drivedash_bench_run_finish (bench, result, &error);

  g_signal_handlers_disconnect_by_data (bench, self);
  g_clear_object (&self->cancellable);
  if (self->bench == bench)
    g_clear_object (&self->bench);

  /* Disposed while the run wound down: nothing left to show it in. */
  if (self->results_grid == NULL)
    return;

  g_clear_pointer (&self->report, drivedash_bench_report_unref);
  self->report = report ? drivedash_bench_report_ref (report)
                        : drivedash_bench_report_ref (drivedash_bench_get_report (bench));
  g_clear_error (&self->error);
  drivedash_results_grid_set_running (self->results_grid, G_MAXUINT);
  drivedash_plot_set_caption (self->bandwidth_plot, NULL);
  drivedash_plot_set_caption (self->latency_plot, NULL);

  if (error)
    {
      if (g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED)
          || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_status (self, _("Stopped. The test file was deleted."), FALSE);
      else
        show_status (self, error->message, TRUE);
      self->error = g_steal_pointer (&error);
    }
  else
    {
      AdwToast *toast = adw_toast_new (_("Done — copied results are one click away"));

      adw_toast_set_button_label (toast, _("_Copy"));
      /* The toast lives in the window's overlay, above this page: our
       * "bench.copy" action is not reachable from there by name. */
      g_signal_connect_object (toast, "button-clicked", G_CALLBACK (copy_results), self, G_CONNECT_SWAPPED);
      add_toast (self, toast);
      show_status (self, NULL, FALSE);
    }

  set_running_ui (self, FALSE);
}

static const DrivedashBenchPreset *
selected_preset (DrivedashBenchPage *self)
{
  guint n_presets;
  const DrivedashBenchPreset *presets = drivedash_bench_presets_get (&n_presets);
  guint i = adw_combo_row_get_selected (self->preset_row);

  return i < n_presets ? &presets[i] : drivedash_bench_preset_lookup (DRIVEDASH_BENCH_DEFAULT_PRESET);
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  DrivedashBenchPage *self = DRIVEDASH_BENCH_PAGE (widget);
  g_autoptr(DrivedashBenchSettings) settings = drivedash_bench_settings_new ();
  g_autoptr(GArray) tests = NULL;
  g_autoptr(GError) error = NULL;
  guint size_index = adw_combo_row_get_selected (self->size_row);

  if (self->bench)
    return;

  drivedash_bench_settings_set_folder (settings, self->folder);
  settings->test_size = size_index < G_N_ELEMENTS (test_sizes) ? test_sizes[size_index]
                                                               : DRIVEDASH_BENCH_DEFAULT_TEST_SIZE;
  settings->passes = (guint) gtk_spin_button_get_value_as_int (self->passes_spin);
  settings->pass_duration = g_settings_get_uint (self->settings, "bench-pass-duration");
  settings->pause = g_settings_get_uint (self->settings, "bench-pause");
  /* File systems without O_DIRECT (tmpfs, some FUSE) still get a number;
   * the grid marks it as including the page cache. */
  settings->allow_buffered = TRUE;
  settings->background = TRUE;  /* the I/O threads must not starve the UI */
  settings->data = g_settings_get_boolean (self->settings, "bench-random-data")
                   ? DRIVEDASH_BENCH_DATA_RANDOM : DRIVEDASH_BENCH_DATA_ZEROS;
  if (self->override_duration >= 0)
    settings->pass_duration = self->override_duration;
  if (self->override_pause >= 0)
    settings->pause = self->override_pause;
  if (self->override_size > 0)
    settings->test_size = self->override_size;

  if (!drivedash_bench_settings_validate (settings, &error))
    {
      show_status (self, error->message, TRUE);
      return;
    }

  tests = drivedash_bench_preset_expand (selected_preset (self), DRIVEDASH_BENCH_MODES_READ_WRITE);
  self->bench = drivedash_bench_new (settings, (const DrivedashBenchSpec *) tests->data, tests->len);
  self->cancellable = g_cancellable_new ();
  self->last_test = G_MAXUINT;
  g_clear_error (&self->error);

  g_signal_connect (self->bench, "sample", G_CALLBACK (on_sample), self);
  g_signal_connect (self->bench, "progress", G_CALLBACK (on_progress), self);
  g_signal_connect (self->bench, "test-finished", G_CALLBACK (on_test_finished), self);

  drivedash_results_grid_set_tests (self->results_grid, (const DrivedashBenchSpec *) tests->data, tests->len);
  drivedash_plot_clear (self->bandwidth_plot);
  drivedash_plot_clear (self->latency_plot);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, drivedash_bench_phase_get_display_name (DRIVEDASH_BENCH_PHASE_PREPARING));
  show_status (self, NULL, FALSE);
  g_clear_pointer (&self->report, drivedash_bench_report_unref);
  set_running_ui (self, TRUE);

  drivedash_bench_run_async (self->bench, self->cancellable, run_done_cb, g_object_ref (self));
}

static void
stop_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DrivedashBenchPage *self = DRIVEDASH_BENCH_PAGE (widget);

  if (self->cancellable == NULL)
    return;
  g_cancellable_cancel (self->cancellable);
  gtk_progress_bar_set_text (self->progress_bar, _("Stopping…"));
  gtk_widget_action_set_enabled (widget, "bench.stop", FALSE);
}

static void
copy_results (DrivedashBenchPage *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  DrivedashBenchReport *report = self->report;
  g_autofree char *text = NULL;

  if (report == NULL && self->bench)
    report = drivedash_bench_get_report (self->bench);
  if (report == NULL)
    return;

  text = drivedash_bench_report_format_text (report);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  add_toast (self, adw_toast_new (_("Results copied")));
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  copy_results (DRIVEDASH_BENCH_PAGE (widget));
}

gboolean
drivedash_bench_page_save_plots (DrivedashBenchPage  *self,
                                 const char          *path,
                                 GError             **error)
{
  DrivedashPlotStyle style;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PAGE (self), FALSE);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, PLOT_EXPORT_WIDTH, 2 * PLOT_EXPORT_HEIGHT);
  cr = cairo_create (surface);
  drivedash_plot_get_export_style (self->bandwidth_plot, &style);
  drivedash_plot_draw (self->bandwidth_plot, cr, PLOT_EXPORT_WIDTH, PLOT_EXPORT_HEIGHT, &style);
  cairo_translate (cr, 0, PLOT_EXPORT_HEIGHT);
  drivedash_plot_draw (self->latency_plot, cr, PLOT_EXPORT_WIDTH, PLOT_EXPORT_HEIGHT, &style);
  cairo_destroy (cr);
  status = cairo_surface_write_to_png (surface, path);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *name = g_filename_display_name (path);

      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
                   _("Could not save the picture as “%s”: the folder may be read-only or full."),
                   name);
      return FALSE;
    }
  return TRUE;
}

static void
save_response_cb (GtkNativeDialog    *dialog,
                  int                 response,
                  DrivedashBenchPage *self)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_object_unref (dialog);
  if (file == NULL)
    return;

  path = g_file_get_path (file);
  if (path == NULL || !drivedash_bench_page_save_plots (self, path, &error))
    show_status (self, error ? error->message : _("Pick a folder on this computer to save the picture in."), TRUE);
  else
    add_toast (self, adw_toast_new (_("Plots saved")));
}

static void
save_plots_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Save Plots as PNG"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  /* Translators: default file name of the saved plots */
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("drivedash-speed-test.png"));
  /* Not past the page's lifetime. */
  g_signal_connect_object (chooser, "response", G_CALLBACK (save_response_cb), widget, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
update_actions (DrivedashBenchPage *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean running = self->bench != NULL;
  gboolean have_results = drivedash_results_grid_get_n_filled (self->results_grid) > 0;

  gtk_widget_action_set_enabled (widget, "bench.start", !running);
  gtk_widget_action_set_enabled (widget, "bench.stop", running);
  gtk_widget_action_set_enabled (widget, "bench.choose-folder", !running);
  gtk_widget_action_set_enabled (widget, "bench.copy", have_results);
  gtk_widget_action_set_enabled (widget, "bench.save-plots",
                                 drivedash_plot_get_n_samples (self->bandwidth_plot, self->bw_read)
                                 + drivedash_plot_get_n_samples (self->bandwidth_plot, self->bw_write) > 0);
  gtk_widget_set_visible (self->result_actions, have_results || running);
}

/* ---------------------------------------------------------------------- */
/* Settings rows                                                          */

static void
preset_changed_cb (DrivedashBenchPage *self)
{
  const DrivedashBenchPreset *preset = selected_preset (self);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->preset_row), _(preset->description));
  g_settings_set_string (self->settings, "bench-preset", preset->id);
}

static void
size_changed_cb (DrivedashBenchPage *self)
{
  guint i = adw_combo_row_get_selected (self->size_row);

  if (i < G_N_ELEMENTS (test_sizes))
    g_settings_set_uint64 (self->settings, "bench-size", test_sizes[i]);
}

static void
passes_changed_cb (DrivedashBenchPage *self)
{
  g_settings_set_uint (self->settings, "bench-passes",
                       (guint) gtk_spin_button_get_value_as_int (self->passes_spin));
}

static void
setup_rows (DrivedashBenchPage *self)
{
  g_autoptr(GtkStringList) preset_names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) size_names = gtk_string_list_new (NULL);
  g_autofree char *preset_id = g_settings_get_string (self->settings, "bench-preset");
  g_autofree char *prefixed = g_strconcat ("cdm-", preset_id, NULL);
  g_autofree char *folder = g_settings_get_string (self->settings, "bench-folder");
  const DrivedashBenchPreset *presets, *chosen;
  guint64 size = g_settings_get_uint64 (self->settings, "bench-size");
  guint n_presets, size_index = 2;

  presets = drivedash_bench_presets_get (&n_presets);
  /* The schema's short ids ("default", "nvme") name the CrystalDiskMark
   * presets too. */
  chosen = drivedash_bench_preset_lookup (preset_id);
  if (chosen == NULL)
    chosen = drivedash_bench_preset_lookup (prefixed);
  for (guint i = 0; i < n_presets; i++)
    gtk_string_list_append (preset_names, _(presets[i].name));
  adw_combo_row_set_model (self->preset_row, G_LIST_MODEL (preset_names));
  for (guint i = 0; i < n_presets; i++)
    if (chosen == &presets[i])
      adw_combo_row_set_selected (self->preset_row, i);

  for (guint i = 0; i < G_N_ELEMENTS (test_sizes); i++)
    {
      g_autofree char *s = g_format_size_full (test_sizes[i], G_FORMAT_SIZE_IEC_UNITS);

      gtk_string_list_append (size_names, s);
      if (test_sizes[i] == size)
        size_index = i;
    }
  adw_combo_row_set_model (self->size_row, G_LIST_MODEL (size_names));
  adw_combo_row_set_selected (self->size_row, size_index);

  gtk_spin_button_set_value (self->passes_spin, g_settings_get_uint (self->settings, "bench-passes"));

  g_signal_connect_swapped (self->preset_row, "notify::selected", G_CALLBACK (preset_changed_cb), self);
  g_signal_connect_swapped (self->size_row, "notify::selected", G_CALLBACK (size_changed_cb), self);
  g_signal_connect_swapped (self->passes_spin, "value-changed", G_CALLBACK (passes_changed_cb), self);
  preset_changed_cb (self);

  drivedash_bench_page_set_folder (self, folder);
}

static void
setup_plots (DrivedashBenchPage *self)
{
  drivedash_plot_set_title (self->bandwidth_plot, _("Speed"));
  drivedash_plot_set_unit (self->bandwidth_plot, _("MB/s"));
  self->bw_read = drivedash_plot_add_series (self->bandwidth_plot, drivedash_bench_mode_get_display_name (DRIVEDASH_BENCH_MODE_READ));
  self->bw_write = drivedash_plot_add_series (self->bandwidth_plot, drivedash_bench_mode_get_display_name (DRIVEDASH_BENCH_MODE_WRITE));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->bandwidth_plot),
                               _("Megabytes per second over the run, measured ten times a second"));

  drivedash_plot_set_title (self->latency_plot, _("Latency"));
  /* Translators: microseconds */
  drivedash_plot_set_unit (self->latency_plot, _("µs"));
  drivedash_plot_set_scale (self->latency_plot, DRIVEDASH_PLOT_SCALE_AUTO);
  /* Translators: legend of the latency plot: the average wait */
  self->lat_mean = drivedash_plot_add_series (self->latency_plot, _("Mean"));
  /* Translators: legend of the latency plot: the 99th percentile */
  self->lat_p99 = drivedash_plot_add_series (self->latency_plot, _("p99"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->latency_plot),
                               /* xgettext:no-c-format */
                               _("How long one request waits for the drive: on average (mean), and the time 99 % of requests stay under (p99)"));
}

/* ---------------------------------------------------------------------- */

static void
drivedash_bench_page_dispose (GObject *object)
{
  DrivedashBenchPage *self = DRIVEDASH_BENCH_PAGE (object);

  /* The run keeps going in its threads until it notices: make it stop and
   * delete its file; run_done_cb() drops the last reference. */
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  if (self->bench)
    g_signal_handlers_disconnect_by_data (self->bench, self);
  if (self->chooser)
    {
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_BENCH_PAGE);
  G_OBJECT_CLASS (drivedash_bench_page_parent_class)->dispose (object);
}

static void
drivedash_bench_page_finalize (GObject *object)
{
  DrivedashBenchPage *self = DRIVEDASH_BENCH_PAGE (object);

  g_clear_object (&self->bench);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->report, drivedash_bench_report_unref);
  g_clear_error (&self->error);
  g_free (self->folder);
  G_OBJECT_CLASS (drivedash_bench_page_parent_class)->finalize (object);
}

static void
drivedash_bench_page_class_init (DrivedashBenchPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = drivedash_bench_page_dispose;
  object_class->finalize = drivedash_bench_page_finalize;

  g_type_ensure (DRIVEDASH_TYPE_PLOT);
  g_type_ensure (DRIVEDASH_TYPE_RESULTS_GRID);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-bench-page.ui");
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, folder_row);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, preset_row);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, size_row);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, passes_spin);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, start_button);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, results_grid);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, result_actions);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, bandwidth_plot);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPage, latency_plot);

  gtk_widget_class_install_action (widget_class, "bench.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "bench.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "bench.copy", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "bench.save-plots", NULL, save_plots_action);
  gtk_widget_class_install_action (widget_class, "bench.choose-folder", NULL, choose_folder_action);
}

static void
drivedash_bench_page_init (DrivedashBenchPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  self->override_duration = -1;
  self->override_pause = -1;
  self->last_test = G_MAXUINT;

  setup_plots (self);
  setup_rows (self);
  set_running_ui (self, FALSE);
}

GtkWidget *
drivedash_bench_page_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_BENCH_PAGE, NULL);
}

gboolean
drivedash_bench_page_get_running (DrivedashBenchPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PAGE (self), FALSE);
  return self->bench != NULL;
}

DrivedashBenchReport *
drivedash_bench_page_get_report (DrivedashBenchPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PAGE (self), NULL);
  return self->report;
}

const GError *
drivedash_bench_page_get_error (DrivedashBenchPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PAGE (self), NULL);
  return self->error;
}

DrivedashPlot *
drivedash_bench_page_get_bandwidth_plot (DrivedashBenchPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PAGE (self), NULL);
  return self->bandwidth_plot;
}

DrivedashPlot *
drivedash_bench_page_get_latency_plot (DrivedashBenchPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PAGE (self), NULL);
  return self->latency_plot;
}

DrivedashResultsGrid *
drivedash_bench_page_get_results_grid (DrivedashBenchPage *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PAGE (self), NULL);
  return self->results_grid;
}

void
drivedash_bench_page_set_test_overrides (DrivedashBenchPage *self,
                                         double              pass_duration,
                                         double              pause,
                                         guint64             test_size)
{
  g_return_if_fail (DRIVEDASH_IS_BENCH_PAGE (self));
  self->override_duration = pass_duration;
  self->override_pause = pause;
  self->override_size = test_size;
}
