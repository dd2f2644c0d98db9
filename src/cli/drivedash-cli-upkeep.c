/* drivedash-cli-upkeep.c — drivedash-cli upkeep [CONTROLLER]
 * [--turn-on-trim] [--json]: weekly trim and offered firmware updates
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Trim is read from the drive's filesystems and from systemd; turning it
 * on goes through systemd, which asks polkit itself (a password prompt
 * from the desktop's polkit agent, or pkttyagent in a terminal).
 * Firmware updates are only looked up in fwupd: installing is for GNOME
 * Software or fwupdmgr.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "drivedash-cli.h"
#include "drivedash-drive.h"
#include "drivedash-error.h"
#include "drivedash-firmware-update.h"
#include "drivedash-format.h"
#include "drivedash-json.h"
#include "drivedash-trim.h"

typedef struct
{
  DrivedashDrive          *drive;
  DrivedashTrimStatus     *trim;
  DrivedashFirmwareUpdate *firmware;
} Upkeep;

static void
upkeep_free (Upkeep *self)
{
  g_clear_object (&self->drive);
  g_clear_pointer (&self->trim, drivedash_trim_status_free);
  g_clear_pointer (&self->firmware, drivedash_firmware_update_free);
  g_free (self);
}

static const char *
timer_to_string (DrivedashTrimTimer timer)
{
  switch (timer)
    {
    case DRIVEDASH_TRIM_TIMER_ON: return "on";
    case DRIVEDASH_TRIM_TIMER_OFF: return "off";
    case DRIVEDASH_TRIM_TIMER_MISSING: return "missing";
    case DRIVEDASH_TRIM_TIMER_MASKED: return "masked";
    case DRIVEDASH_TRIM_TIMER_UNKNOWN:
    default: return "unknown";
    }
}

static void
write_members (gpointer     item,
               JsonBuilder *b)
{
  Upkeep *self = item;
  DrivedashTrimStatus *trim = self->trim;
  DrivedashFirmwareUpdate *fw = self->firmware;

  drivedash_json_member_string (b, "controller", drivedash_drive_get_name (self->drive));
  json_builder_set_member_name (b, "trim");
  json_builder_begin_object (b);
  drivedash_json_member_string (b, "state", drivedash_trim_state_to_string (drivedash_trim_status_get_state (trim)));
  drivedash_json_member_string (b, "timer", timer_to_string (trim->timer));
  /* Realtime µs since the epoch, as systemd gives it. */
  drivedash_json_member_int (b, "last_run_usec", trim->last_run != 0, trim->last_run);
  drivedash_json_member_int (b, "filesystems", TRUE, trim->n_filesystems);
  drivedash_json_member_int (b, "filesystems_discard", TRUE, trim->n_discard);
  drivedash_json_member_int (b, "filesystems_blocked", TRUE, trim->n_blocked);
  drivedash_json_member_bool (b, "can_turn_on", TRUE, drivedash_trim_status_can_turn_on (trim));
  json_builder_end_object (b);
  json_builder_set_member_name (b, "firmware_update");
  json_builder_begin_object (b);
  drivedash_json_member_string (b, "state", drivedash_firmware_update_state_to_string (fw->state));
  drivedash_json_member_string (b, "current", fw->current);
  drivedash_json_member_string (b, "offered", fw->offered);
  drivedash_json_member_string (b, "summary", fw->summary);
  json_builder_end_object (b);
}

static void
print_text (Upkeep *self)
{
  g_autofree char *name = drivedash_format_device_string (drivedash_drive_get_name (self->drive));
  g_autofree char *model = drivedash_format_device_string (drivedash_drive_get_model (self->drive));
  g_autofree char *trim = drivedash_trim_status_dup_text (self->trim, g_get_real_time ());
  g_autofree char *firmware = drivedash_firmware_update_dup_text (self->firmware);

  printf ("%s  %s\n", name, model);
  /* Translators: drivedash-cli upkeep; %s is a sentence */
  printf (_("  Weekly trim: %s\n"), trim);
  /* Translators: drivedash-cli upkeep; %s is a sentence */
  printf (_("  Firmware update: %s\n"), firmware);
}

static Upkeep *
read_upkeep (const char      *sysfs_root,
             DrivedashDrive  *drive,
             GError         **error)
{
  Upkeep *self = g_new0 (Upkeep, 1);

  self->drive = g_object_ref (drive);
  self->trim = drivedash_trim_status_read (sysfs_root, drivedash_drive_get_name (drive), NULL, error);
  if (self->trim == NULL)
    {
      upkeep_free (self);
      return NULL;
    }
  self->firmware = drivedash_firmware_update_read (drivedash_drive_get_serial (drive), NULL, error);
  return self;
}

static GPtrArray *
list_drives (const char  *sysfs_root,
             const char  *name,
             GError     **error)
{
  GPtrArray *drives;
  DrivedashDrive *drive;

  if (name == NULL)
    return drivedash_drive_list (sysfs_root, error);
  drive = drivedash_drive_lookup (sysfs_root, name, error);
  if (drive == NULL)
    return NULL;
  drives = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (drives, drive);
  return drives;
}

static int
turn_on_trim (void)
{
  g_autoptr(GError) error = NULL;

  if (!drivedash_trim_turn_on (NULL, &error))
    return drivedash_cli_fail (NULL, error);
  printf ("%s\n", _("Weekly trim is on."));
  return DRIVEDASH_EXIT_OK;
}

static int
show (const char *sysfs_root,
      const char *name,
      gboolean    json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) drives = list_drives (sysfs_root, name, &error);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func ((GDestroyNotify) upkeep_free);

  if (drives == NULL)
    return drivedash_cli_fail (NULL, error);
  for (guint i = 0; i < drives->len; i++)
    {
      Upkeep *item = read_upkeep (sysfs_root, g_ptr_array_index (drives, i), &error);

      if (item == NULL)
        return drivedash_cli_fail (NULL, error);
      g_ptr_array_add (items, item);
    }
  if (json)
    {
      g_autofree char *text = drivedash_json_list_to_string ("drives", items, write_members);

      printf ("%s\n", text);
    }
  else if (items->len == 0)
    printf ("%s\n", _("No NVMe drives found."));
  for (guint i = 0; !json && i < items->len; i++)
    print_text (g_ptr_array_index (items, i));
  return DRIVEDASH_EXIT_OK;
}

int
drivedash_cli_upkeep (int    argc,
                      char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *sysfs_root = NULL;
  gboolean json = FALSE;
  gboolean turn_on = FALSE;
  const GOptionEntry entries[] = {
    { "turn-on-trim", 0, 0, G_OPTION_ARG_NONE, &turn_on,
      N_("Turn on weekly trim (systemd’s fstrim.timer); may ask for a password"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON document"), NULL },
    /* For tests: read another sysfs tree. */
    { "sysfs-root", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &sysfs_root, NULL, NULL },
    { NULL }
  };

  context = g_option_context_new (_("[CONTROLLER]"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _("Say whether each drive is trimmed (told which space is free) "
                                           "and whether a firmware update is offered for it. Firmware "
                                           "is never installed here: use Software or fwupdmgr."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!drivedash_cli_parse_options (context, NULL, &argc, &argv))
    return DRIVEDASH_EXIT_USAGE;
  if (argc > 2 || (turn_on && argc > 1))
    {
      fprintf (stderr, _("Unexpected argument “%s”.\n"), argv[argc - 1]);
      return DRIVEDASH_EXIT_USAGE;
    }
  if (turn_on)
    return turn_on_trim ();
  return show (sysfs_root, argc == 2 ? argv[1] : NULL, json);
}
