/* drivedash-client.c — one fallback chain for every call: drivedashd,
 * acting directly as root, UDisks2, sysfs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each public call checks its arguments, fills in a DrivedashClientRequest
 * and walks the chain with it (drivedash_client_request_run()); the
 * backends live in drivedash-client-{service,direct,udisks}.c.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-client.h"
#include "drivedash-client-private.h"
#include "drivedash-error.h"

/* Reads never need long; a password dialog might. */
#define READ_TIMEOUT_MS 15000

static int read_timeout_ms = READ_TIMEOUT_MS;

void
drivedash_client_set_read_timeout_for_testing (int timeout_ms)
{
  read_timeout_ms = timeout_ms > 0 ? timeout_ms : READ_TIMEOUT_MS;
}

int
drivedash_client_read_timeout_ms (void)
{
  return read_timeout_ms;
}

static const GDBusErrorEntry drivedash_dbus_error_entries[] = {
  { DRIVEDASH_ERROR_FAILED,           "io.github.drivedash.Error.Failed" },
  { DRIVEDASH_ERROR_INVALID_ARGUMENT, "io.github.drivedash.Error.InvalidArgument" },
  { DRIVEDASH_ERROR_NOT_FOUND,        "io.github.drivedash.Error.NotFound" },
  { DRIVEDASH_ERROR_PERMISSION,       "io.github.drivedash.Error.Permission" },
  { DRIVEDASH_ERROR_NOT_SUPPORTED,    "io.github.drivedash.Error.NotSupported" },
  { DRIVEDASH_ERROR_NO_SPACE,         "io.github.drivedash.Error.NoSpace" },
  { DRIVEDASH_ERROR_NO_DIRECT_IO,     "io.github.drivedash.Error.NoDirectIO" },
  { DRIVEDASH_ERROR_NOT_WRITABLE,     "io.github.drivedash.Error.NotWritable" },
  { DRIVEDASH_ERROR_CANCELLED,        "io.github.drivedash.Error.Cancelled" },
  { DRIVEDASH_ERROR_FILE_REMOVED,     "io.github.drivedash.Error.FileRemoved" },
  { DRIVEDASH_ERROR_DEVICE_GONE,      "io.github.drivedash.Error.DeviceGone" },
  { DRIVEDASH_ERROR_IO,               "io.github.drivedash.Error.IO" },
};

void
drivedash_client_register_errors (void)
{
  static gsize quark = 0;

  g_dbus_error_register_error_domain ("drivedash-error-quark", &quark,
                                      drivedash_dbus_error_entries,
                                      G_N_ELEMENTS (drivedash_dbus_error_entries));
}

/* --- D-Bus errors, for the service and UDisks2 backends -------------------- */

gboolean
drivedash_client_error_means_stopped (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
}

gboolean
drivedash_client_propagate_stopped (GError     **dest,
                                    GError     **src,
                                    const char  *who)
{
  if (!drivedash_client_error_means_stopped (*src))
    return FALSE;
  if (g_error_matches (*src, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
    /* Translators: %s is "The Drivedash system service" or "UDisks" */
    g_set_error (dest, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                 _("%s did not answer in time. Try again in a moment."), who);
  else
    g_propagate_error (dest, g_steal_pointer (src));
  g_clear_error (src);
  return TRUE;
}

/* That is a refusal the user can act on, not a missing service.  GLib
 * has no code for this D-Bus error, so it arrives as a remote error. */
gboolean
drivedash_client_error_means_needs_password (const GError *error)
{
  g_autofree char *name = g_dbus_error_get_remote_error (error);

  return g_strcmp0 (name, "org.freedesktop.DBus.Error.InteractiveAuthorizationRequired") == 0;
}

/* Errors that mean "no one to talk to", as opposed to an answer. */
gboolean
drivedash_client_error_means_unavailable (const GError *error)
{
  if (drivedash_client_error_means_stopped (error) ||
      drivedash_client_error_means_needs_password (error))
    return FALSE;
  return g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_NAME_HAS_NO_OWNER) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SPAWN_EXEC_FAILED) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SPAWN_CHILD_EXITED) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SPAWN_FAILED) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_NO_SERVER) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_OBJECT) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_METHOD) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_DISCONNECTED) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CLOSED) ||
         error->domain == G_IO_ERROR; /* no system bus at all */
}

gboolean
drivedash_client_error_means_denied (const GError *error)
{
  return g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_AUTH_FAILED);
}

