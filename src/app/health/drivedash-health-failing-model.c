/* drivedash-health-failing-model.c — the view-model of the failing-drive
 * steps on the Health page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * It follows the page's DrivedashHealthModel (its health and its kernel
 * events) and owns the one request it makes itself, saving the evidence
 * report, with a cancellable of its own.  The self-test is the page's:
 * step 2 goes through the health.self-test action like the Details
 * group's buttons, and its progress is read from the health the page
 * polls while a test runs.
 */
#include "config.h"

#include <gio/gdesktopappinfo.h>
#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-failing.h"
#include "drivedash-health-failing-model.h"
#include "drivedash-health-mapping.h"
#include "drivedash-health-model-private.h"
#include "drivedash-journal.h"
#include "drivedash-report-evidence.h"
#include "drivedash-snapshot.h"
#include "drivedash-store.h"

struct _DrivedashHealthFailingModel
{
  GObject               parent_instance;

  DrivedashHealthModel *model;
  gboolean              failing;
  char                 *reasons_text;   /* the one verdict line */
  char                 *why_text;       /* the reasons behind it, each once */
  gboolean              backup_installed;
  char                 *self_test_text;
  gboolean              can_start_self_test;
  gboolean              offer_service;     /* no source can start a self-test; the service would */
  gboolean              self_test_running;
  double                self_test_fraction;
  gboolean              saving;
  GCancellable         *save_cancellable;
  /* The watch's readings of the drive shown, for the media-error rule. */
  GArray               *history;
  char                 *history_key;   /* whose: serial and controller */
  GCancellable         *history_cancellable;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthFailingModel, drivedash_health_failing_model, G_TYPE_OBJECT)

/* Prefixed: drivedash-health-model-private.h, included for the page
 * model's event log, has PROP_* and SIGNAL_* of its own. */
enum {
  FAILING_PROP_0,
  FAILING_PROP_HEALTH_MODEL,
  FAILING_PROP_FAILING,
  FAILING_PROP_REASONS_TEXT,
  FAILING_PROP_WHY_TEXT,
  FAILING_PROP_BACKUP_INSTALLED,
  FAILING_PROP_BACKUP_TEXT,
  FAILING_PROP_SELF_TEST_TEXT,
  FAILING_PROP_CAN_START_SELF_TEST,
  FAILING_PROP_OFFER_SERVICE,
  FAILING_PROP_SELF_TEST_RUNNING,
  FAILING_PROP_SELF_TEST_FRACTION,
  FAILING_PROP_SAVING,
  FAILING_N_PROPS
};
static GParamSpec *properties[FAILING_N_PROPS];

enum { FAILING_SIGNAL_SAVED, FAILING_SIGNAL_SAVE_FAILED, FAILING_N_SIGNALS };
static guint signals[FAILING_N_SIGNALS];

