/* drivedash-daemon.c — method handlers of drivedashd
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every call goes the same way: the arguments are checked without touching
 * the file system (wrong ones never reach polkit or a path), then polkit is
 * asked about the sender, and only then the controller is looked up and the
 * work is done.  The work itself is quick (a sysfs write or a few admin
 * commands), so it runs on the main thread.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-authority.h"
#include "drivedash-client.h"
#include "drivedash-daemon.h"
#include "drivedash-drive.h"
#include "drivedash-error.h"
#include "drivedash-health.h"
#include "drivedash-nvme.h"

struct _DrivedashDaemon
{
  DrivedashDBusDrivedash1Skeleton parent_instance;

  char    *sysfs_root;
  char    *udev_rules_dir;
  char    *state_dir;
  char    *dev_dir;
  DrivedashPowerPaths paths;  /* points into the strings above */

  guint    idle_timeout_s;
  guint    idle_source;
  guint    n_pending;
};

static void drivedash_daemon_iface_init (DrivedashDBusDrivedash1Iface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DrivedashDaemon, drivedash_daemon,
                               DRIVEDASH_DBUS_TYPE_DRIVEDASH1_SKELETON,
                               G_IMPLEMENT_INTERFACE (DRIVEDASH_DBUS_TYPE_DRIVEDASH1,
                                                      drivedash_daemon_iface_init))

enum
{
  SIGNAL_IDLE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef enum
{
  OP_LIST_DRIVES,
  OP_GET_HEALTH,
  OP_GET_GAME_MODE,
  OP_SET_GAME_MODE,
  OP_START_SELF_TEST,
  OP_ABORT_SELF_TEST,
  OP_GET_SELF_TEST_STATUS,
} Operation;

typedef struct
{
  DrivedashDaemon       *self;
  GDBusMethodInvocation *invocation;
  Operation              op;
  char                  *controller;
  gboolean               enabled;
  gboolean               persistent;
  DrivedashSelfTestKind  kind;
} Call;

static void
call_free (Call *call)
{
  g_clear_object (&call->self);
  g_clear_object (&call->invocation);
  g_free (call->controller);
  g_free (call);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Call, call_free)

/* --- idle exit -------------------------------------------------------- */

static gboolean
idle_timeout_cb (gpointer user_data)
{
  DrivedashDaemon *self = user_data;

  self->idle_source = 0;
  g_signal_emit (self, signals[SIGNAL_IDLE], 0);
  return G_SOURCE_REMOVE;
}

static void
schedule_idle (DrivedashDaemon *self)
{
  g_clear_handle_id (&self->idle_source, g_source_remove);
  if (self->idle_timeout_s > 0 && self->n_pending == 0)
    self->idle_source = g_timeout_add_seconds (self->idle_timeout_s,
                                               idle_timeout_cb, self);
}

static void
hold (DrivedashDaemon *self)
{
  self->n_pending++;
  g_clear_handle_id (&self->idle_source, g_source_remove);
}

static void
release (DrivedashDaemon *self)
{
  g_assert (self->n_pending > 0);
  self->n_pending--;
  schedule_idle (self);
}

/* --- the work ---------------------------------------------------------- */

static GVariant *
drive_to_variant (DrivedashDrive *drive)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&builder, "{sv}", "name",
                         g_variant_new_string (drivedash_drive_get_name (drive)));
#define ADD_STRING(key, getter) \
  if (getter (drive) != NULL) \
    g_variant_builder_add (&builder, "{sv}", key, g_variant_new_string (getter (drive)))
  ADD_STRING ("model", drivedash_drive_get_model);
  ADD_STRING ("serial", drivedash_drive_get_serial);
  ADD_STRING ("firmware", drivedash_drive_get_firmware);
  ADD_STRING ("state", drivedash_drive_get_state);
  ADD_STRING ("transport", drivedash_drive_get_transport);
#undef ADD_STRING
  g_variant_builder_add (&builder, "{sv}", "capacity-bytes",
                         g_variant_new_uint64 (drivedash_drive_get_capacity_bytes (drive)));
  g_variant_builder_add (&builder, "{sv}", "apst-exposed",
                         g_variant_new_boolean (drivedash_drive_get_apst_exposed (drive)));

  return g_variant_builder_end (&builder);
}

