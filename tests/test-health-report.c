/* test-health-report.c — reports made elsewhere: smartctl's text and
 * JSON, nvme-cli's JSON, real ones and hostile ones
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-health-fields.h"
#include "drivedash-health-report.h"

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "fixtures", name, NULL);
}

static DrivedashHealth *
read_report (const char *path,
             GError    **error)
{
  g_autofree char *text = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  return drivedash_health_from_report (text, (gssize) len, error);
}

/* The corpus line of the drive with @id (the report's file name ends in
 * it). */
static JsonObject *
corpus_line (JsonParser *parser,
             const char *id)
{
  g_autofree char *path = fixture ("real-drives/corpus.jsonl");
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *needle = g_strdup_printf ("\"id\": \"%s\"", id);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], needle) != NULL)
      {
        g_assert_true (json_parser_load_from_data (parser, lines[i], -1, NULL));
        return json_node_get_object (json_parser_get_root (parser));
      }
  g_error ("no corpus line for %s", id);
}

static guint64
small (JsonObject *o,
       const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  return n == NULL || JSON_NODE_HOLDS_NULL (n) ? 0 : (guint64) json_node_get_int (n);
}

/* Every real report reads as the corpus transcribed it, and gets Bad
 * exactly where smartctl said FAILED; one without a health log says so. */
static void
test_real_reports (void)
{
  g_autofree char *dir_path = fixture ("reports");
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autofree char *id = NULL;
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(DrivedashHealth) h = NULL;
      g_autoptr(GError) error = NULL;
      const DrivedashSmartLog *s;
      JsonObject *o;

      if (!g_str_has_suffix (name, ".txt"))
        continue;
      id = g_strndup (strrchr (name, '_') + 1, strlen (strrchr (name, '_') + 1) - 4);
      o = corpus_line (parser, id);
      h = read_report (path, &error);
      if (!json_object_get_boolean_member (o, "has_smart"))
        {
          g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
          continue;
        }
      g_assert_no_error (error);
      s = &h->smart;
      g_assert_cmpint (h->source, ==, DRIVEDASH_HEALTH_SOURCE_REPORT);
      g_assert_cmpuint (s->critical_warning, ==, small (o, "critical_warning"));
      g_assert_cmpuint (s->available_spare_percent, ==, small (o, "available_spare"));
      g_assert_cmpuint (s->available_spare_threshold_percent, ==, small (o, "available_spare_threshold"));
      g_assert_cmpuint (s->percentage_used, ==, small (o, "percentage_used"));
      g_assert_cmpuint (s->power_on_hours.lo, ==, small (o, "power_on_hours"));
      g_assert_cmpuint (s->data_units_written.lo, ==, small (o, "data_units_written"));
      if (json_node_get_value_type (json_object_get_member (o, "temperature_c")) == G_TYPE_INT64)
        g_assert_cmpuint (s->temperature_kelvin, ==, small (o, "temperature_c") + 273);
      g_assert_cmpint (h->verdict == DRIVEDASH_VERDICT_BAD, ==,
                       g_strcmp0 (json_object_get_string_member (o, "smartctl"), "FAILED") == 0);
      /* Never the serial number (the collection's "--" included). */
      g_assert_cmpstr (h->serial, ==, "");
      n++;
    }
  g_test_message ("%u reports read", n);
  g_assert_cmpuint (n, >=, 36);
}

/* smartctl's text, smartctl's JSON and nvme-cli's JSON of one drive give
 * the same health and verdict. */
static void
test_three_forms (void)
{
  static const char *const names[] = {
    "reports/ADATA_SX6000LNP256GB_02E6E8618E9E.txt",
    "reports/ADATA_SX6000LNP256GB_02E6E8618E9E.smartctl.json",
    "reports/ADATA_SX6000LNP256GB_02E6E8618E9E.nvme.json",
  };
  g_autoptr(DrivedashHealth) first = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = fixture (names[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(DrivedashHealth) h = read_report (path, &error);

      g_assert_no_error (error);
      g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_BAD);
      if (first == NULL)
        {
          first = drivedash_health_ref (h);
          continue;
        }
      g_assert_cmpmem (&h->smart, sizeof h->smart, &first->smart, sizeof first->smart);
      g_assert_cmpuint (h->reasons->len, ==, first->reasons->len);
    }
}

