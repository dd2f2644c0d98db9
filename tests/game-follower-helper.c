/* game-follower-helper.c — a DrivedashGameFollower in a process that
 * stays alive, for tests/dbus/test_follow_games.py
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * game-follower-helper CONTROLLER [SLOW_OFF_MS [SLOW_ON_MS]]
 * Follows Feral GameMode on the session bus and switches CONTROLLER
 * through drivedashd.  Prints "active 1" / "active 0" as game mode goes
 * on and off.  Reads commands on stdin: "stop" stops the follower and
 * drops it, "drop" only drops it; both answer "done" and the process
 * keeps running, as the app does, until stdin closes.  "restart" stops
 * and drops it and makes a new one at once, as turning "Game Mode While
 * Playing" off and straight back on does; SLOW_OFF_MS delays each
 * switch-off and SLOW_ON_MS each switch-on (a test hook) so that the new
 * one starts before it.  With SLOW_ON_MS it also prints "games 1" /
 * "games 0" as games start and end: a switch is queued right after.  Like the app (whose
 * health watch holds it), the process holds the shared system-bus
 * connection the whole time, so drivedashd never sees it leave.
 */
#include "config.h"

#include <gio/gunixinputstream.h>
#include <stdio.h>

#include "drivedash-game-follower-private.h"

typedef struct
{
  GDBusConnection       *session;
  const char            *controllers[2];
  DrivedashGameFollower *follower;
  GDataInputStream      *input;
  GMainLoop             *loop;
} Helper;

static void
on_active (DrivedashGameFollower *follower,
           GParamSpec            *pspec,
           gpointer               user_data)
{
  printf ("active %d\n", drivedash_game_follower_get_active (follower));
  fflush (stdout);
}

static void read_command (Helper *helper);

static gboolean print_games;

static void
on_games (DrivedashGameFollower *follower,
          GParamSpec            *pspec,
          gpointer               user_data)
{
  printf ("games %d\n", drivedash_game_follower_get_games_running (follower));
  fflush (stdout);
}

static void
follow (Helper *helper)
{
  helper->follower = drivedash_game_follower_new (helper->session, DRIVEDASH_GAME_SOURCE_FERAL,
                                                  helper->controllers, NULL, DRIVEDASH_CLIENT_NONE);
  g_signal_connect (helper->follower, "notify::active", G_CALLBACK (on_active), NULL);
  if (print_games)
    g_signal_connect (helper->follower, "notify::games-running", G_CALLBACK (on_games), NULL);
}

static void
got_line (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  Helper *helper = user_data;
  g_autofree char *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (object),
                                                                result, NULL, NULL);

  if (line == NULL)
    {
      g_main_loop_quit (helper->loop);
      return;
    }
  if (helper->follower != NULL && (g_str_equal (line, "stop") || g_str_equal (line, "restart")))
    drivedash_game_follower_stop (helper->follower);
  if (g_str_equal (line, "stop") || g_str_equal (line, "drop") || g_str_equal (line, "restart"))
    {
      g_clear_object (&helper->follower);
      if (g_str_equal (line, "restart"))
        follow (helper);
      printf ("done\n");
      fflush (stdout);
    }
  read_command (helper);
}

static void
read_command (Helper *helper)
{
  g_data_input_stream_read_line_async (helper->input, G_PRIORITY_DEFAULT, NULL, got_line, helper);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusConnection) session = NULL;
  g_autoptr(GDBusConnection) system = NULL;
  g_autoptr(GInputStream) in = g_unix_input_stream_new (0, FALSE);
  Helper helper = { NULL, { NULL, NULL }, NULL, NULL, NULL };

  if (argc < 2 || argc > 4)
    return 2;
  helper.controllers[0] = argv[1];
  print_games = argc == 4;
  if (argc >= 3)
    drivedash_game_follower_set_delays_for_testing (argc == 4 ? (guint) g_ascii_strtoull (argv[3], NULL, 10) : 0,
                                                    (guint) g_ascii_strtoull (argv[2], NULL, 10));
  session = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  if (session != NULL)
    system = g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, &error);
  if (system == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  helper.session = session;
  follow (&helper);
  helper.input = g_data_input_stream_new (in);
  helper.loop = g_main_loop_new (NULL, FALSE);
  printf ("waiting\n");
  fflush (stdout);
  read_command (&helper);
  g_main_loop_run (helper.loop);
  g_clear_object (&helper.follower);
  g_object_unref (helper.input);
  g_main_loop_unref (helper.loop);
  return 0;
}
