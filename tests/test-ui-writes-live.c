/* test-ui-writes-live.c — "What Writes to This Drive" from the real watch:
 * the app's own background watch samples a real dd writing 64 MiB with
 * O_DIRECT into a folder on this machine's disk, which a fixture sysfs
 * tree names as an NVMe drive (this machine has none); the Health page,
 * given the same fixture drive, shows dd's writes for the day.
 * Screenshots in tests/screenshots/ at 960 and 360 px, in English and
 * Japanese.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "drivedash-app-identity.h"
#include "drivedash-application.h"
#include "drivedash-background.h"
#include "drivedash-drive-list.h"
#include "drivedash-format.h"
#include "drivedash-health-page.h"
#include "drivedash-health-write-item.h"
#include "drivedash-health-writes.h"
#include "drivedash-screenshot.h"
#include "drivedash-store-app-writes.h"
#include "drivedash-store-health.h"
#include "drivedash-watch-private.h"
#include "drivedash-window.h"

#include "drivedash-test-tree.h"
#include "test-ui-common.h"

#define MIB        (1u << 20)
#define WRITE_MIB  64u
/* The fixture drive of drivedash_test_tree_put_nvme_over(). */
#define SERIAL     "FIXTURE0001"
#define CONTROLLER "nvme0"

static DrivedashApplication *the_app;

/* What the test watches the store for, read at most every 50 ms. */
typedef struct
{
  DrivedashStore *store;
  const char     *app;       /* the writer's app, as the sampler names it */
  guint64         at_least;
  gint64          last_read;
} StoreWait;

/* What the watch kept today for @app on the fixture drive (NULL: all
 * apps together); 0 before it knows the drive. */
static guint64
kept_today (DrivedashStore *store,
            const char     *app)
{
  gint64 id = drivedash_store_find_watch_drive (store, SERIAL, CONTROLLER, NULL);
  g_autoptr(GPtrArray) totals = NULL;
  guint64 sum = 0;

  if (id <= 0)
    return 0;
  totals = drivedash_store_list_app_writes (store, id, g_get_real_time () / G_USEC_PER_SEC - 86400, NULL);
  for (guint i = 0; totals != NULL && i < totals->len; i++)
    {
      const DrivedashAppTotal *t = g_ptr_array_index (totals, i);

      if (app == NULL || g_str_equal (t->app, app))
        sum += t->bytes;
    }
  return sum;
}

static gboolean
watch_knows_drive (gpointer data)
{
  StoreWait *w = data;

  if (g_get_monotonic_time () - w->last_read < 50000)
    return FALSE;
  w->last_read = g_get_monotonic_time ();
  return drivedash_store_find_watch_drive (w->store, SERIAL, CONTROLLER, NULL) > 0;
}

static gboolean
watch_kept_enough (gpointer data)
{
  StoreWait *w = data;

  if (g_get_monotonic_time () - w->last_read < 50000)
    return FALSE;
  w->last_read = g_get_monotonic_time ();
  return kept_today (w->store, w->app) >= w->at_least;
}

static gboolean
file_complete (gpointer path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 && (guint64) st.st_size == (guint64) WRITE_MIB * MIB;
}

/* The test build's hook, as tests/drivedash-test-app.c applies it. */
static void
watch_cb (DrivedashBackground *background)
{
  DrivedashWatch *watch = drivedash_background_get_watch (background);

  if (watch != NULL)
    drivedash_watch_apply_environment_for_testing (watch);
}

/* The app's name for @pid, as the sampler gives it. */
static char *
app_of (const char *pid,
        const char *comm)
{
  g_autofree char *file = g_build_filename ("/proc", pid, "cgroup", NULL);
  g_autofree char *cgroup = NULL, *path = NULL;

  g_assert_true (g_file_get_contents (file, &cgroup, NULL, NULL));
  path = drivedash_app_identity_cgroup_path (cgroup);
  return drivedash_app_identity_from_cgroup (path, comm);
}

/* dd writes WRITE_MIB MiB with O_DIRECT into @dir from its stdin and
 * holds the file open until told to end, while the watch samples it:
 * returns the app it counts under, once the watch kept (nearly) all. */
