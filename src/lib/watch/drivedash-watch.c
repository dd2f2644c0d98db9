/* drivedash-watch.c — the background watch
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-endurance.h"
#include "drivedash-error.h"
#include "drivedash-health-trend.h"
#include "drivedash-snapshot.h"
#include "drivedash-store-app-writes.h"
#include "drivedash-store-health.h"
#include "drivedash-watch-private.h"
#include "drivedash-write-sampler.h"
#include "drivedash-writes-tally.h"

typedef struct
{
  char                *controller;
  char                *name;           /* model, for messages */
  gint64               id;             /* in the store */
  DrivedashWatchState  state;
  gboolean             muted;
  guint16              warning_kelvin;
  gboolean             follow_udisks;  /* full health comes on UDisks2's signal */
  gint64               events_since;   /* kernel events from then on (µs) */
  guint32              events_told;    /* kinds told in this run */
} WatchedDrive;

struct _DrivedashWatch
{
  GObject         parent_instance;
  DrivedashStore *store;
  char           *sysfs_root;
  char           *health_file;
  guint           period_ms;
  guint           ticks;
  guint           timer_id;
  gint64          last_thin;
  GCancellable   *cancellable;
  GHashTable     *drives;              /* controller → WatchedDrive */
  GDBusConnection *system;             /* for UDisks2's PropertiesChanged */
  guint           udisks_subscription;
  guint           udisks_idle;
  DrivedashWriteSampler *writes;       /* this user's apps, while the service is not used */
  /* Everyone's apps through drivedashd's GetAppWrites, asked every tick:
   * its counter stops when nobody asks for five minutes. */
  gboolean        via_service;         /* its answers are what is recorded */
  gboolean        asking;              /* a GetAppWrites in flight */
  GPtrArray      *service_last;        /* its last answer, the baseline */
  gint64          service_since;       /* when that counting started (µs) */
  DrivedashWritesTally *service_grew;  /* what grew since the last recording */
};

G_DEFINE_FINAL_TYPE (DrivedashWatch, drivedash_watch, G_TYPE_OBJECT)

enum { SIGNAL_EVENT, SIGNAL_APP_EVENT, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
watched_drive_free (WatchedDrive *d)
{
  g_free (d->controller);
  g_free (d->name);
  g_free (d);
}

static gint64
now_seconds (void)
{
  return g_get_real_time () / G_USEC_PER_SEC;
}

/* A drive seen for the first time: its id and the rules' memory. */
static WatchedDrive *
lookup_drive (DrivedashWatch        *self,
              const DrivedashHealth *health)
{
  g_autoptr(GError) error = NULL;
  WatchedDrive *d = g_hash_table_lookup (self->drives, health->controller);

  if (d != NULL)
    return d;
  d = g_new0 (WatchedDrive, 1);
  d->controller = g_strdup (health->controller);
  /* What the kernel reported before the watch began is on the Health
   * page; a notification is for what is new. */
  d->events_since = g_get_real_time ();
  d->name = g_strdup (health->model != NULL && *health->model ? health->model : health->controller);
  d->id = drivedash_store_watch_drive (self->store, health->serial, health->model,
                                       health->controller, &error);
  if (d->id < 0 || !drivedash_store_watch_load (self->store, d->id, &d->state, &d->muted, &error))
    {
      g_warning ("The watch cannot use the results history: %s", error->message);
      watched_drive_free (d);
      return NULL;
    }
  g_hash_table_insert (self->drives, d->controller, d);
  return d;
}

static void
emit_events (DrivedashWatch *self,
             WatchedDrive   *d,
             GArray         *events)
{
  for (guint i = 0; i < events->len; i++)
    {
      const DrivedashWatchEvent *e = &g_array_index (events, DrivedashWatchEvent, i);
      g_autofree char *title = NULL;
      g_autofree char *body = NULL;

      drivedash_watch_event_describe (e, d->name, &title, &body);
      g_signal_emit (self, signals[SIGNAL_EVENT], 0, d->controller, title, body,
                     drivedash_watch_event_kind_id (e->kind));
    }
}

/* Store, rules, messages, and now and then the thinning. */
static void
record (DrivedashWatch          *self,
        WatchedDrive            *d,
        const DrivedashSnapshot *snapshot)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) events = NULL;

  if (!drivedash_store_add_snapshots (self->store, d->id, snapshot, 1, &error))
    g_warning ("A health snapshot could not be saved: %s", error->message);
  g_clear_error (&error);
  events = drivedash_watch_rules_apply (&d->state, snapshot, d->warning_kelvin, d->muted);
  if (!drivedash_store_watch_save_state (self->store, d->id, &d->state, &error))
    g_warning ("The watch could not save what it told: %s", error->message);
  g_clear_error (&error);
  emit_events (self, d, events);
  if (snapshot->time - self->last_thin >= 3600)
    {
      self->last_thin = snapshot->time;
      if (!drivedash_store_thin_snapshots (self->store, snapshot->time, &error) ||
          !drivedash_store_thin_app_writes (self->store, snapshot->time, &error))
        g_warning ("Old health readings could not be thinned: %s", error->message);
    }
}

