/* test-writes-tally.c — drivedashd's per-app writes tally: bounded under a
 * flood of names, rows that survive D-Bus checked, and callers' deltas
 * that keep each drive's sum when an app is folded into "Others".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-writes-tally.h"

static DrivedashAppWrites *
row_new (const char *app,
         const char *disk,
         guint64     bytes)
{
  DrivedashAppWrites *row = g_new0 (DrivedashAppWrites, 1);

  row->app = g_strdup (app);
  row->disk = g_strdup (disk);
  row->bytes = bytes;
  row->processes = 1;
  return row;
}

static GPtrArray *
rows_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_app_writes_free);
}

static guint64
bytes_of (GPtrArray  *rows,
          const char *app)
{
  for (guint i = 0; i < rows->len; i++)
    {
      DrivedashAppWrites *row = g_ptr_array_index (rows, i);

      if (g_strcmp0 (row->app, app) == 0)
        return row->bytes;
    }
  return 0;
}

static guint64
sum_of (GPtrArray *rows)
{
  guint64 sum = 0;

  for (guint i = 0; i < rows->len; i++)
    sum += ((DrivedashAppWrites *) g_ptr_array_index (rows, i))->bytes;
  return sum;
}

/* A thousand names: 100 named rows and Others, every byte kept. */
static void
test_flood (void)
{
  g_autoptr(DrivedashWritesTally) tally = drivedash_writes_tally_new (DRIVEDASH_WRITES_TALLY_MAX_APPS);
  g_autoptr(GPtrArray) rows = NULL;
  guint64 sum = 0;

  for (guint i = 1; i <= 1000; i++)
    {
      g_autoptr(GPtrArray) poll = rows_new ();
      g_autofree char *name = g_strdup_printf ("writer-%u", i);

      g_ptr_array_add (poll, row_new (name, "nvme0n1", i));
      sum += i;
      drivedash_writes_tally_add (tally, poll);
    }
  rows = drivedash_writes_tally_dup_rows (tally);
  g_assert_cmpuint (rows->len, ==, DRIVEDASH_WRITES_TALLY_MAX_APPS + 1);
  g_assert_cmpuint (sum_of (rows), ==, sum);
  /* The biggest writers stay named. */
  g_assert_cmpuint (bytes_of (rows, "writer-1000"), ==, 1000);
  g_assert_cmpuint (bytes_of (rows, "writer-901"), ==, 901);
  g_assert_cmpuint (bytes_of (rows, "writer-900"), ==, 0);
}

/* An app folded between two answers: the caller's delta for Others is
 * only what was written, not the folded app's past. */
static void
test_delta_across_fold (void)
{
  g_autoptr(DrivedashWritesTally) tally = drivedash_writes_tally_new (2);
  g_autoptr(GPtrArray) poll = rows_new ();
  g_autoptr(GPtrArray) before = NULL;
  g_autoptr(GPtrArray) after = NULL;
  g_autoptr(GPtrArray) delta = NULL;

  g_ptr_array_add (poll, row_new ("a", "vda", 500));
  g_ptr_array_add (poll, row_new ("b", "vda", 100));
  drivedash_writes_tally_add (tally, poll);
  before = drivedash_writes_tally_dup_rows (tally);
  g_ptr_array_set_size (poll, 0);
  g_ptr_array_add (poll, row_new ("c", "vda", 300));
  g_ptr_array_add (poll, row_new ("a", "vda", 10));
  drivedash_writes_tally_add (tally, poll);
  after = drivedash_writes_tally_dup_rows (tally);
  g_assert_cmpuint (bytes_of (after, "b"), ==, 0);
  g_assert_cmpuint (bytes_of (after, DRIVEDASH_WRITES_TALLY_OTHERS), ==, 100);

  delta = drivedash_app_writes_delta (before, after);
  g_assert_cmpuint (delta->len, ==, 2);
  g_assert_cmpuint (bytes_of (delta, "c"), ==, 300);
  g_assert_cmpuint (bytes_of (delta, "a"), ==, 10);
  g_assert_cmpuint (sum_of (delta), ==, sum_of (after) - sum_of (before));
}

/* What came over D-Bus: the same row back; junk refused or cleaned. */
static void
test_variant (void)
{
  g_autoptr(DrivedashAppWrites) row = row_new ("System: packagekit.service", "nvme0n1", 4096);
  g_autoptr(DrivedashAppWrites) back = NULL;
  g_autoptr(DrivedashAppWrites) cleaned = NULL;
  g_autoptr(GVariant) dict = NULL;
  g_autoptr(GVariant) junk = NULL;
  g_autoptr(GVariant) nameless = NULL;
  g_autoptr(GError) error = NULL;

  row->controller = g_strdup ("nvme0");
  row->drive = g_strdup ("Alpha SSD 1TB");
  row->source = DRIVEDASH_WRITE_SOURCE_CGROUP;
  dict = g_variant_ref_sink (drivedash_app_writes_to_variant (row));
  back = drivedash_app_writes_from_variant (dict, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back->app, ==, row->app);
  g_assert_cmpstr (back->disk, ==, "nvme0n1");
  g_assert_cmpstr (back->controller, ==, "nvme0");
  g_assert_cmpstr (back->drive, ==, "Alpha SSD 1TB");
  g_assert_cmpuint (back->bytes, ==, 4096);
  g_assert_cmpint (back->source, ==, DRIVEDASH_WRITE_SOURCE_CGROUP);

  junk = g_variant_ref_sink (g_variant_new_parsed ("{'app': <'bad\\u001bname'>, 'bytes': <uint64 1>, "
                                                   "'disk': <'../../etc'>, 'controller': <'sda'>}"));
  cleaned = drivedash_app_writes_from_variant (junk, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cleaned->app, ==, "bad?name");
  g_assert_null (cleaned->disk);
  g_assert_null (cleaned->controller);

  nameless = g_variant_ref_sink (g_variant_new_parsed ("{'bytes': <uint64 1>}"));
  g_assert_null (drivedash_app_writes_from_variant (nameless, &error));
  g_assert_nonnull (error);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/writes-tally/flood", test_flood);
  g_test_add_func ("/writes-tally/delta-across-fold", test_delta_across_fold);
  g_test_add_func ("/writes-tally/variant", test_variant);
  return g_test_run ();
}
