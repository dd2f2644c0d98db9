/* drivedash-health-write-item.h — one app's row in "What Writes to This
 * Drive": its name, how much and what share, and the bar's fraction
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* An app's name as the desktop shows it, where it has a desktop file;
 * else as the watch keeps it. */
char *drivedash_health_write_item_dup_display_name (const char *app);

#define DRIVEDASH_TYPE_HEALTH_WRITE_ITEM (drivedash_health_write_item_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthWriteItem, drivedash_health_write_item, DRIVEDASH, HEALTH_WRITE_ITEM, GObject)

/* Read-only properties "title", "subtitle" (strings) and "fraction"
 * (0..1, the bar). */
DrivedashHealthWriteItem *drivedash_health_write_item_new (const char *title,
                                                           const char *subtitle,
                                                           double      fraction);
const char *drivedash_health_write_item_get_title    (DrivedashHealthWriteItem *self);
const char *drivedash_health_write_item_get_subtitle (DrivedashHealthWriteItem *self);
double      drivedash_health_write_item_get_fraction (DrivedashHealthWriteItem *self);

G_END_DECLS
