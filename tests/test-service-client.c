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
  g_test_add_func ("/client/self-test-udisks", test_self_test_udisks);
  g_test_add_func ("/client/denied/falls-back-to-udisks", test_denied_falls_back);
  g_test_add_func ("/client/denied/self-test", test_self_test_denied);
  g_test_add_func ("/client/denied/game-mode", test_game_mode_denied);

  return g_test_run ();
}
