/* test-bench-engine.c — the engine's I/O threads through its test hooks:
 * they keep the queue at the depth asked for, and a request that never
 * completes (a hung drive) ends the run with a plain error instead of
 * stretching it forever; on a kernel without the ring setups and the
 * registrations it prefers, the fallbacks measure the same.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-bench-engine.h"
#include "drivedash-bench-engine-private.h"
#include "drivedash-bench-worker.h"
#include "drivedash-error.h"

static char *
make_folder (void)
{
  g_autofree char *tmpl = g_build_filename (g_get_tmp_dir (), "drivedash-engine-test-XXXXXX", NULL);

  g_assert_nonnull (g_mkdtemp (tmpl));
  return g_steal_pointer (&tmpl);
}

static guint
count_files (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static DrivedashBenchSettings *
settings_for (const char *folder)
{
  DrivedashBenchSettings *s = drivedash_bench_settings_new ();

  drivedash_bench_settings_set_folder (s, folder);
  s->test_size = 8 << 20;
  s->passes = 2;
  s->pass_duration = 0.3;
  s->pause = 0;
  s->sample_interval = 0.05;
  return s;
}

static DrivedashBenchReport *
run_engine (const DrivedashBenchSettings *settings,
            const char                   *text,
            GError                      **error)
{
  static const DrivedashBenchSink sink = { NULL, NULL, NULL };
  DrivedashBenchSpec spec;

  g_assert_true (drivedash_bench_spec_parse (text, DRIVEDASH_BENCH_MODE_READ, &spec, NULL));
  return drivedash_bench_engine_run (settings, &spec, 1, NULL, &sink, NULL, error);
}

/* ---- queue depth ----------------------------------------------------------- */

typedef struct
{
  GMutex lock;
  guint  waits;        /* while the test ran */
  guint  short_waits;  /* ... with fewer requests in flight than asked for */
  guint  min_inflight;
  guint  drain_waits;
} Depth;

static void
record_depth (guint    thread_index,
              guint    inflight,
              guint    queue_depth,
              gboolean running,
              gpointer user_data)
{
  Depth *d = user_data;

  g_mutex_lock (&d->lock);
  if (running)
    {
      d->waits++;
      d->short_waits += inflight < queue_depth;
      d->min_inflight = MIN (d->min_inflight, inflight);
    }
  else
    d->drain_waits++;
  g_mutex_unlock (&d->lock);
}

/* fio keeps its queue full by resubmitting each completion before it
 * waits again; so must we: never wait with part of the queue empty. */
