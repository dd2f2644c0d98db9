/* drivedash-longtest.c — runs a long test's phases on one test file
 *
 * The I/O loop (drivedash-longtest-io.c) calls back here between its
 * waits; this file turns what completed into one time-series row per
 * interval (with the drive's temperature), reports progress and ETA,
 * runs idle phases on a waker that Stop interrupts, and keeps the rounds,
 * the exact p99 per minute and the per-GiB speeds for the summaries.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <glib/gi18n-lib.h>

#include "drivedash-bench-file.h"
#include "drivedash-error.h"
#include "drivedash-hwmon.h"
#include "drivedash-longtest.h"
#include "drivedash-longtest-io.h"
#include "drivedash-sim-drive.h"

#define NS_PER_S        1e9
#define PROGRESS_NS     (200 * G_GUINT64_CONSTANT (1000000))

typedef struct
{
  const DrivedashLongTestSettings *s;
  const DrivedashLongTestSink     *sink;
  gpointer                         user_data;
  DrivedashLongTestResult         *result;
  DrivedashLongIo                  io;
  DrivedashBenchWaker              waker;
  gint                             cancel;
  GArray                          *plan;
  guint                            phase_index;
  guint64                          run_start;
  guint64                          phase_start;
  guint64                          next_row;
  guint64                          next_minute;
  guint64                          next_progress;
  guint64                          interval_ns;
  DrivedashHistogram              *all_hist;    /* the current interval, both ways */
  DrivedashHistogram              *minute_hist;
  guint64                          phase_rows_written; /* the phase's rows so far */
  DrivedashBenchFile              *file;
  guint16                          crit_kelvin;
  gboolean                         vanished;
  gboolean                         too_hot;
  guint16                          too_hot_kelvin;
} Run;

void
drivedash_long_test_result_free (DrivedashLongTestResult *self)
{
  if (self == NULL)
    return;
  drivedash_timeseries_free (self->series);
  g_array_unref (self->rounds);
  g_array_unref (self->minute_p99_us);
  g_array_unref (self->per_step);
  g_free (self->file_path);
  g_free (self);
}

static guint16
read_temperature (Run *r)
{
  DrivedashHwmonReading reading = { 0 };

  if (r->s->hwmon_path == NULL ||
      !drivedash_hwmon_read (r->s->hwmon_path, &reading, FALSE, NULL))
    return 0;
  if (r->crit_kelvin == 0)
    r->crit_kelvin = reading.crit_kelvin;
  return reading.temperature_kelvin;
}

static const DrivedashLongPhase *
current_phase (Run *r)
{
  return &g_array_index (r->plan, DrivedashLongPhase, r->phase_index);
}

static void
fill_row (Run                    *r,
          DrivedashTimeseriesRow *row,
          double                  span_s)
{
  DrivedashLongIoWindow *w = &r->io.window;

  row->read_iops = (float) (w->read_ios / span_s);
  row->write_iops = (float) (w->write_ios / span_s);
  row->read_mb_per_s = (float) (w->read_bytes / span_s / 1e6);
  row->write_mb_per_s = (float) (w->write_bytes / span_s / 1e6);
  row->read_mean_us = (float) (drivedash_histogram_mean (w->read_hist) / 1e3);
  row->read_p99_us = (float) (drivedash_histogram_quantile (w->read_hist, 0.99) / 1e3);
  row->write_mean_us = (float) (drivedash_histogram_mean (w->write_hist) / 1e3);
  row->write_p99_us = (float) (drivedash_histogram_quantile (w->write_hist, 0.99) / 1e3);
  drivedash_histogram_reset (r->all_hist);
  drivedash_histogram_merge (r->all_hist, w->read_hist);
  drivedash_histogram_merge (r->all_hist, w->write_hist);
  row->mean_us = (float) (drivedash_histogram_mean (r->all_hist) / 1e3);
  row->p99_us = (float) (drivedash_histogram_quantile (r->all_hist, 0.99) / 1e3);
}

/* Sustained: the exact p99 of each minute of the measured phase. */
static void
close_minute (Run *r)
{
  double p99 = drivedash_histogram_quantile (r->minute_hist, 0.99) / 1e3;

  if (drivedash_histogram_get_count (r->minute_hist) == 0)
    return;
  g_array_append_val (r->result->minute_p99_us, p99);
  drivedash_histogram_reset (r->minute_hist);
}

