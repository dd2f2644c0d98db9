/* drivedash-health-report.c — reading smartctl's and nvme-cli's reports
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * People paste `smartctl -x` into forums and ask whether the drive is
 * dying: this turns such a report into the same health model a local
 * drive gives, so the same verdict and words answer.  Only the fields
 * the verdict and the page use are read; everything is checked, and a
 * value that does not parse is left unknown rather than guessed.
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-health-report.h"

/* A report is a page or two of text; a bigger file is not one. */
#define MAX_REPORT_BYTES (4u << 20)

typedef enum { COUNT, PERCENT, CELSIUS, HEX, U32 } Kind;

/* smartctl's SMART/Health lines, by their words (spaces collapsed). */
static const struct { const char *key; Kind kind; gsize offset; } smart_keys[] = {
#define AT(f) G_STRUCT_OFFSET (DrivedashSmartLog, f)
  { "Critical Warning", HEX, AT (critical_warning) },
  { "Temperature", CELSIUS, AT (temperature_kelvin) },
  { "Available Spare", PERCENT, AT (available_spare_percent) },
  { "Available Spare Threshold", PERCENT, AT (available_spare_threshold_percent) },
  { "Percentage Used", PERCENT, AT (percentage_used) },
  { "Data Units Read", COUNT, AT (data_units_read) },
  { "Data Units Written", COUNT, AT (data_units_written) },
  { "Host Read Commands", COUNT, AT (host_read_commands) },
  { "Host Write Commands", COUNT, AT (host_write_commands) },
  { "Controller Busy Time", COUNT, AT (controller_busy_minutes) },
  { "Power Cycles", COUNT, AT (power_cycles) },
  { "Power On Hours", COUNT, AT (power_on_hours) },
  { "Unsafe Shutdowns", COUNT, AT (unsafe_shutdowns) },
  { "Media and Data Integrity Errors", COUNT, AT (media_errors) },
  { "Error Information Log Entries", COUNT, AT (error_log_entries) },
  { "Warning Comp. Temperature Time", U32, AT (warning_temperature_minutes) },
  { "Critical Comp. Temperature Time", U32, AT (critical_temperature_minutes) },
  { "Thermal Temp. 1 Transition Count", U32, AT (thermal_management_1_transitions) },
  { "Thermal Temp. 2 Transition Count", U32, AT (thermal_management_2_transitions) },
  { "Thermal Temp. 1 Total Time", U32, AT (thermal_management_1_seconds) },
  { "Thermal Temp. 2 Total Time", U32, AT (thermal_management_2_seconds) },
#undef AT
};

static gboolean
fail (GError    **error,
      const char *why)
{
  g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT, why);
  return FALSE;
}

/* "7,906,744 [4.04 TB]" → 7906744, any size up to 128 bits. */
static gboolean
parse_count (const char    *s,
             DrivedashU128 *out)
{
  g_autoptr(GString) digits = g_string_new (NULL);

  for (; *s == ' '; s++)
    ;
  for (; g_ascii_isdigit (*s) || *s == ','; s++)
    if (*s != ',')
      g_string_append_c (digits, *s);
  return digits->len > 0 && digits->len <= 39 && drivedash_u128_from_string (digits->str, out);
}

static gboolean
parse_small (const char *s,
             guint64     most,
             int         base,
             guint64    *out)
{
  char *end = NULL;
  guint64 v;

  for (; *s == ' '; s++)
    ;
  if (!g_ascii_isxdigit (*s))
    return FALSE;
  v = g_ascii_strtoull (s, &end, base);
  if (end == s || v > most)
    return FALSE;
  *out = v;
  return TRUE;
}

static void
set_field (DrivedashSmartLog *smart,
           Kind               kind,
           gsize              offset,
           const char        *value)
{
  gpointer field = G_STRUCT_MEMBER_P (smart, offset);
  guint64 v;

  switch (kind)
    {
    case COUNT:
      parse_count (value, field);
      break;
    case PERCENT:
      if (parse_small (value, 255, 10, &v))
        *(guint8 *) field = (guint8) v;
      break;
    case HEX:
      if (parse_small (value, 255, 16, &v))
        *(guint8 *) field = (guint8) v;
      break;
    case U32:
      {
        DrivedashU128 n;

        if (parse_count (value, &n) && n.hi == 0 && n.lo <= G_MAXUINT32)
          *(guint32 *) field = (guint32) n.lo;
      }
      break;
    case CELSIUS:
    default:
      /* "-" (not given) stays 0 K, "not reported". */
      if (parse_small (value, 1000, 10, &v))
        *(guint16 *) field = (guint16) (v + 273);
      break;
    }
}

