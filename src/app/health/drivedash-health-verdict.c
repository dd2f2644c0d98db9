/* drivedash-health-verdict.c — the Health page's verdict card
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything it shows is bound in its template; the code here only
 * gives screen readers the card as one sentence.
 */
#include "config.h"

#include "drivedash-closures.h"
#include "drivedash-health-mapping.h"
#include "drivedash-health-verdict.h"

struct _DrivedashHealthVerdict
{
  GtkBox                parent_instance;

  DrivedashHealthModel *model;
  GSignalGroup         *signals;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthVerdict, drivedash_health_verdict, GTK_TYPE_BOX)

enum { PROP_0, PROP_MODEL, N_PROPS };
static GParamSpec *properties[N_PROPS];

static char *
verdict_icon_name_cb (gpointer         this,
                      DrivedashVerdict verdict)
{
  return g_strdup (drivedash_health_verdict_icon_name (verdict));
}

static GStrv
verdict_css_classes_cb (gpointer         this,
                        DrivedashVerdict verdict)
{
  const char *classes[] = { drivedash_health_verdict_style_class (verdict), NULL };

  return g_strdupv ((GStrv) classes);
}

static void
accessible_cb (DrivedashHealthVerdict *self)
{
  g_autofree char *title = NULL;
  g_autofree char *reasons = NULL;

  g_object_get (self->model, "title", &title, "reasons-text", &reasons, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title ? title : "",
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, reasons ? reasons : "",
                                  -1);
}

static void
drivedash_health_verdict_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  DrivedashHealthVerdict *self = DRIVEDASH_HEALTH_VERDICT (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_verdict_set_property (GObject      *object,
                                       guint         prop_id,
                                       const GValue *value,
                                       GParamSpec   *pspec)
{
  DrivedashHealthVerdict *self = DRIVEDASH_HEALTH_VERDICT (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      if (g_set_object (&self->model, g_value_get_object (value)))
        {
          g_signal_group_set_target (self->signals, self->model);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_verdict_dispose (GObject *object)
{
  DrivedashHealthVerdict *self = DRIVEDASH_HEALTH_VERDICT (object);

  g_signal_group_set_target (self->signals, NULL);
  g_clear_object (&self->model);
  gtk_widget_dispose_template (GTK_WIDGET (self), DRIVEDASH_TYPE_HEALTH_VERDICT);
  G_OBJECT_CLASS (drivedash_health_verdict_parent_class)->dispose (object);
}

static void
drivedash_health_verdict_finalize (GObject *object)
{
  g_clear_object (&DRIVEDASH_HEALTH_VERDICT (object)->signals);
  G_OBJECT_CLASS (drivedash_health_verdict_parent_class)->finalize (object);
}

static void
drivedash_health_verdict_class_init (DrivedashHealthVerdictClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = drivedash_health_verdict_get_property;
  object_class->set_property = drivedash_health_verdict_set_property;
  object_class->dispose = drivedash_health_verdict_dispose;
  object_class->finalize = drivedash_health_verdict_finalize;

  properties[PROP_MODEL] = g_param_spec_object ("model", NULL, NULL, DRIVEDASH_TYPE_HEALTH_MODEL,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-health-verdict.ui");
  drivedash_widget_class_bind_closures (widget_class);
  gtk_widget_class_bind_template_callback (widget_class, verdict_icon_name_cb);
  gtk_widget_class_bind_template_callback (widget_class, verdict_css_classes_cb);
}

static void
drivedash_health_verdict_init (DrivedashHealthVerdict *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->signals = g_signal_group_new (DRIVEDASH_TYPE_HEALTH_MODEL);
  g_signal_group_connect_swapped (self->signals, "notify::title", G_CALLBACK (accessible_cb), self);
  g_signal_group_connect_swapped (self->signals, "notify::reasons-text", G_CALLBACK (accessible_cb), self);
}
