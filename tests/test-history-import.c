/* test-history-import.c — hostile results files: an imported file is
 * untrusted, so drivedash-cli history import (and the library the app
 * imports with) must refuse what could crash, exhaust memory, poison the
 * next backup or reach the terminal, and lose nothing already stored
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <fcntl.h>
#include <math.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "drivedash-error.h"
#include "drivedash-store-export.h"

#include "drivedash-test-tree.h"

#define HEAD "{\"format\": \"drivedash-history\", \"version\": 1, \"runs\": ["
#define TAIL "]}"
/* A valid run; EXTRA (starting with a comma, or empty) adds members. */
#define RUN(id, extra) "{\"id\": " id ", \"kind\": \"quick\", \"started_at\": \"2026-01-01T00:00:00Z\", " \
  "\"status\": \"done\", \"results\": [{\"test\": \"RND4K Q1T1\", \"mode\": \"write\", " \
  "\"mb_per_s\": 61.5, \"passes\": [61.5]}]" extra "}"

typedef struct
{
  char *dir;
  char *data_home;
  char *db;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("drivedash-history-import-XXXXXX", &error);
  g_assert_no_error (error);
  f->data_home = g_build_filename (f->dir, "data", NULL);
  f->db = g_build_filename (f->data_home, "drivedash", "results.db", NULL);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  drivedash_test_tree_remove (f->dir);
  g_free (f->dir);
  g_free (f->data_home);
  g_free (f->db);
}

/* Limits the CLI's address space (rlimit_mb > 0) so that a decompression
 * bomb shows as a failed allocation instead of taking the machine's RAM.
 * AddressSanitizer reserves terabytes of shadow address space, so under
 * it the same limit is set through ASAN_OPTIONS (run_cli_limited). */
static void
limit_memory (gpointer data)
{
  struct rlimit limit;

#if defined(__SANITIZE_ADDRESS__)
  return;
#endif
  limit.rlim_cur = limit.rlim_max = GPOINTER_TO_SIZE (data) * 1024 * 1024;
  if (limit.rlim_cur > 0)
    setrlimit (RLIMIT_AS, &limit);
}

/* Runs the CLI on data_home's history; returns its exit code, or 128 +
 * the signal that killed it. */
static int
run_cli_limited (const char  *data_home,
                 gsize        rlimit_mb,
                 char       **out,
                 char       **err,
                 const char  *const *args)
{
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "XDG_DATA_HOME", data_home, TRUE);
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *ignored_out = NULL;
  g_autofree char *ignored_err = NULL;
  int status;

#if defined(__SANITIZE_ADDRESS__)
  if (rlimit_mb > 0)
    {
      g_autofree char *asan = g_strdup_printf ("%s:max_allocation_size_mb=%zu:allocator_may_return_null=1",
                                               g_environ_getenv (env, "ASAN_OPTIONS") ?: "", rlimit_mb);

      env = g_environ_setenv (env, "ASAN_OPTIONS", asan, TRUE);
    }
#endif
  /* Captured even when not wanted: the child's output is not TAP. */
  out = out ? out : &ignored_out;
  err = err ? err : &ignored_err;
  g_ptr_array_add (argv, g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli",
                                           "drivedash-cli", NULL));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_STDIN_FROM_DEV_NULL,
                               limit_memory, GSIZE_TO_POINTER (rlimit_mb), out, err, &status, &error));
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status);
}

#define run_cli(home, out, err, ...) \
  run_cli_limited (home, 0, out, err, (const char *const[]) { __VA_ARGS__, NULL })

static char *
write_file (Fixture    *f,
            const char *name,
            const char *contents,
            gssize      len)
{
  char *path = g_build_filename (f->dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, contents, len, &error);
  g_assert_no_error (error);
  return path;
}

/* Imports one good run, so each test can check that a refused file
 * loses nothing. */
static void
seed (Fixture *f)
{
  g_autofree char *good = write_file (f, "good.json", HEAD RUN ("1", ", \"name\": \"kept\"") TAIL, -1);
  g_autofree char *out = NULL;

  g_assert_cmpint (run_cli (f->data_home, &out, NULL, "history", "import", good), ==, 0);
}

