/* drivedash-store-export.c — export and import of the results history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "drivedash-bench-doubts.h"
#include "drivedash-error.h"
#include "drivedash-format.h"
#include "drivedash-json.h"
#include "drivedash-store-export.h"
#include "drivedash-store-private.h"

char *
drivedash_store_format_time (gint64 usec)
{
  g_autoptr(GDateTime) t = g_date_time_new_from_unix_utc (usec / G_USEC_PER_SEC);
  g_autoptr(GDateTime) exact = t ? g_date_time_add (t, usec % G_USEC_PER_SEC) : NULL;

  return exact ? g_date_time_format_iso8601 (exact) : g_strdup ("");
}

gboolean
drivedash_store_parse_time (const char *text,
                            gint64     *usec)
{
  g_autoptr(GDateTime) t = text ? g_date_time_new_from_iso8601 (text, NULL) : NULL;
  g_autofree char *back = NULL;

  if (t == NULL)
    return FALSE;
  *usec = g_date_time_to_unix (t) * G_USEC_PER_SEC + g_date_time_get_microsecond (t);
  /* "9999-12-31T23:00:00-05:00" is a year 10000 in UTC, which no export
   * could write back. */
  back = drivedash_store_format_time (*usec);
  return back[0] != '\0';
}

static void
add_string (JsonBuilder *b,
            const char  *name,
            const char  *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
add_time (JsonBuilder *b,
          const char  *name,
          gint64       usec)
{
  g_autofree char *text = drivedash_store_format_time (usec);

  add_string (b, name, text);
}

/* "checks": what the drive saw and the doubts, as the run kept them. */
static void
add_checks (JsonBuilder *b,
            const char  *checks)
{
  g_autoptr(JsonNode) node = checks != NULL ? json_from_string (checks, NULL) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return;
  json_builder_set_member_name (b, "checks");
  json_builder_add_value (b, g_steal_pointer (&node));
}

static void
add_result (JsonBuilder                *b,
            const DrivedashStoreResult *r)
{
  json_builder_begin_object (b);
  add_string (b, "test", r->test);
  add_string (b, "mode", r->mode);
  drivedash_json_member_double (b, "mb_per_s", r->mb_per_s);
  drivedash_json_member_double (b, "iops", r->iops);
  json_builder_set_member_name (b, "latency_us");
  json_builder_begin_object (b);
  drivedash_json_member_double (b, "mean", r->latency_us.mean);
  drivedash_json_member_double (b, "p50", r->latency_us.p50);
  drivedash_json_member_double (b, "p90", r->latency_us.p90);
  drivedash_json_member_double (b, "p99", r->latency_us.p99);
  drivedash_json_member_double (b, "p999", r->latency_us.p999);
  drivedash_json_member_double (b, "max", r->latency_us.max);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "passes");
  json_builder_begin_array (b);
  for (guint p = 0; p < r->passes->len; p++)
    json_builder_add_double_value (b, g_array_index (r->passes, double, p));
  json_builder_end_array (b);
  add_checks (b, r->checks);
  json_builder_end_object (b);
}