static void
set_bool (DrivedashHealthFailingModel *self,
          gboolean                    *field,
          gboolean                     value,
          guint                        prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* Takes @value. */
static void
set_text (DrivedashHealthFailingModel  *self,
          char                        **field,
          char                         *value,
          guint                         prop)
{
  if (g_strcmp0 (*field, value) == 0)
    {
      g_free (value);
      return;
    }
  g_free (*field);
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* Read without privileges: neither the service, UDisks nor the drive
 * itself answered, so nothing here can start a self-test either. */
static gboolean
no_source (const DrivedashHealth *h)
{
  return h->source == DRIVEDASH_HEALTH_SOURCE_SYSFS;
}

static char *
self_test_words (const DrivedashHealth *h)
{
  const DrivedashSelfTestLog *log = &h->self_test;

  if (no_source (h) && drivedash_health_service_installed (h))
    return g_strdup (_("This computer cannot start the drive’s self-test right now: the Drivedash system service "
                       "is installed but did not answer."));
  if (no_source (h))
    return g_strdup (_("This computer cannot start the drive’s self-test yet: that needs the Drivedash system "
                       "service, which is not installed. Get Full Features says how to add it."));

  if ((h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_SUPPORTED) && !h->self_test_supported)
    return g_strdup (_("This drive has no self-test, so it cannot check itself. Saving your files and the evidence matters all the more."));
  if ((h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG) && log->current != DRIVEDASH_SELF_TEST_NONE)
    {
      g_autofree char *progress = drivedash_health_dup_self_test_progress (h);

      /* Translators: "Extended self-test running: 40 % done, about 25
       * minutes left. …" */
      return g_strdup_printf (_("%s running: %s. You can keep using the computer meanwhile."),
                              drivedash_self_test_kind_describe (log->current), progress);
    }
  if ((h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG) && log->n_results > 0
      && drivedash_self_test_result_is_fault (log->results[0].result))
    /* Translators: %s is the result, e.g. "a segment failed" */
    return g_strdup_printf (_("The drive’s own test found a fault (%s). That confirms it: copy your files and keep the evidence now."),
                            drivedash_self_test_result_describe (log->results[0].result));
  if ((h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG) && log->n_results > 0
      && log->results[0].result == DRIVEDASH_SELF_TEST_RESULT_PASSED)
    return g_strdup_printf (_("The drive’s own test, %s, found no fault. The warning above still stands: keep your copies up to date."),
                            drivedash_self_test_kind_describe (log->results[0].kind));
  if ((h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG) && log->n_results > 0)
    return g_strdup_printf (_("The drive checks every part of itself; this can take an hour or more. The last test, %s: %s."),
                            drivedash_self_test_kind_describe (log->results[0].kind),
                            drivedash_self_test_result_describe (log->results[0].result));
  return g_strdup (_("The drive checks every part of itself; this can take an hour or more, and you can keep using the computer meanwhile."));
}

static void
update_self_test (DrivedashHealthFailingModel *self,
                  const DrivedashHealth       *h)
{
  gboolean no_test = h != NULL && (h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_SUPPORTED) && !h->self_test_supported;
  gboolean running = h != NULL && (h->has & DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG)
                     && h->self_test.current != DRIVEDASH_SELF_TEST_NONE;
  double fraction = running ? h->self_test.current_percent_done / 100.0 : 0;

  set_text (self, &self->self_test_text, h != NULL ? self_test_words (h) : NULL, FAILING_PROP_SELF_TEST_TEXT);
  set_bool (self, &self->self_test_running, running, FAILING_PROP_SELF_TEST_RUNNING);
  /* Unknown support (no privileges) still offers the test: the request
   * says plainly why it cannot start. */
  set_bool (self, &self->can_start_self_test, h != NULL && !no_test && !running && !no_source (h),
            FAILING_PROP_CAN_START_SELF_TEST);
  set_bool (self, &self->offer_service, h != NULL && no_source (h) && !drivedash_health_service_installed (h),
            FAILING_PROP_OFFER_SERVICE);
  if (self->self_test_fraction != fraction)
    {
      self->self_test_fraction = fraction;
      g_object_notify_by_pspec (G_OBJECT (self), properties[FAILING_PROP_SELF_TEST_FRACTION]);
    }
}

static void load_history (DrivedashHealthFailingModel *self,
                          const DrivedashHealth       *h);

static void
add_once (GPtrArray  *lines,
          const char *line)
{
  if (!g_ptr_array_find_with_equal_func (lines, line, g_str_equal, NULL))
    g_ptr_array_add (lines, (gpointer) line);
}

/* "Why?": the failing reasons after the first (which is the page's
 * verdict line) and the health report's own, each once.  The kernel's
 * events are not repeated: the Events group lists them. */
static char *
why_text (const DrivedashHealth *h,
          char *const           *why)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new ();
  gboolean events = FALSE;

  for (guint i = 1; why[0] != NULL && why[i] != NULL; i++)
    add_once (lines, why[i]);
  for (guint i = 0; h->reasons != NULL && i < h->reasons->len; i++)
    {
      const DrivedashVerdictReason *r = g_ptr_array_index (h->reasons, i);

      if (g_str_has_prefix (r->id, "kernel-"))
        events = TRUE;
      else if (g_strcmp0 (r->message, why[0]) != 0)
        add_once (lines, r->message);
    }
  if (events)
    add_once (lines, _("What the system reported about the drive is listed under Events, below."));
  if (lines->len == 0)
    return NULL;
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **) lines->pdata);
}

