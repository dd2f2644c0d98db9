/* drivedash-health-report.h — a health report made elsewhere: smartctl's
 * text or JSON, nvme-cli's smart-log JSON
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-health.h"

G_BEGIN_DECLS

/* Reads @text (@len bytes, -1: NUL-terminated) as one of:
 * - `smartctl -x` (or -a) text of an NVMe drive, with or without the
 *   banner, any of the log header's forms, "-" for a missing reading;
 * - `smartctl -j -x` JSON;
 * - `nvme smart-log -o json` (temperatures in Kelvin).
 * The health has source "report", the drive's model, firmware and limits
 * where the report gives them, and its verdict; never the serial number.
 * Hostile input gets DRIVEDASH_ERROR_INVALID_ARGUMENT and a plain
 * message, never more than the text's own size in memory. */
DrivedashHealth *drivedash_health_from_report (const char  *text,
                                               gssize       len,
                                               GError     **error);

G_END_DECLS
