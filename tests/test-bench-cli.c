/* test-bench-cli.c — `drivedash-cli bench` as scripts use it: no terminal,
 * --json on stdout, exit codes, Ctrl+C
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>

#include "drivedash-bench.h"

static char *
cli_path (void)
{
  return g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli", "drivedash-cli", NULL);
}

/* Runs the CLI with stdin from /dev/null and no terminal; returns the exit code. */
static int
run_cli (const char *const *args,
         char              **out,
         char              **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, cli_path ());
  g_ptr_array_add (argv, g_strdup ("bench"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDIN_FROM_DEV_NULL,
                               NULL, NULL, out, err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static guint
count_bench_files (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  guint n = 0;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, DRIVEDASH_BENCH_FILE_PREFIX))
      n++;
  return n;
}

/* Whether @folder's filesystem is on a block device with counters. */
static gboolean
on_block_device (const char *folder)
{
  g_autofree char *sys = NULL;
  struct stat st;

  g_assert_cmpint (stat (folder, &st), ==, 0);
  sys = g_strdup_printf ("/sys/dev/block/%u:%u/stat", major (st.st_dev), minor (st.st_dev));
  return major (st.st_dev) != 0 && g_file_test (sys, G_FILE_TEST_EXISTS);
}

/* results[].device: the block device's view, per pass and in total. */
static void
check_device_json (JsonObject *r,
                   guint       n_passes)
{
  JsonObject *device = json_object_get_object_member (r, "device");
  JsonObject *total = json_object_get_object_member (device, "total");
  JsonObject *counts = json_object_get_object_member (total, "block_device");

  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (device, "passes")), ==, n_passes);
  g_assert_cmpint (json_object_get_int_member (total, "engine_bytes"), ==,
                   json_object_get_int_member (r, "bytes_read") + json_object_get_int_member (r, "bytes_written"));
  g_assert_true (json_object_has_member (json_object_get_object_member (total, "disk"), "busy_ms"));
  g_assert_cmpfloat (json_object_get_double_member (counts, "average_request_bytes"), >, 0);
  g_assert_true (json_object_has_member (counts, "read_merges"));
  g_assert_true (json_object_has_member (counts, "in_flight"));
  g_assert_true (json_object_has_member (device, "others_used_drive"));
  g_assert_false (json_object_get_boolean_member (device, "served_from_cache"));
}

