/* test-bench-spec.c — spec parser, presets, settings, result formatting
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "drivedash-bench.h"
#include "drivedash-bench-file.h"
#include "drivedash-error.h"

static void
test_parse_valid (void)
{
  static const struct {
    const char *text;
    DrivedashBenchPattern pattern;
    guint32 bs;
    guint qd, threads;
    DrivedashBenchMode mode;
    const char *canonical;
  } cases[] = {
    { "SEQ1M Q8T1", DRIVEDASH_BENCH_PATTERN_SEQ, 1 << 20, 8, 1, DRIVEDASH_BENCH_MODE_READ, "SEQ1M Q8T1" },
    { "RND4K Q32T16", DRIVEDASH_BENCH_PATTERN_RND, 4096, 32, 16, DRIVEDASH_BENCH_MODE_READ, "RND4K Q32T16" },
    { "seq128k q32t1", DRIVEDASH_BENCH_PATTERN_SEQ, 128 << 10, 32, 1, DRIVEDASH_BENCH_MODE_READ, "SEQ128K Q32T1" },
    { "  RND4KiB Q1 T1 write ", DRIVEDASH_BENCH_PATTERN_RND, 4096, 1, 1, DRIVEDASH_BENCH_MODE_WRITE, "RND4K Q1T1" },
    { "RND512 Q4T2 mix", DRIVEDASH_BENCH_PATTERN_RND, 512, 4, 2, DRIVEDASH_BENCH_MODE_MIX, "RND512 Q4T2" },
    { "SEQ2MB Q1T4", DRIVEDASH_BENCH_PATTERN_SEQ, 2 << 20, 1, 4, DRIVEDASH_BENCH_MODE_READ, "SEQ2M Q1T4" },
    { "RND1536K Q1T1", DRIVEDASH_BENCH_PATTERN_RND, 1536 << 10, 1, 1, DRIVEDASH_BENCH_MODE_READ, "RND1536K Q1T1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      DrivedashBenchSpec spec, again;

      g_assert_true (drivedash_bench_spec_parse (cases[i].text, DRIVEDASH_BENCH_MODE_READ, &spec, &error));
      g_assert_no_error (error);
      g_assert_cmpint (spec.pattern, ==, cases[i].pattern);
      g_assert_cmpuint (spec.block_size, ==, cases[i].bs);
      g_assert_cmpuint (spec.queue_depth, ==, cases[i].qd);
      g_assert_cmpuint (spec.threads, ==, cases[i].threads);
      g_assert_cmpint (spec.mode, ==, cases[i].mode);

      text = drivedash_bench_spec_to_string (&spec);
      g_assert_cmpstr (text, ==, cases[i].canonical);
      g_assert_true (drivedash_bench_spec_parse (text, spec.mode, &again, NULL));
      g_assert_true (drivedash_bench_spec_equal (&spec, &again));
    }
}

static void
test_parse_invalid (void)
{
  static const char *const bad[] = {
    "", "SEQ", "FOO1M Q8T1", "SEQ1M", "SEQ1M Q8", "SEQ1M T1Q8", "SEQ0K Q1T1", "SEQ1000 Q1T1",
    "SEQ1M Q0T1", "SEQ1M Q1T0", "SEQ1M Q2000T1", "SEQ1M Q1T1000", "SEQ128M Q1T1",
    "SEQ1M Q8T1 sideways", "SEQ99999999999M Q1T1", "RND4X Q1T1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      DrivedashBenchSpec spec;

      g_assert_false (drivedash_bench_spec_parse (bad[i], DRIVEDASH_BENCH_MODE_READ, &spec, &error));
      g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, bad[i]));
    }
}

static void
test_modes (void)
{
  DrivedashBenchMode mode;

  for (int m = DRIVEDASH_BENCH_MODE_READ; m <= DRIVEDASH_BENCH_MODE_MIX; m++)
    {
      g_assert_true (drivedash_bench_mode_from_string (drivedash_bench_mode_to_string (m), &mode));
      g_assert_cmpint (mode, ==, m);
      g_assert_cmpstr (drivedash_bench_mode_get_display_name (m), !=, "");
    }
  g_assert_false (drivedash_bench_mode_from_string ("both", &mode));
}

static void
test_presets (void)
{
  const DrivedashBenchPreset *presets, *p;
  g_autoptr(GArray) tests = NULL;
  DrivedashBenchSpec *t;
  guint n;

  presets = drivedash_bench_presets_get (&n);
  g_assert_cmpuint (n, ==, 6);  /* with "quick", issue 15 */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GArray) all = drivedash_bench_preset_expand (&presets[i], DRIVEDASH_BENCH_MODES_READ);

      g_assert_true (drivedash_bench_preset_lookup (presets[i].id) == &presets[i]);
      g_assert_true (drivedash_bench_preset_lookup (presets[i].name) == &presets[i]);
      g_assert_cmpuint (all->len, ==, g_strv_length ((char **) presets[i].specs));
    }
  g_assert_null (drivedash_bench_preset_lookup ("cdm-turbo"));

  /* CDM NVMe, reads first then writes (DESIGN.md §3). */
  p = drivedash_bench_preset_lookup ("CDM NVMe");
  g_assert_nonnull (p);
  tests = drivedash_bench_preset_expand (p, DRIVEDASH_BENCH_MODES_READ_WRITE);
  g_assert_cmpuint (tests->len, ==, 8);
  t = (DrivedashBenchSpec *) (gpointer) tests->data;
  for (guint i = 0; i < 8; i++)
    g_assert_cmpint (t[i].mode, ==, i < 4 ? DRIVEDASH_BENCH_MODE_READ : DRIVEDASH_BENCH_MODE_WRITE);
  g_assert_cmpuint (t[1].block_size, ==, 128 * 1024);
  g_assert_cmpuint (t[1].queue_depth, ==, 32);
  g_assert_cmpuint (t[2].threads, ==, 16);
  g_assert_true (t[5].pattern == t[1].pattern && t[5].block_size == t[1].block_size);

  /* CDM 6 starts with SEQ1M Q32T1 and has RND4K Q8T8. */
  p = drivedash_bench_preset_lookup ("cdm6");
  g_clear_pointer (&tests, g_array_unref);
  tests = drivedash_bench_preset_expand (p, DRIVEDASH_BENCH_MODES_MIX);
  t = (DrivedashBenchSpec *) (gpointer) tests->data;
  g_assert_cmpuint (tests->len, ==, 4);
  g_assert_cmpuint (t[0].queue_depth, ==, 32);
  g_assert_cmpuint (t[1].queue_depth, ==, 8);
  g_assert_cmpuint (t[1].threads, ==, 8);
  g_assert_cmpint (t[0].mode, ==, DRIVEDASH_BENCH_MODE_MIX);
}

