/* drivedash-drive-list.h — the NVMe drives of this computer, kept current
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-drive.h"

G_BEGIN_DECLS

/* One entry of the list: a real drive, or the simulated demo drive. */
#define DRIVEDASH_TYPE_DRIVE_ITEM (drivedash_drive_item_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashDriveItem, drivedash_drive_item, DRIVEDASH, DRIVE_ITEM, GObject)

DrivedashDriveItem *drivedash_drive_item_new_demo   (void);
/* NULL for the demo drive. */
DrivedashDrive     *drivedash_drive_item_get_drive  (DrivedashDriveItem *self);
gboolean            drivedash_drive_item_is_demo    (DrivedashDriveItem *self);
/* "nvme0" (or "demo0"). */
const char         *drivedash_drive_item_get_name   (DrivedashDriveItem *self);
/* "Samsung SSD 970 EVO Plus 1TB — 1.0 TB", for drop-downs. */
const char         *drivedash_drive_item_get_title  (DrivedashDriveItem *self);

/* A GListModel of DrivedashDriveItem.  Real drives come from sysfs and
 * the list follows hot-plug through udev (subsystem "nvme"); in demo
 * mode it holds only the simulated drive. */
#define DRIVEDASH_TYPE_DRIVE_LIST (drivedash_drive_list_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashDriveList, drivedash_drive_list, DRIVEDASH, DRIVE_LIST, GObject)

DrivedashDriveList *drivedash_drive_list_new     (gboolean            demo);
/* The drives of another sysfs tree (a test fixture); no hot-plug. */
DrivedashDriveList *drivedash_drive_list_new_for_root (const char    *sysfs_root);
/* Reads sysfs again; the udev monitor calls this on every nvme event. */
void                drivedash_drive_list_refresh (DrivedashDriveList *self);

G_END_DECLS
