/* drivedash-app-identity.c — which app a process belongs to (see the
 * header)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * systemd's naming of desktop apps: systemd.special(7) and the XDG
 * standardization of app units (app[-<launcher>]-<ApplicationID>[@<RANDOM>].service,
 * app[-<launcher>]-<ApplicationID>-<RANDOM>.scope), with "-" inside the
 * ID escaped as \x2d.
 */
#include "config.h"

#include <string.h>

#include "drivedash-app-identity.h"

#define MAX_NAME 128

static const char *const launchers[] = { "gnome-", "flatpak-", "kde-", "dbus-", "snap-" };

/* Printable, at most MAX_NAME bytes (whole UTF-8 characters). */
static char *
printable (const char *name)
{
  g_autofree char *valid = g_utf8_make_valid (name, -1);
  GString *out = g_string_new (NULL);

  for (const char *p = valid; *p != '\0' && out->len < MAX_NAME; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c) || !g_unichar_isprint (c))
        g_string_append_c (out, '?');
      else
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

/* systemd's \xNN escapes back to their bytes. */
static char *
unescape (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (p[0] == '\\' && p[1] == 'x' && g_ascii_isxdigit (p[2]) && g_ascii_isxdigit (p[3]))
        {
          g_string_append_c (out, (char) (g_ascii_xdigit_value (p[2]) * 16 + g_ascii_xdigit_value (p[3])));
          p += 3;
        }
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* "app-gnome-org.gnome.Nautilus-1234.scope" → "org.gnome.Nautilus". */
static char *
app_of_unit (const char *unit)
{
  g_autofree char *id = NULL;
  char *cut;

  if (!g_str_has_prefix (unit, "app-"))
    return NULL;
  if (g_str_has_suffix (unit, ".scope"))
    {
      id = g_strndup (unit + 4, strlen (unit) - 4 - strlen (".scope"));
      if ((cut = strrchr (id, '-')) != NULL)
        *cut = '\0';
    }
  else if (g_str_has_suffix (unit, ".service"))
    {
      id = g_strndup (unit + 4, strlen (unit) - 4 - strlen (".service"));
      if ((cut = strchr (id, '@')) != NULL)
        *cut = '\0';
    }
  else
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (launchers); i++)
    if (g_str_has_prefix (id, launchers[i]) && id[strlen (launchers[i])] != '\0')
      {
        memmove (id, id + strlen (launchers[i]), strlen (id) - strlen (launchers[i]) + 1);
        break;
      }
  return *id != '\0' ? unescape (id) : NULL;
}

char *
drivedash_app_identity_app_of_cgroup (const char *cgroup_path)
{
  g_auto(GStrv) parts = g_strsplit (cgroup_path ? cgroup_path : "", "/", -1);

  /* The innermost app unit: a scope inside an app's service counts as the app. */
  for (guint n = g_strv_length (parts); n > 0; n--)
    {
      g_autofree char *app = app_of_unit (parts[n - 1]);

      if (app != NULL)
        return printable (app);
    }
  if (parts[0] != NULL && parts[1] != NULL && g_str_equal (parts[1], "system.slice") &&
      parts[2] != NULL && g_str_has_suffix (parts[2], ".service"))
    {
      g_autofree char *unit = unescape (parts[2]);
      g_autofree char *name = g_strdup_printf ("System: %s", unit);

      return printable (name);
    }
  return NULL;
}

char *
drivedash_app_identity_from_cgroup (const char *cgroup_path,
                                    const char *comm)
{
  char *app = drivedash_app_identity_app_of_cgroup (cgroup_path);

  if (app != NULL)
    return app;
  return printable (comm != NULL && *comm != '\0' ? comm : "?");
}

char *
drivedash_app_identity_cgroup_path (const char *contents)
{
  g_auto(GStrv) lines = g_strsplit (contents ? contents : "", "\n", -1);
  const char *systemd = NULL;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "0::"))
        return g_strdup (lines[i] + 3);
      if (strstr (lines[i], ":name=systemd:") != NULL)
        systemd = strstr (lines[i], ":name=systemd:") + strlen (":name=systemd:");
    }
  return g_strdup (systemd);
}
