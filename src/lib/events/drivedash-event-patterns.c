/* drivedash-event-patterns.c — the table of known kernel messages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tables, all data.  `kinds` says, for each kind of event, how serious
 * it is, what it means in plain words and what to do.  A message is read
 * by its structure: `speaker_res` are the kernel's own prefixes that open
 * a message about a drive (and name the device), `rules` what may follow
 * each prefix, anchored right after it, and the kind it is.  Each names
 * the kernel code that prints it (paths are in torvalds/linux); the
 * fixtures in tests/fixtures/journal/ hold one real message for each, and
 * hostile lines that must not count.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-events-private.h"

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

/* Who speaks: the kernel's own prefix of a message about a drive.  A
 * message that no prefix opens is never a drive's event, whatever its
 * words: a crashing program's line begins with its name ("nvme0 @
 * LBA[42]: segfault at …"), a USB stick's with "usb 1-1: Product: …",
 * the audit and OOM lines with their own words.  (?<dev>) is the device
 * the prefix names. */
typedef enum
{
  SPEAKER_NVME,        /* drivers/nvme/host, dev_printk() on the controller:
                        * "nvme nvme0: " */
  SPEAKER_NVME_PCI,    /* dev_printk() on the drive's PCI function, by the nvme
                        * driver or the PCI core: "nvme 0000:01:00.0: " */
  SPEAKER_PORT,        /* the PCIe port above it (drivers/pci/pcie/aer.c):
                        * "pcieport 0000:00:1c.0: " */
  SPEAKER_NAMESPACE,   /* drivers/nvme/host/core.c, nvme_log_error(): "nvme0n1: " */
  SPEAKER_BLOCK,       /* block/blk-core.c, blk_print_req_error(): "I/O error, dev
                        * nvme0n1, sector 8" (5.x: after "blk_update_request: ") */
  SPEAKER_BUFFER,      /* fs/buffer.c, buffer_io_error(): "Buffer I/O error on dev
                        * nvme0n1p2, " */
  SPEAKER_EXT4_ERROR,  /* fs/ext4/super.c, __ext4_error(): "EXT4-fs error (device
                        * nvme0n1p2): " */
  SPEAKER_EXT4,        /* fs/ext4/super.c, __ext4_msg(): "EXT4-fs (nvme0n1p2): " */
  SPEAKER_BTRFS_ERROR, /* fs/btrfs/messages.c, btrfs_printk() at error and worse:
                        * "BTRFS error (device nvme0n1p3)" */
  SPEAKER_BTRFS,       /* the same at other levels: "BTRFS info (device nvme0n1p3:
                        * state EA): " */
  SPEAKER_XFS,         /* fs/xfs/xfs_message.c, __xfs_printk(): "XFS (nvme0n1p4): " */
  N_SPEAKERS
} Speaker;

#define PCI_RE   "[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]"
#define BLOCK_RE "[A-Za-z0-9_.-]{1,32}"

static const char *const speaker_res[N_SPEAKERS] = {
  [SPEAKER_NVME] = "nvme (?<dev>nvme[0-9]+): ",
  [SPEAKER_NVME_PCI] = "(?:nvme|pci) (?<dev>" PCI_RE "): ",
  [SPEAKER_PORT] = "pcieport (?<dev>" PCI_RE "): ",
  [SPEAKER_NAMESPACE] = "(?<dev>nvme[0-9]+(?:c[0-9]+)?n[0-9]+): ",
  [SPEAKER_BLOCK] = "(?:blk_update_request: )?[A-Za-z/ ]{1,32} error, dev (?<dev>" BLOCK_RE "), sector [0-9]+",
  [SPEAKER_BUFFER] = "Buffer I/O error on dev (?<dev>" BLOCK_RE "), ",
  [SPEAKER_EXT4_ERROR] = "EXT4-fs error \\(device (?<dev>" BLOCK_RE ")\\): ",
  [SPEAKER_EXT4] = "EXT4-fs \\((?<dev>" BLOCK_RE ")\\): ",
  [SPEAKER_BTRFS_ERROR] = "BTRFS:? (?:error|critical|alert|emergency) \\(device (?<dev>" BLOCK_RE ")[^)]{0,64}\\)",
  [SPEAKER_BTRFS] = "BTRFS:? [a-z]{1,16} \\(device (?<dev>" BLOCK_RE ")[^)]{0,64}\\): ",
  [SPEAKER_XFS] = "XFS \\((?<dev>" BLOCK_RE ")\\): ",
};

