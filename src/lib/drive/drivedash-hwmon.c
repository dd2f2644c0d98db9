/* drivedash-hwmon.c — temperatures from the kernel's NVMe hwmon device
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-hwmon.h"
#include "drivedash-sysfs.h"

guint16
drivedash_millicelsius_to_kelvin (gint64 millicelsius)
{
  gint64 mk;

  /* Values this far out are not temperatures; keep the arithmetic safe. */
  if (millicelsius <= -273150 || millicelsius > (gint64) G_MAXUINT16 * 1000)
    return 0;

  mk = millicelsius + 273150;
  return (guint16) MIN ((mk + 500) / 1000, G_MAXUINT16);
}

static gboolean
read_kelvin (const char *dir,
             const char *attr,
             guint16    *out,
             int        *errno_out)
{
  char path[4096];
  gint64 mc;

  g_snprintf (path, sizeof path, "%s/%s", dir, attr);
  if (!drivedash_sysfs_read_int64 (path, &mc, errno_out))
    return FALSE;
  *out = drivedash_millicelsius_to_kelvin (mc);
  return TRUE;
}

gboolean
drivedash_hwmon_read (const char             *hwmon_path,
                      DrivedashHwmonReading  *out,
                      gboolean                temperature_only,
                      GError                **error)
{
  char path[4096];
  gint64 alarm;
  int err = 0;

  g_return_val_if_fail (out != NULL, FALSE);

  memset (out, 0, sizeof *out);

  if (hwmon_path == NULL)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                   _("This drive does not report its temperature to the system."));
      return FALSE;
    }

  if (!read_kelvin (hwmon_path, "temp1_input", &out->temperature_kelvin, &err))
    {
      g_debug ("%s/temp1_input: %s", hwmon_path, g_strerror (err));
      if (err == ENOENT || err == ENODEV || err == ENXIO)
        g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_DEVICE_GONE,
                     _("The drive’s temperature is no longer available; the drive may have been removed."));
      else
        /* The kernel answers EIO (or EAGAIN) when the drive did not
         * return its health log. */
        g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_IO,
                     _("The drive did not report its temperature."));
      return FALSE;
    }

  read_kelvin (hwmon_path, "temp1_max", &out->max_kelvin, NULL);
  read_kelvin (hwmon_path, "temp1_crit", &out->crit_kelvin, NULL);
  g_snprintf (path, sizeof path, "%s/temp1_alarm", hwmon_path);
  if (drivedash_sysfs_read_int64 (path, &alarm, NULL))
    {
      out->has_alarm = TRUE;
      out->alarm = alarm != 0;
    }

  if (temperature_only)
    return TRUE;

  /* temp2…temp9 are the drive's sensors 1–8; the kernel hides the ones the
   * drive does not report. */
  for (guint i = 0; i < DRIVEDASH_N_TEMPERATURE_SENSORS; i++)
    {
      char attr[32];

      g_snprintf (attr, sizeof attr, "temp%u_input", i + 2);
      read_kelvin (hwmon_path, attr, &out->sensors_kelvin[i], NULL);
    }

  return TRUE;
}

char *
drivedash_hwmon_find (const char *controller)
{
  g_autofree char *dir = NULL;
  g_autoptr(GDir) d = NULL;
  const char *name;

  if (controller == NULL)
    return NULL;
  dir = g_build_filename ("/sys/class/nvme", controller, NULL);
  d = g_dir_open (dir, 0, NULL);
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "hwmon"))
      return g_build_filename (dir, name, NULL);
  return NULL;
}
