/* drivedash-health-fields.c — the values of a health report, in the words
 * people read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The app's Health page and `drivedash-cli health` both walk this table,
 * so a value is called the same and shown with the same units everywhere.
 * Each format function checks the report's `has` flags itself: a value the
 * report does not have gives NULL, never a made-up zero.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-format.h"
#include "drivedash-health-fields.h"
#include "drivedash-plausible.h"

static gboolean
has (const DrivedashHealth *h,
     DrivedashHealthHas     flags)
{
  return (h->has & flags) == flags;
}

#define SMART_OR_NULL(h) G_STMT_START { if (!has ((h), DRIVEDASH_HEALTH_HAS_SMART)) return NULL; } G_STMT_END

static char *
format_percent (guint value)
{
  return g_strdup_printf (_("%u %%"), value);
}

static char *
format_minutes (DrivedashU128 minutes)
{
  g_autofree char *count = drivedash_format_count (minutes);

  /* Translators: a duration in minutes, "1 234 min" */
  return g_strdup_printf (_("%s min"), count);
}

static char *
format_thermal (guint32 transitions,
                guint32 seconds)
{
  /* Translators: how often the drive was slowed down for heat, and for
   * how long in all: "3 times, 120 s" */
  return g_strdup_printf (ngettext ("%u time, %u s", "%u times, %u s", transitions),
                          transitions, seconds);
}

/* --- health group -------------------------------------------------------- */

static char *
critical_warning (const DrivedashHealth *h)
{
  GString *str;

  SMART_OR_NULL (h);
  if (h->smart.critical_warning == 0)
    return g_strdup (_("None"));

  str = g_string_new (NULL);
  for (guint bit = 0; bit < 8; bit++)
    if (h->smart.critical_warning & (1u << bit))
      g_string_append_printf (str, "%s%s", str->len > 0 ? "\n" : "",
                              drivedash_critical_warning_describe (bit));
  return g_string_free (str, FALSE);
}

static char *
temperature (const DrivedashHealth *h)
{
  g_autofree char *t = NULL;

  if (!has (h, DRIVEDASH_HEALTH_HAS_TEMPERATURE) || h->smart.temperature_kelvin == 0)
    return NULL;
  t = drivedash_format_temperature (h->smart.temperature_kelvin);
  if (has (h, DRIVEDASH_HEALTH_HAS_TEMPERATURE_ALARM) && h->temperature_alarm)
    /* Translators: the temperature while the drive's heat alarm is on, "75 °C, too hot" */
    return g_strdup_printf (_("%s, too hot"), t);
  return g_steal_pointer (&t);
}

static char *
limit (const DrivedashHealth *h,
       guint                  kelvin)
{
  if (!has (h, DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS) || kelvin == 0)
    return NULL;
  if (!drivedash_temperature_limit_plausible (kelvin))
    /* Translators: a placeholder limit the drive gives, "255 °C (not a real limit)" */
    return g_strdup_printf (_("%d °C (not a real limit)"), (int) kelvin - 273);
  return drivedash_format_temperature (kelvin);
}

static char *
warning_temperature (const DrivedashHealth *h)
{
  return limit (h, h->warning_temperature_kelvin);
}

static char *
critical_temperature (const DrivedashHealth *h)
{
  return limit (h, h->critical_temperature_kelvin);
}

/* A sensor this much hotter than the composite is one hot part. */
#define HOT_SPOT_KELVIN 30

static char *
sensor (const DrivedashHealth *h,
        guint                  i)
{
  guint kelvin = h->smart.temperature_sensors_kelvin[i];

  if (!has (h, DRIVEDASH_HEALTH_HAS_TEMPERATURE_SENSORS) || kelvin == 0)
    return NULL;
  if (!drivedash_temperature_sensor_plausible (kelvin) || drivedash_health_sensors_are_placeholders (h))
    /* Translators: a sensor's placeholder, "0 °C (not a real reading)" */
    return g_strdup_printf (_("%d °C (not a real reading)"), (int) kelvin - 273);
  /* Far hotter than the drive's own (composite) temperature: one hot part,
   * such as the controller; the verdict goes by the composite. */
  if (has (h, DRIVEDASH_HEALTH_HAS_TEMPERATURE) && h->smart.temperature_kelvin != 0
      && kelvin >= (guint) h->smart.temperature_kelvin + HOT_SPOT_KELVIN)
    {
      g_autofree char *t = drivedash_format_temperature (kelvin);

      /* Translators: a sensor far hotter than the drive, "67 °C (one hot part, not the drive's temperature)" */
      return g_strdup_printf (_("%s (one hot part, not the drive’s temperature)"), t);
    }
  return drivedash_format_temperature (kelvin);
}

