/* test-health.c — decoders, verdict rules, formatting, JSON and a{sv}
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-format.h"
#include "drivedash-health.h"
#include "drivedash-plausible.h"
#include "drivedash-hwmon.h"

#include "drivedash-test-health.h"

static void
assert_u128 (DrivedashU128  value,
             const char    *expected)
{
  g_autofree char *s = drivedash_u128_to_string (value);

  g_assert_cmpstr (s, ==, expected);
}

/* --- 128-bit counters ---------------------------------------------------- */

static void
test_u128 (void)
{
  DrivedashU128 max = DRIVEDASH_U128_INIT (G_MAXUINT64, G_MAXUINT64);
  DrivedashU128 v;
  gint64 i64;

  assert_u128 (DRIVEDASH_U128_INIT (0, 0), "0");
  assert_u128 (DRIVEDASH_U128_INIT (G_MAXUINT64, 0), "18446744073709551615");
  assert_u128 (DRIVEDASH_U128_INIT (0, 1), "18446744073709551616");
  assert_u128 (max, "340282366920938463463374607431768211455");

  g_assert_true (drivedash_u128_from_string ("340282366920938463463374607431768211455", &v));
  g_assert_cmpuint (v.lo, ==, G_MAXUINT64);
  g_assert_cmpuint (v.hi, ==, G_MAXUINT64);
  g_assert_false (drivedash_u128_from_string ("340282366920938463463374607431768211456", &v));
  g_assert_false (drivedash_u128_from_string ("", &v));
  g_assert_false (drivedash_u128_from_string ("12a", &v));
  g_assert_false (drivedash_u128_from_string ("-1", &v));
  g_assert_true (drivedash_u128_from_string ("18446744073709551616", &v));
  g_assert_cmpuint (v.lo, ==, 0);
  g_assert_cmpuint (v.hi, ==, 1);

  g_assert_true (drivedash_u128_to_int64 (DRIVEDASH_U128_INIT (G_MAXINT64, 0), &i64));
  g_assert_cmpint (i64, ==, G_MAXINT64);
  g_assert_false (drivedash_u128_to_int64 (DRIVEDASH_U128_INIT ((guint64) G_MAXINT64 + 1, 0), &i64));
  g_assert_false (drivedash_u128_to_int64 (DRIVEDASH_U128_INIT (0, 1), &i64));

  g_assert_cmpint (drivedash_u128_compare (DRIVEDASH_U128_INIT (5, 1), DRIVEDASH_U128_INIT (G_MAXUINT64, 0)), >, 0);
  g_assert_cmpint (drivedash_u128_compare (DRIVEDASH_U128_INIT (1, 0), DRIVEDASH_U128_INIT (2, 0)), <, 0);
  g_assert_cmpint (drivedash_u128_compare (max, max), ==, 0);

  /* bytes = units × 512 000 with 128-bit arithmetic, across 2^64. */
  assert_u128 (drivedash_data_units_to_bytes (DRIVEDASH_U128_INIT (1, 0)), "512000");
  assert_u128 (drivedash_data_units_to_bytes (DRIVEDASH_U128_INIT (G_MAXUINT64, 0)),
               "9444732965739290426880000");
  assert_u128 (drivedash_data_units_to_bytes (DRIVEDASH_U128_INIT (0, 1)),
               "9444732965739290427392000");
  /* Beyond 2^128 it saturates rather than wrapping to a small number. */
  assert_u128 (drivedash_data_units_to_bytes (max), "340282366920938463463374607431768211455");
}

/* --- SMART log ------------------------------------------------------------- */

static void
test_smart_known (void)
{
  DrivedashSmartLog s;

  drivedash_test_decode_smart_fixture ("smart-known.bin", &s);

  g_assert_cmphex (s.critical_warning, ==, 0xA5);
  g_assert_cmpuint (s.temperature_kelvin, ==, 323);
  g_assert_cmpuint (s.available_spare_percent, ==, 87);
  g_assert_cmpuint (s.available_spare_threshold_percent, ==, 10);
  g_assert_cmpuint (s.percentage_used, ==, 13);
  g_assert_cmphex (s.endurance_group_critical_warning, ==, 0x01);
  /* 0x0123456789ABCDEF_FEDCBA9876543210, far above 2^64. */
  g_assert_cmphex (s.data_units_read.hi, ==, G_GUINT64_CONSTANT (0x0123456789ABCDEF));
  g_assert_cmphex (s.data_units_read.lo, ==, G_GUINT64_CONSTANT (0xFEDCBA9876543210));
  assert_u128 (s.data_units_read, "1512366075204170947332355369683137040");
  assert_u128 (s.data_units_written, "18446744073709551616");
  assert_u128 (drivedash_data_units_to_bytes (s.data_units_written), "9444732965739290427392000");
  assert_u128 (s.host_read_commands, "123456789012");
  assert_u128 (s.host_write_commands, "987654321098");
  assert_u128 (s.controller_busy_minutes, "4321");
  assert_u128 (s.power_cycles, "1234");
  assert_u128 (s.power_on_hours, "20000");
  assert_u128 (s.unsafe_shutdowns, "42");
  assert_u128 (s.media_errors, "3");
  assert_u128 (s.error_log_entries, "17");
  g_assert_cmpuint (s.warning_temperature_minutes, ==, 100);
  g_assert_cmpuint (s.critical_temperature_minutes, ==, 5);
  g_assert_cmpuint (s.temperature_sensors_kelvin[0], ==, 310);
  g_assert_cmpuint (s.temperature_sensors_kelvin[1], ==, 320);
  g_assert_cmpuint (s.temperature_sensors_kelvin[2], ==, 0);
  g_assert_cmpuint (s.temperature_sensors_kelvin[3], ==, 330);
  g_assert_cmpuint (s.temperature_sensors_kelvin[7], ==, 65535);
  g_assert_cmpuint (s.thermal_management_1_transitions, ==, 7);
  g_assert_cmpuint (s.thermal_management_2_transitions, ==, 2);
  g_assert_cmpuint (s.thermal_management_1_seconds, ==, 3600);
  g_assert_cmpuint (s.thermal_management_2_seconds, ==, 60);
}

