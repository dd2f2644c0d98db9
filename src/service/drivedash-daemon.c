/* drivedash-daemon.c — method handlers of drivedashd
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every call goes the same way: the arguments are checked without touching
 * the file system (wrong ones never reach polkit or a path), then polkit is
 * asked about the sender, and only then the controller is looked up and the
 * work is done.  The work runs in worker threads, one call at a time per
 * drive: an admin command to a drive that hangs (until the kernel's
 * timeout) holds up only the calls for that drive, never other drives,
 * other callers or property reads on the main thread.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "drivedash-authority.h"
#include "drivedash-client.h"
#include "drivedash-daemon.h"
#include "drivedash-daemon-work.h"
#include "drivedash-sysfs.h"
#include "drivedash-temporary-record.h"

struct _DrivedashDaemon
{
  DrivedashDBusDrivedash1Skeleton parent_instance;

  char    *sysfs_root;
  char    *udev_rules_dir;
  char    *state_dir;
  char    *dev_dir;
  char    *journal_file;   /* tests: this journal file, not the system's */
  DrivedashPowerPaths paths;  /* points into the strings above */

  guint    idle_timeout_s;
  guint    idle_source;
  guint    n_pending;      /* calls not answered yet */

  GMainContext *context;   /* where calls are answered */
  GThreadPool  *pool;      /* runs the work */
  GHashTable   *slots;     /* controller (or "") → Slot */
  GHashTable   *checks;    /* sender → pending polkit checks (guint) */
  GHashTable   *user_checks; /* uid → pending polkit checks (guint) */
  guint         n_checks;
  guint         permission_timeout_s;
  GHashTable   *temporaries; /* controller → Temporary */
  char         *bus_id;      /* set by drivedash_daemon_resume() */
  DrivedashDaemonWrites *writes;  /* NULL: nobody asked lately */
  guint         writes_timer;
  gint64        writes_last_call; /* g_get_monotonic_time() */
};

