/* drivedash-bench-words.c — benchmark terms in plain words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-bench-words.h"
#include "drivedash-format.h"

/* Up to 64 KiB, random requests behave like small files and program
 * files; larger random blocks are rare in daily use. */
#define SMALL_BLOCK (64u * 1024)

/* Requests in flight, all threads together. */
static guint
in_flight (const DrivedashBenchSpec *spec)
{
  return spec->queue_depth * spec->threads;
}

static const char *
load_words (const DrivedashBenchSpec *spec)
{
  guint n = in_flight (spec);

  if (n == 1)
    return spec->pattern == DRIVEDASH_BENCH_PATTERN_SEQ
      ? C_("bench load", "one at a time") : C_("bench load", "everyday");
  if (n <= 16)
    return C_("bench load", "several at once");
  return C_("bench load", "under heavy load");
}

static const char *
random_words (const DrivedashBenchSpec *spec)
{
  gboolean small = spec->block_size <= SMALL_BLOCK;

  switch (spec->mode)
    {
    case DRIVEDASH_BENCH_MODE_WRITE:
      return small ? _("Small random writes") : _("Random writes of large blocks");
    case DRIVEDASH_BENCH_MODE_MIX:
      return small ? _("Small random reads and writes") : _("Random reads and writes of large blocks");
    case DRIVEDASH_BENCH_MODE_READ:
    default:
      return small ? _("Small random reads") : _("Random reads of large blocks");
    }
}

char *
drivedash_bench_spec_dup_plain (const DrivedashBenchSpec *spec)
{
  const char *what = spec->pattern == DRIVEDASH_BENCH_PATTERN_SEQ
    ? _("Large files") : random_words (spec);

  /* Translators: "Large files, one at a time": what a test does, then how busy */
  return g_strdup_printf (C_("bench test title", "%s, %s"), what, load_words (spec));
}

char *
drivedash_bench_spec_dup_counted (const DrivedashBenchSpec *spec)
{
  guint n = in_flight (spec);

  if (spec->pattern != DRIVEDASH_BENCH_PATTERN_SEQ)
    /* Translators: "Small random reads, 32 at a time": what, then how many requests wait at once */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u at a time", "%s, %u at a time", n),
                            random_words (spec), n);
  switch (spec->mode)
    {
    case DRIVEDASH_BENCH_MODE_WRITE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Writing large files, %u at a time",
                                           "Writing large files, %u at a time", n), n);
    case DRIVEDASH_BENCH_MODE_MIX:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Reading and writing large files, %u at a time",
                                           "Reading and writing large files, %u at a time", n), n);
    case DRIVEDASH_BENCH_MODE_READ:
    default:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Reading large files, %u at a time",
                                           "Reading large files, %u at a time", n), n);
    }
}

char *
drivedash_bench_spec_dup_title (const DrivedashBenchSpec *spec)
{
  g_autofree char *plain = drivedash_bench_spec_dup_plain (spec);
  g_autofree char *name = drivedash_bench_spec_to_string (spec);

  /* Translators: "Large files, one at a time (SEQ1M Q1T1)" */
  return g_strdup_printf (C_("bench test title", "%s (%s)"), plain, name);
}

static char *
block_words (guint32 block_size)
{
  if (block_size >= 1024 * 1024 && block_size % (1024 * 1024) == 0)
    /* Translators: a block size in MiB */
    return g_strdup_printf (_("%u MiB"), block_size / (1024 * 1024));
  if (block_size % 1024 == 0)
    /* Translators: a block size in KiB */
    return g_strdup_printf (_("%u KiB"), block_size / 1024);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u byte", "%u bytes", block_size),
                          block_size);
}

/* Whole sentences per mode: languages put the verb in different places. */
static char *
pattern_sentence (const DrivedashBenchSpec *spec)
{
  g_autofree char *block = block_words (spec->block_size);
  gboolean seq = spec->pattern == DRIVEDASH_BENCH_PATTERN_SEQ;

  switch (spec->mode)
    {
    case DRIVEDASH_BENCH_MODE_WRITE:
      return g_strdup_printf (seq
        /* Translators: %s is a block size, "1 MiB" */
        ? _("Writes one long stretch of the test file in %s pieces, like saving a large video.")
        /* Translators: %s is a block size, "4 KiB" */
        : _("Writes %s pieces to random places in the test file, like programs saving settings "
            "and many small files."), block);
    case DRIVEDASH_BENCH_MODE_MIX:
      return g_strdup_printf (seq
        /* Translators: %s is a block size, "1 MiB" */
        ? _("Reads and writes one long stretch of the test file in %s pieces, like copying "
            "within the drive.")
        /* Translators: %s is a block size, "4 KiB" */
        : _("Reads and writes %s pieces in random places of the test file, like a busy "
            "database."), block);
    case DRIVEDASH_BENCH_MODE_READ:
    default:
      return g_strdup_printf (seq
        /* Translators: %s is a block size, "1 MiB" */
        ? _("Reads one long stretch of the test file in %s pieces, like copying a large video.")
        /* Translators: %s is a block size, "4 KiB" */
        : _("Reads %s pieces from random places in the test file, like starting programs or "
            "opening many small files."), block);
    }
}

static char *
load_sentence (const DrivedashBenchSpec *spec)
{
  guint n = in_flight (spec);

  if (n == 1)
    return g_strdup (_("One request at a time: each waits for the one before. This is what most "
                       "programs do, and what you feel."));
  if (spec->threads == 1)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%u request waits at once, from one program.",
                                         "%u requests wait at once, from one program.",
                                         n), n);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%u request waits at once, from %u programs working together.",
                                       "%u requests wait at once, from %u programs working together.",
                                       n), n, spec->threads);
}