static void
test_smart_short (void)
{
  guint8 buf[DRIVEDASH_SMART_LOG_SIZE] = { 0 };
  DrivedashSmartLog s;
  DrivedashIdentify id;
  DrivedashSelfTestLog st;
  g_autoptr(GError) error = NULL;

  g_assert_false (drivedash_smart_log_decode (buf, sizeof buf - 1, &s, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (drivedash_smart_log_decode (NULL, 0, &s, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (drivedash_identify_decode (buf, sizeof buf, &id, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (drivedash_self_test_log_decode (buf, 563, &st, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
}

static DrivedashHealth *
health_from_smart (const DrivedashSmartLog *s)
{
  DrivedashHealth *h = drivedash_health_new ("nvme0");

  drivedash_health_set_smart (h, s);
  h->warning_temperature_kelvin = 343;
  h->critical_temperature_kelvin = 353;
  h->has |= DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS;
  drivedash_health_update_verdict (h);
  return h;
}

/* A healthy log: everything the rules look at is fine. */
static void
good_smart (DrivedashSmartLog *s)
{
  memset (s, 0, sizeof *s);
  s->temperature_kelvin = 313;
  s->available_spare_percent = 100;
  s->available_spare_threshold_percent = 10;
  s->percentage_used = 3;
}

static gboolean
has_reason (DrivedashHealth *h,
            const char      *id)
{
  for (guint i = 0; i < h->reasons->len; i++)
    {
      DrivedashVerdictReason *r = g_ptr_array_index (h->reasons, i);

      if (g_strcmp0 (r->id, id) == 0)
        {
          g_assert_nonnull (r->message);
          g_assert_cmpstr (r->message, !=, "");
          return TRUE;
        }
    }
  return FALSE;
}

static void
test_critical_warning_bits (void)
{
  const char *ids[8] = {
    "critical-warning-spare", "critical-warning-temperature",
    "critical-warning-reliability", "critical-warning-read-only",
    "critical-warning-volatile-backup", "critical-warning-pmr-read-only",
    "critical-warning-reserved-6", "critical-warning-reserved-7",
  };

  for (guint bit = 0; bit < 8; bit++)
    {
      guint8 buf[DRIVEDASH_SMART_LOG_SIZE] = { 0 };
      DrivedashSmartLog s;
      g_autoptr(DrivedashHealth) h = NULL;

      buf[0] = (guint8) (1u << bit);
      buf[1] = 313 & 0xff;
      buf[2] = 313 >> 8;
      buf[3] = 100;
      buf[4] = 10;
      g_assert_true (drivedash_smart_log_decode (buf, sizeof buf, &s, NULL));
      g_assert_cmpuint (s.critical_warning, ==, 1u << bit);

      h = health_from_smart (&s);
      g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_BAD);
      g_assert_true (has_reason (h, ids[bit]));
      g_assert_cmpuint (h->reasons->len, ==, 1);
      g_assert_cmpstr (drivedash_critical_warning_describe (bit), !=, "");
      /* Bit 1 is also the temperature alarm. */
      g_assert_cmpint (h->temperature_alarm, ==, bit == 1);
      /* What the drive reported, beside its normal reading: never "too
       * hot or too cold" at 40 °C with a 70 °C limit. */
      if (bit == 1)
        {
          const char *message = ((DrivedashVerdictReason *) g_ptr_array_index (h->reasons, 0))->message;

          g_assert_nonnull (strstr (message, "raised its temperature warning"));
          g_assert_nonnull (strstr (message, "40 °C"));
          g_assert_nonnull (strstr (message, "70 °C"));
          g_assert_null (strstr (message, "too hot"));
        }
    }

  /* All bits at once: one reason each, all Bad. */
  {
    DrivedashSmartLog s;
    g_autoptr(DrivedashHealth) h = NULL;

    good_smart (&s);
    s.critical_warning = 0xff;
    h = health_from_smart (&s);
    g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_BAD);
    g_assert_cmpuint (h->reasons->len, ==, 8);
  }
}

/* --- verdict rules: one test each -------------------------------------- */

static void
test_verdict_good (void)
{
  DrivedashSmartLog s;
  g_autoptr(DrivedashHealth) h = NULL;

  good_smart (&s);
  h = health_from_smart (&s);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_GOOD);
  g_assert_true (has_reason (h, "no-problems"));
  g_assert_cmpuint (h->reasons->len, ==, 1);
}

static void
test_verdict_spare_below_threshold (void)
{
  DrivedashSmartLog s;
  g_autoptr(DrivedashHealth) h = NULL;

  good_smart (&s);
  s.available_spare_percent = 9;
  h = health_from_smart (&s);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_BAD);
  g_assert_true (has_reason (h, "spare-below-threshold"));

  /* With bit 0 set too, the drive's own warning is the one reason. */
  {
    g_autoptr(DrivedashHealth) h2 = NULL;

    s.critical_warning = DRIVEDASH_CRITICAL_WARNING_SPARE;
    h2 = health_from_smart (&s);
    g_assert_cmpint (h2->verdict, ==, DRIVEDASH_VERDICT_BAD);
    g_assert_true (has_reason (h2, "critical-warning-spare"));
    g_assert_false (has_reason (h2, "spare-below-threshold"));
  }
}

static void
test_verdict_spare_at_threshold (void)
{
  DrivedashSmartLog s;
  g_autoptr(DrivedashHealth) h = NULL;
  g_autoptr(DrivedashHealth) h2 = NULL;

  good_smart (&s);
  s.available_spare_percent = 10;
  h = health_from_smart (&s);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_CAUTION);
  g_assert_true (has_reason (h, "spare-at-threshold"));

  /* Above the maker's threshold, but most spare blocks gone: Caution
   * (issue 37: real drives go read-only at 73 %). */
  s.available_spare_percent = 11;
  h2 = health_from_smart (&s);
  g_assert_cmpint (h2->verdict, ==, DRIVEDASH_VERDICT_CAUTION);
  g_assert_true (has_reason (h2, "spare-mostly-used"));
  g_assert_false (has_reason (h2, "spare-at-threshold"));
  g_clear_pointer (&h2, drivedash_health_unref);
  s.available_spare_percent = 50;
  h2 = health_from_smart (&s);
  g_assert_cmpint (h2->verdict, ==, DRIVEDASH_VERDICT_GOOD);
}

/* Values no drive can mean are said, with their raw figure, and never
 * change the verdict (drivedash-plausible.c's table). */
static void
test_verdict_implausible (void)
{
  DrivedashSmartLog s;

  /* SK hynix BC501, firmware 80000C00: junk in the upper 64 bits. */
  {
    g_autoptr(DrivedashHealth) h = NULL;

    good_smart (&s);
    s.media_errors = DRIVEDASH_U128_INIT (0, 241635);
    h = health_from_smart (&s);
    g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_GOOD);
    g_assert_false (has_reason (h, "media-errors"));
    g_assert_true (has_reason (h, "implausible-media-errors"));
    g_assert_true (drivedash_health_implausible (h) == DRIVEDASH_IMPLAUSIBLE_MEDIA_ERRORS);
  }
  /* 2^48 - 1 is still a count; 2^48 is not. */
  {
    g_autoptr(DrivedashHealth) h = NULL;

    s.media_errors = DRIVEDASH_U128_INIT ((G_GUINT64_CONSTANT (1) << 48) - 1, 0);
    h = health_from_smart (&s);
    g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_CAUTION);
    g_assert_true (has_reason (h, "media-errors"));
  }
  /* Intel H10: 928,959 hours; spare 0 with threshold 0. */
  {
    g_autoptr(DrivedashHealth) h = NULL;

    good_smart (&s);
    s.power_on_hours = DRIVEDASH_U128_INIT (928959, 0);
    s.available_spare_percent = 0;
    s.available_spare_threshold_percent = 0;
    h = health_from_smart (&s);
    g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_GOOD);
    g_assert_true (has_reason (h, "implausible-power-on-hours"));
    g_assert_true (has_reason (h, "spare-not-reported"));
    g_assert_false (has_reason (h, "spare-at-threshold"));
    g_assert_false (has_reason (h, "spare-mostly-used"));
  }
  /* Apple's 99 % threshold with 87 % spare: not below a real threshold. */
  {
    g_autoptr(DrivedashHealth) h = NULL;

    good_smart (&s);
    s.available_spare_percent = 87;
    s.available_spare_threshold_percent = 99;
    h = health_from_smart (&s);
    g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_GOOD);
    g_assert_false (has_reason (h, "spare-below-threshold"));
    g_assert_true (has_reason (h, "implausible-spare-threshold"));
  }
  /* A 255 °C critical limit is no limit; 1 and 150 °C are. */
  g_assert_false (drivedash_temperature_limit_plausible (273 + 255));
  g_assert_false (drivedash_temperature_limit_plausible (0));
  g_assert_true (drivedash_temperature_limit_plausible (273 + 1));
  g_assert_true (drivedash_temperature_limit_plausible (273 + 150));
}

