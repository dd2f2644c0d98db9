/* drivedash-longtest-io.c — the I/O loop of the long tests
 *
 * One thread, one io_uring: every long test runs at one thread (Iometer's
 * and the fill's QD32T1 / QD8T1, the storage test's QD1–4), so the loop
 * does its own accounting in the same thread and needs no locks.  Like
 * the benchmark's I/O thread it refills every free slot before it waits,
 * and waits in slices (here 50 ms) so that Stop, the per-interval rows
 * and a hung request are all noticed in time.
 *
 * The storage test stands in for PCMark 8's application traces, which
 * are not available: a deterministic workload from a fixed seed, so every
 * round replays the same requests.  It is a sequence of runs; each run
 * is 1–16 requests of one size (4 KiB–1 MiB, small sizes most often)
 * that follow each other in the file (a sequential stretch), starting at
 * a random 4 KiB-aligned offset (a jump), 60 % of the runs reads, with
 * 1–4 requests in flight.  Its size is a quarter of the test file (8 MiB
 * – 2 GiB).  As PCMark does, bandwidth is bytes moved ÷ busy time, the
 * time with at least one request in flight, so idle gaps between
 * requests do not count.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "drivedash-longtest-io.h"

#define SLICE_NS        (50 * G_GUINT64_CONSTANT (1000000))
/* Stop must take effect within 200 ms: what is still in flight after
 * this is left to the kernel, as the benchmark does with a hung drive. */
#define CANCEL_GRACE_NS (120 * G_GUINT64_CONSTANT (1000000))
#define ALIGN           4096u

typedef struct
{
  guint64 submitted_at;  /* 0: free */
  guint32 len;
  guint8  is_write;
} Slot;

typedef struct
{
  DrivedashLongIo          *io;
  const DrivedashLongIoJob *job;
  DrivedashLongIoTotals    *t;
  DrivedashBenchRng         rng;
  void                     *mem;
  gsize                     slot_size;
  guint                     qd;
  Slot                     *slots;
  guint                    *free_slots;
  guint                     n_free;
  guint                     inflight;
  guint64                   issued_bytes;
  guint64                   start_ns;
  guint64                   end_ns;
  guint64                   busy_since;
  guint64                   next_step;
  guint64                   stop_seen;  /* ns; 0 while running */
  gboolean                  stopping;
  /* the storage test's current run */
  guint                     run_left;
  guint                     run_qd;
  guint64                   run_offset;
  guint32                   run_size;
  gboolean                  run_write;
} Loop;

guint64
drivedash_long_io_trace_bytes (guint64 file_size)
{
  return CLAMP (file_size / 4, 8u << 20, G_GUINT64_CONSTANT (2) << 30) / ALIGN * ALIGN;
}

void
drivedash_long_io_window_reset (DrivedashLongIoWindow *w)
{
  w->read_ios = w->write_ios = w->read_bytes = w->write_bytes = 0;
  drivedash_histogram_reset (w->read_hist);
  drivedash_histogram_reset (w->write_hist);
}

gboolean
drivedash_long_io_init (DrivedashLongIo *io,
                        int              fd,
                        guint64          file_size)
{
  int ret;

  memset (io, 0, sizeof *io);
  io->fd = fd;
  io->file_size = file_size;
  io->io_timeout_ns = 30 * G_GUINT64_CONSTANT (1000000000);
  io->window.read_hist = drivedash_histogram_new ();
  io->window.write_hist = drivedash_histogram_new ();
  if (fd < 0)
    {
      io->abandoned = TRUE;  /* the simulated drive: no ring to tear down */
      return TRUE;
    }
  ret = drivedash_bench_ring_init (&io->ring, DRIVEDASH_LONG_IO_MAX_QD);
  if (ret < 0)
    {
      io->error = -ret;
      io->abandoned = TRUE;  /* nothing to tear down */
      return FALSE;
    }
  return TRUE;
}

