/* drivedash-store-run.c — one stored benchmark run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/utsname.h>

#include "drivedash-bench-doubts.h"
#include "drivedash-store-run.h"

G_DEFINE_BOXED_TYPE (DrivedashStoreRun, drivedash_store_run,
                     drivedash_store_run_ref, drivedash_store_run_unref)

static const char *const kind_ids[] = {
  "quick", "sustained", "consistency", "saturation", "ab-set", "repeat-set", "adaptivity", "review",
};
static const char *const status_ids[] = { "done", "cancelled", "failed" };

DrivedashStoreResult *
drivedash_store_result_new (const char *test,
                            const char *mode)
{
  DrivedashStoreResult *result = g_new0 (DrivedashStoreResult, 1);

  result->test = g_intern_string (test);
  result->mode = g_intern_string (mode);
  result->passes = g_array_new (FALSE, FALSE, sizeof (double));
  return result;
}

void
drivedash_store_result_free (DrivedashStoreResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->passes);
  g_free (result->checks);
  g_free (result);
}

DrivedashStoreRun *
drivedash_store_run_new (DrivedashRunKind kind)
{
  DrivedashStoreRun *self = g_new0 (DrivedashStoreRun, 1);

  self->ref_count = 1;
  self->kind = kind;
  self->status = DRIVEDASH_RUN_STATUS_DONE;
  self->game_mode = DRIVEDASH_GAME_MODE_UNKNOWN;
  self->temp_start_c = NAN;
  self->temp_end_c = NAN;
  self->app_version = g_strdup (PACKAGE_VERSION);
  self->results = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_result_free);
  return self;
}

DrivedashStoreRun *
drivedash_store_run_ref (DrivedashStoreRun *self)
{
  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
drivedash_store_run_unref (DrivedashStoreRun *self)
{
  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_free (self->set_role);
  g_free (self->error);
  g_free (self->name);
  g_free (self->note);
  g_free (self->app_version);
  g_free (self->kernel);
  g_free (self->drive_model);
  g_free (self->drive_firmware);
  g_free (self->serial_hash);
  g_free (self->filesystem);
  g_free (self->settings_json);
  g_ptr_array_unref (self->results);
  g_clear_pointer (&self->series, g_bytes_unref);
  g_free (self);
}

static char *
settings_to_json (const DrivedashBenchReport *report)
{
  g_autoptr(JsonNode) root = drivedash_bench_report_to_json (report);
  JsonObject *settings = json_object_get_object_member (json_node_get_object (root), "settings");
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);

  json_node_set_object (node, settings);
  return json_to_string (node, FALSE);
}

DrivedashStoreRun *
drivedash_store_run_new_from_report (const DrivedashBenchReport *report,
                                     DrivedashRunKind            kind)
{
  DrivedashStoreRun *self = drivedash_store_run_new (kind);
  struct utsname uts;

  self->started_at = report->started_at;
  self->ended_at = report->started_at + (gint64) (report->duration_s * G_USEC_PER_SEC);
  self->filesystem = g_strdup (report->filesystem);
  self->settings_json = settings_to_json (report);
  if (uname (&uts) == 0)
    self->kernel = g_strdup (uts.release);

  for (guint i = 0; i < report->results->len; i++)
    {
      const DrivedashBenchResult *r = g_ptr_array_index (report->results, i);
      g_autofree char *test = drivedash_bench_spec_to_string (&r->spec);
      DrivedashStoreResult *result =
        drivedash_store_result_new (test, drivedash_bench_mode_to_string (r->spec.mode));

      result->mb_per_s = r->mb_per_s;
      result->iops = r->iops;
      result->latency_us = r->latency_us;
      g_array_append_vals (result->passes, r->pass_mb_per_s, r->n_passes);
      result->checks = drivedash_bench_result_dup_checks_json (r);
      g_ptr_array_add (self->results, result);
    }
  return self;
}

/* "folder_uri" has the exact bytes; runs saved before it was written have
 * only "folder" (then a display name, so a name that was not UTF-8 comes
 * back with U+FFFD in it: all there is). */
