/* drivedash-cli-health-evidence.c — the evidence report of one drive,
 * for a warranty claim, from the CLI (the work is in lib/report)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "drivedash-cli.h"
#include "drivedash-cli-health-evidence.h"
#include "drivedash-cli-store.h"
#include "drivedash-client.h"
#include "drivedash-report-evidence.h"

/* A fixture tree's drives are not this system's: the system's journal
 * says nothing about them, so only a journal file named for it is read. */
static DrivedashEventLog *
read_events (const char                      *sysfs_root,
             const DrivedashHealth           *health,
             const DrivedashCliEvidencePaths *paths,
             char                           **why)
{
  g_autoptr(GError) error = NULL;
  DrivedashJournalQuery query = { 0 };
  DrivedashClientFlags flags = DRIVEDASH_CLIENT_NONE;
  DrivedashEventLog *log;

  if (sysfs_root != NULL && paths->journal_file == NULL)
    {
      *why = g_strdup (_("This drive is not one of this computer’s, so its messages are not in this computer’s journal."));
      return NULL;
    }
  query.journal_file = paths->journal_file;
  query.max_events = DRIVEDASH_JOURNAL_EVIDENCE_MAX_EVENTS;
  if (paths->journal_file != NULL || sysfs_root != NULL)
    flags |= DRIVEDASH_CLIENT_NO_SERVICE;
  log = drivedash_client_get_kernel_events (sysfs_root, health->controller, &query, flags, NULL, NULL, &error);
  if (log == NULL)
    *why = g_strdup (error->message);
  return log;
}

/* A history that cannot be read leaves the report without it, and the
 * report still says what it holds. */
static GArray *
read_history (const DrivedashHealth *health)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DrivedashStore) store = drivedash_cli_open_store (&error);
  GArray *history = store != NULL ? drivedash_evidence_read_history (store, health, &error) : NULL;

  if (history == NULL)
    fprintf (stderr, "drivedash-cli: %s\n", error->message);
  return history;
}

int
drivedash_cli_health_evidence (const char                      *sysfs_root,
                               DrivedashHealth                 *health,
                               const DrivedashCliEvidencePaths *paths)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *why = NULL;
  DrivedashEventLog *events = read_events (sysfs_root, health, paths, &why);
  g_autoptr(GArray) history = read_history (health);
  g_autoptr(DrivedashEvidence) evidence = drivedash_evidence_new (health, history, events, why);
  const char *files[] = { paths->pdf, paths->json, paths->html };

  if (!drivedash_evidence_write (evidence, paths->pdf, paths->json, paths->html, &error))
    return drivedash_cli_fail (NULL, error);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    if (files[i] != NULL)
      printf (_("Saved the evidence report in %s\n"), files[i]);
  printf ("%s\n", drivedash_evidence_serial_note ());
  return DRIVEDASH_EXIT_OK;
}