static void
emit_row (Run     *r,
          guint64  now,
          double   span_s)
{
  const DrivedashLongPhase *p = current_phase (r);
  DrivedashTimeseriesRow row = { 0 };

  row.t_s = (float) ((double) (now - r->run_start) / NS_PER_S);
  fill_row (r, &row, span_s);
  row.temperature_kelvin = read_temperature (r);
  row.phase = (guint8) p->kind;
  row.round = (guint8) p->round;
  r->result->max_temperature_kelvin = MAX (r->result->max_temperature_kelvin, row.temperature_kelvin);
  if (r->crit_kelvin > 0 && row.temperature_kelvin >= r->crit_kelvin)
    {
      r->too_hot = TRUE;
      r->too_hot_kelvin = row.temperature_kelvin;
    }
  if (r->s->kind == DRIVEDASH_LONG_TEST_SUSTAINED && p->kind == DRIVEDASH_LONG_PHASE_MEASURE)
    drivedash_histogram_merge (r->minute_hist, r->all_hist);
  drivedash_timeseries_append (r->result->series, &row);
  r->phase_rows_written += r->io.window.write_bytes;
  drivedash_long_io_window_reset (&r->io.window);
  if (r->sink && r->sink->row)
    r->sink->row (r->user_data, &row);
}

static void
report_progress (Run     *r,
                 guint64  now)
{
  DrivedashLongProgress pr = { 0 };
  double elapsed = (double) (now - r->run_start) / NS_PER_S;
  double phase_elapsed = (double) (now - r->phase_start) / NS_PER_S;
  guint64 phase_written = r->phase_rows_written + r->io.window.write_bytes;
  double rate;
  const DrivedashLongPhase *p = current_phase (r);

  pr.bytes_written = r->result->bytes_written + phase_written;
  rate = elapsed > 1 ? (double) pr.bytes_written / elapsed : 0;
  if (p->bytes > 0)
    phase_elapsed = rate > 0 ? (double) phase_written / rate : 0;
  pr.phase_index = r->phase_index;
  pr.n_phases = r->plan->len;
  pr.phase = *p;
  pr.elapsed_s = elapsed;
  pr.eta_s = drivedash_long_test_plan_remaining_s ((const DrivedashLongPhase *) (gpointer) r->plan->data,
                                                   r->plan->len, r->phase_index, phase_elapsed, rate);
  pr.fraction = elapsed + pr.eta_s > 0 ? elapsed / (elapsed + pr.eta_s) : 0;
  if (r->sink && r->sink->progress)
    r->sink->progress (r->user_data, &pr);
}

static gboolean
on_tick (gpointer user_data,
         guint64  now)
{
  Run *r = user_data;

  while (now >= r->next_row)
    {
      emit_row (r, r->next_row, (double) r->interval_ns / NS_PER_S);
      r->next_row += r->interval_ns;
      /* Writes to a deleted file still succeed: look once per row. */
      r->vanished = r->vanished || !drivedash_bench_file_check (r->file, NULL);
    }
  if (now >= r->next_minute)
    {
      close_minute (r);
      r->next_minute += 60 * (guint64) NS_PER_S;
    }
  if (now >= r->next_progress)
    {
      report_progress (r, now);
      r->next_progress = now + PROGRESS_NS;
    }
  return !r->too_hot && !r->vanished;
}

/* A row never mixes two phases: the one that ends gets a last, shorter
 * row (dropped when it is under a tenth of an interval, too short for a
 * rate), and the next phase's rows start with it. */
static void
end_phase_rows (Run *r)
{
  guint64 now = drivedash_bench_now_ns ();
  guint64 row_start = r->next_row - r->interval_ns;

  if (now > row_start && (now - row_start) * 10 >= r->interval_ns)
    emit_row (r, now, (double) (now - row_start) / NS_PER_S);
  else
    {
      r->phase_rows_written += r->io.window.write_bytes;
      drivedash_long_io_window_reset (&r->io.window);
    }
  r->next_row = now + r->interval_ns;
}

static void
on_cancelled (GCancellable *cancellable,
              gpointer      user_data)
{
  Run *r = user_data;

  g_atomic_int_set (&r->cancel, 1);
  drivedash_bench_waker_wake (&r->waker);
}

