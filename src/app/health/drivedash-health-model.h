/* drivedash-health-model.h — what the Health page shows, as properties
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view-model of the Health page: it reads the chosen drive (real or
 * simulated, see drivedash-health-provider.h), keeps the values current
 * with its own timers, and runs the user's requests (game mode, self-test)
 * each with its own cancellable.  The page's templates bind to its
 * properties; nothing here touches a widget.
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-drive-list.h"
#include "drivedash-health.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_MODEL (drivedash_health_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthModel, drivedash_health_model, DRIVEDASH, HEALTH_MODEL, GObject)

DrivedashHealthModel *drivedash_health_model_new            (void);

/* The drives to choose from; the model follows their hot-plug and keeps
 * the chosen drive while it is still there. */
void                  drivedash_health_model_set_drives     (DrivedashHealthModel *self,
                                                             DrivedashDriveList   *drives);
DrivedashDriveList   *drivedash_health_model_get_drives     (DrivedashHealthModel *self);
/* Chooses the drive called @name ("nvme0") now, or when the drives are
 * next listed if they are not yet (the Health page lists them when it is
 * first shown): a notification names the drive it is about. */
void                  drivedash_health_model_show_drive     (DrivedashHealthModel *self,
                                                             const char           *name);
void                  drivedash_health_model_set_drive      (DrivedashHealthModel *self,
                                                             DrivedashDriveItem   *drive);
DrivedashDriveItem   *drivedash_health_model_get_drive      (DrivedashHealthModel *self);
/* The report shown; NULL while the first read runs or without a drive. */
DrivedashHealth      *drivedash_health_model_get_health     (DrivedashHealthModel *self);

/* Shows @health, a report read from a file (drivedash_health_from_report()),
 * in a model with no drives: its values, verdict and table, and nothing
 * read or polled. */
void                  drivedash_health_model_show_report    (DrivedashHealthModel *self,
                                                             DrivedashHealth      *health);
/* Reads the drive again (F5, the refresh timer); keeps the temperature
 * history and never cancels a request of the user's. */
void                  drivedash_health_model_refresh        (DrivedashHealthModel *self);
/* The user's requests.  They finish even when a refresh or a hot-plug
 * happens meanwhile; the result is shown when it comes. */
void                  drivedash_health_model_set_game_mode  (DrivedashHealthModel *self,
                                                             gboolean              enabled,
                                                             gboolean              persistent);
/* The Events group's offer: game mode kept after restarts, answered in
 * full-power-text (a refusal too) and by "announce". */
void                  drivedash_health_model_keep_full_power (DrivedashHealthModel *self);
void                  drivedash_health_model_start_self_test (DrivedashHealthModel *self,
                                                              DrivedashSelfTestKind kind);

G_END_DECLS
