/* drivedash-longtest-phases.c — settings, presets and the phase plan of
 * the long tests, and the ETA over a plan
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <sys/statvfs.h>

#include "drivedash-error.h"
#include "drivedash-longtest.h"
#include "drivedash-longtest-io.h"
#include "drivedash-longtest-private.h"
#include "drivedash-sim-drive.h"

#define GIB (G_GUINT64_CONSTANT (1) << 30)
/* PCMark 8's durations (DESIGN.md §6). */
#define REVIEW_ROUND_S 600.0
#define REVIEW_STEP_S  300.0
#define REVIEW_IDLE_S  300.0
#define N_DEGRADATION  8
#define N_STEADY       5
#define N_RECOVERY     5
/* Before the first byte is written the speed of a fill is unknown: this
 * guess only feeds the first seconds of the ETA. */
#define GUESS_BYTES_PER_S 500e6

DrivedashLongTestSettings *
drivedash_long_test_settings_new (DrivedashLongTestKind kind)
{
  DrivedashLongTestSettings *self = g_new0 (DrivedashLongTestSettings, 1);

  self->kind = kind;
  self->file_size = kind == DRIVEDASH_LONG_TEST_CONSISTENCY ? 8 * GIB : 4 * GIB;
  self->block_size = 4096;
  self->queue_depth = 32;
  self->read_percent = 70;
  self->step_bytes = GIB;
  self->interval_s = 1.0;
  self->io_timeout_s = 30.0;
  drivedash_long_test_settings_apply_preset (self, DRIVEDASH_LONG_PRESET_STANDARD);
  return self;
}

DrivedashLongTestSettings *
drivedash_long_test_settings_copy (const DrivedashLongTestSettings *self)
{
  DrivedashLongTestSettings *copy = g_memdup2 (self, sizeof *self);

  copy->folder = g_strdup (self->folder);
  copy->hwmon_path = g_strdup (self->hwmon_path);
  copy->controller = g_strdup (self->controller);
  return copy;
}

void
drivedash_long_test_settings_free (DrivedashLongTestSettings *self)
{
  if (self == NULL)
    return;
  g_free (self->folder);
  g_free (self->hwmon_path);
  g_free (self->controller);
  g_free (self);
}

/* Review is the magazine's protocol: PCMark 8's durations, the whole
 * free space, no cap.  Quick and Standard scale the durations down and
 * cap the test files, the fills and what the timed phases move, so that
 * each test, and a whole Full Review of that length, stays within its
 * promise on any drive: Quick 15 minutes and 64 GB, Standard an hour
 * and 400 GB (test-review's /review/lengths-within-limits, on the
 * estimate's slow and fast drives). */
typedef struct
{
  double  sustained_s;
  double  scale;             /* PCMark 8's round, step and rest times this */
  guint64 sustained_file;
  guint64 consistency_file;
  guint64 sustained_bytes;   /* timed_bytes: reads and writes, 70/30 */
  guint64 consistency_bytes; /* timed_bytes: the bursts of writes */
  guint64 adaptivity_amount;
  guint64 saturation_amount;
} Preset;

static const Preset presets[] = {
  /* Quick */    { 120, 1.0 / 100, 1 * GIB, 2 * GIB, 32 * GIB, 16 * GIB, 2 * GIB, 16 * GIB },
  /* Standard */ { 600, 1.0 / 25, 4 * GIB, 4 * GIB, 300 * GIB, 96 * GIB, 32 * GIB, 256 * GIB },
  /* Review */   { 3600, 1.0, 4 * GIB, 8 * GIB, 0, 0, 0, 0 },
};

