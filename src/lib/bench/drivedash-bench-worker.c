/* drivedash-bench-worker.c — one benchmark I/O thread
 *
 * Each I/O thread owns one io_uring, its buffers, a PRNG and its share of
 * the file; it keeps queue_depth requests in flight: every completion it
 * reaps is replaced before it waits again (io_uring_submit_and_wait for at
 * least one completion, then every ready one), as fio does with
 * iodepth_batch_complete_min=1.  A timeout request kept in the ring (the
 * "tick") completes every wait slice, so that a request the drive never
 * answers ends the run after io_timeout and Stop is seen, without a
 * kernel timer armed for every wait.  It
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
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "drivedash-bench-engine-private.h"
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
      if (G_UNLIKELY (p.flags & drivedash_bench_test_hooks.refuse_ring_flags))
        continue;
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
drivedash_bench_waker_nudge (DrivedashBenchWaker *w)
{
  g_mutex_lock (&w->lock);
  w->nudged = TRUE;
  g_cond_broadcast (&w->cond);
  g_mutex_unlock (&w->lock);
}

void
drivedash_bench_waker_wait_until (DrivedashBenchWaker *w,
                                  gint64               deadline)
{
  g_mutex_lock (&w->lock);
  while (!w->woken && !w->nudged)
    if (!g_cond_wait_until (&w->cond, &w->lock, deadline))
      break;
  w->nudged = FALSE;
  g_mutex_unlock (&w->lock);
}


/* Slices of at most this long between looks at the stop flag and the
 * oldest request, however long the drive takes. */
#define WAIT_SLICE_NS  (100 * G_GUINT64_CONSTANT (1000000))
/* user_data of the tick and of the request that takes it out; a request's
 * own is its slot index. */
#define TICK_TAG        G_MAXUINT64
#define TICK_REMOVE_TAG (G_MAXUINT64 - 1)
/* How long a stopped run waits for what is still in flight before it
 * leaves it to the kernel: Stop must not wait for a hung drive's timeout. */
#define CANCEL_GRACE_NS (500 * G_GUINT64_CONSTANT (1000000))

DrivedashBenchTestHooks drivedash_bench_test_hooks;

typedef struct
{
  guint64 submitted_at;  /* 0: the slot is free */
  guint8  is_write;
} Slot;

/* One I/O thread's ring, buffers and position in the file. */
typedef struct
{
  DrivedashBenchWorker *w;
  DrivedashBenchShared *t;
  struct io_uring       ring;
  void                 *mem;
  gsize                 mapped;          /* mem is mmap()ed, this long; 0: malloc()ed */
  struct iovec         *iov;
  Slot                 *slots;
  guint                *free_slots;
  guint                 qd;
  guint                 n_free;
  guint                 inflight;
  gboolean              fixed_bufs;
  gboolean              fixed_file;
  /* A sequential test's requests go in one submit each: requests
   * submitted together meet in one plug, where Linux joins neighbours
   * (2.7 MiB "1 MiB" requests on a virtio disk), and the drive would no
   * longer see the size the test is named after.  One syscall per
   * 128 KiB or more costs little; random tests, whose requests seldom
   * meet, keep the batch. */
  gboolean              one_by_one;
  int                   fd;
  guint64               region_start;
  guint64               region_blocks;
  guint64               cursor;
  guint64               n_prepared;
  guint64               next_age_check;  /* ns */
  guint64               cancel_seen;     /* ns; 0: not cancelled */
  struct __kernel_timespec tick_ts;
  gboolean              tick_armed;
  gboolean              tick_broken;     /* the kernel refused it: timed waits */
  DrivedashBenchRng     rng;
} Io;

static void
worker_fail (DrivedashBenchWorker *w,
             int                   errsv)
{
  if (w->error == 0)
    w->error = errsv;
  g_atomic_int_set (&w->test->stop, 1);
  drivedash_bench_waker_wake (w->test->waker);
}

#define HUGE_PAGE (2u << 20)

/* From this request size on, a buffer of 4 KiB pages can be more
 * segments than a device takes (virtio-blk: 254), and Linux cuts it. */
#define HUGE_REQUEST (256u << 10)

/* A request is cut where its buffer's pages are not next to each other
 * in memory and the device takes fewer segments than that: virtio-blk
 * here takes 254, so a 1 MiB request of 4 KiB pages reached it as two.
 * Buffers of large requests ask for huge pages (best effort; rounded up
 * to whole huge pages, so that a single 1 MiB buffer gets one too), as
 * fio's buffers often get them. */
