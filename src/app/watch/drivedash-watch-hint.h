/* drivedash-watch-hint.h — the first-run offer to watch drives in the
 * background, as a view-model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "watching" and "dismissed" are bound to the settings
 * watch-in-background (the Preferences switch) and watch-hint-dismissed;
 * "visible" is neither.  "busy" is TRUE while the Background portal is
 * asked; "message" is the last failure to turn the watch on (NULL if
 * none).  The Health page's banner binds to it.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_WATCH_HINT (drivedash_watch_hint_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashWatchHint, drivedash_watch_hint, DRIVEDASH, WATCH_HINT, GObject)

DrivedashWatchHint *drivedash_watch_hint_new         (GSettings          *settings);
gboolean            drivedash_watch_hint_get_visible (DrivedashWatchHint *self);
/* "Turn On": sets the setting and applies it (autostart file, or the
 * Background portal, whose answer it waits for with "busy" TRUE).  When
 * it could not be applied (refused, no portal, file not written) the
 * setting goes back off and "message" says why, for people. */
void                drivedash_watch_hint_turn_on     (DrivedashWatchHint *self);
gboolean            drivedash_watch_hint_get_busy    (DrivedashWatchHint *self);
const char         *drivedash_watch_hint_get_message (DrivedashWatchHint *self);
/* "Not Now": never offered again. */
void                drivedash_watch_hint_dismiss     (DrivedashWatchHint *self);

G_END_DECLS
