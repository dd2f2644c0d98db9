/* test-longtest-cli.c — drivedash-cli sustained|consistency|saturation|
 * adaptivity in short real runs: the command names (and the old "long
 * NAME"), the write-amount notice, every JSON key the issue lists with its
 * type, the --series CSV, the refusals, and Ctrl+C in a fill and in a rest
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <string.h>

#include "drivedash-test-locale.h"

typedef enum
{
  NUMBER,         /* JSON has one number type: int or double */
  INTEGER,
  NUMBER_OR_NULL,
  BOOLEAN,
  STRING,
  OBJECT,
  ARRAY,
} Kind;

typedef struct
{
  const char *key;
  Kind        kind;
} Key;

typedef struct
{
  int   status;
  char *out;
  char *err;
} Cli;

static void
cli_clear (Cli *c)
{
  g_free (c->out);
  g_free (c->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Cli, cli_clear)

static char *
make_dir (void)
{
  g_autofree char *tmpl = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "longtest-cli-XXXXXX", NULL);

  return g_strdup (g_mkdtemp (tmpl));
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d && g_dir_read_name (d))
    n++;
  return n;
}

static void
run_cli_env (const char *const *args,
             char             **envp,
             Cli               *c)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (argv, g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli",
                                           "drivedash-cli", NULL));
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_STDIN_FROM_DEV_NULL,
                               NULL, NULL, &c->out, &c->err, &c->status, NULL));
  c->status = WIFEXITED (c->status) ? WEXITSTATUS (c->status) : -1;
  g_test_message ("stderr: %s", c->err);
}

static void
run_cli (const char *const *args,
         Cli               *c)
{
  run_cli_env (args, NULL, c);
}

static JsonObject *
run_json_env (const char *const *args,
              char             **envp)
{
  g_auto(Cli) c = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  run_cli_env (args, envp, &c);
  g_assert_cmpint (c.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, c.out, -1, &error));
  g_assert_no_error (error);
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static JsonObject *
run_json (const char *const *args)
{
  return run_json_env (args, NULL);
}

static void
assert_keys (JsonObject *o,
             const Key  *keys,
             const char *where)
{
  for (const Key *k = keys; k->key; k++)
    {
      JsonNode *n = json_object_get_member (o, k->key);
      GType vt;
      gboolean ok;

      if (n == NULL)
        g_error ("%s: no key “%s”", where, k->key);
      vt = JSON_NODE_HOLDS_VALUE (n) ? json_node_get_value_type (n) : G_TYPE_INVALID;
      switch (k->kind)
        {
        case NUMBER:
          ok = vt == G_TYPE_INT64 || vt == G_TYPE_DOUBLE;
          break;
        case INTEGER:
          ok = vt == G_TYPE_INT64;
          break;
        case NUMBER_OR_NULL:
          ok = vt == G_TYPE_INT64 || vt == G_TYPE_DOUBLE || JSON_NODE_HOLDS_NULL (n);
          break;
        case BOOLEAN:
          ok = vt == G_TYPE_BOOLEAN;
          break;
        case STRING:
          ok = vt == G_TYPE_STRING;
          break;
        case OBJECT:
          ok = JSON_NODE_HOLDS_OBJECT (n);
          break;
        case ARRAY:
        default:
          ok = JSON_NODE_HOLDS_ARRAY (n);
          break;
        }
      if (!ok)
        g_error ("%s: “%s” has the wrong type (%s)", where, k->key, json_node_type_name (n));
    }
}

static const Key all_keys[] = {
  { "bytes_written", INTEGER }, { "bytes_read", INTEGER }, { "estimate", OBJECT }, { NULL, 0 }
};

static const Key estimate_keys[] = {
  { "bytes_low", INTEGER }, { "bytes_high", INTEGER }, { "seconds_low", NUMBER }, { "seconds_high", NUMBER },
  { NULL, 0 }
};

static const Key series_keys[] = {
  { "t_s", NUMBER }, { "read_iops", NUMBER }, { "write_iops", NUMBER },
  { "read_mb_per_s", NUMBER }, { "write_mb_per_s", NUMBER }, { "mean_latency_us", NUMBER },
  { "p99_latency_us", NUMBER }, { "temperature_kelvin", NUMBER_OR_NULL }, { NULL, 0 }
};