#define S(name) (1u << SPEAKER_##name)
#define NVME_ANY (S (NVME) | S (NVME_PCI))
/* pci.c, nvme_timeout(): "I/O %d QID %d timeout, …", before 6.5 also
 * "I/O %d (%s) QID %d timeout, aborting" (the command's name), since
 * then "I/O tag %d (%04x) opcode %#x (%s) QID %d timeout, …". */
#define IO_TIMEOUT_RE "I/O (?:tag )?[0-9]+ (?:\\([0-9a-f]{1,8}\\) )?(?:opcode 0x[0-9a-f]+ )?" \
                      "(?:\\([^()]{0,48}\\) )?QID [0-9]+ timeout, "

/* What follows the prefix, anchored right after it (NULL: the prefix
 * alone is the event).  The first rule that matches wins, so the more
 * specific come first.  Each names the kernel code that prints it (paths
 * in torvalds/linux); tests/fixtures/journal/ holds one real message for
 * each.  (?<subject>) names the drive when the speaker is another device
 * (a port reporting a function's error). */
typedef struct
{
  guint              speakers;  /* bits of Speaker */
  const char        *rest;
  DrivedashEventKind kind;
} Rule;

static const Rule rules[] = {
  /* drivers/nvme/host/pci.c, nvme_warn_reset(): "controller is down; will
   * reset: CSTS=0x%x, PCI_STATUS=0x%hx" (CSTS=0xffffffff: the drive fell
   * off the bus), or "…, PCI_STATUS read failed (%d)". */
  { NVME_ANY, "controller is down; will reset: CSTS=0x[0-9a-f]+, PCI_STATUS", DRIVEDASH_EVENT_KIND_RESET },
  /* pci.c, nvme_timeout(). */
  { NVME_ANY, IO_TIMEOUT_RE "(?:reset|disable) controller", DRIVEDASH_EVENT_KIND_RESET },
  /* pci.c, nvme_reset_work(): "Disabling device after reset failure: %d". */
  { NVME_ANY, "Disabling device after reset failure: -?[0-9]+", DRIVEDASH_EVENT_KIND_REMOVED },
  /* drivers/nvme/host/core.c: "resetting controller due to AER" and
   * "resetting controller due to persistent internal error". */
  { NVME_ANY, "resetting controller due to [a-zA-Z ]{1,64}$", DRIVEDASH_EVENT_KIND_RESET },
  /* pci.c, nvme_timeout(): "… timeout, aborting", "… timeout, completion
   * polled"; nvme_abort_endio(): "Abort status: 0x%x". */
  { NVME_ANY, IO_TIMEOUT_RE "(?:aborting|completion polled)", DRIVEDASH_EVENT_KIND_TIMEOUT },
  { NVME_ANY, "Abort status: 0x[0-9a-f]+$", DRIVEDASH_EVENT_KIND_TIMEOUT },
  /* core.c, nvme_wait_ready(): "Device not ready; aborting %s, CSTS=0x%x"
   * (initialisation, reset or shutdown). */
  { NVME_ANY, "Device not ready; aborting [a-z]{1,16}, CSTS=0x[0-9a-f]+", DRIVEDASH_EVENT_KIND_NOT_READY },
  /* pci.c, nvme_remove_dead_ctrl() path: "Removing after probe failure
   * status: %d". */
  { NVME_ANY, "Removing after probe failure status: -?[0-9]+", DRIVEDASH_EVENT_KIND_REMOVED },
  /* core.c, nvme_configure_apst(): "failed to set APST feature (%d)". */
  { NVME_ANY, "failed to set APST feature \\(-?[0-9]+\\)", DRIVEDASH_EVENT_KIND_POWER_STATE },
  /* drivers/pci/pci.c, pci_power_up(): "Unable to change power state from
   * %s to D0, device inaccessible"; pci_set_low_power_state(): "Refused
   * to change power state from %s to %s". */
  { S (NVME_PCI), "Unable to change power state from D[0-3a-z]{1,8} to D0, device inaccessible",
    DRIVEDASH_EVENT_KIND_POWER_STATE },
  { S (NVME_PCI), "Refused to change power state from D[0-3a-z]{1,8} to D[0-3a-z]{1,8}",
    DRIVEDASH_EVENT_KIND_POWER_STATE },
  /* drivers/pci/pcie/aer.c, aer_print_error() on the function with the
   * error: "PCIe Bus Error: severity=%s, type=%s, (%s)" ("Corrected" or,
   * since 6.x, "Correctable"; "Uncorrected (Non-Fatal)"…), after "AER: "
   * since 4.19. */
  { S (NVME_PCI) | S (PORT), "(?:AER: )?PCIe Bus Error: severity=Correct", DRIVEDASH_EVENT_KIND_AER_CORRECTED },
  { S (NVME_PCI) | S (PORT), "(?:AER: )?PCIe Bus Error: severity=Uncorrect", DRIVEDASH_EVENT_KIND_AER_UNCORRECTED },
  /* aer.c, aer_print_port_info(): the port names the function, "%s%s
   * error received: %04x:%02x:%02x.%d" and since 6.6 "%s%s error message
   * received from %s" ("Multiple ", then the severity). */
  { S (PORT), "AER: (?:Multiple )?(?:Corrected error received: |Correctable error message received from )"
              "(?<subject>" PCI_RE ")", DRIVEDASH_EVENT_KIND_AER_CORRECTED },
  { S (PORT), "AER: (?:Multiple )?(?:Uncorrected \\((?:Non-Fatal|Fatal)\\) error received: "
              "|Uncorrectable \\((?:Non-Fatal|Fatal)\\) error message received from )(?<subject>" PCI_RE ")",
    DRIVEDASH_EVENT_KIND_AER_UNCORRECTED },
  /* core.c, nvme_log_error() (since 5.19): "%s: %s(0x%x) @ LBA %llu, %u
   * blocks, %s (sct 0x%x / sc 0x%x) %s%s": the command and the drive's
   * own status. */
  { S (NAMESPACE), "[A-Za-z /]{1,32}\\(0x[0-9a-f]+\\) @ LBA [0-9]+, [0-9]+ blocks, ", DRIVEDASH_EVENT_KIND_IO_ERROR },
  /* block/blk-core.c, blk_print_req_error(): "%s error, dev %s, sector
   * %llu op 0x%x:(%s) …" (%s: "I/O", "critical medium", "timeout"…). */
  { S (BLOCK), NULL, DRIVEDASH_EVENT_KIND_IO_ERROR },
  /* fs/buffer.c: "Buffer I/O error on dev %pg, logical block %llu, …". */
  { S (BUFFER), "logical block [0-9]+", DRIVEDASH_EVENT_KIND_IO_ERROR },
  /* fs/ext4/super.c, ext4_handle_error(): "Remounting filesystem
   * read-only"; __ext4_error(): "EXT4-fs error (device %s): …". */
  { S (EXT4), "Remounting filesystem read-only", DRIVEDASH_EVENT_KIND_READ_ONLY },
  { S (EXT4_ERROR), NULL, DRIVEDASH_EVENT_KIND_FS_ERROR },
  /* fs/btrfs/messages.c, __btrfs_handle_fs_error(): "forced readonly";
   * btrfs_printk() at error and critical. */
  { S (BTRFS), "forced readonly", DRIVEDASH_EVENT_KIND_READ_ONLY },
  { S (BTRFS_ERROR), NULL, DRIVEDASH_EVENT_KIND_FS_ERROR },
  /* fs/xfs/xfs_fsops.c, xfs_do_force_shutdown(): "… detected at %pS
   * (%s:%d).  Shutting down filesystem." and, since 6.x, "Filesystem has
   * been shut down due to …"; xfs_buf.c: "metadata I/O error in …";
   * xfs_message.c: "Corruption detected. Unmount and run xfs_repair". The
   * shutdown line names kernel functions only: it is matched anywhere. */
  { S (XFS), "[^\\n]{0,256}Shutting down filesystem", DRIVEDASH_EVENT_KIND_READ_ONLY },
  { S (XFS), "Filesystem has been shut down", DRIVEDASH_EVENT_KIND_READ_ONLY },
  { S (XFS), "(?:Metadata )?[Cc]orruption detected", DRIVEDASH_EVENT_KIND_FS_ERROR },
  { S (XFS), "metadata I/O error", DRIVEDASH_EVENT_KIND_FS_ERROR },
  /* Where a kernel logs the drive's temperature (vendor kernels; mainline
   * nvme passes temperature warnings to user space as an event): only in
   * the nvme driver's own words. */
  { NVME_ANY, "[^\\n]{0,128}(?:temperature above threshold|over temperature|critical temperature)",
    DRIVEDASH_EVENT_KIND_THERMAL },
};

