/* drivedash-health.c — the health model and how it is read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-error.h"
#include "drivedash-health.h"
#include "drivedash-hwmon.h"
#include "drivedash-nvme.h"
#include "drivedash-sysfs.h"

G_DEFINE_BOXED_TYPE (DrivedashHealth, drivedash_health, drivedash_health_ref, drivedash_health_unref)

static const char *source_names[] = {
  [DRIVEDASH_HEALTH_SOURCE_NONE] = "none",
  [DRIVEDASH_HEALTH_SOURCE_NVME] = "nvme",
  [DRIVEDASH_HEALTH_SOURCE_SERVICE] = "service",
  [DRIVEDASH_HEALTH_SOURCE_UDISKS2] = "udisks2",
  [DRIVEDASH_HEALTH_SOURCE_SYSFS] = "sysfs",
  [DRIVEDASH_HEALTH_SOURCE_DEMO] = "demo",
  [DRIVEDASH_HEALTH_SOURCE_REPORT] = "report",
};

const char *
drivedash_health_source_to_string (DrivedashHealthSource source)
{
  if ((guint) source >= G_N_ELEMENTS (source_names))
    return "none";
  return source_names[source];
}

gboolean
drivedash_health_source_from_string (const char            *str,
                                     DrivedashHealthSource *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (source_names); i++)
    if (g_strcmp0 (str, source_names[i]) == 0)
      {
        *out = (DrivedashHealthSource) i;
        return TRUE;
      }
  return FALSE;
}

static void
drivedash_health_missing_free (DrivedashHealthMissing *missing)
{
  g_free (missing->what);
  g_free (missing->why);
  g_free (missing->detail);
  g_free (missing);
}

DrivedashHealth *
drivedash_health_new (const char *controller)
{
  DrivedashHealth *self = g_new0 (DrivedashHealth, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->controller = g_strdup (controller != NULL ? controller : "");
  self->model = g_strdup ("");
  self->serial = g_strdup ("");
  self->firmware = g_strdup ("");
  self->missing = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_health_missing_free);
  self->reasons = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_verdict_reason_free);
  return self;
}

DrivedashHealth *
drivedash_health_ref (DrivedashHealth *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
drivedash_health_unref (DrivedashHealth *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  g_free (self->controller);
  g_free (self->model);
  g_free (self->serial);
  g_free (self->firmware);
  g_ptr_array_unref (self->missing);
  g_ptr_array_unref (self->reasons);
  g_clear_pointer (&self->error_log, g_array_unref);
  g_free (self->state);
  g_free (self->link_speed);
  g_free (self);
}

void
drivedash_health_add_missing (DrivedashHealth *self,
                              const char      *what,
                              const char      *why)
{
  DrivedashHealthMissing *missing = g_new0 (DrivedashHealthMissing, 1);

  missing->what = g_strdup (what);
  missing->why = g_strdup (why);
  g_ptr_array_add (self->missing, missing);
}

void
drivedash_health_add_missing_detail (DrivedashHealth *self,
                                     const char      *what,
                                     const char      *why,
                                     const char      *detail)
{
  DrivedashHealthMissing *missing;

  drivedash_health_add_missing (self, what, why);
  missing = g_ptr_array_index (self->missing, self->missing->len - 1);
  missing->detail = g_strdup (detail);
}

gboolean
drivedash_health_is_partial (DrivedashHealth *self)
{
  return self->missing->len > 0;
}

void
drivedash_health_get_wear (const DrivedashHealth *self,
                           double                *percentage_used,
                           guint64               *bytes_written)
{
  double written;

  *percentage_used = -1;
  *bytes_written = 0;
  if (self == NULL || !(self->has & DRIVEDASH_HEALTH_HAS_SMART))
    return;
  *percentage_used = self->smart.percentage_used;
  written = drivedash_u128_to_double (self->smart.data_units_written) * DRIVEDASH_BYTES_PER_DATA_UNIT;
  *bytes_written = (guint64) MIN (written, (double) G_MAXUINT64);
}

void
drivedash_health_set_smart (DrivedashHealth         *self,
                            const DrivedashSmartLog *smart)
{
  self->smart = *smart;
  self->temperature_alarm = (smart->critical_warning & DRIVEDASH_CRITICAL_WARNING_TEMPERATURE) != 0;
  self->has |= DRIVEDASH_HEALTH_HAS_SMART | DRIVEDASH_HEALTH_HAS_TEMPERATURE |
               DRIVEDASH_HEALTH_HAS_TEMPERATURE_SENSORS | DRIVEDASH_HEALTH_HAS_TEMPERATURE_ALARM;
}

static void
set_string (char       **field,
            const char  *value)
{
  g_free (*field);
  *field = g_strdup (value);
}

void
drivedash_health_set_identify (DrivedashHealth         *self,
                               const DrivedashIdentify *identify)
{
  self->identify = *identify;
  self->warning_temperature_kelvin = identify->warning_temperature_kelvin;
  self->critical_temperature_kelvin = identify->critical_temperature_kelvin;
  self->apst_supported = identify->apst_supported;
  self->self_test_supported = drivedash_identify_supports_self_test (identify);
  self->has |= DRIVEDASH_HEALTH_HAS_IDENTIFY | DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS |
               DRIVEDASH_HEALTH_HAS_APST_SUPPORTED | DRIVEDASH_HEALTH_HAS_SELF_TEST_SUPPORTED;

  /* sysfs usually told us already; fill the gaps. */
  if (*self->model == '\0')
    set_string (&self->model, identify->model);
  if (*self->serial == '\0')
    set_string (&self->serial, identify->serial);
  if (*self->firmware == '\0')
    set_string (&self->firmware, identify->firmware);
  if (*self->model != '\0' || *self->serial != '\0')
    self->has |= DRIVEDASH_HEALTH_HAS_IDENTITY;
}

