/* drivedash-bench-file.c — the benchmark's test file
 *
 * The only file the benchmark ever writes is the one made here, named
 * ".drivedash-bench-PID-XXXXXX.tmp" so that people recognise it.
 *
 * The folder may be shared: anyone who can rename files in it can put a
 * symbolic link in place of our file at any moment.  So the file is made
 * through a descriptor of the folder, and after that only ever used
 * through its own descriptor, never by name: a swapped name cannot send
 * the benchmark's writes anywhere else.
 *
 * A run holds an open-file-description lock on its file for as long as
 * it lives.  The lock is what tells a later run that the file is still in
 * use: process IDs cannot, because the Flatpak and the host live in
 * different PID namespaces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* O_DIRECT, O_PATH, F_OFD_SETLK, fallocate */
#define _GNU_SOURCE

#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <gio/gunixmounts.h>
#include <glib/gi18n.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "drivedash-bench.h"
#include "drivedash-bench-file.h"
#include "drivedash-sim-drive.h"
#include "drivedash-bench-file-private.h"
#include "drivedash-error.h"

#define FUSE_SUPER_MAGIC 0x65735546

/* Room left for the filesystem's own metadata beyond the file itself. */
#define SPACE_MARGIN (G_GUINT64_CONSTANT (16) << 20)

static DrivedashBenchFileCreatedHook created_hook;
static gpointer created_hook_data;
static gboolean no_preallocate;
static gboolean refuse_direct;

void
drivedash_bench_file_set_created_hook_for_testing (DrivedashBenchFileCreatedHook hook,
                                       gpointer                      user_data)
{
  created_hook = hook;
  created_hook_data = user_data;
}

void
drivedash_bench_file_set_preallocate_for_testing (gboolean preallocate)
{
  no_preallocate = !preallocate;
}

void
drivedash_bench_file_set_refuse_direct_for_testing (gboolean refuse)
{
  refuse_direct = refuse;
}

pid_t
drivedash_bench_file_name_pid (const char *name)
{
  const char *p;
  char *end = NULL;
  guint64 pid;

  if (!g_str_has_prefix (name, DRIVEDASH_BENCH_FILE_PREFIX) || !g_str_has_suffix (name, ".tmp"))
    return 0;
  p = name + strlen (DRIVEDASH_BENCH_FILE_PREFIX);
  if (!g_ascii_isdigit (*p))
    return 0;
  pid = g_ascii_strtoull (p, &end, 10);
  if (end == NULL || *end != '-' || pid == 0 || pid > G_MAXINT32)
    return 0;
  /* "-XXXXXX.tmp" */
  if (strlen (end) != strlen ("-XXXXXX.tmp"))
    return 0;
  return (pid_t) pid;
}

typedef enum
{
  NAME_OURS,
  NAME_GONE,      /* nothing there */
  NAME_OTHER,     /* something else took the name */
} NameState;

/* Does @name in the folder still lead to the file open as @fd itself? */
static NameState
name_state (int         dir_fd,
            const char *name,
            int         fd)
{
  struct stat mine, there;

  if (fstat (fd, &mine) != 0)
    return NAME_OTHER;
  if (fstatat (dir_fd, name, &there, AT_SYMLINK_NOFOLLOW) != 0)
    return errno == ENOENT ? NAME_GONE : NAME_OTHER;
  if (there.st_dev != mine.st_dev || there.st_ino != mine.st_ino)
    return NAME_OTHER;
  return NAME_OURS;
}

/* Whole-file lock of the open file description: unlike classic POSIX
 * locks it also conflicts with another descriptor of this very process,
 * and it goes away by itself when a run crashes. */
static int
lock_file (int   fd,
           short type)
{
  struct flock fl = { .l_type = type, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0 };

  return fcntl (fd, F_OFD_SETLK, &fl) == 0 ? 0 : errno;
}

