/* drivedash-health-model-private.h — for the Health widgets and tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-health-model.h"

G_BEGIN_DECLS

/* Shows HEALTH as if the drive had answered with it: for tests of the
 * values and verdicts that need a full health log, which no unprivileged
 * fixture tree can give. */
void   drivedash_health_model_show_health        (DrivedashHealthModel *self,
                                                  DrivedashHealth      *health);
/* Seconds on the clock the temperature samples are stamped with. */
double drivedash_health_model_get_clock          (DrivedashHealthModel *self);
/* A string property's value by name, for tests that walk every value. */
const char *drivedash_health_model_get_text      (DrivedashHealthModel *self,
                                                  const char           *property);
/* Game-mode and self-test requests running now. */
guint  drivedash_health_model_get_n_requests     (DrivedashHealthModel *self);

G_END_DECLS
