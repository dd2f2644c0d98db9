/* drivedash-health-writes-plot-model.c — "What Writes to This Drive" over
 * time (see the header)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One read takes the month: the app buckets the writes group sums and
 * the drive's readings.  Each period is then cut from it here, with the
 * group's own rules (the same buckets, the same top apps), so that the
 * bars add up to the group's figures.  The store keeps hours for 90
 * days, so a month's days are local days, not the store's UTC ones.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-health-write-item.h"
#include "drivedash-health-writes-plot-model.h"
#include "drivedash-store-app-writes.h"
#include "drivedash-store-health.h"

#define UNIT_BYTES G_GUINT64_CONSTANT (512000)  /* one NVMe data unit */
#define HOUR       3600
/* The live health changes every few seconds; the history, a few times
 * an hour. */
#define RELOAD_SECONDS 60
#define DAY        86400

/* What the worker read. */
typedef struct
{
  char      *path;
  char      *serial;
  char      *controller;
  gint64     now;
  GPtrArray *buckets;   /* DrivedashAppBucket, the month's; NULL: never watched */
  GArray    *readings;  /* DrivedashSnapshot, the month's */
} Loaded;

struct _DrivedashHealthWritesPlotModel
{
  GObject                parent_instance;
  DrivedashWritesPeriod  period;
  char                  *highlight;
  char                  *drive_name;
  char                  *summary;
  gboolean               has_writes;
  Loaded                *loaded;
  GCancellable          *cancellable;
  char                  *loaded_key;
  gint64                 loaded_at;

  /* What the period shows. */
  GPtrArray             *apps;       /* char *, NULL for "Others" */
  GPtrArray             *labels;     /* char * */
  guint                  highlight_part;
  GArray                *bar_times;  /* gint64 */
  GArray                *bytes;      /* guint64 [bar * n_parts + part] */
  GArray                *drive;      /* gint64, -1: not known */
  gint64                 since, until;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthWritesPlotModel, drivedash_health_writes_plot_model, G_TYPE_OBJECT)

enum { PROP_0, PROP_PERIOD, PROP_HIGHLIGHT, PROP_DRIVE_NAME, PROP_SUMMARY, PROP_HAS_WRITES, N_PROPS };
static GParamSpec *properties[N_PROPS];
enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
loaded_free (Loaded *l)
{
  if (l == NULL)
    return;
  g_free (l->path);
  g_free (l->serial);
  g_free (l->controller);
  g_clear_pointer (&l->buckets, g_ptr_array_unref);
  g_clear_pointer (&l->readings, g_array_unref);
  g_free (l);
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  Loaded *l = data;
  const gint64 since = l->now - drivedash_writes_period_seconds (DRIVEDASH_WRITES_PERIOD_MONTH);
  g_autofree char *path = l->path ? g_strdup (l->path) : drivedash_store_get_default_path ();
  g_autoptr(DrivedashStore) store = NULL;
  gint64 id = 0;

  /* Asking must not make a history where the watch never ran. */
  if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
    store = drivedash_store_open (path, NULL);
  if (store != NULL)
    id = drivedash_store_find_watch_drive (store, l->serial, l->controller, NULL);
  if (id > 0)
    {
      l->buckets = drivedash_store_list_app_buckets (store, id, since, NULL);
      l->readings = drivedash_store_list_drive_snapshots (store, l->serial, l->controller, since, l->now + 1, NULL);
    }
  g_task_return_pointer (task, l, (GDestroyNotify) loaded_free);
}

/* ---------------------------------------------------------------------- */
/* Cutting the period                                                     */

typedef struct
{
  const char *app;
  guint64     bytes;
} Total;

static int
compare_totals (gconstpointer a,
                gconstpointer b)
{
  const Total *x = a, *y = b;

  if (x->bytes != y->bytes)
    return x->bytes > y->bytes ? -1 : 1;
  /* As the store's ORDER BY total DESC, app. */
  return strcmp (x->app, y->app);
}

static gboolean
in_period (const DrivedashAppBucket *b,
           gint64                    since)
{
  return b->time + b->span > since;
}

