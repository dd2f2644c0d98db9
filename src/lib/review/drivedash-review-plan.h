/* drivedash-review-plan.h — the full review: the reviewer's protocol in
 * one flow (the speed test repeated, then Sustained, Consistency and
 * Adaptivity), its steps for a length, optionally each with game mode off
 * and on, and what it writes and takes before Start
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-bench-settings.h"
#include "drivedash-longtest.h"

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_REVIEW_LENGTH_QUICK,
  DRIVEDASH_REVIEW_LENGTH_STANDARD,
  DRIVEDASH_REVIEW_LENGTH_REVIEW,    /* the magazine's own durations */
} DrivedashReviewLength;

typedef enum
{
  DRIVEDASH_REVIEW_STEP_SPEED,       /* the speed test, repeated: mean ± interval */
  DRIVEDASH_REVIEW_STEP_SUSTAINED,
  DRIVEDASH_REVIEW_STEP_CONSISTENCY,
  DRIVEDASH_REVIEW_STEP_ADAPTIVITY,
} DrivedashReviewStepKind;

#define DRIVEDASH_REVIEW_N_KINDS 4

#define DRIVEDASH_TYPE_REVIEW_LENGTH (drivedash_review_length_get_type ())
GType drivedash_review_length_get_type (void) G_GNUC_CONST;
#define DRIVEDASH_TYPE_REVIEW_STEP_KIND (drivedash_review_step_kind_get_type ())
GType drivedash_review_step_kind_get_type (void) G_GNUC_CONST;

/* "quick", "standard", "review"; "speed", "sustained", "consistency",
 * "adaptivity": stable ids (CLI, JSON, the state file). */
const char *drivedash_review_length_to_string      (DrivedashReviewLength    length);
gboolean    drivedash_review_length_from_string    (const char              *text,
                                                    DrivedashReviewLength   *out);
const char *drivedash_review_step_kind_to_string   (DrivedashReviewStepKind  kind);
gboolean    drivedash_review_step_kind_from_string (const char              *text,
                                                    DrivedashReviewStepKind *out);
/* "Speed test", "Sustained", … translated. */
const char *drivedash_review_step_kind_get_display_name (DrivedashReviewStepKind kind);

/* One figure a finished step keeps for the summary: a speed test's mean
 * over the repeats with its 95 % interval, or a long test's headline
 * ("degradation round 1", "recovery", "average"). */
typedef struct
{
  char   *test;     /* "SEQ1M Q8T1", "degradation-1", "recovery", "average", "mixed" */
  char   *mode;     /* "read", "write"; NULL for a long test */
  double  value;    /* MB/s */
  double  ci95;     /* NAN: none */
} DrivedashReviewFigure;

/* One step of the plan and how far it got. */
typedef struct
{
  DrivedashReviewStepKind kind;
  int                     game_mode; /* -1: left as the user has it; 0 off; 1 on */
  gboolean                done;
  gint64                  run_id;    /* the stored run (for the speed test its repeat set); 0: none */
  guint64                 bytes_written; /* by its runs, stopped ones included */
  GArray                 *figures;   /* of DrivedashReviewFigure, once done; owned */
} DrivedashReviewStep;

/* Plain fields; _new() fills them in for a length.  The long tests'
 * settings are the Long Tests presets of the same name. */
typedef struct
{
  DrivedashReviewLength      length;
  gboolean                   game_mode_ab;  /* every step twice: game mode off, then on */
  char                      *speed_preset;  /* bench preset id, "cdm-nvme" */
  guint                      speed_repeats; /* runs of the speed test, >= 2 for an interval */
  DrivedashBenchSettings    *bench;
  DrivedashLongTestSettings *sustained;
  DrivedashLongTestSettings *consistency;
  DrivedashLongTestSettings *adaptivity;
} DrivedashReviewSettings;

DrivedashReviewSettings *drivedash_review_settings_new        (DrivedashReviewLength          length);
DrivedashReviewSettings *drivedash_review_settings_copy       (const DrivedashReviewSettings *self);
void                     drivedash_review_settings_free       (DrivedashReviewSettings       *self);
/* Sets the folder of every step (NULL: home). */
void                     drivedash_review_settings_set_folder (DrivedashReviewSettings       *self,
                                                               const char                    *folder);
/* The long test settings of a step; NULL for the speed test. */
DrivedashLongTestSettings *drivedash_review_settings_get_long (const DrivedashReviewSettings *self,
                                                               DrivedashReviewStepKind        kind);
/* What a Quick or Standard review leaves out of the magazine's protocol,
 * in plain words for its method; NULL for the Review length. */
char                    *drivedash_review_settings_dup_scale_text (const DrivedashReviewSettings *self);
gboolean                 drivedash_review_settings_validate   (const DrivedashReviewSettings *self,
                                                               GError                       **error);

/* The steps in order, a GArray of DrivedashReviewStep (freeing it frees
 * their figures).  With game_mode_ab each test runs with game mode off and
 * then at once on, before the next test: the drive's state drifts over a
 * review of hours (its cache, its heat, the space Adaptivity fills), and
 * neighbours see the same drift; a stop also leaves whole pairs. */
GArray  *drivedash_review_plan          (const DrivedashReviewSettings *settings);
/* The list of the speed test's tests, the bench preset expanded (reads,
 * then writes); NULL with an error for an unknown preset. */
GArray  *drivedash_review_speed_tests   (const DrivedashReviewSettings *settings,
                                         GError                       **error);

/* What the steps not yet done write and take, for before Start (and
 * before a resume): a range between a slow and a fast drive, like the
 * long tests' own estimate.  @fill_amount: what Adaptivity fills,
 * resolved (drivedash_long_test_resolve_amount()). */
typedef struct
{
  guint64 bytes_low;
  guint64 bytes_high;
  double  seconds_low;
  double  seconds_high;
} DrivedashReviewEstimate;

void     drivedash_review_estimate      (const DrivedashReviewSettings *settings,
                                         GArray                        *steps,
                                         guint64                        fill_amount,
                                         DrivedashReviewEstimate       *out);
/* For people, translated: the writing with its share of the drive's
 * rated endurance (drivedash_write_notice_range_text(), @model, @percentage_used
 * and @bytes_written_so_far as there), then how long it takes and when
 * it ends counting from @now: "Takes between about 25 min and about 2 h;
 * done between 14:05 and 15:40." */
char    *drivedash_review_estimate_dup_text (const DrivedashReviewEstimate *estimate,
                                             const char                    *model,
                                             double                         percentage_used,
                                             guint64                        bytes_written_so_far,
                                             GDateTime                     *now);

void     drivedash_review_step_clear    (DrivedashReviewStep *step);
void     drivedash_review_figure_clear  (DrivedashReviewFigure *figure);
/* A new array of figures that frees its members. */
GArray  *drivedash_review_figures_new   (void);
void     drivedash_review_figures_add   (GArray     *figures,
                                         const char *test,
                                         const char *mode,
                                         double      value,
                                         double      ci95);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashReviewSettings, drivedash_review_settings_free)

G_END_DECLS
