/* test-history-model.c — the History and Compare view-models on a real
 * SQLite history in a temporary folder, without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "drivedash-ab-model.h"
#include "drivedash-bench-model-private.h"
#include "drivedash-bench-options.h"
#include "drivedash-compare-model.h"
#include "drivedash-folder.h"
#include "drivedash-history-format.h"
#include "drivedash-history-model.h"
#include "drivedash-history-transfer.h"
#include "drivedash-store.h"

typedef struct
{
  char   *dir;
  char   *path;
  gint64  ids[4];   /* alpha off, alpha on, beta, an A/B set */
} Fixture;

static void
add_result (DrivedashStoreRun *run,
            const char        *test,
            const char        *mode,
            const double      *passes,
            guint              n)
{
  DrivedashStoreResult *r = drivedash_store_result_new (test, mode);

  g_array_append_vals (r->passes, passes, n);
  r->mb_per_s = 0;
  for (guint i = 0; i < n; i++)
    r->mb_per_s = MAX (r->mb_per_s, passes[i]);
  r->iops = r->mb_per_s * 1e6 / 1048576;
  g_ptr_array_add (run->results, r);
}

static DrivedashStoreRun *
make_run (DrivedashStore *store,
          const char     *model,
          const char     *serial,
          int             game_mode,
          gint64          started_s,
          double          read_scale)
{
  static const double read[] = { 3000, 3010, 2990, 3005, 2995 };
  static const double write[] = { 2000, 2020, 1980, 2010, 1990 };
  DrivedashStoreRun *run = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);
  double scaled[G_N_ELEMENTS (read)];

  for (guint i = 0; i < G_N_ELEMENTS (read); i++)
    scaled[i] = read[i] * read_scale;
  run->started_at = started_s * G_USEC_PER_SEC;
  run->ended_at = run->started_at + 60 * G_USEC_PER_SEC;
  run->drive_model = g_strdup (model);
  run->serial_hash = drivedash_store_hash_serial (store, serial);
  run->game_mode = game_mode;
  add_result (run, "SEQ1M Q8T1", "read", scaled, G_N_ELEMENTS (scaled));
  add_result (run, "SEQ1M Q8T1", "write", write, G_N_ELEMENTS (write));
  return run;
}

static gint64
save (DrivedashStore     *store,
      DrivedashStoreRun  *run)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (drivedash_store_save_run (store, run, &error));
  g_assert_no_error (error);
  return run->id;
}

static gint64
save_ab_set (DrivedashStore *store)
{
  g_autoptr(GPtrArray) members = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
  g_autoptr(DrivedashStoreRun) set = NULL;

  for (guint i = 0; i < 6; i++)
    {
      /* on rounds 5 % faster reads, a little noise on both sides */
      DrivedashStoreRun *run = make_run (store, "Alpha SSD", "A1", i % 2, 1000 + i,
                                         (i % 2 ? 1.05 : 1.0) + 0.002 * (double) (i / 2));

      run->set_role = g_strdup (i % 2 ? "on" : "off");
      g_ptr_array_add (members, run);
    }
  set = drivedash_store_run_new_set (DRIVEDASH_RUN_KIND_AB_SET, members);
  set->started_at = 1000 * G_USEC_PER_SEC;
  save (store, set);
  for (guint i = 0; i < members->len; i++)
    {
      DrivedashStoreRun *run = g_ptr_array_index (members, i);

      run->set_id = set->id;
      save (store, run);
    }
  return set->id;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(DrivedashStoreRun) a = NULL, b = NULL, c = NULL;

  f->dir = g_dir_make_tmp ("history-model-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "results.db", NULL);
  store = drivedash_store_open (f->path, &error);
  g_assert_no_error (error);
  f->ids[3] = save_ab_set (store);
  a = make_run (store, "Alpha SSD", "A1", 0, 2000, 1.0);
  b = make_run (store, "Alpha SSD", "A1", 1, 3000, 1.1);
  c = make_run (store, "Beta SSD", "B2", -1, 4000, 0.5);
  /* The Alpha drive got a firmware update between its two runs. */
  a->drive_firmware = g_strdup ("1.0");
  b->drive_firmware = g_strdup ("2.0");
  c->drive_firmware = g_strdup ("9.9");
  f->ids[0] = save (store, a);
  f->ids[1] = save (store, b);
  f->ids[2] = save (store, c);
}

static void
remove_all (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);

      g_remove (p);
    }
  g_rmdir (dir);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  remove_all (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static void
wait_idle (DrivedashHistoryModel *model)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (drivedash_history_model_get_loading (model) || drivedash_history_model_get_n_pending (model) > 0)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
}

