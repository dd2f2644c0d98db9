/* drivedash-report-build.c — the report's document from stored runs: the
 * title, the drives, the method, the results, the verdicts and what
 * could not be judged (health is in drivedash-report-health.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-compare.h"
#include "drivedash-drive.h"
#include "drivedash-error.h"
#include "drivedash-format.h"
#include "drivedash-report-build-private.h"

static char *
run_label (const DrivedashStoreRun *run,
           guint                    i)
{
  if (run->name != NULL && run->name[0] != '\0')
    return drivedash_format_device_string (run->name);
  return g_strdup_printf ("%c", 'A' + i);
}

static char *
format_local_time (gint64 usec)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (usec / G_USEC_PER_SEC);
  g_autoptr(GDateTime) local = utc ? g_date_time_to_local (utc) : NULL;

  return local ? g_date_time_format (local, "%Y-%m-%d %H:%M") : g_strdup ("?");
}

/* The report's method, tables and verdicts are those of the speed test; a
 * long test's phases and rounds need their own (not made yet). */
static gboolean
is_speed_test (const DrivedashStoreRun  *run,
               GError                  **error)
{
  if (run->kind == DRIVEDASH_RUN_KIND_QUICK || run->kind == DRIVEDASH_RUN_KIND_AB_SET ||
      run->kind == DRIVEDASH_RUN_KIND_REPEAT_SET)
    return TRUE;
  g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
               _("Run %lld is a long test; reports cover speed tests and their sets only, so far."),
               (long long) run->id);
  return FALSE;
}

static gboolean
load_runs (ReportBuild   *rb,
           const gint64  *ids,
           guint          n_ids,
           GError       **error)
{
  if (n_ids < 1 || n_ids > DRIVEDASH_REPORT_MAX_RUNS)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("A report takes 1 to 6 runs; %u were given."), n_ids);
      return FALSE;
    }
  for (guint i = 0; i < n_ids; i++)
    {
      DrivedashStoreRun *run = drivedash_store_get_run (rb->store, ids[i], error);

      if (run == NULL)
        return FALSE;
      g_ptr_array_add (rb->runs, run);
      /* A series that does not decode only loses its line in the chart. */
      g_ptr_array_add (rb->series, run->series ? drivedash_store_series_decode (run->series, NULL) : NULL);
      if (!is_speed_test (run, error))
        return FALSE;
      g_ptr_array_add (rb->labels, run_label (run, i));
    }
  return TRUE;
}

/* The serial of a connected drive whose hash matches, or NULL: the
 * history never keeps the serial itself. */
static char *
find_serial (ReportBuild             *rb,
             const DrivedashStoreRun *run)
{
  for (guint i = 0; rb->drives != NULL && i < rb->drives->len && run->serial_hash != NULL; i++)
    {
      DrivedashDrive *drive = g_ptr_array_index (rb->drives, i);
      g_autofree char *hash = drivedash_store_hash_serial (rb->store, drivedash_drive_get_serial (drive));

      if (g_strcmp0 (hash, run->serial_hash) == 0)
        return drivedash_format_device_string (drivedash_drive_get_serial (drive));
    }
  return NULL;
}

static char *
serial_words (ReportBuild             *rb,
              const DrivedashStoreRun *run,
              guint                    i)
{
  char *serial;

  if (!rb->options->show_serial)
    return g_strdup (_("hidden"));
  /* No drive was recorded: "not run on a drive that Drivedash could
   * identify" already says so. */
  if (run->serial_hash == NULL)
    return g_strdup ("–");
  if ((serial = find_serial (rb, run)) != NULL)
    return serial;
  g_ptr_array_add (rb->cannot_judge, g_strdup_printf (
    _("The serial number of %s cannot be shown: the history keeps only a fingerprint of it, "
      "and the drive is not connected now."), (char *) g_ptr_array_index (rb->labels, i)));
  return g_strdup (_("not known"));
}

static char *
temperature_words (const DrivedashStoreRun *run)
{
  if (!isfinite (run->temp_start_c) && !isfinite (run->temp_end_c))
    return g_strdup ("–");
  /* TRANSLATORS: a run's drive temperature at its start and at its end */
  return g_strdup_printf (_("%.0f → %.0f °C"), run->temp_start_c, run->temp_end_c);
}

