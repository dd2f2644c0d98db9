/* drivedash-endurance.c — the makers' ratings of common drives
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The makers' warranty figures (terabytes written), so the Health view can
 * say "12.3 TB of 600 TB rated" and the long tests what share of it they
 * use (drivedash-write-notice.c), and their data sheets' large-file read
 * and write speeds, so that a benchmark far above them is flagged as not
 * the drive's (drivedash-bench-doubts.c).  Matched on the model string the
 * drive reports; a drive that is not listed simply has no rating.
 */
#include "config.h"

#include <string.h>

#include "drivedash-endurance.h"

typedef struct
{
  const char *model;  /* the drive's model string, trimmed */
  guint       tb;
  guint       read_mb_per_s;   /* sequential, as on the data sheet */
  guint       write_mb_per_s;
} Rating;

static const Rating ratings[] = {
  /* Samsung 970 EVO Plus */
  { "Samsung SSD 970 EVO Plus 250GB", 150, 3500, 2300 },
  { "Samsung SSD 970 EVO Plus 500GB", 300, 3500, 3200 },
  { "Samsung SSD 970 EVO Plus 1TB", 600, 3500, 3300 },
  { "Samsung SSD 970 EVO Plus 2TB", 1200, 3500, 3300 },
  /* Samsung 980 PRO */
  { "Samsung SSD 980 PRO 500GB", 300, 6900, 5000 },
  { "Samsung SSD 980 PRO 1TB", 600, 7000, 5000 },
  { "Samsung SSD 980 PRO 2TB", 1200, 7000, 5100 },
  /* WD Black SN750 */
  { "WDS250G3X0C-00SJG0", 200, 3100, 1600 },
  { "WDS500G3X0C-00SJG0", 300, 3470, 2600 },
  { "WDS100T3X0C-00SJG0", 600, 3470, 3000 },
  { "WDS200T3X0C-00SJG0", 1200, 3400, 2900 },
  /* The simulated drive of --demo (drivedash-sim-drive.c), shaped like a
   * 1 TB drive of that class. */
  { "Demo NVMe SSD 1TB", 600, 7000, 6000 },
};

static const Rating *
lookup (const char *model)
{
  if (model == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (ratings); i++)
    if (g_ascii_strcasecmp (model, ratings[i].model) == 0)
      return &ratings[i];
  return NULL;
}

guint
drivedash_endurance_lookup_tb (const char *model)
{
  const Rating *r = lookup (model);

  return r ? r->tb : 0;
}

gboolean
drivedash_rated_speed_lookup (const char *model,
                              guint      *read_mb_per_s,
                              guint      *write_mb_per_s)
{
  const Rating *r = lookup (model);

  *read_mb_per_s = r ? r->read_mb_per_s : 0;
  *write_mb_per_s = r ? r->write_mb_per_s : 0;
  return r != NULL;
}