void
drivedash_long_test_settings_apply_preset (DrivedashLongTestSettings *self,
                                           DrivedashLongPreset        preset)
{
  const Preset *p = &presets[MIN (preset, DRIVEDASH_LONG_PRESET_REVIEW)];

  self->duration_s = p->sustained_s;
  self->round_s = REVIEW_ROUND_S * p->scale;
  self->round_step_s = REVIEW_STEP_S * p->scale;
  self->idle_s = REVIEW_IDLE_S * p->scale;
  self->timed_bytes = 0;
  self->amount = 0;
  self->fill_cap = 0;
  switch (self->kind)
    {
    case DRIVEDASH_LONG_TEST_SUSTAINED:
      self->file_size = p->sustained_file;
      self->timed_bytes = p->sustained_bytes;
      break;
    case DRIVEDASH_LONG_TEST_CONSISTENCY:
      self->file_size = p->consistency_file;
      self->timed_bytes = p->consistency_bytes;
      break;
    case DRIVEDASH_LONG_TEST_ADAPTIVITY:
      self->fill_cap = p->adaptivity_amount;
      break;
    case DRIVEDASH_LONG_TEST_SATURATION:
    default:
      self->fill_cap = p->saturation_amount;
      break;
    }
}

gboolean
drivedash_long_test_settings_validate (const DrivedashLongTestSettings *self,
                                       GError                         **error)
{
  const char *msg = NULL;

  if (self->file_size < (1u << 20) || self->file_size % 4096)
    msg = _("The test file must be at least 1 MiB and a multiple of 4 KiB.");
  else if (self->block_size < 512 || self->block_size > DRIVEDASH_LONG_IO_MAX_BLOCK ||
           self->block_size % 512 || self->file_size < self->block_size)
    msg = _("The block size must be a multiple of 512 bytes, at most 1 MiB and no larger than the test file.");
  else if (self->queue_depth < 1 || self->queue_depth > DRIVEDASH_LONG_IO_MAX_QD)
    msg = _("The queue depth must be between 1 and 256.");
  else if (self->read_percent > 100)
    msg = _("The share of reads must be between 0 and 100 %.");
  else if (!(self->duration_s > 0) || !(self->round_s > 0) || self->round_step_s < 0 ||
           self->idle_s < 0 || self->duration_s > 7 * 86400.0)
    msg = _("Durations must be positive and at most 7 days.");
  else if (self->amount % 4096 || self->step_bytes < (1u << 20) || self->step_bytes % (1u << 20))
    msg = _("The amount must be a multiple of 4 KiB and the step a whole number of MiB.");
  else if (!(self->interval_s >= 0.1 && self->interval_s <= 60) ||
           !(self->io_timeout_s >= 0.1 && self->io_timeout_s <= 3600))
    msg = _("The interval must be between 0.1 and 60 seconds and the I/O timeout between 0.1 s and 1 hour.");
  if (msg == NULL)
    return TRUE;
  g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT, msg);
  return FALSE;
}

static const char *const kind_ids[] = { "sustained", "consistency", "saturation", "adaptivity" };

G_DEFINE_ENUM_TYPE (DrivedashLongTestKind, drivedash_long_test_kind,
  G_DEFINE_ENUM_VALUE (DRIVEDASH_LONG_TEST_SUSTAINED, "sustained"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_LONG_TEST_CONSISTENCY, "consistency"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_LONG_TEST_SATURATION, "saturation"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_LONG_TEST_ADAPTIVITY, "adaptivity"))
G_DEFINE_ENUM_TYPE (DrivedashLongPreset, drivedash_long_preset,
  G_DEFINE_ENUM_VALUE (DRIVEDASH_LONG_PRESET_QUICK, "quick"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_LONG_PRESET_STANDARD, "standard"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_LONG_PRESET_REVIEW, "review"))

const char *
drivedash_long_test_kind_to_string (DrivedashLongTestKind kind)
{
  return kind_ids[kind];
}

