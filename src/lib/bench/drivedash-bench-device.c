/* drivedash-bench-device.c — what the block device under the test file
 * saw, from its own counters in /sys
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/sysmacros.h>

#include "drivedash-bench-device.h"
#include "drivedash-folder.h"
#include "drivedash-sysfs.h"

#define SECTOR 512
#define STAT_FIELDS 11  /* up to time_in_queue; discard and flush fields follow */

struct _DrivedashBenchDevice
{
  char *block_device;
  char *disk;
  char *device_dir;  /* /sys/class/block/<block_device> */
  char *disk_dir;
};

G_DEFINE_BOXED_TYPE (DrivedashBenchDeviceLimits, drivedash_bench_device_limits,
                     drivedash_bench_device_limits_copy, drivedash_bench_device_limits_free)

guint64
drivedash_bench_device_count_bytes (const DrivedashBenchDeviceCount *count)
{
  return (count->read_sectors + count->write_sectors) * SECTOR;
}

guint64
drivedash_bench_device_count_requests (const DrivedashBenchDeviceCount *count)
{
  return count->read_requests + count->write_requests;
}

double
drivedash_bench_device_count_request_size (const DrivedashBenchDeviceCount *count)
{
  guint64 n = drivedash_bench_device_count_requests (count);

  return n > 0 ? (double) drivedash_bench_device_count_bytes (count) / (double) n : 0;
}

DrivedashBenchDeviceLimits *
drivedash_bench_device_limits_copy (const DrivedashBenchDeviceLimits *self)
{
  DrivedashBenchDeviceLimits *copy = g_memdup2 (self, sizeof *self);

  copy->block_device = g_strdup (self->block_device);
  copy->disk = g_strdup (self->disk);
  copy->scheduler = g_strdup (self->scheduler);
  return copy;
}

void
drivedash_bench_device_limits_free (DrivedashBenchDeviceLimits *self)
{
  if (self == NULL)
    return;
  g_free (self->block_device);
  g_free (self->disk);
  g_free (self->scheduler);
  g_free (self);
}

/* ---- finding the device ---------------------------------------------------- */

/* Btrfs and overlays have device numbers of major 0 that /sys does not
 * know: the folder's mount leads to the device then.  tmpfs leads nowhere. */
static DrivedashFolderInfo *
probe (dev_t       dev,
       const char *folder)
{
  DrivedashFolderInfo *info;

  if (major (dev) != 0)
    return drivedash_folder_probe_device (NULL, major (dev), minor (dev));
  if (folder == NULL)
    return NULL;
  info = drivedash_folder_probe (folder);
  if (info->in_memory || info->block_device == NULL || info->disk == NULL)
    g_clear_pointer (&info, drivedash_folder_info_free);
  return info;
}

static DrivedashBenchDevice *
device_new (const char *block_device,
            const char *disk,
            const char *device_dir,
            const char *disk_dir)
{
  DrivedashBenchDevice *self = g_new0 (DrivedashBenchDevice, 1);
  DrivedashBenchDeviceCount device, whole;

  self->block_device = g_strdup (block_device);
  self->disk = g_strdup (disk);
  self->device_dir = g_strdup (device_dir);
  self->disk_dir = g_strdup (disk_dir);
  /* A device without statistics (some virtual ones) has nothing to give. */
  if (!drivedash_bench_device_read (self, &device, &whole))
    g_clear_pointer (&self, drivedash_bench_device_free);
  return self;
}

DrivedashBenchDevice *
drivedash_bench_device_open (dev_t       dev,
                             const char *folder)
{
  g_autoptr(DrivedashFolderInfo) info = probe (dev, folder);
  g_autofree char *device_dir = NULL;
  g_autofree char *disk_dir = NULL;

  if (info == NULL || info->block_device == NULL || info->disk == NULL)
    return NULL;
  device_dir = g_build_filename ("/sys/class/block", info->block_device, NULL);
  disk_dir = g_build_filename ("/sys/class/block", info->disk, NULL);
  return device_new (info->block_device, info->disk, device_dir, disk_dir);
}

DrivedashBenchDevice *
drivedash_bench_device_new_at (const char *dir)
{
  g_autofree char *name = g_path_get_basename (dir);

  return device_new (name, name, dir, dir);
}

void
drivedash_bench_device_free (DrivedashBenchDevice *self)
{
  if (self == NULL)
    return;
  g_free (self->block_device);
  g_free (self->disk);
  g_free (self->device_dir);
  g_free (self->disk_dir);
  g_free (self);
}

/* ---- reading ------------------------------------------------------------------ */

