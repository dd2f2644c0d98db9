/* test-health-failing.c — when a drive is failing, and the kernel's
 * serious events in the verdict (drivedash-health-failing.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Real decoded fixtures (tests/fixtures/smart-known.bin has critical
 * warnings set) and real event logs built with the events library.
 */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "drivedash-failing.h"
#include "drivedash-health-change.h"
#include "drivedash-test-health.h"

static DrivedashHealth *
good_health (void)
{
  DrivedashHealth *h = drivedash_health_new ("nvme1");
  DrivedashSmartLog s = { 0 };

  s.temperature_kelvin = 310;
  s.available_spare_percent = 100;
  s.available_spare_threshold_percent = 10;
  drivedash_health_set_smart (h, &s);
  drivedash_health_update_verdict (h);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_GOOD);
  return h;
}

static DrivedashEventLog *
log_with (DrivedashEventKind kind,
          guint              n)
{
  DrivedashEventLog *log = drivedash_event_log_new (100);

  for (guint i = 0; i < n; i++)
    drivedash_event_log_add (log, drivedash_kernel_event_new (kind, "nvme nvme1: a kernel message"));
  return log;
}

static gboolean
has_reason (DrivedashHealth *h,
            const char      *id)
{
  for (guint i = 0; i < h->reasons->len; i++)
    if (g_strcmp0 (((DrivedashVerdictReason *) g_ptr_array_index (h->reasons, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

static void
test_events_info_ignored (void)
{
  g_autoptr(DrivedashHealth) h = good_health ();
  g_autoptr(DrivedashEventLog) aer = log_with (DRIVEDASH_EVENT_KIND_AER_CORRECTED, 1);
  g_autoptr(DrivedashEventLog) timeout = log_with (DRIVEDASH_EVENT_KIND_TIMEOUT, 3);

  /* A corrected PCIe error is info, a timeout a warning: neither is a
   * reason, and neither puts the drive in the failing flow. */
  drivedash_health_add_kernel_events (h, aer);
  drivedash_health_add_kernel_events (h, timeout);
  drivedash_health_add_kernel_events (h, NULL);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_GOOD);
  g_assert_true (has_reason (h, "no-problems"));
  g_assert_cmpuint (h->reasons->len, ==, 1);
  g_assert_cmpint (drivedash_health_failing (h, NULL, aer), ==, DRIVEDASH_FAILING_NONE);
  g_assert_cmpint (drivedash_health_failing (h, NULL, timeout), ==, DRIVEDASH_FAILING_NONE);
}

static void
test_events_serious (void)
{
  g_autoptr(DrivedashHealth) h = good_health ();
  g_autoptr(DrivedashEventLog) log = log_with (DRIVEDASH_EVENT_KIND_RESET, 2);
  DrivedashVerdictReason *first;

  drivedash_event_log_add (log, drivedash_kernel_event_new (DRIVEDASH_EVENT_KIND_READ_ONLY,
                                                            "EXT4-fs (nvme1n1p2): Remounting filesystem read-only"));
  drivedash_health_add_kernel_events (h, log);
  /* Serious, but the kernel's word alone is a Caution, not Bad. */
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_CAUTION);
  g_assert_false (has_reason (h, "no-problems"));
  g_assert_true (has_reason (h, "kernel-reset"));
  g_assert_true (has_reason (h, "kernel-read-only"));
  first = g_ptr_array_index (h->reasons, 0);
  g_assert_cmpint (first->level, ==, DRIVEDASH_VERDICT_CAUTION);
  g_assert_nonnull (strstr (first->message, "2"));
  g_assert_nonnull (strstr (first->message, drivedash_event_kind_get_title (DRIVEDASH_EVENT_KIND_RESET)));
  g_assert_cmpint (drivedash_health_failing (h, NULL, log), ==, DRIVEDASH_FAILING_KERNEL_EVENTS);

  /* Again with the same log: the same reasons, not twice; without a log
   * they go, and the verdict is the drive's own again. */
  drivedash_health_add_kernel_events (h, log);
  g_assert_cmpuint (h->reasons->len, ==, 2);
  drivedash_health_add_kernel_events (h, NULL);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_GOOD);
  g_assert_true (has_reason (h, "no-problems"));
  g_assert_false (has_reason (h, "kernel-reset"));
}

/* Resets that power saving explains are the Events group's (keep the
 * drive at full power), not the failing steps'; a read-only remount
 * beside them still is. */
static void
test_events_power_saving (void)
{
  g_autoptr(DrivedashHealth) h = good_health ();
  g_autoptr(DrivedashEventLog) once = log_with (DRIVEDASH_EVENT_KIND_RESET, 1);
  g_autoptr(DrivedashEventLog) twice = log_with (DRIVEDASH_EVENT_KIND_RESET, 2);

  h->has |= DRIVEDASH_HEALTH_HAS_APST_SUPPORTED;
  h->apst_supported = TRUE;
  g_assert_cmpint (drivedash_health_failing (h, NULL, once), ==, DRIVEDASH_FAILING_KERNEL_EVENTS);
  g_assert_cmpint (drivedash_health_failing (h, NULL, twice), ==, DRIVEDASH_FAILING_NONE);
  drivedash_health_add_kernel_events (h, twice);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_CAUTION);
  drivedash_event_log_add (twice, drivedash_kernel_event_new (DRIVEDASH_EVENT_KIND_READ_ONLY,
                                                              "EXT4-fs (nvme1n1p2): Remounting filesystem read-only"));
  g_assert_cmpint (drivedash_health_failing (h, NULL, twice), ==, DRIVEDASH_FAILING_KERNEL_EVENTS);
  /* Without power saving, two resets are the drive's. */
  h->apst_supported = FALSE;
  g_assert_cmpint (drivedash_health_failing (h, NULL, once), ==, DRIVEDASH_FAILING_KERNEL_EVENTS);
}

static void
test_bad_stays_bad (void)
{
  g_autoptr(DrivedashHealth) h = drivedash_test_full_health ();
  g_autoptr(DrivedashEventLog) log = log_with (DRIVEDASH_EVENT_KIND_IO_ERROR, 1);
  g_auto(GStrv) words = NULL;
  DrivedashFailing failing;

  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_BAD);
  drivedash_health_add_kernel_events (h, log);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_BAD);
  g_assert_cmpint (((DrivedashVerdictReason *) g_ptr_array_index (h->reasons, 0))->level, ==,
                   DRIVEDASH_VERDICT_BAD);
  failing = drivedash_health_failing (h, NULL, log);
  g_assert_true (failing & DRIVEDASH_FAILING_VERDICT_BAD);
  g_assert_true (failing & DRIVEDASH_FAILING_KERNEL_EVENTS);
  /* The fixture's newest self-test found a failed segment. */
  g_assert_true (failing & DRIVEDASH_FAILING_SELF_TEST);
  words = drivedash_failing_describe (failing);
  /* One sentence per condition. */
  g_assert_cmpuint (g_strv_length (words), ==, 3);
  for (guint i = 0; words[i] != NULL; i++)
    g_assert_cmpstr (words[i], !=, "");
}

