/* drivedash-drive.c — NVMe controller discovery from sysfs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Discovery reads sysfs directly rather than through libnvme's tree:
 * libnvme 1.3 hard-codes /sys (tests could not point it at a fixture
 * tree) and opens and identifies every namespace while scanning, which
 * needs root.  sysfs gives everything listed here to any user.  libnvme is
 * used for the admin commands (drivedash-nvme.c).
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "drivedash-drive.h"
#include "drivedash-error.h"
#include "drivedash-json.h"
#include "drivedash-sysfs.h"

struct _DrivedashDrive
{
  GObject parent_instance;

  char *name;
  guint instance;
  char *model;
  char *serial;
  char *firmware;
  char *state;
  char *transport;
  char *address;
  char *link_speed;
  char *max_link_speed;
  guint link_width;
  guint max_link_width;
  GPtrArray *namespaces;
  char *sysfs_root;
  char *sysfs_path;
  char *hwmon_path;
  char *device_path;
  gboolean apst_exposed;

  gboolean has_identify;
  DrivedashIdentify identify;
};

G_DEFINE_FINAL_TYPE (DrivedashDrive, drivedash_drive, G_TYPE_OBJECT)

static void
drivedash_namespace_free (DrivedashNamespace *ns)
{
  g_free (ns->name);
  g_free (ns);
}

static void
drivedash_drive_finalize (GObject *object)
{
  DrivedashDrive *self = DRIVEDASH_DRIVE (object);

  g_free (self->name);
  g_free (self->model);
  g_free (self->serial);
  g_free (self->firmware);
  g_free (self->state);
  g_free (self->transport);
  g_free (self->address);
  g_free (self->link_speed);
  g_free (self->max_link_speed);
  g_clear_pointer (&self->namespaces, g_ptr_array_unref);
  g_free (self->sysfs_root);
  g_free (self->sysfs_path);
  g_free (self->hwmon_path);
  g_free (self->device_path);

  G_OBJECT_CLASS (drivedash_drive_parent_class)->finalize (object);
}

static void
drivedash_drive_class_init (DrivedashDriveClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = drivedash_drive_finalize;
}

static void
drivedash_drive_init (DrivedashDrive *self)
{
  self->namespaces = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_namespace_free);
}

/* "nvme12" → 12; FALSE for "nvme-fabrics", "nvme0n1", "nvme" … */
static gboolean
parse_controller_name (const char *name,
                       guint      *instance)
{
  guint64 v;

  if (!g_str_has_prefix (name, "nvme") || name[4] == '\0')
    return FALSE;
  if (!g_ascii_string_to_unsigned (name + 4, 10, 0, G_MAXINT, &v, NULL))
    return FALSE;
  /* Leading zeros are accepted by the parser but never made by the kernel:
   * "nvme01" is not a controller. */
  if (name[4] == '0' && name[5] != '\0')
    return FALSE;
  if (instance != NULL)
    *instance = (guint) v;
  return TRUE;
}

static char *
read_attr (const char *dir,
           const char *attr)
{
  g_autofree char *path = g_build_filename (dir, attr, NULL);

  return drivedash_sysfs_read_string (path, NULL);
}

/* PCI link attributes say "Unknown" (or width 0) for devices that are not
 * on PCI Express, e.g. QEMU's default machine. */
static char *
read_link_speed (const char *dir,
                 const char *attr)
{
  g_autofree char *s = read_attr (dir, attr);

  if (s == NULL || *s == '\0' || g_ascii_strncasecmp (s, "unknown", 7) == 0)
    return NULL;
  return g_steal_pointer (&s);
}

static guint
read_link_width (const char *dir,
                 const char *attr)
{
  g_autofree char *path = g_build_filename (dir, attr, NULL);
  guint64 v = 0;

  if (!drivedash_sysfs_read_uint64 (path, &v, NULL) || v > 64)
    return 0;
  return (guint) v;
}

static gboolean
is_nvme_hwmon (const char *dir)
{
  g_autofree char *name = read_attr (dir, "name");

  return g_strcmp0 (name, "nvme") == 0;
}

/* The hwmon device hangs off the controller (kernel ≥ 5.12) or, on older
 * kernels, off the PCI device. */
