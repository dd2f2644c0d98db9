/* drivedash-bench-estimate.c — how long a run takes
 *
 * The engine's time is planned, not open-ended: every pass lasts exactly
 * pass_duration and every pause exactly pause, so only the pre-fill
 * depends on the drive.  The arithmetic mirrors the engine's plan
 * (drivedash-bench-engine.c: test_span, total_span).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-bench-estimate.h"

static double
prepare_s (const DrivedashBenchSettings *settings,
           double                        write_mb_per_s)
{
  if (!(write_mb_per_s > 0))
    write_mb_per_s = DRIVEDASH_BENCH_ASSUMED_WRITE_MB_PER_S;
  return (double) settings->test_size / (write_mb_per_s * 1e6);
}

static double
test_s (const DrivedashBenchSettings *settings)
{
  guint passes = settings->passes + (settings->warmup ? 1 : 0);

  return passes * settings->pass_duration + DRIVEDASH_BENCH_TEST_OVERHEAD_S;
}

void
drivedash_bench_estimate (const DrivedashBenchSettings *settings,
                          guint                         n_tests,
                          double                        write_mb_per_s,
                          DrivedashBenchEstimate       *out)
{
  out->prepare_s = prepare_s (settings, write_mb_per_s);
  out->tests_s = n_tests * test_s (settings);
  out->pauses_s = n_tests > 1 ? (n_tests - 1) * settings->pause : 0;
  out->total_s = out->prepare_s + out->tests_s + out->pauses_s;
}

double
drivedash_bench_estimate_remaining_s (const DrivedashBenchSettings *settings,
                                      guint                         n_tests,
                                      double                        write_mb_per_s,
                                      guint                         test_index,
                                      DrivedashBenchPhase           phase,
                                      double                        phase_elapsed_s)
{
  /* Tests and pauses that have not begun yet. */
  guint later = test_index + 1 < n_tests ? n_tests - test_index - 1 : 0;
  double after = later * (test_s (settings) + settings->pause);
  double left;

  switch (phase)
    {
    case DRIVEDASH_BENCH_PHASE_PREPARING:
      {
        DrivedashBenchEstimate e;

        drivedash_bench_estimate (settings, n_tests, write_mb_per_s, &e);
        left = MAX (e.prepare_s - phase_elapsed_s, 0) + e.tests_s + e.pauses_s;
        break;
      }
    case DRIVEDASH_BENCH_PHASE_WARMUP:
    case DRIVEDASH_BENCH_PHASE_MEASURING:
      left = MAX (test_s (settings) - phase_elapsed_s, 0) + after;
      break;
    case DRIVEDASH_BENCH_PHASE_PAUSING:
      /* The pause after test_index: the later tests' own pauses are in
       * @after, except that the last test has none. */
      left = MAX (settings->pause - phase_elapsed_s, 0) + after - (later > 0 ? settings->pause : 0);
      break;
    case DRIVEDASH_BENCH_PHASE_FINISHED:
    default:
      left = 0;
      break;
    }
  return MAX (left, 0);
}

char *
drivedash_format_duration_estimate (double seconds)
{
  guint s;

  if (!(seconds > 0))
    seconds = 0;
  if (seconds < 600)
    {
      s = (guint) (lround (seconds / 5.0) * 5);
      if (s < 5)
        return g_strdup (_("a few seconds"));
      if (s < 60)
        /* Translators: an estimated duration, "about 40 s" */
        return g_strdup_printf (_("about %u s"), s);
      if (s % 60 == 0)
        /* Translators: an estimated duration, "about 4 min" */
        return g_strdup_printf (_("about %u min"), s / 60);
      /* Translators: an estimated duration, "about 4 min 35 s" */
      return g_strdup_printf (_("about %u min %u s"), s / 60, s % 60);
    }
  s = (guint) lround (seconds / 60.0);
  if (s < 60)
    return g_strdup_printf (_("about %u min"), s);
  if (s % 60 == 0)
    /* Translators: an estimated duration, "about 2 h" */
    return g_strdup_printf (_("about %u h"), s / 60);
  /* Translators: an estimated duration, "about 1 h 5 min" */
  return g_strdup_printf (_("about %u h %u min"), s / 60, s % 60);
}