static GVariant *
list_drives (DrivedashDaemon  *self,
             GError          **error)
{
  g_autoptr(GPtrArray) drives = NULL;
  GVariantBuilder builder;

  drives = drivedash_drive_list (self->paths.sysfs_root, error);
  if (drives == NULL)
    return NULL;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aa{sv}"));
  for (guint i = 0; i < drives->len; i++)
    g_variant_builder_add_value (&builder, drive_to_variant (g_ptr_array_index (drives, i)));

  return g_variant_new ("(aa{sv})", &builder);
}

static DrivedashHealth *
read_health (DrivedashDaemon           *self,
             const char                *controller,
             DrivedashHealthReadFlags   flags,
             GError                   **error)
{
  g_autoptr(DrivedashDrive) drive = NULL;
  DrivedashHealth *health;

  drive = drivedash_drive_lookup (self->paths.sysfs_root, controller, error);
  if (drive == NULL)
    return NULL;

  health = drivedash_health_read (drive, flags, error);
  /* Clients learn that the answer came through us; whether the admin
   * commands worked is in "privileged" and "missing". */
  if (health != NULL)
    health->source = DRIVEDASH_HEALTH_SOURCE_SERVICE;
  return health;
}

static GVariant *
self_test_status_to_variant (DrivedashHealth *health)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&builder, "{sv}", "controller",
                         g_variant_new_string (health->controller));
  g_variant_builder_add (&builder, "{sv}", "supported",
                         g_variant_new_boolean ((health->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_SUPPORTED)
                                                && health->self_test_supported));
  if (health->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG)
    {
      const DrivedashSelfTestLog *log = &health->self_test;

      g_variant_builder_add (&builder, "{sv}", "running",
                             g_variant_new_boolean (log->current != DRIVEDASH_SELF_TEST_NONE));
      g_variant_builder_add (&builder, "{sv}", "current",
                             g_variant_new_string (drivedash_self_test_kind_id (log->current)));
      g_variant_builder_add (&builder, "{sv}", "percent-done",
                             g_variant_new_uint32 (log->current_percent_done));
      if (log->n_results > 0)
        {
          g_variant_builder_add (&builder, "{sv}", "last-kind",
                                 g_variant_new_string (drivedash_self_test_kind_id (log->results[0].kind)));
          g_variant_builder_add (&builder, "{sv}", "last-result",
                                 g_variant_new_string (drivedash_self_test_result_id (log->results[0].result)));
          g_variant_builder_add (&builder, "{sv}", "last-power-on-hours",
                                 g_variant_new_uint64 (log->results[0].power_on_hours));
        }
    }

  return g_variant_builder_end (&builder);
}

static gboolean
send_self_test (DrivedashDaemon        *self,
                const char             *controller,
                DrivedashSelfTestKind   kind,
                GError                **error)
{
  g_autoptr(DrivedashDrive) drive = NULL;

  drive = drivedash_drive_lookup (self->paths.sysfs_root, controller, error);
  if (drive == NULL)
    return FALSE;

  /* Checks the drive's self-test support first; a fixture tree has no
   * device node, which also ends here as "not supported". */
  return drivedash_drive_self_test (drive, kind, error);
}

static GVariant *
run (Call     *call,
     GError  **error)
{
  DrivedashDaemon *self = call->self;
  g_autoptr(DrivedashHealth) health = NULL;
  g_autoptr(DrivedashGameMode) state = NULL;

  if (call->op == OP_LIST_DRIVES)
    return list_drives (self, error);

  /* Now that the caller may know: does the controller exist? */
  if (!drivedash_power_check_controller (&self->paths, call->controller, error))
    return NULL;

  switch (call->op)
    {
    case OP_GET_HEALTH:
      health = read_health (self, call->controller, DRIVEDASH_HEALTH_READ_FULL, error);
      return health != NULL ? g_variant_new ("(@a{sv})", drivedash_health_to_variant (health)) : NULL;

    case OP_GET_GAME_MODE:
      state = drivedash_game_mode_read (&self->paths, call->controller, error);
      return state != NULL ? g_variant_new ("(@a{sv})", drivedash_game_mode_to_variant (state)) : NULL;

    case OP_SET_GAME_MODE:
      state = drivedash_game_mode_set (&self->paths, call->controller,
                                       call->enabled, call->persistent, error);
      if (state == NULL)
        return NULL;
      g_message ("%s: game mode %s%s (latency tolerance now “%s”)",
                 call->controller, state->enabled ? "on" : "off",
                 state->persistent ? ", kept after reboot" : "",
                 state->latency_tolerance != NULL ? state->latency_tolerance : "");
      return g_variant_new ("(@a{sv})", drivedash_game_mode_to_variant (state));

    case OP_START_SELF_TEST:
    case OP_ABORT_SELF_TEST:
      if (!send_self_test (self, call->controller, call->kind, error))
        return NULL;
      g_message ("%s: self-test command %s sent", call->controller,
                 call->kind == DRIVEDASH_SELF_TEST_ABORT ? "abort" : drivedash_self_test_kind_id (call->kind));
      return g_variant_new ("()");

    case OP_GET_SELF_TEST_STATUS:
      health = read_health (self, call->controller, DRIVEDASH_HEALTH_READ_SELF_TEST, error);
      return health != NULL ? g_variant_new ("(@a{sv})", self_test_status_to_variant (health)) : NULL;

    case OP_LIST_DRIVES:
    default:
      g_assert_not_reached ();
    }
}

