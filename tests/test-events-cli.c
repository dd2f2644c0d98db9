/* test-events-cli.c — drivedash-cli events on real journal files, and
 * health, whose verdict for people counts the serious ones
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * All the fixtures of tests/fixtures/journal go into one journal file
 * (systemd-journal-remote), and the real drivedash-cli reads it for nvme0
 * on a sysfs tree that gives nvme0 its PCI address and a LUKS device on a
 * partition.  What each kind must count comes from the fixtures' own
 * DRIVEDASH_EXPECT_* fields.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/wait.h>
#include <systemd/sd-journal.h>

#include "drivedash-events.h"
#include "drivedash-verdict.h"
#include "drivedash-test-tree.h"

typedef struct
{
  char *dir;
  char *sysfs;
  char *journal;
} Fixture;

static const char *
journal_remote (void)
{
  if (g_file_test ("/lib/systemd/systemd-journal-remote", G_FILE_TEST_IS_EXECUTABLE))
    return "/lib/systemd/systemd-journal-remote";
  if (g_file_test ("/usr/lib/systemd/systemd-journal-remote", G_FILE_TEST_IS_EXECUTABLE))
    return "/usr/lib/systemd/systemd-journal-remote";
  return NULL;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  static const char *names[] = {
    "reset", "timeout", "not-ready", "removed", "power-state", "aer",
    "io-error", "filesystem", "other",
  };
  const char *only = data;
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  int status = 0;

  f->dir = g_dir_make_tmp ("drivedash-events-cli-XXXXXX", &error);
  g_assert_no_error (error);
  f->sysfs = g_build_filename (f->dir, "sys", NULL);
  drivedash_test_tree_put (f->sysfs, "class/nvme/nvme0/address", "0000:01:00.0\n");
  drivedash_test_tree_put (f->sysfs, "class/nvme/nvme0/state", "live\n");
  drivedash_test_tree_put (f->sysfs, "class/nvme/nvme0/power/pm_qos_latency_tolerance_us", "100000\n");
  drivedash_test_tree_put (f->sysfs, "class/block/nvme0n1p2/holders/dm-0", "");
  if (journal_remote () == NULL)
    return;
  f->journal = g_build_filename (f->dir, "all.journal", NULL);
  g_ptr_array_add (argv, g_strdup (journal_remote ()));
  g_ptr_array_add (argv, g_strconcat ("--output=", f->journal, NULL));
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    if (only == NULL || strcmp (only, names[i]) == 0 || strcmp (only, "boots") == 0)
      {
        g_autofree char *file = g_strconcat (strcmp (only != NULL ? only : "", "boots") == 0
                                             ? "boots" : names[i], ".export", NULL);

        g_ptr_array_add (argv, g_test_build_filename (G_TEST_DIST, "fixtures", "journal", file, NULL));
        if (only != NULL)
          break;
      }
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL,
                               G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_assert_true (drivedash_test_tree_remove (f->dir));
  g_free (f->dir);
  g_free (f->sysfs);
  g_free (f->journal);
}

/* drivedash-cli COMMAND on the fixture's tree, with its journal unless
 * JOURNAL is FALSE, then ARGS up to NULL. */
static int
run_command (Fixture     *f,
             const char  *command,
             gboolean     journal,
             char       **out,
             char       **err,
             va_list      args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  const char *arg;
  int status;

  g_ptr_array_add (argv, g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli",
                                           "drivedash-cli", NULL));
  g_ptr_array_add (argv, g_strdup (command));
  if (journal)
    g_ptr_array_add (argv, g_strconcat ("--journal-file=", f->journal, NULL));
  g_ptr_array_add (argv, g_strconcat ("--sysfs-root=", f->sysfs, NULL));
  for (arg = va_arg (args, const char *); arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, g_strdup (arg));
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDIN_FROM_DEV_NULL,
                               NULL, NULL, out, err, &status, &error));
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status);
}

static int
run_cli (Fixture  *f,
         char    **out,
         char    **err,
         ...)
{
  va_list args;
  int rc;

  va_start (args, err);
  rc = run_command (f, "events", TRUE, out, err, args);
  va_end (args);
  return rc;
}

static int
run_health (Fixture  *f,
            gboolean  journal,
            char    **out,
            char    **err,
            ...)
{
  va_list args;
  int rc;

  va_start (args, err);
  rc = run_command (f, "health", journal, out, err, args);
  va_end (args);
  return rc;
}

/* No byte a terminal would act on: only text, newlines and, in JSON, no
 * escaped control character either. */
static void
assert_printable (const char *text)
{
  g_assert_true (g_utf8_validate (text, -1, NULL));
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      g_assert_true ((c >= 0x20 || c == '\n') && c != 0x7f && !(c >= 0x80 && c <= 0x9f));
    }
  g_assert_null (strstr (text, "\\u001b"));
  g_assert_null (strstr (text, "\\u0007"));
}