void
drivedash_long_io_clear (DrivedashLongIo *io)
{
  /* A ring with abandoned requests is left to the kernel: tearing it
   * down would wait for a drive that does not answer. */
  if (!io->abandoned)
    io_uring_queue_exit (&io->ring);
  g_clear_pointer (&io->window.read_hist, drivedash_histogram_free);
  g_clear_pointer (&io->window.write_hist, drivedash_histogram_free);
}

static guint32
trace_size (DrivedashBenchRng *rng)
{
  static const guint32 sizes[] = { 4096, 4096, 4096, 8192, 16384, 16384, 32768, 65536,
                                   131072, 131072, 262144, 1048576 };

  return sizes[drivedash_bench_rng_below (rng, G_N_ELEMENTS (sizes))];
}

static guint64
random_offset (Loop    *l,
               guint32  len)
{
  guint64 room = (l->io->file_size - len) / ALIGN + 1;

  return drivedash_bench_rng_below (&l->rng, room) * ALIGN;
}

static guint32
fit (const Loop *l,
     guint32     len)
{
  return (guint32) MIN ((guint64) len, l->io->file_size / ALIGN * ALIGN);
}

static void
next_trace (Loop     *l,
            guint64  *off,
            guint32  *len,
            gboolean *is_write)
{
  if (l->run_left == 0)
    {
      l->run_write = drivedash_bench_rng_below (&l->rng, 100) < 40;
      l->run_size = fit (l, trace_size (&l->rng));
      l->run_qd = 1 + (guint) drivedash_bench_rng_below (&l->rng, 4);
      l->run_left = 1 + (guint) drivedash_bench_rng_below (&l->rng, 16);
      l->run_offset = random_offset (l, l->run_size);
    }
  if (l->run_offset + l->run_size > l->io->file_size)
    l->run_offset = 0;
  *off = l->run_offset;
  *len = l->run_size;
  *is_write = l->run_write;
  l->run_offset += l->run_size;
  l->run_left--;
}

static void
next_request (Loop     *l,
              guint64  *off,
              guint32  *len,
              gboolean *is_write)
{
  const DrivedashLongIoJob *job = l->job;
  DrivedashLongIo *io = l->io;

  switch (job->pattern)
    {
    case DRIVEDASH_LONG_IO_MIX:
      *len = job->block_size;
      *off = drivedash_bench_rng_below (&l->rng, io->file_size / job->block_size) * job->block_size;
      *is_write = drivedash_bench_rng_below (&l->rng, 100) >= job->read_percent;
      break;
    case DRIVEDASH_LONG_IO_BURST:
      *len = fit (l, (1 + (guint32) drivedash_bench_rng_below (&l->rng, 256)) * ALIGN);
      *off = random_offset (l, *len);
      *is_write = TRUE;
      break;
    case DRIVEDASH_LONG_IO_SEQ_WRITE:
      *len = job->block_size;
      if (io->seq_cursor + *len > io->file_size)
        io->seq_cursor = 0;
      *off = io->seq_cursor;
      io->seq_cursor += *len;
      *is_write = TRUE;
      break;
    case DRIVEDASH_LONG_IO_TRACE:
    default:
      next_trace (l, off, len, is_write);
      break;
    }
  if (job->bytes > 0 && l->issued_bytes + *len > job->bytes)
    *len = (guint32) MAX ((job->bytes - l->issued_bytes) / ALIGN * ALIGN, ALIGN);
}

guint64
drivedash_long_io_trace_write_bytes (guint64 file_size,
                                     guint64 bytes,
                                     guint64 seed)
{
  DrivedashLongIo io = { .file_size = file_size };
  DrivedashLongIoJob job = { .pattern = DRIVEDASH_LONG_IO_TRACE, .bytes = bytes, .seed = seed };
  Loop l = { .io = &io, .job = &job };
  guint64 written = 0;

  g_return_val_if_fail (file_size >= ALIGN && bytes > 0, 0);
  drivedash_bench_rng_seed (&l.rng, seed);
  /* The requests the job issues, in its order (next_request() alone
   * decides them; the queue only decides when). */
  while (l.issued_bytes < bytes)
    {
      guint64 off;
      guint32 len;
      gboolean is_write;

      next_request (&l, &off, &len, &is_write);
      l.issued_bytes += len;
      written += is_write ? len : 0;
    }
  return written;
}

