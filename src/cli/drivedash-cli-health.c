/* drivedash-cli-health.c — drivedash-cli health [CONTROLLER] [--format FORMAT] [--output FILE]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * As root the drive is asked directly (one Identify, one log page per
 * drive).  Otherwise the Drivedash system service answers when it is
 * installed, else UDisks2, else what sysfs and hwmon give anyone: the
 * report then says what is missing and why.  For people, the verdict
 * also counts the kernel's serious events about the drive, as the
 * Health page does, where they can be read, and the background watch's
 * readings (how much a counter changed and since when); --json stays
 * the drive's own report, with the life-left estimate beside it.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <libnvme.h>
#include <stdio.h>
#include <unistd.h>

#include "drivedash-cli.h"
#include "drivedash-cli-health-evidence.h"
#include "drivedash-cli-health-life.h"
#include "drivedash-client.h"
#include "drivedash-error.h"
#include "drivedash-failing.h"
#include "drivedash-firmware-update.h"
#include "drivedash-format.h"
#include "drivedash-health.h"
#include "drivedash-health-change.h"
#include "drivedash-health-fields.h"
#include "drivedash-health-report.h"
#include "drivedash-metrics.h"
#include "drivedash-store-app-writes.h"
#include "drivedash-store-health.h"
#include "drivedash-trim.h"

/* The longest English title, "Time above the critical limit", fits. */
#define LABEL_WIDTH 30

/* One "Label   value" line; the label is padded in characters so that
 * translations line up too.  A value of several lines keeps to its column. */
static void
row (const char *label,
     const char *value)
{
  glong len = g_utf8_strlen (label, -1);
  g_auto(GStrv) lines = g_strsplit (value, "\n", -1);

  printf ("  %s", label);
  for (glong i = len; i < LABEL_WIDTH; i++)
    putchar (' ');
  printf (" %s\n", lines[0] != NULL ? lines[0] : "");
  for (guint i = 1; lines[0] != NULL && lines[i] != NULL; i++)
    printf ("  %*s %s\n", LABEL_WIDTH, "", lines[i]);
}

static void
row_take (const char *label,
          char       *value)
{
  row (label, value);
  g_free (value);
}

/* The rows of one group of the shared field table (the app's Health page
 * uses the same words), skipping values this report does not have. */
static void
print_fields (DrivedashHealth           *h,
              DrivedashHealthFieldGroup  group)
{
  gsize n_fields;
  const DrivedashHealthField *fields = drivedash_health_fields (&n_fields);

  for (gsize i = 0; i < n_fields; i++)
    {
      char *value;

      if (fields[i].group != group)
        continue;
      value = drivedash_health_field_format (&fields[i], h);
      if (value != NULL)
        row_take (_(fields[i].title), value);
    }
}

static void
print_power (DrivedashHealth *h)
{
  if (h->has & DRIVEDASH_HEALTH_HAS_APST_SUPPORTED)
    {
      const char *apst;

      if (!h->apst_supported)
        apst = _("not supported: the drive always stays in its active power state");
      else if (!(h->has & DRIVEDASH_HEALTH_HAS_APST_ENABLED))
        apst = _("supported");
      else if (h->apst_enabled)
        apst = _("supported, on");
      else
        apst = _("supported, off (game mode)");
      row (_("Automatic power saving"), apst);
    }

  if (h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_SUPPORTED)
    row (_("Self-test"), h->self_test_supported ? _("supported") : _("not supported by this drive"));

  if (h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG && h->self_test.current != DRIVEDASH_SELF_TEST_NONE)
    {
      g_autofree char *progress = drivedash_health_dup_self_test_progress (h);

      row_take (_("Self-test running"),
                g_strdup_printf (_("%s, %s"), drivedash_self_test_kind_describe (h->self_test.current), progress));
    }

  if (h->has & DRIVEDASH_HEALTH_HAS_IDENTIFY)
    {
      printf ("  %s\n", _("Power states:"));
      for (guint i = 0; i < h->identify.n_power_states; i++)
        {
          const DrivedashPowerState *ps = &h->identify.power_states[i];
          g_autofree char *power = drivedash_format_power (ps->max_power_microwatts);
          g_autofree char *entry = drivedash_format_latency_us (ps->entry_latency_us);
          g_autofree char *exit_ = drivedash_format_latency_us (ps->exit_latency_us);

          /* Translators: one row of the power-state table, e.g.
           * "PS1   0.46 W   operational   entry 5 µs, exit 10 µs" */
          printf (_("    PS%-2u  %-10s  %-15s  entry %s, exit %s\n"), ps->index, power,
                  ps->non_operational ? _("non-operational") : _("operational"), entry, exit_);
        }
    }
}