static guint
count_runs (Fixture *f)
{
  g_autofree char *out = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (run_cli (f->data_home, &out, NULL, "history", "list", "--json"), ==, 0);
  node = json_from_string (out, &error);
  g_assert_no_error (error);
  return json_array_get_length (json_object_get_array_member (json_node_get_object (node), "runs"));
}

/* Imports contents: expects a refusal with a message containing words
 * (if not NULL), and the seeded run still there. */
static void
assert_refused (Fixture    *f,
                const char *contents,
                gssize      len,
                const char *words)
{
  g_autofree char *path = write_file (f, "hostile.json", contents, len);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int rc = run_cli (f->data_home, &out, &err, "history", "import", path);

  if (rc != 2 || strstr (err, words ? words : "") == NULL || strstr (err, "Nothing was imported.") == NULL)
    g_error ("expected a refusal with “%s”, got exit %d: %s", words, rc, err ? err : "");
  g_assert_cmpuint (count_runs (f), ==, 1);
}

static void
deflate_into (GConverter   *zlib,
              GByteArray   *out,
              const guint8 *in,
              gsize         len,
              gboolean      at_end)
{
  guint8 buf[1 << 16];
  GConverterResult res;

  do
    {
      gsize read = 0, written = 0;

      res = g_converter_convert (zlib, in, len, buf, sizeof buf, at_end ? G_CONVERTER_INPUT_AT_END : 0,
                                 &read, &written, NULL);
      g_assert_cmpint (res, !=, G_CONVERTER_ERROR);
      g_byte_array_append (out, buf, written);
      in += read;
      len -= read;
    }
  while (len > 0 || (at_end && res != G_CONVERTER_FINISHED));
}

/* zlib of "DDS1", count, then n_zero_bytes zeros (streamed, so that a
 * bomb of many MiB needs little memory here), as base64. */
static char *
series_base64 (guint32 count,
               gsize   n_zero_bytes)
{
  g_autoptr(GZlibCompressor) zlib = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 9);
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autofree guint8 *zeros = g_malloc0 (1 << 20);
  guint8 head[8] = { 'D', 'D', 'S', '1' };
  guint32 le = GUINT32_TO_LE (count);

  memcpy (head + 4, &le, 4);
  deflate_into (G_CONVERTER (zlib), out, head, 8, FALSE);
  for (gsize done = 0; done < n_zero_bytes; done += 1 << 20)
    deflate_into (G_CONVERTER (zlib), out, zeros, MIN ((gsize) 1 << 20, n_zero_bytes - done), FALSE);
  deflate_into (G_CONVERTER (zlib), out, NULL, 0, TRUE);
  return g_base64_encode (out->data, out->len);
}

static char *
doc_with_series (const char *base64)
{
  return g_strdup_printf (HEAD RUN ("1", ", \"series\": {\"encoding\": \"zlib-f32le-v1\", \"data\": \"%s\"}") TAIL,
                          base64);
}

/* 1. 80,000 "[" overflowed json-glib's recursive parser (SIGSEGV). */
static void
test_deep (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GString) deep = g_string_new (HEAD);
  g_autoptr(GString) brackets = g_string_new (NULL);
  g_autofree char *in_string = NULL;
  g_autofree char *path = NULL;

  seed (f);
  for (guint i = 0; i < 80000; i++)
    g_string_append_c (deep, '[');
  assert_refused (f, deep->str, deep->len, "nested too deeply");

  /* Brackets inside a string are text, not depth. */
  for (guint i = 0; i < 1000; i++)
    g_string_append (brackets, "[{");
  in_string = g_strdup_printf (HEAD RUN ("1", ", \"note\": \"%s\"") TAIL, brackets->str);
  path = write_file (f, "brackets.json", in_string, -1);
  g_assert_cmpint (run_cli (f->data_home, NULL, NULL, "history", "import", path), ==, 0);
  g_assert_cmpuint (count_runs (f), ==, 2);
}

