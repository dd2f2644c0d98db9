/* drivedash-client.c — the fallback chain service → UDisks2 → sysfs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-client.h"
#include "drivedash-client-private.h"
#include "drivedash-dbus-generated.h"
#include "drivedash-drive.h"
#include "drivedash-error.h"
#include "drivedash-nvme.h"

#define UDISKS_NAME             "org.freedesktop.UDisks2"
#define UDISKS_PATH             "/org/freedesktop/UDisks2"
#define UDISKS_DRIVE_IFACE      "org.freedesktop.UDisks2.Drive"
#define UDISKS_NVME_CTRL_IFACE  "org.freedesktop.UDisks2.NVMe.Controller"

/* Reads never need long; a password dialog might. */
#define READ_TIMEOUT_MS 15000

static int read_timeout_ms = READ_TIMEOUT_MS;

void
drivedash_client_set_read_timeout (int timeout_ms)
{
  read_timeout_ms = timeout_ms > 0 ? timeout_ms : READ_TIMEOUT_MS;
}

static const GDBusErrorEntry drivedash_dbus_error_entries[] = {
  { DRIVEDASH_ERROR_FAILED,           "io.github.drivedash.Error.Failed" },
  { DRIVEDASH_ERROR_INVALID_ARGUMENT, "io.github.drivedash.Error.InvalidArgument" },
  { DRIVEDASH_ERROR_NOT_FOUND,        "io.github.drivedash.Error.NotFound" },
  { DRIVEDASH_ERROR_PERMISSION,       "io.github.drivedash.Error.Permission" },
  { DRIVEDASH_ERROR_NOT_SUPPORTED,    "io.github.drivedash.Error.NotSupported" },
  { DRIVEDASH_ERROR_NO_SPACE,         "io.github.drivedash.Error.NoSpace" },
  { DRIVEDASH_ERROR_NO_DIRECT_IO,     "io.github.drivedash.Error.NoDirectIO" },
  { DRIVEDASH_ERROR_NOT_WRITABLE,     "io.github.drivedash.Error.NotWritable" },
  { DRIVEDASH_ERROR_CANCELLED,        "io.github.drivedash.Error.Cancelled" },
  { DRIVEDASH_ERROR_FILE_REMOVED,     "io.github.drivedash.Error.FileRemoved" },
  { DRIVEDASH_ERROR_DEVICE_GONE,      "io.github.drivedash.Error.DeviceGone" },
  { DRIVEDASH_ERROR_IO,               "io.github.drivedash.Error.IO" },
};

void
drivedash_client_register_errors (void)
{
  static gsize quark = 0;

  g_dbus_error_register_error_domain ("drivedash-error-quark", &quark,
                                      drivedash_dbus_error_entries,
                                      G_N_ELEMENTS (drivedash_dbus_error_entries));
}

/* --- the service ------------------------------------------------------- */

/* The caller gave up, or the other side did not answer in time: it may
 * still be acting on the request, so nothing else must act instead. */
static gboolean
error_means_stopped (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
}

/* Gives a cancel or timeout error back as it is (same domain and code),
 * in plain words for a timeout.  FALSE when src is neither. */
static gboolean
propagate_stopped (GError  **dest,
                   GError  **src,
                   const char *who)
{
  if (!error_means_stopped (*src))
    return FALSE;
  if (g_error_matches (*src, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
    /* Translators: %s is "The Drivedash system service" or "UDisks" */
    g_set_error (dest, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                 _("%s did not answer in time. Try again in a moment."), who);
  else
    g_propagate_error (dest, g_steal_pointer (src));
  g_clear_error (src);
  return TRUE;
}

/* polkit wanted to ask for a password, but the call did not allow it:
 * that is a refusal the user can act on, not a missing service.  GLib
 * has no code for this D-Bus error, so it arrives as a remote error. */
static gboolean
error_means_needs_password (const GError *error)
{
  g_autofree char *name = g_dbus_error_get_remote_error (error);

  return g_strcmp0 (name, "org.freedesktop.DBus.Error.InteractiveAuthorizationRequired") == 0;
}

/* Errors that mean "no service to talk to", as opposed to an answer. */
static gboolean
error_means_unavailable (const GError *error)
{
  if (error_means_stopped (error) || error_means_needs_password (error))
    return FALSE;
  return g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_NAME_HAS_NO_OWNER) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SPAWN_EXEC_FAILED) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SPAWN_CHILD_EXITED) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SPAWN_FAILED) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_NO_SERVER) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_OBJECT) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_METHOD) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_DISCONNECTED) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CLOSED) ||
         error->domain == G_IO_ERROR; /* no system bus at all */
}

