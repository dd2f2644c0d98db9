/* drivedash-bench-engine.c — the benchmark engine: the coordinating
 * thread that prepares the file, starts the I/O threads of each test
 * (drivedash-bench-worker.c), moves them from pass to pass, samples them
 * and turns their counters into results.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* RUSAGE_THREAD */
#define _GNU_SOURCE

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <liburing.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "drivedash-bench-device.h"
#include "drivedash-bench-doubts.h"
#include "drivedash-bench-engine.h"
#include "drivedash-bench-engine-private.h"
#include "drivedash-bench-file.h"
#include "drivedash-bench-worker.h"
#include "drivedash-error.h"
#include "drivedash-histogram.h"
#include "drivedash-sim-drive.h"

#define PREFILL_CHUNK       (1u << 20)
#define PREFILL_DEPTH       8
#define PREFILL_WEIGHT      0.05          /* share of the progress bar */
#define MAX_BUFFER_MEMORY   (G_GUINT64_CONSTANT (1) << 30)
#define OVERDUE_POLL_US     1000          /* see run_test() */
#define GONE_GRACE_US       (2 * G_USEC_PER_SEC)  /* see settle_device() */

static void
cancelled_cb (GCancellable *cancellable,
              gpointer      user_data)
{
  drivedash_bench_waker_wake (user_data);
}

/* ---- the run ---------------------------------------------------------------- */

typedef struct
{
  const DrivedashBenchSettings *settings;
  const DrivedashBenchSpec     *tests;
  guint                         n_tests;
  GCancellable                 *cancellable;
  const DrivedashBenchSink     *sink;
  gpointer                      user_data;
  DrivedashBenchFile           *file;
  DrivedashBenchDevice         *device;      /* under the file; NULL: none */
  DrivedashBenchReport         *report;
  DrivedashBenchWaker           waker;
  gint64                        run_start;   /* monotonic µs */
  double                        test_span;   /* planned seconds of one test */
  double                        total_span;  /* planned seconds of all tests and pauses */
  double                        last_fraction;
  guint64                       worker_seed;
  double                        cpu_user;    /* I/O threads, whole run */
  double                        cpu_system;
} Run;

static void
emit_progress (Run                 *run,
               guint                test_index,
               DrivedashBenchPhase  phase,
               double               planned_elapsed)
{
  double fraction;

  if (run->sink->progress == NULL)
    return;
  if (phase == DRIVEDASH_BENCH_PHASE_PREPARING)
    fraction = PREFILL_WEIGHT * planned_elapsed;
  else if (phase == DRIVEDASH_BENCH_PHASE_FINISHED)
    fraction = 1.0;
  else
    fraction = PREFILL_WEIGHT + (1 - PREFILL_WEIGHT) * planned_elapsed / MAX (run->total_span, 1e-9);
  /* Passes overrun their plan by a few ms: never let the bar move back. */
  fraction = CLAMP (fraction, run->last_fraction, 1.0);
  run->last_fraction = fraction;
  run->sink->progress (run->user_data, test_index, phase, fraction);
}

static gboolean
check_cancelled (Run     *run,
                 GError **error)
{
  if (!g_cancellable_is_cancelled (run->cancellable))
    return FALSE;
  g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED,
                       _("The benchmark was stopped."));
  return TRUE;
}

/* prefill() on the simulated drive: as long as the real one would take. */
static gboolean
prefill_simulated (Run     *run,
                   GError **error)
{
  const DrivedashSimLoad load = { .block_size = PREFILL_CHUNK, .depth = PREFILL_DEPTH, .sequential = TRUE };
  const guint64 size = run->file->size;
  DrivedashSimStream stream;
  guint64 done = 0, last = drivedash_bench_now_ns ();

  drivedash_sim_stream_init (&stream, &load, run->worker_seed++);
  while (done < size && !check_cancelled (run, error))
    {
      DrivedashSimStep step;
      guint64 now;

      emit_progress (run, 0, DRIVEDASH_BENCH_PHASE_PREPARING, (double) done / (double) size);
      drivedash_bench_waker_wait_until (&run->waker, g_get_monotonic_time () + 20 * G_TIME_SPAN_MILLISECOND);
      now = drivedash_bench_now_ns ();
      drivedash_sim_stream_step (&stream, (double) (now - last) / 1e9, &step);
      last = now;
      done = MIN (size, done + step.write_bytes);
    }
  run->report->bytes_written += done;
  return done >= size;
}

