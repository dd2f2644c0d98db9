/* drivedash-report-build.c — the report's document from stored runs: the
 * title, the sections with their method, results and verdicts, and what
 * could not be judged (the drives are in drivedash-report-drives.c,
 * health in drivedash-report-health.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-compare.h"
#include "drivedash-compare-long.h"
#include "drivedash-drive.h"
#include "drivedash-error.h"
#include "drivedash-format.h"
#include "drivedash-report-build-private.h"
#include "drivedash-review-state.h"

typedef struct
{
  DrivedashReviewState *state;    /* NULL: not a review, or its record unreadable */
  char                 *verdict;  /* NULL: not a review */
} ReviewRead;

static void
review_read_clear (ReviewRead *r)
{
  g_clear_pointer (&r->state, drivedash_review_state_free);
  g_clear_pointer (&r->verdict, g_free);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ReviewRead, review_read_clear)

static char *
run_label (const DrivedashStoreRun *run,
           guint                    i)
{
  if (run->name != NULL && run->name[0] != '\0')
    return drivedash_format_device_string (run->name);
  return g_strdup_printf ("%c", 'A' + i);
}

static gboolean
is_speed_test (const DrivedashStoreRun *run)
{
  return run->kind == DRIVEDASH_RUN_KIND_QUICK || run->kind == DRIVEDASH_RUN_KIND_AB_SET ||
         run->kind == DRIVEDASH_RUN_KIND_REPEAT_SET;
}

/* A full review's record in the history (lib/review) and its answer;
 * the answer is "" when the record cannot be read. */
static void
read_review (const DrivedashStoreRun  *review,
             ReviewRead               *out)
{
  out->state = drivedash_review_state_from_record (review->settings_json, NULL);
  out->verdict = out->state ? drivedash_review_state_dup_verdict (out->state) : g_strdup ("");
}

/* @run, or a full review's steps in its place (@review set to the first
 * review's record and answer), each with its series. */
static gboolean
add_run (GPtrArray         *all,
         DrivedashStore    *store,
         DrivedashStoreRun *run,
         ReviewRead        *review,
         GError           **error)
{
  g_autoptr(GPtrArray) steps = NULL;

  if (run->kind == DRIVEDASH_RUN_KIND_REVIEW)
    {
      if (review->verdict == NULL)
        read_review (run, review);
      if ((steps = drivedash_store_list_members (store, run->id, error)) == NULL)
        return FALSE;
      drivedash_store_run_unref (run);
      for (guint i = 0; i < steps->len; i++)
        {
          DrivedashStoreRun *step = g_ptr_array_index (steps, i);

          if ((run = drivedash_store_get_run (store, step->id, error)) == NULL ||
              !add_run (all, store, run, review, error))
            return FALSE;
        }
      return TRUE;
    }
  if (!is_speed_test (run) && !drivedash_compare_long_supports (run->kind))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                   _("Run %lld is of a kind of test that reports do not cover."), (long long) run->id);
      drivedash_store_run_unref (run);
      return FALSE;
    }
  g_ptr_array_add (all, run);
  return TRUE;
}

static gboolean
load_runs (GPtrArray     *all,
           DrivedashStore *store,
           const gint64  *ids,
           guint          n_ids,
           ReviewRead    *review,
           GError       **error)
{
  if (n_ids < 1 || n_ids > DRIVEDASH_REPORT_MAX_IDS)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("A report takes 1 to %u runs, at most %u of each test; %u were given."),
                   DRIVEDASH_REPORT_MAX_IDS, DRIVEDASH_REPORT_MAX_RUNS, n_ids);
      return FALSE;
    }
  for (guint i = 0; i < n_ids; i++)
    {
      DrivedashStoreRun *run = drivedash_store_get_run (store, ids[i], error);

      if (run == NULL || !add_run (all, store, run, review, error))
        return FALSE;
    }
  if (all->len > DRIVEDASH_REPORT_MAX_IDS)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("A report takes 1 to %u runs, at most %u of each test; %u were given."),
                   DRIVEDASH_REPORT_MAX_IDS, DRIVEDASH_REPORT_MAX_RUNS, all->len);
      return FALSE;
    }
  return TRUE;
}

/* The section a run belongs in: every speed test together (they share
 * their tests), then one for each long test. */
static DrivedashRunKind
section_kind (const DrivedashStoreRun *run)
{
  return is_speed_test (run) ? DRIVEDASH_RUN_KIND_QUICK : run->kind;
}

