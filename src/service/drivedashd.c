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
 * When it stops (idle, or SIGTERM from systemd) it first gives up the bus
 * name, so new calls start a fresh instance, then keeps answering for a
 * short grace period and until the calls it already has are answered:
 * a call that reached it just before the name went away still gets its
 * reply.
 *
 * TEST-ONLY OPTIONS.  --bus-address, --session, --sysfs-root,
 * --udev-rules-dir and --state-dir exist for the test suite
 * (tests/dbus/drivedash_test_bus.py shows how it runs the service on a
 * private bus).  The path options are refused unless the service is
 * connected to a bus other than the system bus, checked by the bus' ID,
 * so an installed service always works on the real /sys,
 * /etc/udev/rules.d and /run/drivedash.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <locale.h>
#include <stdio.h>

#include "drivedash-daemon.h"

#define BUS_NAME "io.github.drivedash.Drivedash1"

/* After the grace period, how long calls still being worked on may keep
 * the service from exiting (an admin command may hang until the kernel's
 * 60 s timeout; systemd would kill the service after 90 s). */
#define DRAIN_MAX_USEC (15 * G_USEC_PER_SEC)

typedef struct
{
  GMainLoop       *loop;
  DrivedashDaemon *daemon;
  int              exit_code;
  guint            owner_id;
  guint            exit_grace_s;
  gboolean         stopping;
  gint64           drain_deadline;
} Service;

static gboolean
drain_cb (gpointer user_data)
{
  Service *service = user_data;

  if (drivedash_daemon_get_n_pending (service->daemon) > 0 &&
      g_get_monotonic_time () < service->drain_deadline)
    return G_SOURCE_CONTINUE;

  g_main_loop_quit (service->loop);
  return G_SOURCE_REMOVE;
}

static gboolean
grace_over_cb (gpointer user_data)
{
  Service *service = user_data;

  service->drain_deadline = g_get_monotonic_time () + DRAIN_MAX_USEC;
  if (drain_cb (service) == G_SOURCE_CONTINUE)
    g_timeout_add (100, drain_cb, service);
  return G_SOURCE_REMOVE;
}

/* Gives up the name first: the bus then starts a new instance for new
 * calls, while calls already sent to this one are still answered. */
static void
stop (Service *service)
{
  if (service->stopping)
    return;
  service->stopping = TRUE;
  g_clear_handle_id (&service->owner_id, g_bus_unown_name);
  g_timeout_add_seconds (service->exit_grace_s, grace_over_cb, service);
}

