/* drivedash-run-folder.h — where the long tests and the Full Review put their test file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The demo (drivedash --demo): every test runs on the simulated drive,
 * in DRIVEDASH_SIM_DRIVE_FOLDER (drivedash-folder.h) with its settings'
 * `simulated` set, and writes nothing to a real disk. */
gboolean  drivedash_run_folder_is_simulated   (void);
/* Binds @object's "folder" property to the setting @key through the
 * mappings; in the demo sets it to the simulated drive's folder instead,
 * unbound. */
void      drivedash_run_folder_bind           (GSettings               *settings,
                                               const char              *key,
                                               gpointer                 object,
                                               GSettingsBindGetMapping  get_mapping,
                                               GSettingsBindSetMapping  set_mapping);

/* FALSE, in plain words, when a long test cannot write its file in
 * @path (NULL = home): missing, not a folder, read-only, or shared through
 * the desktop portal (which would measure the portal, not the drive). */
gboolean  drivedash_run_folder_check          (const char *path,
                                               GError    **error);
/* "Data — on Samsung SSD 970 EVO Plus 1TB" for the folder row. */
char     *drivedash_run_folder_subtitle       (const char *path);

/* GSettings "longtest-folder" (a URI, '' = home) ⇄ the model's "folder"
 * (a path, NULL = home), for g_settings_bind_with_mapping(). */
gboolean  drivedash_run_folder_get_mapping    (GValue             *value,
                                               GVariant           *variant,
                                               gpointer            user_data);
GVariant *drivedash_run_folder_set_mapping    (const GValue       *value,
                                               const GVariantType *expected_type,
                                               gpointer            user_data);

G_END_DECLS
