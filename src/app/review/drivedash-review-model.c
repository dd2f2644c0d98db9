/* drivedash-review-model.c — the Full Review view's model: the choices
 * for the next review, what it will write and take, and the review run
 * itself (lib/review's DrivedashReviewRun), step by step
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "drivedash-bench-estimate.h"
#include "drivedash-error.h"
#include "drivedash-folder.h"
#include "drivedash-format.h"
#include "drivedash-notify.h"
#include "drivedash-report.h"
#include "drivedash-review.h"
#include "drivedash-review-model-private.h"
#include "drivedash-run-folder.h"
#include "drivedash-store-drive.h"
#include "drivedash-write-notice.h"

struct _DrivedashReviewModel
{
  DrivedashRunModel        parent_instance;
  DrivedashReviewLength    length;
  gboolean                 game_mode_ab;
  guint64                  speed_file_size; /* the speed test's file, bytes */
  char                    *speed_preset;    /* the bench preset's id */
  char                    *folder;
  DrivedashHealth         *health;         /* the Health page's drive; may be NULL */
  guint64                  bytes_high;     /* the most the next Start writes */
  char                    *estimate_text;
  char                    *plan_text;
  char                    *summary;
  char                    *stopped_text;   /* the stopped review, when one waits */
  gboolean                 can_resume;
  gboolean                 can_report;     /* not running, and the last review kept runs */
  gboolean                 reporting;
  DrivedashReviewSettings *test_settings;  /* _for_testing; NULL: the length's */
  char                    *state_path;
  gboolean                 preparing;      /* started, reading what it needs (begin_thread) */
  DrivedashReviewRun      *run;            /* while running */
  DrivedashReviewRun      *last;           /* the review that ended, shown until a choice changes */
  DrivedashReviewState    *kept;           /* the review the state file points to, stopped or
                                            * finished, as the last refresh read it; NULL: none */
  guint64                  resume_bytes_high; /* the most its steps left write */
  char                    *resume_estimate_text;
  GAsyncQueue             *damaged;        /* from refresh workers: why a state file was kept aside */
  GCancellable            *cancellable;
  guint64                  fill_amount;
  char                    *step_text;      /* "Step 3 of 8: Sustained, game mode off" */
  double                   later_s;        /* the steps after the running one, slow drive */
};

#define GIB (G_GUINT64_CONSTANT (1) << 30)

G_DEFINE_FINAL_TYPE (DrivedashReviewModel, drivedash_review_model, DRIVEDASH_TYPE_RUN_MODEL)

enum
{
  PROP_0,
  PROP_LENGTH,
  PROP_GAME_MODE_AB,
  PROP_SPEED_FILE_SIZE,
  PROP_SPEED_PRESET,
  PROP_FOLDER,
  PROP_ESTIMATE_TEXT,
  PROP_PLAN_TEXT,
  PROP_SUMMARY,
  PROP_CAN_RESUME,
  PROP_CAN_REPORT,
  PROP_HEALTH,
  PROP_STOPPED_TEXT,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

static void
set_string (DrivedashReviewModel  *self,
            char                 **field,
            const char            *value,
            guint                  prop)
{
  drivedash_set_string_notify (G_OBJECT (self), field, value, properties[prop]);
}

static void
set_boolean (DrivedashReviewModel *self,
             gboolean             *field,
             gboolean              value,
             guint                 prop)
{
  drivedash_set_boolean_notify (G_OBJECT (self), field, value, properties[prop]);
}

/* The settings of the next new review. */
static DrivedashReviewSettings *
next_settings (DrivedashReviewModel *self)
{
  DrivedashReviewSettings *s = self->test_settings ? drivedash_review_settings_copy (self->test_settings)
                                                   : drivedash_review_settings_new (self->length);

  s->length = self->length;
  s->game_mode_ab = self->game_mode_ab;
  s->bench->test_size = self->speed_file_size;
  g_free (s->speed_preset);
  s->speed_preset = g_strdup (self->speed_preset);
  /* A window must stay responsive while the speed test runs. */
  s->bench->background = TRUE;
  drivedash_review_settings_set_folder (s, self->folder);
  return s;
}

/* A review runs, or is getting ready to. */
static gboolean
busy (DrivedashReviewModel *self)
{
  return self->run != NULL || self->preparing;
}

static char *
plan_text (const DrivedashReviewState *state)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < state->steps->len; i++)
    {
      const DrivedashReviewStep *step = &g_array_index (state->steps, DrivedashReviewStep, i);
      g_autofree char *label = drivedash_review_step_dup_label (step);

      if (i > 0)
        g_string_append_c (text, '\n');
      if (step->done)
        /* Translators: a finished step in the list of a review's steps */
        g_string_append_printf (text, _("%u. %s — done"), i + 1, label);
      else
        g_string_append_printf (text, "%u. %s", i + 1, label);
    }
  return g_string_free (text, FALSE);
}

/* The estimate in words, with the endurance share of the Health page's
 * drive when it is the one holding the folder (@controller). */