static char *
write_while_watched (DrivedashStore *store,
                     const char     *dir)
{
  g_autofree char *path = g_build_filename (dir, "dd-out", NULL);
  g_autofree char *of = g_strconcat ("of=", path, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) dd = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE, &error, "dd", of, "bs=1M",
                                                "iflag=fullblock", "oflag=direct", "conv=fsync", "status=none", NULL);
  g_autofree char *block = g_malloc0 (MIB);
  GOutputStream *in;
  StoreWait w = { .store = store };
  char *app;

  g_assert_no_error (error);
  app = app_of (g_subprocess_get_identifier (dd), "dd");
  in = g_subprocess_get_stdin_pipe (dd);
  for (guint i = 0; i < WRITE_MIB; i++)
    {
      g_assert_true (g_output_stream_write_all (in, block, MIB, NULL, NULL, &error));
      g_assert_no_error (error);
      /* The watch's ticks run meanwhile, as they would beside any writer. */
      g_main_context_iteration (NULL, FALSE);
    }
  ui_iterate_until (file_complete, path, 60);
  /* All on disk and dd still there with the file open: the next polls
   * count it on the drive holding the file. */
  w.app = app;
  w.at_least = (guint64) (0.95 * WRITE_MIB * MIB);
  ui_iterate_until (watch_kept_enough, &w, 60);
  g_assert_true (g_output_stream_close (in, NULL, &error));
  g_assert_true (g_subprocess_wait_check (dd, NULL, &error));
  g_assert_no_error (error);
  g_unlink (path);
  return app;
}

static gboolean
group_has_writes (gpointer writes)
{
  return drivedash_health_writes_model_get_has_writes (writes);
}

/* The group's row for @app, or NULL. */
static DrivedashHealthWriteItem *
row_for (DrivedashHealthWritesModel *writes,
         const char                 *app)
{
  GListModel *items = drivedash_health_writes_model_get_items (writes);

  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(DrivedashHealthWriteItem) item = g_list_model_get_item (items, i);

      if (g_str_equal (drivedash_health_write_item_get_title (item), app))
        return item;
    }
  return NULL;
}

/* The day's rows as the store keeps them: @app with its bytes, and the
 * summary with the apps' total (this user's other programs that wrote
 * to the disk meanwhile are in it too: the fixture names the whole disk). */
static void
check_group (DrivedashHealthWrites *group,
             DrivedashStore        *store,
             const char            *app)
{
  DrivedashHealthWritesModel *writes = drivedash_health_writes_get_writes (group);
  const guint64 bytes = kept_today (store, app), all = kept_today (store, NULL);
  g_autofree char *amount = drivedash_format_bytes (bytes);
  g_autofree char *total = drivedash_format_bytes (all);
  g_autofree char *shown = drivedash_health_write_item_dup_display_name (app);
  DrivedashHealthWriteItem *row;

  g_test_message ("kept for %s today: %" G_GUINT64_FORMAT " bytes of %u MiB written (%.3f); all apps %"
                  G_GUINT64_FORMAT, app, bytes, WRITE_MIB, (double) bytes / ((double) WRITE_MIB * MIB), all);
  g_assert_cmpfloat ((double) bytes / ((double) WRITE_MIB * MIB), >=, 0.95);
  g_assert_cmpfloat ((double) bytes / ((double) WRITE_MIB * MIB), <=, 1.05);
  row = row_for (writes, app);
  g_assert_nonnull (row);
  g_test_message ("row: %s — %s", shown, drivedash_health_write_item_get_subtitle (row));
  g_test_message ("summary: %s", drivedash_health_writes_model_get_summary (writes));
  g_assert_true (g_str_has_prefix (drivedash_health_write_item_get_subtitle (row), amount));
  /* The fixture drive has no Data Units Written: only the apps' total. */
  g_assert_nonnull (strstr (drivedash_health_writes_model_get_summary (writes), total));
  /* Read without the system service: only this user's programs count,
   * the drive's own total can't be read, and the words say both. */
  {
    g_autofree char *said = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "Apps wrote %s. Only your own programs are "
                                                         "counted, and the drive’s own total can’t be read; the "
                                                         "Drivedash system service would count every user’s "
                                                         "programs and read the drive’s total."), total);

    g_assert_cmpstr (drivedash_health_writes_model_get_summary (writes), ==, said);
  }
  g_assert_true (ui_shows_text (GTK_WIDGET (group), shown));
  g_assert_true (ui_shows_text (GTK_WIDGET (group), amount));
}

