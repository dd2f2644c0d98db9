/* drivedash-fake-polkitd.c — a stand-in polkit authority for the QEMU guest
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The guest has no polkitd (it would need its JavaScript engine, a user
 * database and an agent).  This owns org.freedesktop.PolicyKit1 on the system
 * bus and answers CheckAuthorization: yes for the actions given with --allow,
 * no for everything else, and prints every question it gets.  That is enough
 * to take drivedashd's real polkit path (and the CLI's path through the
 * service) as an unprivileged user.  python3-dbusmock's polkitd template does
 * the same on the host, but the guest has no Python.
 *
 *   drivedash-fake-polkitd [--allow ACTION]…
 */
#include <gio/gio.h>
#include <stdio.h>

static const char introspection_xml[] =
  "<node>"
  "  <interface name='org.freedesktop.PolicyKit1.Authority'>"
  "    <method name='CheckAuthorization'>"
  "      <arg type='(sa{sv})' name='subject' direction='in'/>"
  "      <arg type='s' name='action_id' direction='in'/>"
  "      <arg type='a{ss}' name='details' direction='in'/>"
  "      <arg type='u' name='flags' direction='in'/>"
  "      <arg type='s' name='cancellation_id' direction='in'/>"
  "      <arg type='(bba{ss})' name='result' direction='out'/>"
  "    </method>"
  "  </interface>"
  "</node>";

static char **allowed;
static GDBusNodeInfo *node_info;
static GMainLoop *loop;

static void
handle_method_call (GDBusConnection       *connection,
                    const char            *sender,
                    const char            *object_path,
                    const char            *interface_name,
                    const char            *method_name,
                    GVariant              *parameters,
                    GDBusMethodInvocation *invocation,
                    gpointer               user_data)
{
  g_autoptr(GVariant) subject = NULL;
  g_autofree char *subject_text = NULL;
  const char *action_id = NULL;
  gboolean yes;

  g_variant_get (parameters, "(@(sa{sv})&s@a{ss}u&s)", &subject, &action_id, NULL, NULL, NULL);
  yes = allowed != NULL && g_strv_contains ((const char * const *) allowed, action_id);
  subject_text = g_variant_print (subject, FALSE);
  printf ("fake-polkitd: %s for %s: %s\n", action_id, subject_text, yes ? "yes" : "no");
  fflush (stdout);

  g_dbus_method_invocation_return_value (invocation,
                                         g_variant_new ("((bb@a{ss}))", yes, FALSE,
                                                        g_variant_new_array (G_VARIANT_TYPE ("{ss}"),
                                                                             NULL, 0)));
}

static const GDBusInterfaceVTable vtable = { handle_method_call, NULL, NULL, { 0 } };

static void
on_bus_acquired (GDBusConnection *connection,
                 const char      *name,
                 gpointer         user_data)
{
  g_autoptr(GError) error = NULL;

  if (g_dbus_connection_register_object (connection, "/org/freedesktop/PolicyKit1/Authority",
                                         node_info->interfaces[0], &vtable, NULL, NULL, &error) == 0)
    g_error ("fake-polkitd: %s", error->message);
}

static void
on_name_acquired (GDBusConnection *connection,
                  const char      *name,
                  gpointer         user_data)
{
  printf ("fake-polkitd: ready\n");
  fflush (stdout);
}

static void
on_name_lost (GDBusConnection *connection,
              const char      *name,
              gpointer         user_data)
{
  g_printerr ("fake-polkitd: could not own %s\n", name);
  g_main_loop_quit (loop);
}

int
main (int    argc,
      char **argv)
{
  const GOptionEntry entries[] = {
    { "allow", 0, 0, G_OPTION_ARG_STRING_ARRAY, &allowed, "Authorize ACTION", "ACTION" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  guint owner;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("fake-polkitd: %s\n", error->message);
      return 2;
    }

  node_info = g_dbus_node_info_new_for_xml (introspection_xml, &error);
  g_assert_no_error (error);
  loop = g_main_loop_new (NULL, FALSE);
  owner = g_bus_own_name (G_BUS_TYPE_SYSTEM, "org.freedesktop.PolicyKit1",
                          G_BUS_NAME_OWNER_FLAGS_NONE,
                          on_bus_acquired, on_name_acquired, on_name_lost,
                          NULL, NULL);
  /* Runs until the bus goes away or the name is taken. */
  g_main_loop_run (loop);
  g_bus_unown_name (owner);
  g_main_loop_unref (loop);
  g_dbus_node_info_unref (node_info);
  g_strfreev (allowed);
  return 1;
}