static gboolean
may_issue (const Loop *l,
           guint64     now)
{
  if (l->stopping || l->n_free == 0)
    return FALSE;
  if (l->job->bytes > 0 && l->issued_bytes >= l->job->bytes)
    return FALSE;
  if (now >= l->end_ns)
    return FALSE;
  if (l->job->pattern == DRIVEDASH_LONG_IO_TRACE && l->run_left > 0 && l->inflight >= l->run_qd)
    return FALSE;
  return TRUE;
}

static void
fill_queue (Loop    *l,
            guint64  now)
{
  while (may_issue (l, now))
    {
      guint i = l->free_slots[--l->n_free];
      struct io_uring_sqe *sqe = io_uring_get_sqe (&l->io->ring);
      void *buf = (char *) l->mem + (gsize) i * l->slot_size;
      guint64 off;
      guint32 len;
      gboolean is_write;

      next_request (l, &off, &len, &is_write);
      if (is_write)
        io_uring_prep_write (sqe, l->io->fd, buf, len, off);
      else
        io_uring_prep_read (sqe, l->io->fd, buf, len, off);
      io_uring_sqe_set_data64 (sqe, i);
      l->slots[i] = (Slot) { now, len, (guint8) is_write };
      if (l->inflight++ == 0)
        l->busy_since = now;
      l->issued_bytes += len;
    }
}

static void
fail (Loop *l,
      int   errsv)
{
  if (l->io->error == 0)
    l->io->error = errsv;
  l->stopping = TRUE;
}

static void
record_steps (Loop    *l,
              guint64  now)
{
  DrivedashLongIo *io = l->io;

  while (io->step_bytes > 0 && l->t->write_bytes >= l->next_step)
    {
      guint64 at = now - l->start_ns;

      g_array_append_val (io->step_times, at);
      l->next_step += io->step_bytes;
    }
}

static void
complete (Loop                *l,
          struct io_uring_cqe *cqe,
          guint64              now)
{
  guint i = (guint) io_uring_cqe_get_data64 (cqe);
  Slot *s = &l->slots[i];
  DrivedashLongIoWindow *w = &l->io->window;
  guint64 lat = now - s->submitted_at;

  if (cqe->res < 0)
    fail (l, -cqe->res);
  else if ((guint32) cqe->res != s->len)
    fail (l, s->is_write ? ENOSPC : EIO);
  else if (s->is_write)
    {
      w->write_ios++;
      w->write_bytes += s->len;
      drivedash_histogram_record (w->write_hist, lat);
      l->t->write_ios++;
      l->t->write_bytes += s->len;
      l->t->write_latency_sum_us += (double) lat / 1e3;
      record_steps (l, now);
    }
  else
    {
      w->read_ios++;
      w->read_bytes += s->len;
      drivedash_histogram_record (w->read_hist, lat);
      l->t->read_ios++;
      l->t->read_bytes += s->len;
      l->t->read_latency_sum_us += (double) lat / 1e3;
    }
  s->submitted_at = 0;
  l->free_slots[l->n_free++] = i;
  if (--l->inflight == 0)
    l->t->busy_ns += now - l->busy_since;
}

static guint64
oldest (const Loop *l)
{
  guint64 o = G_MAXUINT64;

  for (guint i = 0; i < l->qd; i++)
    if (l->slots[i].submitted_at != 0)
      o = MIN (o, l->slots[i].submitted_at);
  return o;
}

