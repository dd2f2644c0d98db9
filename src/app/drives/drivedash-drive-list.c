/* drivedash-drive-list.c — the NVMe drives of this computer, kept current
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <gudev/gudev.h>

#include "drivedash-demo.h"
#include "drivedash-drive-list.h"
#include "drivedash-format.h"

/* udev announces a controller before its namespaces and hwmon are there:
 * give sysfs a moment to settle, and fold bursts of events into one. */
#define REFRESH_DELAY_MS 500

struct _DrivedashDriveItem
{
  GObject         parent_instance;

  DrivedashDrive *drive;
  gboolean        demo;
  char           *name;
  char           *title;
};

G_DEFINE_FINAL_TYPE (DrivedashDriveItem, drivedash_drive_item, G_TYPE_OBJECT)

enum { ITEM_PROP_0, ITEM_PROP_NAME, ITEM_PROP_TITLE, ITEM_PROP_IS_DEMO, N_ITEM_PROPS };
static GParamSpec *item_properties[N_ITEM_PROPS];

/* All three are set once, when the item is made. */
static void
drivedash_drive_item_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  DrivedashDriveItem *self = DRIVEDASH_DRIVE_ITEM (object);

  switch (prop_id)
    {
    case ITEM_PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case ITEM_PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case ITEM_PROP_IS_DEMO:
      g_value_set_boolean (value, self->demo);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_drive_item_finalize (GObject *object)
{
  DrivedashDriveItem *self = DRIVEDASH_DRIVE_ITEM (object);

  g_clear_object (&self->drive);
  g_free (self->name);
  g_free (self->title);
  G_OBJECT_CLASS (drivedash_drive_item_parent_class)->finalize (object);
}

static void
drivedash_drive_item_class_init (DrivedashDriveItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = drivedash_drive_item_finalize;
  object_class->get_property = drivedash_drive_item_get_property;
  /* "nvme0" (or "demo0") */
  item_properties[ITEM_PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL, flags);
  /* "Samsung SSD 970 EVO Plus 1TB — 1.0 TB", for drop-downs */
  item_properties[ITEM_PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  item_properties[ITEM_PROP_IS_DEMO] = g_param_spec_boolean ("is-demo", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_ITEM_PROPS, item_properties);
}

static void
drivedash_drive_item_init (DrivedashDriveItem *self)
{
}

static DrivedashDriveItem *
drivedash_drive_item_new (DrivedashDrive *drive)
{
  DrivedashDriveItem *self = g_object_new (DRIVEDASH_TYPE_DRIVE_ITEM, NULL);
  const char *model = drivedash_drive_get_model (drive);
  guint64 capacity = drivedash_drive_get_capacity_bytes (drive);

  self->drive = g_object_ref (drive);
  self->name = g_strdup (drivedash_drive_get_name (drive));
  if (capacity > 0)
    {
      g_autofree char *size = drivedash_format_bytes (capacity);

      /* Translators: a drive in the drive list: "<model> — <capacity>" */
      self->title = g_strdup_printf (_("%s — %s"), *model ? model : self->name, size);
    }
  else
    self->title = g_strdup (*model ? model : self->name);
  return self;
}

DrivedashDriveItem *
drivedash_drive_item_new_demo (void)
{
  DrivedashDriveItem *self = g_object_new (DRIVEDASH_TYPE_DRIVE_ITEM, NULL);

  self->demo = TRUE;
  self->name = g_strdup (DRIVEDASH_DEMO_CONTROLLER);
  self->title = g_strdup (_("Demo drive (simulated)"));
  return self;
}

DrivedashDrive *
drivedash_drive_item_get_drive (DrivedashDriveItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_DRIVE_ITEM (self), NULL);
  return self->drive;
}

gboolean
drivedash_drive_item_is_demo (DrivedashDriveItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_DRIVE_ITEM (self), FALSE);
  return self->demo;
}

const char *
drivedash_drive_item_get_name (DrivedashDriveItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_DRIVE_ITEM (self), NULL);
  return self->name;
}

const char *
drivedash_drive_item_get_title (DrivedashDriveItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_DRIVE_ITEM (self), NULL);
  return self->title;
}

/* ---------------------------------------------------------------------- */

struct _DrivedashDriveList
{
  GObject      parent_instance;

  GPtrArray   *items;    /* DrivedashDriveItem */
  GUdevClient *udev;
  guint        refresh_source;
  gboolean     demo;
  char        *sysfs_root;  /* NULL: the real /sys */
};

static void list_model_iface_init (GListModelInterface *iface);

enum { LIST_PROP_0, LIST_PROP_N_ITEMS, N_LIST_PROPS };
static GParamSpec *list_properties[N_LIST_PROPS];

