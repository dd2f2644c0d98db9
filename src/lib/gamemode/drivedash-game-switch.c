/* drivedash-game-switch.c — game mode switched around other work, for the
 * A/B test and the full review
 *
 * Each call is one GTask in a worker thread with what it needs copied:
 * the object is not touched there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-error.h"
#include "drivedash-game-switch.h"

DrivedashGameMode *
drivedash_ab_check_switchable (const DrivedashPowerPaths *paths,
                               const char                *controller,
                               DrivedashClientFlags       flags,
                               GCancellable              *cancellable,
                               GError                   **error)
{
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(DrivedashGameMode) again = NULL;

  state = drivedash_client_get_game_mode (paths, controller, flags, NULL, cancellable, error);
  if (state == NULL)
    return NULL;
  if (!state->supported)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                   _("%s has no automatic power saving (APST), so game mode cannot change "
                     "anything: the drive always runs at full speed. There is nothing to compare."),
                   controller);
      return NULL;
    }
  again = drivedash_client_set_game_mode (paths, controller, state->enabled, state->persistent,
                                          flags, NULL, cancellable, error);
  if (again == NULL)
    return NULL;
  return g_steal_pointer (&state);
}

struct _DrivedashGameSwitch
{
  GObject              parent_instance;
  DrivedashPowerPaths  paths;          /* points into path_copies */
  char                *path_copies[4];
  char                *controller;
  DrivedashClientFlags flags;
  GDBusConnection     *bus;            /* held from the check until put back */
  DrivedashGameMode   *original;
  gboolean             enabled_after;
};

G_DEFINE_FINAL_TYPE (DrivedashGameSwitch, drivedash_game_switch, G_TYPE_OBJECT)

typedef enum { JOB_CHECK, JOB_SWITCH, JOB_RESTORE } JobKind;

typedef struct
{
  JobKind              kind;
  DrivedashPowerPaths  paths;       /* borrowed from the object, which the task holds */
  char                *controller;
  DrivedashClientFlags flags;
  gboolean             on;          /* JOB_SWITCH */
  gboolean             enabled;     /* JOB_RESTORE: the user's state */
  gboolean             persistent;
} Job;

static void
job_free (Job *job)
{
  g_free (job->controller);
  g_free (job);
}

static DrivedashGameMode *
restore_in_thread (Job     *job,
                   GError **error)
{
  g_autoptr(DrivedashGameMode) set = NULL;

  set = drivedash_client_set_game_mode (&job->paths, job->controller, job->enabled, job->persistent,
                                        job->flags, NULL, NULL, error);
  if (set == NULL)
    return NULL;
  /* Read back: the state the user now has, which the caller reports. */
  return drivedash_client_get_game_mode (&job->paths, job->controller, job->flags, NULL, NULL, NULL);
}

static void
job_thread (GTask        *task,
            gpointer      source,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Job *job = task_data;
  DrivedashGameMode *state = NULL;
  GError *error = NULL;

  if (job->kind == JOB_CHECK)
    {
      /* The shared system-bus connection the client calls go through
       * (may be NULL: no bus, then no service either). */
      if (!(job->flags & DRIVEDASH_CLIENT_NO_SERVICE))
        g_object_set_data_full (G_OBJECT (task), "bus", g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, NULL),
                                g_object_unref);
      state = drivedash_ab_check_switchable (&job->paths, job->controller, job->flags, NULL, &error);
    }
  else if (job->kind == JOB_SWITCH)
    state = drivedash_client_set_game_mode_temporary (&job->paths, job->controller, job->on, job->flags,
                                                      NULL, NULL, &error);
  else if ((state = restore_in_thread (job, &error)) == NULL && error == NULL)
    {
      /* Put back, but not readable now: report the state asked for. */
      state = g_new0 (DrivedashGameMode, 1);
      state->enabled = job->enabled;
    }
  if (state == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, state, (GDestroyNotify) drivedash_game_mode_free);
}

static void
run_job (DrivedashGameSwitch *self,
         JobKind              kind,
         gboolean             on,
         gpointer             tag,
         GAsyncReadyCallback  callback,
         gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, callback, user_data);
  Job *job = g_new0 (Job, 1);

  g_task_set_source_tag (task, tag);
  job->kind = kind;
  job->paths = self->paths;
  job->controller = g_strdup (self->controller);
  job->flags = self->flags;
  job->on = on;
  if (self->original != NULL)
    {
      job->enabled = self->original->enabled;
      job->persistent = self->original->persistent;
    }
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, job_thread);
}