static void
add_title (ReportBuild *rb,
           guint        n_runs)
{
  g_autofree char *made = drivedash_report_format_time (g_get_real_time ());
  g_autofree char *line = NULL;

  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_TITLE, rb->doc->title);
  /* TRANSLATORS: "Made on 2026-12-02 00:40 by Drivedash 1.4, of 2 runs." */
  line = g_strdup_printf (ngettext ("Made on %s by Drivedash %s, of %u run.",
                                    "Made on %s by Drivedash %s, of %u runs.", n_runs),
                          made, PACKAGE_VERSION, n_runs);
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, line);
}

/* A full review's answer first: a line of the review's verdict each. */
static void
add_verdict (ReportBuild *rb,
             const char  *verdict)
{
  g_auto(GStrv) lines = g_strsplit (verdict, "\n", -1);

  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("In short"));
  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '\0')
      drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, lines[i]);
}

static void
check_runs (ReportBuild *rb)
{
  const DrivedashStoreRun *first = g_ptr_array_index (rb->runs, 0);

  for (guint i = 0; i < rb->runs->len; i++)
    {
      const DrivedashStoreRun *run = g_ptr_array_index (rb->runs, i);
      const char *label = g_ptr_array_index (rb->labels, i);

      if (run->status != DRIVEDASH_RUN_STATUS_DONE)
        g_ptr_array_add (rb->cannot_judge, g_strdup_printf (
          _("%s did not finish, so its results are only what was measured before it stopped."), label));
      if (run->drive_model == NULL)
        g_ptr_array_add (rb->cannot_judge, g_strdup_printf (
          _("%s was not run on a drive that Drivedash could identify, so its drive and health are unknown."),
          label));
      else if (run->serial_hash == NULL)
        /* A disk that is not NVMe (a virtual disk, USB): named as the
         * Speed page named it, but with no health to read. */
        g_ptr_array_add (rb->cannot_judge, g_strdup_printf (
          /* TRANSLATORS: "A was run on Virtual disk (vda), which …" */
          _("%s was run on %s, which is not an NVMe drive, so its health is unknown."),
          label, drivedash_report_drive_name (rb, run)));
      if (i > 0 && (g_strcmp0 (run->serial_hash, first->serial_hash) != 0 ||
                    g_strcmp0 (run->drive_model, first->drive_model) != 0))
        rb->different_drives = TRUE;
    }
  if (rb->different_drives)
    g_ptr_array_add (rb->cannot_judge, g_strdup (
      _("The runs are of different drives, so a difference may come from the drive and not from a setting.")));
}

static void
add_cannot_judge (ReportBuild *rb)
{
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("What Drivedash could not judge"));
  if (rb->cannot_judge->len == 0)
    drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
                               _("Nothing: every run finished on a known drive, with passes enough to compare."));
  for (guint i = 0; i < rb->cannot_judge->len; i++)
    drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_BULLET, g_ptr_array_index (rb->cannot_judge, i));
}

/* A run without a series has NULL here, which g_array_unref() refuses. */
static void
free_series (gpointer series)
{
  if (series != NULL)
    g_array_unref (series);
}

/* Repeats of a setup share its name: "Game mode off (A)", "Game mode
 * off (B)" tell their bars and table rows apart. */
static void
tell_apart (GPtrArray *labels)
{
  g_autofree gboolean *shared = g_new0 (gboolean, MAX (labels->len, 1));

  for (guint i = 0; i < labels->len; i++)
    for (guint j = i + 1; j < labels->len; j++)
      if (g_strcmp0 (g_ptr_array_index (labels, i), g_ptr_array_index (labels, j)) == 0)
        shared[i] = shared[j] = TRUE;
  for (guint i = 0; i < labels->len; i++)
    if (shared[i])
      {
        char *plain = g_ptr_array_index (labels, i);

        /* TRANSLATORS: a run's name and its letter in the report: "Game mode off (B)" */
        labels->pdata[i] = g_strdup_printf (_("%s (%c)"), plain, 'A' + i);
        g_free (plain);
      }
}

/* Makes @runs (of one section) the runs that the parts of the builder
 * read, labelled "A", "B"… within the section. */
static void
enter_section (ReportBuild *rb,
               GPtrArray   *runs)
{
  g_clear_pointer (&rb->runs, g_ptr_array_unref);
  g_clear_pointer (&rb->labels, g_ptr_array_unref);
  g_clear_pointer (&rb->series, g_ptr_array_unref);
  rb->runs = g_ptr_array_ref (runs);
  rb->labels = g_ptr_array_new_with_free_func (g_free);
  rb->series = g_ptr_array_new_with_free_func (free_series);
  rb->different_drives = FALSE;
  for (guint i = 0; i < runs->len; i++)
    {
      const DrivedashStoreRun *run = g_ptr_array_index (runs, i);

      g_ptr_array_add (rb->labels, run_label (run, i));
      /* A series that does not decode only loses its line in the chart. */
      g_ptr_array_add (rb->series, run->series ? drivedash_store_series_decode (run->series, NULL) : NULL);
    }
  tell_apart (rb->labels);
}

