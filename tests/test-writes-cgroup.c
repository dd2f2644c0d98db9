/* test-writes-cgroup.c — what each app writes, counted by its cgroup: the
 * counter files parsed (hostile ones too), cgroups followed in a fixture
 * tree, and, as root, 30 short-lived writers in an app scope counted by
 * `drivedash-cli writes --sample` within ±5 %, with what /proc counts of
 * them again under their parent and what /proc alone sees said beside it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#ifndef _GNU_SOURCE
#define _GNU_SOURCE  /* O_DIRECT */
#endif

#include <fcntl.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "drivedash-cgroup-io.h"
#include "drivedash-folder.h"
#include "drivedash-test-tree.h"
#include "drivedash-test-writes.h"

#define MIB        (1u << 20)
#define WRITERS    30u
#define EACH_MIB   8u
#define APP        "io.example.ShortWriter"

static const DrivedashCgroupIoLine *
line_at (GArray *lines,
         guint   i)
{
  return &g_array_index (lines, DrivedashCgroupIoLine, i);
}

static void
test_parse (void)
{
  g_autoptr(GArray) v2 = drivedash_cgroup_io_parse_v2 (
    "259:0 rbytes=1 wbytes=4096 rios=1 wios=1 dbytes=0 dios=0\n"
    "garbage\n\n:\n1: wbytes=5\n"
    "8:0 rbytes=2 wbytes=99999999999999999999999 rios=0\n"   /* past 64 bits */
    "8:16 wbytes=-3\n8:32 wbytes=12x\n"
    "4294967296:0 wbytes=1\n"                                /* past 32 bits */
    "253:7 rbytes=0 wbytes=18446744073709551615\n"
    "7:0 rbytes=0");
  g_autoptr(GArray) v1 = drivedash_cgroup_io_parse_v1 (
    "254:0 Read 4096\n254:0 Write 75509760\n254:0 Sync 1\n254:0 Total 75513856\n"
    "Total 75513856\n"
    "1:2 Write\n1:3 Write 5 6\n1:4 Write 99999999999999999999999\nWrite 1:5 7\n"
    "999:999 Write 42\n");
  g_autoptr(GArray) none = drivedash_cgroup_io_parse_v1 (NULL);

  g_assert_cmpuint (v2->len, ==, 2);
  g_assert_cmpuint (line_at (v2, 0)->major, ==, 259);
  g_assert_cmpuint (line_at (v2, 0)->written, ==, 4096);
  g_assert_cmpuint (line_at (v2, 1)->minor, ==, 7);
  g_assert_cmpuint (line_at (v2, 1)->written, ==, G_MAXUINT64);
  g_assert_cmpuint (v1->len, ==, 2);
  g_assert_cmpuint (line_at (v1, 0)->written, ==, 75509760);
  /* A device no disk has still parses: the sampler leaves it out. */
  g_assert_cmpuint (line_at (v1, 1)->major, ==, 999);
  g_assert_cmpuint (none->len, ==, 0);
}

typedef struct
{
  guint64 bytes;
  guint   calls;
  char   *app;
} Growth;

static void
on_growth (const char *key,
           const char *app,
           guint       major,
           guint       minor,
           guint64     delta,
           gpointer    user_data)
{
  Growth *g = user_data;

  g_assert_cmpuint (major, ==, 259);
  g->bytes += delta;
  g->calls++;
  g_free (g->app);
  g->app = g_strdup (app);
}

/* A fixture tree as the cgroup2 mount: the nearest cgroup up with an
 * io.stat counts, if its path names an app; growth is counted once; a
 * counter that went down counts from its new value; a removed cgroup is
 * dropped. */
