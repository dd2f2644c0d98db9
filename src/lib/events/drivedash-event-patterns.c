/* drivedash-event-patterns.c — the table of known kernel messages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two tables, both data.  `kinds` says, for each kind of event, how
 * serious it is, what it means in plain words and what to do.  `patterns`
 * maps message text to a kind: the first row whose text occurs in the
 * message wins, so the more specific rows come first.  Each row names the
 * kernel code that prints it (paths are in torvalds/linux); the fixtures
 * in tests/fixtures/journal/ hold one real message for each row.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-events.h"

G_DEFINE_ENUM_TYPE (DrivedashEventKind, drivedash_event_kind,
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_EVENT_KIND_RESET, "reset"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_EVENT_KIND_TIMEOUT, "timeout"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_EVENT_KIND_NOT_READY, "not-ready"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_EVENT_KIND_REMOVED, "removed"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_EVENT_KIND_POWER_STATE, "power-state"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_EVENT_KIND_AER_CORRECTED, "aer-corrected"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_EVENT_KIND_AER_UNCORRECTED, "aer-uncorrected"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_EVENT_KIND_IO_ERROR, "io-error"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_EVENT_KIND_FS_ERROR, "fs-error"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_EVENT_KIND_READ_ONLY, "read-only"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_EVENT_KIND_THERMAL, "thermal"))

G_DEFINE_ENUM_TYPE (DrivedashEventSeverity, drivedash_event_severity,
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_EVENT_SEVERITY_INFO, "info"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_EVENT_SEVERITY_WARNING, "warning"),
                    G_DEFINE_ENUM_VALUE (DRIVEDASH_EVENT_SEVERITY_SERIOUS, "serious"))

typedef struct
{
  const char             *name;
  DrivedashEventSeverity  severity;
  gboolean                dropout;
  const char             *title;
  const char             *meaning;
  const char             *advice;
} KindInfo;

static const KindInfo kinds[DRIVEDASH_N_EVENT_KINDS] = {
  [DRIVEDASH_EVENT_KIND_RESET] = {
    "reset", DRIVEDASH_EVENT_SEVERITY_SERIOUS, TRUE,
    N_("Drive stopped responding"),
    N_("The drive stopped answering, so Linux restarted it. Work that was being saved at that moment may be lost."),
    N_("Some drives do this when they save power; keeping this drive at full power usually stops it. If it keeps happening, back up your files and update the drive's firmware."),
  },
  [DRIVEDASH_EVENT_KIND_TIMEOUT] = {
    "timeout", DRIVEDASH_EVENT_SEVERITY_WARNING, FALSE,
    N_("Drive answered too slowly"),
    N_("A read or write took so long that Linux gave up waiting and cancelled it."),
    N_("Once is harmless. If it repeats, keeping this drive at full power usually stops it."),
  },
  [DRIVEDASH_EVENT_KIND_NOT_READY] = {
    "not-ready", DRIVEDASH_EVENT_SEVERITY_SERIOUS, TRUE,
    N_("Drive did not wake up"),
    N_("Linux tried to restart the drive, but it did not become ready in time."),
    N_("Keep this drive at full power. If it happens again, back up your files: the drive or its slot may be failing."),
  },
  [DRIVEDASH_EVENT_KIND_REMOVED] = {
    "removed", DRIVEDASH_EVENT_SEVERITY_SERIOUS, TRUE,
    N_("Drive disappeared"),
    N_("The drive stopped working and Linux removed it until the next restart. Files on it could not be read or saved."),
    N_("Back up your files now. Keeping this drive at full power often stops this; if it does not, check that the drive sits firmly in its slot."),
  },
  [DRIVEDASH_EVENT_KIND_POWER_STATE] = {
    "power-state", DRIVEDASH_EVENT_SEVERITY_WARNING, TRUE,
    N_("Drive did not come back from sleep"),
    N_("The drive, or the slot it is in, did not wake up from its deepest power saving."),
    N_("Keeping this drive at full power usually stops this. A firmware (BIOS) update for the computer can help too."),
  },
  [DRIVEDASH_EVENT_KIND_AER_CORRECTED] = {
    "aer-corrected", DRIVEDASH_EVENT_SEVERITY_INFO, FALSE,
    N_("Connection errors that were fixed"),
    N_("The link between the drive and the computer had errors, and the hardware corrected them. No data was lost."),
    N_("Nothing to do unless there are very many. Then check that the drive sits firmly in its slot."),
  },
  [DRIVEDASH_EVENT_KIND_AER_UNCORRECTED] = {
    "aer-uncorrected", DRIVEDASH_EVENT_SEVERITY_SERIOUS, FALSE,
    N_("Connection errors that could not be fixed"),
    N_("The link between the drive and the computer had an error the hardware could not correct. Data on the way may be lost."),
    N_("Back up your files. Check that the drive sits firmly in its slot, and update the computer's firmware (BIOS)."),
  },
  [DRIVEDASH_EVENT_KIND_IO_ERROR] = {
    "io-error", DRIVEDASH_EVENT_SEVERITY_SERIOUS, FALSE,
    N_("Read or write failed"),
    N_("Linux could not read or save part of the drive. The file that uses that part may be damaged."),
    N_("Back up your files now, then look at this drive's health."),
  },
  [DRIVEDASH_EVENT_KIND_FS_ERROR] = {
    "fs-error", DRIVEDASH_EVENT_SEVERITY_SERIOUS, FALSE,
    N_("Filesystem found damage"),
    N_("The filesystem on this drive found something wrong in how files are stored."),
    N_("Back up your files, then let the system check the filesystem at the next start."),
  },
  [DRIVEDASH_EVENT_KIND_READ_ONLY] = {
    "read-only", DRIVEDASH_EVENT_SEVERITY_SERIOUS, FALSE,
    N_("Drive made read-only"),
    N_("After an error, Linux stopped all saving to this drive to protect your files. Nothing can be saved there until the computer restarts."),
    N_("Copy anything unsaved to another drive, restart, and look at the events before this one to see what caused it."),
  },
  [DRIVEDASH_EVENT_KIND_THERMAL] = {
    "thermal", DRIVEDASH_EVENT_SEVERITY_WARNING, FALSE,
    N_("Drive got too hot"),
    N_("The kernel reported the drive's temperature as too high. Hot drives slow down to cool off."),
    N_("Give the drive more air: a heatsink, or a fan blowing across it."),
  },
};

typedef struct
{
  const char        *text;   /* occurs in the message */
  DrivedashEventKind kind;
} Pattern;

