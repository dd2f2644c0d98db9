/* drivedash-u128.h — exact 128-bit unsigned counters (NVMe log counters)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* NVMe log counters are 128-bit little-endian integers.  We keep them
 * exact as two 64-bit halves; see drivedash_u128_to_string(). */
typedef struct
{
  guint64 lo;
  guint64 hi;
} DrivedashU128;

#define DRIVEDASH_U128_INIT(lo_, hi_) ((DrivedashU128) { (lo_), (hi_) })

DrivedashU128 drivedash_u128_from_le_bytes   (const guint8        *bytes);
/* Exact decimal representation (up to 39 digits).  Free with g_free(). */
char         *drivedash_u128_to_string       (DrivedashU128        value);
/* Parses a decimal string written by drivedash_u128_to_string(). */
gboolean      drivedash_u128_from_string     (const char          *str,
                                              DrivedashU128       *out);
/* TRUE if value fits in a gint64 (≤ 2^63 − 1): then it is stored there. */
gboolean      drivedash_u128_to_int64        (DrivedashU128        value,
                                              gint64              *out);
/* Nearest double, for display only. */
double        drivedash_u128_to_double       (DrivedashU128        value);
gboolean      drivedash_u128_is_zero         (DrivedashU128        value);
int           drivedash_u128_compare         (DrivedashU128        a,
                                              DrivedashU128        b);
/* a × b, saturating at 2^128 − 1. */
DrivedashU128 drivedash_u128_mul_saturating  (DrivedashU128        a,
                                              guint64              b);

G_END_DECLS
