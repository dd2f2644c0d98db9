/* drivedash-health-report-model.c — a report from a file, as a drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-error.h"
#include "drivedash-health-report.h"
#include "drivedash-health-report-model.h"
#include "drivedash-notify.h"

/* A report is a page or two of text; a bigger file is refused before it
 * is read (the reader refuses it too). */
#define MAX_FILE_BYTES (4u << 20)

struct _DrivedashHealthReportModel
{
  GObject                     parent_instance;

  DrivedashHealthReportState  state;
  char                       *file_name;
  char                       *origin;
  char                       *error;
  DrivedashHealthModel       *health_model;
  GCancellable               *cancellable;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthReportModel, drivedash_health_report_model, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (DrivedashHealthReportState, drivedash_health_report_state,
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_HEALTH_REPORT_LOADING, "loading"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_HEALTH_REPORT_SHOWN, "shown"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_HEALTH_REPORT_FAILED, "failed"))

enum { PROP_0, PROP_STATE, PROP_FILE_NAME, PROP_ORIGIN, PROP_ERROR, PROP_HEALTH_MODEL, N_PROPS };
static GParamSpec *properties[N_PROPS];

typedef struct
{
  DrivedashHealth *health;
  GDateTime       *made;
} Read;

static void
read_free (Read *r)
{
  g_clear_pointer (&r->health, drivedash_health_unref);
  g_clear_pointer (&r->made, g_date_time_unref);
  g_free (r);
}

/* In the worker: the file's size first, so a film dropped by mistake is
 * not read into memory. */
static void
read_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  GFile *file = data;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len = 0;
  Read *r;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, cancellable, &error);
  if (info != NULL && g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    error = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                                 _("This is a folder. Choose the file that holds the report."));
  else if (info != NULL && g_file_info_get_size (info) > MAX_FILE_BYTES)
    error = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                                 _("This file is too big to be a health report."));
  else if (info != NULL)
    g_file_load_contents (file, cancellable, &contents, &len, NULL, &error);
  if (error != NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  r = g_new0 (Read, 1);
  r->health = drivedash_health_from_report_dated (contents, (gssize) len, &r->made, &error);
  if (r->health == NULL)
    {
      read_free (r);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_pointer (task, r, (GDestroyNotify) read_free);
}

static void
set_state (DrivedashHealthReportModel *self,
           DrivedashHealthReportState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static char *
origin_text (GDateTime *made)
{
  g_autofree char *day = made != NULL ? drivedash_health_report_format_date (made) : NULL;

  if (day == NULL)
    return g_strdup (_("This is a report from a file, not a drive of this computer. The report does not say "
                       "when it was made."));
  /* Translators: %s is a day, such as "5 June 2024" */
  return g_strdup_printf (_("This is a report from a file, not a drive of this computer. It was made on %s."),
                          day);
}

static void
show (DrivedashHealthReportModel *self,
      Read                       *r)
{
  g_autoptr(DrivedashHealthModel) model = drivedash_health_model_new ();

  drivedash_health_model_show_report (model, r->health);
  g_set_object (&self->health_model, model);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEALTH_MODEL]);
  drivedash_take_string_notify (G_OBJECT (self), &self->origin, origin_text (r->made), properties[PROP_ORIGIN]);
  drivedash_set_string_notify (G_OBJECT (self), &self->error, NULL, properties[PROP_ERROR]);
  set_state (self, DRIVEDASH_HEALTH_REPORT_SHOWN);
}

