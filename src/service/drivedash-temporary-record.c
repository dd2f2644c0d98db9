/* drivedash-temporary-record.c — temporary game-mode changes kept under
 * /run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

#include "drivedash-temporary-record.h"

#define GROUP "Temporary"
/* More holders than this in one file is not something we wrote. */
#define MAX_HOLDERS_IN_FILE 4096

DrivedashTemporaryRecord *
drivedash_temporary_record_new (const char *controller,
                                const char *serial,
                                gboolean    enabled,
                                gboolean    persistent,
                                const char *bus_id)
{
  DrivedashTemporaryRecord *record = g_new0 (DrivedashTemporaryRecord, 1);

  record->controller = g_strdup (controller);
  record->serial = g_strdup (serial != NULL ? serial : "");
  record->enabled = enabled;
  record->persistent = persistent;
  record->bus_id = g_strdup (bus_id != NULL ? bus_id : "");
  record->holders = g_ptr_array_new_with_free_func (g_free);
  return record;
}

void
drivedash_temporary_record_free (DrivedashTemporaryRecord *record)
{
  if (record == NULL)
    return;
  g_free (record->controller);
  g_free (record->serial);
  g_free (record->bus_id);
  g_ptr_array_unref (record->holders);
  g_free (record);
}

static char *
records_dir (const DrivedashPowerPaths *paths)
{
  return g_build_filename (paths->state_dir, "temporary", NULL);
}

static char *
record_path (const DrivedashPowerPaths *paths,
             const char                *controller)
{
  g_autofree char *dir = records_dir (paths);

  return g_build_filename (dir, controller, NULL);
}

void
drivedash_temporary_record_save (const DrivedashPowerPaths      *paths,
                                 const DrivedashTemporaryRecord *record)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autofree char *dir = records_dir (paths);
  g_autofree char *path = record_path (paths, record->controller);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_key_file_set_string (file, GROUP, "Serial", record->serial);
  g_key_file_set_boolean (file, GROUP, "Enabled", record->enabled);
  g_key_file_set_boolean (file, GROUP, "Persistent", record->persistent);
  g_key_file_set_string (file, GROUP, "Bus", record->bus_id);
  g_key_file_set_string_list (file, GROUP, "Holders",
                              (const char * const *) record->holders->pdata,
                              record->holders->len);
  contents = g_key_file_to_data (file, NULL, NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    g_warning ("%s: %s; a restart of the service would forget the temporary change",
               dir, g_strerror (errno));
  else if (!g_file_set_contents_full (path, contents, -1, G_FILE_SET_CONTENTS_CONSISTENT,
                                      0600, &error))
    g_warning ("%s; a restart of the service would forget the temporary change",
               error->message);
}

void
drivedash_temporary_record_remove (const DrivedashPowerPaths *paths,
                                   const char                *controller)
{
  g_autofree char *path = record_path (paths, controller);

  if (g_unlink (path) != 0 && errno != ENOENT)
    g_warning ("Could not remove %s: %s", path, g_strerror (errno));
}

/* NULL (and logged) when the file is not a record we would write. */
static DrivedashTemporaryRecord *
record_load (const char *path,
             const char *controller)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashTemporaryRecord) record = NULL;
  g_autofree char *serial = NULL;
  g_autofree char *bus_id = NULL;
  g_auto(GStrv) holders = NULL;
  gboolean enabled, persistent;
  gsize n = 0;

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &error) ||
      (serial = g_key_file_get_string (file, GROUP, "Serial", &error)) == NULL ||
      (bus_id = g_key_file_get_string (file, GROUP, "Bus", &error)) == NULL ||
      (holders = g_key_file_get_string_list (file, GROUP, "Holders", &n, &error)) == NULL)
    {
      g_message ("Ignoring the temporary game-mode record %s: %s", path, error->message);
      return NULL;
    }
  enabled = g_key_file_get_boolean (file, GROUP, "Enabled", &error);
  if (error == NULL)
    persistent = g_key_file_get_boolean (file, GROUP, "Persistent", &error);
  if (error != NULL || n > MAX_HOLDERS_IN_FILE)
    {
      g_message ("Ignoring the temporary game-mode record %s: %s", path,
                 error != NULL ? error->message : "too many holders");
      return NULL;
    }

  record = drivedash_temporary_record_new (controller, serial, enabled, persistent, bus_id);
  for (gsize i = 0; i < n; i++)
    if (g_dbus_is_unique_name (holders[i]))
      g_ptr_array_add (record->holders, g_strdup (holders[i]));
  return g_steal_pointer (&record);
}

GPtrArray *
drivedash_temporary_record_load_all (const DrivedashPowerPaths *paths)
{
  GPtrArray *records = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_temporary_record_free);
  g_autofree char *dir_path = records_dir (paths);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      DrivedashTemporaryRecord *record;

      /* Only names we write: a stray file names no controller. */
      if (!drivedash_controller_name_is_valid (name))
        continue;
      record = record_load (path, name);
      if (record != NULL)
        g_ptr_array_add (records, record);
    }
  return records;
}
