/* drivedash-health-upkeep.c — the Upkeep group: weekly trim and offered
 * firmware updates
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Wiring only: the rows bind to the group's DrivedashHealthUpkeepModel,
 * which follows the page model's "drive".  upkeep.turn-on-trim asks
 * systemd (through the model); upkeep.open-software hands the update to
 * GNOME Software.  Drivedash never installs firmware itself.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-health-upkeep.h"
#include "drivedash-toast.h"

struct _DrivedashHealthUpkeep
{
  DrivedashHealthSection      parent_instance;

  DrivedashHealthUpkeepModel *upkeep;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthUpkeep, drivedash_health_upkeep, DRIVEDASH_TYPE_HEALTH_SECTION)

enum { PROP_0, PROP_UPKEEP, N_PROPS };
static GParamSpec *properties[N_PROPS];

DrivedashHealthUpkeepModel *
drivedash_health_upkeep_get_upkeep (DrivedashHealthUpkeep *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_UPKEEP (self), NULL);
  return self->upkeep;
}

static void
toast (DrivedashHealthUpkeep *self,
       const char            *text)
{
  AdwToast *toast = drivedash_toast_new_plain (text);

  adw_toast_set_timeout (toast, 8);
  drivedash_widget_add_toast (GTK_WIDGET (self), toast);
}

static void
follow_drive (DrivedashHealthUpkeep *self)
{
  DrivedashHealthModel *model = drivedash_health_section_get_model (DRIVEDASH_HEALTH_SECTION (self));

  drivedash_health_upkeep_model_set_drive (self->upkeep,
                                           model != NULL ? drivedash_health_model_get_drive (model) : NULL);
}

static void
turn_on_trim_action_cb (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  drivedash_health_upkeep_model_turn_on_trim (DRIVEDASH_HEALTH_UPKEEP (widget)->upkeep);
}

/* GNOME Software's Updates page lists fwupd's firmware with the rest,
 * and installs it with the warnings it needs. */
static void
open_software_action_cb (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  DrivedashHealthUpkeep *self = DRIVEDASH_HEALTH_UPKEEP (widget);
  g_autoptr(GAppLaunchContext) context = NULL;
  g_autoptr(GAppInfo) software = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_find_program_in_path ("gnome-software");

  /* Not found: not installed, or not visible from inside Flatpak's
   * sandbox, where it may well be installed.  Say what works in both. */
  if (path == NULL)
    {
      toast (self, _("Open Software and look under Updates, or run “fwupdmgr update” in a terminal."));
      return;
    }
  software = g_app_info_create_from_commandline ("gnome-software --mode=updates", _("Software"),
                                                 G_APP_INFO_CREATE_SUPPORTS_STARTUP_NOTIFICATION, &error);
  context = G_APP_LAUNCH_CONTEXT (gdk_display_get_app_launch_context (gtk_widget_get_display (widget)));
  if (software == NULL || !g_app_info_launch (software, NULL, context, &error))
    toast (self, error->message);
}

/* No second Turn On while systemd is still asking. */
static void
busy_changed_cb (DrivedashHealthUpkeep *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "upkeep.turn-on-trim",
                                 !drivedash_health_upkeep_model_get_busy (self->upkeep));
}

static void
model_toast_cb (DrivedashHealthUpkeep *self,
                const char            *text)
{
  toast (self, text);
}

static void
drivedash_health_upkeep_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  DrivedashHealthUpkeep *self = DRIVEDASH_HEALTH_UPKEEP (object);

  switch (prop_id)
    {
    case PROP_UPKEEP:
      g_value_set_object (value, self->upkeep);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_upkeep_dispose (GObject *object)
{
  DrivedashHealthUpkeep *self = DRIVEDASH_HEALTH_UPKEEP (object);

  /* Before chaining up, which drops this object's weak references: the
   * model may outlive it (a reading in flight holds it). */
  if (self->upkeep != NULL)
    g_signal_handlers_disconnect_by_data (self->upkeep, self);
  G_OBJECT_CLASS (drivedash_health_upkeep_parent_class)->dispose (object);
  g_clear_object (&self->upkeep);
}

static void
drivedash_health_upkeep_class_init (DrivedashHealthUpkeepClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = drivedash_health_upkeep_get_property;
  object_class->dispose = drivedash_health_upkeep_dispose;
  properties[PROP_UPKEEP] = g_param_spec_object ("upkeep", NULL, NULL, DRIVEDASH_TYPE_HEALTH_UPKEEP_MODEL,
                                                 G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-health-upkeep.ui");
  gtk_widget_class_install_action (widget_class, "upkeep.turn-on-trim", NULL, turn_on_trim_action_cb);
  gtk_widget_class_install_action (widget_class, "upkeep.open-software", NULL, open_software_action_cb);
  g_type_ensure (DRIVEDASH_TYPE_HEALTH_UPKEEP_MODEL);
}

static void
drivedash_health_upkeep_init (DrivedashHealthUpkeep *self)
{
  /* Before the template, whose bindings look it up. */
  self->upkeep = drivedash_health_upkeep_model_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Not a template binding: GTK 4.8 warns when one on the template
   * object itself is torn down with it. */
  g_object_bind_property (self->upkeep, "available", self, "visible", G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->upkeep, "notify::busy", G_CALLBACK (busy_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->upkeep, "toast", G_CALLBACK (model_toast_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_swapped (drivedash_health_section_get_signals (DRIVEDASH_HEALTH_SECTION (self)),
                                  "notify::drive", G_CALLBACK (follow_drive), self);
  g_signal_connect_swapped (self, "notify::model", G_CALLBACK (follow_drive), self);
}
