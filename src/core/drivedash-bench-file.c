/* drivedash-bench-file.c — the benchmark's test file
 *
 * The only file the benchmark ever writes is the one made here, named
 * ".drivedash-bench-PID-XXXXXX.tmp" so that people recognise it and so
 * that a later run can tell whether the run that made it is still alive.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* O_DIRECT, fallocate, RUSAGE_THREAD */
#define _GNU_SOURCE

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gunixmounts.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "drivedash-bench.h"
#include "drivedash-bench-file.h"
#include "drivedash-error.h"

#define FUSE_SUPER_MAGIC 0x65735546

/* Room left for the filesystem's own metadata beyond the file itself. */
#define SPACE_MARGIN (G_GUINT64_CONSTANT (16) << 20)

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

guint
drivedash_bench_remove_stale_files (const char *folder)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;
  guint removed = 0;

  g_return_val_if_fail (folder != NULL, 0);

  dir = g_dir_open (folder, 0, NULL);
  if (dir == NULL)
    return 0;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      pid_t pid = drivedash_bench_file_name_pid (name);
      g_autofree char *path = NULL;
      struct stat st;

      if (pid == 0)
        continue;
      /* Alive (or not ours to signal: EPERM means it exists): leave it. */
      if (kill (pid, 0) == 0 || errno != ESRCH)
        continue;
      path = g_build_filename (folder, name, NULL);
      if (lstat (path, &st) != 0 || !S_ISREG (st.st_mode))
        continue;
      if (g_unlink (path) == 0)
        removed++;
    }
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

static void
discard_new_file (const char *path,
                  int        *fd)
{
  if (*fd >= 0)
    close (*fd);
  *fd = -1;
  g_unlink (path);
}

DrivedashBenchFile *
drivedash_bench_file_create (const char  *folder,
                             guint64      size,
                             gboolean     allow_buffered,
                             GError     **error)
{
  g_autofree char *real = NULL;
  g_autofree char *path = NULL;
  g_autofree char *display = NULL;
  DrivedashBenchFile *self;
  struct stat st;
  struct statfs sfs;
  struct statvfs svfs;
  int fd, dfd;
  gboolean direct = TRUE;

  real = resolve_folder (folder, error);
  if (real == NULL)
    return NULL;
  display = g_filename_display_name (real);

  if (stat (real, &st) != 0)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                   _("The folder “%s” does not exist."), display);
      return NULL;
    }
  if (S_ISBLK (st.st_mode) || S_ISCHR (st.st_mode))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("“%s” is a device, not a folder. Pick a folder on the drive instead: "
                     "the benchmark never writes to a device directly."), display);
      return NULL;
    }
  if (!S_ISDIR (st.st_mode))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not a folder. Pick a folder on the drive to measure."), display);
      return NULL;
    }

  if (statfs (real, &sfs) == 0 && drivedash_bench_is_document_portal (real, (gint64) sfs.f_type))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                   _("“%s” is shared through the document portal, which passes every request "
                     "through a slow extra layer: the result would measure that layer, not the "
                     "drive. Pick a folder in your home folder or on a removable drive instead."),
                   display);
      return NULL;
    }

  drivedash_bench_remove_stale_files (real);

  if (statvfs (real, &svfs) == 0 && (svfs.f_flag & ST_RDONLY))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
                   _("The folder “%s” is on a read-only filesystem. Pick a folder you can write to."),
                   display);
      return NULL;
    }

  /* Free space first, before writing anything.  ramfs and some virtual
   * filesystems report no size at all (f_blocks == 0): nothing to check. */
  if (statvfs (real, &svfs) == 0 && svfs.f_blocks > 0)
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
          return NULL;
        }
    }

  path = g_strdup_printf ("%s/" DRIVEDASH_BENCH_FILE_PREFIX "%d-XXXXXX.tmp", real, (int) getpid ());
  fd = g_mkstemp_full (path, O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      int errsv = errno;

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
      return NULL;
    }

  /* Reopen with O_DIRECT rather than create with it: a filesystem that
   * refuses O_DIRECT would otherwise leave an empty file behind. */
  dfd = open (path, O_RDWR | O_CLOEXEC | O_DIRECT);
  if (dfd < 0)
    {
      int errsv = errno;

      if (errsv == EINVAL && allow_buffered)
        {
          direct = FALSE;
          dfd = fd;
          fd = -1;
        }
      else
        {
          discard_new_file (path, &fd);
          if (errsv == EINVAL)
            g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NO_DIRECT_IO,
                         _("The filesystem of “%s” does not support direct I/O, so the benchmark "
                           "cannot bypass the system’s cache. You can run it anyway with buffered "
                           "I/O, but then the results include the cache and overstate the drive."),
                         display);
          else
            g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                         _("Could not open the test file in “%s”: %s."), display, g_strerror (errsv));
          return NULL;
        }
    }
  if (fd >= 0)
    close (fd);

  if (fstat (dfd, &st) != 0)
    {
      discard_new_file (path, &dfd);
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   _("Could not create the test file in “%s”."), display);
      return NULL;
    }

  /* Allocate up front: no allocation during the measured passes, and a
   * full disk shows up now rather than halfway through. */
  if (fallocate (dfd, 0, 0, (off_t) size) != 0)
    {
      int errsv = errno;

      if (errsv == EOPNOTSUPP || errsv == ENOSYS)
        {
          if (ftruncate (dfd, (off_t) size) != 0)
            errsv = errno;
          else
            errsv = 0;
        }
      if (errsv != 0)
        {
          discard_new_file (path, &dfd);
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
          return NULL;
        }
    }

  self = g_new0 (DrivedashBenchFile, 1);
  self->folder = g_steal_pointer (&real);
  self->path = g_steal_pointer (&path);
  self->fs_type = fs_type_for (self->folder);
  self->fd = dfd;
  self->direct = direct;
  self->size = size;
  self->dev = st.st_dev;
  self->ino = st.st_ino;
  return self;
}

void
drivedash_bench_file_remove (DrivedashBenchFile *self)
{
  struct stat st;

  if (self == NULL)
    return;

  if (self->fd >= 0)
    close (self->fd);
  /* Never remove something that merely took our file's name. */
  if (lstat (self->path, &st) == 0 && st.st_dev == self->dev && st.st_ino == self->ino)
    g_unlink (self->path);

  g_free (self->folder);
  g_free (self->path);
  g_free (self->fs_type);
  g_free (self);
}

gboolean
drivedash_bench_file_check (DrivedashBenchFile  *self,
                            GError             **error)
{
  struct stat st;

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
