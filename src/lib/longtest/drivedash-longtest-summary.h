/* drivedash-longtest-summary.h — what the long tests' numbers say: pure
 * functions over a finished (or synthetic) series, unit-tested without
 * a drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "drivedash-longtest.h"
#include "drivedash-smart.h"

G_BEGIN_DECLS

/* Sustained: the first and last minute of the measured phase — or, for a
 * run shorter than 3 minutes, its first and last 20 % (@window_s says
 * which). */
typedef struct
{
  double total_iops;       /* mean over the measured phase */
  double first_iops;
  double last_iops;
  double first_mb_per_s;   /* the same windows in 10^6 bytes/s */
  double last_mb_per_s;
  double change_percent;   /* (last − first) ÷ first × 100 */
  double window_s;
  double drop_after_s;     /* when the speed fell halfway to the last minute's; < 0: no fall */
  guint16 kelvin_at_drop;  /* 0: unknown */
} DrivedashSustainedSummary;

gboolean drivedash_long_sustained_summarize (const DrivedashTimeseriesRow *rows,
                                             guint                         n_rows,
                                             double                        interval_s,
                                             DrivedashSustainedSummary    *out);
/* A plain sentence; the thermal part only with @thermal_evidence (the
 * drive's thermal-management counters rose during the run). */
char    *drivedash_long_sustained_sentence  (const DrivedashSustainedSummary *summary,
                                             gboolean                         thermal_evidence);

/* Whether the drive slowed itself down for heat during the run: one of its
 * thermal-management counters (level 1 or 2, transitions or seconds) rose
 * from @before to @after.  FALSE when either is NULL (not known). */
gboolean drivedash_long_thermal_evidence    (const DrivedashSmartLog         *before,
                                             const DrivedashSmartLog         *after);

/* SNIA PTS steady state over the last 5 values: (max − min) ≤ 20 % of
 * the average and the best-fit line's change across the window ≤ 10 % of
 * the average.  FALSE with fewer than 5 values.  @range_ratio and
 * @slope_ratio (may be NULL) get the two ratios to the average. */
gboolean drivedash_long_steady_state        (const double *values,
                                             guint         n_values,
                                             double       *range_ratio,
                                             double       *slope_ratio);

/* Saturation: the first drop of more than @drop (0.30) below the median
 * speed so far that lasts @min_points points.  TRUE and the points before
 * it, the median speed before and after, or FALSE when there is none. */
gboolean drivedash_long_cache_detect        (const double *mb_per_s,
                                             guint         n_points,
                                             guint         min_points,
                                             double        drop,
                                             guint        *cache_points,
                                             double       *before_mb_per_s,
                                             double       *after_mb_per_s);
/* NULL when there are too few points to say anything. */
char    *drivedash_long_saturation_sentence (const double *mb_per_s,
                                             guint         n_points,
                                             guint64       step_bytes);

/* The mean bandwidth and access times of the rounds of @group
 * (DRIVEDASH_LONG_GROUP_NONE: every round) in @out, its index the number
 * of rounds averaged.  FALSE when there is none. */
gboolean drivedash_long_rounds_average      (const DrivedashLongRound *rounds,
                                             guint                     n_rounds,
                                             DrivedashLongGroup        group,
                                             DrivedashLongRound       *out);
/* Adaptivity: the averages over its rounds and what its fill wrote in a
 * plain sentence, or NULL while fewer than all ten are measured (too few
 * to stand for the drive). */
char    *drivedash_long_adaptivity_sentence (const DrivedashLongRound *rounds,
                                             guint                     n_rounds,
                                             guint64                   fill_bytes);

/* The run as the CLI's --json document (docs in the CLI's help). */
JsonNode *drivedash_long_test_result_to_json (const DrivedashLongTestResult   *result,
                                              const DrivedashLongTestSettings *settings);

/* The same for people: the table or per-step speeds, the summary and
 * the amount written, one line each. */
char     *drivedash_long_test_result_to_text (const DrivedashLongTestResult   *result,
                                              const DrivedashLongTestSettings *settings);
/* What test @kind does, in one paragraph for people (the CLI's --help,
 * a report's method): translated. */
const char *drivedash_long_test_kind_describe (DrivedashLongTestKind kind);

G_END_DECLS