/* 2. A series that inflates far beyond its count is stopped at the size
 * the count allows (under a 384 MiB address-space limit the CLI used to
 * die inflating 768 MiB); a count no run can have is refused. */
static void
test_series_bomb (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *bomb64 = series_base64 (600, (gsize) 768 << 20);
  g_autofree char *bomb = doc_with_series (bomb64);
  g_autofree char *huge64 = series_base64 (1000000, 1000000 * 40);
  g_autofree char *huge = doc_with_series (huge64);
  g_autofree char *path = write_file (f, "bomb.json", bomb, -1);
  g_autofree char *err = NULL;
  g_autofree guchar *raw = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  gsize len;
  int rc;

  seed (f);
  rc = run_cli_limited (f->data_home, 384, NULL, &err,
                        (const char *const[]) { "history", "import", path, NULL });
  if (rc != 2 || strstr (err, "damaged plot data") == NULL)
    g_error ("the bomb was not refused plainly: exit %d: %s", rc, err);
  g_assert_cmpuint (count_runs (f), ==, 1);

  assert_refused (f, huge, -1, "damaged plot data");
  /* The app decodes a stored series each time it opens a run. */
  raw = g_base64_decode (huge64, &len);
  bytes = g_bytes_new (raw, len);
  g_assert_null (drivedash_store_series_decode (bytes, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
}

/* The points (10 float32 each, see drivedash-store-series.c) as base64. */
static char *
points_base64 (const float *values,
               guint        n_points)
{
  g_autoptr(GZlibCompressor) zlib = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB, 9);
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GByteArray) raw = g_byte_array_new ();
  guint32 le = GUINT32_TO_LE (n_points);

  g_byte_array_append (raw, (const guint8 *) "DDS1", 4);
  g_byte_array_append (raw, (const guint8 *) &le, 4);
  for (guint i = 0; i < n_points * 10; i++)
    {
      union { float f; guint32 u; } v = { .f = values[i] };

      le = GUINT32_TO_LE (v.u);
      g_byte_array_append (raw, (const guint8 *) &le, 4);
    }
  deflate_into (G_CONVERTER (zlib), out, raw->data, raw->len, TRUE);
  return g_base64_encode (out->data, out->len);
}

/* 3 and 5. Values a run cannot have: a test index, phase or pass that is
 * not a small whole number (a float-to-integer cast of NaN is undefined),
 * an elapsed time of 1e17 s (the History plots' tick loop never ended). */
static void
test_series_values (Fixture       *f,
                    gconstpointer  data)
{
  /* test, phase, pass, elapsed, run elapsed, window, MB/s, IOPS, mean, p99 */
  const float good[10] = { 0, 2, 0, 1.5f, 1.5f, 0.1f, 61.5f, 15000, 60, 90 };
  const struct { guint index; float value; } bad[] = {
    { 0, NAN }, { 0, -1 }, { 0, 1e9f }, { 1, 1e9f }, { 2, INFINITY }, { 2, 0.5f },
    { 3, 1e17f }, { 4, -5 }, { 5, NAN }, { 6, -1 }, { 7, 1e30f }, { 9, INFINITY },
  };
  g_autofree char *ok64 = points_base64 (good, 1);
  g_autofree char *ok = doc_with_series (ok64);
  g_autofree char *path = write_file (f, "ok.json", ok, -1);

  seed (f);
  g_assert_cmpint (run_cli (f->data_home, NULL, NULL, "history", "import", path), ==, 0);
  g_assert_cmpuint (count_runs (f), ==, 2);
  g_assert_cmpint (run_cli (f->data_home, NULL, NULL, "history", "delete", "2"), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      float values[10];
      g_autofree char *b64 = NULL;
      g_autofree char *doc = NULL;

      memcpy (values, good, sizeof values);
      values[bad[i].index] = bad[i].value;
      b64 = points_base64 (values, 1);
      doc = doc_with_series (b64);
      g_test_message ("value %u = %g", bad[i].index, bad[i].value);
      assert_refused (f, doc, -1, "damaged plot data");
    }
}

