/* test-longtest-enospc.c — the disk fills up in the middle of a Write
 * saturation fill
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine refuses up front when a run would leave too little free
 * space, and it preallocates its file, so ENOSPC mid-run happens only on a
 * filesystem without fallocate when another program fills the disk.  This
 * test builds exactly that, for real: a 64 MiB tmpfs mounted in a private
 * user and mount namespace (no root needed where unprivileged user
 * namespaces are allowed; as root too), the private hooks that lower the
 * free-space margin and size the file with ftruncate, and a "second
 * program" that fills the disk right after the test file is created,
 * leaving room for a few steps only.  The kernel's ENOSPC is real.
 *
 * The namespace needs a single-threaded process, so each run happens in a
 * forked child; the child exits 77 with a reason on a pipe to skip.
 */
#include "config.h"

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sched.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

#include "drivedash-bench-file-private.h"
#include "drivedash-error.h"
#include "drivedash-longtest.h"
#include "drivedash-longtest-private.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)
#define SKIP 77
/* What the "other program" leaves free: three 4 MiB steps, not eight. */
#define LEFT_FREE (12 * MIB)
#define KEEP_TEXT "a file of someone else's, next to the test file\n"
#define KEEP_MTIME 1000000000

static int reason_fd = -1;

static G_NORETURN void
skip_child (const char *what,
            int         errsv)
{
  g_autofree char *reason = g_strdup_printf ("%s: %s", what, g_strerror (errsv));

  fflush (stdout);
  if (write (reason_fd, reason, strlen (reason)) < 0)
    _exit (SKIP);
  _exit (SKIP);
}

static void
write_file (const char *path,
            const char *text)
{
  int fd = open (path, O_WRONLY | O_CLOEXEC);

  if (fd < 0 || write (fd, text, strlen (text)) < 0)
    skip_child (path, errno);
  close (fd);
}

/* A user and mount namespace of our own, and a 64 MiB tmpfs at @dir
 * that only this process sees and that goes away with it. */
static void
enter_tmpfs (const char *dir)
{
  g_autofree char *uid_map = g_strdup_printf ("0 %u 1\n", (guint) getuid ());
  g_autofree char *gid_map = g_strdup_printf ("0 %u 1\n", (guint) getgid ());

  if (unshare (CLONE_NEWUSER | CLONE_NEWNS) != 0)
    skip_child ("cannot make a user and mount namespace (unprivileged user namespaces off?)", errno);
  write_file ("/proc/self/setgroups", "deny");
  write_file ("/proc/self/uid_map", uid_map);
  write_file ("/proc/self/gid_map", gid_map);
  if (mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
    skip_child ("cannot make the mounts private", errno);
  if (mount ("tmpfs", dir, "tmpfs", MS_NOSUID | MS_NODEV, "size=64m,mode=0700") != 0)
    skip_child ("cannot mount a tmpfs in the namespace", errno);
}

/* The other program: takes all free space but LEFT_FREE, after the run
 * checked the space and created its (unallocated) file. */
static void
fill_disk (const char *path,
           gpointer    user_data)
{
  const char *dir = user_data;
  g_autofree char *filler = g_build_filename (dir, "other-program.bin", NULL);
  struct statvfs sv;
  guint64 avail;
  int fd;

  g_assert_cmpint (statvfs (dir, &sv), ==, 0);
  avail = (guint64) sv.f_bavail * sv.f_frsize;
  g_assert_cmpuint (avail, >, LEFT_FREE + 16 * MIB);
  fd = open (filler, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (fallocate (fd, 0, 0, (off_t) (avail - LEFT_FREE)), ==, 0);
  close (fd);
  g_test_message ("filled %s: %" G_GUINT64_FORMAT " MiB taken", dir, (avail - LEFT_FREE) / MIB);
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d && g_dir_read_name (d))
    n++;
  return n;
}

static void
check_cli (const char *dir)
{
  g_autofree char *cli = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli", "drivedash-cli", NULL);
  const char *argv[] = { cli, "saturation", "-t", dir, "--amount", "8MiB", "--step", "4MiB",
                         "--no-save", "--allow-memory", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  /* Without the hooks the CLI keeps the real margin: it refuses up front,
   * with the documented exit code 1 (the operation failed). */
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDIN_FROM_DEV_NULL, NULL, NULL,
                               &out, &err, &status, NULL));
  g_test_message ("cli: %s", err);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 1);
  g_assert_nonnull (strstr (err, "drivedash-cli saturation: Not enough free space"));
}