static DrivedashHistoryModel *
loaded_model (Fixture *f)
{
  DrivedashHistoryModel *model = drivedash_history_model_new (f->path);

  drivedash_history_model_reload (model);
  g_assert_true (drivedash_history_model_get_loading (model));
  wait_idle (model);
  return model;
}

static DrivedashHistoryItem *
item_at (DrivedashHistoryModel *model,
         guint                  i)
{
  GObject *item = g_list_model_get_item (drivedash_history_model_get_runs (model), i);

  g_object_unref (item);  /* the list keeps it */
  return DRIVEDASH_HISTORY_ITEM (item);
}

static guint
n_runs (DrivedashHistoryModel *model)
{
  return g_list_model_get_n_items (drivedash_history_model_get_runs (model));
}

static guint
n_stored (Fixture *f)
{
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->path, NULL);
  g_autoptr(GPtrArray) runs = drivedash_store_list_runs (store, NULL, NULL);

  return runs->len;
}

static void
test_list (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(DrivedashHistoryModel) model = loaded_model (f);
  g_autofree char *date = drivedash_history_format_date ((gint64) 4000 * G_USEC_PER_SEC);
  DrivedashHistoryItem *first;

  g_assert_null (drivedash_history_model_get_status (model));
  /* The set's rounds are not listed, the set is. */
  g_assert_cmpuint (n_runs (model), ==, 4);
  first = item_at (model, 0);
  g_assert_cmpint (drivedash_history_item_get_id (first), ==, f->ids[2]);
  /* Titled by what the run is, its drive and its date, with no figure
   * space (U+2007) before a single-digit day: runs tell apart at a glance. */
  g_assert_cmpstr (drivedash_history_item_get_title (first), ==, "Custom speed test · Beta SSD · 1 Jan 1970, 01:06");
  g_assert_cmpstr (date, ==, "1 Jan 1970, 01:06");
  g_assert_cmpstr (drivedash_history_item_get_headline (first), ==, "Read 1505 MB/s\nWrite 2020 MB/s");
  g_assert_cmpstr (drivedash_history_item_get_subtitle (first), ==, "");
  /* A screen reader hears the title, then the speeds. */
  g_assert_cmpstr (drivedash_history_item_get_description (first), ==, "Read 1505 MB/s, Write 2020 MB/s");
  g_assert_cmpstr (drivedash_history_item_get_title (item_at (model, 1)), ==,
                   "Custom speed test · Alpha SSD · 1 Jan 1970, 00:50");
  g_assert_cmpstr (drivedash_history_item_get_subtitle (item_at (model, 1)), ==, "Game mode on");
  g_assert_true (g_str_has_prefix (drivedash_history_item_get_title (item_at (model, 3)),
                                   "Game mode A/B test · Alpha SSD · "));
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *n)
{
  (*n)++;
}