static void drivedash_daemon_iface_init (DrivedashDBusDrivedash1Iface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (DrivedashDaemon, drivedash_daemon,
                               DRIVEDASH_DBUS_TYPE_DRIVEDASH1_SKELETON,
                               G_IMPLEMENT_INTERFACE (DRIVEDASH_DBUS_TYPE_DRIVEDASH1,
                                                      drivedash_daemon_iface_init))

enum
{
  SIGNAL_IDLE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Pending polkit checks one sender may have, one Unix user (all their
 * connections) and everyone together: each one holds memory here and in
 * polkitd, and a password dialog can stay open for minutes.  A user's
 * share leaves most slots to the others, so one user's agent holding its
 * checks open locks nobody else out.  Past that the call is refused at
 * once. */
#define MAX_CHECKS_PER_SENDER 8
#define MAX_CHECKS_PER_USER   16
#define MAX_CHECKS            64

/* How long a check may wait for polkit (and its password dialog) by
 * default; --permission-timeout changes it. */
#define DEFAULT_PERMISSION_TIMEOUT_S 120

/* Active users may read health without a password: answer repeated
 * GetHealth calls for a drive from the last report for this long instead
 * of sending the drive new admin commands each time. */
#define HEALTH_CACHE_USEC (1 * G_USEC_PER_SEC)

/* Calls waiting behind the one running for a drive (a hung drive holds
 * them until the kernel gives up); more are refused at once. */
#define MAX_QUEUED_PER_DRIVE 32

/* Calls run one at a time per drive, so this only bounds how many drives
 * are worked on at once. */
#define MAX_WORKERS 16

/* Beyond this many drive slots, idle ones are dropped (a caller may name
 * any number of controllers that do not exist). */
#define MAX_IDLE_SLOTS 32

/* GetAppWrites' shared sampler reads every process this often, so that
 * programs which start and end between two callers' calls are seen; it
 * stops once nobody asked for this long (the watch asks every minute). */
#define WRITES_POLL_S  5
#define WRITES_KEEP_USEC (5 * 60 * G_USEC_PER_SEC)
/* The writes calls' queue: not a controller name, so no caller's. */
#define WRITES_SLOT    "#writes"

typedef struct
{
  DrivedashDaemon        *self;
  GDBusMethodInvocation  *invocation;
  char                   *sender;   /* set while its polkit check is pending */
  gboolean                have_uid; /* counted in user_checks under uid */
  guint32                 uid;
  DrivedashDaemonRequest  request;
  GVariant               *reply;    /* set by the worker */
  GError                 *error;
} Call;

/* The calls for one drive (or "" for ListDrives): run one at a time, in
 * the order they were authorized. */
typedef struct
{
  GQueue     calls;
  gboolean   busy;
  gint64     health_time;   /* g_get_monotonic_time(); 0: nothing cached */
  GVariant  *health_reply;
  GError    *health_error;
} Slot;

static void
call_free (Call *call)
{
  g_clear_object (&call->self);
  g_clear_object (&call->invocation);
  g_free (call->sender);
  g_free (call->request.controller);
  g_free (call->request.original_serial);
  g_free (call->request.serial);
  g_clear_pointer (&call->reply, g_variant_unref);
  g_clear_error (&call->error);
  g_free (call);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Call, call_free)

static void
slot_forget_health (Slot *slot)
{
  slot->health_time = 0;
  g_clear_pointer (&slot->health_reply, g_variant_unref);
  g_clear_error (&slot->health_error);
}

static void
slot_free (gpointer data)
{
  Slot *slot = data;

  /* Only idle slots are freed: their queue is empty. */
  g_assert (g_queue_is_empty (&slot->calls));
  slot_forget_health (slot);
  g_free (slot);
}

static gboolean
slot_health_is_fresh (Slot *slot)
{
  return slot->health_time != 0 &&
         g_get_monotonic_time () - slot->health_time < HEALTH_CACHE_USEC;
}

/* --- idle exit -------------------------------------------------------- */

static gboolean
idle_timeout_cb (gpointer user_data)
{
  DrivedashDaemon *self = user_data;

  self->idle_source = 0;
  g_signal_emit (self, signals[SIGNAL_IDLE], 0);
  return G_SOURCE_REMOVE;
}

/* A running writes sampler keeps the service too (its callers take
 * deltas between answers), but is not a pending call: exiting on SIGTERM
 * does not wait for it. */
static void
schedule_idle (DrivedashDaemon *self)
{
  g_clear_handle_id (&self->idle_source, g_source_remove);
  if (self->idle_timeout_s > 0 && self->n_pending == 0 && self->writes == NULL)
    self->idle_source = g_timeout_add_seconds (self->idle_timeout_s,
                                               idle_timeout_cb, self);
}

static void
hold (DrivedashDaemon *self)
{
  self->n_pending++;
  g_clear_handle_id (&self->idle_source, g_source_remove);
}

static void
release (DrivedashDaemon *self)
{
  g_assert (self->n_pending > 0);
  self->n_pending--;
  schedule_idle (self);
}

guint
drivedash_daemon_get_n_pending (DrivedashDaemon *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_DAEMON (self), 0);

  return self->n_pending;
}

/* Answers the call (with call->reply or call->error) and frees it. */
static void
call_return (Call *call)
{
  DrivedashDaemon *self = call->self;
  GDBusMethodInvocation *invocation = g_steal_pointer (&call->invocation);

  /* The service's own calls (putting game mode back) have no caller. */
  if (invocation == NULL)
    {
      if (call->error != NULL)
        g_warning ("%s: %s", call->request.controller, call->error->message);
    }
  else if (call->reply != NULL)
    g_dbus_method_invocation_return_value (invocation, call->reply);
  else
    g_dbus_method_invocation_return_gerror (invocation, call->error);
  release (self);
  call_free (call);
}

/* --- one queue per drive ---------------------------------------------- */

/* Which queue a call waits in: its drive's, the writes', or "". */
static const char *
slot_key (const DrivedashDaemonRequest *request)
{
  if (request->op == DRIVEDASH_DAEMON_OP_GET_APP_WRITES ||
      request->op == DRIVEDASH_DAEMON_OP_POLL_APP_WRITES)
    return WRITES_SLOT;
  return request->controller;
}

static Slot *
slot_lookup (DrivedashDaemon *self,
             const char      *controller)
{
  return g_hash_table_lookup (self->slots, controller != NULL ? controller : "");
}

static gboolean
slot_is_idle (gpointer key,
              gpointer value,
              gpointer user_data)
{
  Slot *slot = value;

  return !slot->busy && g_queue_is_empty (&slot->calls) && !slot_health_is_fresh (slot);
}

static Slot *
slot_get (DrivedashDaemon *self,
          const char      *controller)
{
  Slot *slot = slot_lookup (self, controller);

  if (slot != NULL)
    return slot;

  if (g_hash_table_size (self->slots) >= MAX_IDLE_SLOTS)
    g_hash_table_foreach_remove (self->slots, slot_is_idle, NULL);

  slot = g_new0 (Slot, 1);
  g_queue_init (&slot->calls);
  g_hash_table_insert (self->slots, g_strdup (controller != NULL ? controller : ""), slot);
  return slot;
}

/* Starts the next call of the slot that needs the drive; GetHealth calls
 * are answered from a fresh report on the way. */
static void
slot_run_next (DrivedashDaemon *self,
               Slot            *slot)
{
  Call *call;

  while ((call = g_queue_pop_head (&slot->calls)) != NULL)
    {
      if (call->request.op == DRIVEDASH_DAEMON_OP_GET_HEALTH && slot_health_is_fresh (slot))
        {
          if (slot->health_reply != NULL)
            call->reply = g_variant_ref (slot->health_reply);
          else
            call->error = g_error_copy (slot->health_error);
          call_return (call);
          continue;
        }

      slot->busy = TRUE;
      g_thread_pool_push (self->pool, call, NULL);
      return;
    }
}

static void
enqueue (Call *call)
{
  DrivedashDaemon *self = call->self;
  Slot *slot = slot_get (self, slot_key (&call->request));

  if (g_queue_get_length (&slot->calls) >= MAX_QUEUED_PER_DRIVE)
    {
      g_set_error_literal (&call->error, G_DBUS_ERROR, G_DBUS_ERROR_LIMITS_EXCEEDED,
                           _("Too many requests are waiting for this drive; try again in a moment."));
      call_return (call);
      return;
    }

  g_queue_push_tail (&slot->calls, call);
  if (!slot->busy)
    slot_run_next (self, slot);
}

/* --- temporary game mode ------------------------------------------------ */

/* A temporary game-mode change: what to put back on a controller once
 * every client holding it has left the bus without setting game mode
 * itself.  The record is also on disk, so a new instance of the service
 * takes over. */
typedef struct
{
  DrivedashDaemon          *self;     /* not a reference: the daemon owns this */
  DrivedashTemporaryRecord *record;
  GArray                   *watches;  /* guint, in the order of record->holders */
} Temporary;

typedef struct
{
  Temporary *t;
  char      *name;
} Holder;

static void
holder_free (gpointer data)
{
  Holder *holder = data;

  g_free (holder->name);
  g_free (holder);
}

static void
temporary_free (Temporary *t)
{
  for (guint i = 0; i < t->watches->len; i++)
    g_bus_unwatch_name (g_array_index (t->watches, guint, i));
  g_array_unref (t->watches);
  drivedash_temporary_record_free (t->record);
  g_free (t);
}

/* Each temporary change holds the daemon (no idle exit meanwhile). */
static void
drop_temporary (DrivedashDaemon *self,
                const char      *controller)
{
  Temporary *t = NULL;

  if (!g_hash_table_steal_extended (self->temporaries, controller, NULL, (gpointer *) &t))
    return;
  drivedash_temporary_record_remove (&self->paths, controller);
  temporary_free (t);
  release (self);
}

/* The last holder left: puts back the state from before the first one.
 * No polkit check: each holder was allowed the temporary change, and
 * undoing it is the service's promise. */
static void
undo_temporary (Temporary *t)
{
  DrivedashDaemon *self = t->self;
  Call *call = g_new0 (Call, 1);

  call->self = g_object_ref (self);
  call->request.op = DRIVEDASH_DAEMON_OP_RESTORE_GAME_MODE;
  call->request.controller = g_strdup (t->record->controller);
  call->request.serial = g_strdup (t->record->serial);
  call->request.enabled = t->record->enabled;
  call->request.persistent = t->record->persistent;
  hold (self);
  drop_temporary (self, call->request.controller);
  enqueue (call);
}

static void
on_holder_vanished (GDBusConnection *connection,
                    const char      *name,
                    gpointer         user_data)
{
  Holder *holder = user_data;
  Temporary *t = holder->t;
  guint i;

  if (!g_ptr_array_find_with_equal_func (t->record->holders, name, g_str_equal, &i))
    return;
  g_message ("%s: %s left the bus without putting game mode back", t->record->controller, name);
  /* Freeing the watch frees holder: name is not used below. */
  g_bus_unwatch_name (g_array_index (t->watches, guint, i));
  g_array_remove_index (t->watches, i);
  g_ptr_array_remove_index (t->record->holders, i);

  if (t->record->holders->len > 0)
    drivedash_temporary_record_save (&t->self->paths, t->record);
  else
    undo_temporary (t);
}

static void
temporary_add_holder (Temporary       *t,
                      GDBusConnection *connection,
                      const char      *name)
{
  Holder *holder = g_new0 (Holder, 1);
  guint watch;

  holder->t = t;
  holder->name = g_strdup (name);
  g_ptr_array_add (t->record->holders, g_strdup (name));
  watch = g_bus_watch_name_on_connection (connection, name, G_BUS_NAME_WATCHER_FLAGS_NONE,
                                          NULL, on_holder_vanished, holder, holder_free);
  g_array_append_val (t->watches, watch);
}

static Temporary *
temporary_new (DrivedashDaemon          *self,
               DrivedashTemporaryRecord *record)
{
  Temporary *t = g_new0 (Temporary, 1);

  t->self = self;
  t->record = record;
  t->watches = g_array_new (FALSE, FALSE, sizeof (guint));
  g_hash_table_insert (self->temporaries, record->controller, t);
  hold (self);
  return t;
}

/* After a game-mode change: a temporary one adds the caller to the
 * holders (the first one keeps the state from before); a plain one is
 * the caller's own decision and ends the temporary change for all. */
static void
track_temporary (DrivedashDaemon *self,
                 Call            *call)
{
  const DrivedashDaemonRequest *request = &call->request;
  const char *sender = g_dbus_method_invocation_get_sender (call->invocation);
  Temporary *t = g_hash_table_lookup (self->temporaries, request->controller);

  if (!request->temporary)
    {
      drop_temporary (self, request->controller);
      return;
    }
  if (sender == NULL || (t == NULL && !request->have_original))
    return;
  if (t == NULL)
    t = temporary_new (self, drivedash_temporary_record_new (request->controller,
                                                             request->original_serial,
                                                             request->original_enabled,
                                                             request->original_persistent,
                                                             self->bus_id));
  if (g_ptr_array_find_with_equal_func (t->record->holders, sender, g_str_equal, NULL))
    return;
  temporary_add_holder (t, g_dbus_method_invocation_get_connection (call->invocation), sender);
  drivedash_temporary_record_save (&self->paths, t->record);
}

static gboolean
name_has_owner (GDBusConnection *connection,
                const char      *name)
{
  g_autoptr(GVariant) reply = NULL;
  gboolean has_owner = FALSE;

  reply = g_dbus_connection_call_sync (connection, "org.freedesktop.DBus",
                                       "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                       "NameHasOwner", g_variant_new ("(s)", name),
                                       G_VARIANT_TYPE ("(b)"), G_DBUS_CALL_FLAGS_NONE,
                                       -1, NULL, NULL);
  if (reply != NULL)
    g_variant_get (reply, "(b)", &has_owner);
  return has_owner;
}

/* A record left by an earlier instance: its holders still on this bus
 * keep holding; with none left, the change is undone now. */
static void
resume_temporary (DrivedashDaemon          *self,
                  GDBusConnection          *connection,
                  DrivedashTemporaryRecord *record)
{
  g_autoptr(GPtrArray) holders = g_steal_pointer (&record->holders);
  Temporary *t;

  record->holders = g_ptr_array_new_with_free_func (g_free);
  if (g_strcmp0 (record->bus_id, self->bus_id) != 0)
    g_ptr_array_set_size (holders, 0);
  g_free (record->bus_id);
  record->bus_id = g_strdup (self->bus_id);

  t = temporary_new (self, record);
  for (guint i = 0; i < holders->len; i++)
    if (name_has_owner (connection, g_ptr_array_index (holders, i)))
      temporary_add_holder (t, connection, g_ptr_array_index (holders, i));

  g_message ("%s: taking over a temporary game-mode change held by %u client(s)",
             record->controller, t->record->holders->len);
  if (t->record->holders->len > 0)
    drivedash_temporary_record_save (&self->paths, t->record);
  else
    undo_temporary (t);
}

void
drivedash_daemon_resume (DrivedashDaemon *self,
                         GDBusConnection *connection)
{
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GVariant) reply = NULL;

  g_return_if_fail (DRIVEDASH_IS_DAEMON (self));
  g_return_if_fail (self->bus_id == NULL);

  reply = g_dbus_connection_call_sync (connection, "org.freedesktop.DBus",
                                       "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                       "GetId", NULL, G_VARIANT_TYPE ("(s)"),
                                       G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL);
  if (reply != NULL)
    g_variant_get (reply, "(s)", &self->bus_id);
  else
    self->bus_id = g_strdup ("");

  records = drivedash_temporary_record_load_all (&self->paths);
  for (guint i = 0; i < records->len; i++)
    resume_temporary (self, connection, g_ptr_array_steal_index_fast (records, i--));
}

