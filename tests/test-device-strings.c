/* test-device-strings.c — strings from devices made safe for terminals
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * drivedash_format_device_string() itself, and the places that use it
 * without running the CLI: the field table's identity rows and the
 * benchmark's text header.  tests/test-health-sysfs.c runs the CLI on a
 * fixture drive with the same hostile strings.
 */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "drivedash-bench-result.h"
#include "drivedash-format.h"
#include "drivedash-health-fields.h"

static void
assert_safe (const char *text)
{
  g_assert_true (g_utf8_validate (text, -1, NULL));
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      g_assert_true (c >= 0x20 || c == '\n');
      g_assert_true (c != 0x7f && !(c >= 0x80 && c <= 0x9f));
    }
}

static void
test_helper (void)
{
  static const struct { const char *raw; const char *expected; } cases[] = {
    { "Samsung SSD 970 EVO Plus 1TB", "Samsung SSD 970 EVO Plus 1TB" },
    { "", "" },
    { "日本語 ünïcödé", "日本語 ünïcödé" },
    { "\x1b]0;pwned\x07", "␛]0;pwned␇" },
    { "\x1b[2J", "␛[2J" },
    { "a\tb\nc\rd", "a␉b␊c␍d" },
    { "\x01\x1f", "␁␟" },
    { "del\x7f", "del␡" },
    /* C1 controls, UTF-8 encoded: CSI (U+009B), OSC (U+009D), U+0080 */
    { "\xc2\x9b" "2J\xc2\x9d" "0;x\xc2\x80", "\uFFFD2J\uFFFD0;x\uFFFD" },
    /* U+00A0 is the first character after C1: kept. */
    { "\xc2\xa0", "\xc2\xa0" },
    /* Invalid UTF-8: a lone byte, a cut sequence, an overlong ESC. */
    { "a\xff" "b", "a\uFFFDb" },
    { "x\xe6\x97", "x\uFFFD\uFFFD" },
    { "\xc0\x9b", "\uFFFD\uFFFD" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *safe = drivedash_format_device_string (cases[i].raw);

      g_assert_cmpstr (safe, ==, cases[i].expected);
      assert_safe (safe);
    }
  {
    g_autofree char *empty = drivedash_format_device_string (NULL);

    g_assert_cmpstr (empty, ==, "");
  }
}

static void
test_fields (void)
{
  g_autoptr(DrivedashHealth) h = drivedash_health_new ("nvme0");
  static const char * const ids[] = { "model", "serial", "firmware", "link" };

  g_free (h->model);
  h->model = g_strdup ("Evil\x1b]0;pwned\x07 SSD");
  g_free (h->serial);
  h->serial = g_strdup ("\x1b[2JSER");
  g_free (h->firmware);
  h->firmware = g_strdup ("1.0\x9b");   /* invalid UTF-8 as well */
  h->link_speed = g_strdup ("8.0 GT/s\x1b[2J");
  for (gsize i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autofree char *value =
        drivedash_health_field_format (drivedash_health_field_lookup (ids[i]), h);

      g_assert_nonnull (value);
      assert_safe (value);
    }
  {
    g_autofree char *model = drivedash_health_field_format (drivedash_health_field_lookup ("model"), h);

    g_assert_cmpstr (model, ==, "Evil␛]0;pwned␇ SSD");
  }
}

/* The folder can be a mount point named after a volume label. */
static void
test_bench_header (void)
{
  g_autoptr(DrivedashBenchSettings) settings = drivedash_bench_settings_new ();
  g_autoptr(DrivedashBenchReport) report = NULL;
  g_autofree char *text = NULL;

  drivedash_bench_settings_set_folder (settings, "/media/user/\x1b]0;pwned\x07\x1b[2J");
  report = drivedash_bench_report_new (settings);
  report->filesystem = g_strdup ("fuse\x1b[2J");
  text = drivedash_bench_report_format_text (report);
  assert_safe (text);
  g_assert_nonnull (strstr (text, "/media/user/␛]0;pwned␇␛[2J"));
  g_assert_nonnull (strstr (text, "fuse␛[2J"));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/device-strings/helper", test_helper);
  g_test_add_func ("/device-strings/fields", test_fields);
  g_test_add_func ("/device-strings/bench-header", test_bench_header);

  return g_test_run ();
}