static void
test_filter (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(DrivedashHistoryModel) model = loaded_model (f);
  GListModel *drives = drivedash_history_model_get_drives (model);
  guint n_filter = 0, n_selected = 0;

  g_assert_cmpuint (g_list_model_get_n_items (drives), ==, 3);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (drives), 0), ==, "All drives");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (drives), 1), ==, "Beta SSD");
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (drives), 2), ==, "Alpha SSD");
  g_signal_connect (model, "notify::drive-filter", G_CALLBACK (count_notify), &n_filter);
  g_signal_connect (model, "notify::n-selected", G_CALLBACK (count_notify), &n_selected);
  drivedash_history_model_set_drive_filter (model, 2);
  drivedash_history_model_set_drive_filter (model, 2);
  g_assert_cmpuint (n_filter, ==, 1);
  g_assert_cmpuint (n_runs (model), ==, 3);
  for (guint i = 0; i < n_runs (model); i++)
    g_assert_cmpstr (drivedash_history_item_get_run (item_at (model, i))->drive_model, ==, "Alpha SSD");
  drivedash_history_item_set_selected (item_at (model, 0), TRUE);
  drivedash_history_item_set_selected (item_at (model, 1), TRUE);
  g_assert_cmpuint (drivedash_history_model_get_n_selected (model), ==, 2);
  g_assert_cmpuint (n_selected, ==, 2);
  /* The filter survives a reload (a run saved by the Speed page). */
  drivedash_history_model_reload (model);
  wait_idle (model);
  g_assert_cmpuint (drivedash_history_model_get_drive_filter (model), ==, 2);
  g_assert_cmpuint (n_runs (model), ==, 3);
  drivedash_history_model_set_drive_filter (model, 0);
  g_assert_cmpuint (n_runs (model), ==, 4);
}

static void
test_delete_undo (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(DrivedashHistoryModel) model = loaded_model (f);
  g_autoptr(DrivedashHistoryItem) item = g_object_ref (item_at (model, 1));

  drivedash_history_model_remove (model, item);
  g_assert_true (drivedash_history_model_get_can_undo (model));
  g_assert_cmpuint (n_runs (model), ==, 3);
  wait_idle (model);
  g_assert_cmpuint (n_stored (f), ==, 4);   /* nothing deleted before the toast goes */
  drivedash_history_model_undo_remove (model);
  g_assert_false (drivedash_history_model_get_can_undo (model));
  g_assert_cmpuint (n_runs (model), ==, 4);
  g_assert_true (item_at (model, 1) == item);

  drivedash_history_model_remove (model, item);
  drivedash_history_model_commit_remove (model);
  wait_idle (model);
  g_assert_cmpuint (n_stored (f), ==, 3);
  drivedash_history_model_reload (model);
  wait_idle (model);
  g_assert_cmpuint (n_runs (model), ==, 3);
  for (guint i = 0; i < n_runs (model); i++)
    g_assert_cmpint (drivedash_history_item_get_id (item_at (model, i)), !=, drivedash_history_item_get_id (item));
}

static void
test_rename_note (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(DrivedashHistoryModel) model = loaded_model (f);
  DrivedashHistoryItem *item = item_at (model, 0);
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(DrivedashStoreRun) run = NULL;
  guint n_title = 0;

  g_signal_connect (item, "notify::title", G_CALLBACK (count_notify), &n_title);
  drivedash_history_model_rename (model, item, "Friend's drive");
  drivedash_history_model_rename (model, item, "Friend's drive");
  drivedash_history_model_set_note (model, item, "after the firmware update");
  wait_idle (model);
  g_assert_cmpuint (n_title, ==, 1);
  /* The name replaces only the date, which moves to the subtitle. */
  g_assert_cmpstr (drivedash_history_item_get_title (item), ==, "Custom speed test · Beta SSD · Friend's drive");
  g_assert_cmpstr (drivedash_history_item_get_subtitle (item), ==, "1 Jan 1970, 01:06");
  store = drivedash_store_open (f->path, NULL);
  run = drivedash_store_get_run (store, drivedash_history_item_get_id (item), NULL);
  g_assert_cmpstr (run->name, ==, "Friend's drive");
  g_assert_cmpstr (run->note, ==, "after the firmware update");
  drivedash_history_model_rename (model, item, "");
  wait_idle (model);
  g_assert_cmpuint (n_title, ==, 2);
}

static DrivedashCompareModel *
compare (Fixture      *f,
         const gint64 *ids,
         guint         n)
{
  DrivedashCompareModel *cmp = drivedash_compare_model_new ();
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  drivedash_compare_model_load (cmp, f->path, ids, n);
  while (drivedash_compare_model_get_loading (cmp))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  return cmp;
}

static DrivedashCompareRow *
row_at (DrivedashCompareModel *cmp,
        guint                  i)
{
  GObject *row = g_list_model_get_item (drivedash_compare_model_get_rows (cmp), i);

  g_object_unref (row);
  return DRIVEDASH_COMPARE_ROW (row);
}

