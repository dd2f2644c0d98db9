/* ab-app-helper.c — runs the app's game-mode A/B model (no display) on
 * the fixture drive of tests/dbus/test_ab_app.py's private bus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ab-app-helper SYSFS RULES STATE TARGET ROUNDS [stop-at-on]
 * Prints each status line; with "stop-at-on" presses Stop as soon as the
 * first "on" round runs.  Prints "set N" and exits 0 when a set was saved.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "drivedash-ab-model-private.h"

static void
status_cb (DrivedashAbModel *ab,
           GParamSpec       *pspec,
           gpointer          stop_at_on)
{
  const char *status = drivedash_ab_model_get_status (ab);

  printf ("status %s\n", status ? status : "");
  fflush (stdout);
  if (stop_at_on && status && g_str_has_prefix (status, "Round 2 of"))
    drivedash_ab_model_stop (ab);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(DrivedashAbModel) ab = NULL;
  g_autoptr(GFile) target = NULL;
  gboolean stop = argc > 6 && g_str_equal (argv[6], "stop-at-on");

  if (argc < 6)
    return 2;
  ab = drivedash_ab_model_new ();
  target = g_file_new_for_path (argv[4]);
  drivedash_bench_options_set_folder (drivedash_ab_model_get_options (ab), target);
  drivedash_bench_options_set_preset_id (drivedash_ab_model_get_options (ab), "real");
  drivedash_bench_options_set_passes (drivedash_ab_model_get_options (ab), 1);
  drivedash_ab_model_set_rounds (ab, (guint) atoi (argv[5]));
  drivedash_ab_model_set_overrides_for_testing (ab, "nvme0", argv[1], argv[2], argv[3], 0.1, 4 << 20);
  g_signal_connect (ab, "notify::status", G_CALLBACK (status_cb), GINT_TO_POINTER (stop));
  if (!drivedash_ab_model_start (ab))
    return 1;
  while (drivedash_ab_model_get_running (ab))
    g_main_context_iteration (NULL, TRUE);
  printf ("error %d\nset %lld\n", drivedash_ab_model_get_status_is_error (ab),
          (long long) drivedash_ab_model_get_set_id (ab));
  return 0;
}