static void
add_run (JsonBuilder             *b,
         const DrivedashStoreRun *run)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_int_value (b, run->id);
  json_builder_set_member_name (b, "set_id");
  if (run->set_id > 0)
    json_builder_add_int_value (b, run->set_id);
  else
    json_builder_add_null_value (b);
  add_string (b, "set_role", run->set_role);
  add_string (b, "kind", drivedash_run_kind_to_string (run->kind));
  add_string (b, "name", run->name);
  add_string (b, "note", run->note);
  add_time (b, "started_at", run->started_at);
  add_time (b, "ended_at", run->ended_at);
  add_string (b, "status", drivedash_run_status_to_string (run->status));
  add_string (b, "error", run->error);
  add_string (b, "app_version", run->app_version);
  add_string (b, "kernel", run->kernel);
  json_builder_set_member_name (b, "drive");
  json_builder_begin_object (b);
  add_string (b, "model", run->drive_model);
  add_string (b, "firmware", run->drive_firmware);
  json_builder_set_member_name (b, "capacity_bytes");
  json_builder_add_int_value (b, (gint64) run->drive_capacity);
  add_string (b, "serial_hash", run->serial_hash);
  json_builder_end_object (b);
  add_string (b, "filesystem", run->filesystem);
  json_builder_set_member_name (b, "settings");
  {
    JsonNode *settings = run->settings_json ? json_from_string (run->settings_json, NULL) : NULL;

    if (settings != NULL)
      json_builder_add_value (b, settings);
    else
      json_builder_add_null_value (b);
  }
  json_builder_set_member_name (b, "game_mode");
  if (run->game_mode == 0 || run->game_mode == 1)
    json_builder_add_boolean_value (b, run->game_mode == 1);
  else
    json_builder_add_null_value (b);
  drivedash_json_member_double (b, "temperature_start_c", run->temp_start_c);
  drivedash_json_member_double (b, "temperature_end_c", run->temp_end_c);
  json_builder_set_member_name (b, "results");
  json_builder_begin_array (b);
  for (guint i = 0; i < run->results->len; i++)
    add_result (b, g_ptr_array_index (run->results, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "series");
  if (run->series != NULL)
    {
      g_autofree char *base64 = g_base64_encode (g_bytes_get_data (run->series, NULL),
                                                 g_bytes_get_size (run->series));

      json_builder_begin_object (b);
      add_string (b, "encoding", DRIVEDASH_STORE_SERIES_ENCODING);
      add_string (b, "data", base64);
      json_builder_end_object (b);
    }
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
}

/* A set's members may be sets (a full review's speed step is a repeat
 * set): this deep, and no deeper, so a damaged history cannot loop. */
#define MAX_SET_DEPTH 3

/* The run and, for a set, its members (with their series), theirs too. */
static gboolean
add_run_and_members (DrivedashStore  *self,
                     JsonBuilder     *b,
                     gint64           id,
                     guint            depth,
                     GError         **error)
{
  g_autoptr(DrivedashStoreRun) run = drivedash_store_get_run (self, id, error);
  g_autoptr(GPtrArray) members = NULL;

  if (run == NULL)
    return FALSE;
  add_run (b, run);
  if (depth >= MAX_SET_DEPTH)
    return TRUE;
  members = drivedash_store_list_members (self, id, error);
  if (members == NULL)
    return FALSE;
  for (guint i = 0; i < members->len; i++)
    if (!add_run_and_members (self, b, ((const DrivedashStoreRun *) g_ptr_array_index (members, i))->id,
                              depth + 1, error))
      return FALSE;
  return TRUE;
}

char *
drivedash_store_export_json (DrivedashStore  *self,
                             const gint64    *ids,
                             guint            n_ids,
                             GError         **error)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  add_string (b, "format", DRIVEDASH_EXPORT_FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, DRIVEDASH_EXPORT_VERSION);
  add_time (b, "exported_at", g_get_real_time ());
  add_string (b, "app_version", PACKAGE_VERSION);
  json_builder_set_member_name (b, "runs");
  json_builder_begin_array (b);
  for (guint i = 0; i < n_ids; i++)
    if (!add_run_and_members (self, b, ids[i], 1, error))
      return NULL;
  json_builder_end_array (b);
  json_builder_end_object (b);
  text = drivedash_json_to_string (b);
  /* A backup that no Drivedash would import is no backup. */
  if (strlen (text) > DRIVEDASH_EXPORT_MAX_BYTES)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("These runs make a file larger than %d MiB, the most Drivedash imports. "
                     "Export fewer runs at a time."), DRIVEDASH_EXPORT_MAX_BYTES / (1024 * 1024));
      return NULL;
    }
  return g_steal_pointer (&text);
}

static gboolean
invalid (GError     **error,
         guint        index,
         const char  *what)
{
  g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
               /* TRANSLATORS: %u counts runs from 1; the second %s says what is wrong */
               _("This is not a valid Drivedash history file: run %u %s. Nothing was imported."),
               index + 1, what);
  return FALSE;
}

static const char *
get_string (JsonObject *o,
            const char *name)
{
  JsonNode *node = json_object_get_member (o, name);

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_STRING ? json_node_get_string (node) : NULL;
}

static double
get_number (JsonObject *o,
            const char *name)
{
  JsonNode *node = o ? json_object_get_member (o, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NAN;
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
    case G_TYPE_DOUBLE:
      return json_node_get_double (node);
    default:
      return NAN;
    }
}

