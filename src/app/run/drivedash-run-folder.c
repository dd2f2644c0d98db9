/* drivedash-run-folder.c — where the long tests and the Full Review put their test file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The folder decides which drive is tested, so the user picks it as on
 * the Speed page, and it is kept as a URI like the Speed page's (GSettings
 * strings must be UTF-8; file names need not be).  A folder that cannot
 * take the file is refused when it is picked, not hours into a run.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-bench-format.h"
#include "drivedash-bench-options.h"
#include "drivedash-demo.h"
#include "drivedash-error.h"
#include "drivedash-folder.h"
#include "drivedash-run-folder.h"

gboolean
drivedash_run_folder_is_simulated (void)
{
  return drivedash_demo_get_enabled ();
}

void
drivedash_run_folder_bind (GSettings               *settings,
                           const char              *key,
                           gpointer                 object,
                           GSettingsBindGetMapping  get_mapping,
                           GSettingsBindSetMapping  set_mapping)
{
  g_autoptr(GVariant) simulated = NULL;
  GParamSpec *pspec;
  g_auto(GValue) value = G_VALUE_INIT;

  if (!drivedash_run_folder_is_simulated ())
    {
      g_settings_bind_with_mapping (settings, key, object, "folder", G_SETTINGS_BIND_DEFAULT,
                                    get_mapping, set_mapping, NULL, NULL);
      return;
    }
  /* The user's own choice stays in the settings for the real app. */
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (object), "folder");
  g_value_init (&value, pspec->value_type);
  simulated = g_variant_ref_sink (g_variant_new_string (DRIVEDASH_SIM_DRIVE_FOLDER));
  get_mapping (&value, simulated, NULL);
  g_object_set_property (object, "folder", &value);
}

gboolean
drivedash_run_folder_check (const char  *path,
                            GError     **error)
{
  g_autofree char *name = NULL;
  g_autofree char *probe = NULL;
  int fd;

  if (g_strcmp0 (path, DRIVEDASH_SIM_DRIVE_FOLDER) == 0)
    return TRUE;
  if (path == NULL)
    path = g_get_home_dir ();
  name = g_filename_display_name (path);
  if (g_str_has_prefix (path, "/run/user/") && strstr (path, "/doc/"))
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           _("This folder was shared through the desktop portal, which would slow the test down and hide the drive's real speed. Pick a folder in your home folder or on a removable drive instead."));
      return FALSE;
    }
  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                   _("The folder “%s” does not exist (any more). Pick another folder."), name);
      return FALSE;
    }
  /* Creating a file is the question; permission bits alone would not
   * say it for root or for a filesystem mounted read-only. */
  probe = g_build_filename (path, ".drivedash-probe-XXXXXX", NULL);
  fd = g_mkstemp (probe);
  if (fd < 0)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_WRITABLE,
                   _("The test cannot write in “%s”: the folder is read-only. Pick a folder you can save files in."),
                   name);
      return FALSE;
    }
  close (fd);
  g_unlink (probe);
  return TRUE;
}

char *
drivedash_run_folder_subtitle (const char *path)
{
  g_autoptr(DrivedashFolderInfo) info = drivedash_folder_probe (path);
  g_autofree char *base = g_filename_display_basename (path ? path : g_get_home_dir ());
  g_autofree char *drive = NULL;

  if (g_strcmp0 (path, DRIVEDASH_SIM_DRIVE_FOLDER) == 0)
    return drivedash_bench_format_folder (path, NULL);
  if (!info->is_directory)
    return g_steal_pointer (&base);
  drive = drivedash_folder_info_dup_drive_text (info);
  /* Translators: the Long Tests' folder row: "Data — on Samsung SSD 980" */
  return g_strdup_printf (_("%s — %s"), base, drive);
}

gboolean
drivedash_run_folder_get_mapping (GValue   *value,
                                  GVariant *variant,
                                  gpointer  user_data)
{
  g_autoptr(GFile) file = drivedash_bench_folder_from_setting (g_variant_get_string (variant, NULL));
  g_autofree char *path = g_file_get_path (file);

  g_value_set_string (value, g_strcmp0 (path, g_get_home_dir ()) == 0 ? NULL : path);
  return TRUE;
}

GVariant *
drivedash_run_folder_set_mapping (const GValue       *value,
                                  const GVariantType *expected_type,
                                  gpointer            user_data)
{
  const char *path = g_value_get_string (value);
  g_autoptr(GFile) file = path ? g_file_new_for_path (path) : NULL;
  g_autofree char *text = drivedash_bench_folder_to_setting (file);

  return g_variant_new_string (text);
}