/* Writes the whole file once with big sequential requests, so reads
 * measure the drive rather than holes the filesystem answers from memory. */
static gboolean
prefill (Run     *run,
         GError **error)
{
  DrivedashBenchFile *file = run->file;
  struct io_uring ring;
  void *mem = NULL;
  guint64 next = 0, done = 0;
  guint inflight = 0;
  guint free_bufs[PREFILL_DEPTH], n_free = PREFILL_DEPTH;
  gint64 next_progress = 0;
  int ret, failed = 0;
  DrivedashBenchRng rng;

  if (run->file->fd < 0)
    return prefill_simulated (run, error);
  if (G_UNLIKELY (drivedash_bench_test_hooks.skip_prefill))
    return TRUE;
  ret = io_uring_queue_init (PREFILL_DEPTH, &ring, 0);
  if (ret < 0)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                   _("The system does not allow io_uring, which the benchmark needs (%s)."),
                   g_strerror (-ret));
      return FALSE;
    }
  if (posix_memalign (&mem, 4096, (gsize) PREFILL_DEPTH * PREFILL_CHUNK) != 0)
    {
      io_uring_queue_exit (&ring);
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED, _("Out of memory."));
      return FALSE;
    }
  for (guint i = 0; i < PREFILL_DEPTH; i++)
    free_bufs[i] = i;
  drivedash_bench_rng_seed (&rng, run->worker_seed++);
  drivedash_bench_fill_buffer (mem, (gsize) PREFILL_DEPTH * PREFILL_CHUNK, run->settings->data, &rng);

  emit_progress (run, 0, DRIVEDASH_BENCH_PHASE_PREPARING, 0);

  while (done < file->size && failed == 0)
    {
      struct io_uring_cqe *cqe;
      unsigned head, n_seen = 0;

      if (g_cancellable_is_cancelled (run->cancellable))
        break;

      while (n_free > 0 && next < file->size)
        {
          struct io_uring_sqe *sqe = io_uring_get_sqe (&ring);
          guint b = free_bufs[--n_free];
          char *buf = (char *) mem + (gsize) b * PREFILL_CHUNK;

          /* Generating 1 MiB of random data costs about as much as
           * writing it to a fast drive: change one word per 4 KiB instead,
           * enough that no two blocks of the file are alike. */
          if (run->settings->data == DRIVEDASH_BENCH_DATA_RANDOM)
            for (gsize off = 0; off < PREFILL_CHUNK; off += 4096)
              *(guint64 *) (gpointer) (buf + off) = drivedash_bench_rng_next (&rng);
          io_uring_prep_write (sqe, file->fd, buf, PREFILL_CHUNK, next);
          io_uring_sqe_set_data64 (sqe, b);
          next += PREFILL_CHUNK;
          inflight++;
        }

      ret = io_uring_submit_and_wait (&ring, 1);
      if (ret < 0 && ret != -EINTR)
        {
          failed = -ret;
          break;
        }

      io_uring_for_each_cqe (&ring, head, cqe)
        {
          n_seen++;
          inflight--;
          free_bufs[n_free++] = (guint) io_uring_cqe_get_data64 (cqe);
          if (cqe->res < 0)
            failed = -cqe->res;
          else if (cqe->res != PREFILL_CHUNK)
            failed = failed ? failed : ENOSPC; /* a short write: the disk filled up */
          else
            done += PREFILL_CHUNK;
        }
      io_uring_cq_advance (&ring, n_seen);

      if (g_get_monotonic_time () >= next_progress)
        {
          emit_progress (run, 0, DRIVEDASH_BENCH_PHASE_PREPARING, (double) done / (double) file->size);
          next_progress = g_get_monotonic_time () + (gint64) (run->settings->sample_interval * G_USEC_PER_SEC);
        }
    }

  /* Let what is still in flight land before the buffers go. */
  while (inflight > 0)
    {
      struct io_uring_cqe *cqe;

      if (io_uring_wait_cqe (&ring, &cqe) < 0)
        break;
      inflight--;
      io_uring_cqe_seen (&ring, cqe);
    }
  io_uring_queue_exit (&ring);
  free (mem);

  run->report->bytes_written += done;

  if (failed != 0)
    {
      g_propagate_error (error, drivedash_bench_file_error_from_errno (file, failed));
      return FALSE;
    }
  if (check_cancelled (run, error))
    return FALSE;

  /* Make the allocation and the data durable now, not during a test. */
  if (fdatasync (file->fd) != 0)
    {
      g_propagate_error (error, drivedash_bench_file_error_from_errno (file, errno));
      return FALSE;
    }
  return TRUE;
}

