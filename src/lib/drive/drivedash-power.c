/* drivedash-power.c — game mode through the kernel's APST control
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <nvme/ioctl.h>
#include <nvme/util.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-error.h"
#include "drivedash-power.h"
#include "drivedash-sysfs.h"

#define LATENCY_FILE "power/pm_qos_latency_tolerance_us"
#define RULE_PREFIX  "70-drivedash-game-mode-"
/* Longest value we ever restore: "auto" or a signed 32-bit number. */
#define LATENCY_VALUE_MAX 11
/* Longest serial number: 20 bytes in Identify Controller. */
#define SERIAL_MAX 20

const DrivedashPowerPaths *
drivedash_power_paths_default (void)
{
  static const DrivedashPowerPaths paths = {
    .sysfs_root = "/sys",
    /* Where udev reads local rules, whatever our install prefix is. */
    .udev_rules_dir = "/etc/udev/rules.d",
    .state_dir = "/run/drivedash",
    .dev_dir = "/dev",
  };

  return &paths;
}

void
drivedash_power_paths_override (DrivedashPowerPaths *paths,
                                const char          *sysfs_root,
                                const char          *udev_rules_dir,
                                const char          *state_dir)
{
  if (sysfs_root != NULL)
    {
      paths->sysfs_root = sysfs_root;
      paths->dev_dir = NULL;
    }
  if (udev_rules_dir != NULL)
    paths->udev_rules_dir = udev_rules_dir;
  if (state_dir != NULL)
    paths->state_dir = state_dir;
}

gboolean
drivedash_controller_name_is_valid (const char *name)
{
  gsize len;

  if (name == NULL || !g_str_has_prefix (name, "nvme"))
    return FALSE;

  len = strnlen (name, DRIVEDASH_CONTROLLER_NAME_MAX + 1);
  if (len <= 4 || len > DRIVEDASH_CONTROLLER_NAME_MAX)
    return FALSE;

  for (gsize i = 4; i < len; i++)
    if (!g_ascii_isdigit (name[i]))
      return FALSE;

  return TRUE;
}

gboolean
drivedash_power_check_controller (const DrivedashPowerPaths *paths,
                                  const char                *name,
                                  GError                   **error)
{
  g_autofree char *dir = NULL;

  if (!drivedash_controller_name_is_valid (name))
    {
      /* Quote it only when it is short, printable text: it may be a
       * megabyte of anything from a D-Bus caller. */
      gboolean quotable = name != NULL && strnlen (name, 65) <= 64 &&
                          g_utf8_validate (name, -1, NULL);

      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not an NVMe controller name (expected nvme0, nvme1, …)."),
                   quotable ? name : "…");
      return FALSE;
    }

  dir = g_build_filename (paths->sysfs_root, "class", "nvme", name, NULL);
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_FOUND,
                   _("There is no NVMe drive called “%s”."), name);
      return FALSE;
    }

  return TRUE;
}

void
drivedash_game_mode_free (DrivedashGameMode *state)
{
  if (state == NULL)
    return;
  g_free (state->controller);
  g_free (state->latency_tolerance);
  g_free (state);
}

/* "auto" or a non-negative decimal number: what the kernel accepts and what
 * we are willing to write back. */
static gboolean
latency_value_is_valid (const char *value)
{
  gsize len = strlen (value);

  if (g_strcmp0 (value, "auto") == 0)
    return TRUE;
  if (len == 0 || len > LATENCY_VALUE_MAX - 1)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isdigit (value[i]))
      return FALSE;
  return TRUE;
}

/* The kernel's reason goes to the debug log; people get a plain sentence. */
static gboolean
write_failed (const char  *path,
              int          saved_errno,
              GError     **error)
{
  g_debug ("%s: %s", path, g_strerror (saved_errno));
  if (saved_errno == EACCES || saved_errno == EPERM || saved_errno == EROFS)
    g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION,
                         _("Changing the drive’s power saving needs administrator rights."));
  else
    g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                         _("Could not change the drive’s power saving: the system did not accept the new setting."));
  return FALSE;
}

/* Writes exactly value (no newline) to an existing file, the way a sysfs
 * attribute expects it: one write() call. */
