/* drivedash-longtest-model.c — what the Long Tests view shows, and its run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view-model of the Long Tests page.  The test runs in the thread of
 * a DrivedashRunQueue (drivedash_long_test_execute() is synchronous); its
 * rows, rounds and progress come back to the main context through that
 * bounded queue, so every property changes on the thread that called
 * _start(), and the queue holds the model while a run is in flight.
 * Nothing here needs a display.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-notify.h"
#include "drivedash-error.h"
#include "drivedash-folder.h"
#include "drivedash-hwmon.h"
#include "drivedash-run-folder.h"
#include "drivedash-longtest-mapping.h"
#include "drivedash-longtest-notice.h"
#include "drivedash-longtest-model-private.h"
#include "drivedash-longtest-rounds.h"
#include "drivedash-longtest-summary.h"
#include "drivedash-longtest-run.h"
#include "drivedash-store-drive.h"
#include "drivedash-store-save.h"
#include "drivedash-write-notice.h"

struct _DrivedashLongTestModel
{
  DrivedashRunModel          parent_instance;
  DrivedashLongTestKind      kind;
  DrivedashLongPreset        preset;
  char                      *folder;
  char                      *summary;
  GCancellable              *cancellable;
  DrivedashLongTestRun      *run;              /* the run in flight */
  DrivedashLongTestRun      *result_run;       /* the last run that finished */
  const DrivedashLongTestResult *result;       /* its result */
  DrivedashLongTestSettings *override;
  DrivedashLongTestRounds   *rounds;
  DrivedashHealth           *health;           /* the Health page's drive, NULL: none */
  guint16                    warning_kelvin;   /* the running drive's, 0: unknown */
  guint16                    critical_kelvin;
  char                      *estimate_text;    /* before Start */
  char                      *notice;           /* before Start */
  char                      *phase_text;       /* while running */
  guint                      clock_source;     /* keeps its "done at" current */
  /* What the last refresh read from the disk, for the next Start. */
  gboolean                   has_estimate;     /* FALSE: no room for the test */
  DrivedashLongEstimate      estimate;
  char                      *controller;       /* under the folder; NULL: not an NVMe drive */
  char                      *drive_name;
};

enum {
  PROP_0,
  PROP_KIND,
  PROP_PRESET,
  PROP_FOLDER,
  PROP_TITLE,
  PROP_EXPLANATION,
  PROP_NOTICE,
  PROP_ESTIMATE_TEXT,
  PROP_PHASE_TEXT,
  PROP_SUMMARY,
  PROP_ROUNDS,
  PROP_HEALTH,
  N_PROPS
};

enum { ROW, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DrivedashLongTestModel, drivedash_long_test_model, DRIVEDASH_TYPE_RUN_MODEL)

#define RUN(self) DRIVEDASH_RUN_MODEL (self)

/* The next Start's settings, without the drive under the folder. */
static DrivedashLongTestSettings *
plan_settings (DrivedashLongTestModel *self)
{
  DrivedashLongTestSettings *s;

  if (self->override != NULL)
    return drivedash_long_test_settings_copy (self->override);
  s = drivedash_long_test_settings_new (self->kind);
  drivedash_long_test_settings_apply_preset (s, self->preset);
  s->folder = g_strdup (self->folder);
  s->simulated = drivedash_run_folder_is_simulated ();
  return s;
}

/* In a Start's worker: the drive's controller and sensor (sysfs) join
 * the settings. */
static void
find_drive (DrivedashLongTestSettings *s)
{
  g_autofree char *controller = drivedash_controller_for_folder (NULL, s->folder ? s->folder : g_get_home_dir ());

  s->hwmon_path = drivedash_hwmon_find (controller);
  s->controller = g_steal_pointer (&controller);
}

