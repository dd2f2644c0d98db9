/* test-client-fallbacks.c — when the client falls back, and when NOT
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A cancelled or timed-out call to drivedashd is not "no service": the
 * service may still be acting on it, so the client must not act directly
 * (as root) or read elsewhere instead.  And UDisks2's drives are matched by
 * serial number: an empty one must match nothing.
 *
 * What is real and what is not: the bus is a real private dbus-daemon
 * (GTestDBus, set as the system bus), the client code and the fixture
 * sysfs tree are real.  drivedashd and UDisks2 are MOCKS in this file: a
 * fake drivedashd that never answers (it takes the call and cancels the
 * client's cancellable, or lets it time out), and a fake UDisks2 with one
 * NVMe drive whose serial number is empty, which records the self-test
 * calls it gets.  The real drivedashd's behaviour is tested in
 * tests/dbus/test_service.py.
 *
 * The chain tests at the end replace the real backends with FAKE ones
 * (drivedash_client_set_chain_for_testing) that only log who was asked: every public
 * call, blocking and async, must walk the same chain by the same rule.
 */
#include "config.h"

#include <gio/gio.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-client.h"
#include "drivedash-client-private.h"
#include "drivedash-error.h"

#include "drivedash-test-tree.h"

#define UDISKS_DRIVE_PATH "/org/freedesktop/UDisks2/drives/NoSerial"

static const char fake_xml[] =
  "<node>"
  "  <interface name='io.github.drivedash.Drivedash1'>"
  "    <method name='GetHealth'><arg type='s' direction='in'/><arg type='a{sv}' direction='out'/></method>"
  "    <method name='GetGameMode'><arg type='s' direction='in'/><arg type='a{sv}' direction='out'/></method>"
  "    <method name='SetGameMode'><arg type='s' direction='in'/><arg type='b' direction='in'/>"
  "      <arg type='b' direction='in'/><arg type='a{sv}' direction='out'/></method>"
  "    <method name='StartSelfTest'><arg type='s' direction='in'/><arg type='s' direction='in'/></method>"
  "    <method name='AbortSelfTest'><arg type='s' direction='in'/></method>"
  "  </interface>"
  "  <interface name='org.freedesktop.DBus.ObjectManager'>"
  "    <method name='GetManagedObjects'><arg type='a{oa{sa{sv}}}' direction='out'/></method>"
  "  </interface>"
  "  <interface name='org.freedesktop.UDisks2.NVMe.Controller'>"
  "    <method name='SmartSelftestStart'><arg type='s' direction='in'/><arg type='a{sv}' direction='in'/></method>"
  "    <method name='SmartSelftestAbort'><arg type='a{sv}' direction='in'/></method>"
  "    <method name='SmartGetAttributes'><arg type='a{sv}' direction='in'/><arg type='a{sv}' direction='out'/></method>"
  "  </interface>"
  "</node>";

typedef struct
{
  GTestDBus       *bus;
  GDBusConnection *fake;
  GDBusNodeInfo   *info;
  char            *root;          /* fixture tree: sys/, rules/, run/ */
  char            *sysfs;
  char            *rules;
  char            *state;
  GCancellable    *cancellable;   /* the client's; the fake cancels it */
  GPtrArray       *held;          /* invocations never answered */
  GPtrArray       *udisks_calls;  /* method names the fake UDisks2 got */
  gboolean         needs_password; /* answer InteractiveAuthorizationRequired */
  gboolean         unknown_method; /* answer UnknownMethod, as an old drivedashd */
} Fake;

static Fake fake;

/* --- the mocks ------------------------------------------------------------ */