#define SENSOR(n) \
  static char *sensor_##n (const DrivedashHealth *h) { return sensor (h, n - 1); }
SENSOR (1) SENSOR (2) SENSOR (3) SENSOR (4) SENSOR (5) SENSOR (6) SENSOR (7) SENSOR (8)
#undef SENSOR

static char *
life_left (const DrivedashHealth *h)
{
  SMART_OR_NULL (h);
  /* Percentage Used may pass 100: the life left stops at 0. */
  return g_strdup_printf (_("%d %%"), CLAMP (100 - (int) h->smart.percentage_used, 0, 100));
}

static char *
percentage_used (const DrivedashHealth *h)
{
  SMART_OR_NULL (h);
  return format_percent (h->smart.percentage_used);
}

static char *
available_spare (const DrivedashHealth *h)
{
  SMART_OR_NULL (h);
  return format_percent (h->smart.available_spare_percent);
}

static char *
available_spare_threshold (const DrivedashHealth *h)
{
  SMART_OR_NULL (h);
  return format_percent (h->smart.available_spare_threshold_percent);
}

static char *
data_written (const DrivedashHealth *h)
{
  SMART_OR_NULL (h);
  return drivedash_format_bytes_u128 (drivedash_data_units_to_bytes (h->smart.data_units_written));
}

static char *
data_read (const DrivedashHealth *h)
{
  SMART_OR_NULL (h);
  return drivedash_format_bytes_u128 (drivedash_data_units_to_bytes (h->smart.data_units_read));
}

#define SMART_COUNT(name, member) \
  static char *name (const DrivedashHealth *h) \
  { SMART_OR_NULL (h); return drivedash_format_count (h->smart.member); }
SMART_COUNT (host_read_commands, host_read_commands)
SMART_COUNT (host_write_commands, host_write_commands)
SMART_COUNT (power_cycles, power_cycles)
SMART_COUNT (unsafe_shutdowns, unsafe_shutdowns)
SMART_COUNT (media_errors, media_errors)
SMART_COUNT (error_log_entries, error_log_entries)
#undef SMART_COUNT

static char *
controller_busy_time (const DrivedashHealth *h)
{
  SMART_OR_NULL (h);
  return format_minutes (h->smart.controller_busy_minutes);
}

static char *
power_on_time (const DrivedashHealth *h)
{
  SMART_OR_NULL (h);
  return drivedash_format_hours (h->smart.power_on_hours);
}

static char *
warning_temperature_time (const DrivedashHealth *h)
{
  SMART_OR_NULL (h);
  return format_minutes (DRIVEDASH_U128_INIT (h->smart.warning_temperature_minutes, 0));
}

static char *
critical_temperature_time (const DrivedashHealth *h)
{
  SMART_OR_NULL (h);
  return format_minutes (DRIVEDASH_U128_INIT (h->smart.critical_temperature_minutes, 0));
}

/* A time longer than the drive has been on is the firmware's junk. */
static char *
thermal_or_junk (const DrivedashHealth *h,
                 guint32                transitions,
                 guint32                seconds)
{
  g_autofree char *text = format_thermal (transitions, seconds);

  if (seconds == 0 || !(drivedash_health_implausible (h) & DRIVEDASH_IMPLAUSIBLE_THROTTLE_TIME))
    return g_steal_pointer (&text);
  /* Translators: a throttling time longer than the drive was on, "5 228 036 s … (not a real figure)" */
  return g_strdup_printf (_("%s (not a real figure)"), text);
}

static char *
thermal_management_1 (const DrivedashHealth *h)
{
  SMART_OR_NULL (h);
  return thermal_or_junk (h, h->smart.thermal_management_1_transitions, h->smart.thermal_management_1_seconds);
}

static char *
thermal_management_2 (const DrivedashHealth *h)
{
  SMART_OR_NULL (h);
  return thermal_or_junk (h, h->smart.thermal_management_2_transitions, h->smart.thermal_management_2_seconds);
}

/* --- identity group ------------------------------------------------------ */

/* Model, serial and firmware come raw from the drive: never hand control
 * characters to a terminal or a label. */
static char *
device_string (const char *value)
{
  return value != NULL && *value != '\0' ? drivedash_format_device_string (value) : NULL;
}

static char *
model (const DrivedashHealth *h)
{
  return device_string (h->model);
}

static char *
serial (const DrivedashHealth *h)
{
  return device_string (h->serial);
}

static char *
firmware (const DrivedashHealth *h)
{
  return device_string (h->firmware);
}

static char *
controller (const DrivedashHealth *h)
{
  return device_string (h->controller);
}

