/* drivedash-cli-events.c — drivedash-cli events [CONTROLLER] [--boot N] [--json]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the kernel said about each drive, in plain words: the kinds of
 * events with their count, the last time, what they mean and what to do,
 * then the messages themselves.  Read from the journal directly where
 * this user may, else through the Drivedash system service.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "drivedash-cli.h"
#include "drivedash-client.h"
#include "drivedash-drive.h"
#include "drivedash-error.h"
#include "drivedash-events.h"
#include "drivedash-format.h"
#include "drivedash-json.h"
#include "drivedash-journal.h"

#define PREFIX "drivedash-cli events: "

typedef struct
{
  char              *controller;
  DrivedashEventLog *log;
  gboolean           via_service;
  gboolean           apst;          /* the kernel runs APST on it now */
} DriveEvents;

static void
drive_events_free (DriveEvents *events)
{
  g_free (events->controller);
  drivedash_event_log_free (events->log);
  g_free (events);
}

static char *
format_time (gint64 usec)
{
  g_autoptr(GDateTime) time = g_date_time_new_from_unix_local (usec / G_USEC_PER_SEC);

  /* Translators: date and time of a kernel event, strftime format */
  return time != NULL ? g_date_time_format (time, _("%Y-%m-%d %H:%M")) : g_strdup ("—");
}

static void
print_kinds (const DrivedashEventLog *log)
{
  for (guint k = 0; k < DRIVEDASH_N_EVENT_KINDS; k++)
    {
      DrivedashEventKind kind = (DrivedashEventKind) k;
      g_autofree char *last = NULL;

      if (log->counts[k] == 0)
        continue;
      last = format_time (log->last_usec[k]);
      /* Translators: "Drive stopped responding: 3 times, last 2026-12-01 10:00" */
      printf (ngettext ("  %s: %u time, last %s\n", "  %s: %u times, last %s\n", log->counts[k]),
              drivedash_event_kind_get_title (kind), log->counts[k], last);
      printf ("      %s\n", drivedash_event_kind_get_meaning (kind));
      printf ("      %s %s\n", _("What to do:"), drivedash_event_kind_get_advice (kind));
    }
}

static void
print_events (const DrivedashEventLog *log)
{
  if (log->dropped > 0)
    printf (ngettext ("  The last %u message (%u older ones not shown):\n",
                      "  The last %u messages (%u older ones not shown):\n", log->events->len),
            log->events->len, log->dropped);
  else
    printf ("  %s\n", _("The messages:"));
  for (guint i = 0; i < log->events->len; i++)
    {
      const DrivedashKernelEvent *event = g_ptr_array_index (log->events, i);
      g_autofree char *time = format_time (event->time_usec);

      /* The message was sanitised when it was read. */
      printf ("    %s  %s\n", time, event->message);
    }
}

static void
print_human (GPtrArray *all)
{
  for (guint i = 0; i < all->len; i++)
    {
      const DriveEvents *events = g_ptr_array_index (all, i);
      guint total = drivedash_event_log_total (events->log);

      if (i > 0)
        putchar ('\n');
      if (total == 0)
        {
          printf (_("%s: the kernel reported no known trouble with this drive.\n"), events->controller);
          continue;
        }
      printf (ngettext ("%s: %u event the kernel reported\n", "%s: %u events the kernel reported\n", total),
              events->controller, total);
      print_kinds (events->log);
      /* The fix, as a command: the same persistent game mode the app's
       * Keep at Full Power button turns on. */
      if (drivedash_event_log_suggests_full_power (events->log, events->apst))
        printf (_("  Keeping this drive at full power usually stops this: "
                  "drivedash-cli game-mode %s on --persistent\n"), events->controller);
      print_events (events->log);
    }
}

