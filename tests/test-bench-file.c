/* test-bench-file.c — the benchmark's test file cannot be redirected to
 * another file, and the stale-file sweep removes only abandoned files of
 * our own user
 *
 * The other-user and other-PID-namespace cases need root (chown, unshare);
 * without it they are skipped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* O_DIRECT */
#define _GNU_SOURCE

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <gio/gunixinputstream.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "drivedash-bench.h"
#include "drivedash-bench-engine.h"
#include "drivedash-bench-file.h"
#include "drivedash-bench-file-private.h"
#include "drivedash-error.h"
#include "drivedash-test-tree.h"

#define VICTIM_TEXT "precious data that the benchmark must never overwrite\n"

static char *
make_tmp_folder (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("drivedash-bench-file-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_tree (const char *path)
{
  g_assert_true (drivedash_test_tree_remove (path));
}

/* A pid that is surely not running here: a child that has exited and been reaped. */
static pid_t
dead_pid (void)
{
  g_autoptr(GError) error = NULL;
  const char *argv[] = { "/bin/true", NULL };
  GPid pid;

  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  g_assert_cmpint (waitpid (pid, NULL, 0), ==, pid);
  return pid;
}

static char *
bench_name (const char *folder,
            pid_t       pid,
            const char *suffix)
{
  return g_strdup_printf ("%s/" DRIVEDASH_BENCH_FILE_PREFIX "%d-%s.tmp", folder, (int) pid, suffix);
}

static void
put (const char *path,
     const char *contents)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

static void
assert_contents (const char *path,
                 const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len = 0;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (len, ==, strlen (expected));
  g_assert_cmpmem (contents, len, expected, strlen (expected));
}

/* ---- the test file cannot be redirected ------------------------------------------- */

/* What an attacker who may rename files in the folder does: put a symbolic
 * link to the victim in place of the freshly created test file. */
static void
swap_for_symlink (const char *path,
                  gpointer    user_data)
{
  const char *victim = user_data;
  g_autofree char *tmp = g_strconcat (path, ".swap", NULL);

  g_assert_cmpint (symlink (victim, tmp), ==, 0);
  g_assert_cmpint (rename (tmp, path), ==, 0);
}

static void
test_redirect (void)
{
  g_autofree char *folder = make_tmp_folder ();
  g_autofree char *elsewhere = make_tmp_folder ();
  g_autofree char *victim = g_build_filename (elsewhere, "victim", NULL);
  g_autoptr(DrivedashBenchSettings) s = drivedash_bench_settings_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  DrivedashBenchReport *report;
  DrivedashBenchSpec spec;
  DrivedashBenchSink sink = { NULL };
  g_autoptr(GDir) dir = NULL;
  const char *name;
  guint n_links = 0;

  put (victim, VICTIM_TEXT);
  drivedash_bench_settings_set_folder (s, folder);
  s->test_size = 4 << 20;
  s->passes = 1;
  s->pass_duration = 0.1;
  s->pause = 0;
  s->warmup = FALSE;
  s->allow_buffered = TRUE;
  g_assert_true (drivedash_bench_spec_parse ("SEQ1M Q1T1 write", DRIVEDASH_BENCH_MODE_WRITE, &spec, NULL));

  drivedash_bench_file_set_created_hook_for_testing (swap_for_symlink, victim);
  report = drivedash_bench_engine_run (s, &spec, 1, cancellable, &sink, NULL, &error);
  drivedash_bench_file_set_created_hook_for_testing (NULL, NULL);

  /* The victim is exactly as it was, and the run refused in plain words. */
  assert_contents (victim, VICTIM_TEXT);
  g_assert_null (report);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FILE_REMOVED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "replaced"));

  /* The attacker's link is not ours to remove; nothing else is left. */
  dir = g_dir_open (folder, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      g_assert_true (g_file_test (path, G_FILE_TEST_IS_SYMLINK));
      n_links++;
    }
  g_assert_cmpuint (n_links, ==, 1);

  remove_tree (folder);
  remove_tree (elsewhere);
}

typedef struct
{
  const char *folder;
  const char *victim;
  gboolean    swapped;
} LateSwap;

static void
swap_on_first_sample (gpointer                    user_data,
                      const DrivedashBenchSample *sample)
{
  LateSwap *swap = user_data;
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (swap->swapped)
    return;
  dir = g_dir_open (swap->folder, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, DRIVEDASH_BENCH_FILE_PREFIX))
      {
        g_autofree char *path = g_build_filename (swap->folder, name, NULL);

        swap_for_symlink (path, (gpointer) swap->victim);
        swap->swapped = TRUE;
        return;
      }
}

/* Later, during the measured passes: the writes still go only to the
 * file the run made (it never opens the name again), the run stops, and
 * the attacker's link is not removed for ours. */
