/* drivedash-ab-model-private.h — test hooks of the app's game-mode A/B
 * test: a fixture drive and tiny rounds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-ab-model.h"

G_BEGIN_DECLS

/* Use @controller on the fixture tree (sysfs_root, udev rules and state
 * folders) instead of the drive behind the folder; each round with
 * passes of @pass_duration seconds over @test_size bytes, no pauses
 * between tests or rounds. */
void drivedash_ab_model_set_overrides_for_testing (DrivedashAbModel *self,
                                            const char       *controller,
                                            const char       *sysfs_root,
                                            const char       *rules_dir,
                                            const char       *state_dir,
                                            double            pass_duration,
                                            guint64           test_size);

G_END_DECLS
