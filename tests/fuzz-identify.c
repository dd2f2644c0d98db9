/* fuzz-identify.c — Identify Controller decoder, then JSON and a{sv}
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "drivedash-format.h"
#include "drivedash-health.h"
#include "fuzz-health.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(DrivedashHealth) h = drivedash_health_new ("nvme0");
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GVariant) v = NULL;
  g_autoptr(DrivedashHealth) back = NULL;
  DrivedashIdentify id;

  if (!drivedash_identify_decode (data, size, &id, NULL))
    return 0;

  /* The strings must be printable, NUL-terminated UTF-8. */
  if (!g_utf8_validate (id.model, -1, NULL) || !g_utf8_validate (id.serial, -1, NULL) ||
      !g_utf8_validate (id.firmware, -1, NULL) || id.n_power_states > DRIVEDASH_MAX_POWER_STATES)
    abort ();

  for (guint i = 0; i < id.n_power_states; i++)
    {
      g_autofree char *p = drivedash_format_power (id.power_states[i].max_power_microwatts);
      g_autofree char *l = drivedash_format_latency_us (id.power_states[i].exit_latency_us);

      if (!g_utf8_validate (p, -1, NULL) || !g_utf8_validate (l, -1, NULL))
        abort ();
    }

  drivedash_health_set_identify (h, &id);
  drivedash_health_update_verdict (h);
  json_builder_begin_object (b);
  drivedash_health_to_json (h, b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);

  v = g_variant_ref_sink (drivedash_health_to_variant (h));
  back = drivedash_health_new_from_variant (v, NULL);
  if (back == NULL || memcmp (&back->identify, &h->identify, sizeof id) != 0)
    abort ();
  return 0;
}
