/* drivedash-autostart.h — starting the background watch at login
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On the host an autostart desktop file ($XDG_CONFIG_HOME/autostart/
 * io.github.drivedash.Drivedash.desktop, Exec=drivedash --background);
 * in the Flatpak, where the host's autostart folder is out of reach, the
 * Background portal's RequestBackground with autostart and the command
 * line.  Turning it off removes the file, or asks the portal for no
 * autostart.
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* The autostart file's path. */
char      *drivedash_autostart_get_path      (void);
/* Writes (atomically) or removes the autostart file.  Removing one that
 * is not there is fine.  Errors are for people. */
gboolean   drivedash_autostart_set_file      (gboolean              enabled,
                                              GError              **error);
/* Asks org.freedesktop.portal.Background; the result says whether the
 * user allowed it (the portal may ask them). */
void       drivedash_autostart_request_portal (GDBusConnection     *session,
                                              gboolean              enabled,
                                              GCancellable         *cancellable,
                                              GAsyncReadyCallback   callback,
                                              gpointer              user_data);
gboolean   drivedash_autostart_request_portal_finish (GAsyncResult *result,
                                                      GError      **error);

/* Applies the setting: writes or removes the file (done when this
 * returns), or, in the Flatpak, asks the portal and waits for its answer.
 * FALSE with an error for people when it could not be applied (refused,
 * no portal, file not written).  The Preferences switch and the Health
 * page's first-run offer both use it; while the portal is asked, a second
 * call for the same value waits for that answer rather than asking again,
 * and turning it off after a refusal asks nothing. */
void       drivedash_autostart_apply_async   (gboolean              enabled,
                                              GCancellable         *cancellable,
                                              GAsyncReadyCallback   callback,
                                              gpointer              user_data);
gboolean   drivedash_autostart_apply_finish  (GAsyncResult         *result,
                                              GError              **error);

/* The Preferences page with the opt-in switch, bound to the
 * "watch-in-background" setting; switching applies it (file or portal). */
AdwPreferencesPage *drivedash_autostart_page_new (GSettings *settings);

G_END_DECLS
