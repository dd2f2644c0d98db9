/* drivedash-health-history-model.h — what the background watch recorded
 * about one drive, for the Health page's History group
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Properties: has-history, status (plain words when there is none),
 * projection (the endurance projection), range (the span the charts
 * show), loading.  The series for the plots are read with the getters
 * after "changed".
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-health-trend.h"

G_BEGIN_DECLS

/* What is read: the longest range, and a day before it for the first
 * day's writing. */
#define DRIVEDASH_HEALTH_HISTORY_DAYS 366

typedef enum
{
  DRIVEDASH_HISTORY_RANGE_WEEK,  /* hourly temperatures */
  DRIVEDASH_HISTORY_RANGE_MONTH, /* hourly temperatures, 30 days */
  DRIVEDASH_HISTORY_RANGE_YEAR,  /* daily temperatures, 365 days */
} DrivedashHistoryRange;

#define DRIVEDASH_TYPE_HISTORY_RANGE (drivedash_history_range_get_type ())
GType drivedash_history_range_get_type (void) G_GNUC_CONST;

/* The range's length in seconds. */
gint64 drivedash_history_range_seconds (DrivedashHistoryRange range);

#define DRIVEDASH_TYPE_HEALTH_HISTORY_MODEL (drivedash_health_history_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthHistoryModel, drivedash_health_history_model,
                      DRIVEDASH, HEALTH_HISTORY_MODEL, GObject)

DrivedashHealthHistoryModel *drivedash_health_history_model_new (void);

/* Reads the last DRIVEDASH_HEALTH_HISTORY_DAYS days before @now from the
 * database at @store_path (NULL: the default) in a thread.  A database
 * that is not there is not created: there is simply no history yet.
 * The model owns the cancellable: a new load cancels the one before, as
 * does drivedash_health_history_model_cancel().  @health may be NULL (no
 * drive: no history). */
void        drivedash_health_history_model_load_async    (DrivedashHealthHistoryModel *self,
                                                          const char                  *store_path,
                                                          const DrivedashHealth       *health,
                                                          gint64                       now,
                                                          GAsyncReadyCallback          callback,
                                                          gpointer                     user_data);
/* Shows what was read (or the error in plain words, also in @error).
 * A cancelled load changes nothing and gives G_IO_ERROR_CANCELLED. */
gboolean    drivedash_health_history_model_load_finish   (DrivedashHealthHistoryModel *self,
                                                          GAsyncResult                *result,
                                                          GError                     **error);
void        drivedash_health_history_model_cancel        (DrivedashHealthHistoryModel *self);

DrivedashHistoryRange drivedash_health_history_model_get_range (DrivedashHealthHistoryModel *self);
void        drivedash_health_history_model_set_range      (DrivedashHealthHistoryModel *self,
                                                           DrivedashHistoryRange        range);
gboolean    drivedash_health_history_model_get_loading    (DrivedashHealthHistoryModel *self);
gboolean    drivedash_health_history_model_get_has_history (DrivedashHealthHistoryModel *self);
const char *drivedash_health_history_model_get_status     (DrivedashHealthHistoryModel *self);
const char *drivedash_health_history_model_get_projection (DrivedashHealthHistoryModel *self);
/* The range's series.  (element-type DrivedashTrendHour) the lowest, mean
 * and highest temperature of each hour, or of each day for a year */
GArray     *drivedash_health_history_model_get_temperatures (DrivedashHealthHistoryModel *self);
/* (element-type DrivedashTrendDay) data written each finished day */
GArray     *drivedash_health_history_model_get_days       (DrivedashHealthHistoryModel *self);
/* (element-type DrivedashSnapshot) the SMART snapshots, for percentage used */
GArray     *drivedash_health_history_model_get_snapshots  (DrivedashHealthHistoryModel *self);
gint64      drivedash_health_history_model_get_now        (DrivedashHealthHistoryModel *self);

G_END_DECLS
