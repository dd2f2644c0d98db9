/* test-bench-device.c — what the block device under the test file saw:
 * the engine's figures against the device's own counters on the real
 * disk of the build tree, none on tmpfs, none (and no crash) when the
 * counters vanish mid-run, and the flag for reads a cache answered.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>

#include "drivedash-bench-device.h"
#include "drivedash-bench-engine.h"
#include "drivedash-bench-engine-private.h"
#include "drivedash-bench-file-private.h"
#include "drivedash-bench-words.h"

#define TMPFS_MAGIC 0x01021994

/* A folder of its own in @parent, removed by the caller with g_rmdir. */
static char *
make_folder (const char *parent)
{
  g_autofree char *tmpl = g_build_filename (parent, "drivedash-device-test-XXXXXX", NULL);

  g_assert_nonnull (g_mkdtemp (tmpl));
  return g_steal_pointer (&tmpl);
}

/* The build tree: on the machine's real disk, where the tests run. */
static char *
make_disk_folder (void)
{
  const char *build = g_getenv ("G_TEST_BUILDDIR");

  return make_folder (build != NULL ? build : ".");
}

static DrivedashBenchSettings *
settings_for (const char *folder)
{
  DrivedashBenchSettings *s = drivedash_bench_settings_new ();

  drivedash_bench_settings_set_folder (s, folder);
  s->test_size = 64 << 20;
  s->passes = 2;
  s->pass_duration = 0.5;
  s->pause = 0;
  s->sample_interval = 0.05;
  return s;
}

static DrivedashBenchReport *
run_tests (const DrivedashBenchSettings *settings,
           const char *const            *texts,
           const DrivedashBenchSink     *sink,
           gpointer                      user_data,
           GError                      **error)
{
  static const DrivedashBenchSink no_sink = { NULL, NULL, NULL };
  g_autoptr(GArray) specs = g_array_new (FALSE, FALSE, sizeof (DrivedashBenchSpec));

  for (guint i = 0; texts[i] != NULL; i++)
    {
      DrivedashBenchSpec spec;

      g_assert_true (drivedash_bench_spec_parse (texts[i], DRIVEDASH_BENCH_MODE_READ, &spec, NULL));
      g_array_append_val (specs, spec);
    }
  return drivedash_bench_engine_run (settings, (const DrivedashBenchSpec *) (gpointer) specs->data,
                                     specs->len, NULL, sink ? sink : &no_sink, user_data, error);
}

/* ---- parsing ------------------------------------------------------------------ */

static void
test_parse_stat (void)
{
  DrivedashBenchDeviceCount c, d, diff;

  /* Kernel 6.x: 17 fields (discards and flushes after the first 11). */
  g_assert_true (drivedash_bench_device_parse_stat (
    "   66628347  1367229 2694521898 13886356 32302968  1328913 5279028488  9262242"
    "        3  1852664 23267743   293132        5 196440544    64379   104942    54765\n", &c));
  g_assert_cmpuint (c.read_requests, ==, 66628347);
  g_assert_cmpuint (c.read_merges, ==, 1367229);
  g_assert_cmpuint (c.read_sectors, ==, 2694521898);
  g_assert_cmpuint (c.write_requests, ==, 32302968);
  g_assert_cmpuint (c.write_merges, ==, 1328913);
  g_assert_cmpuint (c.write_sectors, ==, 5279028488);
  g_assert_cmpuint (c.in_flight, ==, 3);
  g_assert_cmpuint (c.busy_ms, ==, 1852664);
  /* Kernel 4.x: 11 fields. */
  g_assert_true (drivedash_bench_device_parse_stat ("1 0 8 0 2 0 16 0 0 5 5", &d));
  g_assert_cmpuint (drivedash_bench_device_count_bytes (&d), ==, 24 * 512);
  g_assert_cmpuint (drivedash_bench_device_count_requests (&d), ==, 3);
  g_assert_cmpfloat (drivedash_bench_device_count_request_size (&d), ==, 24 * 512 / 3.0);
  g_assert_false (drivedash_bench_device_parse_stat ("1 2 3 4 5 6 7 8 9 10", &d));
  g_assert_false (drivedash_bench_device_parse_stat ("1 2 3 4 5 6 7 8 9 10 x", &d));
  g_assert_false (drivedash_bench_device_parse_stat ("", &d));

  /* A device that came back under the same name counts from 0 again. */
  drivedash_bench_device_count_diff (&c, &d, &diff);
  g_assert_cmpuint (diff.read_sectors, ==, 0);
  g_assert_cmpuint (diff.in_flight, ==, 0);
  drivedash_bench_device_count_diff (&d, &c, &diff);
  g_assert_cmpuint (diff.read_sectors, ==, 2694521898 - 8);
  g_assert_cmpuint (diff.in_flight, ==, 3);
  g_assert_cmpfloat (drivedash_bench_device_count_request_size (&(DrivedashBenchDeviceCount) { 0 }), ==, 0);
}

