/* drivedash-bench-plots.c — the Speed view's live speed and latency plots
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Feeds two DrivedashPlot widgets from a DrivedashBenchModel: the plots'
 * API is C calls, so this is where the model's "sample" and "test-started"
 * signals become appends and markers.  A GSignalGroup follows the "model"
 * property, so whoever binds it needs no more wiring.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-bench-plots.h"

#define EXPORT_WIDTH  1000
#define EXPORT_HEIGHT 340

struct _DrivedashBenchPlots
{
  GtkBox         parent_instance;

  DrivedashPlot *bandwidth_plot;
  DrivedashPlot *latency_plot;
  GSignalGroup  *model_signals;
  guint          bw_read;
  guint          bw_write;
  guint          lat_mean;
  guint          lat_p99;
};

enum {
  PROP_0,
  PROP_MODEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (DrivedashBenchPlots, drivedash_bench_plots, GTK_TYPE_BOX)

static void
run_started_cb (DrivedashBenchPlots *self)
{
  drivedash_plot_clear (self->bandwidth_plot);
  drivedash_plot_clear (self->latency_plot);
}

static void
test_started_cb (DrivedashBenchPlots *self,
                 guint                test_index,
                 const char          *label,
                 double               start_s)
{
  /* Tests are separate measurements: no line across the pause. */
  drivedash_plot_append_gap (self->bandwidth_plot, self->bw_read);
  drivedash_plot_append_gap (self->bandwidth_plot, self->bw_write);
  drivedash_plot_append_gap (self->latency_plot, self->lat_mean);
  drivedash_plot_append_gap (self->latency_plot, self->lat_p99);
  drivedash_plot_add_marker (self->bandwidth_plot, start_s, label);
  drivedash_plot_add_marker (self->latency_plot, start_s, label);
}

static void
sample_cb (DrivedashBenchPlots        *self,
           const DrivedashBenchSample *sample,
           DrivedashBenchMode          mode)
{
  guint series = mode == DRIVEDASH_BENCH_MODE_READ ? self->bw_read : self->bw_write;

  drivedash_plot_append (self->bandwidth_plot, series, sample->run_elapsed_s, sample->mb_per_s);
  if (sample->latency_mean_us > 0)
    {
      drivedash_plot_append (self->latency_plot, self->lat_mean, sample->run_elapsed_s, sample->latency_mean_us);
      drivedash_plot_append (self->latency_plot, self->lat_p99, sample->run_elapsed_s, sample->latency_p99_us);
    }
}

static void
current_test_cb (DrivedashBenchPlots *self,
                 GParamSpec          *pspec,
                 DrivedashBenchModel *model)
{
  const char *test = drivedash_bench_model_get_current_test (model);

  /* Between tests the caption keeps naming the last one. */
  if (test || !drivedash_bench_model_get_running (model))
    {
      drivedash_plot_set_caption (self->bandwidth_plot, test);
      drivedash_plot_set_caption (self->latency_plot, test);
    }
}

DrivedashBenchModel *
drivedash_bench_plots_get_model (DrivedashBenchPlots *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PLOTS (self), NULL);
  return g_signal_group_dup_target (self->model_signals);
}

void
drivedash_bench_plots_set_model (DrivedashBenchPlots *self,
                                 DrivedashBenchModel *model)
{
  g_autoptr(DrivedashBenchModel) old = NULL;

  g_return_if_fail (DRIVEDASH_IS_BENCH_PLOTS (self));
  g_return_if_fail (model == NULL || DRIVEDASH_IS_BENCH_MODEL (model));

  old = g_signal_group_dup_target (self->model_signals);
  if (old == model)
    return;
  g_signal_group_set_target (self->model_signals, model);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

DrivedashPlot *
drivedash_bench_plots_get_bandwidth (DrivedashBenchPlots *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PLOTS (self), NULL);
  return self->bandwidth_plot;
}