static gboolean
is_own_regular_file (const struct stat *st)
{
  return S_ISREG (st->st_mode) && st->st_uid == geteuid ();
}

/* Removes @name if it is a stale test file: a regular file of our own
 * user that no run holds.  Never follows a symbolic link. */
static gboolean
remove_if_stale (int         dir_fd,
                 const char *name)
{
  struct stat st;
  gboolean removed = FALSE;
  int fd;

  /* Other people's files are not even opened. */
  if (fstatat (dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !is_own_regular_file (&st))
    return FALSE;
  /* O_NONBLOCK: should a FIFO take the name meanwhile, opening it must not
   * hang.  What counts is the file actually opened, checked again below. */
  fd = openat (dir_fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return FALSE;
  if (fstat (fd, &st) == 0 && is_own_regular_file (&st) &&
      lock_file (fd, F_RDLCK) == 0 &&
      name_state (dir_fd, name, fd) == NAME_OURS)
    removed = unlinkat (dir_fd, name, 0) == 0;
  close (fd);
  return removed;
}

static guint
remove_stale_files_at (int dir_fd)
{
  DIR *dir;
  struct dirent *entry;
  guint removed = 0;
  int list_fd;

  /* A folder we may write in but not list simply has nothing to sweep. */
  list_fd = openat (dir_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (list_fd < 0)
    return 0;
  dir = fdopendir (list_fd);
  if (dir == NULL)
    {
      close (list_fd);
      return 0;
    }
  while ((entry = readdir (dir)) != NULL)
    if (drivedash_bench_file_name_pid (entry->d_name) != 0 &&
        remove_if_stale (dir_fd, entry->d_name))
      removed++;
  closedir (dir);
  return removed;
}

guint
drivedash_bench_remove_stale_files (const char *folder)
{
  guint removed;
  int dir_fd;

  g_return_val_if_fail (folder != NULL, 0);

  dir_fd = open (folder, O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0)
    return 0;
  removed = remove_stale_files_at (dir_fd);
  close (dir_fd);
  return removed;
}

gboolean
drivedash_bench_is_document_portal (const char *path,
                                    gint64      f_type)
{
  g_autofree char *doc = NULL;

  if (f_type != FUSE_SUPER_MAGIC)
    return FALSE;
  doc = g_build_filename (g_get_user_runtime_dir (), "doc", NULL);
  if (g_str_has_prefix (path, doc) &&
      (path[strlen (doc)] == '/' || path[strlen (doc)] == '\0'))
    return TRUE;
  /* Inside a Flatpak /run/user/UID/doc is a link to /run/flatpak/doc, so
   * the real path of a folder the file chooser shared starts there. */
  if (g_str_has_prefix (path, "/run/flatpak/doc/"))
    return TRUE;
  /* Someone else's runtime dir, e.g. the CLI run with sudo. */
  return g_str_has_prefix (path, "/run/user/") && strstr (path, "/doc/") != NULL;
}

static char *
resolve_folder (const char  *folder,
                GError     **error)
{
  g_autofree char *abs = NULL;
  char *real;

  if (folder == NULL || *folder == '\0')
    folder = g_get_home_dir ();
  abs = g_canonicalize_filename (folder, NULL);
  real = realpath (abs, NULL);
  if (real == NULL)
    {
      int errsv = errno;

      if (errsv == EACCES)
        g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
                     _("You are not allowed to open the folder “%s”."), abs);
      else
        g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                     _("The folder “%s” does not exist."), abs);
      return NULL;
    }
  return real;
}

static char *
fs_type_for (const char *folder)
{
  g_autoptr(GUnixMountEntry) mount = g_unix_mount_for (folder, NULL);

  return mount ? g_strdup (g_unix_mount_get_fs_type (mount)) : NULL;
}

/* The stat()-level checks, in the order that gives the most useful
 * message; then the folder is opened and everything else goes through
 * that descriptor.  Returns it, or -1. */
static int
open_folder (const char  *real,
             const char  *display,
             GError     **error)
{
  struct stat st;
  struct statfs sfs;
  int dir_fd, errsv;

  if (stat (real, &st) != 0)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                   _("The folder “%s” does not exist."), display);
      return -1;
    }
  if (S_ISBLK (st.st_mode) || S_ISCHR (st.st_mode))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("“%s” is a device, not a folder. Pick a folder on the drive instead: "
                     "the benchmark never writes to a device directly."), display);
      return -1;
    }
  dir_fd = open (real, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  errsv = errno;
  if (dir_fd < 0 && (errsv == ENOTDIR || errsv == ELOOP))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not a folder. Pick a folder on the drive to measure."), display);
      return -1;
    }
  if (dir_fd < 0)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                   _("The folder “%s” does not exist."), display);
      return -1;
    }

  if (fstatfs (dir_fd, &sfs) == 0 && drivedash_bench_is_document_portal (real, (gint64) sfs.f_type))
    {
      close (dir_fd);
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                   _("“%s” is shared through the document portal, which passes every request "
                     "through a slow extra layer: the result would measure that layer, not the "
                     "drive. Pick a folder in your home folder or on a removable drive instead."),
                   display);
      return -1;
    }
  return dir_fd;
}