static void
check_depth (const char *text,
             guint       queue_depth)
{
  g_autofree char *folder = make_folder ();
  g_autoptr(DrivedashBenchSettings) s = settings_for (folder);
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(GError) error = NULL;
  Depth d = { .min_inflight = G_MAXUINT };

  g_mutex_init (&d.lock);
  drivedash_bench_test_hooks.before_wait = record_depth;
  drivedash_bench_test_hooks.user_data = &d;
  report = run_engine (s, text, &error);
  drivedash_bench_test_hooks.before_wait = NULL;
  drivedash_bench_test_hooks.user_data = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (report);
  g_test_message ("%s: %u waits while running, %u with part of the queue empty (min %u in flight), %u while draining",
                  text, d.waits, d.short_waits, d.min_inflight, d.drain_waits);
  g_assert_cmpuint (d.waits, >, 0);
  g_assert_cmpuint (d.short_waits, ==, 0);
  g_assert_cmpuint (d.min_inflight, ==, queue_depth);
  g_mutex_clear (&d.lock);
  g_assert_cmpuint (count_files (folder), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

static void
test_queue_depth (void)
{
  check_depth ("RND4K Q32T1 read", 32);
  check_depth ("RND4K Q8T2 write", 8);
  check_depth ("SEQ128K Q4T1 read", 4);
}

/* ---- older kernels ------------------------------------------------------------ */

#define RING_MODES (IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_COOP_TASKRUN)

static unsigned
ring_modes_refusing (unsigned refuse)
{
  struct io_uring ring;
  unsigned modes;

  drivedash_bench_test_hooks.refuse_ring_flags = refuse;
  g_assert_cmpint (drivedash_bench_ring_init (&ring, 8), ==, 0);
  drivedash_bench_test_hooks.refuse_ring_flags = 0;
  modes = ring.flags & RING_MODES;
  io_uring_queue_exit (&ring);
  return modes;
}

/* Each step down the list of ring setups, as a kernel older than 6.1
 * (-EINVAL for the newer flags) makes the engine take it. */
static void
test_ring_fallback (void)
{
  static const struct
  {
    unsigned refused;
    unsigned expected;
  } steps[] = {
    { IORING_SETUP_DEFER_TASKRUN, IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_COOP_TASKRUN },
    { IORING_SETUP_SINGLE_ISSUER, IORING_SETUP_COOP_TASKRUN },
    { IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_COOP_TASKRUN, 0 },
  };

  if (ring_modes_refusing (0) != (IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN))
    {
      g_test_skip ("this kernel has no deferred task running (Linux < 6.1)");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    g_assert_cmphex (ring_modes_refusing (steps[i].refused), ==, steps[i].expected);
}

/* A plain ring without registered buffers or file (the prep calls that
 * take a pointer and an fd) moves every byte it reports. */
static void
check_plain (const char *text,
             gboolean    write)
{
  g_autofree char *folder = make_folder ();
  g_autoptr(DrivedashBenchSettings) s = settings_for (folder);
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(GError) error = NULL;
  DrivedashBenchResult *r;
  guint64 moved;

  drivedash_bench_test_hooks.refuse_ring_flags = RING_MODES;
  drivedash_bench_test_hooks.no_registration = TRUE;
  report = run_engine (s, text, &error);
  drivedash_bench_test_hooks.refuse_ring_flags = 0;
  drivedash_bench_test_hooks.no_registration = FALSE;

  g_assert_no_error (error);
  g_assert_cmpuint (report->results->len, ==, 1);
  r = g_ptr_array_index (report->results, 0);
  moved = write ? r->bytes_written : r->bytes_read;
  g_assert_cmpuint (r->ios, >, 0);
  g_assert_cmpuint (moved, ==, r->ios * r->spec.block_size);
  g_assert_cmpuint (write ? r->bytes_read : r->bytes_written, ==, 0);
  g_assert_cmpuint (count_files (folder), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

static void
test_plain_ring (void)
{
  check_plain ("RND4K Q8T2 read", FALSE);
  check_plain ("SEQ128K Q4T1 write", TRUE);
}

/* ---- a hung drive ------------------------------------------------------------ */

/* Runs RND4K Q4T2 read on @folder with thread 0's request 100 swapped for
 * a read that never completes, and checks that the run ends after its
 * half-second io_timeout with "the drive stopped responding". */
static void
assert_hung_read_ends (DrivedashBenchSettings *s)
{
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(GError) error = NULL;
  int pipe_fds[2];

  g_assert_cmpint (pipe (pipe_fds), ==, 0);
  s->passes = 1;
  s->pass_duration = 60;
  s->io_timeout = 0.5;
  drivedash_bench_test_hooks.stall_fd = pipe_fds[0];
  drivedash_bench_test_hooks.stall_request = 100;
  report = run_engine (s, "RND4K Q4T2 read", &error);
  drivedash_bench_test_hooks.stall_request = 0;

  g_assert_null (report);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_IO);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "stopped responding"));
  close (pipe_fds[0]);
  close (pipe_fds[1]);
}

/* One read that never completes: before the per-I/O timeout the pass (of
 * a minute here) and then the drain at its end waited for it forever, so
 * this test hung until meson's timeout.  Now the run ends after
 * io_timeout with "the drive stopped responding" and no file left. */
static void
test_hung_request (void)
{
  g_autofree char *folder = make_folder ();
  g_autoptr(DrivedashBenchSettings) s = settings_for (folder);

  assert_hung_read_ends (s);
  g_assert_cmpuint (count_files (folder), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

/* Where the kernel refuses the tick, every wait carries its own timeout:
 * the hung request still ends the run, and a run that hangs nowhere still
 * measures. */
static void
test_hung_without_tick (void)
{
  g_autofree char *folder = make_folder ();
  g_autoptr(DrivedashBenchSettings) s = settings_for (folder);
  g_autoptr(DrivedashBenchReport) fine = NULL;
  g_autoptr(GError) error = NULL;
  DrivedashBenchResult *r;

  drivedash_bench_test_hooks.refuse_tick = TRUE;
  assert_hung_read_ends (s);

  s->pass_duration = 0.2;
  fine = run_engine (s, "RND4K Q4T2 read", &error);
  drivedash_bench_test_hooks.refuse_tick = FALSE;
  g_assert_no_error (error);
  r = g_ptr_array_index (fine->results, 0);
  g_assert_cmpuint (r->ios, >, 0);
  g_assert_cmpuint (r->bytes_read, ==, r->ios * r->spec.block_size);
  g_assert_cmpuint (count_files (folder), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

/* The same limit applies to the warm-up and to a whole preset's worth of
 * threads: the other threads' requests complete, thread 0's never does. */
static void
test_hung_in_warmup (void)
{
  g_autofree char *folder = make_folder ();
  g_autoptr(DrivedashBenchSettings) s = settings_for (folder);
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(GError) error = NULL;
  int pipe_fds[2];

  g_assert_cmpint (pipe (pipe_fds), ==, 0);
  s->pass_duration = 60;
  s->io_timeout = 0.3;
  drivedash_bench_test_hooks.stall_fd = pipe_fds[0];
  drivedash_bench_test_hooks.stall_request = 1;
  report = run_engine (s, "SEQ1M Q2T4 write", &error);
  drivedash_bench_test_hooks.stall_request = 0;

  g_assert_null (report);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_IO);
  g_assert_cmpuint (count_files (folder), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  close (pipe_fds[0]);
  close (pipe_fds[1]);
}

static void
cancel_on_measuring (gpointer                    user_data,
                     const DrivedashBenchSample *sample)
{
  if (sample->phase == DRIVEDASH_BENCH_PHASE_MEASURING)
    g_cancellable_cancel (user_data);
}

/* Stop while a request hangs: before, the I/O thread waited for that
 * request (here for the hour of io_timeout) before Stop took effect, and
 * this test hung until meson's timeout.  Now Stop gives what is in flight
 * a moment and then leaves it to the kernel. */
static void
test_stop_while_hung (void)
{
  const DrivedashBenchSink sink = { cancel_on_measuring, NULL, NULL };
  g_autofree char *folder = make_folder ();
  g_autoptr(DrivedashBenchSettings) s = settings_for (folder);
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  DrivedashBenchSpec spec;
  int pipe_fds[2];

  g_assert_cmpint (pipe (pipe_fds), ==, 0);
  g_assert_true (drivedash_bench_spec_parse ("RND4K Q4T1 read", DRIVEDASH_BENCH_MODE_READ, &spec, NULL));
  s->warmup = FALSE;
  s->pass_duration = 3600;
  s->io_timeout = 3600;
  drivedash_bench_test_hooks.stall_fd = pipe_fds[0];
  drivedash_bench_test_hooks.stall_request = 10;
  report = drivedash_bench_engine_run (s, &spec, 1, cancellable, &sink, cancellable, &error);
  drivedash_bench_test_hooks.stall_request = 0;

  g_assert_null (report);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED);
  g_assert_cmpuint (count_files (folder), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  close (pipe_fds[0]);
  close (pipe_fds[1]);
}

static void
test_timeout_setting (void)
{
  g_autoptr(DrivedashBenchSettings) s = drivedash_bench_settings_new ();
  g_autoptr(GError) error = NULL;

  g_assert_cmpfloat (s->io_timeout, ==, 30.0);
  g_assert_true (drivedash_bench_settings_validate (s, NULL));
  s->io_timeout = 0;
  g_assert_false (drivedash_bench_settings_validate (s, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bench/engine/queue-depth", test_queue_depth);
  g_test_add_func ("/bench/engine/hung-request", test_hung_request);
  g_test_add_func ("/bench/engine/hung-in-warmup", test_hung_in_warmup);
  g_test_add_func ("/bench/engine/hung-without-tick", test_hung_without_tick);
  g_test_add_func ("/bench/engine/stop-while-hung", test_stop_while_hung);
  g_test_add_func ("/bench/engine/timeout-setting", test_timeout_setting);
  g_test_add_func ("/bench/engine/ring-fallback", test_ring_fallback);
  g_test_add_func ("/bench/engine/plain-ring", test_plain_ring);

  return g_test_run ();
}