static char *
capacity (const DrivedashHealth *h)
{
  /* What the namespaces hold is what people can use; the controller's
   * total (TNVMCAP) only when sysfs did not say. */
  if (h->capacity_bytes != 0)
    return drivedash_format_bytes (h->capacity_bytes);
  if (has (h, DRIVEDASH_HEALTH_HAS_IDENTIFY) && !drivedash_u128_is_zero (h->identify.total_capacity_bytes))
    return drivedash_format_bytes_u128 (h->identify.total_capacity_bytes);
  return NULL;
}

static char *
pcie_link (const DrivedashHealth *h)
{
  g_autofree char *speed = NULL;

  if (h->link_speed == NULL || *h->link_speed == '\0')
    return NULL;
  speed = drivedash_format_device_string (h->link_speed);
  if (h->link_width == 0)
    return g_steal_pointer (&speed);
  /* Translators: the PCIe link, "8.0 GT/s PCIe, 4 lanes" */
  return g_strdup_printf (_("%s, %u lanes"), speed, h->link_width);
}

static char *
source (const DrivedashHealth *h)
{
  switch (h->source)
    {
    case DRIVEDASH_HEALTH_SOURCE_NVME:
      return g_strdup (_("The drive itself (as administrator)"));
    case DRIVEDASH_HEALTH_SOURCE_SERVICE:
      return g_strdup (_("The Drivedash system service"));
    case DRIVEDASH_HEALTH_SOURCE_UDISKS2:
      return g_strdup (_("The disk manager (UDisks)"));
    case DRIVEDASH_HEALTH_SOURCE_SYSFS:
      return g_strdup (_("The kernel's public files (limited)"));
    case DRIVEDASH_HEALTH_SOURCE_DEMO:
      return g_strdup (_("Simulated (demo mode)"));
    case DRIVEDASH_HEALTH_SOURCE_REPORT:
      return g_strdup (_("A report from elsewhere (smartctl or nvme-cli)"));
    case DRIVEDASH_HEALTH_SOURCE_NONE:
    default:
      return NULL;
    }
}

/* --- the table ----------------------------------------------------------- */

