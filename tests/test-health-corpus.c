/* test-health-corpus.c — the verdict on 276 real drives
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/fixtures/real-drives/corpus.jsonl holds what real drives'
 * firmware reported (linuxhw/SMART).  Each goes through the verdict and
 * the failing-drive check as the app's own readers would fill them:
 * - Bad exactly where smartctl says FAILED or a critical-warning bit is
 *   set;
 * - no Caution or Bad from a value no drive can mean (the plausibility
 *   table), which is said as a note instead;
 * - no "rising" media errors from the same reading stored twice.
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "drivedash-failing.h"
#include "drivedash-health-report.h"
#include "drivedash-plausible.h"
#include "drivedash-quirks.h"
#include "drivedash-snapshot.h"

/* A count as 128 bits, read from the line's own digits: json-glib keeps
 * integers in 64 bits and the BC501's media errors have 25 digits. */
static DrivedashU128
count_of (const char *line,
          const char *name)
{
  g_autofree char *key = g_strdup_printf ("\"%s\": ", name);
  const char *p = strstr (line, key);
  DrivedashU128 v = DRIVEDASH_U128_INIT (0, 0);

  if (p == NULL)
    return v;
  for (p += strlen (key); g_ascii_isdigit (*p); p++)
    {
      /* v = v * 10 + digit, in two 64-bit halves of 32-bit pieces. */
      guint64 lo_lo = (v.lo & 0xffffffff) * 10 + (guint64) (*p - '0');
      guint64 lo_hi = (v.lo >> 32) * 10 + (lo_lo >> 32);

      v.hi = v.hi * 10 + (lo_hi >> 32);
      v.lo = (lo_hi << 32) | (lo_lo & 0xffffffff);
    }
  return v;
}

static guint
small_of (JsonObject *o,
          const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  return n == NULL || JSON_NODE_HOLDS_NULL (n) ? 0 : (guint) json_node_get_int (n);
}

static guint16
kelvin_of (JsonObject *o,
           const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  return n == NULL || JSON_NODE_HOLDS_NULL (n) ? 0 : (guint16) (json_node_get_int (n) + 273);
}

/* The health the readers would make of the drive's report. */
static DrivedashHealth *
health_of (JsonObject *o,
           const char *line)
{
  DrivedashHealth *h = drivedash_health_new ("nvme0");
  DrivedashSmartLog s = { 0 };
  JsonObject *sensors = json_object_get_object_member (o, "sensors_c");
  JsonArray *notes = json_object_get_array_member (o, "notes");

  /* The drive's own words: "SK hynix BC501 …", the firmware noted as "fw=…". */
  g_free (h->model);
  h->model = g_strdup_printf ("%s %s", json_object_get_string_member (o, "vendor"),
                              json_object_get_string_member (o, "model"));
  for (guint i = 0; notes != NULL && i < json_array_get_length (notes); i++)
    if (g_str_has_prefix (json_array_get_string_element (notes, i), "fw="))
      {
        g_free (h->firmware);
        h->firmware = g_strdup (json_array_get_string_element (notes, i) + 3);
      }
  if (!json_object_get_boolean_member (o, "has_smart"))
    return h;
  s.critical_warning = (guint8) small_of (o, "critical_warning");
  s.temperature_kelvin = kelvin_of (o, "temperature_c");
  s.available_spare_percent = (guint8) small_of (o, "available_spare");
  s.available_spare_threshold_percent = (guint8) small_of (o, "available_spare_threshold");
  s.percentage_used = (guint8) MIN (small_of (o, "percentage_used"), 255);
  s.data_units_read = count_of (line, "data_units_read");
  s.data_units_written = count_of (line, "data_units_written");
  s.power_on_hours = count_of (line, "power_on_hours");
  s.unsafe_shutdowns = count_of (line, "unsafe_shutdowns");
  s.media_errors = count_of (line, "media_errors");
  s.error_log_entries = count_of (line, "error_log_entries");
  for (guint i = 0; sensors != NULL && i < DRIVEDASH_N_TEMPERATURE_SENSORS; i++)
    {
      g_autofree char *key = g_strdup_printf ("%u", i + 1);

      if (json_object_has_member (sensors, key))
        s.temperature_sensors_kelvin[i] = kelvin_of (sensors, key);
    }
  drivedash_health_set_smart (h, &s);
  h->warning_temperature_kelvin = kelvin_of (o, "wctemp_c");
  h->critical_temperature_kelvin = kelvin_of (o, "cctemp_c");
  if (h->warning_temperature_kelvin != 0 || h->critical_temperature_kelvin != 0)
    h->has |= DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS;
  drivedash_health_update_verdict (h);
  return h;
}

