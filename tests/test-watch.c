/* test-watch.c — the watch's core: the notification rules on synthetic
 * snapshot sequences (fake clock), their messages, snapshots in a real
 * SQLite store (thinning over a simulated year, the rules' memory, the
 * migration from the committed schema-2 fixture)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdarg.h>
#include <sqlite3.h>
#include <string.h>

#include "drivedash-store-app-writes.h"
#include "drivedash-store-health.h"
#include "drivedash-watch-private.h"
#include "drivedash-watch-rules.h"
#include "drivedash-write-sampler.h"
#include "drivedash-store-private.h"

#include "drivedash-test-tree.h"

#define T0 1700000000   /* a fake clock: Unix seconds */

static DrivedashSnapshot
smart_at (gint64 time,
          guint8 warning)
{
  DrivedashSnapshot s;

  drivedash_snapshot_from_temperature (&s, 310, time);
  s.has |= DRIVEDASH_SNAPSHOT_HAS_SMART;
  s.critical_warning = warning;
  s.available_spare_percent = 100;
  s.available_spare_threshold_percent = 10;
  s.percentage_used = 3;
  s.media_errors = 0;
  s.error_log_entries = 0;
  s.data_units_read = 123456789012;
  s.power_on_hours = 4321;
  s.thermal_management_1_transitions = 2;
  s.thermal_management_2_transitions = 1;
  s.thermal_management_1_seconds = 40;
  s.thermal_management_2_seconds = 5;
  return s;
}

/* Applies one snapshot and returns how many events came out; *kind gets
 * the first one's. */
static guint
apply (DrivedashWatchState     *state,
       const DrivedashSnapshot *s,
       guint16                  limit,
       DrivedashWatchEvent     *first)
{
  g_autoptr(GArray) events = drivedash_watch_rules_apply (state, s, limit, FALSE);

  if (events->len > 0 && first != NULL)
    *first = g_array_index (events, DrivedashWatchEvent, 0);
  return events->len;
}

static void
test_critical_warning (void)
{
  DrivedashWatchState state = DRIVEDASH_WATCH_STATE_INIT;
  DrivedashWatchEvent e = { 0 };
  DrivedashSnapshot s = smart_at (T0, 0);

  g_assert_cmpuint (apply (&state, &s, 0, NULL), ==, 0);
  s = smart_at (T0 + 600, DRIVEDASH_CRITICAL_WARNING_RELIABILITY);
  g_assert_cmpuint (apply (&state, &s, 0, &e), ==, 1);
  g_assert_cmpint (e.kind, ==, DRIVEDASH_WATCH_EVENT_CRITICAL_WARNING);
  g_assert_cmpuint (e.bits, ==, DRIVEDASH_CRITICAL_WARNING_RELIABILITY);
  g_assert_cmpint (e.time, ==, T0 + 600);
  /* Still set: not again, on any number of polls. */
  for (int i = 2; i < 20; i++)
    {
      s = smart_at (T0 + 600 * i, DRIVEDASH_CRITICAL_WARNING_RELIABILITY);
      g_assert_cmpuint (apply (&state, &s, 0, NULL), ==, 0);
    }
  /* A second bit: only that one is new. */
  s = smart_at (T0 + 20000, DRIVEDASH_CRITICAL_WARNING_RELIABILITY | DRIVEDASH_CRITICAL_WARNING_READ_ONLY);
  g_assert_cmpuint (apply (&state, &s, 0, &e), ==, 1);
  g_assert_cmpuint (e.bits, ==, DRIVEDASH_CRITICAL_WARNING_READ_ONLY);
  /* Cleared, then back: a new event. */
  s = smart_at (T0 + 21000, 0);
  g_assert_cmpuint (apply (&state, &s, 0, NULL), ==, 0);
  s = smart_at (T0 + 22000, DRIVEDASH_CRITICAL_WARNING_RELIABILITY);
  g_assert_cmpuint (apply (&state, &s, 0, &e), ==, 1);
  g_assert_cmpuint (e.bits, ==, DRIVEDASH_CRITICAL_WARNING_RELIABILITY);

  /* The temperature bit: left to the temperature rule when the limit is
   * known, reported as a warning when it is not. */
  s = smart_at (T0 + 23000, DRIVEDASH_CRITICAL_WARNING_TEMPERATURE);
  g_assert_cmpuint (apply (&state, &s, 343, NULL), ==, 0);
  s = smart_at (T0 + 24000, 0);
  apply (&state, &s, 0, NULL);
  s = smart_at (T0 + 25000, DRIVEDASH_CRITICAL_WARNING_TEMPERATURE);
  g_assert_cmpuint (apply (&state, &s, 0, &e), ==, 1);
  g_assert_cmpuint (e.bits, ==, DRIVEDASH_CRITICAL_WARNING_TEMPERATURE);
}

/* Temperatures (K) one minute apart from T0; returns the minute indices
 * at which an event came, as a string "3,11". */
static char *
temperature_run (const guint16 *kelvins,
                 guint          n,
                 guint16        limit)
{
  DrivedashWatchState state = DRIVEDASH_WATCH_STATE_INIT;
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      DrivedashSnapshot s;
      DrivedashWatchEvent e = { 0 };

      drivedash_snapshot_from_temperature (&s, kelvins[i], T0 + 60 * (gint64) i);
      if (apply (&state, &s, limit, &e) > 0)
        {
          g_assert_cmpint (e.kind, ==, DRIVEDASH_WATCH_EVENT_TEMPERATURE);
          g_assert_cmpuint (e.limit_kelvin, ==, limit);
          g_string_append_printf (out, "%s%u", out->len ? "," : "", i);
        }
    }
  return g_string_free (out, FALSE);
}