static void
authorized_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(Call) call = user_data;
  g_autoptr(GError) error = NULL;
  GVariant *reply;

  if (!drivedash_authority_check_finish (result, &error))
    {
      g_dbus_method_invocation_return_gerror (g_steal_pointer (&call->invocation), error);
      release (call->self);
      return;
    }

  reply = run (call, &error);
  if (reply != NULL)
    g_dbus_method_invocation_return_value (g_steal_pointer (&call->invocation), reply);
  else
    g_dbus_method_invocation_return_gerror (g_steal_pointer (&call->invocation), error);
  release (call->self);
}

static const char *
action_for (Operation op)
{
  switch (op)
    {
    case OP_SET_GAME_MODE:
      return DRIVEDASH_ACTION_SET_GAME_MODE;
    case OP_START_SELF_TEST:
    case OP_ABORT_SELF_TEST:
      return DRIVEDASH_ACTION_SELF_TEST;
    case OP_LIST_DRIVES:
    case OP_GET_HEALTH:
    case OP_GET_GAME_MODE:
    case OP_GET_SELF_TEST_STATUS:
    default:
      return DRIVEDASH_ACTION_READ_HEALTH;
    }
}

/* Takes ownership of call.  Always handles the invocation. */
static gboolean
dispatch (Call *call)
{
  hold (call->self);

  if (call->op != OP_LIST_DRIVES &&
      !drivedash_controller_name_is_valid (call->controller))
    {
      g_dbus_method_invocation_return_error (g_steal_pointer (&call->invocation),
                                             G_DBUS_ERROR, G_DBUS_ERROR_INVALID_ARGS,
                                             _("Not an NVMe controller name (expected nvme0, nvme1, …)."));
      release (call->self);
      call_free (call);
      return TRUE;
    }

  drivedash_authority_check_async (call->invocation, action_for (call->op), NULL,
                                   authorized_cb, call);
  return TRUE;
}

static Call *
call_new (DrivedashDBusDrivedash1 *object,
          GDBusMethodInvocation   *invocation,
          Operation                op,
          const char              *controller)
{
  Call *call = g_new0 (Call, 1);

  call->self = g_object_ref (DRIVEDASH_DAEMON (object));
  /* The handler owns the one reference GDBus gave it; returning a value
   * or an error through the invocation consumes it. */
  call->invocation = invocation;
  call->op = op;
  /* Only copy what could be a name: a megabyte of junk stays with D-Bus. */
  if (controller != NULL && drivedash_controller_name_is_valid (controller))
    call->controller = g_strdup (controller);
  return call;
}

static gboolean
handle_list_drives (DrivedashDBusDrivedash1 *object,
                    GDBusMethodInvocation   *invocation)
{
  return dispatch (call_new (object, invocation, OP_LIST_DRIVES, NULL));
}

static gboolean
handle_get_health (DrivedashDBusDrivedash1 *object,
                   GDBusMethodInvocation   *invocation,
                   const char              *controller)
{
  return dispatch (call_new (object, invocation, OP_GET_HEALTH, controller));
}

static gboolean
handle_get_game_mode (DrivedashDBusDrivedash1 *object,
                      GDBusMethodInvocation   *invocation,
                      const char              *controller)
{
  return dispatch (call_new (object, invocation, OP_GET_GAME_MODE, controller));
}

