/* drivedash-report-reference.c — the published review's figures beside
 * the speed tests that match, labelled as measured on another PC
 *
 * Only for the tests the magazine ran (drivedash-reference.h): each
 * run's own figure first, then the published ones.  They are for
 * orientation only, so no verdict is drawn from them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-format.h"
#include "drivedash-reference.h"
#include "drivedash-report-build-private.h"
#include "drivedash-review-reference.h"

#define LABEL(rb, i) ((const char *) g_ptr_array_index ((rb)->labels, (i)))
#define RUN(rb, i) ((const DrivedashStoreRun *) g_ptr_array_index ((rb)->runs, (i)))

static char **
row_new (const char *test,
         const char *drive,
         char       *value)
{
  char **row = g_new0 (char *, 4);

  row[0] = g_strdup (test);
  row[1] = g_strdup (drive);
  row[2] = value;
  return row;
}

/* The rows of one published test: the runs that have it, then the
 * magazine's; FALSE when no run has it. */
static gboolean
add_test (ReportBuild              *rb,
          const DrivedashReference *first,
          GPtrArray                *rows)
{
  g_autoptr(GPtrArray) published = drivedash_references_matching (first->kind, first->test, first->mode);
  g_autofree char *name = drivedash_report_test_words (first->test, first->mode);
  gboolean any = FALSE;

  for (guint i = 0; i < rb->runs->len; i++)
    {
      const DrivedashStoreResult *r = drivedash_store_run_find_result (RUN (rb, i), first->test, first->mode);
      g_autofree char *figure = NULL;
      g_autofree char *who = NULL;

      if (r == NULL)
        continue;
      figure = drivedash_format_figure (r->mb_per_s, 0);
      /* TRANSLATORS: a row of the published figures' table: the run's
       * name, "A (your drive)" */
      who = g_strdup_printf (_("%s (your drive)"), LABEL (rb, i));
      /* Translators: a published speed, "3,477 MB/s" */
      g_ptr_array_add (rows, row_new (name, who, g_strdup_printf (_("%s MB/s"), figure)));
      any = TRUE;
    }
  for (guint p = 0; any && p < published->len; p++)
    {
      g_autofree char *drive = drivedash_reference_dup_drive (g_ptr_array_index (published, p));

      g_ptr_array_add (rows, row_new (name, drive, drivedash_reference_dup_value (g_ptr_array_index (published, p))));
    }
  return any;
}

void
drivedash_report_add_references (ReportBuild *rb)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  const DrivedashReference *table;
  const DrivedashReference *last = NULL;
  guint n, matched = 0;
  g_autofree char *lead = NULL;

  table = drivedash_references_get (&n);
  for (guint i = 0; i < n; i++)
    {
      const DrivedashReference *row = &table[i];

      if (g_strcmp0 (row->kind, "speed") != 0 ||
          (last != NULL && g_strcmp0 (last->test, row->test) == 0 && g_strcmp0 (last->mode, row->mode) == 0))
        continue;
      last = row;
      matched += add_test (rb, row, rows);
    }
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("Published figures for comparison"));
  if (matched == 0)
    {
      drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
        _("The magazine ran other tests (the CrystalDiskMark 6 tests: reading and writing large files, "
          "32 at a time, and small random reads and writes, 64 at a time), so there are no published "
          "figures to show beside these runs."));
      return;
    }
  /* TRANSLATORS: the source of the figures, then why they are only for
   * orientation */
  lead = g_strdup_printf (_("%s. They are for orientation only: another computer gives other speeds, "
                            "so Drivedash judges nothing by them."),
                          drivedash_reference_get_source ("speed"));
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, lead);
  /* TRANSLATORS: the columns of the published figures' table */
  g_ptr_array_insert (rows, 0, g_strsplit (_("Test|Drive|Speed"), "|", -1));
  drivedash_report_add_table (rb->doc, g_steal_pointer (&rows));
}

/* The review's step of the long test @kind, or -1 when the magazine ran
 * no such test (Sustained). */
static int
review_step_kind (DrivedashRunKind kind)
{
  switch (kind)
    {
    case DRIVEDASH_RUN_KIND_CONSISTENCY: return DRIVEDASH_REVIEW_STEP_CONSISTENCY;
    case DRIVEDASH_RUN_KIND_ADAPTIVITY:  return DRIVEDASH_REVIEW_STEP_ADAPTIVITY;
    default:                             return -1;
    }
}

/* One figure of one finished step: the review's own, then the
 * magazine's; FALSE when the magazine has no such figure. */
static gboolean
add_long_figure (const DrivedashReviewStep   *step,
                 const DrivedashReviewFigure *f,
                 GPtrArray                   *rows)
{
  g_autoptr(GPtrArray) published = drivedash_review_references_matching (step->kind, f->test, f->mode);
  const char *name = drivedash_review_figure_get_name (f);
  g_autofree char *label = drivedash_review_step_dup_label (step);
  g_autofree char *who = NULL;
  g_autofree char *figure = NULL;

  if (published->len == 0)
    return FALSE;
  figure = drivedash_format_figure (f->value, 0);
  who = g_strdup_printf (_("%s (your drive)"), label);
  g_ptr_array_add (rows, row_new (name, who, g_strdup_printf (_("%s MB/s"), figure)));
  for (guint p = 0; p < published->len; p++)
    {
      g_autofree char *drive = drivedash_reference_dup_drive (g_ptr_array_index (published, p));

      g_ptr_array_add (rows, row_new (name, drive, drivedash_reference_dup_value (g_ptr_array_index (published, p))));
    }
  return TRUE;
}

void
drivedash_report_add_long_references (ReportBuild      *rb,
                                      DrivedashRunKind  kind)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  int step_kind = review_step_kind (kind);
  g_autofree char *lead = NULL;

  if (step_kind < 0 || rb->review == NULL)
    return;
  for (guint i = 0; i < rb->review->steps->len; i++)
    {
      const DrivedashReviewStep *step = &g_array_index (rb->review->steps, DrivedashReviewStep, i);

      for (guint k = 0; step->done && (int) step->kind == step_kind && step->figures && k < step->figures->len; k++)
        add_long_figure (step, &g_array_index (step->figures, DrivedashReviewFigure, k), rows);
    }
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("Published figures for comparison"));
  if (rows->len == 0)
    {
      drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
                                 _("The review’s own figures for this test are not in its record, so there is "
                                   "nothing to set beside the magazine’s."));
      return;
    }
  lead = g_strdup_printf (_("%s. They are for orientation only: another computer gives other speeds, "
                            "so Drivedash judges nothing by them."),
                          drivedash_review_reference_get_source ((DrivedashReviewStepKind) step_kind));
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, lead);
  /* TRANSLATORS: the columns of the published figures' table */
  g_ptr_array_insert (rows, 0, g_strsplit (_("Test|Drive|Speed"), "|", -1));
  drivedash_report_add_table (rb->doc, g_steal_pointer (&rows));
}
