/* drivedash-client.h — reaching drive data through the best available
 * source: the Drivedash system service, then UDisks2, then sysfs/hwmon
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The service (drivedashd, io.github.drivedash.Drivedash1 on the system
 * bus) has everything.  Without it — e.g. inside the Flatpak, or when it is
 * not installed — UDisks2 ≥ 2.10 gives the SMART counters of NVMe drives
 * (org.freedesktop.UDisks2.NVMe.Controller), and sysfs/hwmon gives identity
 * and temperature to anyone.  Every result says where it came from.
 *
 * The system bus is the one in DBUS_SYSTEM_BUS_ADDRESS when that is set
 * (tests run a private bus this way).  These calls block; each has an
 * _async/_finish pair below that runs it in a GTask thread.
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-health.h"
#include "drivedash-journal.h"
#include "drivedash-power.h"
#include "drivedash-writes-tally.h"

G_BEGIN_DECLS

#define DRIVEDASH_SERVICE_BUS_NAME    "io.github.drivedash.Drivedash1"
#define DRIVEDASH_SERVICE_OBJECT_PATH "/io/github/drivedash/Drivedash1"

typedef enum
{
  DRIVEDASH_CLIENT_NONE        = 0,
  DRIVEDASH_CLIENT_NO_SERVICE  = 1 << 0, /* skip drivedashd */
  DRIVEDASH_CLIENT_NO_UDISKS   = 1 << 1, /* skip UDisks2 */
  DRIVEDASH_CLIENT_NO_DIRECT   = 1 << 2, /* never act directly, even as root */
  DRIVEDASH_CLIENT_INTERACTIVE = 1 << 3, /* polkit may ask for a password */
} DrivedashClientFlags;

/* Maps DRIVEDASH_ERROR codes to io.github.drivedash.Error.* D-Bus error
 * names and back.  Idempotent; called by every function below and by the
 * service. */
void drivedash_client_register_errors (void);

/* TRUE when drivedashd is running or can be started on the system bus. */
gboolean drivedash_client_service_available (GCancellable *cancellable);

/* The health of one controller: drivedashd, else UDisks2's NVMe
 * interface on top of sysfs, else sysfs/hwmon (or direct admin commands
 * when running as root).  health->source says which one answered,
 * health->missing says what the others could not give, and
 * health->service what became of asking drivedashd (not installed, or
 * installed but refused or failed). */
DrivedashHealth *drivedash_client_get_health (const char            *sysfs_root,
                                              const char            *controller,
                                              DrivedashClientFlags   flags,
                                              GCancellable          *cancellable,
                                              GError               **error);

/* The UDisks2 step alone (for tests and for the app's source picker):
 * DRIVEDASH_ERROR_NOT_SUPPORTED when UDisks2 or its NVMe interface is not
 * there or does not know the drive. */
DrivedashHealth *drivedash_client_get_health_udisks (const char     *sysfs_root,
                                                     const char     *controller,
                                                     GCancellable   *cancellable,
                                                     GError        **error);

/* Game mode state: from drivedashd, else read directly from sysfs (which
 * needs no privileges).  source_out (may be NULL) gets SERVICE or SYSFS.
 * paths (NULL: the real system) is only used when acting directly. */
DrivedashGameMode *drivedash_client_get_game_mode (const DrivedashPowerPaths *paths,
                                                   const char             *controller,
                                                   DrivedashClientFlags    flags,
                                                   DrivedashHealthSource  *source_out,
                                                   GCancellable           *cancellable,
                                                   GError                **error);

/* Turns game mode on or off: through drivedashd when it is there (polkit
 * decides, asking for a password with DRIVEDASH_CLIENT_INTERACTIVE), else
 * directly when running as root, else DRIVEDASH_ERROR_PERMISSION with a
 * message that says how to get permission. */
DrivedashGameMode *drivedash_client_set_game_mode (const DrivedashPowerPaths *paths,
                                                   const char             *controller,
                                                   gboolean                enabled,
                                                   gboolean                persistent,
                                                   DrivedashClientFlags    flags,
                                                   DrivedashHealthSource  *source_out,
                                                   GCancellable           *cancellable,
                                                   GError                **error);

/* A temporary game-mode change (never persistent) for tests that switch
 * back and forth: through drivedashd, which puts back the state from
 * before the first temporary change if this process leaves the system bus
 * without setting game mode itself (crash, kill -9).  The change lasts as
 * long as this process's connection to the system bus: hold a reference
 * to it (g_bus_get_sync (G_BUS_TYPE_SYSTEM, …)) meanwhile.  Without the
 * service, as root, it is a plain change with no such guarantee. */
DrivedashGameMode *drivedash_client_set_game_mode_temporary (const DrivedashPowerPaths *paths,
                                                             const char                *controller,
                                                             gboolean                   enabled,
                                                             DrivedashClientFlags       flags,
                                                             DrivedashHealthSource     *source_out,
                                                             GCancellable              *cancellable,
                                                             GError                   **error);

/* Starts (SHORT, EXTENDED) or stops (ABORT) a drive self-test: through
 * drivedashd (polkit decides), else directly when root, else UDisks2
 * (which asks its own polkit), else DRIVEDASH_ERROR_PERMISSION.  source_out
 * (may be NULL) gets SERVICE, UDISKS2 or NVME. */
