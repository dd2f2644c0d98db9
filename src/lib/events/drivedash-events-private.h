/* drivedash-events-private.h — internals of lib/events shared by its files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-event-filter.h"
#include "drivedash-events.h"

G_BEGIN_DECLS

/* One kernel message read by its structure: the kernel's own prefix that
 * names who speaks (drivedash-event-patterns.c lists them), then a known
 * message anchored right after it. */
typedef struct
{
  DrivedashEventKind  kind;
  char               *speaker;     /* as the prefix names it: "nvme0", "nvme0n1",
                                    * "dm-0", "0000:01:00.0" */
  char               *subject;     /* the drive the message is about: the speaker,
                                    * or for a port's AER report the function it
                                    * names ("… error received: 0000:01:00.0") */
  gboolean            nvme_driver; /* the nvme driver spoke: its PCI function is an
                                    * NVMe drive */
} DrivedashEventParse;

/* FALSE when @message is no known event of a drive: no kernel prefix of
 * a drive's driver, block layer or filesystem opens it, or the text after
 * the prefix is none of the table's.  Fills @out (free with _clear). */
gboolean drivedash_event_parse       (const char          *message,
                                      DrivedashEventParse *out);
void     drivedash_event_parse_clear (DrivedashEventParse *parse);

/* drivedash_event_filter_match() of a message already parsed. */
gboolean drivedash_event_filter_match_parsed (const DrivedashEventFilter *filter,
                                              const DrivedashEventParse  *parse,
                                              const char                 *kernel_device,
                                              char                      **controller,
                                              char                      **device);

G_END_DECLS
