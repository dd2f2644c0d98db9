/* test-history-cli.c — drivedash-cli history and bench saving, end to end
 * on real databases: the JSON shapes of the issue, export → import on
 * "another computer" → export round trip, CSV/text, repeat sets, bad
 * input, a damaged database, and the CLI writing while another process
 * (the app's way: the library) writes at the same time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/wait.h>

#include "drivedash-store-export.h"

#include "drivedash-test-longruns.h"
#include "drivedash-test-tree.h"

typedef struct
{
  char *dir;
  char *data_home;
  char *target;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("drivedash-history-cli-XXXXXX", &error);
  g_assert_no_error (error);
  f->data_home = g_build_filename (f->dir, "data", NULL);
  f->target = g_build_filename (f->dir, "target", NULL);
  g_assert_cmpint (g_mkdir (f->target, 0700), ==, 0);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  drivedash_test_tree_remove (f->dir);
  g_free (f->dir);
  g_free (f->data_home);
  g_free (f->target);
}

static char **
cli_env (const char *data_home)
{
  char **env = g_get_environ ();

  return g_environ_setenv (env, "XDG_DATA_HOME", data_home, TRUE);
}

static GPtrArray *
cli_argv (const char *first,
          va_list     args)
{
  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
  const char *arg;

  g_ptr_array_add (argv, g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli",
                                           "drivedash-cli", NULL));
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, g_strdup (arg));
  g_ptr_array_add (argv, NULL);
  return argv;
}

/* Runs the CLI with XDG_DATA_HOME=data_home; returns the exit code. */
static int
run_cli (const char  *data_home,
         char       **out,
         char       **err,
         const char  *first,
         ...)
{
  g_auto(GStrv) env = cli_env (data_home);
  g_autoptr(GPtrArray) argv = NULL;
  g_autoptr(GError) error = NULL;
  int status;
  va_list args;

  va_start (args, first);
  argv = cli_argv (first, args);
  va_end (args);
  /* What an earlier run left in @out and @err goes. */
  if (out != NULL)
    g_clear_pointer (out, g_free);
  if (err != NULL)
    g_clear_pointer (err, g_free);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_STDIN_FROM_DEV_NULL,
                               NULL, NULL, out, err, &status, &error));
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status);
}

static JsonNode *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = json_from_string (text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (node);
  return node;
}

static void
bench (Fixture    *f,
       const char *extra)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int rc = run_cli (f->data_home, &out, &err, "bench", "--target", f->target, "--test", "SEQ128K Q1T1",
                    "--test", "RND4K Q1T1", "--mode", "read", "--size", "4M", "--duration", "0.1",
                    "--count", "3", "--interval", "0", "--buffered", "--allow-memory", extra, NULL);

  g_assert_cmpint (rc, ==, 0);
  if (extra == NULL || strcmp (extra, "--no-save") != 0)
    g_assert_nonnull (strstr (out, "Saved as run "));
  else
    g_assert_null (strstr (out, "Saved as run"));
}