/* --- the shared writes sampler ------------------------------------------ */

static void
writes_stop (DrivedashDaemon *self)
{
  g_clear_handle_id (&self->writes_timer, g_source_remove);
  if (self->writes == NULL)
    return;
  g_clear_pointer (&self->writes->sampler, drivedash_write_sampler_free);
  g_clear_pointer (&self->writes->tally, drivedash_writes_tally_free);
  g_clear_pointer (&self->writes, g_free);
}

static gboolean
writes_slot_is_idle (DrivedashDaemon *self)
{
  Slot *slot = slot_lookup (self, WRITES_SLOT);

  return slot == NULL || (!slot->busy && g_queue_is_empty (&slot->calls));
}

/* Polls between callers' calls; stops once nobody asked for a while.  A
 * poll is only queued behind nothing, so polls never pile up. */
static gboolean
writes_tick_cb (gpointer user_data)
{
  DrivedashDaemon *self = user_data;
  Call *call;

  if (!writes_slot_is_idle (self))
    return G_SOURCE_CONTINUE;
  if (g_get_monotonic_time () - self->writes_last_call >= WRITES_KEEP_USEC)
    {
      g_message ("Nobody asked for app writes for a while; stopped counting");
      self->writes_timer = 0;
      writes_stop (self);
      schedule_idle (self);
      return G_SOURCE_REMOVE;
    }
  call = g_new0 (Call, 1);
  call->self = g_object_ref (self);
  call->request.op = DRIVEDASH_DAEMON_OP_POLL_APP_WRITES;
  call->request.writes = self->writes;
  hold (self);
  enqueue (call);
  return G_SOURCE_CONTINUE;
}