/* The expected verdict from the statistics module, on the same passes. */
static char *
expected_verdict (const double *a,
                  const double *b,
                  guint         n,
                  const char   *side)
{
  DrivedashStatsSummary sa, sb;
  DrivedashStatsComparison c;

  drivedash_stats_summarize (a, n, &sa);
  drivedash_stats_summarize (b, n, &sb);
  drivedash_stats_compare (&sa, &sb, &c);
  return drivedash_compare_describe_against (&c, side, "A");
}

static void
test_compare (Fixture       *f,
              gconstpointer  data)
{
  static const double a[] = { 3000, 3010, 2990, 3005, 2995 };
  double b[G_N_ELEMENTS (a)];
  g_autoptr(DrivedashCompareModel) cmp = compare (f, f->ids, 2);
  g_autofree char *verdict = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (a); i++)
    b[i] = a[i] * 1.1;
  /* B is named by its own name, here its date. */
  verdict = expected_verdict (a, b, G_N_ELEMENTS (a), "B (1 Jan 1970, 00:50)");
  g_assert_null (drivedash_compare_model_get_status (cmp));
  g_assert_cmpuint (g_list_model_get_n_items (drivedash_compare_model_get_rows (cmp)), ==, 2);
  g_assert_cmpstr (drivedash_compare_row_get_title (row_at (cmp, 0)), ==, "SEQ1M Q8T1 · Read");
  g_assert_true (g_str_has_prefix (verdict, "B (1 Jan 1970, 00:50) is 10.0 % faster than A (between "));
  g_assert_cmpstr (drivedash_compare_row_get_verdict (row_at (cmp, 0)), ==, verdict);
  g_assert_cmpstr (drivedash_compare_row_get_verdict (row_at (cmp, 1)), ==,
                   "No measurable difference between B (1 Jan 1970, 00:50) and A");
  /* A screen reader hears the verdict with the row. */
  g_assert_true (g_str_has_prefix (drivedash_compare_row_get_description (row_at (cmp, 0)), verdict));
  g_assert_cmpfloat_with_epsilon (drivedash_compare_row_get_mean (row_at (cmp, 0), 1), 3300, 1e-9);
  g_assert_true (g_str_has_prefix (drivedash_compare_model_get_legend (cmp),
                                   "A  Custom speed test · Alpha SSD · 1 Jan 1970, 00:33 · Game mode off (the baseline)\n"));
  g_assert_true (g_str_has_prefix (drivedash_compare_model_get_conclusion (cmp),
                                   "SEQ1M Q8T1 · Read: B (1 Jan 1970, 00:50) is 10.0 % faster than A"));
  g_assert_true (g_str_has_suffix (drivedash_compare_model_get_conclusion (cmp),
                                   "No measurable difference in the other tests."));
  /* The firmware update is a plain note beside the verdict. */
  {
    g_autofree char *provenance = NULL;

    g_object_get (cmp, "provenance", &provenance, NULL);
    g_assert_cmpstr (provenance, ==, "Run on a different firmware (1.0, 2.0): a firmware update can change "
                                     "a drive’s speed.");
  }
}

static gint64
save_single_pass (DrivedashStore *store,
                  const char     *name,
                  gint64          started_s,
                  double          q1,
                  double          q32)
{
  g_autoptr(DrivedashStoreRun) run = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);

  run->started_at = started_s * G_USEC_PER_SEC;
  run->drive_model = g_strdup ("Alpha SSD");
  run->name = g_strdup (name);
  add_result (run, "RND4K Q1T1", "read", &q1, 1);
  add_result (run, "RND4K Q32T1", "read", &q32, 1);
  return save (store, run);
}

/* Issue 24: four runs of one pass each.  Not "no measurable difference"
 * (there is no spread to judge by), every line names its run, A is said
 * to be the baseline, and the user can pick another. */