/* The newest few entries; the whole list is in --json. */
#define ERROR_LOG_SHOWN 5

static void
print_error_log (DrivedashHealth *h)
{
  GArray *log = h->error_log;

  if (!(h->has & DRIVEDASH_HEALTH_HAS_ERROR_LOG) || log == NULL)
    return;
  if (log->len == 0)
    {
      row (_("Error log"), _("empty"));
      return;
    }

  printf ("  %s\n", _("Error log, newest first:"));
  for (guint i = 0; i < log->len && i < ERROR_LOG_SHOWN; i++)
    {
      const DrivedashErrorLogEntry *e = &g_array_index (log, DrivedashErrorLogEntry, i);

      /* Translators: one error log entry; the status text comes from
       * libnvme, in English. */
      printf (_("    #%llu: status 0x%04x (%s), queue %u, command %u, namespace %u\n"),
              (unsigned long long) e->error_count, e->status, nvme_status_to_string (e->status, false),
              e->submission_queue_id, e->command_id, e->nsid);
    }
  if (log->len > ERROR_LOG_SHOWN)
    printf (ngettext ("    … and %u older entry (see --json)\n",
                      "    … and %u older entries (see --json)\n", log->len - ERROR_LOG_SHOWN),
            log->len - ERROR_LOG_SHOWN);
}

static void
print_firmware_log (DrivedashHealth *h)
{
  const DrivedashFirmwareLog *fw = &h->firmware_log;

  if (!(h->has & DRIVEDASH_HEALTH_HAS_FIRMWARE_LOG))
    return;
  printf ("  %s\n", _("Firmware slots:"));
  for (guint slot = 1; slot <= fw->n_slots; slot++)
    {
      g_autofree char *title = drivedash_health_firmware_slot_title (fw, slot);
      g_autofree char *value = drivedash_health_firmware_slot_value (fw, slot);

      /* Translators: one firmware slot, e.g. "Slot 1 (read-only): 1.0 · active" */
      printf (_("    %s: %s\n"), title, value);
    }
}

/* Upkeep, in the words of `drivedash-cli upkeep` and the Health page:
 * whether the drive is trimmed, and fwupd's offer when fwupd runs. */
static void
print_upkeep (const char      *sysfs_root,
              DrivedashHealth *h)
{
  g_autoptr(DrivedashTrimStatus) trim = drivedash_trim_status_read (sysfs_root, h->controller, NULL, NULL);
  g_autoptr(DrivedashFirmwareUpdate) fw = drivedash_firmware_update_read (h->serial, NULL, NULL);

  if (trim != NULL)
    row_take (_("Weekly trim"), drivedash_trim_status_dup_text (trim, g_get_real_time ()));
  if (fw != NULL && fw->state != DRIVEDASH_FIRMWARE_UPDATE_NO_FWUPD)
    row_take (_("Firmware update"), drivedash_firmware_update_dup_text (fw));
}

static void
print_human (const char                *sysfs_root,
             DrivedashHealth           *h,
             const DrivedashProjection *life)
{
  /* The verdict first: that is what people come for. */
  g_autofree char *controller = drivedash_format_device_string (h->controller);

  printf ("%s: %s\n", controller, drivedash_verdict_get_title (h->verdict));
  for (guint i = 0; i < h->reasons->len; i++)
    printf ("  • %s\n", ((DrivedashVerdictReason *) g_ptr_array_index (h->reasons, i))->message);
  putchar ('\n');

  print_fields (h, DRIVEDASH_HEALTH_FIELD_GROUP_IDENTITY);
  /* Only worth a line when something is wrong. */
  if (h->state != NULL && g_strcmp0 (h->state, "live") != 0)
    row_take (_("Controller state"), drivedash_format_device_string (h->state));
  print_fields (h, DRIVEDASH_HEALTH_FIELD_GROUP_HEALTH);
  if (life != NULL)
    row_take (_("How long it lasts"), drivedash_projection_describe (life));
  print_power (h);
  print_firmware_log (h);
  print_upkeep (sysfs_root, h);
  print_error_log (h);

  if (drivedash_health_is_partial (h))
    {
      printf ("\n  %s\n", _("This report is partial. Missing:"));
      for (guint i = 0; i < h->missing->len; i++)
        {
          DrivedashHealthMissing *m = g_ptr_array_index (h->missing, i);
          g_autofree char *detail = m->detail ? drivedash_format_device_string (m->detail) : NULL;

          printf ("  • %s: %s\n", m->what, m->why);
          if (detail != NULL)
            printf ("    %s\n", detail);
        }
    }
}

