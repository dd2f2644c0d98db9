/* test-review-model.c — the Full Review view's model with real tiny runs,
 * no display: the estimate and plan before Start, a whole review, Stop in
 * step 3 keeping steps 1 and 2, and Resume to the end
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>

#include "drivedash-error.h"
#include "drivedash-folder.h"
#include "drivedash-review.h"
#include "drivedash-review-model-private.h"
#include "drivedash-store.h"

static char *folder;

/* Every step at a tiny scale, as test-review-cli.c runs them. */
static DrivedashReviewSettings *
tiny_settings (void)
{
  DrivedashReviewSettings *s = drivedash_review_settings_new (DRIVEDASH_REVIEW_LENGTH_QUICK);

  s->speed_repeats = 2;
  s->bench->passes = 1;
  s->bench->pass_duration = 0.05;
  s->bench->pause = 0;
  for (guint k = DRIVEDASH_REVIEW_STEP_SUSTAINED; k < DRIVEDASH_REVIEW_N_KINDS; k++)
    {
      DrivedashLongTestSettings *l = drivedash_review_settings_get_long (s, k);

      l->file_size = 8 << 20;
      l->duration_s = 1;
      l->round_s = 0.2;
      l->round_step_s = 0.1;
      l->idle_s = 0.05;
      l->amount = 16 << 20;
      l->interval_s = 0.5;
    }
  return s;
}

/* The estimate, Resume and Report come from a worker's read of the disk. */
static void
wait_refreshed (DrivedashReviewModel *model)
{
  while (drivedash_run_model_get_refreshing (DRIVEDASH_RUN_MODEL (model)))
    g_main_context_iteration (NULL, TRUE);
}

static DrivedashReviewModel *
new_model (void)
{
  g_autoptr(DrivedashReviewSettings) tiny = tiny_settings ();
  DrivedashReviewModel *model = drivedash_review_model_new ();

  drivedash_review_model_set_settings_for_testing (model, tiny);
  drivedash_review_model_set_speed_file_size (model, 4 << 20);
  drivedash_review_model_set_folder (model, folder);
  wait_refreshed (model);
  return model;
}

static void
wait_until_finished (DrivedashReviewModel *model)
{
  while (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)))
    g_main_context_iteration (NULL, TRUE);
  wait_refreshed (model);
}

static void
count_done (DrivedashReviewModel *model,
            guint                 expected)
{
  const char *plan = drivedash_review_model_get_plan_text (model);
  guint n = 0;

  for (const char *p = plan; (p = strstr (p, "— done")) != NULL; p++)
    n++;
  g_assert_cmpuint (n, ==, expected);
}

static void
test_before_start (void)
{
  g_autoptr(DrivedashReviewModel) model = new_model ();
  const char *plan;

  g_assert_cmpint (drivedash_review_model_get_length (model), ==, DRIVEDASH_REVIEW_LENGTH_STANDARD);
  g_assert_nonnull (strstr (drivedash_review_model_get_estimate_text (model), "Writes "));
  /* The finish time: one ("done at about 14:05"), or two when the fast
   * and the slow drive's times fall in different minutes. */
  g_assert_true (strstr (drivedash_review_model_get_estimate_text (model), "done at about ") != NULL ||
                 strstr (drivedash_review_model_get_estimate_text (model), "done between ") != NULL);
  plan = drivedash_review_model_get_plan_text (model);
  g_assert_cmpstr (plan, ==, "1. Speed test\n2. Sustained\n3. Consistency\n4. Adaptivity");
  drivedash_review_model_set_game_mode_ab (model, TRUE);
  /* The plan follows at once; the rest once the disk is read. */
  g_assert_nonnull (strstr (drivedash_review_model_get_plan_text (model), "8. Adaptivity, game mode on"));
  g_assert_true (drivedash_run_model_get_refreshing (DRIVEDASH_RUN_MODEL (model)));
  wait_refreshed (model);
  g_assert_false (drivedash_review_model_get_can_resume (model));
  /* A tiny review writes megabytes: no question before Start. */
  g_assert_false (drivedash_review_model_needs_confirmation (model));
}

/* The Review length on a fast drive writes terabytes: asked first. */
static void
test_confirmation (void)
{
  g_autoptr(DrivedashReviewModel) model = drivedash_review_model_new ();

  drivedash_review_model_set_folder (model, folder);
  g_assert_cmpuint (drivedash_review_model_get_speed_file_size (model), ==, G_GUINT64_CONSTANT (1) << 30);
  drivedash_review_model_set_length (model, DRIVEDASH_REVIEW_LENGTH_REVIEW);
  wait_refreshed (model);
  /* The review's own 8 GiB comes with its length. */
  g_assert_cmpuint (drivedash_review_model_get_speed_file_size (model), ==, G_GUINT64_CONSTANT (8) << 30);
  g_assert_true (drivedash_review_model_needs_confirmation (model));
  g_assert_nonnull (strstr (drivedash_review_model_get_estimate_text (model), " TB"));
}

