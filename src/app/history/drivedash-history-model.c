/* drivedash-history-model.c — the History view's view-model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every store call runs in a worker thread (drivedash-history-jobs.c);
 * the lists here are only touched on the main thread.  A deleted run
 * leaves the list at once but stays in the store until the Undo toast
 * goes away, so Undo is just putting the item back.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "drivedash-history-jobs.h"
#include "drivedash-history-model.h"

#define MAX_COMPARE 6

struct _DrivedashHistoryModel
{
  GObject               parent_instance;

  char                 *path;
  GListStore           *all;          /* of DrivedashHistoryItem */
  GtkCustomFilter      *filter;
  GtkFilterListModel   *runs;
  GtkStringList        *drives;       /* "All drives", then model names */
  GPtrArray            *drive_hashes; /* parallel to drives; [0] NULL */
  guint                 drive_filter;
  GCancellable         *reload_cancellable;
  gboolean              loading;
  char                 *status;
  char                 *import_error;  /* why the last import added nothing */
  guint                 n_selected;
  DrivedashHistoryItem *removed;      /* taken off the list, not yet deleted */
  guint                 removed_pos;
  guint                 n_pending;
  gboolean              empty;
};

G_DEFINE_FINAL_TYPE (DrivedashHistoryModel, drivedash_history_model, G_TYPE_OBJECT)

enum {
  PROP_0, PROP_PATH, PROP_RUNS, PROP_DRIVES, PROP_DRIVE_FILTER, PROP_LOADING,
  PROP_STATUS, PROP_IMPORT_ERROR, PROP_N_SELECTED, PROP_CAN_UNDO, PROP_EMPTY, N_PROPS
};
static GParamSpec *properties[N_PROPS];

static void
notify (DrivedashHistoryModel *self,
        guint                  prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
update_empty (DrivedashHistoryModel *self)
{
  gboolean empty = !self->loading && g_list_model_get_n_items (G_LIST_MODEL (self->runs)) == 0;

  if (self->empty == empty)
    return;
  self->empty = empty;
  notify (self, PROP_EMPTY);
}

static void
set_loading (DrivedashHistoryModel *self,
             gboolean               loading)
{
  if (self->loading == loading)
    return;
  self->loading = loading;
  notify (self, PROP_LOADING);
  update_empty (self);
}

static void
set_status (DrivedashHistoryModel *self,
            const char            *status)
{
  if (g_strcmp0 (self->status, status) == 0)
    return;
  g_free (self->status);
  self->status = g_strdup (status);
  notify (self, PROP_STATUS);
}

void
drivedash_history_model_set_import_error (DrivedashHistoryModel *self,
                                          const char            *why)
{
  g_return_if_fail (DRIVEDASH_IS_HISTORY_MODEL (self));

  if (g_strcmp0 (self->import_error, why) == 0)
    return;
  g_free (self->import_error);
  self->import_error = g_strdup (why);
  notify (self, PROP_IMPORT_ERROR);
}

const char *
drivedash_history_model_get_import_error (DrivedashHistoryModel *self)
{
  return self->import_error;
}

static void
update_n_selected (DrivedashHistoryModel *self)
{
  guint n_items = g_list_model_get_n_items (G_LIST_MODEL (self->runs));
  guint n = 0;

  for (guint i = 0; i < n_items; i++)
    {
      g_autoptr(DrivedashHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (self->runs), i);

      n += drivedash_history_item_get_selected (item);
    }
  if (n == self->n_selected)
    return;
  self->n_selected = n;
  notify (self, PROP_N_SELECTED);
}

static void
item_selected_cb (DrivedashHistoryItem  *item,
                  GParamSpec            *pspec,
                  DrivedashHistoryModel *self)
{
  update_n_selected (self);
}

static gboolean
filter_cb (gpointer item,
           gpointer user_data)
{
  DrivedashHistoryModel *self = user_data;
  const char *hash = g_ptr_array_index (self->drive_hashes, self->drive_filter);

  return hash == NULL
         || g_strcmp0 (drivedash_history_item_get_run (item)->serial_hash, hash) == 0;
}

static void
runs_changed_cb (GListModel            *model,
                 guint                  position,
                 guint                  removed,
                 guint                  added,
                 DrivedashHistoryModel *self)
{
  update_empty (self);
  update_n_selected (self);
}

static gboolean
has_hash (GPtrArray  *hashes,
          const char *hash)
{
  for (guint i = 0; i < hashes->len; i++)
    if (g_strcmp0 (g_ptr_array_index (hashes, i), hash) == 0)
      return TRUE;
  return FALSE;
}

/* The drives the runs were made on, each once, by serial hash. */
static void
rebuild_drives (DrivedashHistoryModel *self,
                GPtrArray             *runs)
{
  const char *kept = g_ptr_array_index (self->drive_hashes, self->drive_filter);
  g_autofree char *kept_hash = g_strdup (kept);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  guint filter = 0;

  g_ptr_array_set_size (self->drive_hashes, 1);
  g_ptr_array_add (names, (gpointer) _("All drives"));
  for (guint i = 0; i < runs->len; i++)
    {
      const DrivedashStoreRun *run = g_ptr_array_index (runs, i);

      if (run->serial_hash == NULL || has_hash (self->drive_hashes, run->serial_hash))
        continue;
      if (g_strcmp0 (run->serial_hash, kept_hash) == 0)
        filter = self->drive_hashes->len;
      g_ptr_array_add (self->drive_hashes, g_strdup (run->serial_hash));
      g_ptr_array_add (names, run->drive_model ? run->drive_model : (char *) _("Unknown drive"));
    }
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (self->drives, 0, g_list_model_get_n_items (G_LIST_MODEL (self->drives)),
                          (const char *const *) names->pdata);
  self->drive_filter = G_MAXUINT;
  drivedash_history_model_set_drive_filter (self, filter);
}

static void
list_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(DrivedashHistoryModel) self = user_data;
  g_autoptr(DrivedashHistoryListing) listing = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GError) error = NULL;

  self->n_pending--;
  listing = drivedash_history_list_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->reload_cancellable);
  g_object_freeze_notify (G_OBJECT (self));
  set_loading (self, FALSE);
  set_status (self, error ? error->message : listing->recovery);
  for (guint i = 0; listing != NULL && i < listing->runs->len; i++)
    {
      DrivedashStoreRun *run = g_ptr_array_index (listing->runs, i);
      DrivedashHistoryItem *item;

      if (self->removed && run->id == drivedash_history_item_get_id (self->removed))
        continue;
      item = drivedash_history_item_new (run);
      g_signal_connect_object (item, "notify::selected", G_CALLBACK (item_selected_cb), self, 0);
      g_ptr_array_add (items, item);
    }
  if (listing != NULL)
    rebuild_drives (self, listing->runs);
  g_list_store_splice (self->all, 0, g_list_model_get_n_items (G_LIST_MODEL (self->all)),
                       items->pdata, items->len);
  g_object_thaw_notify (G_OBJECT (self));
}

