/* drivedash-self-test.c — Device Self-test log decoder and names
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "drivedash-error.h"
#include "drivedash-json.h"
#include "drivedash-le.h"
#include "drivedash-self-test.h"

gboolean
drivedash_self_test_log_decode (const guint8          *bytes,
                                gsize                  len,
                                DrivedashSelfTestLog  *out,
                                GError               **error)
{
  g_return_val_if_fail (out != NULL, FALSE);

  if (bytes == NULL || len < DRIVEDASH_SELF_TEST_LOG_SIZE)
    {
      g_set_error (error, DRIVEDASH_ERROR, DRIVEDASH_ERROR_INVALID_ARGUMENT,
                   _("The drive’s self-test log is too short (%lu of %d bytes)."),
                   (gulong) (bytes != NULL ? len : 0), DRIVEDASH_SELF_TEST_LOG_SIZE);
      return FALSE;
    }

  memset (out, 0, sizeof *out);
  out->current = (DrivedashSelfTestKind) (bytes[0] & 0xf);
  out->current_percent_done = MIN (bytes[1] & 0x7f, 100);

  for (guint i = 0; i < DRIVEDASH_SELF_TEST_MAX_RESULTS; i++)
    {
      const guint8 *e = bytes + 4 + 28 * i;
      DrivedashSelfTestResult *r;

      if ((e[0] & 0xf) == DRIVEDASH_SELF_TEST_RESULT_UNUSED)
        continue;

      r = &out->results[out->n_results++];
      r->kind = (DrivedashSelfTestKind) (e[0] >> 4);
      r->result = (DrivedashSelfTestResultCode) (e[0] & 0xf);
      r->failed_segment = e[1];
      r->power_on_hours = drivedash_le64 (e + 4);
      r->nsid_valid = (e[2] & 0x1) != 0;
      r->nsid = r->nsid_valid ? drivedash_le32 (e + 12) : 0;
      r->failing_lba_valid = (e[2] & 0x2) != 0;
      r->failing_lba = r->failing_lba_valid ? drivedash_le64 (e + 16) : 0;
    }

  return TRUE;
}

const char *
drivedash_self_test_kind_id (DrivedashSelfTestKind kind)
{
  switch (kind)
    {
    case DRIVEDASH_SELF_TEST_NONE:
      return "none";
    case DRIVEDASH_SELF_TEST_SHORT:
      return "short";
    case DRIVEDASH_SELF_TEST_EXTENDED:
      return "extended";
    case DRIVEDASH_SELF_TEST_VENDOR:
      return "vendor";
    case DRIVEDASH_SELF_TEST_ABORT:
      return "abort";
    case DRIVEDASH_SELF_TEST_UNNAMED:
      return "self-test";
    default:
      return "unknown";
    }
}

const char *
drivedash_self_test_kind_describe (DrivedashSelfTestKind kind)
{
  switch (kind)
    {
    case DRIVEDASH_SELF_TEST_NONE:
      return _("No self-test running");
    case DRIVEDASH_SELF_TEST_SHORT:
      return _("Short self-test");
    case DRIVEDASH_SELF_TEST_EXTENDED:
      return _("Extended self-test");
    case DRIVEDASH_SELF_TEST_VENDOR:
      return _("Manufacturer’s self-test");
    case DRIVEDASH_SELF_TEST_ABORT:
      return _("Abort");
    case DRIVEDASH_SELF_TEST_UNNAMED:
      return _("Self-test");
    default:
      return _("Unknown self-test");
    }
}

static const struct
{
  const char *id;
  const char *text;
} results[16] = {
  { "passed", N_("Passed") },
  { "aborted", N_("Stopped on request") },
  { "aborted-reset", N_("Stopped by a controller reset") },
  { "aborted-namespace-removed", N_("Stopped because a namespace was removed") },
  { "aborted-format", N_("Stopped by a format") },
  { "fatal", N_("Failed: a fatal error occurred") },
  { "failed-unknown-segment", N_("Failed") },
  { "failed-segment", N_("Failed in one of its steps") },
  { "aborted-unknown", N_("Stopped for an unknown reason") },
  { "aborted-sanitize", N_("Stopped by a sanitize operation") },
  { "reserved", N_("Unknown result") },
  { "reserved", N_("Unknown result") },
  { "reserved", N_("Unknown result") },
  { "reserved", N_("Unknown result") },
  { "reserved", N_("Unknown result") },
  { "unused", N_("No result") },
};

const char *
drivedash_self_test_result_id (DrivedashSelfTestResultCode code)
{
  return results[(guint) code & 0xf].id;
}

const char *
drivedash_self_test_result_describe (DrivedashSelfTestResultCode code)
{
  return _(results[(guint) code & 0xf].text);
}

gboolean
drivedash_self_test_result_is_fault (DrivedashSelfTestResultCode code)
{
  return code == DRIVEDASH_SELF_TEST_RESULT_FATAL || code == DRIVEDASH_SELF_TEST_RESULT_FAILED_UNKNOWN
         || code == DRIVEDASH_SELF_TEST_RESULT_FAILED_SEGMENT;
}

void
drivedash_self_test_log_to_json (const DrivedashSelfTestLog *log,
                                 JsonBuilder                *b)
{
  json_builder_set_member_name (b, "current");
  json_builder_add_string_value (b, drivedash_self_test_kind_id (log->current));
  drivedash_json_member_int (b, "percent_done", log->current != DRIVEDASH_SELF_TEST_NONE,
                             log->current_percent_done);

  json_builder_set_member_name (b, "results");
  json_builder_begin_array (b);
  for (guint i = 0; i < log->n_results && i < DRIVEDASH_SELF_TEST_MAX_RESULTS; i++)
    {
      const DrivedashSelfTestResult *r = &log->results[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "kind");
      json_builder_add_string_value (b, drivedash_self_test_kind_id (r->kind));
      json_builder_set_member_name (b, "result");
      json_builder_add_string_value (b, drivedash_self_test_result_id (r->result));
      json_builder_set_member_name (b, "result_text");
      json_builder_add_string_value (b, drivedash_self_test_result_describe (r->result));
      drivedash_json_member_int (b, "failed_segment",
                                 r->result == DRIVEDASH_SELF_TEST_RESULT_FAILED_SEGMENT,
                                 r->failed_segment);
      drivedash_json_member_int (b, "power_on_hours", r->power_on_hours <= G_MAXINT64,
                                 (gint64) r->power_on_hours);
      drivedash_json_member_int (b, "nsid", r->nsid_valid, r->nsid);
      drivedash_json_member_int (b, "failing_lba", r->failing_lba_valid && r->failing_lba <= G_MAXINT64,
                                 (gint64) r->failing_lba);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}