typedef enum
{
  FORMAT_TEXT,
  FORMAT_JSON,
  FORMAT_PROMETHEUS,
} Format;

/* --json is --format json, kept for scripts that use it. */
static gboolean
parse_format (const char *name,
              gboolean    json,
              Format     *format)
{
  if (name == NULL)
    *format = json ? FORMAT_JSON : FORMAT_TEXT;
  else if (g_str_equal (name, "text"))
    *format = FORMAT_TEXT;
  else if (g_str_equal (name, "json"))
    *format = FORMAT_JSON;
  else if (g_str_equal (name, "prometheus"))
    *format = FORMAT_PROMETHEUS;
  else
    {
      fprintf (stderr, _("Unknown format “%s”. Use text, json or prometheus.\n"), name);
      return FALSE;
    }
  if (json && *format != FORMAT_JSON)
    {
      fprintf (stderr, _("--json and --format %s ask for different outputs. Give only one.\n"), name);
      return FALSE;
    }
  return TRUE;
}

static DrivedashHealth *
read_one (const char                *sysfs_root,
          const char                *controller,
          DrivedashHealthReadFlags   flags,
          GError                   **error)
{
  g_autoptr(DrivedashDrive) drive = NULL;

  /* As root, or against a test tree, read here: this is the full report
   * and needs no D-Bus.  Otherwise let the client pick the best source. */
  if (geteuid () != 0 && sysfs_root == NULL)
    return drivedash_client_get_health (NULL, controller, DRIVEDASH_CLIENT_NONE, NULL, error);

  drive = drivedash_drive_lookup (sysfs_root, controller, error);
  if (drive == NULL)
    return NULL;
  return drivedash_health_read (drive, flags, error);
}

/* The drive asked for, or all of them; NULL after printing the error. */
static GPtrArray *
list_names (const char *sysfs_root,
            const char *only,
            int        *status)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) drives = NULL;
  g_autoptr(GError) error = NULL;

  if (only != NULL)
    {
      g_ptr_array_add (names, g_strdup (only));
      return g_steal_pointer (&names);
    }
  drives = drivedash_drive_list (sysfs_root, &error);
  if (drives == NULL)
    {
      *status = drivedash_cli_fail (NULL, error);
      return NULL;
    }
  for (guint i = 0; i < drives->len; i++)
    g_ptr_array_add (names, g_strdup (drivedash_drive_get_name (g_ptr_array_index (drives, i))));
  return g_steal_pointer (&names);
}

/* Each drive's kernel events over every boot the journal holds (as the
 * Health page reads them), where they can be read without a password:
 * the journal, else the service (the Prometheus timer runs as root).  A
 * drive whose events cannot be read has NULL, never a count of zero. */
static GPtrArray *
read_kernel_events (const char *sysfs_root,
                    const char *journal_file,
                    GPtrArray  *healths)
{
  GPtrArray *events = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_event_log_free);
  DrivedashJournalQuery query = { .journal_file = journal_file };
  /* The service reads the system's journal and sysfs, never those named
   * here. */
  DrivedashClientFlags flags = journal_file != NULL || sysfs_root != NULL ? DRIVEDASH_CLIENT_NO_SERVICE
                                                                          : DRIVEDASH_CLIENT_NONE;

  /* A fixture tree's drives are not this system's: the system journal
   * says nothing about them. */
  if (sysfs_root != NULL && journal_file == NULL)
    return events;
  for (guint i = 0; i < healths->len; i++)
    {
      const DrivedashHealth *h = g_ptr_array_index (healths, i);
      g_autoptr(GError) error = NULL;
      DrivedashEventLog *log = drivedash_client_get_kernel_events (sysfs_root, h->controller, &query,
                                                                   flags, NULL, NULL, &error);

      if (log == NULL)
        g_debug ("%s: no kernel events: %s", h->controller, error->message);
      g_ptr_array_add (events, log);
    }
  return events;
}

/* Prometheus text for node_exporter's textfile collector, printed or
 * written atomically (data/service/drivedash-prometheus.timer). */
