/* drivedash-report.h — a report of stored runs to keep and share: a
 * multi-page PDF and the same content as one HTML page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs from the history of any kind, speed tests and long tests
 * together: the drive of each (model, firmware, capacity, serial hidden
 * unless asked), its health at the start and at the end where the
 * background watch kept readings, and one section per kind of test (all
 * speed tests together, then each long test), each a comparison of its
 * runs: the method, the tables and plots History shows, the verdicts of
 * drivedash-compare.c or drivedash-compare-long.c in plain words; and
 * what Drivedash could not judge and why.  A report of one kind of test
 * reads as that kind's comparison alone.
 *
 * For the app's History page, one call:
 *
 *   DrivedashReportOptions options = DRIVEDASH_REPORT_OPTIONS_INIT;
 *   drivedash_report_write_async (db_path, ids, n_ids, &options,
 *                                 pdf_path, html_path, cancellable,
 *                                 on_report_written, self);
 *   ...
 *   if (!drivedash_report_write_finish (result, &error))
 *     show a toast with error->message (plain words, ready to show)
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-store.h"

G_BEGIN_DECLS

typedef struct
{
  /* Shared reports hide the serial number (as CrystalDiskInfo does).
   * The history keeps only a salted hash of it, so a shown serial is
   * read from the drive when it is connected now. */
  gboolean    show_serial;
  /* NULL: "Drivedash speed report", "Drivedash Consistency report", or
   * for several kinds of test "Drivedash drive report". */
  const char *title;
  /* Where to look for connected drives when showing serials; NULL: /sys. */
  const char *sysfs_root;
  /* Under the speed tests, the published review's figures for the tests
   * that match (drivedash-reference.h), labelled as measured on another
   * PC: on for a full review's report. */
  gboolean    show_reference;
} DrivedashReportOptions;

#define DRIVEDASH_REPORT_OPTIONS_INIT { FALSE, NULL, NULL, FALSE }

/* Writes the report of runs @ids (1 to 30, of any kind; the first of each
 * kind the baseline of its comparison; of a kind, the first six are
 * compared and the rest named as left out) to @pdf_path and/or
 * @html_path (either may be NULL, not both).  Each file is written to a temporary file in its folder and
 * renamed, so a failure never leaves a half-written report and never
 * replaces an earlier one.  Both are made before either is written.
 * Blocking; the errors are DRIVEDASH_ERROR_* for people: an unknown run
 * (NOT_FOUND), too many or no runs, or only long-test runs without
 * stored results (INVALID_ARGUMENT), a folder that
 * cannot be written (NOT_WRITABLE), a full disk (NO_SPACE). */
gboolean drivedash_report_write        (DrivedashStore               *store,
                                        const gint64                 *ids,
                                        guint                         n_ids,
                                        const DrivedashReportOptions *options,
                                        const char                   *pdf_path,
                                        const char                   *html_path,
                                        GError                      **error);

/* The same in a GTask thread, which opens the database at @db_path
 * (NULL: the history's default) itself: the caller's thread reads no
 * disk, and may keep using its own DrivedashStore meanwhile.  @ids, @options
 * and the paths are copied.  @cancellable is checked before the work
 * starts (a report of six runs takes well under a second); cancelled, it
 * gives G_IO_ERROR_CANCELLED and writes nothing. */
void     drivedash_report_write_async  (const char                   *db_path,
                                        const gint64                 *ids,
                                        guint                         n_ids,
                                        const DrivedashReportOptions *options,
                                        const char                   *pdf_path,
                                        const char                   *html_path,
                                        GCancellable                 *cancellable,
                                        GAsyncReadyCallback           callback,
                                        gpointer                      user_data);
gboolean drivedash_report_write_finish (GAsyncResult                 *result,
                                        GError                      **error);

/* The HTML page saved beside a PDF of the same name: "a.pdf" gives
 * "a.html", "a" gives "a.html".  Free with g_free(). */
char    *drivedash_report_dup_html_path (const char                  *pdf_path);

G_END_DECLS
