/* test-review-cli.c — drivedash-cli review at a tiny scale: the plan and
 * estimate before the first step, Ctrl+C in step 3 (the finished steps
 * and their runs kept, the test file removed), --resume to the end with
 * every step's run in the history, the refusals before anything runs,
 * and the review's report (PDF and HTML, with the published figures
 * beside the tests that match), after a run and alone
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <signal.h>
#include <string.h>

/* Every step at a tiny scale: Consistency, the step stopped, lasts some
 * seconds so that the stop lands inside it. */
#define TINY "--length", "quick", "--size", "4M", "--count", "1", "--repeat", "2", "--duration", "0.05", \
  "--interval", "0.05", "--long-size", "8M", "--sustained-seconds", "1", "--round-seconds", "0.2", \
  "--idle-seconds", "0.05", "--amount", "16M", "--series-interval", "0.5", "--allow-memory"

typedef struct
{
  char  *dir;
  char  *target;
  char  *state_file;
  char **envp;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *tmpl = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "review-cli-XXXXXX", NULL);
  g_autofree char *state = NULL;
  g_autofree char *data_home = NULL;

  f->dir = g_strdup (g_mkdtemp (tmpl));
  f->target = g_build_filename (f->dir, "target", NULL);
  g_assert_cmpint (g_mkdir (f->target, 0700), ==, 0);
  state = g_build_filename (f->dir, "state", NULL);
  data_home = g_build_filename (f->dir, "data", NULL);
  f->state_file = g_build_filename (state, "drivedash", "review.json", NULL);
  f->envp = g_get_environ ();
  f->envp = g_environ_setenv (f->envp, "XDG_STATE_HOME", state, TRUE);
  f->envp = g_environ_setenv (f->envp, "XDG_DATA_HOME", data_home, TRUE);
}

static gboolean
remove_tree (const char *path)
{
  g_autoptr(GDir) d = g_dir_open (path, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  return g_rmdir (path) == 0;
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->target);
  g_free (f->state_file);
  g_strfreev (f->envp);
}

static GSubprocess *
spawn (Fixture            *f,
       const char *const  *args)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                                       G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  GSubprocess *process;

  g_ptr_array_add (argv, g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli", "drivedash-cli", NULL));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_set_environ (launcher, f->envp);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  return process;
}

/* Runs to the end; the exit status, stdout and stderr. */
static int
run (Fixture            *f,
     const char *const  *args,
     char              **out,
     char              **err)
{
  g_autoptr(GSubprocess) process = spawn (f, args);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_subprocess_communicate_utf8 (process, NULL, NULL, out, err, &error));
  g_assert_no_error (error);
  g_test_message ("stderr: %s", *err);
  return g_subprocess_get_exit_status (process);
}

