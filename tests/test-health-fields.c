/* test-health-fields.c — the shared table of health values and their words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "drivedash-health-fields.h"

#include "drivedash-test-health.h"
#include "drivedash-test-tree.h"

/* Every field of the table with the text it must give for the full
 * fixture report (tests/fixtures/make-fixtures.py has the raw values), in
 * the C.UTF-8 locale: no digit grouping.  NULL where the fixture itself
 * reports nothing (sensors 3, 5, 6 and 7 read 0 K). */
static const struct
{
  const char *id;
  const char *expected;
} full_expected[] = {
  { "critical-warning", NULL },   /* checked bit by bit below */
  { "temperature", "50 °C" },                       /* 323 K = 49.85 °C */
  { "warning-temperature", "70 °C" },               /* WCTEMP 343 K */
  { "critical-temperature", "80 °C" },              /* CCTEMP 353 K */
  { "temperature-sensor-1", "37 °C" },              /* 310 K */
  { "temperature-sensor-2", "47 °C" },              /* 320 K */
  { "temperature-sensor-3", NULL },
  { "temperature-sensor-4", "57 °C" },              /* 330 K */
  { "temperature-sensor-5", NULL },
  { "temperature-sensor-6", NULL },
  { "temperature-sensor-7", NULL },
  { "temperature-sensor-8", "65262 °C (not a real reading)" }, /* 65535 K: a placeholder */
  { "life-left", "87 %" },                          /* 100 − 13 */
  { "percentage-used", "13 %" },
  { "available-spare", "87 %" },
  { "available-spare-threshold", "10 %" },
  { "data-written", "9.44 YB" },                    /* 2^64 units × 512 000 B */
  /* 1.5 × 10^36 units × 512 000 B passes 2^128 − 1 B: saturated. */
  { "data-read", "340282366920938 YB" },
  { "host-read-commands", "123456789012" },
  { "host-write-commands", "987654321098" },
  { "controller-busy-time", "4321 min" },
  { "power-on-time", "20000 hours (2.3 years)" },   /* 833 days */
  { "power-cycles", "1234" },
  { "unsafe-shutdowns", "42" },
  { "media-errors", "3" },
  { "error-log-entries", "17" },
  { "warning-temperature-time", "100 min" },
  { "critical-temperature-time", "5 min" },
  { "thermal-management-1", "7 times, 3600 s" },
  { "thermal-management-2", "2 times, 60 s" },
  { "model", "Drivedash Test Drive" },
  { "serial", "SN123" },
  { "firmware", "1.2.3" },
  { "controller", "nvme0" },
  { "capacity", "1.00 TB" },                        /* TNVMCAP 1 000 204 886 016 B */
  { "link", "8.0 GT/s PCIe, 4 lanes" },
  { "source", "The drive itself (as administrator)" },
};

static DrivedashHealth *
full_health_with_link (void)
{
  DrivedashHealth *h = drivedash_test_full_health ();

  h->link_speed = g_strdup ("8.0 GT/s PCIe");
  h->link_width = 4;
  return h;
}

static void
test_table (void)
{
  gsize n = 0;
  const DrivedashHealthField *fields = drivedash_health_fields (&n);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpuint (n, ==, G_N_ELEMENTS (full_expected));
  for (gsize i = 0; i < n; i++)
    {
      const DrivedashHealthField *f = &fields[i];

      g_assert_nonnull (f->id);
      g_assert_false (g_hash_table_contains (ids, f->id));
      g_hash_table_add (ids, (gpointer) f->id);
      g_assert_true (f->title != NULL && *f->title != '\0');
      g_assert_true (f->explanation != NULL && *f->explanation != '\0');
      g_assert_true (f->spec_name == NULL || *f->spec_name != '\0');
      g_assert_nonnull (f->format);
      g_assert_true (f->group == DRIVEDASH_HEALTH_FIELD_GROUP_HEALTH ||
                     f->group == DRIVEDASH_HEALTH_FIELD_GROUP_IDENTITY);
      g_assert_true (drivedash_health_field_lookup (f->id) == f);
      /* The table is in display order, and that order is this list's. */
      g_assert_cmpstr (f->id, ==, full_expected[i].id);
    }
  g_assert_null (drivedash_health_field_lookup ("no-such-field"));
  g_assert_null (drivedash_health_field_lookup (""));
}