/* The page's model has applied its kernel events to the health's verdict
 * already; the failing test needs the events themselves too, and the
 * watch's readings. */
static void
update (DrivedashHealthFailingModel *self)
{
  DrivedashHealth *h = self->model ? drivedash_health_model_get_health (self->model) : NULL;
  DrivedashFailing failing;
  g_auto(GStrv) why = NULL;

  load_history (self, h);
  failing = h ? drivedash_health_failing (h, self->history, self->model->event_log) : DRIVEDASH_FAILING_NONE;
  why = drivedash_failing_describe (failing);

  set_text (self, &self->reasons_text, failing ? g_strdup (why[0]) : NULL, FAILING_PROP_REASONS_TEXT);
  set_text (self, &self->why_text, failing ? why_text (h, why) : NULL, FAILING_PROP_WHY_TEXT);
  set_bool (self, &self->failing, failing != DRIVEDASH_FAILING_NONE, FAILING_PROP_FAILING);
  update_self_test (self, h);
}

/* ---------------------------------------------------------------------- */
/* The watch's readings, read once per drive in a thread                  */

static void
history_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  g_autofree char *path = drivedash_store_get_default_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  GArray *history = NULL;

  /* No history yet is an empty one: there is no database until the
   * watch or a saved run makes it. */
  if (g_file_test (path, G_FILE_TEST_EXISTS) && (store = drivedash_store_open (path, &error)) != NULL)
    history = drivedash_evidence_read_history (store, data, &error);
  if (error != NULL)
    g_debug ("the watch's readings: %s", error->message);
  if (history == NULL)
    history = g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot));
  g_task_return_pointer (task, history, (GDestroyNotify) g_array_unref);
}

static void
history_loaded_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  g_autoptr(DrivedashHealthFailingModel) self = data;
  GArray *history = g_task_propagate_pointer (G_TASK (result), NULL);

  /* Cancelled: another drive is shown, and its own load runs. */
  if (history == NULL)
    return;
  g_clear_pointer (&self->history, g_array_unref);
  self->history = history;
  update (self);
}

static void
load_history (DrivedashHealthFailingModel *self,
              const DrivedashHealth       *h)
{
  g_autofree char *key = h ? g_strconcat (h->serial ? h->serial : "", "|", h->controller, NULL) : NULL;
  g_autoptr(GTask) task = NULL;

  if (g_strcmp0 (key, self->history_key) == 0)
    return;
  g_cancellable_cancel (self->history_cancellable);
  g_clear_object (&self->history_cancellable);
  g_clear_pointer (&self->history, g_array_unref);
  g_free (self->history_key);
  self->history_key = g_steal_pointer (&key);
  if (h == NULL)
    return;
  self->history_cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->history_cancellable, history_loaded_cb, g_object_ref (self));
  g_task_set_return_on_cancel (task, TRUE);
  g_task_set_task_data (task, drivedash_health_ref ((DrivedashHealth *) h), (GDestroyNotify) drivedash_health_unref);
  g_task_run_in_thread (task, history_thread);
}

void
drivedash_health_failing_model_set_health_model (DrivedashHealthFailingModel *self,
                                                 DrivedashHealthModel        *model)
{
  g_return_if_fail (DRIVEDASH_IS_HEALTH_FAILING_MODEL (self));

  if (self->model == model)
    return;
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_set_object (&self->model, model);
  if (model != NULL)
    {
      g_signal_connect_swapped (model, "notify::health", G_CALLBACK (update), self);
      g_signal_connect_swapped (model, "notify::verdict", G_CALLBACK (update), self);
      g_signal_connect_swapped (model, "notify::events-text", G_CALLBACK (update), self);
    }
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[FAILING_PROP_HEALTH_MODEL]);
}

