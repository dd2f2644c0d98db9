/* drivedash-ab-model.c — the game-mode A/B test in the app
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rounds, their game-mode switching and putting the user's state back
 * are DrivedashAbRun's (drivedash-ab.c, as for "drivedash-cli ab"); this
 * model shows them as a status line and saves the set off the main
 * thread (drivedash-history-save.c).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-ab.h"
#include "drivedash-bench-estimate.h"
#include "drivedash-bench-format.h"
#include "drivedash-ab-model-private.h"
#include "drivedash-error.h"
#include "drivedash-history-save.h"
#include "drivedash-store-drive.h"
#include "drivedash-store-save.h"

struct _DrivedashAbModel
{
  GObject                 parent_instance;
  DrivedashBenchOptions  *options;
  guint                   rounds;
  gboolean                running;
  char                   *status;
  gboolean                status_is_error;
  gint64                  set_id;
  char                   *estimate_text;  /* before Start */

  char                   *controller;
  GCancellable           *cancellable;
  DrivedashStore         *store;        /* hashes the rounds' serials, then saves them */
  DrivedashAbRun         *run;
  char                   *outcome;      /* the status once saved */
  gboolean                outcome_is_error;
  gboolean                completed;    /* every round ran: the set is offered */

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
       PROP_SET_ID, PROP_ESTIMATE_TEXT, N_PROPS };
static GParamSpec *properties[N_PROPS];

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

/* The test is over: the status says how, and the model lets go. */
static void
end (DrivedashAbModel *self,
     const char       *status,
     gboolean          is_error,
     gint64            set_id)
{
  set_status (self, status, is_error);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->store);
  g_clear_object (&self->run);
  g_clear_pointer (&self->outcome, g_free);
  set_running (self, FALSE);
  if (set_id > 0 && self->set_id != set_id)
    {
      self->set_id = set_id;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SET_ID]);
    }
  g_object_unref (self);  /* held while running */
}

static void
round_started_cb (DrivedashAbRun   *run,
                  guint             round,
                  guint             n_rounds,
                  gboolean          on,
                  DrivedashAbModel *self)
{
  g_autofree char *text = g_strdup_printf (on ? _("Round %u of %u, game mode on…")
                                              : _("Round %u of %u, game mode off…"),
                                           round + 1, n_rounds);

  set_status (self, text, FALSE);
}

static void
restoring_cb (DrivedashAbRun   *run,
              DrivedashAbModel *self)
{
  set_status (self, _("Putting game mode back as it was…"), FALSE);
}

/* The comparison (set-id) is only offered for a test that ran to the
 * end; a stopped one's rounds are kept all the same. */
static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  DrivedashAbModel *self = user_data;
  g_autoptr(GError) error = NULL;
  gint64 id = drivedash_history_save_finish (result, &error);
  g_autofree char *text = NULL;

  if (id == 0)
    text = g_strdup_printf ("%s %s", self->outcome, error->message);
  end (self, text ? text : self->outcome, self->outcome_is_error || id == 0,
       self->completed ? id : 0);
}

static char *
outcome_text (DrivedashAbModel *self,
              const GError     *error)
{
  const GError *restore_error = drivedash_ab_run_get_restore_error (self->run);

  if (restore_error != NULL)
    return g_strdup_printf (_("Game mode could not be put back (%s). Switch it on the Health page."),
                            restore_error->message);
  if (g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED))
    return g_strdup (_("Stopped; game mode is back as it was."));
  if (error != NULL)
    return g_strdup_printf (_("The test stopped: %s Game mode is back as it was."), error->message);
  return g_strdup (_("Done. Game mode is back as it was."));
}

static void
run_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  DrivedashAbModel *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStoreRun) set = NULL;
  g_autofree char *text = NULL;

  drivedash_ab_run_run_finish (self->run, result, &error);
  if (drivedash_ab_run_get_original (self->run) == NULL)
    {
      text = g_strdup_printf (_("Game mode cannot be switched, so no test was run: %s"), error->message);
      end (self, text, TRUE, 0);
      return;
    }
  g_free (self->outcome);
  self->outcome = outcome_text (self, error);
  self->outcome_is_error = drivedash_ab_run_get_restore_error (self->run) != NULL ||
                           (error != NULL && !g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED));
  self->completed = error == NULL;
  set = drivedash_ab_run_dup_set (self->run);
  if (set == NULL || self->store == NULL)
    {
      end (self, self->outcome, self->outcome_is_error, 0);
      return;
    }
  drivedash_history_save_async (self->store, set, drivedash_ab_run_get_rounds (self->run), NULL,
                                saved_cb, self);
}

