/* test-longtest-model.c — the Long Tests view-model and its words, without
 * a display: mappings, notify only on change, a real tiny run, Stop, and
 * the run kept in the history as drivedash-cli keeps one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-longtest-mapping.h"
#include "drivedash-longtest-model-private.h"
#include "drivedash-thermal-private.h"

static void
test_mapping (void)
{
  DrivedashLongProgress p = { 0 };
  g_autoptr(GDateTime) now = g_date_time_new_local (2026, 11, 30, 13, 50, 0);
  g_autofree char *short_left = drivedash_long_format_duration (20);
  g_autofree char *mins = drivedash_long_format_duration (12 * 60 + 10);
  g_autofree char *hours = drivedash_long_format_duration (2 * 3600);
  g_autofree char *mixed = drivedash_long_format_duration (7 * 3600 + 50 * 60);
  g_autofree char *text = NULL;
  g_autofree char *small = drivedash_long_notice_text (480000000);
  g_autofree char *big = drivedash_long_notice_text (480000000000);

  g_assert_cmpstr (short_left, ==, "less than a minute");
  g_assert_cmpstr (mins, ==, "about 12 minutes");
  g_assert_cmpstr (hours, ==, "about 2 hours");
  g_assert_cmpstr (mixed, ==, "about 7 h 50 min");

  p.phase.kind = DRIVEDASH_LONG_PHASE_BURST;
  p.phase.group = DRIVEDASH_LONG_GROUP_DEGRADATION;
  p.phase.round = 3;
  p.eta_s = 15 * 60;
  text = drivedash_long_progress_text (&p, now);
  g_assert_cmpstr (text, ==, "Random writes · Getting worse, round 3 · about 15 minutes left, done at 14:05");
  g_free (text);
  p.bytes_written = 12300000000;
  text = drivedash_long_progress_text (&p, now);
  g_assert_cmpstr (text, ==, "Random writes · Getting worse, round 3 · about 15 minutes left, done at 14:05 · "
                             "12.3 GB written so far");

  g_assert_cmpstr (small, ==, "This test writes up to about 480.0\u00a0MB.");
  g_assert_true (g_str_has_suffix (big, "so Drivedash asks before it starts."));
  for (int k = DRIVEDASH_LONG_TEST_SUSTAINED; k <= DRIVEDASH_LONG_TEST_ADAPTIVITY; k++)
    {
      g_assert_nonnull (drivedash_long_test_get_title (k));
      g_assert_cmpuint (strlen (drivedash_long_test_get_explanation (k)), >, 100);
    }
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *n)
{
  (*n)++;
}

/* The estimate and the notice come from a worker's read of the disk. */
static void
wait_refreshed (DrivedashLongTestModel *model)
{
  while (drivedash_run_model_get_refreshing (DRIVEDASH_RUN_MODEL (model)))
    g_main_context_iteration (NULL, TRUE);
}