static void
writes_live (const char *prefix)
{
  DrivedashBackground *background = drivedash_application_get_background (the_app);
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "writes-live-XXXXXX", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("drivedash-writes-sysfs-XXXXXX", &error);
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(DrivedashDriveList) drives = NULL;
  g_autofree char *writer = NULL;
  StoreWait known = { 0 };
  DrivedashWindow *window;
  DrivedashHealthPage *page;
  DrivedashHealthWrites *group;

  g_assert_no_error (error);
  g_assert_nonnull (g_mkdtemp (dir));
  if (!drivedash_test_tree_put_nvme_over (root, dir))
    {
      g_test_skip ("the build folder is on no block device");
      g_rmdir (dir);
      drivedash_test_tree_remove (root);
      return;
    }
  g_setenv ("DRIVEDASH_WATCH_SYSFS_ROOT", root, TRUE);
  g_setenv ("DRIVEDASH_WATCH_PERIOD_MS", "50", TRUE);
  g_signal_connect (background, "notify::watch", G_CALLBACK (watch_cb), NULL);
  drivedash_background_start_watch (background);
  store = drivedash_store_open (NULL, &error);
  g_assert_no_error (error);
  /* Its first full reading keeps the drive; writes are kept from then. */
  known.store = store;
  ui_iterate_until (watch_knows_drive, &known, 30);
  writer = write_while_watched (store, dir);
  /* What the page shows is then what the store keeps. */
  drivedash_background_stop_watch (background);
  g_signal_handlers_disconnect_by_func (background, watch_cb, NULL);
  g_rmdir (dir);

  window = ui_open_window (the_app, 960, 2000);
  page = DRIVEDASH_HEALTH_PAGE (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HEALTH_PAGE));
  drives = drivedash_drive_list_new_for_root (root);
  drivedash_health_page_set_drives (page, drives);
  group = DRIVEDASH_HEALTH_WRITES (ui_find_descendant (GTK_WIDGET (window), DRIVEDASH_TYPE_HEALTH_WRITES));
  ui_iterate_until (group_has_writes, drivedash_health_writes_get_writes (group), 30);
  /* Today, as the user picks it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (group), "writes.period", "s", "day"));
  ui_wait_frame (GTK_WIDGET (window));
  check_group (group, store, writer);
  ui_screenshot_widget (GTK_WIDGET (group), prefix, "group-960");
  ui_resize (window, 360, 2000);
  ui_screenshot_widget (GTK_WIDGET (group), prefix, "group-360");
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  gtk_window_destroy (GTK_WINDOW (window));
  g_unsetenv ("DRIVEDASH_WATCH_SYSFS_ROOT");
  g_unsetenv ("DRIVEDASH_WATCH_PERIOD_MS");
  drivedash_test_tree_remove (root);
}

static void
test_live (void)
{
  writes_live ("writes-live");
}

static void
test_live_japanese (void)
{
  ui_in_japanese (writes_live, "writes-live-ja", "What Writes to This Drive");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data_home = NULL;
  GTestDBus *bus;
  int status;

  g_test_init (&argc, &argv, NULL);
  /* Before anything reads it: GLib keeps the first answer. */
  data_home = g_dir_make_tmp ("drivedash-writes-live-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  /* No drivedashd: the watch counts this user's own programs. */
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/drivedash-test", TRUE);
  bus = ui_start_app (&the_app);
  g_test_add_func ("/ui/writes-live/day", test_live);
  g_test_add_func ("/ui/writes-live/day-japanese", test_live_japanese);
  status = g_test_run ();
  g_application_release (G_APPLICATION (the_app));
  g_clear_object (&the_app);
  g_test_dbus_stop (bus);
  drivedash_test_tree_remove (data_home);
  return status;
}
