/* test-review.c — the full review without a drive: its plan for each
 * length with and without game mode, the estimate, the words before
 * Start, the state file (round trip, bad files), the reference rows and
 * the figures a finished long test keeps, and an old state file joining
 * the history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>

#include "drivedash-error.h"
#include "drivedash-review.h"
#include "drivedash-review-private.h"
#include "drivedash-review-reference.h"
#include "drivedash-review-state.h"
#include "drivedash-test-tree.h"

#define GIB (G_GUINT64_CONSTANT (1) << 30)
#define GB G_GUINT64_CONSTANT (1000000000)

static DrivedashReviewStep *
step_at (GArray *steps,
         guint   i)
{
  return &g_array_index (steps, DrivedashReviewStep, i);
}

/* The four tests in the review's order; with game mode, each off then on. */
static void
test_plan (void)
{
  g_autoptr(DrivedashReviewSettings) s = drivedash_review_settings_new (DRIVEDASH_REVIEW_LENGTH_QUICK);
  g_autoptr(GArray) plain = drivedash_review_plan (s);
  g_autoptr(GArray) ab = NULL;

  g_assert_cmpuint (plain->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpint (step_at (plain, i)->kind, ==, i);
      g_assert_cmpint (step_at (plain, i)->game_mode, ==, -1);
      g_assert_false (step_at (plain, i)->done);
    }
  s->game_mode_ab = TRUE;
  ab = drivedash_review_plan (s);
  g_assert_cmpuint (ab->len, ==, 8);
  for (guint i = 0; i < 8; i++)
    {
      g_assert_cmpint (step_at (ab, i)->kind, ==, i / 2);
      g_assert_cmpint (step_at (ab, i)->game_mode, ==, i % 2);
    }
}

/* Each length: the speed test's scale, and the long tests' presets of the
 * same name. */
static void
test_lengths (void)
{
  static const guint passes[] = { 2, 3, 9 };
  static const guint repeats[] = { 2, 3, 5 };
  static const guint64 size[] = { GIB, GIB, 8 * GIB };
  static const guint64 pass_bytes[] = { GIB / 2, GIB, 0 };

  for (guint l = DRIVEDASH_REVIEW_LENGTH_QUICK; l <= DRIVEDASH_REVIEW_LENGTH_REVIEW; l++)
    {
      g_autoptr(DrivedashReviewSettings) s = drivedash_review_settings_new (l);
      g_autoptr(DrivedashLongTestSettings) consistency = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_CONSISTENCY);
      g_autoptr(GError) error = NULL;

      drivedash_long_test_settings_apply_preset (consistency, (DrivedashLongPreset) l);
      g_assert_cmpuint (s->bench->passes, ==, passes[l]);
      g_assert_cmpuint (s->speed_repeats, ==, repeats[l]);
      g_assert_cmpuint (s->bench->test_size, ==, size[l]);
      g_assert_cmpuint (s->bench->pass_bytes, ==, pass_bytes[l]);
      g_assert_cmpstr (s->speed_preset, ==, "cdm-nvme");
      g_assert_cmpfloat (s->consistency->round_s, ==, consistency->round_s);
      g_assert_cmpint (s->adaptivity->kind, ==, DRIVEDASH_LONG_TEST_ADAPTIVITY);
      g_assert_true (drivedash_review_settings_validate (s, &error));
      g_assert_no_error (error);
    }
  {
    g_autoptr(DrivedashReviewSettings) review = drivedash_review_settings_new (DRIVEDASH_REVIEW_LENGTH_REVIEW);

    /* The review's hour of Sustained. */
    g_assert_cmpfloat (review->sustained->duration_s, ==, 3600);
  }
}

/* Quick and Standard keep their promise on any drive: the estimate's
 * range (a slow drive past its cache to a fast one, every write pass and
 * timed phase at its cap) stays within 15 minutes and 64 GB for Quick,
 * an hour and 400 GB for Standard; Review is the magazine's whole
 * protocol, terabytes on a fast drive. */