typedef struct
{
  GRegex *speakers[N_SPEAKERS];
  GRegex *rules[G_N_ELEMENTS (rules)];
} Compiled;

static const Compiled *
compiled (void)
{
  static Compiled c;
  static gsize once;

  if (g_once_init_enter (&once))
    {
      for (guint i = 0; i < N_SPEAKERS; i++)
        c.speakers[i] = g_regex_new (speaker_res[i], G_REGEX_ANCHORED | G_REGEX_OPTIMIZE | G_REGEX_RAW, 0, NULL);
      for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
        c.rules[i] = rules[i].rest ? g_regex_new (rules[i].rest, G_REGEX_ANCHORED | G_REGEX_OPTIMIZE | G_REGEX_RAW,
                                                  0, NULL)
                                   : NULL;
      g_once_init_leave (&once, 1);
    }
  return &c;
}

void
drivedash_event_parse_clear (DrivedashEventParse *parse)
{
  g_clear_pointer (&parse->speaker, g_free);
  g_clear_pointer (&parse->subject, g_free);
}

/* The rule for what follows @speaker's prefix at @rest. */
static gboolean
match_rule (const Compiled      *c,
            Speaker              speaker,
            const char          *rest,
            DrivedashEventParse *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (rules); i++)
    {
      g_autoptr(GMatchInfo) info = NULL;

      if ((rules[i].speakers & (1u << speaker)) == 0)
        continue;
      if (c->rules[i] != NULL && !g_regex_match (c->rules[i], rest, 0, &info))
        continue;
      out->kind = rules[i].kind;
      if (c->rules[i] != NULL && g_regex_get_string_number (c->rules[i], "subject") >= 0)
        out->subject = g_match_info_fetch_named (info, "subject");
      return TRUE;
    }
  return FALSE;
}

gboolean
drivedash_event_parse (const char          *message,
                       DrivedashEventParse *out)
{
  const Compiled *c = compiled ();

  memset (out, 0, sizeof *out);
  if (message == NULL)
    return FALSE;
  for (guint s = 0; s < N_SPEAKERS; s++)
    {
      g_autoptr(GMatchInfo) info = NULL;
      int end = 0;

      if (!g_regex_match (c->speakers[s], message, 0, &info))
        continue;
      g_match_info_fetch_pos (info, 0, NULL, &end);
      if (!match_rule (c, (Speaker) s, message + end, out))
        continue;
      out->speaker = g_match_info_fetch_named (info, "dev");
      if (out->subject == NULL)
        out->subject = g_strdup (out->speaker);
      out->nvme_driver = s == SPEAKER_NVME || (s == SPEAKER_NVME_PCI && g_str_has_prefix (message, "nvme "));
      return TRUE;
    }
  return FALSE;
}

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
  DrivedashEventParse parse;

  if (!drivedash_event_parse (message, &parse))
    return FALSE;
  *kind = parse.kind;
  drivedash_event_parse_clear (&parse);
  return TRUE;
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
