/* drivedash-run-model.c — the state every test view shows about its run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The base of the Speed and the Long Tests view-models: whether a run is
 * going, how far it is, what went wrong, and what the user can do now.
 * The can-* properties are derived from the rest; every setter takes a
 * snapshot of them first and notifies only those that changed, so an
 * action bound to them flips exactly when it should.  Nothing here needs
 * a display.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "drivedash-notify.h"
#include "drivedash-error.h"
#include "drivedash-run-folder.h"
#include "drivedash-run-model.h"

typedef struct
{
  gboolean  running;
  gboolean  stopping;
  gboolean  has_result;
  gboolean  has_plots;
  gboolean  refreshing;
  GCancellable *refresh_cancellable; /* the newest refresh in a worker; NULL: none */
  double    progress;
  char     *progress_text;
  double    time_left;      /* whole seconds, -1: unknown */
  GDateTime *finish_time;   /* to the minute, NULL: unknown */
  char     *status;
  GError   *error;
} DrivedashRunModelPrivate;

enum {
  PROP_0,
  PROP_RUNNING,
  PROP_STOPPING,
  PROP_PROGRESS,
  PROP_PROGRESS_TEXT,
  PROP_TIME_LEFT,
  PROP_FINISH_TIME,
  PROP_STATUS,
  PROP_ERROR,
  PROP_REFRESHING,
  /* Derived: keep these last, in the order of Derived's fields. */
  PROP_STATUS_IS_ERROR,
  PROP_CAN_START,
  PROP_CAN_STOP,
  PROP_CAN_COPY,
  PROP_CAN_SAVE,
  N_PROPS
};

enum { FINISHED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (DrivedashRunModel, drivedash_run_model, G_TYPE_OBJECT)

#define PRIV(self) ((DrivedashRunModelPrivate *) drivedash_run_model_get_instance_private (self))

/* ---------------------------------------------------------------------- */
/* Derived states                                                         */

#define N_DERIVED (N_PROPS - PROP_STATUS_IS_ERROR)

typedef struct
{
  gboolean value[N_DERIVED];
} Derived;

/* A stopped run is said in the normal colour: the user asked for it. */
static gboolean
is_error (const GError *error)
{
  return error != NULL
         && !g_error_matches (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_CANCELLED)
         && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static Derived
derive (DrivedashRunModel *self)
{
  DrivedashRunModelPrivate *priv = PRIV (self);

  return (Derived) { {
    is_error (priv->error),
    !priv->running,
    priv->running && !priv->stopping,
    priv->has_result,
    priv->has_plots,
  } };
}

static void
notify_derived (DrivedashRunModel *self,
                const Derived     *before)
{
  Derived now = derive (self);

  for (guint i = 0; i < N_DERIVED; i++)
    if (now.value[i] != before->value[i])
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATUS_IS_ERROR + i]);
}

static gboolean
get_derived (DrivedashRunModel *self,
             guint              prop_id)
{
  return derive (self).value[prop_id - PROP_STATUS_IS_ERROR];
}

/* Sets *FIELD, notifying PROP_ID when the text changed. */
static void
set_string (DrivedashRunModel  *self,
            char              **field,
            const char         *value,
            guint               prop_id)
{
  drivedash_set_string_notify (G_OBJECT (self), field, value, properties[prop_id]);
}

static void
set_flag (DrivedashRunModel *self,
          gboolean          *field,
          gboolean           value,
          guint              prop_id)
{
  Derived before = derive (self);

  value = !!value;
  if (*field == value)
    return;
  *field = value;
  if (prop_id != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
  notify_derived (self, &before);
}

/* ---------------------------------------------------------------------- */
/* For the subclasses                                                     */

void
drivedash_run_model_set_running (DrivedashRunModel *self,
                                 gboolean           running)
{
  DrivedashRunModelPrivate *priv;
  Derived before;

  g_return_if_fail (DRIVEDASH_IS_RUN_MODEL (self));
  priv = PRIV (self);
  running = !!running;
  if (priv->running == running)
    return;
  /* Both at once: can-stop must not flicker on between the two. */
  before = derive (self);
  priv->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  if (!running && priv->stopping)
    {
      priv->stopping = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STOPPING]);
    }
  notify_derived (self, &before);
}