DrivedashHealthModel *
drivedash_health_failing_model_get_health_model (DrivedashHealthFailingModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_FAILING_MODEL (self), NULL);
  return self->model;
}

gboolean
drivedash_health_failing_model_get_failing (DrivedashHealthFailingModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_FAILING_MODEL (self), FALSE);
  return self->failing;
}

gboolean
drivedash_health_failing_model_get_backup_installed (DrivedashHealthFailingModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_FAILING_MODEL (self), FALSE);
  return self->backup_installed;
}

const char *
drivedash_health_failing_model_get_self_test_text (DrivedashHealthFailingModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_FAILING_MODEL (self), NULL);
  return self->self_test_text;
}

gboolean
drivedash_health_failing_model_get_saving (DrivedashHealthFailingModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_FAILING_MODEL (self), FALSE);
  return self->saving;
}

static const char *
backup_text (DrivedashHealthFailingModel *self)
{
  if (self->backup_installed)
    return _("Copy your important files to another drive or an online account with Backups, before anything else.");
  return _("Copy your important files to another drive now: plug in a USB drive, open Files, and drag your folders onto it.");
}

gboolean
drivedash_health_failing_model_open_backups (DrivedashHealthFailingModel  *self,
                                             GAppLaunchContext            *context,
                                             GError                      **error)
{
  g_autoptr(GDesktopAppInfo) app = g_desktop_app_info_new (DRIVEDASH_BACKUP_APP_ID);
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_FAILING_MODEL (self), FALSE);
  if (self->backup_installed != (app != NULL))
    {
      set_bool (self, &self->backup_installed, app != NULL, FAILING_PROP_BACKUP_INSTALLED);
      g_object_notify_by_pspec (G_OBJECT (self), properties[FAILING_PROP_BACKUP_TEXT]);
    }
  if (app == NULL)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                           _("The Backups app is not installed. Copy your files to another drive with Files."));
      return FALSE;
    }
  if (!g_app_info_launch (G_APP_INFO (app), NULL, context, &local))
    {
      g_debug ("launching %s: %s", DRIVEDASH_BACKUP_APP_ID, local->message);
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                           _("The Backups app did not start. Copy your files to another drive with Files."));
      return FALSE;
    }
  return TRUE;
}

/* The report's thread outlives the page's next read: it takes a log of
 * its own, with the exact counts of the one shown. */
static DrivedashEventLog *
copy_event_log (const DrivedashEventLog *log)
{
  DrivedashEventLog *copy;

  if (log == NULL)
    return NULL;
  copy = drivedash_event_log_new (log->max_events);
  for (guint i = 0; i < log->events->len; i++)
    drivedash_event_log_add (copy, drivedash_kernel_event_copy (g_ptr_array_index (log->events, i)));
  memcpy (copy->counts, log->counts, sizeof copy->counts);
  memcpy (copy->last_usec, log->last_usec, sizeof copy->last_usec);
  copy->dropped = log->dropped;
  copy->n_boots = log->n_boots;
  return copy;
}

typedef struct
{
  DrivedashHealthFailingModel *self;
  DrivedashHealth             *health;
  char                        *pdf_path;
  char                        *json_path;
} Save;

static void
save_free (Save *save)
{
  g_object_unref (save->self);
  drivedash_health_unref (save->health);
  g_free (save->pdf_path);
  g_free (save->json_path);
  g_free (save);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Save, save_free)

static void
saved_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  g_autoptr(Save) save = data;
  DrivedashHealthFailingModel *self = save->self;
  g_autoptr(GError) error = NULL;

  g_clear_object (&self->save_cancellable);
  set_bool (self, &self->saving, FALSE, FAILING_PROP_SAVING);
  if (drivedash_evidence_write_finish (result, &error))
    g_signal_emit (self, signals[FAILING_SIGNAL_SAVED], 0, save->pdf_path, save->json_path);
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_signal_emit (self, signals[FAILING_SIGNAL_SAVE_FAILED], 0, error->message);
}

/* The evidence holds every event the journal keeps (up to evidence's
 * cap), not only the page's; where they cannot be read again now, the
 * page's, whose counts are exact and which says what it left out. */