/* ---- judgments and words ------------------------------------------------------ */

/* One pass of a SEQ1M test in @mode: the engine moved 100 MiB, the device
 * @sectors in @requests requests, the whole disk @disk_sectors. */
static DrivedashBenchResult *
make_result (DrivedashBenchMode mode,
             guint64            sectors,
             guint64            requests,
             guint64            disk_sectors)
{
  DrivedashBenchSpec spec;
  DrivedashBenchResult *r;
  DrivedashBenchDevicePass pass = { .engine_bytes = 100 << 20 };

  g_assert_true (drivedash_bench_spec_parse ("SEQ1M Q8T1", mode, &spec, NULL));
  r = drivedash_bench_result_new (&spec, 1);
  if (mode == DRIVEDASH_BENCH_MODE_READ)
    {
      pass.device.read_sectors = sectors;
      pass.device.read_requests = requests;
    }
  else
    {
      pass.device.write_sectors = sectors;
      pass.device.write_requests = requests;
    }
  pass.disk = pass.device;
  pass.disk.read_sectors += disk_sectors - sectors;
  drivedash_bench_result_set_device (r, &pass);
  return r;
}

static void
check_words (DrivedashBenchResult *r,
             const char           *expected)
{
  g_autofree char *words = drivedash_bench_result_dup_device_words (r);

  g_assert_cmpstr (words, ==, expected);
  drivedash_bench_result_unref (r);
}

static void
test_words (void)
{
  const guint64 mib100 = 100 * 2048;  /* 100 MiB in sectors */
  DrivedashBenchResult *r;

  check_words (make_result (DRIVEDASH_BENCH_MODE_READ, mib100, 100, mib100),
               "The drive saw 1 MiB requests, as asked.");
  check_words (make_result (DRIVEDASH_BENCH_MODE_READ, mib100, 37, mib100),
               "The drive saw 2.7 MiB requests on average: Linux joined your 1 MiB requests.");
  check_words (make_result (DRIVEDASH_BENCH_MODE_WRITE, mib100, 200, mib100),
               "The drive saw 512 KiB requests on average: Linux split your 1 MiB requests.");
  /* Where the drive's own limit is the cause, it is said. */
  r = make_result (DRIVEDASH_BENCH_MODE_WRITE, mib100, 200, mib100);
  r->max_request_bytes = 512 << 10;
  check_words (r, "The drive saw 512 KiB requests on average: it takes at most 512 KiB in one request, "
                  "so Linux split your 1 MiB requests.");
  /* A limit above the request was not the cause. */
  r = make_result (DRIVEDASH_BENCH_MODE_WRITE, mib100, 200, mib100);
  r->max_request_bytes = 4 << 20;
  check_words (r, "The drive saw 512 KiB requests on average: Linux split your 1 MiB requests.");
  /* 10 % more on the disk is the filesystem's own; beyond, somebody else's. */
  check_words (make_result (DRIVEDASH_BENCH_MODE_WRITE, mib100, 100, mib100 * 11 / 10),
               "The drive saw 1 MiB requests, as asked.");
  check_words (make_result (DRIVEDASH_BENCH_MODE_WRITE, mib100, 100, mib100 * 12 / 10),
               "The drive saw 1 MiB requests, as asked. Other programs used the drive during the test.");

  /* Half of the reads from the device is still the device's doing. */
  r = make_result (DRIVEDASH_BENCH_MODE_READ, mib100 / 2, 50, mib100 / 2);
  g_assert_false (r->served_from_cache);
  drivedash_bench_result_unref (r);
  r = make_result (DRIVEDASH_BENCH_MODE_READ, mib100 / 2 - 1, 50, mib100 / 2);
  g_assert_true (r->served_from_cache);
  g_assert_true (g_str_has_prefix (r->served_from_cache_reason, "In pass 1 the drive itself read 52.4 MB of the 105 MB"));
  /* Its reason is a doubt (doubt_words), not device words; and the few
   * requests the drive saw say nothing of the test's. */
  check_words (r, NULL);
  /* Writes are held back by the cache by design: not judged. */
  r = make_result (DRIVEDASH_BENCH_MODE_WRITE, 0, 0, 0);
  g_assert_false (r->served_from_cache);
  check_words (r, NULL);

  r = drivedash_bench_result_new (&(DrivedashBenchSpec) { .block_size = 4096, .queue_depth = 1, .threads = 1 }, 1);
  check_words (r, NULL);
}