static void
set_folder_from_json (DrivedashBenchSettings *settings,
                      JsonObject             *o)
{
  const char *uri = json_object_get_string_member_with_default (o, "folder_uri", NULL);
  g_autofree char *folder = uri ? g_filename_from_uri (uri, NULL, NULL) : NULL;

  drivedash_bench_settings_set_folder (settings, folder ? folder
                                       : json_object_get_string_member_with_default (o, "folder", NULL));
}

/* A kept result's doubts and what the drive saw, so that History and a
 * report made from it say what the run said; the device figures
 * themselves stay in the JSON. */
static void
restore_doubts (DrivedashBenchResult *result,
                const char           *checks)
{
  if (checks != NULL)
    drivedash_bench_checks_parse (checks, &result->doubts, &result->doubt_words,
                                  &result->kept_device_words);
}

DrivedashBenchReport *
drivedash_store_run_to_report (const DrivedashStoreRun *self)
{
  g_autoptr(DrivedashBenchSettings) settings = drivedash_bench_settings_new ();
  g_autoptr(JsonNode) node = NULL;
  DrivedashBenchReport *report;

  node = self->settings_json ? json_from_string (self->settings_json, NULL) : NULL;
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *o = json_node_get_object (node);

      set_folder_from_json (settings, o);
      settings->test_size = json_object_get_int_member_with_default (o, "test_size", settings->test_size);
      settings->passes = json_object_get_int_member_with_default (o, "passes", settings->passes);
      settings->pass_duration = json_object_get_double_member_with_default (o, "pass_duration_s", settings->pass_duration);
      settings->pause = json_object_get_double_member_with_default (o, "pause_s", settings->pause);
      settings->mix_read_percent = json_object_get_int_member_with_default (o, "mix_read_percent", settings->mix_read_percent);
      settings->merge_requests = json_object_get_boolean_member_with_default (o, "merge_requests", FALSE);
    }

  report = drivedash_bench_report_new (settings);
  report->filesystem = g_strdup (self->filesystem);
  report->started_at = self->started_at;
  report->duration_s = (self->ended_at - self->started_at) / (double) G_USEC_PER_SEC;
  report->direct_io = TRUE;
  for (guint i = 0; i < self->results->len; i++)
    {
      const DrivedashStoreResult *r = g_ptr_array_index (self->results, i);
      DrivedashBenchSpec spec;
      DrivedashBenchMode mode;
      DrivedashBenchResult *result;

      if (!drivedash_bench_mode_from_string (r->mode, &mode) ||
          !drivedash_bench_spec_parse (r->test, mode, &spec, NULL))
        continue;
      result = drivedash_bench_result_new (&spec, r->passes->len);
      /* No passes (a run stopped early): no array to copy into. */
      if (r->passes->len > 0)
        memcpy (result->pass_mb_per_s, r->passes->data, r->passes->len * sizeof (double));
      drivedash_bench_result_summarize_passes (result);
      result->mb_per_s = r->mb_per_s;
      result->iops = r->iops;
      result->latency_us = r->latency_us;
      restore_doubts (result, r->checks);
      drivedash_bench_report_add_result (report, result);
      drivedash_bench_result_unref (result);
    }
  return report;
}

const DrivedashStoreResult *
drivedash_store_run_find_result (const DrivedashStoreRun *self,
                                 const char              *test,
                                 const char              *mode)
{
  for (guint i = 0; i < self->results->len; i++)
    {
      const DrivedashStoreResult *r = g_ptr_array_index (self->results, i);

      if (g_strcmp0 (r->test, test) == 0 && g_strcmp0 (r->mode, mode) == 0)
        return r;
    }
  return NULL;
}

/* Whether @self ran exactly @preset's tests, each in every mode it used. */
static gboolean
matches_preset (const DrivedashStoreRun    *self,
                const DrivedashBenchPreset *preset)
{
  g_autoptr(GArray) specs = drivedash_bench_preset_expand (preset, DRIVEDASH_BENCH_MODES_READ);
  g_autoptr(GHashTable) modes = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer mode;

  for (guint i = 0; i < self->results->len; i++)
    {
      const DrivedashStoreResult *r = g_ptr_array_index (self->results, i);

      g_hash_table_add (modes, (gpointer) r->mode);
    }
  /* Every result is one (test, mode) pair, so all pairs present and the
   * same count means nothing else was run. */
  if (self->results->len != specs->len * g_hash_table_size (modes))
    return FALSE;
  g_hash_table_iter_init (&iter, modes);
  while (g_hash_table_iter_next (&iter, &mode, NULL))
    for (guint i = 0; i < specs->len; i++)
      {
        g_autofree char *test = drivedash_bench_spec_to_string (&g_array_index (specs, DrivedashBenchSpec, i));

        if (drivedash_store_run_find_result (self, test, mode) == NULL)
          return FALSE;
      }
  return TRUE;
}