/* "Warning  Comp. Temp. Threshold:     115 Celsius" → key, value. */
static gboolean
split_line (const char  *line,
            char       **key,
            const char **value)
{
  const char *colon = strchr (line, ':');
  g_auto(GStrv) words = NULL;

  if (colon == NULL || colon == line)
    return FALSE;
  {
    g_autofree char *raw = g_strndup (line, colon - line);

    words = g_strsplit_set (g_strstrip (raw), " \t", -1);
  }
  {
    g_autoptr(GString) k = g_string_new (NULL);

    for (guint i = 0; words[i] != NULL; i++)
      if (*words[i] != '\0')
        g_string_append_printf (k, "%s%s", k->len ? " " : "", words[i]);
    *key = g_string_free (g_steal_pointer (&k), FALSE);
  }
  *value = colon + 1;
  return TRUE;
}

static void
take_identity (DrivedashHealth *h,
               const char      *key,
               const char      *value)
{
  guint64 v;

  if (g_str_equal (key, "Model Number"))
    {
      g_free (h->model);
      h->model = g_strstrip (g_utf8_make_valid (value, -1));
      h->has |= DRIVEDASH_HEALTH_HAS_IDENTITY;
    }
  else if (g_str_equal (key, "Firmware Version"))
    {
      g_free (h->firmware);
      h->firmware = g_strstrip (g_utf8_make_valid (value, -1));
    }
  else if (g_str_equal (key, "Warning Comp. Temp. Threshold") && parse_small (value, 1000, 10, &v))
    h->warning_temperature_kelvin = (guint) v + 273;
  else if (g_str_equal (key, "Critical Comp. Temp. Threshold") && parse_small (value, 1000, 10, &v))
    h->critical_temperature_kelvin = (guint) v + 273;
  else if (g_str_equal (key, "Total NVM Capacity") || g_str_equal (key, "Namespace 1 Size/Capacity"))
    {
      DrivedashU128 bytes;

      if (parse_count (value, &bytes) && bytes.hi == 0)
        h->capacity_bytes = bytes.lo;
    }
}

/* smartctl's "Wed Aug 31 05:08:15 2022 BST" (its own C-locale asctime):
 * the wall clock as written, kept in UTC fields (the zone is only a
 * name); NULL when it does not parse. */
static GDateTime *
parse_asctime (const char *value)
{
  static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
  char month[4] = "";
  int day, hour, minute, second, year;
  const char *found;

  if (sscanf (value, " %*3s %3s %d %d:%d:%d %d", month, &day, &hour, &minute, &second, &year) != 6
      || strlen (month) != 3 || (found = strstr (months, month)) == NULL || (found - months) % 3 != 0)
    return NULL;
  return g_date_time_new_utc (year, (int) (found - months) / 3 + 1, day, hour, minute, second);
}

static void
take_date (GDateTime  **made,
           GDateTime   *date)
{
  if (made != NULL && *made == NULL)
    *made = date;
  else if (date != NULL)
    g_date_time_unref (date);
}

