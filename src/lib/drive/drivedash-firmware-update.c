/* drivedash-firmware-update.c — fwupd's offer for a drive, over D-Bus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GetDevices() lists what fwupd knows, each device an a{sv} with
 * "DeviceId", "Serial", "Version"; its nvme plugin sets "Serial" from the
 * Identify Controller data, as drivedash does.  GetUpgrades(DeviceId)
 * lists the newer releases, newest first, or fails with
 * org.freedesktop.fwupd.NothingToDo.  Nothing here writes to the drive.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-error.h"
#include "drivedash-firmware-update.h"

#define FWUPD_NAME "org.freedesktop.fwupd"
#define FWUPD_PATH "/"
#define FWUPD_IFACE "org.freedesktop.fwupd"

G_DEFINE_BOXED_TYPE (DrivedashFirmwareUpdate, drivedash_firmware_update,
                     drivedash_firmware_update_copy, drivedash_firmware_update_free)

G_DEFINE_ENUM_TYPE (DrivedashFirmwareUpdateState, drivedash_firmware_update_state,
  G_DEFINE_ENUM_VALUE (DRIVEDASH_FIRMWARE_UPDATE_NO_FWUPD, "no-fwupd"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_FIRMWARE_UPDATE_UNKNOWN_DRIVE, "unknown-drive"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_FIRMWARE_UPDATE_NONE, "none"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_FIRMWARE_UPDATE_OFFERED, "offered"))

DrivedashFirmwareUpdate *
drivedash_firmware_update_copy (const DrivedashFirmwareUpdate *self)
{
  DrivedashFirmwareUpdate *copy = g_memdup2 (self, sizeof *self);

  copy->current = g_strdup (self->current);
  copy->offered = g_strdup (self->offered);
  copy->summary = g_strdup (self->summary);
  return copy;
}

void
drivedash_firmware_update_free (DrivedashFirmwareUpdate *self)
{
  if (self == NULL)
    return;
  g_free (self->current);
  g_free (self->offered);
  g_free (self->summary);
  g_free (self);
}

const char *
drivedash_firmware_update_state_to_string (DrivedashFirmwareUpdateState state)
{
  GEnumClass *klass = g_type_class_ref (DRIVEDASH_TYPE_FIRMWARE_UPDATE_STATE);
  GEnumValue *value = g_enum_get_value (klass, state);

  g_type_class_unref (klass);
  return value != NULL ? value->value_nick : "no-fwupd";
}

char *
drivedash_firmware_update_dup_text (const DrivedashFirmwareUpdate *self)
{
  switch (self->state)
    {
    case DRIVEDASH_FIRMWARE_UPDATE_OFFERED:
      /* Translators: %s is a firmware version, e.g. "2B2QEXM7" */
      return g_strdup_printf (_("Version %s is offered. Install it from Software; keep the computer plugged in while it installs."),
                              self->offered);
    case DRIVEDASH_FIRMWARE_UPDATE_NONE:
      return g_strdup (_("None offered: the firmware update service knows this drive and has nothing newer for it."));
    case DRIVEDASH_FIRMWARE_UPDATE_UNKNOWN_DRIVE:
      return g_strdup (_("Can’t tell: the firmware update service does not know this drive. Its maker’s website may have updates."));
    case DRIVEDASH_FIRMWARE_UPDATE_NO_FWUPD:
    default:
      return g_strdup (_("Can’t tell: the firmware update service (fwupd) is not running."));
    }
}

static GVariant *
call_fwupd (GDBusConnection *bus,
            const char      *method,
            GVariant        *args,
            GCancellable    *cancellable,
            GError         **error)
{
  /* Only a running fwupd is asked: starting it (it is D-Bus activatable)
   * would make every look at the Health page wait for its start-up. */
  return g_dbus_connection_call_sync (bus, FWUPD_NAME, FWUPD_PATH, FWUPD_IFACE, method, args,
                                      G_VARIANT_TYPE ("(aa{sv})"), G_DBUS_CALL_FLAGS_NO_AUTO_START, -1,
                                      cancellable, error);
}

