/* drivedash-bench-result.c — results of one test and of a whole run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "drivedash-bench-doubts.h"
#include "drivedash-bench-result.h"
#include "drivedash-bench-verdict.h"
#include "drivedash-bench-words.h"
#include "drivedash-format.h"

G_DEFINE_BOXED_TYPE (DrivedashBenchResult, drivedash_bench_result,
                     drivedash_bench_result_ref, drivedash_bench_result_unref)
G_DEFINE_BOXED_TYPE (DrivedashBenchReport, drivedash_bench_report,
                     drivedash_bench_report_ref, drivedash_bench_report_unref)

DrivedashBenchResult *
drivedash_bench_result_new (const DrivedashBenchSpec *spec,
                            guint                     n_passes)
{
  DrivedashBenchResult *self = g_new0 (DrivedashBenchResult, 1);

  self->ref_count = 1;
  self->spec = *spec;
  self->n_passes = n_passes;
  self->pass_mb_per_s = g_new0 (double, MAX (n_passes, 1));
  return self;
}

DrivedashBenchResult *
drivedash_bench_result_ref (DrivedashBenchResult *self)
{
  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
drivedash_bench_result_unref (DrivedashBenchResult *self)
{
  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_free (self->pass_mb_per_s);
  g_free (self->device_passes);
  g_free (self->served_from_cache_reason);
  g_free (self->doubt_words);
  g_free (self->kept_device_words);
  g_free (self);
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

void
drivedash_bench_result_summarize_passes (DrivedashBenchResult *self)
{
  g_autofree double *sorted = NULL;
  guint n = self->n_passes;
  double bytes_per_io;

  if (n == 0)
    return;

  sorted = g_memdup2 (self->pass_mb_per_s, n * sizeof (double));
  qsort (sorted, n, sizeof (double), compare_doubles);

  self->mb_per_s_min = sorted[0];
  self->mb_per_s_max = sorted[n - 1];
  self->mb_per_s = sorted[n - 1];
  self->mb_per_s_median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;

  /* Every I/O moves one block, so IOPS follow MB/s exactly. */
  bytes_per_io = (double) self->spec.block_size;
  self->iops = self->mb_per_s * 1e6 / bytes_per_io;
  self->iops_median = self->mb_per_s_median * 1e6 / bytes_per_io;
}

/* A device that reads less than half of what the test read cannot have
 * delivered it: a cache (the page cache, a VM host's, a RAID card's)
 * answered the rest, and the figure is not the drive's. */
#define CACHE_SHARE  0.5
/* Writes add a little of the filesystem's own (journal, metadata); more
 * than this on top of the test's bytes is somebody else's. */
#define OTHERS_SHARE 1.1

static void
judge_cache (DrivedashBenchResult *self)
{
  if (self->spec.mode != DRIVEDASH_BENCH_MODE_READ)
    return;
  for (guint p = 0; p < self->n_passes; p++)
    {
      const DrivedashBenchDevicePass *pass = &self->device_passes[p];
      guint64 device_read = pass->device.read_sectors * 512;
      g_autofree char *device_text = NULL;
      g_autofree char *engine_text = NULL;

      if ((double) device_read >= CACHE_SHARE * (double) pass->engine_bytes)
        continue;
      device_text = drivedash_format_bytes (device_read);
      engine_text = drivedash_format_bytes (pass->engine_bytes);
      self->served_from_cache = TRUE;
      self->served_from_cache_reason =
        /* Translators: "In pass 2 the drive itself read 3.1 MB of the 1.2 GB this test read: …" */
        g_strdup_printf (_("In pass %u the drive itself read %s of the %s this test read: a cache "
                           "answered the rest, so this result is not the drive’s speed."),
                         p + 1, device_text, engine_text);
      return;
    }
}

