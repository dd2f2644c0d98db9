/* drivedash-events.h — what the kernel said about a drive, and what it means
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A kernel message about an NVMe drive is classified by one table of known
 * patterns (drivedash-event-patterns.c, documented there): each kind has a
 * severity, a plain meaning and what to do.  Messages that match no
 * pattern are not events: Drivedash only explains what it understands.
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef enum
{
  DRIVEDASH_EVENT_KIND_RESET = 0,         /* controller is down / reset */
  DRIVEDASH_EVENT_KIND_TIMEOUT,           /* I/O timeout, abort */
  DRIVEDASH_EVENT_KIND_NOT_READY,         /* "Device not ready" */
  DRIVEDASH_EVENT_KIND_REMOVED,           /* removed after a probe failure */
  DRIVEDASH_EVENT_KIND_POWER_STATE,       /* D3cold, power-state errors */
  DRIVEDASH_EVENT_KIND_AER_CORRECTED,     /* PCIe error the hardware fixed */
  DRIVEDASH_EVENT_KIND_AER_UNCORRECTED,   /* PCIe error it could not fix */
  DRIVEDASH_EVENT_KIND_IO_ERROR,          /* block layer I/O error */
  DRIVEDASH_EVENT_KIND_FS_ERROR,          /* filesystem error */
  DRIVEDASH_EVENT_KIND_READ_ONLY,         /* filesystem made read-only */
  DRIVEDASH_EVENT_KIND_THERMAL,           /* temperature messages */
} DrivedashEventKind;

#define DRIVEDASH_N_EVENT_KINDS (DRIVEDASH_EVENT_KIND_THERMAL + 1)

#define DRIVEDASH_TYPE_EVENT_KIND (drivedash_event_kind_get_type ())
GType drivedash_event_kind_get_type (void) G_GNUC_CONST;

typedef enum
{
  DRIVEDASH_EVENT_SEVERITY_INFO = 0,   /* worth knowing, nothing to do */
  DRIVEDASH_EVENT_SEVERITY_WARNING,    /* watch it; act if it repeats */
  DRIVEDASH_EVENT_SEVERITY_SERIOUS,    /* data may be at risk: act now */
} DrivedashEventSeverity;

#define DRIVEDASH_TYPE_EVENT_SEVERITY (drivedash_event_severity_get_type ())
GType drivedash_event_severity_get_type (void) G_GNUC_CONST;

/* Stable names for JSON, D-Bus and metrics: "reset", "timeout",
 * "not-ready", "removed", "power-state", "aer-corrected",
 * "aer-uncorrected", "io-error", "fs-error", "read-only", "thermal". */
const char *drivedash_event_kind_to_string    (DrivedashEventKind kind);
gboolean    drivedash_event_kind_from_string  (const char         *text,
                                               DrivedashEventKind *kind);
/* "info", "warning", "serious". */
const char *drivedash_event_severity_to_string (DrivedashEventSeverity severity);

DrivedashEventSeverity drivedash_event_kind_get_severity (DrivedashEventKind kind);
/* Translated, for people: a short title ("Drive stopped responding"),
 * what it means in plain words, and what to do. */
const char *drivedash_event_kind_get_title    (DrivedashEventKind kind);
const char *drivedash_event_kind_get_meaning  (DrivedashEventKind kind);
const char *drivedash_event_kind_get_advice   (DrivedashEventKind kind);
/* TRUE for the kinds where the drive stopped answering (reset, not ready,
 * removed, no wake from D3cold): the ones that keeping it at full power
 * can stop.  A timeout alone is not: the drive answered late, and a
 * timeout that ends in a reset is counted by that reset. */
gboolean    drivedash_event_kind_is_dropout   (DrivedashEventKind kind);

/* The classifier: a pure function over one kernel message's text.  FALSE
 * when no pattern matches. */
gboolean    drivedash_event_classify          (const char         *message,
                                               DrivedashEventKind *kind);
/* For a block layer I/O error ("I/O error, dev nvme0n1, sector 2048 op
 * 0x1:(WRITE) …" or "Buffer I/O error on dev nvme0n1p2, logical block
 * 0, …"): the operation ("READ", "WRITE"…, or NULL) and the sector (-1
 * when the message has none). */
