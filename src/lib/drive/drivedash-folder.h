/* drivedash-folder.h — what lies behind a folder: its filesystem, whether
 * it lives in memory, and the drive that holds it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* The demo's simulated drive (lib/bench/drivedash-sim-drive.h) as the
 * history, the reports and the folder rows name it.  Its folder is a
 * name, never made: drivedash_folder_probe() describes the simulated drive
 * for it, and only runs with their `simulated` setting run there. */
#define DRIVEDASH_SIM_DRIVE_FOLDER    "/simulated-drive"
#define DRIVEDASH_SIM_DRIVE_MODEL     "Demo NVMe SSD 1TB (simulated)"
#define DRIVEDASH_SIM_DRIVE_SERIAL    "DEMO0000000000000001"
#define DRIVEDASH_SIM_DRIVE_FIRMWARE  "3B2QGXA7"
#define DRIVEDASH_SIM_DRIVE_CAPACITY  G_GUINT64_CONSTANT (1000204886016)
/* What its folder has free: long tests size their fills from it. */
#define DRIVEDASH_SIM_DRIVE_FREE      G_GUINT64_CONSTANT (640000000000)

/* A plain value: copy it with drivedash_folder_info_copy(). */
typedef struct
{
  char     *folder;        /* as given (NULL given = the home folder) */
  char     *fs_type;       /* "ext4", "tmpfs", "fuse.portal", …; NULL when unknown */
  gboolean  is_directory;  /* FALSE: missing or not a folder (nothing else is set) */
  gboolean  in_memory;     /* tmpfs or ramfs, or an overlay that writes to one */
  char     *block_device;  /* "nvme0n1p2"; NULL when no block device is behind it */
  char     *disk;          /* the whole disk under partitions and mappers: "nvme0n1" */
  char     *controller;    /* NVMe controller "nvme0"; NULL when not NVMe */
  char     *drive_name;    /* "Samsung SSD 970 EVO Plus 1TB"; NULL when unknown */
  gboolean  virtual_disk;  /* a virtual machine's disk (virtio) */
} DrivedashFolderInfo;

#define DRIVEDASH_TYPE_FOLDER_INFO (drivedash_folder_info_get_type ())

GType                drivedash_folder_info_get_type (void) G_GNUC_CONST;
DrivedashFolderInfo *drivedash_folder_info_copy     (const DrivedashFolderInfo *self);
void                 drivedash_folder_info_free     (DrivedashFolderInfo       *self);

/* Looks at @folder (NULL = home) through the real /sys.  Never fails: a
 * folder that cannot be looked at comes back with is_directory FALSE,
 * and the benchmark's own checks give the message for that. */
DrivedashFolderInfo *drivedash_folder_probe         (const char                *folder);

/* The drive behind the block device @major:@minor (a partition, a
 * device-mapper or md device with one drive below, or a disk) as
 * @sysfs_root describes it (NULL: the real /sys): disk, controller and
 * drive_name set as far as found; NULL when it has no such device. */
DrivedashFolderInfo *drivedash_folder_probe_device  (const char                *sysfs_root,
                                                     guint                      major,
                                                     guint                      minor);
/* The NVMe controller ("nvme0") holding @folder's filesystem, as
 * drivedash_folder_probe() finds its drive: through partitions,
 * device-mapper and md (LVM, LUKS) with one drive below, btrfs
 * subvolumes and overlays; NULL when @folder is NULL or not on one NVMe
 * drive.  @sysfs_root NULL: the real /sys (and the mount table); else
 * that tree's dev/block for the folder's device number. */
char                *drivedash_controller_for_folder (const char          *sysfs_root,
                                                      const char          *folder);

/* The home folder when it is on a drive, else NULL: the folder to offer
 * instead of one in memory. */
char                *drivedash_folder_suggest       (void);

/* "on Samsung SSD 970 EVO Plus 1TB", "in the computer’s memory", "on a
 * virtual disk (vda)", "on nvme0n1" (last resort), "on no drive that
 * could be found" — translated, for the folder row and the CLI. */
char                *drivedash_folder_info_dup_drive_text (const DrivedashFolderInfo *self);

/* The same drive as a name alone, for a stored run: "Samsung SSD 970
 * EVO Plus 1TB", "Virtual disk (vda)", "sda"; NULL in memory or when no
 * drive was found. */
char                *drivedash_folder_info_dup_drive_name (const DrivedashFolderInfo *self);

/* FALSE with DRIVEDASH_ERROR_IN_MEMORY when a benchmark there would
 * measure the computer's memory, not a drive; the message says so in
 * plain words and suggests the home folder when that is on a drive. */
gboolean             drivedash_folder_info_check_measurable (const DrivedashFolderInfo *self,
                                                             GError                   **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashFolderInfo, drivedash_folder_info_free)

G_END_DECLS