GDBusCallFlags
drivedash_client_call_flags (DrivedashClientFlags flags)
{
  return (flags & DRIVEDASH_CLIENT_INTERACTIVE) ? G_DBUS_CALL_FLAGS_ALLOW_INTERACTIVE_AUTHORIZATION
                                                : G_DBUS_CALL_FLAGS_NONE;
}

/* --- the chain --------------------------------------------------------------- */

/* The journal first, for kernel events only: a user who may read it
 * needs neither the service nor polkit.  The service next: it has
 * everything and asks polkit.  Then, as root,
 * admin commands, which also have everything.  Then UDisks2, which has the
 * SMART counters but not all of the log.  sysfs last: identity,
 * temperature and game mode state, to anyone. */
static const DrivedashClientBackend *const real_chain[] = {
  &drivedash_client_backend_journal,
  &drivedash_client_backend_service,
  &drivedash_client_backend_direct,
  &drivedash_client_backend_udisks,
  &drivedash_client_backend_sysfs,
  NULL,
};

static const DrivedashClientBackend *const *chain = real_chain;

void
drivedash_client_set_chain_for_testing (const DrivedashClientBackend *const *backends)
{
  chain = backends != NULL ? backends : real_chain;
}

typedef struct
{
  gboolean    change;      /* changes something: a refusal is the answer */
  gboolean    on_drive;    /* backends that read sysfs need the drive */
  const char *unanswered;  /* when no backend could do it */
} OpInfo;

static const OpInfo ops[DRIVEDASH_CLIENT_N_OPS] = {
  [DRIVEDASH_CLIENT_OP_GET_HEALTH] = {
    FALSE, TRUE, N_("No source could read this drive’s health.") },
  [DRIVEDASH_CLIENT_OP_GET_GAME_MODE] = {
    FALSE, FALSE, N_("No source could read this drive’s game mode.") },
  [DRIVEDASH_CLIENT_OP_SET_GAME_MODE] = {
    TRUE, FALSE, N_("Changing game mode needs permission. The Drivedash system service gives it without a password, and it is not installed on this computer; running Drivedash as an administrator works too.") },
  [DRIVEDASH_CLIENT_OP_SELF_TEST] = {
    TRUE, TRUE, N_("Self-tests need permission. The Drivedash system service gives it without a password, and it is not installed on this computer; running Drivedash as an administrator works too.") },
  /* Not on_drive: a drive that dropped out is gone from sysfs, and its
   * events are what the user wants to see. */
  [DRIVEDASH_CLIENT_OP_GET_KERNEL_EVENTS] = {
    FALSE, FALSE, N_("Reading the kernel's messages needs membership of the adm, systemd-journal or wheel group, or the Drivedash system service.") },
};

DrivedashServiceStatus
drivedash_client_request_service_status (DrivedashClientRequest *request)
{
  if (request->service_error != NULL && request->service_status == DRIVEDASH_SERVICE_NOT_ASKED)
    request->service_status = drivedash_client_service_status (request->service_error,
                                                               request->cancellable);
  return request->service_status;
}

/* No backend could: when the service is installed but broken, that is
 * the answer (installing it is no help); else what would help. */
static void
set_unanswered_error (DrivedashClientRequest  *request,
                      GError                 **error)
{
  g_autofree char *why = NULL;

  if (drivedash_client_request_service_status (request) == DRIVEDASH_SERVICE_FAILED)
    {
      g_autofree char *detail = NULL;

      why = drivedash_client_service_why (DRIVEDASH_SERVICE_FAILED, request->service_error);
      detail = drivedash_client_service_detail (request->service_error);
      /* The words are for the user; the service's message for the log. */
      g_message ("drivedashd did not answer: %s", detail);
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED, why);
      return;
    }
  g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION,
                       _(ops[request->op].unanswered));
}

/* The drive, found the same way for every backend that reads sysfs, so a
 * controller that is not there fails the same way whichever would have
 * answered. */
static gboolean
request_find_drive (DrivedashClientRequest        *request,
                    const DrivedashClientBackend  *backend,
                    GError                       **error)
{
  if (!backend->reads_sysfs || !ops[request->op].on_drive || request->drive != NULL)
    return TRUE;
  request->drive = drivedash_drive_lookup (request->sysfs_root, request->controller, error);
  return request->drive != NULL;
}

/* THE rule for falling through, the same for every operation: a backend
 * that is left out by the caller's flags, has no step for the operation,
 * or is UNAVAILABLE (not there, no privileges, does not know the drive or
 * the feature) passes to the next.  REFUSED passes too for a read (the
 * next one may show what this caller may see), but ends a change: what
 * polkit refused is never done another way.  ANSWERED and FAILED end it:
 * a failure, a cancel or a timeout is the answer, since whoever got the
 * request may still be acting on it. */
