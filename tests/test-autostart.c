/* test-autostart.c — the autostart desktop file of the background watch:
 * written where the session starts it, valid for desktop-file-validate,
 * removed again; a folder that cannot be written gives a plain error
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "drivedash-autostart.h"

#include "drivedash-test-tree.h"

static char *config_dir;

static void
test_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = drivedash_autostart_get_path ();
  g_autofree char *expected = g_build_filename (config_dir, "autostart", APP_ID ".desktop", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *validator = g_find_program_in_path ("desktop-file-validate");

  g_assert_cmpstr (path, ==, expected);
  g_assert_true (drivedash_autostart_set_file (TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "\nExec=drivedash --background\n"));
  g_assert_nonnull (strstr (contents, "\nX-GNOME-Autostart-enabled=true\n"));
  if (validator != NULL)
    {
      g_autofree char *out = NULL;
      int status;

      g_assert_true (g_spawn_sync (NULL, (char *[]) { validator, path, NULL }, NULL,
                                   G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, &error));
      g_test_message ("desktop-file-validate: %s", out);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      g_assert_cmpstr (out, ==, "");
    }
  /* Again: still one file, the same. */
  g_assert_true (drivedash_autostart_set_file (TRUE, &error));
  g_assert_true (drivedash_autostart_set_file (FALSE, &error));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (drivedash_autostart_set_file (FALSE, &error));
  g_assert_no_error (error);
}

static void
test_unwritable (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *autostart = g_build_filename (config_dir, "autostart", NULL);

  drivedash_test_tree_remove (autostart);
  /* A file where the folder should be. */
  g_assert_true (g_file_set_contents (autostart, "", 0, NULL));
  g_assert_false (drivedash_autostart_set_file (TRUE, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "could not set itself to start at login"));
  g_assert_nonnull (strstr (error->message, autostart));
  g_unlink (autostart);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  config_dir = g_dir_make_tmp ("drivedash-autostart-XXXXXX", &error);
  g_assert_no_error (error);
  /* Before anything asks GLib for the folder: it is read once. */
  g_setenv ("XDG_CONFIG_HOME", config_dir, TRUE);
  g_test_add_func ("/autostart/file", test_file);
  g_test_add_func ("/autostart/unwritable", test_unwritable);
  status = g_test_run ();
  drivedash_test_tree_remove (config_dir);
  g_free (config_dir);
  return status;
}