static void
on_idle (DrivedashDaemon *daemon,
         Service         *service)
{
  g_message ("No calls for a while; exiting");
  stop (service);
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

/* SIGTERM stops gracefully, like the idle timeout.  With Type=dbus,
 * systemd sends it as soon as the name is given up: it must not cut the
 * grace period short (systemd sends SIGKILL after TimeoutStopSec=).
 * SIGINT, for someone at a terminal, stops at once. */
static gboolean
on_sigterm (gpointer user_data)
{
  stop (user_data);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_sigint (gpointer user_data)
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

/* The bus' own ID: the same bus reached through another address (or a
 * symlink to its socket) has the same one.  NULL when it does not say. */
static char *
bus_id (GDBusConnection *connection)
{
  g_autoptr(GVariant) reply = NULL;
  char *id = NULL;

  reply = g_dbus_connection_call_sync (connection, "org.freedesktop.DBus",
                                       "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                       "GetId", NULL, G_VARIANT_TYPE ("(s)"),
                                       G_DBUS_CALL_FLAGS_NONE, 5000, NULL, NULL);
  if (reply != NULL)
    g_variant_get (reply, "(s)", &id);
  return id;
}

/* TRUE when connection is the system bus (or cannot be told apart from
 * it): at its standard socket, or where DBUS_SYSTEM_BUS_ADDRESS points. */
static gboolean
is_system_bus (GDBusConnection *connection)
{
  const char *addresses[] = {
    "unix:path=/var/run/dbus/system_bus_socket",
    g_getenv ("DBUS_SYSTEM_BUS_ADDRESS"),
  };
  g_autofree char *id = bus_id (connection);

  if (id == NULL)
    return TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (addresses); i++)
    {
      g_autoptr(GDBusConnection) system = NULL;
      g_autofree char *system_id = NULL;

      if (addresses[i] == NULL)
        continue;
      system = g_dbus_connection_new_for_address_sync (addresses[i],
                                                       G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                       G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                       NULL, NULL, NULL);
      if (system == NULL)
        continue;
      system_id = bus_id (system);
      g_dbus_connection_close_sync (system, NULL, NULL);
      if (system_id == NULL || g_str_equal (id, system_id))
        return TRUE;
    }

  return FALSE;
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
  g_autofree char *journal_file = NULL;
  g_autofree char *udev_rules_dir = NULL;
  g_autofree char *state_dir = NULL;
  gboolean session = FALSE;
  gboolean version = FALSE;
  int idle_timeout = 60;
  DrivedashPowerPaths paths = *drivedash_power_paths_default ();
  int exit_grace = 2;
  int permission_timeout = 120;
  Service service = { 0 };
  const GOptionEntry entries[] = {
    { "idle-timeout", 0, 0, G_OPTION_ARG_INT, &idle_timeout,
      N_("Exit after this many seconds without calls (0: never)"), N_("SECONDS") },
    { "bus-address", 0, 0, G_OPTION_ARG_STRING, &bus_address,
      N_("Use this bus instead of the system bus (tests only)"), N_("ADDRESS") },
    { "session", 0, 0, G_OPTION_ARG_NONE, &session,
      N_("Use the session bus instead of the system bus (tests only)"), NULL },
    { "sysfs-root", 0, 0, G_OPTION_ARG_FILENAME, &sysfs_root,
      N_("Read drives from this copy of /sys (tests only)"), N_("DIR") },
    { "journal-file", 0, 0, G_OPTION_ARG_FILENAME, &journal_file,
      N_("Read the kernel's messages from this journal file (tests only)"), N_("FILE") },
    { "udev-rules-dir", 0, 0, G_OPTION_ARG_FILENAME, &udev_rules_dir,
      N_("Write game-mode udev rules here (tests only)"), N_("DIR") },
    { "state-dir", 0, 0, G_OPTION_ARG_FILENAME, &state_dir,
      N_("Keep values to restore here (tests only)"), N_("DIR") },
    { "exit-grace", 0, 0, G_OPTION_ARG_INT, &exit_grace,
      N_("When stopping, keep answering calls for this many seconds after giving up the bus name"), N_("SECONDS") },
    { "permission-timeout", 0, 0, G_OPTION_ARG_INT, &permission_timeout,
      N_("Refuse a call whose permission check is not answered in this many seconds (120)"), N_("SECONDS") },
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

  if (idle_timeout < 0 || exit_grace < 0)
    {
      g_printerr ("drivedashd: %s\n", _("The idle timeout and the exit grace period cannot be negative."));
      return 2;
    }
  if (permission_timeout <= 0)
    {
      g_printerr ("drivedashd: %s\n", _("The permission timeout must be at least one second."));
      return 2;
    }

  /* The test-only paths must never redirect the real service. */
  if ((sysfs_root != NULL || udev_rules_dir != NULL || state_dir != NULL || journal_file != NULL) &&
      bus_address == NULL && !session)
    {
      g_printerr ("drivedashd: %s\n",
                  _("--sysfs-root, --udev-rules-dir, --state-dir and --journal-file are for tests and need --bus-address or --session."));
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

  if ((sysfs_root != NULL || udev_rules_dir != NULL || state_dir != NULL || journal_file != NULL) &&
      is_system_bus (connection))
    {
      g_printerr ("drivedashd: %s\n",
                  _("--sysfs-root, --udev-rules-dir, --state-dir and --journal-file are for tests and cannot be used on the system bus."));
      return 2;
    }

  service.loop = g_main_loop_new (NULL, FALSE);
  service.exit_grace_s = (guint) exit_grace;
  service.daemon = drivedash_daemon_new (&paths, (guint) idle_timeout);
  drivedash_daemon_set_permission_timeout (service.daemon, (guint) permission_timeout);
  drivedash_daemon_set_journal_file (service.daemon, journal_file);
  g_signal_connect (service.daemon, "idle", G_CALLBACK (on_idle), &service);

  if (!g_dbus_interface_skeleton_export (G_DBUS_INTERFACE_SKELETON (service.daemon),
                                         connection, DRIVEDASH_DAEMON_OBJECT_PATH, &error))
    {
      g_printerr ("drivedashd: %s\n", error->message);
      return 1;
    }

  drivedash_daemon_resume (service.daemon, connection);
  service.owner_id = g_bus_own_name_on_connection (connection, BUS_NAME,
                                                   G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE,
                                                   on_name_acquired, on_name_lost,
                                                   &service, NULL);

  g_unix_signal_add (SIGTERM, on_sigterm, &service);
  g_unix_signal_add (SIGINT, on_sigint, &service);

  g_main_loop_run (service.loop);

  g_clear_handle_id (&service.owner_id, g_bus_unown_name);
  g_dbus_interface_skeleton_unexport (G_DBUS_INTERFACE_SKELETON (service.daemon));
  g_dbus_connection_flush_sync (connection, NULL, NULL);
  g_clear_object (&service.daemon);
  g_main_loop_unref (service.loop);

  return service.exit_code;
}
