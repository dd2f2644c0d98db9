/* drivedash-client-udisks.c — the UDisks2 backend: SMART counters and
 * self-tests of NVMe drives without drivedashd
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * UDisks2 ≥ 2.10 has org.freedesktop.UDisks2.NVMe.Controller.  Its drives
 * are matched to ours by serial number; identity and temperature still
 * come from sysfs, which needs no privileges.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-client-private.h"
#include "drivedash-error.h"
#include "drivedash-nvme.h"

#define UDISKS_NAME             "org.freedesktop.UDisks2"
#define UDISKS_PATH             "/org/freedesktop/UDisks2"
#define UDISKS_DRIVE_IFACE      "org.freedesktop.UDisks2.Drive"
#define UDISKS_NVME_CTRL_IFACE  "org.freedesktop.UDisks2.NVMe.Controller"

static guint8
udisks_critical_warning_bits (GVariant *strv)
{
  static const struct { const char *id; guint8 bit; } map[] = {
    { "spare",        DRIVEDASH_CRITICAL_WARNING_SPARE },
    { "temperature",  DRIVEDASH_CRITICAL_WARNING_TEMPERATURE },
    { "degraded",     DRIVEDASH_CRITICAL_WARNING_RELIABILITY },
    { "readonly",     DRIVEDASH_CRITICAL_WARNING_READ_ONLY },
    { "volatile_mem", DRIVEDASH_CRITICAL_WARNING_VOLATILE_BACKUP },
    { "pmr_readonly", DRIVEDASH_CRITICAL_WARNING_PMR_READ_ONLY },
  };
  g_autofree const char **ids = g_variant_get_strv (strv, NULL);
  guint8 bits = 0;

  for (gsize i = 0; ids[i] != NULL; i++)
    for (gsize j = 0; j < G_N_ELEMENTS (map); j++)
      if (g_str_equal (ids[i], map[j].id))
        bits |= map[j].bit;

  return bits;
}

/* UDisks reports bytes (data units × 512 000); the model keeps units. */
static DrivedashU128
bytes_to_data_units (guint64 bytes)
{
  return DRIVEDASH_U128_INIT (bytes / DRIVEDASH_BYTES_PER_DATA_UNIT, 0);
}

/* Finds the UDisks2 drive object with the NVMe controller interface whose
 * serial number is serial.  Returns its interfaces-and-properties dict. */
static GVariant *
udisks_find_controller (GDBusConnection  *bus,
                        const char       *serial,
                        char            **object_path_out,
                        GCancellable     *cancellable,
                        GError          **error)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariantIter) objects = NULL;
  const char *object_path;
  GVariant *interfaces;

  /* UDisks reports "" for drives without one: an empty serial would match
   * any of those, and a self-test would start on the wrong drive. */
  if (serial == NULL || *serial == '\0')
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                           _("The drive has no serial number to find it in UDisks."));
      return NULL;
    }

  reply = g_dbus_connection_call_sync (bus, UDISKS_NAME, UDISKS_PATH,
                                       "org.freedesktop.DBus.ObjectManager",
                                       "GetManagedObjects", NULL,
                                       G_VARIANT_TYPE ("(a{oa{sa{sv}}})"),
                                       G_DBUS_CALL_FLAGS_NONE, drivedash_client_read_timeout_ms (),
                                       cancellable, error);
  if (reply == NULL)
    return NULL;

  g_variant_get (reply, "(a{oa{sa{sv}}})", &objects);
  while (g_variant_iter_next (objects, "{&o@a{sa{sv}}}", &object_path, &interfaces))
    {
      g_autoptr(GVariant) drive = NULL;
      g_autoptr(GVariant) nvme = NULL;
      g_autofree char *drive_serial = NULL;

      drive = g_variant_lookup_value (interfaces, UDISKS_DRIVE_IFACE, G_VARIANT_TYPE_VARDICT);
      nvme = g_variant_lookup_value (interfaces, UDISKS_NVME_CTRL_IFACE, G_VARIANT_TYPE_VARDICT);
      if (drive != NULL && nvme != NULL &&
          g_variant_lookup (drive, "Serial", "s", &drive_serial) &&
          g_strcmp0 (g_strstrip (drive_serial), serial) == 0)
        {
          *object_path_out = g_strdup (object_path);
          g_variant_unref (interfaces);
          return g_steal_pointer (&nvme);
        }
      g_variant_unref (interfaces);
    }

  g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                       _("UDisks does not report SMART data for this drive."));
  return NULL;
}