static const Key round_keys[] = {
  { "phase", STRING }, { "index", INTEGER }, { "bandwidth_mb_per_s", NUMBER },
  { "read_access_us", NUMBER }, { "write_access_us", NUMBER }, { "busy_s", NUMBER }, { NULL, 0 }
};

/* --- command names ------------------------------------------------------ */

static void
test_commands (void)
{
  g_autofree char *dir = make_dir ();
  const char *help[] = { "--help", NULL };
  const char *alias[] = { "long", "saturation", "-t", dir, "--amount", "8MiB", "--step", "4MiB",
                          "--json", "--no-save", NULL };
  const char *extra[] = { "saturation", "sustained", NULL };
  const char *alias_bad[] = { "long", "iometer", NULL };
  const char *unknown[] = { "iometer", NULL };
  const char *sub_help[] = { "consistency", "--help", NULL };
  g_auto(Cli) h = { 0 };
  g_auto(Cli) e = { 0 };
  g_auto(Cli) a = { 0 };
  g_auto(Cli) u = { 0 };
  g_auto(Cli) s = { 0 };
  g_autoptr(JsonObject) o = NULL;

  /* The three tests are commands; the old "long" is not listed. */
  run_cli (help, &h);
  g_assert_cmpint (h.status, ==, 0);
  for (const char *const *name = (const char *const[]) { "sustained", "consistency", "saturation",
                                                          "adaptivity", NULL };
       *name; name++)
    {
      g_autofree char *line = g_strdup_printf ("\n  %s ", *name);

      g_assert_nonnull (strstr (h.out, line));
    }
  g_assert_null (strstr (h.out, "\n  long "));

  run_cli (sub_help, &s);
  g_assert_cmpint (s.status, ==, 0);
  g_assert_nonnull (strstr (s.out, "drivedash-cli consistency [OPTION…]"));
  g_assert_nonnull (strstr (s.out, "--round-seconds"));
  /* It explains the one test, not all three. */
  g_assert_nonnull (strstr (s.out, "Consistency (PCMark 8 style)"));
  g_assert_null (strstr (s.out, "Iometer"));

  /* "long NAME" still runs the test. */
  o = run_json (alias);
  g_assert_cmpstr (json_object_get_string_member (o, "test"), ==, "saturation");

  run_cli (extra, &e);
  g_assert_cmpint (e.status, ==, 2);
  g_assert_nonnull (strstr (e.err, "drivedash-cli saturation: Unexpected argument “sustained”."));
  run_cli (alias_bad, &a);
  g_assert_cmpint (a.status, ==, 2);
  g_assert_nonnull (strstr (a.err, "name one test"));
  run_cli (unknown, &u);
  g_assert_cmpint (u.status, ==, 2);

  g_assert_cmpuint (count_files (dir), ==, 0);
  g_rmdir (dir);
}

/* Before the run, on stderr: the amount in decimal units.  The build
 * folder is on no NVMe drive here, so the drive's share is unknown and
 * only the amount is named; the share's wording is test-write-notice's. */
static void
test_notice (void)
{
  g_autofree char *dir = make_dir ();
  const char *args[] = { "saturation", "-t", dir, "--amount", "16MiB", "--step", "4MiB", "--no-save", NULL };
  g_auto(Cli) c = { 0 };

  run_cli (args, &c);
  g_assert_cmpint (c.status, ==, 0);
  g_assert_true (g_str_has_prefix (c.err, "Writes about 16.8 MB"));
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_rmdir (dir);
}

/* --- JSON --------------------------------------------------------------- */