/* The newest self-test decides: a fault is failing, a later pass or an
 * abort is not, and an older fault behind a pass is history. */
static void
test_self_test_fault (void)
{
  g_autoptr(DrivedashHealth) h = good_health ();
  DrivedashSelfTestLog *log = &h->self_test;

  h->has |= DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG;
  g_assert_cmpint (drivedash_health_failing (h, NULL, NULL), ==, DRIVEDASH_FAILING_NONE);
  log->n_results = 2;
  log->results[0].result = DRIVEDASH_SELF_TEST_RESULT_FAILED_SEGMENT;
  log->results[1].result = DRIVEDASH_SELF_TEST_RESULT_PASSED;
  g_assert_cmpint (drivedash_health_failing (h, NULL, NULL), ==, DRIVEDASH_FAILING_SELF_TEST);
  log->results[0].result = DRIVEDASH_SELF_TEST_RESULT_FATAL;
  g_assert_cmpint (drivedash_health_failing (h, NULL, NULL), ==, DRIVEDASH_FAILING_SELF_TEST);
  log->results[0].result = DRIVEDASH_SELF_TEST_RESULT_ABORTED;
  g_assert_cmpint (drivedash_health_failing (h, NULL, NULL), ==, DRIVEDASH_FAILING_NONE);
  log->results[0].result = DRIVEDASH_SELF_TEST_RESULT_PASSED;
  log->results[1].result = DRIVEDASH_SELF_TEST_RESULT_FAILED_UNKNOWN;
  g_assert_cmpint (drivedash_health_failing (h, NULL, NULL), ==, DRIVEDASH_FAILING_NONE);
  /* Without the log read, nothing is known. */
  log->results[0].result = DRIVEDASH_SELF_TEST_RESULT_FAILED_SEGMENT;
  h->has &= ~DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG;
  g_assert_cmpint (drivedash_health_failing (h, NULL, NULL), ==, DRIVEDASH_FAILING_NONE);
}

