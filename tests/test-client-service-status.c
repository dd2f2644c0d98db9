/* test-client-service-status.c — "installed" means activatable, too
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The app offers to install the Drivedash system service only when it is
 * not installed: its name has no owner AND the bus cannot start it.  Here
 * the bus (a real private dbus-daemon, set as the system bus) has a
 * service file for the name whose program exits at once, as a broken
 * install would: the read falls back to sysfs, and the report says the
 * service is installed but did not answer, with no install instructions.
 * The health read itself and the fixture sysfs tree are real.
 */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "drivedash-client.h"
#include "drivedash-service-watch.h"

#include "drivedash-test-tree.h"

static void
test_activatable_but_broken (gconstpointer data)
{
  const char *sysfs = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashHealth) health = NULL;
  gboolean said = FALSE;

  health = drivedash_client_get_health (sysfs, "nvme0", DRIVEDASH_CLIENT_NO_UDISKS, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (health);
  g_assert_cmpint (health->source, ==, DRIVEDASH_HEALTH_SOURCE_SYSFS);
  g_assert_cmpint (health->service, ==, DRIVEDASH_SERVICE_FAILED);
  for (guint i = 0; i < health->missing->len; i++)
    {
      DrivedashHealthMissing *m = g_ptr_array_index (health->missing, i);

      g_test_message ("missing: %s: %s", m->what, m->why);
      g_assert_null (strstr (m->why, "Install the"));
      said |= strstr (m->why, "is installed but did not answer") != NULL;
    }
  g_assert_true (said);
}

/* A self-test that no source could start, with the service installed
 * but broken: the answer says so, and never "install the service". */
static void
test_self_test_broken (gconstpointer data)
{
  const char *sysfs = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *lower = NULL;

  g_assert_false (drivedash_client_self_test (sysfs, "nvme0", DRIVEDASH_SELF_TEST_SHORT,
                                              DRIVEDASH_CLIENT_NO_UDISKS, NULL, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  lower = g_utf8_strdown (error->message, -1);
  g_assert_null (strstr (lower, "install the"));
  g_assert_nonnull (strstr (error->message, "is installed but did not answer"));
}

/* Until the watch says @want; the deadline only guards against a hang
 * (the watch asks the bus every second here). */
static void
wait_available (DrivedashServiceWatch *watch,
                gboolean               want)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (drivedash_service_watch_get_available (watch) != want)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
}

/* The app notices the service without a restart: here its service file
 * is on the bus, so a new watch finds it startable (by asking the bus),
 * and a new owner of the name keeps it available.  (The bus of a
 * GTestDBus cannot reload its configuration, so a service file that
 * comes later is not tried here.) */
static void
test_watch (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, &error);
  g_autoptr(DrivedashServiceWatch) watch = NULL;
  guint owner;

  g_assert_no_error (error);
  watch = drivedash_service_watch_new (1);
  g_assert_false (drivedash_service_watch_get_available (watch));
  wait_available (watch, TRUE);
  owner = g_bus_own_name_on_connection (bus, DRIVEDASH_SERVICE_BUS_NAME, G_BUS_NAME_OWNER_FLAGS_NONE,
                                        NULL, NULL, NULL, NULL);
  g_bus_unown_name (owner);
  g_assert_true (drivedash_service_watch_get_available (watch));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GTestDBus) bus = NULL;
  g_autofree char *root = NULL;
  g_autofree char *services = NULL;
  g_autofree char *sysfs = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  root = g_dir_make_tmp ("drivedash-service-status-XXXXXX", &error);
  g_assert_no_error (error);
  services = g_build_filename (root, "services", NULL);
  sysfs = g_build_filename (root, "sys", NULL);
  drivedash_test_tree_put (services, DRIVEDASH_SERVICE_BUS_NAME ".service",
                           "[D-BUS Service]\nName=" DRIVEDASH_SERVICE_BUS_NAME "\nExec=/bin/false\n");
  drivedash_test_tree_put (sysfs, "class/nvme/nvme0/model", "Fixture SSD 1TB\n");
  drivedash_test_tree_put (sysfs, "class/nvme/nvme0/serial", "S4EWNX0R123456\n");
  drivedash_test_tree_put (sysfs, "class/nvme/nvme0/state", "live\n");

  bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_test_dbus_add_service_dir (bus, services);
  g_test_dbus_up (bus);
  /* The client talks to the system bus: make this one it. */
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", g_test_dbus_get_bus_address (bus), TRUE);

  g_test_add_func ("/client/service-status/watch", test_watch);
  g_test_add_data_func ("/client/service-status/activatable-but-broken", sysfs, test_activatable_but_broken);
  g_test_add_data_func ("/client/service-status/self-test-broken", sysfs, test_self_test_broken);
  status = g_test_run ();

  g_test_dbus_down (bus);
  drivedash_test_tree_remove (root);
  return status;
}