/* The SMART log from SmartGetAttributes' attrs, plus what only the
 * controller's properties (nvme) hold. */
static void
smart_log_from_udisks (GVariant          *attrs,
                       GVariant          *nvme,
                       DrivedashSmartLog *log)
{
  g_autoptr(GVariant) sensors = NULL;
  g_autoptr(GVariant) warnings = NULL;
  guint64 u64;
  guint32 u32;
  guint16 u16;
  guint8 u8;

  if (g_variant_lookup (attrs, "avail_spare", "y", &u8))
    log->available_spare_percent = u8;
  if (g_variant_lookup (attrs, "spare_thresh", "y", &u8))
    log->available_spare_threshold_percent = u8;
  if (g_variant_lookup (attrs, "percent_used", "y", &u8))
    log->percentage_used = u8;
  if (g_variant_lookup (attrs, "total_data_read", "t", &u64))
    log->data_units_read = bytes_to_data_units (u64);
  if (g_variant_lookup (attrs, "total_data_written", "t", &u64))
    log->data_units_written = bytes_to_data_units (u64);
#define LOOKUP_U128(key, field) \
  if (g_variant_lookup (attrs, key, "t", &u64)) \
    log->field = DRIVEDASH_U128_INIT (u64, 0)
  LOOKUP_U128 ("ctrl_busy_time", controller_busy_minutes);
  LOOKUP_U128 ("power_cycles", power_cycles);
  LOOKUP_U128 ("unsafe_shutdowns", unsafe_shutdowns);
  LOOKUP_U128 ("media_errors", media_errors);
  LOOKUP_U128 ("num_err_log_entries", error_log_entries);
#undef LOOKUP_U128
  if (g_variant_lookup (attrs, "warning_temp_time", "u", &u32))
    log->warning_temperature_minutes = u32;
  if (g_variant_lookup (attrs, "critical_temp_time", "u", &u32))
    log->critical_temperature_minutes = u32;
  sensors = g_variant_lookup_value (attrs, "temp_sensors", G_VARIANT_TYPE ("aq"));
  if (sensors != NULL)
    {
      gsize n = 0;
      const guint16 *values = g_variant_get_fixed_array (sensors, &n, sizeof (guint16));

      for (gsize i = 0; i < MIN (n, DRIVEDASH_N_TEMPERATURE_SENSORS); i++)
        log->temperature_sensors_kelvin[i] = values[i];
    }

  warnings = g_variant_lookup_value (nvme, "SmartCriticalWarning", G_VARIANT_TYPE_STRING_ARRAY);
  if (warnings != NULL)
    log->critical_warning = udisks_critical_warning_bits (warnings);
  if (g_variant_lookup (nvme, "SmartPowerOnHours", "t", &u64))
    log->power_on_hours = DRIVEDASH_U128_INIT (u64, 0);
  if (g_variant_lookup (nvme, "SmartTemperature", "q", &u16))
    log->temperature_kelvin = u16;
}

/* SmartGetAttributes answered: the whole log and the limits. */
static void
add_attributes (DrivedashHealth *health,
                GVariant        *attrs,
                GVariant        *nvme)
{
  DrivedashSmartLog log = { 0 };
  guint16 u16;

  smart_log_from_udisks (attrs, nvme, &log);
  drivedash_health_set_smart (health, &log);

  if (g_variant_lookup (attrs, "wctemp", "q", &u16) && u16 != 0)
    {
      health->warning_temperature_kelvin = u16;
      health->has |= DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS;
    }
  if (g_variant_lookup (attrs, "cctemp", "q", &u16) && u16 != 0)
    {
      health->critical_temperature_kelvin = u16;
      health->has |= DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS;
    }
  drivedash_health_add_missing (health,
                                _("Host command counts, power states and the error log"),
                                _("UDisks does not report them; the Drivedash system service does."));
}

/* SmartGetAttributes refused: only the summary properties, temperature
 * and warnings. */
