/* drivedash-bench-verdict.c — judge a run against the drive's PCIe link
 *
 * A newcomer cannot tell whether 1,800 MB/s is good.  The drive's own
 * link says what it could carry at most, so the verdict needs no table of
 * drive models: NVMe drives that work well reach well over half of it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "drivedash-bench-verdict.h"
#include "drivedash-drive.h"
#include "drivedash-format.h"

/* A healthy NVMe drive reads large files at 80–95 % of its link; below
 * 60 % something else is the limit.  Above 110 % the data did not all
 * come through the link. */
#define FAST_RATIO     0.60
#define TOO_FAST_RATIO 1.10

double
drivedash_pcie_parse_speed (const char *text)
{
  char *end = NULL;
  double v;

  if (text == NULL)
    return 0;
  v = g_ascii_strtod (text, &end);
  if (end == text || !(v > 0) || v > 1000)
    return 0;
  return v;
}

gboolean
drivedash_pcie_link_read (const char        *sysfs_root,
                          const char        *controller,
                          DrivedashPcieLink *out)
{
  g_autoptr(DrivedashDrive) drive = NULL;

  *out = (DrivedashPcieLink) { 0 };
  if (controller == NULL)
    return FALSE;
  drive = drivedash_drive_lookup (sysfs_root, controller, NULL);
  if (drive == NULL)
    return FALSE;
  out->gt_per_s = drivedash_pcie_parse_speed (drivedash_drive_get_link_speed (drive));
  out->width = drivedash_drive_get_link_width (drive);
  out->max_gt_per_s = drivedash_pcie_parse_speed (drivedash_drive_get_max_link_speed (drive));
  out->max_width = drivedash_drive_get_max_link_width (drive);
  return out->gt_per_s > 0 && out->width > 0;
}

static double
encoding (double gt_per_s)
{
  if (gt_per_s <= 5.0 + 1e-6)
    return 8.0 / 10.0;
  if (gt_per_s <= 32.0 + 1e-6)
    return 128.0 / 130.0;
  return 236.0 / 256.0;
}

double
drivedash_pcie_usable_mb_per_s (double gt_per_s,
                                guint  width)
{
  if (!(gt_per_s > 0) || width == 0)
    return 0;
  /* One bit per transfer and lane; 10^9 transfers → 10^3 MB. */
  return gt_per_s * 1000.0 * encoding (gt_per_s) * width / 8.0;
}