static void follow_udisks (DrivedashWatch *self);

typedef struct
{
  DrivedashWatch *self;
  char           *controller;
} EventsRead;

static void
events_read_free (EventsRead *r)
{
  g_object_unref (r->self);
  g_free (r->controller);
  g_free (r);
}

static void
got_events (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  EventsRead *r = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashEventLog) log = drivedash_client_get_kernel_events_finish (result, &error);
  WatchedDrive *d = g_hash_table_lookup (r->self->drives, r->controller);
  guint32 kinds;

  if (log == NULL || d == NULL)
    {
      if (log == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("watch: %s: kernel events: %s", r->controller, error->message);
      events_read_free (r);
      return;
    }
  kinds = drivedash_watch_rules_kernel_events (log, d->events_since, &d->events_told, d->muted);
  for (guint k = 0; k < DRIVEDASH_N_EVENT_KINDS; k++)
    if (kinds & (1u << k))
      {
        g_autofree char *title = NULL;
        g_autofree char *body = NULL;
        g_autofree char *id = g_strconcat ("kernel-", drivedash_event_kind_to_string (k), NULL);

        drivedash_watch_kernel_event_describe (k, log, d->name, &title, &body);
        g_signal_emit (r->self, signals[SIGNAL_EVENT], 0, d->controller, title, body, id);
      }
  events_read_free (r);
}

/* A fixture tree's drives are not in this system's journal. */
static void
read_events (DrivedashWatch *self,
             WatchedDrive   *d)
{
  EventsRead *r;

  if (self->sysfs_root != NULL)
    return;
  r = g_new0 (EventsRead, 1);
  r->self = g_object_ref (self);
  r->controller = g_strdup (d->controller);
  drivedash_client_get_kernel_events_async (NULL, d->controller, NULL, d->events_since, 0,
                                            DRIVEDASH_CLIENT_NONE, self->cancellable, got_events, r);
}

static void
take_health (DrivedashWatch  *self,
             DrivedashHealth *health)
{
  DrivedashSnapshot snapshot;
  WatchedDrive *d = lookup_drive (self, health);

  if (d == NULL)
    return;
  /* UDisks2 refreshes the SMART data itself (every ten minutes) and says
   * so with PropertiesChanged: read when it does, not on a timer. */
  d->follow_udisks = health->source == DRIVEDASH_HEALTH_SOURCE_UDISKS2;
  if (d->follow_udisks)
    follow_udisks (self);
  if (health->has & DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS)
    d->warning_kelvin = health->warning_temperature_kelvin;
  if (drivedash_snapshot_from_health (&snapshot, health, now_seconds ()))
    record (self, d, &snapshot);
  read_events (self, d);
}

static void
got_health (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(DrivedashWatch) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashHealth) health = drivedash_client_get_health_finish (result, &error);

  if (health == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("watch: %s", error->message);
      return;
    }
  take_health (self, health);
}

static void
read_health_file (DrivedashWatch *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GMappedFile) file = g_mapped_file_new (self->health_file, FALSE, &error);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GVariant) variant = NULL;
  g_autoptr(DrivedashHealth) health = NULL;

  if (file == NULL)
    {
      g_warning ("watch: %s", error->message);
      return;
    }
  bytes = g_mapped_file_get_bytes (file);
  variant = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE));
  health = drivedash_health_new_from_variant (variant, &error);
  if (health == NULL)
    g_warning ("watch: %s", error->message);
  else
    take_health (self, health);
}