static void
add_summary (DrivedashHealth *health,
             GVariant        *nvme,
             gboolean         suggest_service)
{
  guint16 temperature = 0;

  if (g_variant_lookup (nvme, "SmartTemperature", "q", &temperature) && temperature != 0)
    {
      health->smart.temperature_kelvin = temperature;
      health->has |= DRIVEDASH_HEALTH_HAS_TEMPERATURE;
    }
  drivedash_health_add_missing (health,
                                _("SMART counters (data written, power-on hours, …)"),
                                suggest_service
                                ? _("UDisks refused to give them; install the Drivedash system service.")
                                : _("UDisks refused to give them."));
}

/* The bus and the drive's controller object; DRIVEDASH_ERROR_NOT_SUPPORTED
 * when either is not there, or a stopped error as it is. */
static GVariant *
find_drive (DrivedashDrive    *drive,
            GDBusConnection  **bus_out,
            char             **object_path_out,
            GCancellable      *cancellable,
            GError           **error)
{
  g_autoptr(GError) local_error = NULL;
  GVariant *nvme = NULL;

  *bus_out = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, &local_error);
  if (*bus_out != NULL)
    nvme = udisks_find_controller (*bus_out, drivedash_drive_get_serial (drive),
                                   object_path_out, cancellable, &local_error);
  if (nvme != NULL)
    return nvme;
  if (drivedash_client_propagate_stopped (error, &local_error, _("UDisks")))
    return NULL;
  if (local_error->domain == DRIVEDASH_ERROR)
    g_propagate_error (error, g_steal_pointer (&local_error));
  else
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                 _("UDisks is not available: %s"), local_error->message);
  return NULL;
}

/* UDisks 2.10's self-test properties: the test running and its share
 * done (UDisks does not say which test it is), or how the last one
 * ended.  Read with the rest, so a page that reads health again follows
 * the test. */
static void
add_self_test (DrivedashHealth *health,
               GVariant        *nvme)
{
  static const struct { const char *status; DrivedashSelfTestResultCode code; } endings[] = {
    { "success", DRIVEDASH_SELF_TEST_RESULT_PASSED },
    { "aborted", DRIVEDASH_SELF_TEST_RESULT_ABORTED },
    { "ctrl_reset", DRIVEDASH_SELF_TEST_RESULT_ABORTED_RESET },
    { "ns_removed", DRIVEDASH_SELF_TEST_RESULT_ABORTED_NS },
    { "aborted_format", DRIVEDASH_SELF_TEST_RESULT_ABORTED_FORMAT },
    { "fatal_error", DRIVEDASH_SELF_TEST_RESULT_FATAL },
    { "unknown_seg_fail", DRIVEDASH_SELF_TEST_RESULT_FAILED_UNKNOWN },
    { "known_seg_fail", DRIVEDASH_SELF_TEST_RESULT_FAILED_SEGMENT },
    { "aborted_unknown", DRIVEDASH_SELF_TEST_RESULT_ABORTED_UNKNOWN },
    { "aborted_sanitize", DRIVEDASH_SELF_TEST_RESULT_ABORTED_SANITIZE },
  };
  DrivedashSelfTestLog *log = &health->self_test;
  const char *status = NULL;
  gint32 remaining = -1;

  if (!g_variant_lookup (nvme, "SmartSelftestStatus", "&s", &status))
    return;
  g_variant_lookup (nvme, "SmartSelftestPercentRemaining", "i", &remaining);
  memset (log, 0, sizeof *log);
  if (g_str_has_prefix (status, "inprogress") || remaining >= 0)
    {
      log->current = DRIVEDASH_SELF_TEST_UNNAMED;
      log->current_percent_done = remaining >= 0 && remaining <= 100 ? (guint) (100 - remaining) : 0;
    }
  for (guint i = 0; log->current == DRIVEDASH_SELF_TEST_NONE && i < G_N_ELEMENTS (endings); i++)
    if (g_str_equal (status, endings[i].status))
      {
        log->n_results = 1;
        log->results[0].kind = DRIVEDASH_SELF_TEST_UNNAMED;
        log->results[0].result = endings[i].code;
      }
  health->has |= DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG;
}

