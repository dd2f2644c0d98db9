/* drivedash-report-health.c — a report's "Health at the start and at the
 * end": the background watch's readings of each drive just before the
 * first run and just after the last
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-format.h"
#include "drivedash-report-build-private.h"
#include "drivedash-store-health.h"

/* A reading up to a day away still says what the drive was like: the
 * watch thins old readings to one an hour, then one a day. */
#define WINDOW_SECONDS (24 * 3600)

#define RUN(rb, i) ((const DrivedashStoreRun *) g_ptr_array_index ((rb)->runs, (i)))

static gint64
distance (gint64 a,
          gint64 b)
{
  return a > b ? a - b : b - a;
}

/* The full readings nearest the start and the end; FALSE when there is
 * none.  *end == *start when only one reading is near. */
static gboolean
pick_readings (GArray                   *snapshots,
               gint64                    t0,
               gint64                    t1,
               const DrivedashSnapshot **start,
               const DrivedashSnapshot **end)
{
  *start = *end = NULL;
  for (guint i = 0; i < snapshots->len; i++)
    {
      const DrivedashSnapshot *s = &g_array_index (snapshots, DrivedashSnapshot, i);

      if (!(s->has & DRIVEDASH_SNAPSHOT_HAS_SMART))
        continue;
      if (*start == NULL || distance (s->time, t0) < distance ((*start)->time, t0))
        *start = s;
      if (*end == NULL || distance (s->time, t1) <= distance ((*end)->time, t1))
        *end = s;
    }
  if (*start != NULL && (*end)->time < (*start)->time)
    *end = *start;
  return *start != NULL;
}

static char *
reading_time (const DrivedashSnapshot *s)
{
  g_autoptr(GDateTime) t = g_date_time_new_from_unix_local (s->time);

  return t ? g_date_time_format (t, "%Y-%m-%d %H:%M") : g_strdup ("?");
}

static char **
health_row (const char              *what,
            const DrivedashSnapshot *start,
            const DrivedashSnapshot *end,
            char *(*format) (const DrivedashSnapshot *))
{
  char **row = g_new0 (char *, 4);

  row[0] = g_strdup (what);
  row[1] = format (start);
  row[2] = end != start ? format (end) : g_strdup ("–");
  return row;
}

static char *
f_temperature (const DrivedashSnapshot *s)
{
  return drivedash_format_temperature ((guint) (s->temperature_kelvin + 0.5));
}

static char *
f_used (const DrivedashSnapshot *s)
{
  return g_strdup_printf ("%u %%", s->percentage_used);
}

static char *
f_spare (const DrivedashSnapshot *s)
{
  return g_strdup_printf ("%u %%", s->available_spare_percent);
}

static char *
f_media_errors (const DrivedashSnapshot *s)
{
  return drivedash_format_count (DRIVEDASH_U128_INIT ((guint64) MAX (s->media_errors, 0), 0));
}

static char *
f_written (const DrivedashSnapshot *s)
{
  return drivedash_format_bytes ((guint64) MAX (s->data_units_written, 0) * DRIVEDASH_BYTES_PER_DATA_UNIT);
}

static char *
f_hours (const DrivedashSnapshot *s)
{
  return drivedash_format_hours (DRIVEDASH_U128_INIT ((guint64) MAX (s->power_on_hours, 0), 0));
}

static char *
f_warning (const DrivedashSnapshot *s)
{
  return g_strdup (s->critical_warning ? _("yes") : _("none"));
}