static void
read_full (DrivedashWatch *self,
           gboolean        udisks_changed)
{
  g_autoptr(GPtrArray) drives = NULL;

  if (self->health_file != NULL)
    {
      read_health_file (self);
      return;
    }
  /* Listed each time: drives come and go. */
  drives = drivedash_drive_list (self->sysfs_root, NULL);
  for (guint i = 0; drives != NULL && i < drives->len; i++)
    {
      const char *name = drivedash_drive_get_name (g_ptr_array_index (drives, i));
      WatchedDrive *d = g_hash_table_lookup (self->drives, name);

      /* On the timer: the drives UDisks2 reports are left to its signal.
       * On its signal: only those. */
      if ((d != NULL && d->follow_udisks) != udisks_changed)
        continue;
      drivedash_client_get_health_async (self->sysfs_root, name, DRIVEDASH_CLIENT_NONE,
                                         self->cancellable, got_health, g_object_ref (self));
    }
}

static gboolean
udisks_idle_cb (gpointer user_data)
{
  DrivedashWatch *self = user_data;

  self->udisks_idle = 0;
  read_full (self, TRUE);
  return G_SOURCE_REMOVE;
}

/* Several properties change at once: one reading for them all. */
static void
on_udisks_changed (GDBusConnection *connection,
                   const char      *sender,
                   const char      *path,
                   const char      *iface,
                   const char      *signal,
                   GVariant        *parameters,
                   gpointer         user_data)
{
  DrivedashWatch *self = user_data;

  if (self->udisks_idle == 0)
    self->udisks_idle = g_timeout_add (200, udisks_idle_cb, self);
}

static void
follow_udisks (DrivedashWatch *self)
{
  if (self->udisks_subscription != 0)
    return;
  if (self->system == NULL)
    self->system = g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, NULL);
  if (self->system == NULL)
    return;
  self->udisks_subscription =
    g_dbus_connection_signal_subscribe (self->system, "org.freedesktop.UDisks2",
                                        "org.freedesktop.DBus.Properties", "PropertiesChanged",
                                        NULL, "org.freedesktop.UDisks2.NVMe.Controller",
                                        G_DBUS_SIGNAL_FLAGS_NONE, on_udisks_changed, self, NULL);
}

/* hwmon: cheap and unprivileged, so every minute. */
static void
read_temperatures (DrivedashWatch *self)
{
  GHashTableIter iter;
  WatchedDrive *d;

  g_hash_table_iter_init (&iter, self->drives);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &d))
    {
      g_autoptr(DrivedashDrive) drive = drivedash_drive_lookup (self->sysfs_root, d->controller, NULL);
      DrivedashTemperature t;
      DrivedashSnapshot snapshot;

      if (drive == NULL || !drivedash_health_read_temperature (drive, &t, NULL) ||
          t.temperature_kelvin == 0)
        continue;
      if (t.warning_temperature_kelvin != 0)
        d->warning_kelvin = t.warning_temperature_kelvin;
      drivedash_snapshot_from_temperature (&snapshot, t.temperature_kelvin, now_seconds ());
      record (self, d, &snapshot);
    }
}

/* @n + 1 of the user's midnights, the last the one after @now's day:
 * the days the spike rule sums (calendar days, 23 or 25 hours at a
 * change of summer time). */
static void
local_midnights (gint64  now,
                 gint64 *starts,
                 guint   n)
{
  g_autoptr(GDateTime) today = g_date_time_new_from_unix_local (drivedash_health_trend_day_start (now));

  for (guint i = 0; i <= n; i++)
    {
      g_autoptr(GDateTime) day = today ? g_date_time_add_days (today, (int) i - (int) n + 1) : NULL;

      starts[i] = day ? g_date_time_to_unix (day) : now - now % 86400 + ((gint64) i - n + 1) * 86400;
    }
}

/* An app that wrote far above its usual today: told once a day, never
 * when muted ("Don't Warn About This App").  Days are the user's
 * calendar days, as the notification's "today" and the chart's bars. */
