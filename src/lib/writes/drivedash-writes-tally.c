/* drivedash-writes-tally.c — per-app writes added up in bounded memory
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "drivedash-app-identity.h"
#include "drivedash-error.h"
#include "drivedash-power.h"
#include "drivedash-writes-tally.h"

struct _DrivedashWritesTally
{
  GHashTable *rows;     /* "app\037disk" → DrivedashAppWrites */
  guint       max_apps;
  guint       n_named;  /* rows that are not "Others" */
};

static char *
row_key (const char *app,
         const char *disk)
{
  return g_strconcat (app, "\037", disk ? disk : "", NULL);
}

static gboolean
is_others (const DrivedashAppWrites *row)
{
  return g_strcmp0 (row->app, DRIVEDASH_WRITES_TALLY_OTHERS) == 0;
}

DrivedashWritesTally *
drivedash_writes_tally_new (guint max_apps)
{
  DrivedashWritesTally *self = g_new0 (DrivedashWritesTally, 1);

  self->rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                      (GDestroyNotify) drivedash_app_writes_free);
  self->max_apps = max_apps;
  return self;
}

void
drivedash_writes_tally_free (DrivedashWritesTally *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->rows);
  g_free (self);
}

/* Adds @row's figures to the row under @app (its own name or "Others"),
 * made when missing. */
static void
merge (DrivedashWritesTally     *self,
       const DrivedashAppWrites *row,
       const char               *app)
{
  g_autofree char *key = row_key (app ? app : row->app, row->disk);
  DrivedashAppWrites *kept = g_hash_table_lookup (self->rows, key);

  if (kept == NULL)
    {
      kept = drivedash_app_writes_copy (row);
      if (app != NULL)
        {
          g_free (kept->app);
          kept->app = g_strdup (app);
        }
      kept->processes = 0;
      kept->bytes = 0;
      g_hash_table_insert (self->rows, g_steal_pointer (&key), kept);
      if (!is_others (kept))
        self->n_named++;
    }
  kept->bytes += row->bytes;
  /* Others gathers many apps: their processes add up. */
  kept->processes = is_others (kept) ? kept->processes + row->processes
                                     : MAX (kept->processes, row->processes);
}

/* The named row that wrote least (ties: the last name), NULL when none. */
static const char *
smallest_key (DrivedashWritesTally *self)
{
  GHashTableIter iter;
  const char *key, *found = NULL;
  DrivedashAppWrites *row, *least = NULL;

  g_hash_table_iter_init (&iter, self->rows);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, (gpointer *) &row))
    if (!is_others (row) &&
        (least == NULL || row->bytes < least->bytes ||
         (row->bytes == least->bytes && g_strcmp0 (key, found) > 0)))
      {
        least = row;
        found = key;
      }
  return found;
}

/* Past max_apps, the smallest named rows go into their drive's Others
 * for good: a new big writer pushes out an old small one. */
static void
fold (DrivedashWritesTally *self)
{
  while (self->n_named > self->max_apps)
    {
      g_autofree char *key = NULL;
      g_autoptr(DrivedashAppWrites) row = NULL;

      if (!g_hash_table_steal_extended (self->rows, smallest_key (self),
                                        (gpointer *) &key, (gpointer *) &row))
        g_assert_not_reached ();
      self->n_named--;
      merge (self, row, DRIVEDASH_WRITES_TALLY_OTHERS);
    }
}

void
drivedash_writes_tally_add (DrivedashWritesTally *self,
                            GPtrArray            *rows)
{
  g_return_if_fail (self != NULL);

  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      const DrivedashAppWrites *row = g_ptr_array_index (rows, i);

      if (row->app != NULL && row->bytes > 0)
        merge (self, row, NULL);
    }
  fold (self);
}

GPtrArray *
drivedash_writes_tally_dup_rows (DrivedashWritesTally *self)
{
  return drivedash_app_writes_dup_sorted (self->rows);
}

/* --- over D-Bus --------------------------------------------------------- */

static void
add_string (GVariantBuilder *builder,
            const char      *key,
            const char      *value)
{
  if (value != NULL)
    g_variant_builder_add (builder, "{sv}", key, g_variant_new_string (value));
}

GVariant *
drivedash_app_writes_to_variant (const DrivedashAppWrites *row)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  add_string (&builder, "app", row->app);
  add_string (&builder, "disk", row->disk);
  add_string (&builder, "drive", row->drive);
  add_string (&builder, "controller", row->controller);
  g_variant_builder_add (&builder, "{sv}", "bytes", g_variant_new_uint64 (row->bytes));
  g_variant_builder_add (&builder, "{sv}", "processes", g_variant_new_uint32 (row->processes));
  add_string (&builder, "source", row->source == DRIVEDASH_WRITE_SOURCE_CGROUP ? "cgroup" : "process");
  return g_variant_builder_end (&builder);
}

