/* test-store.c — the results history on real SQLite databases: save and
 * load, sets, migration from the committed v1 fixture, a damaged file
 * moved aside, a newer schema refused, a full disk, export/import round
 * trip, the time series
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "drivedash-error.h"
#include "drivedash-store-export.h"
#include "drivedash-store-private.h"

#include "drivedash-test-tree.h"

typedef struct
{
  char *dir;
  char *path;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("drivedash-store-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "drivedash", "results.db", NULL);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  drivedash_test_tree_remove (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static void
copy_fixture (const char *name,
              const char *to)
{
  g_autofree char *from = g_test_build_filename (G_TEST_DIST, "fixtures", name, NULL);
  g_autofree char *parent = g_path_get_dirname (to);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize len;

  g_file_get_contents (from, &contents, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
  g_file_set_contents (to, contents, len, &error);
  g_assert_no_error (error);
}

/* A run like a bench report gives, with two tests and three passes. */
static DrivedashStoreRun *
make_run (gint64 started_at,
          double scale)
{
  DrivedashStoreRun *run = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);
  const char *tests[] = { "SEQ1M Q8T1", "RND4K Q1T1" };
  const char *modes[] = { "read", "write" };

  run->started_at = started_at;
  run->ended_at = started_at + 42 * G_USEC_PER_SEC + 17;
  run->kernel = g_strdup ("6.1.0-13-amd64");
  run->drive_model = g_strdup ("Samsung SSD 970 EVO Plus 1TB");
  run->drive_firmware = g_strdup ("2B2QEXM7");
  run->drive_capacity = G_GUINT64_CONSTANT (1000204886016);
  run->filesystem = g_strdup ("ext4");
  run->settings_json = g_strdup ("{\"folder\":\"/home/user\",\"passes\":3}");
  run->game_mode = 1;
  run->temp_start_c = 38.5;
  run->temp_end_c = 47.25;
  for (guint i = 0; i < G_N_ELEMENTS (tests); i++)
    {
      DrivedashStoreResult *r = drivedash_store_result_new (tests[i], modes[i]);
      double passes[] = { 3000 * scale / (i + 1), 3100 * scale / (i + 1), 3050 * scale / (i + 1) };

      g_array_append_vals (r->passes, passes, 3);
      r->mb_per_s = passes[1];
      r->iops = passes[1] * 1e6 / (i ? 4096 : 1048576);
      r->latency_us = (DrivedashBenchLatency) { 10.5, 10, 12, 30, 80.125, 900 };
      g_ptr_array_add (run->results, r);
    }
  return run;
}

static void
assert_runs_equal (const DrivedashStoreRun *a,
                   const DrivedashStoreRun *b)
{
  g_assert_cmpint (a->kind, ==, b->kind);
  g_assert_cmpint (a->started_at, ==, b->started_at);
  g_assert_cmpint (a->ended_at, ==, b->ended_at);
  g_assert_cmpint (a->status, ==, b->status);
  g_assert_cmpstr (a->error, ==, b->error);
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpstr (a->note, ==, b->note);
  g_assert_cmpstr (a->kernel, ==, b->kernel);
  g_assert_cmpstr (a->drive_model, ==, b->drive_model);
  g_assert_cmpstr (a->drive_firmware, ==, b->drive_firmware);
  g_assert_cmpuint (a->drive_capacity, ==, b->drive_capacity);
  g_assert_cmpstr (a->serial_hash, ==, b->serial_hash);
  g_assert_cmpstr (a->filesystem, ==, b->filesystem);
  g_assert_cmpint (a->game_mode, ==, b->game_mode);
  g_assert_cmpfloat (a->temp_start_c, ==, b->temp_start_c);
  g_assert_cmpfloat (a->temp_end_c, ==, b->temp_end_c);
  g_assert_cmpstr (a->set_role, ==, b->set_role);
  g_assert_cmpuint (a->results->len, ==, b->results->len);
  for (guint i = 0; i < a->results->len; i++)
    {
      const DrivedashStoreResult *x = g_ptr_array_index (a->results, i);
      const DrivedashStoreResult *y = g_ptr_array_index (b->results, i);

      g_assert_cmpstr (x->test, ==, y->test);
      g_assert_cmpstr (x->mode, ==, y->mode);
      g_assert_cmpfloat (x->mb_per_s, ==, y->mb_per_s);
      g_assert_cmpfloat (x->iops, ==, y->iops);
      g_assert_cmpmem (&x->latency_us, sizeof x->latency_us, &y->latency_us, sizeof y->latency_us);
      g_assert_cmpmem (x->passes->data, x->passes->len * sizeof (double),
                       y->passes->data, y->passes->len * sizeof (double));
    }
  g_assert_true ((a->series == NULL) == (b->series == NULL));
  if (a->series != NULL)
    g_assert_true (g_bytes_equal (a->series, b->series));
}

static GBytes *
make_series (guint n)
{
  g_autofree DrivedashBenchSample *samples = g_new0 (DrivedashBenchSample, n);

  for (guint i = 0; i < n; i++)
    samples[i] = (DrivedashBenchSample) {
      .test_index = i < n / 2 ? 0 : 1, .phase = DRIVEDASH_BENCH_PHASE_MEASURING, .pass = 1,
      .elapsed_s = i * 0.1, .run_elapsed_s = i * 0.1, .window_s = 0.1,
      .mb_per_s = 1000 + i, .iops = 250000, .latency_mean_us = 12, .latency_p99_us = 40 + i % 7,
    };
  return drivedash_store_series_encode (samples, n, 100);
}