static void
check_app_spike (DrivedashWatch *self,
                 WatchedDrive   *d,
                 const char     *app,
                 gint64          now)
{
  gint64 starts[DRIVEDASH_WATCH_APP_USUAL_DAYS + 2];
  g_autoptr(GArray) usual = NULL;
  g_autoptr(GArray) today = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL, *body = NULL;
  gboolean muted;
  gint64 warned_day, day;
  double times;

  local_midnights (now, starts, DRIVEDASH_WATCH_APP_USUAL_DAYS + 1);
  day = starts[DRIVEDASH_WATCH_APP_USUAL_DAYS];
  if (!drivedash_store_get_app_warning (self->store, d->id, app, &muted, &warned_day, &error) ||
      muted || warned_day == day)
    return;
  usual = drivedash_store_list_app_days (self->store, d->id, app, starts, DRIVEDASH_WATCH_APP_USUAL_DAYS, &error);
  today = drivedash_store_list_app_days (self->store, d->id, app, starts + DRIVEDASH_WATCH_APP_USUAL_DAYS, 1,
                                         &error);
  if (usual == NULL || today == NULL ||
      !drivedash_watch_rules_app_spike (g_array_index (today, guint64, 0), (const guint64 *) usual->data,
                                        usual->len, DRIVEDASH_WATCH_APP_SPIKE_BYTES, &times))
    return;
  drivedash_watch_app_spike_describe (app, d->name, g_array_index (today, guint64, 0), times,
                                      drivedash_endurance_lookup_tb (d->name), &title, &body);
  if (!drivedash_store_set_app_warning (self->store, d->id, app, FALSE, day, &error))
    g_warning ("The watch could not keep what it told about %s: %s", app, error->message);
  g_signal_emit (self, signals[SIGNAL_APP_EVENT], 0, d->controller, app, title, body);
}

static void
add_app_writes (DrivedashWatch *self,
                WatchedDrive   *d,
                const char     *app,
                guint64         bytes,
                gint64          now)
{
  g_autoptr(GError) error = NULL;

  if (!drivedash_store_add_app_writes (self->store, d->id, now, app, bytes, &error))
    g_warning ("What %s wrote could not be saved: %s", app, error->message);
  else
    check_app_spike (self, d, app, now);
}

/* What each app wrote to each watched drive since the last full
 * reading, into the history (other drives' and unknown drives' are
 * left out). */
static void
record_rows (DrivedashWatch *self,
             GPtrArray      *rows,
             gint64          now)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const DrivedashAppWrites *w = g_ptr_array_index (rows, i);
      WatchedDrive *d = w->controller ? g_hash_table_lookup (self->drives, w->controller) : NULL;

      if (d != NULL)
        add_app_writes (self, d, w->app, w->bytes, now);
    }
}

/* The service's differences and the sampler's figures never overlap (each
 * switch starts the other from zero), so both are recorded: what was
 * counted before a switch is real writes too. */
static void
record_app_writes (DrivedashWatch *self,
                   gint64          now)
{
  g_autoptr(GPtrArray) grew = drivedash_writes_tally_dup_rows (self->service_grew);

  record_rows (self, grew, now);
  drivedash_writes_tally_free (self->service_grew);
  self->service_grew = drivedash_writes_tally_new (DRIVEDASH_WRITES_TALLY_MAX_APPS);
  if (!self->via_service)
    {
      g_autoptr(GPtrArray) totals = drivedash_write_sampler_take_totals (self->writes);

      record_rows (self, totals, now);
    }
}

/* The sampler was not polled while the service answered: what its
 * processes wrote meanwhile is the service's, so it starts from now. */
static void
use_own_sampler (DrivedashWatch *self,
                 const GError   *error)
{
  g_debug ("watch: counting this user's programs only: %s", error->message);
  self->via_service = FALSE;
  g_clear_pointer (&self->service_last, g_ptr_array_unref);
  drivedash_write_sampler_poll (self->writes);
  g_ptr_array_unref (drivedash_write_sampler_take_totals (self->writes));
}

/* One answer of GetAppWrites (NULL: none, @error says why).  The first
 * after a switch is only the baseline: what the sampler counted before it
 * is kept for the next recording, and the sampler rests. */
static void
take_service_answer (DrivedashWatch *self,
                     gint64          since,
                     GPtrArray      *rows,
                     const GError   *error)
{
  g_autoptr(GPtrArray) grew = NULL;

  if (rows == NULL)
    {
      if (self->via_service)
        use_own_sampler (self, error);
      return;
    }
  if (!self->via_service)
    {
      g_autoptr(GPtrArray) own = drivedash_write_sampler_take_totals (self->writes);

      self->via_service = TRUE;
      drivedash_writes_tally_add (self->service_grew, own);
    }
  else
    {
      /* Another since: the service counts again from zero. */
      grew = drivedash_app_writes_delta (since == self->service_since ? self->service_last : NULL, rows);
      drivedash_writes_tally_add (self->service_grew, grew);
    }
  g_clear_pointer (&self->service_last, g_ptr_array_unref);
  self->service_last = g_ptr_array_ref (rows);
  self->service_since = since;
}

