/* drivedash-longtest-text.c — a long test's result as plain text (the
 * CLI's output and the app's Copy), and what each test does
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "drivedash-format.h"
#include "drivedash-longtest-summary.h"

static void
append_rounds (GString                       *s,
               const DrivedashLongTestResult *res)
{
  g_autoptr(GArray) steady = g_array_new (FALSE, FALSE, sizeof (double));

  g_string_append_printf (s, "%-12s %5s %14s %14s %14s\n", _("Phase"), _("Round"), _("MB/s"),
                          _("Read (µs)"), _("Write (µs)"));
  for (guint i = 0; i < res->rounds->len; i++)
    {
      const DrivedashLongRound *r = &g_array_index (res->rounds, DrivedashLongRound, i);

      /* Grouped as the locale does ("3,458.1"), like every number read. */
      g_string_append_printf (s, "%-12s %5u %'14.1f %'14.1f %'14.1f\n", drivedash_long_group_to_string (r->group),
                              r->index, r->bandwidth_mb_per_s, r->read_access_us, r->write_access_us);
      if (r->group == DRIVEDASH_LONG_GROUP_STEADY)
        g_array_append_val (steady, r->bandwidth_mb_per_s);
    }
  if (res->kind != DRIVEDASH_LONG_TEST_CONSISTENCY)
    return;
  if (drivedash_long_steady_state ((const double *) (gpointer) steady->data, steady->len, NULL, NULL))
    g_string_append_printf (s, "%s\n", _("Steady state reached."));
  else
    g_string_append_printf (s, "%s\n", _("Steady state not reached."));
}

char *
drivedash_long_test_result_to_text (const DrivedashLongTestResult   *res,
                                    const DrivedashLongTestSettings *settings)
{
  g_autoptr(JsonNode) node = drivedash_long_test_result_to_json (res, settings);
  JsonObject *o = json_node_get_object (node);
  const char *summary = json_object_get_string_member_with_default (o, "summary", NULL);
  g_autofree char *written = g_format_size (res->bytes_written);
  GString *s = g_string_new (NULL);

  if (res->kind == DRIVEDASH_LONG_TEST_SUSTAINED)
    {
      g_autofree char *mbps = drivedash_format_figure (json_object_get_double_member (o, "total_mb_per_s"), 1);
      g_autofree char *first = drivedash_format_figure (json_object_get_double_member (o, "first_minute_mb_per_s"), 1);
      g_autofree char *last = drivedash_format_figure (json_object_get_double_member (o, "last_minute_mb_per_s"), 1);

      /* Translators: "Total: 1,461.3 MB/s"; grouped as the locale does */
      g_string_append_printf (s, _("Total: %s MB/s\n"), mbps);
      /* Translators: "Start: 1,500.0 MB/s, end: 1,400.0 MB/s (-6.7 %; 60 s at each end)" */
      g_string_append_printf (s, _("Start: %s MB/s, end: %s MB/s (%+.1f %%; %.0f s at each end)\n"), first, last,
                              json_object_get_double_member (o, "change_percent"),
                              json_object_get_double_member (o, "window_s"));
    }
  else if (res->kind == DRIVEDASH_LONG_TEST_CONSISTENCY || res->kind == DRIVEDASH_LONG_TEST_ADAPTIVITY)
    append_rounds (s, res);
  else
    for (guint i = 0; i < res->per_step->len; i++)
      g_string_append_printf (s, _("%'8.2f GiB  %'10.1f MB/s\n"), (double) (i + 1) * res->step_bytes / (1 << 30),
                              g_array_index (res->per_step, double, i));
  if (summary)
    g_string_append_printf (s, "%s\n", summary);
  g_string_append_printf (s, _("Written: %s\n"), written);
  return g_string_free (s, FALSE);
}

const char *
drivedash_long_test_kind_describe (DrivedashLongTestKind kind)
{
  switch (kind)
    {
    case DRIVEDASH_LONG_TEST_SUSTAINED:
      return _("Sustained mixed reads and writes (Iometer style): random reads and writes on a test "
               "file for minutes or an hour, comparing the first minute with the last. It writes "
               "only its own test file, which it removes afterwards.");
    case DRIVEDASH_LONG_TEST_CONSISTENCY:
      return _("Consistency (PCMark 8 style): rounds of heavy random writes, each followed by a "
               "measured mixed workload, then rounds after rest, to show whether the drive keeps its "
               "speed. It writes only its own test file, which it removes afterwards.");
    case DRIVEDASH_LONG_TEST_ADAPTIVITY:
      return _("Adaptivity (PCMark 8 style): fills the free space, leaving a safety margin, with one "
               "test file of random data, then measures a mixed workload ten times, each after a "
               "rest, and reports the average. It writes only its own test file, which it removes "
               "afterwards.");
    case DRIVEDASH_LONG_TEST_SATURATION:
    default:
      return _("Write saturation: writes one long file in order and measures the speed for every "
               "GiB, to show how much can be written before the drive slows down (its fast cache). "
               "It writes only its own test file, which it removes afterwards.");
    }
}
