/* test-writes.c — what each app writes to each drive: app names from
 * cgroup paths the way GNOME groups them, and `drivedash-cli writes
 * --sample` around real writers on this machine's disk (one with
 * O_DIRECT, one through the page cache with fsync), each attributed
 * within ±5 % to its own name on the drive holding the folder; the
 * sampler through a fixture sysfs tree that names that disk nvme0.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* O_DIRECT */
#endif

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "drivedash-app-identity.h"
#include "drivedash-folder.h"
#include "drivedash-store-app-writes.h"
#include "drivedash-store-health.h"
#include "drivedash-test-tree.h"
#include "drivedash-test-writes.h"
#include "drivedash-write-sampler.h"

#define MIB         (1u << 20)
#define WRITE_MIB   256u

static void
check_identity (const char *cgroup,
                const char *comm,
                const char *expected)
{
  g_autofree char *app = drivedash_app_identity_from_cgroup (cgroup, comm);

  g_assert_cmpstr (app, ==, expected);
}

static void
test_identity (void)
{
  const char *user = "/user.slice/user-1000.slice/user@1000.service/app.slice/";
  g_autofree char *gnome = g_strconcat (user, "app-gnome-org.gnome.Nautilus-4242.scope", NULL);
  g_autofree char *flatpak = g_strconcat (user, "app-flatpak-org.mozilla.firefox-1234.scope", NULL);
  g_autofree char *service = g_strconcat (user, "app-org.gnome.Terminal@1a2b.service", NULL);
  g_autofree char *escaped = g_strconcat (user, "app-gnome-org.example.my\\x2dapp-77.scope", NULL);
  g_autofree char *inner = g_strconcat (user, "app-gnome-org.gnome.Builder-9.scope/tab-3.scope", NULL);
  g_autofree char *session = g_strdup ("/user.slice/user-1000.slice/session-2.scope");
  g_autofree char *hostile = NULL;

  check_identity (gnome, "nautilus", "org.gnome.Nautilus");
  check_identity (flatpak, "firefox", "org.mozilla.firefox");
  check_identity (service, "gnome-terminal-", "org.gnome.Terminal");
  check_identity (escaped, "my-app", "org.example.my-app");
  check_identity (inner, "cc1", "org.gnome.Builder");
  check_identity ("/system.slice/packagekit.service", "packagekitd", "System: packagekit.service");
  check_identity (session, "dd", "dd");
  check_identity ("/init.scope", "", "?");
  check_identity (NULL, NULL, "?");
  /* Names are the user's to see: no control characters, no endless ones. */
  check_identity ("/", "bad\033[2Jname\n", "bad?[2Jname?");
  hostile = drivedash_app_identity_from_cgroup (NULL, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
                                                      "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
  g_assert_cmpuint (strlen (hostile), ==, 128);
}

static void
test_cgroup_path (void)
{
  g_autofree char *v2 = drivedash_app_identity_cgroup_path ("0::/user.slice/x.scope\n");
  g_autofree char *hybrid = drivedash_app_identity_cgroup_path ("12:name=systemd:/system.slice/a.service\n"
                                                                "0::/system.slice/a.service\n");
  g_autofree char *v1 = drivedash_app_identity_cgroup_path ("7:blkio:/\n1:name=systemd:/system.slice/b.service\n");
  g_autofree char *none = drivedash_app_identity_cgroup_path ("7:blkio:/\n");

  g_assert_cmpstr (v2, ==, "/user.slice/x.scope");
  g_assert_cmpstr (hybrid, ==, "/system.slice/a.service");
  g_assert_cmpstr (v1, ==, "/system.slice/b.service");
  g_assert_null (none);
}

/* A child named @name that writes @mib MiB into @path, says so on
 * @done, and stays until @hold closes (so the sampler's last look finds
 * it alive). */
static pid_t
start_writer (const char *name,
              const char *path,
              gboolean    direct,
              guint       mib,
              const int   done[2],
              const int   hold[2])
{
  pid_t pid = fork ();
  void *buf;
  int fd;
  char c;

  g_assert_cmpint (pid, >=, 0);
  if (pid > 0)
    return pid;
  /* Only the parent keeps the other ends: a close there reaches us. */
  close (done[0]);
  close (hold[1]);
  prctl (PR_SET_NAME, name);
  if (posix_memalign (&buf, 4096, MIB) != 0)
    _exit (2);
  memset (buf, 0x5a, MIB);
  fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | (direct ? O_DIRECT : 0), 0600);
  if (fd < 0)
    _exit (3);
  for (guint i = 0; i < mib; i++)
    if (write (fd, buf, MIB) != (ssize_t) MIB)
      _exit (4);
  if (fsync (fd) != 0)
    _exit (5);
  /* Kept open, as a program that keeps its files does: the counters say
   * how much, the open file on which drive (one that wrote and closed
   * between two looks counts under an unknown drive). */
  if (write (done[1], "x", 1) != 1)
    _exit (6);
  while (read (hold[0], &c, 1) > 0)
    ;
  close (fd);
  _exit (0);
}

