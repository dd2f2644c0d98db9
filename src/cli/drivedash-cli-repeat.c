/* drivedash-cli-repeat.c — `drivedash-cli bench --repeat N`: the same
 * tests N times, with pauses, kept as one set with mean and spread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>

#include "drivedash-cli.h"
#include "drivedash-cli-store.h"
#include "drivedash-compare.h"
#include "drivedash-error.h"
#include "drivedash-json.h"

static gboolean
on_signal (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_timeout (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

static void
on_cancelled (GCancellable *cancellable,
              GMainLoop    *loop)
{
  g_main_loop_quit (loop);
}

gboolean
drivedash_cli_pause (double        seconds,
                     GCancellable *cancellable)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  guint timeout, sigint, sigterm;
  gulong handler;

  if (seconds <= 0 || g_cancellable_is_cancelled (cancellable))
    return !g_cancellable_is_cancelled (cancellable);
  timeout = g_timeout_add ((guint) (seconds * 1000), on_timeout, loop);
  sigint = g_unix_signal_add (SIGINT, on_signal, cancellable);
  sigterm = g_unix_signal_add (SIGTERM, on_signal, cancellable);
  handler = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), loop, NULL);
  g_main_loop_run (loop);
  g_cancellable_disconnect (cancellable, handler);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  if (g_cancellable_is_cancelled (cancellable))
    g_source_remove (timeout);
  return !g_cancellable_is_cancelled (cancellable);
}

/* One run of the tests; the run to keep (also a failed one's partial
 * results), or NULL with the error when not even that exists. */
DrivedashStoreRun *
drivedash_cli_run_once (DrivedashStore               *store,
                        const DrivedashBenchSettings *settings,
                        const DrivedashBenchSpec     *tests,
                        guint                         n_tests,
                        const char                   *sysfs_root,
                        const char                   *controller,
                        GCancellable                 *cancellable,
                        GError                      **error)
{
  g_autoptr(DrivedashBench) bench = drivedash_bench_new (settings, tests, n_tests);
  g_autoptr(DrivedashStoreRecorder) recorder = NULL;
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(GError) local_error = NULL;
  DrivedashStoreRun *run;

  if (store != NULL)
    recorder = drivedash_store_recorder_new (store, bench, sysfs_root, controller);
  report = drivedash_cli_run_bench (bench, cancellable, &local_error);
  if (recorder != NULL)
    run = drivedash_store_recorder_finish (recorder, bench, report, local_error);
  else
    run = drivedash_store_run_new_from_report (report ? report : drivedash_bench_get_report (bench),
                                               DRIVEDASH_RUN_KIND_QUICK);
  if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return run;
}

static void
print_set (const DrivedashStoreRun *set,
           guint                    repeat,
           gboolean                 json)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *text = NULL;

  if (!json)
    {
      for (guint i = 0; i < set->results->len; i++)
        {
          const DrivedashStoreResult *r = g_ptr_array_index (set->results, i);
          DrivedashStatsSummary s;

          drivedash_stats_summarize ((const double *) (gpointer) r->passes->data, r->passes->len, &s);
          /* TRANSLATORS: "SEQ1M Q8T1 read: 3458.1 MB/s ± 40.0 (95 % confidence, 5 runs)" */
          printf (_("%s %s: %'.1f MB/s ± %'.1f (95 %% confidence, %u runs)\n"), r->test, r->mode,
                  s.mean, isnan (s.ci95) ? 0.0 : s.ci95, s.n);
        }
      return;
    }

  json_builder_begin_object (b);
  drivedash_json_member_int (b, "id", set->id > 0, set->id);
  drivedash_json_member_int (b, "repeat", TRUE, repeat);
  drivedash_json_member_string (b, "status", drivedash_run_status_to_string (set->status));
  json_builder_set_member_name (b, "tests");
  json_builder_begin_array (b);
  for (guint i = 0; i < set->results->len; i++)
    {
      const DrivedashStoreResult *r = g_ptr_array_index (set->results, i);
      DrivedashStatsSummary s;

      drivedash_stats_summarize ((const double *) (gpointer) r->passes->data, r->passes->len, &s);
      json_builder_begin_object (b);
      drivedash_json_member_string (b, "test", r->test);
      drivedash_json_member_string (b, "mode", r->mode);
      json_builder_set_member_name (b, "mean_mb_per_s");
      json_builder_add_double_value (b, s.mean);
      json_builder_set_member_name (b, "ci95_mb_per_s");
      if (isnan (s.ci95))
        json_builder_add_null_value (b);
      else
        json_builder_add_double_value (b, s.ci95);
      drivedash_json_member_int (b, "n", TRUE, s.n);
      json_builder_set_member_name (b, "runs_mb_per_s");
      json_builder_begin_array (b);
      for (guint p = 0; p < r->passes->len; p++)
        json_builder_add_double_value (b, g_array_index (r->passes, double, p));
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  text = drivedash_json_to_string (b);
  printf ("%s\n", text);
}

int
drivedash_cli_bench_repeat (const DrivedashBenchSettings *settings,
                            const DrivedashBenchSpec     *tests,
                            guint                         n_tests,
                            guint                         repeat,
                            double                        pause,
                            gboolean                      save,
                            gboolean                      json)
{
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GPtrArray) members = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
  g_autoptr(DrivedashStoreRun) set = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) save_error = NULL;

  if (save && (store = drivedash_cli_open_store (&error)) == NULL)
    return drivedash_cli_fail (_("drivedash-cli bench: cannot save (use --no-save to run anyway): "), error);

  for (guint i = 0; i < repeat && error == NULL; i++)
    {
      DrivedashStoreRun *run;

      if (i > 0 && !drivedash_cli_pause (pause, cancellable))
        {
          g_set_error_literal (&error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED, _("Stopped."));
          break;
        }
      fprintf (stderr, _("Run %u of %u…\n"), i + 1, repeat);
      run = drivedash_cli_run_once (store, settings, tests, n_tests, NULL, NULL, cancellable, &error);
      g_ptr_array_add (members, run);
    }

  set = drivedash_store_run_new_set (DRIVEDASH_RUN_KIND_REPEAT_SET, members);
  if (error != NULL && set->status == DRIVEDASH_RUN_STATUS_DONE)
    {
      set->status = DRIVEDASH_RUN_STATUS_CANCELLED;
      set->error = g_strdup (error->message);
    }
  if (store != NULL && members->len > 0 && !drivedash_store_save (store, set, members, &save_error))
    drivedash_cli_fail (_("drivedash-cli bench: the runs were not saved: "), save_error);
  print_set (set, repeat, json);
  if (set->id > 0)
    fprintf (json ? stderr : stdout, _("Saved as run %lld.\n"), (long long) set->id);
  if (error != NULL)
    return drivedash_cli_fail ("drivedash-cli bench: ", error);
  return save_error != NULL ? DRIVEDASH_EXIT_FAILURE : DRIVEDASH_EXIT_OK;
}