static const Pattern patterns[] = {
  /* drivers/nvme/host/pci.c, nvme_warn_reset(): "controller is down; will
   * reset: CSTS=0x%x, PCI_STATUS=0x%hx" (CSTS=0xffffffff: the drive fell
   * off the bus). */
  { "controller is down; will reset", DRIVEDASH_EVENT_KIND_RESET },
  /* pci.c, nvme_timeout(): "I/O %d QID %d timeout, reset controller" and,
   * since 6.x, "I/O tag %d (%04x) opcode %#x (%s) QID %d timeout, reset
   * controller". */
  { "timeout, reset controller", DRIVEDASH_EVENT_KIND_RESET },
  { "timeout, disable controller", DRIVEDASH_EVENT_KIND_RESET },
  /* pci.c, nvme_reset_work(): "Disabling device after reset failure: %d". */
  { "Disabling device after reset failure", DRIVEDASH_EVENT_KIND_REMOVED },
  /* drivers/nvme/host/core.c: "resetting controller due to AER" and
   * "resetting controller due to persistent internal error". */
  { "resetting controller", DRIVEDASH_EVENT_KIND_RESET },
  /* pci.c, nvme_timeout(): "I/O %d QID %d timeout, aborting", "… timeout,
   * completion polled"; nvme_abort_endio(): "Abort status: 0x%x". */
  { "timeout, aborting", DRIVEDASH_EVENT_KIND_TIMEOUT },
  { "timeout, completion polled", DRIVEDASH_EVENT_KIND_TIMEOUT },
  { "Abort status:", DRIVEDASH_EVENT_KIND_TIMEOUT },
  /* core.c, nvme_wait_ready(): "Device not ready; aborting %s, CSTS=0x%x"
   * (initialisation, reset or shutdown). */
  { "Device not ready; aborting", DRIVEDASH_EVENT_KIND_NOT_READY },
  /* pci.c, nvme_remove_dead_ctrl() path: "Removing after probe failure
   * status: %d". */
  { "Removing after probe failure", DRIVEDASH_EVENT_KIND_REMOVED },
  /* drivers/pci/pci.c, pci_power_up(): "Unable to change power state from
   * %s to D0, device inaccessible"; pci_set_low_power_state(): "Refused to
   * change power state from %s to %s"; core.c, nvme_configure_apst():
   * "failed to set APST feature (%d)". */
  { "Unable to change power state", DRIVEDASH_EVENT_KIND_POWER_STATE },
  { "Refused to change power state", DRIVEDASH_EVENT_KIND_POWER_STATE },
  { "failed to set APST feature", DRIVEDASH_EVENT_KIND_POWER_STATE },
  /* drivers/pci/pcie/aer.c, aer_print_error(): "PCIe Bus Error:
   * severity=%s, type=%s, (%s)"; aer_print_port_info(): "Corrected error
   * received: %s", since 6.x "Correctable error message received from %s",
   * "Uncorrectable (Non-Fatal) error message received from %s". */
  { "severity=Corrected", DRIVEDASH_EVENT_KIND_AER_CORRECTED },
  { "Corrected error received", DRIVEDASH_EVENT_KIND_AER_CORRECTED },
  { "Correctable error message received", DRIVEDASH_EVENT_KIND_AER_CORRECTED },
  { "severity=Uncorrected", DRIVEDASH_EVENT_KIND_AER_UNCORRECTED },
  { "Uncorrected (Non-Fatal) error received", DRIVEDASH_EVENT_KIND_AER_UNCORRECTED },
  { "Uncorrected (Fatal) error received", DRIVEDASH_EVENT_KIND_AER_UNCORRECTED },
  { "Uncorrectable (Non-Fatal) error message received", DRIVEDASH_EVENT_KIND_AER_UNCORRECTED },
  { "Uncorrectable (Fatal) error message received", DRIVEDASH_EVENT_KIND_AER_UNCORRECTED },
  /* fs/ext4/super.c, ext4_handle_error(): "Remounting filesystem
   * read-only"; fs/btrfs/messages.c: "forced readonly"; fs/xfs: "Shutting
   * down filesystem" (xfs_do_force_shutdown). */
  { "Remounting filesystem read-only", DRIVEDASH_EVENT_KIND_READ_ONLY },
  { "forced readonly", DRIVEDASH_EVENT_KIND_READ_ONLY },
  { "Shutting down filesystem", DRIVEDASH_EVENT_KIND_READ_ONLY },
  /* fs/ext4/super.c, __ext4_error(): "EXT4-fs error (device %s): …";
   * fs/btrfs/messages.c: "BTRFS error (device %s…)", "BTRFS critical";
   * fs/xfs/xfs_message.c: "XFS (%s): Corruption detected", "metadata I/O
   * error". */
  { "EXT4-fs error", DRIVEDASH_EVENT_KIND_FS_ERROR },
  { "BTRFS error", DRIVEDASH_EVENT_KIND_FS_ERROR },
  { "BTRFS critical", DRIVEDASH_EVENT_KIND_FS_ERROR },
  { "Corruption detected", DRIVEDASH_EVENT_KIND_FS_ERROR },
  { "metadata I/O error", DRIVEDASH_EVENT_KIND_FS_ERROR },
  /* block/blk-core.c, blk_print_req_error(): "%s error, dev %s, sector
   * %llu op 0x%x:(%s) flags 0x%x phys_seg %u prio class %u" (%s is "I/O",
   * "critical medium", "timeout"…); fs/buffer.c: "Buffer I/O error on dev
   * %pg, logical block %llu, …". */
  { " error, dev ", DRIVEDASH_EVENT_KIND_IO_ERROR },
  /* drivers/nvme/host/core.c, nvme_log_error() (since 5.19): "%s: %s(0x%x)
   * @ LBA %llu, %u blocks, %s (sct 0x%x / sc 0x%x) %s%s" — the namespace,
   * the command and the drive's own status. */
  { " @ LBA ", DRIVEDASH_EVENT_KIND_IO_ERROR },
  { "Buffer I/O error on dev", DRIVEDASH_EVENT_KIND_IO_ERROR },
  /* Where a kernel logs the drive's temperature (vendor kernels; mainline
   * nvme passes temperature warnings to user space as an event). */
  { "temperature above threshold", DRIVEDASH_EVENT_KIND_THERMAL },
  { "over temperature", DRIVEDASH_EVENT_KIND_THERMAL },
  { "critical temperature", DRIVEDASH_EVENT_KIND_THERMAL },
};