void
drivedash_bench_result_set_device (DrivedashBenchResult           *self,
                                   const DrivedashBenchDevicePass *passes)
{
  DrivedashBenchDevicePass *total = &self->device_total;

  g_clear_pointer (&self->device_passes, g_free);
  g_clear_pointer (&self->served_from_cache_reason, g_free);
  *total = (DrivedashBenchDevicePass) { 0 };
  self->others_used_drive = self->served_from_cache = FALSE;
  if (passes == NULL || self->n_passes == 0)
    return;

  self->device_passes = g_memdup2 (passes, self->n_passes * sizeof *passes);
  for (guint p = 0; p < self->n_passes; p++)
    {
      drivedash_bench_device_count_add (&total->device, &passes[p].device);
      drivedash_bench_device_count_add (&total->disk, &passes[p].disk);
      total->engine_bytes += passes[p].engine_bytes;
    }
  self->others_used_drive = (double) drivedash_bench_device_count_bytes (&total->disk) >
                            OTHERS_SHARE * (double) total->engine_bytes;
  judge_cache (self);
}

DrivedashBenchReport *
drivedash_bench_report_new (const DrivedashBenchSettings *settings)
{
  DrivedashBenchReport *self = g_new0 (DrivedashBenchReport, 1);

  self->ref_count = 1;
  self->settings = drivedash_bench_settings_copy (settings);
  self->results = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_bench_result_unref);
  self->direct_io = TRUE;
  self->started_at = g_get_real_time ();
  return self;
}