/* An authorized GetAppWrites: starts the one sampler when none runs (its
 * first poll, the baseline, is this call's). */
static void
writes_touch (DrivedashDaemon *self,
              Call            *call)
{
  self->writes_last_call = g_get_monotonic_time ();
  if (self->writes == NULL)
    {
      self->writes = g_new0 (DrivedashDaemonWrites, 1);
      self->writes->sampler = drivedash_write_sampler_new (NULL);
      self->writes->tally = drivedash_writes_tally_new (DRIVEDASH_WRITES_TALLY_MAX_APPS);
      self->writes->since_usec = g_get_real_time ();
      self->writes_timer = g_timeout_add_seconds (WRITES_POLL_S, writes_tick_cb, self);
      g_clear_handle_id (&self->idle_source, g_source_remove);
      g_message ("Counting app writes for GetAppWrites");
    }
  call->request.writes = self->writes;
}

/* Main thread, after the worker ran the call. */
static gboolean
work_done_cb (gpointer user_data)
{
  Call *call = user_data;
  DrivedashDaemon *self = g_object_ref (call->self);
  Slot *slot = slot_lookup (self, slot_key (&call->request));

  g_assert (slot != NULL && slot->busy);
  slot->busy = FALSE;

  if (call->request.op == DRIVEDASH_DAEMON_OP_GET_HEALTH)
    {
      slot_forget_health (slot);
      slot->health_time = g_get_monotonic_time ();
      if (call->reply != NULL)
        slot->health_reply = g_variant_ref (call->reply);
      else
        slot->health_error = g_error_copy (call->error);
    }
  else if (drivedash_daemon_op_changes_drive (call->request.op))
    slot_forget_health (slot);
  if (call->request.op == DRIVEDASH_DAEMON_OP_SET_GAME_MODE && call->reply != NULL)
    track_temporary (self, call);

  call_return (call);
  slot_run_next (self, slot);
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

/* Worker thread: may block as long as the drive does. */
static void
work_thread (gpointer data,
             gpointer user_data)
{
  Call *call = data;
  DrivedashDaemon *self = user_data;

  GSource *done;

  call->reply = drivedash_daemon_work_run (&self->paths, &call->request, &call->error);
  if (call->reply != NULL)
    g_variant_ref_sink (call->reply);
  /* Not g_main_context_invoke(): while nobody iterates the main context
   * (start-up, still restoring records) it would run work_done_cb here,
   * in this thread, beside the main thread's use of the queues. */
  done = g_idle_source_new ();
  g_source_set_priority (done, G_PRIORITY_DEFAULT);
  g_source_set_callback (done, work_done_cb, call, NULL);
  g_source_set_static_name (done, "drivedashd work done");
  g_source_attach (done, self->context);
  g_source_unref (done);
}

/* --- polkit ------------------------------------------------------------ */

/* One pending check fewer under key (the table keeps its own key). */
static void
count_remove (GHashTable    *table,
              gconstpointer  key)
{
  gpointer stored_key = NULL;
  gpointer value = NULL;
  guint n;

  if (!g_hash_table_steal_extended (table, key, &stored_key, &value))
    g_assert_not_reached ();
  n = GPOINTER_TO_UINT (value);
  g_assert (n > 0);
  g_hash_table_insert (table, stored_key, GUINT_TO_POINTER (n - 1));
  if (n == 1)
    g_hash_table_remove (table, key);
}

static void
check_done (Call *call)
{
  DrivedashDaemon *self = call->self;

  g_assert (self->n_checks > 0);
  self->n_checks--;
  if (call->have_uid)
    count_remove (self->user_checks, GUINT_TO_POINTER (call->uid));
  call->have_uid = FALSE;
  count_remove (self->checks, call->sender);
  g_clear_pointer (&call->sender, g_free);
}

/* Counts the call against its sender and everyone; FALSE when full. */
static gboolean
check_start (Call *call)
{
  DrivedashDaemon *self = call->self;
  const char *sender = g_dbus_method_invocation_get_sender (call->invocation);
  guint n;

  /* A peer-to-peer caller has no name; polkit refuses it anyway. */
  if (sender == NULL)
    sender = "";
  n = GPOINTER_TO_UINT (g_hash_table_lookup (self->checks, sender));
  if (n >= MAX_CHECKS_PER_SENDER || self->n_checks >= MAX_CHECKS)
    return FALSE;

  call->sender = g_strdup (sender);
  g_hash_table_insert (self->checks, g_strdup (sender), GUINT_TO_POINTER (n + 1));
  self->n_checks++;
  return TRUE;
}

/* Counts the call against its Unix user too; FALSE when that is full. */
static gboolean
check_start_user (Call    *call,
                  guint32  uid)
{
  GHashTable *table = call->self->user_checks;
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (table, GUINT_TO_POINTER (uid)));

  if (n >= MAX_CHECKS_PER_USER)
    return FALSE;
  g_hash_table_replace (table, GUINT_TO_POINTER (uid), GUINT_TO_POINTER (n + 1));
  call->have_uid = TRUE;
  call->uid = uid;
  return TRUE;
}