/* What the results can't exceed (drivedash-bench-doubts.h), read once
 * the file is ready: its unwritten share is what the reads will find. */
static void
read_bounds (Run *run)
{
  g_autoptr(DrivedashFolderInfo) folder = drivedash_folder_probe (run->report->settings->folder);

  drivedash_bench_report_read_bounds (run->report, folder);
  run->report->unwritten_bytes = drivedash_bench_file_unwritten_bytes (run->file);
}

static void
collect_window (DrivedashBenchWorker *workers,
                guint                 n_workers,
                guint64              *bytes,
                guint64              *ios,
                DrivedashHistogram   *hist)
{
  *bytes = 0;
  *ios = 0;
  drivedash_histogram_reset (hist);
  for (guint i = 0; i < n_workers; i++)
    {
      DrivedashBenchWorker *w = &workers[i];

      g_mutex_lock (&w->win_lock);
      *bytes += w->win_bytes;
      *ios += w->win_ios;
      if (w->win_ios > 0)
        {
          drivedash_histogram_merge (hist, w->win_hist);
          drivedash_histogram_reset (w->win_hist);
        }
      w->win_bytes = 0;
      w->win_ios = 0;
      g_mutex_unlock (&w->win_lock);
    }
}

/* Whether some I/O thread counted a completion in @epoch. */
static gboolean
epoch_has_io (DrivedashBenchWorker *workers,
              guint                 n_workers,
              guint                 epoch)
{
  for (guint i = 0; i < n_workers; i++)
    if (g_atomic_int_get (&workers[i].counted_epoch) == (gint) epoch)
      return TRUE;
  return FALSE;
}

/* A drive pulled out fails the requests in flight with EIO a moment
 * before the kernel removes its block device: wait for that moment (at
 * most GONE_GRACE_US, only after an EIO), so that the error says the drive
 * disappeared rather than that it failed a read or write. */
static void
settle_device (DrivedashBenchFile *file)
{
  g_autofree char *sys = NULL;
  gint64 end = g_get_monotonic_time () + GONE_GRACE_US;

  /* Filesystems without a block device (tmpfs, network) have major 0. */
  if (major (file->dev) == 0)
    return;
  sys = g_strdup_printf ("/sys/dev/block/%u:%u", major (file->dev), minor (file->dev));
  while (g_file_test (sys, G_FILE_TEST_EXISTS) && g_get_monotonic_time () < end)
    g_usleep (20 * G_TIME_SPAN_MILLISECOND);
}

/* One test: its I/O threads and the start of each of its passes. */
typedef struct
{
  const DrivedashBenchSpec *spec;
  guint                     index;
  double                    planned_base;
  DrivedashBenchShared      t;
  DrivedashBenchWorker     *workers;
  guint                     started;
  gint64                   *epoch_start;   /* [passes + 2], monotonic µs */
  DrivedashBenchDevicePass *device_at;     /* [passes + 2]: the device's counters then */
  gboolean                  device_lost;   /* a reading failed: no device figures */
  gint64                    test_start;
  guint                     epoch;
  int                       failed_errno;
} Test;

/* The start of pass @epoch (0: the warm-up; passes + 1: the end of the
 * last), on the engine's clock and on the device's counters. */
static void
mark_epoch (Run    *run,
            Test   *test,
            guint   epoch,
            gint64  now)
{
  DrivedashBenchDevicePass *at = &test->device_at[epoch];

  test->epoch_start[epoch] = now;
  if (run->device != NULL && !test->device_lost)
    test->device_lost = !drivedash_bench_device_read (run->device, &at->device, &at->disk);
}

