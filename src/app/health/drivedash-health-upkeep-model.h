/* drivedash-health-upkeep-model.h — the Upkeep group's view-model:
 * whether the drive is trimmed, and whether fwupd offers new firmware
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "drivedash-drive-list.h"
#include "drivedash-firmware-update.h"
#include "drivedash-trim.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_UPKEEP_MODEL (drivedash_health_upkeep_model_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthUpkeepModel, drivedash_health_upkeep_model, DRIVEDASH, HEALTH_UPKEEP_MODEL, GObject)

DrivedashHealthUpkeepModel *drivedash_health_upkeep_model_new (void);

/* Reads both again for @drive (NULL or the demo drive: nothing to show,
 * "available" goes FALSE). */
void                drivedash_health_upkeep_model_set_drive   (DrivedashHealthUpkeepModel *self,
                                                               DrivedashDriveItem         *drive);
DrivedashDriveItem *drivedash_health_upkeep_model_get_drive   (DrivedashHealthUpkeepModel *self);
void                drivedash_health_upkeep_model_refresh     (DrivedashHealthUpkeepModel *self);
/* Turns weekly trim on through systemd (which may ask for a password);
 * the outcome comes as a "toast" and a new reading. */
void                drivedash_health_upkeep_model_turn_on_trim (DrivedashHealthUpkeepModel *self);

/* TRUE once both answers for a real drive are in. */
gboolean                      drivedash_health_upkeep_model_get_available        (DrivedashHealthUpkeepModel *self);
DrivedashTrimState            drivedash_health_upkeep_model_get_trim_state       (DrivedashHealthUpkeepModel *self);
const char                   *drivedash_health_upkeep_model_get_trim_text        (DrivedashHealthUpkeepModel *self);
gboolean                      drivedash_health_upkeep_model_get_can_turn_on_trim (DrivedashHealthUpkeepModel *self);
/* From Turn On until its outcome has been read back. */
gboolean                      drivedash_health_upkeep_model_get_busy             (DrivedashHealthUpkeepModel *self);
DrivedashFirmwareUpdateState  drivedash_health_upkeep_model_get_firmware_state   (DrivedashHealthUpkeepModel *self);
const char                   *drivedash_health_upkeep_model_get_firmware_text    (DrivedashHealthUpkeepModel *self);
gboolean                      drivedash_health_upkeep_model_get_firmware_offered (DrivedashHealthUpkeepModel *self);

G_END_DECLS