static gboolean
write_attribute (const char  *path,
                 const char  *value,
                 GError     **error)
{
  gsize len = strlen (value);
  ssize_t written;
  int fd;

  /* Never through a symlink in the attribute's place: root writing "0"
   * into whatever file it points to. */
  fd = open (path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW);
  if (fd < 0)
    return write_failed (path, errno, error);

  written = write (fd, value, len);
  if (written != (ssize_t) len)
    {
      int saved_errno = written < 0 ? errno : EIO;

      close (fd);
      return write_failed (path, saved_errno, error);
    }

  if (close (fd) != 0)
    return write_failed (path, errno, error);

  return TRUE;
}

static char *
controller_path (const DrivedashPowerPaths *paths,
                 const char                *controller,
                 const char                *attribute)
{
  return g_build_filename (paths->sysfs_root, "class", "nvme", controller,
                           attribute, NULL);
}

static char *
read_serial (const DrivedashPowerPaths *paths,
             const char                *controller)
{
  g_autofree char *path = controller_path (paths, controller, "serial");

  return drivedash_sysfs_read_string (path, NULL);
}

/* A serial number is put into a udev match and a file name: accept only
 * characters that mean nothing to udev's glob matching or to a path. */
static gboolean
serial_is_safe (const char *serial)
{
  gsize len;

  if (serial == NULL)
    return FALSE;
  len = strlen (serial);
  if (len == 0 || len > SERIAL_MAX)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isalnum (serial[i]) && strchr ("-_.", serial[i]) == NULL)
      return FALSE;
  return TRUE;
}

char *
drivedash_game_mode_rule_path (const DrivedashPowerPaths *paths,
                               const char                *serial)
{
  g_autofree char *name = NULL;

  if (!serial_is_safe (serial) || serial[0] == '.')
    return NULL;

  name = g_strconcat (RULE_PREFIX, serial, ".rules", NULL);
  return g_build_filename (paths->udev_rules_dir, name, NULL);
}

static char *
saved_value_path (const DrivedashPowerPaths *paths,
                  const char                *controller)
{
  g_autofree char *name = g_strconcat (controller, ".latency-tolerance", NULL);

  return g_build_filename (paths->state_dir, name, NULL);
}

static int
open_controller_device (const DrivedashPowerPaths *paths,
                        const char                *controller)
{
  g_autofree char *path = NULL;

  if (paths->dev_dir == NULL)
    return -1;
  path = g_build_filename (paths->dev_dir, controller, NULL);
  return open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
}

static gboolean
nvme_status_to_error (int      status,
                      GError **error)
{
  int saved_errno = errno;

  if (status == 0)
    return TRUE;
  if (status < 0)
    g_set_error (error, DRIVEDASH_ERROR,
                 saved_errno == EACCES || saved_errno == EPERM
                 ? DRIVEDASH_ERROR_PERMISSION : DRIVEDASH_ERROR_IO,
                 _("The drive did not answer (%s)."), g_strerror (saved_errno));
  else
    g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                 _("The drive refused the command (%s)."),
                 nvme_status_to_string (status, false));
  return FALSE;
}

gboolean
drivedash_power_get_power_state (int       fd,
                                 guint    *power_state,
                                 GError  **error)
{
  __u32 result = 0;
  int status;

  /* Generic call, current value; PS is bits 4:0 of the result. */
  status = nvme_get_features_simple (fd, NVME_FEAT_FID_POWER_MGMT, 0, &result);
  if (!nvme_status_to_error (status, error))
    return FALSE;

  *power_state = result & 0x1f;
  return TRUE;
}

gboolean
drivedash_power_set_power_state (int       fd,
                                 guint     power_state,
                                 GError  **error)
{
  __u32 result = 0;
  int status;

  g_return_val_if_fail (power_state < 32, FALSE);

  /* cdw11: PS in bits 4:0, workload hint (bits 7:5) 0.  Not saved across
   * power cycles: game mode's persistence is the udev rule. */
  status = nvme_set_features_simple (fd, NVME_FEAT_FID_POWER_MGMT, 0,
                                     power_state & 0x1f, false, &result);
  return nvme_status_to_error (status, error);
}

