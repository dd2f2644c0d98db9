/* drivedash-bench-spec.c — benchmark test specs and presets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "drivedash-bench-spec.h"
#include "drivedash-error.h"

G_DEFINE_ENUM_TYPE (DrivedashBenchMode, drivedash_bench_mode,
  G_DEFINE_ENUM_VALUE (DRIVEDASH_BENCH_MODE_READ, "read"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_BENCH_MODE_WRITE, "write"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_BENCH_MODE_MIX, "mix"))

#define MAX_QUEUE_DEPTH 1024
#define MAX_THREADS     256
#define MAX_BLOCK_SIZE  (64u << 20)

/* Reads an unsigned decimal number; advances *p. */
static gboolean
read_number (const char **p,
             guint64     *out)
{
  const char *s = *p;
  guint64 value = 0;

  if (!g_ascii_isdigit (*s))
    return FALSE;
  while (g_ascii_isdigit (*s))
    {
      value = value * 10 + (guint64) (*s - '0');
      if (value > G_MAXUINT32)
        return FALSE;
      s++;
    }
  *out = value;
  *p = s;
  return TRUE;
}

static const char *
skip_spaces (const char *p)
{
  while (g_ascii_isspace (*p))
    p++;
  return p;
}

gboolean
drivedash_bench_spec_parse (const char          *text,
                            DrivedashBenchMode   default_mode,
                            DrivedashBenchSpec  *out_spec,
                            GError             **error)
{
  DrivedashBenchSpec spec = { 0 };
  const char *p;
  guint64 n, unit;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out_spec != NULL, FALSE);

  spec.mode = default_mode;
  p = skip_spaces (text);

  if (g_ascii_strncasecmp (p, "SEQ", 3) == 0)
    spec.pattern = DRIVEDASH_BENCH_PATTERN_SEQ;
  else if (g_ascii_strncasecmp (p, "RND", 3) == 0)
    spec.pattern = DRIVEDASH_BENCH_PATTERN_RND;
  else
    goto bad;
  p += 3;

  /* Block size: number, then K/KiB/M/MiB (no suffix = bytes). */
  if (!read_number (&p, &n))
    goto bad;
  unit = 1;
  if (g_ascii_toupper (*p) == 'K')
    unit = 1024;
  else if (g_ascii_toupper (*p) == 'M')
    unit = 1024 * 1024;
  if (unit != 1)
    p++;
  if (unit != 1 && g_ascii_strncasecmp (p, "iB", 2) == 0)
    p += 2;
  else if (unit != 1 && g_ascii_toupper (*p) == 'B')
    p++;
  n *= unit;
  if (n == 0 || n % 512 != 0 || n > MAX_BLOCK_SIZE)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("The block size in “%s” must be a multiple of 512 bytes and at most 64 MiB."),
                   text);
      return FALSE;
    }
  spec.block_size = (guint32) n;

  p = skip_spaces (p);
  if (g_ascii_toupper (*p) != 'Q')
    goto bad;
  p++;
  if (!read_number (&p, &n))
    goto bad;
  if (n == 0 || n > MAX_QUEUE_DEPTH)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("The queue depth in “%s” must be between 1 and %u."),
                   text, MAX_QUEUE_DEPTH);
      return FALSE;
    }
  spec.queue_depth = (guint) n;

  p = skip_spaces (p);
  if (g_ascii_toupper (*p) != 'T')
    goto bad;
  p++;
  if (!read_number (&p, &n))
    goto bad;
  if (n == 0 || n > MAX_THREADS)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("The thread count in “%s” must be between 1 and %u."),
                   text, MAX_THREADS);
      return FALSE;
    }
  spec.threads = (guint) n;

  p = skip_spaces (p);
  if (*p != '\0')
    {
      g_autofree char *word = g_strstrip (g_strdup (p));

      if (!drivedash_bench_mode_from_string (word, &spec.mode))
        goto bad;
    }

  *out_spec = spec;
  return TRUE;