static void
test_notify_on_change (void)
{
  g_autoptr(DrivedashLongTestModel) model = drivedash_long_test_model_new ();
  guint kind = 0, notice = 0;

  GParamSpec *pspec;

  /* Enums as enums, so templates and bindings see their type. */
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (model), "kind");
  g_assert_true (G_IS_PARAM_SPEC_ENUM (pspec));
  g_assert_cmpuint (pspec->value_type, ==, DRIVEDASH_TYPE_LONG_TEST_KIND);
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (model), "preset");
  g_assert_true (G_IS_PARAM_SPEC_ENUM (pspec));
  g_assert_cmpuint (pspec->value_type, ==, DRIVEDASH_TYPE_LONG_PRESET);
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (drivedash_long_test_model_get_rounds (model)),
                                        "kind");
  g_assert_cmpuint (pspec->value_type, ==, DRIVEDASH_TYPE_LONG_TEST_KIND);

  g_signal_connect (model, "notify::kind", G_CALLBACK (count_notify), &kind);
  g_signal_connect (model, "notify::notice", G_CALLBACK (count_notify), &notice);
  /* The notice comes from a worker's read of the disk: the refresh a
   * change replaces says nothing. */
  g_assert_true (drivedash_run_model_get_refreshing (DRIVEDASH_RUN_MODEL (model)));
  g_object_set (model, "kind", DRIVEDASH_LONG_TEST_CONSISTENCY, NULL);
  g_object_set (model, "kind", DRIVEDASH_LONG_TEST_CONSISTENCY, NULL);
  g_assert_cmpuint (kind, ==, 1);
  g_assert_cmpuint (notice, ==, 0);
  wait_refreshed (model);
  g_assert_cmpuint (notice, ==, 1);
  g_object_set (model, "preset", DRIVEDASH_LONG_PRESET_QUICK, NULL);
  wait_refreshed (model);
  g_assert_cmpuint (notice, ==, 2);
  g_assert_cmpstr (drivedash_long_test_model_get_title (model), ==, "Consistency");
  /* Quick caps what its bursts write (16 GiB), so it stays well under
   * 100 GB on any drive and does not ask; Review's uncapped hours of
   * writing may reach terabytes on a fast drive, and ask. */
  g_assert_false (drivedash_long_test_model_needs_confirmation (model));
  g_object_set (model, "kind", DRIVEDASH_LONG_TEST_SUSTAINED, NULL);
  wait_refreshed (model);
  g_assert_false (drivedash_long_test_model_needs_confirmation (model));
  g_object_set (model, "preset", DRIVEDASH_LONG_PRESET_REVIEW, NULL);
  wait_refreshed (model);
  g_assert_true (drivedash_long_test_model_needs_confirmation (model));
}

typedef struct
{
  GMainLoop *loop;
  guint      rows;
  gboolean   success;
  gboolean   stop_on_progress;
  const char *stop_at;     /* stop once the progress names this phase */
  char       *last_text;   /* the last progress text before the end */
} Wait;

static void
on_row (DrivedashLongTestModel       *model,
        const DrivedashTimeseriesRow *row,
        Wait                         *w)
{
  w->rows++;
}

static void
on_finished (DrivedashLongTestModel *model,
             gboolean                success,
             Wait                   *w)
{
  w->success = success;
  g_main_loop_quit (w->loop);
}

static void
on_progress_text (DrivedashLongTestModel *model,
                  GParamSpec             *pspec,
                  Wait                   *w)
{
  const char *text = drivedash_run_model_get_progress_text (DRIVEDASH_RUN_MODEL (model));

  /* Stopped once the test runs: "Getting ready…" comes before. */
  if (w->stop_on_progress && text != NULL && strcmp (text, "Getting ready…") != 0)
    {
      /* Stopping sets the text again: the one read above is gone. */
      drivedash_run_model_stop (DRIVEDASH_RUN_MODEL (model));
      return;
    }
  /* The model's own "Stopping…" is no phase of the run. */
  if (text == NULL || (w->stop_at != NULL && g_str_has_prefix (text, "Stopping")))
    return;
  g_free (w->last_text);
  w->last_text = g_strdup (text);
  if (w->stop_at != NULL && g_str_has_prefix (text, w->stop_at))
    drivedash_run_model_stop (DRIVEDASH_RUN_MODEL (model));
}

/* Stop in Adaptivity's fill and in its first rest, on the progress that
 * names the phase: the run says it stopped, keeps no summary, and its
 * file is gone.  The fill (1 GiB) and the rest (a minute) outlast the
 * stop, so the last progress still names the phase. */