/* The JSON text parses, and is valid UTF-8. */
static void
assert_json (const char *text)
{
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_utf8_validate (text, -1, NULL));
  node = json_from_string (text, &error);
  g_assert_no_error (error);
}

/* json-glib's parse error quotes the text around the error cut at a
 * byte count, here inside the "°": the message was invalid UTF-8 (found
 * by fuzz-import). */
static void
test_error_utf8 (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *path = write_file (f, "cut.json", "{\"kerdriveore the firmware update, 25 \xc2\xb0" "C\" \"x\"}", -1);
  g_autofree char *err = NULL;

  g_assert_cmpint (run_cli (f->data_home, NULL, &err, "history", "import", path), ==, 2);
  g_assert_nonnull (strstr (err, "This file is not valid JSON"));
  g_assert_true (g_utf8_validate (err, -1, NULL));
}

/* 4. A number json-glib writes as "2e+17.0", or a broken escape stored as
 * invalid UTF-8, made every later backup unimportable. */
static void
test_poisoned_backup (Fixture       *f,
                      gconstpointer  data)
{
  const char *bad[] = {
    HEAD "{\"id\": 2, \"kind\": \"quick\", \"started_at\": \"2026-01-01T00:00:00Z\", \"status\": \"done\", "
    "\"results\": [{\"test\": \"RND4K Q1T1\", \"mode\": \"write\", \"passes\": [2e17]}]}" TAIL,
    HEAD RUN ("2", ", \"temperature_start_c\": 2e17") TAIL,
    HEAD RUN ("2", ", \"settings\": {\"test_size\": 1e300}") TAIL,
    HEAD RUN ("2", ", \"name\": \"\\u20\xc3\xa9\"") TAIL,
    HEAD RUN ("2", ", \"name\": \"\\ud800\"") TAIL,
    HEAD RUN ("2", ", \"name\": \"\xff\"") TAIL,
    HEAD RUN ("2", ", \"settings\": {\"\xc3\": 1}") TAIL,
  };
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(DrivedashStoreRun) legacy = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);
  DrivedashStoreResult *r = drivedash_store_result_new ("RND4K Q1T1", "write");
  g_autoptr(GError) error = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *path = NULL;
  g_autofree char *friend = g_build_filename (f->dir, "friend", NULL);
  double pass = 2e17;

  seed (f);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_test_message ("document %u", i);
      assert_refused (f, bad[i], -1, "Nothing was imported.");
    }

  /* A database written by an older Drivedash may hold such numbers:
   * the backup must still be JSON. */
  store = drivedash_store_open (f->db, &error);
  g_assert_no_error (error);
  legacy->started_at = legacy->ended_at = 1700000000000000;
  legacy->temp_start_c = 2e17;
  g_array_append_val (r->passes, pass);
  r->mb_per_s = pass;
  g_ptr_array_add (legacy->results, r);
  g_assert_true (drivedash_store_save_run (store, legacy, &error));
  g_assert_cmpint (run_cli (f->data_home, &backup, NULL, "history", "export", "--all"), ==, 0);
  assert_json (backup);
  g_assert_cmpint (run_cli (f->data_home, &shown, NULL, "history", "show", "2", "--json"), ==, 0);
  assert_json (shown);
  g_clear_pointer (&shown, g_free);
  g_assert_cmpint (run_cli (f->data_home, &shown, NULL, "history", "list", "--json"), ==, 0);
  assert_json (shown);

  /* The good run of the backup still imports on another computer. */
  g_assert_cmpint (run_cli (f->data_home, NULL, NULL, "history", "delete", "2"), ==, 0);
  g_clear_pointer (&backup, g_free);
  g_assert_cmpint (run_cli (f->data_home, &backup, NULL, "history", "export", "--all"), ==, 0);
  path = write_file (f, "backup.json", backup, -1);
  g_assert_cmpint (run_cli (friend, NULL, NULL, "history", "import", path), ==, 0);
}