static gboolean
has_reason (const DrivedashHealth *h,
            const char            *id)
{
  for (guint i = 0; h->reasons != NULL && i < h->reasons->len; i++)
    if (g_str_equal (((DrivedashVerdictReason *) g_ptr_array_index (h->reasons, i))->id, id))
      return TRUE;
  return FALSE;
}

/* The reasons a value would give, had it been believed. */
static void
assert_not_judged (const DrivedashHealth *h,
                   const char            *where)
{
  static const struct { DrivedashImplausible flag; const char *reason; } judged[] = {
    { DRIVEDASH_IMPLAUSIBLE_MEDIA_ERRORS, "media-errors" },
    { DRIVEDASH_IMPLAUSIBLE_CRITICAL_LIMIT, "temperature-critical" },
    { DRIVEDASH_IMPLAUSIBLE_WARNING_LIMIT, "temperature-high" },
    { DRIVEDASH_IMPLAUSIBLE_SPARE_THRESHOLD, "spare-below-threshold" },
    { DRIVEDASH_IMPLAUSIBLE_SPARE_THRESHOLD, "spare-at-threshold" },
    { DRIVEDASH_IMPLAUSIBLE_SPARE_UNREPORTED, "spare-at-threshold" },
    { DRIVEDASH_IMPLAUSIBLE_SPARE_UNREPORTED, "spare-mostly-used" },
  };
  DrivedashImplausible odd = drivedash_health_implausible (h);

  for (guint i = 0; i < G_N_ELEMENTS (judged); i++)
    if ((odd & judged[i].flag) && has_reason (h, judged[i].reason))
      g_error ("%s: judged by an implausible value (%s)", where, judged[i].reason);
  for (guint bit = 0; bit < DRIVEDASH_IMPLAUSIBLE_N_FLAGS; bit++)
    if ((odd & (1u << bit)) && !has_reason (h, drivedash_implausible_id (1u << bit)))
      g_error ("%s: the implausible value is not said", where);
}

static void
test_corpus (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "real-drives", "corpus.jsonl", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  guint counts[DRIVEDASH_VERDICT_BAD + 1] = { 0 }, n = 0, noted = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(DrivedashHealth) h = NULL;
      g_autoptr(GArray) history = g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot));
      DrivedashSnapshot snap;
      JsonObject *o;
      const char *where, *smartctl;
      gboolean failed;

      if (*lines[i] == '\0')
        continue;
      g_assert_true (json_parser_load_from_data (parser, lines[i], -1, &error));
      g_assert_no_error (error);
      o = json_node_get_object (json_parser_get_root (parser));
      where = json_object_get_string_member (o, "path");
      if (!json_object_get_boolean_member (o, "has_smart"))
        continue;
      h = health_of (o, lines[i]);
      smartctl = json_object_get_string_member_with_default (o, "smartctl", "");
      failed = g_strcmp0 (smartctl, "FAILED") == 0 || small_of (o, "critical_warning") != 0;
      if ((h->verdict == DRIVEDASH_VERDICT_BAD) != failed)
        g_error ("%s: verdict %s, smartctl %s, critical warning %u", where,
                 drivedash_verdict_to_string (h->verdict), smartctl, small_of (o, "critical_warning"));
      assert_not_judged (h, where);
      noted += drivedash_health_implausible (h) != DRIVEDASH_IMPLAUSIBLE_NONE;
      if (drivedash_health_implausible (h) != DRIVEDASH_IMPLAUSIBLE_NONE)
        g_test_message ("%s: implausible 0x%x", where, drivedash_health_implausible (h));
      /* The same reading stored twice, then read again: nothing rose. */
      g_assert_true (drivedash_snapshot_from_health (&snap, h, 1000));
      g_array_append_val (history, snap);
      snap.time = 2000;
      g_array_append_val (history, snap);
      g_assert_false (drivedash_health_failing (h, history, NULL) & DRIVEDASH_FAILING_MEDIA_ERRORS);
      counts[h->verdict]++;
      n++;
    }
  g_test_message ("%u drives: %u good, %u caution, %u bad; %u with an implausible value said", n,
                  counts[DRIVEDASH_VERDICT_GOOD], counts[DRIVEDASH_VERDICT_CAUTION], counts[DRIVEDASH_VERDICT_BAD],
                  noted);
  g_assert_cmpuint (n, ==, 272);
  g_assert_cmpuint (counts[DRIVEDASH_VERDICT_BAD], ==, 5);
  g_assert_cmpuint (noted, >=, 5);
}

static gboolean
has_note (JsonObject *o,
          const char *prefix)
{
  JsonArray *notes = json_object_get_array_member (o, "notes");

  for (guint i = 0; notes != NULL && i < json_array_get_length (notes); i++)
    if (g_str_has_prefix (json_array_get_string_element (notes, i), prefix))
      return TRUE;
  return FALSE;
}