static JsonObject *
find_app (JsonArray  *apps,
          const char *name)
{
  for (guint i = 0; i < json_array_get_length (apps); i++)
    {
      JsonObject *o = json_array_get_object_element (apps, i);

      if (g_strcmp0 (json_object_get_string_member (o, "app"), name) == 0)
        return o;
    }
  return NULL;
}

static void
test_sample (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "writes-XXXXXX", NULL);
  g_autoptr(DrivedashFolderInfo) info = NULL;
  g_autoptr(GSubprocess) sampler = NULL;
  g_autoptr(JsonParser) parser = NULL;
  static const char *const names[] = { "dd-direct", "dd-cached" };
  char *paths[2] = { NULL, NULL };
  int done[2], hold[2];
  pid_t writers[2];
  JsonArray *apps;
  char c;

  g_assert_nonnull (g_mkdtemp (dir));
  info = drivedash_folder_probe (dir);
  if (info->disk == NULL)
    {
      g_test_skip ("the build folder is on no drive");
      return;
    }
  /* The baseline is taken: what the writers do from now on counts. */
  sampler = drivedash_test_writes_start_sampler (NULL);
  g_assert_cmpint (pipe (done), ==, 0);
  g_assert_cmpint (pipe (hold), ==, 0);
  for (guint i = 0; i < 2; i++)
    {
      paths[i] = g_build_filename (dir, names[i], NULL);
      writers[i] = start_writer (names[i], paths[i], i == 0, WRITE_MIB, done, hold);
    }
  close (done[1]);
  close (hold[0]);
  for (guint i = 0; i < 2; i++)
    g_assert_cmpint (read (done[0], &c, 1), ==, 1);
  /* Both have written and are still there: the sampler's last look. */
  parser = drivedash_test_writes_stop_sampler (sampler);
  close (hold[1]);
  close (done[0]);
  for (guint i = 0; i < 2; i++)
    {
      int status;

      g_assert_cmpint (waitpid (writers[i], &status, 0), ==, writers[i]);
      g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
      g_unlink (paths[i]);
      g_clear_pointer (&paths[i], g_free);
    }
  g_rmdir (dir);

  apps = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "apps");
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *app = find_app (apps, names[i]);
      double share;

      g_assert_nonnull (app);
      share = (double) json_object_get_int_member (app, "bytes") / ((double) WRITE_MIB * MIB);
      g_test_message ("%s: %.3f of what it wrote, on %s", names[i], share,
                      json_object_get_string_member (app, "disk"));
      g_assert_cmpfloat (share, >=, 0.95);
      g_assert_cmpfloat (share, <=, 1.05);
      g_assert_cmpstr (json_object_get_string_member (app, "disk"), ==, info->disk);
    }
}

#define FIXTURE_MIB 16u

/* The sampler's rows of one app's writes, through @sysfs_root (NULL:
 * /sys), around a real child writing FIXTURE_MIB MiB into @dir. */