bad:
  g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
               _("“%s” is not a test. Write it like “SEQ1M Q8T1” or “RND4K Q32T16”: "
                 "SEQ or RND, a block size, a queue depth and a thread count."),
               text);
  return FALSE;
}

static char *
format_block_size (guint32 block_size)
{
  if (block_size % (1024 * 1024) == 0)
    return g_strdup_printf ("%uM", block_size / (1024 * 1024));
  if (block_size % 1024 == 0)
    return g_strdup_printf ("%uK", block_size / 1024);
  return g_strdup_printf ("%u", block_size);
}

char *
drivedash_bench_spec_to_string (const DrivedashBenchSpec *spec)
{
  g_autofree char *bs = format_block_size (spec->block_size);

  return g_strdup_printf ("%s%s Q%uT%u",
                          spec->pattern == DRIVEDASH_BENCH_PATTERN_SEQ ? "SEQ" : "RND",
                          bs, spec->queue_depth, spec->threads);
}

char *
drivedash_bench_spec_dup_label (const DrivedashBenchSpec *spec)
{
  g_autofree char *name = drivedash_bench_spec_to_string (spec);

  /* TRANSLATORS: a test name and its mode, e.g. "RND4K Q32T16 Read" */
  return g_strdup_printf (C_("bench test label", "%s %s"), name,
                          drivedash_bench_mode_get_display_name (spec->mode));
}

gboolean
drivedash_bench_spec_equal (const DrivedashBenchSpec *a,
                            const DrivedashBenchSpec *b)
{
  return a->pattern == b->pattern && a->mode == b->mode &&
         a->block_size == b->block_size && a->queue_depth == b->queue_depth &&
         a->threads == b->threads;
}

const char *
drivedash_bench_mode_to_string (DrivedashBenchMode mode)
{
  switch (mode)
    {
    case DRIVEDASH_BENCH_MODE_READ:
      return "read";
    case DRIVEDASH_BENCH_MODE_WRITE:
      return "write";
    case DRIVEDASH_BENCH_MODE_MIX:
      return "mix";
    default:
      g_return_val_if_reached ("read");
    }
}

gboolean
drivedash_bench_mode_from_string (const char         *text,
                                  DrivedashBenchMode *out_mode)
{
  if (g_ascii_strcasecmp (text, "read") == 0)
    *out_mode = DRIVEDASH_BENCH_MODE_READ;
  else if (g_ascii_strcasecmp (text, "write") == 0)
    *out_mode = DRIVEDASH_BENCH_MODE_WRITE;
  else if (g_ascii_strcasecmp (text, "mix") == 0)
    *out_mode = DRIVEDASH_BENCH_MODE_MIX;
  else
    return FALSE;
  return TRUE;
}

const char *
drivedash_bench_mode_get_display_name (DrivedashBenchMode mode)
{
  switch (mode)
    {
    case DRIVEDASH_BENCH_MODE_READ:
      return C_("bench mode", "Read");
    case DRIVEDASH_BENCH_MODE_WRITE:
      return C_("bench mode", "Write");
    case DRIVEDASH_BENCH_MODE_MIX:
      return C_("bench mode", "Mix");
    default:
      g_return_val_if_reached ("");
    }
}

static const char *const cdm_default_specs[] = {
  "SEQ1M Q8T1", "SEQ1M Q1T1", "RND4K Q32T1", "RND4K Q1T1", NULL
};
static const char *const cdm_nvme_specs[] = {
  "SEQ1M Q8T1", "SEQ128K Q32T1", "RND4K Q32T16", "RND4K Q1T1", NULL
};
static const char *const cdm6_specs[] = {
  "SEQ1M Q32T1", "RND4K Q8T8", "RND4K Q32T1", "RND4K Q1T1", NULL
};
/* CrystalDiskMark's "Peak Performance" and "Real World Performance"
 * profiles (NVMe flavour for peak). */
