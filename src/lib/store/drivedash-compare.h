/* drivedash-compare.h — compare stored runs test by test, with 95 %
 * confidence intervals and a verdict (see drivedash-stats.h for the test)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "drivedash-stats.h"
#include "drivedash-store-run.h"

G_BEGIN_DECLS

/* One side of a comparison: a run, or the rounds of one side of an A/B
 * test.  A side of one run uses that run's passes as its values (for a
 * repeat set: its repeats); a side of several runs uses each run's
 * result, so that every round counts once. */
typedef struct
{
  gint64              id;       /* the run (or set) id for JSON; 0 = none */
  const char         *label;    /* "off", "on", or NULL */
  DrivedashStoreRun **runs;
  guint               n_runs;
} DrivedashCompareSide;

typedef struct
{
  gint64                   id;
  char                    *label;
  DrivedashStatsSummary    summary;   /* n = 0: the side lacks this test */
  DrivedashStatsComparison vs_first;  /* this side against the first one */
} DrivedashCompareEntry;

typedef struct
{
  const char              *test;      /* "RND4K Q1T1" (interned) */
  const char              *mode;      /* "write" (interned) */
  GArray                  *entries;   /* of DrivedashCompareEntry, one per side */
  DrivedashStatsComparison comparison;/* the last side against the first */
} DrivedashCompareTest;

void       drivedash_compare_test_free (DrivedashCompareTest *test);

/* Every test of the first side that another side also has, in the first
 * side's order.  Returns (element-type DrivedashCompareTest). */
GPtrArray *drivedash_compare_sides     (const DrivedashCompareSide *sides,
                                        guint                       n_sides);

/* Adds the member "tests": [{"test", "mode", "runs": [{"id",
 * "mean_mb_per_s", "ci95_mb_per_s", "n"}…], "difference_percent",
 * "ci95_percent", "verdict"}…].  The test-level difference is the last
 * side against the first (B against A for two); with more sides each
 * entry of "runs" after the first also has its own difference_percent,
 * ci95_percent and verdict against the first.  Unknown numbers are null. */
void       drivedash_compare_add_json  (JsonBuilder                *builder,
                                        GPtrArray                  *tests);

/* "no measurable difference", "3.1 % faster (between 2.3 % and 3.9 %)",
 * "1.6× faster (between 1.1× and 2.4×)", "can't tell (3.1 % faster in
 * one pass)": translated. */
char      *drivedash_compare_describe  (const DrivedashStatsComparison *comparison);
/* A ratio B / A with its 95 % interval (all > 0) in plain words: the
 * head "3.1 % faster" (under 1.2× or over 1/1.2×, in percent; else
 * "1.6× faster", "1.6× slower") and, in *range, "(between 2.3 % and
 * 3.9 %)": a range people read at once, never "± x %" (the interval of a
 * ratio is not symmetric).  Translated. */
char      *drivedash_compare_format_ratio (double                          ratio,
                                           double                          low,
                                           double                          high,
                                           char                          **range);
/* The same words for a comparison's difference in percent of the first
 * and its 95 % interval: "3.1 % faster" and "(between 2.3 % and 3.9 %)". */
char      *drivedash_compare_format_difference (const DrivedashStatsComparison *comparison,
                                                char                          **range);
/* How @side compared with @baseline in one test, one sentence without a
 * full stop; @side and @baseline are how the reader knows the runs ("B
 * (Game mode on)", "run 14"), so every line says which run it is about:
 * "B (Game mode on) is 7.9 % faster than A (between 6.7 % and 9.1 %)", "No measurable
 * difference between B (…) and A", "Can't tell from one pass: B (…)
 * measured 7.9 % faster than A", "B (…) has no result in this test".
 * The app's Compare view and drivedash-cli history compare both say it. */
char      *drivedash_compare_describe_against (const DrivedashStatsComparison *comparison,
                                               const char                     *side,
                                               const char                     *baseline);
/* NULL when every test could be judged; else why not and what to do:
 * "Can't tell: each run has only one pass. Repeat each setup 3 times
 * (Repeat in Speed, --repeat 3) to know whether the difference is real." */
char      *drivedash_compare_dup_cannot_tell (GPtrArray *tests);
/* The conclusion of a game-mode A/B test (tests of an "off" side against
 * an "on" side), in plain words, one sentence a line: "Game mode made
 * RND4K Q1T1 write 3.1 % faster (± 0.8 %).\nNo measurable difference in
 * the other tests." */
char      *drivedash_compare_dup_game_mode_conclusion (GPtrArray *tests);

/* What differed in how @runs were made that can explain a change in
 * speed, one plain line each: a drive's firmware (between runs of that
 * drive), the Linux kernel, Drivedash's version.  NULL when nothing
 * differs (or nothing is known). */
char      *drivedash_compare_dup_provenance (DrivedashStoreRun *const *runs,
                                             guint                     n_runs);

G_END_DECLS
