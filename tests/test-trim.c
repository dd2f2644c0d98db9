/* test-trim.c — which filesystems of a drive are trimmed, on a fixture
 * sysfs tree and a fixture mountinfo: partitions, an encrypted volume
 * that passes no discards, the discard option, another drive's
 * filesystem, bind mounts, a looped holder; and the words for each state
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "drivedash-error.h"
#include "drivedash-test-tree.h"
#include "drivedash-trim-private.h"

#define DAY_USEC ((gint64) 24 * 60 * 60 * G_USEC_PER_SEC)

/* nvme0n1: p1 ext4 /boot; p2 under dm-0, a crypt volume without
 * allow_discards, holding /; p3 btrfs with discard=async, mounted twice.
 * nvme1n1 is another drive's. */
static const char *MOUNTINFO =
  "22 1 253:0 / / rw,relatime shared:1 - ext4 /dev/mapper/luks-1 rw\n"
  "23 22 259:1 / /boot rw,relatime shared:2 - ext4 /dev/nvme0n1p1 rw\n"
  "24 22 259:3 / /data rw,noatime shared:3 - btrfs /dev/nvme0n1p3 rw,ssd,discard=async\n"
  "25 22 259:3 /sub /srv rw,noatime shared:4 - btrfs /dev/nvme0n1p3 rw,ssd,discard=async\n"
  "26 22 259:9 / /other rw,discard - ext4 /dev/nvme1n1 rw\n"
  "27 22 0:25 / /proc rw,nosuid - proc proc rw\n"
  "28 22 259:20 / /games rw - xfs /dev/nvme5n1 rw\n"
  "not a mountinfo line\n";

static char *
make_tree (void)
{
  g_autoptr(GError) error = NULL;
  char *root = g_dir_make_tmp ("drivedash-trim-XXXXXX", &error);

  g_assert_no_error (error);
  drivedash_test_tree_put (root, "class/nvme/nvme0/nvme0n1/dev", "259:0\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/hwmon3/name", "nvme\n");
  drivedash_test_tree_put (root, "class/nvme/nvme0/nvme0c0n1x/dev", "259:7\n");
  drivedash_test_tree_put (root, "class/block/nvme0n1/dev", "259:0\n");
  drivedash_test_tree_put (root, "class/block/nvme0n1/queue/discard_max_bytes", "2199023255040\n");
  for (guint i = 1; i <= 3; i++)
    {
      g_autofree char *dev = g_strdup_printf ("259:%u\n", i);
      g_autofree char *inner = g_strdup_printf ("class/block/nvme0n1/nvme0n1p%u/partition", i);
      g_autofree char *outer = g_strdup_printf ("class/block/nvme0n1p%u/dev", i);

      drivedash_test_tree_put (root, inner, "1\n");
      drivedash_test_tree_put (root, outer, dev);
    }
  drivedash_test_tree_put (root, "class/block/nvme0n1p2/holders/dm-0/.keep", "");
  drivedash_test_tree_put (root, "class/block/dm-0/dev", "253:0\n");
  drivedash_test_tree_put (root, "class/block/dm-0/queue/discard_max_bytes", "0\n");
  /* A loop, which no real tree has: the walk must still end. */
  drivedash_test_tree_put (root, "class/block/dm-0/holders/dm-0/.keep", "");
  drivedash_test_tree_put (root, "class/nvme/nvme1/nvme1n1/dev", "259:9\n");
  drivedash_test_tree_put (root, "class/block/nvme1n1/dev", "259:9\n");
  /* nvme2 with native multipath: its namespace's path device sits under
   * the controller, the block device people use is nvme5n1. */
  drivedash_test_tree_put (root, "class/nvme/nvme2/nvme5c2n1/nsid", "1\n");
  drivedash_test_tree_put (root, "class/block/nvme5n1/dev", "259:20\n");
  drivedash_test_tree_put (root, "mountinfo", MOUNTINFO);
  return root;
}

static DrivedashTrimStatus
scan (const char *root,
      const char *controller)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *mountinfo = g_build_filename (root, "mountinfo", NULL);
  DrivedashTrimStatus status = { 0 };

  g_assert_true (drivedash_trim_scan_filesystems (&status, root, mountinfo, controller, &error));
  g_assert_no_error (error);
  return status;
}

static void
test_scan (void)
{
  g_autofree char *root = make_tree ();
  DrivedashTrimStatus status = scan (root, "nvme0");

  g_assert_true (status.drive_trims);
  g_assert_cmpuint (status.n_filesystems, ==, 3);
  g_assert_cmpuint (status.n_blocked, ==, 1);
  g_assert_cmpuint (status.n_discard, ==, 1);

  /* The other drive: one filesystem, with discard as a mount option. */
  status = scan (root, "nvme1");
  g_assert_cmpuint (status.n_filesystems, ==, 1);
  g_assert_cmpuint (status.n_discard, ==, 1);
  g_assert_cmpuint (status.n_blocked, ==, 0);

  status = scan (root, "nvme2");
  g_assert_cmpuint (status.n_filesystems, ==, 1);
  g_assert_cmpuint (status.n_discard, ==, 0);
  g_assert_true (drivedash_test_tree_remove (root));
}

