/* drivedash-health-writes-model.c — "What Writes to This Drive" (see the
 * header)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The apps' bytes come from the watch's per-process counters, the
 * drive's own from its Data Units Written in the watch's readings over
 * the same time: the gap between them is said as "not tied to an app",
 * honestly, never hidden.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-endurance.h"
#include "drivedash-format.h"
#include "drivedash-health-write-item.h"
#include "drivedash-health-writes-model.h"
#include "drivedash-store-app-writes.h"
#include "drivedash-store-health.h"

#define N_PERIODS   3
#define UNIT_BYTES  G_GUINT64_CONSTANT (512000)  /* one NVMe data unit */
#define RELOAD_SECONDS 60

G_DEFINE_ENUM_TYPE (DrivedashWritesPeriod, drivedash_writes_period,
  G_DEFINE_ENUM_VALUE (DRIVEDASH_WRITES_PERIOD_DAY, "day"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_WRITES_PERIOD_WEEK, "week"),
  G_DEFINE_ENUM_VALUE (DRIVEDASH_WRITES_PERIOD_MONTH, "month"))

static const gint64 period_seconds[N_PERIODS] = { 86400, 7 * 86400, 30 * 86400 };

gint64
drivedash_writes_period_seconds (DrivedashWritesPeriod period)
{
  g_return_val_if_fail (period < N_PERIODS, 0);
  return period_seconds[period];
}

/* What the worker read, for all three periods at once. */
typedef struct
{
  char      *serial;
  char      *controller;
  gint64     now;
  GPtrArray *apps[N_PERIODS];         /* of DrivedashAppTotal; NULL: never watched */
  gint64     drive_bytes[N_PERIODS];  /* the drive's own; -1: not known */
  guint      rated_tb;                /* the model's rated TBW; 0: not known */
  guint64    written;                 /* by the drive in its life so far; 0: not known */
  DrivedashHealthSource source;       /* how the drive was read: whose programs are counted */
} Loaded;

struct _DrivedashHealthWritesModel
{
  GObject                parent_instance;
  DrivedashWritesPeriod  period;
  GListStore            *items;
  char                  *summary;
  gboolean               has_writes;
  Loaded                *loaded;
  char                  *loaded_key;
  gint64                 loaded_at;
  GCancellable          *cancellable;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthWritesModel, drivedash_health_writes_model, G_TYPE_OBJECT)

enum { PROP_0, PROP_PERIOD, PROP_ITEMS, PROP_SUMMARY, PROP_HAS_WRITES, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
loaded_free (Loaded *l)
{
  if (l == NULL)
    return;
  g_free (l->serial);
  g_free (l->controller);
  for (guint p = 0; p < N_PERIODS; p++)
    g_clear_pointer (&l->apps[p], g_ptr_array_unref);
  g_free (l);
}

/* The drive's own writes from the first to the last of @readings taken
 * from @since on; -1 with fewer than two that know it. */
static gint64
drive_written (const GArray *readings,
               gint64        since)
{
  gint64 first = -1, last = -1;

  for (guint i = 0; readings != NULL && i < readings->len; i++)
    {
      const DrivedashSnapshot *s = &g_array_index (readings, DrivedashSnapshot, i);

      if (s->time < since || s->data_units_written < 0)
        continue;
      if (first < 0)
        first = s->data_units_written;
      last = s->data_units_written;
    }
  if (first < 0 || last < first)
    return -1;
  return (last - first) * (gint64) UNIT_BYTES;
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  Loaded *l = data;
  g_autofree char *path = drivedash_store_get_default_path ();
  g_autoptr(DrivedashStore) store = NULL;
  g_autoptr(GArray) readings = NULL;
  gint64 id = 0;

  /* Asking must not make a history where the watch never ran. */
  if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
    store = drivedash_store_open (path, NULL);
  if (store != NULL)
    id = drivedash_store_find_watch_drive (store, l->serial, l->controller, NULL);
  /* The longest period's readings, once: the shorter ones are in them. */
  if (id > 0)
    readings = drivedash_store_list_drive_snapshots (store, l->serial, l->controller,
                                                     l->now - period_seconds[N_PERIODS - 1], l->now + 1, NULL);
  for (guint p = 0; p < N_PERIODS; p++)
    {
      l->drive_bytes[p] = -1;
      if (id <= 0)
        continue;
      l->apps[p] = drivedash_store_list_app_writes (store, id, l->now - period_seconds[p], NULL);
      l->drive_bytes[p] = drive_written (readings, l->now - period_seconds[p]);
    }
  g_task_return_pointer (task, l, (GDestroyNotify) loaded_free);
}

static void
set_summary (DrivedashHealthWritesModel *self,
             const char                 *summary)
{
  if (g_strcmp0 (self->summary, summary) == 0)
    return;
  g_free (self->summary);
  self->summary = g_strdup (summary);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUMMARY]);
}

