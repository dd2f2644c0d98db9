/* test-service-client.c — the client fallback chain on a private bus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run by tests/dbus/test_service.py, which starts a private bus with
 * drivedashd on a fixture tree, polkitd and UDisks2 mocks, and sets
 * DBUS_SYSTEM_BUS_ADDRESS and DRIVEDASH_TEST_SYSFS.  Skips when run alone.
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "drivedash-client.h"
#include "drivedash-error.h"

static const char *
sysfs_root (void)
{
  return g_getenv ("DRIVEDASH_TEST_SYSFS");
}

static gboolean
have_bus (void)
{
  if (g_getenv ("DBUS_SYSTEM_BUS_ADDRESS") != NULL && sysfs_root () != NULL)
    return TRUE;
  g_test_skip ("needs the private bus of tests/dbus/test_service.py");
  return FALSE;
}

/* Everything through drivedashd (polkit allows read-health). */
static void
test_service (void)
{
  g_autoptr(DrivedashHealth) health = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_bus ())
    return;

  health = drivedash_client_get_health (sysfs_root (), "nvme0", DRIVEDASH_CLIENT_NONE, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (health->source, ==, DRIVEDASH_HEALTH_SOURCE_SERVICE);
  g_assert_cmpstr (health->controller, ==, "nvme0");
  g_assert_cmpstr (health->serial, ==, "S4EWNX0R123456");
  g_assert_cmpstr (health->model, ==, "Fixture SSD 1TB");
  /* 44.850 °C from hwmon, in Kelvin. */
  g_assert_true (health->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE);
  g_assert_cmpuint (health->smart.temperature_kelvin, ==, 318);
}

static void
assert_udisks_values (DrivedashHealth *health)
{
  g_autofree char *written = NULL;

  g_assert_cmpint (health->source, ==, DRIVEDASH_HEALTH_SOURCE_UDISKS2);
  g_assert_cmpstr (drivedash_health_source_to_string (health->source), ==, "udisks2");
  g_assert_true (health->has & DRIVEDASH_HEALTH_HAS_SMART);
  g_assert_cmpuint (health->smart.power_on_hours.lo, ==, 1363);
  g_assert_cmpuint (health->smart.temperature_kelvin, ==, 318);
  g_assert_cmpuint (health->smart.percentage_used, ==, 3);
  g_assert_cmpuint (health->smart.available_spare_percent, ==, 97);
  g_assert_cmpuint (health->smart.available_spare_threshold_percent, ==, 10);
  g_assert_cmpuint (health->smart.critical_warning, ==, DRIVEDASH_CRITICAL_WARNING_TEMPERATURE);
  g_assert_cmpuint (health->smart.unsafe_shutdowns.lo, ==, 133);
  g_assert_cmpuint (health->smart.power_cycles.lo, ==, 2385);
  g_assert_cmpuint (health->smart.error_log_entries.lo, ==, 608);
  g_assert_cmpuint (health->smart.temperature_sensors_kelvin[1], ==, 325);
  g_assert_cmpuint (health->warning_temperature_kelvin, ==, 357);
  g_assert_cmpuint (health->critical_temperature_kelvin, ==, 360);
  written = drivedash_u128_to_string (health->smart.data_units_written);
  g_assert_cmpstr (written, ==, "19397424");
  /* Identity still comes from sysfs. */
  g_assert_cmpstr (health->serial, ==, "S4EWNX0R123456");
  /* The temperature warning bit makes it at least "caution". */
  g_assert_cmpint (health->verdict, !=, DRIVEDASH_VERDICT_GOOD);
  g_assert_true (drivedash_health_is_partial (health));
}

/* No service: UDisks2's NVMe interface fills the SMART part. */
static void
test_udisks (void)
{
  g_autoptr(DrivedashHealth) health = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_bus ())
    return;

  health = drivedash_client_get_health (sysfs_root (), "nvme0", DRIVEDASH_CLIENT_NO_SERVICE,
                                        NULL, &error);
  g_assert_no_error (error);
  assert_udisks_values (health);
}

/* The service refuses (polkit says no): UDisks2 is the next source. */
static void
test_denied_falls_back (void)
{
  g_autoptr(DrivedashHealth) health = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_bus ())
    return;

  health = drivedash_client_get_health (sysfs_root (), "nvme0", DRIVEDASH_CLIENT_NONE, NULL, &error);
  g_assert_no_error (error);
  assert_udisks_values (health);
}