static GPtrArray *
sample_writer (const char *dir,
               const char *sysfs_root,
               const char *name)
{
  g_autoptr(DrivedashWriteSampler) sampler = drivedash_write_sampler_new (NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  int done[2], hold[2], status;
  pid_t writer;
  char c;

  drivedash_write_sampler_set_sysfs_root (sampler, sysfs_root);
  drivedash_write_sampler_poll (sampler);
  g_assert_cmpint (pipe (done), ==, 0);
  g_assert_cmpint (pipe (hold), ==, 0);
  writer = start_writer (name, path, TRUE, FIXTURE_MIB, done, hold);
  close (done[1]);
  close (hold[0]);
  g_assert_cmpint (read (done[0], &c, 1), ==, 1);
  /* Written, and still there with the file open. */
  drivedash_write_sampler_poll (sampler);
  close (hold[1]);
  close (done[0]);
  g_assert_cmpint (waitpid (writer, &status, 0), ==, writer);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  g_unlink (path);
  return drivedash_write_sampler_dup_totals (sampler);
}

/* The row of @app in @rows: the one app, as this process's cgroup names
 * its children. */
static const DrivedashAppWrites *
row_of (GPtrArray  *rows,
        const char *comm)
{
  g_autofree char *cgroup = NULL, *path = NULL, *app = NULL;

  g_assert_true (g_file_get_contents ("/proc/self/cgroup", &cgroup, NULL, NULL));
  path = drivedash_app_identity_cgroup_path (cgroup);
  app = drivedash_app_identity_from_cgroup (path, comm);
  for (guint i = 0; i < rows->len; i++)
    {
      const DrivedashAppWrites *w = g_ptr_array_index (rows, i);

      if (g_str_equal (w->app, app))
        return w;
    }
  g_assert_not_reached ();
}

/* A fixture sysfs tree whose nvme0n1 has the device number of the build
 * folder's disk: a real writer's bytes count on nvme0 through it, and
 * on the real drive (here a virtio disk, no controller) without it. */
static void
test_sysfs_root (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "writes-XXXXXX", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("writes-sysfs-XXXXXX", &error);
  g_autoptr(DrivedashFolderInfo) info = NULL;
  g_autoptr(GPtrArray) fixture = NULL, real = NULL;
  const DrivedashAppWrites *w;

  g_assert_no_error (error);
  g_assert_nonnull (g_mkdtemp (dir));
  info = drivedash_folder_probe (dir);
  if (info->disk == NULL || !drivedash_test_tree_put_nvme_over (root, dir))
    {
      g_test_skip ("the build folder is on no drive");
      g_rmdir (dir);
      drivedash_test_tree_remove (root);
      return;
    }
  fixture = sample_writer (dir, root, "dd-fixture");
  real = sample_writer (dir, NULL, "dd-real");
  g_rmdir (dir);
  drivedash_test_tree_remove (root);

  w = row_of (fixture, "dd-fixture");
  g_test_message ("through the fixture: %" G_GUINT64_FORMAT " bytes of %u MiB on %s (%s, %s)",
                  w->bytes, FIXTURE_MIB, w->disk, w->controller, w->drive);
  g_assert_cmpfloat ((double) w->bytes / (FIXTURE_MIB * MIB), >=, 0.95);
  g_assert_cmpfloat ((double) w->bytes / (FIXTURE_MIB * MIB), <=, 1.05);
  g_assert_cmpstr (w->disk, ==, "nvme0n1");
  g_assert_cmpstr (w->controller, ==, "nvme0");
  g_assert_cmpstr (w->drive, ==, "Fixture NVMe SSD 1TB");
  w = row_of (real, "dd-real");
  g_test_message ("through /sys: %" G_GUINT64_FORMAT " bytes on %s (%s)", w->bytes, w->disk, w->controller);
  g_assert_cmpstr (w->disk, ==, info->disk);
  g_assert_cmpstr (w->controller, ==, info->controller);
}

#define FIXTURE_PID 9000000  /* past any pid_max: never this test's own */

/* A process in the fixture /proc at @root: its stat and io. */
static void
put_proc (const char *root,
          guint       pid,
          guint       ppid,
          const char *comm,
          guint       start,
          guint64     written)
{
  g_autofree char *stat_path = g_strdup_printf ("%u/stat", FIXTURE_PID + pid);
  g_autofree char *io_path = g_strdup_printf ("%u/io", FIXTURE_PID + pid);
  g_autofree char *stat = g_strdup_printf ("%u (%s) S %u 0 0 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 %u 0 0\n",
                                           FIXTURE_PID + pid, comm, ppid ? FIXTURE_PID + ppid : 1, start);
  g_autofree char *io = g_strdup_printf ("rchar: 0\nwchar: 0\nsyscr: 0\nsyscw: 0\nread_bytes: 0\n"
                                         "write_bytes: %" G_GUINT64_FORMAT "\ncancelled_write_bytes: 0\n", written);

  drivedash_test_tree_put (root, stat_path, stat);
  drivedash_test_tree_put (root, io_path, io);
}

static void
end_proc (const char *root,
          guint       pid)
{
  g_autofree char *path = g_strdup_printf ("%s/%u", root, FIXTURE_PID + pid);

  g_assert_true (drivedash_test_tree_remove (path));
}

static guint64
bytes_for (DrivedashWriteSampler *sampler,
           const char            *app)
{
  g_autoptr(GPtrArray) totals = drivedash_write_sampler_dup_totals (sampler);
  guint64 sum = 0;

  for (guint i = 0; i < totals->len; i++)
    {
      const DrivedashAppWrites *w = g_ptr_array_index (totals, i);

      if (g_str_equal (w->app, app))
        sum += w->bytes;
    }
  return sum;
}

/* A shell that writes nothing itself starts short writers: one seen with
 * its file open, then ones that start and end between two looks, whose
 * bytes reach the shell when it reaps them: they count on the drive its
 * seen child wrote to, not under "unknown drive". */
static void
test_unseen_child_drive (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("writes-proc-XXXXXX", &error);
  g_autoptr(DrivedashWriteSampler) sampler = NULL;
  g_autoptr(GPtrArray) totals = NULL;
  g_autofree char *fd = g_strdup_printf ("%u/fd/3", FIXTURE_PID + 201);
  g_autofree char *fdinfo = g_strdup_printf ("%u/fdinfo/3", FIXTURE_PID + 201);
  const DrivedashAppWrites *dd, *sh;

  g_assert_no_error (error);
  sampler = drivedash_write_sampler_new (root);
  put_proc (root, 200, 0, "sh", 40, 0);
  drivedash_write_sampler_poll (sampler);               /* the baseline */
  put_proc (root, 201, 200, "dd", 50, 0);
  drivedash_test_tree_put (root, fd, "the file dd writes\n");
  drivedash_test_tree_put (root, fdinfo, "pos:\t0\nflags:\t0100001\n");
  drivedash_write_sampler_poll (sampler);
  put_proc (root, 201, 200, "dd", 50, 800);
  drivedash_write_sampler_poll (sampler);
  /* dd ended and was reaped, and so was one never seen, which wrote
   * 300: the rest of the shell's growth is dd's, as its heir. */
  end_proc (root, 201);
  put_proc (root, 200, 0, "sh", 40, 800 + 300);
  drivedash_write_sampler_poll (sampler);
  /* Then only unseen ones, 200: the shell's, on the drive its children
   * wrote to. */
  put_proc (root, 200, 0, "sh", 40, 800 + 300 + 200);
  drivedash_write_sampler_poll (sampler);
  totals = drivedash_write_sampler_dup_totals (sampler);
  dd = row_of (totals, "dd");
  sh = row_of (totals, "sh");
  drivedash_test_tree_remove (root);
  if (dd->disk == NULL)
    {
      g_test_skip ("the temporary folder is on no drive");
      return;
    }
  g_assert_cmpuint (dd->bytes, ==, 800 + 300);
  g_assert_cmpuint (sh->bytes, ==, 200);
  g_assert_cmpstr (sh->disk, ==, dd->disk);
}

/* A fixture /proc where parents grow by the totals of the children they
 * reap: what a child was seen to write is taken back from its reaper's
 * growth, the rest goes to the child (the reaper writes to no drive);
 * an orphan is taken back from the subreaper that adopted it; a child
 * reaped by no one takes nothing from its parent's later writes. */
static void
test_reaped_fixture (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("writes-proc-XXXXXX", &error);
  g_autoptr(DrivedashWriteSampler) sampler = NULL;

  g_assert_no_error (error);
  sampler = drivedash_write_sampler_new (root);
  put_proc (root, 50, 0, "systemd", 10, 0);
  put_proc (root, 100, 50, "make", 20, 0);
  put_proc (root, 101, 100, "cc1", 30, 0);
  put_proc (root, 102, 100, "ld", 30, 0);
  drivedash_write_sampler_poll (sampler);               /* the baseline */
  put_proc (root, 101, 100, "cc1", 30, 1000);
  put_proc (root, 102, 100, "ld", 30, 500);
  drivedash_write_sampler_poll (sampler);
  /* cc1 wrote 500 more, ended, and make reaped it. */
  end_proc (root, 101);
  put_proc (root, 100, 50, "make", 20, 1500);
  drivedash_write_sampler_poll (sampler);
  g_assert_cmpuint (bytes_for (sampler, "cc1"), ==, 1500);
  g_assert_cmpuint (bytes_for (sampler, "make"), ==, 0);
  /* make ended first (systemd reaped it), ld wrote 200 more and was
   * adopted and reaped by systemd, a subreaper. */
  end_proc (root, 100);
  end_proc (root, 102);
  put_proc (root, 50, 0, "systemd", 10, 1500 + 700);
  drivedash_write_sampler_poll (sampler);
  g_assert_cmpuint (bytes_for (sampler, "ld"), ==, 500);
  g_assert_cmpuint (bytes_for (sampler, "cc1") + bytes_for (sampler, "make") +
                    bytes_for (sampler, "ld") + bytes_for (sampler, "systemd"), ==, 1500 + 700);
  /* sh, seen, ends unreaped (its parent ignores SIGCHLD) and its pid
   * goes to cp; systemd's own writes after that count in full. */
  put_proc (root, 103, 50, "sh", 40, 300);
  drivedash_write_sampler_poll (sampler);
  put_proc (root, 103, 50, "cp", 41, 50);
  drivedash_write_sampler_poll (sampler);
  put_proc (root, 50, 0, "systemd", 10, 2200 + 400);
  drivedash_write_sampler_poll (sampler);
  g_assert_cmpuint (bytes_for (sampler, "sh"), ==, 300);
  g_assert_cmpuint (bytes_for (sampler, "cp"), ==, 50);
  g_assert_cmpuint (bytes_for (sampler, "systemd"), ==, 400);
  g_assert_cmpuint (drivedash_write_sampler_get_n_ended (sampler), ==, 4);
  drivedash_test_tree_remove (root);
}

#define REAPED_CHILDREN  4u
#define REAPED_MIB       64u

/* The pipes between the test, the reaper and its children. */
typedef struct
{
  int half[2];   /* each child: its first half is written */
  int go[2];     /* closed by the test: write the rest and end */
  int done[2];   /* the reaper: all reaped ('x', or '!' if one failed) */
  int hold[2];   /* closed by the test: the reaper ends */
} ReapedPipes;

static void
write_mib (int   fd,
           void *buf,
           guint n)
{
  for (guint i = 0; i < n; i++)
    if (write (fd, buf, MIB) != (ssize_t) MIB)
      _exit (4);
}

/* One of the reaper's children: half of REAPED_MIB MiB into @path
 * (O_DIRECT or through the page cache), then, when let go, the rest
 * and fsync: the rest is written after the test's last look at it. */
static void
run_reaped_child (const char        *path,
                  gboolean           direct,
                  const ReapedPipes *p)
{
  void *buf;
  int fd;
  char c;

  prctl (PR_SET_NAME, "reaped-writer");
  if (posix_memalign (&buf, 4096, MIB) != 0)
    _exit (2);
  memset (buf, 0x5a, MIB);
  fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | (direct ? O_DIRECT : 0), 0600);
  if (fd < 0)
    _exit (3);
  write_mib (fd, buf, REAPED_MIB / 2);
  if (write (p->half[1], "h", 1) != 1)
    _exit (5);
  while (read (p->go[0], &c, 1) > 0)
    ;
  write_mib (fd, buf, REAPED_MIB - REAPED_MIB / 2);
  _exit (fsync (fd) == 0 ? 0 : 6);
}