static void
test_json (void)
{
  g_autofree char *folder = g_dir_make_tmp ("drivedash-bench-cli-XXXXXX", NULL);
  const char *args[] = { "--target", folder, "--size", "8MiB", "--count", "2", "--duration", "0.2",
                         "--interval", "0", "--test", "RND4K Q2T1", "--test", "SEQ1M Q1T1",
                         "--mode", "read,write", "--json", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root;
  JsonArray *results;
  guint64 written = 0;

  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  g_assert_cmpstr (err, ==, "");   /* no progress line without a terminal */
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  results = json_object_get_array_member (root, "results");
  g_assert_cmpuint (json_array_get_length (results), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      JsonObject *r = json_array_get_object_element (results, i);

      g_assert_cmpstr (json_object_get_string_member (r, "mode"), ==, i < 2 ? "read" : "write");
      g_assert_cmpstr (json_object_get_string_member (r, "test"), ==, i % 2 ? "SEQ1M Q1T1" : "RND4K Q2T1");
      g_assert_cmpfloat (json_object_get_double_member (r, "mb_per_s"), >, 0);
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (r, "passes")), ==, 2);
      g_assert_true (json_object_has_member (json_object_get_object_member (r, "latency_us"), "p999"));
      written += json_object_get_int_member (r, "bytes_written");
      if (on_block_device (folder))
        check_device_json (r, 2);
    }
  if (on_block_device (folder))
    {
      JsonObject *limits = json_object_get_object_member (root, "device_limits");

      g_assert_cmpint (json_object_get_int_member (limits, "max_sectors_kb"), >, 0);
      g_assert_nonnull (json_object_get_string_member (limits, "disk"));
    }
  /* Top-level totals include the 8 MiB pre-fill and the warm-up passes. */
  g_assert_cmpint (json_object_get_int_member (root, "bytes_written"), >=, written + (8 << 20));
  g_assert_cmpint (json_object_get_int_member (root, "bytes_read"), >, 0);
  g_assert_true (json_object_has_member (root, "settings"));
  g_assert_cmpuint (count_bench_files (folder), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

/* A folder whose name is not UTF-8 (Latin-1 “café”, a stray 0xff byte):
 * the output must still be valid JSON, and "folder_uri" must give back
 * exactly those bytes. */
static void
test_json_non_utf8_folder (void)
{
  g_autofree char *parent = g_dir_make_tmp ("drivedash-bench-cli-XXXXXX", NULL);
  g_autofree char *folder = g_build_filename (parent, "caf\xe9-\xff", NULL);
  g_autofree char *real = NULL;
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *from_uri = NULL;
  g_autofree char *display = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *settings;
  const char *args[] = { "--target", folder, "--size", "8MiB", "--count", "1", "--duration", "0.1",
                         "--interval", "0", "--no-warmup", "--test", "SEQ1M Q1T1", "--mode", "read",
                         "--json", NULL };

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  real = realpath (folder, NULL);
  g_assert_nonnull (real);
  g_assert_false (g_utf8_validate (real, -1, NULL));

  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  g_assert_true (g_utf8_validate (out, -1, NULL));
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  settings = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)),
                                            "settings");
  g_assert_nonnull (settings);

  from_uri = g_filename_from_uri (json_object_get_string_member (settings, "folder_uri"), NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (from_uri, ==, real);
  /* For people: readable, with the undecodable bytes marked. */
  display = g_filename_display_name (real);
  g_assert_cmpstr (json_object_get_string_member (settings, "folder"), ==, display);
  g_assert_nonnull (strstr (display, "\xef\xbf\xbd"));

  g_assert_cmpuint (count_bench_files (folder), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_cmpint (g_rmdir (parent), ==, 0);
}

static void
test_help_documents_json (void)
{
  const char *args[] = { "--help", NULL };
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "folder_uri"));
}

static void
test_exit_codes (void)
{
  static const struct {
    const char *args[6];
    int code;
  } cases[] = {
    { { "--target", "/nonexistent/drivedash", "--size", "8MiB", NULL }, 3 },
    { { "--test", "RND4K", NULL }, 2 },
    { { "--preset", "turbo", NULL }, 2 },
    { { "--size", "lots", NULL }, 2 },
    { { "--mode", "sideways", NULL }, 2 },
    { { "--bogus", NULL }, 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL, *err = NULL;

      g_assert_cmpint (run_cli (cases[i].args, &out, &err), ==, cases[i].code);
      g_test_message ("%s", err);
      g_assert_true (g_str_has_prefix (err, "drivedash-cli bench: "));
    }
}

static void
test_list_presets (void)
{
  const char *args[] = { "--list-presets", NULL };
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "cdm-nvme"));
  g_assert_nonnull (strstr (out, "RND4K Q32T16"));
}