/* Each app's bytes in the period, most first, as the group lists them. */
static GArray *
period_totals (GPtrArray *buckets,
               gint64     since)
{
  g_autoptr(GHashTable) sums = g_hash_table_new (g_str_hash, g_str_equal);
  GArray *totals = g_array_new (FALSE, FALSE, sizeof (Total));
  GHashTableIter iter;
  gpointer key, value;

  for (guint i = 0; buckets != NULL && i < buckets->len; i++)
    {
      const DrivedashAppBucket *b = g_ptr_array_index (buckets, i);
      Total *t;

      if (!in_period (b, since))
        continue;
      t = g_hash_table_lookup (sums, b->app);
      if (t == NULL)
        {
          t = g_new0 (Total, 1);
          t->app = b->app;
          g_hash_table_insert (sums, b->app, t);
        }
      t->bytes += b->bytes;
    }
  g_hash_table_iter_init (&iter, sums);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_array_append_vals (totals, value, 1);
      g_free (value);
    }
  g_array_sort (totals, compare_totals);
  return totals;
}

static void
add_part (DrivedashHealthWritesPlotModel *self,
          const char                     *app)
{
  if (app != NULL && g_strcmp0 (app, self->highlight) == 0)
    self->highlight_part = self->apps->len;
  g_ptr_array_add (self->apps, g_strdup (app));
  g_ptr_array_add (self->labels, app ? drivedash_health_write_item_dup_display_name (app) : g_strdup (_("Others")));
}

/* The group's top apps (a stored "Others" among them is not one), the
 * highlighted app wherever it ranks, then "Others" for the rest. */
static void
choose_parts (DrivedashHealthWritesPlotModel *self,
              const GArray                   *totals)
{
  gboolean others = FALSE, named_highlight = FALSE;

  for (guint i = 0; i < totals->len; i++)
    {
      const Total *t = &g_array_index (totals, Total, i);
      gboolean is_others = g_strcmp0 (t->app, DRIVEDASH_APP_WRITES_OTHERS) == 0;

      if (i < DRIVEDASH_HEALTH_WRITES_TOP && !is_others)
        {
          named_highlight |= g_strcmp0 (t->app, self->highlight) == 0;
          add_part (self, t->app);
        }
      else if (!is_others && !named_highlight && g_strcmp0 (t->app, self->highlight) == 0)
        {
          named_highlight = TRUE;
          add_part (self, t->app);
        }
      else
        others = TRUE;
    }
  if (others)
    add_part (self, NULL);
}

/* The bars' starts: whole hours for the day, local midnights else. */
static void
cut_bars (DrivedashHealthWritesPlotModel *self)
{
  g_autoptr(GDateTime) at = g_date_time_new_from_unix_local (self->since);
  GDateTime *day;
  int y, m, d;

  if (self->period == DRIVEDASH_WRITES_PERIOD_DAY)
    {
      for (gint64 t = self->since - self->since % HOUR; t <= self->until; t += HOUR)
        g_array_append_val (self->bar_times, t);
      return;
    }
  g_date_time_get_ymd (at, &y, &m, &d);
  day = g_date_time_new_local (y, m, d, 0, 0, 0);
  while (day != NULL && g_date_time_to_unix (day) <= self->until)
    {
      gint64 t = g_date_time_to_unix (day);
      GDateTime *next = g_date_time_add_days (day, 1);

      g_array_append_val (self->bar_times, t);
      g_date_time_unref (day);
      day = next;
    }
  g_clear_pointer (&day, g_date_time_unref);
}

