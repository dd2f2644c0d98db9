/* drivedash-test-tree.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "drivedash-test-tree.h"

#include <glib/gstdio.h>

void
drivedash_test_tree_put (const char *root,
                         const char *path,
                         const char *contents)
{
  g_autofree char *full = g_build_filename (root, path, NULL);
  g_autofree char *dir = g_path_get_dirname (full);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_file_set_contents (full, contents, -1, &error);
  g_assert_no_error (error);
}

gboolean
drivedash_test_tree_remove (const char *path)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  /* g_dir_open() would follow a link: check first. */
  if (g_file_test (path, G_FILE_TEST_IS_SYMLINK) ||
      (dir = g_dir_open (path, 0, NULL)) == NULL)
    return g_remove (path) == 0;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      drivedash_test_tree_remove (child);
    }
  return g_rmdir (path) == 0;
}
