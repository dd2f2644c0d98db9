/* main.c
 *
 * Copyright 2026 The Drivedash developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "drivedash-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DrivedashApplication) app = NULL;
  const char *localedir;

  /* build-aux/run points this at the build tree's compiled translations so
   * the app can be tried in another language without installing it. */
  localedir = g_getenv ("DRIVEDASH_LOCALEDIR");
  if (localedir == NULL || localedir[0] == '\0')
    localedir = LOCALEDIR;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = drivedash_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
