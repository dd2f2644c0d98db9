/* drivedash-closures.h — the small template closures and binding transforms every view uses
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In a template: <closure type="gboolean" function="has_text">…</closure>.
 * A widget class calls drivedash_widget_class_bind_closures() once in its
 * class_init, as gnome-console's kgx-shared-closures.h does, instead of
 * writing its own copy.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* "has_text": TRUE when the string is neither NULL nor empty. */
gboolean drivedash_closure_has_text (gpointer    unused,
                                     const char *text);
/* "not": the boolean turned round. */
gboolean drivedash_closure_not      (gpointer    unused,
                                     gboolean    value);

/* Makes the closures above available to the class's template under the
 * names in quotes. */
void     drivedash_widget_class_bind_closures (GtkWidgetClass *widget_class);

/* GBinding transforms between an enum property and a combo row's
 * "selected" (guint), whose rows are the enum's values in order.  An
 * index that is no value of the enum (no selection) is not passed on. */
gboolean drivedash_enum_to_index (GBinding     *binding,
                                  const GValue *from,
                                  GValue       *to,
                                  gpointer      unused);
gboolean drivedash_index_to_enum (GBinding     *binding,
                                  const GValue *from,
                                  GValue       *to,
                                  gpointer      unused);

G_END_DECLS