static char *
estimate_text (DrivedashReviewModel          *self,
               const DrivedashReviewEstimate *e,
               const char                    *controller,
               GDateTime                     *now)
{
  DrivedashHealth *h = self->health;
  double used;
  guint64 written;

  if (drivedash_run_folder_is_simulated ())
    return drivedash_review_estimate_dup_text (e, DRIVEDASH_SIM_DRIVE_MODEL, -1, 0, now);
  if (h == NULL || controller == NULL || g_strcmp0 (h->controller, controller) != 0)
    return drivedash_review_estimate_dup_text (e, NULL, -1, 0, now);
  drivedash_health_get_wear (h, &used, &written);
  return drivedash_review_estimate_dup_text (e, h->model, used, written, now);
}

/* A report of the review in the state file, finished or stopped, once
 * it kept a run and while nothing runs or is being reported. */
static void
set_can_report (DrivedashReviewModel       *self,
                const DrivedashReviewState *last)
{
  g_autoptr(GArray) ids = last ? drivedash_review_state_dup_run_ids (last) : NULL;

  set_boolean (self, &self->can_report, !busy (self) && !self->reporting && ids != NULL && ids->len > 0,
               PROP_CAN_REPORT);
}

/* What a refresh reads from the disk, in a worker: the stopped review's
 * state file, the free space the fill step sizes itself by (statvfs) and
 * the controller holding the folder (sysfs). */
typedef struct
{
  DrivedashReviewSettings *settings;   /* the next Start's */
  char                    *state_path;
  char                    *folder;     /* the settings' folder, home for NULL */
  gboolean                 may_migrate; /* no review runs: the state file is ours */
  DrivedashReviewState    *stopped;    /* out; NULL: none */
  gboolean                 has_amount; /* out */
  guint64                  amount;     /* out */
  char                    *controller; /* out; NULL: not an NVMe drive's */
  GAsyncQueue             *damaged;    /* the model's: why a stopped review's file was kept
                                        * aside, also from a refresh a later one replaced */
  gboolean                 has_resume_amount; /* out: the stopped review's fill */
  guint64                  resume_amount;     /* out */
  gint64                   stopped_at;        /* out: when its file was last written, µs; 0 */
} Refresh;

static void
refresh_free (Refresh *r)
{
  drivedash_review_settings_free (r->settings);
  g_free (r->state_path);
  g_free (r->folder);
  g_clear_pointer (&r->stopped, drivedash_review_state_free);
  g_free (r->controller);
  g_async_queue_unref (r->damaged);
  g_free (r);
}

/* A review of an older Drivedash joins the history (once: the state
 * file then has only its id).  What fails is tried again on the next
 * refresh. */
static void
migrate (Refresh        *r,
         DrivedashStore *store)
{
  g_autoptr(GError) error = NULL;

  if (!drivedash_review_migrate_to_history (r->stopped, store, &error) ||
      !drivedash_review_state_save_id (r->state_path, r->stopped->review_id, &error))
    g_debug ("The review in %s is not in the history yet: %s", r->state_path, error->message);
}

static void
refresh_read (DrivedashRunModel *model,
              gpointer           data)
{
  /* One worker at a time reads (and may move aside) the state file: a
   * refresh that replaced another one while both ran saw the file half
   * moved and said that instead of why it was damaged. */
  static GMutex loading;
  Refresh *r = data;
  const DrivedashLongTestSettings *fill = r->settings->adaptivity;
  g_autoptr(DrivedashStore) store = drivedash_store_open (NULL, NULL);
  g_autoptr(GError) error = NULL;

  g_mutex_lock (&loading);
  r->stopped = drivedash_review_state_load (r->state_path, store, &error);
  /* Damaged: kept aside (once), and said in the status.  Pushed before
   * the next worker may read, so the newest refresh's end shows it. */
  if (g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT))
    g_async_queue_push (r->damaged, g_strdup (error->message));
  g_mutex_unlock (&loading);
  if (r->may_migrate && store != NULL && r->stopped != NULL && r->stopped->in_old_file)
    migrate (r, store);
  r->has_amount = drivedash_long_test_settings_resolve_amount (fill, &r->amount, NULL);
  r->controller = drivedash_controller_for_folder (NULL, r->folder);
  if (r->stopped != NULL)
    {
      GStatBuf st;

      r->has_resume_amount = drivedash_long_test_settings_resolve_amount (r->stopped->settings->adaptivity,
                                                                          &r->resume_amount, NULL);
      /* The file is written last when a step ends or the review stops. */
      if (g_stat (r->state_path, &st) == 0)
        r->stopped_at = (gint64) st.st_mtime * G_USEC_PER_SEC;
    }
}

/* "It stopped today at 14:05." / "on Thu 3 Dec at 14:05." */
static char *
stopped_when (gint64 stopped_at)
{
  g_autoptr(GDateTime) then = stopped_at > 0 ? g_date_time_new_from_unix_local (stopped_at / G_USEC_PER_SEC) : NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *clock = NULL;

  if (then == NULL)
    return g_strdup ("");
  /* Translators: a time of day, "14:05"; see g_date_time_format() */
  clock = g_date_time_format (then, _("%H:%M"));
  if (g_date_time_get_year (then) == g_date_time_get_year (now) &&
      g_date_time_get_day_of_year (then) == g_date_time_get_day_of_year (now))
    /* Translators: when a review stopped, "14:05" */
    return g_strdup_printf (_(" It stopped today at %s."), clock);
  {
    /* Translators: a date, "Thu 3 Dec"; see g_date_time_format() */
    g_autofree char *day = g_date_time_format (then, _("%a %-d %b"));

    /* Translators: when a review stopped, "Thu 3 Dec", "14:05" */
    return g_strdup_printf (_(" It stopped on %s at %s."), day, clock);
  }
}

