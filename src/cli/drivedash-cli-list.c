/* drivedash-cli-list.c — drivedash-cli list [--json]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "drivedash-cli.h"
#include "drivedash-drive.h"
#include "drivedash-error.h"
#include "drivedash-format.h"

/* Pads to a width in characters (not bytes), so that translated headers and
 * models with non-ASCII letters still line up. */
static void
print_cell (const char *text,
            guint       width,
            gboolean    last)
{
  glong len = g_utf8_strlen (text, -1);

  fputs (text, stdout);
  if (last)
    return;
  for (glong i = len; i <= (glong) width; i++)
    putchar (' ');
  putchar (' ');
}

static char *
describe_link (DrivedashDrive *drive)
{
  const char *speed = drivedash_drive_get_link_speed (drive);
  guint width = drivedash_drive_get_link_width (drive);

  g_autofree char *safe = NULL;

  if (speed == NULL)
    return g_strdup ("—");
  safe = drivedash_format_device_string (speed);
  if (width == 0)
    return g_steal_pointer (&safe);
  /* Translators: PCIe link, e.g. "8.0 GT/s PCIe x4" */
  return g_strdup_printf (_("%s x%u"), safe, width);
}

static void
print_table (GPtrArray *drives)
{
  enum { NAME, MODEL, SERIAL, FIRMWARE, CAPACITY, LINK, STATE, N_COLUMNS };
  const char *headers[N_COLUMNS] = {
    /* Translators: column headers of "drivedash-cli list" */
    N_("NAME"), N_("MODEL"), N_("SERIAL"), N_("FIRMWARE"), N_("CAPACITY"), N_("LINK"), N_("STATE"),
  };
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  guint widths[N_COLUMNS] = { 0 };

  for (guint i = 0; i < drives->len; i++)
    {
      DrivedashDrive *drive = g_ptr_array_index (drives, i);
      guint64 capacity = drivedash_drive_get_capacity_bytes (drive);
      char **row = g_new0 (char *, N_COLUMNS + 1);

      /* What the drive says about itself reaches sysfs unfiltered: no
       * control characters to the terminal. */
      row[NAME] = drivedash_format_device_string (drivedash_drive_get_name (drive));
      row[MODEL] = drivedash_format_device_string (drivedash_drive_get_model (drive));
      row[SERIAL] = drivedash_format_device_string (drivedash_drive_get_serial (drive));
      row[FIRMWARE] = drivedash_format_device_string (drivedash_drive_get_firmware (drive));
      row[CAPACITY] = capacity != 0 ? drivedash_format_bytes (capacity) : g_strdup ("—");
      row[LINK] = describe_link (drive);
      row[STATE] = drivedash_format_device_string (drivedash_drive_get_state (drive));
      g_ptr_array_add (rows, row);
    }

  for (guint c = 0; c < N_COLUMNS; c++)
    {
      widths[c] = (guint) g_utf8_strlen (_(headers[c]), -1);
      for (guint r = 0; r < rows->len; r++)
        widths[c] = MAX (widths[c], (guint) g_utf8_strlen (((char **) g_ptr_array_index (rows, r))[c], -1));
    }

  for (guint c = 0; c < N_COLUMNS; c++)
    print_cell (_(headers[c]), widths[c], c == N_COLUMNS - 1);
  putchar ('\n');
  for (guint r = 0; r < rows->len; r++)
    {
      char **row = g_ptr_array_index (rows, r);

      for (guint c = 0; c < N_COLUMNS; c++)
        print_cell (row[c], widths[c], c == N_COLUMNS - 1);
      putchar ('\n');
    }
}

static const char *
exit_codes_help (void)
{
  return _("Exit codes: 0 success, 1 failure, 2 usage error.");
}

int
drivedash_cli_list (int    argc,
                    char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) drives = NULL;
  g_autofree char *sysfs_root = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON document"), NULL },
    /* For tests: read another sysfs tree. */
    { "sysfs-root", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &sysfs_root, NULL, NULL },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _("List the NVMe drives (controllers) of this computer, with "
                                           "model, serial number, firmware, capacity and PCIe link. "
                                           "Needs no administrator rights."));
  g_option_context_set_description (context, exit_codes_help ());
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!drivedash_cli_parse_options (context, NULL, &argc, &argv))
    return DRIVEDASH_EXIT_USAGE;
  if (argc > 1)
    {
      fprintf (stderr, _("Unexpected argument “%s”.\n"), argv[1]);
      return DRIVEDASH_EXIT_USAGE;
    }

  drives = drivedash_drive_list (sysfs_root, &error);
  if (drives == NULL)
    return drivedash_cli_fail (NULL, error);

  if (json)
    {
      g_autofree char *text = drivedash_drive_list_to_json (drives);

      printf ("%s\n", text);
    }
  else if (drives->len == 0)
    printf ("%s\n", _("No NVMe drives found."));
  else
    print_table (drives);

  return DRIVEDASH_EXIT_OK;
}
