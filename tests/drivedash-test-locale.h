/* drivedash-test-locale.h — a real locale for tests, built with localedef
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Builds @name ("en_US", with UTF-8) into a new temporary folder and
 * points LOCPATH at it, so setlocale (LC_ALL, "en_US.UTF-8") works also
 * where Debian's "locales" is not configured (C.UTF-8 has no digit
 * grouping).  NULL, with the test skipped and the reason given, when
 * localedef cannot build it.  Undo with drivedash_test_locale_remove(). */
char *drivedash_test_locale_build  (const char *name);
/* Back to the C locale; removes @locpath and unsets LOCPATH. */
void  drivedash_test_locale_remove (char       *locpath);

G_END_DECLS