static void
test_list_compare_json (Fixture       *f,
                        gconstpointer  data)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonNode) list = NULL;
  g_autoptr(JsonNode) compare = NULL;
  JsonArray *runs, *tests, *entries;
  JsonObject *run, *test;
  const char *run_keys[] = { "id", "kind", "started_at", "status", "drive_model", "game_mode", "headline" };
  const char *test_keys[] = { "test", "mode", "runs", "difference_percent", "ci95_percent", "verdict" };
  const char *entry_keys[] = { "id", "mean_mb_per_s", "ci95_mb_per_s", "n" };
  const char *verdict;

  bench (f, NULL);
  bench (f, NULL);
  bench (f, "--no-save");

  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "list", "--json", NULL), ==, 0);
  list = parse (out);
  runs = json_object_get_array_member (json_node_get_object (list), "runs");
  g_assert_cmpuint (json_array_get_length (runs), ==, 2);
  run = json_array_get_object_element (runs, 0);
  for (guint i = 0; i < G_N_ELEMENTS (run_keys); i++)
    g_assert_true (json_object_has_member (run, run_keys[i]));
  g_assert_cmpint (json_object_get_int_member (run, "id"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (run, "kind"), ==, "quick");
  g_assert_cmpstr (json_object_get_string_member (run, "status"), ==, "done");
  g_assert_true (json_object_get_double_member (json_object_get_object_member (run, "headline"),
                                                "SEQ128K Q1T1 read") > 0);

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "compare", "1", "2", "--json", NULL), ==, 0);
  compare = parse (out);
  tests = json_object_get_array_member (json_node_get_object (compare), "tests");
  g_assert_cmpuint (json_array_get_length (tests), ==, 2);
  test = json_array_get_object_element (tests, 1);
  for (guint i = 0; i < G_N_ELEMENTS (test_keys); i++)
    g_assert_true (json_object_has_member (test, test_keys[i]));
  g_assert_cmpstr (json_object_get_string_member (test, "test"), ==, "RND4K Q1T1");
  verdict = json_object_get_string_member (test, "verdict");
  g_assert_true (g_str_equal (verdict, "no-measurable-difference") || g_str_equal (verdict, "faster") ||
                 g_str_equal (verdict, "slower"));
  entries = json_object_get_array_member (test, "runs");
  g_assert_cmpuint (json_array_get_length (entries), ==, 2);
  for (guint i = 0; i < G_N_ELEMENTS (entry_keys); i++)
    g_assert_true (json_object_has_member (json_array_get_object_element (entries, 1), entry_keys[i]));
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (entries, 1), "n"), ==, 3);

  /* The text says the app's verdicts, naming both runs. */
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "compare", "1", "2", NULL), ==, 0);
  g_test_message ("%s", out);
  g_assert_true (strstr (out, "  run 2 is ") != NULL || strstr (out, "No measurable difference between run 2 and run 1") != NULL);
  g_assert_null (strstr (out, "against run"));
}

static char *
without_ids (const char *json)
{
  g_autoptr(JsonNode) root = parse (json);
  JsonObject *o = json_node_get_object (root);
  JsonArray *runs = json_object_get_array_member (o, "runs");

  json_object_remove_member (o, "exported_at");
  for (guint i = 0; i < json_array_get_length (runs); i++)
    {
      JsonObject *run = json_array_get_object_element (runs, i);

      json_object_remove_member (run, "id");
      json_object_set_boolean_member (run, "set_id", !json_object_get_null_member (run, "set_id"));
    }
  return json_to_string (root, TRUE);
}

static void
test_export_import (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *friend = g_build_filename (f->dir, "friend", NULL);
  g_autofree char *file = g_build_filename (f->dir, "mine.json", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *again = NULL;
  g_autofree char *mine = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autoptr(JsonNode) imported = NULL;

  bench (f, NULL);
  bench (f, "--repeat=2");
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "export", "--all", "-o", file, NULL), ==, 0);
  g_assert_true (g_file_get_contents (file, &mine, NULL, NULL));
  g_assert_nonnull (strstr (mine, "\"format\" : \"drivedash-history\""));

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (friend, &out, &err, "history", "import", file, "--json", NULL), ==, 0);
  imported = parse (out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (imported),
                                                                         "imported")), ==, 2);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (friend, &again, &err, "history", "export", "--all", NULL), ==, 0);
  a = without_ids (mine);
  b = without_ids (again);
  g_assert_cmpstr (a, ==, b);

  /* CSV and text of one run. */
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "export", "1", "--format", "csv", NULL), ==, 0);
  g_assert_true (g_str_has_prefix (out, "test,mode,mb_per_s,iops,latency_mean_us,"));
  g_assert_nonnull (strstr (out, "\nSEQ128K Q1T1,read,"));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "export", "1", "--format", "text", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "SEQ  128KiB (Q=  1, T= 1)"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "export", "1", "2", "--format", "csv", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "one run at a time"));
}

