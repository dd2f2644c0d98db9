/* drivedash-cli-long.h — drivedash-cli long: output
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-longtest.h"

G_BEGIN_DECLS

/* The result for people, on stdout. */
void   drivedash_cli_long_print      (const DrivedashLongTestResult   *result,
                                      const DrivedashLongTestSettings *settings);

G_END_DECLS
