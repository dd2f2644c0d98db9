/* drivedash-longtest-private.h — test hooks of the long tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Free space every long test leaves: the larger of 10 % and 5 GiB, unless
 * a test sets @bytes here so a tiny real filesystem (a tmpfs of a few
 * MiB) can hold a run.  G_MAXUINT64 restores the rule. */
void drivedash_long_test_set_free_margin_for_testing (guint64 bytes);

G_END_DECLS