static gboolean
run_idle (Run    *r,
          double  seconds)
{
  guint64 end = drivedash_bench_now_ns () + (guint64) (seconds * NS_PER_S);

  for (;;)
    {
      guint64 now = drivedash_bench_now_ns ();
      guint64 until = MIN (end, r->next_row);

      if (g_atomic_int_get (&r->cancel))
        {
          r->io.error = ECANCELED;
          return FALSE;
        }
      if (!on_tick (r, now))
        return FALSE;
      if (now >= end)
        return TRUE;
      /* g_cond_wait_until takes the monotonic clock in µs, as we use. */
      drivedash_bench_waker_wait_until (&r->waker, (gint64) (until / 1000) + 1);
    }
}

static void
job_for_phase (Run                      *r,
               const DrivedashLongPhase *p,
               DrivedashLongIoJob       *job)
{
  const DrivedashLongTestSettings *s = r->s;

  *job = (DrivedashLongIoJob) { 0 };
  job->seed = g_get_monotonic_time () ^ r->phase_index;
  job->duration_ns = (guint64) (p->seconds * NS_PER_S);
  /* A timed phase with a cap ends at whichever comes first. */
  job->bytes = p->bytes > 0 ? p->bytes : p->max_bytes;
  switch (p->kind)
    {
    case DRIVEDASH_LONG_PHASE_PREPARE:
      /* 128 KiB, as PCMark's precondition does. */
      job->pattern = DRIVEDASH_LONG_IO_SEQ_WRITE;
      job->block_size = 128 * 1024;
      job->queue_depth = 8;
      break;
    case DRIVEDASH_LONG_PHASE_FILL:
      job->pattern = DRIVEDASH_LONG_IO_SEQ_WRITE;
      job->block_size = 1 << 20;
      job->queue_depth = 8;
      break;
    case DRIVEDASH_LONG_PHASE_BURST:
      job->pattern = DRIVEDASH_LONG_IO_BURST;
      job->queue_depth = 4;
      break;
    case DRIVEDASH_LONG_PHASE_MEASURE:
    default:
      if (s->kind == DRIVEDASH_LONG_TEST_SUSTAINED)
        {
          job->pattern = DRIVEDASH_LONG_IO_MIX;
          job->block_size = s->block_size;
          job->queue_depth = s->queue_depth;
          job->read_percent = s->read_percent;
        }
      else
        {
          job->pattern = DRIVEDASH_LONG_IO_TRACE;
          job->seed = DRIVEDASH_LONG_IO_STORAGE_SEED;
        }
      break;
    case DRIVEDASH_LONG_PHASE_IDLE:
      break;
    }
}

static void
record_phase (Run                         *r,
              const DrivedashLongPhase    *p,
              const DrivedashLongIoTotals *t)
{
  DrivedashLongTestResult *res = r->result;

  res->bytes_written += t->write_bytes;
  res->bytes_read += t->read_bytes;
  if (p->kind == DRIVEDASH_LONG_PHASE_FILL)
    res->fill_bytes += t->write_bytes;
  if (p->kind != DRIVEDASH_LONG_PHASE_MEASURE)
    return;
  if (r->s->kind == DRIVEDASH_LONG_TEST_SUSTAINED)
    {
      res->measured_ios += t->read_ios + t->write_ios;
      res->measured_s += (double) t->elapsed_ns / NS_PER_S;
      res->measured_mb_per_s = res->measured_s > 0
        ? (double) (t->read_bytes + t->write_bytes) / res->measured_s / 1e6 : 0;
      close_minute (r);
    }
  else
    {
      DrivedashLongRound round = { p->group, p->round, 0, 0, 0, 0 };

      round.busy_s = (double) t->busy_ns / NS_PER_S;
      round.bandwidth_mb_per_s = round.busy_s > 0
        ? (double) (t->read_bytes + t->write_bytes) / round.busy_s / 1e6 : 0;
      round.read_access_us = t->read_ios ? t->read_latency_sum_us / t->read_ios : 0;
      round.write_access_us = t->write_ios ? t->write_latency_sum_us / t->write_ios : 0;
      g_array_append_val (res->rounds, round);
      if (r->sink && r->sink->round)
        r->sink->round (r->user_data, &round);
    }
}

/* Completions reaped together share one time, so with a small step two
 * steps can end at the same moment: such steps share the time since the
 * last distinct one. */
