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

#include "drivedash-cli.h"
#include "drivedash-client.h"
#include "drivedash-error.h"
#include "drivedash-power.h"

static void
print_json (const DrivedashGameMode *state,
            DrivedashHealthSource    source)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "controller");
  json_builder_add_string_value (builder, state->controller);
  json_builder_set_member_name (builder, "supported");
  json_builder_add_boolean_value (builder, state->supported);
  json_builder_set_member_name (builder, "enabled");
  json_builder_add_boolean_value (builder, state->enabled);
  json_builder_set_member_name (builder, "persistent");
  json_builder_add_boolean_value (builder, state->persistent);
  json_builder_set_member_name (builder, "latency_tolerance_us");
  if (state->latency_tolerance != NULL)
    json_builder_add_string_value (builder, state->latency_tolerance);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "power_state");
  if (state->have_power_state)
    json_builder_add_int_value (builder, state->power_state);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "message");
  json_builder_add_string_value (builder, drivedash_game_mode_describe (state));
  json_builder_set_member_name (builder, "source");
  json_builder_add_string_value (builder, drivedash_health_source_to_string (source));
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);
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
    /* Test-only: act on a fixture tree instead of the real system. */
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
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "drivedash-cli game-mode: %s\n", error->message);
      return DRIVEDASH_EXIT_USAGE;
    }

  if (argc != 3)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

      fprintf (stderr, "%s", help);
      return DRIVEDASH_EXIT_USAGE;
    }
  controller = argv[1];
  action = argv[2];

  if (sysfs_root != NULL)
    {
      paths.sysfs_root = sysfs_root;
      paths.dev_dir = NULL;
    }
  if (udev_rules_dir != NULL)
    paths.udev_rules_dir = udev_rules_dir;
  if (state_dir != NULL)
    paths.state_dir = state_dir;
  if (no_service)
    flags |= DRIVEDASH_CLIENT_NO_SERVICE;

  if (g_str_equal (action, "status"))
    {
      if (persistent)
        {
          fprintf (stderr, "drivedash-cli game-mode: %s\n",
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
          fprintf (stderr, "drivedash-cli game-mode: %s\n",
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
    {
      fprintf (stderr, "drivedash-cli game-mode: %s\n", error->message);
      return drivedash_cli_exit_code_for_error (error);
    }

  if (json)
    print_json (state, source);
  else
    print_human (state, source);

  return DRIVEDASH_EXIT_OK;
}