/* The stopped review in words, for the question before a new Start. */
static char *
stopped_text (const DrivedashReviewState *stopped,
              gint64                      stopped_at)
{
  g_autofree char *when = stopped_when (stopped_at);
  guint done = 0;
  const char *length = stopped->settings->length == DRIVEDASH_REVIEW_LENGTH_QUICK ? _("Quick")
                       : stopped->settings->length == DRIVEDASH_REVIEW_LENGTH_REVIEW ? _("Review")
                       : _("Standard");
  guint64 written = drivedash_review_state_get_bytes_written (stopped);
  g_autofree char *text = NULL;

  for (guint i = 0; i < stopped->steps->len; i++)
    done += g_array_index (stopped->steps, DrivedashReviewStep, i).done;
  /* Translators: "Quick" is the review's length; then steps done of all */
  text = g_strdup_printf (ngettext ("A stopped review (%s, %u of %u step done) is waiting to be resumed. A new "
                                    "review replaces it; the steps it finished stay in History.",
                                    "A stopped review (%s, %u of %u steps done) is waiting to be resumed. A new "
                                    "review replaces it; the steps it finished stay in History.",
                                    stopped->steps->len),
                          length, done, stopped->steps->len);
  if (written > 0)
    {
      g_autofree char *bytes = drivedash_format_bytes (written);

      /* Translators: what a stopped review's finished steps wrote, "12.3 GB" */
      return g_strdup_printf (_("%s So far it wrote %s.%s"), text, bytes, when);
    }
  return g_strconcat (text, when, NULL);
}

/* What the stopped review's steps left write and take, for the
 * question before Resume. */
static void
show_resume_estimate (DrivedashReviewModel *self,
                      Refresh              *r)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  DrivedashReviewEstimate e = { 0 };

  g_clear_pointer (&self->resume_estimate_text, g_free);
  self->resume_bytes_high = 0;
  if (r->stopped == NULL || !r->has_resume_amount)
    return;
  drivedash_review_estimate (r->stopped->settings, r->stopped->steps, r->resume_amount, &e);
  self->resume_bytes_high = e.bytes_high;
  self->resume_estimate_text = estimate_text (self, &e, r->stopped->controller, now);
}

/* Why a stopped review's file was kept aside, said once in the status. */
static void
show_damaged (DrivedashReviewModel *self)
{
  g_autofree char *message = NULL;
  char *next;

  while ((next = g_async_queue_try_pop (self->damaged)) != NULL)
    {
      g_free (message);
      message = next;
    }
  if (message != NULL && !busy (self))
    drivedash_run_model_set_status (DRIVEDASH_RUN_MODEL (self), message,
                                    g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT, message));
}

/* The estimate, Resume and Report from what the worker read. */
static void
refresh_done (DrivedashRunModel *model,
              gpointer           data)
{
  DrivedashReviewModel *self = DRIVEDASH_REVIEW_MODEL (model);
  Refresh *r = data;
  g_autoptr(DrivedashReviewState) next = NULL;
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *estimate = NULL;
  DrivedashReviewEstimate e;

  self->bytes_high = 0;
  if (r->has_amount)
    {
      next = drivedash_review_state_new (r->settings, NULL);
      now = g_date_time_new_now_local ();
      drivedash_review_estimate (r->settings, next->steps, r->amount, &e);
      estimate = estimate_text (self, &e, r->controller, now);
      self->bytes_high = e.bytes_high;
    }
  set_string (self, &self->estimate_text, estimate, PROP_ESTIMATE_TEXT);
  set_boolean (self, &self->can_resume,
               !busy (self) && r->stopped != NULL &&
               drivedash_review_state_next_step (r->stopped) < r->stopped->steps->len,
               PROP_CAN_RESUME);
  set_can_report (self, r->stopped);
  {
    g_autofree char *text = self->can_resume ? stopped_text (r->stopped, r->stopped_at) : NULL;

    set_string (self, &self->stopped_text, text, PROP_STOPPED_TEXT);
  }
  show_resume_estimate (self, r);
  show_damaged (self);
  g_clear_pointer (&self->kept, drivedash_review_state_free);
  self->kept = g_steal_pointer (&r->stopped);
}

/* What the next Start would do, or what the running review is doing:
 * the plan at once, the rest once a worker has read the disk (the run
 * model's "refreshing" is TRUE until then). */
static void
refresh (DrivedashReviewModel *self)
{
  g_autoptr(DrivedashReviewSettings) s = next_settings (self);
  g_autoptr(DrivedashReviewState) next = drivedash_review_state_new (s, NULL);
  DrivedashReviewRun *shown_run = self->run ? self->run : self->last;
  g_autofree char *plan = plan_text (shown_run ? drivedash_review_run_get_state (shown_run) : next);
  Refresh *r = g_new0 (Refresh, 1);

  set_string (self, &self->plan_text, plan, PROP_PLAN_TEXT);
  /* Nothing to resume or report while a review runs: said at once. */
  if (busy (self))
    {
      set_boolean (self, &self->can_resume, FALSE, PROP_CAN_RESUME);
      set_can_report (self, NULL);
    }
  r->settings = g_steal_pointer (&s);
  r->state_path = g_strdup (self->state_path);
  r->folder = g_strdup (self->folder ? self->folder : g_get_home_dir ());
  r->may_migrate = !busy (self);
  r->damaged = g_async_queue_ref (self->damaged);
  drivedash_run_model_refresh (DRIVEDASH_RUN_MODEL (self), r, (GDestroyNotify) refresh_free, refresh_read,
                               refresh_done);
}