static void
authorized_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Call *call = user_data;

  check_done (call);
  if (!drivedash_authority_check_finish (result, &call->error))
    {
      call_return (call);
      return;
    }

  if (call->request.op == DRIVEDASH_DAEMON_OP_GET_APP_WRITES)
    writes_touch (call->self, call);
  enqueue (call);
}

static GVariant *polkit_details  (DrivedashDaemon              *self,
                                  const char                   *controller);
static const char *action_for    (const DrivedashDaemonRequest *request);

static void
caller_uid_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Call *call = user_data;
  DrivedashDaemon *self = call->self;
  g_autoptr(GVariant) reply = NULL;
  guint32 uid = G_MAXUINT32;

  /* Unknown (the caller left already): polkit will refuse it; count it
   * under a uid no one has. */
  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, NULL);
  if (reply != NULL)
    g_variant_get (reply, "(u)", &uid);

  if (!check_start_user (call, uid))
    {
      check_done (call);
      g_set_error_literal (&call->error, G_DBUS_ERROR, G_DBUS_ERROR_LIMITS_EXCEEDED,
                           _("Too many requests from your user are waiting for permission; try again in a moment."));
      call_return (call);
      return;
    }

  drivedash_authority_check_async (call->invocation, action_for (&call->request),
                                   polkit_details (self, call->request.controller),
                                   self->permission_timeout_s * 1000, NULL,
                                   authorized_cb, call);
}

