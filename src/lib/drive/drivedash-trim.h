/* drivedash-trim.h — is a drive told which space is free (TRIM)?
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two ways tell it: systemd's fstrim.timer, which trims every mounted
 * filesystem once a week, and the "discard" mount option, which trims as
 * files are deleted.  A volume in between that passes no discards (an
 * encrypted one without allow_discards) stops both.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_TRIM_TIMER_UNKNOWN,  /* no systemd to ask */
  DRIVEDASH_TRIM_TIMER_MISSING,  /* systemd has no fstrim.timer */
  DRIVEDASH_TRIM_TIMER_OFF,
  DRIVEDASH_TRIM_TIMER_ON,
  DRIVEDASH_TRIM_TIMER_MASKED,   /* switched off on purpose (systemctl mask) */
} DrivedashTrimTimer;

typedef enum
{
  DRIVEDASH_TRIM_STATE_UNKNOWN,      /* can't tell */
  DRIVEDASH_TRIM_STATE_NOTHING,      /* no filesystem of the drive is mounted */
  DRIVEDASH_TRIM_STATE_OFF,
  DRIVEDASH_TRIM_STATE_WEEKLY,       /* fstrim.timer */
  DRIVEDASH_TRIM_STATE_CONTINUOUS,   /* the discard mount option */
  DRIVEDASH_TRIM_STATE_BLOCKED,      /* behind volumes that pass no discards */
  DRIVEDASH_TRIM_STATE_UNSUPPORTED,  /* the drive takes no trim */
} DrivedashTrimState;

/* A plain value. */
typedef struct
{
  DrivedashTrimTimer timer;
  gint64   last_run;       /* realtime µs of the timer's last run; 0 = never */
  gboolean drive_trims;    /* the drive itself takes discards */
  guint    n_filesystems;  /* mounted filesystems on the drive */
  guint    n_discard;      /* of those, mounted with discard */
  guint    n_blocked;      /* of those, on a volume that passes no discards */
} DrivedashTrimStatus;

#define DRIVEDASH_TYPE_TRIM_STATUS (drivedash_trim_status_get_type ())
#define DRIVEDASH_TYPE_TRIM_STATE (drivedash_trim_state_get_type ())

GType                drivedash_trim_status_get_type (void) G_GNUC_CONST;
GType                drivedash_trim_state_get_type  (void) G_GNUC_CONST;
DrivedashTrimStatus *drivedash_trim_status_copy     (const DrivedashTrimStatus *self);
void                 drivedash_trim_status_free     (DrivedashTrimStatus       *self);

DrivedashTrimState   drivedash_trim_status_get_state   (const DrivedashTrimStatus *self);
/* Whether "Turn On Weekly Trim" would help: the timer is there and off,
 * and something on the drive would be trimmed by it. */
gboolean             drivedash_trim_status_can_turn_on (const DrivedashTrimStatus *self);
/* One or two plain sentences, translated; @now is realtime µs. */
char                *drivedash_trim_status_dup_text    (const DrivedashTrimStatus *self,
                                                        gint64                     now);
/* "on", "off", "continuous", "blocked"… for --json. */
const char          *drivedash_trim_state_to_string    (DrivedashTrimState         state);

/* Reads the drive's filesystems from @sysfs_root (NULL = /sys) and
 * /proc/self/mountinfo, and the timer from systemd on the system bus.
 * Fails only when cancelled or @controller is not a drive. */
DrivedashTrimStatus *drivedash_trim_status_read        (const char    *sysfs_root,
                                                        const char    *controller,
                                                        GCancellable  *cancellable,
                                                        GError       **error);
void                 drivedash_trim_status_read_async  (const char          *sysfs_root,
                                                        const char          *controller,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
DrivedashTrimStatus *drivedash_trim_status_read_finish (GAsyncResult  *result,
                                                        GError       **error);

/* Enables and starts fstrim.timer through systemd, which asks polkit
 * (and may show a password dialog).  Errors are for people. */
gboolean             drivedash_trim_turn_on            (GCancellable  *cancellable,
                                                        GError       **error);
void                 drivedash_trim_turn_on_async      (GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean             drivedash_trim_turn_on_finish     (GAsyncResult  *result,
                                                        GError       **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashTrimStatus, drivedash_trim_status_free)

G_END_DECLS
