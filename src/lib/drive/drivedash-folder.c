/* drivedash-folder.c — what lies behind a folder
 *
 * A benchmark on tmpfs measures memory, and this kernel accepts O_DIRECT
 * there, so the engine's "includes cache" flag never fires: the filesystem
 * type has to be looked at.  The drive behind a folder is found the way
 * the kernel links it: the folder's device number in /sys/dev/block, up
 * from a partition to its disk, down through device-mapper or md to the
 * one disk below, then the disk's "device" link to its controller.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gunixmounts.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>

#include "drivedash-error.h"
#include "drivedash-folder.h"
#include "drivedash-folder-private.h"
#include "drivedash-sysfs.h"

#define TMPFS_MAGIC     0x01021994
#define RAMFS_MAGIC     0x858458f6
#define OVERLAYFS_MAGIC 0x794c7630

/* Overlays over overlays, mappers over mappers: never loop for ever. */
#define MAX_DEPTH 8

G_DEFINE_BOXED_TYPE (DrivedashFolderInfo, drivedash_folder_info,
                     drivedash_folder_info_copy, drivedash_folder_info_free)

DrivedashFolderInfo *
drivedash_folder_info_copy (const DrivedashFolderInfo *self)
{
  DrivedashFolderInfo *copy = g_new0 (DrivedashFolderInfo, 1);

  *copy = *self;
  copy->folder = g_strdup (self->folder);
  copy->fs_type = g_strdup (self->fs_type);
  copy->block_device = g_strdup (self->block_device);
  copy->disk = g_strdup (self->disk);
  copy->controller = g_strdup (self->controller);
  copy->drive_name = g_strdup (self->drive_name);
  return copy;
}

void
drivedash_folder_info_free (DrivedashFolderInfo *self)
{
  if (self == NULL)
    return;
  g_free (self->folder);
  g_free (self->fs_type);
  g_free (self->block_device);
  g_free (self->disk);
  g_free (self->controller);
  g_free (self->drive_name);
  g_free (self);
}

gboolean
drivedash_folder_fs_magic_in_memory (gint64 f_type)
{
  return f_type == TMPFS_MAGIC || f_type == RAMFS_MAGIC;
}

static char *
read_attr (const char *dir,
           const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *s = drivedash_sysfs_read_string (path, NULL);

  if (s != NULL && *s == '\0')
    g_clear_pointer (&s, g_free);
  return s;
}

static char *
resolve (const char *path)
{
  return realpath (path, NULL);
}

/* Device-mapper and md devices list what they are built on in slaves/;
 * only a single disk below gives a single drive to name. */
static char *
single_slave (const char *sysfs_root,
              const char *disk_dir)
{
  g_autofree char *slaves = g_build_filename (disk_dir, "slaves", NULL);
  g_autoptr(GDir) dir = g_dir_open (slaves, 0, NULL);
  const char *first, *entry;
  g_autofree char *link = NULL;

  if (dir == NULL || (first = g_dir_read_name (dir)) == NULL)
    return NULL;
  link = g_build_filename (sysfs_root, "class", "block", first, NULL);
  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *other = g_build_filename (sysfs_root, "class", "block", entry, NULL);
      g_autofree char *a = resolve (link), *b = resolve (other);
      g_autofree char *da = a ? g_path_get_dirname (a) : NULL;
      g_autofree char *db = b ? g_path_get_dirname (b) : NULL;

      /* Two partitions of the same disk are still one drive. */
      if (g_strcmp0 (da, db) != 0)
        return NULL;
    }
  return resolve (link);
}

/* "nvme0" for a controller directory; for a multipath subsystem
 * (nvme-subsysN) its first controller.  NULL when @dir is neither. */
static char *
nvme_controller_of (const char *dir)
{
  g_autofree char *base = g_path_get_basename (dir);
  g_autoptr(GDir) sub = NULL;
  const char *entry;
  unsigned n;
  int end = 0;

  if (sscanf (base, "nvme%u%n", &n, &end) == 1 && base[end] == '\0')
    return g_steal_pointer (&base);
  if (!g_str_has_prefix (base, "nvme-subsys") || (sub = g_dir_open (dir, 0, NULL)) == NULL)
    return NULL;
  while ((entry = g_dir_read_name (sub)) != NULL)
    if (sscanf (entry, "nvme%u%n", &n, &end) == 1 && entry[end] == '\0')
      return g_strdup (entry);
  return NULL;
}

/* The model, the way each bus spells it: NVMe and SCSI/ATA have "model"
 * (ATA drives say "ATA" as the vendor, which says nothing); virtio has
 * neither, only its driver. */
