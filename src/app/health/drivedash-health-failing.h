/* drivedash-health-failing.h — the failing-drive steps, first on the
 * Health page when the drive is failing: save your files, confirm with
 * the extended self-test, keep evidence for a warranty claim
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-health-failing-model.h"
#include "drivedash-health-section.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_FAILING (drivedash_health_failing_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthFailing, drivedash_health_failing, DRIVEDASH, HEALTH_FAILING, DrivedashHealthSection)

/* The section's own view-model (its "failing-model" property). */
DrivedashHealthFailingModel *drivedash_health_failing_get_failing_model (DrivedashHealthFailing *self);

G_END_DECLS
