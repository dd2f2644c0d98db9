/* drivedash-trim.c — is a drive trimmed: the value, its words, and
 * systemd's fstrim.timer over D-Bus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * systemd is asked on the system bus (org.freedesktop.systemd1), never
 * through systemctl: its own polkit check (manage-unit-files) decides
 * whether this user may turn the timer on, with a password dialog when
 * the call allows interactive authorization (drivedash-trim-turn-on.c).
 * The calls are blocking and run in a GTask thread, together with the
 * sysfs walk.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-drive.h"
#include "drivedash-error.h"
#include "drivedash-trim-private.h"

#define SYSTEMD_TIMER "org.freedesktop.systemd1.Timer"
#define MOUNTINFO "/proc/self/mountinfo"

G_DEFINE_BOXED_TYPE (DrivedashTrimStatus, drivedash_trim_status,
                     drivedash_trim_status_copy, drivedash_trim_status_free)

G_DEFINE_ENUM_TYPE (DrivedashTrimState, drivedash_trim_state,
  G_DEFINE_ENUM_VALUE (DRIVEDASH_TRIM_STATE_UNKNOWN, "unknown"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_TRIM_STATE_NOTHING, "nothing"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_TRIM_STATE_OFF, "off"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_TRIM_STATE_WEEKLY, "weekly"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_TRIM_STATE_CONTINUOUS, "continuous"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_TRIM_STATE_BLOCKED, "blocked"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_TRIM_STATE_UNSUPPORTED, "unsupported"))

DrivedashTrimStatus *
drivedash_trim_status_copy (const DrivedashTrimStatus *self)
{
  return g_memdup2 (self, sizeof *self);
}

void
drivedash_trim_status_free (DrivedashTrimStatus *self)
{
  g_free (self);
}

const char *
drivedash_trim_state_to_string (DrivedashTrimState state)
{
  GEnumClass *klass = g_type_class_ref (DRIVEDASH_TYPE_TRIM_STATE);
  GEnumValue *value = g_enum_get_value (klass, state);

  g_type_class_unref (klass);
  return value != NULL ? value->value_nick : "unknown";
}

DrivedashTrimState
drivedash_trim_status_get_state (const DrivedashTrimStatus *self)
{
  if (!self->drive_trims)
    return DRIVEDASH_TRIM_STATE_UNSUPPORTED;
  if (self->n_filesystems == 0)
    return DRIVEDASH_TRIM_STATE_NOTHING;
  if (self->n_blocked == self->n_filesystems)
    return DRIVEDASH_TRIM_STATE_BLOCKED;
  if (self->timer == DRIVEDASH_TRIM_TIMER_ON)
    return DRIVEDASH_TRIM_STATE_WEEKLY;
  /* Discard on some filesystems leaves the others untrimmed. */
  if (self->n_discard > 0 && self->n_discard + self->n_blocked == self->n_filesystems)
    return DRIVEDASH_TRIM_STATE_CONTINUOUS;
  if (self->timer == DRIVEDASH_TRIM_TIMER_UNKNOWN)
    return DRIVEDASH_TRIM_STATE_UNKNOWN;
  return DRIVEDASH_TRIM_STATE_OFF;
}

gboolean
drivedash_trim_status_can_turn_on (const DrivedashTrimStatus *self)
{
  return self->timer == DRIVEDASH_TRIM_TIMER_OFF &&
         drivedash_trim_status_get_state (self) == DRIVEDASH_TRIM_STATE_OFF;
}

/* "today", "yesterday", "3 days ago" */
static char *
dup_when (gint64 then,
          gint64 now)
{
  gint64 days = (now - then) / G_USEC_PER_SEC / (24 * 60 * 60);

  if (days <= 0)
    return g_strdup (_("today"));
  if (days == 1)
    return g_strdup (_("yesterday"));
  return g_strdup_printf (ngettext ("%u day ago", "%u days ago", (gulong) days), (guint) days);
}

static char *
dup_weekly_text (const DrivedashTrimStatus *self,
                 gint64                     now)
{
  g_autofree char *when = NULL;

  if (self->last_run == 0)
    return g_strdup (_("On: the drive is trimmed once a week. It has not run yet."));
  when = dup_when (self->last_run, now);
  /* Translators: %s is "today", "yesterday" or "3 days ago" */
  return g_strdup_printf (_("On: the drive is trimmed once a week. It last ran %s."), when);
}