static void
test_repeat (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonNode) list = NULL;
  g_autoptr(JsonNode) shown = NULL;
  g_autoptr(JsonNode) repeat = NULL;
  JsonArray *runs, *tests;
  JsonObject *set;
  guint members = 0;

  g_assert_cmpint (run_cli (f->data_home, &out, &err, "bench", "--target", f->target, "--test", "SEQ128K Q1T1",
                            "--mode", "read", "--size", "4M", "--duration", "0.1", "--count", "2",
                            "--interval", "0", "--buffered", "--allow-memory", "--repeat", "3", "--repeat-pause", "0",
                            "--json", NULL), ==, 0);
  repeat = parse (out);
  tests = json_object_get_array_member (json_node_get_object (repeat), "tests");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (tests, 0), "n"), ==, 3);
  g_assert_nonnull (strstr (err, "Saved as run 1."));

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "list", "--json", NULL), ==, 0);
  list = parse (out);
  runs = json_object_get_array_member (json_node_get_object (list), "runs");
  g_assert_cmpuint (json_array_get_length (runs), ==, 1);
  set = json_array_get_object_element (runs, 0);
  g_assert_cmpstr (json_object_get_string_member (set, "kind"), ==, "repeat-set");

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "show", "1", "--json", NULL), ==, 0);
  shown = parse (out);
  runs = json_object_get_array_member (json_node_get_object (shown), "runs");
  for (guint i = 0; i < json_array_get_length (runs); i++)
    {
      JsonObject *run = json_array_get_object_element (runs, i);

      if (!json_object_get_null_member (run, "set_id"))
        {
          g_assert_cmpstr (json_object_get_string_member (run, "set_role"), ==, "repeat");
          g_assert_false (json_object_get_null_member (run, "series"));
          members++;
        }
    }
  g_assert_cmpuint (members, ==, 3);

  /* Deleting the set takes its runs along. */
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "delete", "1", NULL), ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "show", "2", NULL), ==, 3);
  g_assert_nonnull (strstr (err, "There is no run 2"));
}

static void
test_bad_input (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *bad = g_build_filename (f->dir, "bad.json", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  bench (f, NULL);
  g_assert_true (g_file_set_contents (bad, "{\"format\": \"drivedash-history\", \"version\": 1, "
                                      "\"runs\": [{\"kind\": \"quick\"}]}", -1, NULL));
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "import", bad, NULL), ==, 2);
  g_assert_nonnull (strstr (err, "run 1 has no valid “started_at” date. Nothing was imported."));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "delete", "1", "x", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "“x” is not a run number"));
  g_clear_pointer (&err, g_free);
  /* Run 9 does not exist: run 1 is not deleted either. */
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "delete", "1", "9", NULL), ==, 3);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "show", "1", NULL), ==, 0);
  g_assert_cmpint (run_cli (f->data_home, NULL, NULL, "history", "compare", "1", NULL), ==, 2);
  g_assert_cmpint (run_cli (f->data_home, NULL, NULL, "history", "frobnicate", NULL), ==, 2);
}

static void
test_damaged (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *db = g_build_filename (f->data_home, "drivedash", "results.db", NULL);
  g_autofree char *parent = g_path_get_dirname (db);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
  g_assert_true (g_file_set_contents (db, "garbage, not SQLite", -1, NULL));
  g_assert_cmpint (run_cli (f->data_home, &out, &err, "history", "list", NULL), ==, 0);
  g_assert_nonnull (strstr (err, "was damaged"));
  g_assert_nonnull (strstr (out, "No runs are stored yet"));
}

static DrivedashStoreRun *
small_run (gint64 started_at)
{
  DrivedashStoreRun *run = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);
  DrivedashStoreResult *r = drivedash_store_result_new ("RND4K Q1T1", "write");
  double pass = 61.5;

  run->started_at = started_at;
  run->ended_at = started_at + 1;
  g_array_append_val (r->passes, pass);
  r->mb_per_s = pass;
  g_ptr_array_add (run->results, r);
  return run;
}

/* The CLI imports while this process — as the app does, through the
 * library — saves runs into the same database. */