/* The placeholder sensors (50, 51 … 57 °C) found on exactly the drives
 * the collection's notes name, said as such, and named as the known
 * quirk of those models; the BC501's junk media errors named as its
 * firmware's quirk on 80000C00 only. */
static void
test_quirks_corpus (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "real-drives", "corpus.jsonl", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint sensors = 0, media = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(DrivedashHealth) h = NULL;
      JsonObject *o;
      gboolean fake;

      if (*lines[i] == '\0')
        continue;
      g_assert_true (json_parser_load_from_data (parser, lines[i], -1, NULL));
      o = json_node_get_object (json_parser_get_root (parser));
      if (!json_object_get_boolean_member (o, "has_smart"))
        continue;
      h = health_of (o, lines[i]);
      fake = has_note (o, "sensors-look-fake");
      g_assert_cmpint (!!(drivedash_health_implausible (h) & DRIVEDASH_IMPLAUSIBLE_SENSORS), ==, fake);
      g_assert_cmpint (has_reason (h, "quirk-sensors"), ==, fake);
      sensors += fake;
      g_assert_cmpint (has_reason (h, "quirk-media-errors"), ==, has_note (o, "media-errors-garbage"));
      media += has_reason (h, "quirk-media-errors");
      if (has_reason (h, "quirk-media-errors"))
        g_assert_cmpstr (h->firmware, ==, "80000C00");
    }
  g_assert_cmpuint (sensors, ==, 2);
  g_assert_cmpuint (media, ==, 2);
}

static DrivedashHealth *
report (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", name, NULL);
  g_autofree char *text = NULL;
  gsize len;
  DrivedashHealth *h;

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  h = drivedash_health_from_report (text, (gssize) len, NULL);
  g_assert_nonnull (h);
  return h;
}

/* Each entry of the table on a real drive's report: the Micron 2300's
 * slow-down timer past its power-on time; the ADATA SX6000LNP's error
 * log (the real report's counter, with one entry of junk as its Realtek
 * controller lists them); and nothing on a drive the table does not
 * name. */
static void
test_quirks_reports (void)
{
  g_autoptr(DrivedashHealth) micron = report ("Micron_2300NVMe256GB_35D5334E8028.txt");
  g_autoptr(DrivedashHealth) adata = report ("ADATA_SX6000LNP256GB_02E6E8618E9E.txt");
  g_autoptr(DrivedashHealth) samsung = report ("Samsung_SSD980PRO2TB_03490745BCC5.txt");
  DrivedashErrorLogEntry junk = { .error_count = G_GUINT64_CONSTANT (1219368206019409473), .status = 0x4005 };
  const DrivedashQuirk *table;
  guint n;

  g_assert_cmpuint (drivedash_health_quirks (micron), ==, DRIVEDASH_QUIRK_THROTTLE_TIME_JUNK);
  g_assert_true (drivedash_health_implausible (micron) & DRIVEDASH_IMPLAUSIBLE_THROTTLE_TIME);
  g_assert_true (has_reason (micron, "quirk-throttle-time"));
  g_assert_cmpint (micron->verdict, ==, DRIVEDASH_VERDICT_GOOD);

  g_assert_cmpuint (drivedash_health_quirks (adata), ==, DRIVEDASH_QUIRK_ERROR_LOG_JUNK);
  g_assert_false (has_reason (adata, "quirk-error-log"));
  g_assert_true (drivedash_u128_is_zero (adata->smart.error_log_entries));
  adata->error_log = g_array_new (FALSE, FALSE, sizeof (DrivedashErrorLogEntry));
  g_array_append_val (adata->error_log, junk);
  adata->has |= DRIVEDASH_HEALTH_HAS_ERROR_LOG;
  drivedash_health_update_verdict (adata);
  g_assert_true (has_reason (adata, "quirk-error-log"));
  /* Still the drive's own verdict: it went read-only. */
  g_assert_cmpint (adata->verdict, ==, DRIVEDASH_VERDICT_BAD);

  g_assert_cmpuint (drivedash_health_quirks (samsung), ==, DRIVEDASH_QUIRK_NONE);
  table = drivedash_quirks_table (&n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (table[i].quirks, !=, DRIVEDASH_QUIRK_NONE);
      g_assert_nonnull (table[i].seen);
      g_assert_false (g_pattern_match_simple (table[i].model, samsung->model));
    }
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/health-corpus/verdicts", test_corpus);
  g_test_add_func ("/health-corpus/quirks", test_quirks_corpus);
  g_test_add_func ("/health-corpus/quirks-reports", test_quirks_reports);
  return g_test_run ();
}
