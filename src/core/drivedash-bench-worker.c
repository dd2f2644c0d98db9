/* drivedash-bench-worker.c — one benchmark I/O thread
 *
 * Each I/O thread owns one io_uring, its buffers, a PRNG and its share of
 * the file; it keeps queue_depth requests in flight, submitting and reaping
 * in batches (io_uring_submit_and_wait, then every ready completion).  It
 * shares nothing hot with other threads: the coordinator moves between
 * passes by bumping an atomic "epoch" the thread reads once per batch,
 * and collects the live window from a per-thread mutex that only it and
 * that thread ever take.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* RUSAGE_THREAD */
#define _GNU_SOURCE

#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "drivedash-bench-worker.h"

void
drivedash_bench_rng_seed (DrivedashBenchRng *r,
                          guint64            seed)
{
  for (int i = 0; i < 4; i++)
    {
      guint64 z = (seed += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

      z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
      z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
      r->s[i] = z ^ (z >> 31);
    }
}

void
drivedash_bench_fill_buffer (void               *buf,
                             gsize               len,
                             DrivedashBenchData  data,
                             DrivedashBenchRng  *r)
{
  guint64 *p = buf;

  if (data == DRIVEDASH_BENCH_DATA_ZEROS)
    {
      memset (buf, 0, len);
      return;
    }
  for (gsize i = 0; i < len / sizeof (guint64); i++)
    p[i] = drivedash_bench_rng_next (r);
}

double
drivedash_bench_timeval_s (const struct timeval *tv)
{
  return (double) tv->tv_sec + (double) tv->tv_usec / 1e6;
}

/* Sets up a ring with the cheapest completion mode the kernel accepts, as
 * fio does: single issuer + deferred task work (6.1), else cooperative
 * task running (5.19), else plain. */
int
drivedash_bench_ring_init (struct io_uring *ring,
                           unsigned         entries)
{
  static const unsigned flag_sets[] = {
    IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN,
    IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_COOP_TASKRUN,
    IORING_SETUP_COOP_TASKRUN,
    0,
  };
  int ret = -EINVAL;

  for (guint i = 0; i < G_N_ELEMENTS (flag_sets); i++)
    {
      struct io_uring_params p = { 0 };

      p.flags = flag_sets[i];
      ret = io_uring_queue_init_params (entries, ring, &p);
      if (ret != -EINVAL)
        break;
    }
  return ret;
}

void
drivedash_bench_waker_wake (DrivedashBenchWaker *w)
{
  g_mutex_lock (&w->lock);
  w->woken = TRUE;
  g_cond_broadcast (&w->cond);
  g_mutex_unlock (&w->lock);
}

void
drivedash_bench_waker_wait_until (DrivedashBenchWaker *w,
                                  gint64               deadline)
{
  g_mutex_lock (&w->lock);
  while (!w->woken)
    if (!g_cond_wait_until (&w->cond, &w->lock, deadline))
      break;
  g_mutex_unlock (&w->lock);
}


typedef struct
{
  guint64 submitted_at;
  guint8  is_write;
} Slot;

static void
worker_fail (DrivedashBenchWorker *w,
             int                   errsv)
{
  if (w->error == 0)
    w->error = errsv;
  g_atomic_int_set (&w->test->stop, 1);
  drivedash_bench_waker_wake (w->test->waker);
}

gpointer
drivedash_bench_worker_main (gpointer data)
{
  DrivedashBenchWorker *w = data;
  DrivedashBenchShared *t = w->test;
  const guint qd = t->spec.queue_depth;
  const guint32 bs = t->spec.block_size;
  const guint passes = t->passes;
  const gboolean seq = t->spec.pattern == DRIVEDASH_BENCH_PATTERN_SEQ;
  const gboolean scramble = t->settings->data == DRIVEDASH_BENCH_DATA_RANDOM;
  struct io_uring ring;
  g_autofree struct iovec *iov = NULL;
  g_autofree Slot *slots = NULL;
  g_autofree guint *free_slots = NULL;
  struct rusage ru_start = { 0 }, ru;
  gboolean fixed_bufs, fixed_file, cpu_started = FALSE, cpu_done = FALSE, ring_broken = FALSE;
  void *mem = NULL;
  guint n_free = qd, inflight = 0;
  guint64 region_start = 0, region_blocks = t->n_blocks, cursor;
  int fd, ret;
  gint counted_epoch = -1;
  DrivedashBenchRng rng;

  /* On Linux a thread id names just this thread: the coordinator and the
   * caller's threads keep their priority.  Best effort: a failure only
   * means the thread competes as usual. */
  if (t->settings->background)
    (void) setpriority (PRIO_PROCESS, (id_t) gettid (),
                        getpriority (PRIO_PROCESS, (id_t) gettid ()) + DRIVEDASH_BENCH_BACKGROUND_NICE);

  ret = drivedash_bench_ring_init (&ring, qd);
  if (ret < 0)
    {
      worker_fail (w, -ret);
      return NULL;
    }

  if (posix_memalign (&mem, 4096, (gsize) qd * bs) != 0)
    {
      io_uring_queue_exit (&ring);
      worker_fail (w, ENOMEM);
      return NULL;
    }

  drivedash_bench_rng_seed (&rng, w->seed);
  drivedash_bench_fill_buffer (mem, (gsize) qd * bs, t->settings->data, &rng);

  iov = g_new (struct iovec, qd);
  slots = g_new0 (Slot, qd);
  free_slots = g_new (guint, qd);
  for (guint i = 0; i < qd; i++)
    {
      iov[i].iov_base = (char *) mem + (gsize) i * bs;
      iov[i].iov_len = bs;
      free_slots[i] = qd - 1 - i;
    }

  /* Registered buffers skip the page pinning per I/O and registered
   * files the fd lookup; both are optional (RLIMIT_MEMLOCK, old kernels). */
  fixed_bufs = io_uring_register_buffers (&ring, iov, qd) == 0;
  fixed_file = io_uring_register_files (&ring, &t->fd, 1) == 0;
  fd = fixed_file ? 0 : t->fd;

  if (seq)
    {
      /* Each thread streams through its own region of the file. */
      region_blocks = t->n_blocks / t->spec.threads;
      region_start = region_blocks * w->index;
    }
  cursor = 0;

  g_mutex_lock (&t->start_lock);
  t->ready++;
  g_cond_broadcast (&t->start_cond);
  while (!t->go && !g_atomic_int_get (&t->stop))
    g_cond_wait (&t->start_cond, &t->start_lock);
  g_mutex_unlock (&t->start_lock);

  for (;;)
    {
      struct io_uring_cqe *cqe;
      unsigned head, n_seen = 0;
      guint64 now, batch_bytes = 0, batch_read = 0, batch_written = 0;
      guint epoch;
      gboolean measured;

      epoch = (guint) g_atomic_int_get (&t->epoch);
      if (!g_atomic_int_get (&t->stop) && epoch <= passes)
        {
          guint first_free = n_free;
          guint64 submit_time;

          while (n_free > 0)
            {
              struct io_uring_sqe *sqe = io_uring_get_sqe (&ring);
              guint idx = free_slots[--n_free];
              guint64 block;
              gboolean is_write;

              if (sqe == NULL)
                {
                  n_free++;
                  break;
                }

              if (seq)
                {
                  block = region_start + cursor;
                  if (++cursor >= region_blocks)
                    cursor = 0;
                }
              else
                block = drivedash_bench_rng_below (&rng, t->n_blocks);

              switch (t->spec.mode)
                {
                case DRIVEDASH_BENCH_MODE_WRITE:
                  is_write = TRUE;
                  break;
                case DRIVEDASH_BENCH_MODE_MIX:
                  is_write = drivedash_bench_rng_next (&rng) >= t->write_threshold;
                  break;
                case DRIVEDASH_BENCH_MODE_READ:
                default:
                  is_write = FALSE;
                  break;
                }

              /* Like fio's scramble_buffers: a drive that deduplicates or
               * compresses must not see the same block written twice. */
              if (is_write && scramble)
                for (guint32 off = 0; off < bs; off += 4096)
                  *(guint64 *) (gpointer) ((char *) iov[idx].iov_base + off) = drivedash_bench_rng_next (&rng);

              if (fixed_bufs)
                {
                  if (is_write)
                    io_uring_prep_write_fixed (sqe, fd, iov[idx].iov_base, bs, block * bs, (int) idx);
                  else
                    io_uring_prep_read_fixed (sqe, fd, iov[idx].iov_base, bs, block * bs, (int) idx);
                }
              else
                {
                  if (is_write)
                    io_uring_prep_write (sqe, fd, iov[idx].iov_base, bs, block * bs);
                  else
                    io_uring_prep_read (sqe, fd, iov[idx].iov_base, bs, block * bs);
                }
              if (fixed_file)
                sqe->flags |= IOSQE_FIXED_FILE;
              io_uring_sqe_set_data64 (sqe, idx);
              slots[idx].is_write = is_write;
            }

          /* One clock read for the whole batch, as late as possible. */
          submit_time = drivedash_bench_now_ns ();
          for (guint i = n_free; i < first_free; i++)
            slots[free_slots[i]].submitted_at = submit_time;
          inflight += first_free - n_free;
        }

      if (inflight == 0)
        break;

      ret = io_uring_submit_and_wait (&ring, 1);
      if (ret < 0 && ret != -EINTR && ret != -EAGAIN && ret != -EBUSY)
        {
          worker_fail (w, -ret);
          /* Nothing more can be reaped through a broken ring. */
          ring_broken = TRUE;
          break;
        }

      now = drivedash_bench_now_ns ();
      epoch = (guint) g_atomic_int_get (&t->epoch);
      measured = epoch >= 1 && epoch <= passes;

      if (measured && !cpu_started)
        {
          getrusage (RUSAGE_THREAD, &ru_start);
          cpu_started = TRUE;
        }
      else if (!measured && cpu_started && !cpu_done)
        {
          getrusage (RUSAGE_THREAD, &ru);
          w->cpu_user = drivedash_bench_timeval_s (&ru.ru_utime) - drivedash_bench_timeval_s (&ru_start.ru_utime);
          w->cpu_system = drivedash_bench_timeval_s (&ru.ru_stime) - drivedash_bench_timeval_s (&ru_start.ru_stime);
          cpu_done = TRUE;
        }

      g_mutex_lock (&w->win_lock);
      io_uring_for_each_cqe (&ring, head, cqe)
        {
          guint idx = (guint) io_uring_cqe_get_data64 (cqe);
          int res = cqe->res;
          guint64 latency;

          n_seen++;
          inflight--;
          free_slots[n_free++] = idx;

          if (G_UNLIKELY (res <= 0))
            {
              /* 0 bytes: the file shrank under us; report it as EIO-like. */
              worker_fail (w, res < 0 ? -res : EIO);
              continue;
            }

          latency = now - slots[idx].submitted_at;
          drivedash_histogram_record (w->win_hist, latency);
          if (measured)
            drivedash_histogram_record (w->hist, latency);
          batch_bytes += (guint64) res;
          if (slots[idx].is_write)
            batch_written += (guint64) res;
          else
            batch_read += (guint64) res;
        }
      w->win_bytes += batch_bytes;
      w->win_ios += n_seen;
      g_mutex_unlock (&w->win_lock);
      io_uring_cq_advance (&ring, n_seen);

      if (n_seen > 0 && (gint) epoch != counted_epoch)
        {
          counted_epoch = (gint) epoch;
          g_atomic_int_set (&w->counted_epoch, counted_epoch);
        }
      w->epoch_bytes[MIN (epoch, passes + 1)] += batch_bytes;
      w->epoch_ios[MIN (epoch, passes + 1)] += n_seen;
      w->total_read += batch_read;
      w->total_written += batch_written;
      if (measured)
        {
          w->measured_read += batch_read;
          w->measured_written += batch_written;
        }
    }

  getrusage (RUSAGE_THREAD, &ru);
  if (cpu_started && !cpu_done)
    {
      w->cpu_user = drivedash_bench_timeval_s (&ru.ru_utime) - drivedash_bench_timeval_s (&ru_start.ru_utime);
      w->cpu_system = drivedash_bench_timeval_s (&ru.ru_stime) - drivedash_bench_timeval_s (&ru_start.ru_stime);
    }
  w->cpu_total_user = drivedash_bench_timeval_s (&ru.ru_utime);
  w->cpu_total_system = drivedash_bench_timeval_s (&ru.ru_stime);

  /* Drop the file and buffer registrations now rather than in the ring's
   * asynchronous teardown, so the file is really closed when the run
   * ends (an unmount right afterwards must not find it busy). */
  if (!ring_broken)
    {
      if (fixed_file)
        io_uring_unregister_files (&ring);
      if (fixed_bufs)
        io_uring_unregister_buffers (&ring);
    }
  io_uring_queue_exit (&ring);
  /* After a failed io_uring_enter requests may still be in flight and
   * write into the buffers: leak them rather than risk that. */
  if (!ring_broken)
    free (mem);
  return NULL;
}