static void
test_settings (void)
{
  g_autoptr(DrivedashBenchSettings) s = drivedash_bench_settings_new ();
  g_autoptr(DrivedashBenchSettings) copy = NULL;
  g_autoptr(GError) error = NULL;
  guint64 bytes;

  g_assert_cmpuint (s->test_size, ==, G_GUINT64_CONSTANT (1) << 30);
  g_assert_cmpuint (s->passes, ==, 5);
  g_assert_cmpfloat (s->pass_duration, ==, 5.0);
  g_assert_cmpfloat (s->pause, ==, 5.0);
  g_assert_cmpint (s->data, ==, DRIVEDASH_BENCH_DATA_RANDOM);
  g_assert_cmpuint (s->mix_read_percent, ==, 70);
  g_assert_false (s->allow_buffered);
  g_assert_true (drivedash_bench_settings_validate (s, NULL));

  drivedash_bench_settings_set_folder (s, "/tmp");
  copy = drivedash_bench_settings_copy (s);
  g_assert_cmpstr (copy->folder, ==, "/tmp");
  g_assert_true (copy->folder != s->folder);

  s->passes = 0;
  g_assert_false (drivedash_bench_settings_validate (s, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);

  g_assert_true (drivedash_bench_parse_size ("1GiB", &bytes, NULL));
  g_assert_cmpuint (bytes, ==, G_GUINT64_CONSTANT (1) << 30);
  g_assert_true (drivedash_bench_parse_size ("512M", &bytes, NULL));
  g_assert_cmpuint (bytes, ==, G_GUINT64_CONSTANT (512) << 20);
  g_assert_true (drivedash_bench_parse_size ("64 mib", &bytes, NULL));
  g_assert_cmpuint (bytes, ==, G_GUINT64_CONSTANT (64) << 20);
  g_assert_true (drivedash_bench_parse_size ("1048576", &bytes, NULL));
  g_assert_cmpuint (bytes, ==, 1048576);
  g_assert_false (drivedash_bench_parse_size ("1 parsec", &bytes, NULL));
  g_assert_false (drivedash_bench_parse_size ("-1G", &bytes, NULL));
  g_assert_false (drivedash_bench_parse_size ("0", &bytes, NULL));
  g_assert_false (drivedash_bench_parse_size ("99999999999T", &bytes, NULL));
}

static DrivedashBenchReport *
make_report (void)
{
  g_autoptr(DrivedashBenchSettings) s = drivedash_bench_settings_new ();
  DrivedashBenchReport *report;
  static const double passes[] = { 100.0, 300.0, 200.0 };

  s->passes = 3;
  drivedash_bench_settings_set_folder (s, "/srv/data");
  report = drivedash_bench_report_new (s);
  report->bytes_read = 123456789;
  report->bytes_written = 987654321;

  for (int m = DRIVEDASH_BENCH_MODE_READ; m <= DRIVEDASH_BENCH_MODE_WRITE; m++)
    {
      g_autoptr(DrivedashBenchResult) r = NULL;
      DrivedashBenchSpec spec;

      g_assert_true (drivedash_bench_spec_parse ("RND4K Q32T16", m, &spec, NULL));
      r = drivedash_bench_result_new (&spec, 3);
      memcpy (r->pass_mb_per_s, passes, sizeof passes);
      drivedash_bench_result_summarize_passes (r);
      r->latency_us.mean = 42.5;
      r->latency_us.p999 = 1000;
      r->bytes_read = m == DRIVEDASH_BENCH_MODE_READ ? 4096000 : 0;
      r->bytes_written = m == DRIVEDASH_BENCH_MODE_WRITE ? 4096000 : 0;
      drivedash_bench_report_add_result (report, r);
    }
  return report;
}

static void
test_summarize (void)
{
  g_autoptr(DrivedashBenchReport) report = make_report ();
  DrivedashBenchResult *r = g_ptr_array_index (report->results, 0);

  /* CrystalDiskMark reports the best pass; we add median and spread. */
  g_assert_cmpfloat (r->mb_per_s, ==, 300.0);
  g_assert_cmpfloat (r->mb_per_s_median, ==, 200.0);
  g_assert_cmpfloat (r->mb_per_s_min, ==, 100.0);
  g_assert_cmpfloat (r->mb_per_s_max, ==, 300.0);
  g_assert_cmpfloat_with_epsilon (r->iops, 300e6 / 4096, 1e-6);
}

static void
test_text (void)
{
  g_autoptr(DrivedashBenchReport) report = make_report ();
  g_autofree char *text = drivedash_bench_report_format_text (report);

  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "[Read]"));
  g_assert_nonnull (strstr (text, "[Write]"));
  g_assert_true (strstr (text, "[Read]") < strstr (text, "[Write]"));
  g_assert_nonnull (strstr (text, "  RND    4KiB (Q= 32, T=16):   300.000 MB/s [  73242.2 IOPS] <    42.50 us>"));
  g_assert_nonnull (strstr (text, "/srv/data"));
  g_assert_null (strstr (text, "cache"));
}

