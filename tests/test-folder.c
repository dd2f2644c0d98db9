/* test-folder.c — the drive behind a folder: a fixture sysfs tree for the
 * naming, a real tmpfs and a real disk folder for the probe, and
 * `drivedash-cli bench` refusing a folder in memory
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "drivedash-bench.h"
#include "drivedash-error.h"
#include "drivedash-folder-private.h"
#include "drivedash-test-tree.h"

#define TMPFS_MAGIC 0x01021994

typedef struct
{
  char *root;
} Fixture;

static void
link_to (const char *root,
         const char *path,
         const char *target)
{
  g_autofree char *full = g_build_filename (root, path, NULL);
  g_autofree char *dir = g_path_get_dirname (full);
  g_autofree char *abs = g_build_filename (root, target, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_cmpint (symlink (abs, full), ==, 0);
}

#define PCI   "devices/pci0000:00/0000:00:1d.0/0000:3d:00.0"
#define NVME_CTRL  PCI "/nvme/nvme0"
#define SUBSYS "devices/virtual/nvme-subsystem/nvme-subsys1"
#define SATA  "devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0"
#define USB   "devices/pci0000:00/0000:00:14.0/usb2/2-1/host6/target6:0:0/6:0:0:0"
#define VIRTIO "devices/pci0000:00/0000:00:02.0/virtio1"

/* Kernel 6.1's layout, reduced to what the lookup reads:
 *   259:0/259:2  nvme0n1 and its partition p2, Samsung, PCIe 3.0 ×4
 *   259:5        nvme1n1, a multipath head below nvme-subsys1 (controller nvme1)
 *   8:0          sda, an ATA SSD (vendor "ATA" says nothing)
 *   8:16         sdb, a USB disk: vendor + model
 *   254:0        vda, virtio (no model)
 *   253:0        dm-0 (LUKS) on nvme0n1p2
 *   9:0          md0, RAID across sda and sdb: no single drive */
static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  const char *r;

  f->root = g_dir_make_tmp ("drivedash-folder-XXXXXX", &error);
  g_assert_no_error (error);
  r = f->root;

  drivedash_test_tree_put (r, PCI "/current_link_speed", "8.0 GT/s PCIe\n");
  drivedash_test_tree_put (r, PCI "/current_link_width", "4\n");
  drivedash_test_tree_put (r, NVME_CTRL "/model", "Samsung SSD 970 EVO Plus 1TB            \n");
  link_to (r, NVME_CTRL "/device", PCI);
  drivedash_test_tree_put (r, NVME_CTRL "/nvme0n1/size", "1953525168\n");
  link_to (r, NVME_CTRL "/nvme0n1/device", NVME_CTRL);
  drivedash_test_tree_put (r, NVME_CTRL "/nvme0n1/nvme0n1p2/partition", "2\n");
  link_to (r, "class/nvme/nvme0", NVME_CTRL);
  link_to (r, "class/block/nvme0n1", NVME_CTRL "/nvme0n1");
  link_to (r, "class/block/nvme0n1p2", NVME_CTRL "/nvme0n1/nvme0n1p2");
  link_to (r, "dev/block/259:0", NVME_CTRL "/nvme0n1");
  link_to (r, "dev/block/259:2", NVME_CTRL "/nvme0n1/nvme0n1p2");

  drivedash_test_tree_put (r, SUBSYS "/model", "WD_BLACK SN850X 2000GB\n");
  drivedash_test_tree_put (r, "devices/pci0000:00/0000:00:1c.0/0000:02:00.0/nvme/nvme1/model",
                           "WD_BLACK SN850X 2000GB\n");
  link_to (r, SUBSYS "/nvme1", "devices/pci0000:00/0000:00:1c.0/0000:02:00.0/nvme/nvme1");
  link_to (r, SUBSYS "/nvme1n1/device", SUBSYS);
  link_to (r, "dev/block/259:5", SUBSYS "/nvme1n1");

  drivedash_test_tree_put (r, SATA "/model", "Samsung SSD 860 EVO 500GB\n");
  drivedash_test_tree_put (r, SATA "/vendor", "ATA     \n");
  link_to (r, SATA "/block/sda/device", SATA);
  link_to (r, "class/block/sda", SATA "/block/sda");
  link_to (r, "dev/block/8:0", SATA "/block/sda");

  drivedash_test_tree_put (r, USB "/model", "Elements 2621    \n");
  drivedash_test_tree_put (r, USB "/vendor", "WD      \n");
  link_to (r, USB "/block/sdb/device", USB);
  link_to (r, "class/block/sdb", USB "/block/sdb");
  link_to (r, "dev/block/8:16", USB "/block/sdb");

  drivedash_test_tree_put (r, VIRTIO "/vendor", "0x1af4\n");
  drivedash_test_tree_put (r, "bus/virtio/drivers/virtio_blk/uevent", "\n");
  link_to (r, VIRTIO "/driver", "bus/virtio/drivers/virtio_blk");
  link_to (r, VIRTIO "/block/vda/device", VIRTIO);
  link_to (r, "dev/block/254:0", VIRTIO "/block/vda");

  drivedash_test_tree_put (r, "devices/virtual/block/dm-0/dm/name", "luks-root\n");
  link_to (r, "devices/virtual/block/dm-0/slaves/nvme0n1p2", NVME_CTRL "/nvme0n1/nvme0n1p2");
  link_to (r, "dev/block/253:0", "devices/virtual/block/dm-0");

  link_to (r, "devices/virtual/block/md0/slaves/sda", SATA "/block/sda");
  link_to (r, "devices/virtual/block/md0/slaves/sdb", USB "/block/sdb");
  link_to (r, "dev/block/9:0", "devices/virtual/block/md0");
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_assert_true (drivedash_test_tree_remove (f->root));
  g_free (f->root);
}