static void
test_follow (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("cgroup-io-XXXXXX", &error);
  g_autofree char *mounts = g_strdup_printf ("cgroup2 %s cgroup2 rw 0 0\n", root);
  g_autoptr(DrivedashCgroupIo) io = drivedash_cgroup_io_new (mounts);
  const char *scope = "user.slice/app.slice/app-gnome-org.example.Maker-42.scope";
  g_autofree char *stat = g_build_filename (scope, "io.stat", NULL);
  g_autofree char *folder = g_build_filename (root, scope, NULL);
  Growth g = { 0 };
  const char *key;

  g_assert_no_error (error);
  drivedash_test_tree_put (root, "user.slice/io.stat", "259:0 wbytes=1\n");
  drivedash_test_tree_put (root, stat, "259:0 wbytes=1000\n");
  g_assert_null (drivedash_cgroup_io_track (io, "0::/\n"));
  g_assert_null (drivedash_cgroup_io_track (io, "0::/user.slice\n"));
  g_assert_null (drivedash_cgroup_io_track (io, "0::/../etc\n"));
  key = drivedash_cgroup_io_track (io, "1:name=systemd:/x\n0::/user.slice/app.slice/"
                                       "app-gnome-org.example.Maker-42.scope/worker\n");
  g_assert_nonnull (key);
  g_assert_cmpstr (drivedash_cgroup_io_lookup (io, key), ==, "org.example.Maker");
  g_assert_true (drivedash_cgroup_io_covers (io, key, 259, 0));

  drivedash_cgroup_io_read (io, FALSE, on_growth, &g);      /* the baseline */
  g_assert_cmpuint (g.calls, ==, 0);
  drivedash_test_tree_put (root, stat, "259:0 wbytes=5000\n");
  drivedash_cgroup_io_read (io, TRUE, on_growth, &g);
  drivedash_cgroup_io_read (io, TRUE, on_growth, &g);      /* no growth: no call */
  g_assert_cmpuint (g.bytes, ==, 4000);
  g_assert_cmpuint (g.calls, ==, 1);
  g_assert_cmpstr (g.app, ==, "org.example.Maker");
  drivedash_test_tree_put (root, stat, "259:0 wbytes=300\n");
  drivedash_cgroup_io_read (io, TRUE, on_growth, &g);
  drivedash_test_tree_put (root, stat, "259:0 wbytes=700\n");
  drivedash_cgroup_io_read (io, TRUE, on_growth, &g);
  g_assert_cmpuint (g.bytes, ==, 4400);

  g_assert_true (drivedash_test_tree_remove (folder));
  drivedash_cgroup_io_read (io, TRUE, on_growth, &g);
  g_assert_null (drivedash_cgroup_io_lookup (io, key));
  g_free (g.app);
  drivedash_test_tree_remove (root);
}

/* The cgroup made for the test, and what to remove at the end. */
typedef struct
{
  char *slice;      /* <root>/drivedash-test-XXXX.slice */
  char *scope;      /* its app scope */
} TestCgroup;

static gboolean
put (const char *path,
     const char *text)
{
  return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_NONE, 0644, NULL);
}

/* v2 where the io controller can be turned on, else v1's blkio; FALSE
 * (and @why) where neither can be written. */