/* The drive's temperature limits (Kelvin, 0: unknown), read at _start(). */
void
drivedash_long_test_model_get_temperature_limits (DrivedashLongTestModel *self,
                                                  guint                  *warning_kelvin,
                                                  guint                  *critical_kelvin)
{
  g_return_if_fail (DRIVEDASH_IS_LONG_TEST_MODEL (self));
  *warning_kelvin = self->warning_kelvin;
  *critical_kelvin = self->critical_kelvin;
}

static void
set_string (DrivedashLongTestModel  *self,
            char                   **field,
            const char              *value,
            int                      prop)
{
  drivedash_set_string_notify (G_OBJECT (self), field, value, properties[prop]);
}

/* The estimate and the notice from what the last refresh read; no I/O,
 * so the clock below can redo it. */
static void
show_plan (DrivedashLongTestModel *self)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *text = NULL;
  g_autofree char *notice = NULL;

  if (self->has_estimate)
    {
      text = drivedash_long_estimate_text (&self->estimate, now);
      notice = drivedash_long_test_notice_range_text (self->estimate.bytes_low, self->estimate.bytes_high,
                                                      self->controller, self->drive_name, self->health);
    }
  else
    notice = g_strdup (_("There is not enough free space on this drive for this test."));
  set_string (self, &self->estimate_text, text, PROP_ESTIMATE_TEXT);
  set_string (self, &self->notice, notice, PROP_NOTICE);
}

/* What the estimate and the notice read from the disk, in a worker: the
 * free space a filling test sizes itself by (statvfs) and the drive
 * under the folder (sysfs). */
typedef struct
{
  DrivedashLongTestSettings *settings;   /* the next Start's */
  char                      *folder;     /* home for NULL */
  gboolean                   has_amount; /* out */
  guint64                    amount;     /* out */
  char                      *controller; /* out */
  char                      *drive_name; /* out */
} Refresh;

static void
refresh_free (Refresh *r)
{
  drivedash_long_test_settings_free (r->settings);
  g_free (r->folder);
  g_free (r->controller);
  g_free (r->drive_name);
  g_free (r);
}

static void
refresh_read (DrivedashRunModel *model,
              gpointer           data)
{
  Refresh *r = data;
  g_autoptr(DrivedashFolderInfo) info = drivedash_folder_probe (r->folder);

  r->amount = r->settings->amount;
  r->has_amount = !drivedash_long_test_kind_fills (r->settings->kind) ||
                  drivedash_long_test_settings_resolve_amount (r->settings, &r->amount, NULL);
  r->controller = drivedash_controller_for_folder (NULL, r->folder);
  r->drive_name = g_strdup (info->drive_name);
}

static void
refresh_done (DrivedashRunModel *model,
              gpointer           data)
{
  DrivedashLongTestModel *self = DRIVEDASH_LONG_TEST_MODEL (model);
  Refresh *r = data;

  g_free (self->controller);
  self->controller = g_steal_pointer (&r->controller);
  g_free (self->drive_name);
  self->drive_name = g_steal_pointer (&r->drive_name);
  self->has_estimate = r->has_amount;
  if (r->has_amount)
    drivedash_long_test_estimate (r->settings, r->amount, &self->estimate);
  show_plan (self);
}

/* Everything the notice and the estimate read changed: a worker reads
 * the disk again (the run model's "refreshing" is TRUE until then). */
static void
plan_changed (DrivedashLongTestModel *self)
{
  Refresh *r = g_new0 (Refresh, 1);

  r->settings = plan_settings (self);
  r->folder = g_strdup (self->folder ? self->folder : g_get_home_dir ());
  drivedash_run_model_refresh (RUN (self), r, (GDestroyNotify) refresh_free, refresh_read, refresh_done);
}

static gboolean
clock_cb (gpointer user_data)
{
  show_plan (user_data);
  return G_SOURCE_CONTINUE;
}

const char *
drivedash_long_test_model_get_estimate_text (DrivedashLongTestModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_LONG_TEST_MODEL (self), NULL);
  return self->estimate_text;
}