void
drivedash_run_model_set_progress (DrivedashRunModel *self,
                                  double             fraction,
                                  const char        *text)
{
  DrivedashRunModelPrivate *priv;

  g_return_if_fail (DRIVEDASH_IS_RUN_MODEL (self));
  priv = PRIV (self);
  if (priv->stopping)
    return;
  fraction = CLAMP (fraction, 0, 1);
  if (fraction != priv->progress)
    {
      priv->progress = fraction;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
    }
  set_string (self, &priv->progress_text, text, PROP_PROGRESS_TEXT);
}

/* The finish time moves with every estimate: kept to the minute, so a
 * label that shows it changes when its text would. */
static GDateTime *
finish_at (double seconds)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autoptr(GDateTime) at = g_date_time_add_seconds (now, seconds + 30);

  return g_date_time_add_seconds (at, -g_date_time_get_seconds (at));
}

void
drivedash_run_model_set_time_left (DrivedashRunModel *self,
                                   double             seconds)
{
  DrivedashRunModelPrivate *priv;
  g_autoptr(GDateTime) finish = NULL;

  g_return_if_fail (DRIVEDASH_IS_RUN_MODEL (self));
  priv = PRIV (self);
  seconds = seconds >= 0 ? round (seconds) : -1;
  if (seconds >= 0)
    finish = finish_at (seconds);
  if (seconds != priv->time_left)
    {
      priv->time_left = seconds;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME_LEFT]);
    }
  if (finish == NULL ? priv->finish_time != NULL
                     : priv->finish_time == NULL || !g_date_time_equal (finish, priv->finish_time))
    {
      g_clear_pointer (&priv->finish_time, g_date_time_unref);
      priv->finish_time = g_steal_pointer (&finish);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINISH_TIME]);
    }
}

void
drivedash_run_model_set_status (DrivedashRunModel *self,
                                const char        *status,
                                GError            *error)
{
  DrivedashRunModelPrivate *priv;
  Derived before;

  g_return_if_fail (DRIVEDASH_IS_RUN_MODEL (self));
  priv = PRIV (self);
  before = derive (self);
  g_object_freeze_notify (G_OBJECT (self));
  if (error != priv->error)
    {
      g_clear_error (&priv->error);
      priv->error = error;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
    }
  notify_derived (self, &before);
  set_string (self, &priv->status, status, PROP_STATUS);
  g_object_thaw_notify (G_OBJECT (self));
}

void
drivedash_run_model_set_has_result (DrivedashRunModel *self,
                                    gboolean           has_result)
{
  g_return_if_fail (DRIVEDASH_IS_RUN_MODEL (self));
  set_flag (self, &PRIV (self)->has_result, has_result, 0);
}

void
drivedash_run_model_set_has_plots (DrivedashRunModel *self,
                                   gboolean           has_plots)
{
  g_return_if_fail (DRIVEDASH_IS_RUN_MODEL (self));
  set_flag (self, &PRIV (self)->has_plots, has_plots, 0);
}

typedef struct
{
  gpointer                      data;
  GDestroyNotify                free;
  DrivedashRunModelRefreshFunc  read;
  DrivedashRunModelRefreshFunc  done;
} Refresh;

static void
refresh_free (Refresh *r)
{
  if (r->free != NULL)
    r->free (r->data);
  g_free (r);
}

static void
refresh_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Refresh *r = task_data;

  r->read (source, r->data);
  g_task_return_boolean (task, TRUE);
}

static void
refresh_done_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  DrivedashRunModel *self = DRIVEDASH_RUN_MODEL (source);
  Refresh *r = g_task_get_task_data (G_TASK (result));

  /* Cancelled: a later refresh replaced this one. */
  if (!g_task_propagate_boolean (G_TASK (result), NULL))
    return;
  g_clear_object (&PRIV (self)->refresh_cancellable);
  r->done (self, r->data);
  set_flag (self, &PRIV (self)->refreshing, FALSE, PROP_REFRESHING);
}