static void
start_workers (Run  *run,
               Test *test)
{
  const DrivedashBenchSettings *st = run->settings;
  DrivedashBenchShared *t = &test->t;

  t->settings = st;
  t->spec = *test->spec;
  t->fd = run->file->fd;
  t->n_blocks = run->file->size / test->spec->block_size;
  t->passes = st->passes;
  t->waker = &run->waker;
  t->io_timeout_ns = (guint64) (st->io_timeout * 1e9);
  t->pass_bytes = st->pass_bytes;
  t->moved = g_new0 (guint64, st->passes + 2);
  t->issued = g_new0 (guint64, st->passes + 2);
  if (st->mix_read_percent >= 100)
    t->write_threshold = G_MAXUINT64;
  else
    t->write_threshold = (guint64) ((double) st->mix_read_percent / 100.0 * 18446744073709551616.0);
  test->epoch = st->warmup ? 0 : 1;
  g_atomic_int_set (&t->epoch, (gint) test->epoch);

  g_mutex_init (&t->start_lock);
  g_cond_init (&t->start_cond);
  for (guint i = 0; i < test->spec->threads; i++)
    {
      DrivedashBenchWorker *w = &test->workers[i];

      w->test = t;
      w->index = i;
      w->seed = run->worker_seed++;
      g_mutex_init (&w->win_lock);
      w->win_hist = drivedash_histogram_new ();
      w->hist = drivedash_histogram_new ();
      w->epoch_bytes = g_new0 (guint64, st->passes + 2);
      w->epoch_ios = g_new0 (guint64, st->passes + 2);
      w->counted_epoch = -1;
      w->thread = g_thread_try_new ("drivedash-io",
                                    st->simulated ? drivedash_bench_worker_sim_main : drivedash_bench_worker_main,
                                    w, NULL);
      if (w->thread == NULL)
        {
          test->failed_errno = EAGAIN;
          g_atomic_int_set (&t->stop, 1);
          break;
        }
      test->started++;
    }

  /* Start the clock when every thread has its ring and buffers ready,
   * so that setting them up does not count against the first pass. */
  g_mutex_lock (&t->start_lock);
  while (t->ready < test->started && !g_atomic_int_get (&t->stop) &&
         !g_cancellable_is_cancelled (run->cancellable))
    g_cond_wait_until (&t->start_cond, &t->start_lock, g_get_monotonic_time () + 10 * G_TIME_SPAN_MILLISECOND);
  t->go = TRUE;
  g_cond_broadcast (&t->start_cond);
  g_mutex_unlock (&t->start_lock);
  test->test_start = g_get_monotonic_time ();
  mark_epoch (run, test, test->epoch, test->test_start);
}

static void
stop_workers (Run  *run,
              Test *test)
{
  if (g_cancellable_is_cancelled (run->cancellable))
    g_atomic_int_set (&test->t.cancelled, 1);
  drivedash_bench_shared_stop (&test->t);
  for (guint i = 0; i < test->started; i++)
    g_thread_join (test->workers[i].thread);
  g_cond_clear (&test->t.start_cond);
  g_mutex_clear (&test->t.start_lock);

  for (guint i = 0; i < test->started; i++)
    {
      DrivedashBenchWorker *w = &test->workers[i];

      if (test->failed_errno == 0)
        test->failed_errno = w->error;
      run->report->bytes_read += w->total_read;
      run->report->bytes_written += w->total_written;
      run->cpu_user += w->cpu_total_user;
      run->cpu_system += w->cpu_total_system;
    }
}

static void
free_workers (Test *test)
{
  g_clear_pointer (&test->t.moved, g_free);
  g_clear_pointer (&test->t.issued, g_free);
  for (guint i = 0; i < test->spec->threads; i++)
    {
      DrivedashBenchWorker *w = &test->workers[i];

      if (w->win_hist == NULL)
        continue;
      g_mutex_clear (&w->win_lock);
      drivedash_histogram_free (w->win_hist);
      drivedash_histogram_free (w->hist);
      g_free (w->epoch_bytes);
      g_free (w->epoch_ios);
    }
}