DrivedashGameMode *
drivedash_game_mode_read (const DrivedashPowerPaths *paths,
                          const char                *controller,
                          GError                   **error)
{
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autofree char *latency_path = NULL;
  g_autofree char *serial = NULL;
  g_autofree char *rule = NULL;
  int fd;

  if (!drivedash_power_check_controller (paths, controller, error))
    return NULL;

  state = g_new0 (DrivedashGameMode, 1);
  state->controller = g_strdup (controller);

  latency_path = controller_path (paths, controller, LATENCY_FILE);
  if (g_file_test (latency_path, G_FILE_TEST_EXISTS))
    {
      int saved_errno = 0;

      state->latency_tolerance = drivedash_sysfs_read_string (latency_path, &saved_errno);
      if (state->latency_tolerance == NULL)
        {
          g_debug ("%s: %s", latency_path, g_strerror (saved_errno));
          g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                               _("Could not read the drive’s power saving setting."));
          return NULL;
        }
      state->supported = TRUE;
      state->enabled = g_strcmp0 (state->latency_tolerance, "0") == 0;
    }

  serial = read_serial (paths, controller);
  rule = drivedash_game_mode_rule_path (paths, serial);
  state->persistent = rule != NULL && g_file_test (rule, G_FILE_TEST_IS_REGULAR);

  fd = open_controller_device (paths, controller);
  if (fd >= 0)
    {
      g_autoptr(GError) local_error = NULL;

      state->have_power_state =
        drivedash_power_get_power_state (fd, &state->power_state, &local_error);
      if (!state->have_power_state)
        g_debug ("%s: Get Features 0x02: %s", controller, local_error->message);
      close (fd);
    }

  return g_steal_pointer (&state);
}

static gboolean
write_rule (const char  *path,
            const char  *serial,
            GError     **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) local_error = NULL;

  /* The "add" event comes before the kernel has identified the controller
   * and exposed the APST file; TEST= skips the assignment then.  Since
   * Linux 5.18 nvme_start_ctrl() sends a "change" event
   * (NVME_EVENT=connected) once the controller is live, which applies it. */
  contents = g_strdup_printf (
    "# Written by Drivedash: game mode for the NVMe drive %s stays on after\n"
    "# reboots (its automatic power saving, APST, is turned off).\n"
    "# Turn game mode off in Drivedash to remove this file.\n"
    "ACTION==\"add|change\", SUBSYSTEM==\"nvme\", KERNEL==\"nvme[0-9]*\", "
    "ATTR{serial}==\"%s\", TEST==\"" LATENCY_FILE "\", "
    "ATTR{" LATENCY_FILE "}=\"0\"\n",
    serial, serial);

  if (g_mkdir_with_parents (dir, 0755) != 0 ||
      !g_file_set_contents_full (path, contents, -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0644,
                                 &local_error))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   _("Could not keep game mode on after restarts: %s"),
                   local_error != NULL ? local_error->message : g_strerror (errno));
      return FALSE;
    }

  return TRUE;
}

