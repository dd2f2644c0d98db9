/* drivedash-review.c — running a full review
 *
 * A state machine on the caller's main context, like DrivedashAbRun:
 * keep awake → check game mode (when a step switches it) → for each step
 * not done: switch game mode (DrivedashGameSwitch), run the step (the
 * speed test N times through DrivedashBench, or one long test through
 * DrivedashLongTestRun, which saves it itself), save it
 * (drivedash_store_save()), mark it done in the state file → put game
 * mode back → let the computer sleep again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "drivedash-error.h"
#include "drivedash-game-switch.h"
#include "drivedash-hwmon.h"
#include "drivedash-pause.h"
#include "drivedash-review.h"
#include "drivedash-review-private.h"
#include "drivedash-longtest-run.h"
#include "drivedash-store-recorder.h"
#include "drivedash-store-save.h"

struct _DrivedashReviewRun
{
  GObject                 parent_instance;
  DrivedashReviewState   *state;
  char                   *state_path;
  char                   *sysfs_root;
  DrivedashStore         *store;
  DrivedashGameSwitch    *game;
  gboolean                checked;      /* game mode can be switched, the state is kept */
  GTask                  *task;
  GCancellable           *cancellable;
  GCancellable           *inhibit_cancellable;
  int                     inhibit_fd;
  int                     lock_fd;      /* the state file's lock while running; -1: none */
  guint                   index;        /* the step running */
  guint                   switched_for; /* 1 + the step game mode was last switched for */
  guint                   pause_source; /* between the speed test's repeats */
  gint64                  step_started; /* monotonic µs, when the running step began */
  guint64                 step_written; /* bytes the running step wrote so far */
  /* The speed step */
  DrivedashBench         *bench;
  DrivedashStoreRecorder *recorder;
  GPtrArray              *members;      /* DrivedashStoreRun */
  GArray                 *tests;
  GError                 *error;
  GError                 *restore_error;
  DrivedashLongTestRun   *long_run;     /* the long step running (its callback holds it) */
};

G_DEFINE_FINAL_TYPE (DrivedashReviewRun, drivedash_review_run, G_TYPE_OBJECT)

enum { STEP_STARTED, STEP_PROGRESS, STEP_FINISHED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void next_step (DrivedashReviewRun *self);
static void speed_next (DrivedashReviewRun *self);

static DrivedashReviewStep *
current (DrivedashReviewRun *self)
{
  return &g_array_index (self->state->steps, DrivedashReviewStep, self->index);
}

static void
keep_error (DrivedashReviewRun *self,
            GError             *error)
{
  if (self->error == NULL)
    self->error = error;
  else
    g_error_free (error);
}

static GError *
stopped_error (void)
{
  return g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED,
                              _("Stopped. The finished steps are kept: resume to carry on."));
}

static void
complete (DrivedashReviewRun *self)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->task);

  g_cancellable_cancel (self->inhibit_cancellable);
  if (self->inhibit_fd >= 0)
    close (self->inhibit_fd);
  self->inhibit_fd = -1;
  /* Closing releases the lock: another review may start. */
  if (self->lock_fd >= 0)
    close (self->lock_fd);
  self->lock_fd = -1;
  if (self->error != NULL)
    g_task_return_error (task, g_error_copy (self->error));
  else
    g_task_return_boolean (task, TRUE);
}

static void
restore_done_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  DrivedashReviewRun *self = user_data;

  drivedash_game_switch_restore_finish (self->game, result, &self->restore_error);
  complete (self);
}

static void
finish (DrivedashReviewRun *self)
{
  if (self->checked)
    drivedash_game_switch_restore_async (self->game, restore_done_cb, self);
  else
    complete (self);
}

/* What a step left, carried through its save in a worker thread. */
typedef struct
{
  DrivedashStore    *store;
  DrivedashStoreRun *run;      /* may be NULL */
  GPtrArray         *members;  /* may be NULL */
  GArray            *figures;  /* may be NULL: the step did not finish */
  GError            *error;    /* why the step did not finish */
} StepEnd;

