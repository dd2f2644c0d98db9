/* drivedash-report-evidence.h — the evidence report for a warranty claim:
 * what Drivedash knows about a failing drive, as PDF, HTML and JSON
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The drive's identity with its serial number (a claim needs it, so the
 * report keeps it and says so plainly), its health now with the verdict
 * and the reasons for it, the background watch's readings of it, the
 * drive's error log and self-test log, and what the kernel reported
 * about it.  Built from what the caller has read, so the CLI and the
 * app save the same report:
 *
 *   g_autoptr(DrivedashEvidence) evidence =
 *     drivedash_evidence_new (health, history, g_steal_pointer (&events), NULL);
 *   drivedash_evidence_write_async (g_steal_pointer (&evidence), store_path,
 *                                   pdf_path, json_path, NULL,
 *                                   cancellable, on_saved, self);
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-events.h"
#include "drivedash-health.h"
#include "drivedash-store.h"

G_BEGIN_DECLS

typedef struct
{
  DrivedashHealth   *health;      /* best read with DRIVEDASH_HEALTH_READ_FULL */
  GArray            *history;     /* of DrivedashSnapshot, oldest first; never NULL */
  DrivedashEventLog *events;      /* NULL: the kernel's events could not be read */
  char              *events_why;  /* then why, in words; or NULL */
  gint64             made_usec;   /* when the report was made (wall clock) */
} DrivedashEvidence;

/* Takes a reference on @health and a copy of @history (NULL: no
 * readings), and owns @events.  Adds the kernel's serious events to the
 * verdict's reasons (drivedash_health_add_kernel_events()) on its own
 * copy of the verdict, so @health is left as it was. */
DrivedashEvidence *drivedash_evidence_new  (DrivedashHealth   *health,
                                            const GArray      *history,
                                            DrivedashEventLog *events,
                                            const char        *events_why);
void               drivedash_evidence_free (DrivedashEvidence *evidence);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashEvidence, drivedash_evidence_free)

/* The watch's readings of @health's drive from @store, oldest first: an
 * empty array when the watch never saw it; NULL with @error when the
 * database cannot be read. */
GArray  *drivedash_evidence_read_history (DrivedashStore          *store,
                                          const DrivedashHealth   *health,
                                          GError                 **error);

/* The JSON document: {"format": "drivedash-evidence", "version": 1,
 * "made_usec", "serial_included": true, "note", "failing": [ids],
 * "failing_text": [sentences], "drive": {the members of
 * drivedash_health_to_json(), serial included}, "history": [{time,
 * critical_warning, available_spare_percent, …}], "kernel_events":
 * {drivedash_event_log_to_json()} or null, "kernel_events_missing"}.
 * Always valid JSON: numbers that are not finite are null. */
char    *drivedash_evidence_to_json      (const DrivedashEvidence *evidence);

/* Writes the report to each path that is not NULL (at least one), each to
 * a temporary file in its folder, then renamed: a failure never leaves a
 * half-written file nor replaces an earlier one.  All are made before
 * any is written.  Errors are DRIVEDASH_ERROR_* in words for people
 * (NOT_WRITABLE, NO_SPACE, NOT_FOUND for a missing folder). */
gboolean drivedash_evidence_write        (const DrivedashEvidence *evidence,
                                          const char              *pdf_path,
                                          const char              *json_path,
                                          const char              *html_path,
                                          GError                 **error);

/* The same in a GTask thread; takes @evidence.  With @store_path, the
 * thread first reads the watch's readings from that database into the
 * report (drivedash_evidence_read_history(); a database that cannot be
 * read fails the call, in words).  Cancelled before it starts, it writes
 * nothing and gives G_IO_ERROR_CANCELLED. */
void     drivedash_evidence_write_async  (DrivedashEvidence       *evidence,
                                          const char              *store_path,
                                          const char              *pdf_path,
                                          const char              *json_path,
                                          const char              *html_path,
                                          GCancellable            *cancellable,
                                          GAsyncReadyCallback      callback,
                                          gpointer                 user_data);
gboolean drivedash_evidence_write_finish (GAsyncResult            *result,
                                          GError                 **error);

/* The sentence the report and the app say about the serial number. */
const char *drivedash_evidence_serial_note (void);

G_END_DECLS
