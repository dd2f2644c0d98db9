/* drivedash-nvme.c — admin commands through libnvme
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <libnvme.h>
#include <string.h>
#include <unistd.h>

#include "drivedash-error.h"
#include "drivedash-nvme.h"

#define FID_APST 0x0c

/* Turns the result of a libnvme call (negative with errno, or a positive
 * NVMe status) into an error for people.  Call it right after the call,
 * with errno cleared before it: errno is read first thing, before
 * anything (gettext included) can change it.  `what` says what we tried,
 * marked with N_(). */
static gboolean
check_result (int          ret,
              const char  *what,
              GError     **error)
{
  int saved_errno = errno;

  if (ret == 0)
    return TRUE;

  what = _(what);

  if (ret < 0)
    {
      g_debug ("%s: %s", what, g_strerror (saved_errno));
      switch (saved_errno)
        {
        case EPERM:
        case EACCES:
          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION,
                       _("%s needs administrator rights."), what);
          break;
        case ENODEV:
        case ENXIO:
        case ENOENT:
          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_DEVICE_GONE,
                       _("%s failed: the drive is no longer there."), what);
          break;
        case ENOTTY:
        case EINVAL:
          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                       _("%s is not possible: the device does not accept NVMe commands."), what);
          break;
        default:
          g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_IO,
                       _("%s failed: the drive did not answer."), what);
          break;
        }
      return FALSE;
    }

  g_debug ("%s: NVMe status 0x%x (%s)", what, (unsigned) ret,
           nvme_status_to_string (ret, false));

  /* Generic status type, "invalid opcode" or "invalid field": the drive
   * does not implement the command or this use of it. */
  if (nvme_status_code_type ((guint16) ret) == NVME_SCT_GENERIC &&
      (nvme_status_code ((guint16) ret) == NVME_SC_INVALID_OPCODE ||
       nvme_status_code ((guint16) ret) == NVME_SC_INVALID_FIELD))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                   _("%s is not supported by this drive."), what);
      return FALSE;
    }

  g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
               _("%s failed: the drive refused it (%s)."), what,
               nvme_status_to_string (ret, false));
  return FALSE;
}

int
drivedash_nvme_open (DrivedashDrive  *drive,
                     GError         **error)
{
  const char *path = drivedash_drive_get_device_path (drive);
  int fd;

  if (path == NULL)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                   _("The drive’s device node is not available."));
      return -1;
    }

  fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_debug ("open %s: %s", path, g_strerror (saved_errno));
      if (saved_errno == EACCES || saved_errno == EPERM)
        g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_PERMISSION,
                     _("Talking to the drive directly needs administrator rights."));
      else if (saved_errno == ENOENT || saved_errno == ENODEV || saved_errno == ENXIO)
        g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_DEVICE_GONE,
                     _("The drive’s device node %s does not exist."), path);
      else
        g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_IO,
                     _("The drive’s device node %s cannot be opened."), path);
      return -1;
    }

  return fd;
}

gboolean
drivedash_nvme_identify (int                 fd,
                         DrivedashIdentify  *out,
                         GError            **error)
{
  /* libnvme's structs only give the buffer its size and alignment: the
   * bytes are decoded by our own pure decoder. */
  struct nvme_id_ctrl buf = { 0 };
  int ret;

  G_STATIC_ASSERT (sizeof (struct nvme_id_ctrl) == DRIVEDASH_IDENTIFY_SIZE);

  errno = 0;
  ret = nvme_identify_ctrl (fd, &buf);
  if (!check_result (ret, N_("Reading the drive’s identification"), error))
    return FALSE;
  return drivedash_identify_decode ((const guint8 *) &buf, sizeof buf, out, error);
}

gboolean
drivedash_nvme_read_smart_log (int                 fd,
                               DrivedashSmartLog  *out,
                               GError            **error)
{
  struct nvme_smart_log buf = { 0 };
  int ret;

  G_STATIC_ASSERT (sizeof (struct nvme_smart_log) == DRIVEDASH_SMART_LOG_SIZE);

  /* The controller-wide log (NSID FFFFFFFFh); rae=false so reading it
   * also clears a pending SMART asynchronous event, as nvme-cli does. */
  errno = 0;
  ret = nvme_get_log_smart (fd, NVME_NSID_ALL, false, &buf);
  if (!check_result (ret, N_("Reading the drive’s health log"), error))
    return FALSE;
  return drivedash_smart_log_decode ((const guint8 *) &buf, sizeof buf, out, error);
}