char *
drivedash_bench_spec_dup_tooltip (const DrivedashBenchSpec *spec)
{
  g_autofree char *pattern = pattern_sentence (spec);
  g_autofree char *load = load_sentence (spec);

  if (in_flight (spec) > 1)
    return g_strdup_printf ("%s %s %s", pattern, load,
                            _("Busy computers (servers, big copies) load a drive like this; "
                              "it shows the most the drive can do."));
  return g_strdup_printf ("%s %s", pattern, load);
}

/* Within this much of the asked size, the device saw the requests as sent. */
#define REQUEST_TOLERANCE 0.05

char *
drivedash_bench_result_dup_request_words (const DrivedashBenchResult *result)
{
  double seen, ratio;
  g_autofree char *seen_text = NULL;
  g_autofree char *asked_text = NULL;

  if (result->device_passes == NULL)
    return NULL;
  seen = drivedash_bench_device_count_request_size (&result->device_total.device);
  if (seen <= 0)
    return NULL;
  ratio = seen / result->spec.block_size;
  seen_text = drivedash_format_size_iec ((guint64) (seen + 0.5));
  asked_text = block_words (result->spec.block_size);
  if (ratio > 1 + REQUEST_TOLERANCE)
    /* Translators: "The drive saw 2.7 MiB requests on average: Linux joined your 1 MiB requests." */
    return g_strdup_printf (_("The drive saw %s requests on average: Linux joined your %s requests."),
                            seen_text, asked_text);
  if (ratio < 1 - REQUEST_TOLERANCE && result->max_request_bytes > 0 &&
      result->max_request_bytes < result->spec.block_size)
    {
      g_autofree char *limit = drivedash_format_size_iec (result->max_request_bytes);

      /* Translators: "The drive saw 512 KiB requests on average: it takes at most
       * 512 KiB in one request, so Linux split your 1 MiB requests." */
      return g_strdup_printf (_("The drive saw %s requests on average: it takes at most %s in one "
                                "request, so Linux split your %s requests."),
                              seen_text, limit, asked_text);
    }
  if (ratio < 1 - REQUEST_TOLERANCE)
    /* Translators: "The drive saw 512 KiB requests on average: Linux split your 1 MiB requests." */
    return g_strdup_printf (_("The drive saw %s requests on average: Linux split your %s requests."),
                            seen_text, asked_text);
  /* Within the tolerance the size asked for is the one to say: "1 MiB",
   * not the "1023 KiB" another program's few small requests make of it. */
  /* Translators: "The drive saw 1 MiB requests, as asked." */
  return g_strdup_printf (_("The drive saw %s requests, as asked."), asked_text);
}

char *
drivedash_bench_result_dup_device_words (const DrivedashBenchResult *result)
{
  g_autofree char *requests = NULL;
  GString *s;

  if (result->device_passes == NULL)
    return g_strdup (result->kept_device_words);
  /* Where a cache answered, the few requests the drive saw were not the
   * test's: their size says nothing about how Linux sent the test's. */
  if (!result->served_from_cache)
    requests = drivedash_bench_result_dup_request_words (result);
  s = g_string_new (requests);
  if (result->others_used_drive)
    g_string_append_printf (s, "%s%s", s->len ? " " : "",
                            _("Other programs used the drive during the test."));
  /* That a cache answered is a doubt (doubt_words), said with the others. */
  if (s->len == 0)
    return g_string_free (s, TRUE);
  return g_string_free (s, FALSE);
}

typedef char *(*WordsFunc) (const DrivedashBenchResult *result);

static char *
doubt_words (const DrivedashBenchResult *result)
{
  return g_strdup (result->doubt_words);
}

static char *
report_lines (const DrivedashBenchReport *report,
              WordsFunc                   words_of)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < report->results->len; i++)
    {
      const DrivedashBenchResult *r = g_ptr_array_index (report->results, i);
      g_autofree char *words = words_of (r);
      g_autofree char *label = NULL;

      if (words == NULL)
        continue;
      label = drivedash_bench_spec_dup_label (&r->spec);
      /* Translators: "SEQ1M Q8T1 Read: The drive saw 1 MiB requests, as asked." */
      g_string_append_printf (s, _("%s%s: %s"), s->len ? "\n" : "", label, words);
    }
  if (s->len == 0)
    return g_string_free (s, TRUE);
  return g_string_free (s, FALSE);
}

char *
drivedash_bench_report_dup_device_text (const DrivedashBenchReport *report)
{
  return report_lines (report, drivedash_bench_result_dup_device_words);
}

char *
drivedash_bench_report_dup_doubt_text (const DrivedashBenchReport *report)
{
  return report_lines (report, doubt_words);
}

const char *
drivedash_bench_explain_mb_per_s (void)
{
  return _("MB/s: megabytes moved per second (1 MB = 1,000,000 bytes, as drive makers count). "
           "Higher is better.");
}

const char *
drivedash_bench_explain_iops (void)
{
  return _("IOPS: how many separate requests the drive finished per second. It matters for "
           "small pieces of data, such as starting programs. Higher is better.");
}

const char *
drivedash_bench_explain_latency (void)
{
  return _("Latency: how long one request took, from asking to getting the answer, in "
           "microseconds (µs, millionths of a second). Lower is better.");
}

const char *
drivedash_bench_explain_p99 (void)
{
  /* xgettext:no-c-format */
  return _("p99: 99 of every 100 requests finished at least this fast; only the slowest 1 in "
           "100 took longer. It shows the rare slow moments you notice as stutter. Lower is "
           "better.");
}

const char *
drivedash_bench_explain_queue (void)
{
  return _("Q and T: Q is how many requests wait at once in each thread, T how many threads "
           "send them. Q1T1 is one request at a time, like most programs.");
}