static void
events_for_evidence_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      data)
{
  g_autoptr(Save) save = data;
  DrivedashHealthFailingModel *self = save->self;
  const DrivedashHealthProvider *provider = self->model->provider;
  g_autoptr(GError) error = NULL;
  DrivedashEventLog *log = provider->read_events_finish (result, &error);
  g_autofree char *store_path = NULL;
  DrivedashEvidence *evidence;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_clear_object (&self->save_cancellable);
      set_bool (self, &self->saving, FALSE, FAILING_PROP_SAVING);
      return;
    }
  if (log == NULL)
    {
      g_debug ("evidence: kernel events read again: %s", error->message);
      log = copy_event_log (self->model->event_log);
    }
  evidence = drivedash_evidence_new (save->health, NULL, log, NULL);
  store_path = drivedash_store_get_default_path ();
  drivedash_evidence_write_async (evidence, store_path, save->pdf_path, save->json_path, NULL,
                                  self->save_cancellable, saved_cb, save);
  save = NULL;   /* saved_cb's now */
}

void
drivedash_health_failing_model_save_evidence (DrivedashHealthFailingModel *self,
                                              const char                  *pdf_path,
                                              const char                  *json_path)
{
  DrivedashHealth *h;
  Save *save;

  g_return_if_fail (DRIVEDASH_IS_HEALTH_FAILING_MODEL (self));
  h = self->model ? drivedash_health_model_get_health (self->model) : NULL;
  if (self->saving)
    return;
  if (h == NULL)
    {
      g_signal_emit (self, signals[FAILING_SIGNAL_SAVE_FAILED], 0, _("The drive’s health has not been read yet. Try again in a moment."));
      return;
    }
  save = g_new0 (Save, 1);
  save->self = g_object_ref (self);
  save->health = drivedash_health_ref (h);
  save->pdf_path = g_strdup (pdf_path);
  save->json_path = g_strdup (json_path);
  self->save_cancellable = g_cancellable_new ();
  set_bool (self, &self->saving, TRUE, FAILING_PROP_SAVING);
  self->model->provider->read_events_async (self->model->drive, 0, DRIVEDASH_JOURNAL_EVIDENCE_MAX_EVENTS,
                                            self->save_cancellable, events_for_evidence_cb, save);
}

/* ---------------------------------------------------------------------- */
/* GObject                                                                */