static void
test_redirect_during_run (void)
{
  g_autofree char *folder = make_tmp_folder ();
  g_autofree char *elsewhere = make_tmp_folder ();
  g_autofree char *victim = g_build_filename (elsewhere, "victim", NULL);
  g_autoptr(DrivedashBenchSettings) s = drivedash_bench_settings_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  DrivedashBenchReport *report;
  DrivedashBenchSpec spec;
  DrivedashBenchSink sink = { .sample = swap_on_first_sample };
  LateSwap swap = { folder, victim, FALSE };

  put (victim, VICTIM_TEXT);
  drivedash_bench_settings_set_folder (s, folder);
  s->test_size = 4 << 20;
  s->passes = 1;
  s->pass_duration = 30;
  s->pause = 0;
  s->sample_interval = 0.05;
  s->allow_buffered = TRUE;
  g_assert_true (drivedash_bench_spec_parse ("RND4K Q4T1 write", DRIVEDASH_BENCH_MODE_WRITE, &spec, NULL));

  report = drivedash_bench_engine_run (s, &spec, 1, cancellable, &sink, &swap, &error);

  g_assert_true (swap.swapped);
  assert_contents (victim, VICTIM_TEXT);
  g_assert_null (report);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FILE_REMOVED);
  {
    g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
    const char *name = g_dir_read_name (dir);
    g_autofree char *path = g_build_filename (folder, name, NULL);

    g_assert_true (g_file_test (path, G_FILE_TEST_IS_SYMLINK));
    g_assert_null (g_dir_read_name (dir));
  }
  remove_tree (folder);
  remove_tree (elsewhere);
}

/* ---- the stale-file sweep ------------------------------------------------------------ */