static gboolean
read_text (DrivedashHealth *h,
           const char      *text,
           GDateTime      **made,
           GError         **error)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  DrivedashSmartLog smart = { 0 };
  gboolean in_smart = FALSE, seen = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *key = NULL;
      const char *value;
      guint sensor;

      /* "SMART/Health Information (NVMe Log 0x02[, NSID 0x1 | 0xffffffff])" */
      if (g_str_has_prefix (lines[i], "SMART/Health Information"))
        in_smart = seen = TRUE;
      else if (in_smart && (*lines[i] == '\0' || g_str_has_prefix (lines[i], "Error Information (")))
        in_smart = FALSE;
      if (!split_line (lines[i], &key, &value))
        continue;
      if (!in_smart)
        {
          if (g_str_equal (key, "Local Time is"))
            take_date (made, parse_asctime (value));
          take_identity (h, key, value);
          continue;
        }
      for (guint k = 0; k < G_N_ELEMENTS (smart_keys); k++)
        if (g_str_equal (key, smart_keys[k].key))
          set_field (&smart, smart_keys[k].kind, smart_keys[k].offset, value);
      if (sscanf (key, "Temperature Sensor %u", &sensor) == 1 && sensor >= 1
          && sensor <= DRIVEDASH_N_TEMPERATURE_SENSORS)
        set_field (&smart, CELSIUS, G_STRUCT_OFFSET (DrivedashSmartLog, temperature_sensors_kelvin)
                                    + (sensor - 1) * sizeof (guint16), value);
    }
  if (!seen)
    return fail (error, _("This file holds no NVMe health information (no “SMART/Health Information” "
                          "section). Save the output of “smartctl -x” for an NVMe drive."));
  drivedash_health_set_smart (h, &smart);
  return TRUE;
}

/* --- JSON ------------------------------------------------------------------ */

static gboolean
json_count (JsonObject    *o,
            const char    *name,
            DrivedashU128 *out)
{
  JsonNode *n = o != NULL ? json_object_get_member (o, name) : NULL;

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64
      || json_node_get_int (n) < 0)
    return FALSE;
  *out = DRIVEDASH_U128_INIT ((guint64) json_node_get_int (n), 0);
  return TRUE;
}

static guint64
json_small (JsonObject *o,
            const char *name,
            guint64     most,
            guint64     otherwise)
{
  DrivedashU128 v;

  return json_count (o, name, &v) && v.lo <= most ? v.lo : otherwise;
}

static char *
json_text (JsonObject *o,
           const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    return NULL;
  return g_strstrip (g_utf8_make_valid (json_node_get_string (n), -1));
}

/* smartctl -j: celsius == TRUE; nvme-cli: Kelvin and its own names. */
static const struct { const char *smartctl, *nvme; gsize offset; } json_counts[] = {
#define AT(f) G_STRUCT_OFFSET (DrivedashSmartLog, f)
  { "data_units_read", "data_units_read", AT (data_units_read) },
  { "data_units_written", "data_units_written", AT (data_units_written) },
  { "host_reads", "host_read_commands", AT (host_read_commands) },
  { "host_writes", "host_write_commands", AT (host_write_commands) },
  { "controller_busy_time", "controller_busy_time", AT (controller_busy_minutes) },
  { "power_cycles", "power_cycles", AT (power_cycles) },
  { "power_on_hours", "power_on_hours", AT (power_on_hours) },
  { "unsafe_shutdowns", "unsafe_shutdowns", AT (unsafe_shutdowns) },
  { "media_errors", "media_errors", AT (media_errors) },
  { "num_err_log_entries", "num_err_log_entries", AT (error_log_entries) },
#undef AT
};

/* The 32-bit counters; smartctl 7.3 names only the first two. */
static const struct { const char *smartctl, *nvme; gsize offset; } json_u32[] = {
#define AT(f) G_STRUCT_OFFSET (DrivedashSmartLog, f)
  { "warning_temp_time", "warning_temp_time", AT (warning_temperature_minutes) },
  { "critical_comp_time", "critical_comp_time", AT (critical_temperature_minutes) },
  { NULL, "thm_temp1_trans_count", AT (thermal_management_1_transitions) },
  { NULL, "thm_temp2_trans_count", AT (thermal_management_2_transitions) },
  { NULL, "thm_temp1_total_time", AT (thermal_management_1_seconds) },
  { NULL, "thm_temp2_total_time", AT (thermal_management_2_seconds) },
#undef AT
};

/* smartctl: "temperature_sensors": [28, 31] in °C; nvme-cli:
 * "temperature_sensor_1": 301 … in Kelvin. */