static void
stop_adaptivity_at (const char *phase,
                    guint64     amount)
{
  g_autofree char *tmpl = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "ltmodel-XXXXXX", NULL);
  char *dir = g_mkdtemp (tmpl);
  g_autoptr(DrivedashLongTestModel) model = drivedash_long_test_model_new ();
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_ADAPTIVITY);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GDir) d = NULL;
  Wait w = { loop, 0, FALSE, FALSE, phase, NULL };

  s->folder = g_strdup (dir);
  s->amount = amount;
  s->idle_s = 60;
  drivedash_long_test_model_set_settings_for_testing (model, s);
  g_signal_connect (model, "finished", G_CALLBACK (on_finished), &w);
  g_signal_connect (model, "notify::progress-text", G_CALLBACK (on_progress_text), &w);
  g_assert_true (drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), NULL));
  g_main_loop_run (loop);
  g_test_message ("last progress: %s", w.last_text);
  g_assert_true (g_str_has_prefix (w.last_text, phase));
  g_assert_false (w.success);
  g_assert_cmpstr (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)), ==, "The test was stopped.");
  g_assert_null (drivedash_long_test_model_get_summary (model));
  d = g_dir_open (dir, 0, NULL);
  g_assert_null (g_dir_read_name (d));
  g_rmdir (dir);
  g_free (w.last_text);
}

static void
test_stop_adaptivity (void)
{
  stop_adaptivity_at ("Writing", G_GUINT64_CONSTANT (1) << 30);
  stop_adaptivity_at ("Resting", 16u << 20);
}

/* Start reads the folder and the drive in a worker: running at once
 * ("Getting ready…"); a folder gone by then is refused in plain words,
 * and a stop before the test began says so. */
static void
test_start_refused (void)
{
  g_autofree char *tmpl = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "ltmodel-XXXXXX", NULL);
  char *dir = g_mkdtemp (tmpl);
  g_autoptr(DrivedashLongTestModel) model = drivedash_long_test_model_new ();
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_SUSTAINED);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Wait w = { loop, 0, FALSE, FALSE, NULL, NULL };
  const GError *error;

  s->folder = g_build_filename (dir, "gone", NULL);
  drivedash_long_test_model_set_settings_for_testing (model, s);
  g_signal_connect (model, "finished", G_CALLBACK (on_finished), &w);
  g_assert_true (drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), NULL));
  g_assert_true (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  g_assert_cmpstr (drivedash_run_model_get_progress_text (DRIVEDASH_RUN_MODEL (model)), ==, "Getting ready…");
  g_main_loop_run (loop);
  g_assert_false (w.success);
  error = drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (model));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_assert_true (drivedash_run_model_get_status_is_error (DRIVEDASH_RUN_MODEL (model)));

  g_free (s->folder);
  s->folder = g_strdup (dir);
  drivedash_long_test_model_set_settings_for_testing (model, s);
  g_assert_true (drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), NULL));
  drivedash_run_model_stop (DRIVEDASH_RUN_MODEL (model));
  g_main_loop_run (loop);
  g_assert_false (w.success);
  g_assert_cmpstr (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)), ==, "Stopped before the test began.");
  g_assert_false (drivedash_run_model_get_status_is_error (DRIVEDASH_RUN_MODEL (model)));
  g_rmdir (dir);
}