/* The DeviceId of the device with this serial, and its version. */
static char *
find_device (GVariant    *devices,
             const char  *serial,
             char       **version)
{
  g_autoptr(GVariantIter) iter = NULL;
  GVariant *device;

  g_variant_get (devices, "(aa{sv})", &iter);
  while (g_variant_iter_loop (iter, "@a{sv}", &device))
    {
      const char *id = NULL;
      g_autofree char *found = NULL;

      /* Identify pads the serial with spaces; either side may keep them. */
      if (g_variant_lookup (device, "Serial", "s", &found) && g_str_equal (g_strstrip (found), serial) &&
          g_variant_lookup (device, "DeviceId", "&s", &id))
        {
          g_variant_lookup (device, "Version", "s", version);
          return g_strdup (id);
        }
    }
  return NULL;
}

/* The first (newest) release. */
static void
take_release (DrivedashFirmwareUpdate *update,
              GVariant                *releases)
{
  g_autoptr(GVariant) list = g_variant_get_child_value (releases, 0);
  g_autoptr(GVariant) first = NULL;

  if (g_variant_n_children (list) == 0)
    return;
  first = g_variant_get_child_value (list, 0);
  if (!g_variant_lookup (first, "Version", "s", &update->offered))
    return;
  g_variant_lookup (first, "Summary", "s", &update->summary);
  update->state = DRIVEDASH_FIRMWARE_UPDATE_OFFERED;
}

static void
read_offer (DrivedashFirmwareUpdate *update,
            GDBusConnection         *bus,
            const char              *serial,
            GCancellable            *cancellable)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) devices = call_fwupd (bus, "GetDevices", NULL, cancellable, &error);
  g_autoptr(GVariant) releases = NULL;
  g_autofree char *id = NULL;

  if (devices == NULL)
    {
      g_debug ("fwupd GetDevices: %s", error->message);
      return;
    }
  update->state = DRIVEDASH_FIRMWARE_UPDATE_UNKNOWN_DRIVE;
  id = find_device (devices, serial, &update->current);
  if (id == NULL)
    return;
  update->state = DRIVEDASH_FIRMWARE_UPDATE_NONE;
  releases = call_fwupd (bus, "GetUpgrades", g_variant_new ("(s)", id), cancellable, &error);
  /* NothingToDo (and any other refusal) means nothing is offered. */
  if (releases == NULL)
    g_debug ("fwupd GetUpgrades %s: %s", id, error->message);
  else
    take_release (update, releases);
}

DrivedashFirmwareUpdate *
drivedash_firmware_update_read (const char    *serial,
                                GCancellable  *cancellable,
                                GError       **error)
{
  g_autoptr(DrivedashFirmwareUpdate) update = g_new0 (DrivedashFirmwareUpdate, 1);
  g_autofree char *trimmed = g_strstrip (g_strdup (serial != NULL ? serial : ""));
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, NULL);

  update->state = DRIVEDASH_FIRMWARE_UPDATE_NO_FWUPD;
  if (bus != NULL && trimmed[0] != '\0')
    read_offer (update, bus, trimmed, cancellable);
  else if (bus != NULL)
    update->state = DRIVEDASH_FIRMWARE_UPDATE_UNKNOWN_DRIVE;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  return g_steal_pointer (&update);
}

static void
read_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;
  DrivedashFirmwareUpdate *update = drivedash_firmware_update_read (task_data, cancellable, &error);

  if (update == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, update, (GDestroyNotify) drivedash_firmware_update_free);
}

void
drivedash_firmware_update_read_async (const char          *serial,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, drivedash_firmware_update_read_async);
  g_task_set_task_data (task, g_strdup (serial), g_free);
  g_task_run_in_thread (task, read_thread);
}

DrivedashFirmwareUpdate *
drivedash_firmware_update_read_finish (GAsyncResult  *result,
                                       GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