DrivedashHealth *
drivedash_client_udisks_health (DrivedashDrive  *drive,
                                gboolean         suggest_service,
                                GCancellable    *cancellable,
                                GError         **error)
{
  g_autoptr(DrivedashHealth) health = NULL;
  g_autoptr(GDBusConnection) bus = NULL;
  g_autoptr(GVariant) nvme = NULL;
  g_autoptr(GVariant) attrs_reply = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *object_path = NULL;
  guint64 updated = 0;

  nvme = find_drive (drive, &bus, &object_path, cancellable, error);
  if (nvme == NULL)
    return NULL;

  /* Identity and hwmon come from sysfs, never needing privileges; UDisks
   * adds the SMART counters on top. */
  health = drivedash_health_read (drive, DRIVEDASH_HEALTH_READ_SYSFS_ONLY, error);
  if (health == NULL)
    return NULL;
  g_ptr_array_set_size (health->missing, 0);
  health->source = DRIVEDASH_HEALTH_SOURCE_UDISKS2;
  health->privileged = FALSE;

  g_variant_lookup (nvme, "SmartUpdated", "t", &updated);
  if (updated == 0)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                           _("UDisks has not read this drive’s SMART data yet."));
      return NULL;
    }

  attrs_reply = g_dbus_connection_call_sync (bus, UDISKS_NAME, object_path,
                                             UDISKS_NVME_CTRL_IFACE, "SmartGetAttributes",
                                             g_variant_new ("(a{sv})", NULL),
                                             G_VARIANT_TYPE ("(a{sv})"),
                                             G_DBUS_CALL_FLAGS_NONE, drivedash_client_read_timeout_ms (),
                                             cancellable, &local_error);
  if (attrs_reply == NULL && drivedash_client_propagate_stopped (error, &local_error, _("UDisks")))
    return NULL;
  if (attrs_reply != NULL)
    {
      g_autoptr(GVariant) attrs = g_variant_get_child_value (attrs_reply, 0);

      add_attributes (health, attrs, nvme);
    }
  else
    {
      g_debug ("UDisks SmartGetAttributes: %s", local_error->message);
      add_summary (health, nvme, suggest_service);
    }
  add_self_test (health, nvme);

  drivedash_health_update_verdict (health);
  return g_steal_pointer (&health);
}

/* --- the steps ------------------------------------------------------------- */

static DrivedashClientOutcome
udisks_get_health (DrivedashClientRequest  *request,
                   GError                 **error)
{
  gboolean suggest_service;

  suggest_service = drivedash_client_request_service_status (request) == DRIVEDASH_SERVICE_NOT_INSTALLED;
  request->health = drivedash_client_udisks_health (request->drive, suggest_service,
                                                    request->cancellable, error);
  if (request->health != NULL)
    return DRIVEDASH_CLIENT_ANSWERED;
  /* Anything else means "not from UDisks": sysfs still has something. */
  return drivedash_client_error_means_stopped (*error) ? DRIVEDASH_CLIENT_FAILED
                                                       : DRIVEDASH_CLIENT_UNAVAILABLE;
}

/* UDisks knows the drive and said no (its polkit, or the drive has no
 * self-test): its answer, in our words. */
static DrivedashClientOutcome
udisks_said_no (GError  *udisks_error,
                GError **error)
{
  gboolean denied = drivedash_client_error_means_denied (udisks_error);

  g_dbus_error_strip_remote_error (udisks_error);
  g_set_error (error, DRIVEDASH_ERROR,
               denied ? DRIVEDASH_ERROR_PERMISSION : DRIVEDASH_ERROR_FAILED,
               _("UDisks could not do it: %s"), udisks_error->message);
  g_error_free (udisks_error);
  return denied ? DRIVEDASH_CLIENT_REFUSED : DRIVEDASH_CLIENT_FAILED;
}