static void
record_steps (Run *r)
{
  GArray *times = r->io.step_times;
  guint64 prev = 0;

  for (guint i = 0; i < times->len;)
    {
      guint64 at = g_array_index (times, guint64, i);
      guint same = 1;
      double mbps;

      while (i + same < times->len && g_array_index (times, guint64, i + same) == at)
        same++;
      mbps = (double) r->s->step_bytes * same / ((double) MAX (at - prev, 1) / NS_PER_S) / 1e6;
      for (guint k = 0; k < same; k++)
        g_array_append_val (r->result->per_step, mbps);
      prev = at;
      i += same;
    }
}

static gboolean
run_phase (Run *r)
{
  const DrivedashLongPhase *p = current_phase (r);
  DrivedashLongIoJob job;
  DrivedashLongIoTotals totals;
  gboolean ok;

  if (r->sink && r->sink->phase_begin)
    {
      r->sink->phase_begin (r->user_data, p);
      /* The time the sink took belongs to no row. */
      r->next_row = drivedash_bench_now_ns () + r->interval_ns;
    }
  r->phase_start = drivedash_bench_now_ns ();
  r->phase_rows_written = 0;
  report_progress (r, r->phase_start);
  if (p->kind == DRIVEDASH_LONG_PHASE_IDLE)
    return run_idle (r, p->seconds);
  if (p->kind == DRIVEDASH_LONG_PHASE_MEASURE && r->s->kind == DRIVEDASH_LONG_TEST_SUSTAINED)
    r->next_minute = r->phase_start + 60 * (guint64) NS_PER_S;
  job_for_phase (r, p, &job);
  ok = drivedash_long_io_run (&r->io, &job, &totals);
  record_phase (r, p, &totals);
  /* Only saturation times its steps; Adaptivity's fill just fills. */
  if (p->kind == DRIVEDASH_LONG_PHASE_FILL && r->io.step_times != NULL)
    record_steps (r);
  return ok && !r->too_hot && !r->vanished;
}

static GError *
run_error (Run                *r,
           DrivedashBenchFile *file)
{
  if (r->io.error == ECANCELED)
    return g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED, _("The test was stopped."));
  if (r->too_hot)
    return g_error_new (DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                        _("The test was stopped because the drive reached its critical temperature "
                          "(%d °C). Let it cool down and check its cooling before testing again."),
                        (int) r->too_hot_kelvin - 273);
  if (r->io.stalled)
    return g_error_new (DRIVEDASH_ERROR, DRIVEDASH_ERROR_IO,
                        g_dngettext (GETTEXT_PACKAGE, "The drive stopped responding: a read or write was not done after %.3g second.",
                                  "The drive stopped responding: a read or write was not done after %.3g seconds.",
                                  (gulong) ceil (r->s->io_timeout_s)),
                        r->s->io_timeout_s);
  if (r->vanished || !drivedash_bench_file_check (file, NULL))
    {
      GError *error = NULL;

      drivedash_bench_file_check (file, &error);
      return error;
    }
  if (r->io.error == ENOSPC || r->io.error == EDQUOT)
    {
      g_autofree char *display = g_filename_display_name (file->folder);

      /* The file was preallocated or the run would not have started:
       * another program filled the disk, or the filesystem cannot
       * reserve space ahead.  The benchmark's words would blame the
       * test size. */
      return g_error_new (DRIVEDASH_ERROR, DRIVEDASH_ERROR_NO_SPACE,
                          _("The disk holding “%s” became full during the test, so the test was "
                            "stopped and its test file removed. Another program may have filled "
                            "the disk. Free some space and start the test again."), display);
    }
  return drivedash_bench_file_error_from_errno (file, r->io.error);
}

static void
run_setup (Run                             *r,
           const DrivedashLongTestSettings *settings,
           guint64                          amount)
{
  DrivedashLongTestResult *res = g_new0 (DrivedashLongTestResult, 1);

  res->kind = settings->kind;
  res->series = drivedash_timeseries_new (settings->interval_s, DRIVEDASH_TIMESERIES_DEFAULT_CAP);
  res->rounds = g_array_new (FALSE, TRUE, sizeof (DrivedashLongRound));
  res->minute_p99_us = g_array_new (FALSE, TRUE, sizeof (double));
  res->per_step = g_array_new (FALSE, TRUE, sizeof (double));
  res->step_bytes = settings->step_bytes;
  r->result = res;
  r->plan = drivedash_long_test_plan (settings, amount);
  r->interval_ns = (guint64) (settings->interval_s * NS_PER_S);
  r->all_hist = drivedash_histogram_new ();
  r->minute_hist = drivedash_histogram_new ();
  g_mutex_init (&r->waker.lock);
  g_cond_init (&r->waker.cond);
}

