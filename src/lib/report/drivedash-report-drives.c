/* drivedash-report-drives.c — the drives of a report: each drive once,
 * in one table near the start, under a name that every section and the
 * health readings then use; and each section's runs with their drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-drive.h"
#include "drivedash-format.h"
#include "drivedash-report-build-private.h"

#define DRIVE(rb, i) ((DrivedashReportDrive *) g_ptr_array_index ((rb)->all_drives, (i)))

static void
drive_free (DrivedashReportDrive *drive)
{
  drivedash_store_run_unref (drive->first);
  g_free (drive->name);
  g_ptr_array_unref (drive->firmware);
  g_free (drive);
}

/* One drive: the same model and the same serial (its fingerprint). */
static gboolean
same_drive (const DrivedashStoreRun *a,
            const DrivedashStoreRun *b)
{
  return g_strcmp0 (a->drive_model, b->drive_model) == 0 && g_strcmp0 (a->serial_hash, b->serial_hash) == 0;
}

static DrivedashReportDrive *
find_drive (ReportBuild             *rb,
            const DrivedashStoreRun *run)
{
  for (guint d = 0; rb->all_drives != NULL && d < rb->all_drives->len; d++)
    if (same_drive (DRIVE (rb, d)->first, run))
      return DRIVE (rb, d);
  return NULL;
}

static char *
model_words (const DrivedashStoreRun *run)
{
  return run->drive_model ? drivedash_format_device_string (run->drive_model) : g_strdup (_("Unknown drive"));
}

/* The model names a drive; two drives of one model get a number each. */
static void
name_drives (ReportBuild *rb)
{
  for (guint d = 0; d < rb->all_drives->len; d++)
    {
      g_autofree char *model = model_words (DRIVE (rb, d)->first);
      guint n = 0, k = 0;

      for (guint e = 0; e < rb->all_drives->len; e++)
        if (g_strcmp0 (DRIVE (rb, e)->first->drive_model, DRIVE (rb, d)->first->drive_model) == 0)
          {
            n++;
            k += e <= d;
          }
      /* TRANSLATORS: two drives of one model told apart: "WD Black SN750 (2)" */
      DRIVE (rb, d)->name = n > 1 ? g_strdup_printf (_("%s (%u)"), model, k) : g_steal_pointer (&model);
    }
}

/* Each firmware once: an update between runs shows as "1.0, 2.0". */
static void
add_firmware (DrivedashReportDrive    *drive,
              const DrivedashStoreRun *run)
{
  g_autofree char *firmware = NULL;

  if (run->drive_firmware == NULL)
    return;
  firmware = drivedash_format_device_string (run->drive_firmware);
  if (!g_ptr_array_find_with_equal_func (drive->firmware, firmware, g_str_equal, NULL))
    g_ptr_array_add (drive->firmware, g_steal_pointer (&firmware));
}

void
drivedash_report_find_drives (ReportBuild *rb,
                              GPtrArray   *runs)
{
  g_clear_pointer (&rb->all_drives, g_ptr_array_unref);
  rb->all_drives = g_ptr_array_new_with_free_func ((GDestroyNotify) drive_free);
  for (guint i = 0; i < runs->len; i++)
    {
      DrivedashStoreRun *run = g_ptr_array_index (runs, i);
      DrivedashReportDrive *drive = find_drive (rb, run);

      if (drive == NULL)
        {
          drive = g_new0 (DrivedashReportDrive, 1);
          drive->first = drivedash_store_run_ref (run);
          drive->firmware = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_add (rb->all_drives, drive);
        }
      add_firmware (drive, run);
    }
  name_drives (rb);
}

const char *
drivedash_report_drive_name (ReportBuild             *rb,
                             const DrivedashStoreRun *run)
{
  DrivedashReportDrive *drive = find_drive (rb, run);

  return drive ? drive->name : "?";
}

