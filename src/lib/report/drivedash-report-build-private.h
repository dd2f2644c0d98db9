/* drivedash-report-build-private.h — what the parts of the report's
 * builder share while they write one document
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-report-private.h"

G_BEGIN_DECLS

typedef struct
{
  DrivedashStore               *store;
  const DrivedashReportOptions *options;
  GPtrArray                    *runs;          /* of DrivedashStoreRun, in the caller's order */
  GPtrArray                    *labels;        /* of char *: the run's name, or "A", "B"… */
  GPtrArray                    *cannot_judge;  /* of char *: one sentence each */
  GPtrArray                    *drives;        /* connected drives, only to show serials */
  GPtrArray                    *series;        /* of GArray of DrivedashBenchSample, or NULL, per run */
  gboolean                      different_drives;
  DrivedashReportDocument      *doc;
} ReportBuild;

/* drivedash-report-health.c */
void drivedash_report_add_health   (ReportBuild *rb);
/* drivedash-report-results.c */
void drivedash_report_add_method   (ReportBuild *rb);
void drivedash_report_add_results  (ReportBuild *rb);
void drivedash_report_add_verdicts (ReportBuild *rb);

G_END_DECLS
