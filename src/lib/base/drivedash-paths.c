/* drivedash-paths.c — where Drivedash keeps its files (see the header)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-paths.h"

static gboolean demo;

void
drivedash_paths_set_demo (gboolean enabled)
{
  demo = !!enabled;
}

gboolean
drivedash_paths_get_demo (void)
{
  return demo;
}

static char *
in_folder (const char *base,
           const char *name)
{
  return demo ? g_build_filename (base, "drivedash", "demo", name, NULL)
              : g_build_filename (base, "drivedash", name, NULL);
}

char *
drivedash_paths_data_file (const char *name)
{
  return in_folder (g_get_user_data_dir (), name);
}

char *
drivedash_paths_state_file (const char *name)
{
  return in_folder (g_get_user_state_dir (), name);
}
