/* drivedash-ab-model.c — the game-mode A/B test in the app
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A state machine on the main loop: check (worker thread) → for each
 * round: switch game mode temporarily (worker thread), one bench run
 * (the engine's own threads), a pause → restore and save (worker
 * thread).  The rounds switch through SetGameModeTemporary, so if the app
 * is killed drivedashd puts the user's state back when our bus
 * connection goes; Stop and errors put it back here.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-ab.h"
#include "drivedash-ab-model-private.h"
#include "drivedash-error.h"
#include "drivedash-history-save.h"
#include "drivedash-store-drive.h"

struct _DrivedashAbModel
{
  GObject                 parent_instance;
  DrivedashBenchOptions  *options;
  guint                   rounds;
  gboolean                running;
  char                   *status;
  gboolean                status_is_error;
  gint64                  set_id;

  char                   *controller;
  DrivedashGameMode      *original;
  GCancellable           *cancellable;
  DrivedashBench         *bench;
  DrivedashStoreRecorder *recorder;
  GPtrArray              *round_runs;   /* DrivedashStoreRun, set_role "off"/"on" */
  guint                   round;
  guint                   pause_source;
  GError                 *error;        /* why the test ended early */
  GDBusConnection        *bus;          /* held for the whole test, see check_done_cb() */

  /* Test hooks (drivedash-ab-model-private.h). */
  DrivedashPowerPaths     paths;
  char                   *test_controller;
  char                   *sysfs_root;  /* paths point into these three */
  char                   *rules_dir;
  char                   *state_dir;
  double                  test_pass_duration;  /* 0: the options' */
  guint64                 test_size;
  guint                   round_pause_s;
};

G_DEFINE_FINAL_TYPE (DrivedashAbModel, drivedash_ab_model, G_TYPE_OBJECT)

enum { PROP_0, PROP_OPTIONS, PROP_ROUNDS, PROP_RUNNING, PROP_STATUS, PROP_STATUS_IS_ERROR,
       PROP_SET_ID, N_PROPS };
static GParamSpec *properties[N_PROPS];

typedef enum { JOB_CHECK, JOB_SWITCH, JOB_FINISH } JobKind;

typedef struct
{
  JobKind            kind;
  DrivedashPowerPaths paths;
  char              *controller;
  gboolean           on;
  DrivedashGameMode *original;   /* JOB_FINISH: put back (borrowed) */
  GPtrArray         *rounds;     /* JOB_FINISH: to save (a ref) */
} Job;

static void next_round (DrivedashAbModel *self);
static void finish (DrivedashAbModel *self);

static void
job_free (Job *job)
{
  g_free (job->controller);
  g_clear_pointer (&job->rounds, g_ptr_array_unref);
  g_free (job);
}

static void
set_status (DrivedashAbModel *self,
            const char       *status,
            gboolean          is_error)
{
  if (g_strcmp0 (self->status, status) != 0)
    {
      g_free (self->status);
      self->status = g_strdup (status);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS]);
    }
  if (self->status_is_error != is_error)
    {
      self->status_is_error = is_error;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS_IS_ERROR]);
    }
}

static void
set_running (DrivedashAbModel *self,
             gboolean          running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* Saves the rounds as one A/B set; returns its id, 0 when there is
 * nothing to save or saving failed (logged: the comparison is lost, the
 * drive's state is not). */
static gint64
save_set (GPtrArray *rounds)
{
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(DrivedashStoreRun) set = NULL;
  g_autoptr(GError) error = NULL;

  if (rounds->len == 0 || (store = drivedash_store_open (NULL, &error)) == NULL)
    return 0;
  set = drivedash_store_run_new_set (DRIVEDASH_RUN_KIND_AB_SET, rounds);
  if (!drivedash_store_save_run (store, set, &error))
    {
      g_warning ("The game mode test was not saved: %s", error->message);
      return 0;
    }
  for (guint i = 0; i < rounds->len; i++)
    {
      DrivedashStoreRun *run = g_ptr_array_index (rounds, i);

      run->set_id = set->id;
      if (!drivedash_store_save_run (store, run, &error))
        g_warning ("A round was not saved: %s", error->message);
      g_clear_error (&error);
    }
  return set->id;
}

static void
job_thread (GTask        *task,
            gpointer      source,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Job *job = task_data;
  const DrivedashPowerPaths *paths = &job->paths;
  DrivedashClientFlags flags = DRIVEDASH_CLIENT_INTERACTIVE;
  DrivedashGameMode *state = NULL;
  GError *error = NULL;

  if (job->kind == JOB_CHECK)
    {
      /* The shared system-bus connection the client calls go through
       * (may be NULL: no bus, then no service either). */
      g_object_set_data_full (G_OBJECT (task), "bus", g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, NULL),
                              g_object_unref);
      state = drivedash_ab_check_switchable (paths, job->controller, flags, NULL, &error);
    }
  else if (job->kind == JOB_SWITCH)
    state = drivedash_client_set_game_mode_temporary (paths, job->controller, job->on, flags,
                                                      NULL, NULL, &error);
  else
    {
      gint64 set_id;

      /* Put back first: saving may take a while on a busy disk. */
      state = drivedash_client_set_game_mode (paths, job->controller, job->original->enabled,
                                              job->original->persistent, flags, NULL, NULL, &error);
      set_id = save_set (job->rounds);
      g_object_set_data_full (G_OBJECT (task), "set-id", g_memdup2 (&set_id, sizeof set_id), g_free);
    }
  if (state == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, state, (GDestroyNotify) drivedash_game_mode_free);
}

static void
run_job (DrivedashAbModel    *self,
         JobKind              kind,
         gboolean             on,
         GAsyncReadyCallback  callback)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, callback, NULL);
  Job *job = g_new0 (Job, 1);

  job->kind = kind;
  job->paths = self->paths;
  job->on = on;
  job->controller = g_strdup (self->controller);
  job->original = self->original;
  if (kind == JOB_FINISH)
    job->rounds = g_ptr_array_ref (self->round_runs);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, job_thread);
}