G_DEFINE_FINAL_TYPE_WITH_CODE (DrivedashDriveList, drivedash_drive_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GType
get_item_type (GListModel *model)
{
  return DRIVEDASH_TYPE_DRIVE_ITEM;
}

static guint
get_n_items (GListModel *model)
{
  return DRIVEDASH_DRIVE_LIST (model)->items->len;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  DrivedashDriveList *self = DRIVEDASH_DRIVE_LIST (model);

  if (position >= self->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

/* Same drives in the same order: nothing to tell the views. */
static gboolean
same_drives (GPtrArray *items,
             GPtrArray *drives)
{
  if (items->len != drives->len)
    return FALSE;
  for (guint i = 0; i < items->len; i++)
    {
      DrivedashDriveItem *item = g_ptr_array_index (items, i);
      DrivedashDrive *drive = g_ptr_array_index (drives, i);

      if (item->drive == NULL
          || g_strcmp0 (item->name, drivedash_drive_get_name (drive)) != 0
          || g_strcmp0 (drivedash_drive_get_serial (item->drive), drivedash_drive_get_serial (drive)) != 0
          || drivedash_drive_get_capacity_bytes (item->drive) != drivedash_drive_get_capacity_bytes (drive))
        return FALSE;
    }
  return TRUE;
}

void
drivedash_drive_list_refresh (DrivedashDriveList *self)
{
  g_autoptr(GPtrArray) drives = NULL;
  g_autoptr(GError) error = NULL;
  guint removed;

  g_return_if_fail (DRIVEDASH_IS_DRIVE_LIST (self));

  if (self->demo)
    return;

  drives = drivedash_drive_list (self->sysfs_root, &error);
  if (drives == NULL)
    {
      g_warning ("Could not list the NVMe drives: %s", error->message);
      drives = g_ptr_array_new ();
    }
  if (same_drives (self->items, drives))
    return;

  removed = self->items->len;
  g_ptr_array_set_size (self->items, 0);
  for (guint i = 0; i < drives->len; i++)
    g_ptr_array_add (self->items, drivedash_drive_item_new (g_ptr_array_index (drives, i)));
  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, self->items->len);
  if (removed != self->items->len)
    g_object_notify_by_pspec (G_OBJECT (self), list_properties[LIST_PROP_N_ITEMS]);
}

static gboolean
refresh_cb (gpointer data)
{
  DrivedashDriveList *self = data;

  self->refresh_source = 0;
  drivedash_drive_list_refresh (self);
  return G_SOURCE_REMOVE;
}

static void
uevent_cb (GUdevClient        *client,
           const char         *action,
           GUdevDevice        *device,
           DrivedashDriveList *self)
{
  if (self->refresh_source == 0)
    self->refresh_source = g_timeout_add (REFRESH_DELAY_MS, refresh_cb, self);
}

static void
drivedash_drive_list_dispose (GObject *object)
{
  DrivedashDriveList *self = DRIVEDASH_DRIVE_LIST (object);

  g_clear_handle_id (&self->refresh_source, g_source_remove);
  if (self->udev)
    g_signal_handlers_disconnect_by_data (self->udev, self);
  g_clear_object (&self->udev);
  G_OBJECT_CLASS (drivedash_drive_list_parent_class)->dispose (object);
}

static void
drivedash_drive_list_finalize (GObject *object)
{
  DrivedashDriveList *self = DRIVEDASH_DRIVE_LIST (object);

  g_ptr_array_unref (self->items);
  g_free (self->sysfs_root);
  G_OBJECT_CLASS (drivedash_drive_list_parent_class)->finalize (object);
}

static void
drivedash_drive_list_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  DrivedashDriveList *self = DRIVEDASH_DRIVE_LIST (object);

  switch (prop_id)
    {
    case LIST_PROP_N_ITEMS:
      g_value_set_uint (value, self->items->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_drive_list_class_init (DrivedashDriveListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = drivedash_drive_list_dispose;
  object_class->finalize = drivedash_drive_list_finalize;
  object_class->get_property = drivedash_drive_list_get_property;
  /* GListStore has it from GLib 2.74 on; templates bind to it. */
  list_properties[LIST_PROP_N_ITEMS] = g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0,
                                                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_LIST_PROPS, list_properties);
}

static void
drivedash_drive_list_init (DrivedashDriveList *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

DrivedashDriveList *
drivedash_drive_list_new (gboolean demo)
{
  static const char * const subsystems[] = { "nvme", NULL };
  DrivedashDriveList *self = g_object_new (DRIVEDASH_TYPE_DRIVE_LIST, NULL);

  self->demo = demo;
  if (demo)
    {
      g_ptr_array_add (self->items, drivedash_drive_item_new_demo ());
      return self;
    }

  self->udev = g_udev_client_new (subsystems);
  g_signal_connect (self->udev, "uevent", G_CALLBACK (uevent_cb), self);
  drivedash_drive_list_refresh (self);
  return self;
}

DrivedashDriveList *
drivedash_drive_list_new_for_root (const char *sysfs_root)
{
  DrivedashDriveList *self = g_object_new (DRIVEDASH_TYPE_DRIVE_LIST, NULL);

  g_return_val_if_fail (sysfs_root != NULL, self);

  self->sysfs_root = g_strdup (sysfs_root);
  drivedash_drive_list_refresh (self);
  return self;
}
