/* drivedash-bench-doubts.h — results that can't be the drive's true speed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A benchmark that measures wrong is worse than none, so a result is
 * flagged, its figure kept, when:
 *  - it is more than the drive's PCIe link can carry;
 *  - it is more than 15 % above the maker's rated large-file speed
 *    (drivedash-endurance.h), where the model is known;
 *  - a cache answered it: the device read less than half of what the
 *    test read, the test ran through the page cache (buffered I/O), or
 *    the folder is in memory (tmpfs);
 *  - it read a test file that was not all written (holes, or allocated
 *    extents never written), which the filesystem answers with zeros
 *    from memory.
 * The bounds are read once per run, before the first test.
 */
#pragma once

#include "drivedash-bench-result.h"
#include "drivedash-folder.h"

G_BEGIN_DECLS

/* More than this above the maker's rating is not the drive's. */
#define DRIVEDASH_BENCH_RATING_SLACK 1.15
/* A read of a file with more than this share unwritten is flagged. */
#define DRIVEDASH_BENCH_UNWRITTEN_SHARE 0.01

/* Fills @report's link and rating from the drive behind @folder (NULL:
 * none known; the test hooks may stand in for both). */
void drivedash_bench_report_read_bounds (DrivedashBenchReport      *report,
                                         const DrivedashFolderInfo *folder);

/* Sets @result's doubts and their words against @report's bounds (and
 * the cache judgment drivedash_bench_result_set_device() made). */
void drivedash_bench_result_judge_doubts (DrivedashBenchResult       *result,
                                          const DrivedashBenchReport *report);

/* "above_link", "above_rating", "cache", "unwritten": the JSON names. */
GStrv drivedash_bench_doubts_to_strv     (DrivedashBenchDoubts doubts);

/* What History keeps of a result beyond its figures, as one JSON object:
 * {"doubts": [names], "doubt_words": "…", "device_words": "…",
 * "device": {…as in bench --json}}, each where there is one; NULL when
 * there is nothing to keep. */
char    *drivedash_bench_result_dup_checks_json (const DrivedashBenchResult *result);
/* Reads such an object back (from a history file too: hostile input):
 * the known doubt names and the two texts, each NULL where absent or not
 * text.  FALSE, nothing set, when @json is not such an object. */
gboolean drivedash_bench_checks_parse           (const char                 *json,
                                                 DrivedashBenchDoubts       *doubts,
                                                 char                      **doubt_words,
                                                 char                      **device_words);

G_END_DECLS