/* What the watch kept of each app's writes to each drive, as metrics;
 * nothing where the watch never ran (no history is made for it). */
static void
append_app_writes (GString   *text,
                   GPtrArray *healths)
{
  g_autofree char *path = drivedash_store_get_default_path ();
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GPtrArray) controllers = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) bytes = g_array_new (FALSE, FALSE, sizeof (guint64));

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR) || (store = drivedash_store_open (path, NULL)) == NULL)
    return;
  for (guint i = 0; i < healths->len; i++)
    {
      DrivedashHealth *h = g_ptr_array_index (healths, i);
      gint64 id = drivedash_store_find_watch_drive (store, h->serial, h->controller, NULL);
      g_autoptr(GPtrArray) totals = id > 0 ? drivedash_store_list_app_writes (store, id, 0, NULL) : NULL;

      for (guint j = 0; totals != NULL && j < totals->len; j++)
        {
          DrivedashAppTotal *t = g_ptr_array_index (totals, j);

          g_ptr_array_add (controllers, h->controller);
          g_ptr_array_add (names, g_strdup (t->app));
          g_array_append_val (bytes, t->bytes);
        }
    }
  drivedash_metrics_append_app_writes (text, (const char *const *) controllers->pdata,
                                       (const char *const *) names->pdata, (const guint64 *) bytes->data,
                                       bytes->len);
}

static int
output_prometheus (GPtrArray  *healths,
                   GPtrArray  *events,
                   const char *output)
{
  g_autofree char *metrics = drivedash_metrics_format_with_events (healths, events);
  g_autoptr(GString) all = g_string_new (metrics);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  append_app_writes (all, healths);
  text = g_strdup (all->str);
  if (output == NULL)
    fputs (text, stdout);
  else if (!drivedash_metrics_write_file (output, text, &error))
    return drivedash_cli_fail (NULL, error);
  return DRIVEDASH_EXIT_OK;
}

/* For people, the kernel's serious events count in the verdict as on
 * the Health page; a drive whose events cannot be read keeps its own. */
static void
print_report (const char *sysfs_root,
              GPtrArray  *healths,
              GPtrArray  *events,
              GPtrArray  *readings,
              GArray     *life)
{
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  for (guint i = 0; i < healths->len; i++)
    {
      DrivedashHealth *h = g_ptr_array_index (healths, i);

      if (i > 0)
        putchar ('\n');
      if (i < events->len)
        drivedash_health_add_kernel_events (h, g_ptr_array_index (events, i));
      /* How much changed and since when, from the watch's readings. */
      if (readings != NULL)
        drivedash_health_add_history (h, g_ptr_array_index (readings, i), now);
      print_human (sysfs_root, h, life != NULL ? &g_array_index (life, DrivedashProjection, i) : NULL);
    }
}

/* --json is the drive's own report, as scripts have always had it; the
 * other formats read the kernel's events once. */
static int
output_report (const char *sysfs_root,
               const char *journal_file,
               GPtrArray  *healths,
               Format      format,
               const char *output,
               guint       n_names)
{
  g_autoptr(GPtrArray) events = NULL;

  if (format == FORMAT_JSON)
    {
      gint64 now = g_get_real_time () / G_USEC_PER_SEC;
      g_autoptr(GPtrArray) readings = drivedash_cli_health_readings (healths, now);
      g_autoptr(GArray) life = drivedash_cli_health_life (healths, readings, now);
      g_autofree char *text = drivedash_cli_health_life_to_json (healths, life);

      printf ("%s\n", text);
      return DRIVEDASH_EXIT_OK;
    }
  events = read_kernel_events (sysfs_root, journal_file, healths);
  if (format == FORMAT_PROMETHEUS)
    return output_prometheus (healths, events, output);
  if (n_names == 0)
    printf ("%s\n", _("No NVMe drives found."));
  else
    {
      gint64 now = g_get_real_time () / G_USEC_PER_SEC;
      g_autoptr(GPtrArray) readings = drivedash_cli_health_readings (healths, now);
      g_autoptr(GArray) life = drivedash_cli_health_life (healths, readings, now);

      print_report (sysfs_root, healths, events, readings, life);
    }
  return DRIVEDASH_EXIT_OK;
}

/* A report made elsewhere (smartctl, nvme-cli): the same verdict and
 * words as for a drive of this computer, said to be from the file. */