static void
test_save_load (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->path, &error);
  g_autoptr(DrivedashStoreRun) run = make_run (1700000000123456, 1);
  g_autoptr(DrivedashStoreRun) loaded = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *contents = NULL;
  gsize len;

  g_assert_no_error (error);
  g_assert_null (drivedash_store_get_recovery_message (store));
  g_assert_cmpint (drivedash_store_get_schema_version (store), ==, DRIVEDASH_STORE_SCHEMA_VERSION);

  hash = drivedash_store_hash_serial (store, "S4EWNX0R123456 ");
  g_assert_cmpuint (strlen (hash), ==, 64);
  g_assert_null (strstr (hash, "S4EWNX0R123456"));
  {
    g_autofree char *same = drivedash_store_hash_serial (store, "S4EWNX0R123456");
    g_autofree char *other = drivedash_store_hash_serial (store, "S4EWNX0R123457");

    g_assert_cmpstr (hash, ==, same);
    g_assert_cmpstr (hash, !=, other);
  }
  g_assert_null (drivedash_store_hash_serial (store, "  "));
  run->serial_hash = g_strdup (hash);
  run->series = make_series (1000);
  run->note = g_strdup ("after the firmware update");

  g_assert_true (drivedash_store_save_run (store, run, &error));
  g_assert_no_error (error);
  g_assert_cmpint (run->id, >, 0);

  loaded = drivedash_store_get_run (store, run->id, &error);
  g_assert_no_error (error);
  assert_runs_equal (run, loaded);

  list = drivedash_store_list_runs (store, hash, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_null (((DrivedashStoreRun *) g_ptr_array_index (list, 0))->series);
  g_clear_pointer (&list, g_ptr_array_unref);
  list = drivedash_store_list_runs (store, "another drive", &error);
  g_assert_cmpuint (list->len, ==, 0);

  /* The raw serial is nowhere in the files (the WAL holds the new pages). */
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *file = g_strconcat (f->path, i ? "-wal" : "", NULL);

      g_clear_pointer (&contents, g_free);
      g_file_get_contents (file, &contents, &len, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (len, >, 0);
      for (gsize at = 0; at + 14 <= len; at++)
        g_assert_false (memcmp (contents + at, "S4EWNX0R123456", 14) == 0);
    }

  g_assert_true (drivedash_store_set_note (store, run->id, "new note", &error));
  g_assert_true (drivedash_store_set_name (store, run->id, "970 EVO", &error));
  g_clear_pointer (&loaded, drivedash_store_run_unref);
  loaded = drivedash_store_get_run (store, run->id, &error);
  g_assert_cmpstr (loaded->note, ==, "new note");
  g_assert_cmpstr (loaded->name, ==, "970 EVO");

  g_assert_true (drivedash_store_delete_run (store, run->id, &error));
  g_assert_no_error (error);
  g_assert_false (drivedash_store_delete_run (store, run->id, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_null (drivedash_store_get_run (store, run->id, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
}

static gint64
save_set (DrivedashStore *store,
          guint           n_members)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStoreRun) set = make_run (1700000100000000, 1);

  set->kind = DRIVEDASH_RUN_KIND_REPEAT_SET;
  g_assert_true (drivedash_store_save_run (store, set, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < n_members; i++)
    {
      g_autoptr(DrivedashStoreRun) member = make_run (1700000100000000 + i, 1 + i * 0.01);

      member->set_id = set->id;
      member->set_role = g_strdup ("repeat");
      member->series = make_series (50);
      g_assert_true (drivedash_store_save_run (store, member, &error));
      g_assert_no_error (error);
    }
  return set->id;
}

static void
test_sets (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->path, &error);
  g_autoptr(DrivedashStoreRun) single = make_run (1700000000000000, 1);
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GPtrArray) members = NULL;
  gint64 set_id;

  g_assert_true (drivedash_store_save_run (store, single, &error));
  set_id = save_set (store, 3);

  list = drivedash_store_list_runs (store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 2);
  /* Newest first, members hidden. */
  g_assert_cmpint (((DrivedashStoreRun *) g_ptr_array_index (list, 0))->id, ==, set_id);
  g_assert_cmpuint (((DrivedashStoreRun *) g_ptr_array_index (list, 0))->results->len, ==, 2);

  members = drivedash_store_list_members (store, set_id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (members->len, ==, 3);
  g_assert_cmpstr (((DrivedashStoreRun *) g_ptr_array_index (members, 2))->set_role, ==, "repeat");

  g_assert_true (drivedash_store_delete_run (store, set_id, &error));
  g_clear_pointer (&members, g_ptr_array_unref);
  members = drivedash_store_list_members (store, set_id, &error);
  g_assert_cmpuint (members->len, ==, 0);
  g_clear_pointer (&list, g_ptr_array_unref);
  list = drivedash_store_list_runs (store, NULL, &error);
  g_assert_cmpuint (list->len, ==, 1);
}

static char *
schema_of (sqlite3 *db)
{
  GString *s = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT type, name, sql FROM sqlite_master ORDER BY name",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (s, "%s %s %s\n", sqlite3_column_text (stmt, 0),
                            sqlite3_column_text (stmt, 1), sqlite3_column_text (stmt, 2));
  sqlite3_finalize (stmt);
  return g_string_free (s, FALSE);
}

/* The committed fixture really is what the v1 schema made. */
static void
test_fixture_is_v1 (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "fixtures", "store-v1.db", NULL);
  g_autofree char *fresh = g_build_filename (f->dir, "fresh.db", NULL);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (fixture, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  a = schema_of (db);
  sqlite3_close (db);
  g_assert_cmpint (sqlite3_open (fresh, &db), ==, SQLITE_OK);
  g_assert_true (drivedash_store_create_schema_version (db, 1, &error));
  g_assert_no_error (error);
  b = schema_of (db);
  sqlite3_close (db);
  g_assert_cmpstr (a, ==, b);
}

static void
test_migrate_v1 (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(DrivedashStoreRun) run = NULL;
  g_autoptr(DrivedashStoreRun) member = make_run (1700001000000000, 1);
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree char *hash = NULL;
  const DrivedashStoreResult *r;

  copy_fixture ("store-v1.db", f->path);
  store = drivedash_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_null (drivedash_store_get_recovery_message (store));
  g_assert_cmpint (drivedash_store_get_schema_version (store), ==, DRIVEDASH_STORE_SCHEMA_VERSION);

  list = drivedash_store_list_runs (store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 2);
  /* The list's headline numbers (read from the v3 index) are the run's. */
  for (guint i = 0; i < list->len; i++)
    {
      const DrivedashStoreRun *listed = g_ptr_array_index (list, i);
      g_autoptr(DrivedashStoreRun) full = drivedash_store_get_run (store, listed->id, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (listed->results->len, ==, full->results->len);
      for (guint k = 0; k < listed->results->len; k++)
        {
          const DrivedashStoreResult *a = g_ptr_array_index (listed->results, k);
          const DrivedashStoreResult *b = g_ptr_array_index (full->results, k);

          g_assert_cmpstr (a->test, ==, b->test);
          g_assert_cmpstr (a->mode, ==, b->mode);
          g_assert_cmpfloat (a->mb_per_s, ==, b->mb_per_s);
          g_assert_cmpfloat (a->iops, ==, b->iops);
        }
    }
  run = drivedash_store_get_run (store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (run->drive_model, ==, "WD_BLACK SN750 1TB");
  g_assert_cmpstr (run->note, ==, "before the firmware update");
  g_assert_cmpint (run->game_mode, ==, 0);
  g_assert_cmpfloat (run->temp_end_c, ==, 45.5);
  g_assert_null (run->name);
  g_assert_null (run->series);
  g_assert_cmpuint (run->results->len, ==, 2);
  r = g_ptr_array_index (run->results, 1);
  g_assert_cmpstr (r->test, ==, "RND4K Q32T1");
  g_assert_cmpuint (r->passes->len, ==, 3);
  g_assert_cmpfloat (g_array_index (r->passes, double, 2), ==, 1390.0);
  g_clear_pointer (&run, drivedash_store_run_unref);
  run = drivedash_store_get_run (store, 2, &error);
  g_assert_cmpint (run->status, ==, DRIVEDASH_RUN_STATUS_CANCELLED);
  g_assert_cmpint (run->game_mode, ==, 1);
  g_assert_true (isnan (run->temp_start_c));

  /* The salt of the old database is kept: old hashes still match. */
  g_checksum_update (sum, (const guchar *) "0123456789abcdef0123456789abcdef\nS123", -1);
  hash = drivedash_store_hash_serial (store, "S123");
  g_assert_cmpstr (hash, ==, g_checksum_get_string (sum));

  /* What v2 added works on the migrated file. */
  member->set_id = 1;
  member->set_role = g_strdup ("repeat");
  member->series = make_series (10);
  g_assert_true (drivedash_store_save_run (store, member, &error));
  g_assert_no_error (error);
  g_assert_true (drivedash_store_set_name (store, 1, "old", &error));
  g_clear_object (&store);

  /* Opening again migrates nothing twice. */
  store = drivedash_store_open (f->path, &error);
  g_assert_no_error (error);
  g_clear_pointer (&list, g_ptr_array_unref);
  list = drivedash_store_list_members (store, 1, &error);
  g_assert_cmpuint (list->len, ==, 1);
}

static void
check_damaged (Fixture    *f,
               const char *original,
               gsize       original_len,
               guint       kept,
               const char *says)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->path, &error);
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(DrivedashStoreRun) run = make_run (1700000000000000, 1);
  g_autofree char *dirname = g_path_get_dirname (f->path);
  g_autoptr(GDir) dir = g_dir_open (dirname, 0, NULL);
  const char *message;
  const char *name;
  gboolean found = FALSE;

  g_assert_no_error (error);
  message = drivedash_store_get_recovery_message (store);
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, "damaged"));
  g_assert_nonnull (strstr (message, "results.db.damaged-"));
  g_assert_nonnull (strstr (message, says));
  list = drivedash_store_list_runs (store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, kept);
  g_assert_true (drivedash_store_save_run (store, run, &error));

  /* The damaged file is kept, byte for byte, for whoever wants it. */
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "results.db.damaged-") && !g_str_has_suffix (name, "-wal") &&
        !g_str_has_suffix (name, "-shm"))
      {
        g_autofree char *path = g_build_filename (dirname, name, NULL);
        g_autofree char *contents = NULL;
        gsize len;

        g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
        g_assert_cmpmem (contents, len, original, original_len);
        found = TRUE;
      }
  g_assert_true (found);
}