static DrivedashClientOutcome
udisks_self_test (DrivedashClientRequest  *request,
                  GError                 **error)
{
  g_autoptr(GDBusConnection) bus = NULL;
  g_autoptr(GVariant) nvme = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autofree char *object_path = NULL;
  GError *local_error = NULL;
  GDBusCallFlags flags = drivedash_client_call_flags (request->flags);

  nvme = find_drive (request->drive, &bus, &object_path, request->cancellable, error);
  if (nvme == NULL)
    return drivedash_client_error_means_stopped (*error) ? DRIVEDASH_CLIENT_FAILED
                                                         : DRIVEDASH_CLIENT_UNAVAILABLE;

  if (request->kind == DRIVEDASH_SELF_TEST_ABORT)
    reply = g_dbus_connection_call_sync (bus, UDISKS_NAME, object_path, UDISKS_NVME_CTRL_IFACE,
                                         "SmartSelftestAbort", g_variant_new ("(a{sv})", NULL),
                                         NULL, flags, G_MAXINT, request->cancellable, &local_error);
  else
    reply = g_dbus_connection_call_sync (bus, UDISKS_NAME, object_path, UDISKS_NVME_CTRL_IFACE,
                                         "SmartSelftestStart",
                                         g_variant_new ("(sa{sv})",
                                                        request->kind == DRIVEDASH_SELF_TEST_SHORT
                                                        ? "short" : "extended",
                                                        NULL),
                                         NULL, flags, G_MAXINT, request->cancellable, &local_error);
  if (reply != NULL)
    {
      request->source = DRIVEDASH_HEALTH_SOURCE_UDISKS2;
      return DRIVEDASH_CLIENT_ANSWERED;
    }
  if (drivedash_client_propagate_stopped (error, &local_error, _("UDisks")))
    return DRIVEDASH_CLIENT_FAILED;
  if (drivedash_client_error_means_unavailable (local_error))
    {
      g_propagate_error (error, local_error);
      return DRIVEDASH_CLIENT_UNAVAILABLE;
    }
  return udisks_said_no (local_error, error);
}

const DrivedashClientBackend drivedash_client_backend_udisks = {
  .name = "UDisks2",
  .skip_flag = DRIVEDASH_CLIENT_NO_UDISKS,
  .reads_sysfs = TRUE,
  .steps = {
    [DRIVEDASH_CLIENT_OP_GET_HEALTH] = udisks_get_health,
    [DRIVEDASH_CLIENT_OP_SELF_TEST] = udisks_self_test,
  },
};

/* ---------------------------------------------------------------------- */
/* Following a running self-test                                          */

struct _DrivedashSelfTestWatch
{
  GDBusConnection        *bus;
  guint                   subscription;
  DrivedashSelfTestFunc   func;
  gpointer                user_data;
};

static const char *const SELF_TEST_PROPERTIES[] = {
  "SmartSelftestStatus", "SmartSelftestPercentRemaining",
};

static void
self_test_changed_cb (GDBusConnection *bus,
                      const char      *sender,
                      const char      *path,
                      const char      *interface,
                      const char      *signal,
                      GVariant        *parameters,
                      gpointer         data)
{
  DrivedashSelfTestWatch *watch = data;
  g_autoptr(GVariant) changed = NULL;
  g_autofree const char **invalidated = NULL;
  const char *iface;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(sa{sv}as)")))
    return;
  g_variant_get (parameters, "(&s@a{sv}^a&s)", &iface, &changed, &invalidated);
  for (guint i = 0; i < G_N_ELEMENTS (SELF_TEST_PROPERTIES); i++)
    {
      g_autoptr(GVariant) value = g_variant_lookup_value (changed, SELF_TEST_PROPERTIES[i], NULL);

      if (value != NULL || g_strv_contains (invalidated, SELF_TEST_PROPERTIES[i]))
        {
          watch->func (watch->user_data);
          return;
        }
    }
}

DrivedashSelfTestWatch *
drivedash_self_test_watch_new (DrivedashSelfTestFunc func,
                               gpointer              user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, &error);
  DrivedashSelfTestWatch *watch;

  g_return_val_if_fail (func != NULL, NULL);
  if (bus == NULL)
    {
      g_debug ("no system bus to follow the self-test on: %s", error->message);
      return NULL;
    }
  watch = g_new0 (DrivedashSelfTestWatch, 1);
  watch->bus = g_steal_pointer (&bus);
  watch->func = func;
  watch->user_data = user_data;
  watch->subscription =
    g_dbus_connection_signal_subscribe (watch->bus, UDISKS_NAME, "org.freedesktop.DBus.Properties",
                                        "PropertiesChanged", NULL, UDISKS_NVME_CTRL_IFACE,
                                        G_DBUS_SIGNAL_FLAGS_NONE, self_test_changed_cb, watch, NULL);
  return watch;
}

void
drivedash_self_test_watch_free (DrivedashSelfTestWatch *watch)
{
  if (watch == NULL)
    return;
  g_dbus_connection_signal_unsubscribe (watch->bus, watch->subscription);
  g_object_unref (watch->bus);
  g_free (watch);
}
