/* drivedash-test-tree.h — fixture directory trees for tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Writes ROOT/PATH with CONTENTS, creating the folders above it; a failure
 * fails the test. */
void     drivedash_test_tree_put    (const char *root,
                                     const char *path,
                                     const char *contents);

/* Removes PATH and everything below it.  Symbolic links are removed, never
 * followed, so a fixture that links outside itself cannot take anything
 * else with it.  Returns whether PATH itself is gone. */
gboolean drivedash_test_tree_remove (const char *path);

G_END_DECLS
