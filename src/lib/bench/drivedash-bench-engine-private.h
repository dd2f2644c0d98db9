/* drivedash-bench-engine-private.h — test hooks of the benchmark engine
 *
 * Only tests set these, before a run and never during one; all zero
 * (the default) turns them off.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  /* I/O thread 0 swaps its request number @stall_request (counted from 1)
   * for a read from @stall_fd, the read end of a pipe nobody writes to: a
   * real request that never completes, as on a drive that hangs. */
  guint64   stall_request;
  int       stall_fd;
  /* Called by every I/O thread each time it is about to wait for
   * completions, with the number of its requests then in flight;
   * @running: the test still runs (not draining at its end). */
  void    (*before_wait) (guint    thread_index,
                          guint    inflight,
                          guint    queue_depth,
                          gboolean running,
                          gpointer user_data);
  gpointer  user_data;
  /* io_uring setup flags that drivedash_bench_ring_init() takes as
   * refused (-EINVAL, as from a kernel older than 6.1), and whether the
   * I/O threads skip registering their buffers and file (as when
   * RLIMIT_MEMLOCK is too low): the fallbacks, run on a kernel that has
   * no need of them. */
  unsigned  refuse_ring_flags;
  gboolean  no_registration;
  /* The I/O threads' tick goes in with flags no kernel knows, so that the
   * kernel refuses it (-EINVAL) and the waits carry their own timeout. */
  gboolean  refuse_tick;
  /* The block device's counters come from this folder (stat, inflight,
   * queue/…: a fixture tree, used for the device and its disk alike)
   * instead of /sys, so that a test can take them away mid-run. */
  const char *device_dir;
  /* The coordinator sleeps this long (µs) before it ends a capped pass
   * that is full, as when a loaded machine runs it late. */
  gulong    late_pass_end_us;
  /* Stand-ins for the drive's PCIe link and its maker's rating (both
   * ways) in drivedash_bench_report_read_bounds(); 0: the real ones. */
  double    link_gt_per_s;
  guint     link_width;
  guint     rated_mb_per_s;
  /* The test file is left as allocated, never written. */
  gboolean  skip_prefill;
} DrivedashBenchTestHooks;

extern DrivedashBenchTestHooks drivedash_bench_test_hooks;

G_END_DECLS