static void
test_two_processes (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *other = g_build_filename (f->dir, "other.db", NULL);
  g_autofree char *file = g_build_filename (f->dir, "twenty.json", NULL);
  g_autofree char *db = g_build_filename (f->data_home, "drivedash", "results.db", NULL);
  g_autofree char *json = NULL;
  g_autoptr(DrivedashStore) source = drivedash_store_open (other, NULL);
  g_autoptr(DrivedashStore) store = drivedash_store_open (db, NULL);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = cli_env (f->data_home);
  GPid children[4];
  const guint n_children = G_N_ELEMENTS (children), n_own = 100;

  for (guint i = 0; i < 20; i++)
    {
      g_autoptr(DrivedashStoreRun) run = small_run (1700000000000000 + i);

      g_assert_true (drivedash_store_save_run (source, run, &error));
      g_array_append_val (ids, run->id);
    }
  json = drivedash_store_export_json (source, (gint64 *) (gpointer) ids->data, ids->len, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (file, json, -1, NULL));

  for (guint c = 0; c < n_children; c++)
    {
      g_autofree char *cli = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli", "drivedash-cli", NULL);
      const char *argv[] = { cli, "history", "import", file, NULL };

      g_assert_true (g_spawn_async (NULL, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD |
                                    G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, &children[c], &error));
      g_assert_no_error (error);
    }
  for (guint i = 0; i < n_own; i++)
    {
      g_autoptr(DrivedashStoreRun) run = small_run (1800000000000000 + i);

      g_assert_true (drivedash_store_save_run (store, run, &error));
      g_assert_no_error (error);
    }
  for (guint c = 0; c < n_children; c++)
    {
      int status;

      g_assert_cmpint (waitpid (children[c], &status, 0), ==, children[c]);
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 0);
      g_spawn_close_pid (children[c]);
    }
  list = drivedash_store_list_runs (store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, n_own + 20 * n_children);
}

/* A history of @n runs whose runs_started_at index has a bad first
 * page, with the marker a query that met it leaves: the next open checks
 * the whole file.  Returns the damaged bytes. */
static GBytes *
make_index_damaged (const char *db,
                    guint       n)
{
  g_autoptr(DrivedashStore) store = drivedash_store_open (db, NULL);
  g_autofree char *marker = g_strconcat (db, ".check", NULL);
  g_autofree char *bytes = NULL;
  sqlite3 *sql = NULL;
  sqlite3_stmt *stmt = NULL;
  gsize len;
  int page;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DrivedashStoreRun) run = small_run (1700000000000000 + i);

      g_assert_true (drivedash_store_save_run (store, run, NULL));
    }
  g_clear_object (&store);
  g_assert_cmpint (sqlite3_open (db, &sql), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (sql, "SELECT rootpage FROM sqlite_master WHERE name = "
                                       "'runs_started_at'", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  page = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (sql);
  g_assert_true (g_file_get_contents (db, &bytes, &len, NULL));
  memset (bytes + (gsize) (page - 1) * 4096, 0xff, 200);
  g_assert_true (g_file_set_contents (db, bytes, len, NULL));
  g_assert_true (g_file_set_contents (marker, "", 0, NULL));
  return g_bytes_new_take (g_steal_pointer (&bytes), len);
}

/* The damaged copies next to @db; asserts each is the original. */
static guint
count_asides (const char *db,
              GBytes     *original)
{
  g_autofree char *dirname = g_path_get_dirname (db);
  g_autofree char *prefix = g_path_get_basename (db);
  g_autoptr(GDir) dir = g_dir_open (dirname, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, prefix) && strstr (name, ".damaged-") != NULL &&
        !g_str_has_suffix (name, "-wal") && !g_str_has_suffix (name, "-shm"))
      {
        g_autofree char *path = g_build_filename (dirname, name, NULL);
        g_autoptr(GBytes) bytes = NULL;
        g_autofree char *contents = NULL;
        gsize len;

        g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
        bytes = g_bytes_new_take (g_steal_pointer (&contents), len);
        g_assert_true (g_bytes_equal (bytes, original));
        n++;
      }
  return n;
}

/* Three "history list" started together on one damaged history, as the
 * app and the login watch do: one keeps the original aside, none
 * replaces it, and all 200 runs are still listed.  Rounds, because the
 * old failure was a race (9 of 30). */