static gboolean
error_means_denied (const GError *error)
{
  return g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_AUTH_FAILED);
}

static GDBusCallFlags
call_flags (DrivedashClientFlags flags)
{
  return (flags & DRIVEDASH_CLIENT_INTERACTIVE) ? G_DBUS_CALL_FLAGS_ALLOW_INTERACTIVE_AUTHORIZATION
                                                : G_DBUS_CALL_FLAGS_NONE;
}

/* Calls a method of drivedashd.  parameters (may be NULL) is consumed
 * when floating, also when there is no bus to send it on. */
static GVariant *
service_call (const char      *method,
              GVariant        *parameters,
              GDBusCallFlags   flags,
              int              timeout_ms,
              GCancellable    *cancellable,
              GError         **error)
{
  g_autoptr(DrivedashDBusDrivedash1) proxy = NULL;

  drivedash_client_register_errors ();

  proxy = drivedash_dbus_drivedash1_proxy_new_for_bus_sync (G_BUS_TYPE_SYSTEM,
                                                            G_DBUS_PROXY_FLAGS_DO_NOT_LOAD_PROPERTIES |
                                                            G_DBUS_PROXY_FLAGS_DO_NOT_CONNECT_SIGNALS,
                                                            DRIVEDASH_SERVICE_BUS_NAME,
                                                            DRIVEDASH_SERVICE_OBJECT_PATH,
                                                            cancellable, error);
  if (proxy == NULL)
    {
      if (parameters != NULL)
        g_variant_unref (g_variant_ref_sink (parameters));
      return NULL;
    }
  return g_dbus_proxy_call_sync (G_DBUS_PROXY (proxy), method, parameters, flags,
                                 timeout_ms, cancellable, error);
}

/* Turns what came back from the service into an error for people. */
static void
propagate_service_error (GError  **dest,
                         GError   *src)
{
  if (propagate_stopped (dest, &src, _("The Drivedash system service")))
    return;
  if (error_means_needs_password (src))
    {
      g_set_error_literal (dest, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION,
                           _("This needs an administrator password, and this request could not ask for one. "
                             "Try again from the Drivedash app, which can ask for it."));
      g_error_free (src);
      return;
    }
  if (error_means_denied (src))
    {
      g_set_error_literal (dest, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION,
                           _("You are not allowed to do this: the request was refused."));
      g_error_free (src);
      return;
    }
  if (g_error_matches (src, G_DBUS_ERROR, G_DBUS_ERROR_INVALID_ARGS))
    {
      g_dbus_error_strip_remote_error (src);
      g_set_error_literal (dest, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           src->message);
      g_error_free (src);
      return;
    }
  if (src->domain != DRIVEDASH_ERROR)
    {
      g_dbus_error_strip_remote_error (src);
      g_set_error (dest, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   _("The Drivedash system service failed: %s"), src->message);
      g_error_free (src);
      return;
    }

  g_dbus_error_strip_remote_error (src);
  g_propagate_error (dest, src);
}

gboolean
drivedash_client_service_available (GCancellable *cancellable)
{
  g_autoptr(GVariant) reply = NULL;

  /* Peer.Ping starts it if it is activatable and needs no polkit. */
  reply = service_call ("org.freedesktop.DBus.Peer.Ping", NULL, G_DBUS_CALL_FLAGS_NONE,
                        read_timeout_ms, cancellable, NULL);
  return reply != NULL;
}

/* --- UDisks2 -------------------------------------------------------------- */

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
                                       G_DBUS_CALL_FLAGS_NONE, read_timeout_ms,
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

/* suggest_service: the Drivedash system service is not installed, so
 * installing it is the way to the missing counters. */