static void
add_reading (GArray *history,
             gint64  time,
             gint64  media_errors,
             gboolean smart)
{
  DrivedashSnapshot s = { 0 };

  s.time = time;
  s.has = smart ? DRIVEDASH_SNAPSHOT_HAS_SMART : DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE;
  s.media_errors = smart ? media_errors : 0;
  s.available_spare_percent = 100;
  s.available_spare_threshold_percent = 10;
  g_array_append_val (history, s);
}

static void
test_media_errors_rising (void)
{
  g_autoptr(DrivedashHealth) h = good_health ();
  g_autoptr(GArray) history = g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot));

  /* Steady media errors, even many, are the verdict's business (Caution),
   * not a drive getting worse. */
  add_reading (history, 1000, 4, TRUE);
  add_reading (history, 2000, 0, FALSE);  /* a temperature-only reading says nothing */
  add_reading (history, 3000, 4, TRUE);
  h->smart.media_errors.lo = 4;
  g_assert_cmpint (drivedash_health_failing (h, history, NULL), ==, DRIVEDASH_FAILING_NONE);
  /* Higher now than at the last reading. */
  h->smart.media_errors.lo = 5;
  g_assert_cmpint (drivedash_health_failing (h, history, NULL), ==, DRIVEDASH_FAILING_MEDIA_ERRORS);
  /* Higher between two readings. */
  h->smart.media_errors.lo = 4;
  add_reading (history, 4000, 9, TRUE);
  g_assert_cmpint (drivedash_health_failing (h, history, NULL), ==, DRIVEDASH_FAILING_MEDIA_ERRORS);
}

/* A count that did not fit the store (kept as G_MAXINT64) and a count no
 * drive can have never make "rising": the BC501's constant junk was
 * "keeps getting worse" forever after one stored reading. */
static void
test_media_errors_untrusted (void)
{
  g_autoptr(DrivedashHealth) h = good_health ();
  g_autoptr(GArray) history = g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot));

  h->smart.media_errors = DRIVEDASH_U128_INIT (0, 241635);
  add_reading (history, 1000, G_MAXINT64, TRUE);
  add_reading (history, 2000, G_MAXINT64, TRUE);
  g_assert_cmpint (drivedash_health_failing (h, history, NULL), ==, DRIVEDASH_FAILING_NONE);
  /* Trusted readings around a saturated one still compare. */
  h->smart.media_errors = DRIVEDASH_U128_INIT (3, 0);
  add_reading (history, 3000, 3, TRUE);
  g_assert_cmpint (drivedash_health_failing (h, history, NULL), ==, DRIVEDASH_FAILING_NONE);
  h->smart.media_errors = DRIVEDASH_U128_INIT (4, 0);
  g_assert_cmpint (drivedash_health_failing (h, history, NULL), ==, DRIVEDASH_FAILING_MEDIA_ERRORS);
}