static void
test_temperature (void)
{
  /* Limit 343 K (69.85 °C).  Minute 1 reaches it; 2 minutes later (3) it
   * is told.  342 (not 3 below) keeps it told; a new hot spell is quiet;
   * 340 (3 below) ends it; the next 2-minute spell is told again. */
  const guint16 a[] = { 340, 343, 344, 345, 346, 342, 343, 344, 345, 340, 343, 343, 343, 350 };
  /* A dip below the limit restarts the 2 minutes. */
  const guint16 b[] = { 343, 343, 342, 343, 343, 343 };
  /* Never 2 minutes in a row: never told. */
  const guint16 c[] = { 343, 343, 342, 343, 343, 342, 343, 343, 342 };
  g_autofree char *ra = temperature_run (a, G_N_ELEMENTS (a), 343);
  g_autofree char *rb = temperature_run (b, G_N_ELEMENTS (b), 343);
  g_autofree char *rc = temperature_run (c, G_N_ELEMENTS (c), 343);
  g_autofree char *rd = temperature_run (a, G_N_ELEMENTS (a), 0);

  g_assert_cmpstr (ra, ==, "3,12");
  g_assert_cmpstr (rb, ==, "5");
  g_assert_cmpstr (rc, ==, "");
  g_assert_cmpstr (rd, ==, "");
}

static void
test_spare (void)
{
  DrivedashWatchState state = DRIVEDASH_WATCH_STATE_INIT;
  const guint8 spares[] = { 50, 10, 9, 8, 11, 5, 5 };
  const guint expected[] = { 0, 1, 0, 0, 0, 1, 0 };
  DrivedashWatchEvent e = { 0 };
  DrivedashSnapshot s;

  for (guint i = 0; i < G_N_ELEMENTS (spares); i++)
    {
      s = smart_at (T0 + 600 * i, 0);
      s.available_spare_percent = spares[i];
      g_assert_cmpuint (apply (&state, &s, 0, &e), ==, expected[i]);
      if (expected[i])
        {
          g_assert_cmpint (e.kind, ==, DRIVEDASH_WATCH_EVENT_SPARE);
          g_assert_cmpuint (e.spare, ==, spares[i]);
          g_assert_cmpuint (e.threshold, ==, 10);
        }
    }
  /* 0 of 0: a drive that does not report its spare. */
  state = (DrivedashWatchState) DRIVEDASH_WATCH_STATE_INIT;
  s = smart_at (T0, 0);
  s.available_spare_percent = 0;
  s.available_spare_threshold_percent = 0;
  g_assert_cmpuint (apply (&state, &s, 0, NULL), ==, 0);
}

static void
test_counters (void)
{
  DrivedashWatchState state = DRIVEDASH_WATCH_STATE_INIT;
  const gint64 media[] = { 3, 3, 5, 5, 5, 6 };
  const gint64 log[] = { 100, 100, 100, 140, 140, 140 };
  /* 0: none; 1: media errors; 2: error log; 3: both */
  const guint expected[] = { 0, 0, 1, 2, 0, 1 };
  DrivedashSnapshot s;

  for (guint i = 0; i < G_N_ELEMENTS (media); i++)
    {
      g_autoptr(GArray) events = NULL;

      s = smart_at (T0 + 600 * i, 0);
      s.media_errors = media[i];
      s.error_log_entries = log[i];
      events = drivedash_watch_rules_apply (&state, &s, 0, FALSE);
      g_assert_cmpuint (events->len, ==, expected[i] ? 1 : 0);
      if (expected[i] == 1)
        {
          DrivedashWatchEvent *e = &g_array_index (events, DrivedashWatchEvent, 0);

          g_assert_cmpint (e->kind, ==, DRIVEDASH_WATCH_EVENT_MEDIA_ERRORS);
          g_assert_cmpint (e->before, ==, media[i - 1]);
          g_assert_cmpint (e->after, ==, media[i]);
        }
      else if (expected[i] == 2)
        {
          DrivedashWatchEvent *e = &g_array_index (events, DrivedashWatchEvent, 0);

          g_assert_cmpint (e->kind, ==, DRIVEDASH_WATCH_EVENT_ERROR_LOG);
          g_assert_cmpint (e->before, ==, 100);
          g_assert_cmpint (e->after, ==, 140);
        }
    }
  /* A temperature-only reading knows no counters: no event, nothing lost. */
  drivedash_snapshot_from_temperature (&s, 320, T0 + 10000);
  g_assert_cmpuint (apply (&state, &s, 0, NULL), ==, 0);
  g_assert_cmpint (state.media_errors, ==, 6);
}

static void
test_wear (void)
{
  DrivedashWatchState state = DRIVEDASH_WATCH_STATE_INIT;
  const guint8 used[] = { 79, 80, 85, 89, 91, 99, 100, 101, 120 };
  const guint levels[] = { 0, 80, 0, 0, 90, 0, 100, 0, 0 };
  DrivedashWatchEvent e = { 0 };
  DrivedashSnapshot s;

  for (guint i = 0; i < G_N_ELEMENTS (used); i++)
    {
      s = smart_at (T0 + 86400 * i, 0);
      s.percentage_used = used[i];
      g_assert_cmpuint (apply (&state, &s, 0, &e), ==, levels[i] ? 1 : 0);
      if (levels[i])
        {
          g_assert_cmpint (e.kind, ==, DRIVEDASH_WATCH_EVENT_WEAR);
          g_assert_cmpuint (e.level, ==, levels[i]);
        }
    }
  /* First seen at 95 %: one message, for 90 %. */
  state = (DrivedashWatchState) DRIVEDASH_WATCH_STATE_INIT;
  s = smart_at (T0, 0);
  s.percentage_used = 95;
  g_assert_cmpuint (apply (&state, &s, 0, &e), ==, 1);
  g_assert_cmpuint (e.level, ==, 90);
  g_assert_cmpuint (apply (&state, &s, 0, &e), ==, 0);
}

