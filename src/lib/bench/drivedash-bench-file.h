/* drivedash-bench-file.h — the benchmark's test file: safety checks,
 * creation, pre-allocation and removal (internal to the engine)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <sys/types.h>

G_BEGIN_DECLS

typedef struct
{
  char     *folder;       /* resolved, absolute */
  int       dir_fd;       /* the folder, held open (O_PATH) */
  char     *name;         /* the file's name in it */
  char     *path;         /* for people and tests; never opened again */
  char     *fs_type;      /* "ext4", … or NULL */
  int       fd;           /* O_DIRECT unless direct is FALSE */
  gboolean  direct;
  guint64   size;
  dev_t     dev;
  ino_t     ino;
} DrivedashBenchFile;

/* Checks @folder (NULL = home), removes stale test files, checks free
 * space, creates the test file, locks it for the life of the run (see
 * drivedash_bench_remove_stale_files()) and allocates @size bytes.  The
 * file is used only through @fd: replacing its name cannot redirect the
 * writes, and one replaced while it was being created is refused with
 * DRIVEDASH_ERROR_FILE_REMOVED.  Errors are
 * DRIVEDASH_ERROR codes with messages for people; nothing is left behind
 * on failure. */
/* How much of the file holds no written data: holes and allocated but
 * never-written ("unwritten") extents, which a filesystem answers with
 * zeros from memory without asking the drive.  FIEMAP where the
 * filesystem has it, else holes only (SEEK_HOLE); 0 when neither can
 * tell, or for the simulated drive's file. */
guint64             drivedash_bench_file_unwritten_bytes (DrivedashBenchFile *self);

DrivedashBenchFile *drivedash_bench_file_create (const char  *folder,
                                                 guint64      size,
                                                 gboolean     allow_buffered,
                                                 GError     **error);

/* Unlinks and closes the file — only if the name still points at the
 * file we created — and releases its lock. */
/* The demo's file on the simulated drive: no file at all (fd -1), which
 * _check() always finds and _remove() just forgets. */
DrivedashBenchFile *drivedash_bench_file_new_simulated (guint64 size);

void                drivedash_bench_file_remove (DrivedashBenchFile *self);

/* FALSE with DRIVEDASH_ERROR_FILE_REMOVED when someone deleted the file. */
gboolean            drivedash_bench_file_check  (DrivedashBenchFile  *self,
                                                 GError             **error);

/* Turns the errno of a failed I/O on the test file into an error for
 * people (disk full, drive gone, I/O error, …). */
GError             *drivedash_bench_file_error_from_errno (DrivedashBenchFile *self,
                                                           int                 errsv);

/* Exposed for the tests: is a filesystem of type @f_type at @path the
 * document portal (a FUSE mount under $XDG_RUNTIME_DIR/doc)? */
gboolean            drivedash_bench_is_document_portal (const char *path,
                                                        gint64      f_type);

/* Exposed for the tests: parses ".drivedash-bench-PID-XXXXXX.tmp";
 * returns the pid or 0 when @name is not one of our files. */
pid_t               drivedash_bench_file_name_pid (const char *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashBenchFile, drivedash_bench_file_remove)

G_END_DECLS