static void
test_scan_errors (void)
{
  g_autofree char *root = make_tree ();
  g_autoptr(GError) error = NULL;
  DrivedashTrimStatus status = { 0 };

  g_assert_false (drivedash_trim_scan_filesystems (&status, root, "/nonexistent", "nvme7", &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "nvme7"));

  /* No mountinfo to read: nothing mounted can be told. */
  g_assert_true (drivedash_trim_scan_filesystems (&status, root, "/nonexistent", "nvme0", NULL));
  g_assert_cmpuint (status.n_filesystems, ==, 0);
  g_assert_cmpint (drivedash_trim_status_get_state (&status), ==, DRIVEDASH_TRIM_STATE_NOTHING);

  /* A drive that takes no discards. */
  drivedash_test_tree_put (root, "class/block/nvme0n1/queue/discard_max_bytes", "0\n");
  status = scan (root, "nvme0");
  g_assert_false (status.drive_trims);
  g_assert_cmpuint (status.n_blocked, ==, 3);
  g_assert_cmpint (drivedash_trim_status_get_state (&status), ==, DRIVEDASH_TRIM_STATE_UNSUPPORTED);
  g_assert_true (drivedash_test_tree_remove (root));
}

static void
test_options (void)
{
  g_assert_true (drivedash_trim_options_discard ("rw,discard"));
  g_assert_true (drivedash_trim_options_discard ("rw,ssd,discard=async,space_cache=v2"));
  g_assert_false (drivedash_trim_options_discard ("rw,nodiscard"));
  g_assert_false (drivedash_trim_options_discard ("rw,relatime"));
  g_assert_false (drivedash_trim_options_discard (""));
}

static void
test_states (void)
{
  DrivedashTrimStatus s = { .drive_trims = TRUE, .n_filesystems = 2 };

  s.timer = DRIVEDASH_TRIM_TIMER_UNKNOWN;
  g_assert_cmpint (drivedash_trim_status_get_state (&s), ==, DRIVEDASH_TRIM_STATE_UNKNOWN);
  g_assert_false (drivedash_trim_status_can_turn_on (&s));
  s.timer = DRIVEDASH_TRIM_TIMER_OFF;
  g_assert_cmpint (drivedash_trim_status_get_state (&s), ==, DRIVEDASH_TRIM_STATE_OFF);
  g_assert_true (drivedash_trim_status_can_turn_on (&s));
  /* Discard on one of two leaves the other untrimmed. */
  s.n_discard = 1;
  g_assert_cmpint (drivedash_trim_status_get_state (&s), ==, DRIVEDASH_TRIM_STATE_OFF);
  s.n_blocked = 1;
  g_assert_cmpint (drivedash_trim_status_get_state (&s), ==, DRIVEDASH_TRIM_STATE_CONTINUOUS);
  g_assert_false (drivedash_trim_status_can_turn_on (&s));
  s.timer = DRIVEDASH_TRIM_TIMER_ON;
  g_assert_cmpint (drivedash_trim_status_get_state (&s), ==, DRIVEDASH_TRIM_STATE_WEEKLY);
  s.n_discard = 0;
  s.n_blocked = 2;
  g_assert_cmpint (drivedash_trim_status_get_state (&s), ==, DRIVEDASH_TRIM_STATE_BLOCKED);
  s.n_blocked = 0;
  s.timer = DRIVEDASH_TRIM_TIMER_MASKED;
  g_assert_cmpint (drivedash_trim_status_get_state (&s), ==, DRIVEDASH_TRIM_STATE_OFF);
  g_assert_false (drivedash_trim_status_can_turn_on (&s));
  s.timer = DRIVEDASH_TRIM_TIMER_MISSING;
  g_assert_cmpint (drivedash_trim_status_get_state (&s), ==, DRIVEDASH_TRIM_STATE_OFF);
  g_assert_false (drivedash_trim_status_can_turn_on (&s));
  g_assert_cmpstr (drivedash_trim_state_to_string (DRIVEDASH_TRIM_STATE_BLOCKED), ==, "blocked");
}

static void
assert_text (const DrivedashTrimStatus *s,
             gint64                     now,
             const char                *expected)
{
  g_autofree char *text = drivedash_trim_status_dup_text (s, now);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_words (void)
{
  gint64 now = G_GINT64_CONSTANT (1764000000) * G_USEC_PER_SEC;
  DrivedashTrimStatus s = { .drive_trims = TRUE, .n_filesystems = 2, .timer = DRIVEDASH_TRIM_TIMER_ON };

  assert_text (&s, now, "On: the drive is trimmed once a week. It has not run yet.");
  s.last_run = now - (gint64) 3600 * G_USEC_PER_SEC;
  assert_text (&s, now, "On: the drive is trimmed once a week. It last ran today.");
  s.last_run = now - DAY_USEC - 1;
  assert_text (&s, now, "On: the drive is trimmed once a week. It last ran yesterday.");
  s.last_run = now - 6 * DAY_USEC;
  assert_text (&s, now, "On: the drive is trimmed once a week. It last ran 6 days ago.");
  s.n_blocked = 1;
  assert_text (&s, now, "On: the drive is trimmed once a week. It last ran 6 days ago. "
                        "Part of the drive is behind an encrypted volume that trim does not reach.");
  s.n_blocked = 2;
  assert_text (&s, now, "Can’t tell: the drive is behind an encrypted volume that does not pass trim on, "
                        "so trim does not reach the drive.");
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trim/scan", test_scan);
  g_test_add_func ("/trim/scan-errors", test_scan_errors);
  g_test_add_func ("/trim/options", test_options);
  g_test_add_func ("/trim/states", test_states);
  g_test_add_func ("/trim/words", test_words);
  return g_test_run ();
}