static void
test_verdict_life (void)
{
  const struct { guint8 used; DrivedashVerdict verdict; const char *id; } cases[] = {
    { 89, DRIVEDASH_VERDICT_GOOD, "no-problems" },
    { 90, DRIVEDASH_VERDICT_CAUTION, "life-low" },      /* 10 % left */
    { 99, DRIVEDASH_VERDICT_CAUTION, "life-low" },
    { 100, DRIVEDASH_VERDICT_CAUTION, "life-used-up" },
    { 255, DRIVEDASH_VERDICT_CAUTION, "life-used-up" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DrivedashSmartLog s;
      g_autoptr(DrivedashHealth) h = NULL;

      good_smart (&s);
      s.percentage_used = cases[i].used;
      h = health_from_smart (&s);
      g_assert_cmpint (h->verdict, ==, cases[i].verdict);
      g_assert_true (has_reason (h, cases[i].id));
    }
}

static void
test_verdict_media_errors (void)
{
  DrivedashSmartLog s;
  g_autoptr(DrivedashHealth) h = NULL;
  g_autoptr(DrivedashHealth) h2 = NULL;

  good_smart (&s);
  s.media_errors = DRIVEDASH_U128_INIT (1, 0);
  h = health_from_smart (&s);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_CAUTION);
  g_assert_true (has_reason (h, "media-errors"));

  /* Only the high half set: 2^64 errors, which no drive can have (the
   * BC501's junk): said, and not judged by. */
  s.media_errors = DRIVEDASH_U128_INIT (0, 1);
  h2 = health_from_smart (&s);
  g_assert_cmpint (h2->verdict, ==, DRIVEDASH_VERDICT_GOOD);
  g_assert_false (has_reason (h2, "media-errors"));
  g_assert_true (has_reason (h2, "implausible-media-errors"));
}

static void
test_verdict_temperature (void)
{
  const struct { guint16 t; DrivedashVerdict verdict; const char *id; } cases[] = {
    { 342, DRIVEDASH_VERDICT_GOOD, "no-problems" },
    { 343, DRIVEDASH_VERDICT_CAUTION, "temperature-high" },   /* = warning limit */
    { 352, DRIVEDASH_VERDICT_CAUTION, "temperature-high" },
    { 353, DRIVEDASH_VERDICT_BAD, "temperature-critical" },   /* = critical limit */
    { 0, DRIVEDASH_VERDICT_GOOD, "no-problems" },             /* not reported: rule skipped */
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DrivedashSmartLog s;
      g_autoptr(DrivedashHealth) h = NULL;

      good_smart (&s);
      s.temperature_kelvin = cases[i].t;
      h = health_from_smart (&s);
      g_assert_cmpint (h->verdict, ==, cases[i].verdict);
      g_assert_true (has_reason (h, cases[i].id));
    }

  /* Limits of 0 K are "not reported": no rule fires, even when hot. */
  {
    DrivedashSmartLog s;
    g_autoptr(DrivedashHealth) h = drivedash_health_new ("nvme0");

    good_smart (&s);
    s.temperature_kelvin = 400;
    drivedash_health_set_smart (h, &s);
    h->has |= DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS;
    drivedash_health_update_verdict (h);
    g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_GOOD);
  }
}

