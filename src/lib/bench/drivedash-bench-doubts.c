/* drivedash-bench-doubts.c — results that can't be the drive's true speed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-bench-doubts.h"
#include "drivedash-bench-engine-private.h"
#include "drivedash-bench-verdict.h"
#include "drivedash-endurance.h"
#include "drivedash-format.h"

void
drivedash_bench_report_read_bounds (DrivedashBenchReport      *report,
                                    const DrivedashFolderInfo *folder)
{
  const DrivedashBenchTestHooks *hooks = &drivedash_bench_test_hooks;
  DrivedashPcieLink link = { 0 };

  if (folder != NULL && folder->controller != NULL &&
      drivedash_pcie_link_read (NULL, folder->controller, &link))
    {
      report->link_gt_per_s = link.gt_per_s;
      report->link_width = link.width;
    }
  report->in_memory = folder != NULL && folder->in_memory;
  if (folder != NULL)
    drivedash_rated_speed_lookup (folder->drive_name, &report->rated_read_mb_per_s,
                                  &report->rated_write_mb_per_s);
  if (G_UNLIKELY (hooks->link_gt_per_s > 0))
    {
      report->link_gt_per_s = hooks->link_gt_per_s;
      report->link_width = hooks->link_width;
    }
  if (G_UNLIKELY (hooks->rated_mb_per_s > 0))
    report->rated_read_mb_per_s = report->rated_write_mb_per_s = hooks->rated_mb_per_s;
}

/* "8,100", or "1.45" where whole megabytes would hide the difference. */
static char *
format_mb (double mb_per_s)
{
  if (mb_per_s < 100)
    return drivedash_format_figure (mb_per_s, mb_per_s < 10 ? 2 : 1);
  return drivedash_format_count (DRIVEDASH_U128_INIT ((guint64) llround (mb_per_s), 0));
}

static void
add_words (GString    *s,
           const char *words)
{
  g_string_append_printf (s, "%s%s", s->len ? " " : "", words);
}

static void
judge_link (DrivedashBenchResult       *r,
            const DrivedashBenchReport *report,
            GString                    *s)
{
  double link = drivedash_pcie_usable_mb_per_s (report->link_gt_per_s, report->link_width);
  g_autofree char *figure = NULL, *link_text = NULL, *words = NULL;

  if (link <= 0 || r->mb_per_s <= link)
    return;
  figure = format_mb (r->mb_per_s);
  link_text = drivedash_pcie_link_dup_text (report->link_gt_per_s, report->link_width);
  /* Translators: "8,100 MB/s is more than … (PCIe 3.0 ×4, up to ~3,900 MB/s): …" */
  words = g_strdup_printf (_("%s MB/s is more than this drive’s connection can carry (%s): "
                             "something faster than the drive, such as a cache, answered."),
                           figure, link_text);
  r->doubts |= DRIVEDASH_BENCH_DOUBT_ABOVE_LINK;
  add_words (s, words);
}

static void
judge_rating (DrivedashBenchResult       *r,
              const DrivedashBenchReport *report,
              GString                    *s)
{
  guint rated = 0;
  g_autofree char *figure = NULL, *rated_text = NULL, *words = NULL;

  if (r->spec.mode == DRIVEDASH_BENCH_MODE_READ)
    rated = report->rated_read_mb_per_s;
  else if (r->spec.mode == DRIVEDASH_BENCH_MODE_WRITE)
    rated = report->rated_write_mb_per_s;
  if (rated == 0 || r->mb_per_s <= rated * DRIVEDASH_BENCH_RATING_SLACK)
    return;
  figure = format_mb (r->mb_per_s);
  rated_text = format_mb (rated);
  /* Translators: "8,100 MB/s is more than 15 % above the 3,500 MB/s …" */
  words = g_strdup_printf (_("%s MB/s is more than 15 %% above the %s MB/s the maker rates this "
                             "drive for: a cache probably answered part of it."),
                           figure, rated_text);
  r->doubts |= DRIVEDASH_BENCH_DOUBT_ABOVE_RATING;
  add_words (s, words);
}

static void
judge_cache (DrivedashBenchResult       *r,
             const DrivedashBenchReport *report,
             GString                    *s)
{
  if (report->in_memory)
    add_words (s, _("This folder is in the computer’s memory, not on a drive: the figure is the "
                    "memory’s speed."));
  else if (r->served_from_cache)
    add_words (s, r->served_from_cache_reason);
  else if (r->includes_cache)
    add_words (s, _("This test went through the computer’s memory, because the folder refuses "
                    "direct access to the drive: the figure is not only the drive’s."));
  else
    return;
  r->doubts |= DRIVEDASH_BENCH_DOUBT_CACHE;
}

static void
judge_unwritten (DrivedashBenchResult       *r,
                 const DrivedashBenchReport *report,
                 GString                    *s)
{
  guint64 size = report->settings->test_size;
  g_autofree char *missing = NULL, *whole = NULL, *words = NULL;

  if (r->spec.mode == DRIVEDASH_BENCH_MODE_WRITE || size == 0 ||
      (double) report->unwritten_bytes <= DRIVEDASH_BENCH_UNWRITTEN_SHARE * (double) size)
    return;
  missing = drivedash_format_bytes (report->unwritten_bytes);
  whole = drivedash_format_bytes (size);
  /* Translators: "512 MB of the 1.1 GB test file was never written, …" */
  words = g_strdup_printf (_("%s of the %s test file was never written, and the computer answers "
                             "reads of it without asking the drive: this result is not the "
                             "drive’s speed."),
                           missing, whole);
  r->doubts |= DRIVEDASH_BENCH_DOUBT_UNWRITTEN;
  add_words (s, words);
}

void
drivedash_bench_result_judge_doubts (DrivedashBenchResult       *result,
                                     const DrivedashBenchReport *report)
{
  g_autoptr(GString) s = g_string_new (NULL);

  result->doubts = DRIVEDASH_BENCH_DOUBT_NONE;
  g_clear_pointer (&result->doubt_words, g_free);
  judge_link (result, report, s);
  judge_rating (result, report, s);
  judge_unwritten (result, report, s);
  /* Reads of a file never written reach no drive either: the cause is
   * said, not its echo in the device's figures. */
  if (!(result->doubts & DRIVEDASH_BENCH_DOUBT_UNWRITTEN))
    judge_cache (result, report, s);
  if (s->len > 0)
    result->doubt_words = g_strdup (s->str);
}

GStrv
drivedash_bench_doubts_to_strv (DrivedashBenchDoubts doubts)
{
  static const struct { DrivedashBenchDoubts flag; const char *name; } names[] = {
    { DRIVEDASH_BENCH_DOUBT_ABOVE_LINK, "above_link" },
    { DRIVEDASH_BENCH_DOUBT_ABOVE_RATING, "above_rating" },
    { DRIVEDASH_BENCH_DOUBT_CACHE, "cache" },
    { DRIVEDASH_BENCH_DOUBT_UNWRITTEN, "unwritten" },
  };
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (doubts & names[i].flag)
      g_strv_builder_add (b, names[i].name);
  return g_strv_builder_end (b);
}