/* Only what a run of ours has: a test the spec parser reads ("RND4K
 * Q1T1") with read, write or mix, or a long test's round ("steady-3")
 * with trace.  Anything else could be a spreadsheet formula, a forged
 * CSV row or a terminal escape. */
static gboolean
known_test (const char *test,
            const char *mode)
{
  DrivedashBenchMode bench_mode;
  DrivedashBenchSpec spec;
  const char *dash = strrchr (test, '-');

  if (g_str_equal (mode, "trace"))
    {
      if (dash == NULL || dash == test || dash[1] == '\0')
        return FALSE;
      for (const char *p = test; p < dash; p++)
        if (!g_ascii_islower (*p))
          return FALSE;
      for (const char *p = dash + 1; *p != '\0'; p++)
        if (!g_ascii_isdigit (*p))
          return FALSE;
      return TRUE;
    }
  return drivedash_bench_mode_from_string (mode, &bench_mode) &&
         drivedash_bench_spec_parse (test, bench_mode, &spec, NULL);
}

/* null (NaN), or a rate or latency no drive can exceed: 10^12. */
static gboolean
unknown_or_measure (double value)
{
  return isnan (value) || (value >= 0 && value <= 1e12);
}

static gboolean
figures_in_range (const DrivedashStoreResult *r)
{
  const double figures[] = { r->mb_per_s, r->iops, r->latency_us.mean, r->latency_us.p50,
                             r->latency_us.p90, r->latency_us.p99, r->latency_us.p999,
                             r->latency_us.max };

  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    if (!unknown_or_measure (figures[i]))
      return FALSE;
  return TRUE;
}

/* A file's "checks", kept only as what drivedash_bench_checks_parse()
 * reads and within a size a real one never reaches. */
#define CHECKS_MAX (64 * 1024)

static char *
parse_checks (JsonObject *o)
{
  JsonNode *node = json_object_get_member (o, "checks");
  g_autofree char *text = NULL, *doubt_words = NULL, *device_words = NULL;
  DrivedashBenchDoubts doubts;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  text = json_to_string (node, FALSE);
  if (strlen (text) > CHECKS_MAX ||
      !drivedash_bench_checks_parse (text, &doubts, &doubt_words, &device_words))
    return NULL;
  return g_steal_pointer (&text);
}

static gboolean
parse_result (JsonNode              *node,
              DrivedashStoreResult **out)
{
  JsonObject *o = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  JsonObject *lat;
  JsonArray *passes;
  DrivedashStoreResult *r;

  if (o == NULL || get_string (o, "test") == NULL || get_string (o, "mode") == NULL ||
      !known_test (get_string (o, "test"), get_string (o, "mode")) ||
      !json_object_has_member (o, "passes") ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (o, "passes")))
    return FALSE;
  r = drivedash_store_result_new (get_string (o, "test"), get_string (o, "mode"));
  r->mb_per_s = get_number (o, "mb_per_s");
  r->iops = get_number (o, "iops");
  lat = json_object_has_member (o, "latency_us") &&
        JSON_NODE_HOLDS_OBJECT (json_object_get_member (o, "latency_us"))
        ? json_object_get_object_member (o, "latency_us") : NULL;
  r->latency_us.mean = get_number (lat, "mean");
  r->latency_us.p50 = get_number (lat, "p50");
  r->latency_us.p90 = get_number (lat, "p90");
  r->latency_us.p99 = get_number (lat, "p99");
  r->latency_us.p999 = get_number (lat, "p999");
  r->latency_us.max = get_number (lat, "max");
  if (!figures_in_range (r))
    {
      drivedash_store_result_free (r);
      return FALSE;
    }
  passes = json_object_get_array_member (o, "passes");
  for (guint i = 0; i < json_array_get_length (passes); i++)
    {
      JsonNode *p = json_array_get_element (passes, i);
      double v = JSON_NODE_HOLDS_VALUE (p) && json_node_get_value_type (p) != G_TYPE_STRING
                 ? json_node_get_double (p) : NAN;

      if (isnan (v) || !unknown_or_measure (v))
        {
          drivedash_store_result_free (r);
          return FALSE;
        }
      g_array_append_val (r->passes, v);
    }
  r->checks = parse_checks (o);
  *out = r;
  return TRUE;
}

/* A whole number from min to 2^53, checked before the cast (a cast of
 * NaN or of an out-of-range double is undefined); absent or null: 0. */