static void
test_json_sustained (void)
{
  g_autofree char *dir = make_dir ();
  const char *args[] = { "sustained", "-t", dir, "--size", "8MiB", "--duration", "1.5",
                         "--interval", "0.5", "--json", NULL };
  const Key keys[] = {
    { "test", STRING }, { "total_iops", NUMBER }, { "first_minute_iops", NUMBER },
    { "last_minute_iops", NUMBER }, { "change_percent", NUMBER }, { "window_s", NUMBER },
    { "series", ARRAY }, { "run_id", INTEGER }, { NULL, 0 }
  };
  g_autoptr(JsonObject) o = run_json (args);
  JsonArray *series = json_object_get_array_member (o, "series");

  assert_keys (o, all_keys, "sustained");
  assert_keys (o, keys, "sustained");
  g_assert_cmpstr (json_object_get_string_member (o, "test"), ==, "sustained");
  g_assert_cmpfloat (json_object_get_double_member (o, "total_iops"), >, 0);
  /* Shorter than 3 minutes: the first and last 20 % (0.3 s, one 0.5 s row). */
  g_assert_cmpfloat (json_object_get_double_member (o, "window_s"), ==, 0.5);
  g_assert_cmpint (json_object_get_int_member (o, "bytes_written"), >=, 8 << 20);
  /* The estimate said before the start, which the run kept to. */
  {
    JsonObject *e = json_object_get_object_member (o, "estimate");

    assert_keys (e, estimate_keys, "sustained estimate");
    g_assert_cmpint (json_object_get_int_member (o, "bytes_written"), <=, json_object_get_int_member (e, "bytes_high"));
    g_assert_cmpfloat (json_object_get_double_member (e, "seconds_low"), <=,
                       json_object_get_double_member (e, "seconds_high"));
  }
  g_assert_cmpuint (json_array_get_length (series), >=, 3);
  for (guint i = 0; i < json_array_get_length (series); i++)
    assert_keys (json_array_get_object_element (series, i), series_keys, "sustained series");
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_rmdir (dir);
}

static void
test_json_consistency (void)
{
  g_autofree char *dir = make_dir ();
  const char *args[] = { "consistency", "-t", dir, "--size", "8MiB", "--round-seconds", "0.05",
                         "--idle-seconds", "0.05", "--json", "--no-save", "--yes", NULL };
  const Key keys[] = {
    { "test", STRING }, { "rounds", ARRAY }, { "best", OBJECT }, { "worst", OBJECT },
    { "phase_average", OBJECT }, { "steady_state_reached", BOOLEAN }, { NULL, 0 }
  };
  const Key average_keys[] = {
    { "bandwidth_mb_per_s", NUMBER }, { "read_access_us", NUMBER }, { "write_access_us", NUMBER },
    { NULL, 0 }
  };
  const char *phases[] = { "degradation", "steady", "recovery" };
  const guint per_phase[] = { 8, 5, 5 };
  g_autoptr(JsonObject) o = run_json (args);
  JsonArray *rounds = json_object_get_array_member (o, "rounds");
  JsonObject *average = NULL;
  guint k = 0;

  assert_keys (o, all_keys, "consistency");
  assert_keys (o, keys, "consistency");
  assert_keys (json_object_get_object_member (o, "best"), round_keys, "best");
  assert_keys (json_object_get_object_member (o, "worst"), round_keys, "worst");
  g_assert_cmpuint (json_array_get_length (rounds), ==, 18);
  /* 8 degradation, 5 steady, 5 recovery rounds, numbered from 1 in each. */
  for (guint p = 0; p < G_N_ELEMENTS (phases); p++)
    for (guint i = 1; i <= per_phase[p]; i++, k++)
      {
        JsonObject *r = json_array_get_object_element (rounds, k);

        assert_keys (r, round_keys, "round");
        g_assert_cmpstr (json_object_get_string_member (r, "phase"), ==, phases[p]);
        g_assert_cmpint (json_object_get_int_member (r, "index"), ==, i);
      }
  average = json_object_get_object_member (o, "phase_average");
  for (guint p = 0; p < G_N_ELEMENTS (phases); p++)
    assert_keys (json_object_get_object_member (average, phases[p]), average_keys, phases[p]);
  g_assert_false (json_object_has_member (o, "run_id"));
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_rmdir (dir);
}

