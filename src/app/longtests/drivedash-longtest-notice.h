/* drivedash-longtest-notice.h — the Long Tests' notice before Start
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "drivedash-health.h"

G_BEGIN_DECLS

/* How much the test writes and what share of the drive's endurance that
 * is, from what the app knows of the drive under the test folder:
 * @controller ("nvme0", NULL unknown) and its sysfs @drive_name (may be
 * NULL); @health (may be NULL) counts only when it is that controller's.
 * Above the confirmation amount it also says that Start asks first. */
char *drivedash_long_test_notice_text (guint64          bytes,
                                       const char      *controller,
                                       const char      *drive_name,
                                       DrivedashHealth *health);

/* The same for a test that writes between @low and @high bytes,
 * depending on the drive's speed; it asks first when @high is above the
 * confirmation amount. */
char *drivedash_long_test_notice_range_text (guint64          low,
                                             guint64          high,
                                             const char      *controller,
                                             const char      *drive_name,
                                             DrivedashHealth *health);

G_END_DECLS