static void
step_end_free (StepEnd *end)
{
  g_clear_object (&end->store);
  g_clear_pointer (&end->run, drivedash_store_run_unref);
  g_clear_pointer (&end->members, g_ptr_array_unref);
  g_clear_pointer (&end->figures, g_array_unref);
  g_clear_error (&end->error);
  g_free (end);
}

static void
save_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  StepEnd *end = task_data;
  GError *error = NULL;

  if (end->store == NULL || end->run == NULL || drivedash_store_save (end->store, end->run, end->members, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* A step ended, done (then marked so in the state) or not (@error):
 * on to the next, or to the end. */
static void
step_kept (DrivedashReviewRun *self,
           GError             *error)
{
  DrivedashReviewStep *step = current (self);

  if (error != NULL)
    keep_error (self, error);
  if (step->done)
    g_signal_emit (self, signals[STEP_FINISHED], 0, self->index, step->run_id);
  if (self->error == NULL)
    self->index++;
  next_step (self);
}

/* The review kept in the history, in a worker thread: its record, and
 * the step that just finished; then the state file, which only says
 * which review to resume.  A review read from an earlier Drivedash's
 * state file moves into the history first. */
static void
keep_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  DrivedashReviewRun *self = source;
  DrivedashReviewKeep *k = task_data;
  GError *error = NULL;

  if (self->state->in_old_file && drivedash_review_migrate_to_history (self->state, self->store, &error))
    k->review_id = self->state->review_id;
  else if (error == NULL)
    drivedash_review_history_keep (self->store, k, &error);
  if (error == NULL && !drivedash_review_state_save_id (self->state_path, k->review_id, &error))
    k->review_id = 0;
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/* Keeps the review (@step_id finished, 0: at its start), then calls
 * @done on the main context. */
static void
keep_async (DrivedashReviewRun  *self,
            gint64               step_id,
            GAsyncReadyCallback  done)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, done, NULL);
  gboolean all_done = drivedash_review_state_next_step (self->state) == self->state->steps->len;

  g_task_set_task_data (task, drivedash_review_keep_new (self->state, self->sysfs_root, step_id, all_done),
                        (GDestroyNotify) drivedash_review_keep_free);
  g_task_run_in_thread (task, keep_thread);
}

static gint64
keep_finish (GAsyncResult  *result,
             GError       **error)
{
  DrivedashReviewKeep *k = g_task_get_task_data (G_TASK (result));

  return g_task_propagate_boolean (G_TASK (result), error) ? k->review_id : 0;
}

static void
filed_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  DrivedashReviewRun *self = DRIVEDASH_REVIEW_RUN (source);
  DrivedashReviewStep *step = current (self);
  GError *error = NULL;
  gint64 id = keep_finish (result, &error);

  if (id > 0)
    self->state->review_id = id;
  else
    step->done = FALSE;
  step_kept (self, error);
}

/* A step ended, saved as @run_id (0: nothing was, as without the
 * history): a finished one is marked done and kept in the history before
 * the next begins. */
static void
step_done (DrivedashReviewRun *self,
           gint64              run_id,
           GArray             *figures,
           GError             *error)
{
  DrivedashReviewStep *step = current (self);

  /* What a step wrote wore the drive, also when it was stopped (a step
   * done again adds to it); kept with the record of a finished step. */
  step->bytes_written += self->step_written;
  self->step_written = 0;
  if (error != NULL)
    {
      step_kept (self, error);
      return;
    }
  step->done = TRUE;
  step->run_id = run_id;
  g_clear_pointer (&step->figures, g_array_unref);
  step->figures = figures ? g_array_ref (figures) : drivedash_review_figures_new ();
  if (self->store == NULL || run_id <= 0)
    step_kept (self, NULL);
  else
    keep_async (self, run_id, filed_cb);
}

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  DrivedashReviewRun *self = DRIVEDASH_REVIEW_RUN (source);
  StepEnd *end = g_task_get_task_data (G_TASK (result));
  GError *error = g_steal_pointer (&end->error);
  GError *save_error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &save_error) && error == NULL)
    error = g_steal_pointer (&save_error);
  /* The step's own error says more than a failed save of what it left. */
  g_clear_error (&save_error);
  step_done (self, end->run != NULL ? end->run->id : 0, end->figures, error);
}