static void
test_json_saturation (void)
{
  g_autofree char *dir = make_dir ();
  const char *args[] = { "saturation", "-t", dir, "--amount", "16MiB", "--step", "4MiB",
                         "--json", "--no-save", NULL };
  const Key keys[] = {
    { "test", STRING }, { "per_gib", ARRAY }, { "cache_gib", NUMBER_OR_NULL },
    { "after_cache_mb_per_s", NUMBER_OR_NULL }, { NULL, 0 }
  };
  const Key point_keys[] = { { "gib", NUMBER }, { "mb_per_s", NUMBER }, { NULL, 0 } };
  g_autoptr(JsonObject) o = run_json (args);
  JsonArray *points = json_object_get_array_member (o, "per_gib");

  assert_keys (o, all_keys, "saturation");
  assert_keys (o, keys, "saturation");
  g_assert_cmpuint (json_array_get_length (points), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      JsonObject *p = json_array_get_object_element (points, i);

      assert_keys (p, point_keys, "per_gib");
      /* One point per 4 MiB step, in GiB. */
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (p, "gib"), (i + 1) * 4 / 1024.0, 1e-9);
      g_assert_cmpfloat (json_object_get_double_member (p, "mb_per_s"), >, 0);
    }
  g_assert_cmpint (json_object_get_int_member (o, "bytes_written"), ==, 16 << 20);
  g_assert_cmpint (json_object_get_int_member (o, "bytes_read"), ==, 0);
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_rmdir (dir);
}

/* Adaptivity: the fill of --amount, ten recovery rounds and their average
 * (the keys), each round with a round's keys. */
static void
test_json_adaptivity (void)
{
  g_autofree char *dir = make_dir ();
  const char *args[] = { "adaptivity", "-t", dir, "--amount", "16MiB", "--idle-seconds", "0.05",
                         "--json", "--no-save", NULL };
  const Key keys[] = {
    { "test", STRING }, { "rounds", ARRAY }, { "average", OBJECT }, { "best", OBJECT },
    { "worst", OBJECT }, { "fill_bytes", INTEGER }, { "summary", STRING }, { NULL, 0 }
  };
  const Key average_keys[] = {
    { "bandwidth_mb_per_s", NUMBER }, { "read_access_us", NUMBER }, { "write_access_us", NUMBER },
    { NULL, 0 }
  };
  g_autoptr(JsonObject) o = run_json (args);
  JsonArray *rounds = json_object_get_array_member (o, "rounds");
  JsonObject *average;
  double sum = 0;

  assert_keys (o, all_keys, "adaptivity");
  assert_keys (o, keys, "adaptivity");
  g_assert_cmpstr (json_object_get_string_member (o, "test"), ==, "adaptivity");
  g_assert_cmpuint (json_array_get_length (rounds), ==, 10);
  for (guint i = 0; i < 10; i++)
    {
      JsonObject *r = json_array_get_object_element (rounds, i);

      assert_keys (r, round_keys, "round");
      g_assert_cmpstr (json_object_get_string_member (r, "phase"), ==, "recovery");
      g_assert_cmpint (json_object_get_int_member (r, "index"), ==, i + 1);
      sum += json_object_get_double_member (r, "bandwidth_mb_per_s");
    }
  average = json_object_get_object_member (o, "average");
  assert_keys (average, average_keys, "average");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (average, "bandwidth_mb_per_s"), sum / 10,
                                  1e-6 * sum);
  g_assert_cmpint (json_object_get_int_member (o, "fill_bytes"), ==, 16 << 20);
  /* The fill, and the storage tests' writes on top. */
  g_assert_cmpint (json_object_get_int_member (o, "bytes_written"), >, 16 << 20);
  g_assert_cmpint (json_object_get_int_member (o, "bytes_read"), >, 0);
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_rmdir (dir);
}

/* The refusals are the other long tests': more than the free space less
 * the margin, a folder in memory, a folder where no file can be made;
 * nothing is left behind. */
static void
test_adaptivity_refusals (void)
{
  g_autofree char *dir = make_dir ();
  const char *too_much[] = { "adaptivity", "-t", dir, "--amount", "1000TiB", "--no-save", NULL };
  const char *memory[] = { "adaptivity", "-t", "/dev/shm", "--amount", "16MiB", "--no-save", NULL };
  const char *proc[] = { "adaptivity", "-t", "/proc", "--amount", "16MiB", "--no-save", NULL };
  g_auto(Cli) a = { 0 };
  g_auto(Cli) m = { 0 };
  g_auto(Cli) p = { 0 };

  run_cli (too_much, &a);
  g_assert_cmpint (a.status, ==, 1);
  g_assert_nonnull (strstr (a.err, "drivedash-cli adaptivity: Not enough free space: the test must leave"));
  g_assert_cmpuint (count_files (dir), ==, 0);
  if (g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR))
    {
      run_cli (memory, &m);
      g_assert_cmpint (m.status, ==, 5);
      g_assert_nonnull (strstr (m.err, "is in the computer’s memory, not on a drive"));
    }
  run_cli (proc, &p);
  g_assert_cmpint (p.status, !=, 0);
  g_assert_nonnull (strstr (p.err, "drivedash-cli adaptivity: Could not create the test file in “/proc”"));
  g_rmdir (dir);
}