gboolean
drivedash_bench_device_parse_stat (const char                *text,
                                   DrivedashBenchDeviceCount *out)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t\n", -1);
  guint64 v[STAT_FIELDS];
  guint n = 0;

  for (guint i = 0; words[i] != NULL && n < STAT_FIELDS; i++)
    {
      if (*words[i] == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (words[i], 10, 0, G_MAXUINT64, &v[n], NULL))
        return FALSE;
      n++;
    }
  if (n < STAT_FIELDS)
    return FALSE;
  *out = (DrivedashBenchDeviceCount) {
    .read_requests = v[0], .read_merges = v[1], .read_sectors = v[2],
    .write_requests = v[4], .write_merges = v[5], .write_sectors = v[6],
    .in_flight = v[8], .busy_ms = v[9],
  };
  return TRUE;
}

static gboolean
read_one (const char                *dir,
          DrivedashBenchDeviceCount *out)
{
  g_autofree char *stat_path = g_build_filename (dir, "stat", NULL);
  g_autofree char *inflight_path = g_build_filename (dir, "inflight", NULL);
  g_autofree char *stat = drivedash_sysfs_read_string (stat_path, NULL);
  g_autofree char *inflight = NULL;
  guint64 reads, writes;

  if (stat == NULL || !drivedash_bench_device_parse_stat (stat, out))
    return FALSE;
  /* "reads writes": the same count as stat's, split; older kernels
   * without the file keep stat's. */
  inflight = drivedash_sysfs_read_string (inflight_path, NULL);
  if (inflight != NULL && sscanf (inflight, "%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT, &reads, &writes) == 2)
    out->in_flight = reads + writes;
  return TRUE;
}

gboolean
drivedash_bench_device_read (DrivedashBenchDevice      *self,
                             DrivedashBenchDeviceCount *device,
                             DrivedashBenchDeviceCount *disk)
{
  if (!read_one (self->device_dir, device))
    return FALSE;
  if (strcmp (self->device_dir, self->disk_dir) == 0)
    {
      *disk = *device;
      return TRUE;
    }
  return read_one (self->disk_dir, disk);
}

static guint64
read_queue_number (const char *queue,
                   const char *name)
{
  g_autofree char *path = g_build_filename (queue, name, NULL);
  guint64 value = 0;

  return drivedash_sysfs_read_uint64 (path, &value, NULL) ? value : 0;
}

/* "none [mq-deadline] kyber" → "mq-deadline"; a lone "none" is itself. */
static char *
current_scheduler (const char *queue)
{
  g_autofree char *path = g_build_filename (queue, "scheduler", NULL);
  g_autofree char *text = drivedash_sysfs_read_string (path, NULL);
  const char *open, *close;

  if (text == NULL || *text == '\0')
    return NULL;
  open = strchr (text, '[');
  close = open ? strchr (open, ']') : NULL;
  if (open == NULL || close == NULL)
    return strchr (text, ' ') ? NULL : g_steal_pointer (&text);
  return g_strndup (open + 1, close - open - 1);
}

DrivedashBenchDeviceLimits *
drivedash_bench_device_read_limits (DrivedashBenchDevice *self)
{
  DrivedashBenchDeviceLimits *limits = g_new0 (DrivedashBenchDeviceLimits, 1);
  /* Partitions have no queue of their own: the disk's is theirs. */
  g_autofree char *queue = g_build_filename (self->disk_dir, "queue", NULL);

  limits->block_device = g_strdup (self->block_device);
  limits->disk = g_strdup (self->disk);
  limits->max_sectors_kb = read_queue_number (queue, "max_sectors_kb");
  limits->max_hw_sectors_kb = read_queue_number (queue, "max_hw_sectors_kb");
  limits->nr_requests = read_queue_number (queue, "nr_requests");
  limits->scheduler = current_scheduler (queue);
  return limits;
}

/* Counters only grow, but a device that went and came back under the
 * same name starts again from 0: then there is no difference to give. */
static guint64
grown (guint64 before,
       guint64 after)
{
  return after >= before ? after - before : 0;
}

void
drivedash_bench_device_count_diff (const DrivedashBenchDeviceCount *before,
                                   const DrivedashBenchDeviceCount *after,
                                   DrivedashBenchDeviceCount       *out)
{
  *out = (DrivedashBenchDeviceCount) {
    .read_requests = grown (before->read_requests, after->read_requests),
    .read_merges = grown (before->read_merges, after->read_merges),
    .read_sectors = grown (before->read_sectors, after->read_sectors),
    .write_requests = grown (before->write_requests, after->write_requests),
    .write_merges = grown (before->write_merges, after->write_merges),
    .write_sectors = grown (before->write_sectors, after->write_sectors),
    .busy_ms = grown (before->busy_ms, after->busy_ms),
    .in_flight = after->in_flight,
  };
}

void
drivedash_bench_device_count_add (DrivedashBenchDeviceCount       *sum,
                                  const DrivedashBenchDeviceCount *count)
{
  sum->read_requests += count->read_requests;
  sum->read_merges += count->read_merges;
  sum->read_sectors += count->read_sectors;
  sum->write_requests += count->write_requests;
  sum->write_merges += count->write_merges;
  sum->write_sectors += count->write_sectors;
  sum->busy_ms += count->busy_ms;
  sum->in_flight = count->in_flight;
}