/* What a start reads from the disk, in a worker: the controller that
 * holds the folder (sysfs) and the history (SQLite). */
typedef struct
{
  DrivedashBenchSettings *settings;
  char                   *path;
  char                   *controller;  /* in (a test hook) and out */
  DrivedashStore         *store;       /* out; NULL: the rounds are not kept */
  GError                 *store_error;
} Prepare;

static void
prepare_free (Prepare *p)
{
  drivedash_bench_settings_free (p->settings);
  g_free (p->path);
  g_free (p->controller);
  g_clear_object (&p->store);
  g_clear_error (&p->store_error);
  g_free (p);
}

static void
prepare_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Prepare *p = task_data;

  if (p->controller == NULL)
    p->controller = drivedash_controller_for_folder (NULL, p->path);
  /* Without the history the rounds run and are not kept. */
  if (p->controller != NULL)
    p->store = drivedash_store_open (NULL, &p->store_error);
  g_task_return_boolean (task, TRUE);
}

/* Each round as the options say, small and quick under the test hooks. */
static DrivedashAbRun *
make_run (DrivedashAbModel       *self,
          DrivedashBenchSettings *settings)
{
  g_autoptr(GArray) tests = drivedash_bench_options_dup_tests (self->options);

  settings->background = TRUE;
  if (self->test_pass_duration > 0)
    {
      settings->pass_duration = self->test_pass_duration;
      settings->pause = 0;
      settings->test_size = self->test_size;
    }
  return drivedash_ab_run_new (&self->paths, self->sysfs_root, self->controller, DRIVEDASH_CLIENT_INTERACTIVE,
                               self->store, settings, (const DrivedashBenchSpec *) (gpointer) tests->data,
                               tests->len, self->rounds, self->round_pause_s);
}

static void
prepared_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  DrivedashAbModel *self = DRIVEDASH_AB_MODEL (source);
  Prepare *p = g_task_get_task_data (G_TASK (result));

  if (g_cancellable_is_cancelled (self->cancellable))
    {
      end (self, _("Stopped before the first round."), FALSE, 0);
      return;
    }
  if (p->controller == NULL)
    {
      end (self, _("This folder is not on an NVMe drive, so there is no game mode to test. "
                   "Pick a folder on the drive you want to test."), TRUE, 0);
      return;
    }
  if (p->store_error != NULL)
    g_message ("The game mode test will not be kept in the history: %s", p->store_error->message);
  g_free (self->controller);
  self->controller = g_steal_pointer (&p->controller);
  self->store = g_steal_pointer (&p->store);
  self->run = make_run (self, p->settings);
  g_signal_connect (self->run, "round-started", G_CALLBACK (round_started_cb), self);
  g_signal_connect (self->run, "restoring", G_CALLBACK (restoring_cb), self);
  set_status (self, _("Checking that game mode can be switched…"), FALSE);
  drivedash_ab_run_run_async (self->run, self->cancellable, run_done_cb, self);
}

gboolean
drivedash_ab_model_start (DrivedashAbModel *self)
{
  GFile *folder;
  g_autoptr(DrivedashBenchSettings) settings = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;
  Prepare *p;

  g_return_val_if_fail (DRIVEDASH_IS_AB_MODEL (self), FALSE);
  g_return_val_if_fail (!self->running, FALSE);

  settings = drivedash_bench_options_make_settings (self->options);
  if (!drivedash_bench_settings_validate (settings, &error))
    {
      set_status (self, error->message, TRUE);
      return FALSE;
    }
  folder = drivedash_bench_options_get_folder (self->options);
  p = g_new0 (Prepare, 1);
  p->settings = g_steal_pointer (&settings);
  p->path = folder ? g_file_get_path (folder) : g_strdup (g_get_home_dir ());
  p->controller = g_strdup (self->test_controller);
  self->cancellable = g_cancellable_new ();
  set_running (self, TRUE);
  set_status (self, _("Getting ready…"), FALSE);
  g_object_ref (self);  /* until finished */
  task = g_task_new (self, NULL, prepared_cb, NULL);
  g_task_set_task_data (task, p, (GDestroyNotify) prepare_free);
  g_task_run_in_thread (task, prepare_thread);
  return TRUE;
}

