/* drivedash-compare-long.h — compare 2–6 stored runs of one long test
 * the way the review's graphs do: Sustained over time, Consistency round
 * by round and phase by phase, Saturation against the amount written
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "drivedash-longtest.h"
#include "drivedash-stats.h"
#include "drivedash-store-run.h"

G_BEGIN_DECLS

#define DRIVEDASH_COMPARE_LONG_MAX_RUNS 6

/* How a long test's numbers are laid out; a new long test is one row of
 * the kind table in drivedash-compare-long.c with one of these. */
typedef enum
{
  DRIVEDASH_COMPARE_LONG_TIMELINE, /* Sustained: one measured stretch over time */
  DRIVEDASH_COMPARE_LONG_ROUNDS,   /* Consistency: rounds of one storage test, in phases */
  DRIVEDASH_COMPARE_LONG_FILL,     /* Saturation: speed against the amount written */
} DrivedashCompareLongShape;

typedef enum
{
  DRIVEDASH_COMPARE_LONG_CANT_TELL,  /* the rounds vary too much, or too few */
  DRIVEDASH_COMPARE_LONG_FASTER,     /* this run against the first */
  DRIVEDASH_COMPARE_LONG_SLOWER,
} DrivedashCompareLongVerdict;

typedef struct
{
  double x;
  double y;
} DrivedashComparePoint;

/* One run of the comparison. */
typedef struct
{
  gint64      id;
  const char *letter;            /* "A" … "F" */
  char       *label;             /* the run's name (sanitised), else its letter */
  /* TIMELINE: what people read is in MB/s; IOPS are kept for the JSON */
  double      total_mb_per_s;
  double      first_mb_per_s;    /* the first and last minute (or 20 %) */
  double      last_mb_per_s;
  double      total_iops;
  double      first_iops;
  double      last_iops;
  double      change_percent;
  GArray     *timeline;          /* of DrivedashComparePoint: seconds, MB/s */
  GArray     *iops_timeline;     /* of DrivedashComparePoint: seconds, IOPS */
  /* ROUNDS */
  GArray     *rounds;            /* of DrivedashLongRound, in run order */
  double      average_mb_per_s;  /* over every round (the review's bars) */
  int         best;              /* index into rounds by bandwidth; -1: none */
  int         worst;
  /* FILL */
  GArray     *fill;              /* of DrivedashComparePoint: GiB written, MB/s */
  double      cache_gib;         /* NAN: no cache seen */
  double      after_cache_mb_per_s;
} DrivedashCompareLongRun;

