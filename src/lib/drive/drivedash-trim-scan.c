/* drivedash-trim-scan.c — which mounted filesystems live on a drive, and
 * whether trim reaches the drive from each of them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * From the controller's namespaces down the sysfs tree: each namespace,
 * its partitions, and every holder above them (dm-crypt, LVM, RAID), each
 * with its "dev" number and whether every layer down to the drive passes
 * discards (queue/discard_max_bytes above 0).  Then the filesystems in
 * mountinfo are matched by that number.
 */
#include "config.h"

#include "drivedash-drive.h"
#include "drivedash-sysfs.h"
#include "drivedash-trim-private.h"

/* Holders nest a few deep at most (partition, crypt, LVM); the limit
 * only guards against a looped fixture. */
#define MAX_DEPTH 8

static char *
block_path (const char *root,
            const char *name,
            const char *attribute)
{
  return g_build_filename (root, "class", "block", name, attribute, NULL);
}

/* A missing attribute (an old kernel, a bare fixture) says nothing, so
 * it does not block: only a real 0 does. */
static gboolean
passes_discards (const char *root,
                 const char *name)
{
  g_autofree char *path = block_path (root, name, "queue/discard_max_bytes");
  guint64 max = 0;

  if (!drivedash_sysfs_read_uint64 (path, &max, NULL))
    return TRUE;
  return max > 0;
}

static void visit (GHashTable *devices, const char *root, const char *name, gboolean passes, guint depth);

static void
visit_holders (GHashTable *devices,
               const char *root,
               const char *name,
               gboolean    passes,
               guint       depth)
{
  g_autofree char *path = block_path (root, name, "holders");
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *holder;

  while (dir != NULL && (holder = g_dir_read_name (dir)) != NULL)
    visit (devices, root, holder, passes && passes_discards (root, holder), depth + 1);
}

/* Partitions are subfolders of their disk with a "partition" file. */
static void
visit_partitions (GHashTable *devices,
                  const char *root,
                  const char *disk,
                  gboolean    passes,
                  guint       depth)
{
  g_autofree char *path = block_path (root, disk, NULL);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *entry;

  while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *partition = g_build_filename (path, entry, "partition", NULL);

      if (g_str_has_prefix (entry, disk) && g_file_test (partition, G_FILE_TEST_EXISTS))
        visit (devices, root, entry, passes, depth + 1);
    }
}

/* devices: "MAJOR:MINOR" → GINT_TO_POINTER (passes + 1). */
static void
visit (GHashTable *devices,
       const char *root,
       const char *name,
       gboolean    passes,
       guint       depth)
{
  g_autofree char *dev_path = block_path (root, name, "dev");
  g_autofree char *dev = drivedash_sysfs_read_string (dev_path, NULL);

  if (depth > MAX_DEPTH)
    return;
  if (dev != NULL)
    g_hash_table_replace (devices, g_steal_pointer (&dev), GINT_TO_POINTER (passes ? 2 : 1));
  visit_partitions (devices, root, name, passes, depth);
  visit_holders (devices, root, name, passes, depth);
}

/* The namespaces' devices, or NULL when there is no such controller.
 * DrivedashDrive knows the block device of each namespace, multipath
 * (nvme<S>c<C>n<N> under the controller, nvme<S>n<N> the device) or not. */
static GHashTable *
drive_devices (DrivedashTrimStatus *status,
               const char          *root,
               const char          *controller,
               GError             **error)
{
  g_autoptr(DrivedashDrive) drive = drivedash_drive_lookup (root, controller, error);
  GHashTable *devices;
  GPtrArray *namespaces;

  if (drive == NULL)
    return NULL;
  devices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  namespaces = drivedash_drive_get_namespaces (drive);
  status->drive_trims = TRUE;
  for (guint i = 0; i < namespaces->len; i++)
    {
      const DrivedashNamespace *ns = g_ptr_array_index (namespaces, i);
      gboolean passes = passes_discards (root, ns->name);

      /* One namespace that takes no trim makes the drive one that takes
       * none: NVMe says it per controller. */
      status->drive_trims = status->drive_trims && passes;
      visit (devices, root, ns->name, passes, 0);
    }
  return devices;
}

gboolean
drivedash_trim_options_discard (const char *options)
{
  g_auto(GStrv) words = g_strsplit (options, ",", -1);

  for (guint i = 0; words[i] != NULL; i++)
    if (g_str_equal (words[i], "discard") || g_str_has_prefix (words[i], "discard="))
      return TRUE;
  return FALSE;
}

/* One mountinfo line: "36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3
 * /dev/root rw,errors=continue".  Each filesystem counts once, however
 * many times it is bind-mounted. */
static void
count_line (DrivedashTrimStatus *status,
            GHashTable          *devices,
            GHashTable          *seen,
            const char          *line)
{
  g_auto(GStrv) fields = g_strsplit (line, " ", -1);
  guint n = g_strv_length (fields);
  guint sep = 6;
  gpointer passes;

  while (sep < n && !g_str_equal (fields[sep], "-"))
    sep++;
  if (sep + 3 >= n || !g_hash_table_lookup_extended (devices, fields[2], NULL, &passes) ||
      !g_hash_table_add (seen, g_strdup (fields[2])))
    return;
  status->n_filesystems++;
  if (GPOINTER_TO_INT (passes) != 2)
    status->n_blocked++;
  else if (drivedash_trim_options_discard (fields[5]) ||
           drivedash_trim_options_discard (fields[sep + 3]))
    status->n_discard++;
}

gboolean
drivedash_trim_scan_filesystems (DrivedashTrimStatus *status,
                                 const char          *sysfs_root,
                                 const char          *mountinfo,
                                 const char          *controller,
                                 GError             **error)
{
  g_autoptr(GHashTable) devices = drive_devices (status, sysfs_root, controller, error);
  g_autoptr(GHashTable) seen = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (devices == NULL)
    return FALSE;
  status->n_filesystems = status->n_discard = status->n_blocked = 0;
  /* No mountinfo (no /proc) leaves the counts at 0: "nothing mounted"
   * is what can be told then. */
  if (!g_file_get_contents (mountinfo, &contents, NULL, NULL))
    return TRUE;
  seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    count_line (status, devices, seen, lines[i]);
  return TRUE;
}
