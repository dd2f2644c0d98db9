/* drivedash-background.h — `drivedash --background`: the same application
 * with no window, watching the drives' health and telling the user
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-watch.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_BACKGROUND (drivedash_background_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashBackground, drivedash_background, DRIVEDASH, BACKGROUND, GObject)

/* The application owns it; it adds --background to @app's options.  It
 * knows no window: a notification's "Show Details" activates
 * app.show-drive (the controller, "s"), or for an app's writes
 * app.show-app-writes (the controller and the app, "(ss)"), which the
 * application installs.
 *
 * Property "watch" (DrivedashWatch, read-only): the watch running in
 * this process, or NULL.  Notified when one starts, before its first
 * reading, and when it stops. */
DrivedashBackground *drivedash_background_new             (GApplication        *app);
/* From handle-local-options: TRUE when this process should exit at once
 * (a Drivedash is already running: it gets the request). */
gboolean             drivedash_background_handle_options  (DrivedashBackground *self,
                                                           GVariantDict        *options);
/* From startup: app.mute-drive (a notification's "Don't Warn Again"), app.mute-app
 * ("Don't Warn About This App", (controller, app)) and
 * app.watch (what a second --background asks). */
void                 drivedash_background_add_actions     (DrivedashBackground *self);
/* From activate: TRUE when this activation started the background watch
 * and no window must open. */
gboolean             drivedash_background_activate        (DrivedashBackground *self);

/* From startup: the watch runs while "watch-in-background" is on,
 * wherever it is changed. */
void                 drivedash_background_follow_setting  (DrivedashBackground *self,
                                                           GSettings           *settings);
/* The watch in this process; it holds the application while it runs. */
DrivedashWatch      *drivedash_background_get_watch       (DrivedashBackground *self);
gboolean             drivedash_background_is_watching     (DrivedashBackground *self);
void                 drivedash_background_start_watch     (DrivedashBackground *self);
void                 drivedash_background_stop_watch      (DrivedashBackground *self);
/* Below the Watch page's switches: what Quit and closing the window do
 * while watching. */
AdwPreferencesGroup *drivedash_background_preferences_group_new (void);

G_END_DECLS