static void
name_drive (DrivedashFolderInfo *info,
            const char          *disk_dir)
{
  g_autofree char *link = g_build_filename (disk_dir, "device", NULL);
  g_autofree char *dev = resolve (link);
  g_autofree char *model = NULL, *vendor = NULL, *driver = NULL, *driver_link = NULL;

  if (dev == NULL)
    return;
  model = read_attr (dev, "model");
  vendor = read_attr (dev, "vendor");
  if (g_str_has_prefix (info->disk, "nvme"))
    info->controller = nvme_controller_of (dev);

  if (model != NULL && vendor != NULL && !g_str_has_prefix (vendor, "0x") &&
      g_ascii_strcasecmp (vendor, "ATA") != 0 &&
      g_ascii_strncasecmp (model, vendor, strlen (vendor)) != 0)
    info->drive_name = g_strdup_printf ("%s %s", vendor, model);
  else if (model != NULL)
    info->drive_name = g_steal_pointer (&model);

  driver_link = g_build_filename (dev, "driver", NULL);
  driver = resolve (driver_link);
  if (driver != NULL)
    {
      g_autofree char *name = g_path_get_basename (driver);

      info->virtual_disk = g_str_equal (name, "virtio_blk");
    }
}

gboolean
drivedash_folder_info_resolve_device (DrivedashFolderInfo *info,
                                      const char          *sysfs_root,
                                      guint                major,
                                      guint                minor)
{
  g_autofree char *num = g_strdup_printf ("%u:%u", major, minor);
  g_autofree char *link = g_build_filename (sysfs_root, "dev", "block", num, NULL);
  g_autofree char *dir = resolve (link);
  g_autofree char *partition = NULL;

  if (dir == NULL)
    return FALSE;
  g_clear_pointer (&info->block_device, g_free);
  info->block_device = g_path_get_basename (dir);

  for (guint depth = 0; depth < MAX_DEPTH; depth++)
    {
      char *below;

      g_free (partition);
      partition = g_build_filename (dir, "partition", NULL);
      if (g_file_test (partition, G_FILE_TEST_EXISTS))
        {
          char *disk_dir = g_path_get_dirname (dir);

          g_free (dir);
          dir = disk_dir;
        }
      below = single_slave (sysfs_root, dir);
      if (below == NULL)
        break;
      g_free (dir);
      dir = below;
    }

  g_clear_pointer (&info->disk, g_free);
  info->disk = g_path_get_basename (dir);
  name_drive (info, dir);
  return TRUE;
}

/* "upperdir=/x" from an overlay's mount options: where its writes go. */
static char *
overlay_upper_dir (GUnixMountEntry *mount)
{
  const char *options = g_unix_mount_get_options (mount);
  g_auto(GStrv) parts = options ? g_strsplit (options, ",", -1) : NULL;

  for (guint i = 0; parts != NULL && parts[i] != NULL; i++)
    if (g_str_has_prefix (parts[i], "upperdir="))
      return g_strdup (parts[i] + strlen ("upperdir="));
  return NULL;
}

static void probe_into (DrivedashFolderInfo *info,
                        const char          *path,
                        guint                depth);

/* Btrfs gives every subvolume an anonymous device number: then the
 * mounted device's own number leads to the drive. */
static void
resolve_from_mount (DrivedashFolderInfo *info,
                    GUnixMountEntry     *mount,
                    guint                depth)
{
  const char *device = g_unix_mount_get_device_path (mount);
  struct stat st;

  if (g_strcmp0 (g_unix_mount_get_fs_type (mount), "overlay") == 0)
    {
      g_autofree char *upper = overlay_upper_dir (mount);

      if (upper != NULL)
        probe_into (info, upper, depth + 1);
      return;
    }
  if (device != NULL && g_str_has_prefix (device, "/dev/") &&
      stat (device, &st) == 0 && S_ISBLK (st.st_mode))
    drivedash_folder_info_resolve_device (info, "/sys", major (st.st_rdev), minor (st.st_rdev));
}

static void
probe_into (DrivedashFolderInfo *info,
            const char          *path,
            guint                depth)
{
  g_autoptr(GUnixMountEntry) mount = NULL;
  struct statfs sfs;
  struct stat st;

  if (depth >= MAX_DEPTH || stat (path, &st) != 0 || statfs (path, &sfs) != 0)
    return;
  if (drivedash_folder_fs_magic_in_memory ((gint64) sfs.f_type))
    {
      info->in_memory = TRUE;
      return;
    }
  if (drivedash_folder_info_resolve_device (info, "/sys", major (st.st_dev), minor (st.st_dev)))
    return;
  mount = g_unix_mount_for (path, NULL);
  if (mount != NULL)
    resolve_from_mount (info, mount, depth);
}