static gboolean
check_room (int          dir_fd,
            const char  *display,
            guint64      size,
            GError     **error)
{
  struct statvfs svfs;

  if (fstatvfs (dir_fd, &svfs) != 0)
    return TRUE;
  if (svfs.f_flag & ST_RDONLY)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
                   _("The folder “%s” is on a read-only filesystem. Pick a folder you can write to."),
                   display);
      return FALSE;
    }

  /* Free space first, before writing anything.  ramfs and some virtual
   * filesystems report no size at all (f_blocks == 0): nothing to check. */
  if (svfs.f_blocks > 0)
    {
      guint64 avail = (guint64) svfs.f_bavail * (guint64) svfs.f_frsize;

      if (avail < size + SPACE_MARGIN)
        {
          g_autofree char *need = g_format_size (size + SPACE_MARGIN);
          g_autofree char *have = g_format_size (avail);

          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NO_SPACE,
                       _("Not enough free space in “%s”: the test needs %s and only %s are free. "
                         "Choose a smaller test size or free some space."),
                       display, need, have);
          return FALSE;
        }
    }
  return TRUE;
}

static void
set_create_error (int          errsv,
                  const char  *display,
                  GError     **error)
{
  if (errsv == EACCES || errsv == EPERM || errsv == EROFS)
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
                 errsv == EROFS
                   ? _("The folder “%s” is on a read-only filesystem. Pick a folder you can write to.")
                   : _("You are not allowed to write in the folder “%s”. Pick a folder you can write to."),
                 display);
  else if (errsv == ENOSPC || errsv == EDQUOT)
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NO_SPACE,
                 _("Not enough free space in “%s”."), display);
  else
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                 _("Could not create the test file in “%s”: %s."), display, g_strerror (errsv));
}

static char *
new_file_name (void)
{
  static const char chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  char suffix[7];

  for (guint i = 0; i < 6; i++)
    suffix[i] = chars[g_random_int_range (0, sizeof chars - 1)];
  suffix[6] = '\0';
  return g_strdup_printf (DRIVEDASH_BENCH_FILE_PREFIX "%d-%s.tmp", (int) getpid (), suffix);
}

/* Creates the test file in the folder and locks it.  Returns its
 * descriptor and name, or -1. */
