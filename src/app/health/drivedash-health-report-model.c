/* drivedash-health-report-model.c — a report from a file, as a drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-health-report.h"
#include "drivedash-health-report-model.h"
#include "drivedash-notify.h"

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

typedef struct
{
  GPtrArray *files;   /* GFile */
} Files;

static void
files_free (Files *f)
{
  g_ptr_array_unref (f->files);
  g_free (f);
}

/* In the worker: the reader refuses a folder or a film dropped by
 * mistake before reading it. */
static void
read_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  Files *f = data;
  g_autoptr(GError) error = NULL;
  Read *r = g_new0 (Read, 1);

  r->health = drivedash_health_read_report_files ((GFile **) f->files->pdata, f->files->len, &r->made,
                                                  cancellable, &error);
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
drivedash_health_report_model_open_files (DrivedashHealthReportModel *self,
                                          GFile                     **files,
                                          guint                       n_files)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  Files *f;

  g_return_if_fail (DRIVEDASH_IS_HEALTH_REPORT_MODEL (self));
  g_return_if_fail (files != NULL && n_files > 0);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  f = g_new0 (Files, 1);
  f->files = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *name = g_file_get_basename (files[i]);

      g_ptr_array_add (f->files, g_object_ref (files[i]));
      g_string_append_printf (names, "%s%s", i > 0 ? " + " : "", name);
    }
  drivedash_set_string_notify (G_OBJECT (self), &self->file_name, names->str, properties[PROP_FILE_NAME]);
  set_state (self, DRIVEDASH_HEALTH_REPORT_LOADING);
  task = g_task_new (self, self->cancellable, read_done, NULL);
  g_task_set_source_tag (task, drivedash_health_report_model_open_files);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_set_task_data (task, f, (GDestroyNotify) files_free);
  g_task_run_in_thread (task, read_thread);
}

void
drivedash_health_report_model_open (DrivedashHealthReportModel *self,
                                    GFile                      *file)
{
  g_return_if_fail (G_IS_FILE (file));
  drivedash_health_report_model_open_files (self, &file, 1);
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