static void
got_app_writes (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = g_task_propagate_pointer (G_TASK (result), &error);
  DrivedashWatch *self = DRIVEDASH_WATCH (object);
  gint64 *since = g_task_get_task_data (G_TASK (result));

  self->asking = FALSE;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  take_service_answer (self, *since, rows, error);
}

static void
ask_service_thread (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  GError *error = NULL;
  GPtrArray *rows = drivedash_client_get_app_writes (task_data, cancellable, &error);

  if (rows == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, rows, (GDestroyNotify) g_ptr_array_unref);
}

/* In a thread: the call may wait for polkit.  A fixture tree's drives
 * are not the service's. */
static void
ask_service (DrivedashWatch *self)
{
  g_autoptr(GTask) task = NULL;

  if (self->asking || self->sysfs_root != NULL || self->health_file != NULL)
    return;
  self->asking = TRUE;
  task = g_task_new (self, self->cancellable, got_app_writes, NULL);
  g_task_set_source_tag (task, ask_service);
  g_task_set_task_data (task, g_new0 (gint64, 1), g_free);
  g_task_run_in_thread (task, ask_service_thread);
}

gboolean
drivedash_watch_get_counts_everyone (DrivedashWatch *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_WATCH (self), FALSE);
  return self->via_service;
}

void
drivedash_watch_take_app_writes_answer_for_testing (DrivedashWatch *self,
                                                     gint64          since_usec,
                                                     GPtrArray      *rows)
{
  g_autoptr(GError) error = NULL;

  if (rows == NULL)
    error = g_error_new_literal (DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION, "refused for testing");
  take_service_answer (self, since_usec, rows, error);
}

void
drivedash_watch_record_app_writes_for_testing (DrivedashWatch *self,
                                               gint64          now)
{
  record_app_writes (self, now);
}

gboolean
drivedash_watch_set_app_muted (DrivedashWatch  *self,
                               const char      *controller,
                               const char      *app,
                               gboolean         muted,
                               GError         **error)
{
  WatchedDrive *d = g_hash_table_lookup (self->drives, controller);
  gboolean was_muted;
  gint64 warned_day;

  if (d == NULL)
    return TRUE;
  return drivedash_store_get_app_warning (self->store, d->id, app, &was_muted, &warned_day, error) &&
         drivedash_store_set_app_warning (self->store, d->id, app, muted, warned_day, error);
}

void
drivedash_watch_add_app_writes_for_testing (DrivedashWatch        *self,
                                            const DrivedashHealth *health,
                                            const char            *app,
                                            guint64                bytes,
                                            gint64                 now)
{
  WatchedDrive *d = lookup_drive (self, health);

  g_return_if_fail (d != NULL);
  add_app_writes (self, d, app, bytes, now);
}

static gboolean
tick (gpointer user_data)
{
  DrivedashWatch *self = user_data;

  if (!self->via_service)
    drivedash_write_sampler_poll (self->writes);
  if (self->ticks % DRIVEDASH_WATCH_FULL_EVERY == 0 && self->ticks > 0)
    record_app_writes (self, now_seconds ());
  ask_service (self);
  if (self->ticks++ % DRIVEDASH_WATCH_FULL_EVERY == 0)
    read_full (self, FALSE);
  else if (self->health_file == NULL)
    read_temperatures (self);
  return G_SOURCE_CONTINUE;
}

void
drivedash_watch_start (DrivedashWatch *self)
{
  g_return_if_fail (DRIVEDASH_IS_WATCH (self));
  if (self->timer_id != 0)
    return;
  tick (self);
  self->timer_id = g_timeout_add (self->period_ms, tick, self);
}

gboolean
drivedash_watch_set_muted (DrivedashWatch  *self,
                           const char      *controller,
                           gboolean         muted,
                           GError         **error)
{
  WatchedDrive *d = g_hash_table_lookup (self->drives, controller);

  if (d == NULL)
    return TRUE;
  d->muted = muted;
  return drivedash_store_watch_set_muted (self->store, d->id, muted, error);
}

