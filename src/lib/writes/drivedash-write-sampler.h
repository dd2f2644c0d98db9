/* drivedash-write-sampler.h — what each app wrote to each drive, measured
 * from the kernel's per-process counters
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two sources, each app's figures marked with the one that counted them:
 *  - cgroup: where a process lies in a cgroup with an I/O counter that
 *    names one app (drivedash-cgroup-io.h: cgroup v2's io.stat where the
 *    io controller is on, v1's blkio counters), what the counter grew by
 *    on each disk since the last poll.  It keeps what exited processes
 *    wrote, so short-lived helpers of an app count in full; a cgroup made
 *    and removed between two polls is not seen, and one removed loses
 *    what it wrote since the last poll.
 *  - process: every other process's /proc/PID/io (write_bytes less
 *    cancelled_write_bytes: what it sent, or dirtied in the page cache
 *    for, the drives), what grew since the last poll, to the process's
 *    app (drivedash-app-identity.h) on the drive that holds the files it
 *    has open for writing.  A process that starts and ends between two
 *    polls counts under the parent that reaps it (below); one seen with
 *    no such file, and what children that ended unseen left in a parent
 *    that has none, count on the drive the parent's children wrote to
 *    last (a shell's short writers); one whose open files lie on several
 *    drives, or none known, counts under "unknown drive".
 * The /proc source never counts a process whose cgroup counts it.  When
 * a parent waits for an ended child, the kernel adds the child's whole
 * counters to the parent's /proc/PID/io: each poll takes what it saw an
 * ended process write back from the growth of its parent (or, where
 * that ended too, of the nearest living ancestor whose growth can hold
 * it: a subreaper, init), and gives the rest of that growth to the
 * child's app and drive where the parent was never seen writing to a
 * drive itself (dropped where the child's cgroup counted it).  Still
 * approximate: a child reaped while a poll reads (after it was read,
 * before its parent was read again) can count twice or take from its
 * parent's own writes; a child the kernel reaps itself (SIGCHLD
 * ignored) takes its parent's writes of that poll; a child started and
 * reaped between two polls counts under its parent, and again when its
 * cgroup counted it and the parent lies outside that cgroup (measured
 * 0.6-1.0 again for 30 short writers; /proc alone 0.77-1.0 of them).
 * As a user, only one's own processes can be read (root: all); the cgroup
 * counters are readable by all.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_WRITE_SOURCE_PROCESS,  /* /proc/PID/io */
  DRIVEDASH_WRITE_SOURCE_CGROUP,   /* the app's cgroup's I/O counter */
} DrivedashWriteSource;

/* One app's writes to one drive since the sampler's first poll. */
typedef struct
{
  char    *app;        /* "org.gnome.Nautilus", "System: foo.service", "dd" */
  char    *disk;       /* "nvme0n1", "vda"; NULL: unknown drive */
  char    *drive;      /* the drive's name where known, "Samsung SSD 980 1TB" */
  char    *controller; /* its NVMe controller, "nvme0"; NULL when not NVMe */
  guint64  bytes;
  guint    processes;  /* distinct processes that wrote; for a cgroup,
                        * the most found in it at one poll */
  DrivedashWriteSource source;
} DrivedashAppWrites;

void                drivedash_app_writes_free    (DrivedashAppWrites       *self);
/* A copy of @self, its strings too. */
DrivedashAppWrites *drivedash_app_writes_copy    (const DrivedashAppWrites *self);
/* For g_ptr_array_sort(): most bytes first, then by app and disk. */
gint                drivedash_app_writes_compare (gconstpointer             a,
                                                  gconstpointer             b);
/* Copies of @table's values (DrivedashAppWrites), sorted as above.
 * (element-type DrivedashAppWrites) */
GPtrArray          *drivedash_app_writes_dup_sorted (GHashTable            *table);

typedef struct _DrivedashWriteSampler DrivedashWriteSampler;

/* @proc_root: NULL for /proc (tests may point it elsewhere). */
DrivedashWriteSampler *drivedash_write_sampler_new   (const char            *proc_root);
void                   drivedash_write_sampler_free  (DrivedashWriteSampler *self);
/* FALSE: count every process from /proc, even where a cgroup counts it
 * (to compare the sources); before the first poll. */
void                   drivedash_write_sampler_set_cgroups (DrivedashWriteSampler *self,
                                                            gboolean               use);
/* Where device numbers are looked up as drives (dev/block, class/block):
 * NULL for /sys, or a fixture tree in the tests, which then name the
 * real disks' numbers as drives of their own (the counters stay this
 * system's); before the first poll. */
void                   drivedash_write_sampler_set_sysfs_root (DrivedashWriteSampler *self,
                                                               const char            *sysfs_root);
/* "io.stat", "blkio", or NULL when no cgroup counters are read. */
const char            *drivedash_write_sampler_get_cgroup_kind (DrivedashWriteSampler *self);
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