DrivedashBenchReport *
drivedash_bench_report_ref (DrivedashBenchReport *self)
{
  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
drivedash_bench_report_unref (DrivedashBenchReport *self)
{
  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  drivedash_bench_settings_free (self->settings);
  g_ptr_array_unref (self->results);
  g_free (self->filesystem);
  drivedash_bench_device_limits_free (self->device_limits);
  g_free (self);
}

void
drivedash_bench_report_add_result (DrivedashBenchReport *self,
                                   DrivedashBenchResult *result)
{
  g_ptr_array_add (self->results, drivedash_bench_result_ref (result));
}

/* "1MiB", "128KiB", "4KiB" as CrystalDiskMark writes them. */
static char *
format_block (guint32 block_size)
{
  if (block_size % (1024 * 1024) == 0)
    return g_strdup_printf ("%uMiB", block_size / (1024 * 1024));
  if (block_size % 1024 == 0)
    return g_strdup_printf ("%uKiB", block_size / 1024);
  return g_strdup_printf ("%uB", block_size);
}

static void
append_rule (GString *s)
{
  g_string_append (s, "------------------------------------------------------------------------------\n");
}

char *
drivedash_bench_report_format_text (const DrivedashBenchReport *self)
{
  const DrivedashBenchSettings *settings = self->settings;
  GString *s = g_string_new (NULL);
  g_autofree char *size = drivedash_format_size_iec (settings->test_size);
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (self->started_at / G_USEC_PER_SEC);
  g_autofree char *date = g_date_time_format (when, "%Y-%m-%d %H:%M:%S");
  /* A folder can be a mount point named after a device's volume label:
   * no control characters to the terminal. */
  g_autofree char *folder = drivedash_format_device_string (settings->folder);
  g_autofree char *filesystem = self->filesystem ? drivedash_format_device_string (self->filesystem) : NULL;
  gboolean any_cache = FALSE;
  int last_mode = -1;

  append_rule (s);
  g_string_append_printf (s, "Drivedash %s\n", PACKAGE_VERSION);
  append_rule (s);
  g_string_append_printf (s, "* MB/s = 1,000,000 bytes/s, ");
  g_string_append_printf (s, g_dngettext (NULL, "best of %u pass", "best of %u passes", settings->passes),
                          settings->passes);
  g_string_append_printf (s, " [%s]\n", _("median (min–max) on the right"));
  g_string_append_printf (s, "* %s\n", _("KB = 1000 bytes, KiB = 1024 bytes"));

  for (guint i = 0; i < self->results->len; i++)
    {
      const DrivedashBenchResult *r = g_ptr_array_index (self->results, i);
      g_autofree char *block = format_block (r->spec.block_size);

      if ((int) r->spec.mode != last_mode)
        {
          last_mode = r->spec.mode;
          if (r->spec.mode == DRIVEDASH_BENCH_MODE_MIX)
            g_string_append_printf (s, "\n[%s] %s %u%% / %s %u%%\n",
                                    drivedash_bench_mode_get_display_name (r->spec.mode),
                                    drivedash_bench_mode_get_display_name (DRIVEDASH_BENCH_MODE_READ),
                                    settings->mix_read_percent,
                                    drivedash_bench_mode_get_display_name (DRIVEDASH_BENCH_MODE_WRITE),
                                    100 - settings->mix_read_percent);
          else
            g_string_append_printf (s, "\n[%s]\n", drivedash_bench_mode_get_display_name (r->spec.mode));
        }

      g_string_append_printf (s, "  %s %7s (Q=%3u, T=%2u): %9.3f MB/s [%9.1f IOPS] <%9.2f us>  %s %.3f (%.3f–%.3f)%s\n",
                              r->spec.pattern == DRIVEDASH_BENCH_PATTERN_SEQ ? "SEQ" : "RND",
                              block, r->spec.queue_depth, r->spec.threads,
                              r->mb_per_s, r->iops, r->latency_us.mean,
                              _("median"), r->mb_per_s_median, r->mb_per_s_min, r->mb_per_s_max,
                              r->includes_cache ? " *" : "");
      any_cache |= r->includes_cache;
    }

  g_string_append (s, "\n");
  g_string_append_printf (s, _("Test: %s (x%u) [%s%s%s]\n"), size, settings->passes,
                          folder,
                          filesystem ? ", " : "",
                          filesystem ? filesystem : "");
  g_string_append_printf (s, _("Duration: %.1f s per pass, interval %.1f s, %s data, %s\n"),
                          settings->pass_duration, settings->pause,
                          settings->data == DRIVEDASH_BENCH_DATA_ZEROS ? _("zero") : _("random"),
                          self->direct_io ? _("direct I/O") : _("buffered I/O"));
  g_string_append_printf (s, _("Date: %s\n"), date);
  if (any_cache)
    g_string_append_printf (s, "* %s\n",
                            _("The filesystem refused direct I/O: results marked * include the system’s cache, not only the drive."));
  return g_string_free (s, FALSE);
}

static void
add_latency (JsonBuilder                 *b,
             const DrivedashBenchLatency *l)
{
  json_builder_set_member_name (b, "latency_us");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "mean");
  json_builder_add_double_value (b, l->mean);
  json_builder_set_member_name (b, "p50");
  json_builder_add_double_value (b, l->p50);
  json_builder_set_member_name (b, "p90");
  json_builder_add_double_value (b, l->p90);
  json_builder_set_member_name (b, "p99");
  json_builder_add_double_value (b, l->p99);
  json_builder_set_member_name (b, "p999");
  json_builder_add_double_value (b, l->p999);
  json_builder_set_member_name (b, "max");
  json_builder_add_double_value (b, l->max);
  json_builder_end_object (b);
}

#define ADD_INT(b, name, v)    G_STMT_START { json_builder_set_member_name (b, name); json_builder_add_int_value (b, (gint64) (v)); } G_STMT_END
#define ADD_DOUBLE(b, name, v) G_STMT_START { json_builder_set_member_name (b, name); json_builder_add_double_value (b, (v)); } G_STMT_END
#define ADD_STRING(b, name, v) G_STMT_START { json_builder_set_member_name (b, name); json_builder_add_string_value (b, (v)); } G_STMT_END
#define ADD_BOOL(b, name, v)   G_STMT_START { json_builder_set_member_name (b, name); json_builder_add_boolean_value (b, (v)); } G_STMT_END

