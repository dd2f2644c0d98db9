/* drivedash-bench-file-private.h — test hooks of the benchmark's test file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Called with the test file's path right after the file is created under
 * its name and before the benchmark takes hold of it for good: the moment
 * an attacker who can rename files in the folder would strike.  Tests use
 * it to win that race on purpose.  NULL turns it off. */
typedef void (*DrivedashBenchFileCreatedHook) (const char *path,
                                               gpointer    user_data);

void drivedash_bench_file_set_created_hook_for_testing (DrivedashBenchFileCreatedHook hook,
                                            gpointer                      user_data);

/* FALSE: size the test file with ftruncate instead of fallocate, as on a
 * filesystem without fallocate (ext2, some network filesystems), so its
 * blocks are taken only as it is written and a disk that another program
 * fills meanwhile gives ENOSPC in the middle of a run.  TRUE restores. */
void drivedash_bench_file_set_preallocate_for_testing (gboolean preallocate);

/* TRUE: take O_DIRECT as refused (EINVAL), as on a filesystem without
 * it, so that with allow_buffered the file goes through the page cache
 * and reads of it come from memory.  FALSE restores. */
void drivedash_bench_file_set_refuse_direct_for_testing (gboolean refuse);

G_END_DECLS
