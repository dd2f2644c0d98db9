/* drivedash-health-event-item.c — one kind of kernel event, as a row of
 * the Health page's Events group
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Made whole when the events are read and never changed: a new read
 * makes new items, so the properties need no notification.
 */
#include "config.h"

#include "drivedash-health-event-item.h"
#include "drivedash-health-mapping.h"

struct _DrivedashHealthEventItem
{
  GObject                parent_instance;

  DrivedashEventKind     kind;
  char                  *title;
  char                  *subtitle;
};

G_DEFINE_FINAL_TYPE (DrivedashHealthEventItem, drivedash_health_event_item, G_TYPE_OBJECT)

enum { PROP_0, PROP_KIND, PROP_SEVERITY, PROP_TITLE, PROP_SUBTITLE, PROP_ICON_NAME, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void
drivedash_health_event_item_get_property (GObject    *object,
                                          guint       prop_id,
                                          GValue     *value,
                                          GParamSpec *pspec)
{
  DrivedashHealthEventItem *self = DRIVEDASH_HEALTH_EVENT_ITEM (object);

  switch (prop_id)
    {
    case PROP_KIND: g_value_set_enum (value, self->kind); break;
    case PROP_SEVERITY: g_value_set_enum (value, drivedash_health_event_item_get_severity (self)); break;
    case PROP_TITLE: g_value_set_string (value, self->title); break;
    case PROP_SUBTITLE: g_value_set_string (value, self->subtitle); break;
    case PROP_ICON_NAME: g_value_set_string (value, drivedash_health_event_item_get_icon_name (self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
drivedash_health_event_item_finalize (GObject *object)
{
  DrivedashHealthEventItem *self = DRIVEDASH_HEALTH_EVENT_ITEM (object);

  g_free (self->title);
  g_free (self->subtitle);
  G_OBJECT_CLASS (drivedash_health_event_item_parent_class)->finalize (object);
}

static void
drivedash_health_event_item_class_init (DrivedashHealthEventItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = drivedash_health_event_item_get_property;
  object_class->finalize = drivedash_health_event_item_finalize;
  properties[PROP_KIND] = g_param_spec_enum ("kind", NULL, NULL, DRIVEDASH_TYPE_EVENT_KIND,
                                             DRIVEDASH_EVENT_KIND_RESET, ro);
  properties[PROP_SEVERITY] = g_param_spec_enum ("severity", NULL, NULL, DRIVEDASH_TYPE_EVENT_SEVERITY,
                                                 DRIVEDASH_EVENT_SEVERITY_INFO, ro);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, ro);
  properties[PROP_SUBTITLE] = g_param_spec_string ("subtitle", NULL, NULL, NULL, ro);
  properties[PROP_ICON_NAME] = g_param_spec_string ("icon-name", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
drivedash_health_event_item_init (DrivedashHealthEventItem *self)
{
}

DrivedashHealthEventItem *
drivedash_health_event_item_new (const DrivedashEventLog *log,
                                 DrivedashEventKind       kind)
{
  DrivedashHealthEventItem *self = g_object_new (DRIVEDASH_TYPE_HEALTH_EVENT_ITEM, NULL);

  self->kind = kind;
  self->title = g_strdup (drivedash_event_kind_get_title (kind));
  self->subtitle = drivedash_health_events_row_subtitle (log, kind);
  return self;
}

DrivedashEventKind
drivedash_health_event_item_get_kind (DrivedashHealthEventItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_EVENT_ITEM (self), DRIVEDASH_EVENT_KIND_RESET);
  return self->kind;
}

DrivedashEventSeverity
drivedash_health_event_item_get_severity (DrivedashHealthEventItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_EVENT_ITEM (self), DRIVEDASH_EVENT_SEVERITY_INFO);
  return drivedash_event_kind_get_severity (self->kind);
}

const char *
drivedash_health_event_item_get_title (DrivedashHealthEventItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_EVENT_ITEM (self), NULL);
  return self->title;
}

const char *
drivedash_health_event_item_get_subtitle (DrivedashHealthEventItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_EVENT_ITEM (self), NULL);
  return self->subtitle;
}

const char *
drivedash_health_event_item_get_icon_name (DrivedashHealthEventItem *self)
{
  g_return_val_if_fail (DRIVEDASH_IS_HEALTH_EVENT_ITEM (self), NULL);
  switch (drivedash_health_event_item_get_severity (self))
    {
    case DRIVEDASH_EVENT_SEVERITY_SERIOUS:
    case DRIVEDASH_EVENT_SEVERITY_WARNING:
      return "dialog-warning-symbolic";
    case DRIVEDASH_EVENT_SEVERITY_INFO:
    default:
      return "dialog-information-symbolic";
    }
}
