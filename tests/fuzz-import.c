/* fuzz-import.c — history import of untrusted bytes: they import, or are
 * refused in words; and what imports must export again, as valid JSON,
 * and that export must import again (the trip a shared results file
 * makes).  Each imported run is also turned into CSV, text and its
 * decoded series, as "history show" and the app do.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdlib.h>

#include "drivedash-error.h"
#include "drivedash-store-export.h"
#include "fuzz-health.h"

static DrivedashStore *store;
static char *store_dir;

static void
remove_store (void)
{
  const char *names[] = { "results.db", "results.db-wal", "results.db-shm", "results.db-journal" };

  g_clear_object (&store);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (store_dir, names[i], NULL);

      g_unlink (path);
    }
  g_rmdir (store_dir);
}

/* One database for the whole run, emptied after each input. */
static DrivedashStore *
get_store (void)
{
  g_autofree char *path = NULL;

  if (store != NULL)
    return store;
  store_dir = g_dir_make_tmp ("drivedash-fuzz-import-XXXXXX", NULL);
  if (store_dir == NULL)
    abort ();
  path = g_build_filename (store_dir, "results.db", NULL);
  store = drivedash_store_open (path, NULL);
  if (store == NULL)
    abort ();
  atexit (remove_store);
  return store;
}

/* What a person gets out of a run: all of it must work. */
static void
exercise (gint64 id)
{
  g_autoptr(DrivedashStoreRun) run = drivedash_store_get_run (store, id, NULL);
  g_autoptr(GPtrArray) members = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *text = NULL;

  if (run == NULL)
    abort ();
  csv = drivedash_store_run_to_csv (run);
  text = drivedash_store_run_to_text (run);
  if (!g_utf8_validate (csv, -1, NULL) || !g_utf8_validate (text, -1, NULL))
    abort ();
  if (run->series != NULL)
    {
      g_autoptr(GArray) points = drivedash_store_series_decode (run->series, NULL);

      /* Import decoded it once already. */
      if (points == NULL)
        abort ();
    }
  members = drivedash_store_list_members (store, id, NULL);
  for (guint i = 0; members != NULL && i < members->len; i++)
    exercise (((DrivedashStoreRun *) g_ptr_array_index (members, i))->id);
}

/* Exports ids; the document must be JSON and import again. */
static GArray *
round_trip (GArray *ids)
{
  g_autofree char *json = drivedash_store_export_json (store, (gint64 *) (gpointer) ids->data, ids->len, NULL);
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;
  GArray *again;

  if (json == NULL)
    abort ();
  node = json_from_string (json, &error);
  if (node == NULL)
    abort ();
  again = drivedash_store_import_json (store, json, -1, &error);
  if (again == NULL || again->len != ids->len)
    abort ();
  return again;
}

static void
delete_all (GArray *ids)
{
  for (guint i = 0; i < ids->len; i++)
    if (!drivedash_store_delete_run (store, g_array_index (ids, gint64, i), NULL))
      abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(GArray) again = NULL;

  ids = drivedash_store_import_json (get_store (), (const char *) data, (gssize) size, &error);
  if (ids == NULL)
    {
      /* A refusal is a sentence for people. */
      if (error == NULL || error->domain != DRIVEDASH_ERROR || error->message[0] == '\0' ||
          !g_utf8_validate (error->message, -1, NULL))
        abort ();
      return 0;
    }
  for (guint i = 0; i < ids->len; i++)
    exercise (g_array_index (ids, gint64, i));
  again = round_trip (ids);
  delete_all (ids);
  delete_all (again);
  return 0;
}