static void
test_spare (void)
{
  g_autoptr(DrivedashHealth) h = good_health ();

  h->smart.available_spare_percent = 11;
  g_assert_cmpint (drivedash_health_failing (h, NULL, NULL), ==, DRIVEDASH_FAILING_NONE);
  h->smart.available_spare_percent = 10;
  g_assert_cmpint (drivedash_health_failing (h, NULL, NULL), ==, DRIVEDASH_FAILING_SPARE);
  /* Spare 0 with threshold 0 is "not reported", as for the watch. */
  h->smart.available_spare_percent = 0;
  h->smart.available_spare_threshold_percent = 0;
  g_assert_cmpint (drivedash_health_failing (h, NULL, NULL), ==, DRIVEDASH_FAILING_NONE);
  /* Apple's 99 % threshold is no threshold. */
  h->smart.available_spare_percent = 87;
  h->smart.available_spare_threshold_percent = 99;
  g_assert_cmpint (drivedash_health_failing (h, NULL, NULL), ==, DRIVEDASH_FAILING_NONE);
  h->smart.available_spare_percent = 10;
  /* Values the spec reserves (above 100) are unknown, not low. */
  h->smart.available_spare_threshold_percent = 255;
  g_assert_cmpint (drivedash_health_failing (h, NULL, NULL), ==, DRIVEDASH_FAILING_NONE);
  /* Without the health log nothing is known about the spare. */
  h->smart.available_spare_threshold_percent = 10;
  h->has &= ~DRIVEDASH_HEALTH_HAS_SMART;
  g_assert_cmpint (drivedash_health_failing (h, NULL, NULL), ==, DRIVEDASH_FAILING_NONE);
}

#define DAY 86400

/* A reading a day from @days_ago to yesterday, @media_errors in each
 * (the last @new_from_day on with @later instead), percentage used
 * growing from @used. */
static GArray *
daily_readings (gint64 now,
                guint  days_ago,
                gint64 media_errors,
                guint  new_from_day,
                gint64 later,
                guint8 used)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DrivedashSnapshot));

  for (guint d = 0; d < days_ago; d++)
    {
      DrivedashSnapshot s = { .time = now - (gint64) (days_ago - d) * DAY, .has = DRIVEDASH_SNAPSHOT_HAS_SMART };

      s.media_errors = d >= new_from_day ? later : media_errors;
      s.percentage_used = used;
      g_array_append_val (a, s);
    }
  return a;
}

static DrivedashHealth *
health_with_media_errors (guint64 count,
                          guint8  used)
{
  g_autoptr(DrivedashHealth) h = good_health ();
  DrivedashSmartLog s = h->smart;

  s.media_errors = DRIVEDASH_U128_INIT (count, 0);
  s.percentage_used = used;
  drivedash_health_set_smart (h, &s);
  drivedash_health_update_verdict (h);
  return g_steal_pointer (&h);
}

static const char *
message_of (DrivedashHealth *h,
            const char      *id)
{
  for (guint i = 0; i < h->reasons->len; i++)
    if (g_strcmp0 (((DrivedashVerdictReason *) g_ptr_array_index (h->reasons, i))->id, id) == 0)
      return ((DrivedashVerdictReason *) g_ptr_array_index (h->reasons, i))->message;
  return NULL;
}

/* Twelve media errors that stood still for two months are shown, with
 * since when, but are no Caution; the same count over ten days is still
 * the drive's own Caution; without readings it comes back. */