static void
test_damaged (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "fixtures", "store-damaged.db", NULL);
  g_autofree char *original = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (fixture, &original, &len, NULL));
  copy_fixture ("store-damaged.db", f->path);
  /* Only the meta table's page is bad: both runs are read back. */
  check_damaged (f, original, len, 2, "copied the 2 runs it could still read");
}

static void
test_not_a_database (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *parent = g_path_get_dirname (f->path);
  const char *text = "this is a text file, not a database\n";

  g_mkdir_with_parents (parent, 0700);
  g_assert_true (g_file_set_contents (f->path, text, -1, NULL));
  check_damaged (f, text, strlen (text), 0, "no run could be read");
}

/* Damage past the first pages shows only when a query reads it: that
 * query fails in plain words, and the next start checks the whole file
 * and moves it aside. */
static void
test_damaged_later (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autofree char *bytes = NULL;
  gsize len;

  store = drivedash_store_open (f->path, &error);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(DrivedashStoreRun) run = make_run (1700000000000000 + i, 1);

      g_assert_true (drivedash_store_save_run (store, run, &error));
    }
  g_clear_object (&store);
  g_assert_true (g_file_get_contents (f->path, &bytes, &len, NULL));
  /* Page 4 is the runs table: made fourth, as in make-store-fixtures.sh. */
  g_assert_cmpuint (len, >, 4 * 4096);
  memset (bytes + 3 * 4096, 0xff, 200);
  g_assert_true (g_file_set_contents (f->path, bytes, len, NULL));

  store = drivedash_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_null (drivedash_store_get_recovery_message (store));
  list = drivedash_store_list_runs (store, NULL, &error);
  g_assert_null (list);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "damaged"));
  g_clear_error (&error);
  g_clear_object (&store);

  store = drivedash_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (drivedash_store_get_recovery_message (store));
  list = drivedash_store_list_runs (store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 0);
}