/* 5. Ids and the capacity are whole numbers in range; a run without an
 * id is no set's id (it used to become INT64_MIN, shared by every run). */
static void
test_ranges (Fixture       *f,
             gconstpointer  data)
{
  const struct { const char *doc, *words; } bad[] = {
    { HEAD RUN ("1e19", "") TAIL, NULL },
    { HEAD RUN ("1.5", "") TAIL, "“id”" },
    { HEAD RUN ("-3", "") TAIL, "“id”" },
    { HEAD RUN ("0", "") TAIL, "“id”" },
    { HEAD RUN ("\"2\"", "") TAIL, "“id”" },
    { HEAD RUN ("2", ", \"set_id\": 1e300") TAIL, NULL },
    { HEAD RUN ("2", ", \"set_id\": 0.25") TAIL, "“set_id”" },
    { HEAD RUN ("2", ", \"drive\": {\"capacity_bytes\": 1e30}") TAIL, NULL },
    { HEAD RUN ("2", ", \"drive\": {\"capacity_bytes\": -1}") TAIL, "capacity" },
    { HEAD RUN ("2", ", \"drive\": {\"capacity_bytes\": 0.5}") TAIL, "capacity" },
    { HEAD RUN ("2", ", \"temperature_end_c\": 5000") TAIL, "temperature" },
    /* Year 10000 in UTC: it imported, then exported as "started_at": "". */
    { HEAD "{\"kind\": \"quick\", \"started_at\": \"9999-12-31T23:00:00-05:00\", \"status\": \"done\", "
      "\"results\": []}" TAIL, "started_at" },
    { HEAD "{\"kind\": \"quick\", \"started_at\": \"2026-01-01T00:00:00Z\", \"status\": \"done\", "
      "\"results\": [{\"test\": \"RND4K Q1T1\", \"mode\": \"read\", \"passes\": [-1]}]}" TAIL, "values" },
    { HEAD "{\"kind\": \"quick\", \"started_at\": \"2026-01-01T00:00:00Z\", \"status\": \"done\", "
      "\"results\": [{\"test\": \"RND4K Q1T1\", \"mode\": \"read\", \"iops\": -5, \"passes\": [1]}]}" TAIL,
      "values" },
    /* Two runs without ids: the second pointed at INT64_MIN joined the first. */
    { HEAD "{\"kind\": \"repeat-set\", \"started_at\": \"2026-01-01T00:00:00Z\", \"status\": \"done\", "
      "\"results\": []}, {\"kind\": \"quick\", \"started_at\": \"2026-01-01T00:00:00Z\", "
      "\"status\": \"done\", \"results\": [], \"set_id\": -9223372036854775808}" TAIL, NULL },
  };
  g_autofree char *path = NULL;

  seed (f);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_test_message ("document %u", i);
      assert_refused (f, bad[i].doc, -1, bad[i].words);
    }
  /* Without ids, two runs stand alone. */
  path = write_file (f, "no-ids.json", HEAD "{\"kind\": \"repeat-set\", \"started_at\": \"2026-01-01T00:00:00Z\", "
                     "\"status\": \"done\", \"results\": []}, {\"kind\": \"quick\", \"started_at\": "
                     "\"2026-01-01T00:00:00Z\", \"status\": \"done\", \"results\": [], \"set_id\": null}" TAIL, -1);
  g_assert_cmpint (run_cli (f->data_home, NULL, NULL, "history", "import", path), ==, 0);
  g_assert_cmpuint (count_runs (f), ==, 3);
}

static void
assert_no_controls (const char *what,
                    const char *text)
{
  g_assert_nonnull (text);
  if (strchr (text, '\x1b') != NULL || strchr (text, '\a') != NULL || strstr (text, "\xc2\x9b") != NULL)
    g_error ("%s passes a control sequence to the terminal:\n%s", what, text);
}

/* A run saved straight into the CLI's database, as an older Drivedash
 * (without the import checks) could have stored it. */
