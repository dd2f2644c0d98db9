/* drivedash-trim-private.h — what drivedash-trim.c, -scan.c and
 * -turn-on.c share: the filesystem walk on any sysfs tree and mountinfo
 * file (fixtures in the tests), and the calls to systemd's manager
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-trim.h"

G_BEGIN_DECLS

/* Fills drive_trims, n_filesystems, n_discard and n_blocked of @status
 * for @controller's namespaces, their partitions and every holder above
 * them (device-mapper, RAID).  FALSE with drivedash_drive_lookup()'s
 * error when @sysfs_root has no such controller. */
gboolean drivedash_trim_scan_filesystems (DrivedashTrimStatus *status,
                                          const char          *sysfs_root,
                                          const char          *mountinfo,
                                          const char          *controller,
                                          GError             **error);

/* Is this mount's option list one that trims as it deletes? */
gboolean drivedash_trim_options_discard  (const char          *options);

#define SYSTEMD_NAME "org.freedesktop.systemd1"
#define SYSTEMD_PATH "/org/freedesktop/systemd1"
#define SYSTEMD_MANAGER "org.freedesktop.systemd1.Manager"
#define TRIM_TIMER "fstrim.timer"

/* A method of systemd's manager; with ALLOW_INTERACTIVE_AUTHORIZATION in
 * @flags it waits as long as a password dialog may stay open. */
GVariant *drivedash_trim_call_manager    (GDBusConnection *bus,
                                          const char      *method,
                                          GVariant        *args,
                                          const char      *reply_type,
                                          GDBusCallFlags   flags,
                                          GCancellable    *cancellable,
                                          GError         **error);
/* No systemd on the bus (or no bus): "can't tell". */
gboolean  drivedash_trim_is_no_systemd   (const GError    *error);
/* systemd has no such unit file. */
gboolean  drivedash_trim_is_no_such_unit (const GError    *error);
gboolean  drivedash_trim_remote_error_is (const GError    *error,
                                          const char      *name);

G_END_DECLS