static gboolean
get_whole (JsonObject *o,
           const char *name,
           double      min,
           gint64     *out)
{
  JsonNode *node = o ? json_object_get_member (o, name) : NULL;
  double value = get_number (o, name);

  *out = 0;
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!(value >= min && value <= DRIVEDASH_JSON_MAX_NUMBER && value == floor (value)))
    return FALSE;
  *out = (gint64) value;
  return TRUE;
}

static gboolean
parse_drive (JsonObject        *o,
             DrivedashStoreRun *run)
{
  JsonObject *drive = json_object_has_member (o, "drive") &&
                      JSON_NODE_HOLDS_OBJECT (json_object_get_member (o, "drive"))
                      ? json_object_get_object_member (o, "drive") : NULL;
  gint64 capacity;

  if (drive == NULL)
    return TRUE;
  run->drive_model = g_strdup (get_string (drive, "model"));
  run->drive_firmware = g_strdup (get_string (drive, "firmware"));
  run->serial_hash = g_strdup (get_string (drive, "serial_hash"));
  if (!get_whole (drive, "capacity_bytes", 0, &capacity))
    return FALSE;
  run->drive_capacity = (guint64) capacity;
  return TRUE;
}

static void
parse_optional (JsonObject        *o,
                DrivedashStoreRun *run)
{
  JsonNode *node;

  run->name = g_strdup (get_string (o, "name"));
  run->note = g_strdup (get_string (o, "note"));
  run->error = g_strdup (get_string (o, "error"));
  g_free (run->app_version);
  run->app_version = g_strdup (get_string (o, "app_version"));
  run->kernel = g_strdup (get_string (o, "kernel"));
  run->filesystem = g_strdup (get_string (o, "filesystem"));
  run->set_role = g_strdup (get_string (o, "set_role"));
  run->temp_start_c = get_number (o, "temperature_start_c");
  run->temp_end_c = get_number (o, "temperature_end_c");
  node = json_object_get_member (o, "settings");
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    run->settings_json = json_to_string (node, FALSE);
  node = json_object_get_member (o, "game_mode");
  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_BOOLEAN)
    run->game_mode = json_node_get_boolean (node) ? 1 : 0;
}

static gboolean
parse_series (JsonObject        *o,
              DrivedashStoreRun *run)
{
  JsonNode *node = json_object_get_member (o, "series");
  JsonObject *series;
  const char *data;
  g_autoptr(GArray) check = NULL;
  guchar *raw;
  gsize len;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  series = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  data = series ? get_string (series, "data") : NULL;
  if (data == NULL || g_strcmp0 (get_string (series, "encoding"), DRIVEDASH_STORE_SERIES_ENCODING) != 0)
    return FALSE;
  raw = g_base64_decode (data, &len);
  run->series = g_bytes_new_take (raw, len);
  check = drivedash_store_series_decode (run->series, NULL);
  return check != NULL;
}

static gboolean
unknown_or_temperature (double value)
{
  return isnan (value) || (value >= -273.15 && value <= 1000);
}

