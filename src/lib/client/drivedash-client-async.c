/* drivedash-client-async.c — the client calls for a main loop
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each call copies what it was given into a request owned by its GTask and
 * runs the blocking call of drivedash-client.c in a worker thread, so the
 * one fallback chain (drivedash_client_request_run()) serves these too.  The thread only
 * sees the request, never the caller's data.  GTask checks the cancellable
 * when the call finishes: once cancelled, _finish says so even if the
 * thread had an answer.
 */
#include "config.h"

#include "drivedash-client.h"

/* A health read or a self-test: one drive, found under sysfs_root. */
typedef struct
{
  char                  *sysfs_root;
  char                  *controller;
  DrivedashSelfTestKind  kind;        /* self-test only */
  DrivedashClientFlags   flags;
  DrivedashHealthSource  source;      /* written by the thread (self-test) */
  char                  *journal_file; /* kernel events only */
  gint64                 since_usec;
  guint                  max_events;
} DriveRequest;

static DriveRequest *
drive_request_new (const char           *sysfs_root,
                   const char           *controller,
                   DrivedashClientFlags  flags)
{
  DriveRequest *r = g_new0 (DriveRequest, 1);

  r->sysfs_root = g_strdup (sysfs_root);
  r->controller = g_strdup (controller);
  r->flags = flags;
  return r;
}

static void
drive_request_free (gpointer data)
{
  DriveRequest *r = data;

  g_free (r->sysfs_root);
  g_free (r->controller);
  g_free (r->journal_file);
  g_free (r);
}

/* A deep copy of a DrivedashPowerPaths: the caller's may not outlive the
 * call. */
typedef struct
{
  gboolean             is_set;   /* FALSE: the real system */
  DrivedashPowerPaths  paths;    /* points into the strings below */
  char                *sysfs_root;
  char                *udev_rules_dir;
  char                *state_dir;
  char                *dev_dir;
} PathsCopy;

static void
paths_copy_init (PathsCopy                 *copy,
                 const DrivedashPowerPaths *paths)
{
  copy->is_set = paths != NULL;
  if (paths == NULL)
    return;
  copy->paths.sysfs_root = copy->sysfs_root = g_strdup (paths->sysfs_root);
  copy->paths.udev_rules_dir = copy->udev_rules_dir = g_strdup (paths->udev_rules_dir);
  copy->paths.state_dir = copy->state_dir = g_strdup (paths->state_dir);
  copy->paths.dev_dir = copy->dev_dir = g_strdup (paths->dev_dir);
}

static const DrivedashPowerPaths *
paths_copy_get (const PathsCopy *copy)
{
  return copy->is_set ? &copy->paths : NULL;
}

static void
paths_copy_clear (PathsCopy *copy)
{
  g_free (copy->sysfs_root);
  g_free (copy->udev_rules_dir);
  g_free (copy->state_dir);
  g_free (copy->dev_dir);
}

typedef struct
{
  PathsCopy              paths;
  char                  *controller;
  gboolean               enabled;     /* set only */
  gboolean               persistent;  /* set only */
  DrivedashClientFlags   flags;
  DrivedashHealthSource  source;      /* written by the thread */
} GameModeRequest;

static void
game_mode_request_free (gpointer data)
{
  GameModeRequest *r = data;

  paths_copy_clear (&r->paths);
  g_free (r->controller);
  g_free (r);
}

/* Runs thread in a worker with request, which the task owns from now. */
static void
run_task (gpointer             source_tag,
          const char          *name,
          gpointer             request,
          GDestroyNotify       request_free,
          GTaskThreadFunc      thread,
          GCancellable        *cancellable,
          GAsyncReadyCallback  callback,
          gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  g_task_set_name (task, name);
  g_task_set_task_data (task, request, request_free);
  g_task_run_in_thread (task, thread);
}

/* --- health -------------------------------------------------------------- */

