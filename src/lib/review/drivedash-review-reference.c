/* drivedash-review-reference.c — the published figures by the review's
 * step kinds: lib/longtest's table, keyed by the kinds' stable ids
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-review-reference.h"

const DrivedashReviewReference *
drivedash_review_references_get (guint *n_rows)
{
  return drivedash_references_get (n_rows);
}

GPtrArray *
drivedash_review_references_matching (DrivedashReviewStepKind  kind,
                                      const char              *test,
                                      const char              *mode)
{
  return drivedash_references_matching (drivedash_review_step_kind_to_string (kind), test, mode);
}

const char *
drivedash_review_reference_get_source (DrivedashReviewStepKind kind)
{
  return drivedash_reference_get_source (drivedash_review_step_kind_to_string (kind));
}
