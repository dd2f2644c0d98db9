/* drivedash-cli-health-life.c — the life-left estimate of `health`
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "drivedash-cli-health-life.h"
#include "drivedash-endurance.h"
#include "drivedash-json.h"
#include "drivedash-store.h"
#include "drivedash-store-health.h"

static GArray *
read_one (DrivedashStore        *store,
          const DrivedashHealth *health,
          gint64                 now)
{
  g_autoptr(GError) error = NULL;
  GArray *all = drivedash_store_list_drive_snapshots (store, health->serial, health->controller,
                                                      now - (gint64) DRIVEDASH_TREND_PROJECTION_DAYS * 86400,
                                                      now + 1, &error);

  if (error != NULL)
    fprintf (stderr, "drivedash-cli: %s\n", error->message);
  return all != NULL ? all : g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot));
}

GPtrArray *
drivedash_cli_health_readings (GPtrArray *healths,
                               gint64     now)
{
  g_autofree char *path = drivedash_store_get_default_path ();
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *readings = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

  /* Asking must not make an empty history where the watch never ran. */
  if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
    store = drivedash_store_open (path, &error);
  if (error != NULL)
    fprintf (stderr, "drivedash-cli: %s\n", error->message);
  for (guint i = 0; i < healths->len; i++)
    g_ptr_array_add (readings, store != NULL ? read_one (store, g_ptr_array_index (healths, i), now)
                                             : g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot)));
  return readings;
}

GArray *
drivedash_cli_health_life (GPtrArray *healths,
                           GPtrArray *readings,
                           gint64     now)
{
  GArray *life = g_array_sized_new (FALSE, TRUE, sizeof (DrivedashProjection), healths->len);

  g_return_val_if_fail (readings->len == healths->len, life);
  g_array_set_size (life, healths->len);
  for (guint i = 0; i < healths->len; i++)
    {
      const DrivedashHealth *health = g_ptr_array_index (healths, i);
      GArray *all = g_ptr_array_index (readings, i);
      guint rated_tb = health->model != NULL ? drivedash_endurance_lookup_tb (health->model) : 0;

      drivedash_health_trend_project_recent ((DrivedashSnapshot *) all->data, all->len, now, rated_tb,
                                             &g_array_index (life, DrivedashProjection, i));
    }
  return life;
}

typedef struct
{
  DrivedashHealth           *health;
  const DrivedashProjection *life;
} Entry;

static void
entry_to_json (Entry       *entry,
               JsonBuilder *builder)
{
  drivedash_health_to_json (entry->health, builder);
  json_builder_set_member_name (builder, "life_left_estimate");
  json_builder_begin_object (builder);
  drivedash_projection_to_json (entry->life, builder);
  json_builder_end_object (builder);
}

char *
drivedash_cli_health_life_to_json (GPtrArray *healths,
                                   GArray    *life)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (life->len == healths->len, NULL);
  for (guint i = 0; i < healths->len; i++)
    {
      Entry *e = g_new (Entry, 1);

      e->health = g_ptr_array_index (healths, i);
      e->life = &g_array_index (life, DrivedashProjection, i);
      g_ptr_array_add (entries, e);
    }
  return drivedash_json_list_to_string ("drives", entries, (DrivedashJsonMembersFunc) entry_to_json);
}