/* The caller's Unix user, from the bus, then polkit. */
static void
check_caller (Call *call)
{
  g_dbus_connection_call (g_dbus_method_invocation_get_connection (call->invocation),
                          "org.freedesktop.DBus", "/org/freedesktop/DBus",
                          "org.freedesktop.DBus", "GetConnectionUnixUser",
                          g_variant_new ("(s)", call->sender),
                          G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL,
                          caller_uid_cb, call);
}

/* What polkit rules may look at: action.lookup("drive") is the controller
 * name, "drive.serial" and "drive.model" say which drive it is now (names
 * can change between boots). */
static GVariant *
polkit_details (DrivedashDaemon *self,
                const char      *controller)
{
  GVariantBuilder builder;
  const char *attributes[] = { "serial", "model" };

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  if (controller == NULL)
    return g_variant_builder_end (&builder);

  g_variant_builder_add (&builder, "{ss}", "drive", controller);
  for (guint i = 0; i < G_N_ELEMENTS (attributes); i++)
    {
      g_autofree char *path = g_build_filename (self->paths.sysfs_root, "class", "nvme",
                                                controller, attributes[i], NULL);
      g_autofree char *value = drivedash_sysfs_read_string (path, NULL);
      g_autofree char *key = g_strconcat ("drive.", attributes[i], NULL);

      if (value != NULL && value[0] != '\0')
        g_variant_builder_add (&builder, "{ss}", key, value);
    }
  return g_variant_builder_end (&builder);
}

/* Would an "off" remove the administrator's rule for this drive?  The
 * worker checks again (the rule may appear meanwhile); this only asks
 * for the right password up front. */
static gboolean
game_mode_rule_exists (DrivedashDaemon *self,
                       const char      *controller)
{
  g_autofree char *path = g_build_filename (self->paths.sysfs_root, "class", "nvme",
                                            controller, "serial", NULL);
  g_autofree char *serial = drivedash_sysfs_read_string (path, NULL);
  g_autofree char *rule = drivedash_game_mode_rule_path (&self->paths, serial);

  return rule != NULL && g_file_test (rule, G_FILE_TEST_IS_REGULAR);
}

static const char *
action_for (const DrivedashDaemonRequest *request)
{
  switch (request->op)
    {
    case DRIVEDASH_DAEMON_OP_SET_GAME_MODE:
      /* Temporary changes (SetGameModeTemporary, and SetGameMode without
       * persistent) need no password at the computer; writing or removing
       * the rule in /etc does. */
      return request->persistent_action ? DRIVEDASH_ACTION_SET_GAME_MODE_PERSISTENT
                                 : DRIVEDASH_ACTION_SET_GAME_MODE;
    case DRIVEDASH_DAEMON_OP_START_SELF_TEST:
    case DRIVEDASH_DAEMON_OP_ABORT_SELF_TEST:
      return DRIVEDASH_ACTION_SELF_TEST;
    case DRIVEDASH_DAEMON_OP_GET_KERNEL_EVENTS:
      return DRIVEDASH_ACTION_READ_KERNEL_EVENTS;
    case DRIVEDASH_DAEMON_OP_LIST_DRIVES:
    case DRIVEDASH_DAEMON_OP_GET_HEALTH:
    case DRIVEDASH_DAEMON_OP_GET_GAME_MODE:
    case DRIVEDASH_DAEMON_OP_GET_SELF_TEST_STATUS:
    case DRIVEDASH_DAEMON_OP_GET_APP_WRITES:
    default:
      return DRIVEDASH_ACTION_READ_HEALTH;
    }
}

/* Takes ownership of call.  Always handles the invocation. */
static gboolean
dispatch (Call *call)
{
  DrivedashDaemon *self = call->self;

  hold (self);

  if (call->request.op != DRIVEDASH_DAEMON_OP_LIST_DRIVES &&
      call->request.op != DRIVEDASH_DAEMON_OP_GET_APP_WRITES &&
      !drivedash_controller_name_is_valid (call->request.controller))
    {
      g_set_error_literal (&call->error, G_DBUS_ERROR, G_DBUS_ERROR_INVALID_ARGS,
                           _("Not an NVMe controller name (expected nvme0, nvme1, …)."));
      call_return (call);
      return TRUE;
    }

  if (call->request.op == DRIVEDASH_DAEMON_OP_SET_GAME_MODE)
    call->request.persistent_action =
      call->request.persistent ||
      (!call->request.enabled && game_mode_rule_exists (self, call->request.controller));

  if (!check_start (call))
    {
      g_set_error_literal (&call->error, G_DBUS_ERROR, G_DBUS_ERROR_LIMITS_EXCEEDED,
                           _("Too many requests are waiting for permission; try again in a moment."));
      call_return (call);
      return TRUE;
    }

  check_caller (call);
  return TRUE;
}