static void
add_device_count (JsonBuilder                     *b,
                  const char                      *name,
                  const DrivedashBenchDeviceCount *c)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  ADD_INT (b, "read_requests", c->read_requests);
  ADD_INT (b, "write_requests", c->write_requests);
  ADD_INT (b, "read_merges", c->read_merges);
  ADD_INT (b, "write_merges", c->write_merges);
  ADD_INT (b, "read_bytes", c->read_sectors * 512);
  ADD_INT (b, "write_bytes", c->write_sectors * 512);
  ADD_DOUBLE (b, "average_request_bytes", drivedash_bench_device_count_request_size (c));
  ADD_INT (b, "busy_ms", c->busy_ms);
  ADD_INT (b, "in_flight", c->in_flight);
  json_builder_end_object (b);
}

static void
add_device_pass (JsonBuilder                    *b,
                 const DrivedashBenchDevicePass *pass)
{
  json_builder_begin_object (b);
  ADD_INT (b, "engine_bytes", pass->engine_bytes);
  add_device_count (b, "block_device", &pass->device);
  add_device_count (b, "disk", &pass->disk);
  json_builder_end_object (b);
}

/* "device": what the block device counted, per pass and in total, with
 * the judgments on it; absent when there was no device to ask. */
static void
add_device (JsonBuilder                *b,
            const DrivedashBenchResult *r)
{
  if (r->device_passes == NULL)
    return;
  json_builder_set_member_name (b, "device");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "passes");
  json_builder_begin_array (b);
  for (guint p = 0; p < r->n_passes; p++)
    add_device_pass (b, &r->device_passes[p]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "total");
  add_device_pass (b, &r->device_total);
  ADD_BOOL (b, "others_used_drive", r->others_used_drive);
  ADD_BOOL (b, "served_from_cache", r->served_from_cache);
  if (r->served_from_cache_reason != NULL)
    ADD_STRING (b, "served_from_cache_reason", r->served_from_cache_reason);
  json_builder_end_object (b);
}

/* "bounds": what the results can't exceed, each where known: the PCIe
 * link ("link_gt_per_s", "link_width", "link_mb_per_s"), the maker's
 * "rated_read_mb_per_s" / "rated_write_mb_per_s", and "unwritten_bytes"
 * of the test file. */
static void
add_bounds (JsonBuilder                *b,
            const DrivedashBenchReport *self)
{
  json_builder_set_member_name (b, "bounds");
  json_builder_begin_object (b);
  if (self->link_gt_per_s > 0)
    {
      ADD_DOUBLE (b, "link_gt_per_s", self->link_gt_per_s);
      ADD_INT (b, "link_width", self->link_width);
      ADD_DOUBLE (b, "link_mb_per_s", drivedash_pcie_usable_mb_per_s (self->link_gt_per_s, self->link_width));
    }
  if (self->rated_read_mb_per_s > 0)
    {
      ADD_INT (b, "rated_read_mb_per_s", self->rated_read_mb_per_s);
      ADD_INT (b, "rated_write_mb_per_s", self->rated_write_mb_per_s);
    }
  ADD_INT (b, "unwritten_bytes", self->unwritten_bytes);
  json_builder_end_object (b);
}

/* "doubts": the names of why the figure can't be the drive's, and
 * "doubt_words", the reasons for people (absent without doubts). */
static void
add_doubts (JsonBuilder                *b,
            const DrivedashBenchResult *r)
{
  g_auto(GStrv) names = drivedash_bench_doubts_to_strv (r->doubts);

  json_builder_set_member_name (b, "doubts");
  json_builder_begin_array (b);
  for (guint i = 0; names[i] != NULL; i++)
    json_builder_add_string_value (b, names[i]);
  json_builder_end_array (b);
  if (r->doubt_words != NULL)
    ADD_STRING (b, "doubt_words", r->doubt_words);
}