static void
send_sample (Run                *run,
             Test               *test,
             DrivedashHistogram *window,
             gint64              now,
             gint64              prev_sample)
{
  DrivedashBenchSample sample = { 0 };
  guint64 bytes, ios;
  double window_s = (double) (now - prev_sample) / G_USEC_PER_SEC;

  collect_window (test->workers, test->started, &bytes, &ios, window);
  sample.test_index = test->index;
  sample.phase = test->epoch == 0 ? DRIVEDASH_BENCH_PHASE_WARMUP : DRIVEDASH_BENCH_PHASE_MEASURING;
  sample.pass = test->epoch;
  sample.elapsed_s = (double) (now - test->test_start) / G_USEC_PER_SEC;
  sample.run_elapsed_s = (double) (now - run->run_start) / G_USEC_PER_SEC;
  sample.window_s = window_s;
  sample.mb_per_s = window_s > 0 ? (double) bytes / window_s / 1e6 : 0;
  sample.iops = window_s > 0 ? (double) ios / window_s : 0;
  sample.latency_mean_us = drivedash_histogram_mean (window) / 1000.0;
  sample.latency_p99_us = drivedash_histogram_quantile (window, 0.99) / 1000.0;
  if (run->sink->sample)
    run->sink->sample (run->user_data, &sample);

  emit_progress (run, test->index, sample.phase,
                 test->planned_base + sample.elapsed_s);
}

/* A capped pass has moved its bytes (DrivedashBenchSettings.pass_bytes). */
static gboolean
pass_full (Test *test)
{
  gboolean full = test->t.pass_bytes > 0 &&
                  __atomic_load_n (&test->t.moved[MIN (test->epoch, test->t.passes + 1)], __ATOMIC_RELAXED) >= test->t.pass_bytes;

  if (full && G_UNLIKELY (drivedash_bench_test_hooks.late_pass_end_us > 0))
    g_usleep (drivedash_bench_test_hooks.late_pass_end_us);
  return full;
}

/* Moves the I/O threads through the warm-up and the passes, sampling
 * them, until the last pass ends, a thread fails or the run is stopped. */
static void
run_passes (Run     *run,
            Test    *test,
            GError **error)
{
  const gint64 duration = (gint64) (run->settings->pass_duration * G_USEC_PER_SEC);
  const gint64 interval = (gint64) (run->settings->sample_interval * G_USEC_PER_SEC);
  g_autoptr(DrivedashHistogram) window = drivedash_histogram_new ();
  gint64 epoch_end, next_sample, prev_sample, poll_at = 0;

  emit_progress (run, test->index,
                 test->epoch == 0 ? DRIVEDASH_BENCH_PHASE_WARMUP : DRIVEDASH_BENCH_PHASE_MEASURING,
                 test->planned_base);

  epoch_end = test->test_start + duration;
  prev_sample = test->test_start;
  next_sample = test->test_start + interval;
  while (!g_atomic_int_get (&test->t.stop))
    {
      gint64 now;

      drivedash_bench_waker_wait_until (&run->waker, MIN (next_sample, MAX (epoch_end, poll_at)));
      now = g_get_monotonic_time ();
      if (g_cancellable_is_cancelled (run->cancellable))
        break;

      if (now >= next_sample)
        {
          send_sample (run, test, window, now, prev_sample);
          prev_sample = now;
          next_sample += interval;
          if (next_sample <= now)
            next_sample = now + interval;
          if (!drivedash_bench_file_check (run->file, error))
            break;
        }

      if (now >= epoch_end || pass_full (test))
        {
          /* A pass ends once its time is up AND some I/O completed in it.
           * Under heavy load (CPU or disk) a single slow request or
           * descheduled threads can outlast a short pass; ending it then
           * would report 0 MB/s for a pass that measured nothing.  Its
           * real, longer duration goes into its MB/s instead. */
          if (!epoch_has_io (test->workers, test->started, test->epoch))
            {
              poll_at = now + OVERDUE_POLL_US;
              continue;
            }
          test->epoch++;
          drivedash_bench_shared_set_epoch (&test->t, test->epoch);
          mark_epoch (run, test, test->epoch, now);
          if (test->epoch > run->settings->passes)
            break;
          epoch_end = now + duration;
          if (test->epoch == 1)
            emit_progress (run, test->index, DRIVEDASH_BENCH_PHASE_MEASURING,
                           test->planned_base + (double) (now - test->test_start) / G_USEC_PER_SEC);
        }
    }
}

