/* drivedash-cli-health-life.h — how long each drive lasts at its usual
 * writing, from the background watch's history, as the Health page says
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-health.h"
#include "drivedash-health-trend.h"

G_BEGIN_DECLS

/* (element-type GArray) One per @healths: the watch's readings of the
 * drive (DrivedashSnapshot, oldest first) over the last 90 days before
 * @now (Unix seconds), empty where there are none.  A history that does
 * not exist is not made; one that cannot be read is said on stderr and
 * counts as none. */
GPtrArray *drivedash_cli_health_readings   (GPtrArray     *healths,
                                            gint64         now);
/* (element-type DrivedashProjection) One per @healths, from @readings
 * (drivedash_cli_health_readings()): NO_DATA where there are none. */
GArray *drivedash_cli_health_life         (GPtrArray     *healths,
                                           GPtrArray     *readings,
                                           gint64         now);
/* {"drives": [...]} as drivedash_health_list_to_json(), each drive with
 * "life_left_estimate" (drivedash_projection_to_json()) added. */
char   *drivedash_cli_health_life_to_json (GPtrArray     *healths,
                                           GArray        *life);

G_END_DECLS