/* Overwrites the first page of the b-tree @name (a table or index). */
static void
damage_btree (const char *path,
              const char *name)
{
  g_autofree char *bytes = NULL;
  g_autofree char *sql = g_strdup_printf ("SELECT rootpage FROM sqlite_master WHERE name = '%s'", name);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gsize len;
  int page;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  page = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  g_assert_true (g_file_get_contents (path, &bytes, &len, NULL));
  g_assert_cmpuint (len, >=, (gsize) page * 4096);
  memset (bytes + (gsize) (page - 1) * 4096, 0xff, 200);
  g_assert_true (g_file_set_contents (path, bytes, len, NULL));
}

static void
save_runs (const char *path,
           guint       n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (path, &error);

  g_assert_no_error (error);
  g_assert_true (drivedash_store_exec (store->db, "BEGIN", &error));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(DrivedashStoreRun) run = make_run (1700000000000000 + i * G_USEC_PER_SEC, 1);

      g_assert_cmpint (drivedash_store_insert_run (store, run), ==, SQLITE_OK);
    }
  g_assert_true (drivedash_store_exec (store->db, "COMMIT", &error));
}

/* One bad index page, every run still readable: opening after the
 * damage was met keeps all 200 runs and says where the old file is. */
static void
test_index_damaged (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autofree char *marker = g_strconcat (f->path, ".check", NULL);
  g_autofree char *damaged = NULL;
  g_autofree char *kept = NULL;
  const char *message, *aside;
  gsize len, kept_len;

  save_runs (f->path, 200);
  damage_btree (f->path, "runs_started_at");
  g_assert_true (g_file_get_contents (f->path, &damaged, &len, NULL));
  /* As a query that met the bad page leaves it. */
  g_assert_true (g_file_set_contents (marker, "", 0, NULL));

  store = drivedash_store_open (f->path, &error);
  g_assert_no_error (error);
  message = drivedash_store_get_recovery_message (store);
  g_assert_nonnull (message);
  g_test_message ("%s", message);
  g_assert_nonnull (strstr (message, "Your history file was damaged."));
  list = drivedash_store_list_runs (store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 200);
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));
  aside = strstr (message, f->path);
  g_assert_nonnull (aside);
  {
    g_autofree char *name = g_strndup (aside, strcspn (aside, " ") - 1);

    g_assert_true (g_file_get_contents (name, &kept, &kept_len, NULL));
  }
  g_assert_cmpmem (kept, kept_len, damaged, len);
}

/* A folder this process may not write (chmod, or a read-only bind mount
 * for root, whom permissions do not stop): the history still reads. */
static void
test_read_only (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(DrivedashStoreRun) run = make_run (1800000000000000, 1);
  g_autofree char *dir = g_path_get_dirname (f->path);
  gboolean mounted = FALSE;

  save_runs (f->path, 3);
  if (geteuid () == 0)
    {
      g_assert_cmpint (mount (dir, dir, NULL, MS_BIND, NULL), ==, 0);
      mounted = TRUE;
      g_assert_cmpint (mount (NULL, dir, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY, NULL), ==, 0);
    }
  else
    g_assert_cmpint (g_chmod (dir, 0500), ==, 0);

  store = drivedash_store_open (f->path, &error);
  g_assert_no_error (error);
  list = drivedash_store_list_runs (store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 3);
  g_assert_false (drivedash_store_save_run (store, run, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE);
  g_clear_object (&store);
  if (mounted)
    g_assert_cmpint (umount2 (dir, MNT_DETACH), ==, 0);
  else
    g_assert_cmpint (g_chmod (dir, 0700), ==, 0);
}

static void
test_newer_schema (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->path, &error);
  sqlite3 *db = NULL;

  g_clear_object (&store);
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA user_version = 99", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  store = drivedash_store_open (f->path, &error);
  g_assert_null (store);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "newer version"));
  /* Left where it was, not moved aside as damaged. */
  g_assert_true (g_file_test (f->path, G_FILE_TEST_EXISTS));
}