/* The bar that holds @time: the last one starting at or before it. */
static guint
bar_at (DrivedashHealthWritesPlotModel *self,
        gint64                          time)
{
  guint lo = 0, hi = self->bar_times->len;

  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;

      if (g_array_index (self->bar_times, gint64, mid) <= time)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

static guint
part_of (DrivedashHealthWritesPlotModel *self,
         const char                     *app)
{
  for (guint p = 0; p < self->apps->len; p++)
    if (g_strcmp0 (g_ptr_array_index (self->apps, p), app) == 0)
      return p;
  /* Not named: "Others", the last part. */
  return self->apps->len - 1;
}

static void
fill_bytes (DrivedashHealthWritesPlotModel *self,
            GPtrArray                      *buckets)
{
  const guint n_parts = self->apps->len;

  g_array_set_size (self->bytes, self->bar_times->len * n_parts);
  for (guint i = 0; buckets != NULL && n_parts > 0 && i < buckets->len; i++)
    {
      const DrivedashAppBucket *b = g_ptr_array_index (buckets, i);

      if (in_period (b, self->since))
        g_array_index (self->bytes, guint64, bar_at (self, b->time) * n_parts + part_of (self, b->app)) += b->bytes;
    }
}

/* The drive's own writes between each two readings from the period's
 * start on, in the bar of the later one: together the group's figure. */
static void
fill_drive (DrivedashHealthWritesPlotModel *self,
            GArray                         *readings)
{
  const DrivedashSnapshot *prev = NULL;

  g_array_set_size (self->drive, self->bar_times->len);
  for (guint b = 0; b < self->drive->len; b++)
    g_array_index (self->drive, gint64, b) = -1;
  for (guint i = 0; readings != NULL && self->drive->len > 0 && i < readings->len; i++)
    {
      const DrivedashSnapshot *s = &g_array_index (readings, DrivedashSnapshot, i);
      gint64 *bar;

      if (s->time < self->since || s->data_units_written < 0)
        continue;
      if (prev != NULL && s->data_units_written >= prev->data_units_written)
        {
          bar = &g_array_index (self->drive, gint64, bar_at (self, s->time));
          *bar = MAX (*bar, 0) + (s->data_units_written - prev->data_units_written) * (gint64) UNIT_BYTES;
        }
      prev = s;
    }
}

static void
set_string (DrivedashHealthWritesPlotModel *self,
            char                          **field,
            const char                     *value,
            guint                           prop)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static gboolean
knows_drive (DrivedashHealthWritesPlotModel *self)
{
  for (guint b = 0; b < self->drive->len; b++)
    if (g_array_index (self->drive, gint64, b) >= 0)
      return TRUE;
  return FALSE;
}

/* What the bars and the line are, and the highlighted app, in words. */
static char *
summary_text (DrivedashHealthWritesPlotModel *self)
{
  GString *s = g_string_new (NULL);

  if (self->apps->len == 0)
    {
      g_string_free (s, TRUE);
      return g_strdup (_("Nothing the watch saw was written to this drive in this time."));
    }
  g_string_append (s, self->period == DRIVEDASH_WRITES_PERIOD_DAY
                      ? _("Each bar is an hour, split into the apps that wrote in it.")
                      : _("Each bar is a day, split into the apps that wrote in it."));
  if (knows_drive (self))
    g_string_append (s, _(" The line is what the drive itself wrote, by apps or not."));
  if (self->highlight_part != G_MAXUINT)
    /* Translators: an app's name; the one a notification was about */
    g_string_append_printf (s, _(" %s is in full colour, the other apps faded."),
                            (const char *) g_ptr_array_index (self->labels, self->highlight_part));
  else if (self->highlight != NULL)
    {
      g_autofree char *name = drivedash_health_write_item_dup_display_name (self->highlight);

      /* Translators: an app's name; the one a notification was about */
      g_string_append_printf (s, _(" %s wrote nothing to this drive in this time."), name);
    }
  return g_string_free (s, FALSE);
}

static void
show_period (DrivedashHealthWritesPlotModel *self)
{
  GPtrArray *buckets = self->loaded ? self->loaded->buckets : NULL;
  g_autoptr(GArray) totals = NULL;
  g_autofree char *summary = NULL;

  self->until = self->loaded ? self->loaded->now : g_get_real_time () / G_USEC_PER_SEC;
  self->since = self->until - drivedash_writes_period_seconds (self->period);
  g_ptr_array_set_size (self->apps, 0);
  g_ptr_array_set_size (self->labels, 0);
  g_array_set_size (self->bar_times, 0);
  g_array_set_size (self->bytes, 0);
  self->highlight_part = G_MAXUINT;
  totals = period_totals (buckets, self->since);
  choose_parts (self, totals);
  cut_bars (self);
  fill_bytes (self, buckets);
  fill_drive (self, self->loaded ? self->loaded->readings : NULL);
  summary = summary_text (self);
  set_string (self, &self->summary, summary, PROP_SUMMARY);
  if (self->has_writes != (self->apps->len > 0))
    {
      self->has_writes = self->apps->len > 0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_WRITES]);
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

/* ---------------------------------------------------------------------- */

static void
loaded_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  Loaded *l = g_task_propagate_pointer (G_TASK (result), NULL);
  DrivedashHealthWritesPlotModel *self;

  if (l == NULL)
    return;
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    {
      loaded_free (l);
      return;
    }
  self = DRIVEDASH_HEALTH_WRITES_PLOT_MODEL (source);
  loaded_free (self->loaded);
  self->loaded = l;
  show_period (self);
}

