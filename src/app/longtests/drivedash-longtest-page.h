/* drivedash-longtest-page.h — the Long Tests view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-longtest-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_LONG_TEST_PAGE (drivedash_long_test_page_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashLongTestPage, drivedash_long_test_page, DRIVEDASH, LONG_TEST_PAGE, AdwBin)

DrivedashLongTestModel *drivedash_long_test_page_get_model  (DrivedashLongTestPage  *self);

G_END_DECLS
