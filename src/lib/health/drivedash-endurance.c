/* drivedash-endurance.c — rated write endurance of common drives
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The makers' warranty figures (terabytes written), so the Health view can
 * say "12.3 TB of 600 TB rated" and the long tests what share of it they
 * use (drivedash-write-notice.c).  In core: the CLI needs it too.  Matched on the model string the drive
 * reports; a drive that is not listed simply shows what it has written.
 */
#include "config.h"

#include <string.h>

#include "drivedash-endurance.h"

typedef struct
{
  const char *model;  /* the drive's model string, trimmed */
  guint       tb;
} Rating;

static const Rating ratings[] = {
  /* Samsung 970 EVO Plus */
  { "Samsung SSD 970 EVO Plus 250GB", 150 },
  { "Samsung SSD 970 EVO Plus 500GB", 300 },
  { "Samsung SSD 970 EVO Plus 1TB", 600 },
  { "Samsung SSD 970 EVO Plus 2TB", 1200 },
  /* Samsung 980 PRO */
  { "Samsung SSD 980 PRO 500GB", 300 },
  { "Samsung SSD 980 PRO 1TB", 600 },
  { "Samsung SSD 980 PRO 2TB", 1200 },
  /* WD Black SN750 */
  { "WDS250G3X0C-00SJG0", 200 },
  { "WDS500G3X0C-00SJG0", 300 },
  { "WDS100T3X0C-00SJG0", 600 },
  { "WDS200T3X0C-00SJG0", 1200 },
  /* The simulated drive of --demo, shaped like a 1 TB drive of that class. */
  { "Demo NVMe SSD 1TB", 600 },
};

guint
drivedash_endurance_lookup_tb (const char *model)
{
  if (model == NULL)
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (ratings); i++)
    if (g_ascii_strcasecmp (model, ratings[i].model) == 0)
      return ratings[i].tb;
  return 0;
}
