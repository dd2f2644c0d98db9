/* test-service-game-mode.c — game mode against a fixture sysfs tree
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Checks the exact bytes written to power/pm_qos_latency_tolerance_us, the
 * restore on "off", the udev rule being written and removed, drives
 * without APST, and that refused requests leave the tree untouched.
 */
#include "config.h"

#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-error.h"
#include "drivedash-power.h"

#include "drivedash-test-tree.h"

#define SERIAL "S4EWNX0R123456"

typedef struct
{
  char                *root;
  char                *sysfs;
  char                *rules;
  char                *state;
  DrivedashPowerPaths  paths;
} Fixture;

static void
write_file (const char *dir,
            const char *relative,
            const char *contents)
{
  g_autofree char *path = g_build_filename (dir, relative, NULL);
  g_autofree char *parent = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (parent, 0755), ==, 0);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

static char *
read_file (const char *dir,
           const char *relative)
{
  g_autofree char *path = g_build_filename (dir, relative, NULL);
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  return contents;
}

static gboolean
exists (const char *dir,
        const char *relative)
{
  g_autofree char *path = g_build_filename (dir, relative, NULL);

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* The controller the kernel set up with the default 100 ms limit (a
 * number, not "auto": that is what nvme_core does at probe time). */
static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  user_data)
{
  g_autoptr(GError) error = NULL;

  fixture->root = g_dir_make_tmp ("drivedash-game-mode-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->sysfs = g_build_filename (fixture->root, "sys", NULL);
  fixture->rules = g_build_filename (fixture->root, "rules.d", NULL);
  fixture->state = g_build_filename (fixture->root, "run", NULL);

  /* nvme0: APST, the kernel's default value, sysfs-style trailing newline
   * and the drive's space padding in the serial. */
  write_file (fixture->sysfs, "class/nvme/nvme0/serial", SERIAL "      \n");
  write_file (fixture->sysfs, "class/nvme/nvme0/model", "Fixture SSD 1TB\n");
  write_file (fixture->sysfs, "class/nvme/nvme0/power/pm_qos_latency_tolerance_us", "100000\n");
  /* nvme1: no APST, so the kernel does not expose the file. */
  write_file (fixture->sysfs, "class/nvme/nvme1/serial", "QEMU0001\n");
  write_file (fixture->sysfs, "class/nvme/nvme1/model", "QEMU NVMe Ctrl\n");
  write_file (fixture->sysfs, "module/nvme_core/parameters/default_ps_max_latency_us", "100000\n");

  fixture->paths.sysfs_root = fixture->sysfs;
  fixture->paths.udev_rules_dir = fixture->rules;
  fixture->paths.state_dir = fixture->state;
  fixture->paths.dev_dir = NULL;
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  user_data)
{
  drivedash_test_tree_remove (fixture->root);
  g_free (fixture->root);
  g_free (fixture->sysfs);
  g_free (fixture->rules);
  g_free (fixture->state);
}

#define LATENCY(c) "class/nvme/" c "/power/pm_qos_latency_tolerance_us"
#define RULE "70-drivedash-game-mode-" SERIAL ".rules"

static void
test_names (void)
{
  static const char *valid[] = { "nvme0", "nvme1", "nvme10", "nvme12345678" };
  static const char *invalid[] = {
    "", "nvme", "nvme-1", "NVME0", "nvme0 ", " nvme0", "nvme0n1", "nvme0/../../etc",
    "../nvme0", "nvme0/", "/dev/nvme0", "nvme1x", "nvme123456789", "nvme0\n", "sda",
  };
  g_autofree char *huge = g_strnfill (1 << 20, '9');
  g_autofree char *huge_name = g_strconcat ("nvme", huge, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (valid); i++)
    g_assert_true (drivedash_controller_name_is_valid (valid[i]));
  for (gsize i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      g_test_message ("invalid: “%s”", invalid[i]);
      g_assert_false (drivedash_controller_name_is_valid (invalid[i]));
    }
  g_assert_false (drivedash_controller_name_is_valid (NULL));
  g_assert_false (drivedash_controller_name_is_valid (huge_name));
}

static void
test_check_controller (Fixture       *fixture,
                       gconstpointer  user_data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (drivedash_power_check_controller (&fixture->paths, "nvme0", &error));
  g_assert_no_error (error);

  g_assert_false (drivedash_power_check_controller (&fixture->paths, "nvme7", &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* A path trick that would resolve to an existing directory is refused
   * by the name check before any path is built. */
  g_assert_false (drivedash_power_check_controller (&fixture->paths, "nvme0/../nvme1", &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT);
}

static void
test_read_initial (Fixture       *fixture,
                   gconstpointer  user_data)
{
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(GError) error = NULL;

  state = drivedash_game_mode_read (&fixture->paths, "nvme0", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (state->controller, ==, "nvme0");
  g_assert_true (state->supported);
  g_assert_false (state->enabled);
  g_assert_false (state->persistent);
  g_assert_cmpstr (state->latency_tolerance, ==, "100000");
  g_assert_false (state->have_power_state);
}

static void
test_on_off (Fixture       *fixture,
             gconstpointer  user_data)
{
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;
  g_autofree char *saved = NULL;

  state = drivedash_game_mode_set (&fixture->paths, "nvme0", TRUE, FALSE, &error);
  g_assert_no_error (error);
  g_assert_true (state->enabled);
  g_assert_false (state->persistent);
  g_assert_cmpstr (state->latency_tolerance, ==, "0");

  /* Exactly one "0", no newline. */
  value = read_file (fixture->sysfs, LATENCY ("nvme0"));
  g_assert_cmpstr (value, ==, "0");
  saved = read_file (fixture->state, "nvme0.latency-tolerance");
  g_assert_cmpstr (saved, ==, "100000");
  g_assert_false (exists (fixture->rules, RULE));
  g_clear_pointer (&state, drivedash_game_mode_free);
  g_clear_pointer (&saved, g_free);
  g_clear_pointer (&value, g_free);

  /* On again: the saved value must stay the original, not "0". */
  state = drivedash_game_mode_set (&fixture->paths, "nvme0", TRUE, FALSE, &error);
  g_assert_no_error (error);
  saved = read_file (fixture->state, "nvme0.latency-tolerance");
  g_assert_cmpstr (saved, ==, "100000");
  g_clear_pointer (&state, drivedash_game_mode_free);

  /* Off: the previous value, byte for byte. */
  state = drivedash_game_mode_set (&fixture->paths, "nvme0", FALSE, FALSE, &error);
  g_assert_no_error (error);
  g_assert_false (state->enabled);
  value = read_file (fixture->sysfs, LATENCY ("nvme0"));
  g_assert_cmpstr (value, ==, "100000");
  g_assert_false (exists (fixture->state, "nvme0.latency-tolerance"));
}

/* An attribute replaced by a symlink is neither read nor written through:
 * the file it points to stays as it was. */
static void
test_symlinked_attribute (Fixture       *fixture,
                          gconstpointer  user_data)
{
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *latency = g_build_filename (fixture->sysfs, LATENCY ("nvme0"), NULL);
  g_autofree char *victim = NULL;
  g_autofree char *value = NULL;

  write_file (fixture->root, "victim", "100000\n");
  victim = g_build_filename (fixture->root, "victim", NULL);
  g_assert_cmpint (g_unlink (latency), ==, 0);
  g_assert_cmpint (symlink (victim, latency), ==, 0);

  /* Not even read: what it points to is not the drive's setting. */
  state = drivedash_game_mode_read (&fixture->paths, "nvme0", &error);
  g_assert_null (state);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED);
  g_clear_error (&error);

  state = drivedash_game_mode_set (&fixture->paths, "nvme0", TRUE, FALSE, &error);
  g_assert_null (state);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED);
  value = read_file (fixture->root, "victim");
  g_assert_cmpstr (value, ==, "100000\n");
  g_assert_false (exists (fixture->state, "nvme0.latency-tolerance"));
}

static void
test_restore_auto (Fixture       *fixture,
                   gconstpointer  user_data)
{
  g_autoptr(DrivedashGameMode) on = NULL;
  g_autoptr(DrivedashGameMode) off = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;

  /* Someone (or a tool) had set "auto": that is what comes back. */
  write_file (fixture->sysfs, LATENCY ("nvme0"), "auto\n");
  on = drivedash_game_mode_set (&fixture->paths, "nvme0", TRUE, FALSE, &error);
  g_assert_no_error (error);
  off = drivedash_game_mode_set (&fixture->paths, "nvme0", FALSE, FALSE, &error);
  g_assert_no_error (error);
  value = read_file (fixture->sysfs, LATENCY ("nvme0"));
  g_assert_cmpstr (value, ==, "auto");
  g_assert_cmpstr (off->latency_tolerance, ==, "auto");
}

static void
test_persistent (Fixture       *fixture,
                 gconstpointer  user_data)
{
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *rule = NULL;
  g_autofree char *expected_path = NULL;
  g_autofree char *path = NULL;
  g_autofree char *value = NULL;

  state = drivedash_game_mode_set (&fixture->paths, "nvme0", TRUE, TRUE, &error);
  g_assert_no_error (error);
  g_assert_true (state->enabled);
  g_assert_true (state->persistent);

  path = drivedash_game_mode_rule_path (&fixture->paths, SERIAL);
  expected_path = g_build_filename (fixture->rules, RULE, NULL);
  g_assert_cmpstr (path, ==, expected_path);

  rule = read_file (fixture->rules, RULE);
  g_assert_nonnull (rule);
  g_assert_nonnull (strstr (rule, "SUBSYSTEM==\"nvme\""));
  g_assert_nonnull (strstr (rule, "ATTR{serial}==\"" SERIAL "\""));
  g_assert_nonnull (strstr (rule, "ATTR{power/pm_qos_latency_tolerance_us}=\"0\"\n"));
  g_clear_pointer (&state, drivedash_game_mode_free);

  /* Unticking "keep after reboot" while on removes the rule, stays on. */
  state = drivedash_game_mode_set (&fixture->paths, "nvme0", TRUE, FALSE, &error);
  g_assert_no_error (error);
  g_assert_true (state->enabled);
  g_assert_false (state->persistent);
  g_assert_false (exists (fixture->rules, RULE));
  g_clear_pointer (&state, drivedash_game_mode_free);

  state = drivedash_game_mode_set (&fixture->paths, "nvme0", TRUE, TRUE, &error);
  g_assert_no_error (error);
  g_assert_true (exists (fixture->rules, RULE));
  g_clear_pointer (&state, drivedash_game_mode_free);

  state = drivedash_game_mode_set (&fixture->paths, "nvme0", FALSE, FALSE, &error);
  g_assert_no_error (error);
  g_assert_false (state->enabled);
  g_assert_false (state->persistent);
  g_assert_false (exists (fixture->rules, RULE));
  value = read_file (fixture->sysfs, LATENCY ("nvme0"));
  g_assert_cmpstr (value, ==, "100000");
}

/* After a reboot the udev rule set "0" and nothing was saved: "off" falls
 * back to the kernel's own default. */
static void
test_off_after_reboot (Fixture       *fixture,
                       gconstpointer  user_data)
{
  g_autoptr(DrivedashGameMode) before = NULL;
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;

  write_file (fixture->sysfs, LATENCY ("nvme0"), "0\n");
  write_file (fixture->rules, RULE, "# left by an earlier run\n");
  write_file (fixture->sysfs, "module/nvme_core/parameters/default_ps_max_latency_us", "25000\n");

  before = drivedash_game_mode_read (&fixture->paths, "nvme0", &error);
  g_assert_no_error (error);
  g_assert_true (before->enabled);
  g_assert_true (before->persistent);

  state = drivedash_game_mode_set (&fixture->paths, "nvme0", FALSE, FALSE, &error);
  g_assert_no_error (error);
  value = read_file (fixture->sysfs, LATENCY ("nvme0"));
  g_assert_cmpstr (value, ==, "25000");
  g_assert_false (exists (fixture->rules, RULE));
}

/* Someone else's value is not ours to undo. */
static void
test_off_leaves_other_values (Fixture       *fixture,
                              gconstpointer  user_data)
{
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;

  write_file (fixture->sysfs, LATENCY ("nvme0"), "5500\n");
  state = drivedash_game_mode_set (&fixture->paths, "nvme0", FALSE, FALSE, &error);
  g_assert_no_error (error);
  value = read_file (fixture->sysfs, LATENCY ("nvme0"));
  g_assert_cmpstr (value, ==, "5500\n");
}

static void
test_not_supported (Fixture       *fixture,
                    gconstpointer  user_data)
{
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(DrivedashGameMode) set = NULL;
  g_autoptr(GError) error = NULL;

  state = drivedash_game_mode_read (&fixture->paths, "nvme1", &error);
  g_assert_no_error (error);
  g_assert_false (state->supported);
  g_assert_false (state->enabled);
  g_assert_null (state->latency_tolerance);
  g_assert_nonnull (strstr (drivedash_game_mode_describe (state), "full speed"));

  set = drivedash_game_mode_set (&fixture->paths, "nvme1", TRUE, TRUE, &error);
  g_assert_null (set);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (strstr (error->message, "full speed"));

  /* Nothing pretended: no file anywhere. */
  g_assert_false (exists (fixture->sysfs, LATENCY ("nvme1")));
  g_assert_false (exists (fixture->root, "rules.d"));
  g_assert_false (exists (fixture->root, "run"));
}

static void
test_unsafe_serial (Fixture       *fixture,
                    gconstpointer  user_data)
{
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;

  /* udev would read * and " as syntax: refuse to keep it, change nothing. */
  write_file (fixture->sysfs, "class/nvme/nvme0/serial", "AB*\"CD\n");
  state = drivedash_game_mode_set (&fixture->paths, "nvme0", TRUE, TRUE, &error);
  g_assert_null (state);
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED);
  value = read_file (fixture->sysfs, LATENCY ("nvme0"));
  g_assert_cmpstr (value, ==, "100000\n");
  g_assert_false (exists (fixture->root, "rules.d"));

  g_assert_null (drivedash_game_mode_rule_path (&fixture->paths, "../../etc/x"));
  g_assert_null (drivedash_game_mode_rule_path (&fixture->paths, ""));
  g_assert_null (drivedash_game_mode_rule_path (&fixture->paths, NULL));
}

static void
test_variant (Fixture       *fixture,
              gconstpointer  user_data)
{
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(DrivedashGameMode) copy = NULL;
  g_autoptr(GVariant) variant = NULL;
  g_autoptr(GVariant) bad = NULL;
  g_autoptr(GError) error = NULL;

  state = drivedash_game_mode_set (&fixture->paths, "nvme0", TRUE, TRUE, &error);
  g_assert_no_error (error);
  state->have_power_state = TRUE;
  state->power_state = 0;

  variant = g_variant_ref_sink (drivedash_game_mode_to_variant (state));
  copy = drivedash_game_mode_new_from_variant (variant, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (copy->controller, ==, "nvme0");
  g_assert_true (copy->supported);
  g_assert_true (copy->enabled);
  g_assert_true (copy->persistent);
  g_assert_cmpstr (copy->latency_tolerance, ==, "0");
  g_assert_true (copy->have_power_state);
  g_assert_cmpuint (copy->power_state, ==, 0);

  /* A reply with a forged controller name is not accepted. */
  bad = g_variant_ref_sink (g_variant_new_parsed ("{'controller': <'../x'>, 'enabled': <true>}"));
  g_assert_null (drivedash_game_mode_new_from_variant (bad, &error));
  g_assert_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED);
}

static void
test_power_state_bad_fd (void)
{
  g_autoptr(GError) error = NULL;
  guint ps = 99;
  int fd;

  /* Not an NVMe device: a clean error, never a crash. */
  fd = open ("/dev/null", O_RDONLY | O_CLOEXEC);
  g_assert_cmpint (fd, >=, 0);
  g_assert_false (drivedash_power_get_power_state (fd, &ps, &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == DRIVEDASH_ERROR);
  g_assert_cmpuint (ps, ==, 99);
  g_clear_error (&error);
  g_assert_false (drivedash_power_set_power_state (fd, 0, &error));
  g_assert_nonnull (error);
  close (fd);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) \
  g_test_add ("/game-mode/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  g_test_add_func ("/game-mode/names", test_names);
  ADD ("check-controller", test_check_controller);
  ADD ("read-initial", test_read_initial);
  ADD ("on-off", test_on_off);
  ADD ("symlinked-attribute", test_symlinked_attribute);
  ADD ("restore-auto", test_restore_auto);
  ADD ("persistent", test_persistent);
  ADD ("off-after-reboot", test_off_after_reboot);
  ADD ("off-leaves-other-values", test_off_leaves_other_values);
  ADD ("not-supported", test_not_supported);
  ADD ("unsafe-serial", test_unsafe_serial);
  ADD ("variant", test_variant);
  g_test_add_func ("/game-mode/power-state-bad-fd", test_power_state_bad_fd);
#undef ADD

  return g_test_run ();
}
