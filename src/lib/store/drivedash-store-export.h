/* drivedash-store-export.h — the history as JSON (export and import),
 * CSV and CrystalDiskMark-style text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The JSON format is documented in docs/history-json.md: an object with
 * "format": "drivedash-history", "version": 1 and "runs": […].
 */
#pragma once

#include "drivedash-store.h"

G_BEGIN_DECLS

#define DRIVEDASH_EXPORT_FORMAT  "drivedash-history"
#define DRIVEDASH_EXPORT_VERSION 1
/* The limits an imported file must keep (docs/history-json.md).  The
 * format nests 6 deep (the document, runs, a run, results, a result,
 * its latencies); 16 leaves room for the settings object. */
#define DRIVEDASH_EXPORT_MAX_DEPTH 16
/* 64 MiB: about 900 runs with their plots.  json-glib needs up to ~15
 * times a file's size in memory, so a larger file is refused unread. */
#define DRIVEDASH_EXPORT_MAX_BYTES (64 * 1024 * 1024)

/* The runs @ids (and the members of any set among them), as the export
 * document.  DRIVEDASH_ERROR_NOT_FOUND for an unknown id,
 * DRIVEDASH_ERROR_INVALID_ARGUMENT when the document would be larger than
 * DRIVEDASH_EXPORT_MAX_BYTES (no import would take it). */
char     *drivedash_store_export_json  (DrivedashStore          *self,
                                        const gint64            *ids,
                                        guint                    n_ids,
                                        GError                 **error);
/* Adds every run of an export document (from any computer) in one
 * transaction, with new ids; sets keep their members.  A document that is
 * not valid adds nothing and gives DRIVEDASH_ERROR_INVALID_ARGUMENT saying
 * what is wrong.  Returns (element-type gint64) the new ids of the runs
 * that are not members of a set. */
GArray   *drivedash_store_import_json  (DrivedashStore          *self,
                                        const char              *data,
                                        gssize                   length,
                                        GError                 **error);

/* drivedash_store_import_json() of a file: one over
 * DRIVEDASH_EXPORT_MAX_BYTES is refused before it is read.  A file that
 * cannot be read gives DRIVEDASH_ERROR_NOT_FOUND. */
GArray   *drivedash_store_import_file  (DrivedashStore          *self,
                                        GFile                   *file,
                                        GCancellable            *cancellable,
                                        GError                 **error);

/* One line per test: test,mode,mb_per_s,iops,latency_mean_us,
 * latency_p50_us,latency_p90_us,latency_p99_us,latency_p999_us,
 * latency_max_us,passes,doubts,doubt_words (passes and doubts separated
 * by ";"). */
char     *drivedash_store_run_to_csv   (const DrivedashStoreRun *run);
/* The CrystalDiskMark-like table of drivedash-cli bench, after a header
 * with the drive, date and game mode. */
char     *drivedash_store_run_to_text  (const DrivedashStoreRun *run);

/* ISO 8601 UTC of a time in µs since the epoch, and back. */
char     *drivedash_store_format_time  (gint64                   usec);
gboolean  drivedash_store_parse_time   (const char              *text,
                                        gint64                  *usec);

G_END_DECLS
