/* drivedash-bench-spec.h — benchmark test specs ("RND4K Q32T16") and presets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_BENCH_PATTERN_SEQ,  /* sequential, each thread its own region */
  DRIVEDASH_BENCH_PATTERN_RND,  /* random block-aligned offsets */
} DrivedashBenchPattern;

typedef enum
{
  DRIVEDASH_BENCH_MODE_READ,
  DRIVEDASH_BENCH_MODE_WRITE,
  DRIVEDASH_BENCH_MODE_MIX,     /* settings->mix_read_percent reads, the rest writes */
} DrivedashBenchMode;

#define DRIVEDASH_TYPE_BENCH_MODE (drivedash_bench_mode_get_type ())
GType drivedash_bench_mode_get_type (void) G_GNUC_CONST;

/* Flags for choosing which modes a preset expands to. */
typedef enum
{
  DRIVEDASH_BENCH_MODES_READ  = 1 << DRIVEDASH_BENCH_MODE_READ,
  DRIVEDASH_BENCH_MODES_WRITE = 1 << DRIVEDASH_BENCH_MODE_WRITE,
  DRIVEDASH_BENCH_MODES_MIX   = 1 << DRIVEDASH_BENCH_MODE_MIX,
  DRIVEDASH_BENCH_MODES_READ_WRITE = DRIVEDASH_BENCH_MODES_READ | DRIVEDASH_BENCH_MODES_WRITE,
} DrivedashBenchModes;

/* One test: a plain value type, copy it freely. */
typedef struct
{
  DrivedashBenchPattern pattern;
  DrivedashBenchMode    mode;
  guint32               block_size;   /* bytes, a multiple of 512 */
  guint                 queue_depth;  /* I/Os in flight per thread, 1..1024 */
  guint                 threads;      /* 1..256 */
} DrivedashBenchSpec;

/* Parses "SEQ1M Q8T1", "RND4K Q32T16", "seq128k q32t1" (case-insensitive,
 * space optional; sizes K/KiB, M/MiB = 1024-based like CrystalDiskMark),
 * optionally followed by a mode word "read", "write" or "mix" which
 * overrides @default_mode.  On failure returns FALSE and sets a
 * DRIVEDASH_ERROR_INVALID_ARGUMENT error written for people. */
gboolean    drivedash_bench_spec_parse      (const char               *text,
                                             DrivedashBenchMode        default_mode,
                                             DrivedashBenchSpec       *out_spec,
                                             GError                  **error);

/* "RND4K Q32T16": stable, not translated; parses back with _parse(). */
char       *drivedash_bench_spec_to_string  (const DrivedashBenchSpec *spec);

/* "RND4K Q32T16 Read" with the mode translated — for labels. */
char       *drivedash_bench_spec_dup_label  (const DrivedashBenchSpec *spec);

gboolean    drivedash_bench_spec_equal      (const DrivedashBenchSpec *a,
                                             const DrivedashBenchSpec *b);

/* "read", "write", "mix": stable ids (CLI, JSON). */
const char *drivedash_bench_mode_to_string  (DrivedashBenchMode        mode);
gboolean    drivedash_bench_mode_from_string (const char              *text,
                                              DrivedashBenchMode      *out_mode);
/* "Read", "Write", "Mix", translated. */
const char *drivedash_bench_mode_get_display_name (DrivedashBenchMode mode);

/* Presets (DESIGN.md §3). Ids are stable ("cdm-default", "quick",
 * "cdm-nvme", "real", "peak", "cdm6"); names are plain words ("Quick
 * check"), translated at display time. */
typedef struct
{
  const char        *id;
  const char        *name;        /* N_() — pass through _() / gettext() */
  const char        *description; /* N_() */
  const char *const *specs;       /* NULL-terminated spec strings, no mode */
  const char        *cdm_name;    /* CrystalDiskMark's own name ("CDM NVMe"), a second
                                     label; not translated; NULL when it has none */
} DrivedashBenchPreset;

#define DRIVEDASH_BENCH_DEFAULT_PRESET "cdm-default"

const DrivedashBenchPreset *drivedash_bench_presets_get   (guint      *n_presets);
/* Matches the id, the untranslated name or the CrystalDiskMark name,
 * case-insensitively ("cdm-nvme", "NVMe (deep queues)", "CDM NVMe"). */
const DrivedashBenchPreset *drivedash_bench_preset_lookup (const char *id_or_name);

/* Expands a preset into tests the CrystalDiskMark way: every spec for the
 * first mode in @modes, then every spec for the next (reads first, then
 * writes, then mix).  Returns a GArray of DrivedashBenchSpec. */
GArray     *drivedash_bench_preset_expand (const DrivedashBenchPreset *preset,
                                           DrivedashBenchModes         modes);

/* The same for user-given specs (already parsed, their mode ignored). */
GArray     *drivedash_bench_specs_expand  (const DrivedashBenchSpec   *specs,
                                           guint                       n_specs,
                                           DrivedashBenchModes         modes);

G_END_DECLS