void
drivedash_health_set_error_log (DrivedashHealth *self,
                                GArray          *entries)
{
  g_clear_pointer (&self->error_log, g_array_unref);
  self->error_log = g_array_ref (entries);
  self->has |= DRIVEDASH_HEALTH_HAS_ERROR_LOG;
}

void
drivedash_health_update_verdict (DrivedashHealth *self)
{
  g_autoptr(GPtrArray) reasons = NULL;

  self->verdict = drivedash_verdict_compute (self, &reasons);
  g_ptr_array_unref (self->reasons);
  self->reasons = g_steal_pointer (&reasons);
}

/* What the partial report lacks, in words.  Kept together so the CLI and
 * the app show the same sentences. */
#define MISSING_SMART N_("Wear, spare blocks, data read and written, power-on hours and error counters")
#define MISSING_IDENTIFY N_("Power states and self-test support")

static const char *
why_from_error (const GError *error)
{
  if (g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION))
    return _("Reading them needs administrator rights: run as root, or use the Drivedash system service.");
  return error->message;
}

/* Whether APST is on, without asking the drive: off when the drive has
 * none; otherwise the kernel runs it, and writing 0 to its latency
 * tolerance (game mode) turns it off, so that file says. */
static void
read_apst_from_sysfs (DrivedashHealth *self,
                      DrivedashDrive  *drive)
{
  g_autofree char *path = NULL;
  g_autofree char *value = NULL;

  if (!self->apst_supported)
    {
      self->apst_enabled = FALSE;
      self->has |= DRIVEDASH_HEALTH_HAS_APST_ENABLED;
      return;
    }

  path = g_build_filename (drivedash_drive_get_sysfs_path (drive), "power",
                           "pm_qos_latency_tolerance_us", NULL);
  value = drivedash_sysfs_read_string (path, NULL);
  if (value != NULL)
    {
      self->apst_enabled = g_strcmp0 (value, "0") != 0;
      self->has |= DRIVEDASH_HEALTH_HAS_APST_ENABLED;
    }
}

/* The privileged path: Identify (cached), SMART log, optionally the APST
 * feature and the self-test log.  TRUE when the health log was read. */
