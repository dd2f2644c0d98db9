/* drivedash-bench-sim.c — the benchmark's I/O thread on the demo's
 * simulated drive: the real engine's passes, windows and results, with
 * counts from drivedash-sim-drive.c in place of io_uring
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-bench-worker.h"
#include "drivedash-sim-drive.h"

#define SIM_STEP_US 5000  /* as often as the real thread reaps, roughly */

static guint
read_percent (const DrivedashBenchShared *t)
{
  switch (t->spec.mode)
    {
    case DRIVEDASH_BENCH_MODE_READ:  return 100;
    case DRIVEDASH_BENCH_MODE_WRITE: return 0;
    case DRIVEDASH_BENCH_MODE_MIX:
    default:                         return MIN (t->settings->mix_read_percent, 100u);
    }
}

static void
count_step (DrivedashBenchWorker   *w,
            guint                   epoch,
            gboolean                measured,
            const DrivedashSimStep *step)
{
  DrivedashBenchBatch batch = {
    .read = step->read_bytes,
    .written = step->write_bytes,
    .bytes = step->read_bytes + step->write_bytes,
    .n = (guint) (step->read_ios + step->write_ios),
  };

  g_mutex_lock (&w->win_lock);
  drivedash_sim_step_record (step, w->win_hist, w->win_hist);
  w->win_bytes += batch.bytes;
  w->win_ios += batch.n;
  g_mutex_unlock (&w->win_lock);
  if (measured)
    drivedash_sim_step_record (step, w->hist, w->hist);
  drivedash_bench_worker_count (w, epoch, measured, &batch);
}

gpointer
drivedash_bench_worker_sim_main (gpointer data)
{
  DrivedashBenchWorker *w = data;
  DrivedashBenchShared *t = w->test;
  DrivedashSimLoad load = {
    .block_size = t->spec.block_size,
    .depth = t->spec.queue_depth * t->spec.threads,
    .read_percent = read_percent (t),
    .sequential = t->spec.pattern == DRIVEDASH_BENCH_PATTERN_SEQ,
    .share = 1.0 / t->spec.threads,
  };
  DrivedashSimStream stream;
  guint64 last;

  drivedash_sim_stream_init (&stream, &load, w->seed);
  drivedash_bench_worker_wait_for_go (t);
  last = drivedash_bench_now_ns ();
  for (;;)
    {
      DrivedashSimStep step;
      guint epoch;
      guint64 now;

      if (g_atomic_int_get (&t->stop) || (guint) g_atomic_int_get (&t->epoch) > t->passes)
        break;
      g_usleep (SIM_STEP_US);
      now = drivedash_bench_now_ns ();
      epoch = (guint) g_atomic_int_get (&t->epoch);
      drivedash_sim_stream_step (&stream, (double) (now - last) / 1e9, &step);
      last = now;
      count_step (w, epoch, epoch >= 1 && epoch <= t->passes, &step);
    }
  return NULL;
}
