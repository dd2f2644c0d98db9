/* drivedash-test-xvfb.c — an Xvfb server of the test's own
 *
 * Copyright 2026 The Drivedash developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Xvfb -displayfd picks a free display number itself (it takes the lock
 * file atomically), so tests running in parallel never fight over one,
 * which `xvfb-run -a` cannot promise.
 */

#include "config.h"

#include <glib-unix.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-test-xvfb.h"

#define START_TIMEOUT_S 30

/* Reads the display number Xvfb writes to the -displayfd pipe. */
static char *
read_display_number (int fd)
{
  char buffer[32] = { 0 };
  gsize len = 0;
  gint64 deadline = g_get_monotonic_time () + START_TIMEOUT_S * G_USEC_PER_SEC;

  while (len < sizeof buffer - 1 && memchr (buffer, '\n', len) == NULL)
    {
      struct pollfd pfd = { .fd = fd, .events = POLLIN };
      gint64 left_ms = (deadline - g_get_monotonic_time ()) / 1000;
      ssize_t n;

      if (left_ms <= 0 || poll (&pfd, 1, (int) left_ms) <= 0)
        return NULL;
      n = read (fd, buffer + len, sizeof buffer - 1 - len);
      if (n <= 0)
        return NULL;
      len += (gsize) n;
    }

  return g_strstrip (g_strdup (buffer));
}

/**
 * drivedash_test_xvfb_start:
 * @display: (out): the display name, e.g. ":3"
 *
 * Starts Xvfb (1280×1024, 24 bits) on a free display. Fails the test
 * program when it cannot.
 *
 * Returns: (transfer full): the server, for drivedash_test_xvfb_stop()
 */
GSubprocess *
drivedash_test_xvfb_start (char **display)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *number = NULL;
  GSubprocess *xvfb;
  int pipe_fds[2];

  if (!g_unix_open_pipe (pipe_fds, FD_CLOEXEC, &error))
    g_error ("Cannot make a pipe for Xvfb: %s", error->message);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE);
  g_subprocess_launcher_take_fd (launcher, pipe_fds[1], 3);
  xvfb = g_subprocess_launcher_spawn (launcher, &error,
                                      "Xvfb", "-displayfd", "3",
                                      "-screen", "0", "1280x1024x24",
                                      "-nolisten", "tcp", "-noreset",
                                      NULL);
  if (xvfb == NULL)
    g_error ("Cannot start Xvfb (install it with build-aux/deps test): %s", error->message);

  /* Our copy of the write end must go, or EOF never comes. */
  g_clear_object (&launcher);

  number = read_display_number (pipe_fds[0]);
  close (pipe_fds[0]);
  if (number == NULL)
    g_error ("Xvfb did not start within %d s", START_TIMEOUT_S);

  *display = g_strconcat (":", number, NULL);
  return xvfb;
}

void
drivedash_test_xvfb_stop (GSubprocess *xvfb)
{
  if (xvfb == NULL)
    return;

  g_subprocess_send_signal (xvfb, SIGTERM);
  g_subprocess_wait (xvfb, NULL, NULL);
  g_object_unref (xvfb);
}
