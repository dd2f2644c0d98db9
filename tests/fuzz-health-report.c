/* fuzz-health-report.c — a report file from anywhere (smartctl's text or
 * JSON, nvme-cli's JSON) must never crash the reader, and what it reads
 * must go through the verdict and JSON like a drive's own health.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-health-report.h"
#include "fuzz-health.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(DrivedashHealth) h = drivedash_health_from_report ((const char *) data, (gssize) size, NULL);

  if (h != NULL)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      drivedash_health_to_json (h, b);
      json_builder_end_object (b);
    }
  return 0;
}