static void
run_model (DrivedashLongTestKind kind,
           gboolean              stop)
{
  g_autofree char *tmpl = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "ltmodel-XXXXXX", NULL);
  char *dir = g_mkdtemp (tmpl);
  g_autoptr(DrivedashLongTestModel) model = drivedash_long_test_model_new ();
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (kind);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GError) error = NULL;
  Wait w = { loop, 0, FALSE, stop };
  g_autoptr(GDir) d = NULL;

  s->folder = g_strdup (dir);
  s->file_size = 8u << 20;
  s->duration_s = stop ? 60 : 1.2;
  s->idle_s = 0.05;
  s->amount = 16u << 20;
  s->step_bytes = 4u << 20;
  s->interval_s = 0.2;
  drivedash_long_test_model_set_settings_for_testing (model, s);
  g_signal_connect (model, "row", G_CALLBACK (on_row), &w);
  g_signal_connect (model, "finished", G_CALLBACK (on_finished), &w);
  g_signal_connect (model, "notify::progress-text", G_CALLBACK (on_progress_text), &w);
  g_assert_true (drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), &error));
  g_assert_no_error (error);
  g_assert_true (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  g_main_loop_run (loop);
  g_assert_false (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  if (stop)
    {
      g_assert_false (w.success);
      g_assert_cmpstr (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)), ==, "The test was stopped.");
      g_assert_null (drivedash_long_test_model_get_summary (model));
    }
  else
    {
      g_assert_true (w.success);
      g_assert_cmpfloat (drivedash_run_model_get_progress (DRIVEDASH_RUN_MODEL (model)), ==, 1.0);
      g_assert_nonnull (drivedash_long_test_model_get_summary (model));
      g_assert_null (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)));
      g_assert_nonnull (drivedash_long_test_model_get_result (model));
      {
        g_autofree char *text = drivedash_run_model_dup_text (DRIVEDASH_RUN_MODEL (model));

        g_assert_nonnull (strstr (text, drivedash_long_test_model_get_summary (model)));
        g_assert_nonnull (strstr (text, "Written: "));
      }
      g_assert_cmpuint (w.rows, ==, drivedash_timeseries_get_n_rows (drivedash_long_test_model_get_result (model)->series));
    }
  d = g_dir_open (dir, 0, NULL);
  g_assert_null (g_dir_read_name (d));
  g_rmdir (dir);
  g_free (w.last_text);
}

static void
test_run (void)
{
  run_model (DRIVEDASH_LONG_TEST_SUSTAINED, FALSE);
  run_model (DRIVEDASH_LONG_TEST_SATURATION, FALSE);
  run_model (DRIVEDASH_LONG_TEST_ADAPTIVITY, FALSE);
}

static void
test_stop (void)
{
  run_model (DRIVEDASH_LONG_TEST_SUSTAINED, TRUE);
}

/* A drive that heats up during the preparation fill: its thermal counter
 * rose while the test file was being written, and (in the second case)
 * again during the measured phase.  It is told apart by what is in the
 * test folder when it is read. */
static struct
{
  const char *folder;
  guint64     file_size;
  gboolean    heat_in_measure;
  guint       reads;
  gboolean    first_saw_filled;
} drive;

static gboolean
folder_has_filled_file (void)
{
  g_autoptr(GDir) d = g_dir_open (drive.folder, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (drive.folder, name, NULL);
      GStatBuf st;

      if (g_stat (path, &st) == 0 && (guint64) st.st_size >= drive.file_size)
        return TRUE;
    }
  return FALSE;
}

static gboolean
read_fake_drive (const char        *controller,
                 DrivedashSmartLog *out,
                 GCancellable      *cancellable)
{
  g_assert_cmpstr (controller, ==, "nvme9");
  memset (out, 0, sizeof *out);
  if (drive.reads++ == 0)
    drive.first_saw_filled = folder_has_filled_file ();
  /* Read before the fill: nothing yet.  Any later read: the fill's heat. */
  out->thermal_management_1_transitions = drive.reads > 1 || drive.first_saw_filled ? 1 : 0;
  if (drive.heat_in_measure && drive.reads > 1)
    out->thermal_management_1_seconds = 30;
  return TRUE;
}

/* Whether the run found that the drive slowed itself down for heat. */
static gboolean
run_hot (const char *dir,
         gboolean    heat_in_measure)
{
  g_autoptr(DrivedashLongTestModel) model = drivedash_long_test_model_new ();
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_SUSTAINED);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Wait w = { loop, 0, FALSE, FALSE };

  s->folder = g_strdup (dir);
  s->controller = g_strdup ("nvme9");
  s->file_size = 8u << 20;
  s->duration_s = 1.2;
  s->interval_s = 0.2;
  drive = (typeof (drive)) { dir, s->file_size, heat_in_measure };
  drivedash_long_test_model_set_settings_for_testing (model, s);
  g_signal_connect (model, "finished", G_CALLBACK (on_finished), &w);
  g_assert_true (drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), NULL));
  g_main_loop_run (loop);
  g_assert_true (w.success);
  g_assert_cmpuint (drive.reads, ==, 2);
  return drivedash_long_test_model_get_result (model)->thermal_evidence;
}

