/* drivedash-closures.c — the small template closures every view uses
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
