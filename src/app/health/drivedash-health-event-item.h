/* drivedash-health-event-item.h — one kind of kernel event, as a row of
 * the Health page's Events group
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "drivedash-events.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_EVENT_ITEM (drivedash_health_event_item_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthEventItem, drivedash_health_event_item, DRIVEDASH, HEALTH_EVENT_ITEM, GObject)

/* The kind's row for log: its title, and how often, when last, what it
 * means and what to do as the subtitle. */
DrivedashHealthEventItem *drivedash_health_event_item_new          (const DrivedashEventLog *log,
                                                                    DrivedashEventKind       kind);
DrivedashEventKind        drivedash_health_event_item_get_kind     (DrivedashHealthEventItem *self);
DrivedashEventSeverity    drivedash_health_event_item_get_severity (DrivedashHealthEventItem *self);
const char               *drivedash_health_event_item_get_title    (DrivedashHealthEventItem *self);
const char               *drivedash_health_event_item_get_subtitle (DrivedashHealthEventItem *self);
/* "dialog-warning-symbolic" for what is serious, else an information icon. */
const char               *drivedash_health_event_item_get_icon_name (DrivedashHealthEventItem *self);

G_END_DECLS