static DrivedashHealth *
health_from_udisks (DrivedashDrive  *drive,
                    gboolean         suggest_service,
                    GCancellable    *cancellable,
                    GError         **error)
{
  g_autoptr(DrivedashHealth) health = NULL;
  g_autoptr(GDBusConnection) bus = NULL;
  g_autoptr(GVariant) nvme = NULL;
  g_autoptr(GVariant) attrs_reply = NULL;
  g_autoptr(GVariant) warnings = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *object_path = NULL;
  const char *serial;
  guint64 updated = 0;
  guint64 power_on_hours = 0;
  guint16 temperature = 0;

  serial = drivedash_drive_get_serial (drive);
  if (serial == NULL || serial[0] == '\0')
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                           _("The drive has no serial number to find it in UDisks."));
      return NULL;
    }

  bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, &local_error);
  if (bus != NULL)
    nvme = udisks_find_controller (bus, serial, &object_path, cancellable, &local_error);
  if (nvme == NULL)
    {
      if (propagate_stopped (error, &local_error, _("UDisks")))
        return NULL;
      if (local_error->domain == DRIVEDASH_ERROR)
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                     _("UDisks is not available: %s"), local_error->message);
      return NULL;
    }

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
                                             G_DBUS_CALL_FLAGS_NONE, read_timeout_ms,
                                             cancellable, &local_error);
  if (attrs_reply == NULL && propagate_stopped (error, &local_error, _("UDisks")))
    return NULL;
  if (attrs_reply != NULL)
    {
      g_autoptr(GVariant) attrs = g_variant_get_child_value (attrs_reply, 0);
      g_autoptr(GVariant) sensors = NULL;
      DrivedashSmartLog log = { 0 };
      guint64 u64;
      guint32 u32;
      guint16 u16;
      guint8 u8;

      if (g_variant_lookup (attrs, "avail_spare", "y", &u8))
        log.available_spare_percent = u8;
      if (g_variant_lookup (attrs, "spare_thresh", "y", &u8))
        log.available_spare_threshold_percent = u8;
      if (g_variant_lookup (attrs, "percent_used", "y", &u8))
        log.percentage_used = u8;
      if (g_variant_lookup (attrs, "total_data_read", "t", &u64))
        log.data_units_read = bytes_to_data_units (u64);
      if (g_variant_lookup (attrs, "total_data_written", "t", &u64))
        log.data_units_written = bytes_to_data_units (u64);
#define LOOKUP_U128(key, field) \
      if (g_variant_lookup (attrs, key, "t", &u64)) \
        log.field = DRIVEDASH_U128_INIT (u64, 0)
      LOOKUP_U128 ("ctrl_busy_time", controller_busy_minutes);
      LOOKUP_U128 ("power_cycles", power_cycles);
      LOOKUP_U128 ("unsafe_shutdowns", unsafe_shutdowns);
      LOOKUP_U128 ("media_errors", media_errors);
      LOOKUP_U128 ("num_err_log_entries", error_log_entries);
#undef LOOKUP_U128
      if (g_variant_lookup (attrs, "warning_temp_time", "u", &u32))
        log.warning_temperature_minutes = u32;
      if (g_variant_lookup (attrs, "critical_temp_time", "u", &u32))
        log.critical_temperature_minutes = u32;
      sensors = g_variant_lookup_value (attrs, "temp_sensors", G_VARIANT_TYPE ("aq"));
      if (sensors != NULL)
        {
          gsize n = 0;
          const guint16 *values = g_variant_get_fixed_array (sensors, &n, sizeof (guint16));

          for (gsize i = 0; i < MIN (n, DRIVEDASH_N_TEMPERATURE_SENSORS); i++)
            log.temperature_sensors_kelvin[i] = values[i];
        }

      /* The properties hold the rest of the log. */
      warnings = g_variant_lookup_value (nvme, "SmartCriticalWarning", G_VARIANT_TYPE_STRING_ARRAY);
      if (warnings != NULL)
        log.critical_warning = udisks_critical_warning_bits (warnings);
      if (g_variant_lookup (nvme, "SmartPowerOnHours", "t", &power_on_hours))
        log.power_on_hours = DRIVEDASH_U128_INIT (power_on_hours, 0);
      if (g_variant_lookup (nvme, "SmartTemperature", "q", &temperature))
        log.temperature_kelvin = temperature;

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
  else
    {
      /* Only the summary properties: temperature and warnings. */
      g_debug ("UDisks SmartGetAttributes: %s", local_error->message);
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

  drivedash_health_update_verdict (health);
  return g_steal_pointer (&health);
}

DrivedashHealth *
drivedash_client_get_health_udisks (const char    *sysfs_root,
                                    const char    *controller,
                                    GCancellable  *cancellable,
                                    GError       **error)
{
  g_autoptr(DrivedashDrive) drive = drivedash_drive_lookup (sysfs_root, controller, error);

  if (drive == NULL)
    return NULL;
  return health_from_udisks (drive, TRUE, cancellable, error);
}

/* --- the chain --------------------------------------------------------- */

/* Installed: its name has an owner now, or the bus can start it.  Asked
 * only after a call failed, to tell "not there" from "there but broken". */
static gboolean
service_installed (GCancellable *cancellable)
{
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, NULL);
  g_autoptr(GVariant) owner = NULL;
  g_autoptr(GVariant) names = NULL;
  g_autofree const char **list = NULL;
  gboolean has_owner = FALSE;

  if (bus == NULL)
    return FALSE;
  owner = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "NameHasOwner",
                                       g_variant_new ("(s)", DRIVEDASH_SERVICE_BUS_NAME),
                                       G_VARIANT_TYPE ("(b)"), G_DBUS_CALL_FLAGS_NONE,
                                       read_timeout_ms, cancellable, NULL);
  if (owner != NULL)
    g_variant_get (owner, "(b)", &has_owner);
  if (has_owner)
    return TRUE;
  names = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "ListActivatableNames", NULL,
                                       G_VARIANT_TYPE ("(as)"), G_DBUS_CALL_FLAGS_NONE,
                                       read_timeout_ms, cancellable, NULL);
  if (names == NULL)
    return FALSE;
  g_variant_get (names, "(^a&s)", &list);
  return g_strv_contains (list, DRIVEDASH_SERVICE_BUS_NAME);
}

