/* drivedash-cli-game-mode.c — drivedash-cli game-mode CONTROLLER on|off|status
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Talks to drivedashd when it is on the system bus (polkit decides, and may
 * ask for a password once); without the service it acts directly when run
 * as root, and otherwise says what permission is missing.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-cli.h"
#include "drivedash-client.h"
#include "drivedash-error.h"
#include "drivedash-json.h"
#include "drivedash-power.h"

#define PREFIX "drivedash-cli game-mode: "

static void
print_json (const DrivedashGameMode *state,
            DrivedashHealthSource    source)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *text = NULL;

  json_builder_begin_object (builder);
  drivedash_json_member_string (builder, "controller", state->controller);
  drivedash_json_member_bool (builder, "supported", TRUE, state->supported);
  drivedash_json_member_bool (builder, "enabled", TRUE, state->enabled);
  drivedash_json_member_bool (builder, "persistent", TRUE, state->persistent);
  drivedash_json_member_string (builder, "latency_tolerance_us", state->latency_tolerance);
  drivedash_json_member_int (builder, "power_state", state->have_power_state, state->power_state);
  drivedash_json_member_string (builder, "message", drivedash_game_mode_describe (state));
  drivedash_json_member_string (builder, "source", drivedash_health_source_to_string (source));
  json_builder_end_object (builder);

  text = drivedash_json_to_string (builder);
  printf ("%s\n", text);
}

static void
print_human (const DrivedashGameMode *state,
             DrivedashHealthSource    source)
{
  printf ("%s: %s\n", state->controller, drivedash_game_mode_describe (state));
  if (state->supported)
    /* TRANSLATORS: the value is "0", "100000" or "auto"; µs = microseconds */
    printf ("  %s %s\n", _("Power-saving latency limit (µs):"), state->latency_tolerance);
  if (state->have_power_state)
    printf ("  %s %u\n", _("Current power state:"), state->power_state);
  printf ("  %s %s\n", _("Read through:"),
          source == DRIVEDASH_HEALTH_SOURCE_SERVICE
          ? _("the Drivedash system service") : _("sysfs (directly)"));
}

/* The fixture options let the caller choose which files root writes
 * ("0" into a latency file, a udev rule, a state file): an installed
 * drivedash-cli refuses them as root.  The tests' build of it (tests/,
 * DRIVEDASH_TEST_BUILD) accepts them, and the file operations themselves
 * never follow a symlink in an attribute's place. */
static gboolean
test_paths_allowed (void)
{
#ifdef DRIVEDASH_TEST_BUILD
  return TRUE;
#else
  return geteuid () != 0;
#endif
}

int
drivedash_cli_game_mode (int    argc,
                         char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autofree char *sysfs_root = NULL;
  g_autofree char *udev_rules_dir = NULL;
  g_autofree char *state_dir = NULL;
  gboolean persistent = FALSE;
  gboolean json = FALSE;
  gboolean no_service = FALSE;
  DrivedashPowerPaths paths = *drivedash_power_paths_default ();
  DrivedashHealthSource source = DRIVEDASH_HEALTH_SOURCE_NONE;
  DrivedashClientFlags flags = DRIVEDASH_CLIENT_INTERACTIVE;
  const char *controller;
  const char *action;
  const GOptionEntry entries[] = {
    { "persistent", 'p', 0, G_OPTION_ARG_NONE, &persistent,
      N_("With “on”: keep game mode on after restarts"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print the state as JSON"), NULL },
    { "no-service", 0, 0, G_OPTION_ARG_NONE, &no_service,
      N_("Do not use the Drivedash system service (needs root to change)"), NULL },
    /* Test-only: act on a fixture tree instead of the real system.  As
     * root only in test builds (test_paths_allowed()). */
    { "sysfs-root", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &sysfs_root, NULL, NULL },
    { "udev-rules-dir", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &udev_rules_dir, NULL, NULL },
    { "state-dir", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &state_dir, NULL, NULL },
    { NULL }
  };

  context = g_option_context_new (_("CONTROLLER on|off|status"));
  g_option_context_set_summary (context,
                                _("Game mode keeps the drive at full speed instead of saving power when idle.\n"
                                  "It uses a little more power; the effect on speed is usually small."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!drivedash_cli_parse_options (context, PREFIX, &argc, &argv))
    return DRIVEDASH_EXIT_USAGE;
  if (argc != 3)
    return drivedash_cli_usage (context);
  controller = argv[1];
  action = argv[2];

  if (sysfs_root != NULL || udev_rules_dir != NULL || state_dir != NULL)
    {
      if (!test_paths_allowed ())
        {
          fprintf (stderr, PREFIX "%s\n",
                   _("--sysfs-root, --udev-rules-dir and --state-dir are for tests and are not accepted as root."));
          return DRIVEDASH_EXIT_USAGE;
        }
      /* The service works on the real system whatever paths we have: a
       * run on a fixture tree must never reach a real drive through it. */
      no_service = TRUE;
    }

  drivedash_power_paths_override (&paths, sysfs_root, udev_rules_dir, state_dir);
  if (no_service)
    flags |= DRIVEDASH_CLIENT_NO_SERVICE;

  if (g_str_equal (action, "status"))
    {
      if (persistent)
        {
          fprintf (stderr, PREFIX "%s\n",
                   _("--persistent only goes with “on”."));
          return DRIVEDASH_EXIT_USAGE;
        }
      state = drivedash_client_get_game_mode (&paths, controller, flags, &source, NULL, &error);
    }
  else if (g_str_equal (action, "on") || g_str_equal (action, "off"))
    {
      gboolean enabled = g_str_equal (action, "on");

      if (persistent && !enabled)
        {
          fprintf (stderr, PREFIX "%s\n",
                   _("--persistent only goes with “on” (“off” always removes the rule)."));
          return DRIVEDASH_EXIT_USAGE;
        }
      state = drivedash_client_set_game_mode (&paths, controller, enabled, persistent,
                                              flags, &source, NULL, &error);
    }
  else
    {
      fprintf (stderr, _("drivedash-cli game-mode: unknown action “%s” (use on, off or status).\n"),
               action);
      return DRIVEDASH_EXIT_USAGE;
    }

  if (state == NULL)
    return drivedash_cli_fail (PREFIX, error);

  if (json)
    print_json (state, source);
  else
    print_human (state, source);

  return DRIVEDASH_EXIT_OK;
}