/* A sensor 38 °C above the composite (Kingston NV1: 29 °C and 67 °C) is
 * shown as one hot part; the verdict goes by the composite. */
static void
test_hot_sensor (void)
{
  g_autofree char *path = fixture ("reports/Kingston_SNVS1000G_88E177D5E3E9.txt");
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashHealth) h = read_report (path, &error);
  g_autofree char *one = NULL, *two = NULL;

  g_assert_no_error (error);
  one = drivedash_health_field_format (drivedash_health_field_lookup ("temperature-sensor-1"), h);
  two = drivedash_health_field_format (drivedash_health_field_lookup ("temperature-sensor-2"), h);
  g_assert_cmpstr (one, ==, "44 °C");
  g_assert_cmpstr (two, ==, "67 °C (one hot part, not the drive’s temperature)");
  g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_GOOD);
}

/* nvme-cli's smart-log and id-ctrl of the drive, as two files in either
 * order or one after the other in one file: the text's health, model,
 * firmware and limits; id-ctrl alone is refused with advice. */
static void
test_nvme_two_files (void)
{
  g_autofree char *text_path = fixture ("reports/ADATA_SX6000LNP256GB_02E6E8618E9E.txt");
  g_autofree char *log_path = fixture ("reports/ADATA_SX6000LNP256GB_02E6E8618E9E.nvme.json");
  g_autofree char *id_path = fixture ("reports/ADATA_SX6000LNP256GB_02E6E8618E9E.id-ctrl.json");
  g_autoptr(GFile) log = g_file_new_for_path (log_path);
  g_autoptr(GFile) id = g_file_new_for_path (id_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashHealth) text = read_report (text_path, &error);
  GFile *orders[2][2] = { { log, id }, { id, log } };
  g_autofree char *log_text = NULL, *id_text = NULL, *both = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(DrivedashHealth) h = drivedash_health_read_report_files (orders[i], 2, NULL, NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (h->model, ==, text->model);
      g_assert_cmpstr (h->firmware, ==, text->firmware);
      g_assert_cmpuint (h->warning_temperature_kelvin, ==, text->warning_temperature_kelvin);
      g_assert_cmpuint (h->critical_temperature_kelvin, ==, text->critical_temperature_kelvin);
      g_assert_cmpmem (&h->smart, sizeof h->smart, &text->smart, sizeof text->smart);
      g_assert_cmpint (h->verdict, ==, text->verdict);
    }
  /* nvme smart-log …; nvme id-ctrl … > one file */
  g_assert_true (g_file_get_contents (log_path, &log_text, NULL, NULL));
  g_assert_true (g_file_get_contents (id_path, &id_text, NULL, NULL));
  both = g_strconcat (log_text, id_text, NULL);
  {
    g_autoptr(DrivedashHealth) h = drivedash_health_from_report (both, -1, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (h->model, ==, "ADATA SX6000LNP");
  }
  {
    g_autoptr(DrivedashHealth) h = drivedash_health_read_report_files (&id, 1, NULL, NULL, &error);

    g_assert_null (h);
    g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "nvme smart-log -o json"));
    g_clear_error (&error);
  }
  /* Two health logs, or a text beside a JSON, are not one drive's report. */
  {
    GFile *twice[2] = { log, log };
    g_autofree char *txt_path = fixture ("reports/Micron_2300NVMe256GB_35D5334E8028.txt");
    g_autoptr(GFile) txt = g_file_new_for_path (txt_path);
    GFile *mixed[2] = { log, txt };
    g_autoptr(DrivedashHealth) a = drivedash_health_read_report_files (twice, 2, NULL, NULL, &error);

    g_assert_null (a);
    g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
    g_assert_null (drivedash_health_read_report_files (mixed, 2, NULL, NULL, &error));
    g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  }
}

/* When the report was made: smartctl's text and JSON say it (the wall
 * clock as written), nvme-cli's does not. */
