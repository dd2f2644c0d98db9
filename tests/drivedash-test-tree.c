/* drivedash-test-tree.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "drivedash-test-tree.h"

#include <glib/gstdio.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

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

static void
link_in (const char *root,
         const char *path,
         const char *target)
{
  g_autofree char *full = g_build_filename (root, path, NULL);
  g_autofree char *dir = g_path_get_dirname (full);
  g_autofree char *abs = g_build_filename (root, target, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_cmpint (symlink (abs, full), ==, 0);
}

/* "MAJ:MIN" of @folder's filesystem and of its whole disk (the same
 * unless it is a partition); FALSE when it has no block device. */
static gboolean
real_numbers (const char  *folder,
              char       **number,
              char       **disk_number)
{
  g_autofree char *sys = NULL, *partition = NULL, *disk_dev = NULL;
  struct stat st;

  if (stat (folder, &st) != 0 || major (st.st_dev) == 0)
    return FALSE;
  *number = g_strdup_printf ("%u:%u", major (st.st_dev), minor (st.st_dev));
  sys = g_build_filename ("/sys/dev/block", *number, NULL);
  if (!g_file_test (sys, G_FILE_TEST_IS_DIR))
    {
      g_clear_pointer (number, g_free);
      return FALSE;
    }
  partition = g_build_filename (sys, "partition", NULL);
  disk_dev = g_build_filename (sys, "..", "dev", NULL);
  if (!g_file_test (partition, G_FILE_TEST_EXISTS) || !g_file_get_contents (disk_dev, disk_number, NULL, NULL))
    *disk_number = g_strdup (*number);
  g_strstrip (*disk_number);
  return TRUE;
}

#define FIXTURE_CTRL "class/nvme/nvme0"
#define FIXTURE_NS   FIXTURE_CTRL "/nvme0n1"

gboolean
drivedash_test_tree_put_nvme_over (const char *root,
                                   const char *folder)
{
  g_autofree char *number = NULL, *disk_number = NULL, *dev = NULL, *link = NULL;

  if (!real_numbers (folder, &number, &disk_number))
    return FALSE;
  drivedash_test_tree_put (root, FIXTURE_CTRL "/model", "Fixture NVMe SSD 1TB\n");
  drivedash_test_tree_put (root, FIXTURE_CTRL "/serial", "FIXTURE0001\n");
  drivedash_test_tree_put (root, FIXTURE_CTRL "/firmware_rev", "1.0\n");
  drivedash_test_tree_put (root, FIXTURE_CTRL "/state", "live\n");
  drivedash_test_tree_put (root, FIXTURE_CTRL "/transport", "pcie\n");
  drivedash_test_tree_put (root, FIXTURE_NS "/size", "1953525168\n");
  drivedash_test_tree_put (root, FIXTURE_NS "/nsid", "1\n");
  dev = g_strconcat (disk_number, "\n", NULL);
  drivedash_test_tree_put (root, FIXTURE_NS "/dev", dev);
  link_in (root, FIXTURE_NS "/device", FIXTURE_CTRL);
  link_in (root, "class/block/nvme0n1", FIXTURE_NS);
  link = g_build_filename ("dev/block", disk_number, NULL);
  link_in (root, link, FIXTURE_NS);
  if (g_strcmp0 (number, disk_number) != 0)
    {
      g_autofree char *part_dev = g_strconcat (number, "\n", NULL);
      g_autofree char *part_link = g_build_filename ("dev/block", number, NULL);

      drivedash_test_tree_put (root, FIXTURE_NS "/nvme0n1p1/partition", "1\n");
      drivedash_test_tree_put (root, FIXTURE_NS "/nvme0n1p1/dev", part_dev);
      link_in (root, "class/block/nvme0n1p1", FIXTURE_NS "/nvme0n1p1");
      link_in (root, part_link, FIXTURE_NS "/nvme0n1p1");
    }
  return TRUE;
}
