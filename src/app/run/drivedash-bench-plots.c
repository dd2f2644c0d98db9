/* drivedash-bench-plots.c — the speed test's speed and latency plots
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two DrivedashPlot widgets drawn from a speed test's samples: the plots'
 * API is C calls, so this is where a sample and a test's start become
 * appends and markers.  The Speed page feeds them from its model's
 * signals as the run goes, History from a stored run.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-bench-plots.h"

struct _DrivedashBenchPlots
{
  GtkBox         parent_instance;

  DrivedashPlot *bandwidth_plot;
  DrivedashPlot *latency_plot;
  guint          bw_read;
  guint          bw_write;
  guint          lat_mean;
  guint          lat_p99;
};

G_DEFINE_FINAL_TYPE (DrivedashBenchPlots, drivedash_bench_plots, GTK_TYPE_BOX)

void
drivedash_bench_plots_clear (DrivedashBenchPlots *self)
{
  g_return_if_fail (DRIVEDASH_IS_BENCH_PLOTS (self));
  drivedash_plot_clear (self->bandwidth_plot);
  drivedash_plot_clear (self->latency_plot);
}

void
drivedash_bench_plots_add_test (DrivedashBenchPlots *self,
                                guint                test_index,
                                const char          *label,
                                double               start_s)
{
  g_return_if_fail (DRIVEDASH_IS_BENCH_PLOTS (self));
  /* Tests are separate measurements: no line across the pause. */
  drivedash_plot_append_gap (self->bandwidth_plot, self->bw_read);
  drivedash_plot_append_gap (self->bandwidth_plot, self->bw_write);
  drivedash_plot_append_gap (self->latency_plot, self->lat_mean);
  drivedash_plot_append_gap (self->latency_plot, self->lat_p99);
  drivedash_plot_add_marker (self->bandwidth_plot, start_s, label);
  drivedash_plot_add_marker (self->latency_plot, start_s, label);
}

void
drivedash_bench_plots_add_sample (DrivedashBenchPlots        *self,
                                  const DrivedashBenchSample *sample,
                                  DrivedashBenchMode          mode)
{
  guint series;

  g_return_if_fail (DRIVEDASH_IS_BENCH_PLOTS (self));
  series = mode == DRIVEDASH_BENCH_MODE_READ ? self->bw_read : self->bw_write;
  drivedash_plot_append (self->bandwidth_plot, series, sample->run_elapsed_s, sample->mb_per_s);
  if (sample->latency_mean_us > 0)
    {
      drivedash_plot_append (self->latency_plot, self->lat_mean, sample->run_elapsed_s, sample->latency_mean_us);
      drivedash_plot_append (self->latency_plot, self->lat_p99, sample->run_elapsed_s, sample->latency_p99_us);
    }
}

void
drivedash_bench_plots_set_caption (DrivedashBenchPlots *self,
                                   const char          *test)
{
  g_return_if_fail (DRIVEDASH_IS_BENCH_PLOTS (self));
  drivedash_plot_set_caption (self->bandwidth_plot, test);
  drivedash_plot_set_caption (self->latency_plot, test);
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
drivedash_bench_plots_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), DRIVEDASH_TYPE_BENCH_PLOTS);
  G_OBJECT_CLASS (drivedash_bench_plots_parent_class)->dispose (object);
}

static void
drivedash_bench_plots_class_init (DrivedashBenchPlotsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = drivedash_bench_plots_dispose;

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
}

void
drivedash_bench_plots_show_stored (DrivedashBenchPlots        *self,
                                   const DrivedashBenchReport *report,
                                   GArray                     *samples)
{
  guint last = G_MAXUINT;

  g_return_if_fail (DRIVEDASH_IS_BENCH_PLOTS (self));

  drivedash_bench_plots_clear (self);
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

          drivedash_bench_plots_add_test (self, sample->test_index, label, sample->run_elapsed_s - sample->window_s);
          last = sample->test_index;
        }
      drivedash_bench_plots_add_sample (self, sample, result->spec.mode);
    }
}
