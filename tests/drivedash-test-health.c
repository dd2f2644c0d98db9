/* drivedash-test-health.c — the byte fixtures of tests/fixtures/ decoded,
 * and a full health report built from them, for the health tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-test-health.h"

GBytes *
drivedash_test_load_fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", name, NULL);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize len = 0;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, len);
}

void
drivedash_test_decode_smart_fixture (const char        *name,
                                     DrivedashSmartLog *out)
{
  g_autoptr(GBytes) bytes = drivedash_test_load_fixture (name);
  g_autoptr(GError) error = NULL;
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);

  g_assert_true (drivedash_smart_log_decode (data, len, out, &error));
  g_assert_no_error (error);
}

void
drivedash_test_decode_identify_fixture (DrivedashIdentify *out)
{
  g_autoptr(GBytes) bytes = drivedash_test_load_fixture ("identify-known.bin");
  g_autoptr(GError) error = NULL;
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);

  g_assert_true (drivedash_identify_decode (data, len, out, &error));
  g_assert_no_error (error);
}

DrivedashHealth *
drivedash_test_full_health (void)
{
  DrivedashHealth *h = drivedash_health_new ("nvme0");
  g_autoptr(GBytes) st = drivedash_test_load_fixture ("self-test-known.bin");
  g_autoptr(GBytes) errors = drivedash_test_load_fixture ("error-log-known.bin");
  g_autoptr(GBytes) firmware = drivedash_test_load_fixture ("firmware-log-known.bin");
  g_autoptr(GArray) error_log = NULL;
  DrivedashSmartLog s;
  DrivedashIdentify id;

  drivedash_test_decode_smart_fixture ("smart-known.bin", &s);
  drivedash_test_decode_identify_fixture (&id);
  drivedash_health_set_identify (h, &id);
  drivedash_health_set_smart (h, &s);
  g_assert_true (drivedash_self_test_log_decode (g_bytes_get_data (st, NULL), g_bytes_get_size (st),
                                                 &h->self_test, NULL));
  h->has |= DRIVEDASH_HEALTH_HAS_SELF_TEST_LOG | DRIVEDASH_HEALTH_HAS_APST_ENABLED;
  error_log = drivedash_error_log_decode (g_bytes_get_data (errors, NULL), g_bytes_get_size (errors), NULL);
  drivedash_health_set_error_log (h, error_log);
  g_assert_true (drivedash_firmware_log_decode (g_bytes_get_data (firmware, NULL), g_bytes_get_size (firmware),
                                                id.frmw, &h->firmware_log, NULL));
  h->has |= DRIVEDASH_HEALTH_HAS_FIRMWARE_LOG;
  h->apst_enabled = TRUE;
  h->privileged = TRUE;
  h->source = DRIVEDASH_HEALTH_SOURCE_NVME;
  h->state = g_strdup ("live");
  drivedash_health_update_verdict (h);
  return h;
}