/* One run of the document; *old_set_id gets its "set_id" (0 = none). */
static DrivedashStoreRun *
parse_run (JsonNode  *node,
           guint      index,
           gint64    *old_id,
           gint64    *old_set_id,
           GError   **error)
{
  JsonObject *o = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  g_autoptr(DrivedashStoreRun) run = NULL;
  DrivedashRunKind kind;
  JsonArray *results;

  if (o == NULL)
    return invalid (error, index, _("is not an object")), NULL;
  if (!drivedash_run_kind_from_string (get_string (o, "kind"), &kind))
    return invalid (error, index, _("has no known “kind”")), NULL;
  run = drivedash_store_run_new (kind);
  if (!drivedash_store_parse_time (get_string (o, "started_at"), &run->started_at))
    return invalid (error, index, _("has no valid “started_at” date")), NULL;
  if (!drivedash_store_parse_time (get_string (o, "ended_at"), &run->ended_at))
    run->ended_at = run->started_at;
  if (!drivedash_run_status_from_string (get_string (o, "status"), &run->status))
    return invalid (error, index, _("has no known “status”")), NULL;
  if (!json_object_has_member (o, "results") ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (o, "results")))
    return invalid (error, index, _("has no “results” list")), NULL;
  results = json_object_get_array_member (o, "results");
  for (guint i = 0; i < json_array_get_length (results); i++)
    {
      DrivedashStoreResult *r;

      if (!parse_result (json_array_get_element (results, i), &r))
        return invalid (error, index, _("has a result that Drivedash does not make (its test, mode or values)")), NULL;
      g_ptr_array_add (run->results, r);
    }
  parse_optional (o, run);
  if (!drivedash_store_check_name_note (run->name, run->note, NULL))
    return invalid (error, index, _("has a name or a note longer than Drivedash keeps")), NULL;
  if (!unknown_or_temperature (run->temp_start_c) || !unknown_or_temperature (run->temp_end_c))
    return invalid (error, index, _("has an impossible temperature")), NULL;
  if (!parse_drive (o, run))
    return invalid (error, index, _("has an impossible drive capacity")), NULL;
  if (!parse_series (o, run))
    return invalid (error, index, _("has damaged plot data")), NULL;
  /* Without an id (0) a run is no set's id. */
  if (!get_whole (o, "id", 1, old_id))
    return invalid (error, index, _("has an “id” that is not a run number")), NULL;
  if (!get_whole (o, "set_id", 1, old_set_id))
    return invalid (error, index, _("has a “set_id” that is not a run number")), NULL;
  return g_steal_pointer (&run);
}

static JsonArray *
document_runs (JsonNode  *root,
               GError   **error)
{
  JsonObject *o = root && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root) : NULL;
  double version;

  if (o == NULL || g_strcmp0 (get_string (o, "format"), DRIVEDASH_EXPORT_FORMAT) != 0)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("This is not a Drivedash history file (made with “drivedash-cli "
                             "history export”). Nothing was imported."));
      return NULL;
    }
  version = get_number (o, "version");
  if (!(version >= 1 && version <= DRIVEDASH_EXPORT_VERSION))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                   _("This history file has format version %g, which this Drivedash cannot "
                     "read. Update Drivedash. Nothing was imported."), version);
      return NULL;
    }
  if (!json_object_has_member (o, "runs") || !JSON_NODE_HOLDS_ARRAY (json_object_get_member (o, "runs")))
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("This history file has no list of runs. Nothing was imported."));
      return NULL;
    }
  return json_object_get_array_member (o, "runs");
}

static gboolean
too_large (goffset   size,
           GError  **error)
{
  if (size <= DRIVEDASH_EXPORT_MAX_BYTES)
    return FALSE;
  g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
               /* TRANSLATORS: %d is a size in MiB */
               _("This file is larger than %d MiB, more than a Drivedash history file can be. "
                 "Nothing was imported."), DRIVEDASH_EXPORT_MAX_BYTES / (1024 * 1024));
  return TRUE;
}

/* What the whole-document checks found, in words; FALSE when nothing. */
static gboolean
refused (DrivedashJsonTextProblem   problem,
         GError                   **error)
{
  const char *why = NULL;

  switch (problem)
    {
    case DRIVEDASH_JSON_TEXT_OK:
      return FALSE;
    case DRIVEDASH_JSON_TEXT_TOO_DEEP:
      why = _("its data is nested too deeply");
      break;
    case DRIVEDASH_JSON_TEXT_NOT_UTF8:
      why = _("it has text that is not valid UTF-8");
      break;
    case DRIVEDASH_JSON_TEXT_BAD_ESCAPE:
      why = _("it has a broken “\\u” escape in a text");
      break;
    case DRIVEDASH_JSON_TEXT_NUMBER_RANGE:
      why = _("it has a number larger than any Drivedash writes");
      break;
    }
  g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
               /* TRANSLATORS: %s says what is wrong with the file */
               _("This is not a valid Drivedash history file: %s. Nothing was imported."), why);
  return TRUE;
}

/* Whether run @i of the file is a member of another run of the file. */
static gboolean
is_member (GArray *old_ids,
           GArray *old_set_ids,
           guint   i)
{
  gint64 old_set = g_array_index (old_set_ids, gint64, i);

  for (guint j = 0; old_set != 0 && j < old_ids->len; j++)
    if (j != i && g_array_index (old_ids, gint64, j) == old_set)
      return TRUE;
  return FALSE;
}

