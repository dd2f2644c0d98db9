/* drivedash-application.h
 *
 * Copyright 2026 The Drivedash developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "drivedash-background.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_APPLICATION (drivedash_application_get_type ())

G_DECLARE_FINAL_TYPE (DrivedashApplication, drivedash_application, DRIVEDASH, APPLICATION, AdwApplication)

DrivedashApplication *drivedash_application_new          (void);
GSettings            *drivedash_application_get_settings (DrivedashApplication *self);
/* The background watch of this process. */
DrivedashBackground  *drivedash_application_get_background (DrivedashApplication *self);

G_END_DECLS