static const char *
state_text (const DrivedashTrimStatus *self)
{
  switch (drivedash_trim_status_get_state (self))
    {
    case DRIVEDASH_TRIM_STATE_UNSUPPORTED:
      return _("This drive does not take trim, so there is nothing to turn on.");
    case DRIVEDASH_TRIM_STATE_NOTHING:
      return _("No filesystem on this drive is in use, so there is nothing to trim.");
    case DRIVEDASH_TRIM_STATE_BLOCKED:
      return _("Can’t tell: the drive is behind an encrypted volume that does not pass trim on, so trim does not reach the drive.");
    case DRIVEDASH_TRIM_STATE_CONTINUOUS:
      return _("On: the filesystem tells the drive as soon as files are deleted (the “discard” mount option).");
    case DRIVEDASH_TRIM_STATE_UNKNOWN:
      return _("Can’t tell: this computer has no systemd to ask about weekly trim.");
    case DRIVEDASH_TRIM_STATE_OFF:
      if (self->timer == DRIVEDASH_TRIM_TIMER_MASKED)
        return _("Off: weekly trim was switched off on purpose on this computer (fstrim.timer is masked); an administrator can unmask it.");
      if (self->timer == DRIVEDASH_TRIM_TIMER_MISSING)
        return _("Off: the drive is never told which space is free, and this system has no weekly trim timer (fstrim.timer, part of util-linux).");
      return _("Off: the drive is never told which space is free, so writing can slow down as it fills.");
    case DRIVEDASH_TRIM_STATE_WEEKLY:
    default:
      return NULL;
    }
}

char *
drivedash_trim_status_dup_text (const DrivedashTrimStatus *self,
                                gint64                     now)
{
  g_autofree char *text = NULL;
  const char *fixed = state_text (self);

  text = fixed != NULL ? g_strdup (fixed) : dup_weekly_text (self, now);
  if (self->n_blocked > 0 && self->n_blocked < self->n_filesystems)
    return g_strconcat (text, " ",
                        _("Part of the drive is behind an encrypted volume that trim does not reach."),
                        NULL);
  return g_steal_pointer (&text);
}

GVariant *
drivedash_trim_call_manager (GDBusConnection *bus,
                             const char      *method,
                             GVariant        *args,
                             const char      *reply_type,
                             GDBusCallFlags   flags,
                             GCancellable    *cancellable,
                             GError         **error)
{
  /* A password dialog can stay open for minutes. */
  int timeout = (flags & G_DBUS_CALL_FLAGS_ALLOW_INTERACTIVE_AUTHORIZATION) ? G_MAXINT : -1;

  return g_dbus_connection_call_sync (bus, SYSTEMD_NAME, SYSTEMD_PATH, SYSTEMD_MANAGER, method, args,
                                      reply_type ? G_VARIANT_TYPE (reply_type) : NULL,
                                      flags, timeout, cancellable, error);
}

gboolean
drivedash_trim_is_no_systemd (const GError *error)
{
  return g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_NAME_HAS_NO_OWNER) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

gboolean
drivedash_trim_remote_error_is (const GError *error,
                                const char   *name)
{
  g_autofree char *remote = g_dbus_error_get_remote_error (error);

  return g_strcmp0 (remote, name) == 0;
}

/* systemd's answer for a unit file it does not have: its own NoSuchUnit,
 * FileNotFound in older releases. */
gboolean
drivedash_trim_is_no_such_unit (const GError *error)
{
  return drivedash_trim_remote_error_is (error, "org.freedesktop.systemd1.NoSuchUnit") ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_FILE_NOT_FOUND);
}