static char *
field (sd_journal *j,
       const char *name)
{
  const void *data;
  size_t len;

  if (sd_journal_get_data (j, name, &data, &len) < 0)
    return NULL;
  return g_strndup ((const char *) data + strlen (name) + 1, len - strlen (name) - 1);
}

/* What the fixtures say nvme0 must count, kind by kind. */
static GHashTable *
expected_counts (const char *journal)
{
  GHashTable *counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *files[] = { journal, NULL };
  sd_journal *j = NULL;

  g_assert_cmpint (sd_journal_open_files (&j, files, 0), >=, 0);
  while (sd_journal_next (j) > 0)
    {
      g_autofree char *kind = field (j, "DRIVEDASH_EXPECT_KIND");
      g_autofree char *ctrl = field (j, "DRIVEDASH_EXPECT_CONTROLLER");
      g_autofree char *transport = field (j, "_TRANSPORT");

      if (g_strcmp0 (transport, "kernel") != 0 || g_strcmp0 (ctrl, "nvme0") != 0
          || g_strcmp0 (kind, "none") == 0)
        continue;
      g_hash_table_insert (counts, g_strdup (kind),
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, kind)) + 1));
    }
  sd_journal_close (j);
  return counts;
}

static JsonObject *
only_drive (JsonNode *root)
{
  JsonArray *drives = json_object_get_array_member (json_node_get_object (root), "drives");

  g_assert_cmpuint (json_array_get_length (drives), ==, 1);
  return json_array_get_object_element (drives, 0);
}

static void
test_json (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GHashTable) expected = NULL;
  g_autoptr(GError) error = NULL;
  JsonArray *kinds, *events;
  JsonObject *drive;
  guint n_expected = 0, n_events = 0;

  if (f->journal == NULL)
    {
      g_test_skip ("systemd-journal-remote is not installed (build-aux/deps test installs it)");
      return;
    }
  g_assert_cmpint (run_cli (f, &out, &err, "nvme0", "--json", NULL), ==, 0);
  assert_printable (out);
  root = json_from_string (out, &error);
  g_assert_no_error (error);
  drive = only_drive (root);
  g_assert_cmpstr (json_object_get_string_member (drive, "controller"), ==, "nvme0");
  g_assert_cmpstr (json_object_get_string_member (drive, "source"), ==, "journal");
  expected = expected_counts (f->journal);
  kinds = json_object_get_array_member (drive, "kinds");
  g_assert_cmpuint (json_array_get_length (kinds), ==, g_hash_table_size (expected));
  for (guint i = 0; i < json_array_get_length (kinds); i++)
    {
      JsonObject *kind = json_array_get_object_element (kinds, i);
      const char *name = json_object_get_string_member (kind, "kind");

      g_test_message ("%s: %" G_GINT64_FORMAT, name, json_object_get_int_member (kind, "count"));
      g_assert_cmpint (json_object_get_int_member (kind, "count"), ==,
                       GPOINTER_TO_UINT (g_hash_table_lookup (expected, name)));
      g_assert_cmpstr (json_object_get_string_member (kind, "meaning"), !=, "");
      g_assert_cmpstr (json_object_get_string_member (kind, "advice"), !=, "");
      n_expected += GPOINTER_TO_UINT (g_hash_table_lookup (expected, name));
    }
  events = json_object_get_array_member (drive, "events");
  n_events = json_array_get_length (events);
  g_assert_cmpuint (n_events, ==, n_expected);
  for (guint i = 0; i < n_events; i++)
    {
      JsonObject *event = json_array_get_object_element (events, i);

      if (g_strcmp0 (json_object_get_string_member (event, "kind"), "io-error") == 0
          && strstr (json_object_get_string_member (event, "message"), ", sector ") != NULL)
        {
          g_assert_false (json_object_get_null_member (event, "sector"));
          g_assert_nonnull (json_object_get_string_member (event, "op"));
        }
    }
}

static void
test_text (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (f->journal == NULL)
    {
      g_test_skip ("systemd-journal-remote is not installed (build-aux/deps test installs it)");
      return;
    }
  g_assert_cmpint (run_cli (f, &out, &err, "nvme0", NULL), ==, 0);
  assert_printable (out);
  g_assert_nonnull (strstr (out, drivedash_event_kind_get_title (DRIVEDASH_EVENT_KIND_RESET)));
  g_assert_nonnull (strstr (out, drivedash_event_kind_get_advice (DRIVEDASH_EVENT_KIND_READ_ONLY)));
  /* nvme0 has APST and dropped out: the fix, as a command. */
  g_assert_nonnull (strstr (out, "drivedash-cli game-mode nvme0 on --persistent"));
  /* The process name with escapes shows as visible symbols. */
  g_assert_nonnull (strstr (out, "␛]0;pwned␇"));
}