const char *
drivedash_long_test_model_get_phase_text (DrivedashLongTestModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_LONG_TEST_MODEL (self), NULL);
  return self->phase_text;
}

void
drivedash_long_test_model_set_kind (DrivedashLongTestModel *self,
                                    DrivedashLongTestKind   kind)
{
  g_return_if_fail (kind <= DRIVEDASH_LONG_TEST_ADAPTIVITY);
  if (self->kind == kind)
    return;
  self->kind = kind;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EXPLANATION]);
  plan_changed (self);
}

void
drivedash_long_test_model_set_preset (DrivedashLongTestModel *self,
                                      DrivedashLongPreset     preset)
{
  g_return_if_fail (preset <= DRIVEDASH_LONG_PRESET_REVIEW);
  if (self->preset == preset)
    return;
  self->preset = preset;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESET]);
  plan_changed (self);
}

void
drivedash_long_test_model_set_folder (DrivedashLongTestModel *self,
                                      const char             *folder)
{
  if (g_strcmp0 (self->folder, folder) == 0)
    return;
  set_string (self, &self->folder, folder, PROP_FOLDER);
  /* A saturation run fills what this folder has free. */
  plan_changed (self);
}

DrivedashLongTestKind
drivedash_long_test_model_get_kind (DrivedashLongTestModel *self)
{
  return self->kind;
}

DrivedashLongPreset
drivedash_long_test_model_get_preset (DrivedashLongTestModel *self)
{
  return self->preset;
}

const char *
drivedash_long_test_model_get_folder (DrivedashLongTestModel *self)
{
  return self->folder;
}

const char *
drivedash_long_test_model_get_summary (DrivedashLongTestModel *self)
{
  return self->summary;
}

const DrivedashLongTestResult *
drivedash_long_test_model_get_result (DrivedashLongTestModel *self)
{
  return self->result;
}


const char *
drivedash_long_test_model_get_title (DrivedashLongTestModel *self)
{
  return drivedash_long_test_get_title (self->kind);
}

DrivedashLongTestRounds *
drivedash_long_test_model_get_rounds (DrivedashLongTestModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_LONG_TEST_MODEL (self), NULL);
  return self->rounds;
}

const char *
drivedash_long_test_model_get_explanation (DrivedashLongTestModel *self)
{
  return drivedash_long_test_get_explanation (self->kind);
}

char *
drivedash_long_test_model_dup_notice (DrivedashLongTestModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_LONG_TEST_MODEL (self), NULL);
  return g_strdup (self->notice);
}

/* The drive the Health page shows: its model and wear go into the notice
 * when it is the drive under the test folder. */
void
drivedash_long_test_model_set_health (DrivedashLongTestModel *self,
                                      DrivedashHealth        *health)
{
  if (self->health == health)
    return;
  g_clear_pointer (&self->health, drivedash_health_unref);
  self->health = health ? drivedash_health_ref (health) : NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEALTH]);
  show_plan (self);
}

gboolean
drivedash_long_test_model_needs_confirmation (DrivedashLongTestModel *self)
{
  /* What a fast drive writes: the most this run can write. */
  return self->has_estimate && self->estimate.bytes_high > DRIVEDASH_WRITE_CONFIRM_BYTES &&
         !drivedash_run_folder_is_simulated ();
}

void
drivedash_long_test_model_set_settings_for_testing (DrivedashLongTestModel          *self,
                                                 const DrivedashLongTestSettings *settings)
{
  g_clear_pointer (&self->override, drivedash_long_test_settings_free);
  if (settings != NULL)
    self->override = drivedash_long_test_settings_copy (settings);
  plan_changed (self);
}

/* --- the run ------------------------------------------------------------ */