/* The runs of each kind of test, in the caller's order, at most six: a
 * comparison of more would not fit a page, and the rest are named. */
static GPtrArray *
make_sections (ReportBuild *rb,
               GPtrArray   *all)
{
  static const DrivedashRunKind order[] = {
    DRIVEDASH_RUN_KIND_QUICK, DRIVEDASH_RUN_KIND_SUSTAINED, DRIVEDASH_RUN_KIND_CONSISTENCY,
    DRIVEDASH_RUN_KIND_SATURATION, DRIVEDASH_RUN_KIND_ADAPTIVITY,
  };
  GPtrArray *sections = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

  for (guint k = 0; k < G_N_ELEMENTS (order); k++)
    {
      g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
      g_autoptr(GString) left_out = g_string_new (NULL);
      guint n_left_out = 0;

      for (guint i = 0; i < all->len; i++)
        {
          DrivedashStoreRun *run = g_ptr_array_index (all, i);

          if (section_kind (run) != order[k])
            continue;
          if (runs->len < DRIVEDASH_REPORT_MAX_RUNS)
            g_ptr_array_add (runs, drivedash_store_run_ref (run));
          else
            {
              g_string_append_printf (left_out, "%s%lld", left_out->len ? ", " : "", (long long) run->id);
              n_left_out++;
            }
        }
      if (left_out->len > 0)
        g_ptr_array_add (rb->cannot_judge, g_strdup_printf (
          /* TRANSLATORS: "… at most 6 Consistency runs, so runs 14, 15 are left out." */
          ngettext ("A report compares at most %u %s runs, so run %s is left out: make another report of it.",
                    "A report compares at most %u %s runs, so runs %s are left out: make another report of them.",
                    n_left_out),
          DRIVEDASH_REPORT_MAX_RUNS, drivedash_report_section_name (order[k]), left_out->str));
      /* A long test's run without results is named, not drawn empty. */
      if (runs->len > 0 && order[k] != DRIVEDASH_RUN_KIND_QUICK)
        {
          GPtrArray *readable = drivedash_report_long_readable (rb, runs);

          g_ptr_array_unref (runs);
          runs = readable;
        }
      if (runs->len > 0)
        g_ptr_array_add (sections, g_steal_pointer (&runs));
    }
  return sections;
}

/* A section's sentences of what could not be judged, named by the
 * section when the report has several (its runs' letters start at A in
 * each). */
static void
add_section_notes (ReportBuild *rb,
                   GPtrArray   *notes,
                   const char  *section)
{
  for (guint i = 0; i < rb->cannot_judge->len; i++)
    /* TRANSLATORS: "Consistency: B did not finish, …" */
    g_ptr_array_add (notes, section ? g_strdup_printf (_("%s: %s"), section, (char *) g_ptr_array_index (rb->cannot_judge, i))
                                    : g_strdup (g_ptr_array_index (rb->cannot_judge, i)));
  g_ptr_array_set_size (rb->cannot_judge, 0);
}

static void
add_section_body (ReportBuild *rb)
{
  if (is_speed_test (g_ptr_array_index (rb->runs, 0)))
    {
      drivedash_report_add_method (rb);
      drivedash_report_add_results (rb);
      if (rb->options->show_reference)
        drivedash_report_add_references (rb);
      drivedash_report_add_verdicts (rb);
    }
  else
    {
      drivedash_report_add_long (rb);
      if (rb->options->show_reference && rb->review != NULL)
        drivedash_report_add_long_references (rb, section_kind (g_ptr_array_index (rb->runs, 0)));
    }
}

/* One kind of test: its runs, the health of their drives, its results. */
static void
add_one_section (ReportBuild *rb,
                 GPtrArray   *runs)
{
  enter_section (rb, runs);
  check_runs (rb);
  drivedash_report_add_runs (rb);
  drivedash_report_add_health (rb);
  add_section_body (rb);
}

/* Several: the health of every drive over every run once, then each kind
 * of test under its own title. */
static void
add_sections (ReportBuild *rb,
              GPtrArray   *sections)
{
  g_autoptr(GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) included = g_ptr_array_new ();

  for (guint s = 0; s < sections->len; s++)
    g_ptr_array_extend (included, g_ptr_array_index (sections, s), NULL, NULL);
  add_section_notes (rb, notes, NULL);
  enter_section (rb, included);
  check_runs (rb);
  g_ptr_array_set_size (rb->cannot_judge, 0);
  drivedash_report_add_health (rb);
  add_section_notes (rb, notes, NULL);
  for (guint s = 0; s < sections->len; s++)
    {
      GPtrArray *runs = g_ptr_array_index (sections, s);
      const char *name = drivedash_report_section_name (section_kind (g_ptr_array_index (runs, 0)));

      drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_TITLE, name);
      enter_section (rb, runs);
      check_runs (rb);
      drivedash_report_add_runs (rb);
      add_section_body (rb);
      add_section_notes (rb, notes, name);
    }
  g_ptr_array_extend_and_steal (rb->cannot_judge, g_steal_pointer (&notes));
}

