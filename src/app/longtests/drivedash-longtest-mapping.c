/* drivedash-longtest-mapping.c — the Long Tests view's words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-format.h"
#include "drivedash-longtest-mapping.h"
#include "drivedash-write-notice.h"

const char *
drivedash_long_test_get_title (DrivedashLongTestKind kind)
{
  switch (kind)
    {
    case DRIVEDASH_LONG_TEST_SUSTAINED:
      return _("Long speed test");
    case DRIVEDASH_LONG_TEST_CONSISTENCY:
      return _("Consistency");
    case DRIVEDASH_LONG_TEST_ADAPTIVITY:
      return _("Adaptivity");
    case DRIVEDASH_LONG_TEST_SATURATION:
    default:
      return _("How much until it slows down");
    }
}

const char *
drivedash_long_test_get_explanation (DrivedashLongTestKind kind)
{
  switch (kind)
    {
    case DRIVEDASH_LONG_TEST_SUSTAINED:
      return _("Reads and writes small pieces at random, without a break, for up to an hour, "
               "and compares the first minute with the last. A short benchmark only sees the "
               "drive fresh; this shows whether it keeps its speed once it is busy and warm.");
    case DRIVEDASH_LONG_TEST_CONSISTENCY:
      return _("Writes to the drive in longer and longer bursts, measures it after each one, and "
               "then lets it rest and measures again. It shows how much a drive slows down when "
               "it is kept busy and how well it recovers. Its full version takes many hours "
               "because drives only show this after a lot of writing.");
    case DRIVEDASH_LONG_TEST_ADAPTIVITY:
      return _("Fills the free space of the drive, keeping a safety margin, and then measures it "
               "ten times, each after a rest. Some drives use their rests to tidy up and get fast "
               "again even when they are nearly full; the average of the ten rounds shows how fast "
               "this one is then. It takes as long as writing that much data, plus the rests.");
    case DRIVEDASH_LONG_TEST_SATURATION:
    default:
      return _("Writes one large file and records the speed for every gigabyte. Most drives "
               "write into a fast cache first and slow down when it is full; this finds out "
               "how big that cache is. It takes as long as writing that much data.");
    }
}

char *
drivedash_long_format_duration (double seconds)
{
  long minutes = lround (seconds / 60);

  if (minutes < 1)
    return g_strdup (_("less than a minute"));
  if (minutes < 60)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %ld minute", "about %ld minutes",
                                         (gulong) minutes), minutes);
  if (minutes % 60 == 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %ld hour", "about %ld hours",
                                         (gulong) (minutes / 60)), minutes / 60);
  return g_strdup_printf (_("about %ld h %ld min"), minutes / 60, minutes % 60);
}

char *
drivedash_long_phase_text (const DrivedashLongPhase *phase)
{
  const char *what = drivedash_long_phase_get_display_name (phase->kind);
  const char *group = drivedash_long_group_get_display_name (phase->group);

  if (group == NULL)
    return g_strdup (what);
  /* TRANSLATORS: "Random writes · Getting worse, round 3" */
  return g_strdup_printf (_("%s · %s, round %u"), what, group, phase->round);
}

char *
drivedash_long_progress_text (const DrivedashLongProgress *p,
                              GDateTime                   *now)
{
  g_autofree char *left = drivedash_long_format_duration (p->eta_s);
  g_autoptr(GDateTime) done = g_date_time_add_seconds (now, p->eta_s);
  g_autofree char *at = g_date_time_format (done, "%H:%M");
  g_autofree char *what = drivedash_long_phase_text (&p->phase);

  g_autofree char *written = NULL;

  /* The finish time matters for runs of hours (the Review). */
  if (p->bytes_written == 0)
    return g_strdup_printf (_("%s · %s left, done at %s"), what, left, at);
  written = drivedash_format_bytes (p->bytes_written);
  /* Translators: progress, "Random writes, degradation round 3 · about
   * 15 minutes left, done at 14:05 · 12.3 GB written so far" */
  return g_strdup_printf (_("%s · %s left, done at %s · %s written so far"), what, left, at, written);
}

/* "10 to 22 minutes" under an hour, else "about 50 minutes to about 1 h
 * 10 min": each end as drivedash_long_format_duration() says it. */
static char *
format_duration_range (double shortest,
                       double longest)
{
  long from = lround (shortest / 60), to = lround (longest / 60);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  if (from >= 1 && to < 60)
    /* Translators: a time estimate before a long test, in minutes */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%ld to %ld minute", "%ld to %ld minutes",
                                         (gulong) to), from, to);
  a = drivedash_long_format_duration (shortest);
  b = drivedash_long_format_duration (longest);
  /* Translators: a time estimate before a long test: "about 50 minutes to
   * about 1 h 10 min" */
  return g_strdup_printf (_("%s to %s"), a, b);
}

char *
drivedash_long_estimate_text (const DrivedashLongEstimate *estimate,
                              GDateTime                   *now)
{
  g_autofree char *shortest = drivedash_long_format_duration (estimate->seconds_low);
  g_autofree char *longest = drivedash_long_format_duration (estimate->seconds_high);
  g_autoptr(GDateTime) done = g_date_time_add_seconds (now, estimate->seconds_high);
  g_autofree char *at = g_date_time_format (done, "%H:%M");
  g_autofree char *range = NULL;

  if (g_strcmp0 (shortest, longest) == 0)
    /* Translators: before Start: "Estimated time: about 12 minutes, done
     * at 14:05" */
    return g_strdup_printf (_("Estimated time: %s, done at %s"), longest, at);
  range = format_duration_range (estimate->seconds_low, estimate->seconds_high);
  /* Translators: before Start: "Estimated time: 10 to 22 minutes, done by
   * 14:20", the latest finish */
  return g_strdup_printf (_("Estimated time: %s, done by %s"), range, at);
}

char *
drivedash_long_notice_text (guint64 bytes)
{
  g_autofree char *amount = g_format_size (bytes);

  if (bytes > DRIVEDASH_WRITE_CONFIRM_BYTES)
    return g_strdup_printf (_("This test writes up to about %s. That wears the drive a little, "
                              "so Drivedash asks before it starts."), amount);
  return g_strdup_printf (_("This test writes up to about %s."), amount);
}
