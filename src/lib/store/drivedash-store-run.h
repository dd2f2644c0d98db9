/* drivedash-store-run.h — one stored benchmark run, as the history keeps it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "drivedash-bench.h"

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_RUN_KIND_QUICK,        /* one benchmark run (bench, the Speed page) */
  DRIVEDASH_RUN_KIND_SUSTAINED,
  DRIVEDASH_RUN_KIND_CONSISTENCY,
  DRIVEDASH_RUN_KIND_SATURATION,
  DRIVEDASH_RUN_KIND_AB_SET,       /* game-mode A/B: members are "off"/"on" rounds */
  DRIVEDASH_RUN_KIND_REPEAT_SET,   /* the same preset N times: members are "repeat" */
  DRIVEDASH_RUN_KIND_ADAPTIVITY,
  DRIVEDASH_RUN_KIND_REVIEW,       /* a full review: members are its steps' runs, role "step" */
} DrivedashRunKind;

typedef enum
{
  DRIVEDASH_RUN_STATUS_DONE,
  DRIVEDASH_RUN_STATUS_CANCELLED,
  DRIVEDASH_RUN_STATUS_FAILED,
} DrivedashRunStatus;

#define DRIVEDASH_GAME_MODE_UNKNOWN (-1)

/* One test of a run.  For a set, mb_per_s is the mean over its members and
 * passes holds each member's result, so a set compares like a run whose
 * passes are the repeats. */
typedef struct
{
  const char            *test;        /* "RND4K Q32T16" (interned: a history has
                                         few names and many results) */
  const char            *mode;        /* "read", "write", "mix" (interned) */
  double                 mb_per_s;    /* best pass (CrystalDiskMark) */
  double                 iops;
  DrivedashBenchLatency  latency_us;
  GArray                *passes;      /* of double, MB/s in run order */
  char                  *checks;      /* what the drive saw and why the figure can't
                                         be its speed: drivedash_bench_result_dup_checks_json();
                                         NULL: none kept (older runs, sets) */
} DrivedashStoreResult;

/* Reference-counted; plain public fields. */
typedef struct
{
  /*< private >*/
  gint                ref_count;
  /*< public >*/
  gint64              id;             /* 0 until saved */
  gint64              set_id;         /* the set this run belongs to, 0 = none */
  char               *set_role;       /* "off", "on", "repeat" in a set; else NULL */
  DrivedashRunKind    kind;
  gint64              started_at;     /* µs since the epoch (g_get_real_time) */
  gint64              ended_at;
  DrivedashRunStatus  status;
  char               *error;          /* why it failed or stopped, for people */
  char               *name;           /* user-given, may be NULL */
  char               *note;           /* user-given, may be NULL */
  char               *app_version;
  char               *kernel;
  char               *drive_model;
  char               *drive_firmware;
  guint64             drive_capacity; /* bytes, 0 = unknown */
  char               *serial_hash;    /* salted SHA-256 hex; never the serial */
  char               *filesystem;
  char               *settings_json;  /* every setting, a JSON object */
  int                 game_mode;      /* 0 off, 1 on, DRIVEDASH_GAME_MODE_UNKNOWN */
  double              temp_start_c;   /* NAN = unknown */
  double              temp_end_c;
  GPtrArray          *results;        /* of DrivedashStoreResult */
  GBytes             *series;         /* drivedash_store_series_encode(); may be NULL */
} DrivedashStoreRun;

#define DRIVEDASH_TYPE_STORE_RUN (drivedash_store_run_get_type ())

GType              drivedash_store_run_get_type   (void) G_GNUC_CONST;
DrivedashStoreRun *drivedash_store_run_new        (DrivedashRunKind        kind);
DrivedashStoreRun *drivedash_store_run_ref        (DrivedashStoreRun      *self);
void               drivedash_store_run_unref      (DrivedashStoreRun      *self);

/* Results, settings, filesystem, times and the app version and kernel of
 * a finished (or partial) report.  Drive, game mode and temperatures are
 * the caller's to fill in. */
DrivedashStoreRun *drivedash_store_run_new_from_report (const DrivedashBenchReport *report,
                                                        DrivedashRunKind            kind);
/* The other way: a report that rebuilds the results grid and the text
 * table (passes re-summarized).  Tests whose name does not parse are left
 * out. */
DrivedashBenchReport *drivedash_store_run_to_report (const DrivedashStoreRun *self);

DrivedashStoreResult *drivedash_store_result_new  (const char             *test,
                                                   const char             *mode);
void               drivedash_store_result_free    (DrivedashStoreResult   *result);
/* The result of test/mode, or NULL. */
const DrivedashStoreResult *drivedash_store_run_find_result (const DrivedashStoreRun *self,
                                                             const char              *test,
                                                             const char              *mode);

/* The speed-test preset @self ran, told from its stored tests (runs do not
 * record it): the preset whose tests it ran exactly, each in every mode
 * (read, write, mix) it used; NULL for other tests, or none. */
const DrivedashBenchPreset *drivedash_store_run_match_preset (const DrivedashStoreRun *self);
/* Stable ids: "quick", "sustained", "consistency", "saturation", "ab-set",
 * "repeat-set", "adaptivity"; "done", "cancelled", "failed". */
const char *drivedash_run_kind_to_string     (DrivedashRunKind   kind);
gboolean    drivedash_run_kind_from_string   (const char        *text,
                                              DrivedashRunKind  *out);
const char *drivedash_run_status_to_string   (DrivedashRunStatus status);
gboolean    drivedash_run_status_from_string (const char        *text,
                                              DrivedashRunStatus *out);

/* The most points a series may have: a run keeps at most 600 per test
 * (2,000 for a long test), so more is not a series Drivedash wrote, and
 * decoding stops before inflating it (docs/history-json.md). */
#define DRIVEDASH_STORE_SERIES_MAX_POINTS 65536

/* The live samples of a run, decimated to at most @max_points per test
 * (windows merged, time-weighted means; the worst p99 kept) and
 * zlib-compressed as little-endian float32 columns: enough to redraw the
 * plots.  decode() returns a GArray of DrivedashBenchSample, or NULL with
 * an error for data that is not a series. */
#define DRIVEDASH_STORE_SERIES_ENCODING "zlib-f32le-v1"
GBytes     *drivedash_store_series_encode (const DrivedashBenchSample *samples,
                                           guint                       n_samples,
                                           guint                       max_points);
GArray     *drivedash_store_series_decode (GBytes                     *data,
                                           GError                    **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashStoreRun, drivedash_store_run_unref)

G_END_DECLS

G_BEGIN_DECLS
/* A set run (repeat-N or A/B) from its member runs: per test, mb_per_s and
 * iops are the mean over the members and passes holds each member's
 * result, so a set compares like one run whose passes are the repeats.
 * Times, drive, settings and temperatures come from the first and last
 * member.  The members keep their own results; set their set_id after
 * saving the set. */
DrivedashStoreRun *drivedash_store_run_new_set (DrivedashRunKind  kind,
                                                GPtrArray        *members);
G_END_DECLS