static const char *const peak_specs[] = {
  "SEQ1M Q8T1", "RND4K Q32T16", NULL
};
static const char *const real_specs[] = {
  "SEQ1M Q1T1", "RND4K Q1T1", NULL
};
/* The headline figure and the one people feel: half the tests of the
 * standard set. */
static const char *const quick_specs[] = {
  "SEQ1M Q8T1", "RND4K Q1T1", NULL
};

/* Plain names first; CrystalDiskMark's own name stays as a second label
 * for people comparing with it (and is accepted by _lookup()). */
static const DrivedashBenchPreset presets[] = {
  { "cdm-default", N_("Standard (like CrystalDiskMark)"),
    N_("CrystalDiskMark’s four usual tests: good for any drive and for comparing with others"),
    cdm_default_specs, "CDM Default" },
  { "quick", N_("Quick check"),
    N_("Two tests only, large files and everyday small reads: about half the time"),
    quick_specs, NULL },
  { "cdm-nvme", N_("NVMe (deep queues)"),
    N_("CrystalDiskMark’s tests for NVMe drives: many requests at once, as fast drives need"),
    cdm_nvme_specs, "CDM NVMe" },
  { "real", N_("Everyday programs"),
    N_("What everyday programs feel: one request at a time"), real_specs, "Real" },
  { "peak", N_("Maximum"),
    N_("The most the drive can do: deep queues and many threads at once"), peak_specs, "Peak" },
  { "cdm6", N_("Older reviews (CrystalDiskMark 6)"),
    N_("The tests of CrystalDiskMark 6, for comparing with older reviews"), cdm6_specs, "CDM 6" },
};

const DrivedashBenchPreset *
drivedash_bench_presets_get (guint *n_presets)
{
  if (n_presets != NULL)
    *n_presets = G_N_ELEMENTS (presets);
  return presets;
}

const DrivedashBenchPreset *
drivedash_bench_preset_lookup (const char *id_or_name)
{
  g_return_val_if_fail (id_or_name != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    if (g_ascii_strcasecmp (presets[i].id, id_or_name) == 0 ||
        g_ascii_strcasecmp (presets[i].name, id_or_name) == 0 ||
        (presets[i].cdm_name != NULL &&
         g_ascii_strcasecmp (presets[i].cdm_name, id_or_name) == 0))
      return &presets[i];
  return NULL;
}

GArray *
drivedash_bench_specs_expand (const DrivedashBenchSpec *specs,
                              guint                     n_specs,
                              DrivedashBenchModes       modes)
{
  GArray *tests = g_array_new (FALSE, FALSE, sizeof (DrivedashBenchSpec));
  static const DrivedashBenchMode order[] = {
    DRIVEDASH_BENCH_MODE_READ, DRIVEDASH_BENCH_MODE_WRITE, DRIVEDASH_BENCH_MODE_MIX,
  };

  for (guint m = 0; m < G_N_ELEMENTS (order); m++)
    {
      if (!(modes & (1 << order[m])))
        continue;
      for (guint i = 0; i < n_specs; i++)
        {
          DrivedashBenchSpec spec = specs[i];

          spec.mode = order[m];
          g_array_append_val (tests, spec);
        }
    }
  return tests;
}

GArray *
drivedash_bench_preset_expand (const DrivedashBenchPreset *preset,
                               DrivedashBenchModes         modes)
{
  g_autoptr(GArray) specs = g_array_new (FALSE, FALSE, sizeof (DrivedashBenchSpec));

  g_return_val_if_fail (preset != NULL, NULL);

  for (guint i = 0; preset->specs[i] != NULL; i++)
    {
      DrivedashBenchSpec spec;

      /* Our own table: a failure here is a programming error. */
      if (!drivedash_bench_spec_parse (preset->specs[i], DRIVEDASH_BENCH_MODE_READ, &spec, NULL))
        g_assert_not_reached ();
      g_array_append_val (specs, spec);
    }

  return drivedash_bench_specs_expand ((const DrivedashBenchSpec *) (gpointer) specs->data,
                                       specs->len, modes);
}
