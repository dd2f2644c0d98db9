/* drivedash-reference.c — the published review's figures
 * (/work/shared/DESIGN.md §5: a WD Black SN750 1 TB review, CrystalDiskMark
 * 6 with 8 GiB and 5 runs averaged, and PCMark 8's storage tests)
 *
 * CrystalDiskMark 6 named its tests "Seq Q32T1" and "4KiB Q8T8": in our
 * words SEQ1M Q32T1 and RND4K Q8T8, the CDM 6 preset ("cdm6").  Those
 * rows appear only beside a speed test run with that preset; the
 * PCMark 8 rows beside Consistency and Adaptivity, whose figures are
 * measured the same way (bytes over busy time).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-format.h"
#include "drivedash-reference.h"

#define SN750  "WD Black SN750 1TB"
#define WD2018 "WD Black (2018) 1TB"
#define EVO    "Samsung 970 EVO Plus 1TB"
#define SPEED  "speed"
#define CONS   "consistency"
#define ADAPT  "adaptivity"

static const DrivedashReference rows[] = {
  { SN750, FALSE, SPEED, "SEQ1M Q32T1", "read", 3477, 3477, FALSE },
  { SN750, TRUE, SPEED, "SEQ1M Q32T1", "read", 3480, 3480, FALSE },
  { EVO, FALSE, SPEED, "SEQ1M Q32T1", "read", 3563, 3563, FALSE },
  { SN750, FALSE, SPEED, "SEQ1M Q32T1", "write", 2999, 2999, FALSE },
  { SN750, TRUE, SPEED, "SEQ1M Q32T1", "write", 3021, 3021, FALSE },
  { WD2018, FALSE, SPEED, "SEQ1M Q32T1", "write", 2862, 2862, FALSE },
  { EVO, FALSE, SPEED, "SEQ1M Q32T1", "write", 3304, 3304, FALSE },
  { SN750, FALSE, SPEED, "RND4K Q8T8", "read", 1412, 1412, FALSE },
  { SN750, TRUE, SPEED, "RND4K Q8T8", "read", 1443, 1443, FALSE },
  { WD2018, FALSE, SPEED, "RND4K Q8T8", "read", 1534, 1534, FALSE },
  { EVO, FALSE, SPEED, "RND4K Q8T8", "read", 1704, 1704, FALSE },
  { SN750, FALSE, SPEED, "RND4K Q8T8", "write", 1759, 1759, TRUE },
  { SN750, TRUE, SPEED, "RND4K Q8T8", "write", 1753, 1753, TRUE },
  { WD2018, FALSE, SPEED, "RND4K Q8T8", "write", 1575, 1575, FALSE },
  { EVO, FALSE, SPEED, "RND4K Q8T8", "write", 2042, 2042, FALSE },
  /* PCMark 8 Consistency, average bandwidth, read off the review's graphs. */
  { SN750, FALSE, CONS, "degradation-1", NULL, 351, 351, TRUE },
  { SN750, TRUE, CONS, "degradation-1", NULL, 321, 321, TRUE },
  { WD2018, FALSE, CONS, "degradation-1", NULL, 320, 320, TRUE },
  { SN750, FALSE, CONS, "recovery", NULL, 598, 629, FALSE },
  { SN750, TRUE, CONS, "recovery", NULL, 637, 640, FALSE },
  { WD2018, FALSE, CONS, "recovery", NULL, 587, 639, FALSE },
  { EVO, FALSE, CONS, "recovery", NULL, 600, INFINITY, FALSE },
  /* PCMark 8 Adaptivity: 10 rounds after a full random fill. */
  { SN750, FALSE, ADAPT, "average", NULL, 642, 642, TRUE },
  { SN750, TRUE, ADAPT, "average", NULL, 649, 649, TRUE },
  { WD2018, FALSE, ADAPT, "average", NULL, 649, 649, TRUE },
  { EVO, FALSE, ADAPT, "average", NULL, 800, INFINITY, FALSE },
};

const DrivedashReference *
drivedash_references_get (guint *n_rows)
{
  *n_rows = G_N_ELEMENTS (rows);
  return rows;
}

GPtrArray *
drivedash_references_matching (const char *kind,
                               const char *test,
                               const char *mode)
{
  GPtrArray *matching = g_ptr_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    if (g_strcmp0 (rows[i].kind, kind) == 0 && g_strcmp0 (rows[i].test, test) == 0 && g_strcmp0 (rows[i].mode, mode) == 0)
      g_ptr_array_add (matching, (gpointer) &rows[i]);
  return matching;
}

const char *
drivedash_reference_get_source (const char *kind)
{
  if (g_strcmp0 (kind, SPEED) == 0)
    return _("Published by a magazine, measured on another PC, CrystalDiskMark 6");
  return _("Published by a magazine, measured on another PC, PCMark 8");
}

char *
drivedash_reference_dup_value (const DrivedashReference *row)
{
  g_autofree char *low = drivedash_format_figure (row->low, 0);
  g_autofree char *high = NULL;

  if (isinf (row->high))
    /* Translators: a published speed, "above 800 MB/s" */
    return g_strdup_printf (_("above %s MB/s"), low);
  if (row->high > row->low)
    {
      high = drivedash_format_figure (row->high, 0);
      /* Translators: a published range of speeds, "598–629 MB/s" */
      return g_strdup_printf (_("%s–%s MB/s"), low, high);
    }
  if (row->approximate)
    /* Translators: a published speed read off a graph, "about 351 MB/s" */
    return g_strdup_printf (_("about %s MB/s"), low);
  /* Translators: a published speed, "3,477 MB/s" */
  return g_strdup_printf (_("%s MB/s"), low);
}

char *
drivedash_reference_dup_drive (const DrivedashReference *row)
{
  if (row->game_mode)
    /* Translators: a drive's name, then "with Gaming Mode", the name WD
     * gives its game mode */
    return g_strdup_printf (_("%s with Gaming Mode"), row->drive);
  return g_strdup (row->drive);
}
