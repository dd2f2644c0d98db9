/* drivedash-run-notes.c — why results can't be the drive's speed, and
 * what the drive saw, under a run's results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One widget for the Speed page (bound to its guide) and History (set
 * from the kept run): a heading in warning colour over the reasons, and
 * an expander over what the drive saw.  It holds nothing but the two
 * texts; the template's parts bind to them, and it shows itself only
 * when there is one.
 */
#include "config.h"

#include "drivedash-notify.h"
#include "drivedash-run-notes.h"

struct _DrivedashRunNotes
{
  GtkBox  parent_instance;

  char   *doubt_text;
  char   *device_text;
};

enum {
  PROP_0,
  PROP_DOUBT_TEXT,
  PROP_DEVICE_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (DrivedashRunNotes, drivedash_run_notes, GTK_TYPE_BOX)

static gboolean
has_text (gpointer    unused,
          const char *text)
{
  return text != NULL && *text != '\0';
}

static void
update_visible (DrivedashRunNotes *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self),
                          has_text (NULL, self->doubt_text) || has_text (NULL, self->device_text));
}

void
drivedash_run_notes_set_doubt_text (DrivedashRunNotes *self,
                                    const char        *text)
{
  g_return_if_fail (DRIVEDASH_IS_RUN_NOTES (self));
  if (drivedash_set_string_notify (G_OBJECT (self), &self->doubt_text, text, properties[PROP_DOUBT_TEXT]))
    update_visible (self);
}

void
drivedash_run_notes_set_device_text (DrivedashRunNotes *self,
                                     const char        *text)
{
  g_return_if_fail (DRIVEDASH_IS_RUN_NOTES (self));
  if (drivedash_set_string_notify (G_OBJECT (self), &self->device_text, text, properties[PROP_DEVICE_TEXT]))
    update_visible (self);
}

static void
drivedash_run_notes_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  DrivedashRunNotes *self = DRIVEDASH_RUN_NOTES (object);

  switch (prop_id)
    {
    case PROP_DOUBT_TEXT:  g_value_set_string (value, self->doubt_text); break;
    case PROP_DEVICE_TEXT: g_value_set_string (value, self->device_text); break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_run_notes_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  DrivedashRunNotes *self = DRIVEDASH_RUN_NOTES (object);

  switch (prop_id)
    {
    case PROP_DOUBT_TEXT:  drivedash_run_notes_set_doubt_text (self, g_value_get_string (value)); break;
    case PROP_DEVICE_TEXT: drivedash_run_notes_set_device_text (self, g_value_get_string (value)); break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_run_notes_finalize (GObject *object)
{
  DrivedashRunNotes *self = DRIVEDASH_RUN_NOTES (object);

  g_free (self->doubt_text);
  g_free (self->device_text);
  G_OBJECT_CLASS (drivedash_run_notes_parent_class)->finalize (object);
}

static void
drivedash_run_notes_class_init (DrivedashRunNotesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_run_notes_get_property;
  object_class->set_property = drivedash_run_notes_set_property;
  object_class->finalize = drivedash_run_notes_finalize;

  properties[PROP_DOUBT_TEXT] = g_param_spec_string ("doubt-text", NULL, NULL, NULL, rw);
  properties[PROP_DEVICE_TEXT] = g_param_spec_string ("device-text", NULL, NULL, NULL, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/drivedash/Drivedash/drivedash-run-notes.ui");
  gtk_widget_class_bind_template_callback (widget_class, has_text);
}

static void
drivedash_run_notes_init (DrivedashRunNotes *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