const DrivedashBenchPreset *
drivedash_store_run_match_preset (const DrivedashStoreRun *self)
{
  guint n_presets;
  const DrivedashBenchPreset *presets = drivedash_bench_presets_get (&n_presets);

  g_return_val_if_fail (self != NULL, NULL);

  if (self->results == NULL || self->results->len == 0)
    return NULL;
  for (guint i = 0; i < n_presets; i++)
    if (matches_preset (self, &presets[i]))
      return &presets[i];
  return NULL;
}

const char *
drivedash_run_kind_to_string (DrivedashRunKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (kind_ids), "quick");
  return kind_ids[kind];
}

gboolean
drivedash_run_kind_from_string (const char       *text,
                                DrivedashRunKind *out)
{
  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (kind_ids); i++)
    if (strcmp (text, kind_ids[i]) == 0)
      {
        *out = (DrivedashRunKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
drivedash_run_status_to_string (DrivedashRunStatus status)
{
  g_return_val_if_fail ((guint) status < G_N_ELEMENTS (status_ids), "failed");
  return status_ids[status];
}

gboolean
drivedash_run_status_from_string (const char         *text,
                                  DrivedashRunStatus *out)
{
  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (status_ids); i++)
    if (strcmp (text, status_ids[i]) == 0)
      {
        *out = (DrivedashRunStatus) i;
        return TRUE;
      }
  return FALSE;
}

static DrivedashStoreResult *
mean_result (const DrivedashStoreResult *model,
             GPtrArray                  *members)
{
  DrivedashStoreResult *r = drivedash_store_result_new (model->test, model->mode);
  double sum = 0, iops = 0;

  for (guint m = 0; m < members->len; m++)
    {
      const DrivedashStoreResult *x =
        drivedash_store_run_find_result (g_ptr_array_index (members, m), model->test, model->mode);

      if (x == NULL)
        continue;
      g_array_append_val (r->passes, x->mb_per_s);
      sum += x->mb_per_s;
      iops += x->iops;
    }
  r->mb_per_s = sum / r->passes->len;
  r->iops = iops / r->passes->len;
  /* Latency percentiles do not average; the set keeps the first run's. */
  r->latency_us = model->latency_us;
  return r;
}

DrivedashStoreRun *
drivedash_store_run_new_set (DrivedashRunKind  kind,
                             GPtrArray        *members)
{
  DrivedashStoreRun *set = drivedash_store_run_new (kind);
  const DrivedashStoreRun *first, *last;

  if (members->len == 0)
    return set;
  first = g_ptr_array_index (members, 0);
  last = g_ptr_array_index (members, members->len - 1);
  set->started_at = first->started_at;
  set->ended_at = last->ended_at;
  set->kernel = g_strdup (first->kernel);
  set->drive_model = g_strdup (first->drive_model);
  set->drive_firmware = g_strdup (first->drive_firmware);
  set->drive_capacity = first->drive_capacity;
  set->serial_hash = g_strdup (first->serial_hash);
  set->filesystem = g_strdup (first->filesystem);
  set->settings_json = g_strdup (first->settings_json);
  set->game_mode = first->game_mode;
  set->temp_start_c = first->temp_start_c;
  set->temp_end_c = last->temp_end_c;
  for (guint m = 0; m < members->len; m++)
    {
      const DrivedashStoreRun *member = g_ptr_array_index (members, m);

      if (member->game_mode != set->game_mode)
        set->game_mode = DRIVEDASH_GAME_MODE_UNKNOWN;
      if (member->status != DRIVEDASH_RUN_STATUS_DONE && set->status == DRIVEDASH_RUN_STATUS_DONE)
        {
          set->status = member->status;
          set->error = g_strdup (member->error);
        }
    }
  for (guint i = 0; i < first->results->len; i++)
    g_ptr_array_add (set->results, mean_result (g_ptr_array_index (first->results, i), members));
  return set;
}