static gboolean
handle_set_game_mode (DrivedashDBusDrivedash1 *object,
                      GDBusMethodInvocation   *invocation,
                      const char              *controller,
                      gboolean                 enabled,
                      gboolean                 persistent)
{
  Call *call = call_new (object, invocation, OP_SET_GAME_MODE, controller);

  call->enabled = enabled;
  call->persistent = persistent;
  return dispatch (call);
}

static gboolean
handle_start_self_test (DrivedashDBusDrivedash1 *object,
                        GDBusMethodInvocation   *invocation,
                        const char              *controller,
                        const char              *kind)
{
  Call *call;

  if (g_strcmp0 (kind, "short") != 0 && g_strcmp0 (kind, "extended") != 0)
    {
      g_dbus_method_invocation_return_error (invocation, G_DBUS_ERROR,
                                             G_DBUS_ERROR_INVALID_ARGS,
                                             _("The self-test kind must be “short” or “extended”."));
      return TRUE;
    }

  call = call_new (object, invocation, OP_START_SELF_TEST, controller);
  call->kind = g_str_equal (kind, "short") ? DRIVEDASH_SELF_TEST_SHORT
                                           : DRIVEDASH_SELF_TEST_EXTENDED;
  return dispatch (call);
}

static gboolean
handle_abort_self_test (DrivedashDBusDrivedash1 *object,
                        GDBusMethodInvocation   *invocation,
                        const char              *controller)
{
  Call *call = call_new (object, invocation, OP_ABORT_SELF_TEST, controller);

  call->kind = DRIVEDASH_SELF_TEST_ABORT;
  return dispatch (call);
}

static gboolean
handle_get_self_test_status (DrivedashDBusDrivedash1 *object,
                             GDBusMethodInvocation   *invocation,
                             const char              *controller)
{
  return dispatch (call_new (object, invocation, OP_GET_SELF_TEST_STATUS, controller));
}

static void
drivedash_daemon_iface_init (DrivedashDBusDrivedash1Iface *iface)
{
  iface->handle_list_drives = handle_list_drives;
  iface->handle_get_health = handle_get_health;
  iface->handle_get_game_mode = handle_get_game_mode;
  iface->handle_set_game_mode = handle_set_game_mode;
  iface->handle_start_self_test = handle_start_self_test;
  iface->handle_abort_self_test = handle_abort_self_test;
  iface->handle_get_self_test_status = handle_get_self_test_status;
}

static void
drivedash_daemon_finalize (GObject *object)
{
  DrivedashDaemon *self = DRIVEDASH_DAEMON (object);

  g_clear_handle_id (&self->idle_source, g_source_remove);
  g_free (self->sysfs_root);
  g_free (self->udev_rules_dir);
  g_free (self->state_dir);
  g_free (self->dev_dir);

  G_OBJECT_CLASS (drivedash_daemon_parent_class)->finalize (object);
}

static void
drivedash_daemon_class_init (DrivedashDaemonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = drivedash_daemon_finalize;

  /**
   * DrivedashDaemon::idle:
   *
   * No call arrived for the idle timeout: the service may exit.
   */
  signals[SIGNAL_IDLE] = g_signal_new ("idle", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 0);
}

static void
drivedash_daemon_init (DrivedashDaemon *self)
{
  /* Calls are handled in the thread that owns the connection, one after
   * the other: the handlers above rely on it. */
  g_dbus_interface_skeleton_set_flags (G_DBUS_INTERFACE_SKELETON (self),
                                       G_DBUS_INTERFACE_SKELETON_FLAGS_NONE);
}

DrivedashDaemon *
drivedash_daemon_new (const DrivedashPowerPaths *paths,
                      guint                      idle_timeout_s)
{
  DrivedashDaemon *self = g_object_new (DRIVEDASH_TYPE_DAEMON, NULL);

  drivedash_client_register_errors ();

  self->sysfs_root = g_strdup (paths->sysfs_root);
  self->udev_rules_dir = g_strdup (paths->udev_rules_dir);
  self->state_dir = g_strdup (paths->state_dir);
  self->dev_dir = g_strdup (paths->dev_dir);
  self->paths.sysfs_root = self->sysfs_root;
  self->paths.udev_rules_dir = self->udev_rules_dir;
  self->paths.state_dir = self->state_dir;
  self->paths.dev_dir = self->dev_dir;
  self->idle_timeout_s = idle_timeout_s;

  drivedash_dbus_drivedash1_set_version (DRIVEDASH_DBUS_DRIVEDASH1 (self), PACKAGE_VERSION);
  schedule_idle (self);

  return self;
}