/* What went wrong in a test that ran, in words for people; FALSE if nothing. */
static gboolean
test_failed (Run     *run,
             Test    *test,
             GError **error)
{
  const double limit = run->settings->io_timeout;
  gboolean stalled = FALSE;

  for (guint i = 0; i < test->started; i++)
    stalled |= test->workers[i].stalled;
  if (stalled)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_IO,
                   g_dngettext (GETTEXT_PACKAGE,
                                "The drive stopped responding: a read or write was not done after %.3g second.",
                                "The drive stopped responding: a read or write was not done after %.3g seconds.",
                                limit == 1.0 ? 1 : 2),
                   limit);
      return TRUE;
    }
  if (test->failed_errno != 0)
    {
      if (test->failed_errno == EIO)
        settle_device (run->file);
      g_propagate_error (error, drivedash_bench_file_error_from_errno (run->file, test->failed_errno));
      return TRUE;
    }
  return check_cancelled (run, error);
}

static void
set_latency (DrivedashBenchResult     *result,
             const DrivedashHistogram *hist)
{
  result->latency_us.mean = drivedash_histogram_mean (hist) / 1000.0;
  result->latency_us.p50 = drivedash_histogram_quantile (hist, 0.50) / 1000.0;
  result->latency_us.p90 = drivedash_histogram_quantile (hist, 0.90) / 1000.0;
  result->latency_us.p99 = drivedash_histogram_quantile (hist, 0.99) / 1000.0;
  result->latency_us.p999 = drivedash_histogram_quantile (hist, 0.999) / 1000.0;
  result->latency_us.max = (double) drivedash_histogram_get_max (hist) / 1000.0;
}

/* What the device counted between the marks of each measured pass. */
static void
set_device (Run                  *run,
            Test                 *test,
            DrivedashBenchResult *result)
{
  const guint passes = run->settings->passes;
  g_autofree DrivedashBenchDevicePass *figures = NULL;

  if (run->device == NULL || test->device_lost)
    return;
  figures = g_new0 (DrivedashBenchDevicePass, passes);
  for (guint e = 1; e <= passes; e++)
    {
      DrivedashBenchDevicePass *f = &figures[e - 1];

      drivedash_bench_device_count_diff (&test->device_at[e].device, &test->device_at[e + 1].device, &f->device);
      drivedash_bench_device_count_diff (&test->device_at[e].disk, &test->device_at[e + 1].disk, &f->disk);
      for (guint i = 0; i < test->started; i++)
        f->engine_bytes += test->workers[i].epoch_bytes[e];
    }
  drivedash_bench_result_set_device (result, figures);
}

static DrivedashBenchResult *
make_result (Run     *run,
             Test    *test,
             GError **error)
{
  const guint passes = run->settings->passes;
  g_autoptr(DrivedashHistogram) hist = drivedash_histogram_new ();
  g_autoptr(DrivedashBenchResult) result = drivedash_bench_result_new (test->spec, passes);

  for (guint i = 0; i < test->started; i++)
    {
      DrivedashBenchWorker *w = &test->workers[i];

      drivedash_histogram_merge (hist, w->hist);
      result->bytes_read += w->measured_read;
      result->bytes_written += w->measured_written;
      result->cpu_user_s += w->cpu_user;
      result->cpu_system_s += w->cpu_system;
      for (guint e = 1; e <= passes; e++)
        result->ios += w->epoch_ios[e];
    }
  for (guint e = 1; e <= passes; e++)
    {
      guint64 bytes = 0;
      double secs = (double) (test->epoch_start[e + 1] - test->epoch_start[e]) / G_USEC_PER_SEC;

      for (guint i = 0; i < test->started; i++)
        bytes += test->workers[i].epoch_bytes[e];
      /* run_passes() ends no pass without a completion, so this only
       * guards against a bug: never pass off an empty pass as 0 MB/s. */
      if (bytes == 0 || secs <= 0)
        {
          g_autofree char *name = drivedash_bench_spec_to_string (test->spec);

          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                       _("No read or write finished during pass %u of “%s”."), e, name);
          return NULL;
        }
      result->pass_mb_per_s[e - 1] = (double) bytes / secs / 1e6;
    }
  result->duration_s = (double) (test->epoch_start[passes + 1] - test->epoch_start[1]) / G_USEC_PER_SEC;
  drivedash_bench_result_summarize_passes (result);
  set_device (run, test, result);
  set_latency (result, hist);
  result->includes_cache = !run->file->direct;
  if (run->report->device_limits != NULL)
    result->max_request_bytes = run->report->device_limits->max_sectors_kb * 1024;
  drivedash_bench_result_judge_doubts (result, run->report);
  return g_steal_pointer (&result);
}

