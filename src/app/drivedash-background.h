/* drivedash-background.h — `drivedash --background`: the same application
 * with no window, watching the drives' health and telling the user
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The hooks DrivedashApplication calls, one line each. */
void     drivedash_background_add_option     (GApplication *app);
/* From handle-local-options: TRUE when this process should exit at once
 * (a Drivedash is already running: it gets the request). */
gboolean drivedash_background_handle_options (GApplication *app,
                                              GVariantDict *options);
/* From startup: the notifications' actions (app.show-drive,
 * app.mute-drive). */
void     drivedash_background_add_actions    (GApplication *app);
/* From activate: TRUE when this activation started the background watch
 * and no window must open. */
gboolean drivedash_background_activate       (GApplication *app);

G_END_DECLS