static void
test_verdict_controller_state (void)
{
  const struct { const char *state; DrivedashVerdict verdict; const char *id; } cases[] = {
    { "live", DRIVEDASH_VERDICT_GOOD, "no-problems" },
    { "dead", DRIVEDASH_VERDICT_BAD, "controller-dead" },
    { "resetting", DRIVEDASH_VERDICT_CAUTION, "controller-resetting" },
    { "connecting", DRIVEDASH_VERDICT_CAUTION, "controller-resetting" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DrivedashSmartLog s;
      g_autoptr(DrivedashHealth) h = drivedash_health_new ("nvme0");

      good_smart (&s);
      drivedash_health_set_smart (h, &s);
      h->state = g_strdup (cases[i].state);
      drivedash_health_update_verdict (h);
      g_assert_cmpint (h->verdict, ==, cases[i].verdict);
      g_assert_true (has_reason (h, cases[i].id));
    }

  /* A dead controller tells nothing else: the state alone decides. */
  {
    g_autoptr(DrivedashHealth) h = drivedash_health_new ("nvme0");

    h->state = g_strdup ("dead");
    drivedash_health_update_verdict (h);
    g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_BAD);
    g_assert_cmpuint (h->reasons->len, ==, 1);
  }
}

static void
test_verdict_order_and_unknown (void)
{
  DrivedashSmartLog s;
  g_autoptr(DrivedashHealth) h = NULL;
  g_autoptr(DrivedashHealth) empty = drivedash_health_new ("nvme0");
  DrivedashVerdictReason *first;

  /* Caution reasons come after Bad ones. */
  good_smart (&s);
  s.percentage_used = 95;
  s.critical_warning = DRIVEDASH_CRITICAL_WARNING_READ_ONLY;
  h = health_from_smart (&s);
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_BAD);
  first = g_ptr_array_index (h->reasons, 0);
  g_assert_cmpstr (first->id, ==, "critical-warning-read-only");
  g_assert_true (has_reason (h, "life-low"));

  /* Nothing known: Unknown, with a reason. */
  drivedash_health_update_verdict (empty);
  g_assert_cmpint (empty->verdict, ==, DRIVEDASH_VERDICT_UNKNOWN);
  g_assert_true (has_reason (empty, "no-data"));

  g_assert_cmpstr (drivedash_verdict_to_string (DRIVEDASH_VERDICT_CAUTION), ==, "caution");
  {
    DrivedashVerdict v;

    g_assert_true (drivedash_verdict_from_string ("bad", &v));
    g_assert_cmpint (v, ==, DRIVEDASH_VERDICT_BAD);
    g_assert_false (drivedash_verdict_from_string ("fine", &v));
  }
}

/* --- Identify and self-test -------------------------------------------- */

static void
test_identify_known (void)
{
  DrivedashIdentify id;

  drivedash_test_decode_identify_fixture (&id);

  g_assert_cmphex (id.vendor_id, ==, 0x1B36);
  g_assert_cmphex (id.subsystem_vendor_id, ==, 0x1AF4);
  g_assert_cmpstr (id.serial, ==, "SN123");   /* padding trimmed on both sides */
  g_assert_cmpstr (id.model, ==, "Drivedash Test Drive");
  g_assert_cmpstr (id.firmware, ==, "1.2.3");
  g_assert_cmphex (id.version, ==, 0x00010400);
  g_assert_cmphex (id.oacs, ==, 0x16);
  g_assert_true (drivedash_identify_supports_self_test (&id));
  g_assert_cmpuint (id.error_log_page_entries, ==, 64);
  g_assert_true (id.apst_supported);
  g_assert_cmpuint (id.warning_temperature_kelvin, ==, 343);
  g_assert_cmpuint (id.critical_temperature_kelvin, ==, 353);
  assert_u128 (id.total_capacity_bytes, "1000204886016");
  assert_u128 (id.unallocated_capacity_bytes, "0");
  g_assert_cmpuint (id.extended_self_test_minutes, ==, 10);
  g_assert_cmpuint (id.host_thermal_management_supported, ==, 1);
  g_assert_cmpuint (id.min_thermal_management_kelvin, ==, 273);
  g_assert_cmpuint (id.max_thermal_management_kelvin, ==, 358);

  g_assert_cmpuint (id.n_power_states, ==, 3);
  g_assert_cmpuint (id.power_states[0].max_power_microwatts, ==, 9000000);
  g_assert_false (id.power_states[0].non_operational);
  g_assert_cmpuint (id.power_states[1].index, ==, 1);
  g_assert_cmpuint (id.power_states[1].max_power_microwatts, ==, 460000);  /* MXPS scale */
  g_assert_cmpuint (id.power_states[1].entry_latency_us, ==, 5);
  g_assert_cmpuint (id.power_states[1].exit_latency_us, ==, 10);
  g_assert_cmpuint (id.power_states[1].idle_power_microwatts, ==, 300000);
  g_assert_cmpuint (id.power_states[1].active_power_microwatts, ==, 5000);
  g_assert_cmpuint (id.power_states[2].max_power_microwatts, ==, 500000);
  g_assert_true (id.power_states[2].non_operational);
  g_assert_cmpuint (id.power_states[2].entry_latency_us, ==, 2000);
  g_assert_cmpuint (id.power_states[2].exit_latency_us, ==, 10000);
}

static void
test_identify_garbage (void)
{
  g_autoptr(GBytes) bytes = drivedash_test_load_fixture ("identify-all-ones.bin");
  DrivedashIdentify id;
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);

  g_assert_true (drivedash_identify_decode (data, len, &id, NULL));
  /* NPSS 255 is clamped to the 32 entries the table has. */
  g_assert_cmpuint (id.n_power_states, ==, DRIVEDASH_MAX_POWER_STATES);
  /* 0xff bytes are not text: replaced, still valid UTF-8. */
  g_assert_true (g_utf8_validate (id.model, -1, NULL));
  g_assert_cmpuint (strlen (id.model), ==, 40);
}

