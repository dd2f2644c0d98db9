/* drivedash-pause.h — a rest between tests that a stop ends at once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Calls @func(@data) once on the default main context after @seconds, or
 * as soon as @cancellable (may be NULL) is cancelled, whichever comes
 * first: a timeout with GLib's cancellable source as its child.  Returns
 * the source's id; @func should return G_SOURCE_REMOVE. */
guint drivedash_pause_add (double        seconds,
                           GCancellable *cancellable,
                           GSourceFunc   func,
                           gpointer      data);

G_END_DECLS
