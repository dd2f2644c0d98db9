/* drivedash-review-page.h — the Full Review view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-review-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_REVIEW_PAGE (drivedash_review_page_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashReviewPage, drivedash_review_page, DRIVEDASH, REVIEW_PAGE, AdwBin)

DrivedashReviewModel *drivedash_review_page_get_model (DrivedashReviewPage *self);

G_END_DECLS