/* What the steps after @index take on a slow drive. */
static double
later_seconds (DrivedashReviewModel       *self,
               const DrivedashReviewState *state,
               guint                       index)
{
  g_autoptr(GArray) later = g_array_new (FALSE, TRUE, sizeof (DrivedashReviewStep));
  DrivedashReviewEstimate e;

  for (guint i = index + 1; i < state->steps->len; i++)
    {
      DrivedashReviewStep step = g_array_index (state->steps, DrivedashReviewStep, i);

      step.figures = NULL;  /* a shallow copy: the state keeps them */
      g_array_append_val (later, step);
    }
  drivedash_review_estimate (state->settings, later, self->fill_amount, &e);
  return e.seconds_high;
}

/* The bar: the step, the time left and when it ends, and what the review
 * wrote so far ("Step 1 of 4: Speed test · about 25 min left, done at
 * 14:05 · 3.2 GB written so far"), the time left too for the run model.
 * @seconds_left < 0: not known yet. */
static void
show_progress (DrivedashReviewModel *self,
               double                fraction,
               double                seconds_left)
{
  g_autofree char *text = NULL;
  guint64 written = self->run ? drivedash_review_run_get_bytes_written (self->run) : 0;

  /* Not known yet within this step: the last time said stays. */
  if (seconds_left < 0)
    seconds_left = drivedash_run_model_get_time_left (DRIVEDASH_RUN_MODEL (self));
  if (seconds_left >= 0)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();
      g_autoptr(GDateTime) done = g_date_time_add_seconds (now, seconds_left);
      g_autofree char *left = drivedash_format_duration_estimate (seconds_left);
      g_autofree char *at = g_date_time_format (done, "%H:%M");

      /* Translators: progress: "Step 1 of 4: Speed test · about 25 min left, done at 14:05" */
      text = g_strdup_printf (_("%s · %s left, done at %s"), self->step_text, left, at);
      drivedash_run_model_set_time_left (DRIVEDASH_RUN_MODEL (self), seconds_left);
    }
  if (written > 0)
    {
      g_autofree char *bytes = drivedash_format_bytes (written);
      char *with = g_strdup_printf (_("%s · %s written so far"), text ? text : self->step_text, bytes);

      g_free (text);
      text = with;
    }
  drivedash_run_model_set_progress (DRIVEDASH_RUN_MODEL (self), fraction, text ? text : self->step_text);
}

static void
step_started_cb (DrivedashReviewRun   *run,
                 guint                 index,
                 guint                 n_steps,
                 DrivedashReviewModel *self)
{
  const DrivedashReviewState *state = drivedash_review_run_get_state (run);
  g_autofree char *label = drivedash_review_step_dup_label (&g_array_index (state->steps, DrivedashReviewStep,
                                                                            index));
  DrivedashReviewEstimate e;

  g_free (self->step_text);
  /* Translators: progress of a full review, "Step 3 of 8: Sustained, game mode off" */
  self->step_text = g_strdup_printf (_("Step %u of %u: %s"), index + 1, n_steps, label);
  self->later_s = later_seconds (self, state, index);
  drivedash_review_estimate (state->settings, state->steps, self->fill_amount, &e);
  /* The slow drive's time: a finish that comes early, never late. */
  show_progress (self, (double) index / n_steps, e.seconds_high);
}

/* Within a step: the bar moves, and the time left follows the test's own
 * estimate for the rest of it. */
static void
step_progress_cb (DrivedashReviewRun   *run,
                  guint                 index,
                  double                fraction,
                  double                eta_s,
                  guint64               written,
                  DrivedashReviewModel *self)
{
  guint n = drivedash_review_run_get_state (run)->steps->len;

  show_progress (self, (index + CLAMP (fraction, 0, 1)) / n, eta_s >= 0 ? eta_s + self->later_s : -1);
}

static void
step_finished_cb (DrivedashReviewRun   *run,
                  guint                 index,
                  gint64                run_id,
                  DrivedashReviewModel *self)
{
  g_autofree char *plan = plan_text (drivedash_review_run_get_state (run));
  g_autofree char *summary = drivedash_review_state_dup_summary (drivedash_review_run_get_state (run));

  set_string (self, &self->plan_text, plan, PROP_PLAN_TEXT);
  set_string (self, &self->summary, summary, PROP_SUMMARY);
  drivedash_run_model_set_has_result (DRIVEDASH_RUN_MODEL (self), TRUE);
}

