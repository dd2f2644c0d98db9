/* drivedash-window.h
 *
 * Copyright 2026 The Drivedash developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_WINDOW (drivedash_window_get_type ())

G_DECLARE_FINAL_TYPE (DrivedashWindow, drivedash_window, DRIVEDASH, WINDOW, AdwApplicationWindow)

DrivedashWindow *drivedash_window_new              (GtkApplication  *application);
const char      *drivedash_window_get_visible_page (DrivedashWindow *self);
void             drivedash_window_set_visible_page (DrivedashWindow *self,
                                                    const char      *name);
/* The Health page, on the drive @controller ("nvme0") as soon as it
 * lists it: what a notification's "Show Details" opens. */
void             drivedash_window_show_drive       (DrivedashWindow *self,
                                                    const char      *controller);
/* The same, with what @app (may be NULL) wrote to that drive over time
 * in its window: an app's writes notification's "Show Details". */
void             drivedash_window_show_app_writes  (DrivedashWindow *self,
                                                    const char      *controller,
                                                    const char      *app);
void             drivedash_window_stop_and_close   (DrivedashWindow *self);

G_END_DECLS