static void
test_lengths_within_limits (void)
{
  static const double max_s[] = { 15 * 60, 60 * 60 };
  static const double max_bytes[] = { 64e9, 400e9 };

  for (guint l = DRIVEDASH_REVIEW_LENGTH_QUICK; l <= DRIVEDASH_REVIEW_LENGTH_REVIEW; l++)
    {
      g_autoptr(DrivedashReviewSettings) s = drivedash_review_settings_new (l);
      g_autoptr(GArray) steps = drivedash_review_plan (s);
      /* The fill as resolved on a drive with 2 TB free. */
      guint64 fill = s->adaptivity->fill_cap ? s->adaptivity->fill_cap : G_GUINT64_CONSTANT (2000000000000);
      DrivedashReviewEstimate e;

      drivedash_review_estimate (s, steps, fill, &e);
      g_test_message ("length %u: %.1f–%.1f GB, %.0f–%.0f s", l, e.bytes_low / 1e9, e.bytes_high / 1e9,
                      e.seconds_low, e.seconds_high);
      g_assert_cmpuint (e.bytes_low, <=, e.bytes_high);
      g_assert_cmpfloat (e.seconds_low, <=, e.seconds_high);
      if (l == DRIVEDASH_REVIEW_LENGTH_REVIEW)
        {
          g_assert_cmpfloat (e.bytes_high, >, 1e12);
          continue;
        }
      g_assert_cmpfloat (e.bytes_high, <=, max_bytes[l]);
      g_assert_cmpfloat (e.seconds_high, <=, max_s[l]);
      /* Each long test alone keeps the same promise (the Long Tests
       * page's presets of that name). */
      for (guint k = DRIVEDASH_REVIEW_STEP_SUSTAINED; k < DRIVEDASH_REVIEW_N_KINDS; k++)
        {
          const DrivedashLongTestSettings *ls = drivedash_review_settings_get_long (s, k);
          DrivedashLongEstimate le;

          drivedash_long_test_estimate (ls, drivedash_long_test_kind_fills (ls->kind) ? ls->fill_cap : 0, &le);
          g_assert_cmpfloat (le.bytes_high, <=, max_bytes[l]);
          g_assert_cmpfloat (le.seconds_high, <=, max_s[l]);
        }
    }
}

static void
test_settings_refused (void)
{
  g_autoptr(DrivedashReviewSettings) s = drivedash_review_settings_new (DRIVEDASH_REVIEW_LENGTH_QUICK);
  g_autoptr(GError) error = NULL;

  s->speed_repeats = 1;
  g_assert_false (drivedash_review_settings_validate (s, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "two runs"));
  g_clear_error (&error);
  s->speed_repeats = 2;
  g_free (s->speed_preset);
  s->speed_preset = g_strdup ("no-such-preset");
  g_assert_false (drivedash_review_settings_validate (s, &error));
  g_assert_nonnull (strstr (error->message, "no-such-preset"));
}

static void
estimate (const DrivedashReviewSettings *s,
          GArray                        *steps,
          DrivedashReviewEstimate       *e)
{
  drivedash_review_estimate (s, steps, 16 * GIB, e);
  g_assert_cmpuint (e->bytes_low, <=, e->bytes_high);
  g_assert_cmpfloat (e->seconds_low, <=, e->seconds_high);
}

/* The estimate adds the steps not done: the long tests' own estimates and
 * the speed test's repeats; game mode off and on doubles it. */
static void
test_estimate (void)
{
  g_autoptr(DrivedashReviewSettings) s = drivedash_review_settings_new (DRIVEDASH_REVIEW_LENGTH_QUICK);
  g_autoptr(DrivedashReviewSettings) longer = drivedash_review_settings_new (DRIVEDASH_REVIEW_LENGTH_REVIEW);
  g_autoptr(GArray) steps = drivedash_review_plan (s);
  g_autoptr(GArray) longer_steps = drivedash_review_plan (longer);
  g_autoptr(GArray) ab = NULL;
  DrivedashReviewEstimate all, quick_long, doubled, review, none;
  DrivedashLongEstimate e;
  guint64 low = 0, high = 0;

  estimate (s, steps, &all);
  g_assert_cmpuint (all.bytes_low, >, 16 * GIB);
  step_at (steps, 0)->done = TRUE;
  estimate (s, steps, &quick_long);
  for (guint k = DRIVEDASH_REVIEW_STEP_SUSTAINED; k < DRIVEDASH_REVIEW_N_KINDS; k++)
    {
      const DrivedashLongTestSettings *ls = drivedash_review_settings_get_long (s, k);

      drivedash_long_test_estimate (ls, drivedash_long_test_kind_fills (ls->kind) ? 16 * GIB : 0, &e);
      low += e.bytes_low;
      high += e.bytes_high;
    }
  g_assert_cmpuint (quick_long.bytes_low, ==, low);
  g_assert_cmpuint (quick_long.bytes_high, ==, high);
  /* The speed test writes its file on every repeat, at least. */
  g_assert_cmpuint (all.bytes_low - quick_long.bytes_low, >=, s->speed_repeats * s->bench->test_size);
  g_assert_cmpfloat (all.seconds_low, >, quick_long.seconds_low);

  s->game_mode_ab = TRUE;
  ab = drivedash_review_plan (s);
  estimate (s, ab, &doubled);
  g_assert_cmpuint (doubled.bytes_high, ==, 2 * all.bytes_high);
  g_assert_cmpfloat (fabs (doubled.seconds_high - 2 * all.seconds_high), <, 1e-6);

  estimate (longer, longer_steps, &review);
  g_assert_cmpfloat (review.seconds_low, >, all.seconds_high);
  for (guint i = 0; i < ab->len; i++)
    step_at (ab, i)->done = TRUE;
  estimate (s, ab, &none);
  g_assert_cmpuint (none.bytes_high, ==, 0);
  g_assert_cmpfloat (none.seconds_high, ==, 0);
}

