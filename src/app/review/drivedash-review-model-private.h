/* drivedash-review-model-private.h — test hooks of DrivedashReviewModel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-review-model.h"

G_BEGIN_DECLS

/* Every later Start uses a copy of @settings (a tiny scale) in place of
 * the length's own; the length, the folder and game mode still apply. */
void drivedash_review_model_set_settings_for_testing (DrivedashReviewModel          *self,
                                                      const DrivedashReviewSettings *settings);

G_END_DECLS
