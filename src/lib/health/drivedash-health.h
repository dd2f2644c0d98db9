/* drivedash-health.h — the health of one NVMe controller: the model that
 * flows from core to the CLI, the service (as a{sv}) and the app.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "drivedash-drive.h"
#include "drivedash-error-log.h"
#include "drivedash-firmware-log.h"
#include "drivedash-identify.h"
#include "drivedash-self-test.h"
#include "drivedash-smart.h"
#include "drivedash-verdict.h"

G_BEGIN_DECLS

/* Where a DrivedashHealth came from. */
typedef enum
{
  DRIVEDASH_HEALTH_SOURCE_NONE = 0,
  DRIVEDASH_HEALTH_SOURCE_NVME,     /* direct admin commands (root)          "nvme"    */
  DRIVEDASH_HEALTH_SOURCE_SERVICE,  /* drivedashd over D-Bus                 "service" */
  DRIVEDASH_HEALTH_SOURCE_UDISKS2,  /* UDisks2's NVMe interface              "udisks2" */
  DRIVEDASH_HEALTH_SOURCE_SYSFS,    /* sysfs + hwmon, no privileges          "sysfs"   */
  DRIVEDASH_HEALTH_SOURCE_DEMO,     /* made-up data for the app's demo mode  "demo"    */
  DRIVEDASH_HEALTH_SOURCE_REPORT,   /* a smartctl or nvme-cli report's file  "report"  */
} DrivedashHealthSource;

const char *drivedash_health_source_to_string   (DrivedashHealthSource  source);
gboolean    drivedash_health_source_from_string (const char            *str,
                                                 DrivedashHealthSource *out);

/* What became of asking the Drivedash system service for a report: the
 * app offers to install the service only when it is not there at all.
 * About the reader's machine, not the drive: not in JSON or a{sv}. */
typedef enum
{
  DRIVEDASH_SERVICE_NOT_ASKED = 0,  /* the service itself, root, demo, a test */
  DRIVEDASH_SERVICE_ANSWERED,       /* it answered (source is "service") */
  DRIVEDASH_SERVICE_NOT_INSTALLED,  /* its name has no owner and is not activatable */
  DRIVEDASH_SERVICE_REFUSED,        /* installed; polkit or the bus said no */
  DRIVEDASH_SERVICE_FAILED,         /* installed; did not start, or failed */
} DrivedashServiceStatus;

/* Which parts of the model hold real values.  Anything not flagged is
 * unknown: JSON writes null, a{sv} leaves the key out. */
typedef enum
{
  DRIVEDASH_HEALTH_HAS_IDENTITY           = 1 << 0, /* model, serial, firmware */
  DRIVEDASH_HEALTH_HAS_SMART              = 1 << 1, /* the whole smart log */
  DRIVEDASH_HEALTH_HAS_TEMPERATURE        = 1 << 2, /* smart.temperature_kelvin */
  DRIVEDASH_HEALTH_HAS_TEMPERATURE_SENSORS = 1 << 3, /* smart.temperature_sensors_kelvin */
  DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS = 1 << 4, /* warning/critical_temperature_kelvin */
  DRIVEDASH_HEALTH_HAS_TEMPERATURE_ALARM  = 1 << 5, /* temperature_alarm (hwmon) */
  DRIVEDASH_HEALTH_HAS_IDENTIFY           = 1 << 6, /* power states, oacs, capacity */
  DRIVEDASH_HEALTH_HAS_APST_SUPPORTED     = 1 << 7,
  DRIVEDASH_HEALTH_HAS_APST_ENABLED       = 1 << 8,
  DRIVEDASH_HEALTH_HAS_SELF_TEST_SUPPORTED = 1 << 9,
  DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG      = 1 << 10,
  DRIVEDASH_HEALTH_HAS_ERROR_LOG          = 1 << 11, /* error_log */
  DRIVEDASH_HEALTH_HAS_FIRMWARE_LOG       = 1 << 12, /* firmware_log */
} DrivedashHealthHas;

/* Something the report lacks, and why — both translated. */
typedef struct
{
  char *what;   /* e.g. "SMART counters (data written, power-on hours, …)" */
  char *why;    /* e.g. "Reading them needs administrator rights." */
  char *detail; /* technical words for a Details expander ("GDBus.Error:…"),
                   or NULL; not carried over D-Bus or JSON */
} DrivedashHealthMissing;

