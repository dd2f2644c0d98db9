/* drivedash-client-service.c — the first backend: drivedashd on the
 * system bus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * It has everything, and it is the only backend that may ask polkit.
 * When it does not answer, the request keeps its error so that the user
 * can be told whether installing it would help.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-client-private.h"
#include "drivedash-dbus-generated.h"
#include "drivedash-error.h"

GVariant *
drivedash_client_service_call (const char      *method,
                               GVariant        *parameters,
                               GDBusCallFlags   flags,
                               int              timeout_ms,
                               GCancellable    *cancellable,
                               GError         **error)
{
  g_autoptr(DrivedashDBusDrivedash1) proxy = NULL;

  drivedash_client_register_errors ();

  proxy = drivedash_dbus_drivedash1_proxy_new_for_bus_sync (G_BUS_TYPE_SYSTEM,
                                                            G_DBUS_PROXY_FLAGS_DO_NOT_LOAD_PROPERTIES |
                                                            G_DBUS_PROXY_FLAGS_DO_NOT_CONNECT_SIGNALS,
                                                            DRIVEDASH_SERVICE_BUS_NAME,
                                                            DRIVEDASH_SERVICE_OBJECT_PATH,
                                                            cancellable, error);
  if (proxy == NULL)
    {
      if (parameters != NULL)
        g_variant_unref (g_variant_ref_sink (parameters));
      return NULL;
    }
  return g_dbus_proxy_call_sync (G_DBUS_PROXY (proxy), method, parameters, flags,
                                 timeout_ms, cancellable, error);
}

/* Turns what came back from the service into an error for people. */
static void
propagate_service_error (GError  **dest,
                         GError   *src)
{
  if (drivedash_client_propagate_stopped (dest, &src, _("The Drivedash system service")))
    return;
  if (drivedash_client_error_means_needs_password (src))
    {
      g_set_error_literal (dest, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION,
                           _("This needs an administrator password, and this request could not ask for one. "
                             "Try again from the Drivedash app, which can ask for it."));
      g_error_free (src);
      return;
    }
  if (drivedash_client_error_means_denied (src))
    {
      g_set_error_literal (dest, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION,
                           _("You are not allowed to do this: the request was refused."));
      g_error_free (src);
      return;
    }
  if (g_error_matches (src, G_DBUS_ERROR, G_DBUS_ERROR_INVALID_ARGS))
    {
      g_dbus_error_strip_remote_error (src);
      g_set_error_literal (dest, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           src->message);
      g_error_free (src);
      return;
    }
  if (src->domain != DRIVEDASH_ERROR)
    {
      g_dbus_error_strip_remote_error (src);
      g_set_error (dest, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   _("The Drivedash system service failed: %s"), src->message);
      g_error_free (src);
      return;
    }

  g_dbus_error_strip_remote_error (src);
  g_propagate_error (dest, src);
}

/* Installed: its name has an owner now, or the bus can start it.  Asked
 * only after a call failed, to tell "not there" from "there but broken". */
static gboolean
service_installed (GCancellable *cancellable)
{
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, NULL);
  g_autoptr(GVariant) owner = NULL;
  g_autoptr(GVariant) names = NULL;
  g_autofree const char **list = NULL;
  gboolean has_owner = FALSE;
  int timeout_ms = drivedash_client_read_timeout_ms ();

  if (bus == NULL)
    return FALSE;
  owner = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "NameHasOwner",
                                       g_variant_new ("(s)", DRIVEDASH_SERVICE_BUS_NAME),
                                       G_VARIANT_TYPE ("(b)"), G_DBUS_CALL_FLAGS_NONE,
                                       timeout_ms, cancellable, NULL);
  if (owner != NULL)
    g_variant_get (owner, "(b)", &has_owner);
  if (has_owner)
    return TRUE;
  names = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "ListActivatableNames", NULL,
                                       G_VARIANT_TYPE ("(as)"), G_DBUS_CALL_FLAGS_NONE,
                                       timeout_ms, cancellable, NULL);
  if (names == NULL)
    return FALSE;
  g_variant_get (names, "(^a&s)", &list);
  return g_strv_contains (list, DRIVEDASH_SERVICE_BUS_NAME);
}

DrivedashServiceStatus
drivedash_client_service_status (const GError *error,
                                 GCancellable *cancellable)
{
  if (drivedash_client_error_means_denied (error) ||
      drivedash_client_error_means_needs_password (error))
    return DRIVEDASH_SERVICE_REFUSED;
  return service_installed (cancellable) ? DRIVEDASH_SERVICE_FAILED : DRIVEDASH_SERVICE_NOT_INSTALLED;
}