static void
test_full_disk (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *mnt = g_build_filename (f->dir, "small", NULL);
  g_autofree char *path = g_build_filename (mnt, "results.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autofree char *padding = NULL;
  guint saved = 0;

  g_assert_cmpint (g_mkdir_with_parents (mnt, 0700), ==, 0);
  if (geteuid () != 0 || mount ("drivedash-test", mnt, "tmpfs", 0, "size=400k") != 0)
    {
      g_test_skip ("a full disk needs a small filesystem: mounting a 400 KiB tmpfs needs root "
                   "(CAP_SYS_ADMIN), which this test does not have");
      return;
    }

  store = drivedash_store_open (path, &error);
  g_assert_no_error (error);
  /* Settings text of 8 KiB per run fills 400 KiB within ~50 runs. */
  padding = g_strnfill (8192, 'x');
  for (guint i = 0; i < 1000; i++)
    {
      g_autoptr(DrivedashStoreRun) run = make_run (1700000000000000 + i, 1);

      g_free (run->settings_json);
      run->settings_json = g_strdup_printf ("{\"padding\": \"%s\"}", padding);
      run->series = make_series (200);
      if (!drivedash_store_save_run (store, run, &error))
        break;
      g_assert_cmpint (run->id, >, 0);
      saved++;
    }
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NO_SPACE);
  g_assert_nonnull (strstr (error->message, "full"));
  g_assert_cmpuint (saved, >, 0);
  g_test_message ("%u runs fitted before the disk was full", saved);
  g_clear_error (&error);

  /* Every run saved before is still there, now and after reopening. */
  list = drivedash_store_list_runs (store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, saved);
  g_clear_pointer (&list, g_ptr_array_unref);
  g_clear_object (&store);
  store = drivedash_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_null (drivedash_store_get_recovery_message (store));
  list = drivedash_store_list_runs (store, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, saved);
  g_clear_object (&store);
  g_assert_cmpint (umount2 (mnt, MNT_DETACH), ==, 0);
}

/* An export with ids (they differ between databases) taken out. */
static char *
normalize_export (const char *json)
{
  g_autoptr(JsonNode) root = json_from_string (json, NULL);
  JsonObject *o = json_node_get_object (root);
  JsonArray *runs = json_object_get_array_member (o, "runs");

  json_object_remove_member (o, "exported_at");
  for (guint i = 0; i < json_array_get_length (runs); i++)
    {
      JsonObject *run = json_array_get_object_element (runs, i);

      g_assert_true (json_object_has_member (run, "id"));
      json_object_remove_member (run, "id");
      json_object_set_boolean_member (run, "set_id", !json_object_get_null_member (run, "set_id"));
    }
  return json_to_string (root, TRUE);
}