static char *
find_hwmon (const char *ctrl_path)
{
  const char *parents[] = { "", "device/hwmon", "device" };

  for (gsize i = 0; i < G_N_ELEMENTS (parents); i++)
    {
      g_autofree char *parent = g_build_filename (ctrl_path, parents[i], NULL);
      g_autoptr(GDir) dir = g_dir_open (parent, 0, NULL);
      const char *entry;

      if (dir == NULL)
        continue;
      while ((entry = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = NULL;

          if (!g_str_has_prefix (entry, "hwmon"))
            continue;
          path = g_build_filename (parent, entry, NULL);
          if (is_nvme_hwmon (path))
            return g_steal_pointer (&path);
        }
    }

  return NULL;
}

static int
compare_namespaces (gconstpointer a,
                    gconstpointer b)
{
  const DrivedashNamespace *x = *(DrivedashNamespace * const *) a;
  const DrivedashNamespace *y = *(DrivedashNamespace * const *) b;

  if (x->nsid != y->nsid)
    return x->nsid < y->nsid ? -1 : 1;
  return g_strcmp0 (x->name, y->name);
}

static void
add_namespace (DrivedashDrive *self,
               const char     *block_name,
               const char     *fallback_dir)
{
  g_autofree char *block_dir = g_build_filename (self->sysfs_root, "class", "block", block_name, NULL);
  const char *dir = g_file_test (block_dir, G_FILE_TEST_IS_DIR) ? block_dir : fallback_dir;
  g_autofree char *size_path = g_build_filename (dir, "size", NULL);
  g_autofree char *nsid_path = g_build_filename (dir, "nsid", NULL);
  g_autofree char *lba_path = g_build_filename (dir, "queue", "logical_block_size", NULL);
  DrivedashNamespace *ns;
  guint64 v;

  for (guint i = 0; i < self->namespaces->len; i++)
    {
      DrivedashNamespace *other = g_ptr_array_index (self->namespaces, i);

      if (g_strcmp0 (other->name, block_name) == 0)
        return;
    }

  ns = g_new0 (DrivedashNamespace, 1);
  ns->name = g_strdup (block_name);
  /* The block layer's size is always in 512-byte sectors. */
  if (drivedash_sysfs_read_uint64 (size_path, &v, NULL) && v <= G_MAXUINT64 / 512)
    ns->size_bytes = v * 512;
  if (drivedash_sysfs_read_uint64 (nsid_path, &v, NULL) && v <= G_MAXUINT32)
    ns->nsid = (guint32) v;
  if (drivedash_sysfs_read_uint64 (lba_path, &v, NULL) && v <= G_MAXUINT32)
    ns->lba_size = (guint32) v;
  g_ptr_array_add (self->namespaces, ns);
}

/* With native multipath (Debian's default) the controller directory holds
 * the hidden path devices nvme<S>c<C>n<N>, and the block device people use
 * is nvme<S>n<N>; without it, nvme<C>n<N> sits there directly. */
static void
scan_namespaces (DrivedashDrive *self)
{
  g_autoptr(GDir) dir = g_dir_open (self->sysfs_path, 0, NULL);
  const char *entry;

  if (dir == NULL)
    return;

  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *entry_dir = NULL;
      g_autofree char *head = NULL;
      unsigned subsys, ctrl, nsid;
      int consumed = 0;

      if (!g_str_has_prefix (entry, "nvme"))
        continue;

      if (sscanf (entry, "nvme%uc%un%u%n", &subsys, &ctrl, &nsid, &consumed) == 3 &&
          entry[consumed] == '\0')
        head = g_strdup_printf ("nvme%un%u", subsys, nsid);
      else if (sscanf (entry, "nvme%un%u%n", &subsys, &nsid, &consumed) == 2 &&
               entry[consumed] == '\0')
        head = g_strdup (entry);
      else
        continue;

      entry_dir = g_build_filename (self->sysfs_path, entry, NULL);
      add_namespace (self, head, entry_dir);
    }

  g_ptr_array_sort (self->namespaces, compare_namespaces);
}