/* A parent named "writes-reaper" that starts REAPED_CHILDREN writers at
 * once and waits for each (the kernel adds each one's counters to its
 * own), says so on done and stays until hold closes. */
static pid_t
start_reaper (const char        *dir,
              const ReapedPipes *p)
{
  pid_t pid = fork (), children[REAPED_CHILDREN];
  char c = 'x';

  g_assert_cmpint (pid, >=, 0);
  if (pid > 0)
    return pid;
  close (p->half[0]);
  close (p->go[1]);
  close (p->done[0]);
  close (p->hold[1]);
  prctl (PR_SET_NAME, "writes-reaper");
  for (guint i = 0; i < REAPED_CHILDREN; i++)
    {
      char path[4096];

      g_snprintf (path, sizeof path, "%s/reaped-%u", dir, i);
      if ((children[i] = fork ()) == 0)
        run_reaped_child (path, i % 2 == 0, p);
    }
  for (guint i = 0; i < REAPED_CHILDREN; i++)
    {
      int status;

      if (children[i] < 0 || waitpid (children[i], &status, 0) != children[i] ||
          !WIFEXITED (status) || WEXITSTATUS (status) != 0)
        c = '!';
    }
  if (write (p->done[1], &c, 1) != 1)
    _exit (7);
  while (read (p->hold[0], &c, 1) > 0)
    ;
  _exit (0);
}

