/* drivedash-test-writes.h — `drivedash-cli writes --sample` around a
 * test's writers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Starts `drivedash-cli writes --sample 600 --json [EXTRA]` and returns
 * once it says "Measuring…": what is written from then on counts. */
GSubprocess *drivedash_test_writes_start_sampler (const char  *extra);

/* Ends the sampler with SIGINT, as Ctrl+C does; its JSON, parsed. */
JsonParser  *drivedash_test_writes_stop_sampler  (GSubprocess *sampler);

G_END_DECLS
