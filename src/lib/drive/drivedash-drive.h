/* drivedash-drive.h — one NVMe controller as found in sysfs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "drivedash-identify.h"

G_BEGIN_DECLS

/* Where sysfs lives on a real system; tests pass a fixture tree instead. */
#define DRIVEDASH_SYSFS_ROOT "/sys"

typedef struct
{
  char    *name;        /* block device name, e.g. "nvme0n1" */
  guint32  nsid;        /* 0 when unknown */
  guint64  size_bytes;  /* 0 when unknown */
  guint32  lba_size;    /* logical block size in bytes, 0 when unknown */
} DrivedashNamespace;

#define DRIVEDASH_TYPE_DRIVE (drivedash_drive_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashDrive, drivedash_drive, DRIVEDASH, DRIVE, GObject)

/* Lists every NVMe controller under SYSFS_ROOT/class/nvme, sorted by
 * instance number (nvme2 before nvme10).  sysfs_root NULL means "/sys".
 * Reads sysfs only, so it works without privileges.  An absent
 * class/nvme directory is not an error: it returns an empty array.
 * Returns (element-type DrivedashDrive) (transfer full). */
GPtrArray  *drivedash_drive_list          (const char      *sysfs_root,
                                           GError         **error);
/* One controller by name ("nvme0"; "/dev/nvme0" is accepted too).
 * DRIVEDASH_ERROR_NOT_FOUND with a plain message when it does not exist,
 * DRIVEDASH_ERROR_INVALID_ARGUMENT when the name is not a controller name. */
DrivedashDrive *drivedash_drive_lookup    (const char      *sysfs_root,
                                           const char      *name,
                                           GError         **error);

const char *drivedash_drive_get_name         (DrivedashDrive *self); /* "nvme0" */
guint       drivedash_drive_get_instance     (DrivedashDrive *self); /* 0 */
const char *drivedash_drive_get_model        (DrivedashDrive *self); /* trimmed, "" when unknown */
const char *drivedash_drive_get_serial       (DrivedashDrive *self);
const char *drivedash_drive_get_firmware     (DrivedashDrive *self);
/* Kernel controller state: "live", "resetting", "connecting", "dead", … */
const char *drivedash_drive_get_state        (DrivedashDrive *self);
const char *drivedash_drive_get_transport    (DrivedashDrive *self); /* "pcie", "tcp", … */
const char *drivedash_drive_get_address      (DrivedashDrive *self); /* PCI address or NULL */
/* e.g. "8.0 GT/s PCIe"; NULL when unknown. */
const char *drivedash_drive_get_link_speed   (DrivedashDrive *self);
const char *drivedash_drive_get_max_link_speed (DrivedashDrive *self);
guint       drivedash_drive_get_link_width   (DrivedashDrive *self); /* lanes, 0 = unknown */
guint       drivedash_drive_get_max_link_width (DrivedashDrive *self);
/* Sum of the namespace sizes, 0 when unknown. */
guint64     drivedash_drive_get_capacity_bytes (DrivedashDrive *self);
/* (element-type DrivedashNamespace) (transfer none) */
GPtrArray  *drivedash_drive_get_namespaces   (DrivedashDrive *self);
const char *drivedash_drive_get_sysfs_root   (DrivedashDrive *self);
/* SYSFS_ROOT/class/nvme/nvmeX (not resolved). */
const char *drivedash_drive_get_sysfs_path   (DrivedashDrive *self);
/* The hwmon directory of this controller, NULL when there is none. */
const char *drivedash_drive_get_hwmon_path   (DrivedashDrive *self);
/* "/dev/nvmeX" for drives found under the real /sys; NULL for fixture
 * trees, so that tests never talk to a real device. */
const char *drivedash_drive_get_device_path  (DrivedashDrive *self);
/* TRUE when the kernel exposes power/pm_qos_latency_tolerance_us, which it
 * does exactly when it runs APST on this controller. */
gboolean    drivedash_drive_get_apst_exposed (DrivedashDrive *self);

/* Identify Controller is read once and cached here, so a health refresh
 * costs one log page.  NULL until a privileged read succeeded. */
const DrivedashIdentify *drivedash_drive_get_cached_identify (DrivedashDrive          *self);
void                     drivedash_drive_set_cached_identify (DrivedashDrive          *self,
                                                              const DrivedashIdentify *identify);

/* Members of one drive for `drivedash-cli list --json` (call inside an
 * object): controller, model, serial, firmware, state, transport, address,
 * capacity_bytes, link_speed, link_width, max_link_speed, max_link_width,
 * temperature_sensor (bool), apst_exposed, namespaces [{name, nsid,
 * size_bytes, lba_size}].  Unknown values are null. */
void        drivedash_drive_to_json          (DrivedashDrive *self,
                                              JsonBuilder    *builder);
/* {"drives": [ … ]} as pretty-printed text; (element-type DrivedashDrive). */
char       *drivedash_drive_list_to_json     (GPtrArray      *drives);

G_END_DECLS
