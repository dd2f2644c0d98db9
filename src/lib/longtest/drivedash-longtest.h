/* drivedash-longtest.h — the long tests: Sustained mixed I/O (Iometer
 * style), Consistency and Adaptivity (PCMark 8 style) and Write
 * saturation (fast-cache size): their settings, plans, estimates and the
 * engine.  The engine is synchronous; everything that runs a long test
 * does so through DrivedashLongTestRun (drivedash-longtest-run.h), which
 * runs it in a worker thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-timeseries.h"

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_LONG_TEST_SUSTAINED,
  DRIVEDASH_LONG_TEST_CONSISTENCY,
  DRIVEDASH_LONG_TEST_SATURATION,
  /* The free space filled, then recovery rounds: an idle period and the
   * storage test, as Consistency's last rounds. */
  DRIVEDASH_LONG_TEST_ADAPTIVITY,
} DrivedashLongTestKind;

typedef enum
{
  DRIVEDASH_LONG_PHASE_PREPARE,   /* writing the test file before measuring */
  DRIVEDASH_LONG_PHASE_BURST,     /* timed random writes, 4 KiB–1 MiB */
  DRIVEDASH_LONG_PHASE_IDLE,
  DRIVEDASH_LONG_PHASE_MEASURE,   /* a timed mix (sustained) or one storage test (round) */
  DRIVEDASH_LONG_PHASE_FILL,      /* sequential writes by amount (saturation, adaptivity) */
} DrivedashLongPhaseKind;

/* Consistency's three groups of rounds; Adaptivity's rounds are all
 * recovery rounds. */
typedef enum
{
  DRIVEDASH_LONG_GROUP_NONE,
  DRIVEDASH_LONG_GROUP_DEGRADATION,
  DRIVEDASH_LONG_GROUP_STEADY,
  DRIVEDASH_LONG_GROUP_RECOVERY,
} DrivedashLongGroup;

typedef struct
{
  DrivedashLongPhaseKind kind;
  DrivedashLongGroup     group;
  guint                  round;    /* 1-based within its group; 0 = none */
  double                 seconds;  /* timed phases */
  guint64                bytes;    /* PREPARE, FILL and a storage test */
  guint64                max_bytes; /* a timed phase ends earlier once it has
                                     * moved this many bytes; 0: no cap */
} DrivedashLongPhase;

typedef enum
{
  DRIVEDASH_LONG_PRESET_QUICK,
  DRIVEDASH_LONG_PRESET_STANDARD,
  DRIVEDASH_LONG_PRESET_REVIEW,
} DrivedashLongPreset;

/* Plain fields; _new() fills in the defaults for @kind. */
typedef struct
{
  DrivedashLongTestKind kind;
  char                 *folder;          /* NULL = home */
  guint64               file_size;       /* sustained, consistency */
  double                duration_s;      /* sustained */
  guint32               block_size;      /* sustained */
  guint                 queue_depth;     /* sustained */
  guint                 read_percent;    /* sustained */
  double                round_s;         /* consistency: T0 */
  double                round_step_s;    /* consistency: Tstep */
  double                idle_s;          /* consistency, adaptivity */
  guint64               amount;          /* saturation, adaptivity; 0 = free space less the margin */
  guint64               fill_cap;        /* with amount 0: the free space, but at most this
                                          * (the Quick and Standard presets); 0: no cap */
  guint64               step_bytes;      /* saturation: one point per this many bytes */
  guint64               timed_bytes;     /* the most the timed phases move in all, reads and
                                          * writes, shared by their time; 0: no cap */
  double                interval_s;      /* one time-series row per interval */
  double                io_timeout_s;
  char                 *hwmon_path;      /* the drive's hwmon directory; NULL = none */
  char                 *controller;      /* "nvme0" for the thermal counters; NULL = none */
  gboolean              simulated;       /* the demo: on the simulated drive
                                            (drivedash-sim-drive.h), no file, no I/O */
} DrivedashLongTestSettings;

DrivedashLongTestSettings *drivedash_long_test_settings_new  (DrivedashLongTestKind kind);
DrivedashLongTestSettings *drivedash_long_test_settings_copy (const DrivedashLongTestSettings *self);
void                       drivedash_long_test_settings_free (DrivedashLongTestSettings *self);
/* Durations of @preset (Quick / Standard / Review) for the kind. */
void                       drivedash_long_test_settings_apply_preset (DrivedashLongTestSettings *self,
                                                                      DrivedashLongPreset        preset);
gboolean                   drivedash_long_test_settings_validate (const DrivedashLongTestSettings *self,
                                                                  GError                         **error);

/* Registered, for enum properties; the nicks are the ids below. */
#define DRIVEDASH_TYPE_LONG_TEST_KIND (drivedash_long_test_kind_get_type ())
GType       drivedash_long_test_kind_get_type    (void) G_GNUC_CONST;
#define DRIVEDASH_TYPE_LONG_PRESET (drivedash_long_preset_get_type ())
GType       drivedash_long_preset_get_type       (void) G_GNUC_CONST;

const char *drivedash_long_test_kind_to_string   (DrivedashLongTestKind kind);
gboolean    drivedash_long_test_kind_from_string (const char *text, DrivedashLongTestKind *out);
gboolean    drivedash_long_preset_from_string    (const char *text, DrivedashLongPreset *out);
/* Whether the test writes the amount of drivedash_long_test_resolve_amount()
 * (saturation and adaptivity) rather than a test file of file_size. */
gboolean    drivedash_long_test_kind_fills       (DrivedashLongTestKind kind);
/* "degradation", "steady", "recovery"; NULL for NONE. */
const char *drivedash_long_group_to_string       (DrivedashLongGroup group);
/* The group for people, the same words everywhere (plot bands, report
 * headings, verdicts, progress): "Getting worse", "Steady", "After
 * resting", translated; NULL for NONE. */
