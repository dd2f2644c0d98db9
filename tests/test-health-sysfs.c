/* test-health-sysfs.c — discovery and unprivileged health from a fixture
 * sysfs tree built in a temporary directory
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <stdarg.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "drivedash-error.h"
#include "drivedash-health.h"
#include "drivedash-store.h"
#include "drivedash-store-health.h"
#include "drivedash-nvme.h"

#include "drivedash-test-tree.h"

typedef struct
{
  char *root;
} Fixture;

static void
mkdir_p (const char *root,
         const char *path)
{
  g_autofree char *full = g_build_filename (root, path, NULL);

  g_assert_cmpint (g_mkdir_with_parents (full, 0755), ==, 0);
}

/* Three controllers shaped like the kernel makes them (values padded the
 * way drives pad them), plus the nvme-fabrics device that is not one:
 *   nvme0  — multipath namespace, hwmon, APST exposed, PCIe link
 *   nvme2  — hot: temperature alarm raised, APST turned off (game mode)
 *   nvme10 — no hwmon, direct namespace, no link information */
static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  const char *r;

  f->root = g_dir_make_tmp ("drivedash-sysfs-XXXXXX", &error);
  g_assert_no_error (error);
  r = f->root;

  drivedash_test_tree_put (r, "class/nvme/nvme0/model", "Samsung SSD 970 EVO Plus 1TB            \n");
  drivedash_test_tree_put (r, "class/nvme/nvme0/serial", "  S4EWNX0R123456     \n");
  drivedash_test_tree_put (r, "class/nvme/nvme0/firmware_rev", "2B2QEXM7\n");
  drivedash_test_tree_put (r, "class/nvme/nvme0/state", "live\n");
  drivedash_test_tree_put (r, "class/nvme/nvme0/transport", "pcie\n");
  drivedash_test_tree_put (r, "class/nvme/nvme0/address", "0000:01:00.0\n");
  drivedash_test_tree_put (r, "class/nvme/nvme0/device/current_link_speed", "8.0 GT/s PCIe\n");
  drivedash_test_tree_put (r, "class/nvme/nvme0/device/current_link_width", "4\n");
  drivedash_test_tree_put (r, "class/nvme/nvme0/device/max_link_speed", "8.0 GT/s PCIe\n");
  drivedash_test_tree_put (r, "class/nvme/nvme0/device/max_link_width", "4\n");
  drivedash_test_tree_put (r, "class/nvme/nvme0/hwmon3/name", "nvme\n");
  drivedash_test_tree_put (r, "class/nvme/nvme0/hwmon3/temp1_label", "Composite\n");
  drivedash_test_tree_put (r, "class/nvme/nvme0/hwmon3/temp1_input", "49850\n");   /* 323 K */
  drivedash_test_tree_put (r, "class/nvme/nvme0/hwmon3/temp1_max", "69850\n");     /* 343 K */
  drivedash_test_tree_put (r, "class/nvme/nvme0/hwmon3/temp1_crit", "79850\n");    /* 353 K */
  drivedash_test_tree_put (r, "class/nvme/nvme0/hwmon3/temp1_alarm", "0\n");
  drivedash_test_tree_put (r, "class/nvme/nvme0/hwmon3/temp2_input", "36850\n");   /* 310 K */
  drivedash_test_tree_put (r, "class/nvme/nvme0/power/pm_qos_latency_tolerance_us", "100000\n");
  drivedash_test_tree_put (r, "class/nvme/nvme0/nvme0c0n1/size", "1953525168\n");
  drivedash_test_tree_put (r, "class/block/nvme0n1/size", "1953525168\n");
  drivedash_test_tree_put (r, "class/block/nvme0n1/nsid", "1\n");
  drivedash_test_tree_put (r, "class/block/nvme0n1/queue/logical_block_size", "512\n");

  drivedash_test_tree_put (r, "class/nvme/nvme2/model", "QEMU NVMe Ctrl                          \n");
  drivedash_test_tree_put (r, "class/nvme/nvme2/serial", "deadbeef            \n");
  drivedash_test_tree_put (r, "class/nvme/nvme2/firmware_rev", "7.2.0   \n");
  drivedash_test_tree_put (r, "class/nvme/nvme2/state", "live\n");
  drivedash_test_tree_put (r, "class/nvme/nvme2/transport", "pcie\n");
  drivedash_test_tree_put (r, "class/nvme/nvme2/device/current_link_speed", "Unknown\n");
  drivedash_test_tree_put (r, "class/nvme/nvme2/device/current_link_width", "0\n");
  drivedash_test_tree_put (r, "class/nvme/nvme2/device/hwmon/hwmon1/name", "nvme\n");
  drivedash_test_tree_put (r, "class/nvme/nvme2/device/hwmon/hwmon1/temp1_input", "74850\n");  /* 348 K */
  drivedash_test_tree_put (r, "class/nvme/nvme2/device/hwmon/hwmon1/temp1_max", "69850\n");
  drivedash_test_tree_put (r, "class/nvme/nvme2/device/hwmon/hwmon1/temp1_alarm", "1\n");
  drivedash_test_tree_put (r, "class/nvme/nvme2/power/pm_qos_latency_tolerance_us", "0\n");

  drivedash_test_tree_put (r, "class/nvme/nvme10/model", "Tiny\n");
  drivedash_test_tree_put (r, "class/nvme/nvme10/serial", "X\n");
  drivedash_test_tree_put (r, "class/nvme/nvme10/firmware_rev", "1\n");
  drivedash_test_tree_put (r, "class/nvme/nvme10/state", "resetting\n");
  drivedash_test_tree_put (r, "class/nvme/nvme10/nvme10n1/size", "2048\n");
  drivedash_test_tree_put (r, "class/nvme/nvme10/nvme10n1/nsid", "1\n");
  /* A hwmon device of another driver is not ours. */
  drivedash_test_tree_put (r, "class/nvme/nvme10/hwmon9/name", "acpitz\n");
  drivedash_test_tree_put (r, "class/nvme/nvme10/hwmon9/temp1_input", "30000\n");

  mkdir_p (r, "class/nvme/nvme-fabrics");
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_assert_true (drivedash_test_tree_remove (f->root));
  g_free (f->root);
}