/* Before Start: the writing with the rated share, how long, and when. */
static void
test_estimate_text (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_utc (2026, 1, 5, 23, 0, 0);
  DrivedashReviewEstimate same = { 480 * GB, 480 * GB, 600, 600 };
  DrivedashReviewEstimate range = { 480 * GB, 480 * GB, 600, 7200 };
  DrivedashReviewEstimate close = { 480 * GB, 480 * GB, 35, 45 };
  g_autofree char *one = drivedash_review_estimate_dup_text (&same, "Samsung SSD 970 EVO Plus 1TB", -1, 0, now);
  g_autofree char *two = drivedash_review_estimate_dup_text (&range, NULL, -1, 0, now);
  g_autofree char *three = drivedash_review_estimate_dup_text (&close, NULL, -1, 0, now);

  g_assert_cmpstr (one, ==, "Writes about 480 GB: 0.08 % of this drive’s rated 600 TB. "
                            "Takes about 10 min; done at about 23:10.");
  /* The finish after midnight names its day (5 January 2026 is a Monday). */
  g_assert_cmpstr (two, ==, "Writes about 480 GB. Takes between about 10 min and about 2 h, depending on "
                            "the drive’s speed; done between 23:10 and Tue 01:00.");
  /* Two times that read the same minute are said once. */
  g_assert_cmpstr (three, ==, "Writes about 480 GB. Takes between about 35 s and about 45 s, depending on "
                              "the drive’s speed; done at about 23:00.");
}

static void
test_state_round_trip (void)
{
  g_autoptr(DrivedashReviewSettings) s = drivedash_review_settings_new (DRIVEDASH_REVIEW_LENGTH_STANDARD);
  g_autoptr(DrivedashReviewState) state = NULL;
  g_autoptr(DrivedashReviewState) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("drivedash-review-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sub", "review.json", NULL);
  g_autoptr(JsonNode) before = NULL;
  g_autoptr(JsonNode) after = NULL;
  g_autoptr(GArray) ids = NULL;
  DrivedashReviewStep *first;

  s->game_mode_ab = TRUE;
  s->bench->pass_duration = 0.25;
  s->consistency->round_s = 0.5;
  s->adaptivity->amount = 16 << 20;
  drivedash_review_settings_set_folder (s, "/srv/games");
  state = drivedash_review_state_new (s, "nvme0");
  first = step_at (state->steps, 0);
  first->done = TRUE;
  first->run_id = 7;
  first->bytes_written = 3 * (guint64) G_MAXUINT32;
  step_at (state->steps, 1)->bytes_written = 1000;   /* a stopped attempt */
  state->review_id = 6;
  first->figures = drivedash_review_figures_new ();
  drivedash_review_figures_add (first->figures, "SEQ1M Q8T1", "read", 3458.5, 40.25);
  drivedash_review_figures_add (first->figures, "RND4K Q1T1", "write", 250, NAN);
  g_assert_true (drivedash_review_state_save_id (path, 6, &error));
  g_assert_no_error (error);
  /* The file says only which review; its record is in the history. */
  {
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, "{\"version\": 2, \"review_id\": 6}\n");
  }
  {
    g_autofree char *record = drivedash_review_state_dup_record (state);

    loaded = drivedash_review_state_from_record (record, &error);
    g_assert_no_error (error);
  }
  before = drivedash_review_state_to_json (state);
  after = drivedash_review_state_to_json (loaded);
  g_assert_true (json_node_equal (before, after));
  g_assert_cmpuint (drivedash_review_state_get_bytes_written (loaded), ==, 3 * (guint64) G_MAXUINT32 + 1000);
  /* A count below zero in a damaged record is none. */
  {
    g_autofree char *record = drivedash_review_state_dup_record (state);
    g_autofree char *negative = NULL;
    g_autoptr(DrivedashReviewState) odd = NULL;
    g_autoptr(GString) edited = g_string_new (record);

    g_assert_cmpuint (g_string_replace (edited, "\"bytes_written\":1000", "\"bytes_written\":-5", 1), ==, 1);
    negative = g_string_free (g_steal_pointer (&edited), FALSE);
    odd = drivedash_review_state_from_record (negative, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (drivedash_review_state_get_bytes_written (odd), ==, 3 * (guint64) G_MAXUINT32);
  }
  g_assert_cmpstr (loaded->settings->consistency->folder, ==, "/srv/games");
  g_assert_cmpfloat (loaded->settings->bench->pass_duration, ==, 0.25);
  g_assert_cmpuint (drivedash_review_state_next_step (loaded), ==, 1);
  g_assert_cmpint (loaded->review_id, ==, 6);
  ids = drivedash_review_state_dup_run_ids (loaded);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpint (g_array_index (ids, gint64, 0), ==, 7);
  g_assert_true (isnan (g_array_index (step_at (loaded->steps, 0)->figures, DrivedashReviewFigure, 1).ci95));

  g_assert_true (drivedash_review_state_remove (path, &error));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  {
    g_autofree char *parent = g_path_get_dirname (path);

    g_rmdir (parent);
  }
  g_rmdir (dir);
}

