/* test-metrics.c — Prometheus metrics from a full health report: names,
 * exact values, exactly the issue's names, Debian's real `promtool check
 * metrics`, and the atomic file write (also into a read-only folder)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "drivedash-error.h"
#include "drivedash-metrics.h"

#include "drivedash-test-health.h"
#include "drivedash-test-tree.h"

static char *
full_metrics (void)
{
  g_autoptr(GPtrArray) healths = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_health_unref);
  DrivedashHealth *h = drivedash_test_full_health ();

  g_free (h->controller);
  h->controller = g_strdup ("nvme0");
  g_free (h->model);
  /* A label value that needs escaping. */
  h->model = g_strdup ("Test \"Quoted\" \\ Drive");
  g_ptr_array_add (healths, h);
  return drivedash_metrics_format (healths);
}

/* Values from tests/fixtures/make-fixtures.py (smart-known.bin). */
static void
test_values (void)
{
  g_autofree char *text = full_metrics ();
  const char *lines[] = {
    "drivedash_nvme_temperature_celsius{controller=\"nvme0\"} 49.85\n",
    "drivedash_nvme_critical_warning{controller=\"nvme0\"} 165\n",
    "drivedash_nvme_available_spare_ratio{controller=\"nvme0\"} 0.87\n",
    "drivedash_nvme_percentage_used_ratio{controller=\"nvme0\"} 0.13\n",
    /* 2^64 units × 512,000 bytes, exact */
    "drivedash_nvme_data_written_bytes_total{controller=\"nvme0\"} 9444732965739290427392000\n",
    /* 0x0123456789ABCDEF_FEDCBA9876543210 units: the bytes need more than
     * 128 bits, so a float (Python: 7.7433143050453556e+41) */
    "drivedash_nvme_data_read_bytes_total{controller=\"nvme0\"} 7.7433143050453556e+41\n",
    "drivedash_nvme_power_on_seconds_total{controller=\"nvme0\"} 72000000\n",
    "drivedash_nvme_unsafe_shutdowns_total{controller=\"nvme0\"} 42\n",
    "drivedash_nvme_media_errors_total{controller=\"nvme0\"} 3\n",
    "drivedash_nvme_error_log_entries_total{controller=\"nvme0\"} 17\n",
    "drivedash_nvme_verdict{controller=\"nvme0\",verdict=\"bad\"} 1\n",
    "drivedash_nvme_info{controller=\"nvme0\",model=\"Test \\\"Quoted\\\" \\\\ Drive\",serial=\"SN123\",firmware=\"1.2.3\"} 1\n",
    "# TYPE drivedash_nvme_media_errors_total counter\n",
    "# TYPE drivedash_nvme_available_spare_ratio gauge\n",
  };

  g_test_message ("%s", text);
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    if (strstr (text, lines[i]) == NULL)
      g_error ("missing: %s", lines[i]);
}

/* A report without SMART (sysfs only) has no made-up counters. */
static void
test_partial (void)
{
  g_autoptr(GPtrArray) healths = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_health_unref);
  DrivedashHealth *h = drivedash_health_new ("nvme1");
  g_autofree char *text = NULL;

  h->has = DRIVEDASH_HEALTH_HAS_TEMPERATURE;
  h->smart.temperature_kelvin = 300;
  g_ptr_array_add (healths, h);
  text = drivedash_metrics_format (healths);
  g_assert_nonnull (strstr (text, "drivedash_nvme_temperature_celsius{controller=\"nvme1\"} 26.85\n"));
  g_assert_null (strstr (text, "_total"));
  g_assert_null (strstr (text, "spare"));
}

/* What each app wrote, with app names that need escaping. */
static char *
app_metrics (void)
{
  static const char *const controllers[] = { "nvme0", "nvme0", "nvme0" };
  static const char *const apps[] = { "org.mozilla.firefox", "System: packagekit.service", "bad \"app\"\\\nname" };
  static const guint64 bytes[] = { 12000000000, 3000000, 1 };
  g_autofree char *health = full_metrics ();
  GString *out = g_string_new (health);

  drivedash_metrics_append_app_writes (out, controllers, apps, bytes, 3);
  return g_string_free (out, FALSE);
}