static void
read_json_sensors (JsonObject        *log,
                   gboolean           smartctl,
                   DrivedashSmartLog *s)
{
  JsonNode *node = smartctl ? json_object_get_member (log, "temperature_sensors") : NULL;
  JsonArray *list = node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;

  for (guint i = 0; i < DRIVEDASH_N_TEMPERATURE_SENSORS; i++)
    {
      g_autofree char *name = g_strdup_printf ("temperature_sensor_%u", i + 1);
      JsonNode *v = list != NULL && i < json_array_get_length (list) ? json_array_get_element (list, i) : NULL;
      guint64 t = 0;

      if (!smartctl)
        t = json_small (log, name, 1000, 0);
      else if (v != NULL && JSON_NODE_HOLDS_VALUE (v) && json_node_get_value_type (v) == G_TYPE_INT64
               && json_node_get_int (v) > 0 && json_node_get_int (v) < 1000)
        t = (guint64) json_node_get_int (v) + 273;
      s->temperature_sensors_kelvin[i] = (guint16) t;
    }
}

static void
read_json_log (DrivedashHealth *h,
               JsonObject      *log,
               gboolean         smartctl)
{
  DrivedashSmartLog s = { 0 };
  guint64 t;

  s.critical_warning = (guint8) json_small (log, "critical_warning", 255, 0);
  t = json_small (log, "temperature", 1000, 0);
  s.temperature_kelvin = (guint16) (t == 0 ? 0 : smartctl ? t + 273 : t);
  s.available_spare_percent = (guint8) json_small (log, smartctl ? "available_spare" : "avail_spare", 255, 0);
  s.available_spare_threshold_percent =
    (guint8) json_small (log, smartctl ? "available_spare_threshold" : "spare_thresh", 255, 0);
  s.percentage_used = (guint8) json_small (log, smartctl ? "percentage_used" : "percent_used", 255, 0);
  for (guint i = 0; i < G_N_ELEMENTS (json_counts); i++)
    json_count (log, smartctl ? json_counts[i].smartctl : json_counts[i].nvme,
                G_STRUCT_MEMBER_P (&s, json_counts[i].offset));
  for (guint i = 0; i < G_N_ELEMENTS (json_u32); i++)
    if (smartctl ? json_u32[i].smartctl != NULL : TRUE)
      *(guint32 *) G_STRUCT_MEMBER_P (&s, json_u32[i].offset) =
        (guint32) json_small (log, smartctl ? json_u32[i].smartctl : json_u32[i].nvme, G_MAXUINT32, 0);
  read_json_sensors (log, smartctl, &s);
  drivedash_health_set_smart (h, &s);
}

/* smartctl -j's "local_time": its asctime as the text has it, else the
 * moment (UTC). */
static void
read_json_date (JsonObject *root,
                GDateTime **made)
{
  JsonNode *node = json_object_get_member (root, "local_time");
  JsonObject *local = node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  g_autofree char *asctime = local != NULL ? json_text (local, "asctime") : NULL;
  DrivedashU128 seconds;

  if (asctime != NULL)
    take_date (made, parse_asctime (asctime));
  if (local != NULL && json_count (local, "time_t", &seconds) && seconds.lo < G_MAXINT32 * 4ull)
    take_date (made, g_date_time_new_from_unix_utc ((gint64) seconds.lo));
}

static void
take_text (char       **field,
           JsonObject  *o,
           const char  *name)
{
  char *text = json_text (o, name);

  if (text == NULL || *text == '\0')
    {
      g_free (text);
      return;
    }
  g_free (*field);
  *field = text;
}

/* smartctl -j: the identity, limits and date beside its health log. */
static void
read_smartctl (DrivedashHealth *h,
               JsonObject      *root,
               GDateTime      **made)
{
  JsonNode *node = json_object_get_member (root, "temperature");
  JsonObject *temperature = node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;

  read_json_log (h, json_object_get_object_member (root, "nvme_smart_health_information_log"), TRUE);
  read_json_date (root, made);
  take_text (&h->model, root, "model_name");
  take_text (&h->firmware, root, "firmware_version");
  h->has |= *h->model ? DRIVEDASH_HEALTH_HAS_IDENTITY : 0;
  h->warning_temperature_kelvin = (guint) json_small (temperature, "op_limit_max", 1000, 0);
  h->critical_temperature_kelvin = (guint) json_small (temperature, "critical_limit_max", 1000, 0);
  h->warning_temperature_kelvin += h->warning_temperature_kelvin ? 273 : 0;
  h->critical_temperature_kelvin += h->critical_temperature_kelvin ? 273 : 0;
  h->capacity_bytes = json_small (root, "nvme_total_capacity", G_MAXINT64, h->capacity_bytes);
}