void
drivedash_health_writes_plot_model_load (DrivedashHealthWritesPlotModel *self,
                                         const char                     *store_path,
                                         const DrivedashHealth          *health)
{
  const gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_autoptr(GTask) task = NULL;
  g_autofree char *key = NULL;
  Loaded *l;

  g_return_if_fail (DRIVEDASH_IS_HEALTH_WRITES_PLOT_MODEL (self));
  if (health != NULL && (health->serial == NULL || health->source == DRIVEDASH_HEALTH_SOURCE_REPORT))
    health = NULL;
  key = health ? g_strconcat (health->serial, "|", health->controller, "|", store_path, NULL) : NULL;
  if (self->loaded_at > 0 && g_strcmp0 (key, self->loaded_key) == 0 && now - self->loaded_at < RELOAD_SECONDS)
    return;
  g_free (self->loaded_key);
  self->loaded_key = g_steal_pointer (&key);
  self->loaded_at = now;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  set_string (self, &self->drive_name,
              health ? (health->model && *health->model ? health->model : health->controller) : NULL,
              PROP_DRIVE_NAME);
  if (health == NULL)
    {
      g_clear_pointer (&self->loaded, loaded_free);
      show_period (self);
      return;
    }
  self->cancellable = g_cancellable_new ();
  l = g_new0 (Loaded, 1);
  l->path = g_strdup (store_path);
  l->serial = g_strdup (health->serial);
  l->controller = g_strdup (health->controller);
  l->now = now;
  task = g_task_new (self, self->cancellable, loaded_cb, NULL);
  g_task_set_task_data (task, l, NULL);
  g_task_run_in_thread (task, load_thread);
}

/* ---------------------------------------------------------------------- */
/* Getters                                                                */

DrivedashWritesPeriod
drivedash_health_writes_plot_model_get_period (DrivedashHealthWritesPlotModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_PLOT_MODEL (self), DRIVEDASH_WRITES_PERIOD_WEEK);
  return self->period;
}

const char *
drivedash_health_writes_plot_model_get_summary (DrivedashHealthWritesPlotModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_PLOT_MODEL (self), NULL);
  return self->summary;
}

gboolean
drivedash_health_writes_plot_model_get_has_writes (DrivedashHealthWritesPlotModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_PLOT_MODEL (self), FALSE);
  return self->has_writes;
}

guint
drivedash_health_writes_plot_model_get_n_parts (DrivedashHealthWritesPlotModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_PLOT_MODEL (self), 0);
  return self->apps->len;
}

const char *
drivedash_health_writes_plot_model_get_label (DrivedashHealthWritesPlotModel *self,
                                              guint                           part)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_PLOT_MODEL (self), NULL);
  g_return_val_if_fail (part < self->labels->len, NULL);
  return g_ptr_array_index (self->labels, part);
}

const char *
drivedash_health_writes_plot_model_get_app (DrivedashHealthWritesPlotModel *self,
                                            guint                           part)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_PLOT_MODEL (self), NULL);
  g_return_val_if_fail (part < self->apps->len, NULL);
  return g_ptr_array_index (self->apps, part);
}

guint
drivedash_health_writes_plot_model_get_highlight_part (DrivedashHealthWritesPlotModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_PLOT_MODEL (self), G_MAXUINT);
  return self->highlight_part;
}

guint
drivedash_health_writes_plot_model_get_n_bars (DrivedashHealthWritesPlotModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_PLOT_MODEL (self), 0);
  return self->bar_times->len;
}

gint64
drivedash_health_writes_plot_model_get_bar_time (DrivedashHealthWritesPlotModel *self,
                                                 guint                           bar)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_PLOT_MODEL (self), 0);
  g_return_val_if_fail (bar < self->bar_times->len, 0);
  return g_array_index (self->bar_times, gint64, bar);
}

gint64
drivedash_health_writes_plot_model_get_bar_span (DrivedashHealthWritesPlotModel *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_PLOT_MODEL (self), DAY);
  return self->period == DRIVEDASH_WRITES_PERIOD_DAY ? HOUR : DAY;
}

guint64
drivedash_health_writes_plot_model_get_bytes (DrivedashHealthWritesPlotModel *self,
                                              guint                           bar,
                                              guint                           part)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_PLOT_MODEL (self), 0);
  g_return_val_if_fail (bar < self->bar_times->len && part < self->apps->len, 0);
  return g_array_index (self->bytes, guint64, bar * self->apps->len + part);
}

gint64
drivedash_health_writes_plot_model_get_drive_bytes (DrivedashHealthWritesPlotModel *self,
                                                    guint                           bar)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITES_PLOT_MODEL (self), -1);
  g_return_val_if_fail (bar < self->drive->len, -1);
  return g_array_index (self->drive, gint64, bar);
}

void
drivedash_health_writes_plot_model_get_range (DrivedashHealthWritesPlotModel *self,
                                              gint64                         *since,
                                              gint64                         *until)
{
  g_return_if_fail (DRIVEDASH_IS_HEALTH_WRITES_PLOT_MODEL (self));
  *since = self->since;
  *until = self->until;
}

