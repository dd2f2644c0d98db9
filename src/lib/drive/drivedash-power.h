/* drivedash-power.h — game mode: keep an NVMe drive out of its power-saving
 * states
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The kernel owns APST.  Writing "0" to the controller's
 * power/pm_qos_latency_tolerance_us turns APST off at once (and survives
 * controller resets); writing the previous value back turns it on again.
 * The file exists only when the drive supports APST.  "Keep after reboot"
 * is a udev rule matched on the drive's serial number.  The state is always
 * read back from the system, never remembered.
 *
 * Every function takes a DrivedashPowerPaths so that tests can point it at
 * a fixture tree instead of /sys, /etc/udev/rules.d and /run.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  const char *sysfs_root;     /* "/sys" */
  const char *udev_rules_dir; /* "/etc/udev/rules.d" */
  const char *state_dir;      /* "/run/drivedash": values to restore */
  const char *dev_dir;        /* "/dev" for Get/Set Features; NULL = skip */
} DrivedashPowerPaths;

/* The real system's paths. */
const DrivedashPowerPaths *drivedash_power_paths_default (void);

/* Points paths at test fixtures; NULL keeps a path as it is.  A fixture
 * sysfs tree has no device nodes: dev_dir becomes NULL, so no command ever
 * reaches a real drive that shares a name with a fake one. */
void drivedash_power_paths_override (DrivedashPowerPaths *paths,
                                     const char          *sysfs_root,
                                     const char          *udev_rules_dir,
                                     const char          *state_dir);

/* Longest controller name accepted ("nvme" + up to 8 digits). */
#define DRIVEDASH_CONTROLLER_NAME_MAX 12

/* TRUE if name matches ^nvme[0-9]+$ and is short enough.  Pure. */
gboolean drivedash_controller_name_is_valid (const char *name);

/* Validates name and checks that SYSFS_ROOT/class/nvme/NAME exists.
 * DRIVEDASH_ERROR_INVALID_ARGUMENT or _NOT_FOUND otherwise. */
gboolean drivedash_power_check_controller (const DrivedashPowerPaths *paths,
                                           const char                *name,
                                           GError                   **error);

typedef struct
{
  char     *controller;
  gboolean  supported;          /* the drive has APST (the sysfs file exists) */
  gboolean  enabled;            /* APST is off: latency tolerance is 0 */
  gboolean  persistent;         /* our udev rule for this drive exists */
  char     *latency_tolerance;  /* current value, trimmed; NULL if unsupported */
  gboolean  have_power_state;   /* Get Features 0x02 answered */
  guint     power_state;        /* current power state (PS) */
} DrivedashGameMode;

void               drivedash_game_mode_free      (DrivedashGameMode *state);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashGameMode, drivedash_game_mode_free)

/* Reads the current state of one controller. */
DrivedashGameMode *drivedash_game_mode_read      (const DrivedashPowerPaths *paths,
                                                  const char                *controller,
                                                  GError                   **error);

/* enabled = TRUE: saves the current latency tolerance under state_dir,
 * writes "0", asks the controller for power state 0 (Set Features 0x02,
 * best effort: needs the device node) and, when persistent, writes the udev
 * rule (else removes it).  enabled = FALSE: removes the rule and, if APST is
 * off, writes back the saved value (else the kernel's default
 * nvme_core.default_ps_max_latency_us, else "auto").  Drives without APST
 * fail with DRIVEDASH_ERROR_NOT_SUPPORTED.  Returns the state read back. */
DrivedashGameMode *drivedash_game_mode_set       (const DrivedashPowerPaths *paths,
                                                  const char                *controller,
                                                  gboolean                   enabled,
                                                  gboolean                   persistent,
                                                  GError                   **error);

/* Puts back a state read earlier (the service undoing a temporary
 * change): APST as enabled says, the rule written again when persistent,
 * and never removed: an administrator may have made it meanwhile. */
DrivedashGameMode *drivedash_game_mode_restore   (const DrivedashPowerPaths *paths,
                                                  const char                *controller,
                                                  gboolean                   enabled,
                                                  gboolean                   persistent,
                                                  GError                   **error);

/* One translated sentence for people, e.g. "Game mode is on." or
 * "Not supported — this drive always runs at full speed." */
const char        *drivedash_game_mode_describe  (const DrivedashGameMode *state);

/* a{sv}: "controller" s, "supported" b, "enabled" b, "persistent" b,
 * "latency-tolerance" s, "power-state" u (only when known), "message" s. */
GVariant          *drivedash_game_mode_to_variant       (const DrivedashGameMode *state);
/* Unknown keys are ignored; a missing or mistyped "controller" fails. */
DrivedashGameMode *drivedash_game_mode_new_from_variant (GVariant  *variant,
                                                         GError   **error);

/* The udev rule file that keeps game mode on for the drive with this
 * serial number, or NULL when the serial cannot be used safely in a rule. */
char              *drivedash_game_mode_rule_path (const DrivedashPowerPaths *paths,
                                                  const char                *serial);

/* Power Management feature (FID 0x02) through libnvme's generic calls (the
 * 1.3 nvme_set_features_power_mgmt() helper is broken).  fd is an open
 * controller character device. */
gboolean drivedash_power_get_power_state (int       fd,
                                          guint    *power_state,
                                          GError  **error);
gboolean drivedash_power_set_power_state (int       fd,
                                          guint     power_state,
                                          GError  **error);

G_END_DECLS