static void
test_muted (void)
{
  DrivedashWatchState state = DRIVEDASH_WATCH_STATE_INIT;
  DrivedashSnapshot s = smart_at (T0, 0);
  g_autoptr(GArray) events = NULL;

  s.media_errors = 1;
  g_array_unref (drivedash_watch_rules_apply (&state, &s, 0, TRUE));
  s = smart_at (T0 + 600, DRIVEDASH_CRITICAL_WARNING_RELIABILITY);
  s.media_errors = 4;
  s.percentage_used = 92;
  events = drivedash_watch_rules_apply (&state, &s, 0, TRUE);
  g_assert_cmpuint (events->len, ==, 0);
  /* Unmuted: what happened while muted is not brought back. */
  s.time += 600;
  g_assert_cmpuint (apply (&state, &s, 0, NULL), ==, 0);
  s.time += 600;
  s.media_errors = 5;
  g_assert_cmpuint (apply (&state, &s, 0, NULL), ==, 1);
}

static void
check_message (DrivedashWatchEvent *e,
               const char          *needle)
{
  g_autofree char *title = NULL;
  g_autofree char *body = NULL;

  drivedash_watch_event_describe (e, "Samsung SSD 980", &title, &body);
  g_test_message ("%s: %s — %s", drivedash_watch_event_kind_id (e->kind), title, body);
  g_assert_nonnull (strstr (title, "Samsung SSD 980"));
  g_assert_nonnull (strstr (body, needle));
}

static void
test_messages (void)
{
  DrivedashWatchEvent e = { 0 };

  e.kind = DRIVEDASH_WATCH_EVENT_CRITICAL_WARNING;
  e.bits = DRIVEDASH_CRITICAL_WARNING_READ_ONLY;
  check_message (&e, "Back up your files now");
  check_message (&e, "read-only");
  e.bits = DRIVEDASH_CRITICAL_WARNING_TEMPERATURE;
  check_message (&e, "Improve cooling");
  e.kind = DRIVEDASH_WATCH_EVENT_TEMPERATURE;
  e.temperature_kelvin = 348.15;
  e.limit_kelvin = 343;
  check_message (&e, "75 °C");
  check_message (&e, "70 °C");
  e.kind = DRIVEDASH_WATCH_EVENT_SPARE;
  e.spare = 9;
  e.threshold = 10;
  check_message (&e, "Only 9 % of its spare blocks are left (its maker’s limit is 10 %)");
  e.kind = DRIVEDASH_WATCH_EVENT_MEDIA_ERRORS;
  e.before = 3;
  e.after = 5;
  check_message (&e, "from 3 to 5");
  e.kind = DRIVEDASH_WATCH_EVENT_ERROR_LOG;
  check_message (&e, "does not mean the drive is failing");
  e.kind = DRIVEDASH_WATCH_EVENT_WEAR;
  e.level = 90;
  check_message (&e, "plan to replace");
  e.level = 100;
  check_message (&e, "replace the drive soon");
}

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

  f->dir = g_dir_make_tmp ("drivedash-watch-XXXXXX", &error);
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

static DrivedashStore *
open_store (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  DrivedashStore *store = drivedash_store_open (f->path, &error);

  g_assert_no_error (error);
  return store;
}

static void
assert_snapshot_equal (const DrivedashSnapshot *a,
                       const DrivedashSnapshot *b)
{
  g_assert_cmpint (a->time, ==, b->time);
  g_assert_cmpuint (a->has, ==, b->has);
  g_assert_cmpuint (a->samples, ==, b->samples);
  g_assert_cmpfloat (a->temperature_kelvin, ==, b->temperature_kelvin);
  g_assert_cmpuint (a->temperature_min_kelvin, ==, b->temperature_min_kelvin);
  g_assert_cmpuint (a->temperature_max_kelvin, ==, b->temperature_max_kelvin);
  g_assert_cmpuint (a->critical_warning, ==, b->critical_warning);
  g_assert_cmpuint (a->available_spare_percent, ==, b->available_spare_percent);
  g_assert_cmpuint (a->available_spare_threshold_percent, ==, b->available_spare_threshold_percent);
  g_assert_cmpuint (a->percentage_used, ==, b->percentage_used);
  g_assert_cmpint (a->data_units_read, ==, b->data_units_read);
  g_assert_cmpint (a->data_units_written, ==, b->data_units_written);
  g_assert_cmpint (a->power_on_hours, ==, b->power_on_hours);
  g_assert_cmpint (a->media_errors, ==, b->media_errors);
  g_assert_cmpint (a->error_log_entries, ==, b->error_log_entries);
  g_assert_cmpuint (a->thermal_management_1_transitions, ==, b->thermal_management_1_transitions);
  g_assert_cmpuint (a->thermal_management_2_transitions, ==, b->thermal_management_2_transitions);
  g_assert_cmpuint (a->thermal_management_1_seconds, ==, b->thermal_management_1_seconds);
  g_assert_cmpuint (a->thermal_management_2_seconds, ==, b->thermal_management_2_seconds);
}