/* nvme1 has only its own line; nvme10's does not count for it. */
static void
test_other_drive (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonArray *events;

  if (f->journal == NULL)
    {
      g_test_skip ("systemd-journal-remote is not installed (build-aux/deps test installs it)");
      return;
    }
  g_assert_cmpint (run_cli (f, &out, &err, "nvme1", "--json", NULL), ==, 0);
  root = json_from_string (out, NULL);
  g_assert_nonnull (root);
  events = json_object_get_array_member (only_drive (root), "events");
  g_assert_cmpuint (json_array_get_length (events), ==, 1);
  g_assert_nonnull (strstr (json_object_get_string_member (json_array_get_object_element (events, 0), "message"),
                            "nvme nvme1: controller is down"));
  /* One reset, on a drive without APST here: no fix offered. */
  {
    g_autofree char *text = NULL;
    g_autofree char *text_err = NULL;

    g_assert_cmpint (run_cli (f, &text, &text_err, "nvme1", NULL), ==, 0);
    g_assert_null (strstr (text, "game-mode"));
  }
}

static void
test_boots (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *out3 = NULL;
  g_autofree char *err3 = NULL;
  g_autoptr(JsonNode) root = NULL;

  if (f->journal == NULL)
    {
      g_test_skip ("systemd-journal-remote is not installed (build-aux/deps test installs it)");
      return;
    }
  g_assert_cmpint (run_cli (f, &out, &err, "nvme0", "--boot", "-1", "--json", NULL), ==, 0);
  root = json_from_string (out, NULL);
  g_assert_nonnull (root);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (only_drive (root), "events")), ==, 2);
  /* Plain errors, nothing on stdout. */
  g_assert_cmpint (run_cli (f, &out2, &err2, "nvme0", "--boot", "-7", NULL), ==, 3);
  g_assert_nonnull (strstr (err2, "-7"));
  g_assert_cmpstr (out2, ==, "");
  g_assert_cmpint (run_cli (f, &out3, &err3, "nvme0", "--boot", "2", NULL), ==, 2);
}

static void
test_bad_name (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (f->journal == NULL)
    {
      g_test_skip ("systemd-journal-remote is not installed (build-aux/deps test installs it)");
      return;
    }
  g_assert_cmpint (run_cli (f, &out, &err, "nvme0;rm", NULL), !=, 0);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpstr (err, !=, "");
}

/* `health` for people counts the serious kernel events in its verdict, as
 * the Health page does: on this tree the drive's own report is Unknown
 * (no device node), and the resets make it Caution with their reason.
 * Timeouts alone are warnings and change nothing.  --json is the drive's
 * own report and refuses a journal. */
static void
test_health_verdict (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *plain_err = NULL;
  g_autofree char *json_out = NULL;
  g_autofree char *json_err = NULL;
  g_autofree char *caution = g_strdup_printf ("nvme0: %s\n", drivedash_verdict_get_title (DRIVEDASH_VERDICT_CAUTION));
  g_autofree char *unknown = g_strdup_printf ("nvme0: %s\n", drivedash_verdict_get_title (DRIVEDASH_VERDICT_UNKNOWN));

  if (f->journal == NULL)
    {
      g_test_skip ("systemd-journal-remote is not installed (build-aux/deps test installs it)");
      return;
    }
  g_assert_cmpint (run_health (f, FALSE, &plain, &plain_err, "nvme0", NULL), ==, 0);
  g_assert_true (g_str_has_prefix (plain, unknown));
  g_assert_cmpint (run_health (f, TRUE, &out, &err, "nvme0", NULL), ==, 0);
  assert_printable (out);
  if (data == NULL)
    {
      g_assert_true (g_str_has_prefix (out, caution));
      g_assert_nonnull (strstr (out, drivedash_event_kind_get_title (DRIVEDASH_EVENT_KIND_RESET)));
    }
  else
    g_assert_cmpstr (out, ==, plain);
  g_assert_cmpint (run_health (f, TRUE, &json_out, &json_err, "nvme0", "--json", NULL), ==, 2);
  g_assert_nonnull (strstr (json_err, "--journal-file"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/events-cli/json", Fixture, NULL, fixture_set_up, test_json, fixture_tear_down);
  g_test_add ("/events-cli/text", Fixture, NULL, fixture_set_up, test_text, fixture_tear_down);
  g_test_add ("/events-cli/other-drive", Fixture, NULL, fixture_set_up, test_other_drive, fixture_tear_down);
  g_test_add ("/events-cli/boots", Fixture, "boots", fixture_set_up, test_boots, fixture_tear_down);
  g_test_add ("/events-cli/bad-name", Fixture, NULL, fixture_set_up, test_bad_name, fixture_tear_down);
  g_test_add ("/events-cli/health-verdict", Fixture, NULL, fixture_set_up, test_health_verdict, fixture_tear_down);
  g_test_add ("/events-cli/health-verdict-warnings", Fixture, "timeout", fixture_set_up, test_health_verdict,
              fixture_tear_down);
  return g_test_run ();
}