/* The app takes its "before" reading where the CLI does: at the start of
 * the measured phase, once the test file is filled.  Heat from the fill
 * alone is then not blamed for the measured speed; heat while measuring
 * still is. */
static void
test_thermal_before (void)
{
  g_autofree char *tmpl = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "ltheat-XXXXXX", NULL);
  char *dir = g_mkdtemp (tmpl);

  drivedash_thermal_set_read_func_for_testing (read_fake_drive);
  g_assert_false (run_hot (dir, FALSE));
  g_assert_true (drive.first_saw_filled);
  g_assert_true (run_hot (dir, TRUE));
  g_assert_true (drive.first_saw_filled);
  drivedash_thermal_set_read_func_for_testing (NULL);
  g_rmdir (dir);
}

/* `drivedash-cli ARGS`, in this test's history; its stdout. */
static char *
cli (const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_ptr_array_add (argv, g_build_filename (g_getenv ("DRIVEDASH_BUILD_ROOT"), "src", "cli", "drivedash-cli", NULL));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDIN_FROM_DEV_NULL,
                               NULL, NULL, &out, &err, &status, &error));
  g_assert_no_error (error);
  g_test_message ("stderr: %s", err);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_steal_pointer (&out);
}

/* What two runs of the same test share: every member and every string,
 * but not the measured numbers, times and ids, nor the summary's words
 * (a drop or none depends on the noise). */
static void
blank_measured (JsonNode *node)
{
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *a = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (a); i++)
        blank_measured (json_array_get_element (a, i));
    }
  else if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *o = json_node_get_object (node);
      g_autoptr(GList) names = json_object_get_members (o);

      for (GList *l = names; l != NULL; l = l->next)
        {
          JsonNode *member = json_object_get_member (o, l->data);

          if (g_strv_contains ((const char *const[]) { "id", "started_at", "ended_at", "data", "summary", NULL },
                               l->data) && !JSON_NODE_HOLDS_NULL (member))
            json_object_set_string_member (o, l->data, "…");
          else
            blank_measured (member);
        }
    }
  else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) != G_TYPE_STRING)
    json_node_set_double (node, 0);
}

/* The run stored with `history show --json`, its measured numbers blanked. */
static char *
shown_run (gint64 id)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  g_autofree char *out = cli ((const char *const[]) { "history", "show", "--json", text, NULL });
  g_autoptr(JsonNode) doc = json_from_string (out, NULL);
  JsonNode *run;

  g_assert_nonnull (doc);
  run = json_array_get_element (json_object_get_array_member (json_node_get_object (doc), "runs"), 0);
  blank_measured (run);
  return json_to_string (run, TRUE);
}

/* The newest run in the history. */
static gint64
newest_run (void)
{
  g_autofree char *out = cli ((const char *const[]) { "history", "list", "--json", NULL });
  g_autoptr(JsonNode) doc = json_from_string (out, NULL);
  JsonArray *runs = json_object_get_array_member (json_node_get_object (doc), "runs");

  g_assert_cmpuint (json_array_get_length (runs), >, 0);
  return json_object_get_int_member (json_array_get_object_element (runs, 0), "id");
}

/* The same sustained test once from the model (the app's way) and once
 * from `drivedash-cli sustained`: the history keeps the same record,
 * down to each member, the result's name and the series. */