/* A kernel disk name ("nvme0n1", "sda", "dm-0"), else NULL: it ends up in
 * paths and keys. */
static char *
checked_disk (const char *disk)
{
  size_t length = disk ? strlen (disk) : 0;

  if (length == 0 || length > 32 || disk[0] == '.')
    return NULL;
  for (size_t i = 0; i < length; i++)
    if (!g_ascii_isalnum (disk[i]) && disk[i] != '-' && disk[i] != '_' && disk[i] != '.')
      return NULL;
  return g_strdup (disk);
}

/* Printable and at most 128 bytes, as the sampler's own names. */
static char *
checked_name (const char *name)
{
  return name != NULL && name[0] != '\0' ? drivedash_app_identity_from_cgroup (NULL, name) : NULL;
}

DrivedashAppWrites *
drivedash_app_writes_from_variant (GVariant  *dict,
                                   GError   **error)
{
  g_autoptr(DrivedashAppWrites) row = g_new0 (DrivedashAppWrites, 1);
  const char *app = NULL, *disk = NULL, *drive = NULL, *controller = NULL, *source = NULL;

  if (!g_variant_is_of_type (dict, G_VARIANT_TYPE_VARDICT) ||
      !g_variant_lookup (dict, "app", "&s", &app) || app[0] == '\0' ||
      !g_variant_lookup (dict, "bytes", "t", &row->bytes))
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                           "A row of app writes without its app or byte count");
      return NULL;
    }
  g_variant_lookup (dict, "disk", "&s", &disk);
  g_variant_lookup (dict, "drive", "&s", &drive);
  g_variant_lookup (dict, "controller", "&s", &controller);
  g_variant_lookup (dict, "processes", "u", &row->processes);
  g_variant_lookup (dict, "source", "&s", &source);
  row->app = checked_name (app);
  row->disk = checked_disk (disk);
  row->drive = checked_name (drive);
  if (controller != NULL && drivedash_controller_name_is_valid (controller))
    row->controller = g_strdup (controller);
  row->source = g_strcmp0 (source, "cgroup") == 0 ? DRIVEDASH_WRITE_SOURCE_CGROUP
                                                  : DRIVEDASH_WRITE_SOURCE_PROCESS;
  return g_steal_pointer (&row);
}

/* --- deltas ------------------------------------------------------------- */

static GHashTable *
index_rows (GPtrArray *rows)
{
  GHashTable *index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      DrivedashAppWrites *row = g_ptr_array_index (rows, i);

      g_hash_table_replace (index, row_key (row->app, row->disk), row);
    }
  return index;
}

/* Per drive, what named rows of @before had that @after no longer names:
 * folded into that drive's Others since. */
static GHashTable *
folded_since (GPtrArray  *before,
              GHashTable *after)
{
  GHashTable *folded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; before != NULL && i < before->len; i++)
    {
      DrivedashAppWrites *row = g_ptr_array_index (before, i);
      g_autofree char *key = row_key (row->app, row->disk);
      g_autofree char *others = row_key (DRIVEDASH_WRITES_TALLY_OTHERS, row->disk);
      guint64 *sum;

      if (is_others (row) || g_hash_table_contains (after, key))
        continue;
      if ((sum = g_hash_table_lookup (folded, others)) == NULL)
        g_hash_table_insert (folded, g_steal_pointer (&others), (sum = g_new0 (guint64, 1)));
      *sum += row->bytes;
    }
  return folded;
}

GPtrArray *
drivedash_app_writes_delta (GPtrArray *before,
                            GPtrArray *after)
{
  g_autoptr(GHashTable) old = index_rows (before);
  g_autoptr(GHashTable) now = index_rows (after);
  g_autoptr(GHashTable) folded = folded_since (before, now);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_app_writes_free);

  for (guint i = 0; after != NULL && i < after->len; i++)
    {
      DrivedashAppWrites *row = g_ptr_array_index (after, i);
      g_autofree char *key = row_key (row->app, row->disk);
      DrivedashAppWrites *was = g_hash_table_lookup (old, key);
      guint64 *moved = g_hash_table_lookup (folded, key);
      guint64 grew = was == NULL || row->bytes < was->bytes ? row->bytes : row->bytes - was->bytes;
      DrivedashAppWrites *copy;

      if (moved != NULL)
        grew = grew > *moved ? grew - *moved : 0;
      if (grew == 0)
        continue;
      copy = drivedash_app_writes_copy (row);
      copy->bytes = grew;
      g_ptr_array_add (out, copy);
    }
  g_ptr_array_sort (out, drivedash_app_writes_compare);
  return out;
}