static void
test_damaged_together (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *cli = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli",
                                           "drivedash-cli", NULL);
  const char *argv[] = { cli, "history", "list", "--json", NULL };
  const guint n_runs = 200, rounds = 10;

  for (guint round = 0; round < rounds; round++)
    {
      g_autofree char *home = g_strdup_printf ("%s/round-%u", f->dir, round);
      g_autofree char *db = g_build_filename (home, "drivedash", "results.db", NULL);
      g_autoptr(GBytes) original = make_index_damaged (db, n_runs);
      g_autoptr(DrivedashStore) store = NULL;
      g_autoptr(GPtrArray) list = NULL;
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) env = cli_env (home);
      GPid children[3];

      for (guint c = 0; c < G_N_ELEMENTS (children); c++)
        {
          g_assert_true (g_spawn_async (NULL, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD |
                                        G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                                        NULL, NULL, &children[c], &error));
          g_assert_no_error (error);
        }
      for (guint c = 0; c < G_N_ELEMENTS (children); c++)
        {
          int status;

          g_assert_cmpint (waitpid (children[c], &status, 0), ==, children[c]);
          g_assert_true (WIFEXITED (status));
          g_assert_cmpint (WEXITSTATUS (status), ==, 0);
          g_spawn_close_pid (children[c]);
        }
      g_assert_cmpuint (count_asides (db, original), ==, 1);
      store = drivedash_store_open (db, &error);
      g_assert_no_error (error);
      g_assert_null (drivedash_store_get_recovery_message (store));
      list = drivedash_store_list_runs (store, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (list->len, ==, n_runs);
    }
}

/* Six stored runs of each long test, named as a user would; returns
 * their ids as strings, kind by kind. */
static GPtrArray *
save_long_runs (Fixture *f)
{
  static const DrivedashLongTestKind kinds[] = { DRIVEDASH_LONG_TEST_SUSTAINED, DRIVEDASH_LONG_TEST_CONSISTENCY,
                                                 DRIVEDASH_LONG_TEST_SATURATION, DRIVEDASH_LONG_TEST_ADAPTIVITY };
  g_autofree char *path = g_build_filename (f->data_home, "drivedash", "results.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (path, &error);
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);

  g_assert_no_error (error);
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint i = 0; i < 6; i++)
      {
        g_autofree char *name = g_strdup_printf (i == 1 ? "SN750, game mode on \x1b]0;x\x07%u" : "SN750 %u", i);
        gint64 id = drivedash_test_save_long_run (store, kinds[k], name, i == 1 ? 1.12 : 1.0,
                                                  i <= 1 ? 0.005 : 0.08, i <= 1 ? 5 + i : 0);

        g_ptr_array_add (ids, g_strdup_printf ("%" G_GINT64_FORMAT, id));
      }
  return ids;
}

/* --format csv -o FILE: the rounds of both runs; another format is
 * refused. */
static void
check_compare_csv (Fixture    *f,
                   const char *a,
                   const char *b)
{
  g_autofree char *path = g_build_filename (f->dir, "comparison.csv", NULL);
  g_autofree char *out = NULL, *err = NULL, *csv = NULL, *out2 = NULL, *err2 = NULL;
  g_auto(GStrv) lines = NULL;
  int rc = run_cli (f->data_home, &out, &err, "history", "compare", "--format", "csv", "-o", path, a, b, NULL);

  g_assert_cmpint (rc, ==, 0);
  g_assert_true (g_file_get_contents (path, &csv, NULL, NULL));
  g_assert_true (g_str_has_prefix (csv, "run,label,phase,round,bandwidth_mb_per_s"));
  lines = g_strsplit (csv, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 2 * 18 + 1);
  rc = run_cli (f->data_home, &out2, &err2, "history", "compare", "--format", "text", a, b, NULL);
  g_assert_cmpint (rc, ==, 2);
  g_assert_nonnull (strstr (err2, "--format csv"));
}

/* history compare with 2, 4 and 6 runs of each long test: the same
 * numbers as text and --json, names as labels, escapes made visible. */