static void
test_self_test_log (void)
{
  g_autoptr(GBytes) bytes = drivedash_test_load_fixture ("self-test-known.bin");
  DrivedashSelfTestLog log;
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);

  g_assert_true (drivedash_self_test_log_decode (data, len, &log, NULL));
  g_assert_cmpint (log.current, ==, DRIVEDASH_SELF_TEST_SHORT);
  g_assert_cmpuint (log.current_percent_done, ==, 42);
  g_assert_cmpuint (log.n_results, ==, 2);
  g_assert_cmpint (log.results[0].kind, ==, DRIVEDASH_SELF_TEST_SHORT);
  g_assert_cmpint (log.results[0].result, ==, DRIVEDASH_SELF_TEST_RESULT_FAILED_SEGMENT);
  g_assert_cmpuint (log.results[0].failed_segment, ==, 3);
  g_assert_cmpuint (log.results[0].power_on_hours, ==, 19999);
  g_assert_true (log.results[0].nsid_valid);
  g_assert_cmpuint (log.results[0].nsid, ==, 1);
  g_assert_true (log.results[0].failing_lba_valid);
  g_assert_cmphex (log.results[0].failing_lba, ==, 0x1000);
  g_assert_cmpint (log.results[1].kind, ==, DRIVEDASH_SELF_TEST_EXTENDED);
  g_assert_cmpint (log.results[1].result, ==, DRIVEDASH_SELF_TEST_RESULT_PASSED);
  g_assert_false (log.results[1].nsid_valid);
  g_assert_cmpstr (drivedash_self_test_result_id (log.results[0].result), ==, "failed-segment");
  g_assert_cmpstr (drivedash_self_test_kind_id (log.results[1].kind), ==, "extended");
}

