/* drivedash-health-report-window.h — a health report from a file, in a
 * window of its own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-file-chooser.h"
#include "drivedash-health-report-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_REPORT_WINDOW (drivedash_health_report_window_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthReportWindow, drivedash_health_report_window, DRIVEDASH,
                      HEALTH_REPORT_WINDOW, AdwWindow)

/* A window of @application that reads @file and shows it.  Its Open
 * button asks for another file (report.open). */
DrivedashHealthReportWindow *drivedash_health_report_window_new       (GtkApplication              *application,
                                                                       GFile                       *file);
/* The same for nvme-cli's two files of one drive, or one report. */
DrivedashHealthReportWindow *drivedash_health_report_window_new_for_files (GtkApplication          *application,
                                                                           GFile                  **files,
                                                                           guint                    n_files);
DrivedashHealthReportModel  *drivedash_health_report_window_get_model (DrivedashHealthReportWindow *self);
/* A drop target for report files (one file, or a file list from a file
 * manager), and the files a drop of it gave: NULL when none. */
GtkDropTarget               *drivedash_health_report_drop_target_new  (void);
GPtrArray                   *drivedash_health_report_dropped_files    (const GValue                *value);

/* Asks for a report file over @parent's window ("Open a Health Report"):
 * @callback runs while @owner is alive, with NULL when cancelled. */
void                         drivedash_health_report_choose           (GtkWidget                   *parent,
                                                                       GObject                     *owner,
                                                                       DrivedashFileChosenFunc      callback);

G_END_DECLS