static void
add_table (ReportBuild             *rb,
           const DrivedashSnapshot *start,
           const DrivedashSnapshot *end)
{
  GPtrArray *rows = g_ptr_array_new ();
  char **header = g_new0 (char *, 4);
  g_autofree char *from = reading_time (start);
  g_autofree char *to = reading_time (end);

  header[0] = g_strdup (_("Reading"));
  header[1] = g_strdup_printf (_("At the start (%s)"), from);
  header[2] = end != start ? g_strdup_printf (_("At the end (%s)"), to)
                           : g_strdup (_("At the end (no reading)"));
  g_ptr_array_add (rows, header);
  g_ptr_array_add (rows, health_row (_("Temperature"), start, end, f_temperature));
  g_ptr_array_add (rows, health_row (_("Rated life used"), start, end, f_used));
  g_ptr_array_add (rows, health_row (_("Spare blocks left"), start, end, f_spare));
  g_ptr_array_add (rows, health_row (_("Media errors"), start, end, f_media_errors));
  g_ptr_array_add (rows, health_row (_("Critical warning"), start, end, f_warning));
  g_ptr_array_add (rows, health_row (_("Data written, ever"), start, end, f_written));
  g_ptr_array_add (rows, health_row (_("Powered on"), start, end, f_hours));
  drivedash_report_add_table (rb->doc, rows);
}

/* One plain sentence on what changed for the worse, or that nothing did. */
static void
add_change (ReportBuild             *rb,
            const DrivedashSnapshot *start,
            const DrivedashSnapshot *end)
{
  const char *words;

  if (end == start)
    return;
  if (end->critical_warning != 0)
    words = _("The drive raised a critical warning: read its Health page.");
  else if (end->media_errors > start->media_errors)
    words = _("The drive counted new media errors between the two readings: read its Health page.");
  else
    words = _("Nothing in the drive’s health changed for the worse between the two readings.");
  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, words);
}

/* The runs of the drive that run @first was made on: their span. */
static void
drive_span (ReportBuild *rb,
            guint        first,
            gint64      *t0,
            gint64      *t1,
            gboolean    *done)
{
  const char *hash = RUN (rb, first)->serial_hash;

  *t0 = G_MAXINT64;
  *t1 = G_MININT64;
  for (guint i = first; i < rb->runs->len; i++)
    if (g_strcmp0 (RUN (rb, i)->serial_hash, hash) == 0)
      {
        *t0 = MIN (*t0, RUN (rb, i)->started_at / G_USEC_PER_SEC);
        *t1 = MAX (*t1, RUN (rb, i)->ended_at / G_USEC_PER_SEC);
        done[i] = TRUE;
      }
}

static void
add_drive (ReportBuild *rb,
           guint        first,
           gboolean    *done)
{
  const DrivedashStoreRun *run = RUN (rb, first);
  const char *model = drivedash_report_drive_name (rb, run);
  g_autoptr(GArray) snapshots = NULL;
  const DrivedashSnapshot *start, *end;
  gint64 id, t0, t1;

  drive_span (rb, first, &t0, &t1, done);
  id = drivedash_store_find_watch_drive_by_hash (rb->store, run->serial_hash, NULL);
  if (id > 0)
    snapshots = drivedash_store_list_snapshots (rb->store, id, t0 - WINDOW_SECONDS, t1 + WINDOW_SECONDS, NULL);
  if (snapshots == NULL || !pick_readings (snapshots, t0, t1, &start, &end))
    {
      g_ptr_array_add (rb->cannot_judge, g_strdup_printf (
        _("The history has no health readings of %s from around these runs (the background watch was off), "
          "so the report cannot say whether its health changed."), model));
      return;
    }
  if (rb->different_drives)
    drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_SUBHEADING, model);
  add_table (rb, start, end);
  add_change (rb, start, end);
}

void
drivedash_report_add_health (ReportBuild *rb)
{
  g_autofree gboolean *done = g_new0 (gboolean, rb->runs->len);
  guint before = rb->doc->blocks->len;

  drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("Health at the start and at the end"));
  for (guint i = 0; i < rb->runs->len; i++)
    if (!done[i] && RUN (rb, i)->drive_model != NULL)
      add_drive (rb, i, done);
  if (rb->doc->blocks->len == before + 1)
    drivedash_report_add_text (rb->doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
                               _("No health readings are stored for these runs (see below)."));
}
