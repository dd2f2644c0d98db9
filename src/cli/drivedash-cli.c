/* drivedash-cli.c — command dispatcher
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "drivedash-cli.h"
#include "drivedash-error.h"

typedef struct
{
  const char *name;
  int (*run) (int argc, char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
  { "list",      drivedash_cli_list,      N_("List NVMe drives") },
  { "health",    drivedash_cli_health,    N_("Show the health of one drive or of all drives") },
  { "events",    drivedash_cli_events,    N_("Show what the kernel reported about a drive, and what it means") },
  { "upkeep",    drivedash_cli_upkeep,    N_("Say whether drives are trimmed and whether firmware updates are offered") },
  { "self-test", drivedash_cli_self_test, N_("Start, abort or read a drive's self-test") },
  { "bench",     drivedash_cli_bench,     N_("Measure the speed of the drive behind a folder") },
  { "game-mode", drivedash_cli_game_mode, N_("Turn a drive's power saving off (game mode) or on") },
  { "history",   drivedash_cli_history,   N_("List, show, compare, export, import or delete stored runs") },
  { "ab",        drivedash_cli_ab,        N_("Find out whether game mode makes a drive faster") },
  { "follow-games", drivedash_cli_follow_games, N_("Keep game mode on while a game runs") },
  { "sustained", drivedash_cli_long,      N_("Long test: mixed reads and writes for minutes or an hour (Iometer style)") },
  { "consistency", drivedash_cli_long,    N_("Long test: speed over many rounds of heavy writes (PCMark 8 style)") },
  { "saturation", drivedash_cli_long,     N_("Long test: how much can be written before the drive slows down") },
  { "adaptivity", drivedash_cli_long,     N_("Long test: speed after rests with the free space filled (PCMark 8 style)") },
  { "writes",    drivedash_cli_writes,    N_("Measure what each app writes to each drive") },
  { "review",    drivedash_cli_review,    N_("The reviewer's whole protocol in one run: speed, Sustained, Consistency, Adaptivity") },
  /* The old spelling "long NAME", kept for scripts; not listed. */
  { "long",      drivedash_cli_long,      NULL },
};

int
drivedash_cli_exit_code_for_error (const GError *error)
{
  if (error == NULL || error->domain != DRIVEDASH_ERROR)
    return DRIVEDASH_EXIT_FAILURE;

  switch ((DrivedashError) error->code)
    {
    case DRIVEDASH_ERROR_INVALID_ARGUMENT:
      return DRIVEDASH_EXIT_USAGE;
    case DRIVEDASH_ERROR_NOT_FOUND:
      return DRIVEDASH_EXIT_NOT_FOUND;
    case DRIVEDASH_ERROR_PERMISSION:
      return DRIVEDASH_EXIT_PERMISSION;
    case DRIVEDASH_ERROR_NOT_SUPPORTED:
    case DRIVEDASH_ERROR_NO_DIRECT_IO:
    case DRIVEDASH_ERROR_IN_MEMORY:
      return DRIVEDASH_EXIT_NOT_SUPPORTED;
    case DRIVEDASH_ERROR_CANCELLED:
      return DRIVEDASH_EXIT_CANCELLED;
    case DRIVEDASH_ERROR_FAILED:
    case DRIVEDASH_ERROR_NO_SPACE:
    case DRIVEDASH_ERROR_NOT_WRITABLE:
    case DRIVEDASH_ERROR_FILE_REMOVED:
    case DRIVEDASH_ERROR_DEVICE_GONE:
    case DRIVEDASH_ERROR_IO:
    default:
      return DRIVEDASH_EXIT_FAILURE;
    }
}

int
drivedash_cli_fail (const char   *prefix,
                    const GError *error)
{
  fprintf (stderr, "%s%s\n", prefix != NULL ? prefix : "", error->message);
  return drivedash_cli_exit_code_for_error (error);
}

gboolean
drivedash_cli_parse_options (GOptionContext   *context,
                             const char       *prefix,
                             int              *argc,
                             char           ***argv)
{
  g_autoptr(GError) error = NULL;

  if (g_option_context_parse (context, argc, argv, &error))
    return TRUE;
  fprintf (stderr, "%s%s\n", prefix != NULL ? prefix : "", error->message);
  return FALSE;
}

int
drivedash_cli_usage (GOptionContext *context)
{
  g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

  fprintf (stderr, "%s", help);
  return DRIVEDASH_EXIT_USAGE;
}

JsonNode *
drivedash_cli_estimate_to_json (guint64 bytes_low,
                                guint64 bytes_high,
                                double  seconds_low,
                                double  seconds_high)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "bytes_low");
  json_builder_add_int_value (b, (gint64) MIN (bytes_low, G_MAXINT64));
  json_builder_set_member_name (b, "bytes_high");
  json_builder_add_int_value (b, (gint64) MIN (bytes_high, G_MAXINT64));
  json_builder_set_member_name (b, "seconds_low");
  json_builder_add_double_value (b, seconds_low);
  json_builder_set_member_name (b, "seconds_high");
  json_builder_add_double_value (b, seconds_high);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
print_usage (FILE *out)
{
  fprintf (out, "%s\n", _("Usage: drivedash-cli COMMAND [OPTIONS…]"));
  fprintf (out, "\n%s\n", _("Commands:"));
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (commands[i].summary != NULL)
      fprintf (out, "  %-12s %s\n", commands[i].name, _(commands[i].summary));
  fprintf (out, "\n%s\n", _("Run “drivedash-cli COMMAND --help” for the options of a command."));
  fprintf (out, "\n%s\n", _("Exit codes:"));
  fprintf (out, "  0    %s\n", _("success"));
  fprintf (out, "  1    %s\n", _("the operation failed"));
  fprintf (out, "  2    %s\n", _("usage error (unknown command or option, bad value)"));
  fprintf (out, "  3    %s\n", _("no such drive or folder"));
  fprintf (out, "  4    %s\n", _("permission denied"));
  fprintf (out, "  5    %s\n", _("not supported by this drive or filesystem"));
  fprintf (out, "  130  %s\n", _("interrupted"));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      print_usage (stderr);
      return DRIVEDASH_EXIT_USAGE;
    }

  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 ||
      strcmp (argv[1], "help") == 0)
    {
      print_usage (stdout);
      return DRIVEDASH_EXIT_OK;
    }

  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("drivedash-cli %s\n", PACKAGE_VERSION);
      return DRIVEDASH_EXIT_OK;
    }

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);

  fprintf (stderr, _("Unknown command “%s”.\n"), argv[1]);
  print_usage (stderr);
  return DRIVEDASH_EXIT_USAGE;
}