static DrivedashDrive *
lookup (Fixture    *f,
        const char *name)
{
  g_autoptr(GError) error = NULL;
  DrivedashDrive *drive = drivedash_drive_lookup (f->root, name, &error);

  g_assert_no_error (error);
  g_assert_nonnull (drive);
  return drive;
}

static void
test_list (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) drives = drivedash_drive_list (f->root, &error);
  DrivedashDrive *d0, *d2, *d10;
  const DrivedashNamespace *ns;
  g_autofree char *hwmon = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (drives->len, ==, 3);
  d0 = g_ptr_array_index (drives, 0);
  d2 = g_ptr_array_index (drives, 1);
  d10 = g_ptr_array_index (drives, 2);

  /* Numeric order, not alphabetical. */
  g_assert_cmpstr (drivedash_drive_get_name (d0), ==, "nvme0");
  g_assert_cmpstr (drivedash_drive_get_name (d2), ==, "nvme2");
  g_assert_cmpstr (drivedash_drive_get_name (d10), ==, "nvme10");
  g_assert_cmpuint (drivedash_drive_get_instance (d10), ==, 10);

  /* Trimmed strings. */
  g_assert_cmpstr (drivedash_drive_get_model (d0), ==, "Samsung SSD 970 EVO Plus 1TB");
  g_assert_cmpstr (drivedash_drive_get_serial (d0), ==, "S4EWNX0R123456");
  g_assert_cmpstr (drivedash_drive_get_firmware (d0), ==, "2B2QEXM7");
  g_assert_cmpstr (drivedash_drive_get_firmware (d2), ==, "7.2.0");
  g_assert_cmpstr (drivedash_drive_get_state (d0), ==, "live");
  g_assert_cmpstr (drivedash_drive_get_state (d10), ==, "resetting");
  g_assert_cmpstr (drivedash_drive_get_transport (d0), ==, "pcie");
  g_assert_cmpstr (drivedash_drive_get_address (d0), ==, "0000:01:00.0");
  g_assert_null (drivedash_drive_get_address (d10));

  g_assert_cmpstr (drivedash_drive_get_link_speed (d0), ==, "8.0 GT/s PCIe");
  g_assert_cmpuint (drivedash_drive_get_link_width (d0), ==, 4);
  g_assert_cmpuint (drivedash_drive_get_max_link_width (d0), ==, 4);
  g_assert_null (drivedash_drive_get_link_speed (d2));   /* "Unknown" */
  g_assert_cmpuint (drivedash_drive_get_link_width (d2), ==, 0);

  /* Namespaces: the multipath head's name, sizes in bytes. */
  g_assert_cmpuint (drivedash_drive_get_namespaces (d0)->len, ==, 1);
  ns = g_ptr_array_index (drivedash_drive_get_namespaces (d0), 0);
  g_assert_cmpstr (ns->name, ==, "nvme0n1");
  g_assert_cmpuint (ns->nsid, ==, 1);
  g_assert_cmpuint (ns->lba_size, ==, 512);
  g_assert_cmpuint (ns->size_bytes, ==, G_GUINT64_CONSTANT (1953525168) * 512);
  g_assert_cmpuint (drivedash_drive_get_capacity_bytes (d0), ==, G_GUINT64_CONSTANT (1000204886016));
  ns = g_ptr_array_index (drivedash_drive_get_namespaces (d10), 0);
  g_assert_cmpstr (ns->name, ==, "nvme10n1");
  g_assert_cmpuint (ns->size_bytes, ==, 2048 * 512);
  g_assert_cmpuint (drivedash_drive_get_namespaces (d2)->len, ==, 0);
  g_assert_cmpuint (drivedash_drive_get_capacity_bytes (d2), ==, 0);

  hwmon = g_build_filename (f->root, "class", "nvme", "nvme0", "hwmon3", NULL);
  g_assert_cmpstr (drivedash_drive_get_hwmon_path (d0), ==, hwmon);
  g_assert_nonnull (drivedash_drive_get_hwmon_path (d2));  /* the older kernels' place */
  g_assert_null (drivedash_drive_get_hwmon_path (d10));    /* acpitz is not ours */

  g_assert_true (drivedash_drive_get_apst_exposed (d0));
  g_assert_false (drivedash_drive_get_apst_exposed (d10));

  /* A fixture tree never leads to a real /dev node. */
  g_assert_null (drivedash_drive_get_device_path (d0));
}