static void
get_health_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  DriveRequest *r = task_data;
  GError *error = NULL;
  DrivedashHealth *health;

  if (g_task_return_error_if_cancelled (task))
    return;
  health = drivedash_client_get_health (r->sysfs_root, r->controller, r->flags, cancellable, &error);
  if (health == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, health, (GDestroyNotify) drivedash_health_unref);
}

void
drivedash_client_get_health_async (const char           *sysfs_root,
                                   const char           *controller,
                                   DrivedashClientFlags  flags,
                                   GCancellable         *cancellable,
                                   GAsyncReadyCallback   callback,
                                   gpointer              user_data)
{
  g_return_if_fail (controller != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  run_task (drivedash_client_get_health_async, "drivedash_client_get_health_async",
            drive_request_new (sysfs_root, controller, flags), drive_request_free,
            get_health_thread, cancellable, callback, user_data);
}

DrivedashHealth *
drivedash_client_get_health_finish (GAsyncResult  *result,
                                    GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_async_result_is_tagged (result, drivedash_client_get_health_async), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* --- kernel events ------------------------------------------------------- */

static void
get_kernel_events_thread (GTask        *task,
                          gpointer      source_object,
                          gpointer      task_data,
                          GCancellable *cancellable)
{
  DriveRequest *r = task_data;
  DrivedashJournalQuery query = {
    .journal_file = r->journal_file, .since_usec = r->since_usec, .max_events = r->max_events,
  };
  GError *error = NULL;
  DrivedashEventLog *log;

  if (g_task_return_error_if_cancelled (task))
    return;
  log = drivedash_client_get_kernel_events (r->sysfs_root, r->controller, &query, r->flags,
                                            NULL, cancellable, &error);
  if (log == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, log, (GDestroyNotify) drivedash_event_log_free);
}

void
drivedash_client_get_kernel_events_async (const char           *sysfs_root,
                                          const char           *controller,
                                          const char           *journal_file,
                                          gint64                since_usec,
                                          guint                 max_events,
                                          DrivedashClientFlags  flags,
                                          GCancellable         *cancellable,
                                          GAsyncReadyCallback   callback,
                                          gpointer              user_data)
{
  DriveRequest *r;

  g_return_if_fail (controller != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  r = drive_request_new (sysfs_root, controller, flags);
  r->journal_file = g_strdup (journal_file);
  r->since_usec = since_usec;
  r->max_events = max_events;
  run_task (drivedash_client_get_kernel_events_async, "drivedash_client_get_kernel_events_async",
            r, drive_request_free, get_kernel_events_thread, cancellable, callback, user_data);
}

DrivedashEventLog *
drivedash_client_get_kernel_events_finish (GAsyncResult  *result,
                                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_async_result_is_tagged (result, drivedash_client_get_kernel_events_async), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* --- game mode ----------------------------------------------------------- */

static GameModeRequest *
game_mode_request_new (const DrivedashPowerPaths *paths,
                       const char                *controller,
                       DrivedashClientFlags       flags)
{
  GameModeRequest *r = g_new0 (GameModeRequest, 1);

  paths_copy_init (&r->paths, paths);
  r->controller = g_strdup (controller);
  r->flags = flags;
  return r;
}

static void
return_game_mode (GTask             *task,
                  DrivedashGameMode *state,
                  GError            *error)
{
  if (state == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, state, (GDestroyNotify) drivedash_game_mode_free);
}

static void
get_game_mode_thread (GTask        *task,
                      gpointer      source_object,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  GameModeRequest *r = task_data;
  GError *error = NULL;
  DrivedashGameMode *state;

  if (g_task_return_error_if_cancelled (task))
    return;
  state = drivedash_client_get_game_mode (paths_copy_get (&r->paths), r->controller, r->flags,
                                          &r->source, cancellable, &error);
  return_game_mode (task, state, error);
}

static void
set_game_mode_thread (GTask        *task,
                      gpointer      source_object,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  GameModeRequest *r = task_data;
  GError *error = NULL;
  DrivedashGameMode *state;

  if (g_task_return_error_if_cancelled (task))
    return;
  state = drivedash_client_set_game_mode (paths_copy_get (&r->paths), r->controller, r->enabled,
                                          r->persistent, r->flags, &r->source, cancellable, &error);
  return_game_mode (task, state, error);
}

void
drivedash_client_get_game_mode_async (const DrivedashPowerPaths *paths,
                                      const char                *controller,
                                      DrivedashClientFlags       flags,
                                      GCancellable              *cancellable,
                                      GAsyncReadyCallback        callback,
                                      gpointer                   user_data)
{
  g_return_if_fail (controller != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  run_task (drivedash_client_get_game_mode_async, "drivedash_client_get_game_mode_async",
            game_mode_request_new (paths, controller, flags), game_mode_request_free,
            get_game_mode_thread, cancellable, callback, user_data);
}

void
drivedash_client_set_game_mode_async (const DrivedashPowerPaths *paths,
                                      const char                *controller,
                                      gboolean                   enabled,
                                      gboolean                   persistent,
                                      DrivedashClientFlags       flags,
                                      GCancellable              *cancellable,
                                      GAsyncReadyCallback        callback,
                                      gpointer                   user_data)
{
  GameModeRequest *r;

  g_return_if_fail (controller != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  r = game_mode_request_new (paths, controller, flags);
  r->enabled = enabled != FALSE;
  r->persistent = persistent != FALSE;
  run_task (drivedash_client_set_game_mode_async, "drivedash_client_set_game_mode_async",
            r, game_mode_request_free, set_game_mode_thread, cancellable, callback, user_data);
}

static DrivedashGameMode *
game_mode_finish (GAsyncResult           *result,
                  DrivedashHealthSource  *source_out,
                  GError                **error)
{
  GameModeRequest *r = g_task_get_task_data (G_TASK (result));
  DrivedashGameMode *state = g_task_propagate_pointer (G_TASK (result), error);

  if (source_out != NULL)
    *source_out = state != NULL ? r->source : DRIVEDASH_HEALTH_SOURCE_NONE;
  return state;
}

DrivedashGameMode *
drivedash_client_get_game_mode_finish (GAsyncResult           *result,
                                       DrivedashHealthSource  *source_out,
                                       GError                **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_async_result_is_tagged (result, drivedash_client_get_game_mode_async), NULL);

  return game_mode_finish (result, source_out, error);
}

DrivedashGameMode *
drivedash_client_set_game_mode_finish (GAsyncResult           *result,
                                       DrivedashHealthSource  *source_out,
                                       GError                **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_async_result_is_tagged (result, drivedash_client_set_game_mode_async), NULL);

  return game_mode_finish (result, source_out, error);
}

/* --- self-test ----------------------------------------------------------- */

static void
self_test_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  DriveRequest *r = task_data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  if (drivedash_client_self_test (r->sysfs_root, r->controller, r->kind, r->flags,
                                  &r->source, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
drivedash_client_self_test_async (const char            *sysfs_root,
                                  const char            *controller,
                                  DrivedashSelfTestKind  kind,
                                  DrivedashClientFlags   flags,
                                  GCancellable          *cancellable,
                                  GAsyncReadyCallback    callback,
                                  gpointer               user_data)
{
  DriveRequest *r;

  g_return_if_fail (controller != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  r = drive_request_new (sysfs_root, controller, flags);
  r->kind = kind;
  run_task (drivedash_client_self_test_async, "drivedash_client_self_test_async",
            r, drive_request_free, self_test_thread, cancellable, callback, user_data);
}

gboolean
drivedash_client_self_test_finish (GAsyncResult           *result,
                                   DrivedashHealthSource  *source_out,
                                   GError                **error)
{
  DriveRequest *r;
  gboolean ok;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_async_result_is_tagged (result, drivedash_client_self_test_async), FALSE);

  r = g_task_get_task_data (G_TASK (result));
  ok = g_task_propagate_boolean (G_TASK (result), error);
  if (source_out != NULL)
    *source_out = ok ? r->source : DRIVEDASH_HEALTH_SOURCE_NONE;
  return ok;
}
