/* drivedash-aside.c — a damaged file kept aside as it was found
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* renameat2 () and RENAME_NOREPLACE */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <unistd.h>

#include "drivedash-aside.h"

/* Never replaces what is at @to: two processes that find the same
 * damage in the same second must not unlink each other's copy. */
gboolean
drivedash_file_rename_noreplace (const char *from,
                                 const char *to)
{
  if (renameat2 (AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
    return TRUE;
  if (errno != EINVAL && errno != ENOSYS)
    return FALSE;
  /* A filesystem without RENAME_NOREPLACE: link() never replaces either. */
  return link (from, to) == 0 && unlink (from) == 0;
}

static gboolean
same_file (const char        *path,
           const struct stat *found)
{
  struct stat now;

  return found == NULL ||
         (g_stat (path, &now) == 0 && now.st_dev == found->st_dev && now.st_ino == found->st_ino);
}

char *
drivedash_file_move_aside (const char        *path,
                           const struct stat *found)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *aside = NULL;

  if (!same_file (path, found))
    return NULL;
  for (guint n = 1; aside == NULL && n < 1000; n++)
    {
      aside = n == 1 ? g_strdup_printf ("%s.damaged-%s", path, stamp)
                     : g_strdup_printf ("%s.damaged-%s-%u", path, stamp, n);
      if (!drivedash_file_rename_noreplace (path, aside))
        {
          if (errno != EEXIST)
            return NULL;
          g_clear_pointer (&aside, g_free);
        }
    }
  return g_steal_pointer (&aside);
}