gboolean drivedash_client_self_test (const char             *sysfs_root,
                                     const char             *controller,
                                     DrivedashSelfTestKind   kind,
                                     DrivedashClientFlags    flags,
                                     DrivedashHealthSource  *source_out,
                                     GCancellable           *cancellable,
                                     GError                **error);

/* What the kernel said about one controller (kernel events): read from
 * the journal directly when this user may (root, adm, systemd-journal,
 * wheel), else through drivedashd (polkit read-health).  The controller
 * need not be present: a drive that dropped out has events too.
 * via_service_out (may be NULL): whether drivedashd answered. */
DrivedashEventLog *drivedash_client_get_kernel_events (const char                  *sysfs_root,
                                                       const char                  *controller,
                                                       const DrivedashJournalQuery *query,
                                                       DrivedashClientFlags         flags,
                                                       gboolean                    *via_service_out,
                                                       GCancellable                *cancellable,
                                                       GError                     **error);

/* What every program on this computer wrote to each drive, from
 * drivedashd's one counter shared by all callers (GetAppWrites, polkit
 * read-health, never interactive): rows (element-type DrivedashAppWrites)
 * since *since_usec_out (µs since 1970), most first; the first call after
 * the service started counting has none.  Take differences between two
 * answers with drivedash_app_writes_delta(); another since_usec means the
 * counting started again.  NULL with a DRIVEDASH_ERROR when the service is
 * missing or refuses: the caller then sees only its own programs. */
GPtrArray         *drivedash_client_get_app_writes (gint64        *since_usec_out,
                                                    GCancellable  *cancellable,
                                                    GError       **error);

/* The calls above, run in a GTask thread: for the main loop of the app.
 * Strings and paths are copied (paths NULL: the real system).  A cancelled
 * call finishes with G_IO_ERROR_CANCELLED.  The _finish functions return
 * what the blocking call would have, and set source_out (may be NULL). */
void               drivedash_client_get_health_async     (const char                *sysfs_root,
                                                          const char                *controller,
                                                          DrivedashClientFlags       flags,
                                                          GCancellable              *cancellable,
                                                          GAsyncReadyCallback        callback,
                                                          gpointer                   user_data);
DrivedashHealth   *drivedash_client_get_health_finish    (GAsyncResult              *result,
                                                          GError                   **error);

void               drivedash_client_get_game_mode_async  (const DrivedashPowerPaths *paths,
                                                          const char                *controller,
                                                          DrivedashClientFlags       flags,
                                                          GCancellable              *cancellable,
                                                          GAsyncReadyCallback        callback,
                                                          gpointer                   user_data);
DrivedashGameMode *drivedash_client_get_game_mode_finish (GAsyncResult              *result,
                                                          DrivedashHealthSource     *source_out,
                                                          GError                   **error);

void               drivedash_client_set_game_mode_async  (const DrivedashPowerPaths *paths,
                                                          const char                *controller,
                                                          gboolean                   enabled,
                                                          gboolean                   persistent,
                                                          DrivedashClientFlags       flags,
                                                          GCancellable              *cancellable,
                                                          GAsyncReadyCallback        callback,
                                                          gpointer                   user_data);
DrivedashGameMode *drivedash_client_set_game_mode_finish (GAsyncResult              *result,
                                                          DrivedashHealthSource     *source_out,
                                                          GError                   **error);

void               drivedash_client_self_test_async      (const char                *sysfs_root,
                                                          const char                *controller,
                                                          DrivedashSelfTestKind      kind,
                                                          DrivedashClientFlags       flags,
                                                          GCancellable              *cancellable,
                                                          GAsyncReadyCallback        callback,
                                                          gpointer                   user_data);
gboolean           drivedash_client_self_test_finish     (GAsyncResult              *result,
                                                          DrivedashHealthSource     *source_out,
                                                          GError                   **error);

/* Follows the self-test properties of UDisks's NVMe controllers
 * (SmartSelftestStatus, SmartSelftestPercentRemaining; UDisks 2.10 and
 * later): @func runs in the caller's thread-default main context each
 * time UDisks says one changed, so a page can read the drive again at
 * once instead of at its next poll.  NULL where there is no system bus. */
typedef struct _DrivedashSelfTestWatch DrivedashSelfTestWatch;
typedef void (*DrivedashSelfTestFunc) (gpointer user_data);

DrivedashSelfTestWatch *drivedash_self_test_watch_new  (DrivedashSelfTestFunc   func,
                                                        gpointer                user_data);
void                    drivedash_self_test_watch_free (DrivedashSelfTestWatch *watch);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashSelfTestWatch, drivedash_self_test_watch_free)

/* Every boot the journal holds (journal_file, NULL: the system's), from
 * since_usec on (0: all of it), the newest max_events of them (0:
 * DRIVEDASH_JOURNAL_MAX_EVENTS). */
void               drivedash_client_get_kernel_events_async  (const char            *sysfs_root,
                                                              const char            *controller,
                                                              const char            *journal_file,
                                                              gint64                 since_usec,
                                                              guint                  max_events,
                                                              DrivedashClientFlags   flags,
                                                              GCancellable          *cancellable,
                                                              GAsyncReadyCallback    callback,
                                                              gpointer               user_data);
DrivedashEventLog *drivedash_client_get_kernel_events_finish (GAsyncResult          *result,
                                                              GError               **error);

G_END_DECLS
