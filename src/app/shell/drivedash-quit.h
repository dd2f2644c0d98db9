/* drivedash-quit.h — no way out leaves a speed test's file behind
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-run-model.h"

G_BEGIN_DECLS

/* For GtkWindow::close-request: TRUE (keep the window) while @model runs
 * a test.  The first time it asks "Stop the speed test and quit?"; once
 * the user agreed (or drivedash_quit_stop_and_close() was called) it
 * stops the run and closes @window again when the test file is gone. */
gboolean drivedash_quit_close_request   (GtkWindow           *window,
                                         DrivedashRunModel   *model);
/* Without asking: stops the run, then closes @window. */
void     drivedash_quit_stop_and_close  (GtkWindow           *window,
                                         DrivedashRunModel   *model);

G_END_DECLS
