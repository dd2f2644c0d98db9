/* drivedash-screenshot.h
 *
 * Copyright 2026 The Drivedash developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

gboolean drivedash_screenshot_save        (GtkWidget             *widget,
                                           const char            *path,
                                           GError               **error);
/* An AdwApplicationWindow or an AdwWindow, as a desktop shows it. */
gboolean drivedash_screenshot_save_window (GtkWindow             *window,
                                           const char            *path,
                                           GError               **error);
void     drivedash_screenshot_schedule    (AdwApplicationWindow  *window,
                                           const char            *path);

G_END_DECLS
