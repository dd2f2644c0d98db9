/* drivedash-paths.h — where Drivedash keeps its files: the results
 * history and the review's state, apart for the demo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The demo (drivedash --demo) keeps its simulated runs in a "demo"
 * folder of its own, so that they never mix with real ones.  Set once,
 * at start-up, before any path is asked for. */
void      drivedash_paths_set_demo   (gboolean    demo);
gboolean  drivedash_paths_get_demo   (void);

/* @name in Drivedash's folder of the user's data (XDG_DATA_HOME) or
 * state (XDG_STATE_HOME), in its demo folder in the demo. */
char     *drivedash_paths_data_file  (const char *name);
char     *drivedash_paths_state_file (const char *name);

G_END_DECLS