static Call *
call_new (DrivedashDBusDrivedash1 *object,
          GDBusMethodInvocation   *invocation,
          DrivedashDaemonOp        op,
          const char              *controller)
{
  Call *call = g_new0 (Call, 1);

  call->self = g_object_ref (DRIVEDASH_DAEMON (object));
  /* The handler owns the one reference GDBus gave it; returning a value
   * or an error through the invocation consumes it. */
  call->invocation = invocation;
  call->request.op = op;
  /* Only copy what could be a name: a megabyte of junk stays with D-Bus. */
  if (controller != NULL && drivedash_controller_name_is_valid (controller))
    call->request.controller = g_strdup (controller);
  return call;
}

static gboolean
handle_list_drives (DrivedashDBusDrivedash1 *object,
                    GDBusMethodInvocation   *invocation)
{
  return dispatch (call_new (object, invocation, DRIVEDASH_DAEMON_OP_LIST_DRIVES, NULL));
}

static gboolean
handle_get_health (DrivedashDBusDrivedash1 *object,
                   GDBusMethodInvocation   *invocation,
                   const char              *controller)
{
  return dispatch (call_new (object, invocation, DRIVEDASH_DAEMON_OP_GET_HEALTH, controller));
}

static gboolean
handle_get_game_mode (DrivedashDBusDrivedash1 *object,
                      GDBusMethodInvocation   *invocation,
                      const char              *controller)
{
  return dispatch (call_new (object, invocation, DRIVEDASH_DAEMON_OP_GET_GAME_MODE, controller));
}

static gboolean
handle_set_game_mode (DrivedashDBusDrivedash1 *object,
                      GDBusMethodInvocation   *invocation,
                      const char              *controller,
                      gboolean                 enabled,
                      gboolean                 persistent)
{
  Call *call = call_new (object, invocation, DRIVEDASH_DAEMON_OP_SET_GAME_MODE, controller);

  call->request.enabled = enabled;
  call->request.persistent = persistent;
  return dispatch (call);
}

static gboolean
handle_set_game_mode_temporary (DrivedashDBusDrivedash1 *object,
                                GDBusMethodInvocation   *invocation,
                                const char              *controller,
                                gboolean                 enabled)
{
  DrivedashDaemon *self = DRIVEDASH_DAEMON (object);
  Call *call = call_new (object, invocation, DRIVEDASH_DAEMON_OP_SET_GAME_MODE, controller);

  call->request.enabled = enabled;
  call->request.temporary = TRUE;
  call->request.want_original = controller != NULL &&
                                !g_hash_table_contains (self->temporaries, controller);
  return dispatch (call);
}

static gboolean
handle_start_self_test (DrivedashDBusDrivedash1 *object,
                        GDBusMethodInvocation   *invocation,
                        const char              *controller,
                        const char              *kind)
{
  Call *call;

  if (g_strcmp0 (kind, "short") != 0 && g_strcmp0 (kind, "extended") != 0)
    {
      g_dbus_method_invocation_return_error (invocation, G_DBUS_ERROR,
                                             G_DBUS_ERROR_INVALID_ARGS,
                                             _("The self-test kind must be “short” or “extended”."));
      return TRUE;
    }

  call = call_new (object, invocation, DRIVEDASH_DAEMON_OP_START_SELF_TEST, controller);
  call->request.kind = g_str_equal (kind, "short") ? DRIVEDASH_SELF_TEST_SHORT
                                           : DRIVEDASH_SELF_TEST_EXTENDED;
  return dispatch (call);
}

static gboolean
handle_abort_self_test (DrivedashDBusDrivedash1 *object,
                        GDBusMethodInvocation   *invocation,
                        const char              *controller)
{
  Call *call = call_new (object, invocation, DRIVEDASH_DAEMON_OP_ABORT_SELF_TEST, controller);

  call->request.kind = DRIVEDASH_SELF_TEST_ABORT;
  return dispatch (call);
}

static gboolean
handle_get_self_test_status (DrivedashDBusDrivedash1 *object,
                             GDBusMethodInvocation   *invocation,
                             const char              *controller)
{
  return dispatch (call_new (object, invocation, DRIVEDASH_DAEMON_OP_GET_SELF_TEST_STATUS, controller));
}

static gboolean
handle_get_kernel_events (DrivedashDBusDrivedash1 *object,
                          GDBusMethodInvocation   *invocation,
                          const char              *controller,
                          GVariant                *options)
{
  Call *call = call_new (object, invocation, DRIVEDASH_DAEMON_OP_GET_KERNEL_EVENTS, controller);
  g_auto(GVariantDict) dict;

  g_variant_dict_init (&dict, options);
  call->request.one_boot = g_variant_dict_lookup (&dict, "boot", "i", &call->request.boot);
  g_variant_dict_lookup (&dict, "since-usec", "x", &call->request.since_usec);
  /* 0 (absent) is the journal's default; more than evidence keeps is
   * evidence's cap, so no caller can ask for an answer the bus refuses. */
  g_variant_dict_lookup (&dict, "max-events", "u", &call->request.max_events);
  call->request.max_events = MIN (call->request.max_events, DRIVEDASH_JOURNAL_EVIDENCE_MAX_EVENTS);
  call->request.journal_file = DRIVEDASH_DAEMON (object)->journal_file;
  return dispatch (call);
}