static gboolean
alloc_buffers (Io      *io,
               gsize    len,
               guint32  block_size)
{
  char *map, *start;
  gsize head;

  if (len < HUGE_PAGE && block_size < HUGE_REQUEST)
    return posix_memalign (&io->mem, 4096, len) == 0;

  /* mmap() rather than malloc(): the huge pages must be asked for before
   * anything touches the memory, which a malloc() that fills what it
   * hands out (MALLOC_PERTURB_) would already have done.  Aligned to a
   * huge page by mapping one more and trimming the ends. */
  len = (len + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
  map = mmap (NULL, len + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED)
    return FALSE;
  start = (char *) (((guintptr) map + HUGE_PAGE - 1) & ~(guintptr) (HUGE_PAGE - 1));
  head = (gsize) (start - map);
  if (head > 0)
    munmap (map, head);
  if (HUGE_PAGE - head > 0)
    munmap (start + len, HUGE_PAGE - head);
  (void) madvise (start, len, MADV_HUGEPAGE);
  io->mem = start;
  io->mapped = len;
  return TRUE;
}

static void
free_buffers (Io *io)
{
  if (io->mapped > 0)
    munmap (io->mem, io->mapped);
  else
    free (io->mem);
}

static gboolean
io_setup (Io *io)
{
  DrivedashBenchShared *t = io->t;
  const guint32 bs = t->spec.block_size;
  int ret;

  /* One entry more than the queue depth, for the tick. */
  ret = drivedash_bench_ring_init (&io->ring, io->qd + 1);
  if (ret < 0)
    {
      worker_fail (io->w, -ret);
      return FALSE;
    }
  if (!alloc_buffers (io, (gsize) io->qd * bs, bs))
    {
      io_uring_queue_exit (&io->ring);
      worker_fail (io->w, ENOMEM);
      return FALSE;
    }

  drivedash_bench_rng_seed (&io->rng, io->w->seed);
  drivedash_bench_fill_buffer (io->mem, (gsize) io->qd * bs, t->settings->data, &io->rng);

  io->iov = g_new (struct iovec, io->qd);
  io->slots = g_new0 (Slot, io->qd);
  io->free_slots = g_new (guint, io->qd);
  io->n_free = io->qd;
  for (guint i = 0; i < io->qd; i++)
    {
      io->iov[i].iov_base = (char *) io->mem + (gsize) i * bs;
      io->iov[i].iov_len = bs;
      io->free_slots[i] = io->qd - 1 - i;
    }

  /* Registered buffers skip the page pinning per I/O and registered
   * files the fd lookup; both are optional (RLIMIT_MEMLOCK, old kernels). */
  if (G_LIKELY (!drivedash_bench_test_hooks.no_registration))
    {
      io->fixed_bufs = io_uring_register_buffers (&io->ring, io->iov, io->qd) == 0;
      io->fixed_file = io_uring_register_files (&io->ring, &t->fd, 1) == 0;
    }
  io->fd = io->fixed_file ? 0 : t->fd;

  io->tick_ts.tv_nsec = (long long) WAIT_SLICE_NS;
  io->region_blocks = t->n_blocks;
  if (t->spec.pattern == DRIVEDASH_BENCH_PATTERN_SEQ)
    {
      /* Each thread streams through its own region of the file. */
      io->region_blocks = t->n_blocks / t->spec.threads;
      io->region_start = io->region_blocks * io->w->index;
    }
  return TRUE;
}

/* The buffers of runs abandoned on a hung drive: the kernel may still
 * write into them, so they live as long as the process, held here
 * rather than lost (LeakSanitizer sees them as kept, which they are). */
static GSList *abandoned_buffers;
G_LOCK_DEFINE_STATIC (abandoned_buffers);

static void
keep_abandoned (void *mem)
{
  G_LOCK (abandoned_buffers);
  abandoned_buffers = g_slist_prepend (abandoned_buffers, mem);
  G_UNLOCK (abandoned_buffers);
}

/* @abandon: requests may still be in flight (a hung drive): the kernel
 * may still write into the buffers, and unregistering them would wait
 * for those requests, so leave both to the ring's own teardown. */
static void
io_teardown (Io       *io,
             gboolean  abandon)
{
  /* Drop the file and buffer registrations now rather than in the ring's
   * asynchronous teardown, so the file is really closed when the run
   * ends (an unmount right afterwards must not find it busy). */
  if (!abandon)
    {
      if (io->fixed_file)
        io_uring_unregister_files (&io->ring);
      if (io->fixed_bufs)
        io_uring_unregister_buffers (&io->ring);
    }
  io_uring_queue_exit (&io->ring);
  if (!abandon)
    free_buffers (io);
  else
    keep_abandoned (io->mem);
  g_free (io->iov);
  g_free (io->slots);
  g_free (io->free_slots);
}

static gboolean
pick_write (Io *io)
{
  switch (io->t->spec.mode)
    {
    case DRIVEDASH_BENCH_MODE_WRITE:
      return TRUE;
    case DRIVEDASH_BENCH_MODE_MIX:
      return drivedash_bench_rng_next (&io->rng) >= io->t->write_threshold;
    case DRIVEDASH_BENCH_MODE_READ:
    default:
      return FALSE;
    }
}

static void
prep_one (Io                  *io,
          struct io_uring_sqe *sqe,
          guint                idx)
{
  DrivedashBenchShared *t = io->t;
  const guint32 bs = t->spec.block_size;
  void *buf = io->iov[idx].iov_base;
  gboolean is_write = pick_write (io);
  guint64 block;

  if (t->spec.pattern == DRIVEDASH_BENCH_PATTERN_SEQ)
    {
      block = io->region_start + io->cursor;
      if (++io->cursor >= io->region_blocks)
        io->cursor = 0;
    }
  else
    block = drivedash_bench_rng_below (&io->rng, t->n_blocks);

  /* Like fio's scramble_buffers: a drive that deduplicates or
   * compresses must not see the same block written twice. */
  if (is_write && t->settings->data == DRIVEDASH_BENCH_DATA_RANDOM)
    for (guint32 off = 0; off < bs; off += 4096)
      *(guint64 *) (gpointer) ((char *) buf + off) = drivedash_bench_rng_next (&io->rng);

  if (is_write)
    {
      if (io->fixed_bufs)
        io_uring_prep_write_fixed (sqe, io->fd, buf, bs, block * bs, (int) idx);
      else
        io_uring_prep_write (sqe, io->fd, buf, bs, block * bs);
    }
  else
    {
      if (io->fixed_bufs)
        io_uring_prep_read_fixed (sqe, io->fd, buf, bs, block * bs, (int) idx);
      else
        io_uring_prep_read (sqe, io->fd, buf, bs, block * bs);
    }
  if (io->fixed_file)
    sqe->flags |= IOSQE_FIXED_FILE;
  io_uring_sqe_set_data64 (sqe, idx);
  io->slots[idx].is_write = is_write;

  io->n_prepared++;
  if (G_UNLIKELY (io->n_prepared == drivedash_bench_test_hooks.stall_request && io->w->index == 0))
    {
      /* The test hook: a read from a pipe nobody writes to never completes. */
      io_uring_prep_read (sqe, drivedash_bench_test_hooks.stall_fd, buf, bs, (guint64) -1);
      io_uring_sqe_set_data64 (sqe, idx);
      io->slots[idx].is_write = FALSE;
    }
}

/* The epoch's counter of bytes handed out, NULL where passes are not
 * capped. */
static guint64 *
issued_in (Io    *io,
           guint  epoch)
{
  if (io->t->pass_bytes == 0)
    return NULL;
  return &io->t->issued[MIN (epoch, io->t->passes + 1)];
}

/* Whether a capped pass has all its bytes handed out already. */
static gboolean
pass_handed_out (Io    *io,
                 guint  epoch)
{
  guint64 *issued = issued_in (io, epoch);

  return issued != NULL && __atomic_load_n (issued, __ATOMIC_RELAXED) >= io->t->pass_bytes;
}

/* Takes one request's share of a capped pass; FALSE once the pass is
 * handed out, so that a pass moves at most its cap and one request more
 * whatever the threads' pace and however late the coordinator ends it. */
static gboolean
take_share (Io    *io,
            guint  epoch)
{
  guint64 *issued = issued_in (io, epoch);

  return issued == NULL ||
         __atomic_fetch_add (issued, io->t->spec.block_size, __ATOMIC_RELAXED) < io->t->pass_bytes;
}

static void
give_back_share (Io    *io,
                 guint  epoch)
{
  guint64 *issued = issued_in (io, epoch);

  if (issued != NULL)
    __atomic_fetch_sub (issued, io->t->spec.block_size, __ATOMIC_RELAXED);
}

/* Puts a request into every free slot (one clock read for them all, as
 * late as possible). */
static void
fill_queue (Io    *io,
            guint  epoch)
{
  guint first_free = io->n_free;
  guint64 submit_time;

  while (io->n_free > 0 && take_share (io, epoch))
    {
      struct io_uring_sqe *sqe = io_uring_get_sqe (&io->ring);

      if (sqe == NULL)
        {
          give_back_share (io, epoch);
          break;
        }
      prep_one (io, sqe, io->free_slots[--io->n_free]);
      if (io->one_by_one)
        io_uring_submit (&io->ring);
    }

  submit_time = drivedash_bench_now_ns ();
  for (guint i = io->n_free; i < first_free; i++)
    io->slots[io->free_slots[i]].submitted_at = submit_time;
  io->inflight += first_free - io->n_free;
}

/* Whether the run was stopped long enough ago that what is still in
 * flight is not worth waiting for. */
static gboolean
cancel_overdue (Io      *io,
                guint64  now)
{
  if (G_LIKELY (!g_atomic_int_get (&io->t->cancelled)))
    return FALSE;
  if (io->cancel_seen == 0)
    io->cancel_seen = now;
  return now - io->cancel_seen > CANCEL_GRACE_NS;
}

/* Whether a request has been in flight longer than the drive may take;
 * looked at once per wait slice, not per completion. */
static gboolean
queue_stalled (Io      *io,
               guint64  now)
{
  guint64 oldest = G_MAXUINT64;

  if (now < io->next_age_check)
    return FALSE;
  io->next_age_check = now + MIN (WAIT_SLICE_NS, io->t->io_timeout_ns / 4);
  for (guint i = 0; i < io->qd; i++)
    if (io->slots[i].submitted_at != 0)
      oldest = MIN (oldest, io->slots[i].submitted_at);
  return oldest != G_MAXUINT64 && now - oldest > io->t->io_timeout_ns;
}

/* The tick's completion: -ETIME when its slice is over, -ECANCELED when it
 * was taken out.  Anything else means this kernel will not keep it, and
 * the waits carry their own timeout instead. */
static void
tick_done (Io      *io,
           guint64  data,
           int      res)
{
  if (data != TICK_TAG)
    return;
  io->tick_armed = FALSE;
  if (G_UNLIKELY (res != -ETIME && res != -ECANCELED))
    io->tick_broken = TRUE;
}

/* Puts the tick into the ring when it is not there (the ring has an
 * entry for it besides the queue depth's). */
static void
tick_arm (Io *io)
{
  struct io_uring_sqe *sqe;

  if (io->tick_armed || io->tick_broken || (sqe = io_uring_get_sqe (&io->ring)) == NULL)
    return;
  io_uring_prep_timeout (sqe, &io->tick_ts, 0,
                         G_UNLIKELY (drivedash_bench_test_hooks.refuse_tick) ? ~0u : 0);
  io_uring_sqe_set_data64 (sqe, TICK_TAG);
  io->tick_armed = TRUE;
}

/* Takes the tick out before the registrations are dropped, so that
 * nothing of this run is left in the ring. */
static void
tick_disarm (Io *io)
{
  struct __kernel_timespec limit = { 1, 0 };
  struct io_uring_sqe *sqe;
  struct io_uring_cqe *cqe;

  if (!io->tick_armed || (sqe = io_uring_get_sqe (&io->ring)) == NULL)
    return;
  io_uring_prep_timeout_remove (sqe, TICK_TAG, 0);
  io_uring_sqe_set_data64 (sqe, TICK_REMOVE_TAG);
  /* Its own completion and the tick's; a second at most. */
  for (int seen = 0; seen < 2;)
    {
      if (io_uring_submit_and_wait_timeout (&io->ring, &cqe, 1, &limit, NULL) < 0)
        break;
      for (; seen < 2 && io_uring_peek_cqe (&io->ring, &cqe) == 0; seen++)
        io_uring_cqe_seen (&io->ring, cqe);
    }
  io->tick_armed = FALSE;
}

/* Takes every completion the ring holds; FALSE on a failed request. */
static gboolean
reap (Io       *io,
      guint64   now,
      gboolean  measured,
      DrivedashBenchBatch *batch)
{
  DrivedashBenchWorker *w = io->w;
  struct io_uring_cqe *cqe;
  unsigned head, seen = 0;
  gboolean ok = TRUE;

  g_mutex_lock (&w->win_lock);
  io_uring_for_each_cqe (&io->ring, head, cqe)
    {
      guint64 data = io_uring_cqe_get_data64 (cqe);
      guint idx = (guint) data;
      Slot *slot = &io->slots[idx];
      int res = cqe->res;
      guint64 latency;

      seen++;
      if (G_UNLIKELY (data >= TICK_REMOVE_TAG))
        {
          tick_done (io, data, res);
          continue;
        }
      latency = now - slot->submitted_at;
      batch->n++;
      io->inflight--;
      io->free_slots[io->n_free++] = idx;
      slot->submitted_at = 0;

      if (G_UNLIKELY (res <= 0))
        {
          /* 0 bytes: the file shrank under us; report it as EIO-like. */
          worker_fail (w, res < 0 ? -res : EIO);
          ok = FALSE;
          continue;
        }

      drivedash_histogram_record (w->win_hist, latency);
      if (measured)
        drivedash_histogram_record (w->hist, latency);
      batch->bytes += (guint64) res;
      if (slot->is_write)
        batch->written += (guint64) res;
      else
        batch->read += (guint64) res;
    }
  w->win_bytes += batch->bytes;
  w->win_ios += batch->n;
  g_mutex_unlock (&w->win_lock);
  io_uring_cq_advance (&io->ring, seen);
  return ok;
}

void
drivedash_bench_worker_count (DrivedashBenchWorker      *w,
                              guint                      epoch,
                              gboolean                   measured,
                              const DrivedashBenchBatch *batch)
{
  const guint e = MIN (epoch, w->test->passes + 1);

  if (batch->n > 0 && (gint) epoch != g_atomic_int_get (&w->counted_epoch))
    g_atomic_int_set (&w->counted_epoch, (gint) epoch);
  w->epoch_bytes[e] += batch->bytes;
  w->epoch_ios[e] += batch->n;
  /* A capped pass: the thread that crosses the cap wakes the coordinator,
   * which ends the pass. */
  if (w->test->pass_bytes > 0 && batch->bytes > 0)
    {
      guint64 moved = __atomic_add_fetch (&w->test->moved[e], batch->bytes, __ATOMIC_RELAXED);

      if (moved >= w->test->pass_bytes && moved - batch->bytes < w->test->pass_bytes)
        drivedash_bench_waker_nudge (w->test->waker);
    }
  w->total_read += batch->read;
  w->total_written += batch->written;
  if (measured)
    {
      w->measured_read += batch->read;
      w->measured_written += batch->written;
    }
}

typedef struct
{
  struct rusage start;
  gboolean      started;
  gboolean      done;
} CpuClock;

static void
cpu_clock_stop (CpuClock             *c,
                DrivedashBenchWorker *w)
{
  struct rusage ru;

  getrusage (RUSAGE_THREAD, &ru);
  w->cpu_user = drivedash_bench_timeval_s (&ru.ru_utime) - drivedash_bench_timeval_s (&c->start.ru_utime);
  w->cpu_system = drivedash_bench_timeval_s (&ru.ru_stime) - drivedash_bench_timeval_s (&c->start.ru_stime);
  c->done = TRUE;
}

/* CPU time of the measured passes only. */
static void
cpu_clock_update (CpuClock             *c,
                  DrivedashBenchWorker *w,
                  gboolean              measured)
{
  if (measured && !c->started)
    {
      getrusage (RUSAGE_THREAD, &c->start);
      c->started = TRUE;
    }
  else if (!measured && c->started && !c->done)
    cpu_clock_stop (c, w);
}

/* Submits what fill_queue() prepared and waits for a completion, at most
 * one wait slice (the tick's, or the wait's own timeout where the kernel
 * refused the tick); FALSE when the ring itself failed. */
static gboolean
submit_and_wait (Io       *io,
                 gboolean  running)
{
  struct __kernel_timespec slice = { 0, (long long) WAIT_SLICE_NS };
  struct io_uring_cqe *cqe = NULL;
  int ret;

  if (G_UNLIKELY (drivedash_bench_test_hooks.before_wait != NULL))
    drivedash_bench_test_hooks.before_wait (io->w->index, io->inflight, io->qd, running,
                                            drivedash_bench_test_hooks.user_data);
  tick_arm (io);
  if (G_LIKELY (io->tick_armed))
    ret = io_uring_submit_and_wait (&io->ring, 1);
  else
    ret = io_uring_submit_and_wait_timeout (&io->ring, &cqe, 1, &slice, NULL);
  if (ret < 0 && ret != -ETIME && ret != -EINTR && ret != -EAGAIN && ret != -EBUSY)
    {
      worker_fail (io->w, -ret);
      return FALSE;
    }
  return TRUE;
}

void
drivedash_bench_worker_wait_for_go (DrivedashBenchShared *t)
{
  g_mutex_lock (&t->start_lock);
  t->ready++;
  g_cond_broadcast (&t->start_cond);
  while (!t->go && !g_atomic_int_get (&t->stop))
    g_cond_wait (&t->start_cond, &t->start_lock);
  g_mutex_unlock (&t->start_lock);
}

/* A thread whose capped pass is handed out and done waits here, idle,
 * until the coordinator starts the next pass or stops. */
static void
wait_for_next_epoch (DrivedashBenchShared *t,
                     guint                 epoch)
{
  g_mutex_lock (&t->start_lock);
  while ((guint) g_atomic_int_get (&t->epoch) == epoch && !g_atomic_int_get (&t->stop))
    g_cond_wait (&t->start_cond, &t->start_lock);
  g_mutex_unlock (&t->start_lock);
}

void
drivedash_bench_shared_set_epoch (DrivedashBenchShared *t,
                                  guint                 epoch)
{
  g_mutex_lock (&t->start_lock);
  g_atomic_int_set (&t->epoch, (gint) epoch);
  g_cond_broadcast (&t->start_cond);
  g_mutex_unlock (&t->start_lock);
}

void
drivedash_bench_shared_stop (DrivedashBenchShared *t)
{
  g_mutex_lock (&t->start_lock);
  g_atomic_int_set (&t->stop, 1);
  g_cond_broadcast (&t->start_cond);
  g_mutex_unlock (&t->start_lock);
}

gpointer
drivedash_bench_worker_main (gpointer data)
{
  DrivedashBenchWorker *w = data;
  DrivedashBenchShared *t = w->test;
  CpuClock cpu = { 0 };
  gboolean abandon = FALSE;
  struct rusage ru;
  Io io = { 0 };

  /* On Linux a thread id names just this thread: the coordinator and the
   * caller's threads keep their priority.  Best effort: a failure only
   * means the thread competes as usual. */
  if (t->settings->background)
    (void) setpriority (PRIO_PROCESS, (id_t) gettid (),
                        getpriority (PRIO_PROCESS, (id_t) gettid ()) + DRIVEDASH_BENCH_BACKGROUND_NICE);

  io.w = w;
  io.t = t;
  io.qd = t->spec.queue_depth;
  io.one_by_one = t->spec.pattern == DRIVEDASH_BENCH_PATTERN_SEQ && !t->settings->merge_requests;
  if (!io_setup (&io))
    return NULL;
  drivedash_bench_worker_wait_for_go (t);

  for (;;)
    {
      guint epoch = (guint) g_atomic_int_get (&t->epoch);
      gboolean running = !g_atomic_int_get (&t->stop) && epoch <= t->passes;
      gboolean measured;
      guint64 now;
      DrivedashBenchBatch batch = { 0 };

      if (running)
        fill_queue (&io, epoch);
      if (io.inflight == 0 && running && pass_handed_out (&io, epoch))
        {
          wait_for_next_epoch (t, epoch);
          continue;
        }
      if (io.inflight == 0)
        break;

      if (!submit_and_wait (&io, running))
        {
          /* Nothing more can be reaped through a broken ring. */
          abandon = TRUE;
          break;
        }

      now = drivedash_bench_now_ns ();
      epoch = (guint) g_atomic_int_get (&t->epoch);
      measured = epoch >= 1 && epoch <= t->passes;
      cpu_clock_update (&cpu, w, measured);
      reap (&io, now, measured, &batch);
      drivedash_bench_worker_count (w, epoch, measured, &batch);

      if (G_UNLIKELY (queue_stalled (&io, now)))
        {
          w->stalled = TRUE;
          worker_fail (w, ETIMEDOUT);
          abandon = TRUE;
          break;
        }
      if (G_UNLIKELY (io.inflight > 0 && cancel_overdue (&io, now)))
        {
          abandon = TRUE;
          break;
        }
    }

  if (cpu.started && !cpu.done)
    cpu_clock_stop (&cpu, w);
  getrusage (RUSAGE_THREAD, &ru);
  w->cpu_total_user = drivedash_bench_timeval_s (&ru.ru_utime);
  w->cpu_total_system = drivedash_bench_timeval_s (&ru.ru_stime);

  if (!abandon)
    tick_disarm (&io);
  io_teardown (&io, abandon);
  return NULL;
}