/* Sets before their members, so members can point at their new ids; a
 * set may be a member itself (a review's repeat set), so this goes round
 * until nothing more can be placed.  A member whose set is not in the
 * file, or that a hostile file puts in a loop of sets, stands alone. */
static int
insert_all (DrivedashStore *self,
            GPtrArray      *runs,
            GArray         *old_ids,
            GArray         *old_set_ids,
            GArray         *new_top_ids)
{
  g_autoptr(GHashTable) map = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autofree gboolean *done = g_new0 (gboolean, runs->len + 1);
  gboolean placed = TRUE, last_round = FALSE;
  int rc = SQLITE_OK;

  while (rc == SQLITE_OK && (placed || !last_round))
    {
      /* Nothing placed: one last round puts what is left on its own. */
      last_round = !placed;
      placed = FALSE;
      for (guint i = 0; i < runs->len && rc == SQLITE_OK; i++)
        {
          DrivedashStoreRun *run = g_ptr_array_index (runs, i);
          gint64 old_set = g_array_index (old_set_ids, gint64, i);
          gint64 *new_set = NULL;

          if (done[i])
            continue;
          if (is_member (old_ids, old_set_ids, i) && !last_round &&
              (new_set = g_hash_table_lookup (map, &old_set)) == NULL)
            continue;
          run->set_id = new_set ? *new_set : 0;
          if (new_set == NULL)
            g_clear_pointer (&run->set_role, g_free);
          rc = drivedash_store_insert_run (self, run);
          if (rc != SQLITE_OK)
            break;
          done[i] = placed = TRUE;
          g_hash_table_insert (map, g_memdup2 (&g_array_index (old_ids, gint64, i), sizeof (gint64)),
                               &run->id);
          if (run->set_id == 0)
            g_array_append_val (new_top_ids, run->id);
        }
      if (last_round)
        break;
    }
  return rc;
}

GArray *
drivedash_store_import_json (DrivedashStore  *self,
                             const char      *data,
                             gssize           length,
                             GError         **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
  g_autoptr(GArray) old_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) old_set_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GArray) new_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) parse_error = NULL;
  JsonArray *list;
  int rc;

  if (length < 0)
    length = strlen (data);
  if (too_large (length, error))
    return NULL;
  if (refused (drivedash_json_check_text (data, length, DRIVEDASH_EXPORT_MAX_DEPTH), error))
    return NULL;
  if (!json_parser_load_from_data (parser, data, length, &parse_error))
    {
      /* json-glib quotes the text around the error, cut anywhere, even
       * inside a multibyte character. */
      g_autofree char *why = g_utf8_make_valid (parse_error->message, -1);

      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("This file is not valid JSON (%s). Nothing was imported."), why);
      return NULL;
    }
  /* Nothing but white space parses, to no document at all. */
  if (json_parser_get_root (parser) == NULL)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("This file is empty. Nothing was imported."));
      return NULL;
    }
  if (refused (drivedash_json_check_tree (json_parser_get_root (parser)), error))
    return NULL;
  list = document_runs (json_parser_get_root (parser), error);
  if (list == NULL)
    return NULL;
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      gint64 old_id = 0, old_set_id = 0;
      DrivedashStoreRun *run = parse_run (json_array_get_element (list, i), i, &old_id, &old_set_id, error);

      if (run == NULL)
        return NULL;
      g_ptr_array_add (runs, run);
      g_array_append_val (old_ids, old_id);
      g_array_append_val (old_set_ids, old_set_id);
    }

  if (!drivedash_store_begin (self, error))
    return NULL;
  rc = insert_all (self, runs, old_ids, old_set_ids, new_ids);
  if (!drivedash_store_commit (self, rc, error))
    return NULL;
  return g_steal_pointer (&new_ids);
}

static GArray *
not_readable (GError **error)
{
  g_autoptr(GError) io = g_steal_pointer (error);

  g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND, io->message);
  return NULL;
}

GArray *
drivedash_store_import_file (DrivedashStore  *self,
                             GFile           *file,
                             GCancellable    *cancellable,
                             GError         **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *data = NULL;
  gsize length;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                            cancellable, error);
  if (info == NULL)
    return not_readable (error);
  if (too_large (g_file_info_get_size (info), error))
    return NULL;
  if (!g_file_load_contents (file, cancellable, &data, &length, NULL, error))
    return not_readable (error);
  return drivedash_store_import_json (self, data, (gssize) length, error);
}