static DrivedashFolderInfo *
resolve (Fixture *f,
         guint    major,
         guint    minor)
{
  DrivedashFolderInfo *info = g_new0 (DrivedashFolderInfo, 1);

  info->folder = g_strdup ("/somewhere");
  info->is_directory = TRUE;
  g_assert_true (drivedash_folder_info_resolve_device (info, f->root, major, minor));
  return info;
}

static void
assert_text (const DrivedashFolderInfo *info,
             const char                *expected)
{
  g_autofree char *text = drivedash_folder_info_dup_drive_text (info);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_names_nvme (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(DrivedashFolderInfo) part = resolve (f, 259, 2);
  g_autoptr(DrivedashFolderInfo) head = resolve (f, 259, 5);
  g_autoptr(DrivedashFolderInfo) copy = NULL;

  g_assert_cmpstr (part->block_device, ==, "nvme0n1p2");
  g_assert_cmpstr (part->disk, ==, "nvme0n1");
  g_assert_cmpstr (part->controller, ==, "nvme0");
  assert_text (part, "on Samsung SSD 970 EVO Plus 1TB");

  g_assert_cmpstr (head->disk, ==, "nvme1n1");
  g_assert_cmpstr (head->controller, ==, "nvme1");
  assert_text (head, "on WD_BLACK SN850X 2000GB");

  copy = drivedash_folder_info_copy (part);
  g_assert_cmpstr (copy->drive_name, ==, part->drive_name);
  g_assert_true (copy->drive_name != part->drive_name);
}

static void
test_names_other_buses (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(DrivedashFolderInfo) sata = resolve (f, 8, 0);
  g_autoptr(DrivedashFolderInfo) usb = resolve (f, 8, 16);
  g_autoptr(DrivedashFolderInfo) vda = resolve (f, 254, 0);
  DrivedashFolderInfo none = { .folder = (char *) "/x", .is_directory = TRUE };

  assert_text (sata, "on Samsung SSD 860 EVO 500GB");
  g_assert_null (sata->controller);
  assert_text (usb, "on WD Elements 2621");
  g_assert_true (vda->virtual_disk);
  assert_text (vda, "on a virtual disk (vda)");
  /* No block device at all: said in words, never an empty "()". */
  assert_text (&none, "on no drive that could be found (a network or virtual filesystem?)");
  g_assert_false (drivedash_folder_info_resolve_device (&none, f->root, 7, 99));
}

static void
test_names_stacked (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(DrivedashFolderInfo) luks = resolve (f, 253, 0);
  g_autoptr(DrivedashFolderInfo) raid = resolve (f, 9, 0);

  /* Encryption on one partition: still that drive. */
  g_assert_cmpstr (luks->block_device, ==, "dm-0");
  g_assert_cmpstr (luks->disk, ==, "nvme0n1");
  assert_text (luks, "on Samsung SSD 970 EVO Plus 1TB");
  /* RAID over two drives: no single drive to name; its device name. */
  g_assert_cmpstr (raid->disk, ==, "md0");
  g_assert_null (raid->drive_name);
  assert_text (raid, "on the drive md0");
}

/* A fresh folder on a tmpfs: in /dev/shm when that is one, else on a
 * tmpfs mounted here as root (*mounted).  NULL when neither is possible. */
static char *
make_tmpfs (char **mounted)
{
  struct statfs sfs;
  g_autofree char *dir = NULL;

  *mounted = NULL;
  if (statfs ("/dev/shm", &sfs) == 0 && sfs.f_type == TMPFS_MAGIC && access ("/dev/shm", W_OK) == 0)
    {
      dir = g_build_filename ("/dev/shm", "drivedash-test-XXXXXX", NULL);
      return g_mkdtemp (dir) ? g_steal_pointer (&dir) : NULL;
    }
  dir = g_dir_make_tmp ("drivedash-tmpfs-XXXXXX", NULL);
  if (dir != NULL && mount ("tmpfs", dir, "tmpfs", 0, "size=64m") == 0)
    {
      *mounted = g_strdup (dir);
      return g_steal_pointer (&dir);
    }
  if (dir != NULL)
    g_rmdir (dir);
  return NULL;
}

static void
unmake_tmpfs (const char *dir,
              char       *mounted)
{
  if (mounted != NULL)
    g_assert_cmpint (umount (mounted), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_free (mounted);
}

static void
test_probe_tmpfs (void)
{
  g_autofree char *mounted = NULL;
  g_autofree char *shm = make_tmpfs (&mounted);
  g_autoptr(DrivedashFolderInfo) info = NULL;
  g_autoptr(GError) error = NULL;

  if (shm == NULL)
    {
      g_test_skip ("no tmpfs here: /dev/shm is not one and mounting one needs root");
      return;
    }
  info = drivedash_folder_probe (shm);
  g_assert_true (info->is_directory);
  g_assert_true (info->in_memory);
  g_assert_cmpstr (info->fs_type, ==, "tmpfs");
  g_assert_null (info->drive_name);
  g_assert_false (drivedash_folder_info_check_measurable (info, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_IN_MEMORY);
  g_assert_nonnull (strstr (error->message, "memory, not on a drive"));
  g_test_message ("%s", error->message);
  unmake_tmpfs (shm, g_steal_pointer (&mounted));
}

/* The build folder: on a disk wherever the project is built. */
static void
test_probe_disk (void)
{
  const char *folder = g_getenv ("G_TEST_BUILDDIR");
  g_autoptr(DrivedashFolderInfo) info = drivedash_folder_probe (folder);
  g_autoptr(DrivedashFolderInfo) missing = drivedash_folder_probe ("/nonexistent/drivedash");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_false (missing->is_directory);
  g_assert_true (info->is_directory);
  if (info->in_memory || info->block_device == NULL)
    {
      g_test_skip ("the build folder is not on a block device here");
      return;
    }
  g_assert_nonnull (info->disk);
  text = drivedash_folder_info_dup_drive_text (info);
  g_test_message ("%s: %s, %s (%s)", folder, info->fs_type, text, info->block_device);
  g_assert_true (g_str_has_prefix (text, "on "));
  g_assert_true (drivedash_folder_info_check_measurable (info, &error));
  g_assert_no_error (error);
}

/* An overlay (a live session's root, a container's) writes to its upper
 * folder: in memory when that is on tmpfs, else on that folder's drive. */
static gboolean
mount_overlay (const char *base,
               const char *upper_parent,
               char      **merged)
{
  g_autofree char *lower = g_build_filename (base, "lower", NULL);
  g_autofree char *upper = g_build_filename (upper_parent, "upper", NULL);
  g_autofree char *work = g_build_filename (upper_parent, "work", NULL);
  g_autofree char *options = NULL;

  *merged = g_build_filename (base, "merged", NULL);
  g_assert_cmpint (g_mkdir (lower, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (upper, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (work, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (*merged, 0700), ==, 0);
  options = g_strdup_printf ("lowerdir=%s,upperdir=%s,workdir=%s", lower, upper, work);
  return mount ("overlay", *merged, "overlay", 0, options) == 0;
}

static void
test_probe_overlay (void)
{
  g_autofree char *mounted = NULL;
  g_autofree char *shm = make_tmpfs (&mounted);
  g_autofree char *base = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "overlay-XXXXXX", NULL);
  g_autofree char *on_memory = NULL, *on_disk = NULL;
  g_autoptr(DrivedashFolderInfo) disk = drivedash_folder_probe (g_getenv ("G_TEST_BUILDDIR"));
  g_autoptr(DrivedashFolderInfo) a = NULL;
  g_autoptr(DrivedashFolderInfo) b = NULL;
  g_autofree char *sub1 = NULL, *sub2 = NULL;

  g_assert_nonnull (g_mkdtemp (base));
  sub1 = g_build_filename (base, "1", NULL);
  sub2 = g_build_filename (base, "2", NULL);
  g_assert_cmpint (g_mkdir (sub1, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (sub2, 0700), ==, 0);
  if (shm == NULL || disk->in_memory || disk->disk == NULL ||
      !mount_overlay (sub1, shm, &on_memory))
    {
      g_assert_true (drivedash_test_tree_remove (base));
      if (shm != NULL)
        {
          g_autofree char *upper = g_build_filename (shm, "upper", NULL);
          g_autofree char *work = g_build_filename (shm, "work", NULL);

          drivedash_test_tree_remove (upper);
          drivedash_test_tree_remove (work);
          unmake_tmpfs (shm, g_steal_pointer (&mounted));
        }
      g_test_skip ("mounting an overlay needs root, a tmpfs and a build folder on a disk");
      return;
    }
  g_assert_true (mount_overlay (sub2, sub2, &on_disk));

  a = drivedash_folder_probe (on_memory);
  b = drivedash_folder_probe (on_disk);
  g_assert_cmpstr (a->fs_type, ==, "overlay");
  g_assert_true (a->in_memory);
  g_assert_false (b->in_memory);
  g_assert_cmpstr (b->disk, ==, disk->disk);

  g_assert_cmpint (umount (on_memory), ==, 0);
  g_assert_cmpint (umount (on_disk), ==, 0);
  g_assert_true (drivedash_test_tree_remove (base));
  {
    g_autofree char *upper = g_build_filename (shm, "upper", NULL);
    g_autofree char *work = g_build_filename (shm, "work", NULL);

    g_assert_true (drivedash_test_tree_remove (upper));
    g_assert_true (drivedash_test_tree_remove (work));
  }
  unmake_tmpfs (shm, g_steal_pointer (&mounted));
}

static int
run_cli (const char *const *args,
         char              **out,
         char              **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli",
                                           "drivedash-cli", NULL));
  g_ptr_array_add (argv, g_strdup ("bench"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDIN_FROM_DEV_NULL,
                               NULL, NULL, out, err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static guint
count_bench_files (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  guint n = 0;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    n += g_str_has_prefix (name, DRIVEDASH_BENCH_FILE_PREFIX);
  return n;
}

static JsonObject *
parse_settings (JsonParser *parser,
                const char *out)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  return json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)),
                                        "settings");
}

/* Issue 15: a run on /dev/shm reported memory speed as the drive's.
 * (--buffered: kernels before 6.6 refuse O_DIRECT on tmpfs.) */
static void
test_cli_refuses_memory (void)
{
  g_autofree char *mounted = NULL;
  g_autofree char *shm = make_tmpfs (&mounted);
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *settings;

  if (shm == NULL)
    {
      g_test_skip ("no tmpfs here: /dev/shm is not one and mounting one needs root");
      return;
    }
  {
    const char *args[] = { "--target", shm, "--size", "8MiB", "--count", "1", "--duration", "0.1",
                           "--interval", "0", "--no-warmup", "--test", "SEQ1M Q1T1", "--mode", "read",
                           NULL };

    g_assert_cmpint (run_cli (args, &out, &err), ==, 5);
    g_test_message ("%s", err);
    g_assert_nonnull (strstr (err, "memory, not on a drive"));
    g_assert_cmpstr (out, ==, "");
    g_assert_cmpuint (count_bench_files (shm), ==, 0);
  }
  {
    const char *args[] = { "--target", shm, "--size", "8MiB", "--count", "1", "--duration", "0.1",
                           "--interval", "0", "--no-warmup", "--test", "SEQ1M Q1T1", "--mode", "read",
                           "--allow-memory", "--buffered", "--json", NULL };

    g_assert_cmpint (run_cli (args, &out2, &err2), ==, 0);
    settings = parse_settings (parser, out2);
    g_assert_true (json_object_get_boolean_member (settings, "in_memory"));
    g_assert_true (json_object_get_null_member (settings, "drive"));
    g_assert_cmpuint (count_bench_files (shm), ==, 0);
  }
  unmake_tmpfs (shm, g_steal_pointer (&mounted));
}

static void
test_cli_text_allow_memory (void)
{
  g_autofree char *mounted = NULL;
  g_autofree char *shm = make_tmpfs (&mounted);
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "--target", NULL, "--size", "8MiB", "--count", "1", "--duration", "0.1",
                         "--interval", "0", "--no-warmup", "--test", "SEQ1M Q1T1", "--mode", "read",
                         "--allow-memory", "--buffered", NULL };

  if (shm == NULL)
    {
      g_test_skip ("no tmpfs here: /dev/shm is not one and mounting one needs root");
      return;
    }
  args[1] = shm;
  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "in the computer’s memory, not on a drive"));
  g_assert_nonnull (strstr (out, "No verdict: this folder is in the computer’s memory"));
  unmake_tmpfs (shm, g_steal_pointer (&mounted));
}