static void
test_full_report (void)
{
  g_autoptr(DrivedashHealth) h = full_health_with_link ();
  g_autofree char *warnings = NULL;
  g_autofree char *expected_warnings = NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (full_expected); i++)
    {
      const DrivedashHealthField *f = drivedash_health_field_lookup (full_expected[i].id);
      g_autofree char *value = NULL;

      g_assert_nonnull (f);
      if (strcmp (f->id, "critical-warning") == 0)
        continue;
      value = drivedash_health_field_format (f, h);
      g_test_message ("%s: %s", f->id, value);
      g_assert_cmpstr (value, ==, full_expected[i].expected);
    }

  /* 0xA5: bits 0, 2, 5 and 7, one plain sentence each, a line apiece. */
  warnings = drivedash_health_field_format (drivedash_health_field_lookup ("critical-warning"), h);
  expected_warnings = g_strjoin ("\n", drivedash_critical_warning_describe (0),
                                 drivedash_critical_warning_describe (2),
                                 drivedash_critical_warning_describe (5),
                                 drivedash_critical_warning_describe (7), NULL);
  g_assert_cmpstr (warnings, ==, expected_warnings);
  g_assert_cmpuint (strlen (warnings), >, 20);
}

static char *
format_id (const DrivedashHealth *h,
           const char            *id)
{
  return drivedash_health_field_format (drivedash_health_field_lookup (id), h);
}

static void
test_edges (void)
{
  g_autoptr(DrivedashHealth) h = drivedash_test_full_health ();
  g_autofree char *none = NULL;
  g_autofree char *life = NULL;
  g_autofree char *hot = NULL;
  g_autofree char *capacity = NULL;
  g_autofree char *link = NULL;
  g_autofree char *thermal = NULL;

  h->smart.critical_warning = 0;
  none = format_id (h, "critical-warning");
  g_assert_cmpstr (none, ==, "None");

  /* Percentage Used past 100: life left stops at 0. */
  h->smart.percentage_used = 255;
  life = format_id (h, "life-left");
  g_assert_cmpstr (life, ==, "0 %");

  h->temperature_alarm = TRUE;
  h->has |= DRIVEDASH_HEALTH_HAS_TEMPERATURE_ALARM;
  hot = format_id (h, "temperature");
  g_assert_cmpstr (hot, ==, "50 °C, too hot");

  /* The namespaces' size wins over the controller's total. */
  h->capacity_bytes = 512110190592;
  capacity = format_id (h, "capacity");
  g_assert_cmpstr (capacity, ==, "512 GB");

  h->link_speed = g_strdup ("16.0 GT/s PCIe");
  link = format_id (h, "link");
  g_assert_cmpstr (link, ==, "16.0 GT/s PCIe");

  h->smart.thermal_management_1_transitions = 1;
  thermal = format_id (h, "thermal-management-1");
  g_assert_cmpstr (thermal, ==, "1 time, 3600 s");

  /* Placeholders are not shown as readings (the Netac NS256's sensor 2
   * at 0 °C beside 55 and 56 °C). */
  {
    g_autofree char *zero = NULL;
    g_autofree char *full = NULL;

    h->smart.temperature_sensors_kelvin[1] = 273;
    h->smart.temperature_sensors_kelvin[3] = G_MAXUINT16;
    zero = format_id (h, "temperature-sensor-2");
    full = format_id (h, "temperature-sensor-4");
    g_assert_cmpstr (zero, ==, "0 °C (not a real reading)");
    g_assert_cmpstr (full, ==, "65262 °C (not a real reading)");
  }
}

/* What a user without privileges gets: identity and temperature from
 * sysfs and hwmon, no health log.  The health log's values must be
 * absent, not zero. */