static gboolean
make_cgroup (TestCgroup  *cg,
             const char  *disk,
             char       **why)
{
  g_autofree char *controllers = NULL;
  g_autofree char *dev_path = g_build_filename ("/sys/block", disk, "dev", NULL);
  g_autofree char *dev = NULL;
  g_autofree char *name = g_strdup_printf ("drivedash-test-%08x.slice", g_random_int ());

  if (geteuid () != 0)
    return (*why = g_strdup ("not root: no cgroup can be made")), FALSE;
  if (g_file_get_contents ("/sys/fs/cgroup/cgroup.controllers", &controllers, NULL, NULL) &&
      strstr (controllers, "io") != NULL && put ("/sys/fs/cgroup/cgroup.subtree_control", "+io"))
    {
      g_autofree char *subtree = NULL;

      cg->slice = g_build_filename ("/sys/fs/cgroup", name, NULL);
      cg->scope = g_strdup_printf ("%s/app-" APP "-1.scope", cg->slice);
      subtree = g_build_filename (cg->slice, "cgroup.subtree_control", NULL);
      if (g_mkdir (cg->slice, 0755) != 0 || !put (subtree, "+io") || g_mkdir (cg->scope, 0755) != 0)
        return (*why = g_strdup ("the cgroup2 hierarchy is not writable")), FALSE;
      return TRUE;
    }
  if (!g_file_test ("/sys/fs/cgroup/blkio/blkio.throttle.io_service_bytes", G_FILE_TEST_EXISTS) ||
      !g_file_get_contents (dev_path, &dev, NULL, NULL))
    return (*why = g_strdup ("no cgroup v2 io controller nor v1 blkio hierarchy")), FALSE;
  cg->slice = g_build_filename ("/sys/fs/cgroup/blkio", name, NULL);
  cg->scope = g_strdup_printf ("%s/app-" APP "-1.scope", cg->slice);
  if (g_mkdir (cg->slice, 0755) != 0 || g_mkdir (cg->scope, 0755) != 0)
    return (*why = g_strdup ("the blkio hierarchy is not writable")), FALSE;
  {
    /* Newer kernels keep v1's counters only on disks blk-throttle is set
     * up for: a limit no writer reaches sets it up. */
    g_autofree char *limit = g_strdup_printf ("%s 1099511627776", g_strstrip (dev));
    g_autofree char *file = g_build_filename (cg->slice, "blkio.throttle.write_bps_device", NULL);

    g_assert_true (put (file, limit));
  }
  return TRUE;
}

/* Its processes are gone: only the empty folders are left. */
static void
remove_cgroup (TestCgroup *cg)
{
  if (cg->scope != NULL && g_file_test (cg->scope, G_FILE_TEST_IS_DIR))
    g_assert_cmpint (g_rmdir (cg->scope), ==, 0);
  if (cg->slice != NULL && g_file_test (cg->slice, G_FILE_TEST_IS_DIR))
    g_assert_cmpint (g_rmdir (cg->slice), ==, 0);
  g_free (cg->scope);
  g_free (cg->slice);
}

/* Moves the calling process into @scope. */
static gboolean
join (const char *scope)
{
  g_autofree char *procs = g_build_filename (scope, "cgroup.procs", NULL);
  g_autofree char *pid = g_strdup_printf ("%d", (int) getpid ());
  int fd = open (procs, O_WRONLY);
  gboolean ok = fd >= 0 && write (fd, pid, strlen (pid)) == (ssize_t) strlen (pid);

  if (fd >= 0)
    close (fd);
  return ok;
}

/* The app's first process: it stays in the scope while its helpers come
 * and go, as an app does (a poll finds the cgroup through it). */
static pid_t
start_holder (const char *scope,
              int         ready[2],
              int         hold[2])
{
  pid_t pid = fork ();
  char c;

  g_assert_cmpint (pid, >=, 0);
  if (pid > 0)
    return pid;
  close (ready[0]);
  close (hold[1]);
  if (!join (scope) || write (ready[1], "x", 1) != 1)
    _exit (2);
  while (read (hold[0], &c, 1) > 0)
    ;
  _exit (0);
}

/* One short-lived helper: into the scope, EACH_MIB MiB with O_DIRECT, out. */
static void
run_writer (const char *scope,
            const char *path,
            void       *buf)
{
  pid_t pid = fork ();
  int status, fd;

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      prctl (PR_SET_NAME, "short-writer");
      if (!join (scope) || (fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_DIRECT, 0600)) < 0)
        _exit (2);
      for (guint i = 0; i < EACH_MIB; i++)
        if (write (fd, buf, MIB) != (ssize_t) MIB)
          _exit (3);
      _exit (fsync (fd) == 0 ? 0 : 4);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  g_unlink (path);
}

/* The bytes @parser's output gives @app on @disk, from @source (NULL: any). */
static guint64
bytes_of (JsonParser *parser,
          const char *app,
          const char *disk,
          const char *source)
{
  JsonArray *apps = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "apps");
  guint64 sum = 0;

  for (guint i = 0; i < json_array_get_length (apps); i++)
    {
      JsonObject *o = json_array_get_object_element (apps, i);

      if (g_strcmp0 (json_object_get_string_member (o, "app"), app) == 0 &&
          g_strcmp0 (json_object_get_string_member (o, "disk"), disk) == 0 &&
          (source == NULL || g_strcmp0 (json_object_get_string_member (o, "source"), source) == 0))
        sum += json_object_get_int_member (o, "bytes");
    }
  return sum;
}

