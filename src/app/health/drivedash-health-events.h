/* drivedash-health-events.h — the Events group: what the kernel reported
 * about the drive, and the offer to keep it at full power
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-health-section.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_EVENTS (drivedash_health_events_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthEvents, drivedash_health_events, DRIVEDASH, HEALTH_EVENTS, DrivedashHealthSection)

G_END_DECLS