static void
test_saved_like_cli (void)
{
  g_autofree char *tmpl = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "ltsave-XXXXXX", NULL);
  char *dir = g_mkdtemp (tmpl);
  g_autoptr(DrivedashLongTestModel) model = drivedash_long_test_model_new ();
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_SUSTAINED);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *from_app = NULL;
  g_autofree char *from_cli = NULL;
  Wait w = { loop, 0, FALSE, FALSE };
  gint64 app_id, cli_id;

  s->folder = g_strdup (dir);
  s->file_size = 8u << 20;
  s->duration_s = 1.2;
  s->interval_s = 0.2;
  drivedash_long_test_model_set_settings_for_testing (model, s);
  g_signal_connect (model, "finished", G_CALLBACK (on_finished), &w);
  g_assert_true (drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), &error));
  g_main_loop_run (loop);
  g_assert_true (w.success);
  g_assert_null (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)));
  app_id = newest_run ();

  out = cli ((const char *const[]) { "sustained", "-t", dir, "-s", "8MiB", "-d", "1.2", "-i", "0.2",
                                     "--json", NULL });
  cli_id = newest_run ();
  g_assert_cmpint (cli_id, >, app_id);
  from_app = shown_run (app_id);
  from_cli = shown_run (cli_id);
  g_assert_nonnull (strstr (from_app, "\"kind\" : \"sustained\""));
  g_assert_nonnull (strstr (from_app, "\"encoding\" : \"zlib-f32le-v1\""));
  g_assert_cmpstr (from_app, ==, from_cli);
  g_rmdir (dir);
}

/* Adaptivity the same way: the app's record is the CLI's, with its kind,
 * its ten rounds and their average as results and its JSON (rounds,
 * average) for History to compare. */
static void
test_saved_adaptivity_like_cli (void)
{
  g_autofree char *tmpl = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "ltsave-XXXXXX", NULL);
  char *dir = g_mkdtemp (tmpl);
  g_autoptr(DrivedashLongTestModel) model = drivedash_long_test_model_new ();
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (DRIVEDASH_LONG_TEST_ADAPTIVITY);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *from_app = NULL;
  g_autofree char *from_cli = NULL;
  Wait w = { loop, 0, FALSE, FALSE };
  gint64 app_id, cli_id;

  s->folder = g_strdup (dir);
  s->amount = 16u << 20;
  s->idle_s = 0.05;
  s->interval_s = 0.2;
  drivedash_long_test_model_set_settings_for_testing (model, s);
  g_signal_connect (model, "finished", G_CALLBACK (on_finished), &w);
  g_assert_true (drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), &error));
  g_main_loop_run (loop);
  g_assert_true (w.success);
  g_assert_null (drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model)));
  g_assert_true (g_str_has_prefix (drivedash_long_test_model_get_summary (model), "Averaged over 10 rounds"));
  app_id = newest_run ();

  out = cli ((const char *const[]) { "adaptivity", "-t", dir, "--amount", "16MiB", "--idle-seconds", "0.05",
                                     "-i", "0.2", "--json", NULL });
  cli_id = newest_run ();
  g_assert_cmpint (cli_id, >, app_id);
  from_app = shown_run (app_id);
  from_cli = shown_run (cli_id);
  g_test_message ("%s", from_app);
  g_assert_nonnull (strstr (from_app, "\"kind\" : \"adaptivity\""));
  g_assert_nonnull (strstr (from_app, "\"recovery-10\""));
  g_assert_nonnull (strstr (from_app, "\"average\""));
  g_assert_cmpstr (from_app, ==, from_cli);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;

  /* A history of its own, before anything reads XDG_DATA_HOME; the CLI
   * this test runs inherits it. */
  data_home = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "longtest-model-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (data_home));
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/longtest-model/mapping", test_mapping);
  g_test_add_func ("/longtest-model/notify-on-change", test_notify_on_change);
  g_test_add_func ("/longtest-model/start-refused", test_start_refused);
  g_test_add_func ("/longtest-model/run", test_run);
  g_test_add_func ("/longtest-model/stop", test_stop);
  g_test_add_func ("/longtest-model/stop-adaptivity", test_stop_adaptivity);
  g_test_add_func ("/longtest-model/thermal-before", test_thermal_before);
  g_test_add_func ("/longtest-model/saved-like-cli", test_saved_like_cli);
  g_test_add_func ("/longtest-model/saved-adaptivity-like-cli", test_saved_adaptivity_like_cli);
  return g_test_run ();
}
