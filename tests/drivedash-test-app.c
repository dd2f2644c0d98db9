/* drivedash-test-app.c — the app as the background tests run it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The shipping DrivedashApplication, with the watch's test environment
 * (DRIVEDASH_WATCH_PERIOD_MS, _HEALTH_FILE, _SYSFS_ROOT, see
 * drivedash-watch-private.h) applied to each watch it starts, before the
 * first reading.  The shipping binary never reads those variables.
 */
#include "config.h"

#include <locale.h>

#include "drivedash-application.h"
#include "drivedash-watch-private.h"

static void
watch_cb (DrivedashBackground *background)
{
  DrivedashWatch *watch = drivedash_background_get_watch (background);

  if (watch != NULL)
    drivedash_watch_apply_environment_for_testing (watch);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DrivedashApplication) app = NULL;

  setlocale (LC_ALL, "");
  /* What the notifications and the window carry, as with the real one. */
  g_set_prgname ("drivedash");
  app = drivedash_application_new ();
  g_signal_connect (drivedash_application_get_background (app), "notify::watch",
                    G_CALLBACK (watch_cb), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