static void
run_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(DrivedashReviewModel) self = user_data;
  DrivedashReviewRun *run = self->run;
  g_autofree char *summary = drivedash_review_state_dup_summary (drivedash_review_run_get_state (run));
  GError *error = NULL;
  gboolean ok = drivedash_review_run_run_finish (run, result, &error);
  const GError *restore = drivedash_review_run_get_restore_error (run);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->last);
  self->last = g_steal_pointer (&self->run);
  set_string (self, &self->summary, summary, PROP_SUMMARY);
  /* Game mode left switched is what the user must hear about first. */
  if (restore != NULL)
    {
      g_clear_error (&error);
      error = g_error_copy (restore);
    }
  drivedash_run_model_set_status (DRIVEDASH_RUN_MODEL (self), error ? error->message : NULL, error);
  refresh (self);
  drivedash_run_model_finish (DRIVEDASH_RUN_MODEL (self), ok);
}

/* What a start reads from the disk, in a worker: the controller that
 * holds the folder (sysfs, for a new review), the free space the fill
 * step sizes itself by (statvfs) and the history (SQLite). */
typedef struct
{
  DrivedashReviewSettings *settings;    /* a new review's; NULL: resume @state */
  char                    *folder;      /* a new review's, home for NULL */
  DrivedashReviewState    *state;       /* in (resume) or out (new) */
  guint64                  fill_amount; /* out */
  DrivedashStore          *store;       /* out */
} Begin;

static void
begin_free (Begin *b)
{
  g_clear_pointer (&b->settings, drivedash_review_settings_free);
  g_free (b->folder);
  g_clear_pointer (&b->state, drivedash_review_state_free);
  g_clear_object (&b->store);
  g_free (b);
}

static void
begin_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Begin *b = task_data;
  const DrivedashLongTestSettings *fill;
  GError *error = NULL;

  if (b->state == NULL)
    {
      g_autofree char *controller = drivedash_controller_for_folder (NULL, b->folder);

      if (controller == NULL && b->settings->game_mode_ab)
        {
          g_task_return_new_error (task, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND, "%s",
                                   _("This folder is not on an NVMe drive, and game mode is only for NVMe "
                                     "drives. Pick a folder on one, or run the review without game mode."));
          return;
        }
      b->state = drivedash_review_state_new (b->settings, controller);
    }
  fill = b->state->settings->adaptivity;
  /* Without the history a review cannot be resumed with its runs, so
   * it does not start. */
  if (!drivedash_long_test_settings_resolve_amount (fill, &b->fill_amount, &error) ||
      (b->store = drivedash_store_open (NULL, &error)) == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void
begun_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  DrivedashReviewModel *self = DRIVEDASH_REVIEW_MODEL (source);
  DrivedashRunModel *model = DRIVEDASH_RUN_MODEL (source);
  Begin *b = g_task_get_task_data (G_TASK (result));
  GError *error = NULL;

  self->preparing = FALSE;
  if (g_task_propagate_boolean (G_TASK (result), &error) && g_cancellable_is_cancelled (self->cancellable))
    error = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED, _("Stopped before the first step."));
  if (error != NULL)
    {
      g_clear_object (&self->cancellable);
      drivedash_run_model_set_status (model, error->message, error);
      refresh (self);
      drivedash_run_model_finish (model, FALSE);
      return;
    }
  self->fill_amount = b->fill_amount;
  g_clear_object (&self->last);
  self->run = drivedash_review_run_new (g_steal_pointer (&b->state), self->state_path,
                                        drivedash_power_paths_default (), NULL, DRIVEDASH_CLIENT_INTERACTIVE,
                                        b->store);
  g_signal_connect_object (self->run, "step-started", G_CALLBACK (step_started_cb), self, 0);
  g_signal_connect_object (self->run, "step-progress", G_CALLBACK (step_progress_cb), self, 0);
  g_signal_connect_object (self->run, "step-finished", G_CALLBACK (step_finished_cb), self, 0);
  refresh (self);
  drivedash_review_run_run_async (self->run, self->cancellable, run_done_cb, g_object_ref (self));
}

/* Running from now on ("Getting ready…"); the review itself starts once
 * a worker has read what it needs (begun_cb). */
static void
begin (DrivedashReviewModel *self,
       Begin                *b)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, begun_cb, NULL);

  self->preparing = TRUE;
  self->cancellable = g_cancellable_new ();
  set_boolean (self, &self->can_resume, FALSE, PROP_CAN_RESUME);
  set_can_report (self, NULL);
  drivedash_run_model_set_status (DRIVEDASH_RUN_MODEL (self), NULL, NULL);
  drivedash_run_model_set_running (DRIVEDASH_RUN_MODEL (self), TRUE);
  drivedash_run_model_set_progress (DRIVEDASH_RUN_MODEL (self), 0, _("Getting ready…"));
  /* A resumed review's steps, the done ones marked, at once. */
  if (b->state != NULL)
    {
      g_autofree char *plan = plan_text (b->state);

      set_string (self, &self->plan_text, plan, PROP_PLAN_TEXT);
    }
  g_task_set_task_data (task, b, (GDestroyNotify) begin_free);
  g_task_run_in_thread (task, begin_thread);
}

static gboolean
drivedash_review_model_start (DrivedashRunModel  *model,
                              GError            **error)
{
  DrivedashReviewModel *self = DRIVEDASH_REVIEW_MODEL (model);
  g_autoptr(DrivedashReviewSettings) s = next_settings (self);
  Begin *b;

  if (!drivedash_review_settings_validate (s, error))
    return FALSE;
  b = g_new0 (Begin, 1);
  b->settings = g_steal_pointer (&s);
  b->folder = g_strdup (self->folder ? self->folder : g_get_home_dir ());
  begin (self, b);
  return TRUE;
}

