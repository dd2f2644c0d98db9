/* drivedash-longtest-thermal.c — a long test with the drive's thermal
 * counters read around its measured phase
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * When the counters rose, the drive slowed itself down for heat while the
 * speed was measured, and the summary may say so
 * (drivedash_long_thermal_evidence()).  The CLI and the app both run
 * tests through here, so both read at the same points.
 */
#include "config.h"

#include "drivedash-longtest-summary.h"
#include "drivedash-longtest-thermal.h"
#include "drivedash-thermal.h"

typedef struct
{
  const DrivedashLongTestSettings *settings;
  GCancellable                    *cancellable;
  const DrivedashLongTestSink     *sink;
  gpointer                         user_data;
  DrivedashSmartLog                before;
  gboolean                         before_known;
} Watch;

static void
on_progress (gpointer                     user_data,
             const DrivedashLongProgress *progress)
{
  Watch *w = user_data;

  w->sink->progress (w->user_data, progress);
}

static void
on_row (gpointer                      user_data,
        const DrivedashTimeseriesRow *row)
{
  Watch *w = user_data;

  w->sink->row (w->user_data, row);
}

static void
on_round (gpointer                  user_data,
          const DrivedashLongRound *round)
{
  Watch *w = user_data;

  w->sink->round (w->user_data, round);
}

/* Not before the preparation fill: heat the fill alone caused must not be
 * blamed for a fall in the measured speed. */
static void
on_phase_begin (gpointer                  user_data,
                const DrivedashLongPhase *phase)
{
  Watch *w = user_data;

  if (phase->kind == DRIVEDASH_LONG_PHASE_MEASURE && !w->before_known)
    w->before_known = drivedash_thermal_read (w->settings->controller, &w->before, w->cancellable);
  if (w->sink->phase_begin)
    w->sink->phase_begin (w->user_data, phase);
}

DrivedashLongTestResult *
drivedash_long_test_execute_with_thermal (const DrivedashLongTestSettings *settings,
                                          GCancellable                    *cancellable,
                                          const DrivedashLongTestSink     *sink,
                                          gpointer                         user_data,
                                          DrivedashLongTestResult        **partial,
                                          GError                         **error)
{
  const DrivedashLongTestSink empty = { 0 };
  Watch w = { settings, cancellable, sink ? sink : &empty, user_data };
  DrivedashLongTestSink outer = { NULL, NULL, on_phase_begin, NULL };
  DrivedashLongTestResult *res;
  DrivedashSmartLog after;

  if (settings->kind != DRIVEDASH_LONG_TEST_SUSTAINED || settings->controller == NULL)
    return drivedash_long_test_execute (settings, cancellable, sink, user_data, partial, error);
  /* Only the callbacks the caller has: the engine may skip work for a
   * missing one. */
  if (w.sink->progress)
    outer.progress = on_progress;
  if (w.sink->row)
    outer.row = on_row;
  if (w.sink->round)
    outer.round = on_round;
  res = drivedash_long_test_execute (settings, cancellable, &outer, &w, partial, error);
  /* Counters that rose are the drive's own word that it slowed down for heat. */
  if (res != NULL && w.before_known && drivedash_thermal_read (settings->controller, &after, NULL))
    res->thermal_evidence = drivedash_long_thermal_evidence (&w.before, &after);
  return res;
}