static gboolean
read_privileged (DrivedashHealth           *self,
                 DrivedashDrive            *drive,
                 DrivedashHealthReadFlags   flags,
                 GError                   **error)
{
  const DrivedashIdentify *id;
  DrivedashSmartLog smart;
  g_autoptr(GError) local_error = NULL;
  int fd;

  fd = drivedash_nvme_open (drive, error);
  if (fd < 0)
    return FALSE;

  id = drivedash_drive_ensure_identify (drive, fd, (flags & DRIVEDASH_HEALTH_READ_NO_CACHE) != 0, error);
  if (id == NULL)
    {
      close (fd);
      return FALSE;
    }
  drivedash_health_set_identify (self, id);

  if (!drivedash_nvme_read_smart_log (fd, &smart, error))
    {
      close (fd);
      return FALSE;
    }
  drivedash_health_set_smart (self, &smart);
  self->privileged = TRUE;
  self->source = DRIVEDASH_HEALTH_SOURCE_NVME;

  if (self->apst_supported && (flags & DRIVEDASH_HEALTH_READ_APST_FEATURE))
    {
      gboolean enabled;

      if (drivedash_nvme_read_apst_enabled (fd, &enabled, &local_error))
        {
          self->apst_enabled = enabled;
          self->has |= DRIVEDASH_HEALTH_HAS_APST_ENABLED;
        }
      else
        {
          drivedash_health_add_missing (self, _("Whether automatic power saving is on"),
                                        local_error->message);
          g_clear_error (&local_error);
        }
    }
  else
    read_apst_from_sysfs (self, drive);

  if ((flags & DRIVEDASH_HEALTH_READ_SELF_TEST) && self->self_test_supported)
    {
      if (drivedash_nvme_read_self_test_log (fd, &self->self_test, &local_error))
        self->has |= DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG;
      else
        drivedash_health_add_missing (self, _("Self-test log"), local_error->message);
      g_clear_error (&local_error);
    }

  if (flags & DRIVEDASH_HEALTH_READ_ERROR_LOG)
    {
      GArray *log = drivedash_nvme_read_error_log (fd, self->identify.error_log_page_entries, &local_error);

      if (log != NULL)
        drivedash_health_set_error_log (self, log);
      else
        drivedash_health_add_missing (self, _("Error log"), local_error->message);
      g_clear_pointer (&log, g_array_unref);
    }

  if (flags & DRIVEDASH_HEALTH_READ_FIRMWARE_LOG)
    {
      if (drivedash_nvme_read_firmware_log (fd, self->identify.frmw, &self->firmware_log, &local_error))
        self->has |= DRIVEDASH_HEALTH_HAS_FIRMWARE_LOG;
      else
        drivedash_health_add_missing (self, _("Firmware slots"), local_error->message);
      g_clear_error (&local_error);
    }

  close (fd);
  return TRUE;
}

static void
read_unprivileged (DrivedashHealth *self,
                   DrivedashDrive  *drive,
                   const char      *why)
{
  DrivedashHwmonReading hw;
  g_autoptr(GError) error = NULL;

  if (self->source == DRIVEDASH_HEALTH_SOURCE_NONE)
    self->source = DRIVEDASH_HEALTH_SOURCE_SYSFS;

  if (drivedash_hwmon_read (drivedash_drive_get_hwmon_path (drive), &hw, FALSE, &error))
    {
      self->smart.temperature_kelvin = hw.temperature_kelvin;
      memcpy (self->smart.temperature_sensors_kelvin, hw.sensors_kelvin, sizeof hw.sensors_kelvin);
      self->has |= DRIVEDASH_HEALTH_HAS_TEMPERATURE | DRIVEDASH_HEALTH_HAS_TEMPERATURE_SENSORS;
      if (hw.has_alarm)
        {
          self->temperature_alarm = hw.alarm;
          self->has |= DRIVEDASH_HEALTH_HAS_TEMPERATURE_ALARM;
        }
      /* Identify's WCTEMP/CCTEMP win when we have them; otherwise the
       * kernel's over-temperature threshold and critical limit. */
      if (!(self->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS))
        {
          self->warning_temperature_kelvin = hw.max_kelvin;
          self->critical_temperature_kelvin = hw.crit_kelvin;
          self->has |= DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS;
        }
    }
  else
    drivedash_health_add_missing (self, _("Temperature"), error->message);

  /* The kernel exposes the latency tolerance exactly when it runs APST;
   * 0 there means someone turned APST off (game mode). */
  if (!(self->has & DRIVEDASH_HEALTH_HAS_APST_SUPPORTED))
    {
      self->apst_supported = drivedash_drive_get_apst_exposed (drive);
      self->has |= DRIVEDASH_HEALTH_HAS_APST_SUPPORTED;
    }
  if (!(self->has & DRIVEDASH_HEALTH_HAS_APST_ENABLED))
    read_apst_from_sysfs (self, drive);

  if (!(self->has & DRIVEDASH_HEALTH_HAS_SMART))
    drivedash_health_add_missing (self, _(MISSING_SMART), why);
  if (!(self->has & DRIVEDASH_HEALTH_HAS_IDENTIFY))
    drivedash_health_add_missing (self, _(MISSING_IDENTIFY), why);
}