static void
test_compare_single_pass (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(DrivedashStore) store = drivedash_store_open (f->path, NULL);
  gint64 ids[4];
  g_autoptr(DrivedashCompareModel) cmp = NULL;
  const char *conclusion;
  guint n_baseline = 0;

  ids[0] = save_single_pass (store, "Game mode off", 5000, 22, 178);
  ids[1] = save_single_pass (store, "Game mode on", 5100, 41, 123);
  ids[2] = save_single_pass (store, "Off again", 5200, 23, 180);
  ids[3] = save_single_pass (store, "On again", 5300, 40, 125);
  cmp = compare (f, ids, 4);
  conclusion = drivedash_compare_model_get_conclusion (cmp);
  g_assert_null (strstr (conclusion, "No measurable difference"));
  g_assert_cmpstr (conclusion, ==, "Can't tell: each run has only one pass. Repeat each setup 3 times "
                   "(Repeat in Speed, --repeat 3) to know whether the difference is real.");
  g_assert_cmpstr (drivedash_compare_row_get_verdict (row_at (cmp, 0)), ==,
                   "Can't tell from one pass: B (Game mode on) measured 86.4 % faster than A\n"
                   "Can't tell from one pass: C (Off again) measured 4.5 % faster than A\n"
                   "Can't tell from one pass: D (On again) measured 81.8 % faster than A");
  g_assert_cmpstr (drivedash_compare_row_get_differences (row_at (cmp, 1)), ==,
                   "B  -30.9 %\nC  +1.1 %\nD  -29.8 %");
  g_assert_true (drivedash_compare_model_get_can_choose_baseline (cmp));
  g_assert_cmpuint (g_list_model_get_n_items (drivedash_compare_model_get_sides (cmp)), ==, 4);

  /* The user makes B the baseline: the others are measured against it,
   * each still by its own letter. */
  g_signal_connect (cmp, "notify::baseline", G_CALLBACK (count_notify), &n_baseline);
  drivedash_compare_model_set_baseline (cmp, 1);
  drivedash_compare_model_set_baseline (cmp, 1);
  drivedash_compare_model_set_baseline (cmp, 9);
  g_assert_cmpuint (n_baseline, ==, 1);
  g_assert_cmpuint (drivedash_compare_model_get_baseline (cmp), ==, 1);
  g_assert_cmpstr (drivedash_compare_row_get_verdict (row_at (cmp, 0)), ==,
                   "Can't tell from one pass: A (Game mode off) measured 46.3 % slower than B\n"
                   "Can't tell from one pass: C (Off again) measured 43.9 % slower than B\n"
                   "Can't tell from one pass: D (On again) measured 2.4 % slower than B");
  g_assert_cmpuint (drivedash_compare_row_get_side (row_at (cmp, 0), 0), ==, 1);
  g_assert_nonnull (strstr (drivedash_compare_model_get_legend (cmp), "\nB  Game mode on · "));
  g_assert_true (g_str_has_suffix (strstr (drivedash_compare_model_get_legend (cmp), "\nB  "), "(the baseline)\nC  "
                                   "Off again · 1 Jan 1970, 01:26 · Custom speed test · Alpha SSD\nD  "
                                   "On again · 1 Jan 1970, 01:28 · Custom speed test · Alpha SSD"));
}

static void
test_compare_one (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(DrivedashCompareModel) cmp = compare (f, f->ids, 1);

  g_assert_cmpstr (drivedash_compare_model_get_status (cmp), ==, "Pick two to six runs to compare.");
  g_assert_cmpuint (g_list_model_get_n_items (drivedash_compare_model_get_rows (cmp)), ==, 0);
}

static void
test_compare_ab (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(DrivedashCompareModel) cmp = compare (f, &f->ids[3], 1);
  const char *legend = drivedash_compare_model_get_legend (cmp);

  g_assert_cmpuint (g_list_model_get_n_items (drivedash_compare_model_get_rows (cmp)), ==, 2);
  g_assert_cmpstr (legend, ==, "A  Game mode off, 3 rounds (the baseline)\nB  Game mode on, 3 rounds");
  g_assert_false (drivedash_compare_model_get_can_choose_baseline (cmp));
  g_assert_true (drivedash_compare_row_get_measurable (row_at (cmp, 0)));
  g_assert_true (g_str_has_prefix (drivedash_compare_row_get_verdict (row_at (cmp, 0)),
                                   "B (Game mode on) is 5.0 % faster than A"));
  g_assert_false (drivedash_compare_row_get_measurable (row_at (cmp, 1)));
  /* An A/B test concludes about game mode, like drivedash-cli ab. */
  g_assert_true (g_str_has_prefix (drivedash_compare_model_get_conclusion (cmp),
                                   "Game mode made SEQ1M Q8T1 read 5.0 % faster (between "));
  g_assert_true (g_str_has_suffix (drivedash_compare_model_get_conclusion (cmp),
                                   ").\nNo measurable difference in the other tests."));
}

