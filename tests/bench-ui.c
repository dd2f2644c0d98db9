/* bench-ui.c — how smooth the Speed view stays (run by build-aux/bench-ui)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * 1. Plot draw time per frame with 1 hour of 100 ms samples (two series),
 *    against 1 minute of samples and against drawing every sample.
 * 2. Main-loop stalls while the real Speed view runs a 16-thread
 *    benchmark: a 1 ms timer on the main loop records how late it fires;
 *    the page's plots and grid are updated from the engine's signals the
 *    whole time, and the window is drawn.
 * 3. Main-loop stalls while the Full Review page's folder and length
 *    change: each change has the model read the state file, statvfs and
 *    sysfs, in a worker; the same 1 ms probe runs.
 * Prints figures; asserts nothing (timings belong here, not in tests).
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "drivedash-application.h"
#include "drivedash-bench-model-private.h"
#include "drivedash-bench-page.h"
#include "drivedash-plot-private.h"
#include "drivedash-review-page.h"
#include "drivedash-screenshot.h"
#include "drivedash-window.h"
#include "test-ui-common.h"

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
percentile (GArray *values,
            double  p)
{
  if (values->len == 0)
    return 0;
  qsort (values->data, values->len, sizeof (double), compare_double);
  return g_array_index (values, double, MIN (values->len - 1, (guint) ceil (p * values->len) - 1));
}

static DrivedashPlot *
make_plot (double seconds)
{
  DrivedashPlot *plot = DRIVEDASH_PLOT (drivedash_plot_new ());
  GRand *rand = g_rand_new_with_seed (1);
  guint r, w;

  g_object_ref_sink (plot);
  drivedash_plot_set_title (plot, "Speed");
  drivedash_plot_set_unit (plot, "MB/s");
  r = drivedash_plot_add_series (plot, "Read");
  w = drivedash_plot_add_series (plot, "Write");
  for (double t = 0; t < seconds; t += 0.1)
    {
      drivedash_plot_append (plot, r, t, 3000 + 300 * sin (t / 60) + g_rand_double_range (rand, -200, 200));
      drivedash_plot_append (plot, w, t, 2500 + 300 * cos (t / 45) + g_rand_double_range (rand, -200, 200));
    }
  g_rand_free (rand);
  return plot;
}

/* Milliseconds per frame: median and p99 of FRAMES draws at 1000×300. */
static void
time_draw (const char *what,
           double      seconds,
           gboolean    decimate,
           double     *median_out)
{
  DrivedashPlot *plot = make_plot (seconds);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1000, 300);
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  DrivedashPlotStyle style;
  guint frames = decimate ? 200 : 20;

  drivedash_plot_style_init_default (&style, FALSE);
  drivedash_plot_set_decimate (plot, decimate);
  for (guint i = 0; i < frames; i++)
    {
      cairo_t *cr = cairo_create (surface);
      gint64 start = g_get_monotonic_time ();
      double ms;

      drivedash_plot_draw (plot, cr, 1000, 300, &style);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      ms = (g_get_monotonic_time () - start) / 1000.0;
      g_array_append_val (times, ms);
    }
  *median_out = percentile (times, 0.5);
  printf ("plot draw, %-34s %6zu samples/series: median %7.3f ms, p99 %7.3f ms per frame\n",
          what, drivedash_plot_get_n_samples (plot, 0), *median_out, percentile (times, 0.99));
  cairo_surface_destroy (surface);
  g_object_unref (plot);
}

typedef struct
{
  gint64  last;
  GArray *lateness;   /* ms */
} Probe;

static gboolean
probe_cb (gpointer data)
{
  Probe *p = data;
  gint64 now = g_get_monotonic_time ();

  if (p->last)
    {
      double late = MAX (0, (now - p->last) / 1000.0 - 1.0);

      g_array_append_val (p->lateness, late);
    }
  p->last = now;
  return G_SOURCE_CONTINUE;
}

static void
print_lateness (const char *what,
                Probe      *probe)
{
  printf ("%s (%u probes): lateness p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", what, probe->lateness->len,
          percentile (probe->lateness, 0.5), percentile (probe->lateness, 0.99),
          percentile (probe->lateness, 1.0));
  g_array_set_size (probe->lateness, 0);
  probe->last = 0;
}

/* The Full Review page: @n changes of folder (two in turn) and length,
 * each followed by the model's refresh and a drawn frame. */