/* ---- a real disk ----------------------------------------------------------- */

static gboolean
on_real_disk (const char *folder)
{
  struct stat st;
  g_autofree char *sys = NULL;

  g_assert_cmpint (stat (folder, &st), ==, 0);
  sys = g_strdup_printf ("/sys/dev/block/%u:%u/stat", major (st.st_dev), minor (st.st_dev));
  return major (st.st_dev) != 0 && g_file_test (sys, G_FILE_TEST_EXISTS);
}

static void
check_pass (const DrivedashBenchResult     *r,
            guint                           p,
            const DrivedashBenchDevicePass *pass)
{
  g_autofree char *name = drivedash_bench_spec_dup_label (&r->spec);
  guint64 device = drivedash_bench_device_count_bytes (&pass->device);
  guint64 disk = drivedash_bench_device_count_bytes (&pass->disk);
  /* A pass's edges are where the engine turns to the next pass, while up
   * to a queue of requests is in flight: each side may count those in
   * the pass before or after.  Only beyond that can 5 % be asked for. */
  guint64 edge = (guint64) r->spec.block_size * r->spec.queue_depth * r->spec.threads;

  g_test_message ("%s pass %u: engine %" G_GUINT64_FORMAT " bytes, device %" G_GUINT64_FORMAT
                  " (disk %" G_GUINT64_FORMAT ") in %" G_GUINT64_FORMAT " requests of %.0f bytes, "
                  "%" G_GUINT64_FORMAT " merges, busy %" G_GUINT64_FORMAT " ms, %" G_GUINT64_FORMAT " in flight",
                  name, p + 1, pass->engine_bytes, device, disk,
                  drivedash_bench_device_count_requests (&pass->device),
                  drivedash_bench_device_count_request_size (&pass->device),
                  pass->device.read_merges + pass->device.write_merges,
                  pass->device.busy_ms, pass->device.in_flight);
  g_assert_cmpuint (pass->engine_bytes, >, 0);
  g_assert_cmpuint (disk, >=, device);
  g_assert_cmpfloat (drivedash_bench_device_count_request_size (&pass->device), >, 0);
  if (pass->engine_bytes < 20 * edge)
    {
      g_test_skip_printf ("%s pass %u moved only %" G_GUINT64_FORMAT " bytes: too few for 5 %%",
                          name, p + 1, pass->engine_bytes);
      return;
    }
  g_assert_cmpfloat ((double) device, >=, 0.95 * (double) pass->engine_bytes);
}

/* The label holds: a sequential test's 1 MiB requests reach the device
 * as they were made, not joined by Linux into bigger ones in one plug
 * (they were 2.7 MiB on a virtio disk when the whole queue went in at
 * once: 1.6 merges per request, whatever the load).  Submitted one by
 * one they still meet in the scheduler's queue while the disk is busy
 * with others (the tests beside this one): up to 7 of 8 in flight, so
 * fewer merges than requests always, and none on a quiet disk (0 of
 * 2,016 here).  Writes are not asked: other tests' writeback merges. */
