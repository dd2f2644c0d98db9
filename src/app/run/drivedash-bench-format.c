/* drivedash-bench-format.c — what the Speed view says, as pure functions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-bench-estimate.h"
#include "drivedash-bench-format.h"
#include "drivedash-folder.h"
#include "drivedash-bench-words.h"

char *
drivedash_bench_format_mb_per_s (double mb)
{
  if (mb >= 1000)
    return g_strdup_printf ("%.0f", mb);
  if (mb >= 100)
    return g_strdup_printf ("%.1f", mb);
  return g_strdup_printf ("%.2f", mb);
}

char *
drivedash_bench_format_latency (double us)
{
  if (us >= 10000)
    /* Translators: a latency in milliseconds */
    return g_strdup_printf (_("%.0f ms"), us / 1000);
  if (us >= 1000)
    return g_strdup_printf (_("%.1f ms"), us / 1000);
  /* Translators: a latency in microseconds */
  return g_strdup_printf (_("%.0f µs"), us);
}

char *
drivedash_bench_format_detail (double iops,
                               double latency_us)
{
  g_autofree char *latency = drivedash_bench_format_latency (latency_us);

  /* Translators: small lines under a result: IOPS, then mean latency */
  return g_strdup_printf (_("%.0f IOPS\n%s"), iops, latency);
}

char *
drivedash_bench_format_tooltip (double mb_per_s,
                                guint  n_passes,
                                double mb_per_s_median,
                                double iops,
                                double latency_mean_us,
                                double latency_p99_us)
{
  g_autofree char *value = drivedash_bench_format_mb_per_s (mb_per_s);
  g_autofree char *latency = drivedash_bench_format_latency (latency_mean_us);
  g_autofree char *p99 = drivedash_bench_format_latency (latency_p99_us);

  return g_strdup_printf (_("%s MB/s best of %u pass(es), median %.1f MB/s\n"
                            "%.0f IOPS: input/output operations per second\n"
                            "Latency: %s on average, 99 %% of requests within %s"),
                          value, n_passes, mb_per_s_median, iops, latency, p99);
}

char *
drivedash_bench_format_value_text (DrivedashBenchResultState state,
                                   double                    mb_per_s)
{
  if (state != DRIVEDASH_BENCH_RESULT_DONE)
    return g_strdup ("—");
  return drivedash_bench_format_mb_per_s (mb_per_s);
}

char *
drivedash_bench_format_detail_text (DrivedashBenchResultState state,
                                    double                    iops,
                                    double                    latency_us)
{
  /* Two blank lines keep an empty cell as tall as a filled one. */
  if (state != DRIVEDASH_BENCH_RESULT_DONE)
    return g_strdup (" \n ");
  return drivedash_bench_format_detail (iops, latency_us);
}

GStrv
drivedash_bench_format_cell_classes (DrivedashBenchResultState state)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  if (state == DRIVEDASH_BENCH_RESULT_RUNNING)
    g_strv_builder_add (builder, "running");
  return g_strv_builder_end (builder);
}

GStrv
drivedash_bench_format_value_classes (gboolean doubtful)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_strv_builder_add_many (builder, "results-value", "numeric", NULL);
  /* The number can't be the drive's speed (a cache took part, above
   * the link, …): the words under the grid say why. */
  if (doubtful)
    g_strv_builder_add (builder, "warning");
  return g_strv_builder_end (builder);
}

char *
drivedash_bench_format_row_title (const DrivedashBenchSpec *spec)
{
  g_autofree char *plain = drivedash_bench_spec_dup_plain (spec);
  g_autofree char *name = drivedash_bench_spec_to_string (spec);

  /* The plain words first; CrystalDiskMark's name under them. */
  return g_strconcat (plain, "\n", name, NULL);
}

char *
drivedash_bench_format_cell_accessible (const DrivedashBenchSpec  *spec,
                                        DrivedashBenchResultState  state,
                                        double                     mb_per_s)
{
  g_autofree char *plain = drivedash_bench_spec_dup_plain (spec);
  g_autofree char *value = NULL;
  const char *mode = drivedash_bench_mode_get_display_name (spec->mode);

  if (state == DRIVEDASH_BENCH_RESULT_RUNNING)
    /* Translators: a result cell read aloud: "Read, Large files, one at a time: measuring now" */
    return g_strdup_printf (_("%s, %s: measuring now"), mode, plain);
  if (state != DRIVEDASH_BENCH_RESULT_DONE)
    /* Translators: a result cell read aloud, before its test ran */
    return g_strdup_printf (_("%s, %s: not measured yet"), mode, plain);
  value = drivedash_bench_format_mb_per_s (mb_per_s);
  /* Translators: a result cell read aloud: "Read, Large files, one at a time: 1454 megabytes per second" */
  return g_strdup_printf (_("%s, %s: %s megabytes per second"), mode, plain, value);
}

char *
drivedash_bench_format_row_tooltip (const DrivedashBenchSpec *spec)
{
  return drivedash_bench_spec_dup_tooltip (spec);
}

char *
drivedash_bench_format_column_title (DrivedashBenchMode mode)
{
  /* Translators: column header of the results grid: "Read (MB/s)" */
  return g_strdup_printf (_("%s (MB/s)"), drivedash_bench_mode_get_display_name (mode));
}

char *
drivedash_bench_format_folder (const char *path,
                               const char *drive_text)
{
  g_autofree char *name = NULL;

  if (g_strcmp0 (path, DRIVEDASH_SIM_DRIVE_FOLDER) == 0)
    return g_strdup (_("The demo’s simulated drive: nothing is written to your disks"));
  if (path == NULL || g_strcmp0 (path, g_get_home_dir ()) == 0)
    name = g_strdup (_("Home folder"));
  else
    name = g_filename_display_name (path);

  if (drive_text == NULL)
    return g_steal_pointer (&name);
  /* Translators: "Home folder on Samsung SSD 970 EVO Plus 1TB": a folder
   * and where it is (the second %s is "on Samsung SSD…", translated) */
  return g_strdup_printf (C_("folder and drive", "%s %s"), name, drive_text);
}

char *
drivedash_bench_format_estimate (double seconds)
{
  g_autofree char *duration = drivedash_format_duration_estimate (seconds);

  /* Translators: before Start: "Estimated time: about 1 min 5 s" */
  return g_strdup_printf (_("Estimated time: %s"), duration);
}

char *
drivedash_bench_format_time_left (double seconds)
{
  g_autofree char *duration = drivedash_format_duration_estimate (seconds);

  /* Translators: while a test runs: "about 40 s left" */
  return g_strdup_printf (_("%s left"), duration);
}

char *
drivedash_bench_format_progress (const char          *test_label,
                                 DrivedashBenchPhase  phase)
{
  if (test_label == NULL)
    return g_strdup (drivedash_bench_phase_get_display_name (phase));
  /* Translators: progress text, "RND4K Q32T16 Read — Measuring" */
  return g_strdup_printf (_("%s — %s"), test_label, drivedash_bench_phase_get_display_name (phase));
}

GStrv
drivedash_bench_format_status_classes (gboolean is_error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_strv_builder_add (builder, "dashboard-message");
  if (is_error)
    g_strv_builder_add (builder, "error");
  return g_strv_builder_end (builder);
}