static void
test_format (void)
{
  DrivedashStatsSummary s = { 1, 3000, NAN, NAN };
  g_autofree char *one = drivedash_history_format_mean (&s);
  g_autofree char *none = NULL, *five = NULL;

  g_assert_cmpstr (one, ==, "3000 MB/s");
  s = (DrivedashStatsSummary) { 5, 3000.4, 8, 9.93 };
  five = drivedash_history_format_mean (&s);
  /* The mean only: the interval is on the chart and in the verdict. */
  g_assert_cmpstr (five, ==, "3000 MB/s");
  s.n = 0;
  none = drivedash_history_format_mean (&s);
  g_assert_cmpstr (none, ==, "—");
  g_assert_cmpstr (drivedash_history_format_game_mode (DRIVEDASH_GAME_MODE_UNKNOWN), ==, NULL);
  g_assert_cmpstr (drivedash_history_side_label (5), ==, "F");
}

/* Runs do not store their preset: the title tells it from the tests. */
static void
test_preset_titles (void)
{
  static const double passes[] = { 1000 };
  static const char *const standard[] = { "SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1" };
  static const char *const modes[] = { "read", "write" };
  g_autoptr(DrivedashStoreRun) run = drivedash_store_run_new (DRIVEDASH_RUN_KIND_QUICK);
  g_autofree char *title = NULL;
  g_autofree char *renamed = NULL;

  run->drive_model = g_strdup ("Alpha SSD");
  g_assert_cmpstr (drivedash_history_format_what (run), ==, "Speed test");
  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    for (guint i = 0; i < G_N_ELEMENTS (standard); i++)
      add_result (run, standard[i], modes[m], passes, 1);
  title = drivedash_history_format_title (run);
  g_assert_true (g_str_has_prefix (title, "Standard speed test · Alpha SSD · "));
  run->name = g_strdup ("Before the update");
  renamed = drivedash_history_format_title (run);
  g_assert_cmpstr (renamed, ==, "Standard speed test · Alpha SSD · Before the update");

  /* One test more, or one write missing, is not the preset. */
  add_result (run, "SEQ128K Q32T1", "read", passes, 1);
  g_assert_cmpstr (drivedash_history_format_what (run), ==, "Custom speed test");
  g_ptr_array_remove_range (run->results, 7, 2);
  g_assert_cmpstr (drivedash_history_format_what (run), ==, "Custom speed test");
  /* Stopped part way: its tests cannot say what it was meant to be. */
  run->status = DRIVEDASH_RUN_STATUS_CANCELLED;
  g_assert_cmpstr (drivedash_history_format_what (run), ==, "Speed test");
  /* Reads only of the Quick check: still that preset. */
  g_ptr_array_set_size (run->results, 0);
  add_result (run, "RND4K Q1T1", "read", passes, 1);
  add_result (run, "SEQ1M Q8T1", "read", passes, 1);
  run->status = DRIVEDASH_RUN_STATUS_DONE;
  g_assert_cmpstr (drivedash_history_format_what (run), ==, "Quick speed test");
  /* A long test keeps its kind. */
  run->kind = DRIVEDASH_RUN_KIND_SUSTAINED;
  g_assert_cmpstr (drivedash_history_format_what (run), ==, "Sustained writes");
}

static gboolean
saved_runs (GPtrArray **out)
{
  g_autoptr(DrivedashStore) store = drivedash_store_open (NULL, NULL);

  *out = store ? drivedash_store_list_runs (store, NULL, NULL) : NULL;
  return *out != NULL && (*out)->len > 0;
}

