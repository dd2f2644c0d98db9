/* drivedash-report-evidence.c — the evidence report's data, its document
 * (drawn by the report's PDF and HTML renderers) and writing its files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <libnvme.h>
#include <math.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-format.h"
#include "drivedash-failing.h"
#include "drivedash-health-fields.h"
#include "drivedash-report-evidence.h"
#include "drivedash-report-private.h"
#include "drivedash-store-health.h"

/* The PDF lists the newest readings, and of each kind of event the first
 * and the last this many; the JSON has them all. */
#define HISTORY_ROWS_SHOWN 40
#define EVENTS_SHOWN_AT_EACH_END 200

const char *
drivedash_evidence_serial_note (void)
{
  return _("This report includes the drive’s serial number, because a warranty claim needs it. "
           "Share it only with the drive’s maker or the shop that sold it.");
}

/* The variant carries every field the report shows; the copy's verdict
 * can then take the kernel's events without changing the caller's. */
static DrivedashHealth *
copy_health (DrivedashHealth *health)
{
  g_autoptr(GVariant) variant = g_variant_ref_sink (drivedash_health_to_variant (health));
  g_autoptr(GError) error = NULL;
  DrivedashHealth *copy = drivedash_health_new_from_variant (variant, &error);

  if (copy == NULL)
    {
      g_warning ("copying the health of %s: %s", health->controller, error->message);
      return drivedash_health_ref (health);
    }
  return copy;
}

DrivedashEvidence *
drivedash_evidence_new (DrivedashHealth   *health,
                        const GArray      *history,
                        DrivedashEventLog *events,
                        const char        *events_why)
{
  DrivedashEvidence *evidence = g_new0 (DrivedashEvidence, 1);

  g_return_val_if_fail (health != NULL, NULL);
  evidence->health = copy_health (health);
  drivedash_health_add_kernel_events (evidence->health, events);
  evidence->history = g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot));
  if (history != NULL)
    g_array_append_vals (evidence->history, history->data, history->len);
  evidence->events = events;
  evidence->events_why = g_strdup (events_why);
  evidence->made_usec = g_get_real_time ();
  return evidence;
}

void
drivedash_evidence_free (DrivedashEvidence *evidence)
{
  if (evidence == NULL)
    return;
  drivedash_health_unref (evidence->health);
  g_array_unref (evidence->history);
  drivedash_event_log_free (evidence->events);
  g_free (evidence->events_why);
  g_free (evidence);
}

GArray *
drivedash_evidence_read_history (DrivedashStore         *store,
                                 const DrivedashHealth  *health,
                                 GError                **error)
{
  g_return_val_if_fail (DRIVEDASH_IS_STORE (store), NULL);
  return drivedash_store_list_drive_snapshots (store, health->serial, health->controller, 0, G_MAXINT64, error);
}

static char *
local_time (gint64 usec)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (usec / G_USEC_PER_SEC);
  g_autoptr(GDateTime) local = utc ? g_date_time_to_local (utc) : NULL;

  return local ? g_date_time_format (local, "%Y-%m-%d %H:%M") : g_strdup ("?");
}

/* Copies the NULL-terminated strings into one row. */
static void
add_row (GPtrArray  *rows,
         const char *first,
         ...)
{
  GStrvBuilder *b = g_strv_builder_new ();
  va_list args;

  va_start (args, first);
  for (const char *s = first; s != NULL; s = va_arg (args, const char *))
    g_strv_builder_add (b, s);
  va_end (args);
  g_ptr_array_add (rows, g_strv_builder_end (b));
  g_strv_builder_unref (b);
}

/* The rows of one group of the shared field table, as the app and the
 * CLI show them. */