static void
run_teardown (Run *r)
{
  g_array_unref (r->plan);
  drivedash_histogram_free (r->all_hist);
  drivedash_histogram_free (r->minute_hist);
  g_mutex_clear (&r->waker.lock);
  g_cond_clear (&r->waker.cond);
  if (r->io.step_times)
    g_array_unref (r->io.step_times);
}

static gboolean
run_phases (Run                *r,
            DrivedashBenchFile *file)
{
  if (!drivedash_long_io_init (&r->io, file->fd, file->size))
    return FALSE;
  r->io.cancel = &r->cancel;
  r->io.tick = on_tick;
  r->io.user_data = r;
  r->io.io_timeout_ns = (guint64) (r->s->io_timeout_s * NS_PER_S);
  if (r->s->kind == DRIVEDASH_LONG_TEST_SATURATION)
    {
      r->io.step_bytes = r->s->step_bytes;
      r->io.step_times = g_array_new (FALSE, FALSE, sizeof (guint64));
    }
  r->run_start = drivedash_bench_now_ns ();
  r->next_row = r->run_start + r->interval_ns;
  r->next_minute = G_MAXUINT64;
  read_temperature (r);
  for (r->phase_index = 0; r->phase_index < r->plan->len; r->phase_index++)
    {
      if (!run_phase (r))
        return FALSE;
      end_phase_rows (r);
    }
  r->phase_index = r->plan->len - 1;
  return TRUE;
}

DrivedashLongTestResult *
drivedash_long_test_execute (const DrivedashLongTestSettings *settings,
                             GCancellable                    *cancellable,
                             const DrivedashLongTestSink     *sink,
                             gpointer                         user_data,
                             DrivedashLongTestResult        **partial,
                             GError                         **error)
{
  g_autoptr(DrivedashLongTestSettings) simulated = NULL;
  g_autoptr(DrivedashBenchFile) file = NULL;
  guint64 amount = 0;
  guint64 size = settings->file_size;
  gulong handler = 0;
  gboolean ok;

  Run r = { .sink = sink, .user_data = user_data };

  if (!drivedash_long_test_settings_validate (settings, error))
    return NULL;
  /* The simulated drive's folder has the simulated drive's free space. */
  if (settings->simulated)
    {
      settings = simulated = drivedash_long_test_settings_copy (settings);
      g_free (simulated->folder);
      simulated->folder = g_strdup (DRIVEDASH_SIM_DRIVE_FOLDER);
    }
  r.s = settings;
  if (drivedash_long_test_kind_fills (settings->kind))
    {
      if (!drivedash_long_test_settings_resolve_amount (settings, &amount, error))
        return NULL;
      size = amount;
    }
  else if (!drivedash_long_test_resolve_amount (settings->folder, size, &size, error))
    return NULL;
  /* A stop before the file is made says what every other stop says, so
   * the history keeps it as stopped, not as failed. */
  if (g_cancellable_is_cancelled (cancellable))
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED, _("The test was stopped."));
      return NULL;
    }
  file = settings->simulated ? drivedash_bench_file_new_simulated (size)
                             : drivedash_bench_file_create (settings->folder, size, FALSE, error);
  if (file == NULL)
    return NULL;

  run_setup (&r, settings, amount);
  r.result->file_path = g_strdup (file->path);
  r.file = file;
  if (cancellable)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), &r, NULL);
  ok = run_phases (&r, file);
  g_cancellable_disconnect (cancellable, handler);
  r.result->elapsed_s = (double) (drivedash_bench_now_ns () - r.run_start) / NS_PER_S;
  if (!ok)
    g_propagate_error (error, run_error (&r, file));
  drivedash_long_io_clear (&r.io);
  run_teardown (&r);
  g_clear_pointer (&file, drivedash_bench_file_remove);
  if (ok)
    return r.result;
  if (partial != NULL)
    *partial = r.result;
  else
    drivedash_long_test_result_free (r.result);
  return NULL;
}
