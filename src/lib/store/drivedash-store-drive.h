/* drivedash-store-drive.h — what a stored run records about its drive:
 * which controller holds a folder, its identity, temperature and game mode
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-folder.h"
#include "drivedash-store.h"

G_BEGIN_DECLS

/* Fills run's drive model, firmware, capacity and salted serial hash,
 * game-mode state and the start temperature (at_start) or the end one.
 * Best effort: what cannot be read stays unknown. */
void     drivedash_store_run_read_drive    (DrivedashStoreRun *run,
                                            DrivedashStore    *store,
                                            const char        *sysfs_root,
                                            const char        *controller,
                                            gboolean           at_start);

/* A drive that is not NVMe (a SATA disk, a virtual machine's disk) has
 * no controller to read: names it the way the Speed page does ("Virtual
 * disk (vda)") when run's model is still unknown.  Looks at the real
 * /sys. */
void     drivedash_store_run_name_folder_drive (DrivedashStoreRun *run,
                                                const char        *folder);

G_END_DECLS