static void
test_error_log (void)
{
  g_autoptr(GBytes) bytes = drivedash_test_load_fixture ("error-log-known.bin");
  g_autoptr(GArray) log = NULL;
  g_autoptr(GError) error = NULL;
  const DrivedashErrorLogEntry *e;
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);

  log = drivedash_error_log_decode (data, len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (log->len, ==, 2);   /* the two empty entries are skipped */

  e = &g_array_index (log, DrivedashErrorLogEntry, 0);
  g_assert_cmpuint (e->error_count, ==, 17);
  g_assert_cmpuint (e->submission_queue_id, ==, 0);
  g_assert_cmphex (e->command_id, ==, 0x1a);
  g_assert_cmphex (e->status, ==, 0x0002);    /* phase bit dropped */
  g_assert_cmphex (e->parameter_error_location, ==, 0x28);
  g_assert_cmphex (e->nsid, ==, 0xffffffff);

  e = &g_array_index (log, DrivedashErrorLogEntry, 1);
  g_assert_cmpuint (e->error_count, ==, 16);
  g_assert_cmpuint (e->submission_queue_id, ==, 3);
  g_assert_cmphex (e->status, ==, 0x0281);
  g_assert_cmphex (e->parameter_error_location, ==, 0xffff);
  g_assert_cmphex (e->lba, ==, 0x1234);
  g_assert_cmpuint (e->nsid, ==, 1);
  g_assert_cmphex (e->command_specific, ==, 0xdeadbeef);

  g_assert_null (drivedash_error_log_decode (data, 63, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
}

static void
test_firmware_log (void)
{
  g_autoptr(GBytes) bytes = drivedash_test_load_fixture ("firmware-log-known.bin");
  g_autoptr(GError) error = NULL;
  DrivedashFirmwareLog log;
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);
  guint8 page[DRIVEDASH_FIRMWARE_LOG_SIZE];

  /* FRMW 0x07: three slots, slot 1 read-only. */
  g_assert_true (drivedash_firmware_log_decode (data, len, 0x07, &log, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (log.n_slots, ==, 3);
  g_assert_true (log.slot1_read_only);
  g_assert_cmpuint (log.active_slot, ==, 2);
  g_assert_cmpuint (log.next_slot, ==, 1);
  g_assert_cmpstr (log.revisions[0], ==, "1.0");
  g_assert_cmpstr (log.revisions[1], ==, "2.1b");
  g_assert_cmpstr (log.revisions[2], ==, "");
  /* Slot 4 is beyond what FRMW declares: its bytes are not read. */
  g_assert_cmpstr (log.revisions[3], ==, "");
  g_assert_cmpstr (drivedash_firmware_log_get_active (&log), ==, "2.1b");

  /* One slot, writable: the active slot 2 of the page does not exist. */
  g_assert_true (drivedash_firmware_log_decode (data, len, 0x02, &log, &error));
  g_assert_cmpuint (log.n_slots, ==, 1);
  g_assert_false (log.slot1_read_only);
  g_assert_cmpuint (log.active_slot, ==, 0);
  g_assert_cmpuint (log.next_slot, ==, 1);
  g_assert_null (drivedash_firmware_log_get_active (&log));

  /* Junk in every byte: FRMW's count 0 means one slot, 7 stays 7. */
  memset (page, 0xff, sizeof page);
  g_assert_true (drivedash_firmware_log_decode (page, sizeof page, 0x00, &log, &error));
  g_assert_cmpuint (log.n_slots, ==, 1);
  g_assert_cmpuint (log.active_slot, ==, 0);
  g_assert_cmpstr (log.revisions[0], ==, "????????");
  g_assert_true (drivedash_firmware_log_decode (page, sizeof page, 0xff, &log, &error));
  g_assert_cmpuint (log.n_slots, ==, 7);
  g_assert_cmpuint (log.active_slot, ==, 7);

  g_assert_false (drivedash_firmware_log_decode (data, DRIVEDASH_FIRMWARE_LOG_SIZE - 1, 0x07, &log, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (drivedash_firmware_log_decode (NULL, 0, 0x07, &log, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
}

/* --- Kelvin and formatting ------------------------------------------- */

static void
test_kelvin (void)
{
  struct { guint k; const char *text; } cases[] = {
    { 0, "not reported" },
    { 1, "-272 °C" },
    { 273, "0 °C" },      /* −0.15 °C: never "-0 °C" */
    { 274, "1 °C" },      /* 0.85 °C */
    { 323, "50 °C" },     /* 49.85 °C, QEMU's fixed value */
    { 65535, "65262 °C" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *s = drivedash_format_temperature (cases[i].k);

      g_assert_cmpstr (s, ==, cases[i].text);
    }

  g_assert_cmpfloat_with_epsilon (drivedash_kelvin_to_celsius (323), 49.85, 1e-9);
  g_assert_cmpfloat_with_epsilon (drivedash_kelvin_to_celsius (0), -273.15, 1e-9);

  /* hwmon millidegrees back to the drive's exact Kelvin. */
  g_assert_cmpuint (drivedash_millicelsius_to_kelvin (49850), ==, 323);
  g_assert_cmpuint (drivedash_millicelsius_to_kelvin (-273150), ==, 0);
  g_assert_cmpuint (drivedash_millicelsius_to_kelvin (-300000), ==, 0);
  g_assert_cmpuint (drivedash_millicelsius_to_kelvin (-272150), ==, 1);
  g_assert_cmpuint (drivedash_millicelsius_to_kelvin (-150), ==, 273);
  g_assert_cmpuint (drivedash_millicelsius_to_kelvin (65535 * 1000 - 273150), ==, 65535);
  g_assert_cmpuint (drivedash_millicelsius_to_kelvin (G_MAXINT64), ==, 0);
  /* Every Kelvin survives the kernel's conversion exactly. */
  for (guint k = 1; k <= G_MAXUINT16; k++)
    g_assert_cmpuint (drivedash_millicelsius_to_kelvin ((gint64) k * 1000 - 273150), ==, k);
}

static void
test_format (void)
{
  struct { guint64 bytes; const char *text; } cases[] = {
    { 0, "0 bytes" },
    { 1, "1 byte" },
    { 999, "999 bytes" },
    { 1000, "1.00 kB" },
    { 512000, "512 kB" },
    { 1500000000000, "1.50 TB" },
    { 999950000, "1.00 GB" },
    { G_MAXUINT64, "18.4 EB" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *s = drivedash_format_bytes (cases[i].bytes);

      g_assert_cmpstr (s, ==, cases[i].text);
    }

  {
    g_autofree char *huge = drivedash_format_bytes_u128 (DRIVEDASH_U128_INIT (0, 1));
    g_autofree char *zetta = drivedash_format_bytes_u128 (DRIVEDASH_U128_INIT (0, 64));
    g_autofree char *hours = drivedash_format_hours (DRIVEDASH_U128_INIT (20000, 0));
    g_autofree char *one = drivedash_format_hours (DRIVEDASH_U128_INIT (1, 0));
    g_autofree char *days = drivedash_format_hours (DRIVEDASH_U128_INIT (1234, 0));
    g_autofree char *years = drivedash_format_hours (DRIVEDASH_U128_INIT (26298, 0));
    g_autofree char *count = drivedash_format_count (DRIVEDASH_U128_INIT (0, 1));
    g_autofree char *w = drivedash_format_power (9000000);
    g_autofree char *mw = drivedash_format_power (3500);
    g_autofree char *none = drivedash_format_power (0);
    g_autofree char *us = drivedash_format_latency_us (250);
    g_autofree char *ms = drivedash_format_latency_us (10000);

    g_assert_cmpstr (huge, ==, "18.4 EB");
    g_assert_cmpstr (zetta, ==, "1.18 ZB");   /* 2^70 bytes */
    g_assert_cmpstr (hours, ==, "20000 hours (2.3 years)");
    g_assert_cmpstr (days, ==, "1234 hours (51 days)");
    g_assert_cmpstr (one, ==, "1 hour");
    g_assert_cmpstr (years, ==, "26298 hours (3.0 years)");
    g_assert_cmpstr (count, ==, "18446744073709551616");
    g_assert_cmpstr (w, ==, "9.00 W");
    g_assert_cmpstr (mw, ==, "3.5 mW");
    g_assert_cmpstr (none, ==, "not reported");
    g_assert_cmpstr (us, ==, "250 µs");
    g_assert_cmpstr (ms, ==, "10.0 ms");
  }
}

/* --- JSON and a{sv} ---------------------------------------------------- */

static char *
health_json (DrivedashHealth *h)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  drivedash_health_to_json (h, b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}

static JsonObject *
parse_object (const char *text,
              JsonParser *parser)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_node_get_object (json_parser_get_root (parser));
}

static void
test_json (void)
{
  const char *required[] = {
    "controller", "model", "serial", "firmware", "privileged", "verdict",
    "verdict_reasons", "critical_warning", "temperature_kelvin",
    "warning_temperature_kelvin", "critical_temperature_kelvin",
    "available_spare_percent", "available_spare_threshold_percent",
    "percentage_used", "data_units_read", "data_units_written", "bytes_read",
    "bytes_written", "host_read_commands", "host_write_commands",
    "power_cycles", "power_on_hours", "unsafe_shutdowns", "media_errors",
    "error_log_entries", "power_states", "apst_supported", "firmware_slots",
  };
  g_autoptr(DrivedashHealth) h = drivedash_test_full_health ();
  g_autoptr(DrivedashHealth) partial = drivedash_health_new ("nvme1");
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) parser2 = json_parser_new ();
  g_autofree char *text = health_json (h);
  g_autofree char *text2 = NULL;
  JsonObject *o = parse_object (text, parser);
  JsonObject *p;
  JsonObject *fw;
  JsonArray *a;

  for (gsize i = 0; i < G_N_ELEMENTS (required); i++)
    g_assert_true (json_object_has_member (o, required[i]));

  g_assert_cmpstr (json_object_get_string_member (o, "controller"), ==, "nvme0");
  g_assert_cmpstr (json_object_get_string_member (o, "model"), ==, "Drivedash Test Drive");
  g_assert_cmpstr (json_object_get_string_member (o, "source"), ==, "nvme");
  g_assert_true (json_object_get_boolean_member (o, "privileged"));
  g_assert_cmpstr (json_object_get_string_member (o, "verdict"), ==, "bad");
  g_assert_cmpint (json_object_get_int_member (o, "critical_warning"), ==, 0xA5);
  a = json_object_get_array_member (o, "critical_warnings");
  g_assert_cmpuint (json_array_get_length (a), ==, 4);
  g_assert_cmpstr (json_array_get_string_element (a, 0), ==, "spare");
  g_assert_cmpstr (json_array_get_string_element (a, 1), ==, "reliability");
  g_assert_cmpint (json_object_get_int_member (o, "temperature_kelvin"), ==, 323);
  g_assert_cmpint (json_object_get_int_member (o, "warning_temperature_kelvin"), ==, 343);
  g_assert_cmpint (json_object_get_int_member (o, "critical_temperature_kelvin"), ==, 353);
  g_assert_cmpint (json_object_get_int_member (o, "available_spare_percent"), ==, 87);
  g_assert_cmpint (json_object_get_int_member (o, "percentage_used"), ==, 13);
  g_assert_cmpint (json_object_get_int_member (o, "host_read_commands"), ==, 123456789012);
  g_assert_cmpstr (json_object_get_string_member (o, "host_read_commands_exact"), ==, "123456789012");
  g_assert_cmpint (json_object_get_int_member (o, "power_on_hours"), ==, 20000);
  g_assert_cmpint (json_object_get_int_member (o, "media_errors"), ==, 3);
  /* Above 2^63 the number is approximate; the _exact string is exact. */
  g_assert_cmpstr (json_object_get_string_member (o, "data_units_written_exact"), ==, "18446744073709551616");
  g_assert_cmpstr (json_object_get_string_member (o, "bytes_written_exact"), ==, "9444732965739290427392000");
  g_assert_cmpstr (json_object_get_string_member (o, "data_units_read_exact"), ==,
                   "1512366075204170947332355369683137040");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o, "data_units_written"),
                                  18446744073709551616.0, 1.0);
  a = json_object_get_array_member (o, "power_states");
  g_assert_cmpuint (json_array_get_length (a), ==, 3);
  g_assert_false (json_object_get_boolean_member (json_array_get_object_element (a, 2), "operational"));
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (a, 1), "max_power_microwatts"), ==, 460000);
  g_assert_true (json_object_get_boolean_member (o, "apst_supported"));
  g_assert_true (json_object_get_boolean_member (o, "self_test_supported"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "verdict_reasons")), ==,
                    h->reasons->len);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
    json_object_get_object_member (o, "self_test"), "results")), ==, 2);
  a = json_object_get_array_member (o, "error_log");
  g_assert_cmpuint (json_array_get_length (a), ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (a, 1), "lba"), ==, 0x1234);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (a, 0), "status_text"), !=, "");
  g_assert_true (json_object_get_null_member (json_array_get_object_element (a, 1), "parameter_error_location"));
  fw = json_object_get_object_member (o, "firmware_slots");
  g_assert_cmpint (json_object_get_int_member (fw, "active_slot"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (fw, "next_slot"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (fw, "active_revision"), ==, "2.1b");
  g_assert_true (json_object_get_boolean_member (fw, "slot1_read_only"));
  a = json_object_get_array_member (fw, "slots");
  g_assert_cmpuint (json_array_get_length (a), ==, 3);
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (a, 0), "read_only"));
  g_assert_false (json_object_get_boolean_member (json_array_get_object_element (a, 1), "read_only"));
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (a, 1), "active"));
  g_assert_true (json_object_get_null_member (json_array_get_object_element (a, 2), "revision"));

  /* Unknown values are null, but every key is still there. */
  text2 = health_json (partial);
  p = parse_object (text2, parser2);
  for (gsize i = 0; i < G_N_ELEMENTS (required); i++)
    g_assert_true (json_object_has_member (p, required[i]));
  g_assert_true (json_object_get_null_member (p, "temperature_kelvin"));
  g_assert_true (json_object_get_null_member (p, "data_units_read"));
  g_assert_true (json_object_get_null_member (p, "data_units_read_exact"));
  g_assert_true (json_object_get_null_member (p, "power_states"));
  g_assert_true (json_object_get_null_member (p, "firmware_slots"));
  g_assert_false (json_object_get_boolean_member (p, "privileged"));
}

