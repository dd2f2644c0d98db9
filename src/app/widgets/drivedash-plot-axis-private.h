/* drivedash-plot-axis-private.h — for tests/test-plot-axis.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A date label with the g_date_time_format() codes for a day ("12 Nov"),
 * January ("Jan 2027") and another month ("Nov"): what
 * drivedash_plot_format_time() does with the translated ones, so the test
 * can measure another language's labels. */
char *drivedash_plot_format_date (double            t,
                                  double            step,
                                  const char *const formats[3]);

G_END_DECLS
