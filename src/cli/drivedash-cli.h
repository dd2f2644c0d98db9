/* drivedash-cli.h — subcommands of drivedash-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Exit codes, documented in --help. */
enum
{
  DRIVEDASH_EXIT_OK = 0,
  DRIVEDASH_EXIT_FAILURE = 1,      /* the operation failed */
  DRIVEDASH_EXIT_USAGE = 2,        /* bad command line */
  DRIVEDASH_EXIT_NOT_FOUND = 3,    /* unknown controller / folder */
  DRIVEDASH_EXIT_PERMISSION = 4,   /* needs privileges that were refused */
  DRIVEDASH_EXIT_NOT_SUPPORTED = 5,/* the drive or filesystem cannot do it */
  DRIVEDASH_EXIT_CANCELLED = 130,  /* interrupted (Ctrl+C) */
};

/* Each takes argv with argv[0] = the subcommand name. */
int drivedash_cli_list      (int argc, char **argv);
int drivedash_cli_health    (int argc, char **argv);
int drivedash_cli_self_test (int argc, char **argv);
int drivedash_cli_bench     (int argc, char **argv);
int drivedash_cli_game_mode (int argc, char **argv);
int drivedash_cli_history   (int argc, char **argv);
/* `history report`, with options of its own (drivedash-cli-history-report.c). */
int drivedash_cli_history_report (int argc, char **argv);
int drivedash_cli_ab        (int argc, char **argv);
int drivedash_cli_follow_games (int argc, char **argv);
int drivedash_cli_long      (int argc, char **argv);
int drivedash_cli_events    (int argc, char **argv);
int drivedash_cli_upkeep    (int argc, char **argv);
int drivedash_cli_review    (int argc, char **argv);
int drivedash_cli_writes    (int argc, char **argv);

/* Maps a DRIVEDASH_ERROR to the exit code above. */
int  drivedash_cli_exit_code_for_error (const GError *error);

/* Prints error->message on stderr, after prefix (may be NULL), and
 * returns the exit code for it. */
int      drivedash_cli_fail          (const char      *prefix,
                                      const GError    *error);
/* g_option_context_parse(); on failure prints why, after prefix (may be
 * NULL), and returns FALSE: exit with DRIVEDASH_EXIT_USAGE. */
gboolean drivedash_cli_parse_options (GOptionContext  *context,
                                      const char      *prefix,
                                      int             *argc,
                                      char          ***argv);
/* Prints the command's help on stderr; returns DRIVEDASH_EXIT_USAGE. */
int      drivedash_cli_usage         (GOptionContext  *context);
/* The estimate said before a long test or a review, for --json:
 * {"bytes_low", "bytes_high", "seconds_low", "seconds_high"} (a fast
 * drive writes the most in the least time; a slow one the least in the
 * most), so scripts such as build-aux/bench-estimate can hold the run
 * against it. */
JsonNode *drivedash_cli_estimate_to_json (guint64 bytes_low,
                                          guint64 bytes_high,
                                          double  seconds_low,
                                          double  seconds_high);

G_END_DECLS