static void
set_has_writes (DrivedashHealthWritesModel *self,
                gboolean                    has_writes)
{
  if (self->has_writes == has_writes)
    return;
  self->has_writes = has_writes;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_WRITES]);
}

/* "1.2 GB · 41 % of what the drive wrote" (or of what apps wrote). */
static DrivedashHealthWriteItem *
make_item (const char *app,
           guint64     bytes,
           guint64     whole,
           gboolean    of_drive)
{
  g_autofree char *amount = drivedash_format_bytes (bytes);
  g_autofree char *subtitle = NULL;
  double share = whole > 0 ? (double) bytes / (double) whole : 0;

  subtitle = of_drive
             /* Translators: "1.2 GB · 41 % of what the drive wrote" */
             ? g_strdup_printf (_("%s · %.0f %% of what the drive wrote"), amount, 100 * share)
             /* Translators: "1.2 GB · 41 % of what apps wrote" */
             : g_strdup_printf (_("%s · %.0f %% of what apps wrote"), amount, 100 * share);
  return drivedash_health_write_item_new (app, subtitle, share);
}

/* The period's words: the drive's own total, the apps', the gap. */
static char *
summary_text (guint64                apps,
              gint64                 drive,
              DrivedashHealthSource  source)
{
  g_autofree char *by_apps = drivedash_format_bytes (apps);
  g_autofree char *by_drive = drive >= 0 ? drivedash_format_bytes ((guint64) drive) : NULL;
  g_autofree char *gap = drive > (gint64) apps ? drivedash_format_bytes ((guint64) drive - apps) : NULL;

  if (drive < 0 && source == DRIVEDASH_HEALTH_SOURCE_SYSFS)
    /* Translators: read without the system service, the drive never says its total */
    return g_strdup_printf (_("Apps wrote %s. Only your own programs are counted, and the drive’s own total "
                              "can’t be read; the Drivedash system service would count every user’s programs "
                              "and read the drive’s total."), by_apps);
  if (drive < 0)
    return g_strdup_printf (_("Apps wrote %s. The drive’s own total for this time is not known yet."), by_apps);
  if (gap == NULL)
    /* Translators: the drive's own total, then what apps wrote */
    return g_strdup_printf (_("The drive wrote %s; apps account for %s."), by_drive, by_apps);
  /* Translators: the drive's own total, what apps wrote, and the rest */
  return g_strdup_printf (_("The drive wrote %s; apps account for %s, and %s could not be tied to an app "
                            "(the system itself, programs that ran too briefly to be seen)."),
                          by_drive, by_apps, gap);
}

/* " At this rate the drive reaches its rated 600 TB in about 14 years."
 * — the write budget, from the period's own daily rate; "" when the
 * rating, the total so far or the rate is not known. */
static char *
budget_text (const Loaded          *l,
             DrivedashWritesPeriod  period)
{
  const double rated = l ? l->rated_tb * 1e12 : 0;
  const double per_day = l && l->drive_bytes[period] > 0
                         ? (double) l->drive_bytes[period] / (period_seconds[period] / 86400.0) : 0;
  double years;

  if (rated <= 0 || l->written == 0 || per_day <= 0)
    return g_strdup ("");
  years = MAX (rated - (double) l->written, 0) / per_day / 365.25;
  if (years < 1)
    /* Translators: the write budget; %u is the rated terabytes written */
    return g_strdup_printf (_(" At this rate the drive reaches its rated %u TB within a year."), l->rated_tb);
  /* Translators: the write budget: the rated terabytes, then years */
  return g_strdup_printf (_(" At this rate the drive reaches its rated %u TB in about %.0f years."),
                          l->rated_tb, years);
}

