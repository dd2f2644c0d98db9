/* drivedash-report-build-private.h — what the parts of the report's
 * builder share while they write one document
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-compare-long.h"
#include "drivedash-report-private.h"
#include "drivedash-review-state.h"

G_BEGIN_DECLS

/* A drive of the report: the runs of one model and serial. */
typedef struct
{
  DrivedashStoreRun *first;     /* its first run in the report */
  char              *name;      /* the model; numbered when two drives share it */
  GPtrArray         *firmware;  /* of char *: each version seen, once */
} DrivedashReportDrive;

typedef struct
{
  DrivedashStore               *store;
  const DrivedashReportOptions *options;
  /* The section being written: its runs (one kind of test, at most six)
   * in the caller's order, their labels and series. */
  GPtrArray                    *runs;          /* of DrivedashStoreRun */
  GPtrArray                    *labels;        /* of char *: the run's name, or "A", "B"… */
  GPtrArray                    *cannot_judge;  /* of char *: one sentence each */
  GPtrArray                    *drives;        /* connected drives, only to show serials */
  GPtrArray                    *series;        /* of GArray of DrivedashBenchSample, or NULL, per run */
  gboolean                      different_drives;
  /* Every drive of the whole report, once: the one drive table. */
  GPtrArray                    *all_drives;    /* of DrivedashReportDrive */
  DrivedashReportDocument      *doc;
  /* A full review's record (its steps' figures), or NULL. */
  const DrivedashReviewState   *review;
} ReportBuild;

/* drivedash-report-build.c: the name of a section ("Speed tests",
 * "Consistency"). */
const char *drivedash_report_section_name  (DrivedashRunKind  kind);
/* drivedash-report-drives.c: the drives of @runs (every run the report
 * shows), each once; the one table of them; a run's drive by its name;
 * the section's runs with their date, drive and temperature. */
void        drivedash_report_find_drives   (ReportBuild             *rb,
                                            GPtrArray               *runs);
void        drivedash_report_add_drives    (ReportBuild             *rb);
const char *drivedash_report_drive_name    (ReportBuild             *rb,
                                            const DrivedashStoreRun *run);
void        drivedash_report_add_runs      (ReportBuild             *rb);
/* "2026-12-02 00:40", local time. */
char       *drivedash_report_format_time   (gint64                   usec);
/* drivedash-report-health.c */
void drivedash_report_add_health   (ReportBuild *rb);
/* drivedash-report-results.c */
/* A speed test in plain words ("Reading large files, 8 at a time"); an
 * unknown test by its own name. */
char *drivedash_report_test_words  (const char  *test,
                                    const char  *mode);
/* The appendix: every speed test of @runs with its code, and the terms. */
void drivedash_report_add_terms    (ReportBuild *rb,
                                    GPtrArray   *runs);
void drivedash_report_add_method   (ReportBuild *rb);
void drivedash_report_add_results  (ReportBuild *rb);
void drivedash_report_add_verdicts (ReportBuild *rb);
/* The published figures beside the tests that match, when asked for. */
void drivedash_report_add_references (ReportBuild *rb);
/* The same beside a full review's long test of @kind (Consistency,
 * Adaptivity): the review's own figures, then the magazine's. */
void drivedash_report_add_long_references (ReportBuild      *rb,
                                           DrivedashRunKind  kind);
/* drivedash-report-long.c: a long test's method, results and verdicts,
 * its runs compared as History compares them (drivedash-compare-long.c). */
void       drivedash_report_add_long          (ReportBuild                *rb);
/* The runs of @runs (one long test) that have results to show, the
 * others named in what could not be judged. */
GPtrArray *drivedash_report_long_readable     (ReportBuild                *rb,
                                               GPtrArray                  *runs);
/* drivedash-report-long-results.c: its plots and tables. */
void       drivedash_report_add_long_results  (ReportBuild                *rb,
                                               const DrivedashCompareLong *cmp);

G_END_DECLS
