/* drivedash-authority.h — asks polkit whether the sender of a D-Bus call
 * may perform an action
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define DRIVEDASH_ACTION_READ_HEALTH   "io.github.drivedash.Drivedash.read-health"
#define DRIVEDASH_ACTION_SET_GAME_MODE "io.github.drivedash.Drivedash.set-game-mode"
/* SetGameMode with persistent = TRUE: writes the udev rule. */
#define DRIVEDASH_ACTION_SET_GAME_MODE_PERSISTENT "io.github.drivedash.Drivedash.set-game-mode-persistent"
#define DRIVEDASH_ACTION_READ_KERNEL_EVENTS "io.github.drivedash.Drivedash.read-kernel-events"
#define DRIVEDASH_ACTION_SELF_TEST     "io.github.drivedash.Drivedash.self-test"

/* DRIVEDASH_AUTHORITY_ERROR_INTERACTIVE_AUTHORIZATION_REQUIRED goes over
 * D-Bus as org.freedesktop.DBus.Error.InteractiveAuthorizationRequired. */
#define DRIVEDASH_AUTHORITY_ERROR (drivedash_authority_error_quark ())
typedef enum
{
  DRIVEDASH_AUTHORITY_ERROR_INTERACTIVE_AUTHORIZATION_REQUIRED,
} DrivedashAuthorityError;

GQuark   drivedash_authority_error_quark  (void);

/* Calls org.freedesktop.PolicyKit1.Authority.CheckAuthorization on the
 * invocation's connection for the subject ("system-bus-name", sender),
 * letting polkit ask for a password when the caller set the
 * ALLOW_INTERACTIVE_AUTHORIZATION flag.  details (a{ss}, may be NULL,
 * consumed when floating) go to polkit for its rules and messages.  A
 * check polkit has not answered after timeout_ms fails with
 * G_DBUS_ERROR_TIMEOUT (polkit's password dialog may legitimately take a
 * while; an agent that never answers must not hold the call forever).  When
 * polkit is not on the bus at all, only uid 0 is authorized (as polkitd
 * itself would). */
void     drivedash_authority_check_async  (GDBusMethodInvocation  *invocation,
                                           const char             *action_id,
                                           GVariant               *details,
                                           guint                   timeout_ms,
                                           GCancellable           *cancellable,
                                           GAsyncReadyCallback     callback,
                                           gpointer                user_data);
/* TRUE when authorized.  FALSE with G_DBUS_ERROR_ACCESS_DENIED,
 * G_DBUS_ERROR_TIMEOUT, or
 * DRIVEDASH_AUTHORITY_ERROR_INTERACTIVE_AUTHORIZATION_REQUIRED when polkit
 * would have asked for a password but the caller did not allow it. */
gboolean drivedash_authority_check_finish (GAsyncResult           *result,
                                           GError                **error);

G_END_DECLS