static void
assert_same_health (DrivedashHealth *a,
                    DrivedashHealth *b)
{
  g_autofree char *ja = health_json (a);
  g_autofree char *jb = health_json (b);

  g_assert_cmpstr (ja, ==, jb);
  g_assert_cmpstr (a->controller, ==, b->controller);
  g_assert_cmpint (a->has, ==, b->has);
  g_assert_cmpint (a->source, ==, b->source);
  g_assert_cmpint (a->privileged, ==, b->privileged);
  g_assert_cmpint (a->verdict, ==, b->verdict);
  if (a->has & DRIVEDASH_HEALTH_HAS_SMART)
    g_assert_cmpmem (&a->smart, sizeof a->smart, &b->smart, sizeof b->smart);
  if (a->has & DRIVEDASH_HEALTH_HAS_IDENTIFY)
    g_assert_cmpmem (&a->identify, sizeof a->identify, &b->identify, sizeof b->identify);
  if (a->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG)
    g_assert_cmpmem (&a->self_test, sizeof a->self_test, &b->self_test, sizeof b->self_test);
  if (a->has & DRIVEDASH_HEALTH_HAS_ERROR_LOG)
    g_assert_cmpmem (a->error_log->data, a->error_log->len * sizeof (DrivedashErrorLogEntry),
                     b->error_log->data, b->error_log->len * sizeof (DrivedashErrorLogEntry));
  if (a->has & DRIVEDASH_HEALTH_HAS_FIRMWARE_LOG)
    g_assert_cmpmem (&a->firmware_log, sizeof a->firmware_log, &b->firmware_log, sizeof b->firmware_log);
}

static void
test_variant_round_trip (void)
{
  g_autoptr(DrivedashHealth) h = drivedash_test_full_health ();
  g_autoptr(DrivedashHealth) partial = drivedash_health_new ("nvme3");
  g_autoptr(GVariant) v = drivedash_health_to_variant (h);
  g_autoptr(GVariant) v2 = NULL;
  g_autoptr(GVariant) serialised = NULL;
  g_autoptr(GBytes) wire = NULL;
  g_autoptr(DrivedashHealth) back = NULL;
  g_autoptr(DrivedashHealth) back2 = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_variant_is_of_type (v, G_VARIANT_TYPE_VARDICT));

  /* Through bytes, as D-Bus would carry it. */
  wire = g_variant_get_data_as_bytes (v);
  serialised = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, wire, FALSE));
  back = drivedash_health_new_from_variant (serialised, &error);
  g_assert_no_error (error);
  assert_same_health (h, back);

  /* A partial report round-trips too, missing list included. */
  partial->smart.temperature_kelvin = 318;
  partial->has |= DRIVEDASH_HEALTH_HAS_TEMPERATURE | DRIVEDASH_HEALTH_HAS_TEMPERATURE_ALARM;
  partial->temperature_alarm = TRUE;
  partial->source = DRIVEDASH_HEALTH_SOURCE_SYSFS;
  drivedash_health_add_missing (partial, "Counters", "Needs root.");
  drivedash_health_update_verdict (partial);
  v2 = drivedash_health_to_variant (partial);
  back2 = drivedash_health_new_from_variant (v2, &error);
  g_assert_no_error (error);
  assert_same_health (partial, back2);
  g_assert_cmpuint (back2->missing->len, ==, 1);
  g_assert_cmpint (back2->verdict, ==, DRIVEDASH_VERDICT_BAD);
}

