/* drivedash-health-report.h — a health report made elsewhere: smartctl's
 * text or JSON, nvme-cli's smart-log JSON
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-health.h"

G_BEGIN_DECLS

/* Reads @text (@len bytes, -1: NUL-terminated) as one of:
 * - `smartctl -x` (or -a) text of an NVMe drive, with or without the
 *   banner, any of the log header's forms, "-" for a missing reading;
 * - `smartctl -j -x` JSON;
 * - `nvme smart-log -o json` (temperatures in Kelvin), alone or with the
 *   same drive's `nvme id-ctrl -o json` after or before it (the model,
 *   firmware and limits); an id-ctrl alone is refused with that advice.
 * The health has source "report", the drive's model, firmware and limits
 * where the report gives them, and its verdict; never the serial number.
 * Hostile input gets DRIVEDASH_ERROR_INVALID_ARGUMENT and a plain
 * message, never more than the text's own size in memory. */
DrivedashHealth *drivedash_health_from_report (const char  *text,
                                               gssize       len,
                                               GError     **error);

/* The same, and when the report says it was made (smartctl's "Local
 * Time is", or local_time in its JSON; nvme-cli's JSON says nothing):
 * the wall clock as written, in a GDateTime's UTC fields; *made stays
 * NULL where the report has no date. */
DrivedashHealth *drivedash_health_from_report_dated (const char  *text,
                                                     gssize       len,
                                                     GDateTime  **made,
                                                     GError     **error);
/* Reads @files (one report, or nvme-cli's smart-log and id-ctrl JSON of
 * one drive, in either order) as above.  A folder, a file over 4 MiB
 * (refused before it is read), a file that cannot be read, more than two
 * files or two that are not both JSON give DRIVEDASH_ERROR and a plain
 * message; a cancelled read gives G_IO_ERROR_CANCELLED.  Blocking: call
 * it in a worker from a main loop. */
DrivedashHealth *drivedash_health_read_report_files (GFile        **files,
                                                     guint          n_files,
                                                     GDateTime    **made,
                                                     GCancellable  *cancellable,
                                                     GError       **error);
/* "31 August 2022", in the user's language. */
char            *drivedash_health_report_format_date (GDateTime  *made);

G_END_DECLS