static void
add_fields (DrivedashReportDocument   *doc,
            const DrivedashHealth     *h,
            DrivedashHealthFieldGroup  group)
{
  GPtrArray *rows = g_ptr_array_new ();
  gsize n_fields;
  const DrivedashHealthField *fields = drivedash_health_fields (&n_fields);

  add_row (rows, _("What"), _("Value"), NULL);
  for (gsize i = 0; i < n_fields; i++)
    {
      g_autofree char *value = NULL;

      if (fields[i].group == group &&
          (value = drivedash_health_field_format (&fields[i], h)) != NULL)
        add_row (rows, _(fields[i].title), value, NULL);
    }
  drivedash_report_add_table (doc, rows);
}

static void
add_identity (DrivedashReportDocument *doc,
              const DrivedashEvidence *evidence)
{
  g_autofree char *made = local_time (evidence->made_usec);
  g_autofree char *when = g_strdup_printf (_("Made by Drivedash %s on %s."), PACKAGE_VERSION, made);

  drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, drivedash_evidence_serial_note ());
  drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, when);
  drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("The drive"));
  add_fields (doc, evidence->health, DRIVEDASH_HEALTH_FIELD_GROUP_IDENTITY);
}

static void
add_health_now (DrivedashReportDocument *doc,
                const DrivedashEvidence *evidence)
{
  const DrivedashHealth *h = evidence->health;
  DrivedashFailing failing = drivedash_health_failing (h, evidence->history, evidence->events);
  g_auto(GStrv) why = drivedash_failing_describe (failing);
  g_autofree char *verdict = g_strdup_printf (_("Verdict: %s"), drivedash_verdict_get_title (h->verdict));

  drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("Health now"));
  drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_SUBHEADING, verdict);
  for (guint i = 0; i < h->reasons->len; i++)
    drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_BULLET,
                               ((DrivedashVerdictReason *) g_ptr_array_index (h->reasons, i))->message);
  if (why[0] != NULL)
    {
      drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
                                 _("Drivedash considers this drive to be failing:"));
      for (guint i = 0; why[i] != NULL; i++)
        drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_BULLET, why[i]);
    }
  add_fields (doc, h, DRIVEDASH_HEALTH_FIELD_GROUP_HEALTH);
  for (guint i = 0; h->missing != NULL && i < h->missing->len; i++)
    {
      DrivedashHealthMissing *m = g_ptr_array_index (h->missing, i);
      g_autofree char *text = g_strdup_printf (_("Not in this report: %s. %s"), m->what, m->why);

      drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_BULLET, text);
    }
}

static char *
snapshot_temperature (const DrivedashSnapshot *s)
{
  if (!(s->has & DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE) || !isfinite (s->temperature_kelvin) ||
      s->temperature_kelvin <= 0)
    return g_strdup ("—");
  return drivedash_format_temperature ((guint) lround (s->temperature_kelvin));
}

static void
add_history_row (GPtrArray               *rows,
                 const DrivedashSnapshot *s)
{
  g_autofree char *time = local_time (s->time * G_USEC_PER_SEC);
  g_autofree char *temp = snapshot_temperature (s);
  g_autofree char *spare = NULL, *used = NULL, *media = NULL, *errors = NULL, *warn = NULL;

  if (!(s->has & DRIVEDASH_SNAPSHOT_HAS_SMART))
    {
      add_row (rows, time, temp, "—", "—", "—", "—", "—", NULL);
      return;
    }
  spare = g_strdup_printf ("%u %%", s->available_spare_percent);
  used = g_strdup_printf ("%u %%", s->percentage_used);
  media = g_strdup_printf ("%" G_GINT64_FORMAT, s->media_errors);
  errors = g_strdup_printf ("%" G_GINT64_FORMAT, s->error_log_entries);
  warn = g_strdup_printf ("0x%02x", s->critical_warning);
  add_row (rows, time, temp, spare, used, media, errors, warn, NULL);
}