void
drivedash_run_model_refresh (DrivedashRunModel            *self,
                             gpointer                      data,
                             GDestroyNotify                free_data,
                             DrivedashRunModelRefreshFunc  read,
                             DrivedashRunModelRefreshFunc  done)
{
  DrivedashRunModelPrivate *priv;
  g_autoptr(GTask) task = NULL;
  Refresh *r = g_new0 (Refresh, 1);

  g_return_if_fail (DRIVEDASH_IS_RUN_MODEL (self));
  priv = PRIV (self);
  *r = (Refresh) { data, free_data, read, done };
  g_cancellable_cancel (priv->refresh_cancellable);
  g_clear_object (&priv->refresh_cancellable);
  priv->refresh_cancellable = g_cancellable_new ();
  task = g_task_new (self, priv->refresh_cancellable, refresh_done_cb, NULL);
  g_task_set_source_tag (task, drivedash_run_model_refresh);
  g_task_set_task_data (task, r, (GDestroyNotify) refresh_free);
  g_task_run_in_thread (task, refresh_thread);
  set_flag (self, &priv->refreshing, TRUE, PROP_REFRESHING);
}

void
drivedash_run_model_finish (DrivedashRunModel *self,
                            gboolean           success)
{
  g_return_if_fail (DRIVEDASH_IS_RUN_MODEL (self));
  drivedash_run_model_set_running (self, FALSE);
  drivedash_run_model_set_time_left (self, -1);
  g_signal_emit (self, signals[FINISHED], 0, success);
}

/* ---------------------------------------------------------------------- */
/* What the view does                                                     */

gboolean
drivedash_run_model_start (DrivedashRunModel  *self,
                           GError            **error)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), FALSE);
  g_return_val_if_fail (!PRIV (self)->running, FALSE);
  return DRIVEDASH_RUN_MODEL_GET_CLASS (self)->start (self, error);
}

void
drivedash_run_model_stop (DrivedashRunModel *self)
{
  g_return_if_fail (DRIVEDASH_IS_RUN_MODEL (self));

  if (!get_derived (self, PROP_CAN_STOP))
    return;
  drivedash_run_model_set_progress (self, PRIV (self)->progress, _("Stopping…"));
  set_flag (self, &PRIV (self)->stopping, TRUE, PROP_STOPPING);
  DRIVEDASH_RUN_MODEL_GET_CLASS (self)->stop (self);
}

char *
drivedash_run_model_dup_text (DrivedashRunModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), NULL);
  return DRIVEDASH_RUN_MODEL_GET_CLASS (self)->dup_text (self);
}

GFile *
drivedash_run_model_dup_folder (DrivedashRunModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), NULL);
  return DRIVEDASH_RUN_MODEL_GET_CLASS (self)->dup_folder (self);
}

gboolean
drivedash_run_model_choose_folder (DrivedashRunModel *self,
                                   GFile             *folder)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (folder), FALSE);
  if (drivedash_run_folder_is_simulated ())
    {
      g_autoptr(GError) error = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                                                     _("The demo tests only its simulated drive. Start Drivedash without --demo to test a real one."));

      drivedash_run_model_show_error (self, error);
      return FALSE;
    }
  return DRIVEDASH_RUN_MODEL_GET_CLASS (self)->choose_folder (self, folder);
}

void
drivedash_run_model_show_error (DrivedashRunModel *self,
                                const GError      *error)
{
  g_return_if_fail (DRIVEDASH_IS_RUN_MODEL (self));
  g_return_if_fail (error != NULL);
  drivedash_run_model_set_status (self, error->message, g_error_copy (error));
}

/* ---------------------------------------------------------------------- */
/* Getters                                                                */

gboolean
drivedash_run_model_get_running (DrivedashRunModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), FALSE);
  return PRIV (self)->running;
}

gboolean
drivedash_run_model_get_stopping (DrivedashRunModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), FALSE);
  return PRIV (self)->stopping;
}

double
drivedash_run_model_get_progress (DrivedashRunModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), 0);
  return PRIV (self)->progress;
}

const char *
drivedash_run_model_get_progress_text (DrivedashRunModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), NULL);
  return PRIV (self)->progress_text;
}

double
drivedash_run_model_get_time_left (DrivedashRunModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), -1);
  return PRIV (self)->time_left;
}

GDateTime *
drivedash_run_model_get_finish_time (DrivedashRunModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), NULL);
  return PRIV (self)->finish_time;
}

const char *
drivedash_run_model_get_status (DrivedashRunModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), NULL);
  return PRIV (self)->status;
}

