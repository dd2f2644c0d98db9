/* test-report-evidence.c — the evidence report for a warranty claim
 * (drivedash-report-evidence*.c): JSON parsed back, the PDF read back
 * with pdftotext (poppler-utils), the HTML's text, and files that cannot
 * be written
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The drive is the full fixture health (tests/fixtures/smart-known.bin:
 * critical warnings set, so the verdict is Bad) with real event logs.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-error.h"
#include "drivedash-journal.h"
#include "drivedash-report-evidence.h"
#include "drivedash-snapshot.h"
#include "drivedash-store-health.h"
#include "drivedash-test-health.h"
#include "drivedash-test-tree.h"

typedef struct
{
  char *dir;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("drivedash-evidence-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_assert_true (drivedash_test_tree_remove (f->dir));
  g_free (f->dir);
}

static DrivedashEvidence *
make_evidence (DrivedashHealth *health)
{
  g_autoptr(GArray) history = g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot));
  DrivedashEventLog *log = drivedash_event_log_new (100);
  DrivedashSnapshot s = { 0 };

  s.time = 1700000000;
  s.has = DRIVEDASH_SNAPSHOT_HAS_SMART | DRIVEDASH_SNAPSHOT_HAS_TEMPERATURE;
  s.temperature_kelvin = NAN;  /* must come out as null, never "nan" */
  s.media_errors = 1;
  s.available_spare_percent = 100;
  g_array_append_val (history, s);
  s.time += 3600;
  s.temperature_kelvin = 320.5;
  s.media_errors = 7;
  g_array_append_val (history, s);
  drivedash_event_log_add (log, drivedash_kernel_event_new (DRIVEDASH_EVENT_KIND_RESET,
                                                            "nvme nvme0: controller is down; will reset: CSTS=0xffffffff"));
  drivedash_event_log_add (log, drivedash_kernel_event_new (DRIVEDASH_EVENT_KIND_AER_CORRECTED,
                                                            "pcieport 0000:00:1c.0: AER: Corrected error received"));
  return drivedash_evidence_new (health, history, log, NULL);
}

static JsonObject *
read_json (JsonParser *parser,
           const char *path)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static void
check_json (const char      *path,
            DrivedashHealth *health)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root = read_json (parser, path);
  JsonObject *drive = json_object_get_object_member (root, "drive");
  JsonArray *history = json_object_get_array_member (root, "history");
  JsonArray *failing = json_object_get_array_member (root, "failing");
  JsonObject *events = json_object_get_object_member (root, "kernel_events");
  gboolean bad = FALSE, kernel = FALSE, media = FALSE;

  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "drivedash-evidence");
  g_assert_true (json_object_get_boolean_member (root, "serial_included"));
  g_assert_cmpstr (json_object_get_string_member (root, "note"), ==, drivedash_evidence_serial_note ());
  g_assert_cmpstr (health->serial, !=, "");
  g_assert_cmpstr (json_object_get_string_member (drive, "serial"), ==, health->serial);
  g_assert_cmpstr (json_object_get_string_member (drive, "verdict"), ==, "bad");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (drive, "error_log")), >, 0);
  g_assert_cmpuint (json_array_get_length (history), ==, 2);
  g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (json_array_get_object_element (history, 0),
                                                               "temperature_kelvin")));
  g_assert_cmpfloat (json_object_get_double_member (json_array_get_object_element (history, 1),
                                                    "temperature_kelvin"), ==, 320.5);
  for (guint i = 0; i < json_array_get_length (failing); i++)
    {
      const char *id = json_array_get_string_element (failing, i);

      bad |= g_str_equal (id, "verdict-bad");
      kernel |= g_str_equal (id, "kernel-events");
      media |= g_str_equal (id, "media-errors");
    }
  g_assert_true (bad && kernel && media);
  g_assert_cmpint (json_object_get_int_member (events, "boots"), >=, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (events, "events")), ==, 2);
}