static JsonNode *
parse (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static JsonArray *
steps_of (JsonNode *root)
{
  return json_object_get_array_member (json_node_get_object (root), "steps");
}

/* The review the state file points to, as the history keeps it: the
 * file holds only its id, the review's run its whole state (its
 * settings, as `history show --json` gives them). */
static JsonNode *
load_state (Fixture *f)
{
  g_autofree char *text = NULL;
  g_autofree char *id = NULL;
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(JsonNode) pointer = NULL;
  g_autoptr(JsonNode) shown = NULL;
  JsonObject *o;
  JsonNode *state;

  g_assert_true (g_file_get_contents (f->state_file, &text, NULL, NULL));
  pointer = parse (text);
  o = json_node_get_object (pointer);
  g_assert_cmpuint (json_object_get_size (o), ==, 2);
  g_assert_cmpint (json_object_get_int_member (o, "version"), ==, 2);
  id = g_strdup_printf ("%" G_GINT64_FORMAT, json_object_get_int_member (o, "review_id"));
  {
    const char *args[] = { "history", "show", id, "--json", NULL };

    g_assert_cmpint (run (f, args, &out, &err), ==, 0);
  }
  shown = parse (out);
  o = json_array_get_object_element (json_object_get_array_member (json_node_get_object (shown), "runs"), 0);
  g_assert_cmpstr (json_object_get_string_member (o, "kind"), ==, "review");
  state = json_object_get_member (o, "settings");
  g_assert_nonnull (state);
  state = json_node_copy (state);
  json_object_set_int_member (json_node_get_object (state), "review_id",
                              json_object_get_int_member (json_node_get_object (pointer), "review_id"));
  return state;
}

/* Reads stderr until step 3 begins, then stops the review as Ctrl+C
 * would; the exit status and what it said. */
static int
stop_in_step_3 (Fixture  *f,
                char    **err)
{
  const char *args[] = { "review", "-t", f->target, TINY, NULL };
  g_autoptr(GSubprocess) process = spawn (f, args);
  g_autoptr(GDataInputStream) lines = g_data_input_stream_new (g_subprocess_get_stderr_pipe (process));
  g_autoptr(GString) said = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *rest = NULL;
  char *line;

  while ((line = g_data_input_stream_read_line_utf8 (lines, NULL, NULL, &error)) != NULL)
    {
      gboolean step_3 = g_str_has_prefix (line, "Step 3 of 4:");

      g_string_append_printf (said, "%s\n", line);
      g_free (line);
      if (step_3)
        break;
    }
  g_assert_no_error (error);
  g_assert_nonnull (strstr (said->str, "Step 3 of 4:"));
  g_subprocess_send_signal (process, SIGINT);
  g_assert_true (g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, &rest, &error));
  g_assert_no_error (error);
  g_string_append (said, rest);
  *err = g_string_free (g_steal_pointer (&said), FALSE);
  g_test_message ("stderr: %s", *err);
  return g_subprocess_get_exit_status (process);
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

/* The history's runs by id: kind and status; a review's steps listed
 * under it too, "step N: kind status". */
static GHashTable *
history (Fixture *f,
         gint64  *review_id)
{
  const char *args[] = { "history", "list", "--json", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(JsonNode) root = NULL;
  GHashTable *runs = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  JsonArray *list;

  *review_id = 0;
  g_assert_cmpint (run (f, args, &out, &err), ==, 0);
  root = parse (out);
  list = json_object_get_array_member (json_node_get_object (root), "runs");
  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonObject *r = json_array_get_object_element (list, i);
      JsonArray *steps = json_object_has_member (r, "steps") ? json_object_get_array_member (r, "steps") : NULL;

      g_hash_table_insert (runs, g_memdup2 (&(gint64) { json_object_get_int_member (r, "id") }, sizeof (gint64)),
                           g_strdup_printf ("%s %s", json_object_get_string_member (r, "kind"),
                                            json_object_get_string_member (r, "status")));
      if (g_strcmp0 (json_object_get_string_member (r, "kind"), "review") != 0)
        continue;
      g_assert_cmpint (*review_id, ==, 0);
      *review_id = json_object_get_int_member (r, "id");
      for (guint k = 0; steps != NULL && k < json_array_get_length (steps); k++)
        {
          JsonObject *step = json_array_get_object_element (steps, k);

          g_hash_table_insert (runs, g_memdup2 (&(gint64) { json_object_get_int_member (step, "id") },
                                                sizeof (gint64)),
                               g_strdup_printf ("step %u: %s %s", k + 1, json_object_get_string_member (step, "kind"),
                                                json_object_get_string_member (step, "status")));
        }
    }
  return runs;
}

static guint
count_values (GHashTable *runs,
              const char *value)
{
  GHashTableIter iter;
  gpointer v;
  guint n = 0;

  g_hash_table_iter_init (&iter, runs);
  while (g_hash_table_iter_next (&iter, NULL, &v))
    n += g_strcmp0 (v, value) == 0;
  return n;
}

static void
test_stop_and_resume (Fixture       *f,
                      gconstpointer  data)
{
  static const char *const kinds[] = { "repeat-set", "sustained", "consistency", "adaptivity" };
  const char *resume[] = { "review", "--resume", "--json", NULL };
  g_autofree char *err = NULL, *out = NULL, *err2 = NULL;
  g_autoptr(JsonNode) state = NULL;
  g_autoptr(JsonNode) done = NULL;
  g_autoptr(GHashTable) runs = NULL;
  g_autoptr(GHashTable) stopped = NULL;
  gint64 kept[2], review_id, resumed_id;
  JsonArray *steps;

  g_assert_cmpint (stop_in_step_3 (f, &err), ==, 130);
  /* The plan and the estimate came before the first step. */
  g_assert_nonnull (strstr (err, "Full review, quick: 4 steps"));
  g_assert_true (strstr (err, "Writes ") < strstr (err, "Step 1 of 4:"));
  g_assert_nonnull (strstr (err, "--resume"));
  g_assert_cmpuint (count_files (f->target), ==, 0);
  state = load_state (f);
  steps = steps_of (state);
  g_assert_cmpuint (json_array_get_length (steps), ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (json_object_get_boolean_member (json_array_get_object_element (steps, i), "done"), ==, i < 2);
  for (guint i = 0; i < 2; i++)
    {
      kept[i] = json_object_get_int_member (json_array_get_object_element (steps, i), "run_id");
      g_assert_cmpint (kept[i], >, 0);
    }
  /* History lists the stopped review once, its two steps under it. */
  stopped = history (f, &review_id);
  g_assert_cmpint (review_id, >, 0);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (state), "review_id"), ==, review_id);
  g_assert_cmpstr (g_hash_table_lookup (stopped, &review_id), ==, "review cancelled");
  g_assert_cmpstr (g_hash_table_lookup (stopped, &kept[0]), ==, "step 1: repeat-set done");
  g_assert_cmpstr (g_hash_table_lookup (stopped, &kept[1]), ==, "step 2: sustained done");

  g_assert_cmpint (run (f, resume, &out, &err2), ==, 0);
  g_assert_nonnull (strstr (err2, "Step 3 of 4: Consistency"));
  g_assert_null (strstr (err2, "Step 2 of 4:"));
  done = parse (out);
  steps = steps_of (done);
  /* What it wrote: every step's, the stopped Consistency's part too, and
   * the estimate (of the steps the resume had left) said before. */
  {
    JsonObject *o = json_node_get_object (done);
    JsonObject *e = json_object_get_object_member (o, "estimate");
    gint64 sum = 0;

    for (guint i = 0; i < 4; i++)
      {
        gint64 step = json_object_get_int_member_with_default (json_array_get_object_element (steps, i),
                                                               "bytes_written", 0);

        g_assert_cmpint (step, >, 0);
        sum += step;
      }
    g_assert_cmpint (json_object_get_int_member (o, "bytes_written"), ==, sum);
    g_assert_nonnull (e);
    g_assert_cmpint (json_object_get_int_member (e, "bytes_low"), <=, json_object_get_int_member (e, "bytes_high"));
    g_assert_cmpfloat (json_object_get_double_member (e, "seconds_high"), >, 0);
  }
  runs = history (f, &resumed_id);
  /* The same review, now done, with its four steps. */
  g_assert_cmpint (resumed_id, ==, review_id);
  g_assert_cmpstr (g_hash_table_lookup (runs, &review_id), ==, "review done");
  for (guint i = 0; i < 4; i++)
    {
      JsonObject *step = json_array_get_object_element (steps, i);
      gint64 id = json_object_get_int_member (step, "run_id");
      g_autofree char *expected = g_strdup_printf ("step %u: %s done", i + 1, kinds[i]);

      g_assert_true (json_object_get_boolean_member (step, "done"));
      g_assert_cmpstr (g_hash_table_lookup (runs, &id), ==, expected);
      if (i < 2)
        g_assert_cmpint (id, ==, kept[i]);
    }
  /* The stopped Consistency run is kept too, marked as stopped (not as
   * failed: a stop that came before its file was made said GIO's
   * "Operation was cancelled", and was kept as failed in 1 of 2 runs).
   * The speed set's members are listed under it, not on their own: the
   * list has the review and the stopped run, and the four steps. */
  g_assert_cmpuint (count_values (runs, "consistency cancelled"), ==, 1);
  g_assert_cmpuint (g_hash_table_size (runs), ==, 2 + 4);
  g_assert_cmpuint (count_files (f->target), ==, 0);
}

