/* drivedash-notify.h — set a property's field and notify only on change
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every view-model's properties are G_PARAM_EXPLICIT_NOTIFY and notify
 * only when their value changes; these do the compare, the store and the
 * notify once for all of them.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Copies @value into *@field and notifies @pspec on @object, unless the
 * text is the same.  Returns whether it changed. */
gboolean drivedash_set_string_notify  (GObject     *object,
                                       char       **field,
                                       const char  *value,
                                       GParamSpec  *pspec);
/* The same, taking @value (transfer full): freed when unchanged. */
gboolean drivedash_take_string_notify (GObject     *object,
                                       char       **field,
                                       char        *value,
                                       GParamSpec  *pspec);

/* Stores !!@value in *@field and notifies @pspec on @object, unless it
 * is the same.  Returns whether it changed. */
gboolean drivedash_set_boolean_notify (GObject     *object,
                                       gboolean    *field,
                                       gboolean     value,
                                       GParamSpec  *pspec);

G_END_DECLS
