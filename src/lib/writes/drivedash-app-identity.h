/* drivedash-app-identity.h — which app a process belongs to, grouped the
 * way GNOME groups them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The app of a process from its cgroup path (the "0::" line of
 * /proc/PID/cgroup, or systemd's own hierarchy):
 *  - systemd's app units, app[-LAUNCHER]-APPID[-RANDOM].scope and
 *    app[-LAUNCHER]-APPID[@RANDOM].service, Flatpak's among them:
 *    "org.gnome.Nautilus";
 *  - a system service, /system.slice/NAME.service: "System: NAME.service";
 *  - else @comm, the process's own name ("dd"), or "?" without one.
 * Names are made printable: control characters become "?", and at most
 * 128 bytes are kept.  Free with g_free(). */
char *drivedash_app_identity_from_cgroup (const char *cgroup_path,
                                          const char *comm);

/* The same without a fallback: the app or system service @cgroup_path
 * belongs to, NULL when it names neither (a cgroup whose processes may
 * be anyone's). */
char *drivedash_app_identity_app_of_cgroup (const char *cgroup_path);

/* The cgroup path of /proc/PID/cgroup's @contents: the unified ("0::")
 * line's, else the "name=systemd" line's; NULL when neither. */
char *drivedash_app_identity_cgroup_path (const char *contents);

G_END_DECLS