static void
test_interrupt (void)
{
  g_autofree char *folder = g_dir_make_tmp ("drivedash-bench-cli-XXXXXX", NULL);
  g_autofree char *cli = cli_path ();
  const char *argv[] = { cli, "bench", "--target", folder, "--size", "8MiB", "--duration", "30",
                         "--test", "RND4K Q4T1", NULL };
  g_autoptr(GError) error = NULL;
  GPid pid;
  int status;

  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL,
                                G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                                G_SPAWN_STDERR_TO_DEV_NULL | G_SPAWN_STDIN_FROM_DEV_NULL,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  /* Wait until the test file exists: the run is under way. */
  for (guint i = 0; i < 500 && count_bench_files (folder) == 0; i++)
    g_usleep (10 * 1000);
  g_assert_cmpuint (count_bench_files (folder), ==, 1);
  kill (pid, SIGINT);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 130);
  g_assert_cmpuint (count_bench_files (folder), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

/* ---- --fio-command ------------------------------------------------------------ */

/* fio once on @line as printed, with only --output-format=json added, in
 * the folder the line names; its JSON moved some bytes the right way. */
static void
run_fio_line (const char *line,
              const char *fio_file)
{
  g_auto(GStrv) words = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL, *err = NULL;
  JsonObject *job;
  int status = 0;
  gboolean reads = FALSE, writes = FALSE;
  GStatBuf st;

  g_test_message ("%s", line);
  g_assert_true (g_shell_parse_argv (line, NULL, &words, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (words[0], ==, "fio");
  for (guint i = 0; words[i] != NULL; i++)
    {
      if (g_str_has_prefix (words[i], "--rw="))
        {
          const char *rw = words[i] + strlen ("--rw=");
          gboolean mix = g_str_equal (rw, "rw") || g_str_equal (rw, "randrw");

          reads = mix || g_str_has_suffix (rw, "read");
          writes = mix || g_str_has_suffix (rw, "write");
        }
      g_ptr_array_add (argv, words[i]);
    }
  g_ptr_array_add (argv, (gpointer) "--output-format=json");
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL,
                               G_SPAWN_SEARCH_PATH | G_SPAWN_STDIN_FROM_DEV_NULL,
                               NULL, NULL, &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_test_message ("fio said: %s", err);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  /* --group_reporting: one job for all threads. */
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_node_get_object (json_parser_get_root (parser)), "jobs")), ==, 1);
  job = json_array_get_object_element (json_object_get_array_member (
          json_node_get_object (json_parser_get_root (parser)), "jobs"), 0);
  g_assert_cmpint (json_object_get_int_member (job, "error"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (job, "read"), "io_bytes") > 0, ==, reads);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (job, "write"), "io_bytes") > 0, ==, writes);
  /* fio worked in the test's size: its file grew no bigger. */
  g_assert_cmpint (g_stat (fio_file, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, 8 << 20);
  g_assert_cmpint (g_unlink (fio_file), ==, 0);
}

static void
test_fio_command (void)
{
  /* A space for the shell's quoting, a colon for fio's own escape. */
  g_autofree char *tmpl = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "drivedash fio:test-XXXXXX", NULL);
  g_autofree char *folder = g_mkdtemp (g_steal_pointer (&tmpl));
  g_autofree char *fio_file = g_build_filename (folder, "drivedash-fio.dat", NULL);
  const char *args[] = { "--fio-command", "--target", folder, "--size", "8MiB", "--count", "2",
                         "--duration", "0.2", "--test", "SEQ1M Q8T1", "--test", "RND4K Q4T2",
                         "--test", "SEQ128K Q2T2", "--mode", "read,write,mix", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *fio = g_find_program_in_path ("fio");

  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  g_assert_cmpstr (err, ==, "");
  lines = g_strsplit (g_strchomp (out), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 9);
  /* The first test's settings, word for word; nothing was run. */
  g_assert_nonnull (strstr (lines[0], " --name=SEQ1M-Q8T1-read "));
  g_assert_nonnull (strstr (lines[0], "\\:test-"));
  g_assert_nonnull (strstr (lines[0], "/drivedash-fio.dat' --size=8388608 --direct=1 --ioengine=io_uring "
                                      "--rw=read --bs=1048576 --iodepth=8 --numjobs=1 --time_based "
                                      "--runtime=400ms --ramp_time=200ms --group_reporting"));
  g_assert_nonnull (strstr (lines[1], " --rw=randread --bs=4096 --iodepth=4 --numjobs=2 --norandommap "));
  g_assert_nonnull (strstr (lines[2], " --filesize=8388608 --size=4194304 --offset_increment=4194304 "));
  g_assert_nonnull (strstr (lines[7], " --rw=randrw --rwmixread=70 "));
  g_assert_cmpuint (count_bench_files (folder), ==, 0);
  g_assert_false (g_file_test (fio_file, G_FILE_TEST_EXISTS));

  if (fio == NULL)
    g_test_skip ("fio is not installed: the commands were not run");
  else
    for (guint i = 0; lines[i] != NULL; i++)
      run_fio_line (lines[i], fio_file);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bench-cli/json", test_json);
  g_test_add_func ("/bench-cli/json-non-utf8-folder", test_json_non_utf8_folder);
  g_test_add_func ("/bench-cli/help", test_help_documents_json);
  g_test_add_func ("/bench-cli/exit-codes", test_exit_codes);
  g_test_add_func ("/bench-cli/list-presets", test_list_presets);
  g_test_add_func ("/bench-cli/interrupt", test_interrupt);
  g_test_add_func ("/bench-cli/fio-command", test_fio_command);

  return g_test_run ();
}
