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

/* A fixture NVMe drive in the sysfs tree at ROOT (controller nvme0,
 * "Fixture NVMe SSD 1TB", serial FIXTURE0001, its namespace nvme0n1)
 * whose namespace has the device number of the real filesystem holding
 * FOLDER (its whole disk's, and the partition's where it is one), so
 * that what is written there counts on nvme0.  FALSE (and no tree) when
 * FOLDER lies on no block device. */
gboolean drivedash_test_tree_put_nvme_over (const char *root,
                                            const char *folder);

G_END_DECLS