/* The health model.  A reference-counted boxed type with public fields:
 * readers just look at the fields (after checking `has`); writers are the
 * core readers, drivedash_health_new_from_variant() and tests.
 *
 * Temperatures are exact Kelvin, 0 = not reported.  128-bit counters are
 * DrivedashU128.  In JSON, every 128-bit counter K is written twice:
 * "K" as a JSON integer, exact when the value is ≤ 2^63 − 1 (json-glib
 * writes 64-bit integers exactly; no drive gets near), else the nearest
 * double; and "K_exact" as the exact decimal string, always.  Consumers
 * whose numbers are doubles (JavaScript) should read K_exact for values
 * above 2^53.  In a{sv} they are "(tt)": (high 64 bits, low 64 bits). */
typedef struct
{
  /*< private >*/
  gatomicrefcount         ref_count;

  /*< public >*/
  char                   *controller;       /* "nvme0" */
  char                   *model;            /* trimmed; "" when unknown */
  char                   *serial;
  char                   *firmware;
  DrivedashHealthSource   source;
  DrivedashServiceStatus  service;          /* set by drivedash_client_get_health() */
  gboolean                privileged;       /* read with admin commands */
  DrivedashHealthHas      has;
  GPtrArray              *missing;          /* (element-type DrivedashHealthMissing) */

  DrivedashSmartLog       smart;            /* HAS_SMART; HAS_TEMPERATURE for the composite */
  gboolean                temperature_alarm; /* HAS_TEMPERATURE_ALARM, or from smart */
  guint16                 warning_temperature_kelvin;  /* HAS_TEMPERATURE_LIMITS, 0 = none */
  guint16                 critical_temperature_kelvin;
  DrivedashIdentify       identify;         /* HAS_IDENTIFY */
  gboolean                apst_supported;   /* HAS_APST_SUPPORTED */
  gboolean                apst_enabled;     /* HAS_APST_ENABLED */
  gboolean                self_test_supported; /* HAS_SELF_TEST_SUPPORTED */
  DrivedashSelfTestLog    self_test;        /* HAS_SELF_TEST_LOG */

  DrivedashVerdict        verdict;          /* set by drivedash_health_update_verdict() */
  GPtrArray              *reasons;          /* (element-type DrivedashVerdictReason) */

  /* HAS_ERROR_LOG: the newest Error Information log entries, newest first;
   * NULL otherwise.  (element-type DrivedashErrorLogEntry) */
  GArray                 *error_log;

  /* HAS_FIRMWARE_LOG: the firmware slots and which one runs. */
  DrivedashFirmwareLog    firmware_log;

  /* The kernel's controller state ("live", "resetting", "dead", …);
   * NULL when unknown. */
  char                   *state;

  /* From sysfs, for the identity rows: the PCIe link ("8.0 GT/s PCIe")
   * and its lanes, NULL / 0 when unknown; the namespaces' usable size in
   * bytes, 0 when unknown.  Not in JSON: `drivedash-cli list` has them. */
  char                   *link_speed;
  guint                   link_width;
  guint64                 capacity_bytes;
} DrivedashHealth;

#define DRIVEDASH_TYPE_HEALTH (drivedash_health_get_type ())
GType            drivedash_health_get_type (void) G_GNUC_CONST;

DrivedashHealth *drivedash_health_new   (const char      *controller);
DrivedashHealth *drivedash_health_ref   (DrivedashHealth *self);
void             drivedash_health_unref (DrivedashHealth *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrivedashHealth, drivedash_health_unref)

void drivedash_health_add_missing (DrivedashHealth *self,
                                   const char      *what,
                                   const char      *why);
/* The same with @detail, the raw message behind @why, kept apart so that
 * the reason stays plain words. */
void drivedash_health_add_missing_detail (DrivedashHealth *self,
                                          const char      *what,
                                          const char      *why,
                                          const char      *detail);
/* TRUE when some part could not be read (missing is not empty). */
gboolean drivedash_health_is_partial (DrivedashHealth *self);

/* The drive's own wear estimate (percent, may pass 100; -1: unknown) and
 * what it has written so far (bytes, from the SMART data units; 0:
 * unknown), as the write notice before a test uses them.  @self may be
 * NULL: both unknown. */
void     drivedash_health_get_wear   (const DrivedashHealth *self,
                                      double                *percentage_used,
                                      guint64               *bytes_written);

/* A running self-test's progress in words, "40 % done, about 25 minutes
 * left" (the time from the drive's own estimate: at most 2 minutes for a
 * short test, the extended test's time from Identify); just "40 % done"
 * where the drive gives no time.  NULL when no test runs. */
char    *drivedash_health_dup_self_test_progress (const DrivedashHealth *self);

/* Fills the model from decoded pages (used by the readers and by tests).
 * Sets the flags, the temperature limits and the self-test support. */