/* What a failed call to the service means for the user. */
static DrivedashServiceStatus
service_status (const GError *error,
                GCancellable *cancellable)
{
  if (error_means_denied (error) || error_means_needs_password (error))
    return DRIVEDASH_SERVICE_REFUSED;
  return service_installed (cancellable) ? DRIVEDASH_SERVICE_FAILED : DRIVEDASH_SERVICE_NOT_INSTALLED;
}

/* Why a report read without the service lacks the rest, in plain words:
 * install instructions only where there is nothing installed. */
static char *
service_why (DrivedashServiceStatus  status,
             GError                 *error)
{
  if (status == DRIVEDASH_SERVICE_REFUSED)
    return g_strdup (_("The Drivedash system service refused the request."));
  if (status == DRIVEDASH_SERVICE_NOT_INSTALLED)
    return g_strdup (_("Install the Drivedash system service to see every health detail without a password."));
  g_dbus_error_strip_remote_error (error);
  return g_strdup_printf (_("The Drivedash system service is installed but did not answer: %s"), error->message);
}

/* "/dev/nvme0" means "nvme0", as everywhere else in Drivedash. */
static const char *
strip_dev (const char *controller)
{
  if (controller != NULL && g_str_has_prefix (controller, "/dev/"))
    return controller + strlen ("/dev/");
  return controller;
}

/* The syntax only: whether it exists is up to whoever answers (the service
 * may look at another sysfs, e.g. in tests). */
static gboolean
check_name (const char  *controller,
            GError     **error)
{
  if (drivedash_controller_name_is_valid (controller))
    return TRUE;
  /* Fails without touching the file system; gives the usual message. */
  return drivedash_power_check_controller (drivedash_power_paths_default (),
                                           controller, error);
}