void
drivedash_history_model_reload (DrivedashHistoryModel *self)
{
  g_return_if_fail (DRIVEDASH_IS_HISTORY_MODEL (self));

  g_cancellable_cancel (self->reload_cancellable);
  g_clear_object (&self->reload_cancellable);
  self->reload_cancellable = g_cancellable_new ();
  set_loading (self, TRUE);
  self->n_pending++;
  drivedash_history_list_async (self->path, self->reload_cancellable, list_done_cb, g_object_ref (self));
}

static void
edit_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(DrivedashHistoryModel) self = user_data;
  g_autoptr(GError) error = NULL;

  self->n_pending--;
  if (!drivedash_history_edit_finish (result, &error))
    set_status (self, error->message);
}

static void
edit (DrivedashHistoryModel *self,
      DrivedashHistoryEdit   what,
      gint64                 id,
      const char            *text)
{
  self->n_pending++;
  drivedash_history_edit_async (self->path, what, id, text, NULL, edit_done_cb, g_object_ref (self));
}

void
drivedash_history_model_remove (DrivedashHistoryModel *self,
                                DrivedashHistoryItem  *item)
{
  guint pos;

  g_return_if_fail (DRIVEDASH_IS_HISTORY_MODEL (self));
  g_return_if_fail (DRIVEDASH_IS_HISTORY_ITEM (item));

  if (!g_list_store_find (self->all, item, &pos))
    return;
  drivedash_history_model_commit_remove (self);
  self->removed = g_object_ref (item);
  self->removed_pos = pos;
  g_list_store_remove (self->all, pos);
  notify (self, PROP_CAN_UNDO);
}