char *
drivedash_bench_result_dup_checks_json (const DrivedashBenchResult *result)
{
  g_autoptr(JsonBuilder) b = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *device_words = drivedash_bench_result_dup_device_words (result);

  if (result->doubts == DRIVEDASH_BENCH_DOUBT_NONE && result->device_passes == NULL)
    return NULL;
  b = json_builder_new ();
  json_builder_begin_object (b);
  add_doubts (b, result);
  if (device_words != NULL)
    ADD_STRING (b, "device_words", device_words);
  add_device (b, result);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  return json_to_string (root, FALSE);
}

static const char *
text_member (JsonObject *o,
             const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
         ? json_node_get_string (n) : NULL;
}

static DrivedashBenchDoubts
doubts_from_array (JsonNode *node)
{
  static const char *const names[] = { "above_link", "above_rating", "cache", "unwritten" };
  DrivedashBenchDoubts doubts = DRIVEDASH_BENCH_DOUBT_NONE;
  JsonArray *a = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; a != NULL && i < json_array_get_length (a); i++)
    {
      JsonNode *e = json_array_get_element (a, i);
      const char *name = JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_STRING
                         ? json_node_get_string (e) : NULL;

      for (guint k = 0; name != NULL && k < G_N_ELEMENTS (names); k++)
        if (g_str_equal (name, names[k]))
          doubts |= 1u << k;
    }
  return doubts;
}

gboolean
drivedash_bench_checks_parse (const char            *json,
                              DrivedashBenchDoubts  *doubts,
                              char                 **doubt_words,
                              char                 **device_words)
{
  g_autoptr(JsonNode) root = json != NULL ? json_from_string (json, NULL) : NULL;
  JsonObject *o;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return FALSE;
  o = json_node_get_object (root);
  *doubts = doubts_from_array (json_object_get_member (o, "doubts"));
  *doubt_words = g_strdup (text_member (o, "doubt_words"));
  *device_words = g_strdup (text_member (o, "device_words"));
  return TRUE;
}

static void
add_device_limits (JsonBuilder                      *b,
                   const DrivedashBenchDeviceLimits *l)
{
  if (l == NULL)
    return;
  json_builder_set_member_name (b, "device_limits");
  json_builder_begin_object (b);
  ADD_STRING (b, "block_device", l->block_device);
  ADD_STRING (b, "disk", l->disk);
  ADD_INT (b, "max_sectors_kb", l->max_sectors_kb);
  ADD_INT (b, "max_hw_sectors_kb", l->max_hw_sectors_kb);
  ADD_INT (b, "nr_requests", l->nr_requests);
  if (l->scheduler != NULL)
    ADD_STRING (b, "scheduler", l->scheduler);
  json_builder_end_object (b);
}

/* JSON text must be UTF-8 and a folder name need not be: "folder" is for
 * people (undecodable bytes shown as U+FFFD), "folder_uri" gives the exact
 * bytes back through g_filename_from_uri().  A relative name (which the
 * engine never stores, but a caller might) has no URI of its own: it is
 * taken as the current folder's. */
static void
add_folder (JsonBuilder *b,
            const char  *folder)
{
  g_autofree char *display = NULL;
  g_autofree char *absolute = NULL;
  g_autofree char *uri = NULL;

  if (folder == NULL || *folder == '\0')
    {
      ADD_STRING (b, "folder", "");
      return;
    }
  display = g_filename_display_name (folder);
  absolute = g_canonicalize_filename (folder, NULL);
  uri = g_filename_to_uri (absolute, NULL, NULL);
  ADD_STRING (b, "folder", display);
  if (uri != NULL)
    ADD_STRING (b, "folder_uri", uri);
}