gboolean
drivedash_nvme_read_apst_enabled (int        fd,
                                  gboolean  *enabled,
                                  GError   **error)
{
  /* The APST table is 32 × 8 bytes; we only want dword 0. */
  guint8 table[256] = { 0 };
  guint32 result = 0;
  struct nvme_get_features_args args = {
    .args_size = sizeof args,
    .fd = fd,
    .timeout = NVME_DEFAULT_IOCTL_TIMEOUT,
    .nsid = 0,
    .sel = NVME_GET_FEATURES_SEL_CURRENT,
    .fid = FID_APST,
    .data = table,
    .data_len = sizeof table,
    .result = &result,
  };
  int ret;

  errno = 0;
  ret = nvme_get_features (&args);
  if (!check_result (ret, N_("Reading the automatic power saving setting"), error))
    return FALSE;
  *enabled = (result & 0x1) != 0;
  return TRUE;
}

gboolean
drivedash_nvme_read_self_test_log (int                    fd,
                                   DrivedashSelfTestLog  *out,
                                   GError               **error)
{
  struct nvme_self_test_log buf = { 0 };
  int ret;

  G_STATIC_ASSERT (sizeof (struct nvme_self_test_log) == DRIVEDASH_SELF_TEST_LOG_SIZE);

  errno = 0;
  ret = nvme_get_log_device_self_test (fd, &buf);
  if (!check_result (ret, N_("Reading the self-test log"), error))
    return FALSE;
  return drivedash_self_test_log_decode ((const guint8 *) &buf, sizeof buf, out, error);
}

GArray *
drivedash_nvme_read_error_log (int      fd,
                               guint    n_entries,
                               GError **error)
{
  g_autofree struct nvme_error_log_page *buf = NULL;
  int ret;

  G_STATIC_ASSERT (sizeof (struct nvme_error_log_page) == DRIVEDASH_ERROR_LOG_ENTRY_SIZE);

  n_entries = CLAMP (n_entries, 1, DRIVEDASH_ERROR_LOG_MAX_ENTRIES);
  buf = g_new0 (struct nvme_error_log_page, n_entries);

  /* rae=false, like the SMART log: reading clears a pending error event. */
  errno = 0;
  ret = nvme_get_log_error (fd, n_entries, false, buf);
  if (!check_result (ret, N_("Reading the drive’s error log"), error))
    return NULL;
  return drivedash_error_log_decode ((const guint8 *) buf, sizeof *buf * n_entries, error);
}

gboolean
drivedash_nvme_read_firmware_log (int                    fd,
                                  guint8                 frmw,
                                  DrivedashFirmwareLog  *out,
                                  GError               **error)
{
  struct nvme_firmware_slot buf = { 0 };
  int ret;

  G_STATIC_ASSERT (sizeof (struct nvme_firmware_slot) == DRIVEDASH_FIRMWARE_LOG_SIZE);

  errno = 0;
  ret = nvme_get_log_fw_slot (fd, false, &buf);
  if (!check_result (ret, N_("Reading the drive’s firmware slots"), error))
    return FALSE;
  return drivedash_firmware_log_decode ((const guint8 *) &buf, sizeof buf, frmw, out, error);
}

gboolean
drivedash_nvme_self_test (int                     fd,
                          DrivedashSelfTestKind   kind,
                          GError                **error)
{
  guint32 result = 0;
  struct nvme_dev_self_test_args args = {
    .args_size = sizeof args,
    .fd = fd,
    .timeout = NVME_DEFAULT_IOCTL_TIMEOUT,
    /* All namespaces and the controller. */
    .nsid = NVME_NSID_ALL,
    .result = &result,
  };
  const char *what;
  int ret;

  switch (kind)
    {
    case DRIVEDASH_SELF_TEST_SHORT:
      args.stc = NVME_DST_STC_SHORT;
      what = N_("Starting a short self-test");
      break;
    case DRIVEDASH_SELF_TEST_EXTENDED:
      args.stc = NVME_DST_STC_LONG;
      what = N_("Starting an extended self-test");
      break;
    case DRIVEDASH_SELF_TEST_ABORT:
      args.stc = NVME_DST_STC_ABORT;
      what = N_("Stopping the self-test");
      break;
    case DRIVEDASH_SELF_TEST_NONE:
    case DRIVEDASH_SELF_TEST_VENDOR:
    default:
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("Only short and extended self-tests can be started."));
      return FALSE;
    }

  errno = 0;
  ret = nvme_dev_self_test (&args);
  if (ret > 0 && nvme_status_code_type ((guint16) ret) == NVME_SCT_CMD_SPECIFIC &&
      nvme_status_code ((guint16) ret) == NVME_SC_SELF_TEST_IN_PROGRESS)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_FAILED,
                   _("A self-test is already running on this drive; stop it first or wait until it finishes."));
      return FALSE;
    }
  return check_result (ret, what, error);
}

