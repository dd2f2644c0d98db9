/* drivedash-ab.c — the game-mode A/B test, shared by "drivedash-cli ab"
 * and the app: the rules and the rounds
 *
 * DrivedashAbRun is a state machine on the caller's main context: check
 * → for each round: switch game mode temporarily, one bench run (the
 * engine's own threads), a pause → put the user's state back; the
 * switching is DrivedashGameSwitch's, in worker threads.  The rounds switch through
 * SetGameModeTemporary, so if the process is killed drivedashd puts the
 * user's state back when our bus connection goes; a stop and errors put
 * it back here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-ab.h"
#include "drivedash-compare.h"
#include "drivedash-error.h"
#include "drivedash-game-switch.h"
#include "drivedash-pause.h"
#include "drivedash-store-recorder.h"

struct _DrivedashAbRun
{
  GObject                 parent_instance;
  DrivedashGameSwitch    *game;        /* the switching and putting back */
  char                   *sysfs_root;
  char                   *controller;
  DrivedashClientFlags    flags;
  DrivedashStore         *store;
  DrivedashBenchSettings *settings;
  GArray                 *tests;
  guint                   n_rounds;    /* per side */
  double                  pause_s;

  GTask                  *task;        /* while running */
  GCancellable           *cancellable;
  gboolean                checked;     /* game mode can be switched */
  DrivedashBench         *bench;
  DrivedashStoreRecorder *recorder;
  GPtrArray              *rounds;      /* DrivedashStoreRun */
  guint                   round;
  guint                   pause_source;
  GError                 *error;       /* why the test ended early */
  GError                 *restore_error;
};

G_DEFINE_FINAL_TYPE (DrivedashAbRun, drivedash_ab_run, G_TYPE_OBJECT)

enum { ROUND_STARTED, RESTORING, N_SIGNALS };
static guint signals[N_SIGNALS];

static void next_round (DrivedashAbRun *self);
static void restore (DrivedashAbRun *self);

static void
keep_error (DrivedashAbRun *self,
            GError         *error)
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
                              _("Stopped; game mode is back as it was."));
}

/* The end: the caller's callback runs once the task is let go. */
static void
complete (DrivedashAbRun *self)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->task);

  g_clear_object (&self->cancellable);
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
  DrivedashAbRun *self = user_data;

  drivedash_game_switch_restore_finish (self->game, result, &self->restore_error);
  complete (self);
}

static void
restore (DrivedashAbRun *self)
{
  g_signal_emit (self, signals[RESTORING], 0);
  drivedash_game_switch_restore_async (self->game, restore_done_cb, self);
}

static gboolean
pause_done_cb (gpointer user_data)
{
  DrivedashAbRun *self = user_data;

  self->pause_source = 0;
  next_round (self);
  return G_SOURCE_REMOVE;
}


static DrivedashStoreRun *
round_record (DrivedashAbRun             *self,
              const DrivedashBenchReport *report,
              const GError               *error)
{
  g_autoptr(DrivedashStoreRecorder) recorder = g_steal_pointer (&self->recorder);

  if (recorder != NULL)
    return drivedash_store_recorder_finish (recorder, self->bench, report, error);
  return drivedash_store_run_new_from_report (report ? report : drivedash_bench_get_report (self->bench),
                                              DRIVEDASH_RUN_KIND_QUICK);
}

static void
round_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  DrivedashAbRun *self = user_data;
  g_autoptr(DrivedashBenchReport) report = NULL;
  GError *error = NULL;
  DrivedashStoreRun *run;

  report = drivedash_bench_run_finish (DRIVEDASH_BENCH (source), result, &error);
  run = round_record (self, report, error);
  /* run->game_mode is what sysfs said as the round began: the record of
   * whether the switch really happened. */
  run->set_role = g_strdup (drivedash_ab_round_is_on (self->round) ? "on" : "off");
  g_ptr_array_add (self->rounds, run);
  g_clear_object (&self->bench);
  if (error != NULL)
    {
      keep_error (self, error);
      restore (self);
      return;
    }
  self->round++;
  if (self->round < 2 * self->n_rounds && self->pause_s > 0)
    self->pause_source = drivedash_pause_add (self->pause_s, self->cancellable, pause_done_cb, self);
  else
    next_round (self);
}

static void
switch_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  DrivedashAbRun *self = user_data;
  GError *error = NULL;

  if (!drivedash_game_switch_set_finish (self->game, result, &error) ||
      g_cancellable_is_cancelled (self->cancellable))
    {
      keep_error (self, error ? error : stopped_error ());
      restore (self);
      return;
    }
  g_signal_emit (self, signals[ROUND_STARTED], 0, self->round, 2 * self->n_rounds,
                 drivedash_ab_round_is_on (self->round));
  self->bench = drivedash_bench_new (self->settings, (const DrivedashBenchSpec *) (gpointer) self->tests->data,
                                     self->tests->len);
  if (self->store != NULL)
    self->recorder = drivedash_store_recorder_new (self->store, self->bench, self->sysfs_root,
                                                   self->controller);
  drivedash_bench_run_async (self->bench, self->cancellable, round_done_cb, self);
}

static void
next_round (DrivedashAbRun *self)
{
  if (g_cancellable_is_cancelled (self->cancellable))
    keep_error (self, stopped_error ());
  if (self->error != NULL || self->round >= 2 * self->n_rounds)
    restore (self);
  else
    drivedash_game_switch_set_async (self->game, drivedash_ab_round_is_on (self->round),
                                     switch_done_cb, self);
}