static void
add_history (DrivedashReportDocument *doc,
             const DrivedashEvidence *evidence)
{
  GArray *history = evidence->history;
  GPtrArray *rows;
  guint first = history->len > HISTORY_ROWS_SHOWN ? history->len - HISTORY_ROWS_SHOWN : 0;

  drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("Health history"));
  if (history->len == 0)
    {
      drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
                                 _("The background watch kept no readings of this drive."));
      return;
    }
  if (first > 0)
    drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
                               _("The newest readings of the background watch; the JSON file has all of them."));
  rows = g_ptr_array_new ();
  add_row (rows, _("Time"), _("Temperature"), _("Spare"), _("Life used"), _("Media errors"),
           _("Error log entries"), _("Critical warning"), NULL);
  for (guint i = first; i < history->len; i++)
    add_history_row (rows, &g_array_index (history, DrivedashSnapshot, i));
  drivedash_report_add_table (doc, rows);
}

static void
add_error_log (DrivedashReportDocument *doc,
               const DrivedashHealth   *h)
{
  GPtrArray *rows;

  drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("Error log"));
  if (!(h->has & DRIVEDASH_HEALTH_HAS_ERROR_LOG) || h->error_log == NULL)
    {
      drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, _("The error log could not be read."));
      return;
    }
  if (h->error_log->len == 0)
    {
      drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, _("The drive’s error log is empty."));
      return;
    }
  rows = g_ptr_array_new ();
  add_row (rows, _("Error"), _("Status"), _("Queue"), _("Command"), _("Namespace"), _("Block"), NULL);
  for (guint i = 0; i < h->error_log->len; i++)
    {
      const DrivedashErrorLogEntry *e = &g_array_index (h->error_log, DrivedashErrorLogEntry, i);
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, e->error_count);
      /* The status text comes from libnvme, in English. */
      g_autofree char *status = g_strdup_printf ("0x%04x %s", e->status, nvme_status_to_string (e->status, false));
      g_autofree char *queue = g_strdup_printf ("%u", e->submission_queue_id);
      g_autofree char *command = g_strdup_printf ("%u", e->command_id);
      g_autofree char *nsid = g_strdup_printf ("%u", e->nsid);
      g_autofree char *lba = g_strdup_printf ("%" G_GUINT64_FORMAT, e->lba);

      add_row (rows, count, status, queue, command, nsid, lba, NULL);
    }
  drivedash_report_add_table (doc, rows);
}

static void
add_self_test (DrivedashReportDocument *doc,
               const DrivedashHealth   *h)
{
  const DrivedashSelfTestLog *log = &h->self_test;
  GPtrArray *rows;

  drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("Self-tests"));
  if ((h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_SUPPORTED) && !h->self_test_supported)
    {
      drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, _("This drive has no self-test."));
      return;
    }
  if (!(h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG))
    {
      drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, _("The self-test log could not be read."));
      return;
    }
  if (log->n_results == 0)
    {
      drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, _("The drive has not run a self-test yet."));
      return;
    }
  rows = g_ptr_array_new ();
  add_row (rows, _("Test"), _("Result"), _("At power-on hour"), _("Failing block"), NULL);
  for (guint i = 0; i < log->n_results; i++)
    {
      const DrivedashSelfTestResult *r = &log->results[i];
      g_autofree char *hours = g_strdup_printf ("%" G_GUINT64_FORMAT, r->power_on_hours);
      g_autofree char *lba = r->failing_lba_valid ? g_strdup_printf ("%" G_GUINT64_FORMAT, r->failing_lba)
                                                  : g_strdup ("—");

      add_row (rows, drivedash_self_test_kind_describe (r->kind), drivedash_self_test_result_describe (r->result),
               hours, lba, NULL);
    }
  drivedash_report_add_table (doc, rows);
}

static void
add_event_kinds (DrivedashReportDocument *doc,
                 const DrivedashEventLog *log)
{
  for (guint k = 0; k < DRIVEDASH_N_EVENT_KINDS; k++)
    if (log->counts[k] > 0)
      {
        g_autofree char *last = local_time (log->last_usec[k]);
        g_autofree char *text =
          g_strdup_printf (ngettext ("%s: %u time, the last on %s. %s", "%s: %u times, the last on %s. %s",
                                     log->counts[k]),
                           drivedash_event_kind_get_title ((DrivedashEventKind) k), log->counts[k], last,
                           drivedash_event_kind_get_meaning ((DrivedashEventKind) k));

        drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_BULLET, text);
      }
}