/* LastTriggerUSec of the loaded timer; 0 when it cannot be read. */
static gint64
read_last_run (GDBusConnection *bus,
               GCancellable    *cancellable)
{
  g_autoptr(GVariant) unit = NULL;
  g_autoptr(GVariant) value = NULL;
  const char *path;

  unit = drivedash_trim_call_manager (bus, "LoadUnit", g_variant_new ("(s)", TRIM_TIMER), "(o)",
                                      G_DBUS_CALL_FLAGS_NONE, cancellable, NULL);
  if (unit == NULL)
    return 0;
  g_variant_get (unit, "(&o)", &path);
  value = g_dbus_connection_call_sync (bus, SYSTEMD_NAME, path, "org.freedesktop.DBus.Properties", "Get",
                                       g_variant_new ("(ss)", SYSTEMD_TIMER, "LastTriggerUSec"),
                                       G_VARIANT_TYPE ("(v)"), G_DBUS_CALL_FLAGS_NONE, -1,
                                       cancellable, NULL);
  if (value == NULL)
    return 0;
  {
    g_autoptr(GVariant) inner = NULL;

    g_variant_get (value, "(v)", &inner);
    return g_variant_is_of_type (inner, G_VARIANT_TYPE_UINT64) ? (gint64) g_variant_get_uint64 (inner) : 0;
  }
}

/* The timer from systemd; anything that stops the asking leaves it
 * UNKNOWN, which the words say as "can't tell". */
static void
read_timer (DrivedashTrimStatus *status,
            GCancellable        *cancellable)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, NULL);
  g_autoptr(GVariant) reply = NULL;
  const char *state;

  status->timer = DRIVEDASH_TRIM_TIMER_UNKNOWN;
  if (bus == NULL)
    return;
  reply = drivedash_trim_call_manager (bus, "GetUnitFileState", g_variant_new ("(s)", TRIM_TIMER), "(s)",
                                       G_DBUS_CALL_FLAGS_NONE, cancellable, &error);
  if (reply == NULL)
    {
      /* Anything else (no systemd, a refusal) leaves it "can't tell". */
      if (drivedash_trim_is_no_such_unit (error))
        status->timer = DRIVEDASH_TRIM_TIMER_MISSING;
      g_debug ("GetUnitFileState %s: %s", TRIM_TIMER, error->message);
      return;
    }
  g_variant_get (reply, "(&s)", &state);
  /* "enabled", "enabled-runtime"; "masked", "masked-runtime"; the rest
   * ("disabled", "static", "linked"…) does not start it by itself. */
  if (g_str_has_prefix (state, "enabled"))
    status->timer = DRIVEDASH_TRIM_TIMER_ON;
  else if (g_str_has_prefix (state, "masked"))
    status->timer = DRIVEDASH_TRIM_TIMER_MASKED;
  else
    status->timer = DRIVEDASH_TRIM_TIMER_OFF;
  status->last_run = read_last_run (bus, cancellable);
}

DrivedashTrimStatus *
drivedash_trim_status_read (const char    *sysfs_root,
                            const char    *controller,
                            GCancellable  *cancellable,
                            GError       **error)
{
  g_autoptr(DrivedashTrimStatus) status = g_new0 (DrivedashTrimStatus, 1);

  if (!drivedash_trim_scan_filesystems (status, sysfs_root ? sysfs_root : DRIVEDASH_SYSFS_ROOT,
                                        MOUNTINFO, controller, error))
    return NULL;
  read_timer (status, cancellable);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  return g_steal_pointer (&status);
}

typedef struct
{
  char *sysfs_root;
  char *controller;
} ReadData;

static void
read_data_free (ReadData *data)
{
  g_free (data->sysfs_root);
  g_free (data->controller);
  g_free (data);
}

static void
read_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  ReadData *data = task_data;
  GError *error = NULL;
  DrivedashTrimStatus *status = drivedash_trim_status_read (data->sysfs_root, data->controller,
                                                            cancellable, &error);

  if (status == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, status, (GDestroyNotify) drivedash_trim_status_free);
}

void
drivedash_trim_status_read_async (const char          *sysfs_root,
                                  const char          *controller,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  ReadData *data = g_new0 (ReadData, 1);

  data->sysfs_root = g_strdup (sysfs_root);
  data->controller = g_strdup (controller);
  g_task_set_source_tag (task, drivedash_trim_status_read_async);
  g_task_set_task_data (task, data, (GDestroyNotify) read_data_free);
  g_task_run_in_thread (task, read_thread);
}

DrivedashTrimStatus *
drivedash_trim_status_read_finish (GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