void
drivedash_store_csv_append_number (GString *s,
                                   double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (isfinite (value))
    g_string_append (s, g_ascii_formatd (buf, sizeof buf, "%.3f", value));
}

/* RFC 4180: a field with a comma, quote or line break is quoted, its
 * quotes doubled.  A spreadsheet evaluates a field starting with = + - @
 * (or a tab or CR) as a formula: such a field gets a leading "'". */
void
drivedash_store_csv_append_field (GString    *s,
                                  const char *value)
{
  gboolean formula = value[0] != '\0' && strchr ("=+-@\t\r", value[0]) != NULL;

  if (!formula && strpbrk (value, ",\"\r\n") == NULL)
    {
      g_string_append (s, value);
      return;
    }
  g_string_append_c (s, '"');
  if (formula)
    g_string_append_c (s, '\'');
  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (s, '"');
      g_string_append_c (s, *p);
    }
  g_string_append_c (s, '"');
}

/* ",above_link;cache,\"…\"": the doubts' names and their words. */
static void
append_csv_doubts (GString    *s,
                   const char *checks)
{
  g_autofree char *doubt_words = NULL, *device_words = NULL;
  g_auto(GStrv) names = NULL;
  g_autofree char *joined = NULL;
  DrivedashBenchDoubts doubts = DRIVEDASH_BENCH_DOUBT_NONE;

  if (checks != NULL)
    drivedash_bench_checks_parse (checks, &doubts, &doubt_words, &device_words);
  names = drivedash_bench_doubts_to_strv (doubts);
  joined = g_strjoinv (";", names);
  g_string_append_c (s, ',');
  drivedash_store_csv_append_field (s, joined);
  g_string_append_c (s, ',');
  drivedash_store_csv_append_field (s, doubt_words != NULL ? doubt_words : "");
}

char *
drivedash_store_run_to_csv (const DrivedashStoreRun *run)
{
  GString *s = g_string_new ("test,mode,mb_per_s,iops,latency_mean_us,latency_p50_us,"
                             "latency_p90_us,latency_p99_us,latency_p999_us,latency_max_us,passes,"
                             "doubts,doubt_words\n");

  for (guint i = 0; i < run->results->len; i++)
    {
      const DrivedashStoreResult *r = g_ptr_array_index (run->results, i);
      const double values[] = { r->mb_per_s, r->iops, r->latency_us.mean, r->latency_us.p50,
                                r->latency_us.p90, r->latency_us.p99, r->latency_us.p999,
                                r->latency_us.max };

      drivedash_store_csv_append_field (s, r->test);
      g_string_append_c (s, ',');
      drivedash_store_csv_append_field (s, r->mode);
      for (guint v = 0; v < G_N_ELEMENTS (values); v++)
        {
          g_string_append_c (s, ',');
          drivedash_store_csv_append_number (s, values[v]);
        }
      g_string_append_c (s, ',');
      for (guint p = 0; p < r->passes->len; p++)
        {
          if (p > 0)
            g_string_append_c (s, ';');
          drivedash_store_csv_append_number (s, g_array_index (r->passes, double, p));
        }
      append_csv_doubts (s, r->checks);
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

char *
drivedash_store_run_to_text (const DrivedashStoreRun *run)
{
  g_autoptr(DrivedashBenchReport) report = drivedash_store_run_to_report (run);
  g_autofree char *table = drivedash_bench_report_format_text (report);
  g_autofree char *when = drivedash_store_format_time (run->started_at);
  /* Imported strings may hold terminal escapes (OSC 52, CSI 2J, …). */
  g_autofree char *model = drivedash_format_device_string (run->drive_model);
  g_autofree char *firmware = drivedash_format_device_string (run->drive_firmware ? run->drive_firmware : "?");
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, _("Drivedash run %lld (%s), %s\n"), (long long) run->id,
                          drivedash_run_kind_to_string (run->kind), when);
  if (run->drive_model != NULL)
    g_string_append_printf (s, _("Drive: %s, firmware %s\n"), model, firmware);
  g_string_append_printf (s, _("Game mode: %s\n"),
                          run->game_mode == 1 ? _("on") : run->game_mode == 0 ? _("off") : _("unknown"));
  g_string_append (s, table);
  return g_string_free (s, FALSE);
}
