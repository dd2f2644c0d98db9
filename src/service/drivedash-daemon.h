/* drivedash-daemon.h — the io.github.drivedash.Drivedash1 object of
 * drivedashd
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-dbus-generated.h"
#include "drivedash-power.h"

G_BEGIN_DECLS

#define DRIVEDASH_DAEMON_OBJECT_PATH "/io/github/drivedash/Drivedash1"

#define DRIVEDASH_TYPE_DAEMON (drivedash_daemon_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashDaemon, drivedash_daemon, DRIVEDASH, DAEMON,
                      DrivedashDBusDrivedash1Skeleton)

/* paths: where sysfs, the udev rules and the state files are (copied).
 * idle_timeout_s: emit "idle" after this many seconds without calls;
 * 0 = never. */
DrivedashDaemon *drivedash_daemon_new (const DrivedashPowerPaths *paths,
                                       guint                      idle_timeout_s);

/* How long a polkit check may wait for an answer (a password dialog
 * included) before the call fails; 120 s unless set. */
void             drivedash_daemon_set_permission_timeout (DrivedashDaemon *self,
                                                          guint            seconds);

/* Read kernel events from this journal file instead of the system
 * journal (tests; drivedashd allows it on a private bus only). */
void             drivedash_daemon_set_journal_file (DrivedashDaemon *self,
                                                    const char      *path);

/* Takes over the temporary game-mode changes an earlier instance left
 * under the state directory: the undo of those whose clients are all gone
 * is queued before this returns (so it runs before any new call for that
 * drive), the others' clients are watched.  Call once, after exporting
 * and before owning the name. */
void             drivedash_daemon_resume         (DrivedashDaemon *self,
                                                  GDBusConnection *connection);

/* Calls received and not answered yet (polkit checks, queued and running
 * work). */
guint            drivedash_daemon_get_n_pending (DrivedashDaemon *self);

G_END_DECLS
