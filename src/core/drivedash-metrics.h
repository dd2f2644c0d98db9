/* drivedash-metrics.h — drive health as Prometheus metrics, for
 * node_exporter's textfile collector
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Names follow Prometheus's rules: base units (celsius, bytes, seconds),
 * "_total" for counters, "_ratio" for 0–1 fractions.  Every sample has a
 * controller label; a value a report does not have is left out (no
 * made-up zeros).  128-bit counters are written as exact decimal
 * integers; Prometheus reads them as float64.
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-health.h"

G_BEGIN_DECLS

/* The file name inside the textfile directory. */
#define DRIVEDASH_METRICS_FILE_NAME "drivedash.prom"

/* The text exposition format for @healths (element-type DrivedashHealth),
 * with HELP and TYPE lines. */
char     *drivedash_metrics_format        (GPtrArray   *healths);

/* Writes @text to DIR/drivedash.prom atomically (a temporary file in DIR,
 * then rename), mode 0644 so that node_exporter's user can read it.  A
 * missing or unwritable DIR gives a plain error and leaves an older file
 * as it was. */
gboolean  drivedash_metrics_write_textfile (const char  *dir,
                                            const char  *text,
                                            GError     **error);

G_END_DECLS