/* A run on the Speed page ends up in the history by itself. */
static void
test_speed_page_saves (void)
{
  g_autofree char *folder = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "history-bench-XXXXXX", NULL);
  g_autoptr(DrivedashBenchModel) model = drivedash_bench_model_new ();
  DrivedashBenchOptions *options = drivedash_bench_model_get_options (model);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(DrivedashStoreRun) run = NULL;
  DrivedashBenchReport *report;
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  g_assert_nonnull (g_mkdtemp (folder));
  file = g_file_new_for_path (folder);
  drivedash_bench_options_set_folder (options, file);
  drivedash_bench_options_set_preset_id (options, "real");
  drivedash_bench_options_set_passes (options, 1);
  drivedash_bench_model_set_overrides_for_testing (model, 0.3, 0, 16 << 20);
  g_assert_false (saved_runs (&runs));
  g_clear_pointer (&runs, g_ptr_array_unref);
  g_assert_true (drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), NULL));
  while (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)) || !saved_runs (&runs))
    {
      g_clear_pointer (&runs, g_ptr_array_unref);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_assert_cmpuint (runs->len, ==, 1);
  report = drivedash_bench_model_get_report (model);
  store = drivedash_store_open (NULL, NULL);
  run = drivedash_store_get_run (store, ((DrivedashStoreRun *) runs->pdata[0])->id, NULL);
  g_assert_cmpint (run->status, ==, DRIVEDASH_RUN_STATUS_DONE);
  g_assert_cmpint (run->kind, ==, DRIVEDASH_RUN_KIND_QUICK);
  g_assert_cmpuint (run->results->len, ==, report->results->len);
  for (guint i = 0; i < run->results->len; i++)
    {
      const DrivedashStoreResult *r = g_ptr_array_index (run->results, i);
      const DrivedashBenchResult *b = g_ptr_array_index (report->results, i);

      g_assert_cmpfloat (r->mb_per_s, ==, b->mb_per_s);
    }
  g_assert_nonnull (run->series);

  /* Stored and listed with the drive the Speed page names for the
   * folder, NVMe or not ("Virtual disk (vda)" here), not "Unknown drive". */
  {
    g_autoptr(DrivedashFolderInfo) info = drivedash_folder_probe (folder);
    g_autofree char *expected = drivedash_folder_info_dup_drive_name (info);
    g_autofree char *title = NULL;
    g_autoptr(DrivedashHistoryModel) history = drivedash_history_model_new (NULL);
    g_autoptr(DrivedashHistoryItem) item = NULL;
    gint64 list_deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

    g_assert_nonnull (expected);
    g_assert_cmpstr (run->drive_model, ==, expected);
    drivedash_history_model_reload (history);
    while (drivedash_history_model_get_loading (history))
      {
        g_assert_cmpint (g_get_monotonic_time (), <, list_deadline);
        g_main_context_iteration (NULL, TRUE);
      }
    item = g_list_model_get_item (drivedash_history_model_get_runs (history), 0);
    /* The preset is told from the stored tests ("real"). */
    title = g_strdup_printf ("Everyday speed test · %s · ", expected);
    g_assert_true (g_str_has_prefix (drivedash_history_item_get_title (item), title));
  }
  g_rmdir (folder);
}

static void
transfer_done_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static GAsyncResult *
wait_result (GAsyncResult **slot)
{
  while (*slot == NULL)
    g_main_context_iteration (NULL, TRUE);
  return *slot;
}

/* Export in the three formats the file name asks for, then import the
 * JSON into another history (a friend's computer). */