const char *
drivedash_event_kind_to_string (DrivedashEventKind kind)
{
  g_return_val_if_fail ((guint) kind < DRIVEDASH_N_EVENT_KINDS, "unknown");
  return kinds[kind].name;
}

gboolean
drivedash_event_kind_from_string (const char         *text,
                                  DrivedashEventKind *kind)
{
  for (guint i = 0; text != NULL && i < DRIVEDASH_N_EVENT_KINDS; i++)
    if (strcmp (kinds[i].name, text) == 0)
      {
        *kind = (DrivedashEventKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
drivedash_event_severity_to_string (DrivedashEventSeverity severity)
{
  switch (severity)
    {
    case DRIVEDASH_EVENT_SEVERITY_INFO: return "info";
    case DRIVEDASH_EVENT_SEVERITY_WARNING: return "warning";
    case DRIVEDASH_EVENT_SEVERITY_SERIOUS: return "serious";
    default: return "unknown";
    }
}

DrivedashEventSeverity
drivedash_event_kind_get_severity (DrivedashEventKind kind)
{
  g_return_val_if_fail ((guint) kind < DRIVEDASH_N_EVENT_KINDS, DRIVEDASH_EVENT_SEVERITY_INFO);
  return kinds[kind].severity;
}

const char *
drivedash_event_kind_get_title (DrivedashEventKind kind)
{
  g_return_val_if_fail ((guint) kind < DRIVEDASH_N_EVENT_KINDS, "");
  return _(kinds[kind].title);
}

const char *
drivedash_event_kind_get_meaning (DrivedashEventKind kind)
{
  g_return_val_if_fail ((guint) kind < DRIVEDASH_N_EVENT_KINDS, "");
  return _(kinds[kind].meaning);
}

const char *
drivedash_event_kind_get_advice (DrivedashEventKind kind)
{
  g_return_val_if_fail ((guint) kind < DRIVEDASH_N_EVENT_KINDS, "");
  return _(kinds[kind].advice);
}

gboolean
drivedash_event_kind_is_dropout (DrivedashEventKind kind)
{
  g_return_val_if_fail ((guint) kind < DRIVEDASH_N_EVENT_KINDS, FALSE);
  return kinds[kind].dropout;
}

gboolean
drivedash_event_classify (const char         *message,
                          DrivedashEventKind *kind)
{
  if (message == NULL)
    return FALSE;
  for (gsize i = 0; i < G_N_ELEMENTS (patterns); i++)
    if (strstr (message, patterns[i].text) != NULL)
      {
        *kind = patterns[i].kind;
        return TRUE;
      }
  return FALSE;
}

/* "nvme0n1: Read(0x2) @ LBA …" → "Read". */
static char *
parse_nvme_op (const char *message)
{
  const char *lba = strstr (message, " @ LBA ");
  const char *colon = strstr (message, ": ");
  const char *paren;

  if (lba == NULL || colon == NULL || colon > lba)
    return NULL;
  paren = strchr (colon, '(');
  if (paren == NULL || paren > lba || paren - (colon + 2) > 32)
    return NULL;
  return g_strndup (colon + 2, (gsize) (paren - (colon + 2)));
}

/* "op 0x1:(WRITE)" → "WRITE". */
static char *
parse_op (const char *message)
{
  const char *p = strstr (message, " op 0x");
  const char *open, *close;

  if (p == NULL)
    return parse_nvme_op (message);
  if ((open = strstr (p, ":(")) == NULL)
    return NULL;
  open += 2;
  close = strchr (open, ')');
  if (close == NULL || close - open > 32)
    return NULL;
  return g_strndup (open, (gsize) (close - open));
}

static gint64
parse_number_after (const char *message,
                    const char *label)
{
  const char *p = strstr (message, label);
  guint64 value;
  char *end;

  if (p == NULL)
    return -1;
  p += strlen (label);
  if (!g_ascii_isdigit (*p))
    return -1;
  value = g_ascii_strtoull (p, &end, 10);
  if (end == p || value > G_MAXINT64)
    return -1;
  return (gint64) value;
}

void
drivedash_event_parse_io (const char  *message,
                          char       **op,
                          gint64      *sector)
{
  *op = NULL;
  *sector = -1;
  if (message == NULL)
    return;
  *op = parse_op (message);
  /* Only the block layer names a sector; "logical block" in a buffer
   * error counts filesystem blocks, so it is not passed off as one. */
  *sector = parse_number_after (message, ", sector ");
  if (*op == NULL && strstr (message, "Buffer I/O error") != NULL)
    {
      if (strstr (message, "write") != NULL)
        *op = g_strdup ("WRITE");
      else if (strstr (message, "read") != NULL)
        *op = g_strdup ("READ");
    }
}