/* Start reads the disk in a worker: it runs at once ("Getting ready…"),
 * and what the worker finds ends it with the reason. */
static void
test_start_refused (void)
{
  g_autoptr(DrivedashReviewModel) model = new_model ();
  g_autofree char *controller = drivedash_controller_for_folder (NULL, folder);
  const GError *error;

  if (controller != NULL)
    {
      g_test_skip ("The test folder is on an NVMe drive here");
      return;
    }
  drivedash_review_model_set_game_mode_ab (model, TRUE);
  wait_refreshed (model);
  g_assert_true (drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), NULL));
  g_assert_true (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  g_assert_cmpstr (drivedash_run_model_get_progress_text (DRIVEDASH_RUN_MODEL (model)), ==, "Getting ready…");
  wait_until_finished (model);
  error = drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (model));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "not on an NVMe drive"));
  g_assert_true (drivedash_run_model_get_status_is_error (DRIVEDASH_RUN_MODEL (model)));

  /* Stopped while getting ready: nothing ran, and it says so. */
  drivedash_review_model_set_game_mode_ab (model, FALSE);
  wait_refreshed (model);
  g_assert_true (drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), NULL));
  drivedash_run_model_stop (DRIVEDASH_RUN_MODEL (model));
  wait_until_finished (model);
  error = drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (model));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED);
  g_assert_cmpstr (error->message, ==, "Stopped before the first step.");
  g_assert_false (drivedash_run_model_get_status_is_error (DRIVEDASH_RUN_MODEL (model)));
  g_assert_false (drivedash_review_model_get_can_resume (model));
}

/* A damaged progress file is kept aside as it was, and the page says so
 * in its status; nothing waits to be resumed. */
static void
test_damaged_state (void)
{
  g_autofree char *path = drivedash_review_state_get_default_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(DrivedashReviewModel) model = NULL;
  const char *status;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, "{\"version\": 2, \"review_id\": [[[", -1, NULL));
  model = new_model ();
  status = drivedash_run_model_get_status (DRIVEDASH_RUN_MODEL (model));
  g_assert_nonnull (status);
  if (strstr (status, "was damaged") == NULL)
    g_error ("the status says “%s”", status);
  g_assert_nonnull (strstr (status, "review.json.damaged-"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (drivedash_review_model_get_can_resume (model));
}

/* The speed step's bar moves with the bench, within a repeat. */
static void
speed_moves_cb (DrivedashReviewModel *model,
                GParamSpec           *pspec,
                gboolean             *moved)
{
  double fraction = drivedash_run_model_get_progress (DRIVEDASH_RUN_MODEL (model));
  const char *text = drivedash_run_model_get_progress_text (DRIVEDASH_RUN_MODEL (model));

  if (text != NULL && g_str_has_prefix (text, "Step 1 of 4:") && fraction > 0.01 && fraction < 0.25 / 2)
    *moved = TRUE;
}

/* Stops at step 3, whose first progress already says what steps 1 and
 * 2 wrote. */
static void
progress_cb (DrivedashReviewModel *model,
             GParamSpec           *pspec,
             char                **at_stop)
{
  const char *text = drivedash_run_model_get_progress_text (DRIVEDASH_RUN_MODEL (model));

  if (text != NULL && g_str_has_prefix (text, "Step 3 of 4:") && *at_stop == NULL)
    {
      *at_stop = g_strdup (text);
      drivedash_run_model_stop (DRIVEDASH_RUN_MODEL (model));
    }
}

/* The bar moves within a step, not only from one step to the next. */
static void
fraction_cb (DrivedashReviewModel *model,
             GParamSpec           *pspec,
             gboolean             *within)
{
  double quarters = drivedash_run_model_get_progress (DRIVEDASH_RUN_MODEL (model)) * 4;

  if (fabs (quarters - round (quarters)) > 0.01)
    *within = TRUE;
}

static void
test_stop_and_resume (void)
{
  g_autoptr(DrivedashReviewModel) model = new_model ();
  g_autoptr(GError) error = NULL;
  gboolean within = FALSE, speed_moved = FALSE;
  gulong handler, speed_handler;
  g_autofree char *at_stop = NULL;

  /* The tests the magazine ran: their published figures come beside. */
  drivedash_review_model_set_speed_preset (model, "cdm6");
  handler = g_signal_connect (model, "notify::progress-text", G_CALLBACK (progress_cb), &at_stop);
  speed_handler = g_signal_connect (model, "notify::progress", G_CALLBACK (speed_moves_cb), &speed_moved);
  g_assert_true (drivedash_run_model_start (DRIVEDASH_RUN_MODEL (model), &error));
  g_assert_no_error (error);
  g_assert_true (drivedash_run_model_get_running (DRIVEDASH_RUN_MODEL (model)));
  wait_until_finished (model);
  g_signal_handler_disconnect (model, handler);
  g_signal_handler_disconnect (model, speed_handler);
  /* Before the first of its two repeats ended: the bench moved it. */
  g_assert_true (speed_moved);
  g_assert_error (drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (model)), DRIVEDASH_ERROR,
                  DRIVEDASH_ERROR_CANCELLED);
  g_assert_false (drivedash_run_model_get_status_is_error (DRIVEDASH_RUN_MODEL (model)));
  g_assert_true (drivedash_review_model_get_can_resume (model));
  g_assert_nonnull (strstr (drivedash_review_model_get_summary (model), "3. Consistency: not done"));
  g_assert_nonnull (strstr (drivedash_review_model_get_summary (model), "2. Sustained: done\n"));
  g_assert_nonnull (strstr (drivedash_review_model_get_summary (model), "SEQ1M Q32T1 read: "));
  g_assert_nonnull (strstr (drivedash_review_model_get_summary (model),
                            "measured on another PC, CrystalDiskMark 6:\n        WD Black SN750 1TB: 3477 MB/s"));

  /* A new model, as after a restart of the app, finds the stopped review. */
  g_clear_object (&model);
  model = new_model ();
  g_assert_true (drivedash_review_model_get_can_resume (model));
  /* What it wrote, while running and once stopped, from the same count. */
  g_test_message ("at the stop: %s; stopped: %s", at_stop, drivedash_review_model_get_stopped_text (model));
  g_assert_nonnull (strstr (at_stop, " written so far"));
  g_assert_nonnull (strstr (drivedash_review_model_get_stopped_text (model), " So far it wrote "));
  /* Its steps left write megabytes: Resume does not ask. */
  g_assert_false (drivedash_review_model_resume_needs_confirmation (model));
  g_assert_nonnull (drivedash_review_model_get_resume_estimate_text (model));
  handler = g_signal_connect (model, "notify::progress", G_CALLBACK (fraction_cb), &within);
  g_assert_true (drivedash_review_model_resume (model, &error));
  g_assert_no_error (error);
  g_assert_false (drivedash_review_model_get_can_resume (model));
  count_done (model, 2);
  wait_until_finished (model);
  g_signal_handler_disconnect (model, handler);
  g_assert_true (within);
  g_assert_null (drivedash_run_model_get_error (DRIVEDASH_RUN_MODEL (model)));
  count_done (model, 4);
  g_assert_false (drivedash_review_model_get_can_resume (model));
  g_assert_nonnull (strstr (drivedash_review_model_get_summary (model), "4. Adaptivity: done\n"));
  g_assert_true (drivedash_run_model_get_can_copy (DRIVEDASH_RUN_MODEL (model)));
}

