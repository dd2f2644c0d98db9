/* drivedash-cli-metrics.c — drivedash-cli metrics [CONTROLLER] [--textfile DIR]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Drive health as Prometheus metrics: printed, or written atomically into
 * node_exporter's textfile directory (data/drivedash-prometheus.timer runs
 * it every minute).  Health comes through the same path as `health`.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <unistd.h>

#include "drivedash-cli.h"
#include "drivedash-client.h"
#include "drivedash-metrics.h"

static DrivedashHealth *
read_one (const char  *sysfs_root,
          const char  *controller,
          GError     **error)
{
  g_autoptr(DrivedashDrive) drive = NULL;

  /* As `health` does: directly as root or on a test tree, else the best
   * source the client finds (service, UDisks2, sysfs). */
  if (geteuid () != 0 && sysfs_root == NULL)
    return drivedash_client_get_health (NULL, controller, DRIVEDASH_CLIENT_NONE, NULL, error);
  drive = drivedash_drive_lookup (sysfs_root, controller, error);
  if (drive == NULL)
    return NULL;
  return drivedash_health_read (drive, DRIVEDASH_HEALTH_READ_NONE, error);
}

/* The drives' names: the one asked for, or all. */
static GPtrArray *
list_names (const char  *sysfs_root,
            const char  *only,
            GError     **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) drives = NULL;

  if (only != NULL)
    {
      g_ptr_array_add (names, g_strdup (only));
      return g_steal_pointer (&names);
    }
  drives = drivedash_drive_list (sysfs_root, error);
  if (drives == NULL)
    return NULL;
  for (guint i = 0; i < drives->len; i++)
    g_ptr_array_add (names, g_strdup (drivedash_drive_get_name (g_ptr_array_index (drives, i))));
  return g_steal_pointer (&names);
}

int
drivedash_cli_metrics (int    argc,
                       char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) healths = g_ptr_array_new_with_free_func ((GDestroyNotify) drivedash_health_unref);
  g_autoptr(GPtrArray) names = NULL;
  g_autofree char *sysfs_root = NULL;
  g_autofree char *textfile = NULL;
  g_autofree char *text = NULL;
  int status = DRIVEDASH_EXIT_OK;
  const GOptionEntry entries[] = {
    { "textfile", 0, 0, G_OPTION_ARG_FILENAME, &textfile,
      N_("Write drivedash.prom into this folder (node_exporter's textfile directory) instead of printing"),
      N_("DIR") },
    { "sysfs-root", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &sysfs_root, NULL, NULL },
    { NULL }
  };

  context = g_option_context_new (_("[CONTROLLER]"));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
    _("Print the health of the NVMe drives as Prometheus metrics, or write them for "
      "node_exporter's textfile collector. The file is replaced in one step, so "
      "node_exporter never reads half of it."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!drivedash_cli_parse_options (context, NULL, &argc, &argv))
    return DRIVEDASH_EXIT_USAGE;
  if (argc > 2)
    {
      fprintf (stderr, _("Unexpected argument “%s”.\n"), argv[2]);
      return DRIVEDASH_EXIT_USAGE;
    }
  names = list_names (sysfs_root, argc == 2 ? argv[1] : NULL, &error);
  if (names == NULL)
    return drivedash_cli_fail (NULL, error);
  for (guint i = 0; i < names->len; i++)
    {
      g_autoptr(GError) local_error = NULL;
      DrivedashHealth *h = read_one (sysfs_root, g_ptr_array_index (names, i), &local_error);

      if (h == NULL)
        {
          int code = drivedash_cli_fail (NULL, local_error);

          /* The other drives are still written. */
          status = status == DRIVEDASH_EXIT_OK ? code : status;
          continue;
        }
      g_ptr_array_add (healths, h);
    }
  text = drivedash_metrics_format (healths);
  if (textfile == NULL)
    fputs (text, stdout);
  else if (!drivedash_metrics_write_textfile (textfile, text, &error))
    return drivedash_cli_fail (NULL, error);
  return status;
}
