/* drivedash-store-save.c — keeping a run in the results history, shared
 * by the CLI and the app
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <sys/utsname.h>

#include "drivedash-error.h"
#include "drivedash-longtest-summary.h"
#include "drivedash-store-drive.h"
#include "drivedash-store-save.h"

/* A long test's series: enough points for a plot as wide as a screen. */
#define LONG_SERIES_POINTS 2000

gboolean
drivedash_store_save (DrivedashStore     *store,
                      DrivedashStoreRun  *run,
                      GPtrArray          *members,
                      GError            **error)
{
  if (!drivedash_store_save_run (store, run, error))
    return FALSE;
  for (guint i = 0; members != NULL && i < members->len; i++)
    {
      DrivedashStoreRun *member = g_ptr_array_index (members, i);

      member->set_id = run->id;
      if (member->set_role == NULL)
        member->set_role = g_strdup ("repeat");
      if (!drivedash_store_save_run (store, member, error))
        return FALSE;
    }
  return TRUE;
}

/* The store keeps bench samples: reads and writes together. */
static GBytes *
encode_series (const DrivedashLongTestResult *res)
{
  const DrivedashTimeseriesRow *rows = drivedash_timeseries_get_rows (res->series);
  guint n = drivedash_timeseries_get_n_rows (res->series);
  double dt = drivedash_timeseries_get_interval (res->series);
  g_autoptr(GArray) samples = g_array_sized_new (FALSE, TRUE, sizeof (DrivedashBenchSample), n);

  if (n == 0)
    return NULL;
  for (guint i = 0; i < n; i++)
    {
      DrivedashBenchSample s = { 0 };

      s.phase = DRIVEDASH_BENCH_PHASE_MEASURING;
      s.pass = rows[i].round;
      s.elapsed_s = s.run_elapsed_s = rows[i].t_s;
      s.window_s = dt;
      s.mb_per_s = (double) rows[i].read_mb_per_s + rows[i].write_mb_per_s;
      s.iops = (double) rows[i].read_iops + rows[i].write_iops;
      s.latency_mean_us = rows[i].mean_us;
      s.latency_p99_us = rows[i].p99_us;
      g_array_append_val (samples, s);
    }
  return drivedash_store_series_encode ((const DrivedashBenchSample *) (gpointer) samples->data,
                                        samples->len, LONG_SERIES_POINTS);
}

static void
add_trace_result (DrivedashStoreRun        *run,
                  const char               *name,
                  const DrivedashLongRound *round)
{
  DrivedashStoreResult *r = drivedash_store_result_new (name, "trace");

  r->mb_per_s = round->bandwidth_mb_per_s;
  r->latency_us.mean = round->read_access_us;
  g_ptr_array_add (run->results, r);
}

/* A consistency or adaptivity run's rounds, each as a result, so History
 * can compare them, and adaptivity's average over them ("average", its
 * result); the other tests have one. */
static void
add_results (DrivedashStoreRun               *run,
             const DrivedashLongTestResult   *res,
             const DrivedashLongTestSettings *s)
{
  DrivedashStoreResult *r;
  DrivedashLongRound avg;

  if (res->kind == DRIVEDASH_LONG_TEST_CONSISTENCY || res->kind == DRIVEDASH_LONG_TEST_ADAPTIVITY)
    {
      for (guint i = 0; i < res->rounds->len; i++)
        {
          const DrivedashLongRound *round = &g_array_index (res->rounds, DrivedashLongRound, i);
          g_autofree char *name = g_strdup_printf ("%s-%u", drivedash_long_group_to_string (round->group),
                                                   round->index);

          add_trace_result (run, name, round);
        }
      if (res->kind == DRIVEDASH_LONG_TEST_ADAPTIVITY &&
          drivedash_long_rounds_average ((const DrivedashLongRound *) (gpointer) res->rounds->data,
                                         res->rounds->len, DRIVEDASH_LONG_GROUP_NONE, &avg))
        add_trace_result (run, "average", &avg);
      return;
    }
  if (res->kind == DRIVEDASH_LONG_TEST_SUSTAINED)
    {
      g_autofree char *name = g_strdup_printf ("RND%uK Q%uT1", s->block_size / 1024, s->queue_depth);

      r = drivedash_store_result_new (name, "mix");
      r->mb_per_s = res->measured_mb_per_s;
      r->iops = res->measured_s > 0 ? res->measured_ios / res->measured_s : 0;
    }
  else
    {
      r = drivedash_store_result_new ("SEQ1M Q8T1", "write");
      r->mb_per_s = res->elapsed_s > 0 ? res->bytes_written / res->elapsed_s / 1e6 : 0;
    }
  g_ptr_array_add (run->results, r);
}

