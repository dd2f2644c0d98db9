/* drivedash-format.h — numbers for people: bytes, temperatures, hours, power
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "drivedash-u128.h"

G_BEGIN_DECLS

/* Decimal units (kB, MB, GB, TB, PB, EB: powers of 1000, as drive makers
 * and CrystalDiskMark count), e.g. "12.3 TB".  Free with g_free(). */
char *drivedash_format_bytes         (guint64        bytes);
char *drivedash_format_bytes_u128    (DrivedashU128  bytes);
/* Binary units for sizes people choose (test files, blocks): "64 MiB",
 * "1 GiB", "1.5 GiB" — no ".0" on whole numbers.  Free with g_free(). */
char *drivedash_format_size_iec      (guint64        bytes);
/* "50 °C" from Kelvin (rounded, never "-0 °C"); "not reported" for 0. */
char *drivedash_format_temperature   (guint          kelvin);
/* Celsius from Kelvin, exact to the hundredth. */
double drivedash_kelvin_to_celsius   (guint          kelvin);
/* "1 234 hours (51 days)" style; uses the locale's digit grouping. */
char *drivedash_format_hours         (DrivedashU128  hours);
/* A plain count with digit grouping, exact for 128 bits. */
char *drivedash_format_count         (DrivedashU128  count);
/* The count to choose a plural form with (ngettext takes an unsigned
 * long): counts beyond it saturate. */
gulong drivedash_format_plural_n     (DrivedashU128  count);
/* A measured figure for a sentence people read: rounded to @digits after
 * the point, with the locale's digit grouping and decimal point ("3,000",
 * "1,234.5" in en_US; "3.000" in de_DE; "3000" in C).  Never for JSON or
 * CSV, which must stay plain. */
char *drivedash_format_figure        (double         value,
                                      int            digits);
/* "8.25 W" from microwatts; "not reported" for 0. */
char *drivedash_format_power         (guint64        microwatts);
/* "250 µs", "10 ms" */
char *drivedash_format_latency_us    (guint32        microseconds);

/* A string that came from a device (model, serial, firmware — the kernel
 * copies them into sysfs unfiltered) or another untrusted place, made safe
 * to print to a terminal: C0 controls become their visible Control
 * Pictures ("␛" for ESC), DEL "␡", C1 controls and each byte of invalid
 * UTF-8 "�".  Everything else is kept.  NULL gives "".  For text
 * output only: JSON keeps the exact value (json-glib escapes it). */
char *drivedash_format_device_string (const char    *raw);

G_END_DECLS