void
drivedash_history_model_undo_remove (DrivedashHistoryModel *self)
{
  g_autoptr(DrivedashHistoryItem) item = NULL;

  g_return_if_fail (DRIVEDASH_IS_HISTORY_MODEL (self));

  if (self->removed == NULL)
    return;
  item = g_steal_pointer (&self->removed);
  g_list_store_insert (self->all, MIN (self->removed_pos, g_list_model_get_n_items (G_LIST_MODEL (self->all))),
                       item);
  notify (self, PROP_CAN_UNDO);
}

void
drivedash_history_model_commit_remove (DrivedashHistoryModel *self)
{
  g_autoptr(DrivedashHistoryItem) item = NULL;

  g_return_if_fail (DRIVEDASH_IS_HISTORY_MODEL (self));

  if (self->removed == NULL)
    return;
  item = g_steal_pointer (&self->removed);
  edit (self, DRIVEDASH_HISTORY_EDIT_DELETE, drivedash_history_item_get_id (item), NULL);
  notify (self, PROP_CAN_UNDO);
}

void
drivedash_history_model_rename (DrivedashHistoryModel *self,
                                DrivedashHistoryItem  *item,
                                const char            *name)
{
  g_return_if_fail (DRIVEDASH_IS_HISTORY_MODEL (self));

  name = name && name[0] ? name : NULL;
  drivedash_history_item_set_name (item, name);
  edit (self, DRIVEDASH_HISTORY_EDIT_NAME, drivedash_history_item_get_id (item), name);
}

void
drivedash_history_model_set_note (DrivedashHistoryModel *self,
                                  DrivedashHistoryItem  *item,
                                  const char            *note)
{
  g_return_if_fail (DRIVEDASH_IS_HISTORY_MODEL (self));

  note = note && note[0] ? note : NULL;
  drivedash_history_item_set_note (item, note);
  edit (self, DRIVEDASH_HISTORY_EDIT_NOTE, drivedash_history_item_get_id (item), note);
}

GArray *
drivedash_history_model_dup_selected_ids (DrivedashHistoryModel *self)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  GListModel *runs = G_LIST_MODEL (self->runs);

  for (guint i = 0; i < g_list_model_get_n_items (runs) && ids->len < MAX_COMPARE; i++)
    {
      g_autoptr(DrivedashHistoryItem) item = g_list_model_get_item (runs, i);
      gint64 id = drivedash_history_item_get_id (item);

      if (drivedash_history_item_get_selected (item))
        g_array_append_val (ids, id);
    }
  return ids;
}

const char *
drivedash_history_model_get_path (DrivedashHistoryModel *self)
{
  return self->path;
}

gboolean
drivedash_history_model_get_loading (DrivedashHistoryModel *self)
{
  return self->loading;
}

GListModel *
drivedash_history_model_get_runs (DrivedashHistoryModel *self)
{
  return G_LIST_MODEL (self->runs);
}

GListModel *
drivedash_history_model_get_drives (DrivedashHistoryModel *self)
{
  return G_LIST_MODEL (self->drives);
}

guint
drivedash_history_model_get_drive_filter (DrivedashHistoryModel *self)
{
  return self->drive_filter;
}

void
drivedash_history_model_set_drive_filter (DrivedashHistoryModel *self,
                                          guint                  index)
{
  g_return_if_fail (DRIVEDASH_IS_HISTORY_MODEL (self));

  if (index >= self->drive_hashes->len)
    index = 0;
  if (self->drive_filter == index)
    return;
  self->drive_filter = index;
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  notify (self, PROP_DRIVE_FILTER);
}

const char *
drivedash_history_model_get_status (DrivedashHistoryModel *self)
{
  return self->status;
}

guint
drivedash_history_model_get_n_selected (DrivedashHistoryModel *self)
{
  return self->n_selected;
}

gboolean
drivedash_history_model_get_can_undo (DrivedashHistoryModel *self)
{
  return self->removed != NULL;
}

DrivedashHistoryItem *
drivedash_history_model_get_removed (DrivedashHistoryModel *self)
{
  return self->removed;
}

DrivedashHistoryItem *
drivedash_history_model_find (DrivedashHistoryModel *self,
                              gint64                 id)
{
  GListModel *all = G_LIST_MODEL (self->all);

  for (guint i = 0; i < g_list_model_get_n_items (all); i++)
    {
      g_autoptr(DrivedashHistoryItem) item = g_list_model_get_item (all, i);

      if (drivedash_history_item_get_id (item) == id)
        return item;  /* the list keeps it */
    }
  return NULL;
}

guint
drivedash_history_model_get_n_pending (DrivedashHistoryModel *self)
{
  return self->n_pending;
}