/* The PDF's text, by pdftotext (poppler-utils). */
static char *
pdf_text (const char *pdf)
{
  const char *argv[] = { "pdftotext", "-enc", "UTF-8", pdf, "-", NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                     &out, NULL, &status, &error))
    g_error ("cannot run pdftotext (poppler-utils is installed by build-aux/deps test): %s", error->message);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* The report's first two pages as PNGs beside the UI tests' screenshots
 * (<build>/tests/screenshots/<prefix>-01.png, -02.png), for the eye. */
static void
save_first_pages (const char *pdf,
                  const char *prefix)
{
  g_autofree char *dir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "screenshots", NULL);
  g_autofree char *root = g_build_filename (dir, prefix, NULL);
  const char *argv[] = { "pdftoppm", "-r", "72", "-png", "-f", "1", "-l", "2", pdf, root, NULL };
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                               NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_test_message ("saved %s-01.png and -02.png", root);
}

/* Only the tests the magazine ran in the published figures' table: the
 * CDM 6 preset's RND4K Q32T1 is not one. */
static void
assert_only_matching (const char *text)
{
  const char *from = strstr (text, "Published figures for comparison");
  const char *to = strstr (from, "Verdicts");
  g_autofree char *published = g_strndup (from, to - from);

  /* A table cell may wrap its words over lines. */
  g_strdelimit (published, "\n", ' ');

  g_assert_nonnull (strstr (published, "Small random writes, 64 at a time"));
  g_assert_null (strstr (published, "Small random reads, 32 at a time"));
  g_assert_null (strstr (published, "Small random writes, 32 at a time"));
}

