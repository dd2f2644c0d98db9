/* fuzz-health-variant.c — a{sv} from an untrusted peer (what the app
 * receives from the service) must never crash the reader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-health.h"
#include "fuzz-health.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GVariant) v = NULL;
  g_autoptr(DrivedashHealth) h = NULL;

  /* trusted = FALSE: GVariant validates lazily, as for D-Bus messages. */
  v = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE));
  h = drivedash_health_new_from_variant (v, NULL);
  if (h != NULL)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(GVariant) again = NULL;

      json_builder_begin_object (b);
      drivedash_health_to_json (h, b);
      json_builder_end_object (b);
      again = g_variant_ref_sink (drivedash_health_to_variant (h));
    }
  return 0;
}