gboolean
drivedash_review_model_resume (DrivedashReviewModel  *self,
                               GError               **error)
{
  Begin *b;

  g_return_val_if_fail (DRIVEDASH_IS_REVIEW_MODEL (self), FALSE);
  g_return_val_if_fail (!busy (self), FALSE);

  /* The review the last refresh read: Resume is only offered after it. */
  if (self->kept == NULL || drivedash_review_state_next_step (self->kept) >= self->kept->steps->len)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                           _("There is no stopped review to resume."));
      return FALSE;
    }
  b = g_new0 (Begin, 1);
  b->state = g_steal_pointer (&self->kept);
  begin (self, b);
  return TRUE;
}

gboolean
drivedash_review_model_discard (DrivedashReviewModel  *self,
                                GError               **error)
{
  g_return_val_if_fail (DRIVEDASH_IS_REVIEW_MODEL (self), FALSE);
  g_return_val_if_fail (!busy (self), FALSE);

  /* Its finished steps stay in History: only the way to resume goes. */
  if (!drivedash_review_state_remove (self->state_path, error))
    return FALSE;
  g_clear_pointer (&self->kept, drivedash_review_state_free);
  refresh (self);
  return TRUE;
}

static void
drivedash_review_model_stop (DrivedashRunModel *model)
{
  g_cancellable_cancel (DRIVEDASH_REVIEW_MODEL (model)->cancellable);
}

static char *
drivedash_review_model_dup_text (DrivedashRunModel *model)
{
  return g_strdup (DRIVEDASH_REVIEW_MODEL (model)->summary);
}

static GFile *
drivedash_review_model_dup_folder (DrivedashRunModel *model)
{
  DrivedashReviewModel *self = DRIVEDASH_REVIEW_MODEL (model);

  return g_file_new_for_path (self->folder ? self->folder : g_get_home_dir ());
}

static gboolean
drivedash_review_model_choose_folder (DrivedashRunModel *model,
                                      GFile             *folder)
{
  DrivedashReviewModel *self = DRIVEDASH_REVIEW_MODEL (model);
  g_autofree char *path = g_file_get_path (folder);
  g_autoptr(DrivedashFolderInfo) info = drivedash_folder_probe (path);
  GError *error = NULL;

  if (path == NULL || !drivedash_folder_info_check_measurable (info, &error))
    {
      if (error == NULL)
        error = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                                     _("This folder is not on a drive of this computer."));
      drivedash_run_model_set_status (model, error->message, error);
      return FALSE;
    }
  drivedash_review_model_set_folder (self, path);
  drivedash_run_model_set_status (model, NULL, NULL);
  return TRUE;
}

DrivedashReviewModel *
drivedash_review_model_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_REVIEW_MODEL, NULL);
}

void
drivedash_review_model_set_length (DrivedashReviewModel  *self,
                                   DrivedashReviewLength  length)
{
  g_return_if_fail (DRIVEDASH_IS_REVIEW_MODEL (self));
  if (self->length == length)
    return;
  self->length = length;
  g_clear_object (&self->last);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LENGTH]);
  /* Each length offers its own file first (8 GiB for Review, as the
   * magazine used); the user may pick the other after. */
  drivedash_review_model_set_speed_file_size (self, length == DRIVEDASH_REVIEW_LENGTH_REVIEW ? 8 * GIB : GIB);
  refresh (self);
}

DrivedashReviewLength
drivedash_review_model_get_length (DrivedashReviewModel *self)
{
  return self->length;
}

void
drivedash_review_model_set_game_mode_ab (DrivedashReviewModel *self,
                                         gboolean              game_mode_ab)
{
  g_return_if_fail (DRIVEDASH_IS_REVIEW_MODEL (self));
  if (self->game_mode_ab == !!game_mode_ab)
    return;
  self->game_mode_ab = !!game_mode_ab;
  g_clear_object (&self->last);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME_MODE_AB]);
  refresh (self);
}

gboolean
drivedash_review_model_get_game_mode_ab (DrivedashReviewModel *self)
{
  return self->game_mode_ab;
}

void
drivedash_review_model_set_speed_file_size (DrivedashReviewModel *self,
                                            guint64               bytes)
{
  g_return_if_fail (DRIVEDASH_IS_REVIEW_MODEL (self));
  if (self->speed_file_size == bytes)
    return;
  self->speed_file_size = bytes;
  g_clear_object (&self->last);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED_FILE_SIZE]);
  refresh (self);
}

guint64
drivedash_review_model_get_speed_file_size (DrivedashReviewModel *self)
{
  return self->speed_file_size;
}

void
drivedash_review_model_set_speed_preset (DrivedashReviewModel *self,
                                         const char           *preset)
{
  g_return_if_fail (DRIVEDASH_IS_REVIEW_MODEL (self));
  if (preset == NULL || g_strcmp0 (self->speed_preset, preset) == 0)
    return;
  set_string (self, &self->speed_preset, preset, PROP_SPEED_PRESET);
  g_clear_object (&self->last);
  refresh (self);
}