/* Ends @p; its output's apps. */
static JsonNode *
stop_sampler (GSubprocess *p)
{
  g_autoptr(JsonParser) parser = drivedash_test_writes_stop_sampler (p);

  return json_node_ref (json_object_get_member (json_node_get_object (json_parser_get_root (parser)), "apps"));
}

/* What @apps gives @app, as a share of @total, on any drive; each drive's
 * share appended to @where ("reaped-writer: vda 0.912, unknown drive 0.088"). */
static double
share_of (JsonNode   *apps,
          const char *app,
          double      total,
          GString    *where)
{
  JsonArray *array = json_node_get_array (apps);
  guint64 sum = 0;

  g_string_append_printf (where, "%s%s:", where->len ? "; " : "", app);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *o = json_array_get_object_element (array, i);
      const char *disk = json_object_get_string_member_with_default (o, "disk", NULL);

      if (g_strcmp0 (json_object_get_string_member (o, "app"), app) != 0)
        continue;
      sum += json_object_get_int_member (o, "bytes");
      g_string_append_printf (where, " %s %.3f", disk ? disk : "unknown drive",
                              json_object_get_int_member (o, "bytes") / total);
    }
  return sum / total;
}

/* What @totals (DrivedashAppWrites) give @app, as for share_of(). */
static double
sampled_share_of (GPtrArray  *totals,
                  const char *app,
                  double      total,
                  GString    *where)
{
  guint64 sum = 0;

  g_string_append_printf (where, "%s%s:", where->len ? "; " : "", app);
  for (guint i = 0; i < totals->len; i++)
    {
      const DrivedashAppWrites *w = g_ptr_array_index (totals, i);

      if (g_strcmp0 (w->app, app) != 0)
        continue;
      sum += w->bytes;
      g_string_append_printf (where, " %s %.3f", w->disk ? w->disk : "unknown drive", w->bytes / total);
    }
  return sum / total;
}