static void
test_partial_report (void)
{
  static const char * const absent[] = {
    "critical-warning", "life-left", "percentage-used", "available-spare",
    "available-spare-threshold", "data-written", "data-read", "host-read-commands",
    "host-write-commands", "controller-busy-time", "power-on-time", "power-cycles",
    "unsafe-shutdowns", "media-errors", "error-log-entries", "warning-temperature-time",
    "critical-temperature-time", "thermal-management-1", "thermal-management-2",
    "temperature-sensor-2",
  };
  static const struct { const char *id; const char *expected; } present[] = {
    { "temperature", "50 °C" },
    { "warning-temperature", "70 °C" },
    { "critical-temperature", "80 °C" },
    { "temperature-sensor-1", "37 °C" },
    { "model", "Samsung SSD 970 EVO Plus 1TB" },
    { "serial", "S4EWNX0R123456" },
    { "firmware", "2B2QEXM7" },
    { "controller", "nvme0" },
    { "capacity", "1.00 TB" },
    { "link", "8.0 GT/s PCIe, 4 lanes" },
    { "source", "The kernel's public files (limited)" },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("drivedash-fields-XXXXXX", &error);
  g_autoptr(DrivedashDrive) drive = NULL;
  g_autoptr(DrivedashHealth) h = NULL;
  g_autoptr(GVariant) v = NULL;
  g_autoptr(DrivedashHealth) back = NULL;

  g_assert_no_error (error);
  drivedash_test_tree_put (root, "class/nvme/nvme0/model", "Samsung SSD 970 EVO Plus 1TB            \n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/serial", "  S4EWNX0R123456     \n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/firmware_rev", "2B2QEXM7\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/state", "live\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/transport", "pcie\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/address", "0000:01:00.0\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/device/current_link_speed", "8.0 GT/s PCIe\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/device/current_link_width", "4\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/name", "nvme\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_input", "49850\n");   /* 323 K */
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_max", "69850\n");     /* 343 K */
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_crit", "79850\n");    /* 353 K */
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp2_input", "36850\n");   /* 310 K */
  drivedash_test_tree_put (root, "class/nvme/nvme0/nvme0n1/size", "1953525168\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/nvme0n1/nsid", "1\n");

  drive = drivedash_drive_lookup (root, "nvme0", &error);
  g_assert_no_error (error);
  h = drivedash_health_read (drive, DRIVEDASH_HEALTH_READ_SYSFS_ONLY, &error);
  g_assert_no_error (error);
  g_assert_true (drivedash_health_is_partial (h));

  /* The identity rows travel through the service's a{sv} too. */
  v = drivedash_health_to_variant (h);
  back = drivedash_health_new_from_variant (v, &error);
  g_assert_no_error (error);

  for (gsize i = 0; i < G_N_ELEMENTS (absent); i++)
    {
      g_autofree char *value = format_id (h, absent[i]);
      g_autofree char *value_back = format_id (back, absent[i]);

      g_test_message ("%s: %s", absent[i], value);
      g_assert_null (value);
      g_assert_null (value_back);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (present); i++)
    {
      g_autofree char *value = format_id (h, present[i].id);
      g_autofree char *value_back = format_id (back, present[i].id);

      g_assert_cmpstr (value, ==, present[i].expected);
      g_assert_cmpstr (value_back, ==, present[i].expected);
    }
  g_assert_true (drivedash_test_tree_remove (root));
}

/* The plain words for each firmware slot, from the full report's page:
 * slot 2 runs, slot 1 (read-only) comes back after a restart. */
static void
test_firmware_slots (void)
{
  g_autoptr(DrivedashHealth) h = drivedash_test_full_health ();
  const char *expected[][2] = {
    { "Slot 1 (read-only)", "1.0 · used after the next restart" },
    { "Slot 2", "2.1b · active" },
    { "Slot 3", "empty" },
  };

  g_assert_cmpuint (h->firmware_log.n_slots, ==, G_N_ELEMENTS (expected));
  for (guint slot = 1; slot <= h->firmware_log.n_slots; slot++)
    {
      g_autofree char *title = drivedash_health_firmware_slot_title (&h->firmware_log, slot);
      g_autofree char *value = drivedash_health_firmware_slot_value (&h->firmware_log, slot);

      g_assert_cmpstr (title, ==, expected[slot - 1][0]);
      g_assert_cmpstr (value, ==, expected[slot - 1][1]);
    }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/health-fields/table", test_table);
  g_test_add_func ("/health-fields/full-report", test_full_report);
  g_test_add_func ("/health-fields/edges", test_edges);
  g_test_add_func ("/health-fields/partial-report", test_partial_report);
  g_test_add_func ("/health-fields/firmware-slots", test_firmware_slots);

  return g_test_run ();
}