const char *
drivedash_report_section_name (DrivedashRunKind kind)
{
  switch (kind)
    {
    case DRIVEDASH_RUN_KIND_SUSTAINED:   return _("Sustained");
    case DRIVEDASH_RUN_KIND_CONSISTENCY: return _("Consistency");
    case DRIVEDASH_RUN_KIND_SATURATION:  return _("Saturation");
    case DRIVEDASH_RUN_KIND_ADAPTIVITY:  return _("Adaptivity");
    case DRIVEDASH_RUN_KIND_QUICK:
    case DRIVEDASH_RUN_KIND_AB_SET:
    case DRIVEDASH_RUN_KIND_REPEAT_SET:
    default:                             return _("Speed tests");
    }
}

static char *
default_title (GPtrArray *sections)
{
  GPtrArray *runs = g_ptr_array_index (sections, 0);
  const DrivedashStoreRun *first = g_ptr_array_index (runs, 0);

  if (sections->len > 1)
    return g_strdup (_("Drivedash drive report"));
  if (is_speed_test (first))
    return g_strdup (_("Drivedash speed report"));
  /* TRANSLATORS: a report's title: "Drivedash Consistency report" */
  return g_strdup_printf (_("Drivedash %s report"), drivedash_report_section_name (first->kind));
}

static void
report_build_clear (ReportBuild *rb)
{
  g_clear_pointer (&rb->runs, g_ptr_array_unref);
  g_clear_pointer (&rb->labels, g_ptr_array_unref);
  g_clear_pointer (&rb->cannot_judge, g_ptr_array_unref);
  g_clear_pointer (&rb->drives, g_ptr_array_unref);
  g_clear_pointer (&rb->series, g_ptr_array_unref);
  g_clear_pointer (&rb->all_drives, g_ptr_array_unref);
  g_clear_pointer (&rb->doc, drivedash_report_document_free);
}

DrivedashReportDocument *
drivedash_report_build (DrivedashStore               *store,
                        const gint64                 *ids,
                        guint                         n_ids,
                        const DrivedashReportOptions *options,
                        GError                      **error)
{
  DrivedashReportOptions review_options = *options;
  ReportBuild rb = { .store = store, .options = options };
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
  g_autoptr(GPtrArray) sections = NULL;
  g_autofree char *title = NULL;
  g_auto(ReviewRead) review = { NULL, NULL };  /* set for a full review */
  g_autoptr(GPtrArray) included = g_ptr_array_new ();  /* the runs the sections show */
  const char *verdict;
  DrivedashReportDocument *doc;

  if (!load_runs (all, store, ids, n_ids, &review, error))
    return NULL;
  verdict = review.verdict;
  rb.review = review.state;
  /* A full review's report, as the review itself makes it. */
  if (verdict != NULL)
    {
      review_options.show_reference = TRUE;
      if (review_options.title == NULL)
        review_options.title = _("Drivedash full review");
      rb.options = options = &review_options;
    }
  rb.cannot_judge = g_ptr_array_new_with_free_func (g_free);
  sections = make_sections (&rb, all);
  /* Only to show serials, and a drive list that cannot be read just
   * leaves them unknown. */
  if (options->show_serial)
    rb.drives = drivedash_drive_list (options->sysfs_root, NULL);
  if (sections->len == 0)
    {
      /* Every run was a long test without results: say which and why. */
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT, "%s",
                   (char *) g_ptr_array_index (rb.cannot_judge, 0));
      report_build_clear (&rb);
      return NULL;
    }
  title = default_title (sections);
  rb.doc = drivedash_report_document_new (options->title ? options->title : title);

  for (guint s = 0; s < sections->len; s++)
    g_ptr_array_extend (included, g_ptr_array_index (sections, s), NULL, NULL);
  add_title (&rb, included->len);
  if (verdict != NULL && verdict[0] != '\0')
    add_verdict (&rb, verdict);
  /* Each drive once, whatever the sections: they name it from here. */
  drivedash_report_find_drives (&rb, included);
  drivedash_report_add_drives (&rb);
  if (sections->len == 1)
    add_one_section (&rb, g_ptr_array_index (sections, 0));
  else
    add_sections (&rb, sections);
  add_cannot_judge (&rb);
  drivedash_report_add_terms (&rb, all);

  doc = g_steal_pointer (&rb.doc);
  report_build_clear (&rb);
  return doc;
}
