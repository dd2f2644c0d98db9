/* drivedash-review-history.c — a full review as one entry of the results
 * history: a run of kind "review" whose members are its steps' runs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each step is kept by the test that ran it (a speed test's repeat set, a
 * long test's run).  Once a step is done it joins the review's own run,
 * made with the first step: History then lists the review once, with its
 * steps, and its report can be made again from the history alone, even
 * when the state file is gone.
 */
#include "config.h"

#include <math.h>

#include "drivedash-error.h"
#include "drivedash-json.h"
#include "drivedash-review.h"
#include "drivedash-review-private.h"

char *
drivedash_review_history_dup_settings (const DrivedashReviewState *state)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  drivedash_json_member_string (b, "length", drivedash_review_length_to_string (state->settings->length));
  drivedash_json_member_bool (b, "game_mode_ab", TRUE, state->settings->game_mode_ab);
  drivedash_json_member_int (b, "steps", TRUE, state->steps->len);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  return json_to_string (root, FALSE);
}

/* The review's run made before (by this process or another: the app and
 * the CLI share the history), found by its start; 0: none. */
static gint64
find_review (DrivedashStore *store,
             gint64          started_at)
{
  g_autoptr(GPtrArray) runs = started_at > 0 ? drivedash_store_list_runs (store, NULL, NULL) : NULL;

  for (guint i = 0; runs != NULL && i < runs->len; i++)
    {
      const DrivedashStoreRun *run = g_ptr_array_index (runs, i);

      if (run->kind == DRIVEDASH_RUN_KIND_REVIEW && run->started_at == started_at)
        return run->id;
    }
  return 0;
}

/* The review's run, with the drive its first step ran on. */
static gboolean
make_review (DrivedashStore *store,
             const char     *settings_json,
             gint64          started_at,
             gint64          step_id,
             gint64         *review_id,
             GError        **error)
{
  g_autoptr(DrivedashStoreRun) step = drivedash_store_get_run (store, step_id, error);
  g_autoptr(GPtrArray) first = g_ptr_array_new ();
  g_autoptr(DrivedashStoreRun) review = NULL;

  if (step == NULL)
    return FALSE;
  if ((*review_id = find_review (store, started_at)) > 0)
    return TRUE;
  g_ptr_array_add (first, step);
  review = drivedash_store_run_new_set (DRIVEDASH_RUN_KIND_REVIEW, first);
  /* Its figures are its steps': none of its own. */
  g_ptr_array_set_size (review->results, 0);
  g_clear_pointer (&review->settings_json, g_free);
  review->settings_json = g_strdup (settings_json);
  review->started_at = started_at > 0 ? started_at : step->started_at;
  review->game_mode = DRIVEDASH_GAME_MODE_UNKNOWN;
  review->temp_start_c = review->temp_end_c = NAN;
  review->status = DRIVEDASH_RUN_STATUS_CANCELLED;
  if (!drivedash_store_save_run (store, review, error))
    return FALSE;
  *review_id = review->id;
  return TRUE;
}

gboolean
drivedash_review_history_keep_step (DrivedashStore *store,
                                    const char     *settings_json,
                                    gint64          started_at,
                                    gint64         *review_id,
                                    gint64          step_id,
                                    gboolean        all_done,
                                    GError        **error)
{
  DrivedashRunStatus status = all_done ? DRIVEDASH_RUN_STATUS_DONE : DRIVEDASH_RUN_STATUS_CANCELLED;
  g_autoptr(GError) local_error = NULL;

  if (*review_id > 0 &&
      drivedash_store_add_to_set (store, *review_id, step_id, "step", status, g_get_real_time (), &local_error))
    return TRUE;
  /* Not made yet, or deleted from History since: made anew. */
  if (local_error != NULL && !g_error_matches (local_error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return make_review (store, settings_json, started_at, step_id, review_id, error) &&
         drivedash_store_add_to_set (store, *review_id, step_id, "step", status, g_get_real_time (), error);
}

gboolean
drivedash_review_migrate_to_history (DrivedashReviewState  *state,
                                     DrivedashStore        *store,
                                     GError               **error)
{
  g_autofree char *settings_json = NULL;
  g_autoptr(GArray) ids = NULL;
  guint next;

  if (state->review_id > 0)
    return TRUE;
  ids = drivedash_review_state_dup_run_ids (state);
  settings_json = drivedash_review_history_dup_settings (state);
  next = drivedash_review_state_next_step (state);
  for (guint i = 0; i < ids->len; i++)
    {
      g_autoptr(GError) local_error = NULL;
      gboolean last = i + 1 == ids->len && next == state->steps->len;

      /* A step's run deleted from History since: the others are kept. */
      if (!drivedash_review_history_keep_step (store, settings_json, state->started_at, &state->review_id,
                                               g_array_index (ids, gint64, i), last, &local_error) &&
          !g_error_matches (local_error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
    }
  return TRUE;
}