/* Neither: sysfs and hwmon, and it says what is missing. */
static void
test_sysfs (void)
{
  g_autoptr(DrivedashHealth) health = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_bus ())
    return;

  health = drivedash_client_get_health (sysfs_root (), "nvme0",
                                        DRIVEDASH_CLIENT_NO_SERVICE | DRIVEDASH_CLIENT_NO_UDISKS,
                                        NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (health->source, ==, DRIVEDASH_HEALTH_SOURCE_SYSFS);
  g_assert_false (health->has & DRIVEDASH_HEALTH_HAS_SMART);
  g_assert_cmpuint (health->smart.temperature_kelvin, ==, 318);
  g_assert_true (drivedash_health_is_partial (health));
}

/* UDisks2 present but not knowing the drive: NOT_SUPPORTED, so the chain
 * moves on. */
static void
test_udisks_unknown_drive (void)
{
  g_autoptr(DrivedashHealth) health = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_bus ())
    return;

  health = drivedash_client_get_health_udisks (sysfs_root (), "nvme1", NULL, &error);
  g_assert_null (health);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
}

static void
test_bad_names (void)
{
  static const char *names[] = { "../nvme0", "nvme0/../../etc", "", "nvme", "sda" };

  if (!have_bus ())
    return;

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DrivedashHealth) health =
        drivedash_client_get_health (sysfs_root (), names[i], DRIVEDASH_CLIENT_NONE, NULL, &error);

      g_assert_null (health);
      g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
    }
}

/* A drive the service does not know: its NotFound error comes back as
 * DRIVEDASH_ERROR_NOT_FOUND with the service's message. */
static void
test_not_found (void)
{
  g_autoptr(DrivedashHealth) health = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_bus ())
    return;

  health = drivedash_client_get_health (sysfs_root (), "nvme9", DRIVEDASH_CLIENT_NONE, NULL, &error);
  g_assert_null (health);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_assert_null (strstr (error->message, "GDBus"));
}

static void
test_game_mode_service (void)
{
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(GError) error = NULL;
  DrivedashHealthSource source = DRIVEDASH_HEALTH_SOURCE_NONE;

  if (!have_bus ())
    return;

  state = drivedash_client_set_game_mode (NULL, "nvme0", TRUE, FALSE, DRIVEDASH_CLIENT_NONE,
                                          &source, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (source, ==, DRIVEDASH_HEALTH_SOURCE_SERVICE);
  g_assert_true (state->enabled);
  g_clear_pointer (&state, drivedash_game_mode_free);

  state = drivedash_client_get_game_mode (NULL, "nvme0", DRIVEDASH_CLIENT_NONE, &source, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (source, ==, DRIVEDASH_HEALTH_SOURCE_SERVICE);
  g_assert_true (state->enabled);
  g_clear_pointer (&state, drivedash_game_mode_free);

  state = drivedash_client_set_game_mode (NULL, "nvme0", FALSE, FALSE, DRIVEDASH_CLIENT_NONE,
                                          &source, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (state->enabled);
  g_assert_cmpstr (state->latency_tolerance, ==, "100000");
  g_clear_pointer (&state, drivedash_game_mode_free);

  /* nvme1 has no APST: the service says so, and the client passes it on. */
  state = drivedash_client_set_game_mode (NULL, "nvme1", TRUE, FALSE, DRIVEDASH_CLIENT_NONE,
                                          &source, NULL, &error);
  g_assert_null (state);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "full speed"));
}

/* polkit says no to set-game-mode: a permission error, and no quiet
 * workaround even though this test runs as root. */
static void
test_game_mode_denied (void)
{
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_bus ())
    return;

  state = drivedash_client_set_game_mode (NULL, "nvme0", TRUE, FALSE, DRIVEDASH_CLIENT_NONE,
                                          NULL, NULL, &error);
  g_assert_null (state);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION);
}

/* Through the service, on a fixture tree: authorized, but no device to
 * send it to — a clean "not supported" (not a fallback, not a crash). */