/* Whose programs the watch counts: everyone's where the drive is read
 * through the system service or as root (the permission that lets the
 * watch read every program's counters too), otherwise the user's own;
 * "" for the demo and reports, and where summary_text() said it. */
static const char *
counted_text (const Loaded *l,
              gint64        drive)
{
  switch (l ? l->source : DRIVEDASH_HEALTH_SOURCE_DEMO)
    {
    case DRIVEDASH_HEALTH_SOURCE_SERVICE:
    case DRIVEDASH_HEALTH_SOURCE_NVME:
      return _(" Every user’s programs are counted while the Drivedash system service runs.");
    case DRIVEDASH_HEALTH_SOURCE_DEMO:
    case DRIVEDASH_HEALTH_SOURCE_REPORT:
      return "";
    case DRIVEDASH_HEALTH_SOURCE_SYSFS:
      if (drive < 0)
        return "";
      break;
    default:
      break;
    }
  return _(" Only your own programs are counted; the Drivedash system service would count every user’s.");
}

static void
show_period (DrivedashHealthWritesModel *self)
{
  GPtrArray *apps = self->loaded ? self->loaded->apps[self->period] : NULL;
  gint64 drive = self->loaded ? self->loaded->drive_bytes[self->period] : -1;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  guint64 sum = 0, others = 0;
  g_autofree char *summary = NULL;

  for (guint i = 0; apps != NULL && i < apps->len; i++)
    sum += ((DrivedashAppTotal *) g_ptr_array_index (apps, i))->bytes;
  for (guint i = 0; apps != NULL && i < apps->len; i++)
    {
      const DrivedashAppTotal *t = g_ptr_array_index (apps, i);
      const guint64 whole = drive > (gint64) sum ? (guint64) drive : sum;

      if (i < DRIVEDASH_HEALTH_WRITES_TOP && g_strcmp0 (t->app, DRIVEDASH_APP_WRITES_OTHERS) != 0)
        g_ptr_array_add (items, make_item (t->app, t->bytes, whole, drive >= 0));
      else
        others += t->bytes;
    }
  if (others > 0)
    g_ptr_array_add (items, make_item (_("Others"), others, drive > (gint64) sum ? (guint64) drive : sum, drive >= 0));
  g_list_store_splice (self->items, 0, g_list_model_get_n_items (G_LIST_MODEL (self->items)),
                       items->pdata, items->len);
  if (sum > 0)
    {
      g_autofree char *words = summary_text (sum, drive, self->loaded ? self->loaded->source : DRIVEDASH_HEALTH_SOURCE_DEMO);
      g_autofree char *budget = budget_text (self->loaded, self->period);

      summary = g_strconcat (words, counted_text (self->loaded, drive), budget, NULL);
    }
  set_summary (self, summary ? summary : _("Nothing the watch saw was written to this drive in this time."));
  set_has_writes (self, apps != NULL && apps->len > 0);
}

static void
loaded_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  Loaded *l = g_task_propagate_pointer (G_TASK (result), NULL);
  DrivedashHealthWritesModel *self;

  if (l == NULL)
    return;
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    {
      loaded_free (l);
      return;
    }
  self = DRIVEDASH_HEALTH_WRITES_MODEL (g_task_get_source_object (G_TASK (result)));
  loaded_free (self->loaded);
  self->loaded = l;
  show_period (self);
}

void
drivedash_health_writes_model_set_health (DrivedashHealthWritesModel *self,
                                          const DrivedashHealth      *health)
{
  const gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autofree char *key = NULL;
  g_autoptr(GTask) task = NULL;
  Loaded *l;

  g_return_if_fail (DRIVEDASH_IS_HEALTH_WRITES_MODEL (self));
  if (health != NULL && (health->serial == NULL || health->source == DRIVEDASH_HEALTH_SOURCE_REPORT))
    health = NULL;
  key = health ? g_strconcat (health->serial, "|", health->controller, NULL) : NULL;
  if (g_strcmp0 (key, self->loaded_key) == 0 && now - self->loaded_at < RELOAD_SECONDS)
    return;
  g_free (self->loaded_key);
  self->loaded_key = g_steal_pointer (&key);
  self->loaded_at = now;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (health == NULL)
    {
      g_clear_pointer (&self->loaded, loaded_free);
      show_period (self);
      return;
    }
  self->cancellable = g_cancellable_new ();
  l = g_new0 (Loaded, 1);
  l->serial = g_strdup (health->serial);
  l->controller = g_strdup (health->controller);
  l->now = now;
  l->rated_tb = drivedash_endurance_lookup_tb (health->model);
  l->source = health->source;
  {
    double used;

    drivedash_health_get_wear (health, &used, &l->written);
  }
  task = g_task_new (self, self->cancellable, loaded_cb, NULL);
  g_task_set_task_data (task, l, NULL);
  g_task_run_in_thread (task, load_thread);
}

