/* drivedash-run-model.h — the state every test view shows about its run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_RUN_MODEL (drivedash_run_model_get_type ())
G_DECLARE_DERIVABLE_TYPE (DrivedashRunModel, drivedash_run_model, DRIVEDASH, RUN_MODEL, GObject)

/* What a test's view-model (Speed, Long Tests) adds to the run.
 *
 * Read-only properties: "running", "stopping", "progress" (0–1),
 * "progress-text" (the phase, and for long runs the time left and the
 * finish time), "time-left" (seconds, -1 unknown) and "finish-time" (a
 * GDateTime to the minute, NULL unknown) while a run says them, "status"
 * (an error or a notice, NULL when none), "error"
 * (the GError behind it), "refreshing" (what the next Start writes and
 * takes is being read from the disk, in a worker: wait for FALSE before
 * asking about it), "status-is-error" (a stop the user asked for is
 * not), and the derived "can-start", "can-stop", "can-copy", "can-save".
 * Signal "finished" (gboolean success), after "running" went FALSE. */
struct _DrivedashRunModelClass
{
  GObjectClass parent_class;

  /* Begins a run (calling _set_running()), or FALSE with @error. */
  gboolean (*start)         (DrivedashRunModel  *self,
                             GError            **error);
  /* Cancels the run in flight; the run ends with _finish(). */
  void     (*stop)          (DrivedashRunModel  *self);
  /* The result as text for the clipboard, NULL when there is none. */
  char    *(*dup_text)      (DrivedashRunModel  *self);
  /* The folder the next run tests in (NULL: none yet), and a new one:
   * FALSE, with the reason as the status, when it is refused. */
  GFile   *(*dup_folder)    (DrivedashRunModel  *self);
  gboolean (*choose_folder) (DrivedashRunModel  *self,
                             GFile              *folder);
};

gboolean      drivedash_run_model_start             (DrivedashRunModel  *self,
                                                     GError            **error);
/* Says "Stopping…" until the run is over, and cancels it. */
void          drivedash_run_model_stop              (DrivedashRunModel  *self);
char         *drivedash_run_model_dup_text          (DrivedashRunModel  *self);
GFile        *drivedash_run_model_dup_folder        (DrivedashRunModel  *self);
gboolean      drivedash_run_model_choose_folder     (DrivedashRunModel  *self,
                                                     GFile              *folder);

gboolean      drivedash_run_model_get_running       (DrivedashRunModel  *self);
gboolean      drivedash_run_model_get_stopping      (DrivedashRunModel  *self);
double        drivedash_run_model_get_progress      (DrivedashRunModel  *self);
const char   *drivedash_run_model_get_progress_text (DrivedashRunModel  *self);
double        drivedash_run_model_get_time_left     (DrivedashRunModel  *self);
GDateTime    *drivedash_run_model_get_finish_time   (DrivedashRunModel  *self);
const char   *drivedash_run_model_get_status        (DrivedashRunModel  *self);
const GError *drivedash_run_model_get_error         (DrivedashRunModel  *self);
gboolean      drivedash_run_model_get_refreshing    (DrivedashRunModel  *self);
gboolean      drivedash_run_model_get_status_is_error (DrivedashRunModel *self);
gboolean      drivedash_run_model_get_can_copy      (DrivedashRunModel  *self);
gboolean      drivedash_run_model_get_can_save      (DrivedashRunModel  *self);

/* Shows @error (e.g. the plots could not be saved) as the status until
 * the next run or folder. */
void          drivedash_run_model_show_error        (DrivedashRunModel  *self,
                                                     const GError       *error);

/* For the subclasses.  Each notifies only what changed. */
void          drivedash_run_model_set_running       (DrivedashRunModel  *self,
                                                     gboolean            running);
/* Ignored once Stop was pressed: "Stopping…" stays. */
void          drivedash_run_model_set_progress      (DrivedashRunModel  *self,
                                                     double              fraction,
                                                     const char         *text);
/* The run's own estimate of what is left; the finish time follows from
 * it.  @seconds < 0: unknown.  Cleared by _finish(). */
void          drivedash_run_model_set_time_left     (DrivedashRunModel  *self,
                                                     double              seconds);
/* @status NULL: none.  Takes @error (may be NULL). */
void          drivedash_run_model_set_status        (DrivedashRunModel  *self,
                                                     const char         *status,
                                                     GError             *error);
/* There is a result to copy (can-copy), plots worth saving (can-save). */
void          drivedash_run_model_set_has_result    (DrivedashRunModel  *self,
                                                     gboolean            has_result);
void          drivedash_run_model_set_has_plots     (DrivedashRunModel  *self,
                                                     gboolean            has_plots);
/* Reads what the next Start needs from the disk in a worker: @read
 * (self, @data) there, then @done (self, @data) on this thread, unless a
 * later refresh came first (its @data is then dropped, freed with
 * @free_data).  "refreshing" is TRUE until the newest one is done. */
typedef void (*DrivedashRunModelRefreshFunc) (DrivedashRunModel *self,
                                              gpointer           data);
void          drivedash_run_model_refresh           (DrivedashRunModel            *self,
                                                     gpointer                      data,
                                                     GDestroyNotify                free_data,
                                                     DrivedashRunModelRefreshFunc  read,
                                                     DrivedashRunModelRefreshFunc  done);
/* The run is over: not running any more, then "finished". */
void          drivedash_run_model_finish            (DrivedashRunModel  *self,
                                                     gboolean            success);

G_END_DECLS