/* FALSE: leave the loop now, abandoning what is in flight. */
static gboolean
check_stop (Loop    *l,
            guint64  now)
{
  DrivedashLongIo *io = l->io;

  if (!l->stopping && g_atomic_int_get (io->cancel))
    fail (l, ECANCELED);
  if (!l->stopping && io->tick != NULL && !io->tick (io->user_data, now))
    l->stopping = TRUE;
  if (l->stopping && l->stop_seen == 0)
    l->stop_seen = now;
  if (l->inflight > 0 && now - oldest (l) > io->io_timeout_ns)
    {
      io->stalled = TRUE;
      fail (l, ETIMEDOUT);
      return FALSE;
    }
  if (l->stopping && l->inflight > 0 && io->error != 0 && now - l->stop_seen > CANCEL_GRACE_NS)
    return FALSE;
  return TRUE;
}

static gboolean
loop_setup (Loop *l)
{
  const DrivedashLongIoJob *job = l->job;
  gboolean fixed = job->pattern == DRIVEDASH_LONG_IO_MIX || job->pattern == DRIVEDASH_LONG_IO_SEQ_WRITE;

  l->qd = job->pattern == DRIVEDASH_LONG_IO_TRACE ? 4 : CLAMP (job->queue_depth, 1, DRIVEDASH_LONG_IO_MAX_QD);
  l->slot_size = fixed ? job->block_size : DRIVEDASH_LONG_IO_MAX_BLOCK;
  if (posix_memalign (&l->mem, ALIGN, l->qd * l->slot_size) != 0)
    return FALSE;
  drivedash_bench_rng_seed (&l->rng, job->seed);
  drivedash_bench_fill_buffer (l->mem, l->qd * l->slot_size, DRIVEDASH_BENCH_DATA_RANDOM, &l->rng);
  /* The requests come from the seed alone, not after however much data
   * the buffers took: drivedash_long_io_trace_write_bytes() replays them. */
  drivedash_bench_rng_seed (&l->rng, job->seed);
  l->slots = g_new0 (Slot, l->qd);
  l->free_slots = g_new (guint, l->qd);
  for (guint i = 0; i < l->qd; i++)
    l->free_slots[i] = l->qd - 1 - i;
  l->n_free = l->qd;
  return TRUE;
}

static void
wait_some (Loop *l)
{
  struct __kernel_timespec ts = { 0, SLICE_NS };
  struct io_uring_cqe *cqe;
  unsigned head, n = 0;
  int ret;
  guint64 now;

  ret = io_uring_submit_and_wait_timeout (&l->io->ring, &cqe, 1, &ts, NULL);
  if (ret < 0 && ret != -ETIME && ret != -EINTR && ret != -EAGAIN)
    {
      fail (l, -ret);
      return;
    }
  now = drivedash_bench_now_ns ();
  io_uring_for_each_cqe (&l->io->ring, head, cqe)
    {
      complete (l, cqe, now);
      n++;
    }
  io_uring_cq_advance (&l->io->ring, n);
}

gboolean
drivedash_long_io_run (DrivedashLongIo          *io,
                       const DrivedashLongIoJob *job,
                       DrivedashLongIoTotals    *totals)
{
  Loop l = { .io = io, .job = job, .t = totals };
  gboolean left_early = FALSE;

  if (io->fd < 0)
    return drivedash_long_io_run_simulated (io, job, totals);
  memset (totals, 0, sizeof *totals);
  if (!loop_setup (&l))
    {
      io->error = ENOMEM;
      return FALSE;
    }
  l.start_ns = drivedash_bench_now_ns ();
  l.end_ns = job->duration_ns > 0 ? l.start_ns + job->duration_ns : G_MAXUINT64;
  l.next_step = io->step_bytes;
  for (;;)
    {
      guint64 now = drivedash_bench_now_ns ();

      if (!check_stop (&l, now))
        {
          left_early = TRUE;
          break;
        }
      fill_queue (&l, now);
      if (l.inflight == 0)
        break;
      wait_some (&l);
    }
  totals->elapsed_ns = drivedash_bench_now_ns () - l.start_ns;
  if (left_early && l.inflight > 0)
    io->abandoned = TRUE;  /* the buffers stay with the requests */
  else
    free (l.mem);
  g_free (l.slots);
  g_free (l.free_slots);
  return io->error == 0;
}