static void
test_app_writes (void)
{
  g_autofree char *text = app_metrics ();
  g_autoptr(GString) none = g_string_new (NULL);

  g_assert_nonnull (strstr (text, "# TYPE drivedash_app_bytes_written_total counter\n"));
  g_assert_nonnull (strstr (text, "drivedash_app_bytes_written_total{controller=\"nvme0\","
                                  "app=\"org.mozilla.firefox\"} 12000000000\n"));
  g_assert_nonnull (strstr (text, "app=\"bad \\\"app\\\"\\\\\\nname\"} 1\n"));
  drivedash_metrics_append_app_writes (none, NULL, NULL, NULL, 0);
  g_assert_cmpuint (none->len, ==, 0);
}

static void
test_promtool (void)
{
  g_autofree char *promtool = g_find_program_in_path ("promtool");
  g_autofree char *text = app_metrics ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (promtool == NULL)
    {
      g_test_skip ("promtool is not installed (Debian: prometheus; build-aux/deps test)");
      return;
    }
  proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                           G_SUBPROCESS_FLAGS_STDERR_PIPE, &error, promtool, "check", "metrics", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, text, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_test_message ("promtool: %s%s", out, err);
  /* promtool lists each problem; none is allowed. */
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpstr (err, ==, "");
  g_assert_true (g_subprocess_get_successful (proc));
}

/* The issue's list (#12, section 5), nothing more and nothing less. */
static const char *const issue_names[] = {
  "drivedash_nvme_temperature_celsius",
  "drivedash_nvme_critical_warning",
  "drivedash_nvme_available_spare_ratio",
  "drivedash_nvme_percentage_used_ratio",
  "drivedash_nvme_data_written_bytes_total",
  "drivedash_nvme_data_read_bytes_total",
  "drivedash_nvme_power_on_seconds_total",
  "drivedash_nvme_unsafe_shutdowns_total",
  "drivedash_nvme_media_errors_total",
  "drivedash_nvme_error_log_entries_total",
  "drivedash_nvme_verdict",
  "drivedash_nvme_info",
};

/* Every family has HELP and TYPE; every sample a controller label first. */
static void
check_line (const char *line,
            GHashTable *typed,
            GHashTable *helped)
{
  g_auto(GStrv) words = g_strsplit (line, " ", 4);

  if (g_str_has_prefix (line, "# TYPE "))
    g_hash_table_add (typed, g_strdup (words[2]));
  else if (g_str_has_prefix (line, "# HELP "))
    g_hash_table_add (helped, g_strdup (words[2]));
  else if (*line != '\0')
    {
      const char *brace = strchr (line, '{');
      g_autofree char *name = NULL;

      g_assert_nonnull (brace);
      name = g_strndup (line, brace - line);
      g_assert_true (g_hash_table_contains (typed, name));
      g_assert_true (g_str_has_prefix (brace, "{controller=\"nvme0\""));
    }
}

static void
test_names (void)
{
  g_autofree char *text = full_metrics ();
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GHashTable) typed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) helped = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    check_line (lines[i], typed, helped);
  for (guint i = 0; i < G_N_ELEMENTS (issue_names); i++)
    {
      if (!g_hash_table_contains (typed, issue_names[i]))
        g_error ("no TYPE line for %s", issue_names[i]);
      g_assert_true (g_hash_table_contains (helped, issue_names[i]));
    }
  g_assert_cmpuint (g_hash_table_size (typed), ==, G_N_ELEMENTS (issue_names));
  g_assert_cmpuint (g_hash_table_size (helped), ==, G_N_ELEMENTS (issue_names));
  /* The info labels are the issue's three (after controller). */
  g_assert_nonnull (strstr (text, "\ndrivedash_nvme_info{controller=\"nvme0\",model=\""));
  g_assert_nonnull (strstr (text, "\",serial=\"SN123\",firmware=\"1.2.3\"} 1\n"));
}

static void
assert_only_file (const char *dir,
                  const char *name)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);

  g_assert_nonnull (listing);
  g_assert_cmpstr (g_dir_read_name (listing), ==, name);
  g_assert_null (g_dir_read_name (listing));
}