/* A step of the game-mode A/B is named after its setting (unless it has a
 * name), so that History, the comparisons and the report say which run
 * had game mode on, and the repeats of one setting count as repeats.
 * NULL: the step does not switch game mode. */
static const char *
game_mode_name (const DrivedashReviewStep *step)
{
  if (step == NULL || step->game_mode < 0)
    return NULL;
  return step->game_mode == 1 ? _("Game mode on") : _("Game mode off");
}

static void
name_for_game_mode (const DrivedashReviewStep *step,
                    DrivedashStoreRun         *run,
                    GPtrArray                 *members)
{
  const char *name = game_mode_name (step);

  if (name == NULL || run == NULL)
    return;
  if (run->name == NULL)
    run->name = g_strdup (name);
  for (guint i = 0; members != NULL && i < members->len; i++)
    {
      DrivedashStoreRun *member = g_ptr_array_index (members, i);

      if (member->name == NULL)
        member->name = g_strdup (name);
    }
}

/* A stop says so in the review's words, whichever part noticed it first
 * (a test stopped before its file was made says GIO's). */
static GError *
reword_stop (DrivedashReviewRun *self,
             GError             *error)
{
  if (error == NULL || !g_cancellable_is_cancelled (self->cancellable))
    return error;
  g_error_free (error);
  return stopped_error ();
}

/* The step ended: saves what it left (@run, with the set's @members; may
 * be NULL) off the main thread, as the app saves every run. */
static void
step_ended (DrivedashReviewRun *self,
            DrivedashStoreRun  *run,
            GPtrArray          *members,
            GArray             *figures,
            GError             *error)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, saved_cb, NULL);
  StepEnd *end = g_new0 (StepEnd, 1);

  error = reword_stop (self, error);
  name_for_game_mode (current (self), run, members);
  end->store = self->store ? g_object_ref (self->store) : NULL;
  end->run = run ? drivedash_store_run_ref (run) : NULL;
  end->members = members ? g_ptr_array_ref (members) : NULL;
  end->figures = figures ? g_array_ref (figures) : NULL;
  end->error = error;
  g_task_set_task_data (task, end, (GDestroyNotify) step_end_free);
  g_task_run_in_thread (task, save_thread);
}

static gboolean
pause_done_cb (gpointer user_data)
{
  DrivedashReviewRun *self = user_data;

  self->pause_source = 0;
  /* After a stop the next repeat ends at once, keeping what the others
   * measured. */
  speed_next (self);
  return G_SOURCE_REMOVE;
}


static void
speed_round_done_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  DrivedashReviewRun *self = user_data;
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(DrivedashStoreRecorder) recorder = g_steal_pointer (&self->recorder);
  g_autoptr(DrivedashStoreRun) set = NULL;
  g_autoptr(GArray) figures = NULL;
  GError *error = NULL;
  DrivedashStoreRun *run;

  report = drivedash_bench_run_finish (DRIVEDASH_BENCH (source), result, &error);
  if (recorder != NULL)
    run = drivedash_store_recorder_finish (recorder, self->bench, report, error);
  else
    run = drivedash_store_run_new_from_report (report ? report : drivedash_bench_get_report (self->bench),
                                               DRIVEDASH_RUN_KIND_QUICK);
  g_ptr_array_add (self->members, run);
  self->step_written += (report ? report : drivedash_bench_get_report (self->bench))->bytes_written;
  g_clear_object (&self->bench);
  g_signal_emit (self, signals[STEP_PROGRESS], 0, self->index,
                 (double) self->members->len / self->state->settings->speed_repeats, -1.0,
                 drivedash_review_run_get_bytes_written (self));
  if (error == NULL && self->members->len < self->state->settings->speed_repeats)
    {
      /* The drive rests between repeats as between tests (CrystalDiskMark's
       * pause), so each repeat starts from the same state. */
      if (self->state->settings->bench->pause > 0)
        self->pause_source = drivedash_pause_add (self->state->settings->bench->pause,
                                                  self->cancellable, pause_done_cb, self);
      else
        speed_next (self);
      return;
    }
  set = drivedash_store_run_new_set (DRIVEDASH_RUN_KIND_REPEAT_SET, self->members);
  if (error != NULL && set->status == DRIVEDASH_RUN_STATUS_DONE)
    {
      set->status = DRIVEDASH_RUN_STATUS_CANCELLED;
      set->error = g_strdup (error->message);
    }
  figures = error == NULL ? drivedash_review_figures_from_set (set) : NULL;
  step_ended (self, set, self->members, figures, error);
}