static void
review_changes (DrivedashWindow *window,
                const char      *folder,
                Probe           *probe,
                guint            n)
{
  DrivedashReviewPage *page;
  DrivedashReviewModel *model;
  g_autoptr(GArray) setter_ms = g_array_new (FALSE, FALSE, sizeof (double));
  const char *folders[] = { folder, g_get_home_dir () };
  gint64 start;

  drivedash_window_set_visible_page (window, "review");
  page = DRIVEDASH_REVIEW_PAGE (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_REVIEW_PAGE));
  g_assert (page != NULL);
  model = drivedash_review_page_get_model (page);
  while (drivedash_run_model_get_refreshing (DRIVEDASH_RUN_MODEL (model)))
    g_main_context_iteration (NULL, TRUE);
  g_array_set_size (probe->lateness, 0);
  probe->last = 0;
  start = g_get_monotonic_time ();
  for (guint i = 0; i < n; i++)
    {
      gint64 t = g_get_monotonic_time ();
      double ms;

      drivedash_review_model_set_folder (model, folders[i % 2]);
      drivedash_review_model_set_length (model, (DrivedashReviewLength) (i % (DRIVEDASH_REVIEW_LENGTH_REVIEW + 1)));
      ms = (g_get_monotonic_time () - t) / 1000.0;
      g_array_append_val (setter_ms, ms);
      while (drivedash_run_model_get_refreshing (DRIVEDASH_RUN_MODEL (model)))
        g_main_context_iteration (NULL, TRUE);
      /* A frame with the new estimate drawn. */
      for (gint64 until = g_get_monotonic_time () + 20000; g_get_monotonic_time () < until;)
        g_main_context_iteration (NULL, FALSE);
    }
  printf ("review page, %u folder and length changes in %.1f s: setters p50 %.2f ms, max %.2f ms\n", n,
          (g_get_monotonic_time () - start) / 1e6, percentile (setter_ms, 0.5), percentile (setter_ms, 1.0));
  print_lateness ("main loop during the review page's changes", probe);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DrivedashApplication) app = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = NULL;
  DrivedashWindow *window;
  DrivedashBenchPage *page;
  GtkWidget *w;
  Probe probe = { 0 };
  double hour, minute, all;
  guint frames_before;
  gint64 start;
  const char *dir = argc > 1 ? argv[1] : g_get_tmp_dir ();

  gtk_init ();
  time_draw ("axes and text only", 0, TRUE, &minute);
  time_draw ("1 minute, decimated", 60, TRUE, &minute);
  time_draw ("1 hour, decimated", 3600, TRUE, &hour);
  time_draw ("1 hour, every sample (reference)", 3600, FALSE, &all);
  printf ("plot draw ratio 1 hour / 1 minute: %.2f; every sample / decimated: %.1f\n",
          hour / minute, all / hour);

  folder = g_build_filename (dir, "drivedash-bench-ui-XXXXXX", NULL);
  if (g_mkdtemp (folder) == NULL)
    g_error ("cannot create a folder in %s", dir);

  app = drivedash_application_new ();
  /* No session bus needed (nor wanted) for a measurement. */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  g_application_hold (G_APPLICATION (app));
  g_settings_set_string (drivedash_application_get_settings (app), "bench-preset", "peak");
  g_settings_set_uint (drivedash_application_get_settings (app), "bench-passes", 1);
  g_settings_set_uint64 (drivedash_application_get_settings (app), "bench-size", 256 << 20);

  g_application_activate (G_APPLICATION (app));
  window = DRIVEDASH_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 1000);
  drivedash_window_set_visible_page (window, "speed");
  w = ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_BENCH_PAGE);
  g_assert (w != NULL);
  page = DRIVEDASH_BENCH_PAGE (w);
  drivedash_bench_page_set_folder (page, folder);
  /* "Peak": SEQ1M Q8T1 and RND4K Q32T16 (16 threads), read and write. */
  drivedash_bench_model_set_overrides_for_testing (drivedash_bench_page_get_model (page), 3, 0.5, 0);

  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);

  probe.lateness = g_array_new (FALSE, FALSE, sizeof (double));
  g_timeout_add_full (G_PRIORITY_HIGH, 1, probe_cb, &probe, NULL);
  frames_before = (guint) gdk_frame_clock_get_frame_counter (gtk_widget_get_frame_clock (GTK_WIDGET (window)));

  /* Baseline: the same window, idle, for 3 s. */
  start = g_get_monotonic_time ();
  while (g_get_monotonic_time () - start < 3 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  printf ("main loop idle (baseline, %u probes): lateness p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
          probe.lateness->len, percentile (probe.lateness, 0.5), percentile (probe.lateness, 0.99),
          percentile (probe.lateness, 1.0));
  g_array_set_size (probe.lateness, 0);
  probe.last = 0;
  frames_before = (guint) gdk_frame_clock_get_frame_counter (gtk_widget_get_frame_clock (GTK_WIDGET (window)));

  gtk_widget_activate_action (GTK_WIDGET (page), "run.start", NULL);
  start = g_get_monotonic_time ();
  while (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (drivedash_bench_page_get_model (page))))
    g_main_context_iteration (NULL, TRUE);

  if (drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (drivedash_bench_page_get_model (page))))
    printf ("benchmark failed: %s\n", drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (drivedash_bench_page_get_model (page)))->message);
  printf ("main loop during a %.1f s run (16-thread RND4K Q32T16 included, %u frames drawn, %u probes): "
          "lateness p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
          (g_get_monotonic_time () - start) / 1e6,
          (guint) gdk_frame_clock_get_frame_counter (gtk_widget_get_frame_clock (GTK_WIDGET (window))) - frames_before,
          probe.lateness->len,
          percentile (probe.lateness, 0.5), percentile (probe.lateness, 0.99),
          percentile (probe.lateness, 1.0));
  printf ("samples plotted: read %zu, write %zu\n",
          drivedash_plot_get_n_samples (drivedash_bench_page_get_bandwidth_plot (page), 0),
          drivedash_plot_get_n_samples (drivedash_bench_page_get_bandwidth_plot (page), 1));

  /* The Speed view after a real run, for the README and AppStream. */
  {
    g_autofree char *shot = g_build_filename (argc > 2 ? argv[2] : ".", "speed-peak.png", NULL);
    gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC;

    gtk_window_set_default_size (GTK_WINDOW (window), 950, 1250);
    while (g_get_monotonic_time () < until)
      g_main_context_iteration (NULL, FALSE);
    if (drivedash_screenshot_save_window (GTK_WINDOW (window), shot, &error))
      printf ("screenshot: %s\n", shot);
    g_clear_error (&error);
  }

  review_changes (window, folder, &probe, 40);
  g_rmdir (folder);
  g_array_unref (probe.lateness);
  return 0;
}