/* The text of page @page (0: all), spaces collapsed. */
static char *
pdf_page_text (const char *pdf,
               guint       page)
{
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) space = g_regex_new ("\\s+", 0, 0, NULL);
  g_autofree char *first = g_strdup_printf ("%u", page > 0 ? page : 1);
  g_autofree char *last = g_strdup_printf ("%u", page > 0 ? page : G_MAXINT);
  const char *argv[] = { "pdftotext", "-enc", "UTF-8", "-f", first, "-l", last, pdf, "-", NULL };
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                     &out, NULL, &status, &error))
    g_error ("cannot run pdftotext (poppler-utils is installed by build-aux/deps test): %s", error->message);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_regex_replace_literal (space, out, -1, 0, " ", 0, NULL);
}

static char *
pdf_text (const char *pdf)
{
  return pdf_page_text (pdf, 0);
}

static void
test_write (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(DrivedashHealth) health = drivedash_test_full_health ();
  g_autoptr(DrivedashEvidence) evidence = make_evidence (health);
  g_autofree char *pdf = g_build_filename (f->dir, "evidence.pdf", NULL);
  g_autofree char *json = g_build_filename (f->dir, "evidence.json", NULL);
  g_autofree char *html = g_build_filename (f->dir, "evidence.html", NULL);
  g_autofree char *text = NULL;
  g_autofree char *page = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (drivedash_evidence_write (evidence, pdf, json, html, &error));
  g_assert_no_error (error);
  check_json (json, health);

  text = pdf_text (pdf);
  g_assert_nonnull (strstr (text, health->serial));
  g_assert_nonnull (strstr (text, drivedash_evidence_serial_note ()));
  g_assert_nonnull (strstr (text, drivedash_event_kind_get_title (DRIVEDASH_EVENT_KIND_RESET)));
  g_assert_nonnull (strstr (text, drivedash_verdict_get_title (DRIVEDASH_VERDICT_BAD)));

  g_assert_true (g_file_get_contents (html, &page, NULL, NULL));
  g_assert_nonnull (strstr (page, health->serial));
  /* The caller's health keeps its own verdict's reasons. */
  for (guint i = 0; i < health->reasons->len; i++)
    g_assert_false (g_str_has_prefix (((DrivedashVerdictReason *) g_ptr_array_index (health->reasons, i))->id,
                                      "kernel-"));
}

/* Without the kernel's events the report says why, and JSON has null. */
static void
test_no_events (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(DrivedashHealth) health = drivedash_test_full_health ();
  g_autoptr(DrivedashEvidence) evidence =
    drivedash_evidence_new (health, NULL, NULL, "Reading them needs the adm group.");
  g_autofree char *json = g_build_filename (f->dir, "evidence.json", NULL);
  g_autofree char *pdf = g_build_filename (f->dir, "evidence.pdf", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  JsonObject *root;

  g_assert_true (drivedash_evidence_write (evidence, pdf, json, NULL, &error));
  g_assert_no_error (error);
  root = read_json (parser, json);
  g_assert_true (JSON_NODE_HOLDS_NULL (json_object_get_member (root, "kernel_events")));
  g_assert_cmpstr (json_object_get_string_member (root, "kernel_events_missing"), ==,
                   "Reading them needs the adm group.");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "history")), ==, 0);
  text = pdf_text (pdf);
  g_assert_nonnull (strstr (text, "Reading them needs the adm group."));
}

/* A folder that is not there, or a path that cannot be a file, gives
 * words for people and leaves the earlier file as it was. */
