/* test-watch-hint.c — the Health page's first-run offer to watch drives
 * in the background: "Turn On" sets the Preferences switch's setting and
 * writes the autostart file, "Not Now" is remembered in the settings, and
 * the offer is gone either way, also for a new window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "drivedash-autostart.h"
#include "drivedash-watch-hint.h"

#include "drivedash-test-tree.h"

static char *config_dir;

static void
reset (GSettings *settings)
{
  g_autofree char *path = drivedash_autostart_get_path ();

  g_settings_reset (settings, "watch-in-background");
  g_settings_reset (settings, "watch-hint-dismissed");
  g_unlink (path);
}

static void
count_cb (GObject    *object,
          GParamSpec *pspec,
          guint      *count)
{
  (*count)++;
}

/* The file is written before turn_on () returns; the answer comes from
 * the main loop. */
static void
turn_on_and_wait (DrivedashWatchHint *hint)
{
  drivedash_watch_hint_turn_on (hint);
  while (drivedash_watch_hint_get_busy (hint))
    g_main_context_iteration (NULL, TRUE);
}

static void
test_turn_on (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(DrivedashWatchHint) hint = NULL;
  g_autoptr(DrivedashWatchHint) again = NULL;
  g_autofree char *path = drivedash_autostart_get_path ();
  guint notified = 0;

  reset (settings);
  hint = drivedash_watch_hint_new (settings);
  g_assert_true (drivedash_watch_hint_get_visible (hint));
  g_signal_connect (hint, "notify::visible", G_CALLBACK (count_cb), &notified);

  turn_on_and_wait (hint);
  g_assert_null (drivedash_watch_hint_get_message (hint));
  g_assert_true (g_settings_get_boolean (settings, "watch-in-background"));
  g_assert_false (g_settings_get_boolean (settings, "watch-hint-dismissed"));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_false (drivedash_watch_hint_get_visible (hint));
  g_assert_cmpuint (notified, ==, 1);

  /* Hidden while the watch is on; switched off in Preferences, it comes
   * back: the user never said "Not Now". */
  again = drivedash_watch_hint_new (settings);
  g_assert_false (drivedash_watch_hint_get_visible (again));
  g_settings_set_boolean (settings, "watch-in-background", FALSE);
  g_assert_true (drivedash_watch_hint_get_visible (hint));
  g_assert_cmpuint (notified, ==, 2);
}

static void
test_not_now (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(DrivedashWatchHint) hint = NULL;
  g_autoptr(DrivedashWatchHint) later = NULL;
  g_autofree char *path = drivedash_autostart_get_path ();
  gboolean visible = TRUE;

  reset (settings);
  hint = drivedash_watch_hint_new (settings);
  drivedash_watch_hint_dismiss (hint);
  g_assert_true (g_settings_get_boolean (settings, "watch-hint-dismissed"));
  g_assert_false (g_settings_get_boolean (settings, "watch-in-background"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_object_get (hint, "visible", &visible, NULL);
  g_assert_false (visible);

  /* A new window, and the watch switched on and off: never again. */
  later = drivedash_watch_hint_new (settings);
  g_assert_false (drivedash_watch_hint_get_visible (later));
  g_settings_set_boolean (settings, "watch-in-background", TRUE);
  g_settings_set_boolean (settings, "watch-in-background", FALSE);
  g_assert_false (drivedash_watch_hint_get_visible (later));
}

/* The file cannot be written: plain error, and the setting is not left
 * saying the watch will start. */
static void
test_unwritable (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(DrivedashWatchHint) hint = NULL;
  g_autofree char *autostart = g_build_filename (config_dir, "autostart", NULL);

  reset (settings);
  drivedash_test_tree_remove (autostart);
  g_assert_true (g_file_set_contents (autostart, "", 0, NULL));
  hint = drivedash_watch_hint_new (settings);
  turn_on_and_wait (hint);
  g_assert_nonnull (strstr (drivedash_watch_hint_get_message (hint), "could not set itself to start at login"));
  g_assert_false (g_settings_get_boolean (settings, "watch-in-background"));
  g_assert_true (drivedash_watch_hint_get_visible (hint));
  g_unlink (autostart);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  config_dir = g_dir_make_tmp ("drivedash-watch-hint-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_CONFIG_HOME", config_dir, TRUE);
  g_assert_cmpstr (g_getenv ("GSETTINGS_BACKEND"), ==, "memory");
  g_test_add_func ("/watch-hint/turn-on", test_turn_on);
  g_test_add_func ("/watch-hint/not-now", test_not_now);
  g_test_add_func ("/watch-hint/unwritable", test_unwritable);
  status = g_test_run ();
  drivedash_test_tree_remove (config_dir);
  g_free (config_dir);
  return status;
}