static void
test_sweep_own_stale (void)
{
  g_autofree char *folder = make_tmp_folder ();
  g_autofree char *elsewhere = make_tmp_folder ();
  g_autofree char *victim = g_build_filename (elsewhere, "victim", NULL);
  g_autofree char *dead = bench_name (folder, dead_pid (), "ghijkl");
  /* Left by a crashed run in another PID namespace whose pid happens to
   * be alive here (pid 1 always is). */
  g_autofree char *alive_here = bench_name (folder, 1, "mnopqr");
  /* Our own pid, but not locked: not a file of this run. */
  g_autofree char *mine = bench_name (folder, getpid (), "stuvwx");
  g_autofree char *link = bench_name (folder, dead_pid (), "yzabcd");
  g_autofree char *other = g_build_filename (folder, "keep-me.tmp", NULL);

  put (victim, VICTIM_TEXT);
  put (dead, "x");
  put (alive_here, "x");
  put (mine, "x");
  put (other, "x");
  g_assert_cmpint (symlink (victim, link), ==, 0);

  g_assert_cmpuint (drivedash_bench_remove_stale_files (folder), ==, 3);
  g_assert_false (g_file_test (dead, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (alive_here, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (mine, G_FILE_TEST_EXISTS));
  /* Not our name pattern, and never a link nor what it points to. */
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  assert_contents (victim, VICTIM_TEXT);

  remove_tree (folder);
  remove_tree (elsewhere);
}

/* A run of this very process holds its file: the sweep leaves it. */
static void
test_sweep_live_here (void)
{
  g_autofree char *folder = make_tmp_folder ();
  g_autoptr(GError) error = NULL;
  DrivedashBenchFile *file;

  file = drivedash_bench_file_create (folder, 1 << 20, TRUE, &error);
  g_assert_no_error (error);
  /* Direct I/O is switched on for the open file, not by reopening it. */
  g_test_message ("direct I/O: %s", file->direct ? "yes" : "no (filesystem refuses it)");
  g_assert_cmpint (!!(fcntl (file->fd, F_GETFL) & O_DIRECT), ==, !!file->direct);
  g_assert_cmpuint (drivedash_bench_remove_stale_files (folder), ==, 0);
  g_assert_true (g_file_test (file->path, G_FILE_TEST_IS_REGULAR));
  g_assert_true (drivedash_bench_file_check (file, NULL));
  drivedash_bench_file_remove (file);
  remove_tree (folder);
}

static void
test_sweep_other_user (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *theirs = NULL;
  struct passwd *nobody;

  if (geteuid () != 0)
    {
      g_test_skip ("needs root to give a file to another user (chown)");
      return;
    }
  nobody = getpwnam ("nobody");
  if (nobody == NULL)
    {
      g_test_skip ("there is no user “nobody” to give a file to");
      return;
    }
  folder = make_tmp_folder ();
  /* Its pid is dead here and it holds no lock: only the owner protects it. */
  theirs = bench_name (folder, dead_pid (), "ghijkl");
  put (theirs, "x");
  g_assert_cmpint (chown (theirs, nobody->pw_uid, nobody->pw_gid), ==, 0);

  g_assert_cmpuint (drivedash_bench_remove_stale_files (folder), ==, 0);
  g_assert_true (g_file_test (theirs, G_FILE_TEST_IS_REGULAR));
  remove_tree (folder);
}

/* ---- a live run in another PID namespace ---------------------------------------------- */

/* The helper: as pid 1 of a new PID namespace, makes its child get @pid
 * (dead in the parent namespace, so the old sweep would have taken the
 * file for a crashed run's), creates and holds a real test file there,
 * prints its path, and exits — as a crash would, leaving the file —
 * when its input closes. */
static int
hold_file (const char *folder,
           pid_t       pid)
{
  g_autofree char *last = g_strdup_printf ("%d", (int) pid - 1);
  g_autoptr(GError) error = NULL;
  DrivedashBenchFile *file;
  pid_t child;
  int status;
  char byte;

  if (getpid () == 1)
    {
      int fd = open ("/proc/sys/kernel/ns_last_pid", O_WRONLY | O_CLOEXEC);

      /* Written in place: g_file_set_contents() would rename over it. */
      if (fd < 0 || write (fd, last, strlen (last)) < 0)
        g_printerr ("could not choose the next pid: %s\n", g_strerror (errno));
      if (fd >= 0)
        close (fd);
      child = fork ();
      if (child < 0)
        return 2;
      if (child > 0)
        return waitpid (child, &status, 0) == child && WIFEXITED (status) ? WEXITSTATUS (status) : 2;
    }

  file = drivedash_bench_file_create (folder, 1 << 20, TRUE, &error);
  if (file == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  printf ("%s\n", file->path);
  fflush (stdout);
  while (read (STDIN_FILENO, &byte, 1) > 0)
    ;
  _exit (0);
}

static void
test_sweep_other_namespace (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *self = NULL;
  g_autofree char *pid_text = NULL;
  g_autofree char *line = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GInputStream) out_stream = NULL;
  g_autoptr(GDataInputStream) lines = NULL;
  const char *probe[] = { "unshare", "-p", "-f", "--mount-proc", "true", NULL };
  int status = 1, in_fd, out_fd;
  pid_t pid;
  GPid helper;

  if (geteuid () != 0 ||
      !g_spawn_sync (NULL, (char **) probe, NULL,
                     G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, NULL, NULL, &status, NULL) ||
      status != 0)
    {
      g_test_skip ("needs root and unshare(1) to start a new PID namespace");
      return;
    }

  folder = make_tmp_folder ();
  self = g_file_read_link ("/proc/self/exe", &error);
  g_assert_no_error (error);
  pid = dead_pid ();
  pid_text = g_strdup_printf ("%d", (int) pid);
  {
    const char *argv[] = { "unshare", "-p", "-f", "--mount-proc", self, "--hold", folder, pid_text, NULL };

    g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                                             G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD,
                                             NULL, NULL, &helper, &in_fd, &out_fd, NULL, &error));
    g_assert_no_error (error);
  }
  out_stream = g_unix_input_stream_new (out_fd, TRUE);
  lines = g_data_input_stream_new (out_stream);
  line = g_data_input_stream_read_line (lines, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  g_test_message ("the other namespace's run holds %s", line);
  /* Its name carries a pid that is dead in our namespace. */
  g_assert_cmpint (drivedash_bench_file_name_pid (strrchr (line, '/') + 1), ==, pid);

  g_assert_cmpuint (drivedash_bench_remove_stale_files (folder), ==, 0);
  g_assert_true (g_file_test (line, G_FILE_TEST_IS_REGULAR));

  /* The run ends without cleaning up: its file is stale now, and goes. */
  close (in_fd);
  g_assert_cmpint (waitpid (helper, &status, 0), ==, helper);
  g_spawn_close_pid (helper);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_file_test (line, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (drivedash_bench_remove_stale_files (folder), ==, 1);
  g_assert_false (g_file_test (line, G_FILE_TEST_EXISTS));
  remove_tree (folder);
}

int
main (int    argc,
      char **argv)
{
  if (argc == 4 && strcmp (argv[1], "--hold") == 0)
    return hold_file (argv[2], (pid_t) g_ascii_strtoll (argv[3], NULL, 10));

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bench-file/redirect", test_redirect);
  g_test_add_func ("/bench-file/redirect-during-run", test_redirect_during_run);
  g_test_add_func ("/bench-file/sweep/own-stale", test_sweep_own_stale);
  g_test_add_func ("/bench-file/sweep/live-here", test_sweep_live_here);
  g_test_add_func ("/bench-file/sweep/other-user", test_sweep_other_user);
  g_test_add_func ("/bench-file/sweep/other-namespace", test_sweep_other_namespace);

  return g_test_run ();
}