/* The committed schema-2 fixture (tests/fixtures/make-store-v2-fixture.sh)
 * migrates: the old runs and sets are all there and the watch works. */
static void
test_migrate_v2 (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *from = g_test_build_filename (G_TEST_DIST, "fixtures", "store-v2.db", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *parent = g_path_get_dirname (f->path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(DrivedashStoreRun) run = NULL;
  g_autoptr(GPtrArray) members = NULL;
  g_autoptr(GArray) snapshots = NULL;
  DrivedashSnapshot s = smart_at (T0, 0);
  gsize len;
  gint64 id;

  g_assert_true (g_file_get_contents (from, &contents, &len, NULL));
  g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
  g_assert_true (g_file_set_contents (f->path, contents, len, NULL));
  store = open_store (f);
  g_assert_cmpint (drivedash_store_get_schema_version (store), ==, DRIVEDASH_STORE_SCHEMA_VERSION);

  run = drivedash_store_get_run (store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (run->name, ==, "baseline");
  g_assert_cmpstr (run->note, ==, "before the firmware update");
  members = drivedash_store_list_members (store, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (members->len, ==, 1);

  id = drivedash_store_watch_drive (store, "S123", "WD_BLACK SN750 1TB", "nvme0", &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  g_assert_true (drivedash_store_add_snapshots (store, id, &s, 1, &error));
  g_assert_no_error (error);
  g_clear_object (&store);

  store = open_store (f);
  snapshots = drivedash_store_list_snapshots (store, id, 0, G_MAXINT64, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (snapshots->len, ==, 1);
  assert_snapshot_equal (&g_array_index (snapshots, DrivedashSnapshot, 0), &s);
}

/* What the rules remember, and the mute, survive reopening; a drive is
 * known again by its serial, whatever its controller name. */
static void
test_state (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = open_store (f);
  DrivedashWatchState state = DRIVEDASH_WATCH_STATE_INIT;
  DrivedashWatchState loaded;
  DrivedashSnapshot s = smart_at (T0, DRIVEDASH_CRITICAL_WARNING_SPARE);
  g_autoptr(GArray) events = NULL;
  gboolean muted = TRUE;
  gint64 id, again, other;

  id = drivedash_store_watch_drive (store, "S123 ", "Drive A", "nvme0", &error);
  other = drivedash_store_watch_drive (store, "S999", "Drive B", "nvme1", &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, !=, other);
  g_assert_true (drivedash_store_watch_load (store, id, &loaded, &muted, &error));
  g_assert_false (muted);
  g_assert_cmpint (loaded.media_errors, ==, -1);

  s.media_errors = 7;
  s.percentage_used = 81;
  s.available_spare_percent = 5;
  events = drivedash_watch_rules_apply (&state, &s, 0, FALSE);
  g_assert_cmpuint (events->len, ==, 3);
  drivedash_snapshot_from_temperature (&s, 350, T0 + 60);
  g_array_unref (drivedash_watch_rules_apply (&state, &s, 343, FALSE));
  g_assert_true (state.hot);
  g_assert_true (drivedash_store_watch_save_state (store, id, &state, &error));
  g_assert_true (drivedash_store_watch_set_muted (store, id, TRUE, &error));
  g_assert_no_error (error);
  g_clear_object (&store);

  store = open_store (f);
  again = drivedash_store_watch_drive (store, "S123", "Drive A", "nvme2", &error);
  g_assert_cmpint (again, ==, id);
  g_assert_true (drivedash_store_watch_load (store, id, &loaded, &muted, &error));
  g_assert_no_error (error);
  g_assert_true (muted);
  g_assert_cmpuint (loaded.warned_bits, ==, state.warned_bits);
  g_assert_cmpint (loaded.hot, ==, state.hot);
  g_assert_cmpint (loaded.hot_since, ==, T0 + 60);
  g_assert_cmpint (loaded.hot_warned, ==, state.hot_warned);
  g_assert_cmpint (loaded.spare_warned, ==, TRUE);
  g_assert_cmpuint (loaded.used_level, ==, 80);
  g_assert_cmpint (loaded.media_errors, ==, 7);
  g_assert_cmpint (loaded.error_log_entries, ==, 0);
  g_assert_true (drivedash_store_watch_load (store, other, &loaded, &muted, &error));
  g_assert_false (muted);

  /* The same reading after a restart tells nothing again. */
  s = smart_at (T0 + 600, DRIVEDASH_CRITICAL_WARNING_SPARE);
  s.media_errors = 7;
  s.percentage_used = 81;
  s.available_spare_percent = 5;
  g_clear_pointer (&events, g_array_unref);
  g_assert_true (drivedash_store_watch_load (store, id, &state, &muted, &error));
  events = drivedash_watch_rules_apply (&state, &s, 0, FALSE);
  g_assert_cmpuint (events->len, ==, 0);
}

/* Two hours of minute readings, 30 hours old: one snapshot per hour,
 * holding the hour's min, mean and max and its newest counters. */
static void
test_thin_hours (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = open_store (f);
  g_autoptr(GArray) in = g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot));
  g_autoptr(GArray) out = NULL;
  gint64 start = (T0 / 3600) * 3600;
  gint64 id = drivedash_store_watch_drive (store, "S1", "A", "nvme0", &error);
  const DrivedashSnapshot *h;

  for (int m = 0; m < 120; m++)
    {
      DrivedashSnapshot s;

      if (m % 10 == 0)
        {
          s = smart_at (start + 60 * m, m == 30 ? DRIVEDASH_CRITICAL_WARNING_TEMPERATURE : 0);
          s.data_units_written = 1000 + m;
          s.available_spare_percent = m == 40 ? 90 : 100;
        }
      else
        drivedash_snapshot_from_temperature (&s, 300 + m % 60, start + 60 * m);
      if (m % 10 == 0)
        s.temperature_kelvin = s.temperature_min_kelvin = s.temperature_max_kelvin = 300 + m % 60;
      g_array_append_val (in, s);
    }
  g_assert_true (drivedash_store_add_snapshots (store, id, (DrivedashSnapshot *) in->data, in->len, &error));
  g_assert_true (drivedash_store_thin_snapshots (store, start + 30 * 3600, &error));
  g_assert_no_error (error);
  out = drivedash_store_list_snapshots (store, id, 0, G_MAXINT64, &error);
  g_assert_cmpuint (out->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      h = &g_array_index (out, DrivedashSnapshot, i);
      g_assert_cmpint (h->time, ==, start + 3600 * i);
      g_assert_cmpuint (h->samples, ==, 60);
      g_assert_cmpuint (h->temperature_min_kelvin, ==, 300);
      g_assert_cmpuint (h->temperature_max_kelvin, ==, 359);
      g_assert_cmpfloat_with_epsilon (h->temperature_kelvin, 329.5, 1e-9);
      g_assert_cmpint (h->data_units_written, ==, 1000 + 60 * i + 50);
      g_assert_cmpuint (h->critical_warning, ==, i == 0 ? DRIVEDASH_CRITICAL_WARNING_TEMPERATURE : 0);
      g_assert_cmpuint (h->available_spare_percent, ==, i == 0 ? 90 : 100);
    }
  /* Thinning again changes nothing. */
  g_assert_true (drivedash_store_thin_snapshots (store, start + 30 * 3600, &error));
  g_clear_pointer (&out, g_array_unref);
  out = drivedash_store_list_snapshots (store, id, 0, G_MAXINT64, &error);
  g_assert_cmpuint (out->len, ==, 2);
}

static gint64
file_size (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 ? (gint64) st.st_size : 0;
}

/* A year of readings as the watch takes them (temperature every minute,
 * full health every ten), stored hour by hour and thinned after each
 * hour as the watch does.  Then: every tier holds what it should, no
 * reading is lost from the means, and the file stays under 5 MB. */
static void
test_thin_year (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = open_store (f);
  g_autoptr(GArray) hour = g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot));
  g_autoptr(GArray) all = NULL;
  gint64 start = (T0 / 86400) * 86400;
  gint64 now = start + 365 * 86400;
  gint64 id = drivedash_store_watch_drive (store, "S1", "A", "nvme0", &error);
  guint64 samples = 0;
  guint tiers[3] = { 0 };
  double sum = 0, expected_sum = 0;
  gint64 size;

  for (gint64 h = 0; h < 365 * 24; h++)
    {
      g_array_set_size (hour, 0);
      for (gint64 minute = h * 60; minute < (h + 1) * 60; minute++)
        {
          DrivedashSnapshot s;
          guint16 kelvin = 300 + (minute * 7) % 50;

          if (minute % 10 == 0)
            {
              s = smart_at (start + minute * 60, 0);
              s.data_units_written = minute / 10;
              s.temperature_kelvin = s.temperature_min_kelvin = s.temperature_max_kelvin = kelvin;
            }
          else
            drivedash_snapshot_from_temperature (&s, kelvin, start + minute * 60);
          expected_sum += kelvin;
          g_array_append_val (hour, s);
        }
      g_assert_true (drivedash_store_add_snapshots (store, id, (DrivedashSnapshot *) hour->data,
                                                    hour->len, &error));
      g_assert_true (drivedash_store_thin_snapshots (store, start + (h + 1) * 3600, &error));
      g_assert_no_error (error);
    }

  all = drivedash_store_list_snapshots (store, id, 0, G_MAXINT64, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < all->len; i++)
    {
      const DrivedashSnapshot *s = &g_array_index (all, DrivedashSnapshot, i);
      guint tier = s->time >= now - DRIVEDASH_SNAPSHOT_KEEP_ALL_SECONDS ? 0 :
                   s->time >= now - DRIVEDASH_SNAPSHOT_KEEP_HOURLY_SECONDS ? 1 : 2;
      const guint per_row[] = { 1, 60, 1440 };

      tiers[tier]++;
      g_assert_cmpuint (s->samples, ==, per_row[tier]);
      g_assert_cmpint (s->time % (tier == 0 ? 60 : tier == 1 ? 3600 : 86400), ==, 0);
      samples += s->samples;
      sum += s->temperature_kelvin * s->samples;
      g_assert_cmpuint (s->temperature_min_kelvin, >=, 300);
      g_assert_cmpuint (s->temperature_max_kelvin, <=, 349);
    }
  g_assert_cmpuint (tiers[0], ==, 1440);
  g_assert_cmpuint (tiers[1], ==, 89 * 24);
  g_assert_cmpuint (tiers[2], ==, 365 - 90);
  g_assert_cmpuint (samples, ==, 365 * 24 * 60);
  g_assert_cmpfloat_with_epsilon (sum / samples, expected_sum / samples, 1e-6);
  /* The newest full reading is the last but nine. */
  g_assert_cmpint (g_array_index (all, DrivedashSnapshot, all->len - 10).data_units_written, ==,
                   (365 * 24 * 60 - 10) / 10);

  g_assert_true (drivedash_store_exec (store->db, "PRAGMA wal_checkpoint(TRUNCATE)", &error));
  size = file_size (f->path);
  g_test_message ("a year of one drive: %u rows, %" G_GINT64_FORMAT " bytes (%.0f bytes a row)",
                  all->len, size, (double) size / all->len);
  g_assert_cmpint (size, <, 5 * 1000 * 1000);
  g_assert_true (drivedash_store_exec (store->db, "VACUUM", &error));
  g_test_message ("after VACUUM: %" G_GINT64_FORMAT " bytes", file_size (f->path));
}

static DrivedashKernelEvent *
kernel_event (DrivedashEventKind kind,
              gint64             time_usec)
{
  DrivedashKernelEvent *event = drivedash_kernel_event_new (kind, "x");

  event->time_usec = time_usec;
  return event;
}

/* Each serious kind once, only what came after the watch began, nothing
 * when muted (but then it counts as told). */
static void
test_kernel_events (void)
{
  g_autoptr(DrivedashEventLog) log = drivedash_event_log_new (20);
  g_autofree char *title = NULL;
  g_autofree char *body = NULL;
  guint32 told = 0, muted_told = 0;

  drivedash_event_log_add (log, kernel_event (DRIVEDASH_EVENT_KIND_RESET, 50));       /* before */
  drivedash_event_log_add (log, kernel_event (DRIVEDASH_EVENT_KIND_AER_CORRECTED, 150)); /* not serious */
  drivedash_event_log_add (log, kernel_event (DRIVEDASH_EVENT_KIND_TIMEOUT, 160));    /* a warning */
  g_assert_cmphex (drivedash_watch_rules_kernel_events (log, 100, &told, FALSE), ==, 0);
  drivedash_event_log_add (log, kernel_event (DRIVEDASH_EVENT_KIND_RESET, 200));
  drivedash_event_log_add (log, kernel_event (DRIVEDASH_EVENT_KIND_RESET, 210));
  drivedash_event_log_add (log, kernel_event (DRIVEDASH_EVENT_KIND_READ_ONLY, 220));
  g_assert_cmphex (drivedash_watch_rules_kernel_events (log, 100, &told, FALSE), ==,
                   (1u << DRIVEDASH_EVENT_KIND_RESET) | (1u << DRIVEDASH_EVENT_KIND_READ_ONLY));
  /* Again, and with one more reset: told already. */
  drivedash_event_log_add (log, kernel_event (DRIVEDASH_EVENT_KIND_RESET, 300));
  g_assert_cmphex (drivedash_watch_rules_kernel_events (log, 100, &told, FALSE), ==, 0);
  g_assert_cmphex (drivedash_watch_rules_kernel_events (log, 100, &muted_told, TRUE), ==, 0);
  g_assert_cmphex (muted_told, ==, told);
  drivedash_watch_kernel_event_describe (DRIVEDASH_EVENT_KIND_READ_ONLY, log, "Fixture SSD", &title, &body);
  g_assert_true (g_str_has_prefix (title, "Fixture SSD: "));
  g_assert_nonnull (strstr (body, drivedash_event_kind_get_advice (DRIVEDASH_EVENT_KIND_READ_ONLY)));
}

#define GB G_GUINT64_CONSTANT (1000000000)

static void
keep_app_event (DrivedashWatch *watch,
                const char     *controller,
                const char     *app,
                const char     *title,
                const char     *body,
                GPtrArray      *told)
{
  g_assert_cmpstr (controller, ==, "nvme0");
  g_ptr_array_add (told, g_strdup_printf ("%s|%s|%s", app, title, body));
}

/* A planted writer far above its usual day is told once a day, a steady
 * one never, a muted one no more; what it costs is in days of the drive's
 * rated life. */
static void
test_app_spike (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(DrivedashStore) store = open_store (f);
  g_autoptr(DrivedashWatch) watch = drivedash_watch_new (store, NULL);
  g_autoptr(DrivedashHealth) health = drivedash_health_new ("nvme0");
  g_autoptr(GPtrArray) told = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  const gint64 now = G_GINT64_CONSTANT (1796040000), day = now - now % 86400;
  gint64 id;

  g_free (health->serial);
  health->serial = g_strdup ("SPIKE0001");
  g_free (health->model);
  health->model = g_strdup ("Samsung SSD 970 EVO Plus 1TB");
  id = drivedash_store_watch_drive (store, health->serial, health->model, "nvme0", &error);
  g_assert_no_error (error);
  for (gint64 d = 1; d <= 30; d++)
    {
      g_assert_true (drivedash_store_add_app_writes (store, id, day - d * 86400 + 3600, "steady", 30 * GB, &error));
      g_assert_true (drivedash_store_add_app_writes (store, id, day - d * 86400 + 3600, "spiky", GB, &error));
    }
  g_signal_connect (watch, "app-event", G_CALLBACK (keep_app_event), told);

  drivedash_watch_add_app_writes_for_testing (watch, health, "steady", 35 * GB, now);
  g_assert_cmpuint (told->len, ==, 0);
  drivedash_watch_add_app_writes_for_testing (watch, health, "spiky", 25 * GB, now);
  g_assert_cmpuint (told->len, ==, 1);
  g_test_message ("%s", (char *) told->pdata[0]);
  g_assert_cmpstr (told->pdata[0], ==,
                   "spiky|spiky wrote 25.0 GB to Samsung SSD 970 EVO Plus 1TB today|That is 25 times what it "
                   "usually writes in a day. A day like this uses 2 hours of the drive’s rated life "
                   "(600 TB written over five years).");
  /* The same day: told already. */
  drivedash_watch_add_app_writes_for_testing (watch, health, "spiky", 5 * GB, now + 60);
  g_assert_cmpuint (told->len, ==, 1);
  /* The next day: again. */
  drivedash_watch_add_app_writes_for_testing (watch, health, "spiky", 25 * GB, now + 86400);
  g_assert_cmpuint (told->len, ==, 2);
  /* "Don't Warn About This App": kept, not told. */
  g_assert_true (drivedash_watch_set_app_muted (watch, "nvme0", "spiky", TRUE, &error));
  drivedash_watch_add_app_writes_for_testing (watch, health, "spiky", 25 * GB, now + 2 * 86400);
  g_assert_cmpuint (told->len, ==, 2);
  {
    g_autoptr(GPtrArray) kept = drivedash_store_list_app_writes (store, id, day + 2 * 86400, &error);

    g_assert_cmpstr (((DrivedashAppTotal *) kept->pdata[0])->app, ==, "spiky");
    g_assert_cmpuint (((DrivedashAppTotal *) kept->pdata[0])->bytes, ==, 25 * GB);
  }
}

/* "Today" is the user's calendar day: in Tokyo (UTC+9, a POSIX rule, so
 * no time zone data is needed) 15 GB at 08:30 and 10 GB at 09:30 are one
 * day's 25 GB, though UTC's day turns at 09:00 between them; and a day
 * when summer time ends has 25 hours. */
static void
test_app_spike_local_day (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(DrivedashStore) store = open_store (f);
  g_autoptr(DrivedashWatch) watch = drivedash_watch_new (store, NULL);
  g_autoptr(DrivedashHealth) health = drivedash_health_new ("nvme0");
  g_autoptr(GPtrArray) told = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *tz = g_strdup (g_getenv ("TZ"));
  /* 2026-12-01 00:00 in Tokyo is 2026-11-30 15:00 UTC. */
  const gint64 midnight = G_GINT64_CONSTANT (1796050800);
  gint64 id;

  g_assert_true (g_setenv ("TZ", "JST-9", TRUE));
  g_free (health->serial);
  health->serial = g_strdup ("LOCALDAY01");
  id = drivedash_store_watch_drive (store, health->serial, NULL, "nvme0", &error);
  g_assert_no_error (error);
  for (gint64 d = 1; d <= 30; d++)
    g_assert_true (drivedash_store_add_app_writes (store, id, midnight - d * 86400 + 12 * 3600, "game", GB, &error));
  g_signal_connect (watch, "app-event", G_CALLBACK (keep_app_event), told);

  drivedash_watch_add_app_writes_for_testing (watch, health, "game", 15 * GB, midnight + 8 * 3600 + 1800);
  g_assert_cmpuint (told->len, ==, 0);
  drivedash_watch_add_app_writes_for_testing (watch, health, "game", 10 * GB, midnight + 9 * 3600 + 1800);
  g_assert_cmpuint (told->len, ==, 1);
  g_assert_nonnull (strstr (told->pdata[0], "game wrote 25.0 GB to nvme0 today"));

  /* Berlin's 25-hour day when summer time ends (2026-10-25, midnight at
   * 22:00 UTC the day before): 25 GB at 23:30, its 25th hour, are that
   * day's. */
  g_assert_true (g_setenv ("TZ", "CET-1CEST,M3.5.0,M10.5.0/3", TRUE));
  {
    const gint64 long_day = G_GINT64_CONSTANT (1792879200);

    for (gint64 d = 1; d <= 30; d++)
      g_assert_true (drivedash_store_add_app_writes (store, id, long_day - d * 86400 + 12 * 3600, "late", GB, &error));
    drivedash_watch_add_app_writes_for_testing (watch, health, "late", 25 * GB, long_day + 24 * 3600 + 1800);
    g_assert_cmpuint (told->len, ==, 2);
    g_assert_nonnull (strstr (told->pdata[1], "late wrote 25.0 GB to nvme0 today"));
  }
  if (tz != NULL)
    g_setenv ("TZ", tz, TRUE);
  else
    g_unsetenv ("TZ");
}

/* A GetAppWrites answer: "app:controller:GB" each. */
static GPtrArray *
answer (const char *first,
        ...)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_app_writes_free);
  va_list args;

  va_start (args, first);
  for (const char *row = first; row != NULL; row = va_arg (args, const char *))
    {
      g_auto(GStrv) parts = g_strsplit (row, ":", 3);
      DrivedashAppWrites *w = g_new0 (DrivedashAppWrites, 1);

      w->app = g_strdup (parts[0]);
      w->controller = g_strdup (parts[1]);
      w->disk = g_strconcat (parts[1], "n1", NULL);
      w->bytes = g_ascii_strtoull (parts[2], NULL, 10) * GB;
      w->processes = 1;
      g_ptr_array_add (rows, w);
    }
  va_end (args);
  return rows;
}

