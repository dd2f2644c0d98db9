/* fuzz-replay.c — runs files (or every file in directories) through a fuzz
 * target's entry point: the regular build replays the fixtures and corpora
 * with the sanitizers of that build, no clang needed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <stdio.h>

#include "fuzz-health.h"

static int
replay_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len = 0;

  if (!g_file_get_contents (path, &contents, &len, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }

  LLVMFuzzerTestOneInput ((const uint8_t *) contents, len);
  /* Every prefix too, so short inputs are covered by the same fixtures. */
  for (gsize n = 0; n < len; n += 1 + n / 4)
    LLVMFuzzerTestOneInput ((const uint8_t *) contents, n);
  printf ("ok - %s (%" G_GSIZE_FORMAT " bytes)\n", path, len);
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  int failures = 0;
  int count = 0;

  for (int i = 1; i < argc; i++)
    {
      if (g_file_test (argv[i], G_FILE_TEST_IS_DIR))
        {
          g_autoptr(GDir) dir = g_dir_open (argv[i], 0, NULL);
          const char *name;

          while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
            {
              g_autofree char *path = g_build_filename (argv[i], name, NULL);

              if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
                {
                  failures += replay_file (path);
                  count++;
                }
            }
        }
      else
        {
          failures += replay_file (argv[i]);
          count++;
        }
    }

  if (count == 0)
    {
      fprintf (stderr, "fuzz-replay: no input files\n");
      return 1;
    }
  return failures == 0 ? 0 : 1;
}
