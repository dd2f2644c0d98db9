/* fuzz-smart-log.c — SMART, self-test and error log decoders, then everything
 * downstream of them: verdict, JSON, a{sv} round trip.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "drivedash-health.h"
#include "fuzz-health.h"

static void
exercise (DrivedashHealth *h)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GVariant) v = NULL;
  g_autoptr(DrivedashHealth) back = NULL;

  drivedash_health_update_verdict (h);
  json_builder_begin_object (b);
  drivedash_health_to_json (h, b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  text = json_generator_to_data (gen, NULL);

  v = g_variant_ref_sink (drivedash_health_to_variant (h));
  back = drivedash_health_new_from_variant (v, NULL);
  /* Whatever we write we must be able to read back. */
  if (back == NULL || back->verdict != h->verdict ||
      memcmp (&back->smart, &h->smart, sizeof h->smart) != 0 ||
      memcmp (&back->firmware_log, &h->firmware_log, sizeof h->firmware_log) != 0)
    abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(DrivedashHealth) h = drivedash_health_new ("nvme0");
  DrivedashSmartLog smart;
  DrivedashSelfTestLog st;
  g_autoptr(GArray) errors = NULL;

  if (drivedash_smart_log_decode (data, size, &smart, NULL))
    {
      drivedash_health_set_smart (h, &smart);
      /* Limits from the same bytes, so the temperature rules run too. */
      h->warning_temperature_kelvin = (guint16) (data[500] | (data[501] << 8));
      h->critical_temperature_kelvin = (guint16) (data[502] | (data[503] << 8));
      h->has |= DRIVEDASH_HEALTH_HAS_TEMPERATURE_LIMITS;
    }

  if (drivedash_self_test_log_decode (data, size, &st, NULL))
    {
      h->self_test = st;
      h->has |= DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG;
      for (guint i = 0; i < st.n_results; i++)
        (void) drivedash_self_test_result_describe (st.results[i].result);
    }

  /* FRMW from the page's last byte, so every slot count is reached. */
  if (size > 0 && drivedash_firmware_log_decode (data, size, data[size - 1], &h->firmware_log, NULL))
    h->has |= DRIVEDASH_HEALTH_HAS_FIRMWARE_LOG;

  errors = drivedash_error_log_decode (data, size, NULL);
  if (errors != NULL)
    drivedash_health_set_error_log (h, errors);

  exercise (h);
  return 0;
}