static void
test_date (void)
{
  static const struct { const char *name; const char *made; } cases[] = {
    { "reports/ADATA_SX6000LNP256GB_02E6E8618E9E.txt", "2024-06-05 14:52:01" },
    { "reports/ADATA_SX6000LNP256GB_02E6E8618E9E.smartctl.json", "2024-06-05 14:52:01" },
    { "reports/ADATA_SX6000LNP256GB_02E6E8618E9E.nvme.json", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = fixture (cases[i].name);
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GDateTime) made = NULL;
      g_autoptr(DrivedashHealth) h = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (path, &text, &len, &error));
      h = drivedash_health_from_report_dated (text, (gssize) len, &made, &error);
      g_assert_no_error (error);
      if (cases[i].made == NULL)
        g_assert_null (made);
      else
        {
          g_autofree char *got = g_date_time_format (made, "%Y-%m-%d %H:%M:%S");
          g_autofree char *day = drivedash_health_report_format_date (made);

          g_assert_cmpstr (got, ==, cases[i].made);
          g_assert_cmpstr (day, ==, "5 June 2024");
        }
    }
  /* A date that is no date is no date, and no failure. */
  {
    g_autoptr(GDateTime) made = NULL;
    g_autoptr(DrivedashHealth) h =
      drivedash_health_from_report_dated ("Local Time is: Foo Bar 99 99:99:99 2024 XYZ\n"
                                          "SMART/Health Information (NVMe Log 0x02)\nPercentage Used: 3%\n",
                                          -1, &made, NULL);

    g_assert_nonnull (h);
    g_assert_null (made);
  }
}

/* Hostile or wrong files: a plain refusal, never a crash. */
static void
test_hostile (void)
{
  g_autoptr(GString) deep = g_string_new (NULL);
  const char *bad[] = {
    "", "   ", "hello", "{", "[1,2,3]", "{\"critical_warning\": \"x\"}", "SMART/Health Information",
    "{\"nvme_smart_health_information_log\": 5}", "\xff\xfe\xfd", NULL,
  };

  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DrivedashHealth) h = drivedash_health_from_report (bad[i], -1, &error);

      /* A bare header is an empty log: read, all unknown or zero. */
      if (h != NULL)
        continue;
      g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
    }
  for (guint i = 0; i < 200000; i++)
    g_string_append_c (deep, '[');
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (drivedash_health_from_report (deep->str, (gssize) deep->len, &error));
    g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  }
  /* Values beyond their fields are left unknown, not wrapped. */
  {
    const char *text = "SMART/Health Information (NVMe Log 0x02, NSID 0xffffffff)\n"
                       "Critical Warning: 0x1ff\nTemperature: -\nAvailable Spare: 300%\n"
                       "Media and Data Integrity Errors: 4,457,415,897,738,954,923,835,392\n"
                       "Power On Hours: 99999999999999999999999999999999999999999\n";
    g_autoptr(GError) error = NULL;
    g_autoptr(DrivedashHealth) h = drivedash_health_from_report (text, -1, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (h->smart.critical_warning, ==, 0);
    g_assert_cmpuint (h->smart.temperature_kelvin, ==, 0);
    g_assert_cmpuint (h->smart.available_spare_percent, ==, 0);
    g_assert_cmpuint (h->smart.media_errors.hi, ==, 241637);
    g_assert_cmpuint (h->smart.media_errors.lo, ==, 0);
    g_assert_true (drivedash_u128_is_zero (h->smart.power_on_hours));
    /* The junk is said, and not judged by. */
    g_assert_cmpint (h->verdict, ==, DRIVEDASH_VERDICT_GOOD);
  }
  /* Binary data with NULs is not a report. */
  {
    static const char binary[] = { 'S', 'M', '\0', 'A', 'R', 'T' };
    g_autoptr(GError) error = NULL;

    g_assert_null (drivedash_health_from_report (binary, sizeof binary, &error));
    g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  }
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/health-report/real", test_real_reports);
  g_test_add_func ("/health-report/three-forms", test_three_forms);
  g_test_add_func ("/health-report/date", test_date);
  g_test_add_func ("/health-report/hot-sensor", test_hot_sensor);
  g_test_add_func ("/health-report/nvme-two-files", test_nvme_two_files);
  g_test_add_func ("/health-report/hostile", test_hostile);
  return g_test_run ();
}