static void
read_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  DrivedashHealthReportModel *self = DRIVEDASH_HEALTH_REPORT_MODEL (source);
  g_autoptr(GError) error = NULL;
  Read *r = g_task_propagate_pointer (G_TASK (result), &error);

  /* GTask answers "cancelled" when another file was asked for meanwhile. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->cancellable);
  if (r == NULL)
    {
      drivedash_set_string_notify (G_OBJECT (self), &self->error, error->message, properties[PROP_ERROR]);
      set_state (self, DRIVEDASH_HEALTH_REPORT_FAILED);
      return;
    }
  show (self, r);
  read_free (r);
}

void
drivedash_health_report_model_open (DrivedashHealthReportModel *self,
                                    GFile                      *file)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *name = NULL;

  g_return_if_fail (DRIVEDASH_IS_HEALTH_REPORT_MODEL (self));
  g_return_if_fail (G_IS_FILE (file));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  name = g_file_get_basename (file);
  drivedash_set_string_notify (G_OBJECT (self), &self->file_name, name, properties[PROP_FILE_NAME]);
  set_state (self, DRIVEDASH_HEALTH_REPORT_LOADING);
  task = g_task_new (self, self->cancellable, read_done, NULL);
  g_task_set_source_tag (task, drivedash_health_report_model_open);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, read_thread);
}

DrivedashHealthReportState
drivedash_health_report_model_get_state (DrivedashHealthReportModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_REPORT_MODEL (self), DRIVEDASH_HEALTH_REPORT_LOADING);
  return self->state;
}

const char *
drivedash_health_report_model_get_file_name (DrivedashHealthReportModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_REPORT_MODEL (self), NULL);
  return self->file_name;
}

const char *
drivedash_health_report_model_get_origin (DrivedashHealthReportModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_REPORT_MODEL (self), NULL);
  return self->origin;
}

const char *
drivedash_health_report_model_get_error (DrivedashHealthReportModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_REPORT_MODEL (self), NULL);
  return self->error;
}

DrivedashHealthModel *
drivedash_health_report_model_get_health_model (DrivedashHealthReportModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_REPORT_MODEL (self), NULL);
  return self->health_model;
}

static void
drivedash_health_report_model_get_property (GObject    *object,
                                            guint       prop_id,
                                            GValue     *value,
                                            GParamSpec *pspec)
{
  DrivedashHealthReportModel *self = DRIVEDASH_HEALTH_REPORT_MODEL (object);

  switch (prop_id)
    {
    case PROP_STATE: g_value_set_enum (value, self->state); break;
    case PROP_FILE_NAME: g_value_set_string (value, self->file_name); break;
    case PROP_ORIGIN: g_value_set_string (value, self->origin); break;
    case PROP_ERROR: g_value_set_string (value, self->error); break;
    case PROP_HEALTH_MODEL: g_value_set_object (value, self->health_model); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_report_model_dispose (GObject *object)
{
  DrivedashHealthReportModel *self = DRIVEDASH_HEALTH_REPORT_MODEL (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->health_model);
  G_OBJECT_CLASS (drivedash_health_report_model_parent_class)->dispose (object);
}

static void
drivedash_health_report_model_finalize (GObject *object)
{
  DrivedashHealthReportModel *self = DRIVEDASH_HEALTH_REPORT_MODEL (object);

  g_free (self->file_name);
  g_free (self->origin);
  g_free (self->error);
  G_OBJECT_CLASS (drivedash_health_report_model_parent_class)->finalize (object);
}

static void
drivedash_health_report_model_class_init (DrivedashHealthReportModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_health_report_model_get_property;
  object_class->dispose = drivedash_health_report_model_dispose;
  object_class->finalize = drivedash_health_report_model_finalize;

  properties[PROP_STATE] = g_param_spec_enum ("state", NULL, NULL, DRIVEDASH_TYPE_HEALTH_REPORT_STATE,
                                              DRIVEDASH_HEALTH_REPORT_LOADING, flags);
  properties[PROP_FILE_NAME] = g_param_spec_string ("file-name", NULL, NULL, NULL, flags);
  properties[PROP_ORIGIN] = g_param_spec_string ("origin", NULL, NULL, NULL, flags);
  properties[PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, NULL, flags);
  properties[PROP_HEALTH_MODEL] = g_param_spec_object ("health-model", NULL, NULL, DRIVEDASH_TYPE_HEALTH_MODEL,
                                                       flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_health_report_model_init (DrivedashHealthReportModel *self)
{
}

DrivedashHealthReportModel *
drivedash_health_report_model_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_HEALTH_REPORT_MODEL, NULL);
}