static void
take (DrivedashWatch *watch,
      gint64          since,
      GPtrArray      *rows)
{
  drivedash_watch_take_app_writes_answer_for_testing (watch, since, rows);
  g_clear_pointer (&rows, g_ptr_array_unref);
}

/* What the store kept for @app in @id's hour from @since, 0 if nothing. */
static guint64
kept_bytes (DrivedashStore *store,
            gint64          id,
            gint64          since,
            const char     *app)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) kept = drivedash_store_list_app_writes (store, id, since, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < kept->len; i++)
    if (g_strcmp0 (((DrivedashAppTotal *) kept->pdata[i])->app, app) == 0)
      return ((DrivedashAppTotal *) kept->pdata[i])->bytes;
  return 0;
}

/* The service's answers are recorded as the differences between them:
 * the first only a baseline, a fold into "Others" and a restart of its
 * counting right; refused, the watch goes back to this user's own
 * sampler and records none of them, and after a later answer only what
 * grew from it (no gap counted twice). */
static void
test_app_writes_service (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(DrivedashStore) store = open_store (f);
  g_autoptr(DrivedashWatch) watch = drivedash_watch_new (store, NULL);
  g_autoptr(DrivedashHealth) health = drivedash_health_new ("nvme0");
  g_autoptr(GError) error = NULL;
  const gint64 now = G_GINT64_CONSTANT (1796040000);
  const gint64 hour = now - now % 3600;
  const gint64 s1 = now * G_USEC_PER_SEC, s2 = s1 + 600 * G_USEC_PER_SEC;
  gint64 id;

  g_free (health->serial);
  health->serial = g_strdup ("WRITES0001");
  id = drivedash_store_watch_drive (store, health->serial, health->model, "nvme0", &error);
  g_assert_no_error (error);
  /* Makes the drive a watched one. */
  drivedash_watch_add_app_writes_for_testing (watch, health, "setup", 0, now);
  g_assert_false (drivedash_watch_get_counts_everyone (watch));

  take (watch, s1, answer ("writer:nvme0:5", "elsewhere:nvme1:9", NULL));
  g_assert_true (drivedash_watch_get_counts_everyone (watch));
  take (watch, s1, answer ("writer:nvme0:7", "newapp:nvme0:1", "elsewhere:nvme1:9", NULL));
  /* writer folded with 7 GB, and 1 GB more into "Others". */
  take (watch, s1, answer ("Others:nvme0:8", "newapp:nvme0:1", NULL));
  /* The service started counting again. */
  take (watch, s2, answer ("writer:nvme0:3", NULL));
  drivedash_watch_record_app_writes_for_testing (watch, now);
  g_assert_cmpuint (kept_bytes (store, id, hour, "writer"), ==, 5 * GB);
  g_assert_cmpuint (kept_bytes (store, id, hour, "newapp"), ==, 1 * GB);
  g_assert_cmpuint (kept_bytes (store, id, hour, "Others"), ==, 1 * GB);
  g_assert_cmpuint (kept_bytes (store, id, hour, "elsewhere"), ==, 0);

  /* Refused: this user's own sampler from now on. */
  take (watch, s2, NULL);
  g_assert_false (drivedash_watch_get_counts_everyone (watch));
  take (watch, s2, NULL);
  g_assert_false (drivedash_watch_get_counts_everyone (watch));
  drivedash_watch_record_app_writes_for_testing (watch, now + 3600);
  g_assert_cmpuint (kept_bytes (store, id, hour + 3600, "writer"), ==, 0);

  /* Back: its first answer is the baseline again, the 7 GB written
   * meanwhile are not the watch's to record. */
  take (watch, s2, answer ("writer:nvme0:10", NULL));
  g_assert_true (drivedash_watch_get_counts_everyone (watch));
  take (watch, s2, answer ("writer:nvme0:11", NULL));
  drivedash_watch_record_app_writes_for_testing (watch, now + 7200);
  g_assert_cmpuint (kept_bytes (store, id, hour + 7200, "writer"), ==, 1 * GB);
  /* Recorded once: nothing more at the next full reading. */
  drivedash_watch_record_app_writes_for_testing (watch, now + 10800);
  g_assert_cmpuint (kept_bytes (store, id, hour + 10800, "writer"), ==, 0);
}