/* Starts the reaper; @sampler (this process's) looks once with every
 * child alive and half written, once after all are reaped.  The reaper
 * stays until p->hold[1] closes. */
static pid_t
run_reaper (const char            *dir,
            DrivedashWriteSampler *sampler,
            ReapedPipes           *p)
{
  pid_t reaper;
  char c;

  g_assert_cmpint (pipe (p->half), ==, 0);
  g_assert_cmpint (pipe (p->go), ==, 0);
  g_assert_cmpint (pipe (p->done), ==, 0);
  g_assert_cmpint (pipe (p->hold), ==, 0);
  reaper = start_reaper (dir, p);
  close (p->half[1]);
  close (p->go[0]);
  close (p->done[1]);
  close (p->hold[0]);
  for (guint i = 0; i < REAPED_CHILDREN; i++)
    g_assert_cmpint (read (p->half[0], &c, 1), ==, 1);
  drivedash_write_sampler_poll (sampler);
  close (p->go[1]);
  g_assert_cmpint (read (p->done[0], &c, 1), ==, 1);
  g_assert_cmpint (c, ==, 'x');
  /* All reaped, the reaper still there. */
  drivedash_write_sampler_poll (sampler);
  close (p->half[0]);
  close (p->done[0]);
  return reaper;
}

