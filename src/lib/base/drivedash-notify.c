/* drivedash-notify.c — set a property's field and notify only on change
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-notify.h"

gboolean
drivedash_take_string_notify (GObject    *object,
                              char      **field,
                              char       *value,
                              GParamSpec *pspec)
{
  if (g_strcmp0 (*field, value) == 0)
    {
      g_free (value);
      return FALSE;
    }
  g_free (*field);
  *field = value;
  g_object_notify_by_pspec (object, pspec);
  return TRUE;
}

gboolean
drivedash_set_string_notify (GObject    *object,
                             char      **field,
                             const char *value,
                             GParamSpec *pspec)
{
  /* g_set_str() would do the first half, but it is GLib 2.76. */
  return drivedash_take_string_notify (object, field, g_strdup (value), pspec);
}

gboolean
drivedash_set_boolean_notify (GObject    *object,
                              gboolean   *field,
                              gboolean    value,
                              GParamSpec *pspec)
{
  if (*field == !!value)
    return FALSE;
  *field = !!value;
  g_object_notify_by_pspec (object, pspec);
  return TRUE;
}