/* Install instructions only where there is nothing installed. */
char *
drivedash_client_service_why (DrivedashServiceStatus  status,
                              GError                 *error)
{
  if (status == DRIVEDASH_SERVICE_REFUSED)
    return g_strdup (_("The Drivedash system service refused the request."));
  if (status == DRIVEDASH_SERVICE_NOT_INSTALLED)
    return g_strdup (_("Install the Drivedash system service to see every health detail without a password."));
  /* The D-Bus message is for a Details expander or the log: it reads
   * "GDBus.Error:org.freedesktop.DBus.Error.UnknownMethod: …". */
  return g_strdup (_("The Drivedash system service is installed but did not answer. Try again in a "
                     "moment; if it keeps happening, restart the computer."));
}

char *
drivedash_client_service_detail (GError *error)
{
  if (error == NULL)
    return NULL;
  g_dbus_error_strip_remote_error (error);
  return g_strdup (error->message);
}

/* --- the steps ------------------------------------------------------------- */

/* Calls method and sorts what came back for the chain: the reply in
 * *reply_out when ANSWERED.  Not reached (UNAVAILABLE) or refused
 * (REFUSED): the request keeps the service's own error for
 * drivedash_client_request_service_status().  The rest — a needed
 * password, a cancel, a timeout, a failure — is the service's answer. */
static DrivedashClientOutcome
service_step (DrivedashClientRequest  *request,
              const char              *method,
              GVariant                *parameters,
              GDBusCallFlags           flags,
              int                      timeout_ms,
              GVariant               **reply_out,
              GError                 **error)
{
  GError *service_error = NULL;

  *reply_out = drivedash_client_service_call (method, parameters, flags, timeout_ms,
                                              request->cancellable, &service_error);
  if (*reply_out != NULL)
    {
      request->service_status = DRIVEDASH_SERVICE_ANSWERED;
      request->source = DRIVEDASH_HEALTH_SOURCE_SERVICE;
      return DRIVEDASH_CLIENT_ANSWERED;
    }
  if (drivedash_client_error_means_unavailable (service_error))
    {
      g_propagate_error (error, g_error_copy (service_error));
      request->service_error = service_error;
      return DRIVEDASH_CLIENT_UNAVAILABLE;
    }
  if (drivedash_client_error_means_denied (service_error))
    {
      request->service_error = g_error_copy (service_error);
      propagate_service_error (error, service_error);
      return DRIVEDASH_CLIENT_REFUSED;
    }
  propagate_service_error (error, service_error);
  return DRIVEDASH_CLIENT_FAILED;
}

static DrivedashClientOutcome
service_get_health (DrivedashClientRequest  *request,
                    GError                 **error)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) dict = NULL;
  DrivedashClientOutcome outcome;

  outcome = service_step (request, "GetHealth", g_variant_new ("(s)", request->controller),
                          drivedash_client_call_flags (request->flags),
                          drivedash_client_read_timeout_ms (), &reply, error);
  if (outcome != DRIVEDASH_CLIENT_ANSWERED)
    return outcome;
  dict = g_variant_get_child_value (reply, 0);
  request->health = drivedash_health_new_from_variant (dict, error);
  return request->health != NULL ? DRIVEDASH_CLIENT_ANSWERED : DRIVEDASH_CLIENT_FAILED;
}

/* The (a{sv}) drivedashd answers GetGameMode and SetGameMode with. */
static DrivedashClientOutcome
game_mode_from_reply (DrivedashClientRequest  *request,
                      GVariant                *reply,
                      GError                 **error)
{
  g_autoptr(GVariant) dict = g_variant_get_child_value (reply, 0);

  request->game_mode = drivedash_game_mode_new_from_variant (dict, error);
  return request->game_mode != NULL ? DRIVEDASH_CLIENT_ANSWERED : DRIVEDASH_CLIENT_FAILED;
}

static DrivedashClientOutcome
service_get_game_mode (DrivedashClientRequest  *request,
                       GError                 **error)
{
  g_autoptr(GVariant) reply = NULL;
  DrivedashClientOutcome outcome;

  /* Reading the state never needs a password. */
  outcome = service_step (request, "GetGameMode", g_variant_new ("(s)", request->controller),
                          G_DBUS_CALL_FLAGS_NONE, drivedash_client_read_timeout_ms (),
                          &reply, error);
  if (outcome != DRIVEDASH_CLIENT_ANSWERED)
    return outcome;
  return game_mode_from_reply (request, reply, error);
}

/* Changes wait as long as a password dialog may take. */
static DrivedashClientOutcome
service_set_game_mode (DrivedashClientRequest  *request,
                       GError                 **error)
{
  g_autoptr(GVariant) reply = NULL;
  DrivedashClientOutcome outcome;
  GVariant *parameters;

  if (request->temporary)
    parameters = g_variant_new ("(sb)", request->controller, request->enabled);
  else
    parameters = g_variant_new ("(sbb)", request->controller, request->enabled, request->persistent);
  outcome = service_step (request, request->temporary ? "SetGameModeTemporary" : "SetGameMode",
                          parameters, drivedash_client_call_flags (request->flags), G_MAXINT,
                          &reply, error);
  if (outcome != DRIVEDASH_CLIENT_ANSWERED)
    return outcome;
  return game_mode_from_reply (request, reply, error);
}