/* @children + @parent of what the children wrote: once, within ±5 %. */
static void
check_once (const char *label,
            double      children,
            double      parent,
            const char *where)
{
  g_test_message ("%s: %.3f of what %u children wrote (%s)", label, children + parent, REAPED_CHILDREN, where);
  g_assert_cmpfloat (children + parent, >=, 0.95);
  g_assert_cmpfloat (children + parent, <=, 1.05);
}

/* A parent that waits for its writers and stays: what they wrote counts
 * once, not again under the parent the kernel adds their counters to:
 * in this process's sampler, which surely saw each child half-way, and
 * in the CLI's with the cgroups' counters and with /proc alone. */
static void
test_reaped (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "writes-reaped-XXXXXX", NULL);
  g_autoptr(DrivedashFolderInfo) info = NULL;
  g_autoptr(DrivedashWriteSampler) sampler = drivedash_write_sampler_new (NULL);
  g_autoptr(GPtrArray) totals = NULL;
  g_autoptr(GString) where = g_string_new (NULL);
  static const char *const labels[] = { "writes --sample", "writes --sample --no-cgroups" };
  const double total = (double) REAPED_CHILDREN * REAPED_MIB * MIB;
  GSubprocess *samplers[2];
  ReapedPipes p;
  pid_t reaper;
  double children;

  g_assert_nonnull (g_mkdtemp (dir));
  info = drivedash_folder_probe (dir);
  if (info->disk == NULL)
    {
      g_test_skip ("the build folder is on no drive");
      g_rmdir (dir);
      return;
    }
  samplers[0] = drivedash_test_writes_start_sampler (NULL);
  samplers[1] = drivedash_test_writes_start_sampler ("--no-cgroups");
  drivedash_write_sampler_poll (sampler);
  reaper = run_reaper (dir, sampler, &p);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(JsonNode) apps = stop_sampler (samplers[i]);
      g_autoptr(GString) cli_where = g_string_new (NULL);
      double cli_children = share_of (apps, "reaped-writer", total, cli_where);

      check_once (labels[i], cli_children, share_of (apps, "writes-reaper", total, cli_where), cli_where->str);
      g_object_unref (samplers[i]);
    }
  close (p.hold[1]);
  g_assert_cmpint (waitpid (reaper, NULL, 0), ==, reaper);
  totals = drivedash_write_sampler_dup_totals (sampler);
  children = sampled_share_of (totals, "reaped-writer", total, where);
  check_once ("seen half-way", children, sampled_share_of (totals, "writes-reaper", total, where), where->str);
  /* The reaper writes to no drive itself: what grew its counters beyond
   * what the children were seen to write is theirs, on their drive. */
  g_assert_cmpfloat (children, >=, 0.95);
  for (guint i = 0; i < REAPED_CHILDREN; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/reaped-%u", dir, i);

      g_unlink (path);
    }
  g_rmdir (dir);
}