/* Within a repeat of the speed test: the bar moves with the bench, and
 * the time left follows from the pace so far. */
static void
speed_progress_cb (DrivedashBench      *bench,
                   guint                test_index,
                   const char          *test_label,
                   DrivedashBenchPhase  phase,
                   double               fraction,
                   DrivedashReviewRun  *self)
{
  double done = (self->members->len + CLAMP (fraction, 0, 1)) / self->state->settings->speed_repeats;
  double elapsed = (g_get_monotonic_time () - self->step_started) / (double) G_USEC_PER_SEC;

  g_signal_emit (self, signals[STEP_PROGRESS], 0, self->index, done,
                 done > 0.02 ? elapsed * (1 - done) / done : -1.0);
}

static void
speed_next (DrivedashReviewRun *self)
{
  const DrivedashReviewState *st = self->state;

  self->bench = drivedash_bench_new (st->settings->bench, (const DrivedashBenchSpec *) (gpointer) self->tests->data,
                                     self->tests->len);
  g_signal_connect (self->bench, "progress", G_CALLBACK (speed_progress_cb), self);
  if (self->store != NULL)
    self->recorder = drivedash_store_recorder_new (self->store, self->bench, self->sysfs_root, st->controller);
  drivedash_bench_run_async (self->bench, self->cancellable, speed_round_done_cb, self);
}

static void
run_speed (DrivedashReviewRun *self)
{
  GError *error = NULL;

  g_clear_pointer (&self->tests, g_array_unref);
  g_clear_pointer (&self->members, g_ptr_array_unref);
  self->members = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
  self->tests = drivedash_review_speed_tests (self->state->settings, &error);
  if (self->tests == NULL)
    step_ended (self, NULL, NULL, NULL, error);
  else
    speed_next (self);
}

/* A long test through DrivedashLongTestRun, which keeps it in the store
 * (the stopped or failed part too): its progress comes back as
 * "step-progress". */
static void
long_progress_cb (DrivedashLongTestRun        *run,
                  const DrivedashLongProgress *progress,
                  gpointer                     user_data)
{
  DrivedashReviewRun *self = user_data;

  self->step_written = progress->bytes_written;
  g_signal_emit (self, signals[STEP_PROGRESS], 0, self->index, progress->fraction,
                 drivedash_long_test_run_get_time_left (run), drivedash_review_run_get_bytes_written (self));
}

static void
long_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(DrivedashReviewRun) self = user_data;
  g_autoptr(DrivedashLongTestRun) run = DRIVEDASH_LONG_TEST_RUN (source);
  GError *error = NULL;
  const DrivedashLongTestResult *res = drivedash_long_test_run_run_finish (run, result, &error);
  const GError *save_error = drivedash_long_test_run_get_save_error (run);
  g_autoptr(GArray) figures = res ? drivedash_review_figures_from_long (res) : NULL;

  g_signal_handlers_disconnect_by_data (run, self);
  self->long_run = NULL;
  if (res != NULL)
    self->step_written = MAX (self->step_written, res->bytes_written);
  /* The step's own error says more than a failed save of what it left. */
  if (error == NULL && save_error != NULL)
    error = g_error_copy (save_error);
  step_done (self, drivedash_long_test_run_get_run_id (run), figures, reword_stop (self, error));
}

static void
run_long (DrivedashReviewRun *self)
{
  const DrivedashReviewState *st = self->state;
  g_autoptr(DrivedashLongTestSettings) s = NULL;

  s = drivedash_long_test_settings_copy (drivedash_review_settings_get_long (st->settings, current (self)->kind));
  g_free (s->controller);
  g_free (s->hwmon_path);
  s->controller = g_strdup (st->controller);
  s->hwmon_path = st->controller ? drivedash_hwmon_find (st->controller) : NULL;
  self->long_run = drivedash_long_test_run_new (s);
  if (self->store != NULL)
    drivedash_store_keep_long_test_run (self->store, self->long_run, game_mode_name (current (self)));
  g_signal_connect (self->long_run, "progress", G_CALLBACK (long_progress_cb), self);
  drivedash_long_test_run_run_async (self->long_run, self->cancellable, long_done_cb, g_object_ref (self));
}