static void
on_progress (DrivedashLongTestRun        *run,
             const DrivedashLongProgress *progress,
             gpointer                     user_data)
{
  DrivedashLongTestModel *self = user_data;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *text = drivedash_long_progress_text (progress, now);
  g_autofree char *phase = drivedash_long_phase_text (&progress->phase);

  /* First: a view that says the new phase aloud finds the bar's new text. */
  drivedash_run_model_set_progress (RUN (self), progress->fraction, text);
  set_string (self, &self->phase_text, phase, PROP_PHASE_TEXT);
  drivedash_run_model_set_time_left (RUN (self), drivedash_long_test_run_get_time_left (run));
}

static void
on_row (DrivedashLongTestRun         *run,
        const DrivedashTimeseriesRow *row,
        gpointer                      user_data)
{
  DrivedashLongTestModel *self = user_data;

  drivedash_long_test_rounds_add_row (self->rounds, row);
  g_signal_emit (self, signals[ROW], 0, row);
}

static void
on_round (DrivedashLongTestRun     *run,
          const DrivedashLongRound *round,
          gpointer                  user_data)
{
  DrivedashLongTestModel *self = user_data;

  drivedash_long_test_rounds_add_round (self->rounds, round);
}

static char *
summarize (const DrivedashLongTestResult *res)
{
  g_autoptr(DrivedashLongTestSettings) s = drivedash_long_test_settings_new (res->kind);
  g_autoptr(JsonNode) node = NULL;

  /* The steady-state verdict; best, worst and averages are the rounds'
   * details, shown under it. */
  if (res->kind == DRIVEDASH_LONG_TEST_CONSISTENCY)
    return drivedash_long_rounds_verdict_text ((const DrivedashLongRound *) (gpointer) res->rounds->data,
                                               res->rounds->len);
  node = drivedash_long_test_result_to_json (res, s);
  return g_strdup (json_object_get_string_member_with_default (json_node_get_object (node),
                                                               "summary", NULL));
}

static void
on_run_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(DrivedashLongTestModel) self = user_data;
  DrivedashLongTestRun *run = DRIVEDASH_LONG_TEST_RUN (source);
  GError *error = NULL;
  const DrivedashLongTestResult *res = drivedash_long_test_run_run_finish (run, result, &error);
  g_autofree char *summary = NULL;

  g_clear_object (&self->cancellable);
  g_signal_handlers_disconnect_by_data (run, self);
  if (res != NULL)
    {
      g_clear_object (&self->result_run);
      self->result_run = g_object_ref (run);
      self->result = res;
      drivedash_long_test_rounds_set_result (self->rounds, res);
      summary = summarize (res);
    }
  g_clear_object (&self->run);
  set_string (self, &self->summary, summary, PROP_SUMMARY);
  set_string (self, &self->phase_text, NULL, PROP_PHASE_TEXT);
  /* A run that was not kept in the history says so, in plain words. */
  if (error == NULL && drivedash_long_test_run_get_save_error (run) != NULL)
    error = g_error_copy (drivedash_long_test_run_get_save_error (run));
  drivedash_run_model_set_status (RUN (self), error ? error->message : NULL, error);
  /* Not running first: "Stopping…" gives way.  What the run did is in the
   * summary now, not in a last phase's text. */
  drivedash_run_model_set_running (RUN (self), FALSE);
  drivedash_run_model_set_progress (RUN (self), res ? 1.0 : drivedash_run_model_get_progress (RUN (self)), NULL);
  drivedash_run_model_set_has_result (RUN (self), self->result != NULL);
  drivedash_run_model_set_has_plots (RUN (self), self->result != NULL);
  drivedash_run_model_finish (RUN (self), res != NULL);
}

static char *
drivedash_long_test_model_dup_text (DrivedashRunModel *run)
{
  DrivedashLongTestModel *self = DRIVEDASH_LONG_TEST_MODEL (run);
  g_autoptr(DrivedashLongTestSettings) s = NULL;

  if (self->result == NULL)
    return NULL;
  s = drivedash_long_test_settings_new (self->result->kind);
  return drivedash_long_test_result_to_text (self->result, s);
}

