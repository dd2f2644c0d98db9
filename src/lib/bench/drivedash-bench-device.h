/* drivedash-bench-device.h — what the block device under the test file
 * saw: its own counters (/sys/dev/block/MAJ:MIN/stat and inflight) before
 * and after each pass, and its queue's limits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include <sys/types.h>

G_BEGIN_DECLS

/* One block device's counters, or what they grew by over a span.  They
 * count every user of the device, not only the benchmark. */
typedef struct
{
  guint64 read_requests;   /* completed */
  guint64 read_merges;     /* requests joined into others before they went out */
  guint64 read_sectors;    /* 512 bytes each, whatever the device's sector size */
  guint64 write_requests;
  guint64 write_merges;
  guint64 write_sectors;
  guint64 busy_ms;         /* time with at least one request in flight (io_ticks) */
  guint64 in_flight;       /* requests in flight: at the end of a span */
} DrivedashBenchDeviceCount;

/* One measured pass (or all of a test's together) from both ends. */
typedef struct
{
  DrivedashBenchDeviceCount device;        /* the partition or device holding the file */
  DrivedashBenchDeviceCount disk;          /* its whole disk (the same when no partition) */
  guint64                   engine_bytes;  /* what the benchmark read and wrote in the span */
} DrivedashBenchDevicePass;

/* The whole disk's queue, read once per run.  0 / NULL: not found. */
typedef struct
{
  char    *block_device;       /* "nvme0n1p2", "vda" */
  char    *disk;               /* "nvme0n1", "vda" */
  guint64  max_sectors_kb;     /* the largest request the kernel makes */
  guint64  max_hw_sectors_kb;  /* the largest the device takes (NVMe: MDTS) */
  guint64  nr_requests;        /* requests the queue holds */
  char    *scheduler;          /* the one in use: "none", "mq-deadline", … */
} DrivedashBenchDeviceLimits;

guint64 drivedash_bench_device_count_bytes    (const DrivedashBenchDeviceCount *count);
guint64 drivedash_bench_device_count_requests (const DrivedashBenchDeviceCount *count);
/* Bytes per completed request; 0 when there was none. */
double  drivedash_bench_device_count_request_size (const DrivedashBenchDeviceCount *count);

#define DRIVEDASH_TYPE_BENCH_DEVICE_LIMITS (drivedash_bench_device_limits_get_type ())

GType                       drivedash_bench_device_limits_get_type (void) G_GNUC_CONST;
DrivedashBenchDeviceLimits *drivedash_bench_device_limits_copy (const DrivedashBenchDeviceLimits *self);
void                        drivedash_bench_device_limits_free (DrivedashBenchDeviceLimits       *self);

/* ---- for the engine ------------------------------------------------------- */

typedef struct _DrivedashBenchDevice DrivedashBenchDevice;

/* The block device holding a file on the filesystem @dev of @folder, and
 * its whole disk, through partitions, device-mapper and md with one drive
 * below, and (for btrfs, whose numbers are anonymous) the mount table.
 * NULL when no block device is behind it (tmpfs, a network filesystem). */
DrivedashBenchDevice       *drivedash_bench_device_open   (dev_t                      dev,
                                                           const char                *folder);
/* The counters under @dir (stat, inflight, queue/) for the device and its
 * disk alike, named after @dir: for the engine's test hook. */
DrivedashBenchDevice       *drivedash_bench_device_new_at (const char                *dir);
void                        drivedash_bench_device_free   (DrivedashBenchDevice      *self);
/* The counters now, cumulative since boot; FALSE when the device is gone
 * or its files cannot be read. */
gboolean                    drivedash_bench_device_read   (DrivedashBenchDevice      *self,
                                                           DrivedashBenchDeviceCount *device,
                                                           DrivedashBenchDeviceCount *disk);
DrivedashBenchDeviceLimits *drivedash_bench_device_read_limits (DrivedashBenchDevice *self);
/* @after - @before; in_flight is @after's. */
void                        drivedash_bench_device_count_diff (const DrivedashBenchDeviceCount *before,
                                                               const DrivedashBenchDeviceCount *after,
                                                               DrivedashBenchDeviceCount       *out);
void                        drivedash_bench_device_count_add  (DrivedashBenchDeviceCount       *sum,
                                                               const DrivedashBenchDeviceCount *count);

/* Exposed for the tests: parses a stat line into @out (in_flight from
 * its ninth field); FALSE when it has fewer than 11 numbers. */
gboolean                    drivedash_bench_device_parse_stat (const char                *text,
                                                               DrivedashBenchDeviceCount *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashBenchDevice, drivedash_bench_device_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashBenchDeviceLimits, drivedash_bench_device_limits_free)

G_END_DECLS