DrivedashHealth *
drivedash_client_get_health (const char            *sysfs_root,
                             const char            *controller,
                             DrivedashClientFlags   flags,
                             GCancellable          *cancellable,
                             GError               **error)
{
  g_autoptr(GError) service_error = NULL;
  g_autoptr(GError) udisks_error = NULL;
  g_autoptr(DrivedashDrive) drive = NULL;
  DrivedashServiceStatus status = DRIVEDASH_SERVICE_NOT_ASKED;
  DrivedashHealth *health = NULL;
  gboolean direct;

  /* Check the name before asking anyone: a bad one fails the same way
   * whichever source would have answered.  Whether it exists is the
   * service's business (it may see another sysfs, e.g. in tests). */
  controller = strip_dev (controller);
  if (!check_name (controller, error))
    return NULL;

  if (!(flags & DRIVEDASH_CLIENT_NO_SERVICE))
    {
      g_autoptr(GVariant) reply = NULL;

      reply = service_call ("GetHealth", g_variant_new ("(s)", controller), call_flags (flags),
                            read_timeout_ms, cancellable, &service_error);
      if (reply != NULL)
        {
          g_autoptr(GVariant) dict = g_variant_get_child_value (reply, 0);

          health = drivedash_health_new_from_variant (dict, error);
          if (health != NULL)
            health->service = DRIVEDASH_SERVICE_ANSWERED;
          return health;
        }

      if (!error_means_unavailable (service_error) && !error_means_denied (service_error))
        {
          propagate_service_error (error, g_steal_pointer (&service_error));
          return NULL;
        }
      g_debug ("drivedashd: %s", service_error->message);
      status = service_status (service_error, cancellable);
    }

  drive = drivedash_drive_lookup (sysfs_root, controller, error);
  if (drive == NULL)
    return NULL;

  /* As root with a real device, reading directly gives everything. */
  direct = geteuid () == 0 && !(flags & DRIVEDASH_CLIENT_NO_DIRECT) &&
           drivedash_drive_get_device_path (drive) != NULL;

  if (!direct && !(flags & DRIVEDASH_CLIENT_NO_UDISKS))
    {
      health = health_from_udisks (drive, status == DRIVEDASH_SERVICE_NOT_INSTALLED, cancellable, &udisks_error);
      if (health == NULL && propagate_stopped (error, &udisks_error, _("UDisks")))
        return NULL;
      if (health == NULL)
        g_debug ("UDisks2: %s", udisks_error->message);
    }

  if (health == NULL)
    health = drivedash_health_read (drive,
                                    direct ? DRIVEDASH_HEALTH_READ_FULL
                                           : DRIVEDASH_HEALTH_READ_SYSFS_ONLY,
                                    error);
  if (health == NULL)
    return NULL;
  health->service = status;
  if (service_error != NULL && health->source == DRIVEDASH_HEALTH_SOURCE_SYSFS)
    {
      g_autofree char *why = service_why (status, service_error);

      drivedash_health_add_missing (health, _("Full health data"), why);
    }
  return health;
}

/* The (a{sv}) drivedashd answers GetGameMode and SetGameMode with. */
static DrivedashGameMode *
game_mode_from_reply (GVariant               *reply,
                      DrivedashHealthSource  *source_out,
                      GError                **error)
{
  g_autoptr(GVariant) dict = g_variant_get_child_value (reply, 0);

  if (source_out != NULL)
    *source_out = DRIVEDASH_HEALTH_SOURCE_SERVICE;
  return drivedash_game_mode_new_from_variant (dict, error);
}

DrivedashGameMode *
drivedash_client_get_game_mode (const DrivedashPowerPaths *paths,
                                const char                *controller,
                                DrivedashClientFlags       flags,
                                DrivedashHealthSource     *source_out,
                                GCancellable              *cancellable,
                                GError                   **error)
{
  if (paths == NULL)
    paths = drivedash_power_paths_default ();

  controller = strip_dev (controller);
  if (!check_name (controller, error))
    return NULL;

  if (!(flags & DRIVEDASH_CLIENT_NO_SERVICE))
    {
      g_autoptr(GError) service_error = NULL;
      g_autoptr(GVariant) reply = NULL;

      reply = service_call ("GetGameMode", g_variant_new ("(s)", controller),
                            G_DBUS_CALL_FLAGS_NONE, read_timeout_ms, cancellable, &service_error);
      if (reply != NULL)
        return game_mode_from_reply (reply, source_out, error);
      if (!error_means_unavailable (service_error) && !error_means_denied (service_error))
        {
          propagate_service_error (error, g_steal_pointer (&service_error));
          return NULL;
        }
    }

  /* Reading the state needs no privileges. */
  if (source_out != NULL)
    *source_out = DRIVEDASH_HEALTH_SOURCE_SYSFS;
  return drivedash_game_mode_read (paths, controller, error);
}