static gint
by_time (gconstpointer a,
         gconstpointer b)
{
  const DrivedashKernelEvent *x = *(DrivedashKernelEvent * const *) a;
  const DrivedashKernelEvent *y = *(DrivedashKernelEvent * const *) b;

  return (x->time_usec > y->time_usec) - (x->time_usec < y->time_usec);
}

/* The events the PDF lists, in time order: of each kind the first and the
 * last EVENTS_SHOWN_AT_EACH_END; *left_out counts the others. */
static GPtrArray *
events_shown (const DrivedashEventLog *log,
              guint                   *left_out)
{
  g_autoptr(GPtrArray) sorted = g_ptr_array_sized_new (log->events->len);
  GPtrArray *shown = g_ptr_array_new ();
  guint total[DRIVEDASH_N_EVENT_KINDS] = { 0 }, seen[DRIVEDASH_N_EVENT_KINDS] = { 0 };

  /* The log's events, borrowed. */
  for (guint i = 0; i < log->events->len; i++)
    g_ptr_array_add (sorted, g_ptr_array_index (log->events, i));

  /* Stable: events of one time keep the journal's order. */
  g_ptr_array_sort (sorted, by_time);
  for (guint i = 0; i < sorted->len; i++)
    total[((const DrivedashKernelEvent *) g_ptr_array_index (sorted, i))->kind]++;
  *left_out = 0;
  for (guint i = 0; i < sorted->len; i++)
    {
      DrivedashKernelEvent *e = g_ptr_array_index (sorted, i);
      guint n = seen[e->kind]++;

      if (n < EVENTS_SHOWN_AT_EACH_END || n + EVENTS_SHOWN_AT_EACH_END >= total[e->kind])
        g_ptr_array_add (shown, e);
      else
        (*left_out)++;
    }
  return shown;
}

/* Every event kept, in time order (a long list continues over the pages
 * under its header); with thousands, the first and last of each kind, and
 * how many more the JSON file has. */
static void
add_event_table (DrivedashReportDocument *doc,
                 const DrivedashEventLog *log)
{
  guint left_out = 0;
  g_autoptr(GPtrArray) shown = events_shown (log, &left_out);
  GPtrArray *rows = g_ptr_array_new ();

  if (left_out > 0)
    {
      g_autofree char *text =
        g_strdup_printf (ngettext ("The list shows the first and the last %u events of each kind, in time order; "
                                   "%u more is in the JSON file that comes with this report.",
                                   "The list shows the first and the last %u events of each kind, in time order; "
                                   "%u more are in the JSON file that comes with this report.", left_out),
                         EVENTS_SHOWN_AT_EACH_END, left_out);

      drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, text);
    }
  if (log->dropped > 0)
    {
      g_autofree char *text =
        g_strdup_printf (ngettext ("Only the newest %u events were kept: %u older one is counted above but listed "
                                   "neither here nor in the JSON file.",
                                   "Only the newest %u events were kept: %u older ones are counted above but listed "
                                   "neither here nor in the JSON file.", log->dropped),
                         log->max_events, log->dropped);

      drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, text);
    }
  add_row (rows, _("Time"), _("What"), _("Message"), NULL);
  for (guint i = 0; i < shown->len; i++)
    {
      const DrivedashKernelEvent *e = g_ptr_array_index (shown, i);
      g_autofree char *time = local_time (e->time_usec);

      add_row (rows, time, drivedash_event_kind_get_title (e->kind), e->message, NULL);
    }
  drivedash_report_add_table (doc, rows);
}

static void
add_events (DrivedashReportDocument *doc,
            const DrivedashEvidence *evidence)
{
  const DrivedashEventLog *log = evidence->events;

  drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_HEADING, _("What the system reported"));
  if (log == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The system’s messages could not be read. %s"),
                                               evidence->events_why ? evidence->events_why : "");

      drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH, g_strstrip (text));
      return;
    }
  if (drivedash_event_log_total (log) == 0)
    {
      drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_PARAGRAPH,
                                 _("The system reported no problems with this drive."));
      return;
    }
  add_event_kinds (doc, log);
  add_event_table (doc, log);
}