static void
test_list_empty (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("drivedash-empty-XXXXXX", &error);
  g_autoptr(GPtrArray) drives = NULL;

  g_assert_no_error (error);
  drives = drivedash_drive_list (root, &error);
  g_assert_no_error (error);
  g_assert_nonnull (drives);
  g_assert_cmpuint (drives->len, ==, 0);
  g_rmdir (root);
}

static void
test_lookup (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashDrive) by_dev = lookup (f, "/dev/nvme2");
  DrivedashDrive *none;

  g_assert_cmpstr (drivedash_drive_get_name (by_dev), ==, "nvme2");

  none = drivedash_drive_lookup (f->root, "nvme7", &error);
  g_assert_null (none);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "nvme7"));
  g_clear_error (&error);

  for (guint i = 0; i < 5; i++)
    {
      const char *bad[] = { "sda", "nvme0n1", "nvme-fabrics", "nvme", "nvme01" };

      none = drivedash_drive_lookup (f->root, bad[i], &error);
      g_assert_null (none);
      g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
      g_clear_error (&error);
    }
}

static gboolean
has_reason (DrivedashHealth *h,
            const char      *id)
{
  for (guint i = 0; i < h->reasons->len; i++)
    if (g_strcmp0 (((DrivedashVerdictReason *) g_ptr_array_index (h->reasons, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

static void
test_health_unprivileged (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(DrivedashDrive) drive = lookup (f, "nvme0");
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashHealth) h = NULL;

  /* No device node for a fixture tree: the reader falls back to sysfs. */
  h = drivedash_health_read (drive, DRIVEDASH_HEALTH_READ_NONE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (h);

  g_assert_cmpstr (h->controller, ==, "nvme0");
  g_assert_cmpstr (h->model, ==, "Samsung SSD 970 EVO Plus 1TB");
  g_assert_cmpstr (h->serial, ==, "S4EWNX0R123456");
  g_assert_cmpint (h->source, ==, DRIVEDASH_HEALTH_SOURCE_SYSFS);
  g_assert_false (h->privileged);
  g_assert_true (drivedash_health_is_partial (h));
  g_assert_cmpuint (h->missing->len, ==, 2);
  for (guint i = 0; i < h->missing->len; i++)
    {
      DrivedashHealthMissing *m = g_ptr_array_index (h->missing, i);

      g_assert_cmpstr (m->what, !=, "");
      g_assert_cmpstr (m->why, !=, "");
    }

  g_assert_true (h->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE);
  g_assert_false (h->has & DRIVEDASH_HEALTH_HAS_SMART);
  g_assert_false (h->has & DRIVEDASH_HEALTH_HAS_IDENTIFY);
  g_assert_cmpuint (h->smart.temperature_kelvin, ==, 323);
  g_assert_cmpuint (h->smart.temperature_sensors_kelvin[0], ==, 310);
  g_assert_cmpuint (h->smart.temperature_sensors_kelvin[1], ==, 0);
  g_assert_cmpuint (h->warning_temperature_kelvin, ==, 343);
  g_assert_cmpuint (h->critical_temperature_kelvin, ==, 353);
  g_assert_true (h->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_ALARM);
  g_assert_false (h->temperature_alarm);
  g_assert_true (h->apst_supported);
  g_assert_true (h->has & DRIVEDASH_HEALTH_HAS_APST_ENABLED);
  g_assert_true (h->apst_enabled);

  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_GOOD);
  g_assert_true (has_reason (h, "no-problems"));
  g_assert_true (has_reason (h, "partial"));
}

static void
test_health_sysfs_only_flag (Fixture       *f,
                             gconstpointer  data)
{
  g_autoptr(DrivedashDrive) drive = lookup (f, "nvme0");
  g_autoptr(DrivedashHealth) h = drivedash_health_read (drive, DRIVEDASH_HEALTH_READ_SYSFS_ONLY, NULL);

  g_assert_nonnull (h);
  g_assert_cmpint (h->source, ==, DRIVEDASH_HEALTH_SOURCE_SYSFS);
  g_assert_cmpuint (h->smart.temperature_kelvin, ==, 323);
}

static void
test_health_alarm (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(DrivedashDrive) drive = lookup (f, "nvme2");
  g_autoptr(DrivedashHealth) h = drivedash_health_read (drive, DRIVEDASH_HEALTH_READ_NONE, NULL);

  g_assert_nonnull (h);
  g_assert_cmpuint (h->smart.temperature_kelvin, ==, 348);
  g_assert_true (h->temperature_alarm);
  g_assert_cmpuint (h->critical_temperature_kelvin, ==, 0);   /* no temp1_crit */
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_BAD);
  g_assert_true (has_reason (h, "critical-warning-temperature"));
  g_assert_true (has_reason (h, "temperature-high"));          /* 348 K ≥ 343 K */
  /* Game mode: the kernel's latency tolerance is 0, APST is off. */
  g_assert_true (h->apst_supported);
  g_assert_false (h->apst_enabled);
}

static void
test_health_no_hwmon (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(DrivedashDrive) drive = lookup (f, "nvme10");
  g_autoptr(DrivedashHealth) h = drivedash_health_read (drive, DRIVEDASH_HEALTH_READ_NONE, NULL);
  DrivedashTemperature t;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (h);
  /* Nothing readable but the kernel's state, which says "resetting". */
  g_assert_cmpstr (h->state, ==, "resetting");
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_CAUTION);
  g_assert_true (has_reason (h, "controller-resetting"));
  g_assert_false (has_reason (h, "partial"));
  g_assert_cmpuint (h->missing->len, ==, 3);   /* temperature, counters, identify */
  g_assert_false (h->apst_supported);

  g_assert_false (drivedash_health_read_temperature (drive, &t, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
}

static void
test_temperature_fast (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(DrivedashDrive) drive = lookup (f, "nvme0");
  g_autoptr(GError) error = NULL;
  g_autofree char *input = NULL;
  DrivedashTemperature t;

  g_assert_true (drivedash_health_read_temperature (drive, &t, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (t.temperature_kelvin, ==, 323);
  g_assert_cmpuint (t.warning_temperature_kelvin, ==, 343);
  g_assert_cmpuint (t.critical_temperature_kelvin, ==, 353);
  g_assert_false (t.alarm);

  /* It reads live values, not a cached copy. */
  drivedash_test_tree_put (f->root, "class/nvme/nvme0/hwmon3/temp1_input", "51850\n");
  g_assert_true (drivedash_health_read_temperature (drive, &t, NULL));
  g_assert_cmpuint (t.temperature_kelvin, ==, 325);

  /* The drive vanished. */
  input = g_build_filename (f->root, "class/nvme/nvme0/hwmon3/temp1_input", NULL);
  g_assert_cmpint (g_remove (input), ==, 0);
  g_assert_false (drivedash_health_read_temperature (drive, &t, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_DEVICE_GONE);
}

static void
test_health_gone (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(DrivedashDrive) drive = lookup (f, "nvme10");
  g_autofree char *dir = g_build_filename (f->root, "class", "nvme", "nvme10", NULL);
  g_autoptr(GError) error = NULL;
  DrivedashHealth *h;

  g_assert_true (drivedash_test_tree_remove (dir));
  h = drivedash_health_read (drive, DRIVEDASH_HEALTH_READ_NONE, &error);
  g_assert_null (h);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_DEVICE_GONE);
}

static void
test_health_variant_from_sysfs (Fixture       *f,
                                gconstpointer  data)
{
  g_autoptr(DrivedashDrive) drive = lookup (f, "nvme2");
  g_autoptr(DrivedashHealth) h = drivedash_health_read (drive, DRIVEDASH_HEALTH_READ_NONE, NULL);
  g_autoptr(GVariant) v = drivedash_health_to_variant (h);
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashHealth) back = drivedash_health_new_from_variant (v, &error);

  g_assert_no_error (error);
  g_assert_cmpint (back->verdict, ==, h->verdict);
  g_assert_cmpint (back->has, ==, h->has);
  g_assert_cmpuint (back->missing->len, ==, h->missing->len);
  g_assert_cmpuint (back->smart.temperature_kelvin, ==, 348);
  g_assert_cmpuint (back->reasons->len, ==, h->reasons->len);
}

/* Admin commands sent to something that is not an NVMe device fail with a
 * plain "not supported" error, never with a raw errno. */
static void
test_nvme_not_nvme (void)
{
  DrivedashSmartLog smart;
  DrivedashIdentify id;
  DrivedashSelfTestLog st;
  gboolean enabled;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) log = NULL;
  int fd = g_open ("/dev/null", O_RDONLY, 0);

  g_assert_cmpint (fd, >=, 0);

  g_assert_false (drivedash_nvme_read_smart_log (fd, &smart, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
  g_assert_null (strstr (error->message, "ioctl"));
  g_assert_null (strstr (error->message, "Inappropriate"));
  g_clear_error (&error);

  g_assert_false (drivedash_nvme_identify (fd, &id, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  g_assert_false (drivedash_nvme_read_self_test_log (fd, &st, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  g_assert_false (drivedash_nvme_read_apst_enabled (fd, &enabled, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  log = drivedash_nvme_read_error_log (fd, 4, &error);
  g_assert_null (log);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  g_assert_false (drivedash_nvme_self_test (fd, DRIVEDASH_SELF_TEST_SHORT, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  /* Only short and extended tests can be started. */
  g_assert_false (drivedash_nvme_self_test (fd, DRIVEDASH_SELF_TEST_VENDOR, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);

  close (fd);
}

/* Self-tests on a fixture drive: no device node, said plainly. */
static void
test_self_test_no_device (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(DrivedashDrive) drive = lookup (f, "nvme0");
  g_autoptr(GError) error = NULL;
  DrivedashSelfTestLog log;

  g_assert_false (drivedash_drive_self_test (drive, DRIVEDASH_SELF_TEST_SHORT, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  g_assert_false (drivedash_drive_read_self_test_log (drive, &log, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
}

/* --- drivedash-cli against the same tree -------------------------------- */

static int
run_cli (Fixture     *f,
         char       **out,
         char       **err,
         const char  *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  const char *build_root = g_getenv ("DRIVEDASH_BUILD_ROOT");
  int wait_status = 0;
  va_list ap;

  if (build_root == NULL)
    {
      g_test_skip ("DRIVEDASH_BUILD_ROOT is not set");
      return -1;
    }

  g_ptr_array_add (argv, g_build_filename (build_root, "src", "cli", "drivedash-cli", NULL));
  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, g_strdup (arg));
  va_end (ap);
  if (f != NULL)
    g_ptr_array_add (argv, g_strdup_printf ("--sysfs-root=%s", f->root));
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                out, err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

static JsonObject *
parse (JsonParser *parser,
       const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static void
test_cli_list (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *drives;
  int rc;

  rc = run_cli (f, &out, &err, "list", "--json", NULL);
  if (rc < 0)
    return;
  g_assert_cmpint (rc, ==, 0);
  drives = json_object_get_array_member (parse (parser, out), "drives");
  g_assert_cmpuint (json_array_get_length (drives), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (drives, 2), "controller"),
                   ==, "nvme10");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (drives, 0), "capacity_bytes"),
                   ==, G_GINT64_CONSTANT (1000204886016));

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  rc = run_cli (f, &out, &err, "list", NULL);
  g_assert_cmpint (rc, ==, 0);
  g_assert_true (g_str_has_prefix (out, "NAME"));
  g_assert_nonnull (strstr (out, "Samsung SSD 970 EVO Plus 1TB"));
  g_assert_nonnull (strstr (out, "8.0 GT/s PCIe x4"));
  g_assert_nonnull (strstr (out, "1.00 TB"));
}

static void
test_cli_health (Fixture       *f,
                 gconstpointer  data)
{
  const char *required[] = {
    "controller", "model", "serial", "firmware", "privileged", "verdict",
    "verdict_reasons", "critical_warning", "temperature_kelvin",
    "warning_temperature_kelvin", "critical_temperature_kelvin",
    "available_spare_percent", "available_spare_threshold_percent",
    "percentage_used", "data_units_read", "data_units_written", "bytes_read",
    "bytes_written", "host_read_commands", "host_write_commands",
    "power_cycles", "power_on_hours", "unsafe_shutdowns", "media_errors",
    "error_log_entries", "power_states", "apst_supported",
  };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *drives;
  JsonObject *d0, *d2;
  int rc;

  rc = run_cli (f, &out, &err, "health", "--json", NULL);
  if (rc < 0)
    return;
  g_assert_cmpint (rc, ==, 0);
  drives = json_object_get_array_member (parse (parser, out), "drives");
  g_assert_cmpuint (json_array_get_length (drives), ==, 3);
  for (guint i = 0; i < 3; i++)
    for (gsize k = 0; k < G_N_ELEMENTS (required); k++)
      g_assert_true (json_object_has_member (json_array_get_object_element (drives, i), required[k]));

  d0 = json_array_get_object_element (drives, 0);
  g_assert_cmpstr (json_object_get_string_member (d0, "verdict"), ==, "good");
  g_assert_false (json_object_get_boolean_member (d0, "privileged"));
  g_assert_true (json_object_get_boolean_member (d0, "partial"));
  g_assert_cmpint (json_object_get_int_member (d0, "temperature_kelvin"), ==, 323);
  g_assert_true (json_object_get_null_member (d0, "data_units_written"));
  d2 = json_array_get_object_element (drives, 1);
  g_assert_cmpstr (json_object_get_string_member (d2, "verdict"), ==, "bad");

  /* Human output: the verdict comes first. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  rc = run_cli (f, &out, &err, "health", "nvme2", NULL);
  g_assert_cmpint (rc, ==, 0);
  g_assert_true (g_str_has_prefix (out, "nvme2: Bad\n"));
  /* The rows of the shared field table: the app uses the same words. */
  g_assert_true (g_regex_match_simple ("^  Temperature +75 °C, too hot$", out, G_REGEX_MULTILINE, 0));
  g_assert_true (g_regex_match_simple ("^  Warning limit +70 °C$", out, G_REGEX_MULTILINE, 0));
  g_assert_nonnull (strstr (out, "partial"));
}

/* Thirty days of the watch's readings of nvme0 (Samsung 970 EVO Plus 1TB,
 * rated 600 TBW) writing 20, 40 and 60 GB a day in turn, in a real
 * SQLite history at @path. */
static void
seed_history (const char *path,
              gint64      now)
{
  g_autoptr(DrivedashStore) store = drivedash_store_open (path, NULL);
  g_autoptr(GArray) rows = g_array_new (FALSE, TRUE, sizeof (DrivedashSnapshot));
  g_autoptr(GError) error = NULL;
  gint64 id, units = 20000000;

  g_assert_nonnull (store);
  id = drivedash_store_watch_drive (store, "S4EWNX0R123456", "Samsung SSD 970 EVO Plus 1TB", "nvme0", &error);
  g_assert_no_error (error);
  for (gint64 t = now - 30 * 86400; t <= now; t += 3600)
    {
      DrivedashSnapshot s = { .time = t, .has = DRIVEDASH_SNAPSHOT_HAS_SMART, .percentage_used = 2,
                              .data_units_written = units, .power_on_hours = t / 3600 };

      g_array_append_val (rows, s);
      units += (gint64) ((20e9 + 20e9 * ((t / 86400) % 3)) / 512000 / 24);
    }
  g_assert_true (drivedash_store_add_snapshots (store, id, (DrivedashSnapshot *) rows->data, rows->len, &error));
  g_assert_no_error (error);
}

static JsonObject *
life_of_nvme0 (Fixture    *f,
               JsonParser *parser)
{
  g_autofree char *out = NULL, *err = NULL;
  int rc = run_cli (f, &out, &err, "health", "nvme0", "--json", NULL);
  JsonArray *drives;

  g_assert_cmpint (rc, ==, 0);
  drives = json_object_get_array_member (parse (parser, out), "drives");
  return json_object_get_object_member (json_array_get_object_element (drives, 0), "life_left_estimate");
}

/* The life-left estimate, from the watch's history, with its interval:
 * in --json and in the text.  Asking where there is no history makes
 * none. */
static void
test_cli_life (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *home = g_build_filename (f->root, "data", NULL);
  g_autofree char *db = g_build_filename (home, "drivedash", "results.db", NULL);
  g_autofree char *saved = g_strdup (g_getenv ("XDG_DATA_HOME"));
  g_autoptr(JsonParser) none = json_parser_new ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL, *err = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  JsonObject *life;
  double years, low, high;

  if (g_getenv ("DRIVEDASH_BUILD_ROOT") == NULL)
    {
      g_test_skip ("DRIVEDASH_BUILD_ROOT is not set");
      return;
    }
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  life = life_of_nvme0 (f, none);
  g_assert_cmpstr (json_object_get_string_member (life, "kind"), ==, "no-data");
  g_assert_true (json_object_get_null_member (life, "years"));
  g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));

  seed_history (db, now);
  life = life_of_nvme0 (f, parser);
  g_assert_cmpstr (json_object_get_string_member (life, "kind"), ==, "rated");
  g_assert_cmpint (json_object_get_int_member (life, "rated_tbw"), ==, 600);
  g_assert_cmpint (json_object_get_int_member (life, "whole_days"), >=, 28);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (life, "bytes_per_day"), 40e9, 0.05 * 40e9);
  years = json_object_get_double_member (life, "years");
  low = json_object_get_double_member (life, "years_low");
  high = json_object_get_double_member (life, "years_high");
  g_test_message ("%s", json_object_get_string_member (life, "text"));
  /* (600 TB - 10.2 TB written) at 40 GB a day: about 40 years. */
  g_assert_cmpfloat_with_epsilon (years, 590e12 / 40e9 / 365.25, 3);
  g_assert_cmpfloat (low, <, years);
  g_assert_cmpfloat (high, >, years);
  g_assert_nonnull (strstr (json_object_get_string_member (life, "text"), "anywhere from"));

  g_assert_cmpint (run_cli (f, &out, &err, "health", "nvme0", NULL), ==, 0);
  g_assert_true (g_regex_match_simple ("^  How long it lasts +At your usual 4\\d(\\.\\d)? GB a day, this drive reaches its "
                                       "rated 600 TB written in about", out, G_REGEX_MULTILINE, 0));
  if (saved != NULL)
    g_setenv ("XDG_DATA_HOME", saved, TRUE);
  else
    g_unsetenv ("XDG_DATA_HOME");
}

/* drivedash-cli health --from-file: smartctl's text, smartctl's JSON and
 * nvme-cli's JSON of one real drive (the ADATA that went read-only) give
 * the same verdict, reasons and counters; the text says where it came
 * from and when it was made. */
static void
test_cli_from_file (void)
{
  static const char *const names[] = { "ADATA_SX6000LNP256GB_02E6E8618E9E.txt",
                                       "ADATA_SX6000LNP256GB_02E6E8618E9E.smartctl.json",
                                       "ADATA_SX6000LNP256GB_02E6E8618E9E.nvme.json" };
  static const char *const same[] = { "verdict", "available_spare_percent", "percentage_used",
                                      "data_units_written", "media_errors", "power_on_hours", "critical_warning" };
  g_autoptr(JsonParser) first = json_parser_new ();
  g_autofree char *text_path = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", names[0], NULL);
  g_autofree char *out = NULL, *err = NULL;
  JsonObject *d0 = NULL;

  if (g_getenv ("DRIVEDASH_BUILD_ROOT") == NULL)
    {
      g_test_skip ("DRIVEDASH_BUILD_ROOT is not set");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", names[i], NULL);
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autofree char *json = NULL, *json_err = NULL;
      JsonObject *d;
      JsonArray *ids0, *ids;

      g_assert_cmpint (run_cli (NULL, &json, &json_err, "health", "--from-file", path, "--json", NULL), ==, 0);
      d = json_array_get_object_element (json_object_get_array_member (parse (parser, json), "drives"), 0);
      g_assert_cmpstr (json_object_get_string_member (d, "verdict"), ==, "bad");
      /* Never the serial number. */
      g_assert_cmpstr (json_object_get_string_member (d, "serial"), ==, "");
      if (d0 == NULL)
        {
          d0 = json_object_ref (d);
          g_object_ref (parser);
          g_clear_object (&first);
          first = parser;
          continue;
        }
      for (guint k = 0; k < G_N_ELEMENTS (same); k++)
        g_assert_cmpint (json_object_get_int_member (d, same[k]), ==, json_object_get_int_member (d0, same[k]));
      ids0 = json_object_get_array_member (d0, "verdict_reason_ids");
      ids = json_object_get_array_member (d, "verdict_reason_ids");
      g_assert_cmpuint (json_array_get_length (ids), ==, json_array_get_length (ids0));
      for (guint k = 0; k < json_array_get_length (ids); k++)
        g_assert_cmpstr (json_array_get_string_element (ids, k), ==, json_array_get_string_element (ids0, k));
    }
  g_clear_pointer (&d0, json_object_unref);

  g_assert_cmpint (run_cli (NULL, &out, &err, "health", "--from-file", text_path, NULL), ==, 0);
  g_assert_nonnull (strstr (out, ", made on 5 June 2024 (not a drive of this computer):"));
  g_assert_nonnull (strstr (out, "read-only"));
  /* No life-left estimate: the history here is of this computer's drives. */
  g_assert_null (strstr (out, "No estimate yet"));
  g_assert_null (strstr (out, "a day, this drive"));
}

/* The evidence report of the drive with a critical warning (nvme2's
 * temperature alarm): the JSON parsed, the PDF read back by pdftotext,
 * the serial and the note about it in both. */
static void
test_cli_evidence (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *pdf = g_build_filename (f->root, "evidence.pdf", NULL);
  g_autofree char *json = g_build_filename (f->root, "evidence.json", NULL);
  g_autofree char *pdf_arg = g_strdup_printf ("--evidence-pdf=%s", pdf);
  g_autofree char *json_arg = g_strdup_printf ("--evidence-json=%s", json);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) space = g_regex_new ("\\s+", 0, 0, NULL);
  const char *pdftotext[] = { "pdftotext", "-enc", "UTF-8", pdf, "-", NULL };
  const char *note;
  JsonObject *root, *drive;
  int rc, status = 0;

  rc = run_cli (f, &out, &err, "health", "nvme2", pdf_arg, json_arg, NULL);
  if (rc < 0)
    return;
  g_assert_cmpint (rc, ==, 0);
  g_assert_nonnull (strstr (out, json));

  g_assert_true (json_parser_load_from_file (parser, json, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  drive = json_object_get_object_member (root, "drive");
  g_assert_cmpstr (json_object_get_string_member (drive, "serial"), ==, "deadbeef");
  g_assert_cmpstr (json_object_get_string_member (drive, "verdict"), ==, "bad");
  g_assert_true (json_object_get_boolean_member (root, "serial_included"));
  note = json_object_get_string_member (root, "note");
  g_assert_nonnull (strstr (note, "serial number"));
  g_assert_nonnull (strstr (out, note));
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (root, "failing"), 0), ==,
                   "verdict-bad");
  /* A fixture drive is not this computer's: its events are not read,
   * and the report says why. */
  g_assert_true (json_object_get_null_member (root, "kernel_events"));
  g_assert_nonnull (json_object_get_string_member (root, "kernel_events_missing"));

  g_clear_pointer (&out, g_free);
  g_spawn_sync (NULL, (char **) pdftotext, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  text = g_regex_replace_literal (space, out, -1, 0, " ", 0, NULL);
  g_assert_nonnull (strstr (text, "deadbeef"));
  g_assert_nonnull (strstr (text, note));

  /* One drive, and files of its own. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (f, &out, &err, "health", pdf_arg, NULL), ==, 2);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (f, &out, &err, "health", "nvme2", "--json", pdf_arg, NULL), ==, 2);
}

static void
test_cli_errors (Fixture       *f,
                 gconstpointer  data)
{
  const struct { const char *args[4]; int rc; const char *needle; } cases[] = {
    { { "health", "nvme7", NULL }, 3, "nvme7" },
    { { "health", "sda", NULL }, 2, "sda" },
    { { "health", "--bogus", NULL }, 2, "bogus" },
    { { "health", "nvme0", "nvme2", NULL }, 2, "nvme2" },
    { { "list", "extra", NULL }, 2, "extra" },
    { { "self-test", "nvme0", "start-long", NULL }, 2, "start-long" },
    { { "self-test", "nvme9", "status", NULL }, 3, "nvme9" },
    /* A fixture tree has no device node: plainly not possible. */
    { { "self-test", "nvme0", "status", NULL }, 5, "device node" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL, *err = NULL;
      int rc = run_cli (f, &out, &err, cases[i].args[0], cases[i].args[1], cases[i].args[2], NULL);

      if (rc < 0)
        return;
      g_assert_cmpint (rc, ==, cases[i].rc);
      g_assert_nonnull (strstr (err, cases[i].needle));
      /* Never a raw errno. */
      g_assert_null (strstr (err, "errno"));
      g_assert_null (strstr (err, "No such file"));
    }

  {
    g_autofree char *out = NULL, *err = NULL;
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *o;
    int rc = run_cli (f, &out, &err, "self-test", "nvme0", "status", "--json", NULL);

    g_assert_cmpint (rc, ==, 5);
    o = parse (parser, out);
    g_assert_false (json_object_get_boolean_member (o, "ok"));
    g_assert_false (json_object_get_boolean_member (o, "self_test_supported"));
  }
}

static void
test_cli_help (void)
{
  const char *commands[] = { "list", "health", "self-test" };

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *out = NULL, *err = NULL;
      int rc = run_cli (NULL, &out, &err, commands[i], "--help", NULL);

      if (rc < 0)
        return;
      g_assert_cmpint (rc, ==, 0);
      g_assert_nonnull (strstr (out, "Exit codes"));
      g_assert_nonnull (strstr (out, "--json"));
    }
}

/* A drive's model, serial and firmware reach sysfs unfiltered.  Text
 * output must not hand their control characters to the terminal (an OSC
 * that sets the window title, a CSI that clears the screen); JSON must
 * keep them exactly, escaped. */
#define EVIL_MODEL    "Evil\x1b]0;pwned\x07 SSD\x1b[2J\x7f\xc2\x9b"
#define EVIL_SERIAL   "\x1b[2JSER\x1b]0;pwned\x07"
#define EVIL_FIRMWARE "\x1b]0;pwned\x07" "1.0\x1b[2J"

static void
assert_terminal_safe (const char *out)
{
  for (const char *p = out; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      g_assert_true (g_utf8_validate (p, -1, NULL));
      if (c < 0x20 && c != '\n')
        g_error ("control character U+%04X in: %s", c, out);
      g_assert_true (c != 0x7f && !(c >= 0x80 && c <= 0x9f));
    }
}

static void
test_cli_hostile_strings (void)
{
  g_autoptr(GError) error = NULL;
  Fixture f = { g_dir_make_tmp ("drivedash-hostile-XXXXXX", &error) };
  const char *commands[][3] = { { "list", NULL }, { "health", NULL }, { "health", "nvme0" } };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *d;
  int rc;

  g_assert_no_error (error);
  drivedash_test_tree_put (f.root, "class/nvme/nvme0/model", EVIL_MODEL "\n");
  drivedash_test_tree_put (f.root, "class/nvme/nvme0/serial", EVIL_SERIAL "\n");
  drivedash_test_tree_put (f.root, "class/nvme/nvme0/firmware_rev", EVIL_FIRMWARE "\n");
  drivedash_test_tree_put (f.root, "class/nvme/nvme0/state", "live\n");
  drivedash_test_tree_put (f.root, "class/nvme/nvme0/hwmon1/name", "nvme\n");
  drivedash_test_tree_put (f.root, "class/nvme/nvme0/hwmon1/temp1_input", "40000\n");

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      rc = run_cli (&f, &out, &err, commands[i][0], commands[i][1], NULL);
      if (rc < 0)
        goto out;
      g_assert_cmpint (rc, ==, 0);
      g_test_message ("%s", out);
      assert_terminal_safe (out);
      assert_terminal_safe (err);
      /* Visible, not dropped: the user sees something is odd. */
      g_assert_nonnull (strstr (out, "Evil␛]0;pwned␇ SSD␛[2J␡\uFFFD"));
      g_assert_nonnull (strstr (out, "␛[2JSER␛]0;pwned␇"));
      g_assert_nonnull (strstr (out, "␛]0;pwned␇1.0␛[2J"));
    }

  for (gsize i = 0; i < 2; i++)
    {
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      rc = run_cli (&f, &out, &err, i == 0 ? "list" : "health", "--json", NULL);
      g_assert_cmpint (rc, ==, 0);
      assert_terminal_safe (out);
      d = json_array_get_object_element (json_object_get_array_member (parse (parser, out), "drives"), 0);
      g_assert_cmpstr (json_object_get_string_member (d, "model"), ==, EVIL_MODEL);
      g_assert_cmpstr (json_object_get_string_member (d, "serial"), ==, EVIL_SERIAL);
      g_assert_cmpstr (json_object_get_string_member (d, "firmware"), ==, EVIL_FIRMWARE);
    }

out:
  g_assert_true (drivedash_test_tree_remove (f.root));
  g_free (f.root);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("/health-sysfs/list", test_list);
  g_test_add_func ("/health-sysfs/list-empty", test_list_empty);
  ADD ("/health-sysfs/lookup", test_lookup);
  ADD ("/health-sysfs/unprivileged", test_health_unprivileged);
  ADD ("/health-sysfs/sysfs-only-flag", test_health_sysfs_only_flag);
  ADD ("/health-sysfs/alarm", test_health_alarm);
  ADD ("/health-sysfs/no-hwmon", test_health_no_hwmon);
  ADD ("/health-sysfs/temperature-fast", test_temperature_fast);
  ADD ("/health-sysfs/gone", test_health_gone);
  ADD ("/health-sysfs/variant-from-sysfs", test_health_variant_from_sysfs);
  g_test_add_func ("/health-sysfs/nvme/not-nvme", test_nvme_not_nvme);
  ADD ("/health-sysfs/self-test/no-device", test_self_test_no_device);
  ADD ("/health-sysfs/cli/list", test_cli_list);
  ADD ("/health-sysfs/cli/health", test_cli_health);
  ADD ("/health-sysfs/cli/evidence", test_cli_evidence);
  ADD ("/health-sysfs/cli/life", test_cli_life);
  g_test_add_func ("/health-sysfs/cli/from-file", test_cli_from_file);
  ADD ("/health-sysfs/cli/errors", test_cli_errors);
  g_test_add_func ("/health-sysfs/cli/help", test_cli_help);
  g_test_add_func ("/health-sysfs/cli/hostile-strings", test_cli_hostile_strings);

#undef ADD

  return g_test_run ();
}
