/* drivedash-health-writes-model.h — "What Writes to This Drive": what the
 * background watch kept of each app's writes to the chosen drive, beside
 * the drive's own total for the same time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-health.h"

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_WRITES_PERIOD_DAY,
  DRIVEDASH_WRITES_PERIOD_WEEK,
  DRIVEDASH_WRITES_PERIOD_MONTH,
} DrivedashWritesPeriod;

#define DRIVEDASH_TYPE_WRITES_PERIOD (drivedash_writes_period_get_type ())
GType drivedash_writes_period_get_type (void) G_GNUC_CONST;
/* The period's length in seconds, counted back from now. */
gint64 drivedash_writes_period_seconds (DrivedashWritesPeriod period);

/* At most this many apps are named; the rest are "Others". */
#define DRIVEDASH_HEALTH_WRITES_TOP 5

#define DRIVEDASH_TYPE_HEALTH_WRITES_MODEL (drivedash_health_writes_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthWritesModel, drivedash_health_writes_model,
                      DRIVEDASH, HEALTH_WRITES_MODEL, GObject)

/* Properties: "period" (DrivedashWritesPeriod, read-write), "items" (a
 * GListModel of DrivedashHealthWriteItem, the period's apps most first,
 * then "Others"), "summary" (the drive's own total, the apps' and the
 * gap not attributed, in words) and "has-writes" (the watch kept some). */
DrivedashHealthWritesModel *drivedash_health_writes_model_new        (void);
/* Reads, in a worker, what the history keeps for @health's drive (NULL:
 * none); at most once a minute for the same drive. */
void                        drivedash_health_writes_model_set_health (DrivedashHealthWritesModel *self,
                                                                      const DrivedashHealth      *health);
GListModel                 *drivedash_health_writes_model_get_items  (DrivedashHealthWritesModel *self);
const char                 *drivedash_health_writes_model_get_summary (DrivedashHealthWritesModel *self);
gboolean                    drivedash_health_writes_model_get_has_writes (DrivedashHealthWritesModel *self);

G_END_DECLS