static void
check_not_joined (const DrivedashBenchResult *r)
{
  const DrivedashBenchDeviceCount *d = &r->device_total.device;
  double requests = (double) r->device_total.engine_bytes / r->spec.block_size;

  g_test_message ("read: %.0f requests made, the device saw %" G_GUINT64_FORMAT
                  " of %.0f bytes on average, %" G_GUINT64_FORMAT " merges",
                  requests, d->read_requests,
                  drivedash_bench_device_count_request_size (d), d->read_merges);
  g_assert_cmpfloat ((double) d->read_merges, <, requests);
}

static void
test_real_disk (void)
{
  static const char *const tests[] = { "SEQ1M Q8T1 read", "SEQ1M Q8T1 write", NULL };
  g_autofree char *folder = make_disk_folder ();
  g_autoptr(DrivedashBenchSettings) s = settings_for (folder);
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(GError) error = NULL;
  const DrivedashBenchDeviceLimits *l;

  if (!on_real_disk (folder))
    {
      g_test_skip_printf ("%s is on no block device", folder);
      g_assert_cmpint (g_rmdir (folder), ==, 0);
      return;
    }
  report = run_tests (s, tests, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_rmdir (folder), ==, 0);

  l = report->device_limits;
  g_assert_nonnull (l);
  g_test_message ("device %s on disk %s: max_sectors_kb %" G_GUINT64_FORMAT ", max_hw_sectors_kb %"
                  G_GUINT64_FORMAT ", nr_requests %" G_GUINT64_FORMAT ", scheduler %s",
                  l->block_device, l->disk, l->max_sectors_kb, l->max_hw_sectors_kb,
                  l->nr_requests, l->scheduler);
  g_assert_nonnull (l->block_device);
  g_assert_nonnull (l->disk);
  g_assert_cmpuint (l->max_sectors_kb, >, 0);
  g_assert_cmpuint (l->max_hw_sectors_kb, >=, l->max_sectors_kb);
  g_assert_cmpuint (l->nr_requests, >, 0);

  g_assert_cmpuint (report->results->len, ==, 2);
  for (guint i = 0; i < report->results->len; i++)
    {
      const DrivedashBenchResult *r = g_ptr_array_index (report->results, i);
      g_autofree char *words = drivedash_bench_result_dup_device_words (r);
      guint64 engine_total = 0;

      g_assert_nonnull (r->device_passes);
      for (guint p = 0; p < r->n_passes; p++)
        {
          check_pass (r, p, &r->device_passes[p]);
          engine_total += r->device_passes[p].engine_bytes;
        }
      /* The engine's own count of the measured passes, both ways. */
      g_assert_cmpuint (engine_total, ==, r->bytes_read + r->bytes_written);
      g_assert_cmpuint (r->device_total.engine_bytes, ==, engine_total);
      g_assert_false (r->served_from_cache);
      /* A plain run of this disk: nothing to doubt. */
      g_assert_cmpint (r->doubts, ==, DRIVEDASH_BENCH_DOUBT_NONE);
      g_assert_null (r->doubt_words);
      g_assert_nonnull (words);
      g_test_message ("%s", words);
      if (r->spec.mode == DRIVEDASH_BENCH_MODE_READ)
        check_not_joined (r);
    }
}

/* ---- no block device ---------------------------------------------------------- */

