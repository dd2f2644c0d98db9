/* drivedash-client-private.h — test hooks of drivedash-client.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How long read calls (GetHealth, GetGameMode, UDisks) wait for an
 * answer; 0 or less restores the default (15 s).  For tests of a service
 * that does not answer. */
void drivedash_client_set_read_timeout (int timeout_ms);

G_END_DECLS