const char *drivedash_long_group_get_display_name (DrivedashLongGroup group);
/* Plain words for progress: "Random writes", "Idle", … (translated). */
const char *drivedash_long_phase_get_display_name (DrivedashLongPhaseKind kind);

/* The phases of a run (a GArray of DrivedashLongPhase).  @amount: the
 * resolved amount of a test that fills. */
GArray     *drivedash_long_test_plan             (const DrivedashLongTestSettings *settings,
                                                  guint64                          amount);
/* Seconds left: the rest of phase @index (@elapsed_s into it) and every
 * later phase; phases by amount at @bytes_per_s. */
double      drivedash_long_test_plan_remaining_s (const DrivedashLongPhase *phases,
                                                  guint                     n_phases,
                                                  guint                     index,
                                                  double                    elapsed_s,
                                                  double                    bytes_per_s);

/* What a run will write and how long it will take, for before Start.
 * Phases by time write as fast as the drive can, and phases by amount
 * take as long as the drive needs, so each comes as a range between a
 * slow drive (a DRAM-less drive past its fast cache) and a fast one (a
 * PCIe 4.0 drive): see drivedash-longtest-phases.c for the speeds. */
typedef struct
{
  guint64 bytes_low;     /* written by a slow drive */
  guint64 bytes_high;    /* written by a fast drive: at most this */
  double  seconds_low;   /* taken by a fast drive */
  double  seconds_high;  /* taken by a slow drive */
} DrivedashLongEstimate;

/* @amount: the resolved saturation amount, as for _plan(). */
void        drivedash_long_test_estimate         (const DrivedashLongTestSettings *settings,
                                                  guint64                          amount,
                                                  DrivedashLongEstimate           *out);

/* Adaptivity's rounds, as PCMark 8 runs them. */
#define DRIVEDASH_LONG_ADAPTIVITY_ROUNDS 10

/* One measured round of the consistency or adaptivity test. */
typedef struct
{
  DrivedashLongGroup group;
  guint              index;               /* 1-based within the group */
  double             bandwidth_mb_per_s;  /* bytes ÷ busy time */
  double             read_access_us;
  double             write_access_us;
  double             busy_s;
} DrivedashLongRound;

typedef struct
{
  guint              phase_index;
  guint              n_phases;
  DrivedashLongPhase phase;
  double             fraction;     /* of the whole run, 0..1 */
  double             elapsed_s;
  double             eta_s;        /* seconds left */
  guint64            bytes_written; /* by the whole test so far */
} DrivedashLongProgress;

/* Called from the running thread.  @phase_begin (may be NULL) comes
 * before each phase, outside its timing: a sink may take its time there,
 * as the CLI does to read the drive's thermal counters right before the
 * measured phase; no row covers that time. */
typedef struct
{
  void (*progress)    (gpointer user_data, const DrivedashLongProgress *progress);
  void (*row)         (gpointer user_data, const DrivedashTimeseriesRow *row);
  void (*phase_begin) (gpointer user_data, const DrivedashLongPhase *phase);
  /* A consistency or adaptivity round just measured (may be NULL). */
  void (*round)       (gpointer user_data, const DrivedashLongRound *round);
} DrivedashLongTestSink;

typedef struct
{
  DrivedashLongTestKind  kind;
  DrivedashTimeseries   *series;
  GArray                *rounds;        /* of DrivedashLongRound (consistency, adaptivity) */
  GArray                *minute_p99_us; /* of double: sustained, exact per minute */
  GArray                *per_step;      /* of double, MB/s per step_bytes (saturation) */
  guint64                step_bytes;
  guint64                bytes_written;
  guint64                bytes_read;
  guint64                fill_bytes;    /* written by the FILL phase (saturation, adaptivity) */
  guint64                measured_ios;  /* sustained */
  double                 measured_s;
  double                 measured_mb_per_s;
  double                 elapsed_s;
  guint16                max_temperature_kelvin;
  gboolean               thermal_evidence; /* set by the caller: drivedash_long_thermal_evidence() */
  char                  *file_path;     /* where the test file was (removed) */
} DrivedashLongTestResult;

void drivedash_long_test_result_free (DrivedashLongTestResult *self);

/* Runs the test.  On failure or cancel (DRIVEDASH_ERROR_CANCELLED) returns
 * NULL and, when @partial is given, what was measured so far.  The test
 * file is always removed. */
DrivedashLongTestResult *drivedash_long_test_execute (const DrivedashLongTestSettings *settings,
                                                      GCancellable                    *cancellable,
                                                      const DrivedashLongTestSink     *sink,
                                                      gpointer                         user_data,
                                                      DrivedashLongTestResult        **partial,
                                                      GError                         **error);

/* How much the run may write in @folder: its free space less the margin
 * (the larger of 10 % of the filesystem and 5 GiB), capped at the
 * filesystem's size.  FALSE with DRIVEDASH_ERROR_NO_SPACE when @wanted
 * (0: as much as allowed) does not fit, in plain words. */
/* What @settings' test fills: its amount, or the free space less the
 * margin up to its fill_cap; as drivedash_long_test_resolve_amount(). */
gboolean drivedash_long_test_settings_resolve_amount (const DrivedashLongTestSettings  *settings,
                                                      guint64                          *out_amount,
                                                      GError                          **error);
gboolean drivedash_long_test_resolve_amount (const char *folder,
                                             guint64     wanted,
                                             guint64    *out_amount,
                                             GError    **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashLongTestSettings, drivedash_long_test_settings_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashLongTestResult, drivedash_long_test_result_free)

G_END_DECLS
