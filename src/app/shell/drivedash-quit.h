/* drivedash-quit.h — no way out leaves a test's file behind
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* One kind of run the window holds: a speed test, a long test, a full
 * review, a game-mode test. */
typedef struct
{
  GObject    *run;                  /* has a boolean "running" property */
  void      (*stop) (gpointer run); /* stops it; "running" goes FALSE once
                                     * its test file is gone */
  const char *question;             /* "Stop the speed test and quit?" */
} DrivedashQuitRun;

/* For GtkWindow::close-request: TRUE (keep the window) while any of
 * @runs is running.  The first time it asks the running one's question;
 * once the user agreed (or drivedash_quit_stop_and_close() was called) it
 * stops every running one and closes @window again when none runs. */
gboolean drivedash_quit_close_request   (GtkWindow              *window,
                                         const DrivedashQuitRun *runs,
                                         guint                   n_runs);
/* Without asking: stops what runs, then closes @window. */
void     drivedash_quit_stop_and_close  (GtkWindow              *window,
                                         const DrivedashQuitRun *runs,
                                         guint                   n_runs);

G_END_DECLS
