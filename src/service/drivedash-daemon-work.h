/* drivedash-daemon-work.h — what drivedashd's calls do once polkit said
 * yes (internal to the service)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * These functions touch the drive (sysfs, admin commands through
 * /dev/nvme*): they may block for as long as the kernel lets a command
 * hang, so the daemon runs them in worker threads.  They use nothing but
 * their arguments, and the paths stay unchanged while the daemon lives.
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-power.h"
#include "drivedash-self-test.h"
#include "drivedash-write-sampler.h"
#include "drivedash-writes-tally.h"

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_DAEMON_OP_LIST_DRIVES,
  DRIVEDASH_DAEMON_OP_GET_HEALTH,
  DRIVEDASH_DAEMON_OP_GET_GAME_MODE,
  DRIVEDASH_DAEMON_OP_SET_GAME_MODE,
  DRIVEDASH_DAEMON_OP_START_SELF_TEST,
  DRIVEDASH_DAEMON_OP_ABORT_SELF_TEST,
  DRIVEDASH_DAEMON_OP_GET_SELF_TEST_STATUS,
  DRIVEDASH_DAEMON_OP_GET_KERNEL_EVENTS,
  DRIVEDASH_DAEMON_OP_GET_APP_WRITES,
  /* The service's own poll of the shared sampler between callers' calls:
   * no caller, no polkit. */
  DRIVEDASH_DAEMON_OP_POLL_APP_WRITES,
  /* The service's own undo of a temporary change: no caller, no polkit. */
  DRIVEDASH_DAEMON_OP_RESTORE_GAME_MODE,
} DrivedashDaemonOp;

/* The one sampler behind GetAppWrites, shared by every caller.  The
 * daemon makes and frees it on the main thread while no writes call is
 * queued or running; the writes calls share one queue, so one worker at a
 * time uses it. */
typedef struct
{
  DrivedashWriteSampler *sampler;
  DrivedashWritesTally  *tally;
  gint64                 since_usec;  /* g_get_real_time() at its start */
  gint64                 last_poll;   /* g_get_monotonic_time(); 0: never */
} DrivedashDaemonWrites;

typedef struct
{
  DrivedashDaemonOp      op;
  char                  *controller;  /* NULL for LIST_DRIVES */
  gboolean               enabled;
  gboolean               persistent;
  DrivedashSelfTestKind  kind;
  gboolean               temporary;      /* SetGameModeTemporary */
  /* Polkit allowed set-game-mode-persistent: only then may the call
   * remove the rule an administrator made (FALSE for the service's own
   * undo, which no one authorized). */
  gboolean               persistent_action;
  /* In: read the state before changing it.  Out (set by the worker): */
  gboolean               want_original;
  gboolean               have_original;
  gboolean               original_enabled;
  gboolean               original_persistent;
  char                  *original_serial;
  /* RESTORE_GAME_MODE: enabled and persistent are what to put back, and
   * only on the drive with this serial number. */
  char                  *serial;
  /* GET_KERNEL_EVENTS: which boot, from when; the journal file is the
   * daemon's (NULL: the system journal), borrowed. */
  gboolean               one_boot;
  int                    boot;
  gint64                 since_usec;
  guint                  max_events;    /* 0: the journal's default */
  const char            *journal_file;
  /* GET_APP_WRITES, POLL_APP_WRITES: the daemon's, borrowed. */
  DrivedashDaemonWrites *writes;
} DrivedashDaemonRequest;

/* The reply's body (a tuple) or NULL with error set. */
GVariant *drivedash_daemon_work_run     (const DrivedashPowerPaths     *paths,
                                         DrivedashDaemonRequest        *request,
                                         GError                       **error);

/* TRUE for the calls that change the drive (and so make a cached health
 * report stale). */
gboolean  drivedash_daemon_op_changes_drive (DrivedashDaemonOp op);

G_END_DECLS