static void
test_memory (void)
{
  static const char *const tests[] = { "RND4K Q1T1 read", NULL };
  g_autofree char *folder = NULL;
  g_autoptr(DrivedashBenchSettings) s = NULL;
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(GError) error = NULL;
  const DrivedashBenchResult *r;
  struct statfs sfs;

  if (statfs ("/dev/shm", &sfs) != 0 || sfs.f_type != TMPFS_MAGIC)
    {
      g_test_skip ("/dev/shm is not a tmpfs here");
      return;
    }
  folder = make_folder ("/dev/shm");
  s = settings_for (folder);
  s->test_size = 4 << 20;
  s->pass_duration = 0.1;
  s->allow_buffered = TRUE;  /* tmpfs before Linux 6.6 refuses O_DIRECT */
  report = run_tests (s, tests, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_rmdir (folder), ==, 0);

  g_assert_null (report->device_limits);
  r = g_ptr_array_index (report->results, 0);
  g_assert_null (r->device_passes);
  g_assert_false (r->served_from_cache);
  g_assert_false (r->others_used_drive);
  g_assert_null (drivedash_bench_result_dup_device_words (r));
  /* Memory's speed, not a drive's: flagged, the figure kept. */
  g_assert_true (report->in_memory);
  g_assert_cmpint (r->doubts & DRIVEDASH_BENCH_DOUBT_CACHE, !=, 0);
  g_assert_nonnull (strstr (r->doubt_words, "memory"));
  g_assert_cmpfloat (r->mb_per_s, >, 0);
}

static void
test_simulated (void)
{
  static const char *const tests[] = { "SEQ1M Q8T1 read", NULL };
  g_autoptr(DrivedashBenchSettings) s = settings_for (NULL);
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(GError) error = NULL;
  const DrivedashBenchResult *r;

  s->simulated = TRUE;
  s->pass_duration = 0.1;
  report = run_tests (s, tests, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (report->device_limits);
  r = g_ptr_array_index (report->results, 0);
  g_assert_null (r->device_passes);
  g_assert_null (drivedash_bench_result_dup_device_words (r));
}

/* ---- the device goes away ---------------------------------------------------- */

typedef struct
{
  char     *dir;
  gboolean  removed;
} Vanish;

static void
write_fixture (const char *dir)
{
  g_autofree char *queue = g_build_filename (dir, "queue", NULL);
  g_autofree char *stat = g_build_filename (dir, "stat", NULL);
  g_autofree char *inflight = g_build_filename (dir, "inflight", NULL);
  g_autofree char *scheduler = g_build_filename (queue, "scheduler", NULL);
  g_autofree char *max_sectors = g_build_filename (queue, "max_sectors_kb", NULL);

  g_assert_cmpint (g_mkdir (queue, 0700), ==, 0);
  g_assert_true (g_file_set_contents (stat, "10 0 80 0 20 0 160 0 0 7 7\n", -1, NULL));
  g_assert_true (g_file_set_contents (inflight, "       1        2\n", -1, NULL));
  g_assert_true (g_file_set_contents (scheduler, "[none] mq-deadline\n", -1, NULL));
  g_assert_true (g_file_set_contents (max_sectors, "128\n", -1, NULL));
}

static void
remove_fixture (const char *dir)
{
  static const char *const files[] = { "stat", "inflight", "queue/scheduler", "queue/max_sectors_kb", "queue" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i], NULL);

      g_remove (path);
    }
  g_rmdir (dir);
}

/* In the first measured pass, the device's files go, as its /sys folder
 * does when the drive is pulled out (the file itself stays readable). */
static void
vanish_on_sample (gpointer                    user_data,
                  const DrivedashBenchSample *sample)
{
  Vanish *v = user_data;

  if (sample->pass >= 1 && !v->removed)
    {
      remove_fixture (v->dir);
      v->removed = TRUE;
    }
}