void
drivedash_ab_model_stop (DrivedashAbModel *self)
{
  g_return_if_fail (DRIVEDASH_IS_AB_MODEL (self));

  if (!self->running)
    return;
  /* Also ends a pause between rounds at once (drivedash-ab.c). */
  g_cancellable_cancel (self->cancellable);
}

DrivedashBenchOptions *
drivedash_ab_model_get_options (DrivedashAbModel *self)
{
  return self->options;
}

/* Every round runs the whole speed test, off and on in turn, with a
 * pause between rounds: "Estimated time: about 8 min 20 s". */
static void
update_estimate (DrivedashAbModel *self)
{
  g_autoptr(DrivedashBenchSettings) settings = drivedash_bench_options_make_settings (self->options);
  g_autoptr(GArray) tests = drivedash_bench_options_dup_tests (self->options);
  g_autofree char *text = NULL;
  DrivedashBenchEstimate round;
  guint n_rounds = 2 * self->rounds;

  drivedash_bench_estimate (settings, tests->len, 0, &round);
  text = drivedash_bench_format_estimate (n_rounds * round.total_s + (n_rounds - 1) * self->round_pause_s);
  if (g_strcmp0 (text, self->estimate_text) == 0)
    return;
  g_free (self->estimate_text);
  self->estimate_text = g_steal_pointer (&text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ESTIMATE_TEXT]);
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
  update_estimate (self);
}

const char *
drivedash_ab_model_get_estimate_text (DrivedashAbModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_AB_MODEL (self), NULL);
  return self->estimate_text;
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
    case PROP_ESTIMATE_TEXT:   g_value_set_string (value, self->estimate_text); break;
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
  g_clear_object (&self->store);
  g_clear_object (&self->run);
  g_free (self->outcome);
  g_free (self->controller);
  g_free (self->test_controller);
  g_free (self->sysfs_root);
  g_free (self->rules_dir);
  g_free (self->state_dir);
  g_free (self->status);
  g_free (self->estimate_text);
  G_OBJECT_CLASS (drivedash_ab_model_parent_class)->finalize (object);
}

static void
drivedash_ab_model_constructed (GObject *object)
{
  DrivedashAbModel *self = DRIVEDASH_AB_MODEL (object);

  G_OBJECT_CLASS (drivedash_ab_model_parent_class)->constructed (object);
  /* The tests, their size and passes decide a round's length. */
  g_signal_connect_object (self->options, "notify", G_CALLBACK (update_estimate), self, G_CONNECT_SWAPPED);
  update_estimate (self);
}

static void
drivedash_ab_model_class_init (DrivedashAbModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_ab_model_get_property;
  object_class->set_property = drivedash_ab_model_set_property;
  object_class->finalize = drivedash_ab_model_finalize;
  object_class->constructed = drivedash_ab_model_constructed;
  properties[PROP_OPTIONS] = g_param_spec_object ("options", NULL, NULL, DRIVEDASH_TYPE_BENCH_OPTIONS,
                                                  G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROUNDS] = g_param_spec_uint ("rounds", NULL, NULL, 2, 20, 5, ro | G_PARAM_WRITABLE);
  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, ro);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, ro);
  properties[PROP_STATUS_IS_ERROR] = g_param_spec_boolean ("status-is-error", NULL, NULL, FALSE, ro);
  properties[PROP_SET_ID] = g_param_spec_int64 ("set-id", NULL, NULL, 0, G_MAXINT64, 0, ro);
  properties[PROP_ESTIMATE_TEXT] = g_param_spec_string ("estimate-text", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_ab_model_init (DrivedashAbModel *self)
{
  self->options = drivedash_bench_options_new ();
  self->rounds = 5;
  self->paths = *drivedash_power_paths_default ();
  self->round_pause_s = 5;  /* CrystalDiskMark's 5 s between tests */
}

DrivedashAbModel *
drivedash_ab_model_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_AB_MODEL, NULL);
}

void
drivedash_ab_model_set_overrides_for_testing (DrivedashAbModel *self,
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
  update_estimate (self);
}