static int
create_locked (int          dir_fd,
               const char  *folder,
               const char  *display,
               char       **name_out,
               GError     **error)
{
  for (guint attempt = 0; attempt < 32; attempt++)
    {
      g_autofree char *name = new_file_name ();
      NameState state;
      int fd, lock_err;

      /* O_EXCL: never an existing file, nor through a symbolic link. */
      fd = openat (dir_fd, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
      if (fd < 0 && errno == EEXIST)
        continue;
      if (fd < 0)
        {
          set_create_error (errno, display, error);
          return -1;
        }
      if (created_hook)
        {
          g_autofree char *path = g_build_filename (folder, name, NULL);

          created_hook (path, created_hook_data);
        }

      /* Busy: another run's sweep caught the file before we locked it and
       * is removing it.  Filesystems without locks: go on unlocked, as
       * no sweep can lock the file either, so none removes it. */
      lock_err = lock_file (fd, F_WRLCK);
      state = lock_err == EAGAIN || lock_err == EACCES ? NAME_GONE : name_state (dir_fd, name, fd);
      if (state == NAME_OURS)
        {
          *name_out = g_steal_pointer (&name);
          return fd;
        }
      close (fd);
      if (state == NAME_OTHER)
        {
          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FILE_REMOVED,
                       _("Another program replaced the benchmark’s test file in “%s” while it was "
                         "being created, so the benchmark did not start: it only ever writes to a "
                         "file it made itself. If other people can change this folder, pick a "
                         "folder that only you can write to."), display);
          return -1;
        }
    }
  set_create_error (EEXIST, display, error);
  return -1;
}

/* O_DIRECT is turned on for the open file, never by opening the name
 * again: the name may have been swapped meanwhile, the open file cannot
 * be.  Also, a filesystem that refuses it gets its file removed. */
static gboolean
enable_direct_io (int          fd,
                  gboolean     allow_buffered,
                  const char  *display,
                  gboolean    *direct,
                  GError     **error)
{
  int flags = fcntl (fd, F_GETFL);
  int errsv;

  if (!refuse_direct && flags >= 0 && fcntl (fd, F_SETFL, flags | O_DIRECT) == 0)
    {
      *direct = TRUE;
      return TRUE;
    }
  errsv = refuse_direct ? EINVAL : errno;
  if (errsv == EINVAL && allow_buffered)
    {
      *direct = FALSE;
      return TRUE;
    }
  if (errsv == EINVAL)
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NO_DIRECT_IO,
                 _("The filesystem of “%s” does not support direct I/O, so the benchmark "
                   "cannot bypass the system’s cache. You can run it anyway with buffered "
                   "I/O, but then the results include the cache and overstate the drive."),
                 display);
  else
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                 _("Could not open the test file in “%s”: %s."), display, g_strerror (errsv));
  return FALSE;
}

/* Allocate up front: no allocation during the measured passes, and a
 * full disk shows up now rather than halfway through. */
static gboolean
allocate (int          fd,
          guint64      size,
          const char  *display,
          GError     **error)
{
  int errsv = 0;

  if (no_preallocate)
    errsv = EOPNOTSUPP;
  else if (fallocate (fd, 0, 0, (off_t) size) == 0)
    return TRUE;
  else
    errsv = errno;
  if (errsv == EOPNOTSUPP || errsv == ENOSYS)
    errsv = ftruncate (fd, (off_t) size) == 0 ? 0 : errno;
  if (errsv == 0)
    return TRUE;

  if (errsv == ENOSPC || errsv == EDQUOT)
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NO_SPACE,
                 _("Not enough free space in “%s” for the test file. "
                   "Choose a smaller test size or free some space."), display);
  else if (errsv == EFBIG)
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                 _("The filesystem of “%s” cannot hold a file this large. "
                   "Choose a smaller test size."), display);
  else
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                 _("Could not make room for the test file in “%s”: %s."),
                 display, g_strerror (errsv));
  return FALSE;
}

/* The bytes in FIEMAP's unwritten extents and between its extents;
 * FALSE when the filesystem has no FIEMAP. */