#define H DRIVEDASH_HEALTH_FIELD_GROUP_HEALTH
#define I DRIVEDASH_HEALTH_FIELD_GROUP_IDENTITY
#define SENSOR_ROW(n, title) \
  { "temperature-sensor-" #n, H, title, N_("One of the drive's own thermometers"), \
    "Temperature Sensor " #n, sensor_##n }

static const DrivedashHealthField fields[] = {
  { "critical-warning", H, N_("Critical warnings"),
    N_("Alarms the drive raises itself: low spare, heat, worn out, read-only"),
    "Critical Warning", critical_warning },
  { "temperature", H, N_("Temperature"), N_("The drive's overall temperature"),
    "Composite Temperature", temperature },
  { "warning-temperature", H, N_("Warning limit"), N_("Above this temperature the drive slows itself down"),
    "Warning Composite Temperature Threshold", warning_temperature },
  { "critical-temperature", H, N_("Critical limit"),
    N_("Above this temperature the drive may stop working to protect itself"),
    "Critical Composite Temperature Threshold", critical_temperature },
  SENSOR_ROW (1, N_("Temperature sensor 1")),
  SENSOR_ROW (2, N_("Temperature sensor 2")),
  SENSOR_ROW (3, N_("Temperature sensor 3")),
  SENSOR_ROW (4, N_("Temperature sensor 4")),
  SENSOR_ROW (5, N_("Temperature sensor 5")),
  SENSOR_ROW (6, N_("Temperature sensor 6")),
  SENSOR_ROW (7, N_("Temperature sensor 7")),
  SENSOR_ROW (8, N_("Temperature sensor 8")),
  { "life-left", H, N_("Life left"), N_("How much of its rated life the drive has left, by its own count"),
    "Percentage Used", life_left },
  { "percentage-used", H, N_("Life used"),
    N_("How much of its rated life the drive thinks it has used; may pass 100 %"),
    "Percentage Used", percentage_used },
  { "available-spare", H, N_("Spare blocks left"),
    N_("Reserve memory that replaces worn-out parts; 100 % when new"),
    "Available Spare", available_spare },
  { "available-spare-threshold", H, N_("Spare blocks alarm level"),
    N_("The drive warns when its spare falls below this"),
    "Available Spare Threshold", available_spare_threshold },
  { "data-written", H, N_("Data written"), N_("Counted in units of 512 000 bytes by the drive"),
    "Data Units Written", data_written },
  { "data-read", H, N_("Data read"), N_("Counted in units of 512 000 bytes by the drive"),
    "Data Units Read", data_read },
  { "host-read-commands", H, N_("Read requests"), N_("Read commands the computer sent"),
    "Host Read Commands", host_read_commands },
  { "host-write-commands", H, N_("Write requests"), N_("Write commands the computer sent"),
    "Host Write Commands", host_write_commands },
  { "controller-busy-time", H, N_("Busy time"), N_("Minutes the drive spent working on requests"),
    "Controller Busy Time", controller_busy_time },
  { "power-on-time", H, N_("Power-on time"), N_("Hours the drive has been running"),
    "Power On Hours", power_on_time },
  { "power-cycles", H, N_("Power cycles"), N_("Times the drive was switched on"),
    "Power Cycles", power_cycles },
  { "unsafe-shutdowns", H, N_("Unsafe shutdowns"), N_("Power lost before the drive could save its work"),
    "Unsafe Shutdowns", unsafe_shutdowns },
  { "media-errors", H, N_("Media errors"), N_("Data the drive could not read back or repair"),
    "Media and Data Integrity Errors", media_errors },
  { "error-log-entries", H, N_("Error log entries"),
    N_("Errors of any kind the drive recorded over its life, most of them harmless"),
    "Number of Error Information Log Entries", error_log_entries },
  { "warning-temperature-time", H, N_("Time above the warning limit"),
    N_("Minutes the drive spent hotter than its first limit"),
    "Warning Composite Temperature Time", warning_temperature_time },
  { "critical-temperature-time", H, N_("Time above the critical limit"),
    N_("Minutes the drive spent hotter than its second limit"),
    "Critical Composite Temperature Time", critical_temperature_time },
  { "thermal-management-1", H, N_("Light slow-downs for heat"),
    N_("Times and seconds the computer asked the drive to cool off a little"),
    "Thermal Management Temperature 1", thermal_management_1 },
  { "thermal-management-2", H, N_("Heavy slow-downs for heat"),
    N_("Times and seconds the computer asked the drive to cool off hard"),
    "Thermal Management Temperature 2", thermal_management_2 },

  { "model", I, N_("Model"), N_("The name the maker gives the drive"), "Model Number", model },
  { "serial", I, N_("Serial number"), N_("Tells this drive apart from all others"), "Serial Number", serial },
  { "firmware", I, N_("Firmware"), N_("The drive's own software version"), "Firmware Revision", firmware },
  { "controller", I, N_("Controller"), N_("The name Linux gives the drive"), NULL, controller },
  { "capacity", I, N_("Capacity"), N_("How much data the drive holds"), "Namespace Size", capacity },
  { "link", I, N_("Connection"), N_("How fast the link to the computer is; more lanes are faster"),
    "PCIe link", pcie_link },
  { "source", I, N_("Read through"), N_("Where these values came from"), NULL, source },
};

#undef SENSOR_ROW
#undef H
#undef I

const DrivedashHealthField *
drivedash_health_fields (gsize *n_fields)
{
  if (n_fields != NULL)
    *n_fields = G_N_ELEMENTS (fields);
  return fields;
}

const DrivedashHealthField *
drivedash_health_field_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (fields); i++)
    if (strcmp (fields[i].id, id) == 0)
      return &fields[i];
  return NULL;
}

char *
drivedash_health_field_format (const DrivedashHealthField *field,
                               const DrivedashHealth      *health)
{
  g_return_val_if_fail (field != NULL, NULL);
  g_return_val_if_fail (health != NULL, NULL);

  return field->format != NULL ? field->format (health) : NULL;
}

/* --- firmware slots ------------------------------------------------------ */

char *
drivedash_health_firmware_slot_title (const DrivedashFirmwareLog *log,
                                      guint                       slot)
{
  if (slot == 1 && log->slot1_read_only)
    /* Translators: a firmware slot that cannot be overwritten */
    return g_strdup_printf (_("Slot %u (read-only)"), slot);
  /* Translators: a firmware slot of the drive, numbered from 1 */
  return g_strdup_printf (_("Slot %u"), slot);
}

char *
drivedash_health_firmware_slot_value (const DrivedashFirmwareLog *log,
                                      guint                       slot)
{
  const char *rev;
  g_autofree char *shown = NULL;

  g_return_val_if_fail (slot >= 1 && slot <= DRIVEDASH_FIRMWARE_MAX_SLOTS, NULL);
  rev = log->revisions[slot - 1];
  shown = *rev != '\0' ? drivedash_format_device_string (rev) : g_strdup (_("empty"));
  if (slot == log->active_slot)
    /* Translators: a firmware version and "this one runs now" */
    return g_strdup_printf (_("%s · active"), shown);
  if (slot == log->next_slot)
    /* Translators: a firmware version the drive switches to when restarted */
    return g_strdup_printf (_("%s · used after the next restart"), shown);
  return g_steal_pointer (&shown);
}