/* The magazine's Consistency and Adaptivity figures stand in those
 * tests' own sections, beside the review's figures. */
static void
assert_long_published (const char *text)
{
  const char *consistency = strstr (text, "Published by a magazine, measured on another PC, PCMark 8");
  const char *adaptivity = consistency ? strstr (consistency + 1, "Published by a magazine, measured on another PC, PCMark 8") : NULL;

  g_assert_nonnull (consistency);
  g_assert_nonnull (adaptivity);
  g_assert_nonnull (strstr (consistency, "After rests (average)"));
  g_assert_nonnull (strstr (adaptivity, "Average of the rounds"));
  g_assert_nonnull (strstr (consistency, "Consistency (your drive)"));
  g_assert_true (strstr (text, "Adaptivity") < adaptivity);
}

static void
assert_review_report (const char *text)
{
  static const char *const parts[] = {
    "Drivedash full review", "Speed tests", "Sustained", "Consistency", "Adaptivity",
    "Published figures for comparison", "Published by a magazine, measured on another PC, CrystalDiskMark 6",
    "A (your drive)", "WD Black SN750 1TB with Gaming Mode", "3477 MB/s",
  };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    if (strstr (text, parts[i]) == NULL)
      g_error ("the report lacks “%s”:\n%s", parts[i], text);
  assert_only_matching (text);
  assert_long_published (text);
}

static void
test_report (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *pdf = g_build_filename (f->dir, "review.pdf", NULL);
  g_autofree char *html = g_build_filename (f->dir, "review.html", NULL);
  g_autofree char *again = g_build_filename (f->dir, "again.pdf", NULL);
  const char *none[] = { "review", "--report-pdf", again, NULL };
  const char *no_save[] = { "review", "-t", f->target, TINY, "--no-save", "--report-pdf", pdf, NULL };
  const char *review[] = { "review", "-t", f->target, TINY, "--preset", "cdm6", "--report-pdf", pdf,
                           "--report-html", html, NULL };
  const char *alone[] = { "review", "--report-pdf", again, NULL };
  g_autofree char *o1 = NULL, *e1 = NULL, *o2 = NULL, *e2 = NULL, *o3 = NULL, *e3 = NULL;
  g_autofree char *o4 = NULL, *e4 = NULL, *o5 = NULL, *e5 = NULL;
  g_autofree char *text = NULL, *page = NULL, *text2 = NULL, *text3 = NULL;
  g_autofree char *from_history = g_build_filename (f->dir, "history.pdf", NULL);
  g_autoptr(GHashTable) runs = NULL;
  g_autofree char *review_arg = NULL;
  gint64 review_id;

  /* Nothing to report yet, and no report of runs not kept. */
  g_assert_cmpint (run (f, none, &o1, &e1), ==, 3);
  g_assert_nonnull (strstr (e1, "no review to report"));
  g_assert_cmpint (run (f, no_save, &o2, &e2), ==, 2);
  g_assert_nonnull (strstr (e2, "leave out --no-save"));
  g_assert_false (g_file_test (f->state_file, G_FILE_TEST_EXISTS));

  g_assert_cmpint (run (f, review, &o3, &e3), ==, 0);
  g_assert_nonnull (strstr (e3, "Saved the report as"));
  text = pdf_text (pdf);
  assert_review_report (text);
  save_first_pages (pdf, "review-report-page");
  g_assert_true (g_file_get_contents (html, &page, NULL, NULL));
  g_assert_nonnull (strstr (page, "Published figures for comparison"));
  g_assert_nonnull (strstr (page, "Adaptivity"));
  /* The review's answer comes first, before any step's section. */
  g_assert_nonnull (strstr (page, "In short"));
  g_assert_nonnull (strstr (page, "How fast: it reads large files at "));
  g_assert_true (strstr (page, "In short") < strstr (page, "Published figures for comparison"));

  /* Alone: the finished review in the state file, nothing run again. */
  g_assert_cmpint (run (f, alone, &o4, &e4), ==, 0);
  g_assert_null (strstr (e4, "Step 1 of"));
  text2 = pdf_text (again);
  assert_review_report (text2);
  g_assert_cmpuint (count_files (f->target), ==, 0);

  /* The state file gone, the review's own run in History still makes
   * the same report. */
  g_assert_cmpint (g_unlink (f->state_file), ==, 0);
  runs = history (f, &review_id);
  g_assert_cmpstr (g_hash_table_lookup (runs, &review_id), ==, "review done");
  review_arg = g_strdup_printf ("%" G_GINT64_FORMAT, review_id);
  {
    const char *report[] = { "history", "report", review_arg, "--pdf", from_history, NULL };

    g_assert_cmpint (run (f, report, &o5, &e5), ==, 0);
  }
  text3 = pdf_text (from_history);
  assert_review_report (text3);
}

