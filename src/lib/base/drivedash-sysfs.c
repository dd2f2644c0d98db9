/* drivedash-sysfs.c — small helpers for reading sysfs attributes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "drivedash-sysfs.h"

/* sysfs attributes are at most a page; read with one read(2) instead of
 * g_file_get_contents() (which stats first): the health page polls these. */
char *
drivedash_sysfs_read_string (const char *path,
                             int        *errno_out)
{
  char buf[4096];
  ssize_t n;
  int fd;

  if (errno_out != NULL)
    *errno_out = 0;

  /* Attributes are plain files: a symlink in their place is a planted
   * fixture tree or worse, and root must not follow it anywhere. */
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0)
    {
      if (errno_out != NULL)
        *errno_out = errno;
      return NULL;
    }

  do
    n = read (fd, buf, sizeof buf - 1);
  while (n < 0 && errno == EINTR);

  if (n < 0)
    {
      if (errno_out != NULL)
        *errno_out = errno;
      close (fd);
      return NULL;
    }
  close (fd);

  buf[n] = '\0';
  /* A NUL inside the attribute ends it. */
  return g_strstrip (g_utf8_make_valid (buf, -1));
}

gboolean
drivedash_sysfs_read_int64 (const char *path,
                            gint64     *out,
                            int        *errno_out)
{
  g_autofree char *s = drivedash_sysfs_read_string (path, errno_out);

  if (s == NULL)
    return FALSE;
  if (!g_ascii_string_to_signed (s, 10, G_MININT64, G_MAXINT64, out, NULL))
    {
      if (errno_out != NULL)
        *errno_out = EINVAL;
      return FALSE;
    }
  return TRUE;
}

gboolean
drivedash_sysfs_read_uint64 (const char *path,
                             guint64    *out,
                             int        *errno_out)
{
  g_autofree char *s = drivedash_sysfs_read_string (path, errno_out);

  if (s == NULL)
    return FALSE;
  if (!g_ascii_string_to_unsigned (s, 10, 0, G_MAXUINT64, out, NULL))
    {
      if (errno_out != NULL)
        *errno_out = EINVAL;
      return FALSE;
    }
  return TRUE;
}
