/* drivedash-service-offer.c — "Get Full Features" in plain words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <grp.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-service-offer.h"
#include "drivedash-service-offer-private.h"

static gboolean
in_group (const char *name)
{
  struct group *g = getgrnam (name);
  gid_t groups[256];
  int n;

  if (g == NULL)
    return FALSE;
  if (getegid () == g->gr_gid)
    return TRUE;
  n = getgroups (G_N_ELEMENTS (groups), groups);
  for (int i = 0; i < n; i++)
    if (groups[i] == g->gr_gid)
      return TRUE;
  return FALSE;
}

static char *os_release_override;

void
drivedash_service_offer_set_os_release_for_testing (const char *path)
{
  g_free (os_release_override);
  os_release_override = g_strdup (path);
}

void
drivedash_service_offer_place_detect (DrivedashServiceOfferPlace *place)
{
  place->sandboxed = g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS);
  place->os_release = os_release_override ? os_release_override
                      : place->sandboxed ? "/run/host/os-release" : NULL;
  place->reads_journal = !place->sandboxed && (getuid () == 0 || in_group ("adm") ||
                                               in_group ("systemd-journal"));
  place->software_app = NULL;
  place->udisks_nvme = FALSE;
}

/* The ID and ID_LIKE words of an os-release file: "ubuntu debian". */
static char *
read_ids (const char *path)
{
  const char *paths[] = { path, "/etc/os-release", "/usr/lib/os-release" };
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  GString *ids = g_string_new (NULL);

  for (guint i = path ? 0 : 1; i < G_N_ELEMENTS (paths) && contents == NULL; i++)
    if (!g_file_get_contents (paths[i], &contents, NULL, NULL))
      g_clear_pointer (&contents, g_free);
  lines = g_strsplit (contents ? contents : "", "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *value = g_str_has_prefix (lines[i], "ID=") ? lines[i] + 3
                          : g_str_has_prefix (lines[i], "ID_LIKE=") ? lines[i] + 8 : NULL;
      g_autofree char *word = NULL;

      if (value == NULL)
        continue;
      /* Quoted or not, as os-release(5) allows. */
      word = g_shell_unquote (value, NULL);
      if (word != NULL)
        g_string_append_printf (ids, " %s ", word);
    }
  return g_string_free (ids, FALSE);
}

static gboolean
debian_like (const char *os_release)
{
  g_autofree char *ids = read_ids (os_release);

  return strstr (ids, " debian ") != NULL || strstr (ids, " ubuntu ") != NULL;
}

char *
drivedash_service_offer_dup_text (const DrivedashServiceOfferPlace *place,
                                  char                            **command)
{
  GString *text = g_string_new (_("The Drivedash system service is a small helper that runs with the rights "
                                  "Drivedash needs to look after your drives. With it, Drivedash can:"));

  g_string_append_printf (text, "\n• %s", _("keep a drive at full power (game mode)"));
  if (place->udisks_nvme)
    g_string_append_printf (text, "\n• %s", _("read the drive’s own error log and power settings, which "
                                              "the system’s disk service does not show"));
  else
    {
      g_string_append_printf (text, "\n• %s", _("read the drive’s whole health report, its wear and errors "
                                                "included, without asking for your password"));
      g_string_append_printf (text, "\n• %s", _("start the drive’s own self-test"));
    }
  if (place->sandboxed)
    g_string_append_printf (text, "\n• %s", _("read what the system reported about the drive, which an app "
                                              "installed from Flathub cannot see on its own"));
  else if (!place->reads_journal)
    g_string_append_printf (text, "\n• %s", _("read what the system reported about the drive, which your "
                                              "account cannot see on its own"));
  g_string_append (text, "\n\n");
  if (command != NULL)
    *command = NULL;
  if (debian_like (place->os_release))
    {
      if (place->software_app != NULL)
        /* Translators: the first %s is the package's name,
         * "drivedash-service", the second the software app's, "Software" */
        g_string_append_printf (text, _("To get it, install the “%s” package with %s, or with the command "
                                        "below. Drivedash notices it by itself once it is installed."),
                                DRIVEDASH_SERVICE_PACKAGE, place->software_app);
      else
        /* Translators: %s is the package's name, "drivedash-service" */
        g_string_append_printf (text, _("To get it, install the “%s” package with your software app, or with "
                                        "the command below. Drivedash notices it by itself once it is installed."),
                                DRIVEDASH_SERVICE_PACKAGE);
      if (command != NULL)
        *command = g_strdup ("sudo apt install " DRIVEDASH_SERVICE_PACKAGE);
    }
  else
    /* Translators: %s is a web address */
    g_string_append_printf (text, _("How to get it on this system is explained at %s. Drivedash notices it by "
                                    "itself once it is installed."), DRIVEDASH_SERVICE_INSTALL_URL);
  return g_string_free (text, FALSE);
}
