/* drivedash-health-verdict.h — the Health page's verdict card
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "drivedash-health-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_VERDICT (drivedash_health_verdict_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthVerdict, drivedash_health_verdict, DRIVEDASH, HEALTH_VERDICT, GtkBox)

G_END_DECLS