static void
test_compare_long (Fixture       *f,
                   gconstpointer  data)
{
  static const char *const tests[] = { "sustained", "consistency", "saturation", "adaptivity" };
  /* Consistency's three groups of rounds; Adaptivity's are all recovery
   * rounds; the others have none. */
  static const guint n_phases[] = { 0, 3, 0, 1 };
  g_autoptr(GPtrArray) ids = save_long_runs (f);

  for (guint k = 0; k < G_N_ELEMENTS (tests); k++)
    for (guint n = 2; n <= 6; n += 2)
      {
        char **id = (char **) ids->pdata + 6 * k;
        const char *six[6] = { NULL };
        g_autofree char *out = NULL, *err = NULL, *text = NULL;
        g_autoptr(JsonNode) doc = NULL;
        JsonObject *root;
        JsonArray *runs;
        int rc;

        for (guint i = 0; i < n; i++)
          six[i] = id[i];
        rc = run_cli (f->data_home, &out, &err, "history", "compare", "--json", six[0], six[1],
                      six[2], six[3], six[4], six[5], NULL);
        g_assert_cmpint (rc, ==, 0);
        doc = parse (out);
        root = json_node_get_object (doc);
        g_assert_cmpstr (json_object_get_string_member (root, "test"), ==, tests[k]);
        runs = json_object_get_array_member (root, "runs");
        g_assert_cmpuint (json_array_get_length (runs), ==, n);
        g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (runs, 0), "label"), ==,
                         "SN750 0");
        g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "phases")), ==,
                          n_phases[k]);
        if (n_phases[k] > 0)
          {
            JsonArray *phases = json_object_get_array_member (root, "phases");
            JsonObject *recovery = json_array_get_object_element (phases, n_phases[k] - 1);
            JsonObject *b = json_array_get_object_element (json_object_get_array_member (recovery, "runs"), 1);

            g_assert_cmpstr (json_object_get_string_member (b, "verdict"), ==, "faster");
            g_assert_nonnull (strstr (json_object_get_string_member (b, "sentence"), "recovers"));
          }

        rc = run_cli (f->data_home, &text, NULL, "history", "compare", six[0], six[1], six[2], six[3],
                      six[4], six[5], NULL);
        g_assert_cmpint (rc, ==, 0);
        /* In the log, for a person to read. */
        if (n == 4)
          g_test_message ("%s", text);
        g_assert_nonnull (strstr (text, "SN750 0"));
        g_assert_nonnull (strstr (text, "SN750, game mode on"));
        g_assert_null (strchr (text, '\x1b'));
        g_assert_null (strchr (text, '\x07'));
        if (n_phases[k] > 0)
          g_assert_nonnull (strstr (text, "recovers"));
        if (k == 1 && n == 2)
          check_compare_csv (f, six[0], six[1]);
      }
}

/* A Sustained run with a Consistency run, a speed test with a long
 * test: a plain sentence, nothing printed on stdout. */
static void
test_compare_long_mixed (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GPtrArray) ids = save_long_runs (f);
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;
  int rc = run_cli (f->data_home, &out, &err, "history", "compare", ids->pdata[0], ids->pdata[6], NULL);

  g_assert_cmpint (rc, ==, 2);
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (strstr (err, "different tests"));
  rc = run_cli (f->data_home, &out2, &err2, "history", "compare", "1", "2", "3", "4", "5", "6", "7", NULL);
  g_assert_cmpint (rc, ==, 2);
  g_assert_nonnull (strstr (err2, "2 to 6"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/history-cli/list-compare-json", test_list_compare_json);
  ADD ("/history-cli/export-import", test_export_import);
  ADD ("/history-cli/repeat", test_repeat);
  ADD ("/history-cli/bad-input", test_bad_input);
  ADD ("/history-cli/damaged", test_damaged);
  ADD ("/history-cli/two-processes", test_two_processes);
  ADD ("/history-cli/damaged-together", test_damaged_together);
  ADD ("/history-cli/compare-long", test_compare_long);
  ADD ("/history-cli/compare-long-mixed", test_compare_long_mixed);
#undef ADD
  return g_test_run ();
}