DrivedashStoreRun *
drivedash_store_run_new_long (DrivedashStore                  *store,
                              const DrivedashLongTestSettings *settings)
{
  static const DrivedashRunKind kinds[] = { DRIVEDASH_RUN_KIND_SUSTAINED, DRIVEDASH_RUN_KIND_CONSISTENCY,
                                            DRIVEDASH_RUN_KIND_SATURATION, DRIVEDASH_RUN_KIND_ADAPTIVITY };
  DrivedashStoreRun *run = drivedash_store_run_new (kinds[settings->kind]);
  struct utsname uts;

  run->started_at = g_get_real_time ();
  if (uname (&uts) == 0)
    run->kernel = g_strdup (uts.release);
  drivedash_store_run_read_drive (run, store, NULL, settings->controller, TRUE);
  drivedash_store_run_name_folder_drive (run, settings->folder);
  return run;
}

void
drivedash_store_run_finish_long (DrivedashStoreRun               *run,
                                 DrivedashStore                  *store,
                                 const DrivedashLongTestResult   *res,
                                 const DrivedashLongTestSettings *settings,
                                 const GError                    *error)
{
  g_autoptr(JsonNode) doc = NULL;

  run->ended_at = g_get_real_time ();
  if (error != NULL)
    {
      run->status = g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED)
                    ? DRIVEDASH_RUN_STATUS_CANCELLED : DRIVEDASH_RUN_STATUS_FAILED;
      g_free (run->error);
      run->error = g_strdup (error->message);
    }
  drivedash_store_run_read_drive (run, store, NULL, settings->controller, FALSE);
  if (res == NULL)
    return;
  /* The whole result without its series, which has its own column. */
  doc = drivedash_long_test_result_to_json (res, settings);
  json_object_remove_member (json_node_get_object (doc), "series");
  g_free (run->settings_json);
  run->settings_json = json_to_string (doc, FALSE);
  add_results (run, res, settings);
  g_clear_pointer (&run->series, g_bytes_unref);
  run->series = encode_series (res);
}

/* --- keeping a DrivedashLongTestRun ------------------------------------- */

typedef struct
{
  DrivedashStore *store;  /* NULL: the default history, opened in the worker */
  char           *name;
} Keep;

typedef struct
{
  DrivedashStore                  *store;
  DrivedashStoreRun               *run;
  const DrivedashLongTestSettings *settings;  /* the run's own */
  GError                          *open_error;
} KeepRecording;

static void
keep_free (Keep *keep)
{
  g_clear_object (&keep->store);
  g_free (keep->name);
  g_free (keep);
}

void
drivedash_store_set_not_kept_error (GError       **error,
                                    const GError  *why)
{
  g_set_error (error, why->domain, why->code,
               _("The run was not kept in the history: %s"), why->message);
}

static gpointer
keep_begin (gpointer                         data,
            const DrivedashLongTestSettings *settings)
{
  Keep *keep = data;
  KeepRecording *rec = g_new0 (KeepRecording, 1);

  rec->settings = settings;
  /* A connection of the worker's own, as the History view's jobs use. */
  rec->store = keep->store ? g_object_ref (keep->store) : drivedash_store_open (NULL, &rec->open_error);
  if (rec->store != NULL)
    {
      rec->run = drivedash_store_run_new_long (rec->store, settings);
      if (keep->name != NULL)
        {
          g_free (rec->run->name);
          rec->run->name = g_strdup (keep->name);
        }
    }
  return rec;
}

static gint64
keep_end (gpointer                       data,
          gpointer                       recording,
          const DrivedashLongTestResult *result,
          const GError                  *run_error,
          GError                       **error)
{
  g_autofree KeepRecording *rec = recording;
  g_autoptr(DrivedashStore) store = g_steal_pointer (&rec->store);
  g_autoptr(DrivedashStoreRun) run = g_steal_pointer (&rec->run);
  g_autoptr(GError) open_error = g_steal_pointer (&rec->open_error);
  g_autoptr(GError) local_error = NULL;

  if (store == NULL)
    {
      drivedash_store_set_not_kept_error (error, open_error);
      return 0;
    }
  drivedash_store_run_finish_long (run, store, result, rec->settings, run_error);
  if (!drivedash_store_save (store, run, NULL, &local_error))
    {
      drivedash_store_set_not_kept_error (error, local_error);
      return 0;
    }
  return run->id;
}

void
drivedash_store_keep_long_test_run (DrivedashStore       *store,
                                    DrivedashLongTestRun *run,
                                    const char           *name)
{
  static const DrivedashLongTestSaver saver = { keep_begin, keep_end };
  Keep *keep = g_new0 (Keep, 1);

  g_return_if_fail (store == NULL || DRIVEDASH_IS_STORE (store));
  keep->store = store ? g_object_ref (store) : NULL;
  keep->name = g_strdup (name);
  drivedash_long_test_run_set_saver (run, &saver, keep, (GDestroyNotify) keep_free);
}