GListModel *
drivedash_health_writes_model_get_items (DrivedashHealthWritesModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_MODEL (self), NULL);
  return G_LIST_MODEL (self->items);
}

const char *
drivedash_health_writes_model_get_summary (DrivedashHealthWritesModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_MODEL (self), NULL);
  return self->summary;
}

gboolean
drivedash_health_writes_model_get_has_writes (DrivedashHealthWritesModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_MODEL (self), FALSE);
  return self->has_writes;
}

DrivedashHealthWritesModel *
drivedash_health_writes_model_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_HEALTH_WRITES_MODEL, NULL);
}

static void
drivedash_health_writes_model_get_property (GObject    *object,
                                            guint       prop_id,
                                            GValue     *value,
                                            GParamSpec *pspec)
{
  DrivedashHealthWritesModel *self = DRIVEDASH_HEALTH_WRITES_MODEL (object);

  switch (prop_id)
    {
    case PROP_PERIOD:     g_value_set_enum (value, self->period); break;
    case PROP_ITEMS:      g_value_set_object (value, self->items); break;
    case PROP_SUMMARY:    g_value_set_string (value, self->summary); break;
    case PROP_HAS_WRITES: g_value_set_boolean (value, self->has_writes); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_writes_model_set_property (GObject      *object,
                                            guint         prop_id,
                                            const GValue *value,
                                            GParamSpec   *pspec)
{
  DrivedashHealthWritesModel *self = DRIVEDASH_HEALTH_WRITES_MODEL (object);

  switch (prop_id)
    {
    case PROP_PERIOD:
      if (self->period == (DrivedashWritesPeriod) g_value_get_enum (value))
        return;
      self->period = g_value_get_enum (value);
      g_object_notify_by_pspec (object, pspec);
      show_period (self);
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_writes_model_dispose (GObject *object)
{
  DrivedashHealthWritesModel *self = DRIVEDASH_HEALTH_WRITES_MODEL (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (drivedash_health_writes_model_parent_class)->dispose (object);
}

static void
drivedash_health_writes_model_finalize (GObject *object)
{
  DrivedashHealthWritesModel *self = DRIVEDASH_HEALTH_WRITES_MODEL (object);

  g_clear_object (&self->items);
  g_free (self->summary);
  g_free (self->loaded_key);
  loaded_free (self->loaded);
  G_OBJECT_CLASS (drivedash_health_writes_model_parent_class)->finalize (object);
}

static void
drivedash_health_writes_model_class_init (DrivedashHealthWritesModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_health_writes_model_get_property;
  object_class->set_property = drivedash_health_writes_model_set_property;
  object_class->dispose = drivedash_health_writes_model_dispose;
  object_class->finalize = drivedash_health_writes_model_finalize;
  properties[PROP_PERIOD] = g_param_spec_enum ("period", NULL, NULL, DRIVEDASH_TYPE_WRITES_PERIOD,
                                               DRIVEDASH_WRITES_PERIOD_WEEK, ro | G_PARAM_WRITABLE);
  properties[PROP_ITEMS] = g_param_spec_object ("items", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_SUMMARY] = g_param_spec_string ("summary", NULL, NULL, NULL, ro);
  properties[PROP_HAS_WRITES] = g_param_spec_boolean ("has-writes", NULL, NULL, FALSE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_health_writes_model_init (DrivedashHealthWritesModel *self)
{
  self->period = DRIVEDASH_WRITES_PERIOD_WEEK;
  self->items = g_list_store_new (DRIVEDASH_TYPE_HEALTH_WRITE_ITEM);
}