/* The a{sv} is the service's wire format: a change must be deliberate.
 * The file is also a seed of the fuzz-health-variant corpus.  Regenerate
 * with DRIVEDASH_UPDATE_FIXTURES=1 after an intended change. */
static void
test_variant_wire_format (void)
{
  g_autoptr(DrivedashHealth) h = drivedash_test_full_health ();
  g_autoptr(GVariant) v = g_variant_ref_sink (drivedash_health_to_variant (h));
  g_autoptr(GBytes) wire = g_variant_get_data_as_bytes (v);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "health-full.variant", NULL);
  g_autoptr(GBytes) golden = NULL;
  g_autoptr(GError) error = NULL;

  /* GVariant's serialisation is in host byte order. */
  if (G_BYTE_ORDER != G_LITTLE_ENDIAN)
    {
      g_test_skip ("the golden file is little-endian");
      return;
    }

  if (g_getenv ("DRIVEDASH_UPDATE_FIXTURES") != NULL)
    {
      g_file_set_contents (path, g_bytes_get_data (wire, NULL), g_bytes_get_size (wire), &error);
      g_assert_no_error (error);
    }

  golden = drivedash_test_load_fixture ("health-full.variant");
  g_assert_true (g_bytes_equal (wire, golden));
}

static void
test_variant_invalid (void)
{
  g_autoptr(DrivedashHealth) h = drivedash_test_full_health ();
  g_autoptr(GVariant) v = drivedash_health_to_variant (h);
  g_auto(GVariantDict) d = G_VARIANT_DICT_INIT (v);
  g_autoptr(GVariant) broken = NULL;
  g_autoptr(GVariant) wrong_type = g_variant_ref_sink (g_variant_new_string ("nope"));
  g_autoptr(DrivedashHealth) back = NULL;
  g_autoptr(GError) error = NULL;

  /* A key of a flagged group is missing. */
  g_variant_dict_remove (&d, "power_on_hours");
  broken = g_variant_ref_sink (g_variant_dict_end (&d));
  back = drivedash_health_new_from_variant (broken, &error);
  g_assert_null (back);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  back = drivedash_health_new_from_variant (wrong_type, &error);
  g_assert_null (back);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
}

/* A running test's progress and the time left, from the drive's own
 * figures: a short test at most 2 minutes, the extended one EDSTT. */
static void
test_self_test_progress (void)
{
  g_autoptr(DrivedashHealth) h = drivedash_health_new ("nvme0");
  char *text;

  g_assert_null (drivedash_health_dup_self_test_progress (h));
  h->has |= DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG;
  g_assert_null (drivedash_health_dup_self_test_progress (h));
  h->self_test.current = DRIVEDASH_SELF_TEST_SHORT;
  h->self_test.current_percent_done = 40;
  text = drivedash_health_dup_self_test_progress (h);
  g_assert_cmpstr (text, ==, "40 % done, about 2 minutes left");
  g_free (text);
  h->self_test.current_percent_done = 99;
  text = drivedash_health_dup_self_test_progress (h);
  g_assert_cmpstr (text, ==, "99 % done, about 1 minute left");
  g_free (text);
  /* Extended: no Identify, or EDSTT 0, gives no time. */
  h->self_test.current = DRIVEDASH_SELF_TEST_EXTENDED;
  h->self_test.current_percent_done = 40;
  text = drivedash_health_dup_self_test_progress (h);
  g_assert_cmpstr (text, ==, "40 % done");
  g_free (text);
  h->has |= DRIVEDASH_HEALTH_HAS_IDENTIFY;
  h->identify.extended_self_test_minutes = 42;
  text = drivedash_health_dup_self_test_progress (h);
  g_assert_cmpstr (text, ==, "40 % done, about 26 minutes left");
  g_free (text);
  /* UDisks does not say which test: no time; a hostile 255 % is 100. */
  h->self_test.current = DRIVEDASH_SELF_TEST_UNNAMED;
  h->self_test.current_percent_done = 255;
  text = drivedash_health_dup_self_test_progress (h);
  g_assert_cmpstr (text, ==, "100 % done");
  g_free (text);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/health/u128", test_u128);
  g_test_add_func ("/health/smart/known", test_smart_known);
  g_test_add_func ("/health/smart/short", test_smart_short);
  g_test_add_func ("/health/smart/critical-warning-bits", test_critical_warning_bits);
  g_test_add_func ("/health/verdict/good", test_verdict_good);
  g_test_add_func ("/health/verdict/spare-below-threshold", test_verdict_spare_below_threshold);
  g_test_add_func ("/health/verdict/spare-at-threshold", test_verdict_spare_at_threshold);
  g_test_add_func ("/health/verdict/life", test_verdict_life);
  g_test_add_func ("/health/verdict/media-errors", test_verdict_media_errors);
  g_test_add_func ("/health/verdict/temperature", test_verdict_temperature);
  g_test_add_func ("/health/verdict/controller-state", test_verdict_controller_state);
  g_test_add_func ("/health/verdict/order-and-unknown", test_verdict_order_and_unknown);
  g_test_add_func ("/health/identify/known", test_identify_known);
  g_test_add_func ("/health/identify/garbage", test_identify_garbage);
  g_test_add_func ("/health/self-test/log", test_self_test_log);
  g_test_add_func ("/health/error-log", test_error_log);
  g_test_add_func ("/health/firmware-log", test_firmware_log);
  g_test_add_func ("/health/kelvin", test_kelvin);
  g_test_add_func ("/health/format", test_format);
  g_test_add_func ("/health/verdict/implausible", test_verdict_implausible);
  g_test_add_func ("/health/self-test-progress", test_self_test_progress);
  g_test_add_func ("/health/json", test_json);
  g_test_add_func ("/health/variant/round-trip", test_variant_round_trip);
  g_test_add_func ("/health/variant/wire-format", test_variant_wire_format);
  g_test_add_func ("/health/variant/invalid", test_variant_invalid);

  return g_test_run ();
}