const char *
drivedash_pcie_generation (double gt_per_s)
{
  static const struct { double gt; const char *gen; } gens[] = {
    { 2.5, "1.0" }, { 5, "2.0" }, { 8, "3.0" }, { 16, "4.0" }, { 32, "5.0" }, { 64, "6.0" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (gens); i++)
    if (fabs (gt_per_s - gens[i].gt) < 0.05)
      return gens[i].gen;
  return NULL;
}

static char *
link_name (double gt_per_s,
           guint  width)
{
  const char *gen = drivedash_pcie_generation (gt_per_s);

  if (gen != NULL)
    /* Translators: a PCIe link, "PCIe 3.0 ×4" (4 lanes) */
    return g_strdup_printf (_("PCIe %s ×%u"), gen, width);
  /* Translators: a PCIe link of an unusual speed, "PCIe 12.0 GT/s ×4" */
  return g_strdup_printf (_("PCIe %.1f GT/s ×%u"), gt_per_s, width);
}

static char *
format_mb (double mb_per_s,
           double round_to)
{
  guint64 v = (guint64) llround (mb_per_s / round_to) * (guint64) round_to;

  return drivedash_format_count (DRIVEDASH_U128_INIT (v, 0));
}

char *
drivedash_pcie_link_dup_text (double gt_per_s,
                              guint  width)
{
  g_autofree char *name = link_name (gt_per_s, width);
  g_autofree char *mb = format_mb (drivedash_pcie_usable_mb_per_s (gt_per_s, width), 100);

  /* Translators: "PCIe 3.0 ×4, up to ~3,900 MB/s": a link and what it carries */
  return g_strdup_printf (_("%s, up to ~%s MB/s"), name, mb);
}

static gboolean
link_degraded (const DrivedashPcieLink *link)
{
  return (link->max_gt_per_s > link->gt_per_s + 0.05) ||
         (link->max_width > link->width);
}

static char *
headline_for (DrivedashSpeedVerdict   *self,
              const DrivedashPcieLink *link,
              double                   ratio)
{
  const char *gen = drivedash_pcie_generation (link->gt_per_s);
  g_autofree char *now = link_name (link->gt_per_s, link->width);
  g_autofree char *max = link_name (link->max_gt_per_s ? link->max_gt_per_s : link->gt_per_s,
                                    link->max_width ? link->max_width : link->width);

  if (ratio > TOO_FAST_RATIO)
    {
      self->level = DRIVEDASH_SPEED_VERDICT_TOO_FAST;
      return g_strdup (_("Faster than this drive’s link can carry: the computer’s cache took "
                         "part, so this is not the drive’s own speed"));
    }
  if (link_degraded (link))
    {
      self->level = DRIVEDASH_SPEED_VERDICT_HELD_BACK;
      /* Translators: "… it runs at PCIe 3.0 ×2 but could use PCIe 4.0 ×4" */
      return g_strdup_printf (_("Slower than this drive’s link allows: is it in the right slot? "
                                "It runs at %s but could use %s"), now, max);
    }
  if (ratio >= FAST_RATIO)
    {
      self->level = DRIVEDASH_SPEED_VERDICT_FAST;
      if (gen != NULL)
        /* Translators: "Fast for an NVMe drive on PCIe 3.0" */
        return g_strdup_printf (_("Fast for an NVMe drive on PCIe %s"), gen);
      return g_strdup (_("Fast for an NVMe drive on this link"));
    }
  self->level = DRIVEDASH_SPEED_VERDICT_SLOW;
  return g_strdup (_("Slower than this drive’s link allows: the link runs at full speed, so "
                     "the drive itself, its temperature or other programs held it back"));
}

DrivedashSpeedVerdict *
drivedash_speed_verdict_new (const DrivedashPcieLink *link,
                             double                   best_seq_read_mb_per_s)
{
  g_autoptr(DrivedashSpeedVerdict) self = g_new0 (DrivedashSpeedVerdict, 1);
  double usable = link ? drivedash_pcie_usable_mb_per_s (link->gt_per_s, link->width) : 0;
  g_autofree char *best = NULL, *cap = NULL, *name = NULL;
  double ratio;

  if (usable <= 0)
    {
      self->headline = g_strdup (_("No verdict: this drive’s connection speed is not known"));
      self->how = g_strdup (_("How we decided: Drivedash compares the best large-file read "
                              "with what the drive’s PCIe link can carry, and this drive reports "
                              "no PCIe link (it is not an NVMe drive, or it is a virtual one)."));
      return g_steal_pointer (&self);
    }
  self->link_text = drivedash_pcie_link_dup_text (link->gt_per_s, link->width);
  if (!(best_seq_read_mb_per_s > 0))
    {
      self->headline = g_strdup (_("No verdict: this run had no large-file read test"));
      self->how = g_strdup (_("How we decided: the verdict compares the best large-file "
                              "(sequential) read with what the drive’s link can carry."));
      return g_steal_pointer (&self);
    }

  ratio = best_seq_read_mb_per_s / usable;
  self->headline = headline_for (self, link, ratio);
  best = format_mb (best_seq_read_mb_per_s, 1);
  cap = format_mb (usable, 1);
  name = link_name (link->gt_per_s, link->width);
  /* Translators: "How we decided: the best large-file read, 3412 MB/s, is 87 % of
   * what its PCIe 3.0 ×4 link carries (3938 MB/s). …" */
  self->how = g_strdup_printf (_("How we decided: the best large-file read, %s MB/s, is %.0f %% "
                                 "of what its %s link carries (%s MB/s). NVMe drives that work "
                                 "well reach 60 %% or more."),
                               best, ratio * 100, name, cap);
  return g_steal_pointer (&self);
}

void
drivedash_speed_verdict_free (DrivedashSpeedVerdict *self)
{
  if (self == NULL)
    return;
  g_free (self->link_text);
  g_free (self->headline);
  g_free (self->how);
  g_free (self);
}

static double
best_seq (const DrivedashBenchReport *report,
          DrivedashBenchMode          mode)
{
  double best = 0;

  for (guint i = 0; i < report->results->len; i++)
    {
      const DrivedashBenchResult *r = g_ptr_array_index (report->results, i);

      if (r->spec.pattern == DRIVEDASH_BENCH_PATTERN_SEQ && r->spec.mode == mode)
        best = MAX (best, r->mb_per_s);
    }
  return best;
}

double
drivedash_bench_report_best_seq_read (const DrivedashBenchReport *report)
{
  return best_seq (report, DRIVEDASH_BENCH_MODE_READ);
}

double
drivedash_bench_report_best_seq_write (const DrivedashBenchReport *report)
{
  return best_seq (report, DRIVEDASH_BENCH_MODE_WRITE);
}

DrivedashSpeedVerdict *
drivedash_bench_report_judge (const DrivedashBenchReport *report,
                              const DrivedashFolderInfo  *folder)
{
  DrivedashPcieLink link;
  gboolean have_link;
  DrivedashSpeedVerdict *self;

  if (folder->in_memory)
    {
      self = g_new0 (DrivedashSpeedVerdict, 1);
      self->headline = g_strdup (_("No verdict: this folder is in the computer’s memory, not on "
                                   "a drive, so these figures are the memory’s speed"));
      self->how = g_strdup (_("How we decided: the folder is on a filesystem held in memory "
                              "(tmpfs), with no drive behind it."));
      return self;
    }
  have_link = drivedash_pcie_link_read (NULL, folder->controller, &link);
  return drivedash_speed_verdict_new (have_link ? &link : NULL,
                                      drivedash_bench_report_best_seq_read (report));
}
