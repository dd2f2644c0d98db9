/* drivedash-bench-verdict.h — one line that says whether a run was fast,
 * judged against the drive's own PCIe link
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "drivedash-bench-result.h"
#include "drivedash-folder.h"

G_BEGIN_DECLS

/* A PCIe link as the kernel reports it for the controller's PCI device
 * (current_link_speed/width and max_link_speed/width).  0 = unknown. */
typedef struct
{
  double gt_per_s;       /* transfers per lane, 10^9/s: 2.5, 5, 8, 16, 32, 64 */
  guint  width;          /* lanes */
  double max_gt_per_s;   /* what the drive can do */
  guint  max_width;
} DrivedashPcieLink;

/* "8.0 GT/s PCIe" (sysfs) → 8.0; 0 when unknown or unreadable. */
double      drivedash_pcie_parse_speed      (const char *text);
/* The link of NVMe controller @controller ("nvme0") under @sysfs_root
 * (NULL = "/sys").  FALSE when it has none (not PCIe, or not found). */
gboolean    drivedash_pcie_link_read        (const char        *sysfs_root,
                                             const char        *controller,
                                             DrivedashPcieLink *out);
/* What the link carries after line encoding, in MB/s (10^6 bytes/s):
 * 2.5 and 5 GT/s use 8b/10b, 8–32 GT/s 128b/130b, 64 GT/s FLIT mode
 * (236 payload bytes in 256).  0 when unknown. */
double      drivedash_pcie_usable_mb_per_s  (double gt_per_s,
                                             guint  width);
/* "3.0" for 8 GT/s; NULL for a speed that is no PCIe generation. */
const char *drivedash_pcie_generation       (double gt_per_s);
/* "PCIe 3.0 ×4, up to ~3900 MB/s" (digit grouping from the locale). */
char       *drivedash_pcie_link_dup_text    (double gt_per_s,
                                             guint  width);

typedef enum
{
  DRIVEDASH_SPEED_VERDICT_UNKNOWN,     /* no link or no large-file read to judge */
  DRIVEDASH_SPEED_VERDICT_FAST,        /* uses most of its link */
  DRIVEDASH_SPEED_VERDICT_SLOW,        /* well below its link, and the link is at full speed */
  DRIVEDASH_SPEED_VERDICT_HELD_BACK,   /* the link runs below what the drive can do */
  DRIVEDASH_SPEED_VERDICT_TOO_FAST,    /* faster than the link can carry: a cache took part */
} DrivedashSpeedVerdictLevel;

typedef struct
{
  DrivedashSpeedVerdictLevel level;
  char *link_text;   /* "PCIe 3.0 ×4, up to ~3900 MB/s"; NULL when unknown */
  char *headline;    /* "Fast for an NVMe drive on PCIe 3.0" */
  char *how;         /* "How we decided: …", one or two sentences */
} DrivedashSpeedVerdict;

/* Pure: judges @best_seq_read_mb_per_s against @link (NULL = unknown). */
DrivedashSpeedVerdict *drivedash_speed_verdict_new  (const DrivedashPcieLink *link,
                                                     double                   best_seq_read_mb_per_s);
void                   drivedash_speed_verdict_free (DrivedashSpeedVerdict   *self);

/* The best sequential read / write of a run, MB/s; 0 when it had none.
 * The write speed is what the next estimate's pre-fill should assume. */
double drivedash_bench_report_best_seq_read  (const DrivedashBenchReport *report);
double drivedash_bench_report_best_seq_write (const DrivedashBenchReport *report);

/* The verdict for a finished run in @folder (drivedash_folder_probe()):
 * reads the link of the folder's NVMe controller from /sys; a folder in
 * memory gets UNKNOWN with a headline that says so. */
DrivedashSpeedVerdict *drivedash_bench_report_judge (const DrivedashBenchReport *report,
                                                     const DrivedashFolderInfo  *folder);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashSpeedVerdict, drivedash_speed_verdict_free)

G_END_DECLS
