/* drivedash-health-details.h — the Health page's Details: the full health
 * report, power states, error log, self-test and identity
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-health-section.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_DETAILS (drivedash_health_details_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthDetails, drivedash_health_details, DRIVEDASH, HEALTH_DETAILS, DrivedashHealthSection)

G_END_DECLS
