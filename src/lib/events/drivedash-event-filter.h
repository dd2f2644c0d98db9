/* drivedash-event-filter.h — which kernel messages are about which drive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _DrivedashEventFilter DrivedashEventFilter;

/* exclusive: only the drives added below; otherwise every NVMe drive the
 * messages name ("nvme3", "nvme3n1p2"), with the added ones' PCI
 * addresses and extra names (device-mapper holders) known too. */
DrivedashEventFilter *drivedash_event_filter_new       (gboolean              exclusive);
void                  drivedash_event_filter_free      (DrivedashEventFilter *filter);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashEventFilter, drivedash_event_filter_free)
/* controller: "nvme0"; pci_address "0000:01:00.0" or NULL; names: other
 * block devices whose messages are this drive's ("dm-0"), may be NULL. */
void                  drivedash_event_filter_add_drive (DrivedashEventFilter *filter,
                                                        const char           *controller,
                                                        const char           *pci_address,
                                                        const char * const   *names);
/* Adds the drive with what sysfs knows about it: its PCI address and the
 * device-mapper devices (LUKS, LVM) built on its partitions. */
void                  drivedash_event_filter_add_from_sysfs (DrivedashEventFilter *filter,
                                                             const char           *sysfs_root,
                                                             const char           *controller,
                                                             const char           *pci_address);

/* Whether one message (its text and its _KERNEL_DEVICE field, which may
 * be NULL) is about a drive of the filter; then *controller ("nvme0", or
 * the PCI address of a drive the filter does not know) and *device (the
 * name the message uses). */
gboolean              drivedash_event_filter_match     (const DrivedashEventFilter *filter,
                                                        const char                 *message,
                                                        const char                 *kernel_device,
                                                        char                      **controller,
                                                        char                      **device);

G_END_DECLS
