/* drivedash-review-history.c — a full review as one entry of the results
 * history: a run of kind "review" whose members are its steps' runs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each step is kept by the test that ran it (a speed test's repeat set, a
 * long test's run).  The review's own run is made when the review begins
 * and holds its whole state as its settings (the record); once a step is
 * done it joins that run as a member.  History then lists the review
 * once, with its steps, its report can be made again from the history
 * alone, and a resume reads the review from there: the state file only
 * says which review it is.
 */
#include "config.h"

#include <math.h>

#include "drivedash-error.h"
#include "drivedash-json.h"
#include "drivedash-review.h"
#include "drivedash-review-private.h"
#include "drivedash-store-drive.h"

DrivedashReviewKeep *
drivedash_review_keep_new (const DrivedashReviewState *state,
                           const char                 *sysfs_root,
                           gint64                      step_id,
                           gboolean                    all_done)
{
  DrivedashReviewKeep *k = g_new0 (DrivedashReviewKeep, 1);
  const char *folder = state->settings->bench->folder;

  k->record = drivedash_review_state_dup_record (state);
  k->controller = g_strdup (state->controller);
  k->folder = g_strdup (folder ? folder : g_get_home_dir ());
  k->sysfs_root = g_strdup (sysfs_root);
  k->started_at = state->started_at;
  k->review_id = state->review_id;
  k->step_id = step_id;
  k->all_done = all_done;
  return k;
}

void
drivedash_review_keep_free (DrivedashReviewKeep *k)
{
  if (k == NULL)
    return;
  g_free (k->record);
  g_free (k->controller);
  g_free (k->folder);
  g_free (k->sysfs_root);
  g_free (k);
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

/* A new review run: its drive read from the controller, or named after
 * the folder's disk; figures none of its own (they are its steps'). */
static DrivedashStoreRun *
new_review (DrivedashStore            *store,
            const DrivedashReviewKeep *k)
{
  DrivedashStoreRun *review = drivedash_store_run_new (DRIVEDASH_RUN_KIND_REVIEW);

  drivedash_store_run_read_drive (review, store, k->sysfs_root, k->controller, TRUE);
  if (k->sysfs_root == NULL)
    drivedash_store_run_name_folder_drive (review, k->folder);
  review->started_at = k->started_at > 0 ? k->started_at : g_get_real_time ();
  review->ended_at = review->started_at;
  review->game_mode = DRIVEDASH_GAME_MODE_UNKNOWN;
  review->temp_start_c = review->temp_end_c = NAN;
  review->status = DRIVEDASH_RUN_STATUS_CANCELLED;
  review->settings_json = g_strdup (k->record);
  return review;
}

/* The review's run: the one it has, or one made before by its start,
 * or a new one. */
static gboolean
ensure_review (DrivedashStore      *store,
               DrivedashReviewKeep *k,
               GError             **error)
{
  g_autoptr(DrivedashStoreRun) review = NULL;
  g_autoptr(GError) local_error = NULL;

  if (k->review_id > 0)
    {
      g_autoptr(DrivedashStoreRun) have = drivedash_store_get_run (store, k->review_id, &local_error);

      if (have != NULL && have->kind == DRIVEDASH_RUN_KIND_REVIEW)
        return TRUE;
      /* Deleted from History since: made anew. */
      if (have == NULL && !g_error_matches (local_error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
    }
  if ((k->review_id = find_review (store, k->started_at)) > 0)
    return TRUE;
  review = new_review (store, k);
  if (!drivedash_store_save_run (store, review, error))
    return FALSE;
  k->review_id = review->id;
  return TRUE;
}

gboolean
drivedash_review_history_keep (DrivedashStore      *store,
                               DrivedashReviewKeep *k,
                               GError             **error)
{
  DrivedashRunStatus status = k->all_done ? DRIVEDASH_RUN_STATUS_DONE : DRIVEDASH_RUN_STATUS_CANCELLED;

  if (!ensure_review (store, k, error))
    return FALSE;
  if (k->step_id > 0 &&
      !drivedash_store_add_to_set (store, k->review_id, k->step_id, "step", status, g_get_real_time (), error))
    return FALSE;
  return drivedash_store_set_review_state (store, k->review_id, k->record, error);
}

gboolean
drivedash_review_migrate_to_history (DrivedashReviewState  *state,
                                     DrivedashStore        *store,
                                     GError               **error)
{
  g_autoptr(DrivedashReviewKeep) k = drivedash_review_keep_new (state, NULL, 0, FALSE);
  g_autoptr(GArray) ids = drivedash_review_state_dup_run_ids (state);
  gboolean finished = drivedash_review_state_next_step (state) == state->steps->len;

  if (!state->in_old_file)
    return TRUE;
  for (guint i = 0; state->review_id == 0 && i < ids->len; i++)
    {
      g_autoptr(GError) local_error = NULL;

      k->step_id = g_array_index (ids, gint64, i);
      k->all_done = i + 1 == ids->len && finished;
      /* A step's run deleted from History since: the others are kept. */
      if (!drivedash_review_history_keep (store, k, &local_error) &&
          !g_error_matches (local_error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
    }
  /* The record, in the review's run (made now if no step was kept). */
  k->step_id = 0;
  if (!drivedash_review_history_keep (store, k, error))
    return FALSE;
  state->review_id = k->review_id;
  state->in_old_file = FALSE;
  return TRUE;
}