gboolean
drivedash_client_request_run (DrivedashClientRequest  *request,
                              GError                 **error)
{
  for (gsize i = 0; chain[i] != NULL; i++)
    {
      const DrivedashClientBackend *backend = chain[i];
      DrivedashClientStep step = backend->steps[request->op];
      g_autoptr(GError) local_error = NULL;
      DrivedashClientOutcome outcome;

      if (!request_find_drive (request, backend, error))
        return FALSE;
      if (step == NULL || (request->flags & backend->skip_flag))
        continue;

      outcome = step (request, &local_error);
      if (outcome == DRIVEDASH_CLIENT_ANSWERED)
        return TRUE;
      g_assert (local_error != NULL);
      if (outcome == DRIVEDASH_CLIENT_FAILED ||
          (outcome == DRIVEDASH_CLIENT_REFUSED && ops[request->op].change))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      g_debug ("%s: %s", backend->name, local_error->message);
    }

  set_unanswered_error (request, error);
  return FALSE;
}

void
drivedash_client_request_clear (DrivedashClientRequest *request)
{
  g_clear_object (&request->drive);
  g_clear_error (&request->service_error);
  g_clear_pointer (&request->health, drivedash_health_unref);
  g_clear_pointer (&request->game_mode, drivedash_game_mode_free);
  g_clear_pointer (&request->events, drivedash_event_log_free);
}

/* --- the public calls -------------------------------------------------------- */

gboolean
drivedash_client_service_available (GCancellable *cancellable)
{
  g_autoptr(GVariant) reply = NULL;

  /* Peer.Ping starts it if it is activatable and needs no polkit. */
  reply = drivedash_client_service_call ("org.freedesktop.DBus.Peer.Ping", NULL,
                                         G_DBUS_CALL_FLAGS_NONE, read_timeout_ms,
                                         cancellable, NULL);
  return reply != NULL;
}

DrivedashHealth *
drivedash_client_get_health_udisks (const char    *sysfs_root,
                                    const char    *controller,
                                    GCancellable  *cancellable,
                                    GError       **error)
{
  g_autoptr(DrivedashDrive) drive = drivedash_drive_lookup (sysfs_root, controller, error);

  if (drive == NULL)
    return NULL;
  return drivedash_client_udisks_health (drive, TRUE, cancellable, error);
}

/* Checks the name before asking anyone: a bad one fails the same way
 * whichever backend would have answered.  Whether it exists is up to
 * whoever answers (the service may look at another sysfs, e.g. in
 * tests).  "/dev/nvme0" means "nvme0", as everywhere else in Drivedash. */
static gboolean
request_init (DrivedashClientRequest  *request,
              DrivedashClientOp        op,
              const char              *controller,
              DrivedashClientFlags     flags,
              GCancellable            *cancellable,
              GError                 **error)
{
  if (controller != NULL && g_str_has_prefix (controller, "/dev/"))
    controller += strlen ("/dev/");

  *request = (DrivedashClientRequest) {
    .op = op,
    .controller = controller,
    .paths = drivedash_power_paths_default (),
    .flags = flags,
    .cancellable = cancellable,
  };
  if (drivedash_controller_name_is_valid (controller))
    return TRUE;
  /* Fails without touching the file system; gives the usual message. */
  return drivedash_power_check_controller (drivedash_power_paths_default (),
                                           controller, error);
}

DrivedashHealth *
drivedash_client_get_health (const char            *sysfs_root,
                             const char            *controller,
                             DrivedashClientFlags   flags,
                             GCancellable          *cancellable,
                             GError               **error)
{
  DrivedashClientRequest request;
  DrivedashHealth *health;

  if (!request_init (&request, DRIVEDASH_CLIENT_OP_GET_HEALTH, controller, flags, cancellable, error))
    return NULL;
  request.sysfs_root = sysfs_root;
  if (!drivedash_client_request_run (&request, error))
    {
      drivedash_client_request_clear (&request);
      return NULL;
    }

  health = g_steal_pointer (&request.health);
  health->service = drivedash_client_request_service_status (&request);
  /* Only sysfs answered: say why the rest is missing. */
  if (request.service_error != NULL && health->source == DRIVEDASH_HEALTH_SOURCE_SYSFS)
    {
      g_autofree char *why = drivedash_client_service_why (health->service, request.service_error);
      g_autofree char *detail = health->service == DRIVEDASH_SERVICE_FAILED
                                ? drivedash_client_service_detail (request.service_error) : NULL;

      drivedash_health_add_missing_detail (health, _("Full health data"), why, detail);
    }
  drivedash_client_request_clear (&request);
  return health;
}