static void
test_self_test_service (void)
{
  g_autoptr(GError) error = NULL;
  DrivedashHealthSource source = DRIVEDASH_HEALTH_SOURCE_NONE;

  if (!have_bus ())
    return;

  g_assert_false (drivedash_client_self_test (sysfs_root (), "nvme0", DRIVEDASH_SELF_TEST_SHORT,
                                              DRIVEDASH_CLIENT_NONE, &source, NULL, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);

  g_assert_false (drivedash_client_self_test (sysfs_root (), "nvme0", DRIVEDASH_SELF_TEST_VENDOR,
                                              DRIVEDASH_CLIENT_NONE, &source, NULL, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
}

/* Without the service: UDisks2's SmartSelftestStart / Abort.  The mock
 * records the call in SmartSelftestStatus, which the Python side checks. */
static void
test_self_test_udisks (void)
{
  g_autoptr(GError) error = NULL;
  DrivedashHealthSource source = DRIVEDASH_HEALTH_SOURCE_NONE;
  const char *kind = g_getenv ("DRIVEDASH_TEST_SELF_TEST");

  if (!have_bus ())
    return;
  if (kind == NULL)
    {
      g_test_skip ("DRIVEDASH_TEST_SELF_TEST not set");
      return;
    }

  g_assert_true (drivedash_client_self_test (sysfs_root (), "nvme0",
                                             g_str_equal (kind, "abort") ? DRIVEDASH_SELF_TEST_ABORT
                                             : DRIVEDASH_SELF_TEST_EXTENDED,
                                             DRIVEDASH_CLIENT_NO_SERVICE, &source, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (source, ==, DRIVEDASH_HEALTH_SOURCE_UDISKS2);
}

/* What UDisks says of the self-test, read with the health: with
 * DRIVEDASH_TEST_SELF_TEST_STATE "running:N" (N %% done) or "ended:ID"
 * (the result code's number). */
static void
test_self_test_udisks_state (void)
{
  g_autoptr(DrivedashHealth) health = NULL;
  g_autoptr(GError) error = NULL;
  const char *state = g_getenv ("DRIVEDASH_TEST_SELF_TEST_STATE");
  const DrivedashSelfTestLog *log;

  if (!have_bus ())
    return;
  if (state == NULL)
    {
      g_test_skip ("DRIVEDASH_TEST_SELF_TEST_STATE not set");
      return;
    }
  health = drivedash_client_get_health (sysfs_root (), "nvme0", DRIVEDASH_CLIENT_NO_SERVICE, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (health->source, ==, DRIVEDASH_HEALTH_SOURCE_UDISKS2);
  g_assert_true (health->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG);
  log = &health->self_test;
  if (g_str_has_prefix (state, "running:"))
    {
      g_assert_cmpint (log->current, ==, DRIVEDASH_SELF_TEST_UNNAMED);
      g_assert_cmpuint (log->current_percent_done, ==, g_ascii_strtoull (state + strlen ("running:"), NULL, 10));
      g_assert_cmpstr (drivedash_self_test_kind_describe (log->current), ==, "Self-test");
    }
  else
    {
      g_assert_cmpint (log->current, ==, DRIVEDASH_SELF_TEST_NONE);
      g_assert_cmpuint (log->n_results, ==, 1);
      g_assert_cmpint (log->results[0].result, ==, g_ascii_strtoull (state + strlen ("ended:"), NULL, 10));
    }
}

static void
count_cb (gpointer data)
{
  (*(guint *) data)++;
}

static gboolean
count_reached (guint *count,
               guint  wanted)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (*count < wanted && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  return *count >= wanted;
}

static void
update_udisks (const char *path,
               GVariant   *properties)
{
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, NULL);
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_sync (bus, "org.freedesktop.UDisks2", path, "org.freedesktop.DBus.Mock",
                                       "UpdateProperties",
                                       g_variant_new ("(s@a{sv})", "org.freedesktop.UDisks2.NVMe.Controller",
                                                      properties),
                                       NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
}

static GVariant *
self_test_properties (const char *status,
                      int         remaining)
{
  GVariantDict dict;

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "SmartSelftestStatus", "s", status);
  g_variant_dict_insert (&dict, "SmartSelftestPercentRemaining", "i", remaining);
  return g_variant_dict_end (&dict);
}

/* UDisks's PropertiesChanged (a MOCK: python-dbusmock) of the self-test
 * reaches the watch, each change once; other properties do not.
 * DRIVEDASH_TEST_UDISKS_PATH: the mock drive's object path. */
static void
test_self_test_udisks_watch (void)
{
  const char *path = g_getenv ("DRIVEDASH_TEST_UDISKS_PATH");
  g_autoptr(DrivedashSelfTestWatch) watch = NULL;
  GVariantDict other;
  guint count = 0;

  if (!have_bus ())
    return;
  if (path == NULL)
    {
      g_test_skip ("DRIVEDASH_TEST_UDISKS_PATH not set");
      return;
    }
  watch = drivedash_self_test_watch_new (count_cb, &count);
  g_assert_nonnull (watch);
  update_udisks (path, self_test_properties ("inprogress", 90));
  g_assert_true (count_reached (&count, 1));
  /* Another property, then the percentage: only the second counts (the
   * bus keeps their order). */
  g_variant_dict_init (&other, NULL);
  g_variant_dict_insert (&other, "SmartPowerOnHours", "t", (guint64) 1364);
  update_udisks (path, g_variant_dict_end (&other));
  update_udisks (path, self_test_properties ("inprogress", 35));
  g_assert_true (count_reached (&count, 2));
  update_udisks (path, self_test_properties ("success", -1));
  g_assert_true (count_reached (&count, 3));
  update_udisks (path, self_test_properties ("", -1));
  g_assert_true (count_reached (&count, 4));
  g_assert_cmpuint (count, ==, 4);
}

/* polkit says no: a permission error, not a quiet fallback to UDisks. */
static void
test_self_test_denied (void)
{
  g_autoptr(GError) error = NULL;

  if (!have_bus ())
    return;

  g_assert_false (drivedash_client_self_test (sysfs_root (), "nvme0", DRIVEDASH_SELF_TEST_SHORT,
                                              DRIVEDASH_CLIENT_NONE, NULL, NULL, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION);
}

/* --- the async calls ----------------------------------------------------- */

/* Waits on the thread-default main context for the callback, which puts
 * the GAsyncResult where data points. */
static void
store_result_cb (GObject      *source_object,
                 GAsyncResult *result,
                 gpointer      data)
{
  GAsyncResult **out = data;

  g_assert_null (source_object);
  *out = g_object_ref (result);
}

static GAsyncResult *
wait_for (GAsyncResult **slot)
{
  while (*slot == NULL)
    g_main_context_iteration (NULL, TRUE);
  return *slot;
}

static char *
health_text (DrivedashHealth *health)
{
  g_autoptr(GVariant) v = drivedash_health_to_variant (health);

  return g_variant_print (v, TRUE);
}

static void
test_async_health (void)
{
  g_autoptr(DrivedashHealth) blocking = NULL;
  g_autoptr(DrivedashHealth) async = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *blocking_text = NULL;
  g_autofree char *async_text = NULL;
  /* The call copies its strings: these are gone before it runs. */
  char *root = g_strdup (sysfs_root ());
  char *controller = g_strdup ("nvme0");

  if (!have_bus ())
    {
      g_free (root);
      g_free (controller);
      return;
    }

  drivedash_client_get_health_async (root, controller, DRIVEDASH_CLIENT_NONE, NULL, store_result_cb, &result);
  memset (root, 'x', strlen (root));
  memset (controller, 'x', strlen (controller));
  g_free (root);
  g_free (controller);
  async = drivedash_client_get_health_finish (wait_for (&result), &error);
  g_assert_no_error (error);
  blocking = drivedash_client_get_health (sysfs_root (), "nvme0", DRIVEDASH_CLIENT_NONE, NULL, &error);
  g_assert_no_error (error);

  g_assert_cmpint (async->source, ==, DRIVEDASH_HEALTH_SOURCE_SERVICE);
  blocking_text = health_text (blocking);
  async_text = health_text (async);
  g_assert_cmpstr (async_text, ==, blocking_text);

  /* Errors come back the same way too. */
  g_clear_object (&result);
  drivedash_client_get_health_async (sysfs_root (), "nvme9", DRIVEDASH_CLIENT_NONE, NULL, store_result_cb, &result);
  g_assert_null (drivedash_client_get_health_finish (wait_for (&result), &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
}

static void
test_async_game_mode (void)
{
  g_autoptr(DrivedashGameMode) set = NULL;
  g_autoptr(DrivedashGameMode) got = NULL;
  g_autoptr(DrivedashGameMode) blocking = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  DrivedashHealthSource source = DRIVEDASH_HEALTH_SOURCE_NONE;
  DrivedashHealthSource blocking_source = DRIVEDASH_HEALTH_SOURCE_NONE;

  if (!have_bus ())
    return;

  drivedash_client_set_game_mode_async (NULL, "nvme0", TRUE, FALSE, DRIVEDASH_CLIENT_NONE, NULL,
                                        store_result_cb, &result);
  set = drivedash_client_set_game_mode_finish (wait_for (&result), &source, &error);
  g_assert_no_error (error);
  g_assert_cmpint (source, ==, DRIVEDASH_HEALTH_SOURCE_SERVICE);
  g_assert_true (set->enabled);

  g_clear_object (&result);
  source = DRIVEDASH_HEALTH_SOURCE_NONE;
  drivedash_client_get_game_mode_async (NULL, "nvme0", DRIVEDASH_CLIENT_NONE, NULL, store_result_cb, &result);
  got = drivedash_client_get_game_mode_finish (wait_for (&result), &source, &error);
  g_assert_no_error (error);
  blocking = drivedash_client_get_game_mode (NULL, "nvme0", DRIVEDASH_CLIENT_NONE, &blocking_source, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (source, ==, blocking_source);
  g_assert_cmpint (got->enabled, ==, blocking->enabled);
  g_assert_cmpint (got->persistent, ==, blocking->persistent);
  g_assert_cmpstr (got->latency_tolerance, ==, blocking->latency_tolerance);
  g_assert_true (got->enabled);
  g_clear_pointer (&set, drivedash_game_mode_free);

  /* Back to the kernel's value for the tests after this one. */
  g_clear_object (&result);
  drivedash_client_set_game_mode_async (NULL, "nvme0", FALSE, FALSE, DRIVEDASH_CLIENT_NONE, NULL,
                                        store_result_cb, &result);
  set = drivedash_client_set_game_mode_finish (wait_for (&result), NULL, &error);
  g_assert_no_error (error);
  g_assert_false (set->enabled);
  g_assert_cmpstr (set->latency_tolerance, ==, "100000");

  /* nvme1 has no APST: the same error as the blocking call. */
  g_clear_pointer (&set, drivedash_game_mode_free);
  g_clear_object (&result);
  source = DRIVEDASH_HEALTH_SOURCE_SERVICE;
  drivedash_client_set_game_mode_async (NULL, "nvme1", TRUE, FALSE, DRIVEDASH_CLIENT_NONE, NULL,
                                        store_result_cb, &result);
  set = drivedash_client_set_game_mode_finish (wait_for (&result), &source, &error);
  g_assert_null (set);
  g_assert_cmpint (source, ==, DRIVEDASH_HEALTH_SOURCE_NONE);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
}

static void
test_async_self_test (void)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) blocking_error = NULL;

  if (!have_bus ())
    return;

  drivedash_client_self_test_async (sysfs_root (), "nvme0", DRIVEDASH_SELF_TEST_SHORT, DRIVEDASH_CLIENT_NONE,
                                    NULL, store_result_cb, &result);
  g_assert_false (drivedash_client_self_test_finish (wait_for (&result), NULL, &error));
  g_assert_false (drivedash_client_self_test (sysfs_root (), "nvme0", DRIVEDASH_SELF_TEST_SHORT,
                                              DRIVEDASH_CLIENT_NONE, NULL, NULL, &blocking_error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
  g_assert_error (blocking_error, error->domain, error->code);
  g_assert_cmpstr (error->message, ==, blocking_error->message);
}

/* Cancelled before the thread runs, and right after the call: each finishes
 * with G_IO_ERROR_CANCELLED, and game mode stays as it was. */
static void
test_async_cancelled (void)
{
  for (guint early = 0; early < 2; early++)
    {
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      g_autoptr(GAsyncResult) r_health = NULL;
      g_autoptr(GAsyncResult) r_get = NULL;
      g_autoptr(GAsyncResult) r_set = NULL;
      g_autoptr(GAsyncResult) r_test = NULL;
      g_autoptr(GError) e_health = NULL;
      g_autoptr(GError) e_get = NULL;
      g_autoptr(GError) e_set = NULL;
      g_autoptr(GError) e_test = NULL;
      g_autoptr(DrivedashGameMode) state = NULL;
      DrivedashHealthSource source = DRIVEDASH_HEALTH_SOURCE_SERVICE;

      if (!have_bus ())
        return;

      if (early)
        g_cancellable_cancel (cancellable);
      drivedash_client_get_health_async (sysfs_root (), "nvme0", DRIVEDASH_CLIENT_NONE, cancellable,
                                         store_result_cb, &r_health);
      drivedash_client_get_game_mode_async (NULL, "nvme0", DRIVEDASH_CLIENT_NONE, cancellable,
                                            store_result_cb, &r_get);
      /* NO_DIRECT: paths are NULL, and whether a cancelled call may act
       * directly is the business of /client/cancelled-not-direct. */
      drivedash_client_set_game_mode_async (NULL, "nvme0", TRUE, FALSE, DRIVEDASH_CLIENT_NO_DIRECT, cancellable,
                                            store_result_cb, &r_set);
      drivedash_client_self_test_async (sysfs_root (), "nvme0", DRIVEDASH_SELF_TEST_SHORT,
                                        DRIVEDASH_CLIENT_NONE, cancellable, store_result_cb, &r_test);
      g_cancellable_cancel (cancellable);

      g_assert_null (drivedash_client_get_health_finish (wait_for (&r_health), &e_health));
      g_assert_error (e_health, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_null (drivedash_client_get_game_mode_finish (wait_for (&r_get), &source, &e_get));
      g_assert_error (e_get, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_cmpint (source, ==, DRIVEDASH_HEALTH_SOURCE_NONE);
      g_assert_null (drivedash_client_set_game_mode_finish (wait_for (&r_set), NULL, &e_set));
      g_assert_error (e_set, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_false (drivedash_client_self_test_finish (wait_for (&r_test), NULL, &e_test));
      g_assert_error (e_test, G_IO_ERROR, G_IO_ERROR_CANCELLED);

      if (early)
        {
          g_autoptr(GError) error = NULL;

          state = drivedash_client_get_game_mode (NULL, "nvme0", DRIVEDASH_CLIENT_NONE, NULL, NULL, &error);
          g_assert_no_error (error);
          g_assert_false (state->enabled);
        }
      else
        {
          /* The late one may have reached the service: put it back. */
          g_autoptr(GError) error = NULL;

          state = drivedash_client_set_game_mode (NULL, "nvme0", FALSE, FALSE, DRIVEDASH_CLIENT_NONE,
                                                  NULL, NULL, &error);
          g_assert_no_error (error);
        }
    }
}

/* A result handed to the wrong _finish is a programming error: caught by
 * the source tag, not read as the wrong type. */
static void
test_async_source_tag (void)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashGameMode) state = NULL;

  if (!have_bus ())
    return;

  drivedash_client_get_game_mode_async (NULL, "nvme0", DRIVEDASH_CLIENT_NONE, NULL, store_result_cb, &result);
  wait_for (&result);

  g_test_expect_message ("drivedash-client", G_LOG_LEVEL_CRITICAL, "*g_async_result_is_tagged*");
  g_assert_null (drivedash_client_get_health_finish (result, &error));
  g_test_assert_expected_messages ();
  g_test_expect_message ("drivedash-client", G_LOG_LEVEL_CRITICAL, "*g_async_result_is_tagged*");
  g_assert_null (drivedash_client_set_game_mode_finish (result, NULL, &error));
  g_test_assert_expected_messages ();
  g_test_expect_message ("drivedash-client", G_LOG_LEVEL_CRITICAL, "*g_async_result_is_tagged*");
  g_assert_false (drivedash_client_self_test_finish (result, NULL, &error));
  g_test_assert_expected_messages ();
  g_assert_no_error (error);

  /* The right one still works. */
  state = drivedash_client_get_game_mode_finish (result, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (state);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/client/allowed/service", test_service);
  g_test_add_func ("/client/allowed/udisks", test_udisks);
  g_test_add_func ("/client/allowed/sysfs", test_sysfs);
  g_test_add_func ("/client/allowed/udisks-unknown-drive", test_udisks_unknown_drive);
  g_test_add_func ("/client/allowed/bad-names", test_bad_names);
  g_test_add_func ("/client/allowed/not-found", test_not_found);
  g_test_add_func ("/client/allowed/game-mode", test_game_mode_service);
  g_test_add_func ("/client/allowed/self-test-service", test_self_test_service);
  g_test_add_func ("/client/allowed/async-health", test_async_health);
  g_test_add_func ("/client/allowed/async-game-mode", test_async_game_mode);
  g_test_add_func ("/client/allowed/async-self-test", test_async_self_test);
  g_test_add_func ("/client/allowed/async-cancelled", test_async_cancelled);
  g_test_add_func ("/client/allowed/async-source-tag", test_async_source_tag);
  g_test_add_func ("/client/self-test-udisks", test_self_test_udisks);
  g_test_add_func ("/client/self-test-udisks-state", test_self_test_udisks_state);
  g_test_add_func ("/client/self-test-udisks-watch", test_self_test_udisks_watch);
  g_test_add_func ("/client/denied/falls-back-to-udisks", test_denied_falls_back);
  g_test_add_func ("/client/denied/self-test", test_self_test_denied);
  g_test_add_func ("/client/denied/game-mode", test_game_mode_denied);

  return g_test_run ();
}