/* What a saturation run will write, for the plot's X axis. */
static double
planned_gb (const DrivedashLongTestSettings *s)
{
  guint64 amount = 0;

  if (s->kind != DRIVEDASH_LONG_TEST_SATURATION ||
      !drivedash_long_test_settings_resolve_amount (s, &amount, NULL))
    return 0;
  return amount / 1e9;
}

/* A folder that cannot take the test file is refused with the reason as
 * the status; the folder in use stays. */
static gboolean
drivedash_long_test_model_choose_folder (DrivedashRunModel *run,
                                         GFile             *folder)
{
  g_autofree char *path = g_file_get_path (folder);
  GError *error = NULL;

  if (path == NULL)
    error = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                                 _("This folder is not on a drive of this computer. Pick a local folder."));
  if (error != NULL || !drivedash_run_folder_check (path, &error))
    {
      drivedash_run_model_set_status (run, error->message, error);
      return FALSE;
    }
  drivedash_run_model_set_status (run, NULL, NULL);
  drivedash_long_test_model_set_folder (DRIVEDASH_LONG_TEST_MODEL (run),
                                        g_strcmp0 (path, g_get_home_dir ()) ? path : NULL);
  return TRUE;
}

static GFile *
drivedash_long_test_model_dup_folder (DrivedashRunModel *run)
{
  const char *folder = DRIVEDASH_LONG_TEST_MODEL (run)->folder;

  return g_file_new_for_path (folder ? folder : g_get_home_dir ());
}

/* What a Start reads from the disk, in a worker: whether the folder can
 * take the test file (it makes a probe file there), the drive and its
 * limits, and what a saturation run writes (statvfs). */
typedef struct
{
  DrivedashLongTestSettings *settings;   /* in; out with the drive's controller and sensor */
  gboolean                   find_drive; /* FALSE: the tests' override, as it is */
  DrivedashHwmonReading      limits;     /* out */
  double                     planned_gb; /* out */
} Begin;

static void
begin_free (Begin *b)
{
  drivedash_long_test_settings_free (b->settings);
  g_free (b);
}

static void
begin_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Begin *b = task_data;
  GError *error = NULL;

  if (b->find_drive)
    find_drive (b->settings);
  /* The limits the live plot shows next to the drive's temperature. */
  if (b->settings->hwmon_path == NULL || !drivedash_hwmon_read (b->settings->hwmon_path, &b->limits, FALSE, NULL))
    b->limits = (DrivedashHwmonReading) { 0 };
  if (!drivedash_run_folder_check (b->settings->folder, &error) ||
      !drivedash_long_test_settings_validate (b->settings, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  b->planned_gb = planned_gb (b->settings);
  g_task_return_boolean (task, TRUE);
}

static void
begun_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  DrivedashLongTestModel *self = DRIVEDASH_LONG_TEST_MODEL (source);
  Begin *b = g_task_get_task_data (G_TASK (result));
  GError *error = NULL;

  if (g_task_propagate_boolean (G_TASK (result), &error) && g_cancellable_is_cancelled (self->cancellable))
    error = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED, _("Stopped before the test began."));
  if (error != NULL)
    {
      /* The page shows the refusal as the status, in plain words. */
      g_clear_object (&self->cancellable);
      drivedash_run_model_set_status (RUN (self), error->message, error);
      drivedash_run_model_set_progress (RUN (self), 0, NULL);
      drivedash_run_model_finish (RUN (self), FALSE);
      return;
    }
  self->warning_kelvin = b->limits.max_kelvin;
  self->critical_kelvin = b->limits.crit_kelvin;
  drivedash_long_test_rounds_reset (self->rounds, b->settings->kind, b->planned_gb);
  self->run = drivedash_long_test_run_new (b->settings);
  /* Kept as the CLI keeps it, a stopped or failed run too. */
  drivedash_store_keep_long_test_run (NULL, self->run, NULL);
  g_signal_connect (self->run, "progress", G_CALLBACK (on_progress), self);
  g_signal_connect (self->run, "row", G_CALLBACK (on_row), self);
  g_signal_connect (self->run, "round", G_CALLBACK (on_round), self);
  drivedash_run_model_set_progress (RUN (self), 0, NULL);
  /* The callback holds the model until the run is over; the run's own
   * "stopped" message comes after the file is gone. */
  drivedash_long_test_run_run_async (self->run, self->cancellable, on_run_done, g_object_ref (self));
}

