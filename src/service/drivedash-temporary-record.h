/* drivedash-temporary-record.h — temporary game-mode changes kept under
 * /run (internal to the service)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One file per controller in STATE_DIR/temporary/: what to put back, on
 * which drive, and which bus clients hold the change.  /run outlives a
 * restart of the service (an upgrade, a crash) but not a reboot, which is
 * exactly how long a temporary change lasts.
 */
#pragma once

#include <glib.h>

#include "drivedash-power.h"

G_BEGIN_DECLS

typedef struct
{
  char      *controller;
  char      *serial;      /* the drive the change was made on */
  gboolean   enabled;     /* game mode before the first holder */
  gboolean   persistent;  /* the udev rule existed before */
  char      *bus_id;      /* holders' names mean something only on this bus */
  GPtrArray *holders;     /* unique bus names (char *) */
} DrivedashTemporaryRecord;

DrivedashTemporaryRecord *drivedash_temporary_record_new  (const char *controller,
                                                           const char *serial,
                                                           gboolean    enabled,
                                                           gboolean    persistent,
                                                           const char *bus_id);
void                      drivedash_temporary_record_free (DrivedashTemporaryRecord *record);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashTemporaryRecord, drivedash_temporary_record_free)

/* Writes (replaces) the record's file.  A failure is logged: the change
 * still lasts while this instance runs. */
void       drivedash_temporary_record_save   (const DrivedashPowerPaths      *paths,
                                              const DrivedashTemporaryRecord *record);
void       drivedash_temporary_record_remove (const DrivedashPowerPaths      *paths,
                                              const char                     *controller);

/* Every record found, each checked (a bad file is logged, left in place
 * for whoever looks into it, and skipped).  Never NULL. */
GPtrArray *drivedash_temporary_record_load_all (const DrivedashPowerPaths *paths);

G_END_DECLS
