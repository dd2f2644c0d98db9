/* drivedash-health-writes.h — the Health page's "What Writes to This
 * Drive" group
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-health-model.h"
#include "drivedash-health-writes-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_WRITES (drivedash_health_writes_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthWrites, drivedash_health_writes, DRIVEDASH, HEALTH_WRITES, AdwPreferencesGroup)

/* Properties: "model" (the page's DrivedashHealthModel), "writes" (its
 * own DrivedashHealthWritesModel, read-only), "period" (the buttons'
 * action, bound both ways to the writes model's). */
DrivedashHealthWritesModel *drivedash_health_writes_get_writes   (DrivedashHealthWrites *self);
/* Opens "What Writes to This Drive" over time for the page's drive, over
 * the page's window (the group's "writes.details" action); @app (may be
 * NULL) is shown in full colour, over the month. */
GtkWindow                  *drivedash_health_writes_show_details (DrivedashHealthWrites *self,
                                                                  const char            *app);

G_END_DECLS