const GError *
drivedash_run_model_get_error (DrivedashRunModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), NULL);
  return PRIV (self)->error;
}

gboolean
drivedash_run_model_get_refreshing (DrivedashRunModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), FALSE);
  return PRIV (self)->refreshing;
}

gboolean
drivedash_run_model_get_status_is_error (DrivedashRunModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), FALSE);
  return get_derived (self, PROP_STATUS_IS_ERROR);
}

gboolean
drivedash_run_model_get_can_copy (DrivedashRunModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), FALSE);
  return get_derived (self, PROP_CAN_COPY);
}

gboolean
drivedash_run_model_get_can_save (DrivedashRunModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_RUN_MODEL (self), FALSE);
  return get_derived (self, PROP_CAN_SAVE);
}

/* ---------------------------------------------------------------------- */

static void
drivedash_run_model_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  DrivedashRunModel *self = DRIVEDASH_RUN_MODEL (object);
  DrivedashRunModelPrivate *priv = PRIV (self);

  switch (prop_id)
    {
    case PROP_RUNNING:       g_value_set_boolean (value, priv->running); break;
    case PROP_STOPPING:      g_value_set_boolean (value, priv->stopping); break;
    case PROP_PROGRESS:      g_value_set_double (value, priv->progress); break;
    case PROP_PROGRESS_TEXT: g_value_set_string (value, priv->progress_text); break;
    case PROP_TIME_LEFT:     g_value_set_double (value, priv->time_left); break;
    case PROP_FINISH_TIME:   g_value_set_boxed (value, priv->finish_time); break;
    case PROP_STATUS:        g_value_set_string (value, priv->status); break;
    case PROP_ERROR:         g_value_set_boxed (value, priv->error); break;
    case PROP_REFRESHING:    g_value_set_boolean (value, priv->refreshing); break;
    case PROP_STATUS_IS_ERROR:
    case PROP_CAN_START:
    case PROP_CAN_STOP:
    case PROP_CAN_COPY:
    case PROP_CAN_SAVE:      g_value_set_boolean (value, get_derived (self, prop_id)); break;
    default:                 G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_run_model_finalize (GObject *object)
{
  DrivedashRunModelPrivate *priv = PRIV (DRIVEDASH_RUN_MODEL (object));

  g_free (priv->progress_text);
  g_clear_pointer (&priv->finish_time, g_date_time_unref);
  g_free (priv->status);
  g_clear_error (&priv->error);
  /* A refresh in the worker holds a reference: none is left. */
  g_clear_object (&priv->refresh_cancellable);
  G_OBJECT_CLASS (drivedash_run_model_parent_class)->finalize (object);
}

static void
drivedash_run_model_class_init (DrivedashRunModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_run_model_get_property;
  object_class->finalize = drivedash_run_model_finalize;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE, ro);
  properties[PROP_STOPPING] = g_param_spec_boolean ("stopping", NULL, NULL, FALSE, ro);
  properties[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, 0, 1, 0, ro);
  properties[PROP_PROGRESS_TEXT] = g_param_spec_string ("progress-text", NULL, NULL, NULL, ro);
  properties[PROP_TIME_LEFT] = g_param_spec_double ("time-left", NULL, NULL, -1, G_MAXDOUBLE, -1, ro);
  properties[PROP_FINISH_TIME] = g_param_spec_boxed ("finish-time", NULL, NULL, G_TYPE_DATE_TIME, ro);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, ro);
  properties[PROP_ERROR] = g_param_spec_boxed ("error", NULL, NULL, G_TYPE_ERROR, ro);
  properties[PROP_REFRESHING] = g_param_spec_boolean ("refreshing", NULL, NULL, FALSE, ro);
  properties[PROP_STATUS_IS_ERROR] = g_param_spec_boolean ("status-is-error", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_START] = g_param_spec_boolean ("can-start", NULL, NULL, TRUE, ro);
  properties[PROP_CAN_STOP] = g_param_spec_boolean ("can-stop", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_COPY] = g_param_spec_boolean ("can-copy", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_SAVE] = g_param_spec_boolean ("can-save", NULL, NULL, FALSE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
drivedash_run_model_init (DrivedashRunModel *self)
{
  PRIV (self)->time_left = -1;
}