static void
test_history_static (void)
{
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autoptr(DrivedashHealth) h = health_with_media_errors (12, 3);
  g_autoptr(GArray) months = daily_readings (now, 60, 12, G_MAXUINT, 0, 3);
  g_autoptr(GArray) days = daily_readings (now, 10, 12, G_MAXUINT, 0, 3);
  g_autoptr(GDateTime) first = g_date_time_new_from_unix_local (now - 60 * DAY);
  g_autofree char *day = g_date_time_format (first, "%-d %b");
  g_autofree char *since = g_strdup_printf ("none new since %s:", day);

  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_CAUTION);
  g_assert_true (has_reason (h, "media-errors"));
  drivedash_health_add_history (h, months, now);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_GOOD);
  g_assert_false (has_reason (h, "media-errors"));
  g_test_message ("%s", message_of (h, "history-media-errors-static"));
  g_assert_nonnull (strstr (message_of (h, "history-media-errors-static"), "counted 12 errors"));
  g_assert_nonnull (strstr (message_of (h, "history-media-errors-static"), since));
  g_assert_cmpint (drivedash_health_failing (h, months, NULL), ==, DRIVEDASH_FAILING_NONE);
  /* Life used did not move: no note. */
  g_assert_false (has_reason (h, "history-life-used"));

  drivedash_health_add_history (h, days, now);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_CAUTION);
  g_assert_true (has_reason (h, "media-errors"));
  g_assert_false (has_reason (h, "history-media-errors-static"));
  drivedash_health_add_history (h, months, now);
  drivedash_health_add_history (h, NULL, now);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_CAUTION);
  g_assert_true (has_reason (h, "media-errors"));
  g_assert_cmpuint (h->reasons->len, ==, 1);
}

/* Three new since the first reading of the last 90 days: how many, since
 * when and how many in all; the life used that rose, by how much and in
 * how long. */
static void
test_history_new (void)
{
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autoptr(DrivedashHealth) h = health_with_media_errors (12, 47);
  g_autoptr(GArray) readings = daily_readings (now, 120, 9, 100, 12, 41);
  g_autoptr(GDateTime) first = g_date_time_new_from_unix_local (now - 90 * DAY);
  g_autofree char *day = g_date_time_format (first, "%-d %b");
  g_autofree char *since = g_strdup_printf ("3 new errors in stored data since %s", day);
  const char *life;

  drivedash_health_add_history (h, readings, now);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_CAUTION);
  g_assert_false (has_reason (h, "media-errors"));
  g_test_message ("%s", message_of (h, "history-media-errors-new"));
  g_assert_nonnull (strstr (message_of (h, "history-media-errors-new"), since));
  g_assert_nonnull (strstr (message_of (h, "history-media-errors-new"), "(12 in all)"));
  /* The spare did not move in these readings: no note. */
  g_assert_false (has_reason (h, "history-spare"));
  life = message_of (h, "history-life-used");
  g_test_message ("%s", life);
  g_assert_cmpstr (life, ==, "Life used rose from 41 % to 47 % in 90 days.");
  /* The worst first: the Caution, then the note. */
  g_assert_cmpstr (((DrivedashVerdictReason *) g_ptr_array_index (h->reasons, 0))->id, ==,
                   "history-media-errors-new");
  g_assert_cmpint (drivedash_health_failing (h, readings, NULL), ==, DRIVEDASH_FAILING_MEDIA_ERRORS);
}

/* Spare blocks that fell since the first reading of the window. */
static void
test_history_spare (void)
{
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autoptr(DrivedashHealth) h = health_with_media_errors (0, 3);
  g_autoptr(GArray) readings = daily_readings (now, 40, 0, G_MAXUINT, 0, 3);
  g_autoptr(GDateTime) first = g_date_time_new_from_unix_local (now - 40 * DAY);
  g_autofree char *day = g_date_time_format (first, "%-d %b");
  g_autofree char *expected = g_strdup_printf ("Spare blocks left fell from 100 %% to 73 %% since %s.", day);
  DrivedashSmartLog s = h->smart;

  for (guint i = 0; i < readings->len; i++)
    g_array_index (readings, DrivedashSnapshot, i).available_spare_percent = 100;
  s.available_spare_percent = 73;
  drivedash_health_set_smart (h, &s);
  drivedash_health_update_verdict (h);
  drivedash_health_add_history (h, readings, now);
  g_assert_cmpstr (message_of (h, "history-spare"), ==, expected);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_GOOD);
}