char *
drivedash_report_format_time (gint64 usec)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (usec / G_USEC_PER_SEC);
  g_autoptr(GDateTime) local = utc ? g_date_time_to_local (utc) : NULL;

  return local ? g_date_time_format (local, "%Y-%m-%d %H:%M") : g_strdup ("?");
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
serial_words (ReportBuild                *rb,
              const DrivedashReportDrive *drive)
{
  char *serial;

  if (!rb->options->show_serial)
    return g_strdup (_("hidden"));
  /* No drive was recorded: "not run on a drive that Drivedash could
   * identify" already says so. */
  if (drive->first->serial_hash == NULL)
    return g_strdup ("–");
  if ((serial = find_serial (rb, drive->first)) != NULL)
    return serial;
  g_ptr_array_add (rb->cannot_judge, g_strdup_printf (
    _("The serial number of %s cannot be shown: the history keeps only a fingerprint of it, "
      "and the drive is not connected now."), drive->name));
  return g_strdup (_("not known"));
}

static char *
firmware_words (const DrivedashReportDrive *drive)
{
  g_autoptr(GString) words = g_string_new (NULL);

  for (guint i = 0; i < drive->firmware->len; i++)
    g_string_append_printf (words, "%s%s", i ? ", " : "", (char *) g_ptr_array_index (drive->firmware, i));
  return words->len ? g_string_free (g_steal_pointer (&words), FALSE) : g_strdup ("–");
}

/* One drive's column of the drive table, top to bottom. */
static char **
drive_column (ReportBuild                *rb,
              const DrivedashReportDrive *drive)
{
  char **column = g_new0 (char *, 5);

  column[0] = g_strdup (drive->name);
  column[1] = firmware_words (drive);
  column[2] = drive->first->drive_capacity ? drivedash_format_bytes (drive->first->drive_capacity) : g_strdup ("–");
  column[3] = serial_words (rb, drive);
  return column;
}

/* A row a property, a column a drive (as CrystalDiskInfo lists a drive),
 * each drive once however many runs were made on it. */
void
drivedash_report_add_drives (ReportBuild *rb)
{
  g_auto(GStrv) names = g_strsplit (_("Drive|Firmware|Capacity|Serial number"), "|", -1);
  g_autoptr(GPtrArray) columns = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  GPtrArray *rows = g_ptr_array_new ();
  guint n = rb->all_drives->len, n_rows = MIN (g_strv_length (names), 4);

  for (guint d = 0; d < n; d++)
    g_ptr_array_add (columns, drive_column (rb, DRIVE (rb, d)));
  for (guint r = 0; r < n_rows; r++)
    {
      char **row = g_new0 (char *, n + 2);

      row[0] = g_strdup (names[r]);
      for (guint d = 0; d < n; d++)
        row[d + 1] = g_strdup (((char **) g_ptr_array_index (columns, d))[r]);
      g_ptr_array_add (rows, row);
    }
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_HEADING, n > 1 ? _("The drives") : _("The drive"));
  drivedash_report_add_table (rb->doc, rows);
  if (!rb->options->show_serial)
    drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
                               _("Serial numbers are hidden, so the report can be shared."));
}

static char *
temperature_words (const DrivedashStoreRun *run)
{
  if (!isfinite (run->temp_start_c) && !isfinite (run->temp_end_c))
    return g_strdup ("–");
  /* TRANSLATORS: a run's drive temperature at its start and at its end */
  return g_strdup_printf (_("%.0f → %.0f °C"), run->temp_start_c, run->temp_end_c);
}

/* The section's runs, a row each, naming their drive from the table. */
void
drivedash_report_add_runs (ReportBuild *rb)
{
  GPtrArray *rows = g_ptr_array_new ();

  g_ptr_array_add (rows, g_strsplit (_("Run|Date|Drive|Temperature"), "|", -1));
  for (guint i = 0; i < rb->runs->len; i++)
    {
      const DrivedashStoreRun *run = g_ptr_array_index (rb->runs, i);
      char **row = g_new0 (char *, 5);

      row[0] = g_strdup_printf (_("%s (run %lld)"), (char *) g_ptr_array_index (rb->labels, i),
                                (long long) run->id);
      row[1] = drivedash_report_format_time (run->started_at);
      row[2] = g_strdup (drivedash_report_drive_name (rb, run));
      row[3] = temperature_words (run);
      g_ptr_array_add (rows, row);
    }
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("The runs"));
  drivedash_report_add_table (rb->doc, rows);
}