static gboolean
remove_file (const char  *path,
             GError     **error)
{
  if (path == NULL)
    return TRUE;
  if (g_unlink (path) != 0 && errno != ENOENT)
    {
      int saved_errno = errno;

      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   _("Could not remove “%s”: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

/* What to write back when turning game mode off. */
static char *
value_to_restore (const DrivedashPowerPaths *paths,
                  const char                *controller)
{
  g_autofree char *saved_path = saved_value_path (paths, controller);
  g_autofree char *saved = drivedash_sysfs_read_string (saved_path, NULL);
  g_autofree char *module_default = NULL;
  g_autofree char *param_path = NULL;

  if (saved != NULL && latency_value_is_valid (saved) && g_strcmp0 (saved, "0") != 0)
    return g_steal_pointer (&saved);

  /* Nothing saved (e.g. after a reboot with the udev rule): the kernel's own
   * starting value for every controller. */
  param_path = g_build_filename (paths->sysfs_root, "module", "nvme_core",
                                 "parameters", "default_ps_max_latency_us", NULL);
  module_default = drivedash_sysfs_read_string (param_path, NULL);
  if (module_default != NULL && latency_value_is_valid (module_default) &&
      g_strcmp0 (module_default, "0") != 0)
    return g_steal_pointer (&module_default);

  return g_strdup ("auto");
}

static gboolean
game_mode_enable (const DrivedashPowerPaths *paths,
                  const char                *controller,
                  const DrivedashGameMode   *current,
                  gboolean                   persistent,
                  GError                   **error)
{
  g_autofree char *latency_path = controller_path (paths, controller, LATENCY_FILE);
  g_autofree char *serial = read_serial (paths, controller);
  g_autofree char *rule = drivedash_game_mode_rule_path (paths, serial);
  int fd;

  if (persistent && rule == NULL)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                   _("Game mode cannot be kept after restarts for this drive: its serial number cannot be used to recognise it."));
      return FALSE;
    }

  if (!current->enabled)
    {
      g_autofree char *saved_path = saved_value_path (paths, controller);

      /* Remember what to restore.  Not when it is already 0: that would
       * make "off" restore "on". */
      if (latency_value_is_valid (current->latency_tolerance))
        {
          if (g_mkdir_with_parents (paths->state_dir, 0755) != 0 ||
              !g_file_set_contents_full (saved_path, current->latency_tolerance, -1,
                                         G_FILE_SET_CONTENTS_CONSISTENT, 0644, NULL))
            g_debug ("%s: could not save %s in %s", controller,
                     current->latency_tolerance, saved_path);
        }

      if (!write_attribute (latency_path, "0", error))
        return FALSE;
    }

  /* APST is off now, so the drive stays in whatever state it is in: ask
   * for the fastest one.  Best effort: the sysfs write above is what keeps
   * it there, and the device node is missing in tests and some
   * containers. */
  fd = open_controller_device (paths, controller);
  if (fd >= 0)
    {
      g_autoptr(GError) local_error = NULL;

      if (!drivedash_power_set_power_state (fd, 0, &local_error))
        g_debug ("%s: Set Features 0x02 PS0: %s", controller, local_error->message);
      close (fd);
    }

  if (persistent)
    return write_rule (rule, serial, error);
  return remove_file (rule, error);
}

/* Turns APST back on with the value saved when game mode went on. */
static gboolean
restore_latency (const DrivedashPowerPaths *paths,
                 const char                *controller,
                 const DrivedashGameMode   *current,
                 GError                   **error)
{
  g_autofree char *latency_path = controller_path (paths, controller, LATENCY_FILE);
  g_autofree char *saved_path = saved_value_path (paths, controller);

  /* Leave a value someone else chose alone: only undo our own "0". */
  if (current->enabled)
    {
      g_autofree char *previous = value_to_restore (paths, controller);

      if (!write_attribute (latency_path, previous, error))
        return FALSE;
    }

  remove_file (saved_path, NULL);
  return TRUE;
}

static gboolean
game_mode_disable (const DrivedashPowerPaths *paths,
                   const char                *controller,
                   const DrivedashGameMode   *current,
                   GError                   **error)
{
  g_autofree char *serial = read_serial (paths, controller);
  g_autofree char *rule = drivedash_game_mode_rule_path (paths, serial);

  /* The rule first: even if the write below fails, the next boot is
   * normal again. */
  if (!remove_file (rule, error))
    return FALSE;

  return restore_latency (paths, controller, current, error);
}

/* The current state of a drive whose game mode can change, else NULL. */
static DrivedashGameMode *
read_supported (const DrivedashPowerPaths *paths,
                const char                *controller,
                GError                   **error)
{
  g_autoptr(DrivedashGameMode) current = drivedash_game_mode_read (paths, controller, error);

  if (current != NULL && !current->supported)
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                           _("This drive has no automatic power saving to turn off — it always runs at full speed."));
      return NULL;
    }
  return g_steal_pointer (&current);
}