/* Readings that can't be trusted tell nothing: a count saturated in the
 * store, a count that went down (another drive, a reset), a count now
 * that no drive can have. */
static void
test_history_untrusted (void)
{
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autoptr(DrivedashHealth) h = health_with_media_errors (12, 3);
  g_autoptr(DrivedashHealth) junk = health_with_media_errors (G_GUINT64_CONSTANT (1) << 50, 3);
  g_autoptr(GArray) saturated = daily_readings (now, 60, G_MAXINT64, G_MAXUINT, 0, 3);
  g_autoptr(GArray) higher = daily_readings (now, 60, 20, G_MAXUINT, 0, 3);
  g_autoptr(GArray) junk_before = daily_readings (now, 60, (gint64) (G_GUINT64_CONSTANT (1) << 50), G_MAXUINT, 0, 3);

  drivedash_health_add_history (h, saturated, now);
  g_assert_true (has_reason (h, "media-errors"));
  drivedash_health_add_history (h, higher, now);
  g_assert_true (has_reason (h, "media-errors"));
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_CAUTION);
  drivedash_health_add_history (junk, junk_before, now);
  g_assert_cmpint (junk->verdict, ==, DRIVEDASH_VERDICT_GOOD);
  g_assert_false (has_reason (junk, "media-errors"));
  g_assert_false (has_reason (junk, "history-media-errors-static"));
}

/* The kernel's reasons first, then the readings': both stay. */
static void
test_history_with_events (void)
{
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autoptr(DrivedashHealth) h = health_with_media_errors (12, 3);
  g_autoptr(GArray) months = daily_readings (now, 60, 12, G_MAXUINT, 0, 3);
  g_autoptr(DrivedashEventLog) log = log_with (DRIVEDASH_EVENT_KIND_RESET, 1);

  drivedash_health_add_kernel_events (h, log);
  drivedash_health_add_history (h, months, now);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_CAUTION);
  g_assert_true (has_reason (h, "kernel-reset"));
  g_assert_true (has_reason (h, "history-media-errors-static"));
  /* Again, as the page does when the events are read again. */
  drivedash_health_add_kernel_events (h, NULL);
  drivedash_health_add_history (h, months, now);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_GOOD);
  g_assert_false (has_reason (h, "kernel-reset"));
  g_assert_true (has_reason (h, "history-media-errors-static"));
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/health-failing/events/info-ignored", test_events_info_ignored);
  g_test_add_func ("/health-failing/events/serious", test_events_serious);
  g_test_add_func ("/health-failing/events/power-saving", test_events_power_saving);
  g_test_add_func ("/health-failing/bad-stays-bad", test_bad_stays_bad);
  g_test_add_func ("/health-failing/self-test-fault", test_self_test_fault);
  g_test_add_func ("/health-failing/media-errors-rising", test_media_errors_rising);
  g_test_add_func ("/health-failing/media-errors-untrusted", test_media_errors_untrusted);
  g_test_add_func ("/health-failing/spare", test_spare);
  g_test_add_func ("/health-failing/history/static", test_history_static);
  g_test_add_func ("/health-failing/history/new", test_history_new);
  g_test_add_func ("/health-failing/history/untrusted", test_history_untrusted);
  g_test_add_func ("/health-failing/history/spare", test_history_spare);
  g_test_add_func ("/health-failing/history/with-events", test_history_with_events);
  return g_test_run ();
}
