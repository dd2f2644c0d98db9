/* drivedash-error.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-error.h"

G_DEFINE_QUARK (drivedash-error-quark, drivedash_error)