static gboolean
unwritten_by_fiemap (int      fd,
                     guint64  size,
                     guint64 *out)
{
  enum { N_EXTENTS = 64 };
  g_autofree struct fiemap *map = g_malloc0 (sizeof *map + N_EXTENTS * sizeof (struct fiemap_extent));
  guint64 start = 0, covered_to = 0, unwritten = 0;
  gboolean last = FALSE;

  while (!last && start < size)
    {
      memset (map, 0, sizeof *map);
      map->fm_start = start;
      map->fm_length = size - start;
      map->fm_flags = FIEMAP_FLAG_SYNC;
      map->fm_extent_count = N_EXTENTS;
      if (ioctl (fd, FS_IOC_FIEMAP, map) != 0)
        return FALSE;
      if (map->fm_mapped_extents == 0)
        break;
      for (guint i = 0; i < map->fm_mapped_extents; i++)
        {
          const struct fiemap_extent *e = &map->fm_extents[i];
          guint64 end = MIN (e->fe_logical + e->fe_length, size);

          if (e->fe_logical > covered_to)
            unwritten += e->fe_logical - covered_to;  /* a hole */
          if (e->fe_flags & FIEMAP_EXTENT_UNWRITTEN)
            unwritten += end - MAX (e->fe_logical, covered_to);
          covered_to = MAX (covered_to, end);
          last |= (e->fe_flags & FIEMAP_EXTENT_LAST) != 0;
        }
      start = covered_to;
    }
  *out = unwritten + (size > covered_to ? size - covered_to : 0);
  return TRUE;
}

/* The holes SEEK_HOLE/SEEK_DATA show; FALSE when they can't. */
static gboolean
unwritten_by_seek (int      fd,
                   guint64  size,
                   guint64 *out)
{
  guint64 holes = 0;
  off_t at = 0;

  while ((guint64) at < size)
    {
      off_t hole = lseek (fd, at, SEEK_HOLE), data;

      if (hole < 0)
        return FALSE;
      if ((guint64) hole >= size)
        break;
      data = lseek (fd, hole, SEEK_DATA);
      if (data < 0 && errno != ENXIO)
        return FALSE;
      if (data < 0 || (guint64) data > size)
        data = (off_t) size;
      holes += (guint64) (data - hole);
      at = data;
    }
  *out = holes;
  return TRUE;
}

guint64
drivedash_bench_file_unwritten_bytes (DrivedashBenchFile *self)
{
  guint64 bytes = 0;

  if (self->fd < 0)
    return 0;
  if (unwritten_by_fiemap (self->fd, self->size, &bytes) ||
      unwritten_by_seek (self->fd, self->size, &bytes))
    return bytes;
  return 0;
}

DrivedashBenchFile *
drivedash_bench_file_create (const char  *folder,
                             guint64      size,
                             gboolean     allow_buffered,
                             GError     **error)
{
  g_autofree char *display = NULL;
  DrivedashBenchFile *self;
  char *real;
  struct stat st;

  real = resolve_folder (folder, error);
  if (real == NULL)
    return NULL;
  self = g_new0 (DrivedashBenchFile, 1);
  self->folder = real;
  self->fd = -1;
  self->size = size;
  display = g_filename_display_name (real);

  self->dir_fd = open_folder (real, display, error);
  if (self->dir_fd < 0)
    goto fail;
  /* Sweep first: what it removes counts as free space. */
  remove_stale_files_at (self->dir_fd);
  if (!check_room (self->dir_fd, display, size, error))
    goto fail;
  self->fd = create_locked (self->dir_fd, real, display, &self->name, error);
  if (self->fd < 0)
    goto fail;
  self->path = g_build_filename (real, self->name, NULL);
  if (!enable_direct_io (self->fd, allow_buffered, display, &self->direct, error) ||
      !allocate (self->fd, size, display, error))
    goto fail;
  if (fstat (self->fd, &st) != 0)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   _("Could not create the test file in “%s”."), display);
      goto fail;
    }
  self->dev = st.st_dev;
  self->ino = st.st_ino;
  self->fs_type = fs_type_for (self->folder);
  return self;

fail:
  drivedash_bench_file_remove (self);
  return NULL;
}