/* Runs the CLI with @args (after "writes"), its output in @out. */
static void
run_writes (const char *const *args,
            char             **out)
{
  g_autofree char *cli = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli", "drivedash-cli", NULL);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) cmd = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (argv, cli);
  g_ptr_array_add (argv, (gpointer) "writes");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  cmd = g_subprocess_newv ((const char *const *) argv->pdata, G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (cmd, NULL, NULL, out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (cmd));
}

/* What the watch kept, read back by `writes --since` for a drive (a
 * sysfs fixture) in the default history; a drive it never saw says so. */
static void
test_since (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("writes-sysfs-XXXXXX", &error);
  g_autoptr(DrivedashStore) store = NULL;
  g_autofree char *out = NULL, *text = NULL;
  g_autofree char *serial = g_strdup_printf ("WRITES%08x", g_random_int ());
  const gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *drives, *apps;
  gint64 id;

  g_assert_no_error (error);
  drivedash_test_tree_put (root, "class/nvme/nvme0/model", "Alpha SSD 1TB\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/serial", serial);
  drivedash_test_tree_put (root, "class/nvme/nvme0/state", "live\n");
  drivedash_test_tree_put (root, "class/nvme/nvme1/model", "Beta SSD\n");
  drivedash_test_tree_put (root, "class/nvme/nvme1/serial", "NEVERWATCHED\n");
  drivedash_test_tree_put (root, "class/nvme/nvme1/state", "live\n");
  store = drivedash_store_open (NULL, &error);
  g_assert_no_error (error);
  id = drivedash_store_watch_drive (store, serial, "Alpha SSD 1TB", "nvme0", &error);
  g_assert_no_error (error);
  g_assert_true (drivedash_store_add_app_writes (store, id, now - 3600, "org.mozilla.firefox", 3000000000, &error));
  g_assert_true (drivedash_store_add_app_writes (store, id, now - 3 * 86400, "org.gnome.Nautilus", 1000000000, &error));
  g_assert_true (drivedash_store_add_app_writes (store, id, now - 20 * 86400, "dd", 5000000000, &error));
  g_assert_no_error (error);

  run_writes ((const char *[]) { "--since", "7d", "--json", "--sysfs-root", root, NULL }, &out);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  drives = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "drives");
  g_assert_cmpuint (json_array_get_length (drives), ==, 2);
  apps = json_object_get_array_member (json_array_get_object_element (drives, 0), "apps");
  g_assert_cmpuint (json_array_get_length (apps), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (apps, 0), "app"), ==,
                   "org.mozilla.firefox");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (apps, 1), "bytes"), ==, 1000000000);
  g_assert_false (json_object_get_boolean_member (json_array_get_object_element (drives, 1), "watched"));

  /* The text, with the month's writer and each one's share. */
  run_writes ((const char *[]) { "nvme0", "--since", "30d", "--sysfs-root", root, NULL }, &text);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "nvme0 (Alpha SSD 1TB), the last 30 days:\n  dd: 5.00 GB (56 %)\n"));
  drivedash_test_tree_remove (root);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/writes/identity", test_identity);
  g_test_add_func ("/writes/cgroup-path", test_cgroup_path);
  g_test_add_func ("/writes/sample", test_sample);
  g_test_add_func ("/writes/sysfs-root", test_sysfs_root);
  g_test_add_func ("/writes/reaped-fixture", test_reaped_fixture);
  g_test_add_func ("/writes/unseen-child-drive", test_unseen_child_drive);
  g_test_add_func ("/writes/reaped", test_reaped);
  g_test_add_func ("/writes/since", test_since);
  return g_test_run ();
}