/* One run's column of the drive table, top to bottom. */
static char **
identity_column (ReportBuild *rb,
                 guint        i)
{
  const DrivedashStoreRun *run = g_ptr_array_index (rb->runs, i);
  char **column = g_new0 (char *, 8);

  column[0] = g_strdup_printf (_("%s (run %lld)"), (char *) g_ptr_array_index (rb->labels, i),
                               (long long) run->id);
  column[1] = format_local_time (run->started_at);
  column[2] = run->drive_model ? drivedash_format_device_string (run->drive_model) : g_strdup (_("unknown"));
  column[3] = run->drive_firmware ? drivedash_format_device_string (run->drive_firmware) : g_strdup ("–");
  column[4] = run->drive_capacity ? drivedash_format_bytes (run->drive_capacity) : g_strdup ("–");
  column[5] = serial_words (rb, run, i);
  column[6] = temperature_words (run);
  return column;
}

/* A row a property, a column a run (as CrystalDiskInfo lists a drive):
 * six runs fit across a page, seven properties would not. */
static void
add_identity (ReportBuild *rb)
{
  g_auto(GStrv) names = g_strsplit (_("Run|Date|Drive|Firmware|Capacity|Serial number|Temperature"), "|", -1);
  g_autoptr(GPtrArray) columns = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  GPtrArray *rows = g_ptr_array_new ();
  guint n_rows = MIN (g_strv_length (names), 7);

  for (guint i = 0; i < rb->runs->len; i++)
    g_ptr_array_add (columns, identity_column (rb, i));
  for (guint r = 0; r < n_rows; r++)
    {
      char **row = g_new0 (char *, rb->runs->len + 2);

      row[0] = g_strdup (names[r]);
      for (guint i = 0; i < rb->runs->len; i++)
        row[i + 1] = g_strdup (((char **) g_ptr_array_index (columns, i))[r]);
      g_ptr_array_add (rows, row);
    }
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("The drive"));
  drivedash_report_add_table (rb->doc, rows);
  if (!rb->options->show_serial)
    drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
                               _("Serial numbers are hidden, so the report can be shared."));
}

static void
add_title (ReportBuild *rb)
{
  g_autofree char *made = format_local_time (g_get_real_time ());
  g_autofree char *line = NULL;

  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_TITLE, rb->doc->title);
  /* TRANSLATORS: "Made on 2026-12-02 00:40 by Drivedash 1.4, of 2 runs." */
  line = g_strdup_printf (ngettext ("Made on %s by Drivedash %s, of %u run.",
                                    "Made on %s by Drivedash %s, of %u runs.", rb->runs->len),
                          made, PACKAGE_VERSION, rb->runs->len);
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, line);
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
          label, run->drive_model));
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

static void
report_build_clear (ReportBuild *rb)
{
  g_clear_pointer (&rb->runs, g_ptr_array_unref);
  g_clear_pointer (&rb->labels, g_ptr_array_unref);
  g_clear_pointer (&rb->cannot_judge, g_ptr_array_unref);
  g_clear_pointer (&rb->drives, g_ptr_array_unref);
  g_clear_pointer (&rb->series, g_ptr_array_unref);
  g_clear_pointer (&rb->doc, drivedash_report_document_free);
}

DrivedashReportDocument *
drivedash_report_build (DrivedashStore               *store,
                        const gint64                 *ids,
                        guint                         n_ids,
                        const DrivedashReportOptions *options,
                        GError                      **error)
{
  ReportBuild rb = { .store = store, .options = options };
  DrivedashReportDocument *doc;

  rb.runs = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
  rb.labels = g_ptr_array_new_with_free_func (g_free);
  rb.cannot_judge = g_ptr_array_new_with_free_func (g_free);
  rb.series = g_ptr_array_new_with_free_func (free_series);
  if (!load_runs (&rb, ids, n_ids, error))
    {
      report_build_clear (&rb);
      return NULL;
    }
  /* Only to show serials, and a drive list that cannot be read just
   * leaves them unknown. */
  if (options->show_serial)
    rb.drives = drivedash_drive_list (options->sysfs_root, NULL);
  rb.doc = drivedash_report_document_new (options->title ? options->title : _("Drivedash speed report"));

  add_title (&rb);
  check_runs (&rb);
  add_identity (&rb);
  drivedash_report_add_health (&rb);
  drivedash_report_add_method (&rb);
  drivedash_report_add_results (&rb);
  drivedash_report_add_verdicts (&rb);
  add_cannot_judge (&rb);

  doc = g_steal_pointer (&rb.doc);
  report_build_clear (&rb);
  return doc;
}
