/* drivedash-test-xvfb.h — an Xvfb server of the test's own
 *
 * Copyright 2026 The Drivedash developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

GSubprocess *drivedash_test_xvfb_start (char        **display);
void         drivedash_test_xvfb_stop  (GSubprocess  *xvfb);

G_END_DECLS