static gint64
save_legacy (Fixture    *f,
             const char *test,
             const char *mode)
{
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(DrivedashStoreRun) run = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);
  DrivedashStoreResult *r = drivedash_store_result_new (test, mode);
  g_autoptr(GError) error = NULL;
  double pass = 61.5;

  store = drivedash_store_open (f->db, &error);
  g_assert_no_error (error);
  run->started_at = run->ended_at = 1700000000000000;
  g_array_append_val (r->passes, pass);
  r->mb_per_s = pass;
  g_ptr_array_add (run->results, r);
  g_assert_true (drivedash_store_save_run (store, run, &error));
  return run->id;
}

/* 6. OSC 0 (title), OSC 52 (clipboard), CSI 2J and C1 CSI in stored
 * strings reach no terminal. */
static void
test_escapes (Fixture       *f,
              gconstpointer  data)
{
  const char *hostile = HEAD RUN ("1", ", \"name\": \"\\u001b]0;owned\\u0007\", "
                                  "\"note\": \"\\u001b]52;c;ZXZpbA==\\u0007\", \"error\": \"\\u001b[2J\", "
                                  "\"set_role\": \"\\u009b2J\", "
                                  "\"drive\": {\"model\": \"A\\u009b2JB\", \"firmware\": \"\\u001b[31m\"}") TAIL;
  g_autofree char *path = write_file (f, "escapes.json", hostile, -1);
  const char *legacy_test = "\x1b]0;t\a";
  const char *legacy_mode = "\xc2\x9b" "2J";
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  gint64 a_id, b_id;
  struct { const char *what; char *out; } outputs[5] = {
    { "history show" }, { "history export --format text" }, { "history list" },
    { "history compare" }, { "history show (legacy)" },
  };

  g_assert_cmpint (run_cli (f->data_home, NULL, NULL, "history", "import", path), ==, 0);
  a_id = save_legacy (f, legacy_test, legacy_mode);
  b_id = save_legacy (f, legacy_test, legacy_mode);
  a = g_strdup_printf ("%" G_GINT64_FORMAT, a_id);
  b = g_strdup_printf ("%" G_GINT64_FORMAT, b_id);
  g_assert_cmpint (run_cli (f->data_home, &outputs[0].out, NULL, "history", "show", "1"), ==, 0);
  g_assert_cmpint (run_cli (f->data_home, &outputs[1].out, NULL, "history", "export", "1", "--format", "text"), ==, 0);
  g_assert_cmpint (run_cli (f->data_home, &outputs[2].out, NULL, "history", "list"), ==, 0);
  g_assert_cmpint (run_cli (f->data_home, &outputs[3].out, NULL, "history", "compare", a, b), ==, 0);
  g_assert_cmpint (run_cli (f->data_home, &outputs[4].out, NULL, "history", "show", a), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      assert_no_controls (outputs[i].what, outputs[i].out);
      g_free (outputs[i].out);
    }
}

/* 7. A test name that makes a formula cell, shifts the columns and forges
 * a row: refused on import, quoted and neutralised in CSV. */
static void
test_csv (Fixture       *f,
          gconstpointer  data)
{
  const char *evil = "=HYPERLINK(\"http://example.org\"),x\nforged,row";
  g_autofree char *id = NULL;
  g_autofree char *csv = NULL;
  g_auto(GStrv) lines = NULL;

  seed (f);
  assert_refused (f, HEAD "{\"id\": 2, \"kind\": \"quick\", \"started_at\": \"2026-01-01T00:00:00Z\", "
                  "\"status\": \"done\", \"results\": [{\"test\": \"=HYPERLINK(\\\"http://example.org\\\"),x\\n"
                  "forged,row\", \"mode\": \"write\", \"passes\": [1]}]}" TAIL, -1, "test");
  assert_refused (f, HEAD "{\"id\": 2, \"kind\": \"quick\", \"started_at\": \"2026-01-01T00:00:00Z\", "
                  "\"status\": \"done\", \"results\": [{\"test\": \"RND4K Q1T1\", \"mode\": \"@SUM(A1)\", "
                  "\"passes\": [1]}]}" TAIL, -1, "mode");

  id = g_strdup_printf ("%" G_GINT64_FORMAT, save_legacy (f, evil, "-write"));
  g_assert_cmpint (run_cli (f->data_home, &csv, NULL, "history", "export", id, "--format", "csv"), ==, 0);
  lines = g_strsplit (csv, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[1], "\"'=HYPERLINK(\"\"http://example.org\"\"),x"));
  g_assert_true (g_str_has_prefix (lines[2], "forged,row\",\"'-write\",61.500,"));
  g_assert_cmpstr (lines[3], ==, "");
  g_assert_null (lines[4]);
}