/* A second review while one runs is refused in plain words, and leaves
 * the running one's state alone. */
static void
test_one_at_a_time (Fixture       *f,
                    gconstpointer  data)
{
  const char *first_args[] = { "review", "-t", f->target, TINY, NULL };
  const char *second_args[] = { "review", "-t", f->target, TINY, "--length", "standard", NULL };
  g_autoptr(GSubprocess) first = spawn (f, first_args);
  g_autoptr(GDataInputStream) lines = g_data_input_stream_new (g_subprocess_get_stderr_pipe (first));
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL, *rest = NULL;
  g_autoptr(JsonNode) state = NULL;
  char *line;

  /* The first holds the lock from before its first step. */
  while ((line = g_data_input_stream_read_line_utf8 (lines, NULL, NULL, &error)) != NULL)
    {
      gboolean started = g_str_has_prefix (line, "Step 1 of 4:");

      g_free (line);
      if (started)
        break;
    }
  g_assert_no_error (error);
  g_assert_cmpint (run (f, second_args, &out, &err), !=, 0);
  g_assert_nonnull (strstr (err, "Another full review is running"));
  state = load_state (f);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (state), "length"), ==, "quick");
  g_subprocess_send_signal (first, SIGINT);
  g_assert_true (g_subprocess_communicate_utf8 (first, NULL, NULL, NULL, &rest, &error));
  g_assert_no_error (error);
  /* Once it has stopped, a review may start again. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    const char *resume[] = { "review", "--resume", NULL };

    g_assert_cmpint (run (f, resume, &out, &err), ==, 0);
  }
}

static void
test_refusals (Fixture       *f,
               gconstpointer  data)
{
  const char *length[] = { "review", "-t", f->target, "--length", "forever", NULL };
  const char *resume[] = { "review", "--resume", NULL };
  const char *game[] = { "review", "-t", f->target, "--game-mode-ab", "--allow-memory", NULL };
  const char *big[] = { "review", "-t", f->target, "--length", "review", "--allow-memory", NULL };
  g_autofree char *o1 = NULL, *e1 = NULL, *o2 = NULL, *e2 = NULL, *o3 = NULL, *e3 = NULL;
  g_autofree char *o4 = NULL, *e4 = NULL;

  g_assert_cmpint (run (f, length, &o1, &e1), ==, 2);
  g_assert_nonnull (strstr (e1, "Unknown length “forever”"));
  g_assert_cmpint (run (f, resume, &o2, &e2), ==, 3);
  g_assert_nonnull (strstr (e2, "no stopped review"));
  /* The build folder is on no NVMe drive here. */
  g_assert_cmpint (run (f, game, &o3, &e3), ==, 3);
  g_assert_nonnull (strstr (e3, "not on an NVMe drive"));
  /* The review length writes terabytes on a fast drive: asked first. */
  g_assert_cmpint (run (f, big, &o4, &e4), ==, 2);
  g_assert_nonnull (strstr (e4, "Add --yes"));
  g_assert_nonnull (strstr (e4, "Full review, review: 4 steps"));
  g_assert_false (g_file_test (f->state_file, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_files (f->target), ==, 0);
}