/* Identify Controller does not change while the same drive runs the same
 * firmware, but DrivedashDrive objects are short-lived: the service and
 * the client look the controller up afresh for every call.  So what was
 * read is kept for the life of the process, and a health refresh costs one
 * log page.  The key changes when the drive is swapped or its firmware is
 * updated; a drive without a serial number is not cached. */
G_LOCK_DEFINE_STATIC (identify_cache);
static GHashTable *identify_cache;  /* key → DrivedashIdentify */

static char *
identify_cache_key (DrivedashDrive *drive)
{
  const char *serial = drivedash_drive_get_serial (drive);

  if (serial == NULL || *serial == '\0')
    return NULL;
  return g_strjoin ("\n", drivedash_drive_get_sysfs_path (drive), serial,
                    drivedash_drive_get_firmware (drive), NULL);
}

const DrivedashIdentify *
drivedash_drive_ensure_identify (DrivedashDrive  *drive,
                                 int              fd,
                                 gboolean         reload,
                                 GError         **error)
{
  g_autofree char *key = NULL;
  DrivedashIdentify id;
  gboolean cached = FALSE;

  if (!reload && drivedash_drive_get_cached_identify (drive) != NULL)
    return drivedash_drive_get_cached_identify (drive);

  key = identify_cache_key (drive);
  if (!reload && key != NULL)
    {
      const DrivedashIdentify *entry;

      G_LOCK (identify_cache);
      entry = identify_cache != NULL ? g_hash_table_lookup (identify_cache, key) : NULL;
      if (entry != NULL)
        {
          id = *entry;
          cached = TRUE;
        }
      G_UNLOCK (identify_cache);
    }

  if (!cached)
    {
      if (!drivedash_nvme_identify (fd, &id, error))
        return NULL;
      if (key != NULL)
        {
          G_LOCK (identify_cache);
          if (identify_cache == NULL)
            identify_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
          g_hash_table_replace (identify_cache, g_steal_pointer (&key), g_memdup2 (&id, sizeof id));
          G_UNLOCK (identify_cache);
        }
    }

  drivedash_drive_set_cached_identify (drive, &id);
  return drivedash_drive_get_cached_identify (drive);
}

static int
open_for_self_test (DrivedashDrive  *drive,
                    GError         **error)
{
  const DrivedashIdentify *id;
  int fd;

  fd = drivedash_nvme_open (drive, error);
  if (fd < 0)
    return -1;

  id = drivedash_drive_ensure_identify (drive, fd, FALSE, error);
  if (id == NULL)
    {
      close (fd);
      return -1;
    }

  if (!drivedash_identify_supports_self_test (id))
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_NOT_SUPPORTED,
                   _("Self-tests are not supported by this drive."));
      close (fd);
      return -1;
    }

  return fd;
}

gboolean
drivedash_drive_self_test (DrivedashDrive         *drive,
                           DrivedashSelfTestKind   kind,
                           GError                **error)
{
  gboolean ok;
  int fd;

  g_return_val_if_fail (DRIVEDASH_IS_DRIVE (drive), FALSE);

  fd = open_for_self_test (drive, error);
  if (fd < 0)
    return FALSE;
  ok = drivedash_nvme_self_test (fd, kind, error);
  close (fd);
  return ok;
}

gboolean
drivedash_drive_read_self_test_log (DrivedashDrive        *drive,
                                    DrivedashSelfTestLog  *out,
                                    GError               **error)
{
  gboolean ok;
  int fd;

  g_return_val_if_fail (DRIVEDASH_IS_DRIVE (drive), FALSE);

  fd = open_for_self_test (drive, error);
  if (fd < 0)
    return FALSE;
  ok = drivedash_nvme_read_self_test_log (fd, out, error);
  close (fd);
  return ok;
}
