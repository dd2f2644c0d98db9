/* drivedash-bench-fio.c — the fio command that does a test's work
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "drivedash-bench.h"
#include "drivedash-bench-fio.h"

/* fio reads times as whole numbers with a unit: 5 s as "5", 0.3 s as
 * "300ms" ("0.3" would be refused or cut to 0). */
static char *
fio_time (double seconds)
{
  guint64 ms = (guint64) (seconds * 1000 + 0.5);

  if (ms % 1000 == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT, ms / 1000);
  return g_strdup_printf ("%" G_GUINT64_FORMAT "ms", ms);
}

static const char *
fio_rw (const DrivedashBenchSpec *spec)
{
  gboolean seq = spec->pattern == DRIVEDASH_BENCH_PATTERN_SEQ;

  switch (spec->mode)
    {
    case DRIVEDASH_BENCH_MODE_WRITE:
      return seq ? "write" : "randwrite";
    case DRIVEDASH_BENCH_MODE_MIX:
      return seq ? "rw" : "randrw";
    case DRIVEDASH_BENCH_MODE_READ:
    default:
      return seq ? "read" : "randread";
    }
}

/* fio takes ':' in --filename as a separator between files: "\\:" is
 * a colon of the name. */
static char *
fio_file (const DrivedashBenchSettings *settings)
{
  const char *folder = settings->folder != NULL ? settings->folder : g_get_home_dir ();
  g_autofree char *absolute = g_canonicalize_filename (folder, NULL);
  g_autofree char *path = g_build_filename (absolute, DRIVEDASH_BENCH_FIO_FILE, NULL);
  g_auto(GStrv) parts = g_strsplit (path, ":", -1);

  return g_strjoinv ("\\:", parts);
}

/* Where the engine gives each sequential thread its own stretch of the
 * file, each fio job gets the same one; fio would otherwise start them
 * all at 0 (or, with --offset_increment alone, grow the file). */
static void
add_size (GPtrArray                    *argv,
          const DrivedashBenchSettings *settings,
          const DrivedashBenchSpec     *spec)
{
  guint64 file_size = settings->test_size / DRIVEDASH_BENCH_FILE_GRANULE * DRIVEDASH_BENCH_FILE_GRANULE;
  guint64 stretch = file_size / spec->block_size / spec->threads * spec->block_size;

  if (spec->pattern != DRIVEDASH_BENCH_PATTERN_SEQ || spec->threads == 1)
    {
      g_ptr_array_add (argv, g_strdup_printf ("--size=%" G_GUINT64_FORMAT, file_size));
      return;
    }
  g_ptr_array_add (argv, g_strdup_printf ("--filesize=%" G_GUINT64_FORMAT, file_size));
  g_ptr_array_add (argv, g_strdup_printf ("--size=%" G_GUINT64_FORMAT, stretch));
  g_ptr_array_add (argv, g_strdup_printf ("--offset_increment=%" G_GUINT64_FORMAT, stretch));
}

GStrv
drivedash_bench_fio_argv (const DrivedashBenchSettings *settings,
                          const DrivedashBenchSpec     *spec)
{
  GPtrArray *argv = g_ptr_array_new ();
  g_autofree char *name = drivedash_bench_spec_to_string (spec);
  g_autofree char *file = fio_file (settings);
  g_autofree char *runtime = fio_time (settings->pass_duration * settings->passes);

  g_strdelimit (name, " ", '-');
  g_ptr_array_add (argv, g_strdup ("fio"));
  g_ptr_array_add (argv, g_strdup_printf ("--name=%s-%s", name, drivedash_bench_mode_to_string (spec->mode)));
  g_ptr_array_add (argv, g_strconcat ("--filename=", file, NULL));
  add_size (argv, settings, spec);
  g_ptr_array_add (argv, g_strdup ("--direct=1"));
  g_ptr_array_add (argv, g_strdup ("--ioengine=io_uring"));
  g_ptr_array_add (argv, g_strdup_printf ("--rw=%s", fio_rw (spec)));
  if (spec->mode == DRIVEDASH_BENCH_MODE_MIX)
    g_ptr_array_add (argv, g_strdup_printf ("--rwmixread=%u", settings->mix_read_percent));
  g_ptr_array_add (argv, g_strdup_printf ("--bs=%u", spec->block_size));
  g_ptr_array_add (argv, g_strdup_printf ("--iodepth=%u", spec->queue_depth));
  /* fio submits each request on its own by default, as the engine's
   * sequential tests do; letting Linux join them is submitting the whole
   * queue at once, in one plug. */
  if (settings->merge_requests && spec->pattern == DRIVEDASH_BENCH_PATTERN_SEQ && spec->queue_depth > 1)
    g_ptr_array_add (argv, g_strdup_printf ("--iodepth_batch_submit=%u", spec->queue_depth));
  g_ptr_array_add (argv, g_strdup_printf ("--numjobs=%u", spec->threads));
  /* The engine picks every random block afresh, repeats allowed, and
   * never the same sequence twice. */
  if (spec->pattern == DRIVEDASH_BENCH_PATTERN_RND)
    {
      g_ptr_array_add (argv, g_strdup ("--norandommap"));
      g_ptr_array_add (argv, g_strdup ("--randrepeat=0"));
    }
  if (settings->data == DRIVEDASH_BENCH_DATA_ZEROS)
    g_ptr_array_add (argv, g_strdup ("--zero_buffers"));
  g_ptr_array_add (argv, g_strdup ("--time_based"));
  g_ptr_array_add (argv, g_strdup_printf ("--runtime=%s", runtime));
  if (settings->warmup)
    {
      g_autofree char *ramp = fio_time (settings->pass_duration);

      g_ptr_array_add (argv, g_strdup_printf ("--ramp_time=%s", ramp));
    }
  g_ptr_array_add (argv, g_strdup ("--group_reporting"));
  g_ptr_array_add (argv, NULL);
  return (GStrv) g_ptr_array_free (argv, FALSE);
}

/* Words of only these characters need no quotes in any shell. */
static gboolean
plain_word (const char *word)
{
  return *word != '\0' &&
         strspn (word, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                       "_@%+=:,./-") == strlen (word);
}

char *
drivedash_bench_fio_command_line (const DrivedashBenchSettings *settings,
                                  const DrivedashBenchSpec     *spec)
{
  g_auto(GStrv) argv = drivedash_bench_fio_argv (settings, spec);
  GString *line = g_string_new (NULL);

  for (guint i = 0; argv[i] != NULL; i++)
    {
      g_autofree char *quoted = plain_word (argv[i]) ? g_strdup (argv[i]) : g_shell_quote (argv[i]);

      g_string_append_printf (line, "%s%s", i > 0 ? " " : "", quoted);
    }
  return g_string_free (line, FALSE);
}
