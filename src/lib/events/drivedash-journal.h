/* drivedash-journal.h — kernel events from the systemd journal
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "drivedash-event-filter.h"
#include "drivedash-events.h"

G_BEGIN_DECLS

/* The most events one read keeps (counts stay exact beyond it). */
#define DRIVEDASH_JOURNAL_MAX_EVENTS 1000
/* The most a warranty evidence keeps: every event of a failing drive's
 * history in practice, and its D-Bus answer (at most 512 bytes a message)
 * stays far below the system bus's 32 MiB message limit. */
#define DRIVEDASH_JOURNAL_EVIDENCE_MAX_EVENTS 20000

typedef struct
{
  const char *journal_file;  /* one journal file; NULL: the system journal */
  gboolean    one_boot;      /* FALSE: every boot the journal holds */
  int         boot;          /* with one_boot: 0 the newest, -1 the one before… */
  gint64      since_usec;    /* only events from then on; 0: from the start */
  guint       max_events;    /* 0: DRIVEDASH_JOURNAL_MAX_EVENTS */
} DrivedashJournalQuery;

/* TRUE when this build can read the journal at all (libsystemd). */
gboolean           drivedash_journal_supported (void);
/* Whether this user can read the system journal's kernel messages (root,
 * or a member of adm, systemd-journal or wheel).  FALSE with a plain
 * error that says why and what to do. */
gboolean           drivedash_journal_readable  (GError                    **error);
/* Reads the kernel's messages (_TRANSPORT=kernel), keeps those the filter
 * says are about its drives and that the pattern table knows.  A boot the
 * journal does not have is DRIVEDASH_ERROR_NOT_FOUND. */
DrivedashEventLog *drivedash_journal_read      (const DrivedashJournalQuery *query,
                                                const DrivedashEventFilter  *filter,
                                                GError                     **error);

G_END_DECLS
