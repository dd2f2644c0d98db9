/* drivedash-health-failing.c — the failing-drive steps: wiring only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The template binds to a DrivedashHealthFailingModel that follows the
 * page's model.  Here: the actions of steps 1 and 3 (step 2 is the page's
 * health.self-test), the file chooser and the toasts.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-closures.h"
#include "drivedash-file-chooser.h"
#include "drivedash-health-failing.h"
#include "drivedash-toast.h"

struct _DrivedashHealthFailing
{
  DrivedashHealthSection       parent_instance;

  DrivedashHealthFailingModel *failing;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthFailing, drivedash_health_failing, DRIVEDASH_TYPE_HEALTH_SECTION)

enum { PROP_0, PROP_FAILING_MODEL, N_PROPS };
static GParamSpec *properties[N_PROPS];

DrivedashHealthFailingModel *
drivedash_health_failing_get_failing_model (DrivedashHealthFailing *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_FAILING (self), NULL);
  return self->failing;
}

static void
toast (DrivedashHealthFailing *self,
       AdwToast               *toast)
{
  adw_toast_set_timeout (toast, 8);
  drivedash_widget_add_toast (GTK_WIDGET (self), toast);
}

static void
open_backups_action (GtkWidget  *widget,
                     const char *action,
                     GVariant   *param)
{
  DrivedashHealthFailing *self = DRIVEDASH_HEALTH_FAILING (widget);
  g_autoptr(GdkAppLaunchContext) context = gdk_display_get_app_launch_context (gtk_widget_get_display (widget));
  g_autoptr(GError) error = NULL;

  if (!drivedash_health_failing_model_open_backups (self->failing, G_APP_LAUNCH_CONTEXT (context), &error))
    toast (self, drivedash_toast_new_plain (error->message));
}

/* The JSON beside the PDF, with the same name. */
static char *
json_path_for (const char *pdf_path)
{
  g_autofree char *stem = g_str_has_suffix (pdf_path, ".pdf")
                          ? g_strndup (pdf_path, strlen (pdf_path) - 4) : g_strdup (pdf_path);

  return g_strconcat (stem, ".json", NULL);
}

static void
evidence_chosen (GObject *owner,
                 GFile   *file)
{
  DrivedashHealthFailing *self = DRIVEDASH_HEALTH_FAILING (owner);
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  g_autofree char *json = NULL;

  if (file == NULL)
    return;
  if (path == NULL)
    {
      toast (self, drivedash_toast_new_plain (_("The evidence can only be saved in a folder on this computer.")));
      return;
    }
  json = json_path_for (path);
  drivedash_health_failing_model_save_evidence (self->failing, path, json);
}

static void
save_evidence_action (GtkWidget  *widget,
                      const char *action,
                      GVariant   *param)
{
  /* Translators: a file name; keep the .pdf (a .json file of the same
   * name is saved beside it) */
  drivedash_file_chooser_run (widget, GTK_FILE_CHOOSER_ACTION_SAVE, _("Save Evidence"), _("_Save"),
                              NULL, _("Drive evidence.pdf"), G_OBJECT (widget), evidence_chosen);
}

/* Show opens the folder the files are in. */
static void
show_folder_cb (AdwToast               *done,
                DrivedashHealthFailing *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  gtk_show_uri (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                g_object_get_data (G_OBJECT (done), "uri"), GDK_CURRENT_TIME);
}

static void
saved_cb (DrivedashHealthFailing *self,
          const char             *pdf_path,
          const char             *json_path)
{
  g_autoptr(GFile) pdf = g_file_new_for_path (pdf_path);
  g_autoptr(GFile) folder = g_file_get_parent (pdf);
  AdwToast *done = adw_toast_new (_("Evidence saved as a PDF and a JSON file"));

  adw_toast_set_button_label (done, _("_Show"));
  g_object_set_data_full (G_OBJECT (done), "uri", g_file_get_uri (folder), g_free);
  g_signal_connect_object (done, "button-clicked", G_CALLBACK (show_folder_cb), self, 0);
  toast (self, done);
}

static void
save_failed_cb (DrivedashHealthFailing *self,
                const char             *message)
{
  toast (self, drivedash_toast_new_plain (message));
}

static void
saving_cb (DrivedashHealthFailing *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "failing.save-evidence",
                                 !drivedash_health_failing_model_get_saving (self->failing));
}

static void
model_changed_cb (DrivedashHealthFailing *self)
{
  drivedash_health_failing_model_set_health_model (
    self->failing, drivedash_health_section_get_model (DRIVEDASH_HEALTH_SECTION (self)));
}

static void
drivedash_health_failing_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  DrivedashHealthFailing *self = DRIVEDASH_HEALTH_FAILING (object);

  switch (prop_id)
    {
    case PROP_FAILING_MODEL:
      g_value_set_object (value, self->failing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_failing_dispose (GObject *object)
{
  DrivedashHealthFailing *self = DRIVEDASH_HEALTH_FAILING (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_HEALTH_FAILING);
  if (self->failing != NULL)
    g_object_run_dispose (G_OBJECT (self->failing));
  g_clear_object (&self->failing);
  G_OBJECT_CLASS (drivedash_health_failing_parent_class)->dispose (object);
}

static void
drivedash_health_failing_class_init (DrivedashHealthFailingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = drivedash_health_failing_get_property;
  object_class->dispose = drivedash_health_failing_dispose;
  properties[PROP_FAILING_MODEL] =
    g_param_spec_object ("failing-model", NULL, NULL, DRIVEDASH_TYPE_HEALTH_FAILING_MODEL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-health-failing.ui");
  drivedash_widget_class_bind_closures (widget_class);
  gtk_widget_class_install_action (widget_class, "failing.open-backups", NULL, open_backups_action);
  gtk_widget_class_install_action (widget_class, "failing.save-evidence", NULL, save_evidence_action);
}

/* The model exists before the template: its bindings look it up. */
static void
drivedash_health_failing_init (DrivedashHealthFailing *self)
{
  self->failing = drivedash_health_failing_model_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (self, "notify::model", G_CALLBACK (model_changed_cb), self);
  g_signal_connect_object (self->failing, "saved", G_CALLBACK (saved_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->failing, "save-failed", G_CALLBACK (save_failed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->failing, "notify::saving", G_CALLBACK (saving_cb), self, G_CONNECT_SWAPPED);
}