/* One phase of a rounds test, every run. */
typedef struct
{
  DrivedashLongGroup          group;
  guint                       n_rounds[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  double                      bandwidth_mb_per_s[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  double                      read_access_us[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  double                      write_access_us[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  /* Run i against the first, from the rounds both have (same phase and
   * number): the per-round difference in bandwidth (the geometric mean
   * of the ratios, in percent) and its 95 % interval.  [0] is unused. */
  guint                       n_pairs[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  double                      difference_percent[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  double                      ci95_percent[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  /* The same interval as ratios of bandwidth, run i over the first (it
   * is not symmetric around the difference); NAN: none. */
  double                      ratio_low[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  double                      ratio_high[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  DrivedashCompareLongVerdict verdict[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
} DrivedashCompareLongPhase;

/* Sustained runs with the same name are repeats of one setup: their
 * total MB/s make one mean with a 95 % interval, and two setups with
 * repeats get a real verdict (Welch, as the speed-test compare). */
typedef struct
{
  const char              *label;          /* the first run's label */
  guint                    first;          /* index of its first run */
  guint                    n_runs;
  gint64                   ids[DRIVEDASH_COMPARE_LONG_MAX_RUNS];
  DrivedashStatsSummary    total_mb_per_s; /* ci95 NAN with one run */
  DrivedashStatsSummary    total_iops;     /* the same, for the JSON */
  DrivedashStatsComparison vs_first;       /* in MB/s, against the first setup */
} DrivedashCompareLongSetup;

/* Reference-counted (a boxed type, so a view-model can hold one as a
 * typed property); plain public fields, read-only once made. */
typedef struct
{
  /*< private >*/
  gint                      ref_count;
  /*< public >*/
  DrivedashRunKind          kind;
  DrivedashCompareLongShape shape;
  GPtrArray                *runs;    /* of DrivedashCompareLongRun, A first */
  GArray                   *phases;  /* of DrivedashCompareLongPhase (ROUNDS), in test order */
  GArray                   *setups;  /* of DrivedashCompareLongSetup (TIMELINE), first run order */
} DrivedashCompareLong;

/* Whether runs of @kind are long tests that this compares. */
gboolean              drivedash_compare_long_supports (DrivedashRunKind      kind);

/* Compares full runs (drivedash_store_get_run(): with the summary and
 * series), the first being the baseline.  Fewer than 2 or more than 6
 * runs, runs of different tests, or a run without its stored summary
 * are refused with DRIVEDASH_ERROR_INVALID_ARGUMENT in plain words. */
DrivedashCompareLong *drivedash_compare_long_new      (DrivedashStoreRun * const *runs,
                                                       guint                      n_runs,
                                                       GError                   **error);
/* One run alone, read the same way, for the view of one stored run:
 * nothing is judged; drivedash_compare_long_dup_figures() says what it
 * measured. */
DrivedashCompareLong *drivedash_compare_long_new_one  (DrivedashStoreRun         *run,
                                                       GError                   **error);
DrivedashCompareLong *drivedash_compare_long_ref      (DrivedashCompareLong      *self);
void                  drivedash_compare_long_unref    (DrivedashCompareLong      *self);

#define DRIVEDASH_TYPE_COMPARE_LONG (drivedash_compare_long_get_type ())
GType                 drivedash_compare_long_get_type (void) G_GNUC_CONST;

/* Rounds tests: where phase @phase starts on one X axis shared by every
 * run (phases one after another, each as wide as its longest run; round
 * positions are 1-based) and how many rounds it spans. */
void                  drivedash_compare_long_phase_span     (const DrivedashCompareLong *self,
                                                             guint                       phase,
                                                             guint                      *first,
                                                             guint                      *n_rounds);
/* The X position of @round on that axis, so that rounds of the same
 * phase and number line up; 0 when its phase is unknown. */
guint                 drivedash_compare_long_round_position (const DrivedashCompareLong *self,
                                                             const DrivedashLongRound   *round);

/* "Sustained", "Consistency", "Saturation" (translated). */
const char           *drivedash_compare_long_get_test_name (const DrivedashCompareLong *self);

/* Run @index (≥ 1) against the first in @phase, one sentence: "SN750,
 * game mode on recovers 12.0 % faster than A after resting.", or "Can't
 * tell …" (translated). */
char                 *drivedash_compare_long_dup_verdict  (const DrivedashCompareLong      *self,
                                                           const DrivedashCompareLongPhase *phase,
                                                           guint                            index);
/* Run @index (≥ 1) against the first over every phase, one sentence:
 * "B is faster than A in every phase, by 11.8 to 12.2 %.", or "Can't
 * tell …" (translated); with one phase, that phase's verdict. */
char                 *drivedash_compare_long_dup_summary  (const DrivedashCompareLong      *self,
                                                           guint                            index);
/* For the top of the view: each run's summary (rounds tests) or the
 * headline difference (the others), one sentence a line. */
char                 *drivedash_compare_long_dup_conclusion (const DrivedashCompareLong *self);
/* What the first run measured, in one or two sentences: the average,
 * best and worst round; the total MB/s and the first and last minute;
 * the cache and the speed after it. */
char                 *drivedash_compare_long_dup_figures    (const DrivedashCompareLong *self);

/* Adds the members of the --json document to the open object: "test",
 * "runs": [{"id", "letter", "label", …}], "phases": [{"phase", "runs":
 * [{"id", "bandwidth_mb_per_s", …, "verdict", "sentence"}]}], "setups":
 * [{"label", "runs", "n", "mean_total_mb_per_s", "ci95_total_mb_per_s", …}]
 * (docs/history-json.md).  Unknown numbers are null. */
void                  drivedash_compare_long_add_json (JsonBuilder                *builder,
                                                       const DrivedashCompareLong *self);
/* For people: the table the CLI prints, labels sanitised. */
char                 *drivedash_compare_long_to_text  (const DrivedashCompareLong *self);
/* RFC 4180, one row per point or round, the run's id and label first. */
char                 *drivedash_compare_long_to_csv   (const DrivedashCompareLong *self);

/* Stable ids: "cant-tell", "faster", "slower". */
const char           *drivedash_compare_long_verdict_to_string (DrivedashCompareLongVerdict verdict);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashCompareLong, drivedash_compare_long_unref)

G_END_DECLS
