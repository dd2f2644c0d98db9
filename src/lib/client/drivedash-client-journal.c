/* drivedash-client-journal.c — the kernel's messages, read directly
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * First in the chain, and only for kernel events: a user in the adm,
 * systemd-journal or wheel group (or root) reads the system journal
 * without asking anyone.  Everyone else passes on to drivedashd.
 */
#include "config.h"

#include "drivedash-client-private.h"
#include "drivedash-event-filter.h"
#include "drivedash-journal.h"

/* The drive's own names; what sysfs adds (its PCI address, the
 * device-mapper devices on it) only when it is there now. */
static DrivedashEventFilter *
filter_for (DrivedashClientRequest *request)
{
  DrivedashEventFilter *filter = drivedash_event_filter_new (TRUE);
  g_autoptr(DrivedashDrive) drive = drivedash_drive_lookup (request->sysfs_root,
                                                            request->controller, NULL);

  if (drive != NULL)
    drivedash_event_filter_add_from_sysfs (filter, request->sysfs_root, request->controller,
                                           drivedash_drive_get_address (drive));
  else
    drivedash_event_filter_add_drive (filter, request->controller, NULL, NULL);
  return filter;
}

static DrivedashClientOutcome
journal_get_kernel_events (DrivedashClientRequest  *request,
                           GError                 **error)
{
  g_autoptr(DrivedashEventFilter) filter = NULL;

  if (request->journal_query->journal_file == NULL && !drivedash_journal_readable (error))
    return DRIVEDASH_CLIENT_UNAVAILABLE;
  filter = filter_for (request);
  request->events = drivedash_journal_read (request->journal_query, filter, error);
  return request->events != NULL ? DRIVEDASH_CLIENT_ANSWERED : DRIVEDASH_CLIENT_FAILED;
}

const DrivedashClientBackend drivedash_client_backend_journal = {
  .name = "journal",
  .skip_flag = DRIVEDASH_CLIENT_NO_DIRECT,
  .reads_sysfs = FALSE,
  .steps = {
    [DRIVEDASH_CLIENT_OP_GET_KERNEL_EVENTS] = journal_get_kernel_events,
  },
};