/* SetGameMode, or SetGameModeTemporary when temporary. */
static DrivedashGameMode *
set_game_mode (const DrivedashPowerPaths *paths,
               const char                *controller,
               gboolean                   enabled,
               gboolean                   persistent,
               gboolean                   temporary,
               DrivedashClientFlags       flags,
               DrivedashHealthSource     *source_out,
               GCancellable              *cancellable,
               GError                   **error)
{
  g_autoptr(GError) service_error = NULL;
  DrivedashServiceStatus status = DRIVEDASH_SERVICE_NOT_ASKED;

  if (paths == NULL)
    paths = drivedash_power_paths_default ();

  controller = strip_dev (controller);
  if (!check_name (controller, error))
    return NULL;

  if (!(flags & DRIVEDASH_CLIENT_NO_SERVICE))
    {
      g_autoptr(GVariant) reply = NULL;

      if (temporary)
        reply = service_call ("SetGameModeTemporary", g_variant_new ("(sb)", controller, enabled),
                              call_flags (flags), G_MAXINT, cancellable, &service_error);
      else
        reply = service_call ("SetGameMode", g_variant_new ("(sbb)", controller, enabled, persistent),
                              call_flags (flags), G_MAXINT, cancellable, &service_error);
      if (reply != NULL)
        return game_mode_from_reply (reply, source_out, error);
      /* A refusal is the answer: never work around polkit. */
      if (!error_means_unavailable (service_error))
        {
          propagate_service_error (error, g_steal_pointer (&service_error));
          return NULL;
        }
      status = service_status (service_error, cancellable);
    }

  if (geteuid () == 0 && !(flags & DRIVEDASH_CLIENT_NO_DIRECT))
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      if (source_out != NULL)
        *source_out = DRIVEDASH_HEALTH_SOURCE_SYSFS;
      return drivedash_game_mode_set (paths, controller, enabled, persistent, error);
    }

  /* Installed but not working: installing it is no answer. */
  if (status == DRIVEDASH_SERVICE_FAILED)
    {
      g_autofree char *why = service_why (status, service_error);

      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED, why);
      return NULL;
    }
  g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION,
                       _("Changing game mode needs permission: install the Drivedash system service (see the README), or run this as administrator."));
  return NULL;
}

DrivedashGameMode *
drivedash_client_set_game_mode (const DrivedashPowerPaths *paths,
                                const char                *controller,
                                gboolean                   enabled,
                                gboolean                   persistent,
                                DrivedashClientFlags       flags,
                                DrivedashHealthSource     *source_out,
                                GCancellable              *cancellable,
                                GError                   **error)
{
  return set_game_mode (paths, controller, enabled, persistent, FALSE, flags, source_out,
                        cancellable, error);
}

DrivedashGameMode *
drivedash_client_set_game_mode_temporary (const DrivedashPowerPaths *paths,
                                          const char                *controller,
                                          gboolean                   enabled,
                                          DrivedashClientFlags       flags,
                                          DrivedashHealthSource     *source_out,
                                          GCancellable              *cancellable,
                                          GError                   **error)
{
  return set_game_mode (paths, controller, enabled, FALSE, TRUE, flags, source_out,
                        cancellable, error);
}

static gboolean
self_test_udisks (DrivedashDrive         *drive,
                  DrivedashSelfTestKind   kind,
                  DrivedashClientFlags    flags,
                  GCancellable           *cancellable,
                  GError                **error)
{
  g_autoptr(GDBusConnection) bus = NULL;
  g_autoptr(GVariant) nvme = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autofree char *object_path = NULL;

  bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, error);
  if (bus == NULL)
    return FALSE;
  nvme = udisks_find_controller (bus, drivedash_drive_get_serial (drive), &object_path,
                                 cancellable, error);
  if (nvme == NULL)
    return FALSE;

  if (kind == DRIVEDASH_SELF_TEST_ABORT)
    reply = g_dbus_connection_call_sync (bus, UDISKS_NAME, object_path, UDISKS_NVME_CTRL_IFACE,
                                         "SmartSelftestAbort", g_variant_new ("(a{sv})", NULL),
                                         NULL, call_flags (flags), G_MAXINT, cancellable, error);
  else
    reply = g_dbus_connection_call_sync (bus, UDISKS_NAME, object_path, UDISKS_NVME_CTRL_IFACE,
                                         "SmartSelftestStart",
                                         g_variant_new ("(sa{sv})",
                                                        kind == DRIVEDASH_SELF_TEST_SHORT ? "short" : "extended",
                                                        NULL),
                                         NULL, call_flags (flags), G_MAXINT, cancellable, error);
  return reply != NULL;
}

