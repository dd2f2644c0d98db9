/* drivedash-health-provider-private.h — test hooks of the providers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-health-provider.h"

G_BEGIN_DECLS

/* The real drive's kernel events come from this journal file, read
 * directly (NULL: the system's, through the client chain). */
void drivedash_health_provider_set_journal_file_for_testing (const char *path);

G_END_DECLS
