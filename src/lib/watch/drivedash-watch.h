/* drivedash-watch.h — the background watch: health snapshots every minute
 * (temperature) and every ten minutes (full health), kept in the results
 * history, with the notification rules run on each
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-client.h"
#include "drivedash-store.h"
#include "drivedash-watch-rules.h"

G_BEGIN_DECLS

#define DRIVEDASH_WATCH_TEMPERATURE_SECONDS 60
/* Every tenth reading is a full one. */
#define DRIVEDASH_WATCH_FULL_EVERY 10

#define DRIVEDASH_TYPE_WATCH (drivedash_watch_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashWatch, drivedash_watch, DRIVEDASH, WATCH, GObject)

/* sysfs_root NULL: "/sys"; the apps' writes are put on its drives by
 * their device numbers too.  Health goes through the client (drivedashd,
 * UDisks2, sysfs); the temperature in between comes from hwmon, which
 * needs no privileges.  A drive whose health came from UDisks2 is read
 * again when UDisks2 signals PropertiesChanged on its NVMe controller
 * interface (it refreshes every ten minutes), not on the timer.
 *
 * Signal "event" (const char *controller, const char *title,
 * const char *body, const char *kind): one per event the rules report,
 * with the message in plain words; never for a muted drive.
 * Signal "app-event" (const char *controller, const char *app,
 * const char *title, const char *body): an app wrote far above its own
 * usual today (drivedash_watch_rules_app_spike()); once a day, never for
 * a muted app. */
DrivedashWatch *drivedash_watch_new   (DrivedashStore *store,
                                       const char     *sysfs_root);
/* Reads now (a full reading), then on the timers. */
void            drivedash_watch_start (DrivedashWatch *self);
/* Turns the warnings of one drive off or on ("Don't warn about this
 * drive"); the drive keeps being recorded. */
gboolean        drivedash_watch_set_muted (DrivedashWatch *self,
                                           const char     *controller,
                                           gboolean        muted,
                                           GError        **error);

/* "Don't Warn About This App": no more "app-event" for @app's writes to
 * @controller's drive (the writes are still kept). */
gboolean        drivedash_watch_set_app_muted (DrivedashWatch *self,
                                               const char     *controller,
                                               const char     *app,
                                               gboolean        muted,
                                               GError        **error);

/* Whether the app writes it records are everyone's (drivedashd's
 * GetAppWrites answers) rather than only this user's own programs (the
 * local sampler, when the service is missing or refuses). */
gboolean drivedash_watch_get_counts_everyone (DrivedashWatch *self);

/* The tree it reads drives from, or NULL for /sys: the app's game
 * follower takes its drives from the same place. */
const char *drivedash_watch_get_sysfs_root (DrivedashWatch *self);

G_END_DECLS
