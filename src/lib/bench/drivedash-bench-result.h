/* drivedash-bench-result.h — results of one test and of a whole run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "drivedash-bench-device.h"
#include "drivedash-bench-settings.h"
#include "drivedash-bench-spec.h"

G_BEGIN_DECLS

/* Latency in microseconds over every I/O of the measured passes. */
typedef struct
{
  double mean;
  double p50;
  double p90;
  double p99;
  double p999;
  double max;
} DrivedashBenchLatency;

/* Why a result can't be the drive's true speed (drivedash-bench-doubts.h). */
typedef enum /*< flags >*/
{
  DRIVEDASH_BENCH_DOUBT_NONE         = 0,
  DRIVEDASH_BENCH_DOUBT_ABOVE_LINK   = 1 << 0,  /* more than its PCIe link carries */
  DRIVEDASH_BENCH_DOUBT_ABOVE_RATING = 1 << 1,  /* > 15 % above the maker's rating */
  DRIVEDASH_BENCH_DOUBT_CACHE        = 1 << 2,  /* a cache answered (device bytes, or buffered I/O) */
  DRIVEDASH_BENCH_DOUBT_UNWRITTEN    = 1 << 3,  /* a read of a file not all written */
} DrivedashBenchDoubts;

/* One finished test. Reference-counted and immutable once delivered. */
typedef struct
{
  /*< private >*/
  gint                  ref_count;
  /*< public >*/
  DrivedashBenchSpec    spec;
  double                mb_per_s;         /* best pass, 10^6 bytes/s (CrystalDiskMark) */
  double                iops;             /* of the best pass */
  double                mb_per_s_median;  /* median pass */
  double                mb_per_s_min;
  double                mb_per_s_max;     /* == mb_per_s */
  double                iops_median;
  DrivedashBenchLatency latency_us;
  guint                 n_passes;
  double               *pass_mb_per_s;    /* n_passes values, in run order */
  guint64               ios;              /* I/Os completed in the measured passes */
  guint64               bytes_read;       /* measured passes only */
  guint64               bytes_written;    /* measured passes only */
  double                duration_s;       /* wall time of the measured passes */
  double                cpu_user_s;       /* I/O threads' CPU time in the measured passes */
  double                cpu_system_s;
  gboolean              includes_cache;   /* buffered I/O: the page cache took part */
  /* What the block device under the file counted (drivedash-bench-device.h),
   * every user of it included; device_passes is NULL when there is none
   * to ask (tmpfs, the demo) or it could not be read to the end. */
  DrivedashBenchDevicePass *device_passes;  /* n_passes, in run order */
  DrivedashBenchDevicePass  device_total;   /* the measured passes together */
  gboolean              others_used_drive;  /* the disk moved > 10 % more bytes than the test */
  guint64               max_request_bytes;  /* the disk's largest request (max_sectors_kb);
                                               0: unknown */
  gboolean              served_from_cache;  /* in a read pass the device read < 50 % of what
                                               the test read: a cache answered the rest */
  char                 *served_from_cache_reason;  /* for people; NULL unless served_from_cache */
  DrivedashBenchDoubts  doubts;           /* why the figure can't be the drive's, if so */
  char                 *doubt_words;      /* the reasons for people; NULL without doubts */
  char                 *kept_device_words;  /* a result read back from History, whose
                                               device figures were not kept: what the drive
                                               saw, in the words it was said in then */
} DrivedashBenchResult;

#define DRIVEDASH_TYPE_BENCH_RESULT (drivedash_bench_result_get_type ())

GType                 drivedash_bench_result_get_type (void) G_GNUC_CONST;
DrivedashBenchResult *drivedash_bench_result_new      (const DrivedashBenchSpec *spec,
                                                       guint                     n_passes);
DrivedashBenchResult *drivedash_bench_result_ref      (DrivedashBenchResult     *self);
void                  drivedash_bench_result_unref    (DrivedashBenchResult     *self);
/* Fills best/median/min/max from pass_mb_per_s (used by the engine). */
void                  drivedash_bench_result_summarize_passes (DrivedashBenchResult *self);
/* Takes the device's figures for the n_passes passes (used by the engine):
 * sets device_passes, device_total and the judgments on them. */