static void
drivedash_health_failing_model_get_property (GObject    *object,
                                             guint       prop_id,
                                             GValue     *value,
                                             GParamSpec *pspec)
{
  DrivedashHealthFailingModel *self = DRIVEDASH_HEALTH_FAILING_MODEL (object);

  switch (prop_id)
    {
    case FAILING_PROP_HEALTH_MODEL:
      g_value_set_object (value, self->model);
      break;
    case FAILING_PROP_FAILING:
      g_value_set_boolean (value, self->failing);
      break;
    case FAILING_PROP_REASONS_TEXT:
      g_value_set_string (value, self->reasons_text);
      break;
    case FAILING_PROP_WHY_TEXT:
      g_value_set_string (value, self->why_text);
      break;
    case FAILING_PROP_BACKUP_INSTALLED:
      g_value_set_boolean (value, self->backup_installed);
      break;
    case FAILING_PROP_BACKUP_TEXT:
      g_value_set_string (value, backup_text (self));
      break;
    case FAILING_PROP_SELF_TEST_TEXT:
      g_value_set_string (value, self->self_test_text);
      break;
    case FAILING_PROP_CAN_START_SELF_TEST:
      g_value_set_boolean (value, self->can_start_self_test);
      break;
    case FAILING_PROP_OFFER_SERVICE:
      g_value_set_boolean (value, self->offer_service);
      break;
    case FAILING_PROP_SELF_TEST_RUNNING:
      g_value_set_boolean (value, self->self_test_running);
      break;
    case FAILING_PROP_SELF_TEST_FRACTION:
      g_value_set_double (value, self->self_test_fraction);
      break;
    case FAILING_PROP_SAVING:
      g_value_set_boolean (value, self->saving);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_failing_model_set_property (GObject      *object,
                                             guint         prop_id,
                                             const GValue *value,
                                             GParamSpec   *pspec)
{
  DrivedashHealthFailingModel *self = DRIVEDASH_HEALTH_FAILING_MODEL (object);

  switch (prop_id)
    {
    case FAILING_PROP_HEALTH_MODEL:
      drivedash_health_failing_model_set_health_model (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Nobody is left to see the answer: the report's thread stops before it
 * writes if it has not started. */
static void
drivedash_health_failing_model_dispose (GObject *object)
{
  DrivedashHealthFailingModel *self = DRIVEDASH_HEALTH_FAILING_MODEL (object);

  g_cancellable_cancel (self->save_cancellable);
  g_cancellable_cancel (self->history_cancellable);
  drivedash_health_failing_model_set_health_model (self, NULL);
  G_OBJECT_CLASS (drivedash_health_failing_model_parent_class)->dispose (object);
}

static void
drivedash_health_failing_model_finalize (GObject *object)
{
  DrivedashHealthFailingModel *self = DRIVEDASH_HEALTH_FAILING_MODEL (object);

  g_free (self->reasons_text);
  g_free (self->why_text);
  g_free (self->self_test_text);
  g_clear_object (&self->save_cancellable);
  g_clear_object (&self->history_cancellable);
  g_clear_pointer (&self->history, g_array_unref);
  g_free (self->history_key);
  G_OBJECT_CLASS (drivedash_health_failing_model_parent_class)->finalize (object);
}

static GParamSpec *
ro_bool (const char *name)
{
  return g_param_spec_boolean (name, NULL, NULL, FALSE,
                               G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static GParamSpec *
ro_string (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static void
drivedash_health_failing_model_class_init (DrivedashHealthFailingModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = drivedash_health_failing_model_get_property;
  object_class->set_property = drivedash_health_failing_model_set_property;
  object_class->dispose = drivedash_health_failing_model_dispose;
  object_class->finalize = drivedash_health_failing_model_finalize;

  properties[FAILING_PROP_HEALTH_MODEL] =
    g_param_spec_object ("health-model", NULL, NULL, DRIVEDASH_TYPE_HEALTH_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[FAILING_PROP_FAILING] = ro_bool ("failing");
  properties[FAILING_PROP_REASONS_TEXT] = ro_string ("reasons-text");
  properties[FAILING_PROP_WHY_TEXT] = ro_string ("why-text");
  properties[FAILING_PROP_BACKUP_INSTALLED] = ro_bool ("backup-installed");
  properties[FAILING_PROP_BACKUP_TEXT] = ro_string ("backup-text");
  properties[FAILING_PROP_SELF_TEST_TEXT] = ro_string ("self-test-text");
  properties[FAILING_PROP_CAN_START_SELF_TEST] = ro_bool ("can-start-self-test");
  properties[FAILING_PROP_OFFER_SERVICE] = ro_bool ("offer-service");
  properties[FAILING_PROP_SELF_TEST_RUNNING] = ro_bool ("self-test-running");
  properties[FAILING_PROP_SELF_TEST_FRACTION] =
    g_param_spec_double ("self-test-fraction", NULL, NULL, 0, 1, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[FAILING_PROP_SAVING] = ro_bool ("saving");
  g_object_class_install_properties (object_class, FAILING_N_PROPS, properties);

  /* The two paths written. */
  signals[FAILING_SIGNAL_SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  /* Why, in words for people. */
  signals[FAILING_SIGNAL_SAVE_FAILED] =
    g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
drivedash_health_failing_model_init (DrivedashHealthFailingModel *self)
{
  g_autoptr(GDesktopAppInfo) app = g_desktop_app_info_new (DRIVEDASH_BACKUP_APP_ID);

  self->backup_installed = app != NULL;
}

DrivedashHealthFailingModel *
drivedash_health_failing_model_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_HEALTH_FAILING_MODEL, NULL);
}