static void
service_method (GDBusConnection       *connection,
                const char            *sender,
                const char            *object_path,
                const char            *interface_name,
                const char            *method_name,
                GVariant              *parameters,
                GDBusMethodInvocation *invocation,
                gpointer               user_data)
{
  /* Like drivedashd when polkit says "challenge" and the call did not
   * allow a password prompt. */
  if (fake.needs_password)
    {
      g_dbus_method_invocation_return_dbus_error (invocation,
                                                  "org.freedesktop.DBus.Error.InteractiveAuthorizationRequired",
                                                  "Authentication is required");
      return;
    }
  if (fake.unknown_method)
    {
      g_dbus_method_invocation_return_dbus_error (invocation,
                                                  "org.freedesktop.DBus.Error.UnknownMethod",
                                                  "No such method in this version");
      return;
    }
  /* Like a service busy with a password dialog: the call stays open. */
  g_ptr_array_add (fake.held, invocation);
  if (fake.cancellable != NULL)
    g_cancellable_cancel (fake.cancellable);
}

static void
udisks_method (GDBusConnection       *connection,
               const char            *sender,
               const char            *object_path,
               const char            *interface_name,
               const char            *method_name,
               GVariant              *parameters,
               GDBusMethodInvocation *invocation,
               gpointer               user_data)
{
  GVariantBuilder drive, nvme, ifaces, objects;

  g_ptr_array_add (fake.udisks_calls, g_strdup (method_name));
  if (g_strcmp0 (method_name, "GetManagedObjects") != 0)
    {
      g_dbus_method_invocation_return_value (invocation,
                                             g_str_equal (method_name, "SmartGetAttributes")
                                             ? g_variant_new ("(a{sv})", NULL) : NULL);
      return;
    }

  /* UDisks2 reports "" for a drive that has no serial number. */
  g_variant_builder_init (&drive, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&drive, "{sv}", "Serial", g_variant_new_string (""));
  g_variant_builder_add (&drive, "{sv}", "Model", g_variant_new_string ("Some Other Drive"));
  g_variant_builder_init (&nvme, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&nvme, "{sv}", "SmartUpdated", g_variant_new_uint64 (1700000000));
  g_variant_builder_add (&nvme, "{sv}", "SmartTemperature", g_variant_new_uint16 (330));
  g_variant_builder_init (&ifaces, G_VARIANT_TYPE ("a{sa{sv}}"));
  g_variant_builder_add (&ifaces, "{s@a{sv}}", "org.freedesktop.UDisks2.Drive", g_variant_builder_end (&drive));
  g_variant_builder_add (&ifaces, "{s@a{sv}}", "org.freedesktop.UDisks2.NVMe.Controller",
                         g_variant_builder_end (&nvme));
  g_variant_builder_init (&objects, G_VARIANT_TYPE ("a{oa{sa{sv}}}"));
  g_variant_builder_add (&objects, "{o@a{sa{sv}}}", UDISKS_DRIVE_PATH, g_variant_builder_end (&ifaces));
  g_dbus_method_invocation_return_value (invocation, g_variant_new ("(@a{oa{sa{sv}}})",
                                                                    g_variant_builder_end (&objects)));
}

static const GDBusInterfaceVTable service_vtable = { service_method, NULL, NULL, { 0 } };
static const GDBusInterfaceVTable udisks_vtable = { udisks_method, NULL, NULL, { 0 } };

static void
own_name (const char *name)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  guint32 result = 0;

  reply = g_dbus_connection_call_sync (fake.fake, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "RequestName",
                                       g_variant_new ("(su)", name, 0), G_VARIANT_TYPE ("(u)"),
                                       G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
  g_variant_get (reply, "(u)", &result);
  g_assert_cmpuint (result, ==, 1);  /* DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER */
}

static void
register_object (const char                 *path,
                 const char                 *interface,
                 const GDBusInterfaceVTable *vtable)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (g_dbus_connection_register_object (fake.fake, path,
                                                       g_dbus_node_info_lookup_interface (fake.info, interface),
                                                       vtable, NULL, NULL, &error), >, 0);
  g_assert_no_error (error);
}

