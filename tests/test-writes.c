/* test-writes.c — what each app writes to each drive: app names from
 * cgroup paths the way GNOME groups them, and `drivedash-cli writes
 * --sample` around real writers on this machine's disk (one with
 * O_DIRECT, one through the page cache with fsync), each attributed
 * within ±5 % to its own name on the drive holding the folder.
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

/* A child named @name that writes WRITE_MIB MiB into @path, says so on
 * @done, and stays until @hold closes (so the sampler's last look finds
 * it alive). */
static pid_t
start_writer (const char *name,
              const char *path,
              gboolean    direct,
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
  for (guint i = 0; i < WRITE_MIB; i++)
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

static void
wait_for_line (GInputStream *stream,
               const char   *line)
{
  g_autoptr(GDataInputStream) data = g_data_input_stream_new (stream);
  g_autofree char *text = NULL;

  g_filter_input_stream_set_close_base_stream (G_FILTER_INPUT_STREAM (data), FALSE);
  text = g_data_input_stream_read_line_utf8 (data, NULL, NULL, NULL);
  g_assert_cmpstr (text, ==, line);
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
  g_autofree char *cli = g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli", "drivedash-cli", NULL);
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "writes-XXXXXX", NULL);
  g_autoptr(DrivedashFolderInfo) info = NULL;
  g_autoptr(GSubprocess) sampler = NULL;
  g_autoptr(GBytes) out = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
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
  sampler = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                              cli, "writes", "--sample", "600", "--json", NULL);
  g_assert_no_error (error);
  /* The baseline is taken: what the writers do from now on counts. */
  wait_for_line (g_subprocess_get_stderr_pipe (sampler), "Measuring…");
  g_assert_cmpint (pipe (done), ==, 0);
  g_assert_cmpint (pipe (hold), ==, 0);
  for (guint i = 0; i < 2; i++)
    {
      paths[i] = g_build_filename (dir, names[i], NULL);
      writers[i] = start_writer (names[i], paths[i], i == 0, done, hold);
    }
  close (done[1]);
  close (hold[0]);
  for (guint i = 0; i < 2; i++)
    g_assert_cmpint (read (done[0], &c, 1), ==, 1);
  /* Both have written and are still there: the sampler's last look. */
  g_subprocess_send_signal (sampler, SIGINT);
  g_assert_true (g_subprocess_communicate (sampler, NULL, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (sampler));
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

  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (out, NULL), g_bytes_get_size (out), &error));
  g_assert_no_error (error);
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
  g_test_add_func ("/writes/since", test_since);
  return g_test_run ();
}
