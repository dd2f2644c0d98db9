/* drivedash-service-watch.h — whether the Drivedash system service can
 * answer: its name has an owner, or the bus can start it (its package was
 * installed and the bus reloaded), followed while the app runs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_SERVICE_WATCH (drivedash_service_watch_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashServiceWatch, drivedash_service_watch, DRIVEDASH, SERVICE_WATCH, GObject)

/* Follows the system bus on the caller's main context: a new owner at
 * once, a new service file every @poll_s seconds (the bus says nothing
 * when its list of startable names changes) until there is one. */
DrivedashServiceWatch *drivedash_service_watch_new           (guint                  poll_s);
/* "available", notified on change. */
gboolean               drivedash_service_watch_get_available (DrivedashServiceWatch *self);

G_END_DECLS