static DrivedashBenchResult *
run_test (Run      *run,
          guint     test_index,
          double    planned_base,
          GError  **error)
{
  const DrivedashBenchSpec *spec = &run->tests[test_index];
  g_autofree gint64 *epoch_start = g_new0 (gint64, run->settings->passes + 2);
  g_autofree DrivedashBenchDevicePass *device_at = g_new0 (DrivedashBenchDevicePass, run->settings->passes + 2);
  g_autofree DrivedashBenchWorker *workers = g_new0 (DrivedashBenchWorker, spec->threads);
  g_autoptr(GError) local_error = NULL;
  DrivedashBenchResult *result = NULL;
  Test test = { 0 };

  test.spec = spec;
  test.index = test_index;
  test.planned_base = planned_base;
  test.workers = workers;
  test.epoch_start = epoch_start;
  test.device_at = device_at;

  start_workers (run, &test);
  run_passes (run, &test, &local_error);
  stop_workers (run, &test);

  if (local_error != NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));
  else if (!test_failed (run, &test, error))
    result = make_result (run, &test, error);

  free_workers (&test);
  return result;
}

static gboolean
pause_between (Run     *run,
               guint    test_index,
               double   planned_base,
               GError **error)
{
  gint64 start = g_get_monotonic_time ();
  gint64 end = start + (gint64) (run->settings->pause * G_USEC_PER_SEC);
  gint64 interval = (gint64) (run->settings->sample_interval * G_USEC_PER_SEC);

  for (;;)
    {
      gint64 now = g_get_monotonic_time ();

      if (check_cancelled (run, error))
        return FALSE;
      emit_progress (run, test_index, DRIVEDASH_BENCH_PHASE_PAUSING,
                     planned_base + (double) (now - start) / G_USEC_PER_SEC);
      if (now >= end)
        return TRUE;
      drivedash_bench_waker_wait_until (&run->waker, MIN (end, now + interval));
    }
}

static gboolean
check_tests (const DrivedashBenchSettings *settings,
             const DrivedashBenchSpec     *tests,
             guint                         n_tests,
             guint64                       file_size,
             GError                      **error)
{
  if (n_tests == 0)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("There is no test to run."));
      return FALSE;
    }

  for (guint i = 0; i < n_tests; i++)
    {
      const DrivedashBenchSpec *spec = &tests[i];
      g_autofree char *name = drivedash_bench_spec_to_string (spec);

      if (spec->block_size == 0 || spec->block_size % 512 != 0 ||
          spec->queue_depth == 0 || spec->threads == 0)
        {
          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                       _("“%s” is not a valid test."), name);
          return FALSE;
        }
      if (file_size / spec->block_size < spec->threads)
        {
          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                       _("The test size is too small for “%s”: each thread needs at least one block."),
                       name);
          return FALSE;
        }
      if ((guint64) spec->block_size * spec->queue_depth * spec->threads > MAX_BUFFER_MEMORY)
        {
          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                       _("“%s” would need more than 1 GiB of memory for its buffers."), name);
          return FALSE;
        }
    }
  return TRUE;
}

