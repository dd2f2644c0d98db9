/* drivedash-review-reference.h — the published review's figures by the
 * review's own step kinds: a thin use of lib/longtest's table
 * (drivedash-reference.h), which the report shares
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-reference.h"
#include "drivedash-review-plan.h"

G_BEGIN_DECLS

typedef DrivedashReference DrivedashReviewReference;

/* Every row, in the review's order. */
const DrivedashReviewReference *drivedash_review_references_get (guint *n_rows);
/* The rows for @kind's @test and @mode (mode NULL for a long test). */
GPtrArray  *drivedash_review_references_matching (DrivedashReviewStepKind  kind,
                                                  const char              *test,
                                                  const char              *mode);
/* drivedash_reference_get_source() for @kind. */
const char *drivedash_review_reference_get_source (DrivedashReviewStepKind kind);

#define drivedash_review_reference_dup_value drivedash_reference_dup_value
#define drivedash_review_reference_dup_drive drivedash_reference_dup_drive

G_END_DECLS