static DrivedashClientOutcome
service_self_test (DrivedashClientRequest  *request,
                   GError                 **error)
{
  g_autoptr(GVariant) reply = NULL;
  GVariant *parameters;

  if (request->kind == DRIVEDASH_SELF_TEST_ABORT)
    parameters = g_variant_new ("(s)", request->controller);
  else
    parameters = g_variant_new ("(ss)", request->controller,
                                drivedash_self_test_kind_id (request->kind));
  return service_step (request,
                       request->kind == DRIVEDASH_SELF_TEST_ABORT ? "AbortSelfTest" : "StartSelfTest",
                       parameters, drivedash_client_call_flags (request->flags), G_MAXINT,
                       &reply, error);
}

/* The query as GetKernelEvents' options: "boot" only for one boot. */
static GVariant *
kernel_events_options (const DrivedashJournalQuery *query)
{
  GVariantDict dict;

  g_variant_dict_init (&dict, NULL);
  if (query->one_boot)
    g_variant_dict_insert (&dict, "boot", "i", query->boot);
  if (query->since_usec > 0)
    g_variant_dict_insert (&dict, "since-usec", "x", query->since_usec);
  if (query->max_events != 0)
    g_variant_dict_insert (&dict, "max-events", "u", query->max_events);
  return g_variant_dict_end (&dict);
}

static DrivedashClientOutcome
service_get_kernel_events (DrivedashClientRequest  *request,
                           GError                 **error)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) dict = NULL;
  DrivedashClientOutcome outcome;

  outcome = service_step (request, "GetKernelEvents",
                          g_variant_new ("(s@a{sv})", request->controller,
                                         kernel_events_options (request->journal_query)),
                          drivedash_client_call_flags (request->flags),
                          drivedash_client_read_timeout_ms (), &reply, error);
  if (outcome != DRIVEDASH_CLIENT_ANSWERED)
    return outcome;
  dict = g_variant_get_child_value (reply, 0);
  request->events = drivedash_event_log_from_variant (dict, request->journal_query->max_events != 0
                                                            ? request->journal_query->max_events
                                                            : DRIVEDASH_JOURNAL_MAX_EVENTS,
                                                      error);
  return request->events != NULL ? DRIVEDASH_CLIENT_ANSWERED : DRIVEDASH_CLIENT_FAILED;
}

const DrivedashClientBackend drivedash_client_backend_service = {
  .name = "drivedashd",
  .skip_flag = DRIVEDASH_CLIENT_NO_SERVICE,
  .reads_sysfs = FALSE,   /* it has its own (in tests, another one) */
  .steps = {
    [DRIVEDASH_CLIENT_OP_GET_HEALTH] = service_get_health,
    [DRIVEDASH_CLIENT_OP_GET_GAME_MODE] = service_get_game_mode,
    [DRIVEDASH_CLIENT_OP_SET_GAME_MODE] = service_set_game_mode,
    [DRIVEDASH_CLIENT_OP_SELF_TEST] = service_self_test,
    [DRIVEDASH_CLIENT_OP_GET_KERNEL_EVENTS] = service_get_kernel_events,
  },
};

/* --- everyone's writes -------------------------------------------------- */

/* More rows than the service ever sends (100 apps and one "Others" per
 * drive) are not kept. */
#define MAX_APP_WRITES_ROWS 1000

static GPtrArray *
app_writes_from_reply (GVariant  *reply,
                       gint64    *since_usec_out,
                       GError   **error)
{
  g_autoptr(GVariant) rows = g_variant_get_child_value (reply, 1);
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_app_writes_free);
  guint64 since = 0;

  g_variant_get_child (reply, 0, "t", &since);
  for (gsize i = 0; i < g_variant_n_children (rows) && out->len < MAX_APP_WRITES_ROWS; i++)
    {
      g_autoptr(GVariant) dict = g_variant_get_child_value (rows, i);
      DrivedashAppWrites *row = drivedash_app_writes_from_variant (dict, error);

      if (row == NULL)
        return NULL;
      g_ptr_array_add (out, row);
    }
  if (since_usec_out != NULL)
    *since_usec_out = (gint64) MIN (since, (guint64) G_MAXINT64);
  return g_steal_pointer (&out);
}

GPtrArray *
drivedash_client_get_app_writes (gint64        *since_usec_out,
                                 GCancellable  *cancellable,
                                 GError       **error)
{
  g_autoptr(GVariant) reply = NULL;
  GError *call_error = NULL;

  reply = drivedash_client_service_call ("GetAppWrites", NULL, G_DBUS_CALL_FLAGS_NONE,
                                         drivedash_client_read_timeout_ms (), cancellable, &call_error);
  if (reply == NULL)
    {
      propagate_service_error (error, call_error);
      return NULL;
    }
  return app_writes_from_reply (reply, since_usec_out, error);
}