const char *
drivedash_review_model_get_speed_preset (DrivedashReviewModel *self)
{
  return self->speed_preset;
}

void
drivedash_review_model_set_folder (DrivedashReviewModel *self,
                                   const char           *folder)
{
  g_return_if_fail (DRIVEDASH_IS_REVIEW_MODEL (self));
  if (g_strcmp0 (self->folder, folder) == 0)
    return;
  set_string (self, &self->folder, folder, PROP_FOLDER);
  g_clear_object (&self->last);
  refresh (self);
}

const char *
drivedash_review_model_get_folder (DrivedashReviewModel *self)
{
  return self->folder;
}

const char *
drivedash_review_model_get_estimate_text (DrivedashReviewModel *self)
{
  return self->estimate_text;
}

const char *
drivedash_review_model_get_plan_text (DrivedashReviewModel *self)
{
  return self->plan_text;
}

const char *
drivedash_review_model_get_summary (DrivedashReviewModel *self)
{
  return self->summary;
}

gboolean
drivedash_review_model_get_can_resume (DrivedashReviewModel *self)
{
  return self->can_resume;
}

const char *
drivedash_review_model_get_stopped_text (DrivedashReviewModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_REVIEW_MODEL (self), NULL);
  return self->stopped_text;
}

gboolean
drivedash_review_model_get_can_report (DrivedashReviewModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_REVIEW_MODEL (self), FALSE);
  return self->can_report;
}

static void
report_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  DrivedashReviewModel *self = g_task_get_source_object (task);
  GError *error = NULL;

  self->reporting = FALSE;
  refresh (self);
  if (drivedash_report_write_finish (result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
drivedash_review_model_make_report_async (DrivedashReviewModel *self,
                                          const char           *pdf_path,
                                          GAsyncReadyCallback   callback,
                                          gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autofree char *html_path = NULL;
  DrivedashReportOptions options = DRIVEDASH_REPORT_OPTIONS_INIT;

  g_return_if_fail (DRIVEDASH_IS_REVIEW_MODEL (self));

  task = g_task_new (self, NULL, callback, user_data);
  if (self->reporting)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING, _("A report is already being made."));
      return;
    }
  ids = self->kept ? drivedash_review_state_dup_run_ids (self->kept) : g_array_new (FALSE, FALSE, sizeof (gint64));
  if (ids->len == 0)
    {
      g_task_return_new_error (task, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND, "%s",
                               _("The review has no finished step yet, so there is nothing to report."));
      return;
    }
  /* The report the CLI's review --report-pdf writes: History's, with the
   * review's answer first and the published figures beside the tests
   * that match. */
  options.title = _("Drivedash full review");
  options.show_reference = TRUE;
  if (self->kept->review_id > 0)
    {
      g_array_set_size (ids, 0);
      g_array_append_val (ids, self->kept->review_id);
    }
  html_path = drivedash_report_dup_html_path (pdf_path);
  self->reporting = TRUE;
  set_can_report (self, self->kept);
  drivedash_report_write_async (NULL, (const gint64 *) (gpointer) ids->data, ids->len, &options, pdf_path,
                                html_path, NULL, report_done_cb, g_steal_pointer (&task));
}

gboolean
drivedash_review_model_make_report_finish (DrivedashReviewModel  *self,
                                           GAsyncResult          *result,
                                           GError               **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
drivedash_review_model_needs_confirmation (DrivedashReviewModel *self)
{
  return self->bytes_high > DRIVEDASH_WRITE_CONFIRM_BYTES && !drivedash_run_folder_is_simulated ();
}

gboolean
drivedash_review_model_resume_needs_confirmation (DrivedashReviewModel *self)
{
  return self->resume_bytes_high > DRIVEDASH_WRITE_CONFIRM_BYTES && !drivedash_run_folder_is_simulated ();
}

const char *
drivedash_review_model_get_resume_estimate_text (DrivedashReviewModel *self)
{
  return self->resume_estimate_text;
}

void
drivedash_review_model_set_health (DrivedashReviewModel *self,
                                   DrivedashHealth      *health)
{
  g_return_if_fail (DRIVEDASH_IS_REVIEW_MODEL (self));
  if (self->health == health)
    return;
  g_clear_pointer (&self->health, drivedash_health_unref);
  self->health = health ? drivedash_health_ref (health) : NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEALTH]);
  refresh (self);
}

void
drivedash_review_model_set_settings_for_testing (DrivedashReviewModel          *self,
                                                 const DrivedashReviewSettings *settings)
{
  g_clear_pointer (&self->test_settings, drivedash_review_settings_free);
  self->test_settings = drivedash_review_settings_copy (settings);
  refresh (self);
}