static void
print_json (GPtrArray *all)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "drives");
  json_builder_begin_array (b);
  for (guint i = 0; i < all->len; i++)
    {
      const DriveEvents *events = g_ptr_array_index (all, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "controller");
      json_builder_add_string_value (b, events->controller);
      json_builder_set_member_name (b, "source");
      json_builder_add_string_value (b, events->via_service ? "service" : "journal");
      drivedash_event_log_to_json (events->log, b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  text = drivedash_json_to_string (b);
  printf ("%s\n", text);
}

/* The drives to ask about: the one named, or every one sysfs lists. */
static GStrv
controllers_to_read (const char  *sysfs_root,
                     const char  *named,
                     GError     **error)
{
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_autoptr(GPtrArray) drives = NULL;

  if (named != NULL)
    {
      g_strv_builder_add (names, named);
      return g_strv_builder_end (names);
    }
  drives = drivedash_drive_list (sysfs_root, error);
  if (drives == NULL)
    return NULL;
  for (guint i = 0; i < drives->len; i++)
    g_strv_builder_add (names, drivedash_drive_get_name (g_ptr_array_index (drives, i)));
  return g_strv_builder_end (names);
}

static GOptionContext *
make_context (const GOptionEntry *entries)
{
  GOptionContext *context = g_option_context_new (_("[CONTROLLER]"));

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Show what the Linux kernel reported about one NVMe drive (e.g. nvme0), or about "
      "every drive: drives that stopped responding, timeouts, power and connection "
      "errors, read and write errors, and filesystems made read-only, with what each "
      "means and what to do.\n\n"
      "Members of the adm, systemd-journal or wheel group read the system journal "
      "themselves; others need the Drivedash system service."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  return context;
}

int
drivedash_cli_events (int    argc,
                      char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func ((GDestroyNotify) drive_events_free);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) controllers = NULL;
  g_autofree char *journal_file = NULL;
  g_autofree char *sysfs_root = NULL;
  DrivedashClientFlags flags = DRIVEDASH_CLIENT_NONE;
  DrivedashJournalQuery query = { 0 };
  gboolean json = FALSE;
  int boot = G_MININT;
  const GOptionEntry entries[] = {
    { "boot", 'b', 0, G_OPTION_ARG_INT, &boot,
      N_("Only this boot: 0 is the current one, -1 the one before, and so on"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON document"), NULL },
    { "journal-file", 0, 0, G_OPTION_ARG_FILENAME, &journal_file,
      N_("Read this journal file instead of the system journal"), N_("FILE") },
    /* For tests: another sysfs tree, for the drive's PCI address and the
     * devices on it (never touches /dev). */
    { "sysfs-root", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &sysfs_root, NULL, NULL },
    { NULL }
  };

  context = make_context (entries);
  if (!drivedash_cli_parse_options (context, PREFIX, &argc, &argv))
    return DRIVEDASH_EXIT_USAGE;
  if (argc > 2)
    return drivedash_cli_usage (context);
  if (boot != G_MININT && boot > 0)
    {
      fprintf (stderr, PREFIX "%s\n", _("--boot counts back from now: 0 is the current boot, -1 the one before."));
      return DRIVEDASH_EXIT_USAGE;
    }
  query.journal_file = journal_file;
  query.one_boot = boot != G_MININT;
  query.boot = query.one_boot ? boot : 0;
  /* The service reads the system's journal and sysfs, never those named
   * here. */
  if (journal_file != NULL || sysfs_root != NULL)
    flags |= DRIVEDASH_CLIENT_NO_SERVICE;

  controllers = controllers_to_read (sysfs_root, argc == 2 ? argv[1] : NULL, &error);
  if (controllers == NULL)
    return drivedash_cli_fail (PREFIX, error);
  for (guint i = 0; controllers[i] != NULL; i++)
    {
      DriveEvents *events = g_new0 (DriveEvents, 1);

      g_autoptr(DrivedashDrive) drive = drivedash_drive_lookup (sysfs_root, controllers[i], NULL);

      events->controller = g_strdup (controllers[i]);
      events->apst = drive != NULL && drivedash_drive_get_apst_exposed (drive);
      events->log = drivedash_client_get_kernel_events (sysfs_root, controllers[i], &query, flags,
                                                        &events->via_service, NULL, &error);
      if (events->log == NULL)
        {
          drive_events_free (events);
          return drivedash_cli_fail (PREFIX, error);
        }
      g_ptr_array_add (all, events);
    }
  if (all->len == 0 && !json)
    {
      printf ("%s\n", _("No NVMe drives found."));
      return DRIVEDASH_EXIT_OK;
    }
  if (json)
    print_json (all);
  else
    print_human (all);
  return DRIVEDASH_EXIT_OK;
}