static void
fake_up (void)
{
  g_autoptr(GError) error = NULL;

  fake.bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_test_dbus_up (fake.bus);
  /* The client talks to the system bus: make this one it. */
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", g_test_dbus_get_bus_address (fake.bus), TRUE);

  fake.fake = g_dbus_connection_new_for_address_sync (g_test_dbus_get_bus_address (fake.bus),
                                                      G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                      G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                      NULL, NULL, &error);
  g_assert_no_error (error);
  fake.info = g_dbus_node_info_new_for_xml (fake_xml, &error);
  g_assert_no_error (error);
  register_object (DRIVEDASH_SERVICE_OBJECT_PATH, "io.github.drivedash.Drivedash1", &service_vtable);
  register_object ("/org/freedesktop/UDisks2", "org.freedesktop.DBus.ObjectManager", &udisks_vtable);
  register_object (UDISKS_DRIVE_PATH, "org.freedesktop.UDisks2.NVMe.Controller", &udisks_vtable);
  own_name (DRIVEDASH_SERVICE_BUS_NAME);
  own_name ("org.freedesktop.UDisks2");
}

/* --- per test -------------------------------------------------------------- */

static void
setup (void)
{
  g_autoptr(GError) error = NULL;

  fake.root = g_dir_make_tmp ("drivedash-fallbacks-XXXXXX", &error);
  g_assert_no_error (error);
  fake.sysfs = g_build_filename (fake.root, "sys", NULL);
  fake.rules = g_build_filename (fake.root, "rules", NULL);
  fake.state = g_build_filename (fake.root, "run", NULL);
  /* nvme0: APST at the kernel's default; nvme1: no serial number. */
  drivedash_test_tree_put (fake.sysfs, "class/nvme/nvme0/serial", "S4EWNX0R123456\n");
  drivedash_test_tree_put (fake.sysfs, "class/nvme/nvme0/model", "Fixture SSD 1TB\n");
  drivedash_test_tree_put (fake.sysfs, "class/nvme/nvme0/power/pm_qos_latency_tolerance_us", "100000\n");
  drivedash_test_tree_put (fake.sysfs, "class/nvme/nvme1/serial", "                    \n");
  drivedash_test_tree_put (fake.sysfs, "class/nvme/nvme1/model", "No Serial SSD\n");
  fake.held = g_ptr_array_new ();
  fake.udisks_calls = g_ptr_array_new_with_free_func (g_free);
  fake.cancellable = g_cancellable_new ();
}

static void
teardown (void)
{
  for (guint i = 0; i < fake.held->len; i++)
    g_dbus_method_invocation_return_dbus_error (g_ptr_array_index (fake.held, i),
                                                "org.freedesktop.DBus.Error.Failed", "test over");
  g_ptr_array_unref (fake.held);
  g_ptr_array_unref (fake.udisks_calls);
  g_clear_object (&fake.cancellable);
  fake.needs_password = FALSE;
  fake.unknown_method = FALSE;
  drivedash_client_set_read_timeout_for_testing (0);
  g_assert_true (drivedash_test_tree_remove (fake.root));
  g_free (fake.root);
  g_free (fake.sysfs);
  g_free (fake.rules);
  g_free (fake.state);
}