static void
drivedash_history_model_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  DrivedashHistoryModel *self = DRIVEDASH_HISTORY_MODEL (object);

  switch (prop_id)
    {
    case PROP_PATH:         g_value_set_string (value, self->path); break;
    case PROP_RUNS:         g_value_set_object (value, self->runs); break;
    case PROP_DRIVES:       g_value_set_object (value, self->drives); break;
    case PROP_DRIVE_FILTER: g_value_set_uint (value, self->drive_filter); break;
    case PROP_LOADING:      g_value_set_boolean (value, self->loading); break;
    case PROP_STATUS:       g_value_set_string (value, self->status); break;
    case PROP_IMPORT_ERROR: g_value_set_string (value, self->import_error); break;
    case PROP_N_SELECTED:   g_value_set_uint (value, self->n_selected); break;
    case PROP_CAN_UNDO:     g_value_set_boolean (value, self->removed != NULL); break;
    case PROP_EMPTY:        g_value_set_boolean (value, self->empty); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_history_model_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  DrivedashHistoryModel *self = DRIVEDASH_HISTORY_MODEL (object);

  switch (prop_id)
    {
    case PROP_PATH:         self->path = g_value_dup_string (value); break;
    case PROP_DRIVE_FILTER: drivedash_history_model_set_drive_filter (self, g_value_get_uint (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_history_model_dispose (GObject *object)
{
  DrivedashHistoryModel *self = DRIVEDASH_HISTORY_MODEL (object);

  /* A run deleted just before closing: the toast never timed out, but
   * the user asked for it, so it goes. */
  drivedash_history_model_commit_remove (self);
  g_cancellable_cancel (self->reload_cancellable);
  g_clear_object (&self->reload_cancellable);
  G_OBJECT_CLASS (drivedash_history_model_parent_class)->dispose (object);
}

static void
drivedash_history_model_finalize (GObject *object)
{
  DrivedashHistoryModel *self = DRIVEDASH_HISTORY_MODEL (object);

  g_clear_object (&self->runs);
  g_clear_object (&self->all);
  g_clear_object (&self->drives);
  g_clear_pointer (&self->drive_hashes, g_ptr_array_unref);
  g_free (self->path);
  g_free (self->status);
  g_free (self->import_error);
  G_OBJECT_CLASS (drivedash_history_model_parent_class)->finalize (object);
}

static void
install_properties (GObjectClass *object_class)
{
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  properties[PROP_PATH] = g_param_spec_string ("path", NULL, NULL, NULL,
                                               G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNS] = g_param_spec_object ("runs", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_DRIVES] = g_param_spec_object ("drives", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_DRIVE_FILTER] = g_param_spec_uint ("drive-filter", NULL, NULL, 0, G_MAXUINT, 0, rw);
  properties[PROP_LOADING] = g_param_spec_boolean ("loading", NULL, NULL, FALSE, ro);
  properties[PROP_STATUS] = g_param_spec_string ("status", NULL, NULL, NULL, ro);
  properties[PROP_IMPORT_ERROR] = g_param_spec_string ("import-error", NULL, NULL, NULL, ro);
  properties[PROP_N_SELECTED] = g_param_spec_uint ("n-selected", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_EMPTY] = g_param_spec_boolean ("empty", NULL, NULL, TRUE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_history_model_class_init (DrivedashHistoryModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = drivedash_history_model_get_property;
  object_class->set_property = drivedash_history_model_set_property;
  object_class->dispose = drivedash_history_model_dispose;
  object_class->finalize = drivedash_history_model_finalize;
  install_properties (object_class);
}

static void
drivedash_history_model_init (DrivedashHistoryModel *self)
{
  self->empty = TRUE;
  self->all = g_list_store_new (DRIVEDASH_TYPE_HISTORY_ITEM);
  self->drive_hashes = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->drive_hashes, NULL);
  self->drives = gtk_string_list_new ((const char *const[]) { _("All drives"), NULL });
  self->filter = gtk_custom_filter_new (filter_cb, self, NULL);
  self->runs = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->all)),
                                          GTK_FILTER (self->filter));
  g_signal_connect (self->runs, "items-changed", G_CALLBACK (runs_changed_cb), self);
}

DrivedashHistoryModel *
drivedash_history_model_new (const char *path)
{
  return g_object_new (DRIVEDASH_TYPE_HISTORY_MODEL, "path", path, NULL);
}