static int
health_from_file (const char *const *paths,
                  Format             format)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashHealth) h = NULL;
  g_autoptr(GPtrArray) healths = NULL;
  g_autoptr(GPtrArray) no_events = g_ptr_array_new ();
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GDateTime) made = NULL;
  g_autofree char *path = g_strjoinv (" + ", (char **) paths);

  if (format == FORMAT_PROMETHEUS)
    {
      fprintf (stderr, "%s\n", _("--from-file gives text or --json, not Prometheus metrics."));
      return DRIVEDASH_EXIT_USAGE;
    }
  for (guint i = 0; paths[i] != NULL; i++)
    g_ptr_array_add (files, g_file_new_for_commandline_arg (paths[i]));
  h = drivedash_health_read_report_files ((GFile **) files->pdata, files->len, &made, NULL, &error);
  if (h == NULL)
    return drivedash_cli_fail (NULL, error);
  healths = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_health_unref);
  g_ptr_array_add (healths, g_steal_pointer (&h));
  if (format == FORMAT_JSON)
    {
      g_autofree char *text = drivedash_health_list_to_json (healths);

      printf ("%s\n", text);
      return DRIVEDASH_EXIT_OK;
    }
  if (made != NULL)
    {
      g_autofree char *day = drivedash_health_report_format_date (made);

      /* Translators: the file's name, the day the report was made */
      printf (_("From the report “%s”, made on %s (not a drive of this computer):\n"), path, day);
    }
  else
    /* Translators: %s is the file's name */
    printf (_("From the report “%s” (not a drive of this computer):\n"), path);
  /* No life-left estimate: this computer's history is of its own drives. */
  print_report (NULL, healths, no_events, NULL, NULL);
  return DRIVEDASH_EXIT_OK;
}

/* The evidence report is about one drive, in files of its own. */
static int
health_evidence (const char                      *sysfs_root,
                 const char                      *controller,
                 gboolean                         other_output,
                 const DrivedashCliEvidencePaths *paths)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashHealth) health = NULL;

  if (controller == NULL)
    {
      fprintf (stderr, "%s\n", _("Name the drive the evidence report is about, e.g. nvme0."));
      return DRIVEDASH_EXIT_USAGE;
    }
  if (other_output)
    {
      fprintf (stderr, "%s\n", _("--evidence-* writes files of its own: leave out --format, --json and --output."));
      return DRIVEDASH_EXIT_USAGE;
    }
  health = read_one (sysfs_root, controller, DRIVEDASH_HEALTH_READ_FULL, &error);
  if (health == NULL)
    return drivedash_cli_fail (NULL, error);
  return drivedash_cli_health_evidence (sysfs_root, health, paths);
}

static GOptionContext *
make_context (const GOptionEntry *entries)
{
  GOptionContext *context = g_option_context_new (_("[CONTROLLER]"));
  g_autofree char *description = NULL;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Show the health of one NVMe drive (e.g. nvme0), or of all drives: a verdict "
      "(good, caution or bad) with its reasons, then temperature, wear, data written, "
      "errors and power states.\n\n"
      "As root the drive is asked directly. Otherwise the Drivedash system service is "
      "used when installed; without it the report is partial (identity and temperature) "
      "and says what is missing."));
  description = g_strdup_printf ("%s\n  0  %s\n  1  %s\n  2  %s\n  3  %s\n\n%s\n\n%s",
    _("Exit codes:"),
    _("success (whatever the verdict)"),
    _("the health could not be read"),
    _("usage error"),
    _("no such controller"),
    _("JSON: 128-bit counters such as data_units_written are JSON integers, exact up to "
      "2^63−1; each also comes as a decimal string in data_units_written_exact, exact "
      "for any value. Unknown values are null."),
    _("Prometheus: --output replaces the file in one step (a temporary file in the same "
      "folder, then a rename), so node_exporter never reads half of it. A file that "
      "cannot be written gives exit code 1, a missing folder 3."));
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  return context;
}

