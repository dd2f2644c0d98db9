/* drivedash-self-test.h — Device Self-test: log page 0x06 and the command
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define DRIVEDASH_SELF_TEST_LOG_SIZE    564
#define DRIVEDASH_SELF_TEST_MAX_RESULTS 20

typedef enum
{
  DRIVEDASH_SELF_TEST_NONE     = 0x0,  /* "no operation in progress" */
  DRIVEDASH_SELF_TEST_SHORT    = 0x1,
  DRIVEDASH_SELF_TEST_EXTENDED = 0x2,
  DRIVEDASH_SELF_TEST_VENDOR   = 0xe,
  DRIVEDASH_SELF_TEST_ABORT    = 0xf,  /* only as a command */
  DRIVEDASH_SELF_TEST_UNNAMED  = 0x10, /* a test whose source does not say which (UDisks);
                                        * no drive's code, which has four bits */
} DrivedashSelfTestKind;

/* Result codes (low nibble of DSTS). */
typedef enum
{
  DRIVEDASH_SELF_TEST_RESULT_PASSED          = 0x0,
  DRIVEDASH_SELF_TEST_RESULT_ABORTED         = 0x1, /* by the Abort command */
  DRIVEDASH_SELF_TEST_RESULT_ABORTED_RESET   = 0x2, /* by a controller reset */
  DRIVEDASH_SELF_TEST_RESULT_ABORTED_NS      = 0x3, /* namespace removed */
  DRIVEDASH_SELF_TEST_RESULT_ABORTED_FORMAT  = 0x4, /* by Format NVM */
  DRIVEDASH_SELF_TEST_RESULT_FATAL           = 0x5, /* fatal or unknown error */
  DRIVEDASH_SELF_TEST_RESULT_FAILED_UNKNOWN  = 0x6, /* a segment failed, unknown which */
  DRIVEDASH_SELF_TEST_RESULT_FAILED_SEGMENT  = 0x7, /* segment N failed */
  DRIVEDASH_SELF_TEST_RESULT_ABORTED_UNKNOWN = 0x8,
  DRIVEDASH_SELF_TEST_RESULT_ABORTED_SANITIZE = 0x9,
  DRIVEDASH_SELF_TEST_RESULT_UNUSED          = 0xf, /* entry does not hold a result */
} DrivedashSelfTestResultCode;

typedef struct
{
  DrivedashSelfTestKind       kind;
  DrivedashSelfTestResultCode result;
  guint8                      failed_segment;   /* valid when result = FAILED_SEGMENT */
  guint64                     power_on_hours;
  gboolean                    nsid_valid;
  guint32                     nsid;
  gboolean                    failing_lba_valid;
  guint64                     failing_lba;
} DrivedashSelfTestResult;

typedef struct
{
  DrivedashSelfTestKind   current;              /* NONE when idle */
  guint                   current_percent_done; /* 0–100 */
  guint                   n_results;            /* used entries, newest first */
  DrivedashSelfTestResult results[DRIVEDASH_SELF_TEST_MAX_RESULTS];
} DrivedashSelfTestLog;

/* Pure decoder of log page 0x06 (needs ≥ 564 bytes).  Entries with result
 * UNUSED are skipped. */
gboolean    drivedash_self_test_log_decode   (const guint8          *bytes,
                                              gsize                  len,
                                              DrivedashSelfTestLog  *out,
                                              GError               **error);

/* Stable ids ("none", "short", "extended", "vendor") and translated text. */
const char *drivedash_self_test_kind_id      (DrivedashSelfTestKind        kind);
const char *drivedash_self_test_kind_describe (DrivedashSelfTestKind       kind);
/* Stable ids ("passed", "aborted", …, "failed-segment") and translated text. */
const char *drivedash_self_test_result_id    (DrivedashSelfTestResultCode  code);
const char *drivedash_self_test_result_describe (DrivedashSelfTestResultCode code);
/* TRUE for the results that say the drive found a fault in itself (a
 * fatal error, a failed segment known or not); an abort is none. */
gboolean    drivedash_self_test_result_is_fault (DrivedashSelfTestResultCode code);

/* Members "current", "percent_done" (null when idle) and "results" (list of
 * {kind, result, result_text, failed_segment, power_on_hours, nsid,
 * failing_lba}), added to the object the builder is in. */
void        drivedash_self_test_log_to_json  (const DrivedashSelfTestLog *log,
                                              JsonBuilder                *builder);

G_END_DECLS