DrivedashBenchReport *
drivedash_bench_engine_run (const DrivedashBenchSettings  *settings,
                            const DrivedashBenchSpec      *tests,
                            guint                          n_tests,
                            GCancellable                  *cancellable,
                            const DrivedashBenchSink      *sink,
                            gpointer                       user_data,
                            GError                       **error)
{
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(GCancellable) own_cancellable = NULL;
  struct rusage ru_start, ru;
  guint64 file_size;
  gulong handler = 0;
  gboolean ok = TRUE;
  Run run = { 0 };

  if (!drivedash_bench_settings_validate (settings, error))
    return NULL;
  file_size = settings->test_size / DRIVEDASH_BENCH_FILE_GRANULE * DRIVEDASH_BENCH_FILE_GRANULE;
  if (!check_tests (settings, tests, n_tests, file_size, error))
    return NULL;

  if (cancellable == NULL)
    cancellable = own_cancellable = g_cancellable_new ();
  getrusage (RUSAGE_THREAD, &ru_start);

  report = drivedash_bench_report_new (settings);
  run.settings = report->settings;
  run.tests = tests;
  run.n_tests = n_tests;
  run.cancellable = cancellable;
  run.sink = sink;
  run.user_data = user_data;
  run.report = report;
  run.run_start = g_get_monotonic_time ();
  run.worker_seed = (guint64) g_get_real_time () ^ ((guint64) getpid () << 32);
  run.test_span = (settings->warmup ? 1 : 0) * settings->pass_duration +
                  settings->passes * settings->pass_duration;
  run.total_span = n_tests * run.test_span + (n_tests - 1) * settings->pause;
  g_mutex_init (&run.waker.lock);
  g_cond_init (&run.waker.cond);
  handler = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), &run.waker, NULL);

  run.file = settings->simulated
             ? drivedash_bench_file_new_simulated (file_size)
             : drivedash_bench_file_create (settings->folder, file_size, settings->allow_buffered, error);
  if (run.file == NULL)
    ok = FALSE;

  if (ok)
    {
      drivedash_bench_settings_set_folder (report->settings, run.file->folder);
      report->filesystem = g_strdup (run.file->fs_type);
      report->direct_io = run.file->direct;
      if (drivedash_bench_test_hooks.device_dir != NULL)
        run.device = drivedash_bench_device_new_at (drivedash_bench_test_hooks.device_dir);
      else if (run.file->fd >= 0)
        run.device = drivedash_bench_device_open (run.file->dev, run.file->folder);
      if (run.device != NULL)
        report->device_limits = drivedash_bench_device_read_limits (run.device);
      ok = prefill (&run, error);
    }
  if (ok)
    read_bounds (&run);

  for (guint i = 0; ok && i < n_tests; i++)
    {
      double base = i * (run.test_span + settings->pause);
      g_autoptr(DrivedashBenchResult) result = run_test (&run, i, base, error);

      if (result == NULL)
        {
          ok = FALSE;
          break;
        }
      drivedash_bench_report_add_result (report, result);
      if (sink->test_finished)
        sink->test_finished (user_data, i, result);
      if (i + 1 < n_tests && settings->pause > 0)
        ok = pause_between (&run, i, base + run.test_span, error);
    }

  /* Remove the file before reporting anything, whatever happened. */
  g_clear_pointer (&run.file, drivedash_bench_file_remove);
  g_clear_pointer (&run.device, drivedash_bench_device_free);
  g_cancellable_disconnect (cancellable, handler);
  g_cond_clear (&run.waker.cond);
  g_mutex_clear (&run.waker.lock);

  if (!ok)
    return NULL;

  getrusage (RUSAGE_THREAD, &ru);
  report->cpu_user_s = run.cpu_user + drivedash_bench_timeval_s (&ru.ru_utime) - drivedash_bench_timeval_s (&ru_start.ru_utime);
  report->cpu_system_s = run.cpu_system + drivedash_bench_timeval_s (&ru.ru_stime) - drivedash_bench_timeval_s (&ru_start.ru_stime);
  report->duration_s = (double) (g_get_monotonic_time () - run.run_start) / G_USEC_PER_SEC;
  emit_progress (&run, n_tests - 1, DRIVEDASH_BENCH_PHASE_FINISHED, 1.0);
  return g_steal_pointer (&report);
}