int
drivedash_cli_health (int    argc,
                      char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GPtrArray) healths = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_health_unref);
  g_autoptr(GPtrArray) names = NULL;
  g_autofree char *sysfs_root = NULL;
  g_autofree char *format_name = NULL;
  g_autofree char *output = NULL;
  g_autofree char *evidence_pdf = NULL;
  g_autofree char *evidence_json = NULL;
  g_autofree char *evidence_html = NULL;
  g_autofree char *journal_file = NULL;
  g_auto(GStrv) from_files = NULL;
  gboolean json = FALSE;
  Format format;
  int status = DRIVEDASH_EXIT_OK;
  int code;
  const GOptionEntry entries[] = {
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_name,
      N_("Output format: text (the default), json or prometheus"), N_("FORMAT") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON document"), NULL },
    { "output", 0, 0, G_OPTION_ARG_FILENAME, &output,
      N_("With --format prometheus: write this file instead of printing, e.g. "
         "/var/lib/prometheus/node-exporter/drivedash.prom"), N_("FILE") },
    { "evidence-pdf", 0, 0, G_OPTION_ARG_FILENAME, &evidence_pdf,
      N_("Save a report for a warranty claim as this PDF file (the serial number is included)"), N_("FILE") },
    { "evidence-json", 0, 0, G_OPTION_ARG_FILENAME, &evidence_json,
      N_("Save the same report as this JSON file"), N_("FILE") },
    { "evidence-html", 0, 0, G_OPTION_ARG_FILENAME, &evidence_html,
      N_("Save the same report as this HTML file"), N_("FILE") },
    { "from-file", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &from_files,
      N_("Judge a report saved elsewhere instead of a drive of this computer: the text of "
         "“smartctl -x”, or the JSON of “smartctl -j -x” or “nvme smart-log -o json” (give "
         "--from-file twice to add the same drive’s “nvme id-ctrl -o json”)"), N_("FILE") },
    { "journal-file", 0, 0, G_OPTION_ARG_FILENAME, &journal_file,
      N_("Read the kernel's messages from this journal file instead of the system journal "
         "(not with --json)"), N_("FILE") },
    /* For tests: read another sysfs tree (never touches /dev). */
    { "sysfs-root", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &sysfs_root, NULL, NULL },
    { NULL }
  };
  DrivedashCliEvidencePaths evidence = { 0 };

  context = make_context (entries);
  if (!drivedash_cli_parse_options (context, NULL, &argc, &argv) ||
      !parse_format (format_name, json, &format))
    return DRIVEDASH_EXIT_USAGE;
  if (argc > 2)
    {
      fprintf (stderr, _("Unexpected argument “%s”.\n"), argv[2]);
      return DRIVEDASH_EXIT_USAGE;
    }
  if (output != NULL && format != FORMAT_PROMETHEUS)
    {
      fprintf (stderr, "%s\n", _("--output works only with --format prometheus."));
      return DRIVEDASH_EXIT_USAGE;
    }

  if (from_files != NULL)
    {
      if (argc == 2 || evidence_pdf != NULL || evidence_json != NULL || evidence_html != NULL || output != NULL)
        {
          fprintf (stderr, "%s\n", _("--from-file judges the file alone: leave out the drive, --output and --evidence-*."));
          return DRIVEDASH_EXIT_USAGE;
        }
      return health_from_file ((const char *const *) from_files, format);
    }
  evidence.pdf = evidence_pdf;
  evidence.json = evidence_json;
  evidence.html = evidence_html;
  evidence.journal_file = journal_file;
  if (evidence_pdf != NULL || evidence_json != NULL || evidence_html != NULL)
    return health_evidence (sysfs_root, argc == 2 ? argv[1] : NULL,
                            format_name != NULL || json || output != NULL, &evidence);
  if (journal_file != NULL && format == FORMAT_JSON)
    {
      fprintf (stderr, "%s\n", _("--journal-file does not work with --json, which is the drive’s own report."));
      return DRIVEDASH_EXIT_USAGE;
    }

  names = list_names (sysfs_root, argc == 2 ? argv[1] : NULL, &status);
  if (names == NULL)
    return status;
  for (guint i = 0; i < names->len; i++)
    {
      g_autoptr(GError) local_error = NULL;
      /* Metrics need only the SMART log, not the error log's entries. */
      DrivedashHealth *h = read_one (sysfs_root, g_ptr_array_index (names, i),
                                     format == FORMAT_PROMETHEUS ? DRIVEDASH_HEALTH_READ_NONE
                                                                 : DRIVEDASH_HEALTH_READ_FULL,
                                     &local_error);

      if (h == NULL)
        {
          code = drivedash_cli_fail (NULL, local_error);
          /* The first failure decides the exit code; the other drives are
           * still reported. */
          if (status == DRIVEDASH_EXIT_OK)
            status = code;
          continue;
        }
      g_ptr_array_add (healths, h);
    }

  code = output_report (sysfs_root, journal_file, healths, format, output, names->len);
  return status != DRIVEDASH_EXIT_OK ? status : code;
}