void        drivedash_event_parse_io          (const char         *message,
                                               char              **op,
                                               gint64             *sector);

/* Longest message text kept, in bytes; longer ones end in "…". */
#define DRIVEDASH_EVENT_MESSAGE_MAX 512

typedef struct
{
  DrivedashEventKind kind;
  gint64             time_usec;   /* wall clock, microseconds since 1970 */
  int                boot;        /* 0 = the newest boot, -1 the one before… */
  char              *controller;  /* "nvme0"; the PCI address when unknown */
  char              *device;      /* the name the message uses: "nvme0n1p2" */
  char              *message;     /* capped, control characters made visible */
  char              *op;          /* I/O errors: "READ", "WRITE"…; or NULL */
  gint64             sector;      /* I/O errors: the sector, or -1 */
} DrivedashKernelEvent;

#define DRIVEDASH_TYPE_KERNEL_EVENT (drivedash_kernel_event_get_type ())
GType                 drivedash_kernel_event_get_type (void) G_GNUC_CONST;
/* Takes the message as the kernel wrote it: caps and sanitises it. */
DrivedashKernelEvent *drivedash_kernel_event_new      (DrivedashEventKind    kind,
                                                       const char           *raw_message);
DrivedashKernelEvent *drivedash_kernel_event_copy     (const DrivedashKernelEvent *event);
void                  drivedash_kernel_event_free     (DrivedashKernelEvent *event);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashKernelEvent, drivedash_kernel_event_free)

/* What was read: the newest events (at most max_events of them) and, for
 * every kind, the exact count and the time of the last one, even when
 * events had to be dropped to stay within the cap. */
typedef struct
{
  GPtrArray *events;    /* (element-type DrivedashKernelEvent), oldest first */
  guint      max_events;
  guint      counts[DRIVEDASH_N_EVENT_KINDS];
  gint64     last_usec[DRIVEDASH_N_EVENT_KINDS];  /* 0 when none */
  guint      dropped;   /* events counted but not kept */
  guint      n_boots;   /* boots looked at */
} DrivedashEventLog;

DrivedashEventLog *drivedash_event_log_new      (guint                 max_events);
void               drivedash_event_log_free     (DrivedashEventLog    *log);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashEventLog, drivedash_event_log_free)
/* Counts the event and keeps it, dropping the oldest beyond the cap.
 * Takes ownership. */
void               drivedash_event_log_add      (DrivedashEventLog    *log,
                                                 DrivedashKernelEvent *event);
guint              drivedash_event_log_total    (const DrivedashEventLog *log);
/* How many times the drive dropped out (see _kind_is_dropout). */
guint              drivedash_event_log_dropouts (const DrivedashEventLog *log);
/* The most serious kind seen, FALSE when there is none. */
gboolean           drivedash_event_log_worst    (const DrivedashEventLog *log,
                                                 DrivedashEventKind      *kind);
/* TRUE when the kernel runs APST on the drive and it dropped out at least
 * twice, or timed out at least twice: then keeping it at full power is
 * the fix to offer. */
gboolean           drivedash_event_log_suggests_full_power (const DrivedashEventLog *log,
                                                            gboolean                 apst_exposed);

/* {"truncated": bool, "dropped": n, "boots": n,
 *  "kinds": [{kind, severity, count, last_usec, title, meaning, advice}],
 *  "events": [{kind, severity, time_usec, boot, controller, device,
 *              message, op, sector}]}
 * inside an object the caller has begun. */
void               drivedash_event_log_to_json  (const DrivedashEventLog *log,
                                                 JsonBuilder             *builder);
/* For D-Bus: aa{sv}, one dictionary per event (kind, time-usec, boot,
 * controller, device, message, op, sector), and back.  Back checks every
 * value: a kind it does not know or a wrong type is an error. */
GVariant          *drivedash_event_log_to_variant   (const DrivedashEventLog *log);
DrivedashEventLog *drivedash_event_log_from_variant (GVariant                *variant,
                                                     guint                    max_events,
                                                     GError                 **error);

G_END_DECLS