static void
run_step (DrivedashReviewRun *self)
{
  self->step_started = g_get_monotonic_time ();
  self->step_written = 0;
  g_signal_emit (self, signals[STEP_STARTED], 0, self->index, self->state->steps->len);
  if (current (self)->kind == DRIVEDASH_REVIEW_STEP_SPEED)
    run_speed (self);
  else
    run_long (self);
}

static void
switch_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  DrivedashReviewRun *self = user_data;
  GError *error = NULL;

  if (!drivedash_game_switch_set_finish (self->game, result, &error))
    {
      keep_error (self, error);
      finish (self);
    }
  else
    next_step (self);
}

static void
next_step (DrivedashReviewRun *self)
{
  DrivedashReviewStep *step;

  if (self->error == NULL && g_cancellable_is_cancelled (self->cancellable))
    keep_error (self, stopped_error ());
  while (self->index < self->state->steps->len && current (self)->done)
    self->index++;
  if (self->error != NULL || self->index >= self->state->steps->len)
    {
      finish (self);
      return;
    }
  step = current (self);
  /* Switch first, then (called again from switch_done_cb) run. */
  if (step->game_mode >= 0 && self->switched_for != self->index + 1)
    {
      self->switched_for = self->index + 1;
      drivedash_game_switch_set_async (self->game, step->game_mode == 1, switch_done_cb, self);
      return;
    }
  run_step (self);
}

static void
check_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  DrivedashReviewRun *self = user_data;

  self->checked = drivedash_game_switch_check_finish (self->game, result, &self->error);
  if (!self->checked)
    complete (self);
  else
    next_step (self);
}

static void
inhibited_cb (int      fd,
              gpointer user_data)
{
  DrivedashReviewRun *self = user_data;

  /* The review may have ended before logind answered. */
  if (self->task == NULL && fd >= 0)
    close (fd);
  else
    self->inhibit_fd = fd;
  g_object_unref (self);
}

static gboolean
needs_game_mode (const DrivedashReviewState *state)
{
  for (guint i = drivedash_review_state_next_step (state); i < state->steps->len; i++)
    if (g_array_index (state->steps, DrivedashReviewStep, i).game_mode >= 0)
      return TRUE;
  return FALSE;
}

/* One review at a time: the app and drivedash-cli share the state file
 * (and the drive), so each holds a lock beside it while it runs. */
static gboolean
take_lock (DrivedashReviewRun  *self,
           GError             **error)
{
  g_autofree char *dir = g_path_get_dirname (self->state_path);
  g_autofree char *path = g_strconcat (self->state_path, ".lock", NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0 ||
      (self->lock_fd = open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
                   _("The review’s progress could not be kept in %s: %s"), dir, g_strerror (errno));
      return FALSE;
    }
  if (flock (self->lock_fd, LOCK_EX | LOCK_NB) == 0)
    return TRUE;
  g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_BUSY,
                       _("Another full review is running, in Drivedash or in drivedash-cli. One review runs "
                         "at a time: wait for it to end, or stop it first."));
  return FALSE;
}

/* The review is kept: the steps begin. */
static void
begin_steps (DrivedashReviewRun *self)
{
  if (self->error != NULL)
    complete (self);
  else if (needs_game_mode (self->state))
    drivedash_game_switch_check_async (self->game, check_done_cb, self);
  else
    next_step (self);
}

static void
began_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  DrivedashReviewRun *self = DRIVEDASH_REVIEW_RUN (source);
  GError *error = NULL;
  gint64 id = keep_finish (result, &error);

  if (id > 0)
    self->state->review_id = id;
  else
    keep_error (self, error);
  begin_steps (self);
}

