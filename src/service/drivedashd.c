/* drivedashd.c — the Drivedash system service
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Normally started by the system bus through systemd
 * (io.github.drivedash.Drivedash1.service → drivedashd.service) and run as
 * root.  It owns io.github.drivedash.Drivedash1 on the system bus, checks
 * every call with polkit and exits after --idle-timeout seconds without
 * calls (60 by default).
 *
 * TEST-ONLY OPTIONS.  --bus-address, --session, --sysfs-root,
 * --udev-rules-dir and --state-dir exist for the test suite and for
 * checking the service in a throw-away machine.  The path options are
 * refused on the system bus, so an installed service always works on the
 * real /sys, /etc/udev/rules.d and /run/drivedash.
 *
 * Running it on a private bus (what tests/dbus/ and the QEMU guest do):
 *
 *   # 1. a private bus with the system bus' rules (any config works; this is
 *   #    the one the tests write, see tests/dbus/drivedash_test_bus.py):
 *   cat > bus.conf <<'END'
 *   <busconfig>
 *     <type>system</type>
 *     <listen>unix:path=/tmp/drivedash-bus</listen>
 *     <auth>EXTERNAL</auth>
 *     <policy context="default">
 *       <allow user="*"/> <allow own="*"/>
 *       <allow send_destination="*" eavesdrop="true"/>
 *       <allow receive_sender="*"/>
 *     </policy>
 *   </busconfig>
 *   END
 *   dbus-daemon --config-file=bus.conf --fork --print-address
 *   export DBUS_SYSTEM_BUS_ADDRESS=unix:path=/tmp/drivedash-bus
 *
 *   # 2. the service on it (as root for the real controller; add
 *   #    --sysfs-root=FIXTURE for a fake one):
 *   drivedashd --bus-address=$DBUS_SYSTEM_BUS_ADDRESS --idle-timeout=0 \
 *              --udev-rules-dir=/tmp/rules --state-dir=/tmp/state &
 *
 *   # 3. polkit: with python3-dbusmock's polkitd template on the same bus,
 *   #    its SetAllowed() decides.  Without any polkit on the bus, callers
 *   #    with uid 0 are allowed and everyone else is refused.
 *
 *   # 4. calls (drivedash-cli uses DBUS_SYSTEM_BUS_ADDRESS too):
 *   gdbus call --address $DBUS_SYSTEM_BUS_ADDRESS \
 *     --dest io.github.drivedash.Drivedash1 \
 *     --object-path /io/github/drivedash/Drivedash1 \
 *     --method io.github.drivedash.Drivedash1.GetGameMode nvme0
 *   drivedash-cli game-mode nvme0 status --json
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <locale.h>
#include <stdio.h>

#include "drivedash-daemon.h"

#define BUS_NAME "io.github.drivedash.Drivedash1"

typedef struct
{
  GMainLoop       *loop;
  DrivedashDaemon *daemon;
  int              exit_code;
} Service;

static void
on_idle (DrivedashDaemon *daemon,
         Service         *service)
{
  g_message ("No calls for a while; exiting");
  g_main_loop_quit (service->loop);
}

static void
on_name_acquired (GDBusConnection *connection,
                  const char      *name,
                  gpointer         user_data)
{
  g_debug ("Owning %s", name);
}

static void
on_name_lost (GDBusConnection *connection,
              const char      *name,
              gpointer         user_data)
{
  Service *service = user_data;

  /* Either another drivedashd runs already or the bus went away. */
  g_printerr ("drivedashd: %s\n", connection != NULL
              ? _("Could not own the service name on the bus (is another drivedashd running?).")
              : _("Lost the connection to the bus."));
  service->exit_code = 1;
  g_main_loop_quit (service->loop);
}

static gboolean
on_signal (gpointer user_data)
{
  Service *service = user_data;

  g_main_loop_quit (service->loop);
  return G_SOURCE_CONTINUE;
}

