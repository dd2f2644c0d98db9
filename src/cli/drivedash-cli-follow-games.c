/* drivedash-cli-follow-games.c — drivedash-cli follow-games [CONTROLLER…]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Keeps game mode on while a game runs (Feral GameMode, or the GameMode
 * portal with --portal and in the Flatpak), until Ctrl+C.  The changes are
 * temporary: drivedashd puts them back if this command ends while a game
 * still runs, even when it is killed.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <stdio.h>

#include "drivedash-cli.h"
#include "drivedash-error.h"
#include "drivedash-game-follower.h"

static void
say (const char *text)
{
  printf ("%s\n", text);
  fflush (stdout);
}

static void
on_active (DrivedashGameFollower *follower,
           GParamSpec            *pspec,
           gpointer               user_data)
{
  say (drivedash_game_follower_get_active (follower)
       ? _("A game is running: game mode is on.")
       : _("No game is running: game mode is back as it was."));
}

static void
on_error (DrivedashGameFollower *follower,
          GParamSpec            *pspec,
          gpointer               user_data)
{
  const char *message = drivedash_game_follower_get_error (follower);

  if (message != NULL)
    fprintf (stderr, _("Game mode could not be changed: %s\n"), message);
}

static gboolean
on_signal (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_CONTINUE;
}

/* The controllers to switch: those given, else every NVMe drive. */
static GStrv
pick_controllers (int      argc,
                  char   **argv,
                  GError **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GPtrArray) drives = NULL;

  for (int i = 1; i < argc; i++)
    {
      if (!drivedash_controller_name_is_valid (argv[i]))
        {
          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                       _("“%s” is not a controller name; give names like nvme0."), argv[i]);
          return NULL;
        }
      g_strv_builder_add (builder, argv[i]);
    }
  if (argc < 2)
    {
      drives = drivedash_drive_list (NULL, error);
      if (drives == NULL)
        return NULL;
      for (guint i = 0; i < drives->len; i++)
        g_strv_builder_add (builder, drivedash_drive_get_name (g_ptr_array_index (drives, i)));
    }
  return g_strv_builder_end (builder);
}

int
drivedash_cli_follow_games (int    argc,
                            char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusConnection) session = NULL;
  g_autoptr(DrivedashGameFollower) follower = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_auto(GStrv) controllers = NULL;
  gboolean portal = g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS);
  guint sigint, sigterm;
  const GOptionEntry entries[] = {
    { "portal", 0, 0, G_OPTION_ARG_NONE, &portal,
      N_("Ask the GameMode portal whether a game runs (the default in the Flatpak)"), NULL },
    { NULL }
  };

  context = g_option_context_new (_("[CONTROLLER…]"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Turn game mode on while a game runs (games started with Feral GameMode, e.g. "
      "“gamemoderun” in the game’s launch options) and back off when the last one ends, until Ctrl+C. "
      "A drive where game mode was already on, or kept on after restarts, is left alone."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!drivedash_cli_parse_options (context, NULL, &argc, &argv))
    return DRIVEDASH_EXIT_USAGE;
  controllers = pick_controllers (argc, argv, &error);
  if (controllers == NULL)
    return drivedash_cli_fail (NULL, error);
  session = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  if (session == NULL)
    {
      fprintf (stderr, _("The session bus cannot be reached, so games cannot be seen: %s\n"),
               error->message);
      return DRIVEDASH_EXIT_FAILURE;
    }
  follower = drivedash_game_follower_new (session, portal ? DRIVEDASH_GAME_SOURCE_PORTAL
                                                          : DRIVEDASH_GAME_SOURCE_FERAL,
                                          (const char * const *) controllers, NULL,
                                          DRIVEDASH_CLIENT_NONE);
  g_signal_connect (follower, "notify::active", G_CALLBACK (on_active), NULL);
  g_signal_connect (follower, "notify::error", G_CALLBACK (on_error), NULL);
  loop = g_main_loop_new (NULL, FALSE);
  sigint = g_unix_signal_add (SIGINT, on_signal, loop);
  sigterm = g_unix_signal_add (SIGTERM, on_signal, loop);
  say (_("Waiting for games. Press Ctrl+C to stop."));
  g_main_loop_run (loop);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  /* Leaving the system bus lets drivedashd put back a temporary change. */
  return DRIVEDASH_EXIT_OK;
}
