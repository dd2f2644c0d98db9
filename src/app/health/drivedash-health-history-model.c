/* drivedash-health-history-model.c — the watch's snapshots of one drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A year is about 3,900 rows (see drivedash-store-health.h): read in a
 * thread, as SQLite may wait on the watch's writes for its busy timeout.
 * The ranges are cut from that one read, so switching needs no database.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-notify.h"
#include "drivedash-endurance.h"
#include "drivedash-health-history-model.h"
#include "drivedash-store-health.h"

#define DAY 86400

struct _DrivedashHealthHistoryModel
{
  GObject               parent_instance;

  DrivedashHistoryRange range;
  gboolean              loading;
  gboolean              has_history;
  char                 *status;
  char                 *projection;
  GArray               *all;          /* every snapshot read, oldest first */
  GArray               *temperatures; /* the range's */
  GArray               *days;
  GArray               *snapshots;
  gint64                now;
  GCancellable         *cancellable;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthHistoryModel, drivedash_health_history_model, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (DrivedashHistoryRange, drivedash_history_range,
  G_DEFINE_ENUM_VALUE (DRIVEDASH_HISTORY_RANGE_WEEK, "week"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_HISTORY_RANGE_MONTH, "month"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_HISTORY_RANGE_YEAR, "year"))

enum { PROP_0, PROP_RANGE, PROP_LOADING, PROP_HAS_HISTORY, PROP_STATUS, PROP_PROJECTION, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

typedef struct
{
  char   *path;
  char   *serial;
  char   *controller;
  gint64  now;
  guint   rated_tb;   /* the projection's scale: the app's table, so looked up before */
} Request;

static void
request_free (Request *r)
{
  g_free (r->path);
  g_free (r->serial);
  g_free (r->controller);
  g_free (r);
}

gint64
drivedash_history_range_seconds (DrivedashHistoryRange range)
{
  switch (range)
    {
    case DRIVEDASH_HISTORY_RANGE_MONTH:
      return 30 * DAY;
    case DRIVEDASH_HISTORY_RANGE_YEAR:
      return 365 * DAY;
    case DRIVEDASH_HISTORY_RANGE_WEEK:
    default:
      return 7 * DAY;
    }
}

static void
set_string (DrivedashHealthHistoryModel *self,
            char                       **field,
            const char                  *value,
            guint                        prop_id)
{
  drivedash_set_string_notify (G_OBJECT (self), field, value, properties[prop_id]);
}

static void
set_boolean (DrivedashHealthHistoryModel *self,
             gboolean                    *field,
             gboolean                     value,
             guint                        prop_id)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

/* In the worker thread: an empty array when there is nothing to read. */
static void
read_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  Request *r = data;
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GError) error = NULL;
  GArray *all = NULL;

  if (r->path != NULL && g_file_test (r->path, G_FILE_TEST_IS_REGULAR))
    {
      store = drivedash_store_open (r->path, &error);
      if (store != NULL)
        all = drivedash_store_list_drive_snapshots (store, r->serial, r->controller,
                                                    r->now - DRIVEDASH_HEALTH_HISTORY_DAYS * DAY, r->now + 1, &error);
    }
  if (error != NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, all ? all : g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot)),
                           (GDestroyNotify) g_array_unref);
}

void
drivedash_health_history_model_load_async (DrivedashHealthHistoryModel *self,
                                           const char                  *store_path,
                                           const DrivedashHealth       *health,
                                           gint64                       now,
                                           GAsyncReadyCallback          callback,
                                           gpointer                     user_data)
{
  g_autoptr(GTask) task = NULL;
  Request *r;

  g_return_if_fail (DRIVEDASH_IS_HEALTH_HISTORY_MODEL (self));

  drivedash_health_history_model_cancel (self);
  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, callback, user_data);
  g_task_set_source_tag (task, drivedash_health_history_model_load_async);
  r = g_new0 (Request, 1);
  if (health != NULL)
    {
      r->path = store_path ? g_strdup (store_path) : drivedash_store_get_default_path ();
      r->serial = g_strdup (health->serial);
      r->controller = g_strdup (health->controller);
      r->rated_tb = health->model ? drivedash_endurance_lookup_tb (health->model) : 0;
    }
  r->now = now;
  g_task_set_task_data (task, r, (GDestroyNotify) request_free);
  set_boolean (self, &self->loading, TRUE, PROP_LOADING);
  g_task_run_in_thread (task, (GTaskThreadFunc) read_thread);
}

