/* drivedash-test-writes.c — see the header
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <signal.h>

#include "drivedash-test-writes.h"

GSubprocess *
drivedash_test_writes_start_sampler (const char *extra)
{
  g_autofree char *cli = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli", "drivedash-cli", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDataInputStream) data = NULL;
  g_autofree char *line = NULL;
  GSubprocess *p = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                                     cli, "writes", "--sample", "600", "--json", extra, NULL);

  g_assert_no_error (error);
  data = g_data_input_stream_new (g_subprocess_get_stderr_pipe (p));
  g_filter_input_stream_set_close_base_stream (G_FILTER_INPUT_STREAM (data), FALSE);
  line = g_data_input_stream_read_line_utf8 (data, NULL, NULL, NULL);
  g_assert_cmpstr (line, ==, "Measuring…");
  return p;
}

JsonParser *
drivedash_test_writes_stop_sampler (GSubprocess *sampler)
{
  g_autoptr(GBytes) out = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  g_subprocess_send_signal (sampler, SIGINT);
  g_assert_true (g_subprocess_communicate (sampler, NULL, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (sampler));
  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (out, NULL), g_bytes_get_size (out), &error));
  g_assert_no_error (error);
  return g_steal_pointer (&parser);
}