gboolean
drivedash_long_test_kind_from_string (const char            *text,
                                      DrivedashLongTestKind *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (kind_ids); i++)
    if (g_strcmp0 (text, kind_ids[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

gboolean
drivedash_long_test_kind_fills (DrivedashLongTestKind kind)
{
  return kind == DRIVEDASH_LONG_TEST_SATURATION || kind == DRIVEDASH_LONG_TEST_ADAPTIVITY;
}

gboolean
drivedash_long_preset_from_string (const char          *text,
                                   DrivedashLongPreset *out)
{
  static const char *const ids[] = { "quick", "standard", "review" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    if (g_ascii_strcasecmp (text, ids[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

const char *
drivedash_long_group_to_string (DrivedashLongGroup group)
{
  static const char *const ids[] = { NULL, "degradation", "steady", "recovery" };

  return ids[group];
}

/* One vocabulary: the plots' bands, the report's headings, verdicts and
 * the CLI's progress all say these words. */
const char *
drivedash_long_group_get_display_name (DrivedashLongGroup group)
{
  switch (group)
    {
    case DRIVEDASH_LONG_GROUP_DEGRADATION: return _("Getting worse");
    case DRIVEDASH_LONG_GROUP_STEADY:      return _("Steady");
    case DRIVEDASH_LONG_GROUP_RECOVERY:    return _("After resting");
    case DRIVEDASH_LONG_GROUP_NONE:
    default:                               return NULL;
    }
}

const char *
drivedash_long_phase_get_display_name (DrivedashLongPhaseKind kind)
{
  switch (kind)
    {
    case DRIVEDASH_LONG_PHASE_PREPARE:
      return _("Preparing the test file");
    case DRIVEDASH_LONG_PHASE_BURST:
      return _("Random writes");
    case DRIVEDASH_LONG_PHASE_IDLE:
      return _("Resting");
    case DRIVEDASH_LONG_PHASE_MEASURE:
      return _("Measuring");
    case DRIVEDASH_LONG_PHASE_FILL:
    default:
      return _("Writing");
    }
}

static void
add (GArray                 *plan,
     DrivedashLongPhaseKind  kind,
     DrivedashLongGroup      group,
     guint                   round,
     double                  seconds,
     guint64                 bytes)
{
  DrivedashLongPhase p = { kind, group, round, seconds, bytes, 0 };

  g_array_append_val (plan, p);
}

static void
plan_consistency (const DrivedashLongTestSettings *s,
                  GArray                          *plan)
{
  guint64 trace = drivedash_long_io_trace_bytes (s->file_size);
  double last = s->round_s + (N_DEGRADATION - 1) * s->round_step_s;

  add (plan, DRIVEDASH_LONG_PHASE_PREPARE, DRIVEDASH_LONG_GROUP_NONE, 0, 0, 2 * s->file_size);
  for (guint i = 0; i < N_DEGRADATION; i++)
    {
      add (plan, DRIVEDASH_LONG_PHASE_BURST, DRIVEDASH_LONG_GROUP_DEGRADATION, i + 1,
           s->round_s + i * s->round_step_s, 0);
      add (plan, DRIVEDASH_LONG_PHASE_MEASURE, DRIVEDASH_LONG_GROUP_DEGRADATION, i + 1, 0, trace);
    }
  for (guint i = 0; i < N_STEADY; i++)
    {
      add (plan, DRIVEDASH_LONG_PHASE_BURST, DRIVEDASH_LONG_GROUP_STEADY, i + 1, last, 0);
      add (plan, DRIVEDASH_LONG_PHASE_MEASURE, DRIVEDASH_LONG_GROUP_STEADY, i + 1, 0, trace);
    }
  for (guint i = 0; i < N_RECOVERY; i++)
    {
      add (plan, DRIVEDASH_LONG_PHASE_IDLE, DRIVEDASH_LONG_GROUP_RECOVERY, i + 1, s->idle_s, 0);
      add (plan, DRIVEDASH_LONG_PHASE_MEASURE, DRIVEDASH_LONG_GROUP_RECOVERY, i + 1, 0, trace);
    }
}

/* The fill writes the whole file with random data, sequentially: every
 * block the rounds later touch is written, and the drive is as full as
 * the safety margin allows before the first rest. */
static void
plan_adaptivity (const DrivedashLongTestSettings *s,
                 guint64                          amount,
                 GArray                          *plan)
{
  guint64 trace = drivedash_long_io_trace_bytes (amount);

  add (plan, DRIVEDASH_LONG_PHASE_FILL, DRIVEDASH_LONG_GROUP_NONE, 0, 0, amount);
  for (guint i = 0; i < DRIVEDASH_LONG_ADAPTIVITY_ROUNDS; i++)
    {
      add (plan, DRIVEDASH_LONG_PHASE_IDLE, DRIVEDASH_LONG_GROUP_RECOVERY, i + 1, s->idle_s, 0);
      add (plan, DRIVEDASH_LONG_PHASE_MEASURE, DRIVEDASH_LONG_GROUP_RECOVERY, i + 1, 0, trace);
    }
}

/* A phase that runs for a time rather than an amount, and moves bytes. */
static gboolean
is_timed_io (const DrivedashLongPhase *p)
{
  return p->bytes == 0 && (p->kind == DRIVEDASH_LONG_PHASE_BURST || p->kind == DRIVEDASH_LONG_PHASE_MEASURE);
}

/* The timed phases share @settings' timed_bytes by their time: each ends
 * at its time or its share, whichever comes first, so that a fast drive
 * writes no more than the length promises. */
static void
cap_timed (const DrivedashLongTestSettings *settings,
           GArray                          *plan)
{
  double total_s = 0;

  for (guint i = 0; i < plan->len; i++)
    if (is_timed_io (&g_array_index (plan, DrivedashLongPhase, i)))
      total_s += g_array_index (plan, DrivedashLongPhase, i).seconds;
  if (settings->timed_bytes == 0 || !(total_s > 0))
    return;
  for (guint i = 0; i < plan->len; i++)
    {
      DrivedashLongPhase *p = &g_array_index (plan, DrivedashLongPhase, i);

      if (is_timed_io (p))
        p->max_bytes = MAX ((guint64) (settings->timed_bytes * (p->seconds / total_s)) / 4096 * 4096, 1u << 20);
    }
}

GArray *
drivedash_long_test_plan (const DrivedashLongTestSettings *settings,
                          guint64                          amount)
{
  GArray *plan = g_array_new (FALSE, TRUE, sizeof (DrivedashLongPhase));

  switch (settings->kind)
    {
    case DRIVEDASH_LONG_TEST_SUSTAINED:
      /* Reads of never-written blocks would not reach the drive. */
      add (plan, DRIVEDASH_LONG_PHASE_PREPARE, DRIVEDASH_LONG_GROUP_NONE, 0, 0, settings->file_size);
      add (plan, DRIVEDASH_LONG_PHASE_MEASURE, DRIVEDASH_LONG_GROUP_NONE, 0, settings->duration_s, 0);
      break;
    case DRIVEDASH_LONG_TEST_CONSISTENCY:
      plan_consistency (settings, plan);
      break;
    case DRIVEDASH_LONG_TEST_ADAPTIVITY:
      plan_adaptivity (settings, amount, plan);
      break;
    case DRIVEDASH_LONG_TEST_SATURATION:
    default:
      add (plan, DRIVEDASH_LONG_PHASE_FILL, DRIVEDASH_LONG_GROUP_NONE, 0, 0, amount);
      break;
    }
  cap_timed (settings, plan);
  return plan;
}

static double
phase_s (const DrivedashLongPhase *p,
         double                    bytes_per_s)
{
  return p->bytes > 0 ? (double) p->bytes / bytes_per_s : p->seconds;
}

double
drivedash_long_test_plan_remaining_s (const DrivedashLongPhase *phases,
                                      guint                     n_phases,
                                      guint                     index,
                                      double                    elapsed_s,
                                      double                    bytes_per_s)
{
  double left = 0;

  if (!(bytes_per_s > 0))
    bytes_per_s = GUESS_BYTES_PER_S;
  for (guint i = index; i < n_phases; i++)
    left += phase_s (&phases[i], bytes_per_s);
  if (index < n_phases)
    left -= MIN (elapsed_s, phase_s (&phases[index], bytes_per_s));
  return MAX (left, 0);
}

/* The speeds that bound an estimate before the run, in bytes per second,
 * for a slow drive (a DRAM-less drive whose fast cache is full) and a
 * fast one (a PCIe 4.0 drive).  Writes in order (the preparation and a
 * fill, 128 KiB–1 MiB): 150 MB/s and 5 GB/s.  The bursts of random 4
 * KiB–1 MiB writes at queue depth 4: 150 MB/s and 2.5 GB/s, a fast
 * drive's pace over minutes of them.  The mixed tests (4 KiB at queue
 * depth 32, and the storage test's small reads and writes at depth 1–4),
 * reads and writes together: 60 MB/s and 2 GB/s (1 GB/s was passed by
 * the storage test on this project's virtual disk, which the host's
 * cache serves, in build-aux/bench-estimate --long). */
typedef struct
{
  double sequential;
  double burst;
  double mix;
} DriveSpeed;

static const DriveSpeed SLOW_DRIVE = { 150e6, 150e6, 60e6 };
static const DriveSpeed FAST_DRIVE = { 5e9, 2.5e9, 2e9 };


/* A timed phase's time at @bytes_per_s: its own, or less where its cap
 * ends it first. */
static double
capped_seconds (const DrivedashLongPhase *p,
                double                    bytes_per_s)
{
  if (p->max_bytes > 0)
    return MIN (p->seconds, (double) p->max_bytes / bytes_per_s);
  return p->seconds;
}

/* What one phase writes and how long it takes on @drive. */
static void
estimate_phase (const DrivedashLongTestSettings *s,
                const DrivedashLongPhase        *p,
                guint64                          file_size,
                const DriveSpeed                *drive,
                double                          *bytes,
                double                          *seconds)
{
  switch (p->kind)
    {
    case DRIVEDASH_LONG_PHASE_PREPARE:
    case DRIVEDASH_LONG_PHASE_FILL:
      *bytes = (double) p->bytes;
      *seconds = (double) p->bytes / drive->sequential;
      break;
    case DRIVEDASH_LONG_PHASE_BURST:
      *seconds = capped_seconds (p, drive->burst);
      *bytes = *seconds * drive->burst;
      break;
    case DRIVEDASH_LONG_PHASE_MEASURE:
      if (p->bytes > 0)
        {
          /* The storage test's requests come from one seed: what they
           * write is known exactly (about 40 %, but its few 1 MiB runs
           * make it 30–55 % for a given file). */
          *bytes = (double) drivedash_long_io_trace_write_bytes (MAX (file_size, p->bytes), p->bytes,
                                                                 DRIVEDASH_LONG_IO_STORAGE_SEED);
          *seconds = (double) p->bytes / drive->mix;
        }
      else
        {
          /* Each request is a write by chance (read_percent): over n
           * requests the share of writes strays by about
           * sqrt(w(1-w)/n); the range takes four of those either way
           * (Sustained Quick wrote 0.1 % more than its share). */
          double moved, w = (100 - s->read_percent) / 100.0, n, spread;

          *seconds = capped_seconds (p, drive->mix);
          moved = *seconds * drive->mix;
          n = MAX (moved / MAX (s->block_size, 512), 1);
          spread = 4 * sqrt (w * (1 - w) / n);
          *bytes = moved * CLAMP (drive == &FAST_DRIVE ? w + spread : w - spread, 0, 1);
        }
      break;
    case DRIVEDASH_LONG_PHASE_IDLE:
    default:
      *bytes = 0;
      *seconds = p->seconds;
      break;
    }
}

void
drivedash_long_test_estimate (const DrivedashLongTestSettings *settings,
                              guint64                          amount,
                              DrivedashLongEstimate           *out)
{
  g_autoptr(GArray) plan = drivedash_long_test_plan (settings, amount);
  double slow_bytes = 0, slow_s = 0, fast_bytes = 0, fast_s = 0;
  /* The test's file: the fill for the tests that fill, as the run makes it. */
  guint64 file_size = drivedash_long_test_kind_fills (settings->kind) ? amount : settings->file_size;

  for (guint i = 0; i < plan->len; i++)
    {
      const DrivedashLongPhase *p = &g_array_index (plan, DrivedashLongPhase, i);
      double bytes, seconds;

      estimate_phase (settings, p, file_size, &SLOW_DRIVE, &bytes, &seconds);
      slow_bytes += bytes;
      slow_s += seconds;
      estimate_phase (settings, p, file_size, &FAST_DRIVE, &bytes, &seconds);
      fast_bytes += bytes;
      fast_s += seconds;
    }
  out->bytes_low = (guint64) slow_bytes;
  out->bytes_high = (guint64) fast_bytes;
  out->seconds_low = fast_s;
  out->seconds_high = slow_s;
}

static guint64 margin_override = G_MAXUINT64;

void
drivedash_long_test_set_free_margin_for_testing (guint64 bytes)
{
  margin_override = bytes;
}

/* The size and free space of @folder's filesystem (NULL = home); the
 * simulated drive's for its folder.  FALSE when unknown. */
static gboolean
folder_space (const char *folder,
              guint64    *size,
              guint64    *avail)
{
  struct statvfs sv;

  if (g_strcmp0 (folder, DRIVEDASH_SIM_DRIVE_FOLDER) == 0)
    {
      *size = DRIVEDASH_SIM_DRIVE_CAPACITY;
      *avail = DRIVEDASH_SIM_DRIVE_FREE;
      return TRUE;
    }
  if (statvfs (folder ? folder : g_get_home_dir (), &sv) != 0 || sv.f_blocks == 0)
    return FALSE;
  *size = (guint64) sv.f_blocks * sv.f_frsize;
  *avail = (guint64) sv.f_bavail * sv.f_frsize;
  return TRUE;
}

gboolean
drivedash_long_test_resolve_amount (const char *folder,
                                    guint64     wanted,
                                    guint64    *out_amount,
                                    GError    **error)
{
  guint64 size, avail, margin, allowed;

  if (!folder_space (folder, &size, &avail))
    {
      /* Unknown: the file's own creation checks space; nothing to add. */
      if (wanted == 0)
        {
          g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                               _("The free space of this folder cannot be read. "
                                 "Choose an amount to write."));
          return FALSE;
        }
      *out_amount = wanted;
      return TRUE;
    }
  margin = margin_override != G_MAXUINT64 ? margin_override : MAX (size / 10, 5 * GIB);
  allowed = avail > margin ? MIN (avail - margin, size) / 4096 * 4096 : 0;
  if (wanted == 0)
    wanted = allowed;
  if (wanted == 0 || wanted > allowed)
    {
      g_autofree char *m = g_format_size (margin);
      g_autofree char *a = g_format_size (avail);

      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NO_SPACE,
                   _("Not enough free space: the test must leave at least %s free and only %s are free. "
                     "Choose a smaller amount or free some space."), m, a);
      return FALSE;
    }
  *out_amount = wanted;
  return TRUE;
}

gboolean
drivedash_long_test_settings_resolve_amount (const DrivedashLongTestSettings  *settings,
                                             guint64                          *out_amount,
                                             GError                          **error)
{
  guint64 wanted = settings->amount;

  if (wanted == 0 && settings->fill_cap > 0)
    {
      guint64 all;

      /* As much as the free space allows, up to the cap. */
      if (drivedash_long_test_resolve_amount (settings->folder, 0, &all, NULL))
        {
          *out_amount = MIN (all, settings->fill_cap);
          return TRUE;
        }
      /* Free space unknown or too little: the cap says which. */
      wanted = settings->fill_cap;
    }
  return drivedash_long_test_resolve_amount (settings->folder, wanted, out_amount, error);
}
