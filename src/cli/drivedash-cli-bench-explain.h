/* drivedash-cli-bench-explain.h — the plain-words parts of `drivedash-cli
 * bench`: which drive, how long, what the tests mean, the verdict
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "drivedash-bench.h"
#include "drivedash-folder.h"

G_BEGIN_DECLS

/* The presets with their plain names, for --help and --list-presets. */
char *drivedash_cli_bench_describe_presets (void);

/* Before a run (text mode): the folder and its drive, the tests and the
 * estimated time.  @preset is NULL for --test runs. */
void  drivedash_cli_bench_print_header     (const DrivedashFolderInfo    *folder,
                                            const DrivedashBenchPreset   *preset,
                                            const DrivedashBenchSettings *settings,
                                            guint                         n_tests);

/* After the report (text mode): the tests in plain words, what the drive
 * saw of each (drivedash_bench_result_dup_device_words()), the verdict,
 * and a warning when the folder is in memory. */
void  drivedash_cli_bench_print_footer     (const DrivedashFolderInfo    *folder,
                                            const DrivedashBenchReport   *report);

/* New members for --json: settings.in_memory, settings.drive (the model,
 * or null), settings.block_device and settings.disk (when known),
 * estimate_s, verdict{level, headline, how, link}, results[].title. */
void  drivedash_cli_bench_add_json         (JsonObject                   *root,
                                            const DrivedashFolderInfo    *folder,
                                            const DrivedashBenchReport   *report,
                                            guint                         n_tests);

G_END_DECLS
