/* drivedash-demo.c — the simulated drive of `drivedash --demo`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "drivedash-demo.h"
#include "drivedash-error-log.h"
#include "drivedash-paths.h"

static gboolean demo_enabled;

gboolean
drivedash_demo_get_enabled (void)
{
  return demo_enabled;
}

void
drivedash_demo_set_enabled (gboolean enabled)
{
  demo_enabled = !!enabled;
  /* Its simulated runs go to a history of their own. */
  drivedash_paths_set_demo (enabled);
}

static void
power_state (DrivedashIdentify *id,
             guint              index,
             double             watts,
             guint32            entry_us,
             guint32            exit_us,
             gboolean           non_operational)
{
  DrivedashPowerState *ps = &id->power_states[index];

  ps->index = index;
  ps->max_power_microwatts = (guint64) llround (watts * 1e6);
  ps->entry_latency_us = entry_us;
  ps->exit_latency_us = exit_us;
  ps->non_operational = non_operational;
}

DrivedashHealth *
drivedash_demo_health_new (void)
{
  DrivedashHealth *health = drivedash_health_new (DRIVEDASH_DEMO_CONTROLLER);
  DrivedashSmartLog smart = { 0 };
  DrivedashIdentify id = { 0 };

  /* A two-year-old 1 TB gaming drive: 12.3 TB written, 3 % worn. */
  g_free (health->model);
  health->model = g_strdup ("Demo NVMe SSD 1TB");
  g_free (health->serial);
  health->serial = g_strdup ("DEMO0000000000000001");
  g_free (health->firmware);
  health->firmware = g_strdup ("3B2QGXA7");
  health->source = DRIVEDASH_HEALTH_SOURCE_DEMO;
  health->privileged = TRUE;
  health->has |= DRIVEDASH_HEALTH_HAS_IDENTITY;

  g_strlcpy (id.model, health->model, sizeof id.model);
  g_strlcpy (id.serial, health->serial, sizeof id.serial);
  g_strlcpy (id.firmware, health->firmware, sizeof id.firmware);
  id.vendor_id = 0x1d79;
  id.version = 0x00010400;
  id.oacs = DRIVEDASH_OACS_SELF_TEST;
  id.frmw = 0x05;  /* two slots, slot 1 read-only */
  id.error_log_page_entries = 64;
  id.apst_supported = TRUE;
  id.warning_temperature_kelvin = 343;   /* 70 °C */
  id.critical_temperature_kelvin = 358;  /* 85 °C */
  id.extended_self_test_minutes = 10;
  id.total_capacity_bytes = DRIVEDASH_U128_INIT (G_GUINT64_CONSTANT (1000204886016), 0);
  id.n_power_states = 5;
  power_state (&id, 0, 8.25, 0, 0, FALSE);
  power_state (&id, 1, 6.30, 0, 0, FALSE);
  power_state (&id, 2, 4.20, 0, 0, FALSE);
  power_state (&id, 3, 0.05, 2000, 1200, TRUE);
  power_state (&id, 4, 0.004, 500, 9500, TRUE);
  drivedash_health_set_identify (health, &id);

  smart.critical_warning = 0;
  smart.temperature_kelvin = 314;  /* 41 °C */
  smart.available_spare_percent = 100;
  smart.available_spare_threshold_percent = 10;
  smart.percentage_used = 3;
  smart.data_units_read = DRIVEDASH_U128_INIT (36523438, 0);     /* 18.7 TB */
  smart.data_units_written = DRIVEDASH_U128_INIT (24023438, 0);  /* 12.3 TB */
  smart.host_read_commands = DRIVEDASH_U128_INIT (G_GUINT64_CONSTANT (412508113), 0);
  smart.host_write_commands = DRIVEDASH_U128_INIT (G_GUINT64_CONSTANT (298114552), 0);
  smart.controller_busy_minutes = DRIVEDASH_U128_INIT (1834, 0);
  smart.power_cycles = DRIVEDASH_U128_INIT (1532, 0);
  smart.power_on_hours = DRIVEDASH_U128_INIT (10234, 0);
  smart.unsafe_shutdowns = DRIVEDASH_U128_INIT (37, 0);
  smart.media_errors = DRIVEDASH_U128_INIT (0, 0);
  smart.error_log_entries = DRIVEDASH_U128_INIT (12, 0);
  smart.warning_temperature_minutes = 0;
  smart.critical_temperature_minutes = 0;
  smart.temperature_sensors_kelvin[0] = 314;
  smart.temperature_sensors_kelvin[1] = 318;
  drivedash_health_set_smart (health, &smart);

  health->apst_enabled = TRUE;
  health->has |= DRIVEDASH_HEALTH_HAS_APST_ENABLED;

  health->self_test.current = DRIVEDASH_SELF_TEST_NONE;
  health->self_test.n_results = 2;
  health->self_test.results[0].kind = DRIVEDASH_SELF_TEST_SHORT;
  health->self_test.results[0].result = DRIVEDASH_SELF_TEST_RESULT_PASSED;
  health->self_test.results[0].power_on_hours = 10120;
  health->self_test.results[1].kind = DRIVEDASH_SELF_TEST_EXTENDED;
  health->self_test.results[1].result = DRIVEDASH_SELF_TEST_RESULT_PASSED;
  health->self_test.results[1].power_on_hours = 8711;
  health->has |= DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG;

  /* Two old, harmless errors: commands the drive did not support. */
  {
    g_autoptr(GArray) log = g_array_new (FALSE, TRUE, sizeof (DrivedashErrorLogEntry));
    DrivedashErrorLogEntry e = { 0 };

    e.error_count = 12;
    e.submission_queue_id = 0;
    e.command_id = 0x1017;
    e.status = 0x0002;  /* Invalid Field in Command */
    e.parameter_error_location = 0xffff;
    g_array_append_val (log, e);
    e.error_count = 11;
    e.command_id = 0x0016;
    g_array_append_val (log, e);
    drivedash_health_set_error_log (health, log);
  }

  /* The factory firmware kept in the read-only slot, an update running. */
  health->firmware_log.n_slots = 2;
  health->firmware_log.slot1_read_only = TRUE;
  health->firmware_log.active_slot = 2;
  g_strlcpy (health->firmware_log.revisions[0], "3B2QGXA0", sizeof health->firmware_log.revisions[0]);
  g_strlcpy (health->firmware_log.revisions[1], health->firmware, sizeof health->firmware_log.revisions[1]);
  health->has |= DRIVEDASH_HEALTH_HAS_FIRMWARE_LOG;

  drivedash_health_update_verdict (health);
  return health;
}

double
drivedash_demo_temperature_at (double seconds)
{
  /* Idle around 38 °C with a game's load every few minutes, plus sensor
   * jitter: deterministic, so tests and screenshots are repeatable. */
  double load = 0.5 + 0.5 * sin (seconds / 90.0);

  return 273.15 + 38.0 + 7.0 * load * load + 0.6 * sin (seconds * 1.7) + 0.3 * sin (seconds * 5.3);
}
