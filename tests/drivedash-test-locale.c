/* drivedash-test-locale.c — a real locale for tests, built with localedef
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>

#include "drivedash-test-locale.h"

char *
drivedash_test_locale_build (const char *name)
{
  g_autofree char *locpath = g_dir_make_tmp ("drivedash-locale-XXXXXX", NULL);
  g_autofree char *full = g_strconcat (name, ".UTF-8", NULL);
  g_autofree char *target = NULL;
  const char *argv[] = { "localedef", "-i", name, "-f", "UTF-8", NULL, NULL };
  int status = -1;

  if (locpath == NULL)
    {
      g_test_skip ("cannot make a temporary folder for a locale");
      return NULL;
    }
  target = g_build_filename (locpath, full, NULL);
  argv[5] = target;
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL |
                     G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, NULL) ||
      !g_spawn_check_wait_status (status, NULL))
    {
      g_autofree char *why = g_strdup_printf ("cannot build a %s locale with localedef here", full);

      drivedash_test_locale_remove (g_steal_pointer (&locpath));
      g_test_skip (why);
      return NULL;
    }
  g_setenv ("LOCPATH", locpath, TRUE);
  return g_steal_pointer (&locpath);
}

void
drivedash_test_locale_remove (char *locpath)
{
  const char *argv[] = { "rm", "-rf", locpath, NULL };

  setlocale (LC_ALL, "C");
  g_unsetenv ("LOCPATH");
  if (locpath != NULL)
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                                 NULL, NULL));
  g_free (locpath);
}