/* Runs a game-mode request; the state it ended with, or NULL. */
static DrivedashGameMode *
run_game_mode (DrivedashClientRequest     *request,
               const DrivedashPowerPaths  *paths,
               DrivedashHealthSource      *source_out,
               GError                    **error)
{
  DrivedashGameMode *state = NULL;

  if (paths != NULL)
    request->paths = paths;
  if (drivedash_client_request_run (request, error))
    {
      state = g_steal_pointer (&request->game_mode);
      if (source_out != NULL)
        *source_out = request->source;
    }
  drivedash_client_request_clear (request);
  return state;
}

DrivedashGameMode *
drivedash_client_get_game_mode (const DrivedashPowerPaths *paths,
                                const char                *controller,
                                DrivedashClientFlags       flags,
                                DrivedashHealthSource     *source_out,
                                GCancellable              *cancellable,
                                GError                   **error)
{
  DrivedashClientRequest request;

  if (!request_init (&request, DRIVEDASH_CLIENT_OP_GET_GAME_MODE, controller, flags,
                     cancellable, error))
    return NULL;
  return run_game_mode (&request, paths, source_out, error);
}

DrivedashGameMode *
drivedash_client_set_game_mode (const DrivedashPowerPaths *paths,
                                const char                *controller,
                                gboolean                   enabled,
                                gboolean                   persistent,
                                DrivedashClientFlags       flags,
                                DrivedashHealthSource     *source_out,
                                GCancellable              *cancellable,
                                GError                   **error)
{
  DrivedashClientRequest request;

  if (!request_init (&request, DRIVEDASH_CLIENT_OP_SET_GAME_MODE, controller, flags,
                     cancellable, error))
    return NULL;
  request.enabled = enabled;
  request.persistent = persistent;
  return run_game_mode (&request, paths, source_out, error);
}

DrivedashGameMode *
drivedash_client_set_game_mode_temporary (const DrivedashPowerPaths *paths,
                                          const char                *controller,
                                          gboolean                   enabled,
                                          DrivedashClientFlags       flags,
                                          DrivedashHealthSource     *source_out,
                                          GCancellable              *cancellable,
                                          GError                   **error)
{
  DrivedashClientRequest request;

  if (!request_init (&request, DRIVEDASH_CLIENT_OP_SET_GAME_MODE, controller, flags,
                     cancellable, error))
    return NULL;
  request.enabled = enabled;
  request.temporary = TRUE;
  return run_game_mode (&request, paths, source_out, error);
}

gboolean
drivedash_client_self_test (const char             *sysfs_root,
                            const char             *controller,
                            DrivedashSelfTestKind   kind,
                            DrivedashClientFlags    flags,
                            DrivedashHealthSource  *source_out,
                            GCancellable           *cancellable,
                            GError                **error)
{
  DrivedashClientRequest request;
  gboolean ok;

  if (kind != DRIVEDASH_SELF_TEST_SHORT && kind != DRIVEDASH_SELF_TEST_EXTENDED &&
      kind != DRIVEDASH_SELF_TEST_ABORT)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("Only short and extended self-tests can be started."));
      return FALSE;
    }
  if (!request_init (&request, DRIVEDASH_CLIENT_OP_SELF_TEST, controller, flags, cancellable, error))
    return FALSE;
  request.sysfs_root = sysfs_root;
  request.kind = kind;
  ok = drivedash_client_request_run (&request, error);
  if (ok && source_out != NULL)
    *source_out = request.source;
  drivedash_client_request_clear (&request);
  return ok;
}

DrivedashEventLog *
drivedash_client_get_kernel_events (const char                  *sysfs_root,
                                    const char                  *controller,
                                    const DrivedashJournalQuery *query,
                                    DrivedashClientFlags         flags,
                                    gboolean                    *via_service_out,
                                    GCancellable                *cancellable,
                                    GError                     **error)
{
  DrivedashClientRequest request;
  DrivedashEventLog *log = NULL;

  if (!request_init (&request, DRIVEDASH_CLIENT_OP_GET_KERNEL_EVENTS, controller, flags,
                     cancellable, error))
    return NULL;
  request.sysfs_root = sysfs_root;
  request.journal_query = query;
  if (drivedash_client_request_run (&request, error))
    {
      log = g_steal_pointer (&request.events);
      if (via_service_out != NULL)
        *via_service_out = request.source == DRIVEDASH_HEALTH_SOURCE_SERVICE;
    }
  drivedash_client_request_clear (&request);
  return log;
}