JsonNode *
drivedash_bench_report_to_json (const DrivedashBenchReport *self)
{
  const DrivedashBenchSettings *st = self->settings;
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  ADD_INT (b, "bytes_read", self->bytes_read);
  ADD_INT (b, "bytes_written", self->bytes_written);
  ADD_DOUBLE (b, "duration_s", self->duration_s);
  ADD_DOUBLE (b, "cpu_user_s", self->cpu_user_s);
  ADD_DOUBLE (b, "cpu_system_s", self->cpu_system_s);
  ADD_INT (b, "started_at", self->started_at / G_USEC_PER_SEC);
  add_device_limits (b, self->device_limits);
  add_bounds (b, self);

  json_builder_set_member_name (b, "settings");
  json_builder_begin_object (b);
  add_folder (b, st->folder);
  if (self->filesystem)
    ADD_STRING (b, "filesystem", self->filesystem);
  ADD_INT (b, "test_size", st->test_size);
  ADD_INT (b, "passes", st->passes);
  ADD_DOUBLE (b, "pass_duration_s", st->pass_duration);
  ADD_DOUBLE (b, "pause_s", st->pause);
  ADD_BOOL (b, "warmup", st->warmup);
  ADD_BOOL (b, "merge_requests", st->merge_requests);
  ADD_STRING (b, "data", st->data == DRIVEDASH_BENCH_DATA_ZEROS ? "zeros" : "random");
  ADD_INT (b, "mix_read_percent", st->mix_read_percent);
  ADD_BOOL (b, "direct_io", self->direct_io);
  ADD_STRING (b, "version", PACKAGE_VERSION);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "results");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->results->len; i++)
    {
      const DrivedashBenchResult *r = g_ptr_array_index (self->results, i);
      g_autofree char *test = drivedash_bench_spec_to_string (&r->spec);

      json_builder_begin_object (b);
      ADD_STRING (b, "test", test);
      ADD_STRING (b, "mode", drivedash_bench_mode_to_string (r->spec.mode));
      ADD_STRING (b, "pattern", r->spec.pattern == DRIVEDASH_BENCH_PATTERN_SEQ ? "seq" : "rnd");
      ADD_INT (b, "block_size", r->spec.block_size);
      ADD_INT (b, "queue_depth", r->spec.queue_depth);
      ADD_INT (b, "threads", r->spec.threads);
      ADD_DOUBLE (b, "mb_per_s", r->mb_per_s);
      ADD_DOUBLE (b, "iops", r->iops);
      ADD_DOUBLE (b, "mb_per_s_median", r->mb_per_s_median);
      ADD_DOUBLE (b, "mb_per_s_min", r->mb_per_s_min);
      ADD_DOUBLE (b, "mb_per_s_max", r->mb_per_s_max);
      ADD_DOUBLE (b, "iops_median", r->iops_median);
      add_latency (b, &r->latency_us);
      json_builder_set_member_name (b, "passes");
      json_builder_begin_array (b);
      for (guint p = 0; p < r->n_passes; p++)
        json_builder_add_double_value (b, r->pass_mb_per_s[p]);
      json_builder_end_array (b);
      ADD_INT (b, "ios", r->ios);
      ADD_INT (b, "bytes_read", r->bytes_read);
      ADD_INT (b, "bytes_written", r->bytes_written);
      ADD_DOUBLE (b, "duration_s", r->duration_s);
      ADD_DOUBLE (b, "cpu_user_s", r->cpu_user_s);
      ADD_DOUBLE (b, "cpu_system_s", r->cpu_system_s);
      ADD_BOOL (b, "includes_cache", r->includes_cache);
      add_device (b, r);
      add_doubts (b, r);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  return json_builder_get_root (b);
}

char *
drivedash_bench_report_to_json_string (const DrivedashBenchReport *self,
                                       gboolean                    pretty)
{
  g_autoptr(JsonNode) root = drivedash_bench_report_to_json (self);
  g_autoptr(JsonGenerator) gen = json_generator_new ();

  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, pretty);
  return json_generator_to_data (gen, NULL);
}