DrivedashHealthWritesPlotModel *
drivedash_health_writes_plot_model_new (void)
{
  return g_object_new (DRIVEDASH_TYPE_HEALTH_WRITES_PLOT_MODEL, NULL);
}

/* ---------------------------------------------------------------------- */
/* The object                                                             */

static void
drivedash_health_writes_plot_model_get_property (GObject    *object,
                                                 guint       prop_id,
                                                 GValue     *value,
                                                 GParamSpec *pspec)
{
  DrivedashHealthWritesPlotModel *self = DRIVEDASH_HEALTH_WRITES_PLOT_MODEL (object);

  switch (prop_id)
    {
    case PROP_PERIOD:     g_value_set_enum (value, self->period); break;
    case PROP_HIGHLIGHT:  g_value_set_string (value, self->highlight); break;
    case PROP_DRIVE_NAME: g_value_set_string (value, self->drive_name); break;
    case PROP_SUMMARY:    g_value_set_string (value, self->summary); break;
    case PROP_HAS_WRITES: g_value_set_boolean (value, self->has_writes); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_writes_plot_model_set_property (GObject      *object,
                                                 guint         prop_id,
                                                 const GValue *value,
                                                 GParamSpec   *pspec)
{
  DrivedashHealthWritesPlotModel *self = DRIVEDASH_HEALTH_WRITES_PLOT_MODEL (object);

  switch (prop_id)
    {
    case PROP_PERIOD:
      if (self->period == (DrivedashWritesPeriod) g_value_get_enum (value))
        return;
      self->period = g_value_get_enum (value);
      g_object_notify_by_pspec (object, pspec);
      show_period (self);
      break;
    case PROP_HIGHLIGHT:
      if (g_strcmp0 (self->highlight, g_value_get_string (value)) == 0)
        return;
      set_string (self, &self->highlight, g_value_get_string (value), PROP_HIGHLIGHT);
      show_period (self);
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_writes_plot_model_dispose (GObject *object)
{
  DrivedashHealthWritesPlotModel *self = DRIVEDASH_HEALTH_WRITES_PLOT_MODEL (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (drivedash_health_writes_plot_model_parent_class)->dispose (object);
}

static void
drivedash_health_writes_plot_model_finalize (GObject *object)
{
  DrivedashHealthWritesPlotModel *self = DRIVEDASH_HEALTH_WRITES_PLOT_MODEL (object);

  g_free (self->highlight);
  g_free (self->drive_name);
  g_free (self->summary);
  g_free (self->loaded_key);
  loaded_free (self->loaded);
  g_ptr_array_unref (self->apps);
  g_ptr_array_unref (self->labels);
  g_array_unref (self->bar_times);
  g_array_unref (self->bytes);
  g_array_unref (self->drive);
  G_OBJECT_CLASS (drivedash_health_writes_plot_model_parent_class)->finalize (object);
}

static void
drivedash_health_writes_plot_model_class_init (DrivedashHealthWritesPlotModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_health_writes_plot_model_get_property;
  object_class->set_property = drivedash_health_writes_plot_model_set_property;
  object_class->dispose = drivedash_health_writes_plot_model_dispose;
  object_class->finalize = drivedash_health_writes_plot_model_finalize;
  properties[PROP_PERIOD] = g_param_spec_enum ("period", NULL, NULL, DRIVEDASH_TYPE_WRITES_PERIOD,
                                               DRIVEDASH_WRITES_PERIOD_WEEK, ro | G_PARAM_WRITABLE);
  properties[PROP_HIGHLIGHT] = g_param_spec_string ("highlight", NULL, NULL, NULL, ro | G_PARAM_WRITABLE);
  properties[PROP_DRIVE_NAME] = g_param_spec_string ("drive-name", NULL, NULL, NULL, ro);
  properties[PROP_SUMMARY] = g_param_spec_string ("summary", NULL, NULL, NULL, ro);
  properties[PROP_HAS_WRITES] = g_param_spec_boolean ("has-writes", NULL, NULL, FALSE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* The bars are arrays, read with the getters: the plot takes its
   * samples from code. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
drivedash_health_writes_plot_model_init (DrivedashHealthWritesPlotModel *self)
{
  self->period = DRIVEDASH_WRITES_PERIOD_WEEK;
  self->highlight_part = G_MAXUINT;
  self->apps = g_ptr_array_new_with_free_func (g_free);
  self->labels = g_ptr_array_new_with_free_func (g_free);
  self->bar_times = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->bytes = g_array_new (FALSE, TRUE, sizeof (guint64));
  self->drive = g_array_new (FALSE, FALSE, sizeof (gint64));
}