/* A history file holding one stopped review of @length whose speed
 * test repeats @repeats times, as an import (from another computer, or
 * hostile) brings it; imported, with the state file pointing at it. */
static void
import_stopped_review (Fixture    *f,
                       const char *length,
                       int         repeats)
{
  g_autofree char *file = g_build_filename (f->dir, "review-history.json", NULL);
  g_autofree char *text = g_strdup_printf (
    "{\"format\": \"drivedash-history\", \"version\": 1, \"runs\": [{\"id\": 9, \"kind\": \"review\","
    " \"started_at\": \"2026-12-01T19:00:00.000000Z\", \"ended_at\": \"2026-12-01T19:00:00.000000Z\","
    " \"status\": \"cancelled\", \"drive\": {\"model\": \"Test drive\"}, \"results\": [],"
    " \"settings\": {\"version\": 1, \"length\": \"%s\", \"game_mode_ab\": false, \"started_at\": 1,"
    " \"steps\": [{\"kind\": \"speed\"}, {\"kind\": \"sustained\"}, {\"kind\": \"consistency\"},"
    " {\"kind\": \"adaptivity\"}], \"settings\": {\"folder\": \"%s\", \"speed_repeats\": %d}}}]}",
    length, f->target, repeats);
  const char *import[] = { "history", "import", file, NULL };
  const char *list[] = { "history", "list", "--json", NULL };
  g_autofree char *o1 = NULL, *e1 = NULL, *o2 = NULL, *e2 = NULL;
  g_autofree char *pointer = NULL;
  g_autofree char *dir = g_path_get_dirname (f->state_file);
  g_autoptr(JsonNode) runs = NULL;
  JsonObject *review;

  g_assert_true (g_file_set_contents (file, text, -1, NULL));
  g_assert_cmpint (run (f, import, &o1, &e1), ==, 0);
  g_assert_cmpint (run (f, list, &o2, &e2), ==, 0);
  runs = parse (o2);
  review = json_array_get_object_element (json_object_get_array_member (json_node_get_object (runs), "runs"), 0);
  g_assert_cmpstr (json_object_get_string_member (review, "kind"), ==, "review");
  pointer = g_strdup_printf ("{\"version\": 2, \"review_id\": %" G_GINT64_FORMAT "}\n",
                             json_object_get_int_member (review, "id"));
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (f->state_file, pointer, -1, NULL));
}

/* Resume asks as a new start does: the magazine's length left to run
 * writes terabytes, so not without --yes; a review of 10 million
 * repeats is no review we would start, so it is refused outright. */
static void
test_resume_asks (Fixture       *f,
                  gconstpointer  data)
{
  const char *resume[] = { "review", "--resume", "--allow-memory", NULL };
  g_autofree char *o1 = NULL, *e1 = NULL, *o2 = NULL, *e2 = NULL;

  import_stopped_review (f, "review", 5);
  g_assert_cmpint (run (f, resume, &o1, &e1), ==, 2);
  g_assert_nonnull (strstr (e1, "Add --yes"));
  g_assert_cmpuint (count_files (f->target), ==, 0);

  import_stopped_review (f, "quick", 10000000);
  g_assert_cmpint (run (f, resume, &o2, &e2), !=, 0);
  g_assert_nonnull (strstr (e2, "cannot be resumed"));
  g_assert_cmpuint (count_files (f->target), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/review-cli/stop-and-resume", Fixture, NULL, fixture_set_up, test_stop_and_resume,
              fixture_tear_down);
  g_test_add ("/review-cli/refusals", Fixture, NULL, fixture_set_up, test_refusals, fixture_tear_down);
  g_test_add ("/review-cli/resume-asks", Fixture, NULL, fixture_set_up, test_resume_asks, fixture_tear_down);
  g_test_add ("/review-cli/report", Fixture, NULL, fixture_set_up, test_report, fixture_tear_down);
  g_test_add ("/review-cli/one-at-a-time", Fixture, NULL, fixture_set_up, test_one_at_a_time, fixture_tear_down);
  return g_test_run ();
}