static void
keep_error (DrivedashAbModel *self,
            GError           *error)
{
  if (self->error == NULL)
    self->error = error;
  else
    g_error_free (error);
}

static void
finish_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  DrivedashAbModel *self = DRIVEDASH_AB_MODEL (source);
  g_autoptr(DrivedashGameMode) now = NULL;
  g_autoptr(GError) error = NULL;
  gint64 *set_id = g_object_get_data (G_OBJECT (result), "set-id");
  g_autofree char *text = NULL;

  now = g_task_propagate_pointer (G_TASK (result), &error);
  if (now == NULL)
    text = g_strdup_printf (_("Game mode could not be put back (%s). Switch it on the Health page."),
                            error->message);
  else if (g_error_matches (self->error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED))
    text = g_strdup (_("Stopped; game mode is back as it was."));
  else if (self->error != NULL)
    text = g_strdup_printf (_("The test stopped: %s Game mode is back as it was."), self->error->message);
  else
    text = g_strdup (_("Done. Game mode is back as it was."));
  set_status (self, text, now == NULL || (self->error != NULL
                                          && !g_error_matches (self->error, DRIVEDASH_ERROR,
                                                               DRIVEDASH_ERROR_CANCELLED)));
  g_clear_object (&self->cancellable);
  g_clear_object (&self->bus);
  set_running (self, FALSE);
  if (set_id != NULL && *set_id > 0 && self->error == NULL)
    {
      self->set_id = *set_id;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SET_ID]);
    }
  g_object_unref (self);  /* held while running */
}

static void
finish (DrivedashAbModel *self)
{
  set_status (self, _("Putting game mode back as it was…"), FALSE);
  run_job (self, JOB_FINISH, FALSE, finish_done_cb);
}

static gboolean
pause_done_cb (gpointer user_data)
{
  DrivedashAbModel *self = user_data;

  self->pause_source = 0;
  next_round (self);
  return G_SOURCE_REMOVE;
}

static void
round_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  DrivedashAbModel *self = user_data;
  DrivedashBench *bench = DRIVEDASH_BENCH (source);
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autoptr(DrivedashStoreRecorder) recorder = g_steal_pointer (&self->recorder);
  GError *error = NULL;
  DrivedashStoreRun *run;

  report = drivedash_bench_run_finish (bench, result, &error);
  run = drivedash_store_recorder_finish (recorder, bench, report, error);
  /* run->game_mode is what sysfs said as the round began: the record of
   * whether the switch really happened. */
  run->set_role = g_strdup (drivedash_ab_round_is_on (self->round) ? "on" : "off");
  g_ptr_array_add (self->round_runs, run);
  g_clear_object (&self->bench);
  if (error != NULL)
    {
      keep_error (self, error);
      finish (self);
      return;
    }
  self->round++;
  self->pause_source = g_timeout_add_seconds (self->round < 2 * self->rounds ? self->round_pause_s : 0,
                                              pause_done_cb, self);
}