static GDBusConnection *
connect_bus (const char  *address,
             gboolean     session,
             GError     **error)
{
  if (address != NULL)
    return g_dbus_connection_new_for_address_sync (address,
                                                   G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                   G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                   NULL, NULL, error);
  return g_bus_get_sync (session ? G_BUS_TYPE_SESSION : G_BUS_TYPE_SYSTEM, NULL, error);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GDBusConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *bus_address = NULL;
  g_autofree char *sysfs_root = NULL;
  g_autofree char *udev_rules_dir = NULL;
  g_autofree char *state_dir = NULL;
  gboolean session = FALSE;
  gboolean version = FALSE;
  int idle_timeout = 60;
  DrivedashPowerPaths paths = *drivedash_power_paths_default ();
  Service service = { 0 };
  guint owner_id;
  const GOptionEntry entries[] = {
    { "idle-timeout", 0, 0, G_OPTION_ARG_INT, &idle_timeout,
      N_("Exit after this many seconds without calls (0: never)"), N_("SECONDS") },
    { "bus-address", 0, 0, G_OPTION_ARG_STRING, &bus_address,
      N_("Use this bus instead of the system bus (tests only)"), N_("ADDRESS") },
    { "session", 0, 0, G_OPTION_ARG_NONE, &session,
      N_("Use the session bus instead of the system bus (tests only)"), NULL },
    { "sysfs-root", 0, 0, G_OPTION_ARG_FILENAME, &sysfs_root,
      N_("Read drives from this copy of /sys (tests only)"), N_("DIR") },
    { "udev-rules-dir", 0, 0, G_OPTION_ARG_FILENAME, &udev_rules_dir,
      N_("Write game-mode udev rules here (tests only)"), N_("DIR") },
    { "state-dir", 0, 0, G_OPTION_ARG_FILENAME, &state_dir,
      N_("Keep values to restore here (tests only)"), N_("DIR") },
    { "version", 0, 0, G_OPTION_ARG_NONE, &version,
      N_("Print the version and exit"), NULL },
    { NULL }
  };

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context, _("The Drivedash system service: NVMe health and game mode over D-Bus, checked by polkit."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("drivedashd: %s\n", error->message);
      return 2;
    }

  if (version)
    {
      g_print ("drivedashd %s\n", PACKAGE_VERSION);
      return 0;
    }

  if (idle_timeout < 0)
    {
      g_printerr ("drivedashd: %s\n", _("The idle timeout cannot be negative."));
      return 2;
    }

  /* The test-only paths must never redirect the real service. */
  if ((sysfs_root != NULL || udev_rules_dir != NULL || state_dir != NULL) &&
      bus_address == NULL && !session)
    {
      g_printerr ("drivedashd: %s\n",
                  _("--sysfs-root, --udev-rules-dir and --state-dir are for tests and need --bus-address or --session."));
      return 2;
    }

  drivedash_power_paths_override (&paths, sysfs_root, udev_rules_dir, state_dir);

  connection = connect_bus (bus_address, session, &error);
  if (connection == NULL)
    {
      g_printerr ("drivedashd: %s: %s\n", _("Could not connect to the bus"), error->message);
      return 1;
    }
  g_dbus_connection_set_exit_on_close (connection, FALSE);

  service.loop = g_main_loop_new (NULL, FALSE);
  service.daemon = drivedash_daemon_new (&paths, (guint) idle_timeout);
  g_signal_connect (service.daemon, "idle", G_CALLBACK (on_idle), &service);

  if (!g_dbus_interface_skeleton_export (G_DBUS_INTERFACE_SKELETON (service.daemon),
                                         connection, DRIVEDASH_DAEMON_OBJECT_PATH, &error))
    {
      g_printerr ("drivedashd: %s\n", error->message);
      return 1;
    }

  owner_id = g_bus_own_name_on_connection (connection, BUS_NAME,
                                           G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE,
                                           on_name_acquired, on_name_lost,
                                           &service, NULL);

  g_unix_signal_add (SIGTERM, on_signal, &service);
  g_unix_signal_add (SIGINT, on_signal, &service);

  g_main_loop_run (service.loop);

  g_bus_unown_name (owner_id);
  g_dbus_interface_skeleton_unexport (G_DBUS_INTERFACE_SKELETON (service.daemon));
  g_dbus_connection_flush_sync (connection, NULL, NULL);
  g_clear_object (&service.daemon);
  g_main_loop_unref (service.loop);

  return service.exit_code;
}
