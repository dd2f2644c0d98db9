/* drivedash-write-notice.c — how much a test writes, and what share of the
 * drive's endurance that is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The "writes about 480 GB: 0.08 % of this drive's rated 600 TB".
 * Pure: the caller reads the model and the SMART log (best effort), so the
 * app and the CLI say the same words and tests need no drive.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-endurance.h"
#include "drivedash-folder.h"
#include "drivedash-format.h"
#include "drivedash-write-notice.h"

/* Below this a share prints as "less than 0.01 %", never "0.00 %". */
#define SMALLEST_SHARE 0.01

/* The rated share: two decimals under 1 % (0.08 %), one under 10 %, none
 * above, judged on the rounded value so 0.996 % prints "1.0 %", not
 * "1.00 %". */
static char *
format_share (double percent)
{
  if (percent < SMALLEST_SHARE)
    /* Translators: a share of the drive's endurance too small to show */
    return g_strdup (_("less than 0.01 %"));
  if (round (percent * 100) < 100)
    return g_strdup_printf ("%.2f %%", percent);
  if (round (percent * 10) < 100)
    return g_strdup_printf ("%.1f %%", percent);
  return g_strdup_printf ("%.0f %%", percent);
}

/* The drive's wear estimate is a whole percent, so anything finer than one
 * significant digit would claim precision it does not have. */
static char *
format_share_rough (double percent)
{
  double scale, rounded;
  int digits;

  scale = pow (10, floor (log10 (percent)));
  rounded = round (percent / scale) * scale;
  /* 0.096 rounds up to 0.1: one digit after the point, not two. */
  digits = (int) MAX (0, -floor (log10 (rounded) + 1e-9));
  return g_strdup_printf ("%.*f %%", digits, rounded);
}

char *
drivedash_write_notice_text (guint64     bytes,
                             const char *model,
                             double      percentage_used,
                             guint64     bytes_written_so_far)
{
  g_autofree char *amount = drivedash_format_bytes (bytes);
  guint rated_tb = drivedash_endurance_lookup_tb (model);

  if (g_strcmp0 (model, DRIVEDASH_SIM_DRIVE_MODEL) == 0)
    return g_strdup (_("Nothing is written to your disks: the demo runs on a simulated drive."));
  if (rated_tb > 0)
    {
      g_autofree char *share = format_share (bytes / (rated_tb * 1e12) * 100);
      g_autofree char *rated = drivedash_format_figure (rated_tb, 0);

      /* Translators: before a long test; the first %s is an amount
       * ("480 GB"), the second a share ("0.08 %" or "less than 0.01 %"),
       * the third the drive maker's rated terabytes written, grouped as
       * the locale does ("1,200") */
      return g_strdup_printf (_("Writes about %s: %s of this drive’s rated %s TB."),
                              amount, share, rated);
    }
  if (percentage_used > 0 && bytes_written_so_far > 0)
    {
      /* The drive rates its own life: written ÷ used share = its total. */
      double rated = bytes_written_so_far / (percentage_used / 100);
      double percent = bytes / rated * 100;
      g_autofree char *share = NULL;

      if (percent < SMALLEST_SHARE)
        /* Translators: before a long test; %s is an amount ("480 GB") */
        return g_strdup_printf (_("Writes about %s: less than 0.01 %% of this drive’s life, "
                                  "judged by its own wear estimate."), amount);
      share = format_share_rough (percent);
      /* Translators: before a long test; the first %s is an amount
       * ("480 GB"), the second a share ("0.1 %" or "less than 0.01 %") of
       * the drive's life, estimated from the drive's own "percentage used" */
      return g_strdup_printf (_("Writes about %s: about %s of this drive’s life, "
                                "judged by its own wear estimate."), amount, share);
    }
  /* Translators: before a long test; %s is an amount ("480 GB") */
  return g_strdup_printf (_("Writes about %s."), amount);
}

/* The share of the drive's life @bytes is, as the sentences above judge
 * it: rated (TRUE in @rated), from the drive's own wear estimate, or NULL
 * when neither is known. */
static char *
share_of_life (guint64     bytes,
               const char *model,
               double      percentage_used,
               guint64     bytes_written_so_far,
               gboolean   *rated)
{
  guint rated_tb = drivedash_endurance_lookup_tb (model);
  double percent;

  *rated = rated_tb > 0;
  if (rated_tb > 0)
    return format_share (bytes / (rated_tb * 1e12) * 100);
  if (!(percentage_used > 0 && bytes_written_so_far > 0))
    return NULL;
  percent = bytes / (bytes_written_so_far / (percentage_used / 100)) * 100;
  if (percent < SMALLEST_SHARE)
    return format_share (percent);
  return format_share_rough (percent);
}

char *
drivedash_write_notice_range_text (guint64     low,
                                   guint64     high,
                                   const char *model,
                                   double      percentage_used,
                                   guint64     bytes_written_so_far)
{
  g_autofree char *from = drivedash_format_bytes (MIN (low, high));
  g_autofree char *to = drivedash_format_bytes (MAX (low, high));
  g_autofree char *share = NULL;
  gboolean rated;

  if (g_strcmp0 (from, to) == 0 || g_strcmp0 (model, DRIVEDASH_SIM_DRIVE_MODEL) == 0)
    return drivedash_write_notice_text (MAX (low, high), model, percentage_used, bytes_written_so_far);
  share = share_of_life (MAX (low, high), model, percentage_used, bytes_written_so_far, &rated);
  if (share != NULL && rated)
    {
      g_autofree char *tb = drivedash_format_figure (drivedash_endurance_lookup_tb (model), 0);

      /* Translators: before a long test; the first two %s are amounts
       * ("110 GB", "1.10 TB"), the third the larger one's share ("0.18 %"
       * or "less than 0.01 %"), the fourth the drive maker's rated
       * terabytes written ("1,200") */
      return g_strdup_printf (_("Writes between %s and %s, depending on the drive’s speed. "
                                "At the most, that is %s of this drive’s rated %s TB."),
                              from, to, share, tb);
    }
  if (share != NULL)
    /* Translators: before a long test; the first two %s are amounts
     * ("110 GB", "1.10 TB"), the third the larger one's share of the
     * drive's life ("0.1 %" or "less than 0.01 %"), estimated from the
     * drive's own "percentage used" */
    return g_strdup_printf (_("Writes between %s and %s, depending on the drive’s speed. At the "
                              "most, that is %s of this drive’s life, judged by its own wear estimate."),
                            from, to, share);
  /* Translators: before a long test; the two %s are amounts ("110 GB",
   * "1.10 TB") */
  return g_strdup_printf (_("Writes between %s and %s, depending on the drive’s speed."), from, to);
}
