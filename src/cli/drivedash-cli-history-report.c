/* drivedash-cli-history-report.c — `drivedash-cli history report RUN…`: a
 * PDF and/or HTML report of stored runs, to keep or share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "drivedash-cli.h"
#include "drivedash-cli-store.h"
#include "drivedash-error.h"
#include "drivedash-report.h"

#define PREFIX "drivedash-cli history report: "

static GOptionContext *
make_context (char     **pdf,
              char     **html,
              char     **title,
              gboolean  *show_serial,
              char     **sysfs_root)
{
  const GOptionEntry entries[] = {
    { "pdf", 0, 0, G_OPTION_ARG_FILENAME, pdf, N_("Write the report as a PDF to FILE"), N_("FILE") },
    { "html", 0, 0, G_OPTION_ARG_FILENAME, html, N_("Write the report as a web page to FILE"), N_("FILE") },
    { "title", 0, 0, G_OPTION_ARG_STRING, title, N_("The report’s title"), N_("TEXT") },
    { "show-serial", 0, 0, G_OPTION_ARG_NONE, show_serial,
      N_("Show the drives’ serial numbers (hidden by default, so the report can be shared)"), NULL },
    { "sysfs-root", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, sysfs_root, NULL, NULL },
    { NULL }
  };
  GOptionContext *context = g_option_context_new (_("RUN [RUN…]"));

  g_option_context_set_summary (context,
    _("A report of stored runs, speed tests and long tests alike (at most 6 of each test): the drives, "
      "their health, and for each test the method, its charts and tables, the verdicts, and what could "
      "not be judged. The first run of each test is its baseline."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  return context;
}

static GArray *
parse_ids (int      argc,
           char   **argv,
           GError **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (int i = 1; i < argc; i++)
    {
      guint64 value;
      gint64 id;

      if (!g_ascii_string_to_unsigned (argv[i], 10, 1, G_MAXINT64, &value, NULL))
        {
          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                       _("“%s” is not a run number (see “drivedash-cli history list”)."), argv[i]);
          return NULL;
        }
      id = (gint64) value;
      g_array_append_val (ids, id);
    }
  return g_steal_pointer (&ids);
}

int
drivedash_cli_history_report (int    argc,
                              char **argv)
{
  g_autofree char *pdf = NULL;
  g_autofree char *html = NULL;
  g_autofree char *title = NULL;
  g_autofree char *sysfs_root = NULL;
  gboolean show_serial = FALSE;
  g_autoptr(GOptionContext) context = make_context (&pdf, &html, &title, &show_serial, &sysfs_root);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = NULL;
  g_autoptr(DrivedashStore) store = NULL;
  DrivedashReportOptions options = DRIVEDASH_REPORT_OPTIONS_INIT;

  g_set_prgname ("drivedash-cli history report");
  if (!drivedash_cli_parse_options (context, PREFIX, &argc, &argv))
    return DRIVEDASH_EXIT_USAGE;
  if (argc < 2 || (pdf == NULL && html == NULL))
    {
      fprintf (stderr, PREFIX "%s\n", _("Give one or more run numbers and --pdf FILE, --html FILE or both."));
      return DRIVEDASH_EXIT_USAGE;
    }
  if ((ids = parse_ids (argc, argv, &error)) == NULL)
    return drivedash_cli_fail (PREFIX, error);
  if ((store = drivedash_cli_open_store (&error)) == NULL)
    return drivedash_cli_fail (PREFIX, error);
  options.show_serial = show_serial;
  options.title = title;
  options.sysfs_root = sysfs_root;
  if (!drivedash_report_write (store, (const gint64 *) (gpointer) ids->data, ids->len, &options,
                               pdf, html, &error))
    return drivedash_cli_fail (PREFIX, error);
  if (pdf != NULL)
    printf (_("Saved the report as %s\n"), pdf);
  if (html != NULL)
    printf (_("Saved the report as %s\n"), html);
  return DRIVEDASH_EXIT_OK;
}