/* Ctrl+C once the progress names @phase (each phase's first line comes at
 * once): the run stops there, says so, and removes its file.  @unwanted
 * must never be printed, or the stop came too late to be in @phase. */
static void
stop_adaptivity_in (const char *amount,
                    const char *idle_s,
                    const char *phase,
                    const char *unwanted)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *cli = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli", "drivedash-cli", NULL);
  g_autofree char *line = NULL, *rest = NULL;
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GDataInputStream) in = NULL;
  g_autoptr(GError) error = NULL;

  proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDERR_PIPE | G_SUBPROCESS_FLAGS_STDOUT_SILENCE, &error,
                           cli, "adaptivity", "-t", dir, "--amount", amount, "--idle-seconds", idle_s,
                           "--no-save", NULL);
  g_assert_no_error (error);
  in = g_data_input_stream_new (g_subprocess_get_stderr_pipe (proc));
  do
    {
      g_clear_pointer (&line, g_free);
      line = g_data_input_stream_read_line_utf8 (in, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (line);
      g_assert_null (strstr (line, unwanted));
    }
  while (strstr (line, phase) == NULL);
  g_test_message ("stopping at: %s", line);
  g_subprocess_send_signal (proc, SIGINT);
  rest = g_data_input_stream_read_upto (in, "", 0, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait (proc, NULL, &error));
  g_test_message ("then: %s", rest);
  g_assert_cmpint (g_subprocess_get_exit_status (proc), ==, 130);
  g_assert_nonnull (strstr (rest, "The test was stopped."));
  g_assert_null (strstr (rest, unwanted));
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_rmdir (dir);
}

static void
test_adaptivity_stop (void)
{
  /* A 2 GiB fill lasts seconds here; a rest of ten minutes lasts unless
   * the signal ends it. */
  stop_adaptivity_in ("2GiB", "600", "Writing", "Resting");
  stop_adaptivity_in ("16MiB", "600", "Resting", "Measuring");
}

/* --series writes every row the JSON has (the full series, not the
 * decimated one), with the same times; an unknown temperature is an
 * empty field, as in the JSON's null, not "0" K. */
static void
check_series_csv (char **envp)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *csv = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "longtest-cli-series.csv", NULL);
  const char *args[] = { "sustained", "-t", dir, "--size", "8MiB", "--duration", "2",
                         "--interval", "0.25", "--series", csv, "--json", "--no-save", NULL };
  g_autoptr(JsonObject) o = run_json_env (args, envp);
  JsonArray *series = json_object_get_array_member (o, "series");
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint n;

  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  n = g_strv_length (lines);
  g_assert_cmpstr (lines[0], ==, "t_s,read_iops,write_iops,read_mb_per_s,write_mb_per_s,"
                   "read_mean_latency_us,read_p99_latency_us,write_mean_latency_us,"
                   "write_p99_latency_us,mean_latency_us,p99_latency_us,temperature_kelvin");
  /* Header, one line per row, and the empty string after the last "\n". */
  g_assert_cmpuint (json_array_get_length (series), >=, 8);
  g_assert_cmpuint (n, ==, json_array_get_length (series) + 2);
  g_assert_cmpstr (lines[n - 1], ==, "");
  for (guint i = 0; i < json_array_get_length (series); i++)
    {
      JsonObject *row = json_array_get_object_element (series, i);
      g_auto(GStrv) fields = g_strsplit (lines[i + 1], ",", -1);

      g_assert_cmpuint (g_strv_length (fields), ==, 12);
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (fields[0], NULL),
                                      json_object_get_double_member (row, "t_s"), 0.001);
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (fields[1], NULL),
                                      json_object_get_double_member (row, "read_iops"), 0.1);
      if (json_object_get_null_member (row, "temperature_kelvin"))
        g_assert_cmpstr (fields[11], ==, "");
      else
        g_assert_cmpint (g_ascii_strtoll (fields[11], NULL, 10), ==,
                         json_object_get_int_member (row, "temperature_kelvin"));
    }
  g_unlink (csv);
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_rmdir (dir);
}