static void
switch_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  DrivedashAbModel *self = DRIVEDASH_AB_MODEL (source);
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(DrivedashBenchSettings) settings = drivedash_bench_options_make_settings (self->options);
  g_autoptr(GArray) tests = drivedash_bench_options_dup_tests (self->options);
  g_autoptr(DrivedashStore) store = NULL;
  GError *error = NULL;

  state = g_task_propagate_pointer (G_TASK (result), &error);
  if (state == NULL || g_cancellable_is_cancelled (self->cancellable))
    {
      keep_error (self, error ? error : g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED, ""));
      finish (self);
      return;
    }
  settings->background = TRUE;
  if (self->test_pass_duration > 0)
    {
      settings->pass_duration = self->test_pass_duration;
      settings->pause = 0;
      settings->test_size = self->test_size;
    }
  self->bench = drivedash_bench_new (settings, (const DrivedashBenchSpec *) (gpointer) tests->data, tests->len);
  store = drivedash_store_open (NULL, NULL);
  self->recorder = drivedash_store_recorder_new (store, self->bench, self->sysfs_root, self->controller);
  drivedash_bench_run_async (self->bench, self->cancellable, round_done_cb, self);
}

static void
next_round (DrivedashAbModel *self)
{
  gboolean on = drivedash_ab_round_is_on (self->round);
  g_autofree char *text = NULL;

  if (g_cancellable_is_cancelled (self->cancellable))
    keep_error (self, g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED, ""));
  if (self->error != NULL || self->round >= 2 * self->rounds)
    {
      finish (self);
      return;
    }
  text = g_strdup_printf (on ? _("Round %u of %u, game mode on…") : _("Round %u of %u, game mode off…"),
                          self->round + 1, 2 * self->rounds);
  set_status (self, text, FALSE);
  run_job (self, JOB_SWITCH, on, switch_done_cb);
}

static void
check_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  DrivedashAbModel *self = DRIVEDASH_AB_MODEL (source);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  /* drivedashd undoes a temporary switch when the connection that asked
   * for it closes: hold it until game mode is put back, or the service
   * would revert each round as soon as the call's last user let go. */
  g_set_object (&self->bus, g_object_get_data (G_OBJECT (result), "bus"));
  self->original = g_task_propagate_pointer (G_TASK (result), &error);
  if (self->original == NULL)
    {
      text = g_strdup_printf (_("Game mode cannot be switched, so no test was run: %s"), error->message);
      set_status (self, text, TRUE);
      g_clear_object (&self->cancellable);
      g_clear_object (&self->bus);
      set_running (self, FALSE);
      g_object_unref (self);
      return;
    }
  next_round (self);
}

gboolean
drivedash_ab_model_start (DrivedashAbModel *self)
{
  GFile *folder;
  g_autofree char *path = NULL;
  g_autoptr(DrivedashBenchSettings) settings = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (DRIVEDASH_IS_AB_MODEL (self), FALSE);
  g_return_val_if_fail (!self->running, FALSE);

  settings = drivedash_bench_options_make_settings (self->options);
  if (!drivedash_bench_settings_validate (settings, &error))
    {
      set_status (self, error->message, TRUE);
      return FALSE;
    }
  folder = drivedash_bench_options_get_folder (self->options);
  path = folder ? g_file_get_path (folder) : g_strdup (g_get_home_dir ());
  g_free (self->controller);
  self->controller = self->test_controller ? g_strdup (self->test_controller)
                                           : drivedash_controller_for_folder (NULL, path);
  if (self->controller == NULL)
    {
      set_status (self, _("This folder is not on an NVMe drive, so there is no game mode to test. "
                          "Pick a folder on the drive you want to test."), TRUE);
      return FALSE;
    }
  g_clear_pointer (&self->original, drivedash_game_mode_free);
  g_clear_error (&self->error);
  g_ptr_array_set_size (self->round_runs, 0);
  self->round = 0;
  self->cancellable = g_cancellable_new ();
  set_running (self, TRUE);
  set_status (self, _("Checking that game mode can be switched…"), FALSE);
  g_object_ref (self);  /* until finished */
  run_job (self, JOB_CHECK, FALSE, check_done_cb);
  return TRUE;
}

void
drivedash_ab_model_stop (DrivedashAbModel *self)
{
  g_return_if_fail (DRIVEDASH_IS_AB_MODEL (self));

  if (!self->running)
    return;
  g_cancellable_cancel (self->cancellable);
  /* Between rounds nothing else will notice: end the pause now. */
  if (self->pause_source != 0)
    {
      g_clear_handle_id (&self->pause_source, g_source_remove);
      next_round (self);
    }
}

DrivedashBenchOptions *
drivedash_ab_model_get_options (DrivedashAbModel *self)
{
  return self->options;
}

guint
drivedash_ab_model_get_rounds (DrivedashAbModel *self)
{
  return self->rounds;
}