static DrivedashReportDocument *
build_document (const DrivedashEvidence *evidence)
{
  DrivedashReportDocument *doc = drivedash_report_document_new (_("Drive evidence report"));

  drivedash_report_add_text (doc, DRIVEDASH_REPORT_BLOCK_TITLE, doc->title);
  add_identity (doc, evidence);
  add_health_now (doc, evidence);
  add_history (doc, evidence);
  add_error_log (doc, evidence->health);
  add_self_test (doc, evidence->health);
  add_events (doc, evidence);
  return doc;
}

gboolean
drivedash_evidence_write (const DrivedashEvidence  *evidence,
                          const char               *pdf_path,
                          const char               *json_path,
                          const char               *html_path,
                          GError                  **error)
{
  g_autoptr(DrivedashReportDocument) doc = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autoptr(GBytes) html = NULL;
  g_autoptr(GBytes) json = NULL;

  g_return_val_if_fail (evidence != NULL, FALSE);
  if (pdf_path == NULL && json_path == NULL && html_path == NULL)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("Say where to save the report: a PDF file, a JSON file or both."));
      return FALSE;
    }
  doc = build_document (evidence);
  if (pdf_path != NULL && (pdf = drivedash_report_render_pdf (doc, error)) == NULL)
    return FALSE;
  if (html_path != NULL && (html = drivedash_report_render_html (doc, error)) == NULL)
    return FALSE;
  if (json_path != NULL)
    {
      char *text = drivedash_evidence_to_json (evidence);

      json = g_bytes_new_take (text, strlen (text));
    }
  {
    const char *paths[] = { pdf_path, json_path, html_path };
    GBytes *data[] = { pdf, json, html };

    return drivedash_report_save_files (paths, data, G_N_ELEMENTS (paths), error);
  }
}

typedef struct
{
  DrivedashEvidence *evidence;
  char              *store_path;
  char              *pdf_path;
  char              *json_path;
  char              *html_path;
} WriteJob;

static void
write_job_free (WriteJob *job)
{
  drivedash_evidence_free (job->evidence);
  g_free (job->store_path);
  g_free (job->pdf_path);
  g_free (job->json_path);
  g_free (job->html_path);
  g_free (job);
}

/* The thread's own connection: a DrivedashStore is used from one thread
 * at a time. */
static gboolean
read_history_into (DrivedashEvidence  *evidence,
                   const char         *store_path,
                   GError            **error)
{
  g_autoptr(DrivedashStore) store = drivedash_store_open (store_path, error);
  GArray *history = store != NULL ? drivedash_evidence_read_history (store, evidence->health, error) : NULL;

  if (history == NULL)
    return FALSE;
  g_array_unref (evidence->history);
  evidence->history = history;
  return TRUE;
}

static void
write_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  WriteJob *job = data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  if (job->store_path != NULL && !read_history_into (job->evidence, job->store_path, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (!drivedash_evidence_write (job->evidence, job->pdf_path, job->json_path, job->html_path, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

void
drivedash_evidence_write_async (DrivedashEvidence   *evidence,
                                const char          *store_path,
                                const char          *pdf_path,
                                const char          *json_path,
                                const char          *html_path,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  WriteJob *job = g_new0 (WriteJob, 1);

  g_task_set_source_tag (task, drivedash_evidence_write_async);
  job->evidence = evidence;
  job->store_path = g_strdup (store_path);
  job->pdf_path = g_strdup (pdf_path);
  job->json_path = g_strdup (json_path);
  job->html_path = g_strdup (html_path);
  g_task_set_task_data (task, job, (GDestroyNotify) write_job_free);
  g_task_run_in_thread (task, write_thread);
}

gboolean
drivedash_evidence_write_finish (GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
