/* bench-health.c — how many health refreshes per second (run it through
 * build-aux/bench-health)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Measures, each for --seconds:
 *   decode          SMART log bytes → model → verdict (Identify cached)
 *   decode+json     the same, plus the JSON text the CLI prints
 *   sysfs-read      drivedash_health_read() on a fixture sysfs tree (the
 *                   unprivileged path: hwmon and sysfs files)
 *   sysfs-temp      the 2-second temperature poll on the fixture tree
 *   real nvmeX      drivedash_health_read() and the temperature poll on
 *                   every controller of this machine (privileged when run
 *                   as root: one log page + the cached Identify)
 * and prints refreshes per second and ratios between them.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "drivedash-health.h"

#include "drivedash-test-tree.h"

static double seconds = 1.0;

typedef gboolean (*Step) (gpointer data);

static double
measure (Step     step,
         gpointer data)
{
  gint64 start = g_get_monotonic_time ();
  gint64 now = start;
  guint64 n = 0;

  while (now - start < (gint64) (seconds * G_USEC_PER_SEC))
    {
      if (!step (data))
        return 0.0;
      n++;
      now = g_get_monotonic_time ();
    }
  return n / ((now - start) / (double) G_USEC_PER_SEC);
}

typedef struct
{
  GBytes            *smart;
  DrivedashIdentify  identify;
  gboolean           json;
} DecodeData;

static gboolean
step_decode (gpointer user_data)
{
  DecodeData *d = user_data;
  g_autoptr(DrivedashHealth) h = drivedash_health_new ("nvme0");
  DrivedashSmartLog log;
  gsize len;
  const guint8 *bytes = g_bytes_get_data (d->smart, &len);

  if (!drivedash_smart_log_decode (bytes, len, &log, NULL))
    return FALSE;
  drivedash_health_set_identify (h, &d->identify);
  drivedash_health_set_smart (h, &log);
  drivedash_health_update_verdict (h);

  if (d->json)
    {
      g_autoptr(GPtrArray) list = g_ptr_array_new ();
      g_autofree char *text = NULL;

      g_ptr_array_add (list, h);
      text = drivedash_health_list_to_json (list);
      if (text == NULL)
        return FALSE;
    }
  return TRUE;
}

static gboolean
step_read (gpointer user_data)
{
  g_autoptr(DrivedashHealth) h = drivedash_health_read (user_data, DRIVEDASH_HEALTH_READ_NONE, NULL);

  return h != NULL;
}

static gboolean
step_temperature (gpointer user_data)
{
  DrivedashTemperature t;

  return drivedash_health_read_temperature (user_data, &t, NULL);
}

/* The shape of a real controller's sysfs directory (see test-health-sysfs). */
static char *
make_fixture_tree (void)
{
  char *root = g_dir_make_tmp ("drivedash-bench-XXXXXX", NULL);

  drivedash_test_tree_put (root, "class/nvme/nvme0/model", "Samsung SSD 970 EVO Plus 1TB            \n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/serial", "S4EWNX0R123456\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/firmware_rev", "2B2QEXM7\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/state", "live\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/name", "nvme\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_input", "49850\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_max", "69850\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_crit", "79850\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp1_alarm", "0\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/temp2_input", "36850\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/power/pm_qos_latency_tolerance_us", "100000\n");
  drivedash_test_tree_put (root, "class/block/nvme0n1/size", "1953525168\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/nvme0c0n1/size", "1953525168\n");
  return root;
}

static GBytes *
load (const char *dir,
      const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *contents = NULL;
  gsize len = 0;
  g_autoptr(GError) error = NULL;

  if (!g_file_get_contents (path, &contents, &len, &error))
    {
      fprintf (stderr, "bench-health: %s\n", error->message);
      exit (1);
    }
  return g_bytes_new_take (contents, len);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *fixtures = NULL;
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) identify = NULL;
  g_autoptr(GPtrArray) real = NULL;
  g_autofree char *root = NULL;
  g_autoptr(DrivedashDrive) fixture_drive = NULL;
  DecodeData d = { 0 };
  double decode, decode_json, sysfs_read, sysfs_temp;
  const GOptionEntry entries[] = {
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds, "Seconds per measurement (1)", "S" },
    { "fixtures", 0, 0, G_OPTION_ARG_FILENAME, &fixtures, "Directory of the byte fixtures", "DIR" },
    { NULL }
  };

  setlocale (LC_ALL, "C.UTF-8");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "bench-health: %s\n", error->message);
      return 2;
    }
  if (fixtures == NULL)
    fixtures = g_strdup (g_getenv ("DRIVEDASH_HEALTH_FIXTURES"));
  if (fixtures == NULL)
    {
      fprintf (stderr, "bench-health: pass --fixtures DIR (tests/fixtures)\n");
      return 2;
    }

  d.smart = load (fixtures, "smart-known.bin");
  identify = load (fixtures, "identify-known.bin");
  if (!drivedash_identify_decode (g_bytes_get_data (identify, NULL), g_bytes_get_size (identify),
                                  &d.identify, NULL))
    return 1;

  decode = measure (step_decode, &d);
  d.json = TRUE;
  decode_json = measure (step_decode, &d);

  root = make_fixture_tree ();
  fixture_drive = drivedash_drive_lookup (root, "nvme0", NULL);
  sysfs_read = fixture_drive != NULL ? measure (step_read, fixture_drive) : 0.0;
  sysfs_temp = fixture_drive != NULL ? measure (step_temperature, fixture_drive) : 0.0;
  drivedash_test_tree_remove (root);

  printf ("%-34s %12.0f refreshes/s\n", "decode + verdict", decode);
  printf ("%-34s %12.0f refreshes/s\n", "decode + verdict + JSON text", decode_json);
  printf ("%-34s %12.0f refreshes/s\n", "sysfs fixture: health read", sysfs_read);
  printf ("%-34s %12.0f reads/s\n", "sysfs fixture: temperature poll", sysfs_temp);
  printf ("ratio JSON/decode-only %.2f, sysfs-read/decode %.3f, temperature-poll/sysfs-read %.2f\n",
          decode_json / decode, sysfs_read / decode, sysfs_temp / MAX (sysfs_read, 1.0));

  real = drivedash_drive_list (NULL, NULL);
  if (real == NULL || real->len == 0)
    {
      printf ("real controllers: none on this machine\n");
      return 0;
    }

  for (guint i = 0; i < real->len; i++)
    {
      DrivedashDrive *drive = g_ptr_array_index (real, i);
      g_autoptr(DrivedashHealth) first = drivedash_health_read (drive, DRIVEDASH_HEALTH_READ_NONE, NULL);
      double rate, temp;

      if (first == NULL)
        {
          printf ("%s: could not be read\n", drivedash_drive_get_name (drive));
          continue;
        }
      /* The first read filled the Identify cache; these are refreshes. */
      rate = measure (step_read, drive);
      temp = drivedash_drive_get_hwmon_path (drive) != NULL ? measure (step_temperature, drive) : 0.0;
      printf ("%s (%s, source %s%s): %.0f health refreshes/s, %.0f temperature polls/s, "
              "ratio real/decode %.4f\n",
              drivedash_drive_get_name (drive), drivedash_drive_get_model (drive),
              drivedash_health_source_to_string (first->source),
              first->privileged ? ", privileged" : ", partial",
              rate, temp, rate / decode);
    }

  return 0;
}