void
drivedash_health_history_model_cancel (DrivedashHealthHistoryModel *self)
{
  g_return_if_fail (DRIVEDASH_IS_HEALTH_HISTORY_MODEL (self));

  if (self->cancellable == NULL)
    return;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  set_boolean (self, &self->loading, FALSE, PROP_LOADING);
}

/* The first snapshot at or after FROM. */
static guint
first_from (GArray *all,
            gint64  from)
{
  guint lo = 0, hi = all->len;

  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;

      if (g_array_index (all, DrivedashSnapshot, mid).time < from)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static GArray *
smart_only (GArray *all,
            guint   first)
{
  GArray *smart = g_array_new (FALSE, FALSE, sizeof (DrivedashSnapshot));

  for (guint i = first; i < all->len; i++)
    if (g_array_index (all, DrivedashSnapshot, i).has & DRIVEDASH_SNAPSHOT_HAS_SMART)
      g_array_append_val (smart, g_array_index (all, DrivedashSnapshot, i));
  return smart;
}

/* Data written each day of the range.  Counted over everything read, so
 * the range's first day has the day before it. */
static GArray *
written_days (GArray *all,
              gint64  from,
              gint64  now)
{
  GArray *days = drivedash_health_trend_daily_written ((DrivedashSnapshot *) all->data, all->len);
  gint64 today = drivedash_health_trend_day_start (now);
  guint keep = 0;

  for (guint i = 0; i < days->len; i++)
    {
      DrivedashTrendDay *d = &g_array_index (days, DrivedashTrendDay, i);

      /* Today is not over: it would look like a quiet day. */
      if (d->time >= from && d->time < today)
        g_array_index (days, DrivedashTrendDay, keep++) = *d;
    }
  g_array_set_size (days, keep);
  return days;
}

/* The range's series from what was read: hours for a week or a month,
 * days for a year (after 90 days the store keeps only days). */
static void
cut_range (DrivedashHealthHistoryModel *self)
{
  gint64 from = self->now - drivedash_history_range_seconds (self->range);
  guint first;

  g_clear_pointer (&self->temperatures, g_array_unref);
  g_clear_pointer (&self->days, g_array_unref);
  g_clear_pointer (&self->snapshots, g_array_unref);
  if (self->all == NULL)
    return;
  first = first_from (self->all, from);
  self->temperatures = drivedash_health_trend_temperature (&g_array_index (self->all, DrivedashSnapshot, first),
                                                           self->all->len - first,
                                                           self->range == DRIVEDASH_HISTORY_RANGE_YEAR ? DAY : 3600);
  self->days = written_days (self->all, from, self->now);
  self->snapshots = smart_only (self->all, first);
}

static const char *
no_history_words (void)
{
  return _("History appears here once the background watch has run for a while. "
           "Turn it on in Preferences → Watch.");
}

static void
apply (DrivedashHealthHistoryModel *self,
       GArray                      *all,
       const Request               *r,
       const GError                *error)
{
  gboolean has = all != NULL && all->len > 0;
  g_autofree char *words = NULL;

  self->now = r->now;
  g_clear_pointer (&self->all, g_array_unref);
  if (has)
    {
      DrivedashProjection projection;

      self->all = g_array_ref (all);
      drivedash_health_trend_project_recent ((DrivedashSnapshot *) all->data, all->len, r->now, r->rated_tb,
                                             &projection);
      words = drivedash_projection_describe (&projection);
    }
  cut_range (self);
  if (error != NULL)
    set_string (self, &self->status, error->message, PROP_STATUS);
  else
    set_string (self, &self->status, has ? NULL : no_history_words (), PROP_STATUS);
  set_string (self, &self->projection, words, PROP_PROJECTION);
  set_boolean (self, &self->has_history, has, PROP_HAS_HISTORY);
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
drivedash_health_history_model_load_finish (DrivedashHealthHistoryModel *self,
                                            GAsyncResult                *result,
                                            GError                     **error)
{
  GTask *task = G_TASK (result);
  g_autoptr(GArray) all = NULL;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (task) == drivedash_health_history_model_load_async, FALSE);

  /* GTask answers "cancelled" even when the thread had finished: an
   * answer for a drive no longer shown never lands. */
  all = g_task_propagate_pointer (task, &local);
  if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  /* Not cancelled: this is the newest load. */
  g_clear_object (&self->cancellable);
  set_boolean (self, &self->loading, FALSE, PROP_LOADING);
  apply (self, all, g_task_get_task_data (task), local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return TRUE;
}

DrivedashHistoryRange
drivedash_health_history_model_get_range (DrivedashHealthHistoryModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_HISTORY_MODEL (self), DRIVEDASH_HISTORY_RANGE_WEEK);
  return self->range;
}

void
drivedash_health_history_model_set_range (DrivedashHealthHistoryModel *self,
                                          DrivedashHistoryRange        range)
{
  g_return_if_fail (DRIVEDASH_IS_HEALTH_HISTORY_MODEL (self));
  g_return_if_fail (range <= DRIVEDASH_HISTORY_RANGE_YEAR);

  if (self->range == range)
    return;
  self->range = range;
  cut_range (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RANGE]);
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
drivedash_health_history_model_get_loading (DrivedashHealthHistoryModel *self)
{
  return self->loading;
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
drivedash_health_history_model_get_temperatures (DrivedashHealthHistoryModel *self)
{
  return self->temperatures;
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
    case PROP_RANGE:
      g_value_set_enum (value, self->range);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;
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
drivedash_health_history_model_set_property (GObject      *object,
                                             guint         prop_id,
                                             const GValue *value,
                                             GParamSpec   *pspec)
{
  DrivedashHealthHistoryModel *self = DRIVEDASH_HEALTH_HISTORY_MODEL (object);

  switch (prop_id)
    {
    case PROP_RANGE:
      drivedash_health_history_model_set_range (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_history_model_dispose (GObject *object)
{
  DrivedashHealthHistoryModel *self = DRIVEDASH_HEALTH_HISTORY_MODEL (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (drivedash_health_history_model_parent_class)->dispose (object);
}

static void
drivedash_health_history_model_finalize (GObject *object)
{
  DrivedashHealthHistoryModel *self = DRIVEDASH_HEALTH_HISTORY_MODEL (object);

  g_free (self->status);
  g_free (self->projection);
  g_clear_pointer (&self->all, g_array_unref);
  g_clear_pointer (&self->temperatures, g_array_unref);
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
  object_class->set_property = drivedash_health_history_model_set_property;
  object_class->dispose = drivedash_health_history_model_dispose;
  object_class->finalize = drivedash_health_history_model_finalize;

  properties[PROP_RANGE] = g_param_spec_enum ("range", NULL, NULL, DRIVEDASH_TYPE_HISTORY_RANGE,
                                              DRIVEDASH_HISTORY_RANGE_WEEK, flags | G_PARAM_WRITABLE);
  properties[PROP_LOADING] = g_param_spec_boolean ("loading", NULL, NULL, FALSE, flags);
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
  /* What to show until the first load answers: no blank label. */
  self->status = g_strdup (no_history_words ());
}

DrivedashHealthHistoryModel *
drivedash_health_history_model_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_HEALTH_HISTORY_MODEL, NULL);
}