void
drivedash_review_run_run_async (DrivedashReviewRun  *self,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_return_if_fail (DRIVEDASH_IS_REVIEW_RUN (self));
  g_return_if_fail (self->task == NULL && self->cancellable == NULL);

  self->task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (self->task, drivedash_review_run_run_async);
  self->cancellable = cancellable ? g_object_ref (cancellable) : g_cancellable_new ();
  if (!take_lock (self, &self->error))
    {
      complete (self);
      return;
    }
  drivedash_review_inhibit_sleep_async (self->inhibit_cancellable, inhibited_cb, g_object_ref (self));
  /* In the history before the first step, so even a review stopped in
   * it can be resumed with the same settings.  Without the history
   * (drivedash-cli review --no-save) nothing is kept to resume. */
  if (self->store != NULL)
    keep_async (self, 0, began_cb);
  else
    begin_steps (self);
}

gboolean
drivedash_review_run_run_finish (DrivedashReviewRun  *self,
                                 GAsyncResult        *result,
                                 GError             **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

const DrivedashReviewState *
drivedash_review_run_get_state (DrivedashReviewRun *self)
{
  return self->state;
}

guint64
drivedash_review_run_get_bytes_written (DrivedashReviewRun *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_REVIEW_RUN (self), 0);
  return drivedash_review_state_get_bytes_written (self->state) + self->step_written;
}

gboolean
drivedash_review_run_get_switched_game_mode (DrivedashReviewRun *self)
{
  return self->checked;
}

const GError *
drivedash_review_run_get_restore_error (DrivedashReviewRun *self)
{
  return self->restore_error;
}

gboolean
drivedash_review_run_get_enabled_after (DrivedashReviewRun *self)
{
  return drivedash_game_switch_get_enabled_after (self->game);
}

DrivedashReviewRun *
drivedash_review_run_new (DrivedashReviewState      *state,
                          const char                *state_path,
                          const DrivedashPowerPaths *paths,
                          const char                *sysfs_root,
                          DrivedashClientFlags       flags,
                          DrivedashStore            *store)
{
  DrivedashReviewRun *self = g_object_new (DRIVEDASH_TYPE_REVIEW_RUN, NULL);

  self->state = state;
  self->state_path = g_strdup (state_path);
  self->sysfs_root = g_strdup (sysfs_root);
  self->store = store ? g_object_ref (store) : NULL;
  self->game = drivedash_game_switch_new (paths, state->controller, flags);
  return self;
}

static void
drivedash_review_run_finalize (GObject *object)
{
  DrivedashReviewRun *self = DRIVEDASH_REVIEW_RUN (object);

  if (self->lock_fd >= 0)
    close (self->lock_fd);
  drivedash_review_state_free (self->state);
  g_free (self->state_path);
  g_free (self->sysfs_root);
  g_clear_object (&self->store);
  g_clear_object (&self->game);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->inhibit_cancellable);
  g_clear_pointer (&self->members, g_ptr_array_unref);
  g_clear_pointer (&self->tests, g_array_unref);
  g_clear_error (&self->error);
  g_clear_error (&self->restore_error);
  G_OBJECT_CLASS (drivedash_review_run_parent_class)->finalize (object);
}

static void
drivedash_review_run_class_init (DrivedashReviewRunClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = drivedash_review_run_finalize;
  /* A step begins (after game mode was switched for it): its index from
   * 0, and the number of steps. */
  signals[STEP_STARTED] = g_signal_new ("step-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /* Within a step: the share of it done (0–1), the seconds it has left
   * (< 0: unknown; the speed test says only its repeats) and the bytes
   * the whole review wrote so far (drivedash_review_run_get_bytes_written). */
  signals[STEP_PROGRESS] = g_signal_new ("step-progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 4, G_TYPE_UINT, G_TYPE_DOUBLE,
                                         G_TYPE_DOUBLE, G_TYPE_UINT64);
  /* A step finished, was saved as run run_id (0: no store) and marked
   * done in the state file. */
  signals[STEP_FINISHED] = g_signal_new ("step-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_INT64);
}

static void
drivedash_review_run_init (DrivedashReviewRun *self)
{
  self->inhibit_fd = -1;
  self->lock_fd = -1;
  self->inhibit_cancellable = g_cancellable_new ();
}