void drivedash_health_set_smart    (DrivedashHealth         *self,
                                    const DrivedashSmartLog *smart);
void drivedash_health_set_identify (DrivedashHealth         *self,
                                    const DrivedashIdentify *identify);
/* Takes a reference.  (element-type DrivedashErrorLogEntry) */
void drivedash_health_set_error_log (DrivedashHealth        *self,
                                     GArray                 *entries);

/* All verdict rules live in drivedash-verdict.c: this runs them on the
 * model and stores verdict + reasons.  Unknown parts are skipped. */
/* The media-error rule's reason ("media-errors", Caution), NULL when
 * the drive reports none or an implausible count; for
 * drivedash-health-change.c, which puts it back or replaces it. */
DrivedashVerdictReason *drivedash_verdict_media_errors_reason (const DrivedashHealth *health);
DrivedashVerdict drivedash_verdict_compute      (const DrivedashHealth *health,
                                                 GPtrArray            **reasons);
void             drivedash_health_update_verdict (DrivedashHealth      *self);

typedef enum
{
  DRIVEDASH_HEALTH_READ_NONE       = 0,
  DRIVEDASH_HEALTH_READ_SYSFS_ONLY = 1 << 0, /* do not try admin commands */
  DRIVEDASH_HEALTH_READ_NO_CACHE   = 1 << 1, /* re-read Identify Controller */
  DRIVEDASH_HEALTH_READ_SELF_TEST  = 1 << 2, /* also read the self-test log */
  DRIVEDASH_HEALTH_READ_APST_FEATURE = 1 << 3, /* ask the drive whether APST is on */
  DRIVEDASH_HEALTH_READ_ERROR_LOG  = 1 << 4, /* also read the error information log */
  DRIVEDASH_HEALTH_READ_FIRMWARE_LOG = 1 << 5, /* also read the firmware slot log */
  /* Everything a full report shows (CLI, service's GetHealth, the app's
   * Details); a plain refresh uses NONE and costs one log page. */
  DRIVEDASH_HEALTH_READ_FULL       = DRIVEDASH_HEALTH_READ_SELF_TEST |
                                     DRIVEDASH_HEALTH_READ_APST_FEATURE |
                                     DRIVEDASH_HEALTH_READ_ERROR_LOG |
                                     DRIVEDASH_HEALTH_READ_FIRMWARE_LOG,
} DrivedashHealthReadFlags;

/* Reads the health of one controller.  Privileged path first: Identify
 * Controller (cached on the drive) and the SMART log — a refresh costs that
 * one log page.  Whether APST is on comes from the kernel's sysfs setting
 * (free); READ_APST_FEATURE asks the drive itself (Get Features 0x0C),
 * READ_SELF_TEST adds the self-test log, READ_ERROR_LOG the newest entries
 * of the error information log.  When the device node cannot be
 * opened or the commands are refused (no root), falls back to sysfs and
 * hwmon and records what is missing and why.  Fails only when the
 * controller vanished (DRIVEDASH_ERROR_DEVICE_GONE).  Always computes the
 * verdict. */
DrivedashHealth *drivedash_health_read (DrivedashDrive           *drive,
                                        DrivedashHealthReadFlags  flags,
                                        GError                  **error);

/* Fast, unprivileged: the composite temperature and limits from hwmon, for
 * polling every few seconds.  Kelvin values, 0 when not reported. */
typedef struct
{
  guint16  temperature_kelvin;
  guint16  warning_temperature_kelvin;   /* hwmon temp1_max */
  guint16  critical_temperature_kelvin;  /* hwmon temp1_crit */
  gboolean alarm;                        /* hwmon temp1_alarm */
} DrivedashTemperature;

gboolean drivedash_health_read_temperature (DrivedashDrive        *drive,
                                            DrivedashTemperature  *out,
                                            GError               **error);

/* Adds the members of one health object to an object the builder is
 * inside of (call between json_builder_begin_object/end_object).  The keys
 * are listed at the top of drivedash-health-json.c. */
void             drivedash_health_to_json          (DrivedashHealth *self,
                                                    JsonBuilder     *builder);

/* {"drives": [ {members of drivedash_health_to_json()}, … ]}, pretty-printed:
 * the document `drivedash-cli health --json` prints.
 * (element-type DrivedashHealth) */
char            *drivedash_health_list_to_json     (GPtrArray       *healths);

/* a{sv} for D-Bus, and back.  Round-trips every field. */
GVariant        *drivedash_health_to_variant       (DrivedashHealth *self);
DrivedashHealth *drivedash_health_new_from_variant (GVariant        *variant,
                                                    GError         **error);

G_END_DECLS
