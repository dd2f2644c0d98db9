/* drivedash-format.c — numbers for people
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "drivedash-format.h"

char *
drivedash_format_bytes_u128 (DrivedashU128 bytes)
{
  /* Translators: decimal units of data size (1 kB = 1000 bytes). */
  static const char *units[] = { N_("kB"), N_("MB"), N_("GB"), N_("TB"),
                                 N_("PB"), N_("EB"), N_("ZB"), N_("YB") };
  double v;
  guint i;

  if (bytes.hi == 0 && bytes.lo < 1000)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u byte", "%u bytes", bytes.lo),
                            (guint) bytes.lo);

  v = drivedash_u128_to_double (bytes) / 1000.0;
  for (i = 0; i < G_N_ELEMENTS (units) - 1 && v >= 999.95; i++)
    v /= 1000.0;

  /* Three significant digits, like the drive makers' labels. */
  if (v >= 99.95)
    return g_strdup_printf ("%.0f %s", v, _(units[i]));
  if (v >= 9.995)
    return g_strdup_printf ("%.1f %s", v, _(units[i]));
  return g_strdup_printf ("%.2f %s", v, _(units[i]));
}

char *
drivedash_format_size_iec (guint64 bytes)
{
  /* Translators: binary units of data size (1 KiB = 1024 bytes). */
  static const char *units[] = { N_("KiB"), N_("MiB"), N_("GiB"), N_("TiB"),
                                 N_("PiB"), N_("EiB") };
  double v = (double) bytes;
  guint i;

  if (bytes < 1024)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u byte", "%u bytes", (gulong) bytes),
                            (guint) bytes);

  v /= 1024.0;
  for (i = 0; i < G_N_ELEMENTS (units) - 1 && v >= 1023.95; i++)
    v /= 1024.0;

  /* Whole numbers without ".0": test sizes are powers of two, and
   * "64.0 MiB" reads as if it were measured, not chosen. */
  if (fabs (v - round (v)) < 0.05 || v >= 99.95)
    return g_strdup_printf ("%.0f %s", v, _(units[i]));
  return g_strdup_printf ("%.1f %s", v, _(units[i]));
}

char *
drivedash_format_bytes (guint64 bytes)
{
  return drivedash_format_bytes_u128 (DRIVEDASH_U128_INIT (bytes, 0));
}

double
drivedash_kelvin_to_celsius (guint kelvin)
{
  /* Work in hundredths so that 323 K is exactly 49.85 °C. */
  return ((gint64) kelvin * 100 - 27315) / 100.0;
}

char *
drivedash_format_temperature (guint kelvin)
{
  double celsius;
  long rounded;

  if (kelvin == 0)
    return g_strdup (_("not reported"));

  celsius = drivedash_kelvin_to_celsius (kelvin);
  rounded = lround (celsius);
  /* An integer: 273 K (−0.15 °C) prints as "0 °C", never "-0 °C". */
  /* Translators: a temperature in degrees Celsius. */
  return g_strdup_printf (_("%ld °C"), rounded);
}

/* Digit grouping from the locale (none in the C locale). */
char *
drivedash_format_count (DrivedashU128 count)
{
  g_autofree char *digits = drivedash_u128_to_string (count);
  const struct lconv *lc = localeconv ();
  const char *sep = lc->thousands_sep != NULL ? lc->thousands_sep : "";
  GString *out;
  gsize len = strlen (digits);

  if (*sep == '\0' || len <= 3)
    return g_steal_pointer (&digits);

  out = g_string_sized_new (len + len / 3 * strlen (sep));
  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append (out, sep);
      g_string_append_c (out, digits[i]);
    }
  return g_string_free (out, FALSE);
}

char *
drivedash_format_figure (double value,
                         int    digits)
{
  /* printf's ' flag groups by the locale (LC_NUMERIC), as the C library
   * knows it: what the user's other programs show. */
  return g_strdup_printf ("%'.*f", digits, value);
}

gulong
drivedash_format_plural_n (DrivedashU128 count)
{
  return count.hi != 0 || count.lo > G_MAXULONG ? G_MAXULONG : (gulong) count.lo;
}

char *
drivedash_format_hours (DrivedashU128 hours)
{
  g_autofree char *count = drivedash_format_count (hours);
  g_autofree char *h = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s hour", "%s hours",
                                                     drivedash_format_plural_n (hours)),
                                        count);
  double days;

  if (hours.hi == 0 && hours.lo < 48)
    return g_steal_pointer (&h);

  days = drivedash_u128_to_double (hours) / 24.0;
  if (days < 365.0 * 2)
    /* Translators: power-on time, "1 234 hours (51 days)". */
    return g_strdup_printf (_("%s (%.0f days)"), h, floor (days));
  /* Translators: power-on time, "26 280 hours (3.0 years)". */
  return g_strdup_printf (_("%s (%.1f years)"), h, days / 365.25);
}

char *
drivedash_format_power (guint64 microwatts)
{
  if (microwatts == 0)
    return g_strdup (_("not reported"));
  if (microwatts >= 1000000)
    /* Translators: electrical power in watts. */
    return g_strdup_printf (_("%.2f W"), microwatts / 1e6);
  /* Translators: electrical power in milliwatts. */
  return g_strdup_printf (_("%.1f mW"), microwatts / 1e3);
}

char *
drivedash_format_latency_us (guint32 microseconds)
{
  if (microseconds < 1000)
    /* Translators: a time in microseconds. */
    return g_strdup_printf (_("%u µs"), microseconds);
  if (microseconds < 1000000)
    /* Translators: a time in milliseconds. */
    return g_strdup_printf (_("%.1f ms"), microseconds / 1e3);
  /* Translators: a time in seconds. */
  return g_strdup_printf (_("%.1f s"), microseconds / 1e6);
}

char *
drivedash_format_device_string (const char *raw)
{
  const char *p = raw;
  const char *end;
  GString *out;

  if (raw == NULL)
    return g_strdup ("");

  end = raw + strlen (raw);
  out = g_string_sized_new (end - raw);
  while (p < end)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          /* One replacement per bad byte, then resynchronise. */
          g_string_append_unichar (out, 0xFFFD);
          p++;
          continue;
        }
      if (c < 0x20)
        g_string_append_unichar (out, 0x2400 + c);   /* ␀ … ␟ */
      else if (c == 0x7F)
        g_string_append_unichar (out, 0x2421);       /* ␡ */
      else if (c >= 0x80 && c <= 0x9F)
        g_string_append_unichar (out, 0xFFFD);       /* C1: CSI, OSC, … */
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}
