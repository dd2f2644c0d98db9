/* drivedash-health-page.h — the Health view of one NVMe drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "drivedash-drive-list.h"
#include "drivedash-health-model.h"

G_BEGIN_DECLS

#define DRIVEDASH_TYPE_HEALTH_PAGE (drivedash_health_page_get_type ())
G_DECLARE_FINAL_TYPE (DrivedashHealthPage, drivedash_health_page, DRIVEDASH, HEALTH_PAGE, AdwBin)

GtkWidget            *drivedash_health_page_new        (void);
/* The drives shown; the page makes its own list (demo or real) when none
 * is set before it is shown. */
void                  drivedash_health_page_set_drives (DrivedashHealthPage *self,
                                                        DrivedashDriveList  *drives);
DrivedashDriveList   *drivedash_health_page_get_drives (DrivedashHealthPage *self);
/* What the page shows, as properties. */
DrivedashHealthModel *drivedash_health_page_get_model  (DrivedashHealthPage *self);
/* "What Writes to This Drive" over time, in its window over the page's;
 * @app (may be NULL) in full colour: a notification's "Show Details". */
GtkWindow            *drivedash_health_page_show_writes (DrivedashHealthPage *self,
                                                         const char          *app);

G_END_DECLS
