/* drivedash-bench-model-private.h — test hooks of the Speed view's model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-bench-model.h"

G_BEGIN_DECLS

/* Shorter passes and pauses than the settings allow (seconds; a negative
 * value keeps the setting), test size in bytes (0 keeps it). */
void drivedash_bench_model_set_overrides_for_testing (DrivedashBenchModel *self,
                                               double               pass_duration,
                                               double               pause,
                                               guint64              test_size);

G_END_DECLS
