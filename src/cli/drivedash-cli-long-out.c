/* drivedash-cli-long-out.c — drivedash-cli long: the result for people
 * (drivedash-store-save.c keeps it in the results history)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>

#include "drivedash-cli-long.h"
#include "drivedash-longtest-summary.h"

void
drivedash_cli_long_print (const DrivedashLongTestResult   *res,
                          const DrivedashLongTestSettings *settings)
{
  g_autofree char *text = drivedash_long_test_result_to_text (res, settings);

  fputs (text, stdout);
}
