/* drivedash-cli-self-test.c — drivedash-cli self-test CONTROLLER ACTION
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ACTION is start-short, start-extended, abort or status.  The Device
 * Self-test command (opcode 0x14) and its log (page 0x06) are admin
 * commands: this needs root.  Drives whose Identify data lacks OACS bit 4
 * do not have self-tests; we say so instead of sending the command.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "drivedash-cli.h"
#include "drivedash-error.h"
#include "drivedash-json.h"
#include "drivedash-nvme.h"
#include "drivedash-self-test.h"

static const struct
{
  const char            *name;
  DrivedashSelfTestKind  kind;   /* NONE for "status" */
} actions[] = {
  { "start-short", DRIVEDASH_SELF_TEST_SHORT },
  { "start-extended", DRIVEDASH_SELF_TEST_EXTENDED },
  { "abort", DRIVEDASH_SELF_TEST_ABORT },
  { "status", DRIVEDASH_SELF_TEST_NONE },
};

/* One document whatever happened.  Without error: what succeeded, with
 * the self-test log's members when there is one.  With error: ok is false,
 * so scripts can tell "not supported" from other failures without parsing
 * text. */
static void
print_json (const char                 *controller,
            const char                 *action,
            const DrivedashSelfTestLog *log,
            const GError               *error)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  drivedash_json_member_string (b, "controller", controller);
  drivedash_json_member_string (b, "action", action);
  drivedash_json_member_bool (b, "ok", TRUE, error == NULL);
  /* FALSE when the drive has none, null when a failure says nothing. */
  drivedash_json_member_bool (b, "self_test_supported",
                              error == NULL ||
                              g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED),
                              error == NULL);
  if (log != NULL)
    drivedash_self_test_log_to_json (log, b);
  if (error != NULL)
    drivedash_json_member_string (b, "error", error->message);
  json_builder_end_object (b);

  text = drivedash_json_to_string (b);
  printf ("%s\n", text);
}

static void
print_status_human (const char                 *controller,
                    const DrivedashSelfTestLog *log)
{
  if (log->current == DRIVEDASH_SELF_TEST_NONE)
    printf (_("%s: no self-test is running.\n"), controller);
  else
    printf (_("%s: %s running, %u %% done.\n"), controller,
            drivedash_self_test_kind_describe (log->current), log->current_percent_done);

  if (log->n_results == 0)
    {
      printf ("%s\n", _("No self-test results yet."));
      return;
    }

  printf ("%s\n", _("Results, newest first:"));
  for (guint i = 0; i < log->n_results; i++)
    {
      const DrivedashSelfTestResult *r = &log->results[i];
      GString *line = g_string_new (NULL);

      g_string_append_printf (line, "  %2u. %s: %s", i + 1,
                              drivedash_self_test_kind_describe (r->kind),
                              drivedash_self_test_result_describe (r->result));
      if (r->result == DRIVEDASH_SELF_TEST_RESULT_FAILED_SEGMENT)
        g_string_append_printf (line, _(" (step %u)"), r->failed_segment);
      g_string_append_printf (line, _(", at %llu power-on hours"),
                              (unsigned long long) r->power_on_hours);
      if (r->failing_lba_valid)
        g_string_append_printf (line, _(", first bad block %llu"),
                                (unsigned long long) r->failing_lba);
      printf ("%s\n", line->str);
      g_string_free (line, TRUE);
    }
}

int
drivedash_cli_self_test (int    argc,
                         char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashDrive) drive = NULL;
  g_autofree char *sysfs_root = NULL;
  g_autofree char *description = NULL;
  const char *controller, *action;
  DrivedashSelfTestKind kind = DRIVEDASH_SELF_TEST_NONE;
  gboolean json = FALSE;
  gboolean found = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON document"), NULL },
    { "sysfs-root", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &sysfs_root, NULL, NULL },
    { NULL }
  };

  context = g_option_context_new (_("CONTROLLER start-short|start-extended|abort|status"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Start or stop the drive’s own self-test, or show its progress and past results. "
      "The test runs inside the drive, in the background; a short test takes about two "
      "minutes, an extended one can take an hour or more. Needs administrator rights. "
      "Not every drive has self-tests."));
  description = g_strdup_printf ("%s\n  0  %s\n  1  %s\n  2  %s\n  3  %s\n  4  %s\n  5  %s",
                                 _("Exit codes:"), _("success"), _("the operation failed"),
                                 _("usage error"), _("no such controller"),
                                 _("administrator rights needed"),
                                 _("the drive does not support self-tests"));
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!drivedash_cli_parse_options (context, NULL, &argc, &argv))
    return DRIVEDASH_EXIT_USAGE;
  if (argc != 3)
    return drivedash_cli_usage (context);
  controller = argv[1];
  action = argv[2];

  for (gsize i = 0; i < G_N_ELEMENTS (actions); i++)
    if (strcmp (action, actions[i].name) == 0)
      {
        kind = actions[i].kind;
        found = TRUE;
      }
  if (!found)
    {
      fprintf (stderr, _("Unknown action “%s”: use start-short, start-extended, abort or status.\n"),
               action);
      return DRIVEDASH_EXIT_USAGE;
    }

  drive = drivedash_drive_lookup (sysfs_root, controller, &error);
  if (drive == NULL)
    return drivedash_cli_fail (NULL, error);

  if (kind == DRIVEDASH_SELF_TEST_NONE)
    {
      DrivedashSelfTestLog log;

      if (!drivedash_drive_read_self_test_log (drive, &log, &error))
        goto failed;

      if (json)
        print_json (drivedash_drive_get_name (drive), action, &log, NULL);
      else
        print_status_human (drivedash_drive_get_name (drive), &log);
      return DRIVEDASH_EXIT_OK;
    }

  if (!drivedash_drive_self_test (drive, kind, &error))
    goto failed;

  if (json)
    print_json (drivedash_drive_get_name (drive), action, NULL, NULL);
  else if (kind == DRIVEDASH_SELF_TEST_ABORT)
    printf (_("%s: self-test stopped.\n"), drivedash_drive_get_name (drive));
  else
    {
      const DrivedashIdentify *id = drivedash_drive_get_cached_identify (drive);

      printf (_("%s: %s started. It runs inside the drive; follow it with “drivedash-cli self-test %s status”.\n"),
              drivedash_drive_get_name (drive), drivedash_self_test_kind_describe (kind),
              drivedash_drive_get_name (drive));
      if (kind == DRIVEDASH_SELF_TEST_EXTENDED && id != NULL && id->extended_self_test_minutes != 0)
        printf (ngettext ("The drive expects it to take about %u minute.\n",
                          "The drive expects it to take about %u minutes.\n",
                          id->extended_self_test_minutes),
                id->extended_self_test_minutes);
    }
  return DRIVEDASH_EXIT_OK;

failed:
  if (json)
    print_json (drivedash_drive_get_name (drive), action, NULL, error);
  return drivedash_cli_fail (NULL, error);
}
