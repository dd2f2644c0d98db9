/* drivedash-closures.c — the small template closures and binding transforms every view uses
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-closures.h"

gboolean
drivedash_closure_has_text (gpointer    unused,
                            const char *text)
{
  return text != NULL && *text != '\0';
}

gboolean
drivedash_closure_not (gpointer unused,
                       gboolean value)
{
  return !value;
}

void
drivedash_widget_class_bind_closures (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback_full (widget_class, "has_text",
                                                G_CALLBACK (drivedash_closure_has_text));
  gtk_widget_class_bind_template_callback_full (widget_class, "not",
                                                G_CALLBACK (drivedash_closure_not));
}

gboolean
drivedash_enum_to_index (GBinding     *binding,
                         const GValue *from,
                         GValue       *to,
                         gpointer      unused)
{
  g_value_set_uint (to, (guint) g_value_get_enum (from));
  return TRUE;
}

gboolean
drivedash_index_to_enum (GBinding     *binding,
                         const GValue *from,
                         GValue       *to,
                         gpointer      unused)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (G_VALUE_TYPE (to));
  guint index = g_value_get_uint (from);

  if (index > G_MAXINT || g_enum_get_value (klass, (int) index) == NULL)
    return FALSE;
  g_value_set_enum (to, (int) index);
  return TRUE;
}