/* nvme id-ctrl -o json: model, firmware and limits (Kelvin). */
static void
read_id_ctrl (DrivedashHealth *h,
              JsonObject      *root)
{
  take_text (&h->model, root, "mn");
  take_text (&h->firmware, root, "fr");
  h->has |= *h->model ? DRIVEDASH_HEALTH_HAS_IDENTITY : 0;
  h->warning_temperature_kelvin = (guint) json_small (root, "wctemp", 1273, 0);
  h->critical_temperature_kelvin = (guint) json_small (root, "cctemp", 1273, 0);
  h->capacity_bytes = json_small (root, "tnvmcap", G_MAXINT64, h->capacity_bytes);
}

typedef enum { DOC_NONE, DOC_LOG, DOC_ID } Doc;

static Doc
read_document (DrivedashHealth *h,
               JsonObject      *root,
               GDateTime      **made)
{
  JsonNode *log = json_object_get_member (root, "nvme_smart_health_information_log");

  if (log != NULL && JSON_NODE_HOLDS_OBJECT (log))
    {
      read_smartctl (h, root, made);
      return DOC_LOG;
    }
  if (json_object_has_member (root, "critical_warning") && json_object_has_member (root, "avail_spare"))
    {
      read_json_log (h, root, FALSE);
      return DOC_LOG;
    }
  if (json_object_has_member (root, "mn") && json_object_has_member (root, "fr"))
    {
      read_id_ctrl (h, root);
      return DOC_ID;
    }
  return DOC_NONE;
}

/* The end of the JSON value that starts at @p (a '{'), or NULL: how
 * `nvme smart-log -o json; nvme id-ctrl -o json` (one file) and two files
 * put together are read as one report. */
static const char *
document_end (const char *p,
              const char *end)
{
  int depth = 0;
  gboolean in_string = FALSE;

  for (; p < end; p++)
    {
      if (in_string)
        {
          if (*p == '\\' && p + 1 < end)
            p++;
          else if (*p == '"')
            in_string = FALSE;
        }
      else if (*p == '"')
        in_string = TRUE;
      else if (*p == '{' || *p == '[')
        depth++;
      else if ((*p == '}' || *p == ']') && --depth == 0)
        return p + 1;
    }
  return NULL;
}

#define MAX_DOCUMENTS 4

static gboolean
read_json (DrivedashHealth *h,
           const char      *text,
           gsize            len,
           GDateTime      **made,
           GError         **error)
{
  const char *p = text, *end = text + len;
  guint n = 0, logs = 0, ids = 0;

  while (p < end)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      const char *stop;

      for (; p < end && g_ascii_isspace (*p); p++)
        ;
      if (p == end)
        break;
      stop = *p == '{' && n < MAX_DOCUMENTS ? document_end (p, end) : NULL;
      if (stop == NULL || !json_parser_load_from_data (parser, p, stop - p, NULL)
          || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
        return fail (error, _("This file is not a health report Drivedash can read: its JSON does not parse."));
      switch (read_document (h, json_node_get_object (json_parser_get_root (parser)), made))
        {
        case DOC_LOG: logs++; break;
        case DOC_ID: ids++; break;
        case DOC_NONE: default: break;
        }
      n++;
      p = stop;
    }
  if (logs == 1)
    return TRUE;
  if (logs > 1)
    return fail (error, _("These files hold more than one health log: open one drive’s report at a time."));
  if (ids > 0)
    return fail (error, _("This is “nvme id-ctrl” output: the drive’s name and limits, without its health. "
                          "Open it together with the same drive’s “nvme smart-log -o json”."));
  return fail (error, _("This JSON file holds no NVMe health log: save “smartctl -j -x” or “nvme smart-log -o json”."));
}