void
drivedash_bench_file_remove (DrivedashBenchFile *self)
{
  if (self == NULL)
    return;

  /* Unlinked while still held, and only if the name still leads to our
   * file: never remove something that merely took its name. */
  if (self->fd >= 0 && self->name != NULL &&
      name_state (self->dir_fd, self->name, self->fd) == NAME_OURS)
    unlinkat (self->dir_fd, self->name, 0);
  if (self->fd >= 0)
    close (self->fd);
  if (self->dir_fd >= 0)
    close (self->dir_fd);

  g_free (self->folder);
  g_free (self->name);
  g_free (self->path);
  g_free (self->fs_type);
  g_free (self);
}

DrivedashBenchFile *
drivedash_bench_file_new_simulated (guint64 size)
{
  DrivedashBenchFile *self = g_new0 (DrivedashBenchFile, 1);

  self->folder = g_strdup (DRIVEDASH_SIM_DRIVE_FOLDER);
  self->path = g_build_filename (self->folder, "drivedash-test", NULL);
  self->fs_type = g_strdup ("simulated");
  self->fd = -1;
  self->dir_fd = -1;
  self->direct = TRUE;
  self->size = size;
  return self;
}

gboolean
drivedash_bench_file_check (DrivedashBenchFile  *self,
                            GError             **error)
{
  struct stat st;

  if (self->fd < 0)
    return TRUE;
  if (fstat (self->fd, &st) == 0 && st.st_nlink > 0)
    return TRUE;

  g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FILE_REMOVED,
               _("The test file was deleted by another program while the benchmark was running. "
                 "The results so far are discarded."));
  return FALSE;
}

/* Is the block device behind the filesystem still there? */
static gboolean
device_present (dev_t dev)
{
  g_autofree char *sys = NULL;

  /* Filesystems without a block device (tmpfs, network) have major 0. */
  if (major (dev) == 0)
    return TRUE;
  sys = g_strdup_printf ("/sys/dev/block/%u:%u", major (dev), minor (dev));
  return g_file_test (sys, G_FILE_TEST_EXISTS);
}

GError *
drivedash_bench_file_error_from_errno (DrivedashBenchFile *self,
                                       int                 errsv)
{
  g_autofree char *display = g_filename_display_name (self->folder);

  switch (errsv)
    {
    case ENOSPC:
    case EDQUOT:
      return g_error_new (DRIVEDASH_ERROR, DRIVEDASH_ERROR_NO_SPACE,
                          _("The disk holding “%s” became full during the benchmark. "
                            "Free some space or choose a smaller test size."), display);
    case ENODEV:
    case ENXIO:
    case ESHUTDOWN:
    case ENOMEDIUM:
      return g_error_new (DRIVEDASH_ERROR, DRIVEDASH_ERROR_DEVICE_GONE,
                          _("The drive holding “%s” disappeared during the benchmark. "
                            "Check that it is still connected."), display);
    case EIO:
      if (!device_present (self->dev))
        return g_error_new (DRIVEDASH_ERROR, DRIVEDASH_ERROR_DEVICE_GONE,
                            _("The drive holding “%s” disappeared during the benchmark. "
                              "Check that it is still connected."), display);
      return g_error_new (DRIVEDASH_ERROR, DRIVEDASH_ERROR_IO,
                          _("The drive holding “%s” reported a read or write error. It may be "
                            "failing or have been disconnected; check its health."), display);
    case EROFS:
      return g_error_new (DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
                          _("The filesystem holding “%s” became read-only during the benchmark, "
                            "usually after an error on the drive."), display);
    case EINVAL:
      return g_error_new (DRIVEDASH_ERROR, DRIVEDASH_ERROR_NO_DIRECT_IO,
                          _("The filesystem of “%s” refused a direct I/O request."), display);
    default:
      return g_error_new (DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                          _("Reading or writing the test file in “%s” failed: %s."),
                          display, g_strerror (errsv));
    }
}
