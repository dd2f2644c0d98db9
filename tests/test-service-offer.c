/* test-service-offer.c — "Get Full Features" in words: what the system
 * service adds, and how to get it on Debian 12, Ubuntu 24.04 and a
 * distribution without our package, read from os-release files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "drivedash-service-offer.h"

static char *dir;

static char *
put_os_release (const char *name,
                const char *contents)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return path;
}

static void
test_debian_and_ubuntu (void)
{
  g_autofree char *debian = put_os_release ("debian", "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n"
                                            "NAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\nID=debian\n");
  g_autofree char *ubuntu = put_os_release ("ubuntu", "PRETTY_NAME=\"Ubuntu 24.04.1 LTS\"\nNAME=\"Ubuntu\"\n"
                                            "VERSION_ID=\"24.04\"\nID=ubuntu\nID_LIKE=debian\n");
  const char *paths[] = { debian, ubuntu };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      DrivedashServiceOfferPlace place = { paths[i], FALSE, TRUE };
      g_autofree char *command = NULL;
      g_autofree char *text = drivedash_service_offer_dup_text (&place, &command);

      g_assert_cmpstr (command, ==, "sudo apt install drivedash-service");
      g_assert_nonnull (strstr (text, "• keep a drive at full power (game mode)"));
      g_assert_nonnull (strstr (text, "install the “drivedash-service” package with your software app"));
      /* A user who reads the journal loses nothing there. */
      g_assert_null (strstr (text, "what the system reported"));
      /* No commands or README in the words themselves. */
      g_assert_null (strstr (text, "sudo"));
      g_assert_null (strstr (text, "README"));
    }
  /* The desktop's software app, where the caller found one, by name. */
  {
    DrivedashServiceOfferPlace place = { debian, FALSE, TRUE, "Software" };
    g_autofree char *command = NULL;
    g_autofree char *text = drivedash_service_offer_dup_text (&place, &command);

    g_assert_nonnull (strstr (text, "install the “drivedash-service” package with Software, or with the command below."));
  }
}

/* With UDisks 2.10 the system's disk service reads the health report and
 * starts self-tests: the service adds the rest, and says only that. */
static void
test_udisks_nvme (void)
{
  g_autofree char *debian = put_os_release ("debian", "ID=debian\n");
  DrivedashServiceOfferPlace place = { debian, FALSE, TRUE, NULL, TRUE };
  g_autofree char *command = NULL;
  g_autofree char *text = drivedash_service_offer_dup_text (&place, &command);

  g_assert_nonnull (strstr (text, "• keep a drive at full power (game mode)"));
  g_assert_nonnull (strstr (text, "error log"));
  g_assert_null (strstr (text, "whole health report"));
  g_assert_null (strstr (text, "self-test"));
  g_assert_cmpstr (command, ==, "sudo apt install drivedash-service");
}

static void
test_elsewhere (void)
{
  g_autofree char *fedora = put_os_release ("fedora", "NAME=\"Fedora Linux\"\nID=fedora\nVERSION_ID=41\n");
  DrivedashServiceOfferPlace place = { fedora, FALSE, FALSE };
  g_autofree char *command = NULL;
  g_autofree char *text = drivedash_service_offer_dup_text (&place, &command);

  g_assert_null (command);
  g_assert_nonnull (strstr (text, DRIVEDASH_SERVICE_INSTALL_URL));
  /* Outside adm and systemd-journal, the kernel's messages need it. */
  g_assert_nonnull (strstr (text, "which your account cannot see on its own"));
}

/* Inside the Flatpak: the host's os-release, and the sandbox's blind spot. */
static void
test_sandboxed (void)
{
  g_autofree char *host = put_os_release ("host", "ID='ubuntu'\nID_LIKE='debian'\n");
  DrivedashServiceOfferPlace place = { host, TRUE, FALSE };
  g_autofree char *command = NULL;
  g_autofree char *text = drivedash_service_offer_dup_text (&place, &command);

  g_assert_cmpstr (command, ==, "sudo apt install drivedash-service");
  g_assert_nonnull (strstr (text, "which an app installed from Flathub cannot see on its own"));
}

/* A missing or hostile file: the generic way, no command, no crash. */
static void
test_unreadable (void)
{
  g_autofree char *gone = g_build_filename (dir, "gone", NULL);
  g_autofree char *hostile = put_os_release ("hostile", "ID=\"debian\nID_LIKE=\"'\\\nID=\n\n\n=");
  const char *paths[] = { gone, hostile };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      DrivedashServiceOfferPlace place = { paths[i], TRUE, FALSE };
      g_autofree char *command = NULL;
      g_autofree char *text = drivedash_service_offer_dup_text (&place, &command);

      g_assert_nonnull (text);
      g_test_message ("%s: %s", paths[i], command ? command : "(no command)");
    }
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  dir = g_dir_make_tmp ("drivedash-offer-XXXXXX", NULL);
  g_test_add_func ("/service-offer/debian-and-ubuntu", test_debian_and_ubuntu);
  g_test_add_func ("/service-offer/udisks-nvme", test_udisks_nvme);
  g_test_add_func ("/service-offer/elsewhere", test_elsewhere);
  g_test_add_func ("/service-offer/sandboxed", test_sandboxed);
  g_test_add_func ("/service-offer/unreadable", test_unreadable);
  ret = g_test_run ();
  {
    g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", dir);

    g_spawn_command_line_sync (rm, NULL, NULL, NULL, NULL);
  }
  g_free (dir);
  return ret;
}
