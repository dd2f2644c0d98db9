/* drivedash-nvme.h — admin commands to an NVMe controller (needs root)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "drivedash-drive.h"
#include "drivedash-error-log.h"
#include "drivedash-firmware-log.h"
#include "drivedash-identify.h"
#include "drivedash-self-test.h"
#include "drivedash-smart.h"

G_BEGIN_DECLS

/* Every function reports failures as DRIVEDASH_ERROR with a message for
 * people: PERMISSION (no root), NOT_SUPPORTED (the drive rejected the
 * command as unknown or invalid), DEVICE_GONE, IO or FAILED.  Raw errno
 * values and NVMe status codes only go to the debug log. */

/* Opens the controller's character device.  Returns a file descriptor to
 * close(2), or -1. */
int      drivedash_nvme_open               (DrivedashDrive        *drive,
                                            GError               **error);

gboolean drivedash_nvme_identify           (int                    fd,
                                            DrivedashIdentify     *out,
                                            GError               **error);
gboolean drivedash_nvme_read_smart_log     (int                    fd,
                                            DrivedashSmartLog     *out,
                                            GError               **error);
/* Autonomous Power State Transition feature (FID 0x0C), bit 0 of the
 * result.  Uses the generic Get Features call: libnvme 1.3's
 * nvme_get_features_auto_pst() asks for the wrong feature. */
gboolean drivedash_nvme_read_apst_enabled  (int                    fd,
                                            gboolean              *enabled,
                                            GError               **error);
gboolean drivedash_nvme_read_self_test_log (int                    fd,
                                            DrivedashSelfTestLog  *out,
                                            GError               **error);
/* The newest min (n_entries, DRIVEDASH_ERROR_LOG_MAX_ENTRIES) entries of
 * the Error Information log (n_entries: Identify's ELPE + 1).
 * (element-type DrivedashErrorLogEntry) */
GArray  *drivedash_nvme_read_error_log     (int                    fd,
                                            guint                  n_entries,
                                            GError               **error);
/* The Firmware Slot Information log, with @frmw from Identify. */
gboolean drivedash_nvme_read_firmware_log  (int                    fd,
                                            guint8                 frmw,
                                            DrivedashFirmwareLog  *out,
                                            GError               **error);
/* SHORT, EXTENDED or ABORT. */
gboolean drivedash_nvme_self_test          (int                    fd,
                                            DrivedashSelfTestKind  kind,
                                            GError               **error);

/* High-level, for the CLI and the service: opens the drive, checks OACS
 * (cached Identify), and fails with DRIVEDASH_ERROR_NOT_SUPPORTED and
 * "This drive does not support self-tests." when bit 4 is clear. */
gboolean drivedash_drive_self_test          (DrivedashDrive        *drive,
                                             DrivedashSelfTestKind  kind,
                                             GError               **error);
gboolean drivedash_drive_read_self_test_log (DrivedashDrive        *drive,
                                             DrivedashSelfTestLog  *out,
                                             GError               **error);
/* Identify Controller, from the drive's cache, from the process-wide cache
 * of the same drive and firmware, or read once (root).  reload reads it
 * again and refreshes both caches. */
const DrivedashIdentify *drivedash_drive_ensure_identify (DrivedashDrive  *drive,
                                                          int              fd,
                                                          gboolean         reload,
                                                          GError         **error);

G_END_DECLS
