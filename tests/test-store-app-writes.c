/* test-store-app-writes.c — what each app wrote, kept per hour for 90
 * days and per day after, with a flood of names kept small; in SQLite
 * itself
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "drivedash-store-app-writes.h"
#include "drivedash-store-health.h"

#define HOUR 3600
#define DAY  (24 * 3600)
#define NOW  G_GINT64_CONSTANT (1796000000)  /* 2026-11-29, a whole hour */

typedef struct
{
  char           *dir;
  DrivedashStore *store;
  gint64          drive;
} Fixture;

static void
set_up (Fixture       *f,
        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  f->dir = g_dir_make_tmp ("app-writes-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (f->dir, "results.db", NULL);
  f->store = drivedash_store_open (path, &error);
  g_assert_no_error (error);
  f->drive = drivedash_store_watch_drive (f->store, "S1", "Alpha SSD", "nvme0", &error);
  g_assert_no_error (error);
}

static void
tear_down (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *db = g_build_filename (f->dir, "results.db", NULL);
  g_autofree char *wal = g_strconcat (db, "-wal", NULL);
  g_autofree char *shm = g_strconcat (db, "-shm", NULL);

  g_clear_object (&f->store);
  g_unlink (db);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (f->dir);
  g_free (f->dir);
}

static void
add (Fixture    *f,
     gint64      time,
     const char *app,
     guint64     bytes)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (drivedash_store_add_app_writes (f->store, f->drive, time, app, bytes, &error));
  g_assert_no_error (error);
}

static GPtrArray *
list (Fixture *f,
      gint64   since)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *out = drivedash_store_list_app_writes (f->store, f->drive, since, &error);

  g_assert_no_error (error);
  return out;
}

static const DrivedashAppTotal *
at (GPtrArray *totals,
    guint      i)
{
  return g_ptr_array_index (totals, i);
}

/* Samples in one hour add up; a window takes the hours that end in it. */
static void
test_add_and_list (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GPtrArray) today = NULL, hour = NULL;

  add (f, NOW + 60, "org.gnome.Nautilus", 1000);
  add (f, NOW + 660, "org.gnome.Nautilus", 500);
  add (f, NOW + 120, "org.mozilla.firefox", 4000);
  add (f, NOW - 2 * HOUR, "System: packagekit.service", 900);
  add (f, NOW, "nothing", 0);
  today = list (f, NOW - DAY);
  g_assert_cmpuint (today->len, ==, 3);
  g_assert_cmpstr (at (today, 0)->app, ==, "org.mozilla.firefox");
  g_assert_cmpuint (at (today, 0)->bytes, ==, 4000);
  g_assert_cmpstr (at (today, 1)->app, ==, "org.gnome.Nautilus");
  g_assert_cmpuint (at (today, 1)->bytes, ==, 1500);
  hour = list (f, NOW);
  g_assert_cmpuint (hour->len, ==, 2);
}

/* Each bucket on its own, oldest first, the same ones the totals sum:
 * a thinned day that ends after @since counts, an older one does not. */
static void
test_buckets (Fixture       *f,
              gconstpointer  data)
{
  const gint64 old = NOW - 100 * (gint64) DAY;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) buckets = NULL, totals = NULL;
  guint64 sum = 0;

  add (f, old - old % DAY + HOUR, "dd", 10);
  add (f, old - old % DAY - DAY, "dd", 7);
  add (f, NOW + 60, "org.gnome.Nautilus", 1000);
  add (f, NOW + 120, "dd", 3);
  add (f, NOW - HOUR, "org.gnome.Nautilus", 500);
  g_assert_true (drivedash_store_thin_app_writes (f->store, NOW, &error));
  buckets = drivedash_store_list_app_buckets (f->store, f->drive, old, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (buckets->len, ==, 4);
  {
    const DrivedashAppBucket *first = g_ptr_array_index (buckets, 0);
    const DrivedashAppBucket *last = g_ptr_array_index (buckets, 3);

    g_assert_cmpint (first->time, ==, old - old % DAY);
    g_assert_cmpint (first->span, ==, DAY);
    g_assert_cmpuint (first->bytes, ==, 10);
    g_assert_cmpint (last->time, ==, NOW - NOW % HOUR);
    g_assert_cmpstr (last->app, ==, "org.gnome.Nautilus");
  }
  for (guint i = 0; i < buckets->len; i++)
    sum += ((DrivedashAppBucket *) g_ptr_array_index (buckets, i))->bytes;
  totals = list (f, old);
  for (guint i = 0; i < totals->len; i++)
    sum -= at (totals, i)->bytes;
  g_assert_cmpuint (sum, ==, 0);
}

/* Hours older than 90 days become days; the bytes stay the same. */
static void
test_thin (Fixture       *f,
           gconstpointer  data)
{
  const gint64 old = NOW - 100 * (gint64) DAY;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = NULL;
  sqlite3 *db;
  sqlite3_stmt *stmt;
  g_autofree char *path = g_build_filename (f->dir, "results.db", NULL);

  for (guint h = 0; h < 24; h++)
    add (f, old - old % DAY + h * HOUR, "dd", 10);
  add (f, NOW, "dd", 5);
  g_assert_true (drivedash_store_thin_app_writes (f->store, NOW, &error));
  g_assert_no_error (error);
  all = list (f, 0);
  g_assert_cmpuint (all->len, ==, 1);
  g_assert_cmpuint (at (all, 0)->bytes, ==, 245);
  /* One day row and one hour row are left. */
  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT group_concat(span) FROM (SELECT span FROM app_writes ORDER BY bucket)",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "86400,3600");
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  /* Again: nothing changes. */
  g_assert_true (drivedash_store_thin_app_writes (f->store, NOW, &error));
  g_clear_pointer (&all, g_ptr_array_unref);
  all = list (f, 0);
  g_assert_cmpuint (at (all, 0)->bytes, ==, 245);
}

/* 10,000 names in one hour: at most 100 rows, the rest under "Others",
 * every byte kept. */
static void
test_many_names (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GPtrArray) all = NULL;
  guint64 sum = 0;

  for (guint i = 0; i < 10000; i++)
    {
      g_autofree char *name = g_strdup_printf ("writer-%05u\033[31m", i);

      add (f, NOW, name, 1);
    }
  all = list (f, 0);
  g_assert_cmpuint (all->len, ==, DRIVEDASH_APP_WRITES_MAX_APPS);
  for (guint i = 0; i < all->len; i++)
    sum += at (all, i)->bytes;
  g_assert_cmpuint (sum, ==, 10000);
  g_assert_cmpstr (at (all, 0)->app, ==, DRIVEDASH_APP_WRITES_OTHERS);
  g_assert_cmpuint (at (all, 0)->bytes, ==, 10000 - (DRIVEDASH_APP_WRITES_MAX_APPS - 1));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/app-writes/add-and-list", Fixture, NULL, set_up, test_add_and_list, tear_down);
  g_test_add ("/app-writes/buckets", Fixture, NULL, set_up, test_buckets, tear_down);
  g_test_add ("/app-writes/thin", Fixture, NULL, set_up, test_thin, tear_down);
  g_test_add ("/app-writes/many-names", Fixture, NULL, set_up, test_many_names, tear_down);
  return g_test_run ();
}