/* 9. A file over the documented size limit is refused before it is read. */
static void
test_size (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "huge.json", NULL);
  g_autofree char *err = NULL;
  int fd;

  seed (f);
  fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  /* Sparse: no disk space, but its size is its size. */
  g_assert_cmpint (ftruncate (fd, DRIVEDASH_EXPORT_MAX_BYTES + 1), ==, 0);
  g_assert_cmpint (write (fd, HEAD, strlen (HEAD)), ==, (gssize) strlen (HEAD));
  close (fd);
  g_assert_cmpint (run_cli (f->data_home, NULL, &err, "history", "import", path), ==, 2);
  g_assert_nonnull (strstr (err, "larger than"));
  g_assert_nonnull (strstr (err, "Nothing was imported."));
  g_assert_cmpuint (count_runs (f), ==, 1);
}

/* An export no import would take is refused too: it would be no backup. */
static void
test_export_size (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  seed (f);
  store = drivedash_store_open (f->db, &error);
  g_assert_no_error (error);
  {
    /* A run whose settings alone are bigger than an import takes (a
     * note cannot be: notes are at most 4 KiB). */
    g_autofree char *pad = g_strnfill (DRIVEDASH_EXPORT_MAX_BYTES, 'a');
    g_autoptr(DrivedashStoreRun) run = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);

    run->started_at = run->ended_at = 1700000000000000;
    run->settings_json = g_strdup_printf ("{\"pad\": \"%s\"}", pad);
    g_assert_true (drivedash_store_save_run (store, run, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "export", "--all"), ==, 2);
  g_assert_nonnull (strstr (err, "Export fewer runs at a time."));
  /* The runs that fit still export. */
  g_assert_cmpint (run_cli (f->data_home, NULL, NULL, "history", "export", "1"), ==, 0);
}

/* An empty file (or only spaces) is no JSON document: json-glib gives
 * no root and no error, and reading on warned about a NULL node.  It is
 * refused with its own sentence (issue 24: the toast must say why). */
static void
test_empty (Fixture       *f,
            gconstpointer  data)
{
  const char *const contents[] = { "", "  \n" };

  seed (f);
  for (guint i = 0; i < G_N_ELEMENTS (contents); i++)
    {
      g_autofree char *path = write_file (f, "empty.json", contents[i], -1);
      g_autofree char *out = NULL, *err = NULL;

      g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "import", path), ==, 2);
      g_assert_null (strstr (err, "CRITICAL"));
      g_assert_nonnull (strstr (err, "This file is empty. Nothing was imported."));
      g_assert_cmpuint (count_runs (f), ==, 1);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/history-import/deep", test_deep);
  ADD ("/history-import/empty", test_empty);
  ADD ("/history-import/series-bomb", test_series_bomb);
  ADD ("/history-import/series-values", test_series_values);
  ADD ("/history-import/poisoned-backup", test_poisoned_backup);
  ADD ("/history-import/error-utf8", test_error_utf8);
  ADD ("/history-import/ranges", test_ranges);
  ADD ("/history-import/escapes", test_escapes);
  ADD ("/history-import/csv", test_csv);
  ADD ("/history-import/size", test_size);
  ADD ("/history-import/export-size", test_export_size);
#undef ADD
  return g_test_run ();
}