static void
test_json (void)
{
  g_autoptr(DrivedashBenchReport) report = make_report ();
  g_autofree char *text = drivedash_bench_report_to_json_string (report, FALSE);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root, *first, *lat;
  JsonArray *results, *passes;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (root, "bytes_read"), ==, 123456789);
  g_assert_cmpint (json_object_get_int_member (root, "bytes_written"), ==, 987654321);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (root, "settings"), "passes"), ==, 3);
  results = json_object_get_array_member (root, "results");
  g_assert_cmpuint (json_array_get_length (results), ==, 2);
  first = json_array_get_object_element (results, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "test"), ==, "RND4K Q32T16");
  g_assert_cmpstr (json_object_get_string_member (first, "mode"), ==, "read");
  g_assert_cmpfloat (json_object_get_double_member (first, "mb_per_s"), ==, 300.0);
  g_assert_true (json_object_has_member (first, "iops"));
  lat = json_object_get_object_member (first, "latency_us");
  for (guint i = 0; i < 6; i++)
    g_assert_true (json_object_has_member (lat, (const char *[]) { "mean", "p50", "p90", "p99", "p999", "max" }[i]));
  g_assert_cmpfloat (json_object_get_double_member (lat, "p999"), ==, 1000.0);
  passes = json_object_get_array_member (first, "passes");
  g_assert_cmpuint (json_array_get_length (passes), ==, 3);
  g_assert_cmpfloat (json_array_get_double_element (passes, 1), ==, 300.0);
  g_assert_cmpint (json_object_get_int_member (first, "bytes_read"), ==, 4096000);
  g_assert_cmpint (json_object_get_int_member (first, "bytes_written"), ==, 0);
}

