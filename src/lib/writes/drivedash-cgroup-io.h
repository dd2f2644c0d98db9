/* drivedash-cgroup-io.h — what each cgroup wrote to each device, from the
 * io controller's counters
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A cgroup's I/O counters keep what its exited processes wrote, so an
 * app's short-lived helpers count in full, which /proc/PID/io cannot do
 * (the kernel adds an exited child's counters to no one's).  Two sources:
 *  - cgroup v2: io.stat's wbytes=, in cgroups where the parent's
 *    cgroup.subtree_control has io (a process's io cgroup is the nearest
 *    one up from its "0::" path with an io.stat; it counts its
 *    descendants without one);
 *  - cgroup v1: blkio.throttle.io_service_bytes' "MAJ:MIN Write N", in
 *    the process's blkio cgroup.  Newer kernels keep these only on disks
 *    where blk-throttle has been set up (a limit set once, anywhere); the
 *    root cgroup's own file then lists the disk, so only disks it lists
 *    count as covered.
 * Both count what reached the device (page-cache writeback included where
 * the kernel charges it to the cgroup: v2 with the memory controller, or
 * a process's own fsync; v1 charges background writeback to the root).
 * Only cgroups whose path names one app (drivedash-app-identity.h: an app
 * scope or service, a system service) are used, never the root.
 * Limits: a cgroup is known once a poll finds a process in it; one that
 * is made and removed between two polls is not seen, and one that goes
 * loses what it wrote since its last poll (it is then forgotten).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One device's line of a counter file. */
typedef struct
{
  guint   major;
  guint   minor;
  guint64 written;
} DrivedashCgroupIoLine;

/* io.stat's text (v2) → DrivedashCgroupIoLine per device with wbytes=;
 * lines that do not parse are left out. */
GArray *drivedash_cgroup_io_parse_v2 (const char *contents);
/* blkio.throttle.io_service_bytes' text (v1) → one per "MAJ:MIN Write N". */
GArray *drivedash_cgroup_io_parse_v1 (const char *contents);

typedef struct _DrivedashCgroupIo DrivedashCgroupIo;

/* @mounts: the text of /proc/self/mounts, NULL to read it. */
DrivedashCgroupIo *drivedash_cgroup_io_new  (const char        *mounts);
void               drivedash_cgroup_io_free (DrivedashCgroupIo *self);
/* "io.stat", "blkio" or NULL: which counters this system has. */
const char        *drivedash_cgroup_io_get_kind (DrivedashCgroupIo *self);

/* The cgroup whose counter counts a process, from its /proc/PID/cgroup
 * @contents, NULL when none does; the cgroup is read at each poll from
 * now on.  The key is owned by @self and stays valid while the cgroup
 * does (drivedash_cgroup_io_lookup() says whether it still does). */
const char *drivedash_cgroup_io_track  (DrivedashCgroupIo *self,
                                        const char        *contents);
/* The app the cgroup @key counts for; NULL when no longer tracked. */
const char *drivedash_cgroup_io_lookup (DrivedashCgroupIo *self,
                                        const char        *key);
/* Whether @key's counter counts writes to the disk @major:@minor. */
gboolean    drivedash_cgroup_io_covers (DrivedashCgroupIo *self,
                                        const char        *key,
                                        guint              major,
                                        guint              minor);

typedef void (*DrivedashCgroupIoFunc) (const char *key,
                                       const char *app,
                                       guint       major,
                                       guint       minor,
                                       guint64     delta,
                                       gpointer    user_data);

/* Reads each tracked counter once and calls @func for each device it
 * grew on since the last read.  A cgroup read for the first time counts
 * from zero when @whole_if_new (it appeared since the last poll, with
 * its processes), else from now.  Cgroups that are gone are dropped. */
void drivedash_cgroup_io_read (DrivedashCgroupIo     *self,
                               gboolean               whole_if_new,
                               DrivedashCgroupIoFunc  func,
                               gpointer               user_data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashCgroupIo, drivedash_cgroup_io_free)

G_END_DECLS