DrivedashHealth *
drivedash_health_from_report_dated (const char  *text,
                                    gssize       len,
                                    GDateTime  **made,
                                    GError     **error)
{
  g_autoptr(DrivedashHealth) h = drivedash_health_new ("report");
  g_autoptr(GDateTime) date = NULL;
  g_autofree char *copy = NULL;
  gsize n;
  const char *p;
  gboolean ok;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (made == NULL || *made == NULL, NULL);
  n = len < 0 ? strlen (text) : (gsize) len;
  if (n > MAX_REPORT_BYTES)
    {
      fail (error, _("This file is too big to be a health report."));
      return NULL;
    }
  if (memchr (text, '\0', n) != NULL)
    {
      fail (error, _("This file is not text, so it is not a health report Drivedash can read."));
      return NULL;
    }
  h->source = DRIVEDASH_HEALTH_SOURCE_REPORT;
  for (p = text; p < text + n && g_ascii_isspace (*p); p++)
    ;
  copy = g_strndup (text, n);
  ok = p < text + n && *p == '{' ? read_json (h, copy, n, &date, error) : read_text (h, copy, &date, error);
  if (!ok)
    return NULL;
  if (h->warning_temperature_kelvin != 0 || h->critical_temperature_kelvin != 0)
    h->has |= DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS;
  drivedash_health_update_verdict (h);
  if (made != NULL)
    *made = g_steal_pointer (&date);
  return g_steal_pointer (&h);
}

DrivedashHealth *
drivedash_health_from_report (const char  *text,
                              gssize       len,
                              GError     **error)
{
  return drivedash_health_from_report_dated (text, len, NULL, error);
}

char *
drivedash_health_report_format_date (GDateTime *made)
{
  g_return_val_if_fail (made != NULL, NULL);
  /* Translators: the day a health report was made, as strftime() writes it */
  return g_date_time_format (made, C_("report date", "%-d %B %Y"));
}

/* One file's text, refused before reading when it is a folder or too
 * big to be a report. */
static char *
load_one (GFile         *file,
          gsize         *len,
          GCancellable  *cancellable,
          GError       **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *name = g_file_get_parse_name (file);
  g_autoptr(GError) local = NULL;
  char *contents = NULL;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, cancellable, &local);
  if (info != NULL && g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    g_set_error_literal (&local, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                         _("This is a folder. Choose the file that holds the report."));
  else if (info != NULL && g_file_info_get_size (info) > MAX_REPORT_BYTES)
    g_set_error_literal (&local, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                         _("This file is too big to be a health report."));
  else if (info != NULL)
    g_file_load_contents (file, cancellable, &contents, len, NULL, &local);
  if (local == NULL)
    return contents;
  if (local->domain == DRIVEDASH_ERROR || g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_propagate_error (error, g_steal_pointer (&local));
  else
    /* Translators: a file's name, then why it cannot be read */
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND, _("Cannot read “%s”: %s"), name,
                 local->message);
  return NULL;
}

static gboolean
is_json (const char *text,
         gsize       len)
{
  gsize i = 0;

  while (i < len && g_ascii_isspace (text[i]))
    i++;
  return i < len && text[i] == '{';
}

DrivedashHealth *
drivedash_health_read_report_files (GFile        **files,
                                    guint          n_files,
                                    GDateTime    **made,
                                    GCancellable  *cancellable,
                                    GError       **error)
{
  g_autoptr(GString) all = g_string_new (NULL);

  g_return_val_if_fail (files != NULL && n_files > 0, NULL);
  if (n_files > 2)
    {
      fail (error, _("Open one report, or nvme-cli’s two files of one drive (smart-log and id-ctrl)."));
      return NULL;
    }
  for (guint i = 0; i < n_files; i++)
    {
      gsize len = 0;
      g_autofree char *text = load_one (files[i], &len, cancellable, error);

      if (text == NULL)
        return NULL;
      /* Two files are nvme-cli's JSON of one drive; texts do not add up. */
      if (n_files > 1 && !is_json (text, len))
        {
          fail (error, _("Open one report, or nvme-cli’s two files of one drive (smart-log and id-ctrl)."));
          return NULL;
        }
      g_string_append_len (all, text, (gssize) len);
      g_string_append_c (all, '\n');
    }
  return drivedash_health_from_report_dated (all->str, (gssize) all->len, made, error);
}