DrivedashGameMode *
drivedash_game_mode_restore (const DrivedashPowerPaths *paths,
                             const char                *controller,
                             gboolean                   enabled,
                             gboolean                   persistent,
                             GError                   **error)
{
  g_autoptr(DrivedashGameMode) current = read_supported (paths, controller, error);
  g_autofree char *serial = NULL;
  g_autofree char *rule = NULL;
  gboolean ok;

  if (current == NULL)
    return NULL;

  if (enabled)
    ok = game_mode_enable (paths, controller, current, persistent || current->persistent, error);
  else
    {
      serial = read_serial (paths, controller);
      rule = drivedash_game_mode_rule_path (paths, serial);
      ok = restore_latency (paths, controller, current, error) &&
           (!persistent || current->persistent || rule == NULL || write_rule (rule, serial, error));
    }
  if (!ok)
    return NULL;

  return drivedash_game_mode_read (paths, controller, error);
}

DrivedashGameMode *
drivedash_game_mode_set (const DrivedashPowerPaths *paths,
                         const char                *controller,
                         gboolean                   enabled,
                         gboolean                   persistent,
                         GError                   **error)
{
  g_autoptr(DrivedashGameMode) current = NULL;
  gboolean ok;

  current = read_supported (paths, controller, error);
  if (current == NULL)
    return NULL;

  if (enabled)
    ok = game_mode_enable (paths, controller, current, persistent, error);
  else
    ok = game_mode_disable (paths, controller, current, error);
  if (!ok)
    return NULL;

  return drivedash_game_mode_read (paths, controller, error);
}

const char *
drivedash_game_mode_describe (const DrivedashGameMode *state)
{
  if (!state->supported)
    return _("Not supported — this drive has no automatic power saving, so it always runs at full speed.");
  if (state->enabled && state->persistent)
    return _("Game mode is on and stays on after restarts.");
  if (state->enabled)
    return _("Game mode is on until the next restart.");
  if (state->persistent)
    return _("Game mode is off now but will be turned on at the next restart.");
  return _("Game mode is off: the drive saves power when idle.");
}

GVariant *
drivedash_game_mode_to_variant (const DrivedashGameMode *state)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&builder, "{sv}", "controller",
                         g_variant_new_string (state->controller));
  g_variant_builder_add (&builder, "{sv}", "supported",
                         g_variant_new_boolean (state->supported));
  g_variant_builder_add (&builder, "{sv}", "enabled",
                         g_variant_new_boolean (state->enabled));
  g_variant_builder_add (&builder, "{sv}", "persistent",
                         g_variant_new_boolean (state->persistent));
  g_variant_builder_add (&builder, "{sv}", "latency-tolerance",
                         g_variant_new_string (state->latency_tolerance != NULL
                                               ? state->latency_tolerance : ""));
  if (state->have_power_state)
    g_variant_builder_add (&builder, "{sv}", "power-state",
                           g_variant_new_uint32 (state->power_state));
  g_variant_builder_add (&builder, "{sv}", "message",
                         g_variant_new_string (drivedash_game_mode_describe (state)));

  return g_variant_builder_end (&builder);
}

DrivedashGameMode *
drivedash_game_mode_new_from_variant (GVariant  *variant,
                                      GError   **error)
{
  g_autoptr(DrivedashGameMode) state = NULL;
  g_autoptr(GVariantDict) dict = NULL;
  const char *controller = NULL;
  const char *latency = NULL;

  if (variant == NULL || !g_variant_is_of_type (variant, G_VARIANT_TYPE_VARDICT))
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                           _("The service sent an answer Drivedash does not understand."));
      return NULL;
    }

  dict = g_variant_dict_new (variant);
  if (!g_variant_dict_lookup (dict, "controller", "&s", &controller) ||
      !drivedash_controller_name_is_valid (controller))
    {
      g_set_error_literal (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                           _("The service sent an answer Drivedash does not understand."));
      return NULL;
    }

  state = g_new0 (DrivedashGameMode, 1);
  state->controller = g_strdup (controller);
  g_variant_dict_lookup (dict, "supported", "b", &state->supported);
  g_variant_dict_lookup (dict, "enabled", "b", &state->enabled);
  g_variant_dict_lookup (dict, "persistent", "b", &state->persistent);
  if (g_variant_dict_lookup (dict, "latency-tolerance", "&s", &latency) &&
      latency[0] != '\0')
    state->latency_tolerance = g_strdup (latency);
  state->have_power_state =
    g_variant_dict_lookup (dict, "power-state", "u", &state->power_state);

  return g_steal_pointer (&state);
}
