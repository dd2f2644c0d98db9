/* drivedash-longtest-model-private.h — test hooks of the Long Tests model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-longtest-model.h"

G_BEGIN_DECLS

/* The next Start uses (a copy of) @settings instead of kind, preset and
 * folder: tests shrink a run to seconds.  NULL: back to normal. */
void drivedash_long_test_model_set_settings_for_testing (DrivedashLongTestModel          *self,
                                                      const DrivedashLongTestSettings *settings);

G_END_DECLS