static void
test_export_import (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *other = g_build_filename (f->dir, "friend", "results.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) a = drivedash_store_open (f->path, &error);
  g_autoptr(DrivedashStore) b = drivedash_store_open (other, &error);
  g_autoptr(DrivedashStoreRun) run = make_run (1700000000654321, 1);
  g_autoptr(GArray) new_ids = NULL;
  g_autoptr(GPtrArray) members = NULL;
  g_autofree char *json_a = NULL;
  g_autofree char *json_b = NULL;
  g_autofree char *norm_a = NULL;
  g_autofree char *norm_b = NULL;
  gint64 ids[2];

  run->series = make_series (300);
  run->serial_hash = drivedash_store_hash_serial (a, "SERIAL1");
  run->note = g_strdup ("ユーザーのメモ, \"quoted\"");
  g_assert_true (drivedash_store_save_run (a, run, &error));
  ids[0] = run->id;
  ids[1] = save_set (a, 2);

  json_a = drivedash_store_export_json (a, ids, 2, &error);
  g_assert_no_error (error);
  new_ids = drivedash_store_import_json (b, json_a, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (new_ids->len, ==, 2);
  {
    g_autoptr(DrivedashStoreRun) copy = drivedash_store_get_run (b, g_array_index (new_ids, gint64, 0), &error);

    g_assert_no_error (error);
    assert_runs_equal (run, copy);
  }
  members = drivedash_store_list_members (b, g_array_index (new_ids, gint64, 1), &error);
  g_assert_cmpuint (members->len, ==, 2);

  json_b = drivedash_store_export_json (b, (gint64 *) (gpointer) new_ids->data, new_ids->len, &error);
  g_assert_no_error (error);
  norm_a = normalize_export (json_a);
  norm_b = normalize_export (json_b);
  g_assert_cmpstr (norm_a, ==, norm_b);
}

/* A review made part by part: a repeat set (with its members) and a
 * long run join it; only the review is listed; a set is never its own
 * member nor its member's; export and import keep the nesting; deleting
 * the review takes every part. */
static void
test_review_set (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *other = g_build_filename (f->dir, "friend", "results.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->path, &error);
  g_autoptr(DrivedashStore) friend = drivedash_store_open (other, &error);
  g_autoptr(DrivedashStoreRun) review = make_run (1700000000000000, 1);
  g_autoptr(DrivedashStoreRun) sustained = make_run (1700000200000000, 1);
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(GPtrArray) steps = NULL;
  g_autoptr(GPtrArray) repeats = NULL;
  g_autoptr(GArray) imported = NULL;
  g_autoptr(DrivedashStoreRun) copy = NULL;
  g_autofree char *json = NULL;
  gint64 speed;

  review->kind = DRIVEDASH_RUN_KIND_REVIEW;
  review->status = DRIVEDASH_RUN_STATUS_CANCELLED;
  g_ptr_array_set_size (review->results, 0);
  g_assert_true (drivedash_store_save_run (store, review, &error));
  speed = save_set (store, 2);
  sustained->kind = DRIVEDASH_RUN_KIND_SUSTAINED;
  g_assert_true (drivedash_store_save_run (store, sustained, &error));
  g_assert_no_error (error);

  g_assert_true (drivedash_store_add_to_set (store, review->id, speed, "step", DRIVEDASH_RUN_STATUS_CANCELLED,
                                             1700000300000000, &error));
  g_assert_true (drivedash_store_add_to_set (store, review->id, sustained->id, "step", DRIVEDASH_RUN_STATUS_DONE,
                                             1700000400000000, &error));
  g_assert_no_error (error);
  /* Not its own member, nor its member's; no run 999. */
  g_assert_false (drivedash_store_add_to_set (store, review->id, review->id, "step", DRIVEDASH_RUN_STATUS_DONE, 0,
                                              &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (drivedash_store_add_to_set (store, speed, review->id, "step", DRIVEDASH_RUN_STATUS_DONE, 0,
                                              &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_false (drivedash_store_add_to_set (store, review->id, 999, "step", DRIVEDASH_RUN_STATUS_DONE, 0, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_clear_error (&error);

  list = drivedash_store_list_runs (store, NULL, &error);
  g_assert_cmpuint (list->len, ==, 1);
  copy = drivedash_store_get_run (store, review->id, &error);
  g_assert_cmpint (copy->kind, ==, DRIVEDASH_RUN_KIND_REVIEW);
  g_assert_cmpstr (drivedash_run_kind_to_string (copy->kind), ==, "review");
  g_assert_cmpint (copy->status, ==, DRIVEDASH_RUN_STATUS_DONE);
  g_assert_cmpint (copy->ended_at, ==, 1700000400000000);
  steps = drivedash_store_list_members (store, review->id, &error);
  g_assert_cmpuint (steps->len, ==, 2);
  g_assert_cmpint (((DrivedashStoreRun *) steps->pdata[0])->id, ==, speed);
  g_assert_cmpstr (((DrivedashStoreRun *) steps->pdata[1])->set_role, ==, "step");

  /* The export carries the review, its steps and the repeats. */
  json = drivedash_store_export_json (store, &review->id, 1, &error);
  g_assert_no_error (error);
  imported = drivedash_store_import_json (friend, json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (imported->len, ==, 1);
  g_clear_pointer (&steps, g_ptr_array_unref);
  steps = drivedash_store_list_members (friend, g_array_index (imported, gint64, 0), &error);
  g_assert_cmpuint (steps->len, ==, 2);
  repeats = drivedash_store_list_members (friend, ((DrivedashStoreRun *) steps->pdata[0])->id, &error);
  g_assert_cmpuint (repeats->len, ==, 2);

  g_assert_true (drivedash_store_delete_run (store, review->id, &error));
  g_clear_pointer (&list, g_ptr_array_unref);
  list = drivedash_store_list_runs (store, NULL, &error);
  g_assert_cmpuint (list->len, ==, 0);
  g_clear_pointer (&repeats, g_ptr_array_unref);
  repeats = drivedash_store_list_members (store, speed, &error);
  g_assert_cmpuint (repeats->len, ==, 0);
}

/* Names up to 200 characters (not bytes) and notes up to 4 KiB: longer
 * ones are refused in plain words, when set, saved or imported. */
static void
test_name_note_limits (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->path, &error);
  g_autoptr(DrivedashStoreRun) run = make_run (1700000000000000, 1);
  g_autoptr(DrivedashStoreRun) long_named = make_run (1700000100000000, 1);
  g_autoptr(GString) name = g_string_new (NULL);
  g_autofree char *note = g_strnfill (DRIVEDASH_STORE_NOTE_MAX_BYTES, 'n');
  g_autofree char *long_note = g_strnfill (DRIVEDASH_STORE_NOTE_MAX_BYTES + 1, 'n');
  g_autofree char *json = NULL;
  g_autofree char *hostile = NULL;

  g_assert_true (drivedash_store_save_run (store, run, &error));
  for (guint i = 0; i < DRIVEDASH_STORE_NAME_MAX_CHARS; i++)
    g_string_append (name, "日");
  g_assert_true (drivedash_store_set_name (store, run->id, name->str, &error));
  g_assert_true (drivedash_store_set_note (store, run->id, note, &error));
  g_assert_no_error (error);
  g_string_append_c (name, 'x');
  g_assert_false (drivedash_store_set_name (store, run->id, name->str, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "200 characters"));
  g_clear_error (&error);
  g_assert_false (drivedash_store_set_note (store, run->id, long_note, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  long_named->name = g_strdup (name->str);
  g_assert_false (drivedash_store_save_run (store, long_named, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* An export whose name was made longer: the import says which run. */
  json = drivedash_store_export_json (store, &run->id, 1, &error);
  g_assert_no_error (error);
  {
    g_autoptr(JsonNode) root = json_from_string (json, &error);
    JsonArray *runs = json_object_get_array_member (json_node_get_object (root), "runs");

    json_object_set_string_member (json_array_get_object_element (runs, 0), "name", name->str);
    hostile = json_to_string (root, FALSE);
  }
  g_assert_null (drivedash_store_import_json (store, hostile, -1, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "name or a note"));
}

/* A hostile file whose two runs are each other's set: both are kept,
 * each on its own. */
static void
test_import_set_loop (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->path, &error);
  g_autoptr(DrivedashStoreRun) a = make_run (1700000000000000, 1);
  g_autoptr(DrivedashStoreRun) b = make_run (1700000100000000, 1);
  g_autoptr(GArray) imported = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *json = NULL;
  g_autofree char *hostile = NULL;
  gint64 ids[2];
  JsonArray *runs;

  g_assert_true (drivedash_store_save_run (store, a, &error));
  g_assert_true (drivedash_store_save_run (store, b, &error));
  ids[0] = a->id;
  ids[1] = b->id;
  json = drivedash_store_export_json (store, ids, 2, &error);
  g_assert_no_error (error);
  root = json_from_string (json, &error);
  runs = json_object_get_array_member (json_node_get_object (root), "runs");
  json_object_set_int_member (json_array_get_object_element (runs, 0), "set_id", ids[1]);
  json_object_set_int_member (json_array_get_object_element (runs, 1), "set_id", ids[0]);
  hostile = json_to_string (root, FALSE);
  imported = drivedash_store_import_json (store, hostile, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (imported->len, ==, 2);
  list = drivedash_store_list_runs (store, NULL, &error);
  g_assert_cmpuint (list->len, ==, 4);
}

static void
test_import_invalid (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->path, &error);
  g_autoptr(GPtrArray) list = NULL;
  const char *bad[] = {
    "not json at all",
    "{\"format\":\"something-else\",\"version\":1,\"runs\":[]}",
    "{\"format\":\"drivedash-history\",\"version\":2,\"runs\":[]}",
    "{\"format\":\"drivedash-history\",\"version\":1}",
    /* The first run is fine, the second is not: nothing is imported. */
    "{\"format\":\"drivedash-history\",\"version\":1,\"runs\":["
    "{\"kind\":\"quick\",\"started_at\":\"2024-01-01T10:00:00Z\",\"status\":\"done\",\"results\":[]},"
    "{\"kind\":\"quick\",\"started_at\":\"2024-01-01T10:00:00Z\",\"status\":\"done\","
    "\"results\":[{\"test\":\"SEQ1M Q8T1\",\"mode\":\"read\",\"passes\":[\"fast\"]}]}]}",
    "{\"format\":\"drivedash-history\",\"version\":1,\"runs\":[{\"kind\":\"warp\"}]}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GArray) ids = drivedash_store_import_json (store, bad[i], -1, &error);

      g_assert_null (ids);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, "Nothing was imported"));
      g_clear_error (&error);
    }
  list = drivedash_store_list_runs (store, NULL, &error);
  g_assert_cmpuint (list->len, ==, 0);
}

static void
test_series (void)
{
  g_autoptr(GBytes) bytes = make_series (1000);
  g_autoptr(GArray) points = NULL;
  g_autoptr(GBytes) damaged = NULL;
  g_autoptr(GError) error = NULL;
  double seconds = 0, weighted = 0, max_p99 = 0;

  /* 1000 samples × 10 float32 = 40 kB raw; decimated and compressed. */
  g_assert_cmpuint (g_bytes_get_size (bytes), <, 4000);
  points = drivedash_store_series_decode (bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (points->len, <=, 200);
  g_assert_cmpuint (points->len, >=, 100);
  for (guint i = 0; i < points->len; i++)
    {
      const DrivedashBenchSample *s = &g_array_index (points, DrivedashBenchSample, i);

      seconds += s->window_s;
      weighted += s->mb_per_s * s->window_s;
      max_p99 = MAX (max_p99, s->latency_p99_us);
    }
  /* Time and the time-weighted mean survive decimation (float32). */
  g_assert_cmpfloat_with_epsilon (seconds, 100.0, 1e-3);
  g_assert_cmpfloat_with_epsilon (weighted / seconds, 1499.5, 1e-2);
  g_assert_cmpfloat (max_p99, ==, 46);
  g_assert_cmpuint (g_array_index (points, DrivedashBenchSample, points->len - 1).test_index, ==, 1);

  damaged = g_bytes_new_static ("garbage", 7);
  g_assert_null (drivedash_store_series_decode (damaged, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
}

/* The folder of a saved run comes back byte for byte, also when its name
 * is not UTF-8; a run saved before "folder_uri" existed still reads. */
static void
test_folder_round_trip (Fixture       *f,
                        gconstpointer  data)
{
  const char *folder = "/srv/caf\xe9-\xff";
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->path, &error);
  g_autoptr(DrivedashBenchSettings) settings = drivedash_bench_settings_new ();
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(DrivedashBenchReport) back = NULL;
  g_autoptr(DrivedashBenchReport) old = NULL;
  g_autoptr(DrivedashStoreRun) run = NULL;
  g_autoptr(DrivedashStoreRun) loaded = NULL;

  g_assert_no_error (error);
  drivedash_bench_settings_set_folder (settings, folder);
  report = drivedash_bench_report_new (settings);
  run = drivedash_store_run_new_from_report (report, DRIVEDASH_RUN_KIND_QUICK);
  g_assert_true (g_utf8_validate (run->settings_json, -1, NULL));
  g_assert_true (drivedash_store_save_run (store, run, &error));
  g_assert_no_error (error);
  loaded = drivedash_store_get_run (store, run->id, &error);
  g_assert_no_error (error);
  back = drivedash_store_run_to_report (loaded);
  g_assert_cmpstr (back->settings->folder, ==, folder);

  g_free (loaded->settings_json);
  loaded->settings_json = g_strdup ("{\"folder\":\"/srv/old\",\"passes\":3}");
  old = drivedash_store_run_to_report (loaded);
  g_assert_cmpstr (old->settings->folder, ==, "/srv/old");
  g_assert_cmpint (old->settings->passes, ==, 3);
}

/* A flagged result keeps its doubts and what the drive saw: saved and
 * loaded, in a report made from History, in the JSON export and back
 * through import, and in the CSV; a file's hostile "checks" are dropped. */
static void
test_checks (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *other = g_build_filename (f->dir, "friend", "results.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->path, &error);
  g_autoptr(DrivedashStore) friend = drivedash_store_open (other, &error);
  g_autoptr(DrivedashBenchSettings) settings = drivedash_bench_settings_new ();
  g_autoptr(DrivedashBenchReport) report = drivedash_bench_report_new (settings);
  g_autoptr(DrivedashBenchReport) back = NULL;
  g_autoptr(DrivedashStoreRun) run = NULL, loaded = NULL, copy = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autofree char *json = NULL, *csv = NULL, *hostile = NULL;
  DrivedashBenchSpec spec;
  DrivedashBenchResult *r, *b;
  const char *at;

  g_assert_true (drivedash_bench_spec_parse ("SEQ1M Q8T1", DRIVEDASH_BENCH_MODE_READ, &spec, NULL));
  r = drivedash_bench_result_new (&spec, 1);
  r->pass_mb_per_s[0] = 9000;
  drivedash_bench_result_summarize_passes (r);
  r->doubts = DRIVEDASH_BENCH_DOUBT_ABOVE_LINK | DRIVEDASH_BENCH_DOUBT_CACHE;
  r->doubt_words = g_strdup ("9,000 MB/s is more than this drive’s connection can carry.");
  drivedash_bench_report_add_result (report, r);
  drivedash_bench_result_unref (r);

  run = drivedash_store_run_new_from_report (report, DRIVEDASH_RUN_KIND_QUICK);
  g_assert_true (drivedash_store_save_run (store, run, &error));
  g_assert_no_error (error);
  loaded = drivedash_store_get_run (store, run->id, &error);
  g_assert_no_error (error);
  back = drivedash_store_run_to_report (loaded);
  b = g_ptr_array_index (back->results, 0);
  g_assert_cmpint (b->doubts, ==, DRIVEDASH_BENCH_DOUBT_ABOVE_LINK | DRIVEDASH_BENCH_DOUBT_CACHE);
  g_assert_cmpstr (b->doubt_words, ==, "9,000 MB/s is more than this drive’s connection can carry.");
  g_assert_null (b->kept_device_words);  /* it had no device figures */

  csv = drivedash_store_run_to_csv (loaded);
  g_assert_nonnull (strstr (csv, ",passes,doubts,doubt_words\n"));
  g_assert_nonnull (strstr (csv, ",above_link;cache,\"9,000 MB/s"));

  json = drivedash_store_export_json (store, &run->id, 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (json, "\"above_link\""));
  ids = drivedash_store_import_json (friend, json, -1, &error);
  g_assert_no_error (error);
  copy = drivedash_store_get_run (friend, g_array_index (ids, gint64, 0), &error);
  g_assert_cmpstr (((DrivedashStoreResult *) g_ptr_array_index (copy->results, 0))->checks, ==,
                   ((DrivedashStoreResult *) g_ptr_array_index (loaded->results, 0))->checks);

  /* A hostile file: checks that are no object are not kept. */
  at = strstr (json, "\"checks\" : {");
  g_assert_nonnull (at);
  hostile = g_strdup_printf ("%.*s\"checks\":[1,2],\"was\":%s", (int) (at - json), json,
                             at + strlen ("\"checks\" :"));
  g_clear_pointer (&ids, g_array_unref);
  g_clear_pointer (&copy, drivedash_store_run_unref);
  ids = drivedash_store_import_json (friend, hostile, -1, &error);
  if (ids != NULL)
    {
      copy = drivedash_store_get_run (friend, g_array_index (ids, gint64, 0), &error);
      g_assert_null (((DrivedashStoreResult *) g_ptr_array_index (copy->results, 0))->checks);
    }
  g_clear_error (&error);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/store/save-load", test_save_load);
  ADD ("/store/sets", test_sets);
  ADD ("/store/fixture-is-v1", test_fixture_is_v1);
  ADD ("/store/migrate-v1", test_migrate_v1);
  ADD ("/store/damaged", test_damaged);
  ADD ("/store/not-a-database", test_not_a_database);
  ADD ("/store/damaged-later", test_damaged_later);
  ADD ("/store/index-damaged", test_index_damaged);
  ADD ("/store/read-only", test_read_only);
  ADD ("/store/newer-schema", test_newer_schema);
  ADD ("/store/full-disk", test_full_disk);
  ADD ("/store/export-import", test_export_import);
  ADD ("/store/review-set", test_review_set);
  ADD ("/store/import-set-loop", test_import_set_loop);
  ADD ("/store/name-note-limits", test_name_note_limits);
  ADD ("/store/import-invalid", test_import_invalid);
  ADD ("/store/folder-round-trip", test_folder_round_trip);
  ADD ("/store/checks", test_checks);
#undef ADD
  g_test_add_func ("/store/series", test_series);

  return g_test_run ();
}