gboolean
drivedash_client_self_test (const char             *sysfs_root,
                            const char             *controller,
                            DrivedashSelfTestKind   kind,
                            DrivedashClientFlags    flags,
                            DrivedashHealthSource  *source_out,
                            GCancellable           *cancellable,
                            GError                **error)
{
  g_autoptr(GError) service_error = NULL;
  g_autoptr(GError) udisks_error = NULL;
  g_autoptr(DrivedashDrive) drive = NULL;

  if (kind != DRIVEDASH_SELF_TEST_SHORT && kind != DRIVEDASH_SELF_TEST_EXTENDED &&
      kind != DRIVEDASH_SELF_TEST_ABORT)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("Only short and extended self-tests can be started."));
      return FALSE;
    }

  controller = strip_dev (controller);
  if (!check_name (controller, error))
    return FALSE;

  if (!(flags & DRIVEDASH_CLIENT_NO_SERVICE))
    {
      g_autoptr(GVariant) reply = NULL;

      if (kind == DRIVEDASH_SELF_TEST_ABORT)
        reply = service_call ("AbortSelfTest", g_variant_new ("(s)", controller),
                              call_flags (flags), G_MAXINT, cancellable, &service_error);
      else
        reply = service_call ("StartSelfTest",
                              g_variant_new ("(ss)", controller, drivedash_self_test_kind_id (kind)),
                              call_flags (flags), G_MAXINT, cancellable, &service_error);
      if (reply != NULL)
        {
          if (source_out != NULL)
            *source_out = DRIVEDASH_HEALTH_SOURCE_SERVICE;
          return TRUE;
        }
      /* Refused or failed: that is the answer. */
      if (!error_means_unavailable (service_error))
        {
          propagate_service_error (error, g_steal_pointer (&service_error));
          return FALSE;
        }
    }

  drive = drivedash_drive_lookup (sysfs_root, controller, error);
  if (drive == NULL)
    return FALSE;

  if (geteuid () == 0 && !(flags & DRIVEDASH_CLIENT_NO_DIRECT) &&
      drivedash_drive_get_device_path (drive) != NULL)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (source_out != NULL)
        *source_out = DRIVEDASH_HEALTH_SOURCE_NVME;
      return drivedash_drive_self_test (drive, kind, error);
    }

  if (!(flags & DRIVEDASH_CLIENT_NO_UDISKS))
    {
      if (self_test_udisks (drive, kind, flags, cancellable, &udisks_error))
        {
          if (source_out != NULL)
            *source_out = DRIVEDASH_HEALTH_SOURCE_UDISKS2;
          return TRUE;
        }
      if (propagate_stopped (error, &udisks_error, _("UDisks")))
        return FALSE;
      /* UDisks knows the drive but said no (e.g. its polkit, or the drive
       * has no self-test): pass its answer on. */
      if (udisks_error->domain != DRIVEDASH_ERROR && !error_means_unavailable (udisks_error))
        {
          g_dbus_error_strip_remote_error (udisks_error);
          g_set_error (error, DRIVEDASH_ERROR,
                       error_means_denied (udisks_error) ? DRIVEDASH_ERROR_PERMISSION
                                                         : DRIVEDASH_ERROR_FAILED,
                       _("UDisks could not do it: %s"), udisks_error->message);
          return FALSE;
        }
      g_debug ("UDisks2: %s", udisks_error->message);
    }

  g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION,
                       _("Self-tests need permission: install the Drivedash system service (see the README), or run this as administrator."));
  return FALSE;
}