/* On a disk: the new keys are there, the old ones unchanged. */
static void
test_cli_disk_json (void)
{
  g_autofree char *folder = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "folder-XXXXXX", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(DrivedashFolderInfo) info = NULL;
  const char *args[] = { "--target", folder, "--size", "8MiB", "--count", "1", "--duration", "0.1",
                         "--interval", "0", "--no-warmup", "--test", "SEQ1M Q1T1", "--mode", "read",
                         "--json", NULL };
  JsonObject *root, *settings, *verdict, *result;

  g_assert_nonnull (g_mkdtemp (folder));
  info = drivedash_folder_probe (folder);
  if (info->in_memory)
    {
      g_rmdir (folder);
      g_test_skip ("the build folder is in memory here");
      return;
    }
  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  settings = parse_settings (parser, out);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_false (json_object_get_boolean_member (settings, "in_memory"));
  if (info->disk != NULL)
    g_assert_cmpstr (json_object_get_string_member (settings, "disk"), ==, info->disk);
  g_assert_cmpfloat (json_object_get_double_member (root, "estimate_s"), >, 0.1);
  verdict = json_object_get_object_member (root, "verdict");
  g_assert_nonnull (json_object_get_string_member (verdict, "headline"));
  result = json_array_get_object_element (json_object_get_array_member (root, "results"), 0);
  g_assert_cmpstr (json_object_get_string_member (result, "test"), ==, "SEQ1M Q1T1");
  g_assert_cmpstr (json_object_get_string_member (result, "title"), ==,
                   "Large files, one at a time (SEQ1M Q1T1)");
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

/* The controller under a real folder, its device number pointed at a
 * partition, a LUKS mapper over it and an md array over two drives. */
static void
test_controller_for_folder (Fixture       *f,
                            gconstpointer  data)
{
  struct stat st;
  g_autofree char *num = NULL;
  g_autofree char *link = NULL;
  static const struct { const char *target; const char *controller; } cases[] = {
    { NVME_CTRL "/nvme0n1/nvme0n1p2", "nvme0" },
    { "devices/virtual/block/dm-0", "nvme0" },
    { "devices/virtual/block/md0", NULL },
    { SATA "/block/sda", NULL },
  };

  g_assert_cmpint (stat (f->root, &st), ==, 0);
  num = g_strdup_printf ("dev/block/%u:%u", major (st.st_dev), minor (st.st_dev));
  link = g_build_filename (f->root, num, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *controller = NULL;

      g_unlink (link);
      link_to (f->root, num, cases[i].target);
      controller = drivedash_controller_for_folder (f->root, f->root);
      g_assert_cmpstr (controller, ==, cases[i].controller);
    }
  g_assert_null (drivedash_controller_for_folder (f->root, NULL));
  g_assert_null (drivedash_controller_for_folder (f->root, "/no/such/folder"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/folder/names/nvme", Fixture, NULL, fixture_setup, test_names_nvme, fixture_teardown);
  g_test_add ("/folder/names/other-buses", Fixture, NULL, fixture_setup, test_names_other_buses,
              fixture_teardown);
  g_test_add ("/folder/names/stacked", Fixture, NULL, fixture_setup, test_names_stacked,
              fixture_teardown);
  g_test_add ("/folder/controller", Fixture, NULL, fixture_setup, test_controller_for_folder, fixture_teardown);
  g_test_add_func ("/folder/probe/tmpfs", test_probe_tmpfs);
  g_test_add_func ("/folder/probe/disk", test_probe_disk);
  g_test_add_func ("/folder/probe/overlay", test_probe_overlay);
  g_test_add_func ("/folder/cli/refuses-memory", test_cli_refuses_memory);
  g_test_add_func ("/folder/cli/text-allow-memory", test_cli_text_allow_memory);
  g_test_add_func ("/folder/cli/disk-json", test_cli_disk_json);
  return g_test_run ();
}