static DrivedashDrive *
drivedash_drive_new_from_sysfs (const char *sysfs_root,
                                const char *name,
                                guint       instance)
{
  g_autoptr(DrivedashDrive) self = g_object_new (DRIVEDASH_TYPE_DRIVE, NULL);
  g_autofree char *device_dir = NULL;
  g_autofree char *apst_path = NULL;

  self->sysfs_root = g_strdup (sysfs_root);
  self->name = g_strdup (name);
  self->instance = instance;
  self->sysfs_path = g_build_filename (sysfs_root, "class", "nvme", name, NULL);

  self->model = read_attr (self->sysfs_path, "model");
  self->serial = read_attr (self->sysfs_path, "serial");
  self->firmware = read_attr (self->sysfs_path, "firmware_rev");
  self->state = read_attr (self->sysfs_path, "state");
  self->transport = read_attr (self->sysfs_path, "transport");
  self->address = read_attr (self->sysfs_path, "address");
  if (self->model == NULL)
    self->model = g_strdup ("");
  if (self->serial == NULL)
    self->serial = g_strdup ("");
  if (self->firmware == NULL)
    self->firmware = g_strdup ("");
  if (self->state == NULL)
    self->state = g_strdup ("unknown");
  if (self->transport == NULL)
    self->transport = g_strdup ("");
  if (self->address != NULL && *self->address == '\0')
    g_clear_pointer (&self->address, g_free);

  device_dir = g_build_filename (self->sysfs_path, "device", NULL);
  self->link_speed = read_link_speed (device_dir, "current_link_speed");
  self->max_link_speed = read_link_speed (device_dir, "max_link_speed");
  self->link_width = read_link_width (device_dir, "current_link_width");
  self->max_link_width = read_link_width (device_dir, "max_link_width");

  self->hwmon_path = find_hwmon (self->sysfs_path);

  apst_path = g_build_filename (self->sysfs_path, "power", "pm_qos_latency_tolerance_us", NULL);
  self->apst_exposed = g_file_test (apst_path, G_FILE_TEST_EXISTS);

  /* Only the real sysfs describes this machine's /dev: a fixture tree must
   * never lead us to send commands to a real drive. */
  if (g_strcmp0 (sysfs_root, DRIVEDASH_SYSFS_ROOT) == 0)
    self->device_path = g_strdup_printf ("/dev/%s", name);

  scan_namespaces (self);

  return g_steal_pointer (&self);
}

static int
compare_drives (gconstpointer a,
                gconstpointer b)
{
  const DrivedashDrive *x = *(DrivedashDrive * const *) a;
  const DrivedashDrive *y = *(DrivedashDrive * const *) b;

  return x->instance < y->instance ? -1 : x->instance > y->instance ? 1 : 0;
}

GPtrArray *
drivedash_drive_list (const char  *sysfs_root,
                      GError     **error)
{
  g_autoptr(GPtrArray) drives = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *class_dir = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *entry;

  if (sysfs_root == NULL)
    sysfs_root = DRIVEDASH_SYSFS_ROOT;

  class_dir = g_build_filename (sysfs_root, "class", "nvme", NULL);
  dir = g_dir_open (class_dir, 0, &local_error);
  if (dir == NULL)
    {
      /* No NVMe driver loaded, or no drive: nothing to list. */
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return g_steal_pointer (&drives);

      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   _("Could not look for NVMe drives: the system’s device list (%s) cannot be read."),
                   class_dir);
      return NULL;
    }

  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      guint instance;

      if (!parse_controller_name (entry, &instance))
        continue;
      g_ptr_array_add (drives, drivedash_drive_new_from_sysfs (sysfs_root, entry, instance));
    }

  g_ptr_array_sort (drives, compare_drives);
  return g_steal_pointer (&drives);
}

DrivedashDrive *
drivedash_drive_lookup (const char  *sysfs_root,
                        const char  *name,
                        GError     **error)
{
  g_autofree char *path = NULL;
  guint instance;

  g_return_val_if_fail (name != NULL, NULL);

  if (sysfs_root == NULL)
    sysfs_root = DRIVEDASH_SYSFS_ROOT;

  if (g_str_has_prefix (name, "/dev/"))
    name += strlen ("/dev/");

  if (!parse_controller_name (name, &instance))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not the name of an NVMe controller; use a name like “nvme0” (see “drivedash-cli list”)."),
                   name);
      return NULL;
    }

  path = g_build_filename (sysfs_root, "class", "nvme", name, NULL);
  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                   _("There is no NVMe controller called “%s” (see “drivedash-cli list”)."),
                   name);
      return NULL;
    }

  return drivedash_drive_new_from_sysfs (sysfs_root, name, instance);
}

