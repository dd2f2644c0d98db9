/* drivedash-bench-words.h — benchmark terms in plain words, for people who
 * have never seen CrystalDiskMark
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "drivedash-bench-result.h"
#include "drivedash-bench-spec.h"

G_BEGIN_DECLS

/* "Large files, one at a time (SEQ1M Q1T1)", "Small random reads,
 * everyday (RND4K Q1T1)": what the test does, then its short name. */
char       *drivedash_bench_spec_dup_title   (const DrivedashBenchSpec *spec);
/* The title without the short name: "Large files, one at a time". */
char       *drivedash_bench_spec_dup_plain   (const DrivedashBenchSpec *spec);
/* Without codes, for a report's readers, with the mode and how many
 * requests wait at once: "Reading large files, 32 at a time", "Small
 * random writes, 1 at a time".  Tests of a preset never share one. */
char       *drivedash_bench_spec_dup_counted (const DrivedashBenchSpec *spec);
/* Two or three sentences for a tooltip: what is read or written, how
 * many requests wait at once, and what in daily use behaves like it. */
char       *drivedash_bench_spec_dup_tooltip (const DrivedashBenchSpec *spec);

/* What the block device made of a test's requests, in one sentence:
 * "The drive saw 2.7 MiB requests on average: Linux joined your 1 MiB
 * requests.", "The drive saw 4 KiB requests, as asked."; NULL when the
 * result has no device figures. */
char       *drivedash_bench_result_dup_request_words (const DrivedashBenchResult *result);
/* That sentence, then, where it applies, that other programs used the
 * drive (that a cache answered is a doubt: doubt_words); for a result
 * read back from History, the words kept then; NULL without either. */
char       *drivedash_bench_result_dup_device_words  (const DrivedashBenchResult *result);
/* One line per test of @report with something to say, "SEQ1M Q8T1 Read:
 * …": what the drive saw (the device words), or why the result can't be
 * the drive's speed (its doubt_words); NULL when no test has any. */
char       *drivedash_bench_report_dup_device_text   (const DrivedashBenchReport *report);
char       *drivedash_bench_report_dup_doubt_text    (const DrivedashBenchReport *report);

/* Translated one-line explanations for tooltips and a help popover. */
const char *drivedash_bench_explain_mb_per_s (void);
const char *drivedash_bench_explain_iops     (void);
const char *drivedash_bench_explain_latency  (void);
const char *drivedash_bench_explain_p99      (void);
const char *drivedash_bench_explain_queue    (void);

G_END_DECLS
