/* drivedash-bench-worker.h — one benchmark I/O thread and its helpers
 * (internal to the engine)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <liburing.h>
#include <sys/time.h>
#include <time.h>

#include "drivedash-bench-settings.h"
#include "drivedash-bench-spec.h"
#include "drivedash-histogram.h"

G_BEGIN_DECLS

static inline guint64
drivedash_bench_now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (guint64) ts.tv_sec * G_GUINT64_CONSTANT (1000000000) + (guint64) ts.tv_nsec;
}

/* xoshiro256** (Blackman & Vigna): a few ns per number, plenty good for
 * offsets and incompressible data. Seeded through splitmix64. */
typedef struct
{
  guint64 s[4];
} DrivedashBenchRng;

static inline guint64
drivedash_bench_rotl (guint64 x,
                      int     k)
{
  return (x << k) | (x >> (64 - k));
}

static inline guint64
drivedash_bench_rng_next (DrivedashBenchRng *r)
{
  guint64 result = drivedash_bench_rotl (r->s[1] * 5, 7) * 9;
  guint64 t = r->s[1] << 17;

  r->s[2] ^= r->s[0];
  r->s[3] ^= r->s[1];
  r->s[1] ^= r->s[2];
  r->s[0] ^= r->s[3];
  r->s[2] ^= t;
  r->s[3] = drivedash_bench_rotl (r->s[3], 45);
  return result;
}

/* An index in [0, n) without a division (Lemire); the bias is below 2^-40
 * for any file size here. */
static inline guint64
drivedash_bench_rng_below (DrivedashBenchRng *r,
                           guint64            n)
{
  return (guint64) (((unsigned __int128) drivedash_bench_rng_next (r) * n) >> 64);
}

void   drivedash_bench_rng_seed    (DrivedashBenchRng    *r,
                                    guint64               seed);
void   drivedash_bench_fill_buffer (void                 *buf,
                                    gsize                 len,
                                    DrivedashBenchData    data,
                                    DrivedashBenchRng    *r);
double drivedash_bench_timeval_s   (const struct timeval *tv);
int    drivedash_bench_ring_init   (struct io_uring      *ring,
                                    unsigned              entries);

/* Wakes the coordinator early: for good on cancel and on an I/O
 * thread's error (_wake), once when a capped pass is full (_nudge). */
typedef struct
{
  GMutex   lock;
  GCond    cond;
  gboolean woken;
  gboolean nudged;
} DrivedashBenchWaker;

void drivedash_bench_waker_wake       (DrivedashBenchWaker *w);
void drivedash_bench_waker_nudge      (DrivedashBenchWaker *w);
/* Sleeps until @deadline (monotonic µs) or until woken. */
void drivedash_bench_waker_wait_until (DrivedashBenchWaker *w,
                                       gint64               deadline);

/* What all I/O threads of one test share.  The coordinator moves between
 * passes by bumping @epoch; the threads read it once per batch. */
typedef struct
{
  const DrivedashBenchSettings *settings;
  DrivedashBenchSpec            spec;
  int                           fd;
  guint64                       n_blocks;        /* file size / block size */
  guint                         passes;
  guint64                       write_threshold; /* rng >= this: write (mix) */
  guint64                       io_timeout_ns;   /* a request older than this: the drive hangs */
  guint64                       pass_bytes;      /* settings->pass_bytes; 0: no cap */
  guint64                      *moved;           /* [passes + 2], atomic: each epoch's bytes, all
                                                  * threads together; only with @pass_bytes */
  guint64                      *issued;          /* [passes + 2], atomic: the bytes handed to the
                                                  * drive in each epoch; a thread stops handing
                                                  * out more once they reach @pass_bytes */
  gint                          epoch;           /* atomic: 0 warm-up, 1..passes, passes + 1 stop */
  gint                          stop;            /* atomic */
  gint                          cancelled;       /* atomic: the user stopped the run */
  DrivedashBenchWaker          *waker;
  /* Start line: the threads count themselves in and wait for go; a
   * thread whose capped pass is all handed out waits here for the next
   * epoch (drivedash_bench_shared_set_epoch() wakes it). */
  GMutex                        start_lock;
  GCond                         start_cond;
  guint                         ready;
  gboolean                      go;
} DrivedashBenchShared;

typedef struct
{
  DrivedashBenchShared *test;
  guint                 index;
  guint64               seed;
  GThread              *thread;

  /* The live window: taken by this thread once per batch and by the
   * coordinator once per sample — never by anyone else. */
  GMutex                win_lock;
  guint64               win_bytes;
  guint64               win_ios;
  DrivedashHistogram   *win_hist;

  /* Private to the thread until it is joined. */
  guint64              *epoch_bytes;     /* [passes + 2] */
  guint64              *epoch_ios;
  guint64               total_read;
  guint64               total_written;
  guint64               measured_read;
  guint64               measured_written;
  DrivedashHistogram   *hist;            /* the measured passes */
  double                cpu_user;        /* measured passes */
  double                cpu_system;
  double                cpu_total_user;
  double                cpu_total_system;
  int                   error;           /* errno of the first failure */
  gboolean              stalled;         /* a request outlived test->io_timeout_ns */

  /* Atomic: the last epoch in which this thread counted a completion;
   * written once per epoch, read by the coordinator, which ends a pass
   * only once some I/O completed in it. */
  gint                  counted_epoch;
} DrivedashBenchWorker;

/* GThreadFunc: runs one DrivedashBenchWorker until test->stop or the
 * last epoch, then drains what is in flight.  A request still in flight
 * after test->io_timeout_ns ends it at once (ETIMEDOUT, @stalled), leaving
 * that request (and its buffer) to the kernel; so does one still in flight
 * a moment after test->cancelled. */
gpointer drivedash_bench_worker_main (gpointer data);
/* The same on the demo's simulated drive (drivedash-sim-drive.h): no
 * file, no I/O, believable counts at the pace of the real thing. */
gpointer drivedash_bench_worker_sim_main (gpointer data);

/* What one wait of an I/O thread completed. */
typedef struct
{
  guint64 bytes;
  guint64 read;
  guint64 written;
  guint   n;
} DrivedashBenchBatch;

/* Counts @batch into @w's epoch, pass cap and totals (the live window is
 * the caller's, under win_lock). */
void     drivedash_bench_worker_count       (DrivedashBenchWorker      *w,
                                             guint                      epoch,
                                             gboolean                   measured,
                                             const DrivedashBenchBatch *batch);
/* Counts the thread in at the start line and waits for the go. */
void     drivedash_bench_worker_wait_for_go (DrivedashBenchShared      *t);
/* The coordinator's moves: the next epoch, or stop; either wakes the
 * threads waiting for the next pass. */
void     drivedash_bench_shared_set_epoch   (DrivedashBenchShared      *t,
                                             guint                      epoch);
void     drivedash_bench_shared_stop        (DrivedashBenchShared      *t);

G_END_DECLS