static void
test_series_csv (void)
{
  check_series_csv (NULL);
}

/* In a locale with a decimal comma the numbers still use ".", or every
 * number would split into two fields.  The locale is built for the test
 * (Debian ships only C.UTF-8 unless "locales" is configured). */
static void
test_series_csv_locale (void)
{
  g_autofree char *locpath = g_dir_make_tmp ("drivedash-locale-XXXXXX", NULL);
  g_autofree char *target = g_build_filename (locpath, "de_DE.UTF-8", NULL);
  const char *localedef[] = { "localedef", "-i", "de_DE", "-f", "UTF-8", target, NULL };
  g_auto(GStrv) envp = g_get_environ ();
  g_autofree char *rm = NULL;
  int status = -1;

  if (!g_spawn_sync (NULL, (char **) localedef, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL |
                     G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, NULL) ||
      !g_spawn_check_wait_status (status, NULL))
    {
      g_rmdir (target);
      g_rmdir (locpath);
      g_test_skip ("cannot build a de_DE.UTF-8 locale with localedef here");
      return;
    }
  envp = g_environ_setenv (envp, "LOCPATH", locpath, TRUE);
  envp = g_environ_setenv (envp, "LC_ALL", "de_DE.UTF-8", TRUE);
  check_series_csv (envp);
  rm = g_strdup_printf ("rm -rf '%s'", locpath);
  g_assert_true (g_spawn_command_line_sync (rm, NULL, NULL, NULL, NULL));
}

/* Progress lines group digits as the locale does ("about 5,000 s left");
 * the run is stopped with Ctrl+C after the first one. */
static void
test_progress_grouping (void)
{
  char *locpath = drivedash_test_locale_build ("en_US");
  g_autofree char *dir = NULL, *cli = NULL, *line = NULL;
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GDataInputStream) in = NULL;
  g_autoptr(GRegex) grouped = g_regex_new ("about [0-9],[0-9]{3} s left$", 0, 0, NULL);
  g_autoptr(GError) error = NULL;

  if (locpath == NULL)
    return;
  dir = make_dir ();
  cli = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli", "drivedash-cli", NULL);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_PIPE | G_SUBPROCESS_FLAGS_STDOUT_SILENCE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "en_US.UTF-8", TRUE);
  proc = g_subprocess_launcher_spawn (launcher, &error, cli, "sustained", "-t", dir, "-s", "16MiB",
                                      "-d", "5000", "--yes", "--no-save", NULL);
  g_assert_no_error (error);
  in = g_data_input_stream_new (g_subprocess_get_stderr_pipe (proc));
  for (guint i = 0; i < 50; i++)
    {
      g_clear_pointer (&line, g_free);
      line = g_data_input_stream_read_line_utf8 (in, NULL, NULL, &error);
      g_assert_no_error (error);
      if (line == NULL || strstr (line, " s left") != NULL)
        break;
    }
  g_subprocess_send_signal (proc, SIGINT);
  g_assert_true (g_subprocess_wait (proc, NULL, &error));
  g_assert_nonnull (line);
  g_test_message ("%s", line);
  g_assert_true (g_regex_match (grouped, line, 0, NULL));
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_rmdir (dir);
  drivedash_test_locale_remove (locpath);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/longtest/cli/commands", test_commands);
  g_test_add_func ("/longtest/cli/notice", test_notice);
  g_test_add_func ("/longtest/cli/json/sustained", test_json_sustained);
  g_test_add_func ("/longtest/cli/json/consistency", test_json_consistency);
  g_test_add_func ("/longtest/cli/json/saturation", test_json_saturation);
  g_test_add_func ("/longtest/cli/json/adaptivity", test_json_adaptivity);
  g_test_add_func ("/longtest/cli/adaptivity/refusals", test_adaptivity_refusals);
  g_test_add_func ("/longtest/cli/adaptivity/stop", test_adaptivity_stop);
  g_test_add_func ("/longtest/cli/series-csv", test_series_csv);
  g_test_add_func ("/longtest/cli/series-csv-locale", test_series_csv_locale);
  g_test_add_func ("/longtest/cli/progress-grouping", test_progress_grouping);
  return g_test_run ();
}