static void
run_child (const char *dir)
{
  g_autofree char *keep = NULL;
  g_autofree char *text = NULL;
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_SATURATION);
  g_autoptr(GError) error = NULL;
  DrivedashLongTestResult *partial = NULL;
  DrivedashLongTestResult *res;
  struct utimbuf old = { KEEP_MTIME, KEEP_MTIME };
  struct stat st;

  enter_tmpfs (dir);
  keep = g_build_filename (dir, "keep.txt", NULL);
  g_assert_true (g_file_set_contents (keep, KEEP_TEXT, -1, NULL));
  g_assert_cmpint (utime (keep, &old), ==, 0);

  drivedash_long_test_set_free_margin_for_testing (0);
  drivedash_bench_file_set_preallocate_for_testing (FALSE);
  drivedash_bench_file_set_created_hook_for_testing (fill_disk, (gpointer) dir);
  s->folder = g_strdup (dir);
  s->amount = 32 * MIB;
  s->step_bytes = 4 * MIB;
  s->interval_s = 0.1;
  res = drivedash_long_test_execute (s, NULL, NULL, NULL, &partial, &error);
  drivedash_bench_file_set_created_hook_for_testing (NULL, NULL);
  if (g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NO_DIRECT_IO))
    skip_child ("tmpfs has no direct I/O on this kernel (before Linux 6.6)", EINVAL);

  g_assert_null (res);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NO_SPACE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "became full during the test"));
  g_assert_nonnull (strstr (error->message, "test file removed"));
  /* It happened in the middle: some steps were written, not all. */
  g_assert_nonnull (partial);
  g_assert_cmpuint (partial->bytes_written, >=, 4 * MIB);
  g_assert_cmpuint (partial->bytes_written, <=, LEFT_FREE);
  g_assert_cmpuint (partial->per_step->len, >=, 1);
  g_assert_cmpuint (partial->per_step->len, <, 8);
  /* The test file is gone; the other files are as they were. */
  g_assert_false (g_file_test (partial->file_path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_files (dir), ==, 2);
  g_assert_true (g_file_get_contents (keep, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, KEEP_TEXT);
  g_assert_cmpint (g_stat (keep, (GStatBuf *) &st), ==, 0);
  g_assert_cmpint (st.st_mtime, ==, KEEP_MTIME);
  drivedash_long_test_result_free (partial);

  check_cli (dir);
}

static void
test_enospc_mid_fill (void)
{
  g_autofree char *dir = g_dir_make_tmp ("drivedash-enospc-XXXXXX", NULL);
  char reason[512] = "";
  int fds[2];
  int status = 0;
  ssize_t n;
  pid_t pid;

  g_assert_nonnull (dir);
  g_assert_cmpint (pipe (fds), ==, 0);
  fflush (stdout);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      close (fds[0]);
      reason_fd = fds[1];
      run_child (dir);
      fflush (stdout);
      _exit (0);
    }
  close (fds[1]);
  n = read (fds[0], reason, sizeof reason - 1);
  reason[MAX (n, 0)] = '\0';
  close (fds[0]);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  /* The tmpfs went away with the child's namespace. */
  g_assert_cmpuint (count_files (dir), ==, 0);
  g_rmdir (dir);
  if (WIFEXITED (status) && WEXITSTATUS (status) == SKIP)
    g_test_skip (reason);
  else if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_test_fail_printf ("the run in the namespace failed (wait status %d)", status);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/longtest/enospc/mid-fill", test_enospc_mid_fill);
  return g_test_run ();
}
