/* drivedash-u128.c — exact 128-bit unsigned counters
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "drivedash-le.h"
#include "drivedash-u128.h"

/* The compiler's 128-bit integer keeps the arithmetic exact; the public
 * type stays two guint64 so headers do not depend on the extension. */
typedef unsigned __int128 u128;

static inline u128
to_native (DrivedashU128 v)
{
  return ((u128) v.hi << 64) | v.lo;
}

static inline DrivedashU128
from_native (u128 v)
{
  return DRIVEDASH_U128_INIT ((guint64) v, (guint64) (v >> 64));
}

DrivedashU128
drivedash_u128_from_le_bytes (const guint8 *bytes)
{
  return DRIVEDASH_U128_INIT (drivedash_le64 (bytes), drivedash_le64 (bytes + 8));
}

char *
drivedash_u128_to_string (DrivedashU128 value)
{
  char buf[40];
  char *p = buf + sizeof buf;
  u128 v = to_native (value);

  *--p = '\0';
  do
    {
      *--p = (char) ('0' + (int) (v % 10));
      v /= 10;
    }
  while (v != 0);

  return g_strdup (p);
}

gboolean
drivedash_u128_from_string (const char    *str,
                            DrivedashU128 *out)
{
  const u128 max = ~(u128) 0;
  u128 v = 0;

  g_return_val_if_fail (out != NULL, FALSE);

  if (str == NULL || *str == '\0')
    return FALSE;

  for (const char *p = str; *p != '\0'; p++)
    {
      unsigned digit;

      if (*p < '0' || *p > '9')
        return FALSE;
      digit = (unsigned) (*p - '0');
      if (v > (max - digit) / 10)
        return FALSE;
      v = v * 10 + digit;
    }

  *out = from_native (v);
  return TRUE;
}

gboolean
drivedash_u128_to_int64 (DrivedashU128  value,
                         gint64        *out)
{
  if (value.hi != 0 || value.lo > (guint64) G_MAXINT64)
    return FALSE;
  if (out != NULL)
    *out = (gint64) value.lo;
  return TRUE;
}

double
drivedash_u128_to_double (DrivedashU128 value)
{
  return (double) to_native (value);
}

gboolean
drivedash_u128_is_zero (DrivedashU128 value)
{
  return value.lo == 0 && value.hi == 0;
}

int
drivedash_u128_compare (DrivedashU128 a,
                        DrivedashU128 b)
{
  u128 x = to_native (a), y = to_native (b);

  return x < y ? -1 : x > y ? 1 : 0;
}

DrivedashU128
drivedash_u128_mul_saturating (DrivedashU128 a,
                               guint64       b)
{
  u128 x = to_native (a);

  if (b != 0 && x > ~(u128) 0 / b)
    return from_native (~(u128) 0);
  return from_native (x * b);
}