#define GETTER(type, field) \
  type \
  drivedash_drive_get_##field (DrivedashDrive *self) \
  { \
    g_return_val_if_fail (DRIVEDASH_IS_DRIVE (self), 0); \
    return self->field; \
  }

GETTER (const char *, name)
GETTER (guint, instance)
GETTER (const char *, model)
GETTER (const char *, serial)
GETTER (const char *, firmware)
GETTER (const char *, state)
GETTER (const char *, transport)
GETTER (const char *, address)
GETTER (const char *, link_speed)
GETTER (const char *, max_link_speed)
GETTER (guint, link_width)
GETTER (guint, max_link_width)
GETTER (GPtrArray *, namespaces)
GETTER (const char *, sysfs_root)
GETTER (const char *, sysfs_path)
GETTER (const char *, hwmon_path)
GETTER (const char *, device_path)
GETTER (gboolean, apst_exposed)

#undef GETTER

guint64
drivedash_drive_get_capacity_bytes (DrivedashDrive *self)
{
  guint64 total = 0;

  g_return_val_if_fail (DRIVEDASH_IS_DRIVE (self), 0);

  for (guint i = 0; i < self->namespaces->len; i++)
    {
      const DrivedashNamespace *ns = g_ptr_array_index (self->namespaces, i);

      total += ns->size_bytes;
    }
  return total;
}

const DrivedashIdentify *
drivedash_drive_get_cached_identify (DrivedashDrive *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_DRIVE (self), NULL);

  return self->has_identify ? &self->identify : NULL;
}

void
drivedash_drive_set_cached_identify (DrivedashDrive          *self,
                                     const DrivedashIdentify *identify)
{
  g_return_if_fail (DRIVEDASH_IS_DRIVE (self));

  self->has_identify = identify != NULL;
  if (identify != NULL)
    self->identify = *identify;
}

void
drivedash_drive_to_json (DrivedashDrive *self,
                         JsonBuilder    *b)
{
  guint64 capacity;

  g_return_if_fail (DRIVEDASH_IS_DRIVE (self));

  capacity = drivedash_drive_get_capacity_bytes (self);
  drivedash_json_member_string (b, "controller", self->name);
  drivedash_json_member_string (b, "model", self->model);
  drivedash_json_member_string (b, "serial", self->serial);
  drivedash_json_member_string (b, "firmware", self->firmware);
  drivedash_json_member_string (b, "state", self->state);
  drivedash_json_member_string (b, "transport", self->transport);
  drivedash_json_member_string (b, "address", self->address);
  drivedash_json_member_int (b, "capacity_bytes", capacity != 0 && capacity <= G_MAXINT64, (gint64) capacity);
  drivedash_json_member_string (b, "link_speed", self->link_speed);
  drivedash_json_member_int (b, "link_width", self->link_width != 0, self->link_width);
  drivedash_json_member_string (b, "max_link_speed", self->max_link_speed);
  drivedash_json_member_int (b, "max_link_width", self->max_link_width != 0, self->max_link_width);
  json_builder_set_member_name (b, "temperature_sensor");
  json_builder_add_boolean_value (b, self->hwmon_path != NULL);
  json_builder_set_member_name (b, "apst_exposed");
  json_builder_add_boolean_value (b, self->apst_exposed);

  json_builder_set_member_name (b, "namespaces");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->namespaces->len; i++)
    {
      const DrivedashNamespace *ns = g_ptr_array_index (self->namespaces, i);

      json_builder_begin_object (b);
      drivedash_json_member_string (b, "name", ns->name);
      drivedash_json_member_int (b, "nsid", ns->nsid != 0, ns->nsid);
      drivedash_json_member_int (b, "size_bytes", ns->size_bytes != 0 && ns->size_bytes <= G_MAXINT64,
                                 (gint64) ns->size_bytes);
      drivedash_json_member_int (b, "lba_size", ns->lba_size != 0, ns->lba_size);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

char *
drivedash_drive_list_to_json (GPtrArray *drives)
{
  return drivedash_json_list_to_string ("drives", drives,
                                        (DrivedashJsonMembersFunc) drivedash_drive_to_json);
}
