/* drivedash-firmware-update.h — whether fwupd offers new firmware for a
 * drive.  Drivedash only asks; installing is GNOME Software's or
 * fwupdmgr's job, never this code's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_FIRMWARE_UPDATE_NO_FWUPD,    /* fwupd is not running or not installed */
  DRIVEDASH_FIRMWARE_UPDATE_UNKNOWN_DRIVE, /* fwupd does not know this drive */
  DRIVEDASH_FIRMWARE_UPDATE_NONE,        /* fwupd knows it and offers nothing newer */
  DRIVEDASH_FIRMWARE_UPDATE_OFFERED,
} DrivedashFirmwareUpdateState;

/* A plain value. */
typedef struct
{
  DrivedashFirmwareUpdateState state;
  char *current;   /* the version fwupd sees running; NULL when unknown */
  char *offered;   /* OFFERED: the newest version offered */
  char *summary;   /* OFFERED: the release's one-line summary, or NULL */
} DrivedashFirmwareUpdate;

#define DRIVEDASH_TYPE_FIRMWARE_UPDATE (drivedash_firmware_update_get_type ())
#define DRIVEDASH_TYPE_FIRMWARE_UPDATE_STATE (drivedash_firmware_update_state_get_type ())

GType                    drivedash_firmware_update_get_type       (void) G_GNUC_CONST;
GType                    drivedash_firmware_update_state_get_type (void) G_GNUC_CONST;
DrivedashFirmwareUpdate *drivedash_firmware_update_copy (const DrivedashFirmwareUpdate *self);
void                     drivedash_firmware_update_free (DrivedashFirmwareUpdate       *self);

/* One plain sentence, translated. */
char                    *drivedash_firmware_update_dup_text (const DrivedashFirmwareUpdate *self);
/* "offered", "none", "unknown-drive", "no-fwupd", for --json. */
const char              *drivedash_firmware_update_state_to_string (DrivedashFirmwareUpdateState state);

/* Asks fwupd on the system bus about the drive with this serial number
 * (as its Identify data gives it; fwupd's nvme plugin reports the same).
 * Fails only when cancelled: fwupd missing is a state, not an error. */
DrivedashFirmwareUpdate *drivedash_firmware_update_read   (const char    *serial,
                                                           GCancellable  *cancellable,
                                                           GError       **error);
void                     drivedash_firmware_update_read_async  (const char          *serial,
                                                                GCancellable        *cancellable,
                                                                GAsyncReadyCallback  callback,
                                                                gpointer             user_data);
DrivedashFirmwareUpdate *drivedash_firmware_update_read_finish (GAsyncResult  *result,
                                                                GError       **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashFirmwareUpdate, drivedash_firmware_update_free)

G_END_DECLS