/* A folder whose name is not UTF-8 (Latin-1 "café", a stray 0xff byte):
 * the core's JSON must still be valid UTF-8 JSON, say the folder in
 * readable words, and give its exact bytes back through "folder_uri". */
static void
test_json_non_utf8_folder (void)
{
  static const char *folders[] = { "/srv/caf\xe9-\xff", "relative-\xff" };

  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      g_autoptr(DrivedashBenchReport) report = make_report ();
      g_autofree char *text = NULL;
      g_autofree char *again = NULL;
      g_autofree char *display = g_filename_display_name (folders[i]);
      g_autofree char *expected = g_canonicalize_filename (folders[i], NULL);
      g_autofree char *from_uri = NULL;
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(JsonGenerator) gen = json_generator_new ();
      g_autoptr(GError) error = NULL;
      JsonObject *settings;

      drivedash_bench_settings_set_folder (report->settings, folders[i]);
      text = drivedash_bench_report_to_json_string (report, FALSE);
      g_assert_true (g_utf8_validate (text, -1, NULL));
      g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
      g_assert_no_error (error);
      settings = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)), "settings");
      g_assert_cmpstr (json_object_get_string_member (settings, "folder"), ==, display);
      g_assert_nonnull (strstr (display, "\xef\xbf\xbd"));
      from_uri = g_filename_from_uri (json_object_get_string_member (settings, "folder_uri"), NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (from_uri, ==, expected);
      /* Round trip: what was parsed writes the same text again. */
      json_generator_set_root (gen, json_parser_get_root (parser));
      again = json_generator_to_data (gen, NULL);
      g_assert_cmpstr (again, ==, text);
    }
}

static void
test_file_names (void)
{
  g_assert_cmpint (drivedash_bench_file_name_pid (".drivedash-bench-1234-aB3xYz.tmp"), ==, 1234);
  g_assert_cmpint (drivedash_bench_file_name_pid (".drivedash-bench-1234-aB3xYz"), ==, 0);
  g_assert_cmpint (drivedash_bench_file_name_pid (".drivedash-bench--aB3xYz.tmp"), ==, 0);
  g_assert_cmpint (drivedash_bench_file_name_pid (".drivedash-bench-12x4-aB3xYz.tmp"), ==, 0);
  g_assert_cmpint (drivedash_bench_file_name_pid (".drivedash-bench-1234-toolong.tmp"), ==, 0);
  g_assert_cmpint (drivedash_bench_file_name_pid ("notes.txt"), ==, 0);
}

static void
test_document_portal (void)
{
  g_autofree char *doc = g_build_filename (g_get_user_runtime_dir (), "doc", "1a2b3c", "Games", NULL);
  const gint64 fuse = 0x65735546, ext4 = 0xEF53;

  /* f_type can only come from a real FUSE mount; the decision is tested here. */
  g_assert_true (drivedash_bench_is_document_portal (doc, fuse));
  g_assert_true (drivedash_bench_is_document_portal ("/run/user/1000/doc/abcd/x", fuse));
  /* Inside a Flatpak, /run/user/UID/doc links here: the real path of a
   * folder the file chooser shared (seen by the flatpak suite). */
  g_assert_true (drivedash_bench_is_document_portal ("/run/flatpak/doc/48edcfac/Games", fuse));
  g_assert_false (drivedash_bench_is_document_portal (doc, ext4));
  g_assert_false (drivedash_bench_is_document_portal ("/media/user/ntfs-disk", fuse));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bench/spec/parse-valid", test_parse_valid);
  g_test_add_func ("/bench/spec/parse-invalid", test_parse_invalid);
  g_test_add_func ("/bench/spec/modes", test_modes);
  g_test_add_func ("/bench/spec/presets", test_presets);
  g_test_add_func ("/bench/settings", test_settings);
  g_test_add_func ("/bench/result/summarize", test_summarize);
  g_test_add_func ("/bench/result/text", test_text);
  g_test_add_func ("/bench/result/json", test_json);
  g_test_add_func ("/bench/result/json-non-utf8-folder", test_json_non_utf8_folder);
  g_test_add_func ("/bench/file/names", test_file_names);
  g_test_add_func ("/bench/file/document-portal", test_document_portal);

  return g_test_run ();
}
