/* drivedash-longtest-sim.c — the long tests' I/O loop on the demo's
 * simulated drive: the real phases, rows and rounds, with counts from
 * drivedash-sim-drive.c in place of io_uring
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "drivedash-longtest-io.h"
#include "drivedash-sim-drive.h"

#define STEP_US  10000                               /* between counts */
#define TICK_NS  (50 * G_GUINT64_CONSTANT (1000000)) /* the tick's promise */

/* The simulated load closest to each pattern's requests. */
static DrivedashSimLoad
load_for_job (const DrivedashLongIoJob *job)
{
  DrivedashSimLoad load = { .block_size = job->block_size, .depth = MAX (job->queue_depth, 1u) };

  switch (job->pattern)
    {
    case DRIVEDASH_LONG_IO_MIX:
      load.read_percent = job->read_percent;
      break;
    case DRIVEDASH_LONG_IO_BURST:
      load.block_size = 512 * 1024;       /* 4 KiB–1 MiB, evenly */
      break;
    case DRIVEDASH_LONG_IO_SEQ_WRITE:
      load.sequential = TRUE;
      break;
    case DRIVEDASH_LONG_IO_TRACE:
    default:
      load.block_size = 64 * 1024;        /* the trace's mean request */
      load.depth = 2;
      load.read_percent = 60;
      break;
    }
  load.block_size = MAX (load.block_size, 4096u);
  return load;
}

/* Keeps a job of @bytes to its bytes: the step's last requests are left out. */
static void
clip_step (DrivedashSimStep *step,
           guint64           left,
           guint32           block_size)
{
  guint64 ios = step->read_ios + step->write_ios;
  guint64 keep = left / block_size;

  if (ios <= keep)
    return;
  step->read_ios = ios > 0 ? step->read_ios * keep / ios : 0;
  step->write_ios = keep - step->read_ios;
  step->read_bytes = step->read_ios * block_size;
  step->write_bytes = step->write_ios * block_size;
}

static void
count_step (DrivedashLongIo        *io,
            DrivedashLongIoTotals  *t,
            const DrivedashSimStep *step)
{
  DrivedashLongIoWindow *w = &io->window;

  w->read_ios += step->read_ios;
  w->write_ios += step->write_ios;
  w->read_bytes += step->read_bytes;
  w->write_bytes += step->write_bytes;
  drivedash_sim_step_record (step, w->read_hist, w->write_hist);
  t->read_ios += step->read_ios;
  t->write_ios += step->write_ios;
  t->read_bytes += step->read_bytes;
  t->write_bytes += step->write_bytes;
  t->read_latency_sum_us += (double) step->read_ios * step->mean_ns / 1e3;
  t->write_latency_sum_us += (double) step->write_ios * step->mean_ns / 1e3;
}

/* FALSE once the job is over: its time, its bytes, a cancel or the tick. */
static gboolean
keep_going (DrivedashLongIo          *io,
            const DrivedashLongIoJob *job,
            const DrivedashLongIoTotals *t,
            guint32                   block_size,
            guint64                   now,
            guint64                   end,
            guint64                  *next_tick)
{
  if (io->cancel != NULL && g_atomic_int_get (io->cancel))
    {
      io->error = ECANCELED;
      return FALSE;
    }
  if (now >= *next_tick)
    {
      if (io->tick != NULL && !io->tick (io->user_data, now))
        return FALSE;
      *next_tick = now + TICK_NS;
    }
  if (job->bytes > 0 && t->read_bytes + t->write_bytes + block_size > job->bytes)
    return FALSE;
  return now < end;
}

gboolean
drivedash_long_io_run_simulated (DrivedashLongIo          *io,
                                 const DrivedashLongIoJob *job,
                                 DrivedashLongIoTotals    *totals)
{
  const DrivedashSimLoad load = load_for_job (job);
  const guint64 start = drivedash_bench_now_ns ();
  const guint64 end = job->duration_ns > 0 ? start + job->duration_ns : G_MAXUINT64;
  guint64 last = start, now = start, next_tick = start, next_step = io->step_bytes;
  DrivedashSimStream stream;

  memset (totals, 0, sizeof *totals);
  drivedash_sim_stream_init (&stream, &load, job->seed ^ start);
  while (keep_going (io, job, totals, load.block_size, now, end, &next_tick))
    {
      DrivedashSimStep step;

      g_usleep (STEP_US);
      now = drivedash_bench_now_ns ();
      drivedash_sim_stream_step (&stream, (double) (MIN (now, end) - last) / 1e9, &step);
      last = now;
      if (job->bytes > 0)
        clip_step (&step, job->bytes - totals->read_bytes - totals->write_bytes, load.block_size);
      count_step (io, totals, &step);
      for (; io->step_bytes > 0 && totals->write_bytes >= next_step; next_step += io->step_bytes)
        g_array_append_val (io->step_times, (guint64) { now - start });
    }
  totals->elapsed_ns = now - start;
  totals->busy_ns = totals->elapsed_ns;
  return io->error == 0;
}