void
drivedash_watch_set_period_ms_for_testing (DrivedashWatch *self,
                               guint           period_ms)
{
  self->period_ms = MAX (period_ms, 10);
}

void
drivedash_watch_set_health_file_for_testing (DrivedashWatch *self,
                                 const char     *path)
{
  g_free (self->health_file);
  self->health_file = g_strdup (path);
}

/* Before the first tick: the sampler names drives from the same tree. */
static void
set_sysfs_root (DrivedashWatch *self,
                const char     *sysfs_root)
{
  g_free (self->sysfs_root);
  self->sysfs_root = g_strdup (sysfs_root);
  drivedash_write_sampler_set_sysfs_root (self->writes, sysfs_root);
}

void
drivedash_watch_apply_environment_for_testing (DrivedashWatch *self)
{
  const char *period = g_getenv ("DRIVEDASH_WATCH_PERIOD_MS");
  const char *file = g_getenv ("DRIVEDASH_WATCH_HEALTH_FILE");
  const char *sysfs_root = g_getenv ("DRIVEDASH_WATCH_SYSFS_ROOT");

  if (period != NULL && *period != '\0')
    drivedash_watch_set_period_ms_for_testing (self, (guint) g_ascii_strtoull (period, NULL, 10));
  if (file != NULL && *file != '\0')
    drivedash_watch_set_health_file_for_testing (self, file);
  if (sysfs_root != NULL && *sysfs_root != '\0')
    set_sysfs_root (self, sysfs_root);
}

const char *
drivedash_watch_get_sysfs_root (DrivedashWatch *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_WATCH (self), NULL);
  return self->sysfs_root;
}

DrivedashWatch *
drivedash_watch_new (DrivedashStore *store,
                     const char     *sysfs_root)
{
  DrivedashWatch *self = g_object_new (DRIVEDASH_TYPE_WATCH, NULL);

  self->store = g_object_ref (store);
  set_sysfs_root (self, sysfs_root);
  return self;
}

static void
drivedash_watch_dispose (GObject *object)
{
  DrivedashWatch *self = DRIVEDASH_WATCH (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->timer_id, g_source_remove);
  g_clear_handle_id (&self->udisks_idle, g_source_remove);
  if (self->udisks_subscription != 0)
    g_dbus_connection_signal_unsubscribe (self->system, self->udisks_subscription);
  self->udisks_subscription = 0;
  g_clear_object (&self->system);
  G_OBJECT_CLASS (drivedash_watch_parent_class)->dispose (object);
}

static void
drivedash_watch_finalize (GObject *object)
{
  DrivedashWatch *self = DRIVEDASH_WATCH (object);

  g_clear_object (&self->store);
  g_clear_object (&self->cancellable);
  g_hash_table_unref (self->drives);
  g_clear_pointer (&self->writes, drivedash_write_sampler_free);
  g_clear_pointer (&self->service_last, g_ptr_array_unref);
  g_clear_pointer (&self->service_grew, drivedash_writes_tally_free);
  g_free (self->sysfs_root);
  g_free (self->health_file);
  G_OBJECT_CLASS (drivedash_watch_parent_class)->finalize (object);
}

static void
drivedash_watch_class_init (DrivedashWatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = drivedash_watch_dispose;
  object_class->finalize = drivedash_watch_finalize;
  signals[SIGNAL_EVENT] = g_signal_new ("event", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 4, G_TYPE_STRING,
                                        G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
  /* (const char *controller, const char *app, const char *title,
   * const char *body): an app wrote far above its usual today. */
  signals[SIGNAL_APP_EVENT] = g_signal_new ("app-event", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                            0, NULL, NULL, NULL, G_TYPE_NONE, 4, G_TYPE_STRING,
                                            G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
}

static void
drivedash_watch_init (DrivedashWatch *self)
{
  self->period_ms = DRIVEDASH_WATCH_TEMPERATURE_SECONDS * 1000;
  self->cancellable = g_cancellable_new ();
  self->writes = drivedash_write_sampler_new (NULL);
  self->service_grew = drivedash_writes_tally_new (DRIVEDASH_WRITES_TALLY_MAX_APPS);
  self->drives = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                        (GDestroyNotify) watched_drive_free);
}