void
drivedash_game_switch_check_async (DrivedashGameSwitch *self,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_return_if_fail (DRIVEDASH_IS_GAME_SWITCH (self));

  run_job (self, JOB_CHECK, FALSE, drivedash_game_switch_check_async, callback, user_data);
}

gboolean
drivedash_game_switch_check_finish (DrivedashGameSwitch  *self,
                                    GAsyncResult         *result,
                                    GError              **error)
{
  DrivedashGameMode *state;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  /* Held until put back, or the service would revert each temporary
   * switch as soon as the call's last user let go of the connection. */
  g_set_object (&self->bus, g_object_get_data (G_OBJECT (result), "bus"));
  state = g_task_propagate_pointer (G_TASK (result), error);
  if (state == NULL)
    {
      g_clear_object (&self->bus);
      return FALSE;
    }
  g_clear_pointer (&self->original, drivedash_game_mode_free);
  self->original = state;
  return TRUE;
}

void
drivedash_game_switch_set_async (DrivedashGameSwitch *self,
                                 gboolean             on,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_return_if_fail (DRIVEDASH_IS_GAME_SWITCH (self));
  g_return_if_fail (self->original != NULL);

  run_job (self, JOB_SWITCH, on, drivedash_game_switch_set_async, callback, user_data);
}

gboolean
drivedash_game_switch_set_finish (DrivedashGameSwitch  *self,
                                  GAsyncResult         *result,
                                  GError              **error)
{
  g_autoptr(DrivedashGameMode) state = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  state = g_task_propagate_pointer (G_TASK (result), error);
  return state != NULL;
}

void
drivedash_game_switch_restore_async (DrivedashGameSwitch *self,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_return_if_fail (DRIVEDASH_IS_GAME_SWITCH (self));
  g_return_if_fail (self->original != NULL);

  run_job (self, JOB_RESTORE, FALSE, drivedash_game_switch_restore_async, callback, user_data);
}

gboolean
drivedash_game_switch_restore_finish (DrivedashGameSwitch  *self,
                                      GAsyncResult         *result,
                                      GError              **error)
{
  g_autoptr(DrivedashGameMode) now = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  now = g_task_propagate_pointer (G_TASK (result), error);
  self->enabled_after = now != NULL ? now->enabled : !self->original->enabled;
  g_clear_object (&self->bus);
  return now != NULL;
}

const DrivedashGameMode *
drivedash_game_switch_get_original (DrivedashGameSwitch *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_GAME_SWITCH (self), NULL);

  return self->original;
}

gboolean
drivedash_game_switch_get_enabled_after (DrivedashGameSwitch *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_GAME_SWITCH (self), FALSE);

  return self->enabled_after;
}

DrivedashGameSwitch *
drivedash_game_switch_new (const DrivedashPowerPaths *paths,
                           const char                *controller,
                           DrivedashClientFlags       flags)
{
  DrivedashGameSwitch *self = g_object_new (DRIVEDASH_TYPE_GAME_SWITCH, NULL);

  self->path_copies[0] = g_strdup (paths->sysfs_root);
  self->path_copies[1] = g_strdup (paths->udev_rules_dir);
  self->path_copies[2] = g_strdup (paths->state_dir);
  self->path_copies[3] = g_strdup (paths->dev_dir);
  self->paths = (DrivedashPowerPaths) { self->path_copies[0], self->path_copies[1],
                                        self->path_copies[2], self->path_copies[3] };
  self->controller = g_strdup (controller);
  self->flags = flags;
  return self;
}

static void
drivedash_game_switch_finalize (GObject *object)
{
  DrivedashGameSwitch *self = DRIVEDASH_GAME_SWITCH (object);

  /* A running job holds a reference through its task: none is left. */
  for (guint i = 0; i < G_N_ELEMENTS (self->path_copies); i++)
    g_free (self->path_copies[i]);
  g_free (self->controller);
  g_clear_object (&self->bus);
  g_clear_pointer (&self->original, drivedash_game_mode_free);
  G_OBJECT_CLASS (drivedash_game_switch_parent_class)->finalize (object);
}

static void
drivedash_game_switch_class_init (DrivedashGameSwitchClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = drivedash_game_switch_finalize;
}

static void
drivedash_game_switch_init (DrivedashGameSwitch *self)
{
}
