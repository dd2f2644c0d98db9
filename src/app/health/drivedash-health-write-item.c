/* drivedash-health-write-item.c — one app's row in "What Writes to This
 * Drive" (see the header)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gdesktopappinfo.h>

#include "drivedash-health-write-item.h"

struct _DrivedashHealthWriteItem
{
  GObject  parent_instance;
  char    *title;
  char    *subtitle;
  double   fraction;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthWriteItem, drivedash_health_write_item, G_TYPE_OBJECT)

/* "Steam" for com.valvesoftware.Steam, where it has a desktop file. */
char *
drivedash_health_write_item_dup_display_name (const char *app)
{
  g_autofree char *id = g_strconcat (app, ".desktop", NULL);
  g_autoptr(GDesktopAppInfo) info = g_str_has_prefix (app, "System: ") ? NULL : g_desktop_app_info_new (id);

  return g_strdup (info ? g_app_info_get_display_name (G_APP_INFO (info)) : app);
}

enum { PROP_0, PROP_TITLE, PROP_SUBTITLE, PROP_FRACTION, N_PROPS };
static GParamSpec *properties[N_PROPS];

DrivedashHealthWriteItem *
drivedash_health_write_item_new (const char *title,
                                 const char *subtitle,
                                 double      fraction)
{
  DrivedashHealthWriteItem *self = g_object_new (DRIVEDASH_TYPE_HEALTH_WRITE_ITEM, NULL);

  self->title = g_strdup (title);
  self->subtitle = g_strdup (subtitle);
  self->fraction = CLAMP (fraction, 0.0, 1.0);
  return self;
}

const char *
drivedash_health_write_item_get_title (DrivedashHealthWriteItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITE_ITEM (self), NULL);
  return self->title;
}

const char *
drivedash_health_write_item_get_subtitle (DrivedashHealthWriteItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITE_ITEM (self), NULL);
  return self->subtitle;
}

double
drivedash_health_write_item_get_fraction (DrivedashHealthWriteItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_WRITE_ITEM (self), 0);
  return self->fraction;
}

static void
drivedash_health_write_item_get_property (GObject    *object,
                                          guint       prop_id,
                                          GValue     *value,
                                          GParamSpec *pspec)
{
  DrivedashHealthWriteItem *self = DRIVEDASH_HEALTH_WRITE_ITEM (object);

  switch (prop_id)
    {
    case PROP_TITLE:    g_value_set_string (value, self->title); break;
    case PROP_SUBTITLE: g_value_set_string (value, self->subtitle); break;
    case PROP_FRACTION: g_value_set_double (value, self->fraction); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_write_item_finalize (GObject *object)
{
  DrivedashHealthWriteItem *self = DRIVEDASH_HEALTH_WRITE_ITEM (object);

  g_free (self->title);
  g_free (self->subtitle);
  G_OBJECT_CLASS (drivedash_health_write_item_parent_class)->finalize (object);
}

static void
drivedash_health_write_item_class_init (DrivedashHealthWriteItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_health_write_item_get_property;
  object_class->finalize = drivedash_health_write_item_finalize;
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, ro);
  properties[PROP_SUBTITLE] = g_param_spec_string ("subtitle", NULL, NULL, NULL, ro);
  properties[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_health_write_item_init (DrivedashHealthWriteItem *self)
{
}