/* Read-only like GetHealth (read-health), for everyone's programs, which
 * only root can read: the callers' own deltas, from one shared sampler. */
static gboolean
handle_get_app_writes (DrivedashDBusDrivedash1 *object,
                       GDBusMethodInvocation   *invocation)
{
  return dispatch (call_new (object, invocation, DRIVEDASH_DAEMON_OP_GET_APP_WRITES, NULL));
}

static void
drivedash_daemon_iface_init (DrivedashDBusDrivedash1Iface *iface)
{
  iface->handle_list_drives = handle_list_drives;
  iface->handle_get_health = handle_get_health;
  iface->handle_get_game_mode = handle_get_game_mode;
  iface->handle_set_game_mode = handle_set_game_mode;
  iface->handle_set_game_mode_temporary = handle_set_game_mode_temporary;
  iface->handle_start_self_test = handle_start_self_test;
  iface->handle_abort_self_test = handle_abort_self_test;
  iface->handle_get_self_test_status = handle_get_self_test_status;
  iface->handle_get_kernel_events = handle_get_kernel_events;
  iface->handle_get_app_writes = handle_get_app_writes;
}

static void
drivedash_daemon_finalize (GObject *object)
{
  DrivedashDaemon *self = DRIVEDASH_DAEMON (object);

  g_clear_handle_id (&self->idle_source, g_source_remove);
  /* Every call holds a reference: no worker is running now. */
  writes_stop (self);
  g_thread_pool_free (self->pool, TRUE, FALSE);
  g_hash_table_unref (self->slots);
  g_hash_table_unref (self->checks);
  g_hash_table_unref (self->user_checks);
  /* Not released one by one: the daemon is going away. */
  g_hash_table_unref (self->temporaries);
  g_main_context_unref (self->context);
  g_free (self->sysfs_root);
  g_free (self->journal_file);
  g_free (self->udev_rules_dir);
  g_free (self->state_dir);
  g_free (self->dev_dir);
  g_free (self->bus_id);

  G_OBJECT_CLASS (drivedash_daemon_parent_class)->finalize (object);
}

static void
drivedash_daemon_class_init (DrivedashDaemonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = drivedash_daemon_finalize;

  /**
   * DrivedashDaemon::idle:
   *
   * No call arrived for the idle timeout: the service may exit.
   */
  signals[SIGNAL_IDLE] = g_signal_new ("idle", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 0);
}

static void
drivedash_daemon_init (DrivedashDaemon *self)
{
  /* Calls arrive in the thread that owns the connection, one after the
   * other: the queues above rely on it.  Only the work leaves it. */
  g_dbus_interface_skeleton_set_flags (G_DBUS_INTERFACE_SKELETON (self),
                                       G_DBUS_INTERFACE_SKELETON_FLAGS_NONE);

  self->context = g_main_context_ref_thread_default ();
  self->slots = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, slot_free);
  self->checks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->user_checks = g_hash_table_new (NULL, NULL);
  self->permission_timeout_s = DEFAULT_PERMISSION_TIMEOUT_S;
  self->temporaries = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                             (GDestroyNotify) temporary_free);
  /* Not exclusive: threads are made when needed and go away when idle. */
  self->pool = g_thread_pool_new (work_thread, self, MAX_WORKERS, FALSE, NULL);
}

void
drivedash_daemon_set_permission_timeout (DrivedashDaemon *self,
                                         guint            seconds)
{
  g_return_if_fail (DRIVEDASH_IS_DAEMON (self));
  g_return_if_fail (seconds > 0);

  self->permission_timeout_s = seconds;
}

void
drivedash_daemon_set_journal_file (DrivedashDaemon *self,
                                   const char      *path)
{
  g_return_if_fail (DRIVEDASH_IS_DAEMON (self));

  g_free (self->journal_file);
  self->journal_file = g_strdup (path);
}

DrivedashDaemon *
drivedash_daemon_new (const DrivedashPowerPaths *paths,
                      guint                      idle_timeout_s)
{
  DrivedashDaemon *self = g_object_new (DRIVEDASH_TYPE_DAEMON, NULL);

  drivedash_client_register_errors ();

  self->sysfs_root = g_strdup (paths->sysfs_root);
  self->udev_rules_dir = g_strdup (paths->udev_rules_dir);
  self->state_dir = g_strdup (paths->state_dir);
  self->dev_dir = g_strdup (paths->dev_dir);
  self->paths.sysfs_root = self->sysfs_root;
  self->paths.udev_rules_dir = self->udev_rules_dir;
  self->paths.state_dir = self->state_dir;
  self->paths.dev_dir = self->dev_dir;
  self->idle_timeout_s = idle_timeout_s;

  drivedash_dbus_drivedash1_set_version (DRIVEDASH_DBUS_DRIVEDASH1 (self), PACKAGE_VERSION);
  schedule_idle (self);

  return self;
}
