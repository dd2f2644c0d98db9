/* drivedash-watch-private.h — test hooks of DrivedashWatch
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-watch.h"

G_BEGIN_DECLS

/* The environment variables the tests' build of the app
 * (tests/drivedash-test-app.c) reads; the shipping app never does:
 * DRIVEDASH_WATCH_PERIOD_MS shortens the minute between readings;
 * DRIVEDASH_WATCH_HEALTH_FILE makes every full reading the health a{sv}
 * (binary GVariant, as GetHealth returns it) in that file, read anew
 * each time, instead of asking the drive; DRIVEDASH_WATCH_SYSFS_ROOT
 * reads drives from a fixture tree (never a device node). */
void drivedash_watch_set_period_ms_for_testing   (DrivedashWatch *self,
                                      guint           period_ms);
void drivedash_watch_set_health_file_for_testing (DrivedashWatch *self,
                                      const char     *path);
/* Both, and the fixture tree, from the environment, when set; before
 * drivedash_watch_start() (the sampler names drives from that tree). */
void drivedash_watch_apply_environment_for_testing (DrivedashWatch *self);

/* What the sampler would have handed over: @bytes written by @app to
 * @health's drive at @now, through the same keeping and spike check. */
void drivedash_watch_add_app_writes_for_testing (DrivedashWatch        *self,
                                                 const DrivedashHealth *health,
                                                 const char            *app,
                                                 guint64                bytes,
                                                 gint64                 now);

/* One GetAppWrites answer as if the service gave it: @rows
 * (element-type DrivedashAppWrites) counted since @since_usec, or NULL:
 * the service refused. */
void drivedash_watch_take_app_writes_answer_for_testing (DrivedashWatch *self,
                                                         gint64          since_usec,
                                                         GPtrArray      *rows);
/* What a full reading records of the app writes, at @now. */
void drivedash_watch_record_app_writes_for_testing (DrivedashWatch *self,
                                                    gint64          now);

G_END_DECLS