void
drivedash_ab_model_set_rounds (DrivedashAbModel *self,
                               guint             rounds)
{
  g_return_if_fail (DRIVEDASH_IS_AB_MODEL (self));

  /* A confidence interval needs two rounds a side. */
  rounds = CLAMP (rounds, 2, 20);
  if (self->rounds == rounds)
    return;
  self->rounds = rounds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROUNDS]);
}

gboolean
drivedash_ab_model_get_running (DrivedashAbModel *self)
{
  return self->running;
}

const char *
drivedash_ab_model_get_status (DrivedashAbModel *self)
{
  return self->status;
}

gboolean
drivedash_ab_model_get_status_is_error (DrivedashAbModel *self)
{
  return self->status_is_error;
}

gint64
drivedash_ab_model_get_set_id (DrivedashAbModel *self)
{
  return self->set_id;
}

static void
drivedash_ab_model_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  DrivedashAbModel *self = DRIVEDASH_AB_MODEL (object);

  switch (prop_id)
    {
    case PROP_OPTIONS:         g_value_set_object (value, self->options); break;
    case PROP_ROUNDS:          g_value_set_uint (value, self->rounds); break;
    case PROP_RUNNING:         g_value_set_boolean (value, self->running); break;
    case PROP_STATUS:          g_value_set_string (value, self->status); break;
    case PROP_STATUS_IS_ERROR: g_value_set_boolean (value, self->status_is_error); break;
    case PROP_SET_ID:          g_value_set_int64 (value, self->set_id); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_ab_model_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  DrivedashAbModel *self = DRIVEDASH_AB_MODEL (object);

  switch (prop_id)
    {
    case PROP_ROUNDS: drivedash_ab_model_set_rounds (self, g_value_get_uint (value)); break;
    case PROP_OPTIONS:
      if (g_value_get_object (value) != NULL)
        g_set_object (&self->options, g_value_get_object (value));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_ab_model_finalize (GObject *object)
{
  DrivedashAbModel *self = DRIVEDASH_AB_MODEL (object);

  g_clear_object (&self->options);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->bus);
  g_clear_object (&self->bench);
  g_clear_pointer (&self->recorder, drivedash_store_recorder_free);
  g_clear_pointer (&self->original, drivedash_game_mode_free);
  g_clear_pointer (&self->round_runs, g_ptr_array_unref);
  g_clear_error (&self->error);
  g_free (self->controller);
  g_free (self->test_controller);
  g_free (self->sysfs_root);
  g_free (self->rules_dir);
  g_free (self->state_dir);
  g_free (self->status);
  G_OBJECT_CLASS (drivedash_ab_model_parent_class)->finalize (object);
}

static void
drivedash_ab_model_class_init (DrivedashAbModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_ab_model_get_property;
  object_class->set_property = drivedash_ab_model_set_property;
  object_class->finalize = drivedash_ab_model_finalize;
  properties[PROP_OPTIONS] = g_param_spec_object ("options", NULL, NULL, DRIVEDASH_TYPE_BENCH_OPTIONS,
                                                  G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROUNDS] = g_param_spec_uint ("rounds", NULL, NULL, 2, 20, 5, ro | G_PARAM_WRITABLE);
  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, ro);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, ro);
  properties[PROP_STATUS_IS_ERROR] = g_param_spec_boolean ("status-is-error", NULL, NULL, FALSE, ro);
  properties[PROP_SET_ID] = g_param_spec_int64 ("set-id", NULL, NULL, 0, G_MAXINT64, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_ab_model_init (DrivedashAbModel *self)
{
  self->options = drivedash_bench_options_new ();
  self->rounds = 5;
  self->paths = *drivedash_power_paths_default ();
  self->round_pause_s = 5;  /* CrystalDiskMark's 5 s between tests */
  self->round_runs = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_store_run_unref);
}

DrivedashAbModel *
drivedash_ab_model_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_AB_MODEL, NULL);
}

void
drivedash_ab_model_set_test_overrides (DrivedashAbModel *self,
                                       const char       *controller,
                                       const char       *sysfs_root,
                                       const char       *rules_dir,
                                       const char       *state_dir,
                                       double            pass_duration,
                                       guint64           test_size)
{
  g_return_if_fail (DRIVEDASH_IS_AB_MODEL (self));

  g_free (self->test_controller);
  self->test_controller = g_strdup (controller);
  g_free (self->sysfs_root);
  g_free (self->rules_dir);
  g_free (self->state_dir);
  self->sysfs_root = g_strdup (sysfs_root);
  self->rules_dir = g_strdup (rules_dir);
  self->state_dir = g_strdup (state_dir);
  drivedash_power_paths_override (&self->paths, self->sysfs_root, self->rules_dir, self->state_dir);
  self->test_pass_duration = pass_duration;
  self->test_size = test_size;
  self->round_pause_s = 0;
}
