/* drivedash-write-sampler.h — what each app wrote to each drive, measured
 * from the kernel's per-process counters
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each poll reads every process's /proc/PID/io (write_bytes less
 * cancelled_write_bytes: what it sent, or dirtied in the page cache for,
 * the drives) and adds what grew since the last poll to the process's app
 * (drivedash-app-identity.h) on the drive that holds the files it has
 * open for writing.  Limits, said where the figures are shown:
 *  - a process that starts and ends between two polls is not seen, and
 *    one that ends loses what it wrote since the last poll;
 *  - a process whose open files lie on several drives, or none any more,
 *    counts under "unknown drive";
 *  - as a user, only one's own processes can be read (root: all).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One app's writes to one drive since the sampler's first poll. */
typedef struct
{
  char    *app;        /* "org.gnome.Nautilus", "System: foo.service", "dd" */
  char    *disk;       /* "nvme0n1", "vda"; NULL: unknown drive */
  char    *drive;      /* the drive's name where known, "Samsung SSD 980 1TB" */
  char    *controller; /* its NVMe controller, "nvme0"; NULL when not NVMe */
  guint64  bytes;
  guint    processes;  /* distinct processes that wrote */
} DrivedashAppWrites;

void drivedash_app_writes_free (DrivedashAppWrites *self);

typedef struct _DrivedashWriteSampler DrivedashWriteSampler;

/* @proc_root: NULL for /proc (tests may point it elsewhere). */
DrivedashWriteSampler *drivedash_write_sampler_new   (const char            *proc_root);
void                   drivedash_write_sampler_free  (DrivedashWriteSampler *self);
/* Reads every process once.  The first poll only takes the baseline. */
void                   drivedash_write_sampler_poll  (DrivedashWriteSampler *self);
/* What each app wrote to each drive since the first poll, most first.
 * (element-type DrivedashAppWrites) */
GPtrArray             *drivedash_write_sampler_dup_totals (DrivedashWriteSampler *self);
/* The same, and starts counting again from zero (the watch's periods);
 * the processes' baselines stay. */
GPtrArray             *drivedash_write_sampler_take_totals (DrivedashWriteSampler *self);
/* Processes that ended since the first poll (what they wrote after
 * their last poll is not counted). */
guint                  drivedash_write_sampler_get_n_ended (DrivedashWriteSampler *self);
/* Processes whose counters could not be read (other users' as a user). */
guint                  drivedash_write_sampler_get_n_unreadable (DrivedashWriteSampler *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashWriteSampler, drivedash_write_sampler_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashAppWrites, drivedash_app_writes_free)

G_END_DECLS