static void
test_vanished (void)
{
  static const char *const tests[] = { "RND4K Q1T1 read", NULL };
  static const DrivedashBenchSink sink = { vanish_on_sample, NULL, NULL };
  g_autofree char *folder = make_disk_folder ();
  g_autofree char *fixture = make_folder (folder);
  g_autoptr(DrivedashBenchSettings) s = settings_for (folder);
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(GError) error = NULL;
  const DrivedashBenchResult *r;
  Vanish v = { .dir = fixture };

  write_fixture (fixture);
  s->test_size = 4 << 20;
  s->pass_duration = 0.3;
  drivedash_bench_test_hooks.device_dir = fixture;
  report = run_tests (s, tests, &sink, &v, &error);
  drivedash_bench_test_hooks.device_dir = NULL;
  g_assert_no_error (error);
  g_assert_true (v.removed);

  /* Read once at the start: the fixture's. */
  g_assert_nonnull (report->device_limits);
  g_assert_cmpuint (report->device_limits->max_sectors_kb, ==, 128);
  g_assert_cmpuint (report->device_limits->max_hw_sectors_kb, ==, 0);
  g_assert_cmpstr (report->device_limits->scheduler, ==, "none");
  /* No figures rather than half of them. */
  r = g_ptr_array_index (report->results, 0);
  g_assert_null (r->device_passes);
  g_assert_cmpfloat (r->mb_per_s, >, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

/* ---- a cache answered ----------------------------------------------------------- */

static void
test_served_from_cache (void)
{
  static const char *const tests[] = { "SEQ1M Q8T1 read", "SEQ1M Q8T1 write", NULL };
  g_autofree char *folder = make_disk_folder ();
  g_autoptr(DrivedashBenchSettings) s = settings_for (folder);
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(GError) error = NULL;
  const DrivedashBenchResult *read, *write;
  g_autofree char *words = NULL;

  if (!on_real_disk (folder))
    {
      g_test_skip_printf ("%s is on no block device", folder);
      g_assert_cmpint (g_rmdir (folder), ==, 0);
      return;
    }
  /* Buffered, a small file: the pre-fill leaves all of it in the page
   * cache, and every read of the test is answered from there. */
  s->test_size = 8 << 20;
  s->allow_buffered = TRUE;
  drivedash_bench_file_set_refuse_direct_for_testing (TRUE);
  report = run_tests (s, tests, NULL, NULL, &error);
  drivedash_bench_file_set_refuse_direct_for_testing (FALSE);
  g_assert_no_error (error);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_false (report->direct_io);

  read = g_ptr_array_index (report->results, 0);
  write = g_ptr_array_index (report->results, 1);
  g_assert_nonnull (read->device_passes);
  g_test_message ("read: engine %" G_GUINT64_FORMAT " bytes, device read %" G_GUINT64_FORMAT,
                  read->device_total.engine_bytes, read->device_total.device.read_sectors * 512);
  g_assert_true (read->includes_cache);
  g_assert_true (read->served_from_cache);
  g_assert_nonnull (read->served_from_cache_reason);
  /* The requests the drive saw were not the test's: no words on them. */
  words = drivedash_bench_result_dup_device_words (read);
  g_assert_true (words == NULL || strstr (words, "requests") == NULL);
  /* Writes are not judged this way: the cache holds them back, by design. */
  g_assert_false (write->served_from_cache);
  g_assert_null (write->served_from_cache_reason);
  /* Both went through the page cache: flagged, the read with the
   * device's own figures as its reason. */
  g_assert_cmpint (read->doubts, ==, DRIVEDASH_BENCH_DOUBT_CACHE);
  g_assert_nonnull (strstr (read->doubt_words, read->served_from_cache_reason));
  g_assert_cmpint (write->doubts, ==, DRIVEDASH_BENCH_DOUBT_CACHE);
  g_assert_nonnull (write->doubt_words);
}

/* ---- results that can't be true --------------------------------------------------- */

/* One short read and write test in a folder on the disk, with the hooks
 * the caller set; NULL where the folder is on no block device. */
static DrivedashBenchReport *
run_planted (void)
{
  static const char *const tests[] = { "SEQ1M Q8T1 read", "SEQ1M Q8T1 write", NULL };
  g_autofree char *folder = make_disk_folder ();
  g_autoptr(DrivedashBenchSettings) s = settings_for (folder);
  g_autoptr(GError) error = NULL;
  DrivedashBenchReport *report;

  s->test_size = 16 << 20;
  s->passes = 1;
  s->pass_duration = 0.2;
  report = run_tests (s, tests, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_cmpuint (report->results->len, ==, 2);
  return report;
}

static const DrivedashBenchResult *
result_at (const DrivedashBenchReport *report,
           guint                       i)
{
  const DrivedashBenchResult *r = g_ptr_array_index (report->results, i);

  g_test_message ("%s: %.0f MB/s, doubts 0x%x: %s", drivedash_bench_mode_to_string (r->spec.mode),
                  r->mb_per_s, r->doubts, r->doubt_words ? r->doubt_words : "(none)");
  return r;
}

/* A link of 0.01 GT/s × 1 carries 1 MB/s: any disk is faster. */
static void
test_above_link (void)
{
  g_autoptr(DrivedashBenchReport) report = NULL;

  drivedash_bench_test_hooks.link_gt_per_s = 0.01;
  drivedash_bench_test_hooks.link_width = 1;
  report = run_planted ();
  drivedash_bench_test_hooks.link_gt_per_s = 0;
  drivedash_bench_test_hooks.link_width = 0;
  for (guint i = 0; i < 2; i++)
    {
      const DrivedashBenchResult *r = result_at (report, i);

      g_assert_cmpint (r->doubts, ==, DRIVEDASH_BENCH_DOUBT_ABOVE_LINK);
      g_assert_nonnull (strstr (r->doubt_words, "connection"));
      g_assert_cmpfloat (r->mb_per_s, >, 1);
    }
}

/* A drive rated 1 MB/s both ways: any result is far above it. */
static void
test_above_rating (void)
{
  g_autoptr(DrivedashBenchReport) report = NULL;

  drivedash_bench_test_hooks.rated_mb_per_s = 1;
  report = run_planted ();
  drivedash_bench_test_hooks.rated_mb_per_s = 0;
  g_assert_cmpuint (report->rated_read_mb_per_s, ==, 1);
  for (guint i = 0; i < 2; i++)
    {
      const DrivedashBenchResult *r = result_at (report, i);

      g_assert_cmpint (r->doubts, ==, DRIVEDASH_BENCH_DOUBT_ABOVE_RATING);
      g_assert_nonnull (strstr (r->doubt_words, "15 %"));
    }
}

/* The file as allocated (unwritten extents) or, without fallocate, as a
 * sparse file (holes): a read of it is flagged, the write is not. */
static void
test_unwritten (gconstpointer data)
{
  gboolean sparse = GPOINTER_TO_INT (data);
  g_autoptr(DrivedashBenchReport) report = NULL;
  const DrivedashBenchResult *read, *write;

  drivedash_bench_test_hooks.skip_prefill = TRUE;
  drivedash_bench_file_set_preallocate_for_testing (!sparse);
  report = run_planted ();
  drivedash_bench_file_set_preallocate_for_testing (TRUE);
  drivedash_bench_test_hooks.skip_prefill = FALSE;
  g_test_message ("unwritten: %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " bytes",
                  report->unwritten_bytes, report->settings->test_size);
  g_assert_cmpuint (report->unwritten_bytes, ==, report->settings->test_size);
  read = result_at (report, 0);
  write = result_at (report, 1);
  g_assert_cmpint (read->doubts, ==, DRIVEDASH_BENCH_DOUBT_UNWRITTEN);
  g_assert_nonnull (strstr (read->doubt_words, "never written"));
  g_assert_cmpint (write->doubts, ==, DRIVEDASH_BENCH_DOUBT_NONE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/bench/device/parse-stat", test_parse_stat);
  g_test_add_func ("/bench/device/words", test_words);
  g_test_add_func ("/bench/device/real-disk", test_real_disk);
  g_test_add_func ("/bench/device/memory", test_memory);
  g_test_add_func ("/bench/device/simulated", test_simulated);
  g_test_add_func ("/bench/device/vanished", test_vanished);
  g_test_add_func ("/bench/device/served-from-cache", test_served_from_cache);
  g_test_add_func ("/bench/doubts/above-link", test_above_link);
  g_test_add_func ("/bench/doubts/above-rating", test_above_rating);
  g_test_add_data_func ("/bench/doubts/unwritten/allocated", GINT_TO_POINTER (FALSE), test_unwritten);
  g_test_add_data_func ("/bench/doubts/unwritten/sparse", GINT_TO_POINTER (TRUE), test_unwritten);
  return g_test_run ();
}