static void
test_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("drivedash-metrics-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "fleet.prom", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-folder", "drivedash.prom", NULL);
  g_autofree char *contents = NULL;
  GStatBuf st;

  g_assert_true (drivedash_metrics_write_file (path, "old 1\n", &error));
  g_assert_true (drivedash_metrics_write_file (path, "new 2\n", &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "new 2\n");
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644);
  /* Nothing else is left in the folder (no temporary file). */
  assert_only_file (dir, "fleet.prom");

  g_assert_false (drivedash_metrics_write_file (missing, "x\n", &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "no-such-folder"));
  g_clear_error (&error);

  /* A folder where the file should be (the old --textfile habit). */
  g_assert_false (drivedash_metrics_write_file (dir, "x\n", &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "drivedash.prom"));
  assert_only_file (dir, "fleet.prom");
  drivedash_test_tree_remove (dir);
}

/* Runs in a child: root writes anywhere, so it first becomes nobody. */
static void
read_only_child (const char *dir)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (dir, DRIVEDASH_METRICS_FILE_NAME, NULL);
  g_autofree char *contents = NULL;

  if (geteuid () == 0 && (setgid (65534) != 0 || setuid (65534) != 0))
    {
      g_test_skip ("cannot become nobody");
      return;
    }
  g_assert_false (drivedash_metrics_write_file (path, "new 2\n", &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "Permission denied"));
  /* The old file is as it was, and no temporary file. */
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "old 1\n");
  assert_only_file (dir, DRIVEDASH_METRICS_FILE_NAME);
}

static void
test_read_only (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *top = g_dir_make_tmp ("drivedash-metrics-XXXXXX", &error);
  g_autofree char *dir = g_build_filename (top, "textfile", NULL);
  g_autofree char *path = g_build_filename (dir, DRIVEDASH_METRICS_FILE_NAME, NULL);

  if (g_test_subprocess ())
    {
      read_only_child (g_getenv ("DRIVEDASH_TEST_RO_DIR"));
      return;
    }
  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  g_assert_true (drivedash_metrics_write_file (path, "old 1\n", &error));
  g_assert_cmpint (g_chmod (top, 0755), ==, 0);
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  g_setenv ("DRIVEDASH_TEST_RO_DIR", dir, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT);
  g_test_trap_assert_passed ();
  g_chmod (dir, 0755);
  drivedash_test_tree_remove (top);
}

/* The kernel events family: every kind for a drive whose events were
 * read, 0 included; nothing for one whose were not. */
static void
test_kernel_events (void)
{
  g_autoptr(GPtrArray) healths = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_health_unref);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_event_log_free);
  DrivedashEventLog *log = drivedash_event_log_new (10);
  g_autofree char *text = NULL;
  g_autofree char *without = NULL;

  g_ptr_array_add (healths, drivedash_health_new ("nvme0"));
  g_ptr_array_add (healths, drivedash_health_new ("nvme1"));
  for (guint i = 0; i < 3; i++)
    drivedash_event_log_add (log, drivedash_kernel_event_new (DRIVEDASH_EVENT_KIND_RESET, "x"));
  g_ptr_array_add (events, log);
  g_ptr_array_add (events, NULL);
  text = drivedash_metrics_format_with_events (healths, events);
  g_assert_nonnull (strstr (text, "# TYPE drivedash_kernel_events_total counter\n"));
  g_assert_nonnull (strstr (text, "drivedash_kernel_events_total{controller=\"nvme0\",kind=\"reset\"} 3\n"));
  g_assert_nonnull (strstr (text, "drivedash_kernel_events_total{controller=\"nvme0\",kind=\"read-only\"} 0\n"));
  g_assert_null (strstr (text, "drivedash_kernel_events_total{controller=\"nvme1\""));
  without = drivedash_metrics_format (healths);
  g_assert_null (strstr (without, "kernel_events"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/metrics/values", test_values);
  g_test_add_func ("/metrics/partial", test_partial);
  g_test_add_func ("/metrics/app-writes", test_app_writes);
  g_test_add_func ("/metrics/promtool", test_promtool);
  g_test_add_func ("/metrics/names", test_names);
  g_test_add_func ("/metrics/file", test_file);
  g_test_add_func ("/metrics/read-only", test_read_only);
  g_test_add_func ("/metrics/kernel-events", test_kernel_events);
  return g_test_run ();
}
