/* drivedash-store-health-lookup.c — finding the watch's readings of the
 * drive a stored run was made on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-store-health.h"
#include "drivedash-store-private.h"

/* The watch keys a drive by the same salted serial hash that a run
 * keeps, so a run's serial_hash is enough to find its snapshots; the
 * serial itself is never needed. */
gint64
drivedash_store_find_watch_drive_by_hash (DrivedashStore  *self,
                                          const char      *serial_hash,
                                          GError         **error)
{
  sqlite3_stmt *stmt = NULL;
  gint64 id = 0;
  int rc;

  g_return_val_if_fail (DRIVEDASH_IS_STORE (self), -1);
  if (serial_hash == NULL || serial_hash[0] == '\0')
    return 0;
  rc = sqlite3_prepare_v2 (self->db, "SELECT id FROM watch_drives WHERE drive_key = ?1", -1, &stmt, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_text (stmt, 1, serial_hash, -1, SQLITE_TRANSIENT);
      rc = sqlite3_step (stmt);
      if (rc == SQLITE_ROW)
        id = sqlite3_column_int64 (stmt, 0);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    {
      drivedash_store_fail (self, rc, error);
      return -1;
    }
  return id;
}
