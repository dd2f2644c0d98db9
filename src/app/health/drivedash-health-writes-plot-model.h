/* drivedash-health-writes-plot-model.h — "What Writes to This Drive" over
 * time: what the period's top apps wrote each hour or day, and the
 * drive's own total, for the details window's stacked plot
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-health.h"
#include "drivedash-health-writes-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_WRITES_PLOT_MODEL (drivedash_health_writes_plot_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthWritesPlotModel, drivedash_health_writes_plot_model,
                      DRIVEDASH, HEALTH_WRITES_PLOT_MODEL, GObject)

/* Properties: "period" (DrivedashWritesPeriod, read-write: the day in
 * hours, the week and the month in local days), "highlight" (an app as
 * the watch keeps it, read-write: named even outside the top apps, and
 * said in the words), "drive-name", "summary" (what the bars and the line
 * are, in words) and "has-writes".  The bars are read with the getters
 * after "changed". */
DrivedashHealthWritesPlotModel *drivedash_health_writes_plot_model_new (void);
/* Reads, in a worker, the month the history keeps for @health's drive
 * (NULL: none) from the database at @store_path (NULL: the default);
 * a new call cancels the one before.  The same drive is read again only
 * after a minute. */
void        drivedash_health_writes_plot_model_load        (DrivedashHealthWritesPlotModel *self,
                                                            const char                     *store_path,
                                                            const DrivedashHealth          *health);
DrivedashWritesPeriod drivedash_health_writes_plot_model_get_period (DrivedashHealthWritesPlotModel *self);
const char *drivedash_health_writes_plot_model_get_summary (DrivedashHealthWritesPlotModel *self);
gboolean    drivedash_health_writes_plot_model_get_has_writes (DrivedashHealthWritesPlotModel *self);

/* The stacked parts, bottom first: the period's top apps as the writes
 * group lists them, then "Others" where there are more.  Labels are the
 * names people see; apps are as kept (NULL for "Others"). */
guint       drivedash_health_writes_plot_model_get_n_parts   (DrivedashHealthWritesPlotModel *self);
const char *drivedash_health_writes_plot_model_get_label     (DrivedashHealthWritesPlotModel *self,
                                                              guint                           part);
const char *drivedash_health_writes_plot_model_get_app       (DrivedashHealthWritesPlotModel *self,
                                                              guint                           part);
/* The highlighted part; G_MAXUINT when none. */
guint       drivedash_health_writes_plot_model_get_highlight_part (DrivedashHealthWritesPlotModel *self);
/* The bars: each starts at a whole hour or a local midnight and is
 * get_bar_span() long at most (a local day can be 23 or 25 hours). */
guint       drivedash_health_writes_plot_model_get_n_bars    (DrivedashHealthWritesPlotModel *self);
gint64      drivedash_health_writes_plot_model_get_bar_time  (DrivedashHealthWritesPlotModel *self,
                                                              guint                           bar);
gint64      drivedash_health_writes_plot_model_get_bar_span  (DrivedashHealthWritesPlotModel *self);
guint64     drivedash_health_writes_plot_model_get_bytes     (DrivedashHealthWritesPlotModel *self,
                                                              guint                           bar,
                                                              guint                           part);
/* What the drive itself wrote in the bar's time; -1: not known. */
gint64      drivedash_health_writes_plot_model_get_drive_bytes (DrivedashHealthWritesPlotModel *self,
                                                                guint                           bar);
/* The period's start and end, in seconds since the epoch. */
void        drivedash_health_writes_plot_model_get_range     (DrivedashHealthWritesPlotModel *self,
                                                              gint64                         *since,
                                                              gint64                         *until);

G_END_DECLS
