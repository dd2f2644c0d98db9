/* drivedash-health-report-model.h — a health report made elsewhere
 * (smartctl, nvme-cli), read from a file and shown like a drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view-model of the Health Report window: it reads the file in a
 * worker (one cancellable per file asked for), and shows the report
 * through a DrivedashHealthModel of its own, so the verdict, the
 * reasons and the plain-words table are the Health page's own.
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-health-model.h"

G_BEGIN_DECLS

/* What the window shows: the pages of its stack. */
typedef enum
{
  DRIVEDASH_HEALTH_REPORT_LOADING,
  DRIVEDASH_HEALTH_REPORT_SHOWN,
  DRIVEDASH_HEALTH_REPORT_FAILED,
} DrivedashHealthReportState;

#define DRIVEDASH_TYPE_HEALTH_REPORT_STATE (drivedash_health_report_state_get_type ())
GType drivedash_health_report_state_get_type (void) G_GNUC_CONST;

#define DRIVEDASH_TYPE_HEALTH_REPORT_MODEL (drivedash_health_report_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthReportModel, drivedash_health_report_model, DRIVEDASH, HEALTH_REPORT_MODEL,
                      GObject)

DrivedashHealthReportModel *drivedash_health_report_model_new       (void);
/* Reads @file (a report of up to 4 MiB); what was shown stays until the
 * new one is read or refused.  Opening another cancels this one. */
void                        drivedash_health_report_model_open      (DrivedashHealthReportModel *self,
                                                                     GFile                      *file);
/* The same for nvme-cli's two files of one drive (smart-log and id-ctrl
 * JSON), or any one report. */
void                        drivedash_health_report_model_open_files (DrivedashHealthReportModel *self,
                                                                      GFile                     **files,
                                                                      guint                       n_files);
DrivedashHealthReportState  drivedash_health_report_model_get_state (DrivedashHealthReportModel *self);
/* The file's name ("a.json + b.json" for two), for the window's title. */
const char                 *drivedash_health_report_model_get_file_name (DrivedashHealthReportModel *self);
/* "From a report, not a drive of this computer. Made on 5 June 2024." */
const char                 *drivedash_health_report_model_get_origin (DrivedashHealthReportModel *self);
/* Why the file was refused, in plain words; NULL unless FAILED. */
const char                 *drivedash_health_report_model_get_error (DrivedashHealthReportModel *self);
/* The report's values, verdict and table; NULL until one is shown. */
DrivedashHealthModel       *drivedash_health_report_model_get_health_model (DrivedashHealthReportModel *self);

G_END_DECLS