/* A missing file says there is nothing to resume; a damaged one says so
 * and is kept aside for the user as it was ("review.json.damaged-DATE"),
 * so that a new review's file does not replace it. */
static void
test_state_bad (void)
{
  static const char *const bad[] = {
    "not json",
    "{\"version\": 1, \"length\": \"quick\", \"steps\": [{\"kind\": \"benchmark\"}]}",
    "{\"version\": 2, \"length\": \"quick\", \"steps\": []}",
    "{\"version\": 1, \"length\": \"forever\", \"steps\": []}",
  };
  g_autofree char *dir = g_dir_make_tmp ("drivedash-review-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "review.json", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_null (drivedash_review_state_load (path, NULL, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *kept = NULL;
      g_autofree char *aside = NULL;
      const char *name;
      g_autoptr(GDir) d = NULL;

      g_clear_error (&error);
      g_assert_true (g_file_set_contents (path, bad[i], -1, NULL));

      g_assert_null (drivedash_review_state_load (path, NULL, &error));
      g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, "cannot be resumed"));
      g_assert_nonnull (strstr (error->message, "review.json.damaged-"));
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      /* The copy the message names, as it was found. */
      d = g_dir_open (dir, 0, NULL);
      while ((name = g_dir_read_name (d)) != NULL)
        if (strstr (error->message, name) != NULL)
          aside = g_build_filename (dir, name, NULL);
      g_assert_nonnull (aside);
      g_assert_true (g_file_get_contents (aside, &kept, NULL, NULL));
      g_assert_cmpstr (kept, ==, bad[i]);
      g_unlink (aside);
    }
  g_rmdir (dir);
}

/* Written as a file, loaded: refused with the plain message, never a
 * crash. */
static void
assert_refused (const char *path,
                const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_null (drivedash_review_state_load (path, NULL, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "cannot be resumed"));
}

/* A valid state's JSON with one member of "settings" (or of the top,
 * @settings FALSE) changed. */
static char *
state_with (const char *member,
            JsonNode   *value,
            gboolean    settings)
{
  g_autoptr(DrivedashReviewSettings) s = drivedash_review_settings_new (DRIVEDASH_REVIEW_LENGTH_QUICK);
  g_autoptr(DrivedashReviewState) state = drivedash_review_state_new (s, "nvme0");
  g_autoptr(JsonNode) root = drivedash_review_state_to_json (state);
  JsonObject *o = json_node_get_object (root);

  if (settings)
    o = json_object_get_object_member (o, "settings");
  json_object_set_member (o, member, value);
  return json_to_string (root, FALSE);
}

/* Hostile state files: nested 200,000 deep, ten million repeats, steps
 * that are not the plan, a file of 8 MiB. */