static void
drivedash_review_model_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  DrivedashReviewModel *self = DRIVEDASH_REVIEW_MODEL (object);

  switch (prop_id)
    {
    case PROP_LENGTH: g_value_set_enum (value, self->length); break;
    case PROP_GAME_MODE_AB: g_value_set_boolean (value, self->game_mode_ab); break;
    case PROP_SPEED_FILE_SIZE: g_value_set_uint64 (value, self->speed_file_size); break;
    case PROP_SPEED_PRESET: g_value_set_string (value, self->speed_preset); break;
    case PROP_FOLDER: g_value_set_string (value, self->folder); break;
    case PROP_ESTIMATE_TEXT: g_value_set_string (value, self->estimate_text); break;
    case PROP_PLAN_TEXT: g_value_set_string (value, self->plan_text); break;
    case PROP_SUMMARY: g_value_set_string (value, self->summary); break;
    case PROP_CAN_RESUME: g_value_set_boolean (value, self->can_resume); break;
    case PROP_CAN_REPORT: g_value_set_boolean (value, self->can_report); break;
    case PROP_HEALTH: g_value_set_boxed (value, self->health); break;
    case PROP_STOPPED_TEXT: g_value_set_string (value, self->stopped_text); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_review_model_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  DrivedashReviewModel *self = DRIVEDASH_REVIEW_MODEL (object);

  switch (prop_id)
    {
    case PROP_LENGTH: drivedash_review_model_set_length (self, g_value_get_enum (value)); break;
    case PROP_GAME_MODE_AB: drivedash_review_model_set_game_mode_ab (self, g_value_get_boolean (value)); break;
    case PROP_SPEED_FILE_SIZE:
      drivedash_review_model_set_speed_file_size (self, g_value_get_uint64 (value));
      break;
    case PROP_SPEED_PRESET: drivedash_review_model_set_speed_preset (self, g_value_get_string (value)); break;
    case PROP_FOLDER: drivedash_review_model_set_folder (self, g_value_get_string (value)); break;
    case PROP_HEALTH: drivedash_review_model_set_health (self, g_value_get_boxed (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_review_model_finalize (GObject *object)
{
  DrivedashReviewModel *self = DRIVEDASH_REVIEW_MODEL (object);

  /* A running review holds a reference on the model: none is left. */
  g_async_queue_unref (self->damaged);
  g_free (self->folder);
  g_free (self->speed_preset);
  g_clear_pointer (&self->health, drivedash_health_unref);
  g_free (self->estimate_text);
  g_free (self->plan_text);
  g_free (self->summary);
  g_free (self->stopped_text);
  g_free (self->state_path);
  g_free (self->step_text);
  g_clear_object (&self->last);
  g_clear_pointer (&self->kept, drivedash_review_state_free);
  g_free (self->resume_estimate_text);
  g_clear_pointer (&self->test_settings, drivedash_review_settings_free);
  G_OBJECT_CLASS (drivedash_review_model_parent_class)->finalize (object);
}

static void
drivedash_review_model_constructed (GObject *object)
{
  G_OBJECT_CLASS (drivedash_review_model_parent_class)->constructed (object);
  refresh (DRIVEDASH_REVIEW_MODEL (object));
}

static void
drivedash_review_model_class_init (DrivedashReviewModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  DrivedashRunModelClass *run_class = DRIVEDASH_RUN_MODEL_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_review_model_get_property;
  object_class->set_property = drivedash_review_model_set_property;
  object_class->constructed = drivedash_review_model_constructed;
  object_class->finalize = drivedash_review_model_finalize;
  run_class->start = drivedash_review_model_start;
  run_class->stop = drivedash_review_model_stop;
  run_class->dup_text = drivedash_review_model_dup_text;
  run_class->dup_folder = drivedash_review_model_dup_folder;
  run_class->choose_folder = drivedash_review_model_choose_folder;

  properties[PROP_LENGTH] = g_param_spec_enum ("length", NULL, NULL, DRIVEDASH_TYPE_REVIEW_LENGTH,
                                               DRIVEDASH_REVIEW_LENGTH_STANDARD, rw);
  properties[PROP_GAME_MODE_AB] = g_param_spec_boolean ("game-mode-ab", NULL, NULL, FALSE, rw);
  properties[PROP_SPEED_FILE_SIZE] = g_param_spec_uint64 ("speed-file-size", NULL, NULL, 1 << 20, G_MAXUINT64,
                                                          GIB, rw);
  properties[PROP_SPEED_PRESET] = g_param_spec_string ("speed-preset", NULL, NULL, "cdm-nvme", rw);
  properties[PROP_FOLDER] = g_param_spec_string ("folder", NULL, NULL, NULL, rw);
  properties[PROP_ESTIMATE_TEXT] = g_param_spec_string ("estimate-text", NULL, NULL, NULL, ro);
  properties[PROP_PLAN_TEXT] = g_param_spec_string ("plan-text", NULL, NULL, NULL, ro);
  properties[PROP_SUMMARY] = g_param_spec_string ("summary", NULL, NULL, NULL, ro);
  properties[PROP_CAN_RESUME] = g_param_spec_boolean ("can-resume", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REPORT] = g_param_spec_boolean ("can-report", NULL, NULL, FALSE, ro);
  properties[PROP_HEALTH] = g_param_spec_boxed ("health", NULL, NULL, DRIVEDASH_TYPE_HEALTH, rw);
  properties[PROP_STOPPED_TEXT] = g_param_spec_string ("stopped-text", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_review_model_init (DrivedashReviewModel *self)
{
  self->length = DRIVEDASH_REVIEW_LENGTH_STANDARD;
  self->speed_file_size = GIB;
  self->speed_preset = g_strdup ("cdm-nvme");
  self->state_path = drivedash_review_state_get_default_path ();
  self->damaged = g_async_queue_new_full (g_free);
}