DrivedashFolderInfo *
drivedash_folder_probe (const char *folder)
{
  g_autoptr(DrivedashFolderInfo) info = g_new0 (DrivedashFolderInfo, 1);
  g_autoptr(GUnixMountEntry) mount = NULL;
  g_autofree char *real = NULL;

  info->folder = g_strdup (folder != NULL && *folder != '\0' ? folder : g_get_home_dir ());
  if (g_strcmp0 (folder, DRIVEDASH_SIM_DRIVE_FOLDER) == 0)
    {
      info->is_directory = TRUE;
      info->fs_type = g_strdup ("simulated");
      info->drive_name = g_strdup (DRIVEDASH_SIM_DRIVE_MODEL);
      return g_steal_pointer (&info);
    }
  real = realpath (info->folder, NULL);
  if (real == NULL || !g_file_test (real, G_FILE_TEST_IS_DIR))
    return g_steal_pointer (&info);

  info->is_directory = TRUE;
  mount = g_unix_mount_for (real, NULL);
  if (mount != NULL)
    info->fs_type = g_strdup (g_unix_mount_get_fs_type (mount));
  probe_into (info, real, 0);
  return g_steal_pointer (&info);
}

DrivedashFolderInfo *
drivedash_folder_probe_device (const char *sysfs_root,
                               guint       major,
                               guint       minor)
{
  g_autoptr(DrivedashFolderInfo) info = g_new0 (DrivedashFolderInfo, 1);

  if (!drivedash_folder_info_resolve_device (info, sysfs_root ? sysfs_root : "/sys", major, minor))
    return NULL;
  return g_steal_pointer (&info);
}

char *
drivedash_controller_for_folder (const char *sysfs_root,
                                 const char *folder)
{
  g_autoptr(DrivedashFolderInfo) info = NULL;
  struct stat st;

  if (folder == NULL)
    return NULL;
  if (sysfs_root == NULL)
    info = drivedash_folder_probe (folder);
  else if (stat (folder, &st) == 0)
    {
      info = g_new0 (DrivedashFolderInfo, 1);
      drivedash_folder_info_resolve_device (info, sysfs_root, major (st.st_dev), minor (st.st_dev));
    }
  return info ? g_strdup (info->controller) : NULL;
}

char *
drivedash_folder_suggest (void)
{
  g_autoptr(DrivedashFolderInfo) home = drivedash_folder_probe (NULL);

  if (home->is_directory && !home->in_memory && home->disk != NULL)
    return g_strdup (home->folder);
  return NULL;
}

char *
drivedash_folder_info_dup_drive_text (const DrivedashFolderInfo *self)
{
  if (self->in_memory)
    /* Translators: where a folder is; completes "Home folder, …" */
    return g_strdup (_("in the computer’s memory, not on a drive"));
  if (self->drive_name != NULL)
    /* Translators: "on Samsung SSD 970 EVO Plus 1TB", the drive that holds a folder */
    return g_strdup_printf (_("on %s"), self->drive_name);
  if (self->virtual_disk && self->disk != NULL)
    /* Translators: "on a virtual disk (vda)": a virtual machine's disk */
    return g_strdup_printf (_("on a virtual disk (%s)"), self->disk);
  if (self->disk != NULL)
    /* Translators: the drive holding a folder, known only by its device name */
    return g_strdup_printf (_("on the drive %s"), self->disk);
  return g_strdup (_("on no drive that could be found (a network or virtual filesystem?)"));
}

char *
drivedash_folder_info_dup_drive_name (const DrivedashFolderInfo *self)
{
  if (self->in_memory)
    return NULL;
  if (self->drive_name != NULL)
    return g_strdup (self->drive_name);
  if (self->virtual_disk && self->disk != NULL)
    /* Translators: a virtual machine's disk, as a stored run names it: "Virtual disk (vda)" */
    return g_strdup_printf (_("Virtual disk (%s)"), self->disk);
  return g_strdup (self->disk);
}

gboolean
drivedash_folder_info_check_measurable (const DrivedashFolderInfo *self,
                                        GError                   **error)
{
  g_autoptr(DrivedashFolderInfo) home = NULL;
  g_autofree char *display = NULL;
  g_autofree char *suggestion = NULL;

  if (!self->in_memory)
    return TRUE;

  display = g_filename_display_name (self->folder);
  suggestion = drivedash_folder_suggest ();
  if (suggestion != NULL && (home = drivedash_folder_probe (suggestion)) != NULL)
    {
      g_autofree char *where = drivedash_folder_info_dup_drive_text (home);
      g_autofree char *home_display = g_filename_display_name (suggestion);

      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_IN_MEMORY,
                   /* Translators: the last two: "/home/ann", "on Samsung SSD 970 EVO Plus 1TB" */
                   _("The folder “%s” is in the computer’s memory, not on a drive: a "
                     "benchmark there would measure the memory. Pick a folder on the drive "
                     "you want to measure, for example your home folder “%s”, which is %s."),
                   display, home_display, where);
      return FALSE;
    }
  g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_IN_MEMORY,
               _("The folder “%s” is in the computer’s memory, not on a drive: a benchmark "
                 "there would measure the memory. Pick a folder on the drive you want to "
                 "measure."), display);
  return FALSE;
}