static void
test_state_hostile (void)
{
  g_autofree char *dir = g_dir_make_tmp ("drivedash-review-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "review.json", NULL);
  g_autoptr(GString) deep = g_string_new ("{\"version\": 1, \"length\": \"quick\", \"steps\": ");
  g_autofree char *repeats = state_with ("speed_repeats", json_node_init_int (json_node_alloc (), 10000000), TRUE);
  g_autofree char *no_steps = state_with ("steps", json_node_init_array (json_node_alloc (), json_array_new ()),
                                          FALSE);
  g_autofree char *big = g_strnfill (8 << 20, ' ');

  for (guint i = 0; i < 200000; i++)
    g_string_append_c (deep, '[');
  assert_refused (path, deep->str);
  assert_refused (path, repeats);
  assert_refused (path, no_steps);
  assert_refused (path, big);
  /* Each kept aside as it was. */
  g_assert_true (drivedash_test_tree_remove (dir));
}

/* Reference rows only beside the tests the magazine ran. */
static void
test_references (void)
{
  g_autoptr(GPtrArray) seq = drivedash_review_references_matching (DRIVEDASH_REVIEW_STEP_SPEED, "SEQ1M Q32T1", "write");
  g_autoptr(GPtrArray) nvme = drivedash_review_references_matching (DRIVEDASH_REVIEW_STEP_SPEED, "SEQ1M Q8T1", "read");
  g_autoptr(GPtrArray) recovery = drivedash_review_references_matching (DRIVEDASH_REVIEW_STEP_CONSISTENCY, "recovery", NULL);
  g_autoptr(GPtrArray) wrong_kind = drivedash_review_references_matching (DRIVEDASH_REVIEW_STEP_ADAPTIVITY, "recovery", NULL);
  g_autoptr(GPtrArray) adaptivity = drivedash_review_references_matching (DRIVEDASH_REVIEW_STEP_ADAPTIVITY, "average", NULL);
  g_autofree char *write = NULL, *drive = NULL, *range = NULL, *above = NULL, *about = NULL;
  guint n;

  drivedash_review_references_get (&n);
  g_assert_cmpuint (n, ==, 26);
  g_assert_cmpuint (seq->len, ==, 4);
  g_assert_cmpuint (nvme->len, ==, 0);
  g_assert_cmpuint (recovery->len, ==, 4);
  g_assert_cmpuint (wrong_kind->len, ==, 0);
  g_assert_cmpuint (adaptivity->len, ==, 4);
  write = drivedash_review_reference_dup_value (g_ptr_array_index (seq, 0));
  drive = drivedash_review_reference_dup_drive (g_ptr_array_index (seq, 1));
  range = drivedash_review_reference_dup_value (g_ptr_array_index (recovery, 0));
  above = drivedash_review_reference_dup_value (g_ptr_array_index (recovery, 3));
  about = drivedash_review_reference_dup_value (g_ptr_array_index (adaptivity, 0));
  g_assert_cmpstr (write, ==, "2999 MB/s");
  g_assert_cmpstr (drive, ==, "WD Black SN750 1TB with Gaming Mode");
  g_assert_cmpstr (range, ==, "598–629 MB/s");
  g_assert_cmpstr (above, ==, "above 600 MB/s");
  g_assert_cmpstr (about, ==, "about 642 MB/s");
  g_assert_nonnull (strstr (drivedash_review_reference_get_source (DRIVEDASH_REVIEW_STEP_SPEED),
                            "another PC, CrystalDiskMark 6"));
  g_assert_nonnull (strstr (drivedash_review_reference_get_source (DRIVEDASH_REVIEW_STEP_ADAPTIVITY),
                            "PCMark 8"));
}

static void
add_round (DrivedashLongTestResult *r,
           DrivedashLongGroup       group,
           guint                    index,
           double                   mb_per_s)
{
  DrivedashLongRound round = { group, index, mb_per_s, 0, 0, 1 };

  g_array_append_val (r->rounds, round);
}

/* The figures the review's graphs show: the first heavy round and the
 * rounds after rest. */
static void
test_long_figures (void)
{
  DrivedashLongTestResult r = { .kind = DRIVEDASH_LONG_TEST_CONSISTENCY };
  g_autoptr(GArray) consistency = NULL;
  g_autoptr(GArray) adaptivity = NULL;
  g_autoptr(GArray) sustained = NULL;
  const DrivedashReviewFigure *f;

  r.rounds = g_array_new (FALSE, FALSE, sizeof (DrivedashLongRound));
  add_round (&r, DRIVEDASH_LONG_GROUP_DEGRADATION, 1, 300);
  add_round (&r, DRIVEDASH_LONG_GROUP_DEGRADATION, 2, 200);
  add_round (&r, DRIVEDASH_LONG_GROUP_STEADY, 1, 150);
  add_round (&r, DRIVEDASH_LONG_GROUP_RECOVERY, 1, 600);
  add_round (&r, DRIVEDASH_LONG_GROUP_RECOVERY, 2, 700);
  consistency = drivedash_review_figures_from_long (&r);
  g_assert_cmpuint (consistency->len, ==, 2);
  f = &g_array_index (consistency, DrivedashReviewFigure, 0);
  g_assert_cmpstr (f->test, ==, "degradation-1");
  g_assert_null (f->mode);
  g_assert_cmpfloat (f->value, ==, 300);
  f = &g_array_index (consistency, DrivedashReviewFigure, 1);
  g_assert_cmpstr (f->test, ==, "recovery");
  g_assert_cmpfloat (f->value, ==, 650);

  r.kind = DRIVEDASH_LONG_TEST_ADAPTIVITY;
  g_array_set_size (r.rounds, 0);
  add_round (&r, DRIVEDASH_LONG_GROUP_RECOVERY, 1, 640);
  add_round (&r, DRIVEDASH_LONG_GROUP_RECOVERY, 2, 660);
  adaptivity = drivedash_review_figures_from_long (&r);
  g_assert_cmpuint (adaptivity->len, ==, 1);
  g_assert_cmpstr (g_array_index (adaptivity, DrivedashReviewFigure, 0).test, ==, "average");
  g_assert_cmpfloat (g_array_index (adaptivity, DrivedashReviewFigure, 0).value, ==, 650);

  r.kind = DRIVEDASH_LONG_TEST_SUSTAINED;
  r.measured_mb_per_s = 420;
  sustained = drivedash_review_figures_from_long (&r);
  g_assert_cmpstr (g_array_index (sustained, DrivedashReviewFigure, 0).test, ==, "mixed");
  g_assert_cmpfloat (g_array_index (sustained, DrivedashReviewFigure, 0).value, ==, 420);
  g_array_unref (r.rounds);
}

/* The summary: each step, its run, its figures, and the published
 * figures only beside the tests that match. */
static void
test_summary (void)
{
  g_autoptr(DrivedashReviewSettings) s = drivedash_review_settings_new (DRIVEDASH_REVIEW_LENGTH_QUICK);
  g_autoptr(DrivedashReviewState) state = NULL;
  g_autofree char *text = NULL;
  DrivedashReviewStep *first;

  s->game_mode_ab = TRUE;
  state = drivedash_review_state_new (s, NULL);
  first = step_at (state->steps, 0);
  first->done = TRUE;
  first->run_id = 12;
  first->figures = drivedash_review_figures_new ();
  drivedash_review_figures_add (first->figures, "SEQ1M Q32T1", "read", 3400.25, 12.5);
  drivedash_review_figures_add (first->figures, "SEQ1M Q8T1", "read", 3300, 10);
  /* Repeats that disagree this much pin nothing down: no "3.5 ± 36.9". */
  drivedash_review_figures_add (first->figures, "RND4K Q1T1", "read", 3.5, 36.9);
  text = drivedash_review_state_dup_summary (state);
  g_assert_cmpstr (text, ==,
                   "In short:\n"
                   "How fast: it reads large files at between 3388 and 3413 MB/s (writes were not measured). "
                   "Small files, one at a time, read at about 4 MB/s (it varied too much to pin down).\n"
                   "Against the magazine’s drives: it reads large files slower than all 3 of them (measured on "
                   "another computer, so a rough guide only).\n"
                   "Under long heavy writing: can’t tell yet, the long tests have not finished.\n"
                   "Game mode: can’t tell yet, it has not been measured both ways.\n"
                   "A Quick review is shorter than the magazine’s: each pass of the speed test ends after "
                   "512.0\u00a0MiB, Sustained runs about 2 min, Consistency writes in shorter bursts, and "
                   "Adaptivity fills at most 2.0\u00a0GiB instead of the whole free space. A fast drive is therefore "
                   "not pushed as far, and its slowdown under hours of writing may not show.\n"
                   "\n"
                   "Full review of 8 steps:\n"
                   "  1. Speed test, game mode off: done\n"
                   "    SEQ1M Q32T1 read: between 3388 and 3413 MB/s\n"
                   "      Published by a magazine, measured on another PC, CrystalDiskMark 6:\n"
                   "        WD Black SN750 1TB: 3477 MB/s\n"
                   "        WD Black SN750 1TB with Gaming Mode: 3480 MB/s\n"
                   "        Samsung 970 EVO Plus 1TB: 3563 MB/s\n"
                   "    SEQ1M Q8T1 read: between 3290 and 3310 MB/s\n"
                   "    RND4K Q1T1 read: 3.5 MB/s, but the repeats varied too much to pin it down\n"
                   "  2. Speed test, game mode on: not done\n"
                   "  3. Sustained, game mode off: not done\n"
                   "  4. Sustained, game mode on: not done\n"
                   "  5. Consistency, game mode off: not done\n"
                   "  6. Consistency, game mode on: not done\n"
                   "  7. Adaptivity, game mode off: not done\n"
                   "  8. Adaptivity, game mode on: not done\n");
}

static gint64
save_step_run (DrivedashStore   *store,
               DrivedashRunKind  kind)
{
  g_autoptr(DrivedashStoreRun) run = drivedash_store_run_new (kind);
  g_autoptr(GError) error = NULL;

  run->started_at = g_get_real_time ();
  run->ended_at = run->started_at + 1;
  run->drive_model = g_strdup ("Samsung SSD 990 PRO 2TB");
  g_assert_true (drivedash_store_save_run (store, run, &error));
  g_assert_no_error (error);
  return run->id;
}

/* A state file of before reviews were kept in the history: its two
 * finished steps join one review run; a second migration of the same
 * state (as the CLI and the app might both do) finds it; a step whose run
 * was deleted is left out. */
static void
test_migrate (void)
{
  g_autofree char *dir = g_dir_make_tmp ("drivedash-review-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "results.db", NULL);
  g_autoptr(DrivedashReviewSettings) s = drivedash_review_settings_new (DRIVEDASH_REVIEW_LENGTH_QUICK);
  g_autoptr(DrivedashReviewState) state = drivedash_review_state_new (s, "nvme0");
  g_autoptr(DrivedashReviewState) again = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GPtrArray) top = NULL;
  g_autoptr(GPtrArray) steps = NULL;
  g_autoptr(GError) error = NULL;
  gint64 gone;

  store = drivedash_store_open (db, &error);
  g_assert_no_error (error);
  step_at (state->steps, 0)->done = TRUE;
  step_at (state->steps, 0)->run_id = save_step_run (store, DRIVEDASH_RUN_KIND_REPEAT_SET);
  step_at (state->steps, 1)->done = TRUE;
  step_at (state->steps, 1)->run_id = gone = save_step_run (store, DRIVEDASH_RUN_KIND_SUSTAINED);
  step_at (state->steps, 2)->done = TRUE;
  step_at (state->steps, 2)->run_id = save_step_run (store, DRIVEDASH_RUN_KIND_CONSISTENCY);
  g_assert_true (drivedash_store_delete_run (store, gone, &error));
  g_assert_cmpint (state->review_id, ==, 0);
  state->in_old_file = TRUE;

  g_assert_true (drivedash_review_migrate_to_history (state, store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (state->review_id, >, 0);
  top = drivedash_store_list_runs (store, NULL, &error);
  g_assert_cmpuint (top->len, ==, 1);
  g_assert_cmpint (((DrivedashStoreRun *) top->pdata[0])->kind, ==, DRIVEDASH_RUN_KIND_REVIEW);
  /* Step 4 is not done: the review stopped part way. */
  g_assert_cmpint (((DrivedashStoreRun *) top->pdata[0])->status, ==, DRIVEDASH_RUN_STATUS_CANCELLED);
  g_assert_cmpint (((DrivedashStoreRun *) top->pdata[0])->started_at, ==, state->started_at);
  steps = drivedash_store_list_members (store, state->review_id, &error);
  g_assert_cmpuint (steps->len, ==, 2);

  /* The same old state again: the same review. */
  again = g_new0 (DrivedashReviewState, 1);
  again->settings = drivedash_review_settings_copy (state->settings);
  again->steps = drivedash_review_plan (state->settings);
  again->started_at = state->started_at;
  again->in_old_file = TRUE;
  for (guint i = 0; i < 3; i++)
    {
      step_at (again->steps, i)->done = TRUE;
      step_at (again->steps, i)->run_id = step_at (state->steps, i)->run_id;
    }
  g_assert_true (drivedash_review_migrate_to_history (again, store, &error));
  g_assert_cmpint (again->review_id, ==, state->review_id);
  g_clear_pointer (&top, g_ptr_array_unref);
  top = drivedash_store_list_runs (store, NULL, &error);
  g_assert_cmpuint (top->len, ==, 1);
  g_clear_object (&store);
  g_assert_true (drivedash_test_tree_remove (dir));
}

/* An earlier Drivedash's state file (the whole review) moves into the
 * history; the file then only points at it, and a resume reads the
 * review from there: equal to what was written, refused when the record
 * is damaged, "nothing to resume" once it is deleted from History. */
static void
test_state_in_history (void)
{
  g_autofree char *dir = g_dir_make_tmp ("drivedash-review-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "results.db", NULL);
  g_autofree char *path = g_build_filename (dir, "review.json", NULL);
  g_autoptr(DrivedashReviewSettings) s = drivedash_review_settings_new (DRIVEDASH_REVIEW_LENGTH_QUICK);
  g_autoptr(DrivedashReviewState) state = drivedash_review_state_new (s, "nvme0");
  g_autoptr(DrivedashReviewState) old = NULL;
  g_autoptr(DrivedashReviewState) loaded = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (db, NULL);
  g_autoptr(JsonNode) before = NULL;
  g_autoptr(JsonNode) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *record = drivedash_review_state_dup_record (state);
  g_autoptr(GString) deep = g_string_new (NULL);

  g_assert_true (g_file_set_contents (path, record, -1, NULL));
  old = drivedash_review_state_load (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (old->in_old_file);
  g_assert_true (drivedash_review_migrate_to_history (old, store, &error));
  g_assert_no_error (error);
  g_assert_false (old->in_old_file);
  g_assert_cmpint (old->review_id, >, 0);
  g_assert_true (drivedash_review_state_save_id (path, old->review_id, &error));

  /* Without the history there is nothing to read it from. */
  g_assert_null (drivedash_review_state_load (path, NULL, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_clear_error (&error);
  loaded = drivedash_review_state_load (path, store, &error);
  g_assert_no_error (error);
  g_assert_false (loaded->in_old_file);
  g_assert_cmpint (loaded->review_id, ==, old->review_id);
  state->review_id = old->review_id;
  before = drivedash_review_state_to_json (state);
  after = drivedash_review_state_to_json (loaded);
  g_assert_true (json_node_equal (before, after));

  /* A hostile record, as an imported history could bring. */
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');
  g_assert_true (drivedash_store_set_review_state (store, old->review_id, deep->str, &error));
  g_assert_null (drivedash_review_state_load (path, store, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "damaged"));
  g_clear_error (&error);

  g_assert_true (drivedash_store_delete_run (store, old->review_id, &error));
  g_assert_null (drivedash_review_state_load (path, store, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "deleted from History"));
  g_clear_object (&store);
  g_assert_true (drivedash_test_tree_remove (dir));
}

/* The answer from a finished A/B review: speeds as ranges, the
 * magazine's drives counted, the long tests in words, and game mode
 * judged only where the difference is beyond the runs' spread. */
static void
test_verdict (void)
{
  g_autoptr(DrivedashReviewSettings) s = drivedash_review_settings_new (DRIVEDASH_REVIEW_LENGTH_QUICK);
  g_autoptr(DrivedashReviewState) state = NULL;
  g_autofree char *close = NULL;
  g_autofree char *apart = NULL;
  g_autofree char *none = NULL;

  s->game_mode_ab = TRUE;
  state = drivedash_review_state_new (s, NULL);
  none = drivedash_review_state_dup_verdict (state);
  g_assert_nonnull (strstr (none, "How fast: can’t tell yet"));
  g_assert_null (strstr (none, "Against the magazine"));
  g_assert_nonnull (strstr (none, "A Quick review is shorter than the magazine’s"));
  for (guint i = 0; i < state->steps->len; i++)
    {
      DrivedashReviewStep *step = step_at (state->steps, i);

      step->done = TRUE;
      step->figures = drivedash_review_figures_new ();
      if (step->kind == DRIVEDASH_REVIEW_STEP_SPEED)
        {
          drivedash_review_figures_add (step->figures, "SEQ1M Q32T1", "read", step->game_mode ? 3500 : 3450, 40);
          drivedash_review_figures_add (step->figures, "SEQ1M Q32T1", "write", 3000, 20);
        }
      else if (step->kind == DRIVEDASH_REVIEW_STEP_CONSISTENCY)
        {
          drivedash_review_figures_add (step->figures, "degradation-1", NULL, 900, NAN);
          drivedash_review_figures_add (step->figures, "recovery", NULL, 2100, NAN);
        }
    }
  close = drivedash_review_state_dup_verdict (state);
  g_assert_nonnull (strstr (close, "How fast: it reads large files at between 3410 and 3490 MB/s and writes them "
                                   "at between 2980 and 3020 MB/s."));
  g_assert_nonnull (strstr (close, "it reads large files slower than all 3 of them"));
  g_assert_nonnull (strstr (close, "it slowed to about 900 MB/s, and after rests it came back to about 2100 MB/s"));
  /* The magazine's rested figures are 587–640 MB/s. */
  g_assert_nonnull (strstr (close, "measured this way, it came back faster than 3 of the 4, about as fast as "
                                   "the rest."));
  /* 3450 ± 40 against 3500 ± 40: within the spread. */
  g_assert_nonnull (strstr (close, "Game mode: can’t tell, the difference (+1 %) is within"));

  for (guint i = 0; i < state->steps->len; i++)
    {
      DrivedashReviewStep *step = step_at (state->steps, i);

      if (step->kind == DRIVEDASH_REVIEW_STEP_SPEED && step->game_mode == 1)
        g_array_index (step->figures, DrivedashReviewFigure, 0).value = 3700;
    }
  apart = drivedash_review_state_dup_verdict (state);
  g_assert_nonnull (strstr (apart, "Game mode: it made large reads 7 % faster."));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/review/plan", test_plan);
  g_test_add_func ("/review/lengths", test_lengths);
  g_test_add_func ("/review/lengths-within-limits", test_lengths_within_limits);
  g_test_add_func ("/review/settings-refused", test_settings_refused);
  g_test_add_func ("/review/estimate", test_estimate);
  g_test_add_func ("/review/estimate-text", test_estimate_text);
  g_test_add_func ("/review/state-round-trip", test_state_round_trip);
  g_test_add_func ("/review/state-bad", test_state_bad);
  g_test_add_func ("/review/state-hostile", test_state_hostile);
  g_test_add_func ("/review/references", test_references);
  g_test_add_func ("/review/long-figures", test_long_figures);
  g_test_add_func ("/review/summary", test_summary);
  g_test_add_func ("/review/verdict", test_verdict);
  g_test_add_func ("/review/migrate", test_migrate);
  g_test_add_func ("/review/state-in-history", test_state_in_history);
  return g_test_run ();
}
