/* drivedash-preferences-window.h
 *
 * Copyright 2026 The Drivedash developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_PREFERENCES_WINDOW (drivedash_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (DrivedashPreferencesWindow, drivedash_preferences_window, DRIVEDASH, PREFERENCES_WINDOW, AdwPreferencesWindow)

DrivedashPreferencesWindow *drivedash_preferences_window_new (GSettings *settings);

G_END_DECLS