DrivedashHealth *
drivedash_health_read (DrivedashDrive            *drive,
                       DrivedashHealthReadFlags   flags,
                       GError                   **error)
{
  g_autoptr(DrivedashHealth) self = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (DRIVEDASH_IS_DRIVE (drive), NULL);

  if (!g_file_test (drivedash_drive_get_sysfs_path (drive), G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_DEVICE_GONE,
                   _("The drive %s is no longer there."), drivedash_drive_get_name (drive));
      return NULL;
    }

  self = drivedash_health_new (drivedash_drive_get_name (drive));
  set_string (&self->model, drivedash_drive_get_model (drive));
  set_string (&self->serial, drivedash_drive_get_serial (drive));
  set_string (&self->firmware, drivedash_drive_get_firmware (drive));
  if (*self->model != '\0' || *self->serial != '\0')
    self->has |= DRIVEDASH_HEALTH_HAS_IDENTITY;
  /* Read afresh: the drive object may be older than a reset. */
  {
    g_autofree char *path = g_build_filename (drivedash_drive_get_sysfs_path (drive), "state", NULL);

    self->state = drivedash_sysfs_read_string (path, NULL);
  }
  self->link_speed = g_strdup (drivedash_drive_get_link_speed (drive));
  self->link_width = drivedash_drive_get_link_width (drive);
  self->capacity_bytes = drivedash_drive_get_capacity_bytes (drive);

  if (flags & DRIVEDASH_HEALTH_READ_SYSFS_ONLY)
    read_unprivileged (self, drive, _("Reading them needs administrator rights."));
  else if (!read_privileged (self, drive, flags, &local_error))
    {
      g_debug ("%s: falling back to sysfs: %s", drivedash_drive_get_name (drive), local_error->message);
      read_unprivileged (self, drive, why_from_error (local_error));
    }

  drivedash_health_update_verdict (self);
  return g_steal_pointer (&self);
}

gboolean
drivedash_health_read_temperature (DrivedashDrive        *drive,
                                   DrivedashTemperature  *out,
                                   GError               **error)
{
  DrivedashHwmonReading hw;

  g_return_val_if_fail (DRIVEDASH_IS_DRIVE (drive), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (!drivedash_hwmon_read (drivedash_drive_get_hwmon_path (drive), &hw, TRUE, error))
    return FALSE;

  out->temperature_kelvin = hw.temperature_kelvin;
  out->warning_temperature_kelvin = hw.max_kelvin;
  out->critical_temperature_kelvin = hw.crit_kelvin;
  out->alarm = hw.alarm;
  return TRUE;
}

/* The NVMe base specification's Device Self-test: a short test ends
 * within two minutes; the extended one takes the drive's own estimate,
 * EDSTT in Identify Controller (0: not said). */
#define SHORT_SELF_TEST_MINUTES 2

char *
drivedash_health_dup_self_test_progress (const DrivedashHealth *self)
{
  const DrivedashSelfTestLog *log;
  guint done, total = 0, left;

  g_return_val_if_fail (self != NULL, NULL);
  log = &self->self_test;
  if (!(self->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG) || log->current == DRIVEDASH_SELF_TEST_NONE)
    return NULL;
  done = MIN (log->current_percent_done, 100);
  if (log->current == DRIVEDASH_SELF_TEST_SHORT)
    total = SHORT_SELF_TEST_MINUTES;
  else if (log->current == DRIVEDASH_SELF_TEST_EXTENDED && (self->has & DRIVEDASH_HEALTH_HAS_IDENTIFY))
    total = self->identify.extended_self_test_minutes;
  if (total == 0)
    /* Translators: a running self-test, "40 % done" */
    return g_strdup_printf (_("%u %% done"), done);
  left = MAX ((total * (100 - done) + 99) / 100, 1);
  /* Translators: a running self-test, "40 % done, about 25 minutes left" */
  return g_strdup_printf (ngettext ("%u %% done, about %u minute left", "%u %% done, about %u minutes left", left),
                          done, left);
}