static void
check_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  DrivedashAbRun *self = user_data;

  self->checked = drivedash_game_switch_check_finish (self->game, result, &self->error);
  if (!self->checked)
    complete (self);
  else
    next_round (self);
}

void
drivedash_ab_run_run_async (DrivedashAbRun      *self,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_return_if_fail (DRIVEDASH_IS_AB_RUN (self));
  g_return_if_fail (self->task == NULL && !self->checked && self->error == NULL);

  self->task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (self->task, drivedash_ab_run_run_async);
  self->cancellable = cancellable ? g_object_ref (cancellable) : g_cancellable_new ();
  drivedash_game_switch_check_async (self->game, check_done_cb, self);
}

gboolean
drivedash_ab_run_run_finish (DrivedashAbRun  *self,
                             GAsyncResult    *result,
                             GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

const DrivedashGameMode *
drivedash_ab_run_get_original (DrivedashAbRun *self)
{
  return self->checked ? drivedash_game_switch_get_original (self->game) : NULL;
}

GPtrArray *
drivedash_ab_run_get_rounds (DrivedashAbRun *self)
{
  return self->rounds;
}

const GError *
drivedash_ab_run_get_restore_error (DrivedashAbRun *self)
{
  return self->restore_error;
}

gboolean
drivedash_ab_run_get_enabled_after (DrivedashAbRun *self)
{
  return drivedash_game_switch_get_enabled_after (self->game);
}

DrivedashStoreRun *
drivedash_ab_run_dup_set (DrivedashAbRun *self)
{
  DrivedashStoreRun *set;

  if (self->rounds->len == 0)
    return NULL;
  set = drivedash_store_run_new_set (DRIVEDASH_RUN_KIND_AB_SET, self->rounds);
  /* The set's own numbers would mix both sides: its rounds hold them. */
  g_ptr_array_set_size (set->results, 0);
  set->game_mode = DRIVEDASH_GAME_MODE_UNKNOWN;
  return set;
}

GPtrArray *
drivedash_ab_run_compare (DrivedashAbRun *self)
{
  g_autoptr(GPtrArray) off = g_ptr_array_new ();
  g_autoptr(GPtrArray) on = g_ptr_array_new ();
  DrivedashCompareSide sides[2];

  /* A stopped or failed round has partial results: leave it out. */
  for (guint i = 0; i < self->rounds->len; i++)
    {
      DrivedashStoreRun *run = g_ptr_array_index (self->rounds, i);

      if (run->status == DRIVEDASH_RUN_STATUS_DONE)
        g_ptr_array_add (g_strcmp0 (run->set_role, "on") == 0 ? on : off, run);
    }
  sides[0] = (DrivedashCompareSide) { 0, "off", (DrivedashStoreRun **) off->pdata, off->len };
  sides[1] = (DrivedashCompareSide) { 0, "on", (DrivedashStoreRun **) on->pdata, on->len };
  return drivedash_compare_sides (sides, 2);
}

DrivedashAbRun *
drivedash_ab_run_new (const DrivedashPowerPaths    *paths,
                      const char                   *sysfs_root,
                      const char                   *controller,
                      DrivedashClientFlags          flags,
                      DrivedashStore               *store,
                      const DrivedashBenchSettings *settings,
                      const DrivedashBenchSpec     *tests,
                      guint                         n_tests,
                      guint                         rounds,
                      double                        pause_s)
{
  DrivedashAbRun *self = g_object_new (DRIVEDASH_TYPE_AB_RUN, NULL);

  self->game = drivedash_game_switch_new (paths, controller, flags);
  self->sysfs_root = g_strdup (sysfs_root);
  self->controller = g_strdup (controller);
  self->flags = flags;
  self->store = store ? g_object_ref (store) : NULL;
  self->settings = drivedash_bench_settings_copy (settings);
  g_array_append_vals (self->tests, tests, n_tests);
  self->n_rounds = rounds;
  self->pause_s = pause_s;
  return self;
}

static void
drivedash_ab_run_finalize (GObject *object)
{
  DrivedashAbRun *self = DRIVEDASH_AB_RUN (object);

  /* A running test holds a reference through its task: none is left. */
  g_clear_object (&self->game);
  g_free (self->sysfs_root);
  g_free (self->controller);
  g_clear_object (&self->store);
  g_clear_pointer (&self->settings, drivedash_bench_settings_free);
  g_array_unref (self->tests);
  g_ptr_array_unref (self->rounds);
  g_clear_error (&self->error);
  g_clear_error (&self->restore_error);
  G_OBJECT_CLASS (drivedash_ab_run_parent_class)->finalize (object);
}

static void
drivedash_ab_run_class_init (DrivedashAbRunClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = drivedash_ab_run_finalize;
  /* A round begins: game mode is switched, its bench run starts.  round
   * counts from 0 of n_rounds (both sides). */
  signals[ROUND_STARTED] = g_signal_new ("round-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                         G_TYPE_UINT, G_TYPE_UINT, G_TYPE_BOOLEAN);
  /* The rounds are over (done, stopped or failed): game mode goes back. */
  signals[RESTORING] = g_signal_new ("restoring", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
drivedash_ab_run_init (DrivedashAbRun *self)
{
  self->tests = g_array_new (FALSE, FALSE, sizeof (DrivedashBenchSpec));
  self->rounds = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
}