static char *
read_tree (const char *relative)
{
  g_autofree char *path = g_build_filename (fake.sysfs, relative, NULL);
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

static gboolean
udisks_got (const char *method)
{
  for (guint i = 0; i < fake.udisks_calls->len; i++)
    if (g_str_equal (g_ptr_array_index (fake.udisks_calls, i), method))
      return TRUE;
  return FALSE;
}

/* The blocking calls run in a thread while this one serves the mocks. */
typedef struct
{
  const char            *what;
  DrivedashClientFlags   flags;
  DrivedashPowerPaths    paths;
  gpointer               result;
  gboolean               ok;
  DrivedashHealthSource  source;
  GError                *error;
  gint                   done;
} Call;

static gpointer
call_thread (gpointer data)
{
  Call *c = data;

  if (g_str_equal (c->what, "set-game-mode"))
    c->result = drivedash_client_set_game_mode (&c->paths, "nvme0", TRUE, FALSE, c->flags,
                                                &c->source, fake.cancellable, &c->error);
  else if (g_str_equal (c->what, "get-game-mode"))
    c->result = drivedash_client_get_game_mode (&c->paths, "nvme0", c->flags,
                                                &c->source, fake.cancellable, &c->error);
  else if (g_str_equal (c->what, "get-health"))
    c->result = drivedash_client_get_health (fake.sysfs, "nvme0", c->flags, fake.cancellable, &c->error);
  else if (g_str_equal (c->what, "self-test"))
    c->ok = drivedash_client_self_test (fake.sysfs, "nvme0", DRIVEDASH_SELF_TEST_SHORT, c->flags,
                                        &c->source, fake.cancellable, &c->error);
  else if (g_str_equal (c->what, "self-test-no-serial"))
    c->ok = drivedash_client_self_test (fake.sysfs, "nvme1", DRIVEDASH_SELF_TEST_SHORT, c->flags,
                                        &c->source, NULL, &c->error);
  g_atomic_int_set (&c->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

static void
run_call (Call *c)
{
  GThread *thread;

  c->paths.sysfs_root = fake.sysfs;
  c->paths.udev_rules_dir = fake.rules;
  c->paths.state_dir = fake.state;
  c->paths.dev_dir = NULL;
  thread = g_thread_new (c->what, call_thread, c);
  while (!g_atomic_int_get (&c->done))
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (thread);
}

/* --- the tests ------------------------------------------------------------- */

/* Run as root, a SetGameMode cancelled while drivedashd works on it used
 * to be taken for "no service" and done directly. */
static void
test_set_game_mode_cancelled (void)
{
  g_autofree char *latency = NULL;
  g_autofree char *rule = g_build_filename (fake.rules, "70-drivedash-game-mode-S4EWNX0R123456.rules", NULL);
  Call c = { "set-game-mode", DRIVEDASH_CLIENT_NONE };

  if (geteuid () != 0)
    {
      g_test_skip ("the direct fallback only exists for root");
      return;
    }
  setup ();
  run_call (&c);
  g_assert_error (c.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (c.result);
  g_assert_cmpuint (fake.held->len, ==, 1);
  latency = read_tree ("class/nvme/nvme0/power/pm_qos_latency_tolerance_us");
  g_assert_cmpstr (latency, ==, "100000\n");
  g_assert_false (g_file_test (rule, G_FILE_TEST_EXISTS));
  g_clear_error (&c.error);
  teardown ();
}

/* A cancelled StartSelfTest: the cancel comes back, UDisks2 is not asked
 * instead. */
static void
test_self_test_cancelled (void)
{
  Call c = { "self-test", DRIVEDASH_CLIENT_NONE };

  setup ();
  run_call (&c);
  g_assert_false (c.ok);
  g_assert_error (c.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (udisks_got ("SmartSelftestStart"));
  g_clear_error (&c.error);
  teardown ();
}

/* A cancelled GetHealth is not read from UDisks2 or sysfs instead. */
static void
test_get_health_cancelled (void)
{
  Call c = { "get-health", DRIVEDASH_CLIENT_NONE };

  setup ();
  run_call (&c);
  g_assert_null (c.result);
  g_assert_error (c.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (udisks_got ("GetManagedObjects"));
  g_clear_error (&c.error);
  teardown ();
}

/* drivedashd does not answer in time: a timeout in plain words, not the
 * sysfs state passed off as the service's. */
static void
test_get_game_mode_timeout (void)
{
  Call c = { "get-game-mode", DRIVEDASH_CLIENT_NONE };

  setup ();
  g_clear_object (&fake.cancellable);   /* nobody cancels: it times out */
  drivedash_client_set_read_timeout_for_testing (200);
  run_call (&c);
  g_assert_null (c.result);
  g_assert_error (c.error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_nonnull (strstr (c.error->message, "did not answer in time"));
  g_assert_cmpuint (fake.held->len, ==, 1);
  g_clear_error (&c.error);
  teardown ();
}

/* drivedashd answers "a password is needed" (polkit's challenge): that
 * is a refusal in plain words, and root does not act directly instead. */
static void
test_set_game_mode_needs_password (void)
{
  g_autofree char *latency = NULL;
  Call c = { "set-game-mode", DRIVEDASH_CLIENT_NONE };

  setup ();
  fake.needs_password = TRUE;
  run_call (&c);
  g_assert_null (c.result);
  g_assert_error (c.error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION);
  g_assert_nonnull (strstr (c.error->message, "password"));
  latency = read_tree ("class/nvme/nvme0/power/pm_qos_latency_tolerance_us");
  g_assert_cmpstr (latency, ==, "100000\n");
  g_clear_error (&c.error);
  teardown ();
}

/* A drive without a serial number must not match UDisks2's drive without
 * one: the self-test would start on another drive. */
static void
test_udisks_empty_serial (void)
{
  Call c = { "self-test-no-serial", DRIVEDASH_CLIENT_NO_SERVICE | DRIVEDASH_CLIENT_NO_DIRECT };

  setup ();
  run_call (&c);
  g_assert_false (c.ok);
  g_assert_nonnull (c.error);
  g_assert_false (udisks_got ("SmartSelftestStart"));
  g_clear_error (&c.error);
  teardown ();
}

/* drivedashd is there but does not know the call (e.g. an older one): with
 * the real backends, every operation goes on down the same chain — health
 * and self-test both ask UDisks2 next, reads end in sysfs — and what
 * nobody could do says the service is installed but did not answer. */
static void
test_service_unknown_method (void)
{
  Call health = { "get-health", DRIVEDASH_CLIENT_NONE };
  Call self_test = { "self-test", DRIVEDASH_CLIENT_NONE };
  Call get = { "get-game-mode", DRIVEDASH_CLIENT_NONE };
  Call set = { "set-game-mode", DRIVEDASH_CLIENT_NONE };

  setup ();
  fake.unknown_method = TRUE;

  run_call (&health);
  g_assert_no_error (health.error);
  g_assert_cmpint (((DrivedashHealth *) health.result)->source, ==, DRIVEDASH_HEALTH_SOURCE_SYSFS);
  g_assert_cmpint (((DrivedashHealth *) health.result)->service, ==, DRIVEDASH_SERVICE_FAILED);
  g_assert_true (udisks_got ("GetManagedObjects"));
  g_clear_pointer (&health.result, drivedash_health_unref);

  g_ptr_array_set_size (fake.udisks_calls, 0);
  run_call (&self_test);
  g_assert_false (self_test.ok);
  g_assert_error (self_test.error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED);
  g_assert_nonnull (strstr (self_test.error->message, "installed but did not answer"));
  g_assert_true (udisks_got ("GetManagedObjects"));
  g_clear_error (&self_test.error);

  run_call (&get);
  g_assert_no_error (get.error);
  g_assert_cmpint (get.source, ==, DRIVEDASH_HEALTH_SOURCE_SYSFS);
  g_clear_pointer (&get.result, drivedash_game_mode_free);

  /* Root acts directly on the fixture tree; anyone else is told why not. */
  run_call (&set);
  if (geteuid () == 0)
    {
      g_autofree char *latency = read_tree ("class/nvme/nvme0/power/pm_qos_latency_tolerance_us");

      g_assert_no_error (set.error);
      g_assert_cmpint (set.source, ==, DRIVEDASH_HEALTH_SOURCE_SYSFS);
      g_assert_cmpstr (latency, ==, "0");
    }
  else
    {
      g_assert_error (set.error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED);
      g_assert_nonnull (strstr (set.error->message, "installed but did not answer"));
    }
  g_clear_pointer (&set.result, drivedash_game_mode_free);
  g_clear_error (&set.error);
  teardown ();
}

/* --- the chain itself ------------------------------------------------------ */

/* Fake backends, put in place of the real chain: each step writes
 * "backend:operation" to this log, so a test sees which backends every
 * operation asked, in which order. */
static GPtrArray *chain_log;

static const char *const op_names[DRIVEDASH_CLIENT_N_OPS] = {
  [DRIVEDASH_CLIENT_OP_GET_HEALTH] = "get-health",
  [DRIVEDASH_CLIENT_OP_GET_GAME_MODE] = "get-game-mode",
  [DRIVEDASH_CLIENT_OP_SET_GAME_MODE] = "set-game-mode",
  [DRIVEDASH_CLIENT_OP_SELF_TEST] = "self-test",
};

static void
log_step (const char             *backend,
          DrivedashClientRequest *request)
{
  g_ptr_array_add (chain_log, g_strdup_printf ("%s:%s", backend, op_names[request->op]));
}

static DrivedashClientOutcome
unsupported_step (DrivedashClientRequest  *request,
                  GError                 **error)
{
  log_step ("unsupported", request);
  g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED, "not supported here");
  return DRIVEDASH_CLIENT_UNAVAILABLE;
}

static DrivedashClientOutcome
refusing_step (DrivedashClientRequest  *request,
               GError                 **error)
{
  log_step ("refusing", request);
  g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION, "refused by the fake");
  return DRIVEDASH_CLIENT_REFUSED;
}

/* Answers everything, as UDisks2 would (a source no real backend gives
 * for game mode, so it cannot come from elsewhere). */
static DrivedashClientOutcome
answering_step (DrivedashClientRequest  *request,
                GError                 **error)
{
  log_step ("answering", request);
  request->source = DRIVEDASH_HEALTH_SOURCE_UDISKS2;
  if (request->op == DRIVEDASH_CLIENT_OP_GET_HEALTH)
    {
      request->health = drivedash_health_new (request->controller);
      request->health->source = DRIVEDASH_HEALTH_SOURCE_UDISKS2;
    }
  else if (request->op != DRIVEDASH_CLIENT_OP_SELF_TEST)
    {
      request->game_mode = g_new0 (DrivedashGameMode, 1);
      request->game_mode->controller = g_strdup (request->controller);
    }
  return DRIVEDASH_CLIENT_ANSWERED;
}

#define EVERY_OP(step) { step, step, step, step }

static const DrivedashClientBackend unsupported_backend = {
  "unsupported", DRIVEDASH_CLIENT_NONE, FALSE, EVERY_OP (unsupported_step) };
static const DrivedashClientBackend refusing_backend = {
  "refusing", DRIVEDASH_CLIENT_NONE, FALSE, EVERY_OP (refusing_step) };
static const DrivedashClientBackend answering_backend = {
  "answering", DRIVEDASH_CLIENT_NONE, FALSE, EVERY_OP (answering_step) };
/* Would answer, but DRIVEDASH_CLIENT_NO_UDISKS leaves it out. */
static const DrivedashClientBackend left_out_backend = {
  "left-out", DRIVEDASH_CLIENT_NO_UDISKS, FALSE, EVERY_OP (answering_step) };

static void
got_result (GObject      *source_object,
            GAsyncResult *result,
            gpointer      data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

/* Waits for the callback, not for a time. */
static GAsyncResult *
wait_for (GAsyncResult **slot)
{
  while (*slot == NULL)
    g_main_context_iteration (NULL, TRUE);
  return *slot;
}

typedef gboolean (*ChainCallFunc) (gboolean                async,
                                   DrivedashClientFlags    flags,
                                   DrivedashHealthSource  *source,
                                   GError                **error);

static gboolean
call_get_health (gboolean                async,
                 DrivedashClientFlags    flags,
                 DrivedashHealthSource  *source,
                 GError                **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(DrivedashHealth) health = NULL;

  if (async)
    {
      drivedash_client_get_health_async (NULL, "nvme0", flags, NULL, got_result, &result);
      health = drivedash_client_get_health_finish (wait_for (&result), error);
    }
  else
    health = drivedash_client_get_health (NULL, "nvme0", flags, NULL, error);
  *source = health != NULL ? health->source : DRIVEDASH_HEALTH_SOURCE_NONE;
  return health != NULL;
}

static gboolean
call_get_game_mode (gboolean                async,
                    DrivedashClientFlags    flags,
                    DrivedashHealthSource  *source,
                    GError                **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(DrivedashGameMode) state = NULL;

  if (async)
    {
      drivedash_client_get_game_mode_async (NULL, "nvme0", flags, NULL, got_result, &result);
      state = drivedash_client_get_game_mode_finish (wait_for (&result), source, error);
    }
  else
    state = drivedash_client_get_game_mode (NULL, "nvme0", flags, source, NULL, error);
  return state != NULL;
}

static gboolean
call_set_game_mode (gboolean                async,
                    DrivedashClientFlags    flags,
                    DrivedashHealthSource  *source,
                    GError                **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(DrivedashGameMode) state = NULL;

  if (async)
    {
      drivedash_client_set_game_mode_async (NULL, "nvme0", TRUE, FALSE, flags, NULL, got_result, &result);
      state = drivedash_client_set_game_mode_finish (wait_for (&result), source, error);
    }
  else
    state = drivedash_client_set_game_mode (NULL, "nvme0", TRUE, FALSE, flags, source, NULL, error);
  return state != NULL;
}

/* Has no async form: called as it is both times. */
static gboolean
call_set_game_mode_temporary (gboolean                async,
                              DrivedashClientFlags    flags,
                              DrivedashHealthSource  *source,
                              GError                **error)
{
  g_autoptr(DrivedashGameMode) state = NULL;

  state = drivedash_client_set_game_mode_temporary (NULL, "nvme0", TRUE, flags, source, NULL, error);
  return state != NULL;
}

static gboolean
call_self_test (gboolean                async,
                DrivedashClientFlags    flags,
                DrivedashHealthSource  *source,
                GError                **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  if (!async)
    return drivedash_client_self_test (NULL, "nvme0", DRIVEDASH_SELF_TEST_SHORT, flags, source,
                                       NULL, error);
  drivedash_client_self_test_async (NULL, "nvme0", DRIVEDASH_SELF_TEST_SHORT, flags, NULL,
                                    got_result, &result);
  return drivedash_client_self_test_finish (wait_for (&result), source, error);
}

static const struct
{
  const char    *op;      /* as the fake backends log it */
  gboolean       change;
  ChainCallFunc  call;
} chain_calls[] = {
  { "get-health",    FALSE, call_get_health },
  { "get-game-mode", FALSE, call_get_game_mode },
  { "set-game-mode", TRUE,  call_set_game_mode },
  { "set-game-mode", TRUE,  call_set_game_mode_temporary },
  { "self-test",     TRUE,  call_self_test },
};

/* The log must be exactly the backends named, each with op. */
static void
assert_asked (const char *op,
              const char *first,
              const char *second)
{
  g_autofree char *want_first = g_strdup_printf ("%s:%s", first, op);
  g_autofree char *want_second = second != NULL ? g_strdup_printf ("%s:%s", second, op) : NULL;
  guint asked = second != NULL ? 2 : 1;

  g_assert_cmpuint (chain_log->len, ==, asked);
  g_assert_cmpstr (g_ptr_array_index (chain_log, 0), ==, want_first);
  if (second != NULL)
    g_assert_cmpstr (g_ptr_array_index (chain_log, 1), ==, want_second);
}

/* Calls every operation, blocking and async, on backends; check says
 * what each must have done. */
typedef void (*ChainCheck) (guint                  i,
                            gboolean               ok,
                            DrivedashHealthSource  source,
                            GError                *error);

static void
for_every_call (const DrivedashClientBackend *const *backends,
                DrivedashClientFlags                 flags,
                ChainCheck                           check)
{
  drivedash_client_set_chain_for_testing (backends);
  for (guint i = 0; i < G_N_ELEMENTS (chain_calls); i++)
    for (int async = 0; async <= 1; async++)
      {
        g_autoptr(GError) error = NULL;
        DrivedashHealthSource source = DRIVEDASH_HEALTH_SOURCE_NONE;
        gboolean ok;

        g_test_message ("%s%s", chain_calls[i].op, async ? " (async)" : "");
        chain_log = g_ptr_array_new_with_free_func (g_free);
        ok = chain_calls[i].call (async, flags, &source, &error);
        check (i, ok, source, error);
        g_clear_pointer (&chain_log, g_ptr_array_unref);
      }
  drivedash_client_set_chain_for_testing (NULL);
}

static void
check_fell_through (guint                  i,
                    gboolean               ok,
                    DrivedashHealthSource  source,
                    GError                *error)
{
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_cmpint (source, ==, DRIVEDASH_HEALTH_SOURCE_UDISKS2);
  assert_asked (chain_calls[i].op, "unsupported", "answering");
}

/* A backend that does not support a call passes every operation on to
 * the next the same way, and one the flags leave out is never asked. */
static void
test_chain_not_supported (void)
{
  const DrivedashClientBackend *const backends[] = {
    &unsupported_backend, &left_out_backend, &answering_backend, NULL };

  for_every_call (backends, DRIVEDASH_CLIENT_NO_UDISKS, check_fell_through);
}

static void
check_refused (guint                  i,
               gboolean               ok,
               DrivedashHealthSource  source,
               GError                *error)
{
  if (chain_calls[i].change)
    {
      g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION);
      g_assert_cmpstr (error->message, ==, "refused by the fake");
      g_assert_false (ok);
      assert_asked (chain_calls[i].op, "refusing", NULL);
      return;
    }
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_cmpint (source, ==, DRIVEDASH_HEALTH_SOURCE_UDISKS2);
  assert_asked (chain_calls[i].op, "refusing", "answering");
}

/* A refusal: reads go on to the next backend, changes stop with it. */
static void
test_chain_refused (void)
{
  const DrivedashClientBackend *const backends[] = { &refusing_backend, &answering_backend, NULL };

  for_every_call (backends, DRIVEDASH_CLIENT_NONE, check_refused);
}

static void
check_unanswered (guint                  i,
                  gboolean               ok,
                  DrivedashHealthSource  source,
                  GError                *error)
{
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION);
  g_assert_false (ok);
  g_assert_cmpint (source, ==, DRIVEDASH_HEALTH_SOURCE_NONE);
  assert_asked (chain_calls[i].op, "unsupported", NULL);
}

/* Nobody could: a plain error, not the last backend's excuse. */
static void
test_chain_unanswered (void)
{
  const DrivedashClientBackend *const backends[] = { &unsupported_backend, NULL };

  for_every_call (backends, DRIVEDASH_CLIENT_NONE, check_unanswered);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  fake_up ();

  g_test_add_func ("/client-fallbacks/set-game-mode-cancelled", test_set_game_mode_cancelled);
  g_test_add_func ("/client-fallbacks/self-test-cancelled", test_self_test_cancelled);
  g_test_add_func ("/client-fallbacks/get-health-cancelled", test_get_health_cancelled);
  g_test_add_func ("/client-fallbacks/get-game-mode-timeout", test_get_game_mode_timeout);
  g_test_add_func ("/client-fallbacks/udisks-empty-serial", test_udisks_empty_serial);
  g_test_add_func ("/client-fallbacks/set-game-mode-needs-password", test_set_game_mode_needs_password);
  g_test_add_func ("/client-fallbacks/service-unknown-method", test_service_unknown_method);
  g_test_add_func ("/client-fallbacks/chain/not-supported", test_chain_not_supported);
  g_test_add_func ("/client-fallbacks/chain/refused", test_chain_refused);
  g_test_add_func ("/client-fallbacks/chain/unanswered", test_chain_unanswered);

  status = g_test_run ();

  g_dbus_connection_close_sync (fake.fake, NULL, NULL);
  g_object_unref (fake.fake);
  g_dbus_node_info_unref (fake.info);
  g_test_dbus_down (fake.bus);
  g_object_unref (fake.bus);
  return status;
}
