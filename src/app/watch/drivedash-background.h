/* drivedash-background.h — `drivedash --background`: the same application
 * with no window, watching the drives' health and telling the user
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* The hooks DrivedashApplication calls, one line each. */
void     drivedash_background_add_option     (GApplication *app);
/* From handle-local-options: TRUE when this process should exit at once
 * (a Drivedash is already running: it gets the request). */
gboolean drivedash_background_handle_options (GApplication *app,
                                              GVariantDict *options);
/* From startup: the notifications' actions (app.show-drive,
 * app.mute-drive) and app.watch (what a second --background asks). */
void     drivedash_background_add_actions    (GApplication *app);
/* From activate: TRUE when this activation started the background watch
 * and no window must open. */
gboolean drivedash_background_activate       (GApplication *app);

/* From startup: the watch runs while "watch-in-background" is on,
 * wherever it is changed. */
void     drivedash_background_follow_setting (GApplication *app,
                                              GSettings    *settings);
/* The watch in this process; it holds the application while it runs. */
gboolean drivedash_background_is_watching    (GApplication *app);
void     drivedash_background_start_watch    (GApplication *app);
void     drivedash_background_stop_watch     (GApplication *app);
/* Below the Watch page's switches: what Quit and closing the window do
 * while watching. */
AdwPreferencesGroup *drivedash_background_preferences_group_new (void);

G_END_DECLS
