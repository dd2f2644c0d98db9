/* drivedash-health-history-model.c — the watch's snapshots of one drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Read synchronously: a drive's 90 days are at most ~3,600 rows (see
 * drivedash-store-health.h), a few milliseconds of SQLite.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-endurance.h"
#include "drivedash-health-history-model.h"
#include "drivedash-store-health.h"

struct _DrivedashHealthHistoryModel
{
  GObject  parent_instance;

  gboolean has_history;
  char    *status;
  char    *projection;
  GArray  *hours;
  GArray  *days;
  GArray  *snapshots;
  gint64   now;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthHistoryModel, drivedash_health_history_model, G_TYPE_OBJECT)

enum { PROP_0, PROP_HAS_HISTORY, PROP_STATUS, PROP_PROJECTION, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
set_string (DrivedashHealthHistoryModel *self,
            char                       **field,
            const char                  *value,
            guint                        prop_id)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static GArray *
read_snapshots (const char            *store_path,
                const DrivedashHealth *health,
                gint64                 now,
                GError               **error)
{
  g_autofree char *path = store_path ? g_strdup (store_path) : drivedash_store_get_default_path ();
  g_autoptr(DrivedashStore) store = NULL;
  gint64 id;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return NULL;
  store = drivedash_store_open (path, error);
  if (store == NULL)
    return NULL;
  id = drivedash_store_find_watch_drive (store, health->serial, health->controller, error);
  if (id <= 0)
    return NULL;
  return drivedash_store_list_snapshots (store, id, now - DRIVEDASH_HEALTH_HISTORY_DAYS * 86400, now + 1, error);
}

static GArray *
smart_only (GArray *all)
{
  GArray *smart = g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot));

  for (guint i = 0; i < all->len; i++)
    if (g_array_index (all, DrivedashSnapshot, i).has & DRIVEDASH_SNAPSHOT_HAS_SMART)
      g_array_append_val (smart, g_array_index (all, DrivedashSnapshot, i));
  return smart;
}

void
drivedash_health_history_model_load (DrivedashHealthHistoryModel *self,
                                     const char                  *store_path,
                                     const DrivedashHealth       *health,
                                     gint64                       now)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) all = NULL;
  DrivedashProjection projection;
  g_autofree char *words = NULL;
  gboolean has;

  g_return_if_fail (DRIVEDASH_IS_HEALTH_HISTORY_MODEL (self));

  all = health ? read_snapshots (store_path, health, now, &error) : NULL;
  has = all != NULL && all->len > 0;
  self->now = now;
  g_clear_pointer (&self->hours, g_array_unref);
  g_clear_pointer (&self->days, g_array_unref);
  g_clear_pointer (&self->snapshots, g_array_unref);
  if (has)
    {
      DrivedashSnapshot *s = (DrivedashSnapshot *) all->data;

      self->hours = drivedash_health_trend_hourly (s, all->len);
      self->days = drivedash_health_trend_daily_written (s, all->len);
      /* Today is not over: it would look like a quiet day. */
      while (self->days->len > 0 && g_array_index (self->days, DrivedashTrendDay, self->days->len - 1).time + 86400 > now)
        g_array_set_size (self->days, self->days->len - 1);
      self->snapshots = smart_only (all);
      drivedash_health_trend_project (s, all->len,
                                      health->model ? drivedash_endurance_lookup_tb (health->model) : 0,
                                      &projection);
      words = drivedash_projection_describe (&projection);
    }
  if (error != NULL)
    set_string (self, &self->status, error->message, PROP_STATUS);
  else
    set_string (self, &self->status,
                has ? NULL : _("History appears here once the background watch has run for a while. "
                               "Turn it on in Preferences → Watch."), PROP_STATUS);
  set_string (self, &self->projection, words, PROP_PROJECTION);
  if (self->has_history != has)
    {
      self->has_history = has;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_HISTORY]);
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
drivedash_health_history_model_get_has_history (DrivedashHealthHistoryModel *self)
{
  return self->has_history;
}

const char *
drivedash_health_history_model_get_status (DrivedashHealthHistoryModel *self)
{
  return self->status;
}

const char *
drivedash_health_history_model_get_projection (DrivedashHealthHistoryModel *self)
{
  return self->projection;
}

GArray *
drivedash_health_history_model_get_hours (DrivedashHealthHistoryModel *self)
{
  return self->hours;
}

GArray *
drivedash_health_history_model_get_days (DrivedashHealthHistoryModel *self)
{
  return self->days;
}

GArray *
drivedash_health_history_model_get_snapshots (DrivedashHealthHistoryModel *self)
{
  return self->snapshots;
}

gint64
drivedash_health_history_model_get_now (DrivedashHealthHistoryModel *self)
{
  return self->now;
}

static void
drivedash_health_history_model_get_property (GObject    *object,
                                             guint       prop_id,
                                             GValue     *value,
                                             GParamSpec *pspec)
{
  DrivedashHealthHistoryModel *self = DRIVEDASH_HEALTH_HISTORY_MODEL (object);

  switch (prop_id)
    {
    case PROP_HAS_HISTORY:
      g_value_set_boolean (value, self->has_history);
      break;
    case PROP_STATUS:
      g_value_set_string (value, self->status);
      break;
    case PROP_PROJECTION:
      g_value_set_string (value, self->projection);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_history_model_finalize (GObject *object)
{
  DrivedashHealthHistoryModel *self = DRIVEDASH_HEALTH_HISTORY_MODEL (object);

  g_free (self->status);
  g_free (self->projection);
  g_clear_pointer (&self->hours, g_array_unref);
  g_clear_pointer (&self->days, g_array_unref);
  g_clear_pointer (&self->snapshots, g_array_unref);
  G_OBJECT_CLASS (drivedash_health_history_model_parent_class)->finalize (object);
}

static void
drivedash_health_history_model_class_init (DrivedashHealthHistoryModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_health_history_model_get_property;
  object_class->finalize = drivedash_health_history_model_finalize;

  properties[PROP_HAS_HISTORY] = g_param_spec_boolean ("has-history", NULL, NULL, FALSE, flags);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, flags);
  properties[PROP_PROJECTION] = g_param_spec_string ("projection", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
drivedash_health_history_model_init (DrivedashHealthHistoryModel *self)
{
}

DrivedashHealthHistoryModel *
drivedash_health_history_model_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_HEALTH_HISTORY_MODEL, NULL);
}