/* The rule alone: ten times the median and over the floor, both. */
static void
test_app_spike_rule (void)
{
  const guint64 usual[] = { 1 * GB, 2 * GB, 0, 1 * GB, 3 * GB };
  double times;

  g_assert_true (drivedash_watch_rules_app_spike (21 * GB, usual, G_N_ELEMENTS (usual), 20 * GB, &times));
  g_assert_cmpfloat_with_epsilon (times, 21, 1e-9);
  g_assert_false (drivedash_watch_rules_app_spike (9 * GB, usual, G_N_ELEMENTS (usual), 5 * GB, NULL));
  g_assert_false (drivedash_watch_rules_app_spike (19 * GB, usual, G_N_ELEMENTS (usual), 20 * GB, NULL));
  /* Never wrote before: any day over the floor. */
  g_assert_true (drivedash_watch_rules_app_spike (21 * GB, NULL, 0, 20 * GB, &times));
  g_assert_cmpfloat (times, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/watch/rules/critical-warning", test_critical_warning);
  g_test_add_func ("/watch/rules/kernel-events", test_kernel_events);
  g_test_add_func ("/watch/rules/temperature", test_temperature);
  g_test_add_func ("/watch/rules/spare", test_spare);
  g_test_add_func ("/watch/rules/counters", test_counters);
  g_test_add_func ("/watch/rules/wear", test_wear);
  g_test_add_func ("/watch/rules/muted", test_muted);
  g_test_add_func ("/watch/messages", test_messages);
  g_test_add_func ("/watch/rules/app-spike", test_app_spike_rule);
#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/watch/store/migrate-v2", test_migrate_v2);
  ADD ("/watch/store/state", test_state);
  ADD ("/watch/store/thin-hours", test_thin_hours);
  ADD ("/watch/store/thin-year", test_thin_year);
  ADD ("/watch/app-spike", test_app_spike);
  ADD ("/watch/app-spike-local-day", test_app_spike_local_day);
  ADD ("/watch/app-writes-service", test_app_writes_service);
#undef ADD
  return g_test_run ();
}