/* Running from now on ("Getting ready…"); the test itself starts once a
 * worker has checked the folder and found the drive (begun_cb). */
static gboolean
drivedash_long_test_model_start (DrivedashRunModel  *run,
                                 GError            **error)
{
  DrivedashLongTestModel *self = DRIVEDASH_LONG_TEST_MODEL (run);
  g_autoptr(GTask) task = g_task_new (self, NULL, begun_cb, NULL);
  Begin *b = g_new0 (Begin, 1);

  b->find_drive = self->override == NULL;
  b->settings = plan_settings (self);
  self->cancellable = g_cancellable_new ();
  drivedash_run_model_set_status (run, NULL, NULL);
  set_string (self, &self->summary, NULL, PROP_SUMMARY);
  drivedash_run_model_set_has_result (run, FALSE);
  drivedash_run_model_set_has_plots (run, FALSE);
  drivedash_run_model_set_running (run, TRUE);
  drivedash_run_model_set_progress (run, 0, _("Getting ready…"));
  g_task_set_task_data (task, b, (GDestroyNotify) begin_free);
  g_task_run_in_thread (task, begin_thread);
  return TRUE;
}

static void
drivedash_long_test_model_stop (DrivedashRunModel *run)
{
  DrivedashLongTestModel *self = DRIVEDASH_LONG_TEST_MODEL (run);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

/* --- GObject ------------------------------------------------------------ */

static void
drivedash_long_test_model_finalize (GObject *object)
{
  DrivedashLongTestModel *self = DRIVEDASH_LONG_TEST_MODEL (object);

  g_free (self->folder);
  g_free (self->summary);
  g_free (self->estimate_text);
  g_free (self->notice);
  g_free (self->controller);
  g_free (self->drive_name);
  g_free (self->phase_text);
  g_clear_handle_id (&self->clock_source, g_source_remove);
  g_clear_object (&self->result_run);
  g_clear_pointer (&self->override, drivedash_long_test_settings_free);
  g_clear_object (&self->rounds);
  g_clear_pointer (&self->health, drivedash_health_unref);
  G_OBJECT_CLASS (drivedash_long_test_model_parent_class)->finalize (object);
}

static void
drivedash_long_test_model_get_property (GObject    *object,
                                        guint       prop_id,
                                        GValue     *value,
                                        GParamSpec *pspec)
{
  DrivedashLongTestModel *self = DRIVEDASH_LONG_TEST_MODEL (object);

  switch (prop_id)
    {
    case PROP_KIND:          g_value_set_enum (value, self->kind); break;
    case PROP_PRESET:        g_value_set_enum (value, self->preset); break;
    case PROP_FOLDER:        g_value_set_string (value, self->folder); break;
    case PROP_TITLE:         g_value_set_string (value, drivedash_long_test_model_get_title (self)); break;
    case PROP_EXPLANATION:   g_value_set_string (value, drivedash_long_test_model_get_explanation (self)); break;
    case PROP_NOTICE:        g_value_set_string (value, self->notice); break;
    case PROP_ESTIMATE_TEXT: g_value_set_string (value, self->estimate_text); break;
    case PROP_PHASE_TEXT:    g_value_set_string (value, self->phase_text); break;
    case PROP_SUMMARY:       g_value_set_string (value, self->summary); break;
    case PROP_ROUNDS:        g_value_set_object (value, self->rounds); break;
    case PROP_HEALTH:        g_value_set_boxed (value, self->health); break;
    default:                 G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_long_test_model_set_property (GObject      *object,
                                        guint         prop_id,
                                        const GValue *value,
                                        GParamSpec   *pspec)
{
  DrivedashLongTestModel *self = DRIVEDASH_LONG_TEST_MODEL (object);

  switch (prop_id)
    {
    case PROP_KIND:   drivedash_long_test_model_set_kind (self, g_value_get_enum (value)); break;
    case PROP_PRESET: drivedash_long_test_model_set_preset (self, g_value_get_enum (value)); break;
    case PROP_FOLDER: drivedash_long_test_model_set_folder (self, g_value_get_string (value)); break;
    case PROP_HEALTH: drivedash_long_test_model_set_health (self, g_value_get_boxed (value)); break;
    default:          G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
ro_string (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static void
drivedash_long_test_model_constructed (GObject *object)
{
  G_OBJECT_CLASS (drivedash_long_test_model_parent_class)->constructed (object);
  plan_changed (DRIVEDASH_LONG_TEST_MODEL (object));
}

static void
drivedash_long_test_model_class_init (DrivedashLongTestModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  DrivedashRunModelClass *run_class = DRIVEDASH_RUN_MODEL_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = drivedash_long_test_model_constructed;
  object_class->finalize = drivedash_long_test_model_finalize;
  object_class->get_property = drivedash_long_test_model_get_property;
  object_class->set_property = drivedash_long_test_model_set_property;
  run_class->start = drivedash_long_test_model_start;
  run_class->stop = drivedash_long_test_model_stop;
  run_class->dup_text = drivedash_long_test_model_dup_text;
  run_class->dup_folder = drivedash_long_test_model_dup_folder;
  run_class->choose_folder = drivedash_long_test_model_choose_folder;

  properties[PROP_KIND] = g_param_spec_enum ("kind", NULL, NULL, DRIVEDASH_TYPE_LONG_TEST_KIND,
                                             DRIVEDASH_LONG_TEST_SUSTAINED, rw);
  properties[PROP_PRESET] = g_param_spec_enum ("preset", NULL, NULL, DRIVEDASH_TYPE_LONG_PRESET,
                                               DRIVEDASH_LONG_PRESET_STANDARD, rw);
  properties[PROP_FOLDER] = g_param_spec_string ("folder", NULL, NULL, NULL, rw);
  properties[PROP_TITLE] = ro_string ("title");
  properties[PROP_EXPLANATION] = ro_string ("explanation");
  properties[PROP_NOTICE] = ro_string ("notice");
  properties[PROP_ESTIMATE_TEXT] = ro_string ("estimate-text");
  properties[PROP_PHASE_TEXT] = ro_string ("phase-text");
  properties[PROP_SUMMARY] = ro_string ("summary");
  properties[PROP_HEALTH] = g_param_spec_boxed ("health", NULL, NULL, DRIVEDASH_TYPE_HEALTH, rw);
  properties[PROP_ROUNDS] = g_param_spec_object ("rounds", NULL, NULL, DRIVEDASH_TYPE_LONG_TEST_ROUNDS, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[ROW] = g_signal_new ("row", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                               NULL, G_TYPE_NONE, 1,
                               DRIVEDASH_TYPE_TIMESERIES_ROW | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
drivedash_long_test_model_init (DrivedashLongTestModel *self)
{
  self->kind = DRIVEDASH_LONG_TEST_SUSTAINED;
  self->preset = DRIVEDASH_LONG_PRESET_STANDARD;
  self->rounds = drivedash_long_test_rounds_new ();
  /* "done at 19:38" moves with the clock; checked twice a minute, told
   * only when the text changes. */
  self->clock_source = g_timeout_add_seconds (30, clock_cb, self);
}

DrivedashLongTestModel *
drivedash_long_test_model_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_LONG_TEST_MODEL, NULL);
}