/* A stopped review of the magazine's length has terabytes left to
 * write: Resume asks first, with what the steps left write. */
static void
test_resume_asks (void)
{
  g_autoptr(DrivedashReviewSettings) s = drivedash_review_settings_new (DRIVEDASH_REVIEW_LENGTH_REVIEW);
  g_autoptr(DrivedashReviewState) state = NULL;
  g_autoptr(DrivedashReviewModel) model = NULL;
  g_autoptr(DrivedashStore) store = drivedash_store_open (NULL, NULL);
  g_autofree char *path = drivedash_review_state_get_default_path ();
  g_autoptr(GError) error = NULL;

  drivedash_review_settings_set_folder (s, folder);
  state = drivedash_review_state_new (s, NULL);
  state->in_old_file = TRUE;
  g_assert_true (drivedash_review_migrate_to_history (state, store, &error));
  g_assert_no_error (error);
  g_assert_true (drivedash_review_state_save_id (path, state->review_id, &error));
  model = new_model ();
  g_assert_true (drivedash_review_model_get_can_resume (model));
  g_assert_true (drivedash_review_model_resume_needs_confirmation (model));
  g_assert_nonnull (strstr (drivedash_review_model_get_resume_estimate_text (model), " TB"));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *tmpl = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "review-model-XXXXXX", NULL);
  g_autofree char *state = NULL;
  g_autofree char *data = NULL;
  int ret;

  folder = g_strdup (g_mkdtemp (tmpl));
  state = g_build_filename (folder, "state", NULL);
  data = g_build_filename (folder, "data", NULL);
  /* Before GLib caches them: the review's state and its runs stay here. */
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/review-model/before-start", test_before_start);
  g_test_add_func ("/review-model/confirmation", test_confirmation);
  g_test_add_func ("/review-model/start-refused", test_start_refused);
  g_test_add_func ("/review-model/damaged-state", test_damaged_state);
  g_test_add_func ("/review-model/stop-and-resume", test_stop_and_resume);
  g_test_add_func ("/review-model/resume-asks", test_resume_asks);
  ret = g_test_run ();
  {
    g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", folder);

    g_spawn_command_line_sync (rm, NULL, NULL, NULL, NULL);
  }
  g_free (folder);
  return ret;
}