static void
test_export_import (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *other = g_build_filename (f->dir, "friend.db", NULL);
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(GError) error = NULL;
  const char *names[] = { "run.json", "run.csv", "run.txt" };
  const char *starts[] = { "{", "test,mode,mb_per_s", "" };
  const char *contains[] = { "\"Alpha SSD\"", "\nSEQ1M Q8T1,read,", "MB/s" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (f->dir, names[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *text = NULL;
      g_autoptr(GAsyncResult) result = NULL;

      drivedash_history_export_async (f->path, f->ids[1], file, transfer_done_cb, &result);
      g_assert_true (drivedash_history_export_finish (wait_result (&result), &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      g_assert_true (g_str_has_prefix (text, starts[i]));
      g_assert_nonnull (strstr (text, contains[i]));
    }
  g_assert_cmpstr (drivedash_history_transfer_format_for ("a.CSV"), ==, "json");
  {
    g_autofree char *path = g_build_filename (f->dir, "run.json", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(GAsyncResult) result = NULL;

    drivedash_history_import_async (other, file, transfer_done_cb, &result);
    g_assert_cmpint (drivedash_history_import_finish (wait_result (&result), NULL, &error), ==, 1);
    g_assert_no_error (error);
  }
  {
    g_autofree char *path = g_build_filename (f->dir, "run.csv", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(GAsyncResult) result = NULL;

    /* Not JSON: a plain error, nothing added. */
    drivedash_history_import_async (other, file, transfer_done_cb, &result);
    g_assert_cmpint (drivedash_history_import_finish (wait_result (&result), NULL, &error), ==, -1);
    g_assert_nonnull (error);
  }
  store = drivedash_store_open (other, NULL);
  runs = drivedash_store_list_runs (store, NULL, NULL);
  g_assert_cmpuint (runs->len, ==, 1);
  g_assert_cmpstr (((DrivedashStoreRun *) runs->pdata[0])->drive_model, ==, "Alpha SSD");
}

/* A folder that is not on an NVMe drive: refused before anything is
 * switched or saved, with the reason; rounds stay in 2–20. */
static void
test_ab_refused (void)
{
  g_autoptr(DrivedashAbModel) ab = drivedash_ab_model_new ();
  g_autofree char *dir = g_strdup ("/dev/shm/drivedash-ab-XXXXXX");
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GPtrArray) before = NULL, after = NULL;
  guint n_rounds = 0, n_status = 0;

  if (g_mkdtemp (dir) == NULL)
    {
      g_test_skip ("no /dev/shm here");
      return;
    }
  g_signal_connect (ab, "notify::rounds", G_CALLBACK (count_notify), &n_rounds);
  g_signal_connect (ab, "notify::status", G_CALLBACK (count_notify), &n_status);
  g_assert_cmpuint (drivedash_ab_model_get_rounds (ab), ==, 5);
  drivedash_ab_model_set_rounds (ab, 1);
  g_assert_cmpuint (drivedash_ab_model_get_rounds (ab), ==, 2);
  drivedash_ab_model_set_rounds (ab, 2);
  g_assert_cmpuint (n_rounds, ==, 1);
  folder = g_file_new_for_path (dir);
  drivedash_bench_options_set_folder (drivedash_ab_model_get_options (ab), folder);
  saved_runs (&before);
  /* The drive is looked up in a worker: running until it answers. */
  g_assert_true (drivedash_ab_model_start (ab));
  g_assert_true (drivedash_ab_model_get_running (ab));
  while (drivedash_ab_model_get_running (ab))
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (drivedash_ab_model_get_status_is_error (ab));
  g_assert_true (g_str_has_prefix (drivedash_ab_model_get_status (ab), "This folder is not on an NVMe drive"));
  /* "Getting ready…", then why not. */
  g_assert_cmpuint (n_status, ==, 2);
  g_assert_cmpint (drivedash_ab_model_get_set_id (ab), ==, 0);
  saved_runs (&after);
  g_assert_cmpuint (after ? after->len : 0, ==, before ? before->len : 0);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "history-model-XXXXXX", NULL);

  /* The Speed page saves to the default history: one of our own, set
   * before anything reads XDG_DATA_HOME. */
  g_assert_nonnull (g_mkdtemp (data_home));
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("TZ", "UTC", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/history-model/speed-page-saves", test_speed_page_saves);
  g_test_add_func ("/history-model/ab-refused", test_ab_refused);
  g_test_add_func ("/history-model/format", test_format);
  g_test_add_func ("/history-model/preset-titles", test_preset_titles);
#define ADD(name, fn) g_test_add ("/history-model/" name, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("list", test_list);
  ADD ("filter", test_filter);
  ADD ("delete-undo", test_delete_undo);
  ADD ("rename-note", test_rename_note);
  ADD ("compare", test_compare);
  ADD ("compare-one", test_compare_one);
  ADD ("compare-single-pass", test_compare_single_pass);
  ADD ("compare-ab", test_compare_ab);
  ADD ("export-import", test_export_import);
  return g_test_run ();
}