/* Both samplers at once around the same writers: one with the cgroups'
 * counters, one with /proc alone. */
static void
measure (TestCgroup *cg,
         const char *dir,
         const char *disk)
{
  g_autoptr(GSubprocess) with = NULL, without = NULL;
  g_autoptr(JsonParser) counted = NULL, proc_only = NULL;
  char parent[17] = "";
  const double total = (double) WRITERS * EACH_MIB * MIB;
  int ready[2], hold[2];
  guint64 cgroup, children, reaped, again;
  pid_t holder;
  void *buf = NULL;
  char c;

  g_assert_cmpint (pipe (ready), ==, 0);
  g_assert_cmpint (pipe (hold), ==, 0);
  holder = start_holder (cg->scope, ready, hold);
  close (ready[1]);
  close (hold[0]);
  g_assert_cmpint (read (ready[0], &c, 1), ==, 1);
  with = drivedash_test_writes_start_sampler (NULL);
  without = drivedash_test_writes_start_sampler ("--no-cgroups");
  g_assert_cmpint (posix_memalign (&buf, 4096, MIB), ==, 0);
  memset (buf, 0x5a, MIB);
  for (guint i = 0; i < WRITERS; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/short-%u", dir, i);

      run_writer (cg->scope, path, buf);
    }
  free (buf);
  counted = drivedash_test_writes_stop_sampler (with);
  proc_only = drivedash_test_writes_stop_sampler (without);
  cgroup = bytes_of (counted, APP, disk, "cgroup");
  children = bytes_of (proc_only, "short-writer", disk, NULL);
  /* The kernel adds a reaped child's counters to its parent's: this test. */
  prctl (PR_GET_NAME, parent);
  reaped = bytes_of (proc_only, parent, disk, NULL) + bytes_of (proc_only, parent, NULL, NULL);
  /* Their cgroup counted them: not again under the parent, nor their name. */
  again = bytes_of (counted, parent, disk, NULL) + bytes_of (counted, parent, NULL, NULL) +
          bytes_of (counted, "short-writer", disk, NULL) + bytes_of (counted, "short-writer", NULL, NULL);
  close (hold[1]);
  close (ready[0]);
  g_assert_cmpint (waitpid (holder, NULL, 0), ==, holder);
  g_test_message ("%u short-lived writers, %u MiB each: their cgroup's counter %.3f of it, %.3f again "
                  "from /proc; /proc alone %.3f under their own name, %.3f under their parent's (%s, any "
                  "drive), which reaped them", WRITERS, EACH_MIB, cgroup / total, again / total,
                  children / total, reaped / total, parent);
  g_assert_cmpfloat (cgroup / total, >=, 0.95);
  g_assert_cmpfloat (cgroup / total, <=, 1.05);
  /* Not asserted yet: a child started and reaped between two looks
   * still counts again under its parent outside the cgroup ("again"),
   * and /proc alone has come out at 0.77-1.00 here (issue 39). */
}

static void
test_short_writers (void)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "writes-cgroup-XXXXXX", NULL);
  g_autoptr(DrivedashFolderInfo) info = NULL;
  g_autofree char *why = NULL;
  TestCgroup cg = { 0 };

  g_assert_nonnull (g_mkdtemp (dir));
  info = drivedash_folder_probe (dir);
  if (info->disk == NULL || !make_cgroup (&cg, info->disk, &why))
    {
      g_test_skip (why ? why : "the build folder is on no drive");
      remove_cgroup (&cg);
      g_rmdir (dir);
      return;
    }
  measure (&cg, dir, info->disk);
  remove_cgroup (&cg);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/writes-cgroup/parse", test_parse);
  g_test_add_func ("/writes-cgroup/follow", test_follow);
  g_test_add_func ("/writes-cgroup/short-writers", test_short_writers);
  return g_test_run ();
}