static void
test_write_errors (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(DrivedashHealth) health = drivedash_test_full_health ();
  g_autoptr(DrivedashEvidence) evidence = make_evidence (health);
  g_autofree char *missing = g_build_filename (f->dir, "no-such-folder", "evidence.pdf", NULL);
  g_autofree char *json = g_build_filename (f->dir, "evidence.json", NULL);
  g_autofree char *kept = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_false (drivedash_evidence_write (evidence, NULL, NULL, NULL, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (json, "earlier", -1, NULL));
  g_assert_false (drivedash_evidence_write (evidence, missing, json, NULL, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_clear_error (&error);
  /* /proc refuses new files even to root. */
  g_assert_false (drivedash_evidence_write (evidence, NULL, "/proc/drivedash-evidence.json", NULL, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE);
  g_clear_error (&error);
  g_assert_false (drivedash_evidence_write (evidence, NULL, f->dir, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (json, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "earlier");
  /* One file that cannot be saved: none is replaced, the others too. */
  g_assert_false (drivedash_evidence_write (evidence, NULL, json, f->dir, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
  g_clear_pointer (&kept, g_free);
  g_assert_true (g_file_get_contents (json, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "earlier");
  {
    g_autoptr(GDir) d = g_dir_open (f->dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (d)) != NULL)
      g_assert_false (g_str_has_suffix (name, ".part"));
  }
}

/* The watch's readings come from the real store, by the drive's serial. */
static void
test_read_history (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(DrivedashHealth) health = drivedash_test_full_health ();
  g_autofree char *path = g_build_filename (f->dir, "history.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (path, &error);
  g_autoptr(GArray) none = NULL;
  g_autoptr(GArray) history = NULL;
  DrivedashSnapshot s[2] = { { 0 } };
  gint64 id;

  g_assert_no_error (error);
  none = drivedash_evidence_read_history (store, health, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (none->len, ==, 0);

  id = drivedash_store_watch_drive (store, health->serial, health->model, health->controller, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (s); i++)
    {
      s[i].time = g_get_real_time () / G_USEC_PER_SEC - 7200 + 3600 * i;
      s[i].has = DRIVEDASH_SNAPSHOT_HAS_SMART;
      s[i].media_errors = 3 + i;
    }
  g_assert_true (drivedash_store_add_snapshots (store, id, s, G_N_ELEMENTS (s), &error));
  history = drivedash_evidence_read_history (store, health, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (history->len, ==, 2);
  g_assert_cmpint (g_array_index (history, DrivedashSnapshot, 0).media_errors, ==, 3);
  g_assert_cmpint (g_array_index (history, DrivedashSnapshot, 1).media_errors, ==, 4);
}

static const DrivedashEventKind many_kinds[] = {
  DRIVEDASH_EVENT_KIND_TIMEOUT, DRIVEDASH_EVENT_KIND_RESET, DRIVEDASH_EVENT_KIND_AER_CORRECTED,
  DRIVEDASH_EVENT_KIND_IO_ERROR,
};

/* @n events of @n_kinds kinds, a second apart, added in a shuffled order
 * into a log that keeps @kept. */
static DrivedashEventLog *
many_events (guint n,
             guint n_kinds,
             guint kept)
{
  DrivedashEventLog *log = drivedash_event_log_new (kept);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autofree guint *order = g_new (guint, n);

  for (guint i = 0; i < n; i++)
    order[i] = i;
  /* Shuffled unless the log drops some: then it keeps the newest. */
  for (guint i = n - 1; kept >= n && i > 0; i--)
    {
      guint j = g_rand_int_range (rand, 0, i + 1), t = order[i];

      order[i] = order[j];
      order[j] = t;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *message = g_strdup_printf ("nvme nvme0: event %u of the test", order[i]);
      DrivedashKernelEvent *e = drivedash_kernel_event_new (many_kinds[order[i] % n_kinds], message);

      e->time_usec = 1764460800000000 + (gint64) order[i] * G_USEC_PER_SEC;
      drivedash_event_log_add (log, e);
    }
  return log;
}

static gint
compare_uint (gconstpointer a,
              gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return (x > y) - (x < y);
}

/* The JSON holds @kept events; in time order ("event N of …": N is the
 * order in time), each is found in the PDF's text after the one before;
 * returns how many the PDF lists. */
static guint
assert_in_order (const char *json,
                 const char *text,
                 guint       kept)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root = read_json (parser, json);
  JsonArray *events = json_object_get_array_member (json_object_get_object_member (root, "kernel_events"),
                                                    "events");
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint));
  const char *at = text;
  guint listed = 0;

  g_assert_cmpuint (json_array_get_length (events), ==, kept);

  for (guint i = 0; i < json_array_get_length (events); i++)
    {
      const char *message = json_object_get_string_member (json_array_get_object_element (events, i), "message");
      const char *n = strstr (message, " event ");
      guint number;

      g_assert_nonnull (n);
      number = (guint) g_ascii_strtoull (n + strlen (" event "), NULL, 10);
      g_array_append_val (numbers, number);
    }
  g_array_sort (numbers, compare_uint);
  for (guint i = 0; i < numbers->len; i++)
    {
      g_autofree char *needle = g_strdup_printf (" event %u of ", g_array_index (numbers, guint, i));
      const char *found = strstr (at, needle);

      if (found == NULL)
        continue;
      at = found + strlen (needle);
      listed++;
    }
  return listed;
}

/* 36 and 500 events: every one in the PDF, in time order, the table
 * going on over the pages with its header; 20,000: the first and the
 * last 200 of each kind, and the PDF says how many more the JSON has
 * (all of them: evidence keeps 20,000); 2,500 into a log that keeps
 * 2,000: also how many older ones neither lists. */
static void
test_many_events (Fixture       *f,
                  gconstpointer  data)
{
  static const struct { guint n, kinds, kept, listed; const char *more; } cases[] = {
    { 36, 4, 36, 36, NULL }, { 500, 4, 500, 500, NULL },
    { 20000, 2, DRIVEDASH_JOURNAL_EVIDENCE_MAX_EVENTS, 800, "19200 more are in the JSON file" },
    { 2500, 2, 2000, 800, "1200 more are in the JSON file" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(DrivedashHealth) health = drivedash_test_full_health ();
      g_autoptr(DrivedashEvidence) evidence =
        drivedash_evidence_new (health, NULL, many_events (cases[c].n, cases[c].kinds, cases[c].kept), NULL);
      g_autofree char *pdf = g_strdup_printf ("%s/many-%u.pdf", f->dir, cases[c].n);
      g_autofree char *json = g_strdup_printf ("%s/many-%u.json", f->dir, cases[c].n);
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (drivedash_evidence_write (evidence, pdf, json, NULL, &error));
      g_assert_no_error (error);
      text = pdf_text (pdf);
      g_assert_cmpuint (assert_in_order (json, text, MIN (cases[c].n, cases[c].kept)), ==, cases[c].listed);
      if (cases[c].listed < cases[c].kept)
        {
          g_assert_nonnull (strstr (text, "the first and the last 200 events of each kind"));
          g_assert_nonnull (strstr (text, cases[c].more));
        }
      else
        g_assert_null (strstr (text, "more are in the JSON file"));
      g_assert_true ((strstr (text, "Only the newest 2000 events were kept: 500 older ones") != NULL)
                     == (cases[c].n == 2500));
      /* The list goes on over the pages, under its header each time. */
      if (cases[c].n == 500)
        {
          g_autofree char *page = pdf_page_text (pdf, 5);

          g_assert_nonnull (strstr (page, "Time"));
          g_assert_nonnull (strstr (page, "Message"));
          g_assert_nonnull (strstr (page, " event "));
        }
    }
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/report-evidence/write", Fixture, NULL, fixture_setup, test_write, fixture_teardown);
  g_test_add ("/report-evidence/no-events", Fixture, NULL, fixture_setup, test_no_events, fixture_teardown);
  g_test_add ("/report-evidence/write-errors", Fixture, NULL, fixture_setup, test_write_errors, fixture_teardown);
  g_test_add ("/report-evidence/read-history", Fixture, NULL, fixture_setup, test_read_history, fixture_teardown);
  g_test_add ("/report-evidence/many-events", Fixture, NULL, fixture_setup, test_many_events, fixture_teardown);
  return g_test_run ();
}
