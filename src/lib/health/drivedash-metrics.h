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

#include "drivedash-events.h"
#include "drivedash-health.h"

G_BEGIN_DECLS

/* The usual file name inside the textfile directory. */
#define DRIVEDASH_METRICS_FILE_NAME "drivedash.prom"

/* The text exposition format for @healths (element-type DrivedashHealth),
 * with HELP and TYPE lines. */
char     *drivedash_metrics_format        (GPtrArray   *healths);
/* The same, and drivedash_kernel_events_total{controller,kind}: the
 * kernel events of each drive over the boots the journal holds, every
 * kind (0 included) for the drives whose events could be read.  events
 * (element-type DrivedashEventLog) runs parallel to healths; an entry
 * (or events itself) NULL where they could not be read, which leaves
 * that drive out of the family rather than claiming zero. */
char     *drivedash_metrics_format_with_events (GPtrArray *healths,
                                                GPtrArray *events);

/* Appends drivedash_app_bytes_written_total{controller,app}: what each
 * app wrote to each drive as the background watch kept it (n rows of
 * @controllers, @apps and @bytes, parallel); nothing when n is 0. */
void      drivedash_metrics_append_app_writes (GString            *out,
                                               const char *const  *controllers,
                                               const char *const  *apps,
                                               const guint64      *bytes,
                                               guint               n);
/* Writes @text to @path atomically: a temporary file in the same folder,
 * synced, then renamed over @path, mode 0644 so that node_exporter's user
 * can read it.  A missing or unwritable folder gives a plain error,
 * leaves an older file as it was and no temporary file behind. */
gboolean  drivedash_metrics_write_file    (const char  *path,
                                           const char  *text,
                                           GError     **error);

G_END_DECLS