DrivedashPlot *
drivedash_bench_plots_get_latency (DrivedashBenchPlots *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PLOTS (self), NULL);
  return self->latency_plot;
}

gboolean
drivedash_bench_plots_save (DrivedashBenchPlots  *self,
                            const char           *path,
                            GError              **error)
{
  DrivedashPlot *plots[] = { self->bandwidth_plot, self->latency_plot };

  g_return_val_if_fail (DRIVEDASH_IS_BENCH_PLOTS (self), FALSE);
  return drivedash_plot_save_stack (plots, G_N_ELEMENTS (plots), path, EXPORT_WIDTH, EXPORT_HEIGHT, error);
}

static void
setup_plots (DrivedashBenchPlots *self)
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

static void
drivedash_bench_plots_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  DrivedashBenchPlots *self = DRIVEDASH_BENCH_PLOTS (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_take_object (value, drivedash_bench_plots_get_model (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_bench_plots_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  DrivedashBenchPlots *self = DRIVEDASH_BENCH_PLOTS (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      drivedash_bench_plots_set_model (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_bench_plots_dispose (GObject *object)
{
  DrivedashBenchPlots *self = DRIVEDASH_BENCH_PLOTS (object);

  if (self->model_signals)
    g_signal_group_set_target (self->model_signals, NULL);
  g_clear_object (&self->model_signals);
  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_BENCH_PLOTS);
  G_OBJECT_CLASS (drivedash_bench_plots_parent_class)->dispose (object);
}

static void
drivedash_bench_plots_class_init (DrivedashBenchPlotsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = drivedash_bench_plots_get_property;
  object_class->set_property = drivedash_bench_plots_set_property;
  object_class->dispose = drivedash_bench_plots_dispose;

  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, DRIVEDASH_TYPE_BENCH_MODEL,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (DRIVEDASH_TYPE_PLOT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-bench-plots.ui");
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPlots, bandwidth_plot);
  gtk_widget_class_bind_template_child (widget_class, DrivedashBenchPlots, latency_plot);
}

static void
drivedash_bench_plots_init (DrivedashBenchPlots *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  setup_plots (self);

  self->model_signals = g_signal_group_new (DRIVEDASH_TYPE_BENCH_MODEL);
  g_signal_group_connect_swapped (self->model_signals, "run-started", G_CALLBACK (run_started_cb), self);
  g_signal_group_connect_swapped (self->model_signals, "test-started", G_CALLBACK (test_started_cb), self);
  g_signal_group_connect_swapped (self->model_signals, "sample", G_CALLBACK (sample_cb), self);
  g_signal_group_connect_object (self->model_signals, "notify::current-test", G_CALLBACK (current_test_cb),
                                 self, G_CONNECT_SWAPPED);
}

/* A stored run's samples (drivedash_store_series_decode()), drawn as the
 * live run drew them; @report names the tests. */
void
drivedash_bench_plots_show_stored (DrivedashBenchPlots        *self,
                                   const DrivedashBenchReport *report,
                                   GArray                     *samples)
{
  guint last = G_MAXUINT;

  g_return_if_fail (DRIVEDASH_IS_BENCH_PLOTS (self));

  run_started_cb (self);
  for (guint i = 0; samples != NULL && i < samples->len; i++)
    {
      const DrivedashBenchSample *sample = &g_array_index (samples, DrivedashBenchSample, i);
      const DrivedashBenchResult *result;

      if (sample->test_index >= report->results->len)
        continue;
      result = g_ptr_array_index (report->results, sample->test_index);
      if (sample->test_index != last)
        {
          g_autofree char *label = drivedash_bench_spec_dup_label (&result->spec);

          test_started_cb (self, sample->test_index, label, sample->run_elapsed_s - sample->window_s);
          last = sample->test_index;
        }
      sample_cb (self, (gpointer) sample, result->spec.mode);
    }
}
