/* drivedash-health-history-model.h — what the background watch recorded
 * about one drive, for the Health page's History group
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Properties: has-history, status (plain words when there is none),
 * projection (the endurance projection).  The series for the plots are
 * read with the getters after "changed".
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-health-trend.h"

G_BEGIN_DECLS

#define DRIVEDASH_HEALTH_HISTORY_DAYS 90

#define DRIVEDASH_TYPE_HEALTH_HISTORY_MODEL (drivedash_health_history_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthHistoryModel, drivedash_health_history_model,
                      DRIVEDASH, HEALTH_HISTORY_MODEL, GObject)

DrivedashHealthHistoryModel *drivedash_health_history_model_new (void);

/* Reads the last DRIVEDASH_HEALTH_HISTORY_DAYS days before @now from the
 * database at @store_path (NULL: the default).  A database that is not
 * there is not created: there is simply no history yet. */
void        drivedash_health_history_model_load          (DrivedashHealthHistoryModel *self,
                                                          const char                  *store_path,
                                                          const DrivedashHealth       *health,
                                                          gint64                       now);
gboolean    drivedash_health_history_model_get_has_history (DrivedashHealthHistoryModel *self);
const char *drivedash_health_history_model_get_status     (DrivedashHealthHistoryModel *self);
const char *drivedash_health_history_model_get_projection (DrivedashHealthHistoryModel *self);
/* (element-type DrivedashTrendHour) */
GArray     *drivedash_health_history_model_get_hours      (DrivedashHealthHistoryModel *self);
/* (element-type DrivedashTrendDay) */
GArray     *drivedash_health_history_model_get_days       (DrivedashHealthHistoryModel *self);
/* (element-type DrivedashSnapshot) the SMART snapshots, for percentage used */
GArray     *drivedash_health_history_model_get_snapshots  (DrivedashHealthHistoryModel *self);
gint64      drivedash_health_history_model_get_now        (DrivedashHealthHistoryModel *self);

G_END_DECLS