void                  drivedash_bench_result_set_device (DrivedashBenchResult           *self,
                                                         const DrivedashBenchDevicePass *passes);

/* A whole run: settings, results in run order, totals. */
typedef struct
{
  /*< private >*/
  gint                    ref_count;
  /*< public >*/
  DrivedashBenchSettings *settings;
  GPtrArray              *results;         /* of DrivedashBenchResult */
  char                   *filesystem;      /* e.g. "ext4", may be NULL */
  gboolean                direct_io;       /* FALSE: buffered fallback was used */
  DrivedashBenchDeviceLimits *device_limits;  /* the disk's queue; NULL: no block device */
  /* What a result can't exceed (drivedash-bench-doubts.h): 0 = unknown. */
  double                  link_gt_per_s;   /* the drive's PCIe link as it runs */
  guint                   link_width;
  guint                   rated_read_mb_per_s;
  guint                   rated_write_mb_per_s;
  guint64                 unwritten_bytes; /* of the test file, before the first test */
  gboolean                in_memory;       /* the folder is in memory (tmpfs): no drive at all */
  /* Everything the run did to the drive, including the pre-fill and the
   * warm-up passes: what the drive's own counters should have grown by. */
  guint64                 bytes_read;
  guint64                 bytes_written;
  double                  cpu_user_s;      /* the whole run, all threads */
  double                  cpu_system_s;
  gint64                  started_at;      /* g_get_real_time () */
  double                  duration_s;
} DrivedashBenchReport;

#define DRIVEDASH_TYPE_BENCH_REPORT (drivedash_bench_report_get_type ())

GType                 drivedash_bench_report_get_type   (void) G_GNUC_CONST;
DrivedashBenchReport *drivedash_bench_report_new        (const DrivedashBenchSettings *settings);
DrivedashBenchReport *drivedash_bench_report_ref        (DrivedashBenchReport *self);
void                  drivedash_bench_report_unref      (DrivedashBenchReport *self);
void                  drivedash_bench_report_add_result (DrivedashBenchReport *self,
                                                         DrivedashBenchResult *result);

/* CrystalDiskMark-like text table ("Copy as text" and the CLI):
 *   [Read]
 *     SEQ    1MiB (Q=  8, T= 1):  3477.123 MB/s [   3316.0 IOPS] <  2410.50 us>  median 3470.200 (3401.000–3477.123)
 * Works on partial reports too. */
char                 *drivedash_bench_report_format_text (const DrivedashBenchReport *self);

/* The JSON document of `drivedash-cli bench --json`: top-level bytes_read,
 * bytes_written, settings{…}, results[{test, mode, mb_per_s, iops,
 * latency_us{mean,p50,p90,p99,p999,max}, passes[], bytes_read,
 * bytes_written, …, device{passes[{engine_bytes, block_device{…},
 * disk{…}}], total{…}, others_used_drive, served_from_cache,
 * served_from_cache_reason}}], device_limits{block_device, disk,
 * max_sectors_kb, max_hw_sectors_kb, nr_requests, scheduler} (both absent
 * without a block device; each {…} of counts has read_requests,
 * write_requests, read_merges, write_merges, read_bytes, write_bytes,
 * average_request_bytes, busy_ms, in_flight).  settings.folder is the
 * folder's display name (valid UTF-8, for people); settings.folder_uri,
 * when there is a folder, is its file:// URI, which gives the exact bytes
 * back (g_filename_from_uri). */
JsonNode             *drivedash_bench_report_to_json     (const DrivedashBenchReport *self);
char                 *drivedash_bench_report_to_json_string (const DrivedashBenchReport *self,
                                                             gboolean                    pretty);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashBenchResult, drivedash_bench_result_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashBenchReport, drivedash_bench_report_unref)

G_END_DECLS
