/* drivedash-test-health.h — health fixtures shared by the health tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "drivedash-health.h"

G_BEGIN_DECLS

/* The contents of tests/fixtures/NAME; a failure fails the test. */
GBytes          *drivedash_test_load_fixture            (const char        *name);
void             drivedash_test_decode_smart_fixture    (const char        *name,
                                                         DrivedashSmartLog *out);
/* identify-known.bin */
void             drivedash_test_decode_identify_fixture (DrivedashIdentify *out);
/* Everything known: smart-known, identify-known, the self-test and error
 * logs, read directly (source NVME), verdict computed. */
DrivedashHealth *drivedash_test_full_health             (void);

G_END_DECLS
